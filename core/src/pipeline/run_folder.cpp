// Run folders: <out>/<name>/ with the tools' outputs, logs and manifest.json.
#include "opscope/pipeline/run_folder.h"

#include "opscope/errors.h"
#include "opscope/file_util.h"

#include <cerrno>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

namespace opscope::pipeline {

namespace {

namespace fs = std::filesystem;

std::string utcNow()
{
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    ::gmtime_r(&now, &tm);
    char buffer[32];
    std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buffer;
}

} // namespace

std::string defaultRunName(const std::string &script)
{
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    ::localtime_r(&now, &tm);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
    std::string base = fileBaseName(script);
    if (base.empty())
        base = "run";
    return base + "-" + stamp;
}

RunFolder RunFolder::create(const std::string &outDir, const std::string &name)
{
    std::error_code ec;
    fs::create_directories(outDir, ec);
    if (ec)
        throw FileError(outDir, "cannot create the output folder: " + ec.message());
    RunFolder run;
    for (int attempt = 1; attempt < 1000; ++attempt) {
        const std::string candidate =
            (fs::absolute(outDir) / (attempt == 1 ? name : name + "-" + std::to_string(attempt))).lexically_normal();
        // mkdir, not create_directories: it fails when the folder exists, so two runs never share one.
        if (::mkdir(candidate.c_str(), 0777) == 0) {
            run.path_ = candidate;
            break;
        }
        if (errno != EEXIST)
            throw FileError(candidate, std::string("cannot create the run folder: ") + std::strerror(errno));
    }
    if (run.path_.empty())
        throw FileError(outDir, "no free run folder name for " + name);
    run.initialize(run.path_);
    return run;
}

RunFolder RunFolder::createExactly(const std::string &path)
{
    const std::string target = fs::absolute(path).lexically_normal().string();
    if (::mkdir(target.c_str(), 0777) != 0)
        throw FileError(target, errno == EEXIST ? std::string("exists already")
                                                : std::string("cannot create the folder: ") + std::strerror(errno));
    RunFolder run;
    run.initialize(target);
    return run;
}

void RunFolder::initialize(std::string path)
{
    RunFolder &run = *this;
    run.path_ = std::move(path);
    run.manifest_ = {{"format", "opscope-run"},
                     {"version", 1},
                     {"name", run.name()},
                     {"created_utc", utcNow()},
                     {"opscope_version", OPSCOPE_VERSION},
                     {"host", hostName()},
                     {"stages", nlohmann::json::array()},
                     {"outputs", nlohmann::json::object()},
                     {"counts", nlohmann::json::object()}};
    run.save();
}

RunFolder RunFolder::open(const std::string &pathOrManifest)
{
    std::string dir = pathOrManifest;
    if (!isDirectory(dir))
        dir = fs::path(pathOrManifest).parent_path().string();
    const std::string manifestPath = dir + "/manifest.json";
    if (!fileExists(manifestPath))
        throw FileError(pathOrManifest, "not an OpScope run folder (no manifest.json)");
    RunFolder run;
    run.path_ = fs::absolute(dir).lexically_normal().string();
    while (run.path_.size() > 1 && run.path_.back() == '/')
        run.path_.pop_back();
    try {
        run.manifest_ = nlohmann::json::parse(readWholeFile(manifestPath));
    } catch (const nlohmann::json::exception &e) {
        throw FileError(manifestPath, std::string("not valid JSON: ") + e.what());
    }
    if (!run.manifest_.is_object() || run.manifest_.value("format", "") != "opscope-run")
        throw FileError(manifestPath, "not an OpScope run manifest (no \"format\": \"opscope-run\")");
    return run;
}

std::string RunFolder::name() const
{
    return fs::path(path_).filename().string();
}

std::string RunFolder::file(std::string_view relative) const
{
    return path_ + "/" + std::string(relative);
}

void RunFolder::save() const
{
    const std::string target = file("manifest.json");
    const std::string temp = target + ".tmp";
    {
        std::ofstream out(temp, std::ios::binary | std::ios::trunc);
        if (!out)
            throw FileError(temp, "cannot write the run manifest");
        out << manifest_.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
        if (!out)
            throw FileError(temp, "cannot write the run manifest");
    }
    std::error_code ec;
    fs::rename(temp, target, ec);
    if (ec)
        throw FileError(target, "cannot replace the run manifest: " + ec.message());
}

std::string hostName()
{
    char buffer[256] = {};
    return ::gethostname(buffer, sizeof buffer - 1) == 0 ? std::string(buffer) : std::string();
}

} // namespace opscope::pipeline
