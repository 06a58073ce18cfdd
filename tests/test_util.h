#pragma once
// Helpers shared by the test suites: fixture paths and temporary folders.

#include <QString>
#include <QTemporaryDir>

#include <cstdio>
#include <string>
#include <zlib.h>

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

// Unpacks a .gz test file (SQLite cannot open one compressed). False when it cannot.
inline bool gunzipFile(const std::string &from, const std::string &to)
{
    gzFile in = gzopen(from.c_str(), "rb");
    if (!in)
        return false;
    std::FILE *out = std::fopen(to.c_str(), "wb");
    bool ok = out != nullptr;
    char buffer[65536];
    int n = 0;
    while (ok && (n = gzread(in, buffer, sizeof buffer)) > 0)
        ok = std::fwrite(buffer, 1, size_t(n), out) == size_t(n);
    ok = ok && n == 0;
    gzclose(in);
    if (out)
        ok = std::fclose(out) == 0 && ok;
    return ok;
}

} // namespace opscope::test
