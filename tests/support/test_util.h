#pragma once
// Helpers shared by the test suites: fixture paths, temporary folders, and the environment a test
// decides instead of the machine (which tools exist, environment variables).

#include "build_paths.h"

#include <QByteArray>
#include <QFile>
#include <QString>
#include <QTemporaryDir>

#include <cstdio>
#include <fstream>
#include <optional>
#include <string>
#include <vector>
#include <zlib.h>

namespace opscope::test {

// A file under ../shared/fixtures (relative to the project root), or -DOPSCOPE_FIXTURES.
inline std::string fixture(const std::string &relative)
{
    return std::string(opscope::test::fixturesDir()) + "/" + relative;
}

inline std::string sourceFile(const std::string &relative)
{
    return std::string(opscope::test::sourceDir()) + "/" + relative;
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

// The H100 GPT step with allocator events (tests/data/h100_gpt12_memory): its correlation trace and
// memory snapshot unpacked into `dir`; empty when they cannot be.
inline std::vector<std::string> h100MemoryCapture(const QTemporaryDir &dir)
{
    const std::string trace = tempPath(dir, "correlation_trace.json");
    const std::string snapshot = tempPath(dir, "memory_snapshot.json");
    if (!gunzipFile(sourceFile("tests/data/h100_gpt12_memory/correlation_trace.json.gz"), trace) ||
        !gunzipFile(sourceFile("tests/data/h100_gpt12_memory/memory_snapshot.json.gz"), snapshot))
        return {};
    return {trace, snapshot};
}

// Sets an environment variable (std::nullopt: removes it) for one scope.
class ScopedEnv {
public:
    ScopedEnv(const char *name, const std::optional<QByteArray> &value)
        : name_(name), old_(qgetenv(name)), had_(qEnvironmentVariableIsSet(name))
    {
        if (value)
            qputenv(name, *value);
        else
            qunsetenv(name);
    }
    ~ScopedEnv()
    {
        if (had_)
            qputenv(name_, old_);
        else
            qunsetenv(name_);
    }
    ScopedEnv(const ScopedEnv &) = delete;
    ScopedEnv &operator=(const ScopedEnv &) = delete;

private:
    const char *name_;
    QByteArray old_;
    bool had_;
};

// nsys and ncu as the test decides, not as this machine has them: for the scope (and the processes started
// in it), tool discovery looks only in one temporary folder (OPSCOPE_TOOL_PATH), which is empty until add()
// puts a stand-in there, and OPSCOPE_NSYS / OPSCOPE_NCU are unset.
class ToolFolder {
public:
    std::string path() const { return dir_.path().toStdString(); }

    // An executable shell script `name` in the folder, with `body` after the #! line; its path.
    std::string add(const std::string &name, const std::string &body) const
    {
        const std::string file = path() + "/" + name;
        std::ofstream(file, std::ios::binary | std::ios::trunc) << "#!/bin/sh\n" << body;
        QFile::setPermissions(QString::fromStdString(file), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        return file;
    }

private:
    QTemporaryDir dir_;
    ScopedEnv toolPath_{"OPSCOPE_TOOL_PATH", dir_.path().toUtf8()};
    ScopedEnv nsys_{"OPSCOPE_NSYS", std::nullopt};
    ScopedEnv ncu_{"OPSCOPE_NCU", std::nullopt};
};

} // namespace opscope::test
