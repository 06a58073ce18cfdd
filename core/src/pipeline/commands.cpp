// Argument vectors for the launcher, nsys and ncu. The rules for ncu's NVTX filters come from seed
// 002 (NVTX ranges with ncu for PyTorch) and gpu-machine.md: push/pop ranges need a trailing '/',
// start/end ranges must not have one, several ranges are several repeated flags, and range replay of
// a PyTorch step uses app-range.
#include "opscope/pipeline/commands.h"

#include <cstdio>

namespace opscope::pipeline {

std::string_view toString(LauncherMode mode)
{
    switch (mode) {
    case LauncherMode::Nvtx:
        return "nvtx";
    case LauncherMode::Torch:
        return "torch";
    case LauncherMode::Cpu:
        return "cpu";
    case LauncherMode::None:
        return "none";
    }
    return "torch";
}

std::string formatSeconds(double seconds)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%g", seconds);
    return buffer;
}

Argv launcherCommand(const LauncherOptions &o)
{
    Argv argv = {o.python,
                 "-m",
                 "opscope_launcher",
                 "--mode",
                 std::string(toString(o.mode)),
                 "--warmup",
                 std::to_string(o.warmup),
                 "--reference-steps",
                 std::to_string(o.referenceSteps),
                 "--steps",
                 std::to_string(o.steps)};
    if (!o.stepSource.empty() && o.stepSource != "auto")
        argv.insert(argv.end(), {"--step", o.stepSource});
    if (!o.compile.empty() && o.compile != "eager")
        argv.insert(argv.end(), {"--compile", o.compile});
    if (!o.tracePath.empty())
        argv.insert(argv.end(), {"--trace", o.tracePath});
    if (!o.partitionMapPath.empty())
        argv.insert(argv.end(), {"--partition-map", o.partitionMapPath});
    if (!o.backwardRangesMap.empty())
        argv.insert(argv.end(), {"--backward-ranges", o.backwardRangesMap});
    if (!o.statusPath.empty())
        argv.insert(argv.end(), {"--status", o.statusPath});
    if (o.referenceSeconds >= 0)
        argv.insert(argv.end(), {"--reference-seconds", formatSeconds(o.referenceSeconds)});
    if (o.keepRunning)
        argv.emplace_back("--keep-running");
    for (const std::string &fix : o.fixes)
        argv.insert(argv.end(), {"--fix", fix});
    if (!o.verifyControl.empty())
        argv.insert(argv.end(),
                    {"--verify-control", o.verifyControl, "--verify-block-steps", std::to_string(o.verifyBlockSteps)});
    // Everything after "--" is the script's, even arguments that look like launcher options.
    argv.emplace_back("--");
    argv.push_back(o.script);
    argv.insert(argv.end(), o.scriptArgs.begin(), o.scriptArgs.end());
    return argv;
}

Argv nsysProfileCommand(const NsysOptions &o, const Argv &application)
{
    std::string domains;
    for (const auto &d : o.trace)
        domains += (domains.empty() ? "" : ",") + d;
    // The flags that worked on the H100 (gpu-machine.md): no CPU sampling, no context switches, no
    // backtraces; they keep the report small and the capture fast.
    Argv argv = {o.nsys,
                 "profile",
                 "--trace=" + domains,
                 "--sample=none",
                 "--cpuctxsw=none",
                 "--cudabacktrace=none",
                 "--backtrace=none",
                 "--force-overwrite",
                 "true",
                 "--output",
                 o.output};
    if (o.captureRange) {
        // CAPTURE is a start/end range; stop (not stop-shutdown) lets the workload end by itself.
        argv.insert(argv.end(),
                    {"--capture-range=nvtx", "--nvtx-capture=" + o.captureRangeName, "--capture-range-end=stop"});
    }
    argv.insert(argv.end(), o.extraArgs.begin(), o.extraArgs.end());
    argv.insert(argv.end(), application.begin(), application.end());
    return argv;
}

std::map<std::string, std::string> nsysEnvironment(const NsysOptions &o)
{
    if (!o.captureRange)
        return {};
    // torch's NVTX strings are not registered: without this nsys never sees the CAPTURE range start.
    return {{"NSYS_NVTX_PROFILER_REGISTER_ONLY", "0"}};
}

Argv nsysExportCommand(const std::string &nsys, const std::string &report, const std::string &sqliteOut)
{
    return {nsys, "export", "--type", "sqlite", "--force-overwrite", "true", "--output", sqliteOut, report};
}

std::string_view toString(ReplayMode mode)
{
    switch (mode) {
    case ReplayMode::Kernel:
        return "kernel";
    case ReplayMode::Application:
        return "application";
    case ReplayMode::Range:
        return "range";
    case ReplayMode::AppRange:
        return "app-range";
    }
    return "kernel";
}

std::optional<ReplayMode> parseReplayMode(std::string_view text)
{
    for (ReplayMode mode : {ReplayMode::Kernel, ReplayMode::Application, ReplayMode::Range, ReplayMode::AppRange})
        if (text == toString(mode))
            return mode;
    return std::nullopt;
}

