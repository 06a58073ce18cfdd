#pragma once
// What every insight finder shares (insights.h): the step the gains are computed on, its what-if replay,
// the kernels already claimed by an insight, and the text helpers. Each finder adds its insights with
// their kernels given by position in the step (StepTiming::kernels), so that the replay changes exactly
// them and no kernel goes to two insights.

#include "opscope/insights.h"
#include "opscope/roofline.h"
#include "opscope/whatif.h"

#include <functional>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace opscope::insightdetail {

class InsightContext {
public:
    InsightContext(const Profile &p, Typography micro, std::string_view captureRange);

    const Profile &p;
    const Typography micro;
    const std::string captureRange;
    const StepTiming timing;
    const std::optional<ReferenceTiming> reference;
    const HostModel host; // the host's own cost the replay runs on
    const StepReplay replay;
    const int64_t baseline; // replay() with no change
    // The GPU's peaks, one per precision and memory level, as the roofline draws them (rooflineCeilings over
    // every kernel with counters): the peak every "% of peak" of the insights is on.
    const RooflineCeilings ceilings;

    size_t size() const { return timing.kernels.size(); }
    // The kernel as it ran in the step (its duration) and the kernel whose op, module and counters describe
    // it (its labelled twin; kNoIndex when unpaired).
    const Kernel &measured(size_t pos) const { return p.kernels[timing.kernels[pos].kernel]; }
    Index labelled(size_t pos) const { return timing.kernels[pos].attributed; }
    int64_t durationOf(size_t pos) const { return measured(pos).duration(); }
    // The step position of a labelled kernel; -1 when it is not in the step.
    int64_t positionOf(Index labelledKernel) const;
    // Sum of the step's kernel durations (the GPU time the shares of GPU time are on).
    int64_t kernelTime() const { return timing.kernel_ns; }
    // The step every share is on (StepTiming::step_ns, at least 1).
    int64_t stepNs() const { return std::max<int64_t>(1, timing.step_ns); }

    // Whether step gains are known: the launcher timed the step plainly (else ranked by GPU time saved).
    bool plainTiming() const { return reference.has_value(); }

    bool claimed(size_t pos) const { return claimed_[pos]; }
    // The GPU's peak of a precision as ComputeRate names it ("BF16 tensor", "FP32"); 0 when unknown.
    double peakFlops(std::string_view precision) const;
    // Step time the change saves (replay with no change - replay with it), at least 0.
    int64_t gain(const StepChange &change) const;
    // What one eager launch costs the host, which a CUDA graph replay saves: the plain host's cost from the
    // launcher's calibration burst where measured (calibrated), else the launch call's own time (a lower bound:
    // the eager path around it is not counted).
    struct LaunchCost {
        int64_t ns = 0;
        bool calibrated = false;
    };
    LaunchCost eagerLaunchCost() const;

    // Adds an insight about the kernels at `positions` (claimed from now on; those already claimed are
    // dropped from it), with its gain replayed from `change` (whose kernels must be among them).
    void add(Insight insight, const std::vector<size_t> &positions, const StepChange &change);
    // Adds an insight about no kernel, with the gain given (its basis set from the timing unless NotEstimated).
    void add(Insight insight, int64_t gainNs);
    // The key items are ranked by: the step gain where known, else the GPU time saved (or the replay's gain on
    // the traced host, where larger).
    static int64_t rankKey(const Insight &insight);

    std::vector<Insight> take();
    // Whether an item of this kind was added already (a later finder leaves its root cause to it).
    bool has(std::string_view kind) const;

    // Text.
    std::string duration(int64_t ns) const { return formatFixedDuration(ns, 1, micro); }
    std::string shareOfStep(int64_t ns) const;
    std::string shareOfGpu(int64_t ns) const;
    // The module path of a labelled kernel, or "".
    std::string moduleOf(Index labelledKernel) const;
    // The kernel's base name as the views show it.
    std::string kernelName(Index kernel) const;
    // "head, blocks.0.attn (and 10 more)".
    static std::string listOf(const std::vector<std::string> &names, size_t shown = 4);

private:
    std::vector<bool> claimed_;
    std::unordered_map<Index, size_t> positionOf_;
    std::vector<Insight> out_;
};

std::string percent(double share);
// "312.4 TFLOP/s": a rate with an SI prefix.
std::string rate(double perSecond, const char *unit);

// The finders, in the order they claim kernels (insights.cpp runs them).
void findEmptyCache(InsightContext &c); // insight_tuning.cpp: the tuning guide's fixes
void findHostWaits(InsightContext &c);
void findPageableCopies(InsightContext &c);
void findLaunchBound(InsightContext &c);
void findLayoutConversions(InsightContext &c);
void findTensorCoresIdle(InsightContext &c);
void findShapeAlignment(InsightContext &c);
void findAttentionMath(InsightContext &c);
void findZeroGrad(InsightContext &c);
void findOptimizerNotFused(InsightContext &c);
void findCasts(InsightContext &c);
void findHiddenCopies(InsightContext &c);
void findWaveQuantization(InsightContext &c);
void findKernelEfficiency(InsightContext &c);
void findGroupOutliers(InsightContext &c);
void findColdStart(InsightContext &c);
// A profile of several ranks (insight_ranks.cpp): the step's insights read on one rank's profile (the
// straggler's, whose step the others wait for), their kernels and operators named in the job's profile, with
// the straggler and why it is late and the exposed DDP bucket all-reduces beside them.
InsightReport findJobInsights(const Profile &p, Typography micro, std::string_view captureRange);
void findCudnnBenchmark(InsightContext &c);
void findDataLoader(InsightContext &c);
// Generation requests (insight_inference.cpp): the decode's launches, attention, bandwidth, syncs, KV cache.
void findInference(InsightContext &c);
// Memory (insight_memory.cpp): bytes saved, no step time; after every time finder.
void findMemory(InsightContext &c);

} // namespace opscope::insightdetail
