#pragma once
// Attribution: every kernel to the operator and nn.Module that launched it, with a method and a
// confidence, or to the unattributed list with a reason. One engine for the GUI and the CLI.
//
// - nsys: kernel correlationId -> launching API call -> (thread, CPU time) -> the NVTX push/pop
//   ranges open on that thread then: module labels give the module, emit_nvtx ranges the operator.
// - ncu alone: each launch's recorded NVTX stack (the importer lays it out as ranges).
// - torch.profiler: kernel External id -> cpu_op -> the module annotations enclosing it on its
//   thread; backward ops take the module of their forward op (fwdbwd flows / sequence numbers).
// - Work outside every module goes to a phase of the step (phases.h).
// - Inductor: Triton kernels -> the aten ops they fuse (see inductor.h).

#include "opscope/profile.h"
#include "opscope/progress.h"

#include <string>
#include <vector>

namespace opscope {

// Time spent in one stage of attribute(), for benchmarks (bench/bench_nsys_import.cpp).
struct AttributionStageTime {
    std::string stage;
    double wallSeconds = 0;
    double cpuSeconds = 0; // of the process (all threads: some stages split their work)
};

struct AttributionOptions {
    // Text of the range that marks the captured step; kernels launched outside every range of this
    // name are kept and flagged as outside the capture. Ignored when no such range exists.
    std::string captureRange = "CAPTURE";
    // Module paths whose kernels a dedup replay told ncu to skip (importCapture): their kernels are
    // not candidates for ncu rows, so the rows of a representative cannot land on a duplicate.
    std::vector<std::string> ncuSkippedModules;
    // Per-rank torch.profiler traces without distributedInfo: the rank is the first group of this
    // (case-insensitive) pattern matched in the file name (importCapture, docs/ranks.md).
    std::string rankRegex = "(?:rank|procid)[-_.]?([0-9]+)";
    // Threads for the stages that split their work (labels, launch stacks), the calling one included:
    // 0 uses every core (up to 8) for big profiles (16,384 ranges or kernels a thread at least), 1 runs
    // everything on the calling thread, N > 1 splits even small profiles N ways. The result is the same
    // for any number (tst_attribution compares them).
    unsigned threads = 0;
    // When set, attribute() appends the time of each of its stages here.
    std::vector<AttributionStageTime> *stageTimes = nullptr;
};

// Attributes `p` in place. Builds operators and module instances from the ranges when the source
// has none of its own (nsys, ncu), links kernels, and records the outcome in p.metadata. Pairs the
// plain reference step's kernels with the labelled step's where the trace has one (step_timing.h).
void attribute(Profile &p, const AttributionOptions &options = {}, const Progress &progress = {});

// Module paths as named_modules() gives them, with the root at the empty path. Labels of launchers
// before that called the root "model" (and merged it with a child of that name): a top-level "model"
// becomes the root when the profile has no empty path. Run by attribution and by loading a stored
// profile, so old and new profiles compare by path.
void adoptNamedModulePaths(Profile &p);

// True when `p` has at least one kernel attributed to an operator or a module.
bool isAttributed(const Profile &p);

} // namespace opscope
