#pragma once
// The host's own cost per step, measured from the trace: the time the launching threads spend that is not
// waiting for the GPU, as a plain (untraced) process would spend it.
//
// The host window of the step (StepTiming::host_start_ns .. host_end_ns) minus
// - launches held by a full launch queue: a launch call made while the GPU's queue was at its deepest in
//   the step, beyond the cost of the same call made with a shallow queue (the host runs ahead of a busy GPU
//   until the queue is full, then every launch waits for a slot);
// - synchronisations, blocking copies and allocator calls that synchronise (cudaFree & co.): the part of
//   the call before the GPU work it waited for had ended (HostSync::wait_ns);
// - the tracer's cost: nsys intercepts every CUDA call. Per call, the difference between a burst of cheap
//   launches timed in the traced process and in the plain one (the launcher's calibration:
//   ReferenceTiming::tracingCostPerCallNs), else the traced host against the plain host's time where neither waited for
//   the GPU (reference_cpu_step_ns against the traced host's own time);
// - on an instrumented step (module labels, emit_nvtx, torch.profiler: the labelled step corrected by the
//   launcher's time), the instrumentation: the host's own time compressed uniformly to the plain step's host
//   time (perf_counter, an upper bound where the plain host itself waited for a full queue).
// The own cost is at most the plain step and the plain host's fastest step (a plain loop ran a step, host
// included, in that time): where the corrections above leave more, the rest comes off evenly (PlainStepBound).
//
// What is left is the host's own cost, the floor a GPU-only fix can reach. The what-if replay (whatif.h)
// runs the host on this clock: every measured host time mapped through toModel().

#include "opscope/format.h"
#include "opscope/profile.h"
#include "opscope/step_timing.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace opscope {

// A launch counts as held by a full queue when the GPU's queue was at least this share of its deepest in the
// step, the deepest at least kFullQueueMinDepth launches, and the call took more than twice its usual cost;
// and only where at least kFullQueueHeldShare of the launches made at that depth were held so (a queue that
// filled holds nearly all of them; a few slow calls at a deep queue are the host's own jitter).
inline constexpr double kFullQueueShare = 0.9;
inline constexpr size_t kFullQueueMinDepth = 64;
inline constexpr double kFullQueueHeldShare = 0.25;

struct HostModel {
    enum class Correction : uint8_t {
        None = 0,          // no plain timing: the traced host's own time (an upper bound on the plain one)
        Calibrated = 1,    // the tracer's per-call cost from the launcher's calibration burst
        PlainHostTime = 2, // the tracer's per-call cost from the plain host's time (neither host waited)
        Instrumented = 3,  // the instrumented step compressed to the plain host's time
        // The traced host less the tracer's cost per call (or its waits) was above what a plain step holds:
        // the host's own cost set to bound_ns, the rest of the tracer's cost taken out evenly.
        PlainStepBound = 4,
    };
    Correction correction = Correction::None;
    int64_t span_ns = 0;           // the step's window on the host, as traced
    int64_t blocked_launch_ns = 0; // launches held by a full launch queue, beyond their usual cost
    size_t blocked_launches = 0;
    int64_t sync_wait_ns = 0;      // synchronisations waiting for the GPU
    int64_t copy_wait_ns = 0;      // blocking copies waiting for the GPU
    int64_t allocator_wait_ns = 0; // cudaFree & co. waiting for the GPU
    int64_t traced_own_ns = 0;     // span_ns less the waits
    size_t traced_calls = 0;       // CUDA calls in the window that the tracer intercepts
    double tracing_cost_per_call_ns = 0;
    int64_t tracing_cost_ns = 0; // removed for the tracer (or, Instrumented, for the instrumentation)
    int64_t own_ns = 0;          // the host's own cost per step: traced_own_ns less tracing_cost_ns
    int64_t gpu_busy_ns = 0;     // the GPU's busy time in the step (StepTiming::busy_ns)
    // The most the host's own cost can be: the plain step, and the plain host's fastest step (perf_counter,
    // its waits included); 0 without a plain timing of the step.
    int64_t bound_ns = 0;
    Correction corrected_by = Correction::None; // PlainStepBound: the correction that was not enough
    std::string note;                           // how own_ns was reached, one sentence

    int64_t waitNs() const { return blocked_launch_ns + sync_wait_ns + copy_wait_ns + allocator_wait_ns; }
    // Whether own_ns is a plain host's (a plain timing corrected the traced host).
    bool plain() const { return correction != Correction::None; }

    // A measured host time of the window on the model's clock: the window's start is kept, every wait and
    // the tracer's cost before `t` taken out. Monotone; identity outside the window's removals.
    int64_t toModel(int64_t t) const;

    // The removed spans: [start, end] of the measured host timeline losing `removed` ns of it, evenly.
    struct Removal {
        int64_t start_ns = 0;
        int64_t end_ns = 0;
        double removed = 0;
    };
    std::vector<Removal> removals;     // sorted, not overlapping
    std::vector<double> removedBefore; // prefix sums of removals[].removed
};
std::string_view toString(HostModel::Correction correction);

// The host model of a step (StepTiming) of `p`, with the launcher's plain timing where it has one.
HostModel buildHostModel(const Profile &p, const StepTiming &timing, const std::optional<ReferenceTiming> &reference);

// "host: 15.2 ms of its own per step, the GPU: 37.1 ms busy" with how it was measured, for the headers.
std::string describeHostModel(const HostModel &model, Typography micro = Typography::Ascii);
nlohmann::ordered_json hostModelJson(const HostModel &model);

} // namespace opscope
