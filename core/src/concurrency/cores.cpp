#include "opscope/concurrency/cores.h"

#include <sched.h>

#include <algorithm>
#include <charconv>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace opscope::concurrency {

namespace {

std::optional<long long> parseCount(std::string_view text)
{
    while (!text.empty() && (text.back() == '\n' || text.back() == ' '))
        text.remove_suffix(1);
    while (!text.empty() && text.front() == ' ')
        text.remove_prefix(1);
    long long value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size())
        return std::nullopt;
    return value;
}

std::optional<size_t> quotaLimit(std::optional<long long> quota, std::optional<long long> period)
{
    if (!quota || !period || *quota <= 0 || *period <= 0)
        return std::nullopt;
    return size_t(std::max<long long>(1, (*quota + *period - 1) / *period));
}

std::string readText(const std::string &path)
{
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    return in ? text.str() : std::string();
}

// The cgroup paths of this process from /proc/self/cgroup: (controllers, path) per line, "" for v2's.
std::vector<std::pair<std::string, std::string>> ownCgroups()
{
    std::vector<std::pair<std::string, std::string>> groups;
    std::istringstream lines(readText("/proc/self/cgroup"));
    for (std::string line; std::getline(lines, line);) {
        const size_t first = line.find(':'), second = line.find(':', first + 1);
        if (first != std::string::npos && second != std::string::npos)
            groups.emplace_back(line.substr(first + 1, second - first - 1), line.substr(second + 1));
    }
    return groups;
}

// `dir` and the folders above it up to `root`: a limit set on a parent cgroup holds for its children.
std::vector<std::string> upTo(const std::string &root, std::string path)
{
    std::vector<std::string> dirs;
    for (;;) {
        dirs.push_back(root + path);
        const size_t slash = path.find_last_of('/');
        if (path.empty() || path == "/" || slash == std::string::npos)
            break;
        path.resize(slash);
    }
    if (dirs.back() != root)
        dirs.push_back(root);
    return dirs;
}

bool hasController(const std::string &list, std::string_view name)
{
    std::istringstream items(list);
    for (std::string item; std::getline(items, item, ',');)
        if (item == name)
            return true;
    return false;
}

// The smallest CPU quota of this process's cgroups, if any is set.
std::optional<size_t> cgroupLimit()
{
    std::optional<size_t> limit;
    const auto lower = [&](std::optional<size_t> l) {
        if (l)
            limit = limit ? std::min(*limit, *l) : *l;
    };
    for (const auto &[controllers, path] : ownCgroups()) {
        if (controllers.empty()) { // v2 (in a container the path is often "/": the namespace's root)
            for (const std::string &dir : upTo("/sys/fs/cgroup", path))
                lower(cpuMaxLimit(readText(dir + "/cpu.max")));
        } else if (hasController(controllers, "cpu")) {
            for (const char *mount : {"/sys/fs/cgroup/cpu", "/sys/fs/cgroup/cpu,cpuacct"})
                for (const std::string &dir : upTo(mount, path))
                    lower(cfsQuotaLimit(readText(dir + "/cpu.cfs_quota_us"), readText(dir + "/cpu.cfs_period_us")));
        }
    }
    return limit;
}

size_t affinityCores()
{
    cpu_set_t set;
    if (::sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
        return size_t(CPU_COUNT(&set));
    return std::max(1u, std::thread::hardware_concurrency());
}

} // namespace

std::optional<size_t> cpuMaxLimit(std::string_view cpuMax)
{
    const size_t space = cpuMax.find(' ');
    if (space == std::string_view::npos)
        return std::nullopt;
    return quotaLimit(parseCount(cpuMax.substr(0, space)), parseCount(cpuMax.substr(space + 1)));
}

std::optional<size_t> cfsQuotaLimit(std::string_view quotaUs, std::string_view periodUs)
{
    return quotaLimit(parseCount(quotaUs), parseCount(periodUs));
}

size_t usableCores()
{
    static const size_t cores = [] {
        const size_t affinity = affinityCores();
        const std::optional<size_t> quota = cgroupLimit();
        return std::max<size_t>(1, quota ? std::min(affinity, *quota) : affinity);
    }();
    return cores;
}

size_t threadsUpTo(size_t most)
{
    return std::max<size_t>(1, std::min(usableCores(), most));
}

} // namespace opscope::concurrency
