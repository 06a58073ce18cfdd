#pragma once
// The exact argument vectors (never shell strings) of the tools the pipeline runs: the Python
// launcher, nsys and ncu.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace opscope::pipeline {

using Argv = std::vector<std::string>;

enum class LauncherMode { Nvtx, Torch, Cpu, None };
std::string_view toString(LauncherMode mode);

struct LauncherOptions {
    std::string python = "python3";
    LauncherMode mode = LauncherMode::Torch;
    int warmup = 2;
    int referenceSteps = 3;       // plain steps timed after the warm-up, with no instrumentation
    double referenceSeconds = -1; // more plain steps after the capture while they took less; < 0: the launcher's 1 s
    int steps = 1;
    std::string stepSource = "auto"; // auto | module | marker | function:NAME
    std::string compile = "eager";   // eager | inductor | cudagraphs
    std::string tracePath;           // torch/cpu modes
    std::string partitionMapPath;
    std::string backwardRangesMap; // a partition map: its layers' backward passes get their labels too
    std::string statusPath;
    bool keepRunning = false;
    std::vector<std::string> fixes; // --fix NAME[=ARG] each (opscope verify's fixes, fixes.py)
    std::string verifyControl;      // opscope verify: the FIFO the timed blocks wait on (verify.py)
    int verifyBlockSteps = 0;       // ... and the steps of a block
    std::string script;
    std::vector<std::string> scriptArgs;
};
Argv launcherCommand(const LauncherOptions &options);
// Seconds as the command lines write them: "1", "0.25" (%g).
std::string formatSeconds(double seconds);

struct NsysOptions {
    std::string nsys = "nsys";
    std::string output;                                // report path without extension
    std::vector<std::string> trace = {"cuda", "nvtx"}; // --trace domains
    bool captureRange = false;                         // record only inside the CAPTURE range
    std::string captureRangeName = "CAPTURE";
    std::vector<std::string> extraArgs;
};
Argv nsysProfileCommand(const NsysOptions &options, const Argv &application);
// The environment nsys needs for a capture range on unregistered NVTX strings (torch's are not).
std::map<std::string, std::string> nsysEnvironment(const NsysOptions &options);
Argv nsysExportCommand(const std::string &nsys, const std::string &report, const std::string &sqliteOut);

enum class ReplayMode { Kernel, Application, Range, AppRange };
std::string_view toString(ReplayMode mode);
std::optional<ReplayMode> parseReplayMode(std::string_view text);
// The replay mode for profiling NVTX ranges as a whole: strict range replay rejects the CUDA APIs
// PyTorch calls inside a step (seed 002), so a PyTorch workload gets app-range.
ReplayMode rangeReplayModeFor(bool pytorchWorkload);

// An NVTX filter. Push/pop ranges (module labels, thread-local) need a trailing '/' in ncu's syntax;
// start/end ranges (the CAPTURE range, process-wide) must not have one.
struct NvtxFilter {
    std::string expression;
    bool pushPop = true;
    bool operator==(const NvtxFilter &) const = default;
};
// The expression as ncu must get it. A push/pop range gains its trailing '/', unless it already ends
// with '/', a wildcard '*' or ncu's top-of-stack ']', or is a `regex:` expression (all kept as given).
// A module label ("blocks.0[Block]", also with '*' wildcards) becomes an anchored regex with escaped
// brackets, "regex:^blocks\.0\[Block\]$/": ncu reads '[' and ']' as stack anchors.
std::string ncuNvtxExpression(const NvtxFilter &filter);
// A kernel name filter: `regex:` is added for a pattern unless already there.
std::string ncuKernelNameFilter(const std::string &text, bool isRegex);

struct NcuOptions {
    std::string ncu = "ncu";
    std::string output;                  // report path without .ncu-rep; empty: no report file
    std::string metricSet = "roofline";  // brief | roofline | detailed | full (| basic); empty: none
    std::vector<std::string> sections;   // --section NAME (repeated)
    std::vector<std::string> metrics;    // --metrics a,b,c
    std::vector<NvtxFilter> nvtxInclude; // each a separate --nvtx-include
    std::vector<NvtxFilter> nvtxExclude; // each a separate --nvtx-exclude
    std::optional<int64_t> launchSkip;
    std::optional<int64_t> launchCount;
    std::string kernelName; // as given to --kernel-name (see ncuKernelNameFilter)
    std::string kernelNameBase = "demangled";
    std::string kernelId;                 // --kernel-id context:stream:name:invocation
    std::optional<ReplayMode> replayMode; // empty: ncu's default (kernel)
    std::string targetProcesses = "all";  // all | application-only
    bool sudo = false;                    // run as root: `sudo -n -E env K=V ... ncu ...`
    std::map<std::string, std::string> sudoEnvironment;
    std::vector<std::string> extraArgs;
    bool operator==(const NcuOptions &) const = default;
};
Argv ncuProfileCommand(const NcuOptions &options, const Argv &application);
// `ncu --import REPORT --csv --page raw --print-units base` (the CSV goes to stdout).
Argv ncuExportCsvCommand(const std::string &ncu, const std::string &report);

const std::vector<std::string> &ncuMetricSets();

} // namespace opscope::pipeline
