#pragma once
// The timing of a step that the instrumentation did not slow down.
//
// Module labels, emit_nvtx and torch.profiler make the captured step slower than the same step run
// plainly (2x and more on a GPT training step), which inflates the step time and every share of it. The
// launcher therefore runs plain "reference" steps (no hooks, no emit_nvtx, no record_function, no
// profiler) between the warm-up and the captured steps, and times them and the captured steps alike
// (CUDA events, else perf_counter). Two things come of that:
// - the launcher's figures, kept in the profile's metadata (reference_step_ns, captured_step_ns,
//   capture_overhead, reference_clock, reference_steps);
// - under nsys, the last reference step is in the trace as the start/end range OPSCOPE_REFERENCE#k:
//   its kernels are paired with the labelled step's by stream, position and name
//   (Profile::reference_twins), so its durations, gaps and launch latencies can be read with the
//   labelled step's attribution. stepTiming() gives that step, or the labelled one when there is none.

#include "opscope/metadata_keys.h"
#include "opscope/profile.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace opscope {

// ---------------------------------------------------------------------------------------------
// The launcher's figures

// The keys of the launcher's figures are in metadata_keys.h (kReferenceStepNsKey...).
// Reference steps slower than this times the fastest, before the first one that is not, are still warming up.
inline constexpr double kSteadyStepTolerance = 1.05;
// Above this captured / reference ratio the slowdown is said where the timing is shown.
inline constexpr double kNotableCaptureOverhead = 1.2;

struct ReferenceTiming {
    int64_t referenceNs = 0;    // median of the plain reference steps at the steady pace
    int64_t capturedNs = 0;     // median of the captured steps, timed the same way; 0 when unknown
    int steps = 0;              // reference steps in that median
    std::string clock;          // "cuda_event" (GPU time between the step boundaries) or "perf_counter"
    int64_t referenceCpuNs = 0; // the host's time for a plain step (perf_counter, fastest); 0 when unknown
    int64_t capturedCpuNs = 0;  // ... for a captured step
    // The reference steps timed inside the traced process (nsys), when referenceNs comes from a process
    // without the tracer; 0 otherwise (the reference was timed where it was traced).
    int64_t tracedNs = 0;
    int64_t tracedCpuNs = 0;
    int warmingUpSteps = 0; // reference steps before them, still warming up (kSteadyStepTolerance)
    int64_t spreadNs = 0;   // half the interquartile range of the steps in the median; 0 when unknown
    // nsys's cost per CUDA call (traced calibration burst - plain one, per launch); 0 when not measured.
    double tracingCostPerCallNs = 0;
    // The plain host's cost of one eager launch (the plain calibration burst, per launch); 0 when not measured.
    double plainLaunchNs = 0;
    // captured / reference; 0 when either is unknown.
    double overhead() const;
    bool notable() const { return overhead() > kNotableCaptureOverhead; }
};

// The timing from the launcher's status JSON ("reference" object); nullopt when it has no reference time.
std::optional<ReferenceTiming> referenceTimingFromStatus(const nlohmann::json &reference);
// The same for a capture under nsys with a correlation pass beside it: the plain times from the
// correlation pass (`plain`, no nsys in that process), the captured ones and the traced reference from
// the nsys process (`traced`). Falls back to `traced` alone when `plain` has no reference time.
std::optional<ReferenceTiming> referenceTimingFromStatus(const nlohmann::json &traced, const nlohmann::json &plain);
// The timing kept in the profile's metadata; nullopt when it has none.
std::optional<ReferenceTiming> referenceTiming(const Profile &p);
// Writes the metadata keys (capture_overhead with 3 decimals, left out when unknown, as the CPU times are).
void setReferenceTiming(Profile &p, const ReferenceTiming &timing);
// "plain 36.1 ms ± 0.4 ms (median of 3 steps, CUDA events), captured 77.0 ms: 2.13x".
std::string describeReferenceTiming(const ReferenceTiming &timing);

// ---------------------------------------------------------------------------------------------
// The steps a trace marks

struct StepRange {
    int64_t start_ns = 0;
    int64_t end_ns = 0;
    std::string name;
    bool ranged = true; // false for the captured kernels' span ("capture"), which no range marks
};
// The steps as the trace marks them (ProfilerStep#N, step#N or STEP_N ranges, else emit_nvtx's echoes
// of ProfilerStep#N ranges, "ProfilerStep#N, op_id = M", named "ProfilerStep#N"), else its capture
// range(s), else the captured kernels' span, in time order: where the views open, and the first step
// against the others (cold start). The timing of one step is stepTiming().
std::vector<StepRange> markedSteps(const Profile &p, std::string_view captureRange = "CAPTURE");

// ---------------------------------------------------------------------------------------------
// The reference step under nsys

inline constexpr std::string_view kReferenceRangePrefix = "OPSCOPE_REFERENCE#";

struct ReferencePairing {
    std::string range;                 // the reference range used ("OPSCOPE_REFERENCE#2"); empty: none found
    size_t referenceKernels = 0;       // launched inside it
    size_t labelledKernels = 0;        // of the labelled step
    size_t paired = 0;                 // reference kernels given a twin
    std::vector<std::string> problems; // one per stream that could not be paired (also in p.warnings)
};

// Finds the last OPSCOPE_REFERENCE range before the capture range (launch times through the CUDA API
// calls), flags the kernels launched inside it kKernelReferenceStep and pairs them, stream by stream,
// with the kernels of the labelled step (the first ProfilerStep# range inside the capture, else the
// whole capture): the n-th kernel of a stream with the n-th of the same stream, where the stream has as
// many kernels in both steps and every name agrees. A stream that differs is not paired at all: its
// counts, or the first position whose names differ, go to p.warnings. Records reference_kernels and
// reference_kernels_paired in the metadata. Does nothing without a reference range. Called by attribute().
ReferencePairing pairReferenceStep(Profile &p, std::string_view captureRange = "CAPTURE");

