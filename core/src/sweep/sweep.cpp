// Sweep parameters, configurations and sweep.json (see opscope/sweep.h).
#include "opscope/sweep.h"

#include "opscope/errors.h"
#include "opscope/file_util.h"
#include "opscope/json_input.h"
#include "opscope/pipeline/cli_options.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>

namespace opscope::sweep {

namespace {

namespace fs = std::filesystem;

bool isOptionName(std::string_view name)
{
    return !name.empty() && name.front() != '-' && std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
    });
}

constexpr std::string_view kStatusNames[] = {"pending", "ok", "failed", "cancelled"};

RunStatus parseStatus(const std::string &text, const std::string &file)
{
    for (size_t i = 0; i < std::size(kStatusNames); ++i)
        if (kStatusNames[i] == text)
            return RunStatus(i);
    throw FileError(file, "a run has the unknown status '" + text + "'");
}

template <typename T> T field(const nlohmann::json &object, const char *key, const std::string &file)
{
    const auto it = object.find(key);
    if (it == object.end())
        throw FileError(file, std::string("no \"") + key + "\" key");
    try {
        return it->get<T>();
    } catch (const nlohmann::json::exception &) {
        throw FileError(file, std::string("\"") + key + "\" has the wrong type");
    }
}

} // namespace

std::string_view toString(PassAs passAs)
{
    return passAs == PassAs::Env ? "env" : "args";
}

std::string_view toString(RunStatus status)
{
    return kStatusNames[size_t(status)];
}

Parameter parseParameter(std::string_view text, PassAs passAs)
{
    const size_t eq = text.find('=');
    if (eq == std::string_view::npos)
        throw SweepError("--param '" + std::string(text) + "' needs NAME=VALUE,VALUE,...");
    Parameter p;
    p.name = std::string(text.substr(0, eq));
    if (p.name.empty())
        throw SweepError("--param '" + std::string(text) + "' has no parameter name before '='");
    if (passAs == PassAs::Args && !isOptionName(p.name))
        throw SweepError("parameter '" + p.name +
                         "' cannot be an option of the script (--NAME): use letters, digits, '-' and '_'");
    if (passAs == PassAs::Env && !pipeline::isVariableName(p.name))
        throw SweepError("parameter '" + p.name +
                         "' is no environment variable name (--as-env): letters, digits and '_', not starting "
                         "with a digit");
    const std::string_view list = text.substr(eq + 1);
    if (list.find_first_not_of(" \t,") == std::string_view::npos)
        throw SweepError("parameter '" + p.name + "' has an empty value list (--param " + p.name + "=V1,V2,...)");
    size_t start = 0;
    while (true) {
        const size_t comma = list.find(',', start);
        std::string value(list.substr(start, comma == std::string_view::npos ? comma : comma - start));
        value.erase(0, value.find_first_not_of(" \t"));
        value.erase(value.find_last_not_of(" \t") + 1);
        if (value.empty())
            throw SweepError("parameter '" + p.name + "' has an empty value in '" + std::string(list) + "'");
        if (std::find(p.values.begin(), p.values.end(), value) != p.values.end())
            throw SweepError("parameter '" + p.name + "' lists the value '" + value + "' twice");
        p.values.push_back(std::move(value));
        if (comma == std::string_view::npos)
            break;
        start = comma + 1;
    }
    return p;
}

std::vector<std::vector<std::string>> configurations(const std::vector<Parameter> &parameters, bool zip)
{
    if (parameters.empty())
        throw SweepError("no parameter to sweep: give --param NAME=V1,V2,...");
    std::set<std::string> names;
    for (const auto &p : parameters) {
        if (!names.insert(p.name).second)
            throw SweepError("parameter '" + p.name + "' is given twice");
        if (p.values.empty())
            throw SweepError("parameter '" + p.name + "' has an empty value list");
    }
    std::vector<std::vector<std::string>> out;
    if (zip) {
        const size_t n = parameters.front().values.size();
        for (const auto &p : parameters)
            if (p.values.size() != n)
                throw SweepError("--zip pairs the i-th values of every parameter, but '" + parameters.front().name +
                                 "' has " + std::to_string(n) + " values and '" + p.name + "' has " +
                                 std::to_string(p.values.size()));
        for (size_t i = 0; i < n; ++i) {
            std::vector<std::string> config;
            for (const auto &p : parameters)
                config.push_back(p.values[i]);
            out.push_back(std::move(config));
        }
        return out;
    }
    out.push_back({});
    for (const auto &p : parameters) {
        std::vector<std::vector<std::string>> next;
        for (const auto &config : out)
            for (const auto &value : p.values) {
                auto extended = config;
                extended.push_back(value);
                next.push_back(std::move(extended));
            }
        out = std::move(next);
    }
    return out;
}

std::string runFolderName(const std::vector<Parameter> &parameters, const std::vector<std::string> &values)
{
    std::string name;
    for (size_t i = 0; i < parameters.size() && i < values.size(); ++i) {
        if (!name.empty())
            name += ',';
        name += parameters[i].name + "=" + values[i];
    }
    std::replace(name.begin(), name.end(), '/', '_');
    if (name.starts_with('.'))
        name.front() = '_';
    return name;
}

std::string Sweep::profilePath(size_t run) const
{
    const std::string &profile = runs.at(run).profile;
    return profile.empty() ? std::string() : path + "/" + profile;
}

