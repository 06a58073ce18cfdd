#pragma once
// Helpers shared by the test suites: fixture paths and temporary folders.

#include <QString>
#include <QTemporaryDir>

#include <string>

namespace opscope::test {

// A file under ../shared/fixtures (relative to the project root).
inline std::string fixture(const std::string &relative)
{
    return std::string(OPSCOPE_FIXTURES) + "/" + relative;
}

inline std::string sourceFile(const std::string &relative)
{
    return std::string(OPSCOPE_SOURCE_DIR) + "/" + relative;
}

inline std::string tempPath(const QTemporaryDir &dir, const char *name)
{
    return dir.filePath(QString::fromUtf8(name)).toStdString();
}

} // namespace opscope::test