// A step as the GPU ran the work launched inside its range on the host: from when the GPU could start
// that work to when it had run it all, as StepTiming::start_ns and end_ns measure the step that
// stepTiming() uses (CUDA events at the step's boundaries time that span); the range itself when it
// launched nothing.
StepRange stepOnGpu(const Profile &p, const StepRange &hostRange);
// The plain reference steps in the trace (every OPSCOPE_REFERENCE# range), in time order, each on the
// GPU (stepOnGpu), named after its range. Empty without reference ranges.
std::vector<StepRange> referenceSteps(const Profile &p);
// The labelled step on the host: the first ProfilerStep# range inside the capture range (anywhere
// without one), else the capture range; nullopt without either. Named "ProfilerStep#N" (without
// emit_nvtx's ", op_id = ..." echo) or after the capture range.
std::optional<StepRange> labelledStep(const Profile &p, std::string_view captureRange = "CAPTURE");

// ---------------------------------------------------------------------------------------------
// One step's GPU timing

// Why the GPU had nothing to run before a piece of work (as HTA splits idle time).
enum class IdleCause : uint8_t {
    HostLaunch = 0,    // the host launched the next work only after the GPU ran dry
    LaunchLatency = 1, // the next work was launched already, but had not started yet
    Unknown = 2,       // no launch time for the next work
    StepEnd = 3,       // nothing more ran until the step ended (the host was still busy)
};
std::string_view toString(IdleCause cause);

struct StepKernel {
    Index kernel = kNoIndex;     // kernels[]: the kernel as it ran in the measured step
    Index attributed = kNoIndex; // kernels[] whose op and module describe it: its labelled twin, or the
                                 // kernel itself in the labelled step; kNoIndex for an unpaired one
    int64_t launch_ns = -1;      // start of its launching CUDA API call; -1 when unknown
};

struct StepMemoryOp {
    size_t memory_op = 0; // memory_ops[]
    int64_t launch_ns = -1;
};

struct StepGap {
    int64_t start_ns = 0;
    int64_t end_ns = 0;
    IdleCause cause = IdleCause::Unknown;
    Index next_kernel = kNoIndex; // kernels[] that ended the gap (kNoIndex: a memory operation or the step end)
};

struct StepTiming {
    enum class Source : uint8_t {
        None = 0,          // no step found (no kernels and no step range)
        ReferenceStep = 1, // the plain step right before the labelled one (nsys, paired)
        LabelledStep = 2,  // the labelled step itself
    };
    Source source = Source::None;
    std::string note; // what the timing comes from and why, in one or two sentences
    // The step on the profile's clock: from when the GPU could start its work (the step's start, or the
    // end of the work before it, whichever is later) to when it had run it all (its last work's end, or
    // the step's end on the host, whichever is later), as CUDA events at the step boundaries measure it.
    int64_t start_ns = 0;
    int64_t end_ns = 0;
    int64_t measured_step_ns = 0; // end_ns - start_ns
    // The step's window on the host (its range: where its work was launched), as start_ns/end_ns derive
    // from it; the what-if replay (whatif.h) shifts the host's end of the step.
    int64_t host_start_ns = 0;
    int64_t host_end_ns = 0;
    // The step time every share is computed on: measured_step_ns, or the launcher's reference time
    // where the trace holds only the instrumented step (corrected).
    int64_t step_ns = 0;
    bool corrected = false;
    std::vector<StepKernel> kernels;  // the step's kernels in start order
    size_t memory_ops = 0;            // memcpy/memset of the step (part of busy_ns)
    std::vector<StepMemoryOp> memory; // those memcpy/memset, in memory_ops[] order
    size_t unpaired = 0;              // reference kernels without a twin (ReferenceStep only)
    int64_t kernel_ns = 0;            // sum of the kernels' durations
    int64_t kernel_busy_ns = 0;       // union of the kernels' intervals
    int64_t busy_ns = 0;              // union of kernel and memory-operation intervals
    int64_t overlap_ns = 0;           // kernel_ns - kernel_busy_ns: kernel time hidden by concurrency
    int64_t host_wait_ns = 0;         // idle, by cause (IdleCause), within the measured span
    int64_t launch_wait_ns = 0;
    int64_t other_idle_ns = 0;
    int64_t median_launch_latency_ns = -1; // kernel start - its API call's start, median; -1: no launch times
    std::vector<StepGap> gaps;             // every idle interval of the measured span, in time order

    // busy_ns / step_ns, at most 1.
    double busyShare() const;
    int64_t idleNs() const { return step_ns > busy_ns ? step_ns - busy_ns : 0; }
};
std::string_view toString(StepTiming::Source source);

// The step timing the analyses should use: the reference step where the trace has one and it is paired
// (kernel durations, gaps, launch latency, overlap and busy share from it; attribution through the
// twins), else the labelled step (the first ProfilerStep# range, else the capture range, else the
// captured kernels' span), with its step time replaced by the launcher's reference time when the
// profile has one. `note` says which and what was corrected.
StepTiming stepTiming(const Profile &p, std::string_view captureRange = "CAPTURE");

// Figures of the timing without its kernel and gap lists (summary --json).
nlohmann::ordered_json stepTimingJson(const StepTiming &timing);

// Where the timing is shown: when the capture's overhead is notable (> 1.2x), a sentence that says so
// and what the shares are computed on ("the captured step ran 2.13x slower than the plain step: shares
// of the step are computed on ..."); empty otherwise.
std::string describeCaptureOverhead(const ReferenceTiming &reference, const StepTiming &timing);

} // namespace opscope