std::string Sweep::describe(size_t run) const
{
    std::string text;
    for (size_t i = 0; i < parameters.size() && i < runs.at(run).values.size(); ++i)
        text += (text.empty() ? "" : ", ") + parameters[i].name + "=" + runs[run].values[i];
    return text;
}

Sweep loadSweep(const std::string &dirOrFile)
{
    const std::string file =
        isDirectory(dirOrFile) ? (fs::path(dirOrFile) / kSweepFileName).string() : std::string(dirOrFile);
    if (isDirectory(dirOrFile) && !fileExists(file))
        throw FileError(dirOrFile, "not a sweep folder (no sweep.json)");
    if (!fileExists(file))
        throw FileError(file, "no such file");
    nlohmann::json j;
    try {
        j = parseJsonInput(readWholeFile(file));
    } catch (const JsonTooDeep &e) {
        throw FileError(file, e.what());
    } catch (const nlohmann::json::exception &e) {
        throw FileError(file, std::string("not valid JSON: ") + e.what());
    }
    if (!j.is_object() || j.value("format", "") != "opscope-sweep")
        throw FileError(file, "not an OpScope sweep (no \"format\": \"opscope-sweep\")");
    const auto version = j.find("version");
    if (version == j.end() || !version->is_number_integer())
        throw FileError(file, "the sweep has no format version");
    if (version->get<int>() != kSweepFormatVersion)
        throw FileError(file, "the sweep is format version " + std::to_string(version->get<int>()) +
                                  ", this OpScope reads version " + std::to_string(kSweepFormatVersion) +
                                  (version->get<int>() > kSweepFormatVersion ? ": open it with a newer OpScope"
                                                                             : ": run the sweep again"));
    Sweep s;
    s.path = fs::absolute(fs::path(file).parent_path()).lexically_normal().string();
    s.script = field<std::string>(j, "script", file);
    s.args = field<std::vector<std::string>>(j, "args", file);
    s.passAs = field<std::string>(j, "pass_as", file) == "env" ? PassAs::Env : PassAs::Args;
    s.zip = field<bool>(j, "zip", file);
    s.replay = field<bool>(j, "replay", file);
    s.tools = field<std::vector<std::string>>(j, "options", file);
    for (const auto &p : field<nlohmann::json>(j, "parameters", file))
        s.parameters.push_back(
            {field<std::string>(p, "name", file), field<std::vector<std::string>>(p, "values", file)});
    for (const auto &r : field<nlohmann::json>(j, "runs", file)) {
        SweepRun run;
        const auto config = field<nlohmann::json>(r, "config", file);
        for (const auto &p : s.parameters) {
            if (!config.contains(p.name) || !config[p.name].is_string())
                throw FileError(file, "a run has no value for parameter '" + p.name + "'");
            run.values.push_back(config[p.name].get<std::string>());
        }
        run.folder = field<std::string>(r, "folder", file);
        if (run.folder.empty() || run.folder.find('/') != std::string::npos || run.folder == "." ||
            run.folder == ".." || pathInside(s.path, run.folder).empty())
            throw FileError(file, "a run folder '" + run.folder + "' is not a folder inside the sweep");
        run.status = parseStatus(field<std::string>(r, "status", file), file);
        run.profile = r.contains("profile") ? field<std::string>(r, "profile", file) : std::string();
        // Read by sweep-report and the sweep window: a file of the sweep, never one beside it.
        if (!run.profile.empty() && pathInside(s.path, run.profile).empty())
            throw FileError(file, "run " + run.folder + "'s profile " + run.profile +
                                      " lies outside the sweep folder: a sweep's files stay in it");
        run.error = r.contains("error") ? field<std::string>(r, "error", file) : std::string();
        run.wallSeconds = r.contains("wall_s") ? field<double>(r, "wall_s", file) : 0.0;
        s.runs.push_back(std::move(run));
    }
    return s;
}

void saveSweep(const Sweep &s)
{
    nlohmann::ordered_json j = {{"format", "opscope-sweep"},
                                {"version", kSweepFormatVersion},
                                {"opscope_version", OPSCOPE_VERSION},
                                {"script", s.script},
                                {"args", s.args},
                                {"pass_as", toString(s.passAs)},
                                {"zip", s.zip},
                                {"replay", s.replay},
                                {"options", s.tools}};
    j["parameters"] = nlohmann::ordered_json::array();
    for (const auto &p : s.parameters)
        j["parameters"].push_back({{"name", p.name}, {"values", p.values}});
    j["runs"] = nlohmann::ordered_json::array();
    for (const auto &r : s.runs) {
        nlohmann::ordered_json config = nlohmann::ordered_json::object();
        for (size_t i = 0; i < s.parameters.size() && i < r.values.size(); ++i)
            config[s.parameters[i].name] = r.values[i];
        nlohmann::ordered_json run = {{"config", config}, {"folder", r.folder}, {"status", toString(r.status)}};
        if (!r.profile.empty())
            run["profile"] = r.profile;
        if (!r.error.empty())
            run["error"] = r.error;
        if (r.status != RunStatus::Pending)
            run["wall_s"] = r.wallSeconds;
        j["runs"].push_back(std::move(run));
    }
    const std::string target = s.file();
    const std::string temp = target + ".tmp";
    {
        std::ofstream out(temp, std::ios::binary | std::ios::trunc);
        out << j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
        if (!out)
            throw FileError(temp, "cannot write the sweep file");
    }
    std::error_code ec;
    fs::rename(temp, target, ec);
    if (ec)
        throw FileError(target, "cannot replace the sweep file: " + ec.message());
}

} // namespace opscope::sweep
