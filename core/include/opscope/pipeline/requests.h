#pragma once
// What a capture and a replay are asked to do. opscope/pipeline/cli_options.h turns them into the
// command line of `opscope capture|replay|profile` and back; opscope/pipeline/run.h runs them.

#include "opscope/pipeline/commands.h"

#include <chrono>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace opscope::pipeline {

enum class CaptureTool { Auto, Nsys, Torch, Cpu };
std::string_view toString(CaptureTool tool);
std::optional<CaptureTool> parseCaptureTool(std::string_view text);

// What a step is (the launcher's --step): auto | module | marker | function:NAME | generate | generate:NAME
// (a generation request: docs/capture.md). The one check of the syntax, for the CLI and the wizard.
bool isStepSource(std::string_view text);
inline constexpr std::string_view kStepSourceHelp = "auto, module, marker, function:NAME, generate or generate:NAME";

struct Workload {
    std::string script;
    std::vector<std::string> args;
    std::string workingDirectory; // empty: the current one
    std::map<std::string, std::string> env;
    std::string python; // empty: findPython()
    bool operator==(const Workload &) const = default;
};

struct CaptureRequest {
    Workload workload;
    CaptureTool tool = CaptureTool::Auto;
    int warmup = 2;
    // Plain steps between the warm-up and the captured steps: no hooks, labels or profiler, timed like
    // the captured ones (the capture's overhead); under nsys the last one is paired with the labelled step.
    int referenceSteps = 3;
    // While the reference steps took less than this in all, more of them run after the captured steps (up to
    // 50): a short step is timed many times, a long one referenceSteps times. 0: referenceSteps only.
    double referenceSeconds = 1.0;
    int steps = 1;
    std::string stepSource = "auto";
    std::string compile = "eager";
    // Fixes the launcher applies without editing the script (`--fix`, opscope verify's: verify.h).
    std::vector<std::string> fixes;
    std::optional<bool> correlationPass; // empty: on for nsys captures
    bool partitionMap = true;
    bool nsysCaptureRange = false;
    // nsys --cuda-memory-usage=true: every cudaMalloc/cudaFree with its bytes (the Memory tab's reserved
    // memory per device, without the allocator history); costs a little on every allocation.
    bool nsysCudaMemoryUsage = false;
    std::vector<std::string> nsysTrace = {"cuda", "nvtx"};
    std::string nsysPath;
    std::string outDir = "opscope-runs";
    std::string name; // empty: defaultRunName()
    bool importProfile = true;
    std::optional<std::chrono::milliseconds> timeout;
    // A distributed job, every rank a capture of its own writing its part of one run folder
    // (opscope/pipeline/rank_capture.h): N ranks on this node through torchrun, or the tasks of `srun ARGS`.
    int nprocPerNode = 0;
    std::optional<std::string> srunArgs;
    bool operator==(const CaptureRequest &) const = default;
};

struct ReplayRequest {
    std::string run; // run folder or its manifest
    NcuOptions ncu;  // output, application and filters are filled in from the run
    bool dedup = true;
    // Profile the first launch of each launch signature only, and copy its counters to the others
    // (distinct_launches.h); where the capture cannot drive it, one layer per group (dedup) instead.
    bool distinctLaunches = true;
    bool keepReport = false;
    bool checkCounts = true;
    std::string ncuPath;
    std::optional<std::chrono::milliseconds> timeout;
    // In a distributed job: the ranks ncu replays; the others run the same steps unprofiled, so that
    // their collectives meet the replayed rank's.
    std::vector<int> ncuRanks = {0};
    // Run the programs and environment the run's manifest names although this user did not capture that
    // workload here (a run folder someone sent: opscope/pipeline/run_trust.h). `--trust-run`.
    bool trustRun = false;
    // A phase of a generation request ("prefill", "decode#5"): ncu profiles only the kernels of that phase of
    // the captured request (its start/end range OPSCOPE_PREFILL / OPSCOPE_DECODE#5), not the whole step.
    std::string phase;
    bool operator==(const ReplayRequest &) const = default;
};

} // namespace opscope::pipeline