ReplayMode rangeReplayModeFor(bool pytorchWorkload)
{
    return pytorchWorkload ? ReplayMode::AppRange : ReplayMode::Range;
}

namespace {

// The launcher's module labels look like "blocks.3.attn[Attn]": text, '[', class, ']'.
bool isModuleLabel(std::string_view e)
{
    const size_t open = e.find('[');
    return open != std::string_view::npos && e.size() > open + 2 && e.back() == ']' &&
           e.find('[', open + 1) == std::string_view::npos && e.find(']') == e.size() - 1;
}

// A label as an anchored regex; '*' keeps its wildcard meaning ("blocks.*[Block]" selects every block).
std::string labelRegex(std::string_view label)
{
    std::string out = "regex:^";
    for (char c : label) {
        if (c == '*') {
            out += ".*";
            continue;
        }
        if (std::string_view("\\^$.|?+()[]{}").find(c) != std::string_view::npos)
            out += '\\';
        out += c;
    }
    return out + "$/";
}

} // namespace

std::string ncuNvtxExpression(const NvtxFilter &filter)
{
    const std::string &e = filter.expression;
    if (!filter.pushPop || e.empty() || e.rfind("regex:", 0) == 0)
        return e;
    // In ncu's NVTX syntax '[' and ']' anchor a range to the bottom / top of the stack, so a module
    // label taken literally matches nothing (measured with ncu 2025.3 on an H100: 0 kernels for
    // "blocks.1[Block]/", 5 for "regex:blocks\.1\[Block\]/"): labels go as escaped regexes.
    std::string_view body = e;
    if (body.back() == '/')
        body.remove_suffix(1);
    if (isModuleLabel(body))
        return labelRegex(body);
    if (e.back() == '/' || e.back() == '*' || e.back() == ']') // ']' is ncu's top-of-stack push/pop form
        return e;
    return e + "/";
}

std::string ncuKernelNameFilter(const std::string &text, bool isRegex)
{
    if (isRegex && text.rfind("regex:", 0) != 0)
        return "regex:" + text;
    return text;
}

const std::vector<std::string> &ncuMetricSets()
{
    static const std::vector<std::string> sets = {"basic", "brief", "roofline", "detailed", "full"};
    return sets;
}

Argv ncuProfileCommand(const NcuOptions &o, const Argv &application)
{
    Argv argv;
    if (o.sudo) {
        // -n: fail at once instead of asking for a password nobody can type (stdin is /dev/null);
        // -E keeps the environment, `env` adds what must reach the workload even where -E is limited.
        argv = {"sudo", "-n", "-E"};
        if (!o.sudoEnvironment.empty()) {
            argv.emplace_back("env");
            for (const auto &[name, value] : o.sudoEnvironment)
                argv.push_back(name + "=" + value);
        }
    }
    argv.push_back(o.ncu);
    if (!o.targetProcesses.empty())
        argv.insert(argv.end(), {"--target-processes", o.targetProcesses});
    if (!o.metricSet.empty())
        argv.insert(argv.end(), {"--set", o.metricSet});
    for (const auto &section : o.sections)
        argv.insert(argv.end(), {"--section", section});
    if (!o.metrics.empty()) {
        std::string joined;
        for (const auto &m : o.metrics)
            joined += (joined.empty() ? "" : ",") + m;
        argv.insert(argv.end(), {"--metrics", joined});
    }
    if (o.replayMode)
        argv.insert(argv.end(), {"--replay-mode", std::string(toString(*o.replayMode))});
    if (!o.nvtxInclude.empty() || !o.nvtxExclude.empty()) {
        argv.emplace_back("--nvtx");
        for (const auto &f : o.nvtxInclude)
            argv.insert(argv.end(), {"--nvtx-include", ncuNvtxExpression(f)});
        for (const auto &f : o.nvtxExclude)
            argv.insert(argv.end(), {"--nvtx-exclude", ncuNvtxExpression(f)});
    }
    if (!o.kernelName.empty() || !o.kernelId.empty())
        argv.insert(argv.end(), {"--kernel-name-base", o.kernelNameBase});
    if (!o.kernelName.empty())
        argv.insert(argv.end(), {"--kernel-name", o.kernelName});
    if (!o.kernelId.empty())
        argv.insert(argv.end(), {"--kernel-id", o.kernelId});
    if (o.launchSkip)
        argv.insert(argv.end(), {"--launch-skip", std::to_string(*o.launchSkip)});
    if (o.launchCount)
        argv.insert(argv.end(), {"--launch-count", std::to_string(*o.launchCount)});
    if (!o.output.empty())
        argv.insert(argv.end(), {"--export", o.output, "--force-overwrite"});
    argv.insert(argv.end(), o.extraArgs.begin(), o.extraArgs.end());
    argv.insert(argv.end(), application.begin(), application.end());
    return argv;
}

Argv ncuExportCsvCommand(const std::string &ncu, const std::string &report)
{
    return {ncu, "--import", report, "--csv", "--page", "raw", "--print-units", "base"};
}

} // namespace opscope::pipeline
