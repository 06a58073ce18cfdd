// The list of workloads this user captured, and the values of a run that is not on it (run_trust.h).
#include "opscope/pipeline/run_trust.h"

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <sys/file.h>
#include <unistd.h>

namespace opscope::pipeline {

namespace {

namespace fs = std::filesystem;

// What a replay runs that the manifest decides, as one canonical line (nlohmann::json sorts the keys).
nlohmann::json fingerprint(const RunFolder &run)
{
    const nlohmann::json &m = run.manifest();
    const nlohmann::json &workload = m["workload"];
    const nlohmann::json &capture = m["capture"];
    const auto get = [](const nlohmann::json &section, const char *key, nlohmann::json fallback) {
        return section.contains(key) ? section[key] : fallback;
    };
    return {{"python", get(workload, "python", "")},
            {"script", get(workload, "script", "")},
            {"args", get(workload, "args", nlohmann::json::array())},
            {"working_directory", get(workload, "working_directory", "")},
            {"env", get(workload, "env", nlohmann::json::object())},
            {"step", get(capture, "step", "auto")}};
}

// One line whatever the values (ASCII); bytes that are not UTF-8 as U+FFFD, as the manifest keeps them.
std::string canonical(const nlohmann::json &values)
{
    return values.dump(-1, ' ', true, nlohmann::json::error_handler_t::replace);
}

std::string stateFolder()
{
    if (const char *dir = std::getenv("OPSCOPE_STATE_DIR"); dir && *dir)
        return dir;
    if (const char *dir = std::getenv("XDG_STATE_HOME"); dir && *dir)
        return std::string(dir) + "/opscope";
    if (const char *home = std::getenv("HOME"); home && *home)
        return std::string(home) + "/.local/state/opscope";
    return {};
}

bool listed(const std::string &line)
{
    std::ifstream in(capturedWorkloadsFile());
    std::string entry;
    while (std::getline(in, entry))
        if (entry == line)
            return true;
    return false;
}

} // namespace

std::string capturedWorkloadsFile()
{
    const std::string folder = stateFolder();
    return folder.empty() ? std::string() : folder + "/captured-workloads.jsonl";
}

void recordCapturedWorkload(const RunFolder &run)
{
    const std::string file = capturedWorkloadsFile();
    if (file.empty())
        return;
    const std::string line = canonical(fingerprint(run));
    if (listed(line))
        return;
    std::error_code ec;
    fs::create_directories(fs::path(file).parent_path(), ec);
    // Private to the user; appended under a lock, as ranks of one job capture at the same time.
    const int fd = ::open(file.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0)
        return;
    ::flock(fd, LOCK_EX);
    const std::string text = line + "\n";
    [[maybe_unused]] const ssize_t written = ::write(fd, text.data(), text.size());
    ::close(fd);
}

std::vector<std::string> untrustedRunValues(const RunFolder &run)
{
    const nlohmann::json values = fingerprint(run);
    if (listed(canonical(values)))
        return {};
    const std::string where = " (in " + run.file("manifest.json") + ")";
    std::vector<std::string> lines;
    const auto text = [](const nlohmann::json &v) { return v.is_string() ? v.get<std::string>() : v.dump(); };
    lines.push_back("python " + text(values["python"]) + where);
    lines.push_back("script " + text(values["script"]) + where);
    for (const auto &arg : values["args"])
        lines.push_back("argument " + text(arg) + where);
    if (!text(values["working_directory"]).empty())
        lines.push_back("working directory " + text(values["working_directory"]) + where);
    for (const auto &[name, value] : values["env"].items())
        lines.push_back("environment " + name + "=" + text(value) + where);
    if (text(values["step"]) != "auto")
        lines.push_back("step source " + text(values["step"]) + where);
    return lines;
}

} // namespace opscope::pipeline
