#pragma once
// Helpers of the capture suites (tst_capture_cpu, tst_capture_launcher): running the real opscope
// binary and the launcher, reading run folders and traces, finding the processes of a run.
#include "opscope/pipeline.h"
#include "opscope/process.h"
#include "test_util.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <dirent.h>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

namespace opscope::test {

using namespace std::chrono_literals;

inline std::string readText(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

inline nlohmann::json readJson(const std::string &path)
{
    return nlohmann::json::parse(readText(path));
}

struct CliRun {
    int exitCode = -1;
    std::string out, err;
};

inline CliRun runOpscope(const std::vector<std::string> &args, const std::map<std::string, std::string> &env = {})
{
    ProcessSpec spec;
    spec.argv = {opscope::test::opscopeBinary()};
    spec.argv.insert(spec.argv.end(), args.begin(), args.end());
    spec.setEnv = env;
    spec.mergeStderr = false;
    spec.timeout = std::chrono::milliseconds(120000);
    const ProcessResult r = runProcess(spec);
    return {r.exitCode, r.output, r.errorOutput};
}

// Events of the trace the CPU capture wrote: the legacy profiler's bare array, or Kineto's object.
inline const nlohmann::json &traceEvents(const nlohmann::json &trace)
{
    return trace.is_array() ? trace : trace.at("traceEvents");
}

inline std::map<std::string, int> eventNameCounts(const nlohmann::json &trace)
{
    std::map<std::string, int> counts;
    for (const auto &e : traceEvents(trace))
        if (e.value("ph", "") == "X")
            ++counts[e.value("name", "")];
    return counts;
}

// Module labels of an example, from its documented structure (see the docstring of each example).
inline std::vector<std::string> mlpLabels(int depth)
{
    std::vector<std::string> labels = {"[MLP]", "inp[Linear]"};
    for (int i = 0; i < depth; ++i) {
        const std::string b = "blocks." + std::to_string(i);
        for (const std::string &s :
             {b + "[Block]", b + ".norm[LayerNorm]", b + ".fc[Linear]", b + ".act[GELU]", b + ".out[Linear]"})
            labels.push_back(s);
    }
    labels.push_back("head[Linear]");
    labels.push_back("criterion[CrossEntropyLoss]");
    return labels;
}

inline std::vector<std::string> gptLabels(int layers)
{
    std::vector<std::string> labels = {"[GPT]", "wte[Embedding]", "wpe[Embedding]"};
    for (int i = 0; i < layers; ++i) {
        const std::string b = "blocks." + std::to_string(i);
        for (const std::string &s : {b + "[Block]", b + ".ln1[LayerNorm]", b + ".attn[Attn]", b + ".attn.qkv[Linear]",
                                     b + ".attn.proj[Linear]", b + ".ln2[LayerNorm]", b + ".mlp[MLP]",
                                     b + ".mlp.fc[Linear]", b + ".mlp.act[GELU]", b + ".mlp.out[Linear]"})
            labels.push_back(s);
    }
    labels.push_back("ln_f[LayerNorm]");
    labels.push_back("head[Linear]");
    return labels;
}

inline std::vector<std::string> convnetLabels()
{
    std::vector<std::string> labels = {"[ConvNet]", "stem[Conv2d]"};
    for (int s = 0; s < 2; ++s) {
        const std::string st = "stages." + std::to_string(s);
        labels.push_back(st + "[Stage]");
        if (s > 0)
            labels.push_back(st + ".down[Conv2d]");
        labels.push_back(st + ".blocks[Sequential]");
        for (int b = 0; b < 2; ++b) {
            const std::string blk = st + ".blocks." + std::to_string(b);
            for (const std::string &x :
                 {blk + "[ConvBlock]", blk + ".conv[Conv2d]", blk + ".bn[BatchNorm2d]", blk + ".act[ReLU]"})
                labels.push_back(x);
        }
    }
    labels.push_back("pool[AdaptiveAvgPool2d]");
    labels.push_back("fc[Linear]");
    labels.push_back("criterion[CrossEntropyLoss]");
    return labels;
}

// Processes whose command line mentions `needle` (the run folder of one capture), other than us.
inline std::vector<pid_t> processesMentioning(const std::string &needle)
{
    std::vector<pid_t> found;
    DIR *proc = ::opendir("/proc");
    if (!proc)
        return found;
    while (dirent *entry = ::readdir(proc)) {
        const pid_t pid = pid_t(std::atoi(entry->d_name));
        if (pid <= 0 || pid == ::getpid())
            continue;
        std::string cmdline = readText("/proc/" + std::to_string(pid) + "/cmdline");
        std::replace(cmdline.begin(), cmdline.end(), '\0', ' ');
        const std::string stat = readText("/proc/" + std::to_string(pid) + "/stat");
        const auto close = stat.rfind(')');
        const bool zombie = close != std::string::npos && close + 2 < stat.size() && stat[close + 2] == 'Z';
        if (!zombie && cmdline.find(needle) != std::string::npos)
            found.push_back(pid);
    }
    ::closedir(proc);
    return found;
}

inline bool waitUntil(const std::function<bool()> &condition, std::chrono::milliseconds patience)
{
    const auto deadline = std::chrono::steady_clock::now() + patience;
    while (std::chrono::steady_clock::now() < deadline) {
        if (condition())
            return true;
        std::this_thread::sleep_for(50ms);
    }
    return condition();
}

} // namespace opscope::test
