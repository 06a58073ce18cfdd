// Run folders: <out>/<name>/ with the tools' outputs, logs and manifest.json.
#include "opscope/pipeline/run_folder.h"

#include "opscope/errors.h"
#include "opscope/file_util.h"
#include "opscope/json_input.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <string_view>
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

// What the keys OpScope reads hold. A key may be absent; present, it has this type.
enum class Kind { Object, Array, String, Integer, Number, Bool, Strings, StringMap, ObjectOrNull };

struct Field {
    const char *section; // "" for the top level
    const char *key;
    Kind kind;
};

constexpr Field kFields[] = {
    {"", "format", Kind::String},
    {"", "version", Kind::Integer},
    {"", "name", Kind::String},
    {"", "created_utc", Kind::String},
    {"", "host", Kind::String},
    {"", "result", Kind::String},
    {"", "stages", Kind::Array},
    {"", "outputs", Kind::StringMap},
    {"", "counts", Kind::Object},
    {"", "replays", Kind::Array},
    {"", "workload", Kind::Object},
    {"", "capture", Kind::Object},
    {"", "tools", Kind::Object},
    {"", "launcher", Kind::ObjectOrNull},
    {"", "correlation", Kind::ObjectOrNull},
    {"", "rank", Kind::Object},
    {"", "ranks", Kind::Object},
    {"workload", "script", Kind::String},
    {"workload", "args", Kind::Strings},
    {"workload", "working_directory", Kind::String},
    {"workload", "python", Kind::String},
    {"workload", "env", Kind::StringMap},
    {"capture", "tool", Kind::String},
    {"capture", "warmup", Kind::Integer},
    {"capture", "reference_steps", Kind::Integer},
    {"capture", "steps", Kind::Integer},
    {"capture", "step", Kind::String},
    {"capture", "compile", Kind::String},
    {"counts", "steps_captured", Kind::Integer},
    {"rank", "rank", Kind::Integer},
    {"rank", "world_size", Kind::Integer},
    {"rank", "run_id", Kind::String},
    {"ranks", "world_size", Kind::Integer},
    {"ranks", "run_id", Kind::String},
    {"ranks", "engine", Kind::String},
};

const char *kindName(Kind kind)
{
    switch (kind) {
    case Kind::Object:
        return "an object";
    case Kind::Array:
        return "a list";
    case Kind::String:
        return "a string";
    case Kind::Integer:
        return "an integer";
    case Kind::Number:
        return "a number";
    case Kind::Bool:
        return "true or false";
    case Kind::Strings:
        return "a list of strings";
    case Kind::StringMap:
        return "an object of strings";
    case Kind::ObjectOrNull:
        return "an object or null";
    }
    return "";
}

bool allOf(const nlohmann::json &v, bool (nlohmann::json::*test)() const)
{
    return std::all_of(v.begin(), v.end(), [&](const nlohmann::json &x) { return (x.*test)(); });
}

bool hasKind(const nlohmann::json &v, Kind kind)
{
    switch (kind) {
    case Kind::Object:
        return v.is_object();
    case Kind::Array:
        return v.is_array();
    case Kind::String:
        return v.is_string();
    case Kind::Integer:
        return v.is_number_integer();
    case Kind::Number:
        return v.is_number();
    case Kind::Bool:
        return v.is_boolean();
    case Kind::Strings:
        return v.is_array() && allOf(v, &nlohmann::json::is_string);
    case Kind::StringMap:
        return v.is_object() && allOf(v, &nlohmann::json::is_string);
    case Kind::ObjectOrNull:
        return v.is_object() || v.is_null();
    }
    return false;
}

// Checks the keys of kFields and adds the sections the file lacks, empty (see run_folder.h).
void checkManifest(nlohmann::json &m, const std::string &manifestPath)
{
    for (const Field &f : kFields) {
        nlohmann::json *section = &m;
        if (*f.section) {
            const auto it = m.find(f.section);
            if (it == m.end() || !it->is_object())
                continue; // absent here (added below) or refused as the section's own field
            section = &*it;
        }
        const auto it = section->find(f.key);
        if (it != section->end() && !hasKind(*it, f.kind))
            throw FileError(manifestPath, std::string("\"") + (*f.section ? std::string(f.section) + "." : "") + f.key +
                                              "\" is " + std::string(it->type_name()) + ", not " + kindName(f.kind));
    }
    for (const Field &f : kFields) {
        // "rank" and "ranks" are markers: present, even empty, they make the run a distributed one.
        const bool marker = std::string_view(f.key) == "rank" || std::string_view(f.key) == "ranks";
        if (*f.section || marker || m.contains(f.key))
            continue;
        if (f.kind == Kind::Object || f.kind == Kind::StringMap)
            m[f.key] = nlohmann::json::object();
        else if (f.kind == Kind::Array)
            m[f.key] = nlohmann::json::array();
    }
    for (const nlohmann::json &replay : m["replays"]) {
        if (!replay.is_object())
            throw FileError(manifestPath,
                            "an entry of \"replays\" is " + std::string(replay.type_name()) + ", not an object");
        for (const char *flag : {"dedup", "distinct_launches"})
            if (replay.contains(flag) && !replay[flag].is_boolean())
                throw FileError(manifestPath, std::string("\"replays\"[].\"") + flag + "\" is " +
                                                  replay[flag].type_name() + ", not true or false");
    }
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
        run.manifest_ = parseJsonInput(readWholeFile(manifestPath));
    } catch (const JsonTooDeep &e) {
        throw FileError(manifestPath, e.what());
    } catch (const nlohmann::json::exception &e) {
        throw FileError(manifestPath, std::string("not valid JSON: ") + e.what());
    }
    if (!run.manifest_.is_object() || !run.manifest_.contains("format") || run.manifest_["format"] != "opscope-run")
        throw FileError(manifestPath, "not an OpScope run manifest (no \"format\": \"opscope-run\")");
    checkManifest(run.manifest_, manifestPath);
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

std::string RunFolder::output(std::string_view key) const
{
    const auto &outputs = manifest_["outputs"];
    const auto it = outputs.find(std::string(key));
    if (it == outputs.end())
        return {};
    const std::string named = it->get<std::string>(); // a string: checked by open()
    const std::string path = pathInside(path_, named);
    if (path.empty())
        throw FileError(file("manifest.json"), "\"outputs\".\"" + std::string(key) + "\" names " + named +
                                                   ", outside the run folder: a run folder's files stay in it");
    return fileExists(path) && !isDirectory(path) ? path : std::string();
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
