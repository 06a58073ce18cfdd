// The launcher's reference timing (profile metadata) and the timing of one step on the GPU: the plain
// reference step where the trace has it, else the labelled step, corrected by the reference time.
#include "analysis/step_windows.h"

#include "opscope/format.h"
#include "opscope/intervals.h"
#include "opscope/step_timing.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>

namespace opscope {

using namespace stepdetail;

namespace {

int64_t metadataInt(const Profile &p, std::string_view key)
{
    const std::string *text = p.metadataValue(key);
    int64_t value = 0;
    if (!text || std::from_chars(text->data(), text->data() + text->size(), value).ec != std::errc())
        return 0;
    return value;
}

// The numbers of a JSON array (steps' nanoseconds); empty when absent.
std::vector<double> jsonNumbers(const nlohmann::json &object, const char *key)
{
    std::vector<double> values;
    if (object.contains(key) && object[key].is_array())
        for (const auto &v : object[key])
            if (v.is_number())
                values.push_back(v.get<double>());
    return values;
}

// The median, as the launcher takes it (statistics.median); 0 when there is none.
int64_t medianNs(std::vector<double> values)
{
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    const size_t n = values.size();
    const double median = n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
    return median > 0 ? int64_t(median) : 0;
}

// The first reference step that runs at the steady pace: within 5 % of the fastest. The steps before it
// were still warming up (GPU clocks ramping up from idle, the caching allocator, cuBLAS heuristics): on
// the H100 a GPT-2 training step's first plain steps took up to 20 % longer than the last ones.
size_t firstSteadyStep(const std::vector<double> &steps)
{
    if (steps.empty())
        return 0;
    const double fastest = *std::min_element(steps.begin(), steps.end());
    size_t i = 0;
    while (i + 1 < steps.size() && steps[i] > fastest * kSteadyStepTolerance)
        ++i;
    return i;
}

// Half the interquartile range (numpy's linear interpolation); 0 for fewer than two values.
int64_t halfInterquartileNs(std::vector<double> values)
{
    if (values.size() < 2)
        return 0;
    std::sort(values.begin(), values.end());
    const auto quantile = [&](double q) {
        const double at = q * double(values.size() - 1);
        const size_t below = size_t(at);
        const double above = below + 1 < values.size() ? values[below + 1] : values[below];
        return values[below] + (at - double(below)) * (above - values[below]);
    };
    return int64_t(std::llround((quantile(0.75) - quantile(0.25)) / 2));
}

// The launcher's calibration burst: ns per launch; 0 when absent.
double calibrationNsPerLaunch(const nlohmann::json &reference)
{
    if (!reference.is_object() || !reference.contains("calibration") || !reference["calibration"].is_object())
        return 0;
    const nlohmann::json &c = reference["calibration"];
    if (!c.contains("ns_per_launch") || !c["ns_per_launch"].is_number())
        return 0;
    return std::max(0.0, c["ns_per_launch"].get<double>());
}

int64_t jsonMedianNs(const nlohmann::json &object, const char *key)
{
    return medianNs(jsonNumbers(object, key));
}

int64_t jsonNs(const nlohmann::json &object, const char *key)
{
    if (!object.contains(key) || !object[key].is_number())
        return 0;
    const double value = object[key].get<double>();
    return value > 0 ? int64_t(value + 0.5) : 0;
}

std::string clockName(const std::string &clock)
{
    if (clock == "cuda_event")
        return "CUDA events";
    if (clock == "perf_counter")
        return "host clock";
    return clock;
}

// A kernel at a time no capture clock gives (before the epoch: a damaged capture's INT64_MIN, which the
// importer keeps with a warning) is left out of the step: its span would overflow every figure.
bool onTheClock(const Kernel &k)
{
    return k.start_ns >= 0 && k.end_ns >= k.start_ns;
}

// "13.63 ms (median of 3, CUDA events)": the plain step time as the step timing's note gives it.
std::string plainStepText(const ReferenceTiming &reference)
{
    return formatFixedDuration(reference.referenceNs, 1) + " (median of " + std::to_string(reference.steps) + ", " +
           clockName(reference.clock) + ")";
}

struct Work {
    int64_t start = 0, end = 0, launch = -1;
    Index kernel = kNoIndex;
};

// Busy time and idle gaps of the work inside [start, end] (HTA's split of idle time by launch time).
void sweep(StepTiming &t, std::vector<Work> work)
{
    std::sort(work.begin(), work.end(), [](const Work &a, const Work &b) { return a.start < b.start; });
    int64_t cursor = t.start_ns;
    for (const Work &w : work) {
        const int64_t start = std::max(w.start, t.start_ns), end = std::min(w.end, t.end_ns);
        if (start > cursor) {
            const IdleCause cause = w.launch < 0         ? IdleCause::Unknown
                                    : w.launch >= cursor ? IdleCause::HostLaunch
                                                         : IdleCause::LaunchLatency;
            (cause == IdleCause::Unknown      ? t.other_idle_ns
             : cause == IdleCause::HostLaunch ? t.host_wait_ns
                                              : t.launch_wait_ns) += start - cursor;
            t.gaps.push_back({cursor, start, cause, w.kernel});
        }
        if (end > cursor) {
            t.busy_ns += end - std::max(cursor, start);
            cursor = end;
        }
    }
    if (t.end_ns > cursor) {
        t.host_wait_ns += t.end_ns - cursor;
        t.gaps.push_back({cursor, t.end_ns, IdleCause::StepEnd, kNoIndex});
    }
}

// Fills the span, busy and idle figures of `t` from its kernels and the memory operations launched in `window`.
void measure(const Profile &p, const Window &window, const WindowLaunches &launches, StepTiming &t)
{
    std::vector<Work> work;
    std::vector<bool> member(p.kernels.size(), false);
    std::optional<int32_t> device;
    std::vector<int64_t> latencies;
    for (const StepKernel &sk : t.kernels) {
        const Kernel &k = p.kernels[sk.kernel];
        work.push_back({k.start_ns, k.end_ns, sk.launch_ns, sk.kernel});
        member[sk.kernel] = true;
        device = device.value_or(k.device);
        // A kernel at an absurd time (a damaged capture) has no latency worth the overflow.
        if (int64_t latency = 0; sk.launch_ns >= 0 && !__builtin_sub_overflow(k.start_ns, sk.launch_ns, &latency))
            latencies.push_back(latency);
    }
    if (!latencies.empty()) {
        std::nth_element(latencies.begin(), latencies.begin() + latencies.size() / 2, latencies.end());
        t.median_launch_latency_ns = latencies[latencies.size() / 2];
    }
    std::vector<bool> memberOp(p.memory_ops.size(), false);
    for (size_t i = 0; i < p.memory_ops.size(); ++i) {
        const MemoryOp &m = p.memory_ops[i];
        if (m.start_ns < window.start_ns || m.start_ns < 0 || m.end_ns < m.start_ns)
            continue;
        if (const int64_t launch = launches.memoryOp(m); launch >= 0) {
            work.push_back({m.start_ns, m.end_ns, launch, kNoIndex});
            t.memory.push_back({i, launch});
            memberOp[i] = true;
            device = device.value_or(m.device);
            ++t.memory_ops;
        }
    }
    if (work.empty()) {
        t.start_ns = window.start_ns;
        t.end_ns = window.end_ns;
    } else {
        int64_t first = INT64_MAX, last = INT64_MIN;
        for (const Work &w : work) {
            first = std::min(first, w.start);
            last = std::max(last, w.end);
        }
        // The GPU could start this step's work once the host began it and the work before it was done.
        int64_t before = INT64_MIN;
        for (Index k = 0; k < p.kernels.size() && p.kernels[k].start_ns < first; ++k)
            if (!member[k] && p.kernels[k].device == *device)
                before = std::max(before, p.kernels[k].end_ns);
        for (size_t i = 0; i < p.memory_ops.size(); ++i)
            if (!memberOp[i] && p.memory_ops[i].start_ns < first && p.memory_ops[i].device == *device)
                before = std::max(before, p.memory_ops[i].end_ns);
        t.start_ns = std::min(std::max(window.start_ns, before), first);
        t.end_ns = std::max(window.end_ns, last);
    }
    t.measured_step_ns = t.end_ns - t.start_ns;
    t.step_ns = t.measured_step_ns;
    t.host_start_ns = window.start_ns;
    t.host_end_ns = window.end_ns;
    std::vector<std::pair<int64_t, int64_t>> kernelIntervals;
    for (const StepKernel &sk : t.kernels) {
        const Kernel &k = p.kernels[sk.kernel];
        t.kernel_ns += k.duration();
        kernelIntervals.emplace_back(k.start_ns, k.end_ns);
    }
    t.kernel_busy_ns = unitedLength(std::move(kernelIntervals));
    t.overlap_ns = t.kernel_ns - t.kernel_busy_ns;
    sweep(t, std::move(work));
}

bool fromReferenceStep(const Profile &p, std::string_view captureRange, StepTiming &t)
{
    if (p.reference_twins.empty())
        return false;
    const std::optional<Window> window = referenceWindow(p, captureRange);
    if (!window)
        return false;
    const WindowLaunches launches(p, *window);
    for (Index k = 0; k < p.kernels.size(); ++k)
        if ((p.kernels[k].flags & kKernelReferenceStep) && onTheClock(p.kernels[k])) {
            const Index twin = p.referenceTwin(k);
            t.unpaired += twin == kNoIndex;
            t.kernels.push_back({k, twin, launches.kernel(p.kernels[k])});
        }
    if (t.kernels.empty())
        return false;
    t.source = StepTiming::Source::ReferenceStep;
    measure(p, *window, launches, t);
    t.note = "the plain step " + window->name +
             ", run right before the labelled step without module labels or emit_nvtx: its " +
             std::to_string(t.kernels.size()) +
             " kernels' durations, gaps and launch latencies, each attributed through its twin in the labelled step";
    if (t.unpaired)
        t.note += " (" + std::to_string(t.unpaired) + " have no twin and stay unattributed: see the warnings)";
    // nsys's API tracing slows the host down; the step time is the plain one, timed without nsys.
    if (const std::optional<ReferenceTiming> reference = referenceTiming(p); reference && reference->tracedNs > 0) {
        t.corrected = true;
        t.step_ns = reference->referenceNs;
        t.note += "; the step time is the plain step's without nsys, " + plainStepText(*reference) +
                  ", as nsys's API tracing slows the host: the trace's plain step took " +
                  formatFixedDuration(t.measured_step_ns, 1);
    }
    return true;
}

void fromLabelledStep(const Profile &p, std::string_view captureRange, StepTiming &t)
{
    std::optional<Window> window = labelledWindow(p, captureRange);
    if (!window) {
        // No step range at all: the captured kernels' span.
        int64_t lo = INT64_MAX, hi = INT64_MIN;
        for (const Kernel &k : p.kernels)
            if (!(k.flags & kKernelOutsideCapture) && onTheClock(k)) {
                lo = std::min(lo, k.start_ns);
                hi = std::max(hi, k.end_ns);
            }
        if (hi < lo)
            return;
        window = Window{lo, hi, "the captured kernels' span"};
    }
    const WindowLaunches launches(p, *window);
    const bool byLaunch = !p.api_calls.empty();
    for (Index k = 0; k < p.kernels.size(); ++k) {
        const Kernel &kernel = p.kernels[k];
        if ((kernel.flags & kKernelOutsideCapture) || !onTheClock(kernel))
            continue;
        const int64_t launch = launches.kernel(kernel);
        // Without API calls (a trace of kernels only) membership goes by start time.
        const bool inside =
            byLaunch ? launch >= 0 : kernel.start_ns >= window->start_ns && kernel.start_ns <= window->end_ns;
        if (inside)
            t.kernels.push_back({k, k, launch});
    }
    t.source = StepTiming::Source::LabelledStep;
    measure(p, *window, launches, t);
    const bool hasReferenceRange = referenceWindow(p, captureRange).has_value();
    t.note =
        "the labelled step (" + window->name + "), as instrumented: " +
        (hasReferenceRange ? "the plain reference step in this trace could not be paired with it (see the warnings)"
                           : "this trace holds no plain reference step");
    const std::optional<ReferenceTiming> reference = referenceTiming(p);
    if (reference && reference->referenceNs > 0) {
        t.corrected = true;
        t.step_ns = reference->referenceNs;
        t.note += "; the step time is the plain step's, " + plainStepText(*reference) + ", instead of the " +
                  formatFixedDuration(t.measured_step_ns, 1) + " measured in the trace; " +
                  (t.kernels.empty() ? "operator times" : "kernel durations and gaps") + " are the captured step's";
    }
}

} // namespace

double ReferenceTiming::overhead() const
{
    return referenceNs > 0 && capturedNs > 0 ? double(capturedNs) / double(referenceNs) : 0.0;
}

std::optional<ReferenceTiming> referenceTimingFromStatus(const nlohmann::json &reference)
{
    if (!reference.is_object())
        return std::nullopt;
    ReferenceTiming t;
    // The median of the steady steps (the launcher's median_ns takes them all: a file without the steps).
    const std::vector<double> steps = jsonNumbers(reference, "steps_ns");
    const size_t first = firstSteadyStep(steps);
    t.referenceNs = steps.empty() ? jsonNs(reference, "median_ns") : medianNs({steps.begin() + first, steps.end()});
    t.steps = int(steps.size() - first);
    t.warmingUpSteps = int(first);
    t.spreadNs = halfInterquartileNs({steps.begin() + first, steps.end()});
    t.capturedNs = jsonNs(reference, "captured_median_ns");
    if (reference.contains("clock") && reference["clock"].is_string())
        t.clock = reference["clock"].get<std::string>();
    // The host's pace: its fastest plain step. A host that runs ahead of the GPU fills the launch queue
    // and is then held back to the GPU's pace, so its later steps measure the GPU, not the host.
    const std::vector<double> cpu = jsonNumbers(reference, "cpu_steps_ns");
    t.referenceCpuNs = cpu.empty() ? 0 : int64_t(*std::min_element(cpu.begin(), cpu.end()));
    t.capturedCpuNs = jsonMedianNs(reference, "captured_cpu_steps_ns");
    if (t.referenceNs <= 0)
        return std::nullopt;
    return t;
}

std::optional<ReferenceTiming> referenceTimingFromStatus(const nlohmann::json &traced, const nlohmann::json &plain)
{
    std::optional<ReferenceTiming> timing = referenceTimingFromStatus(traced);
    const std::optional<ReferenceTiming> untraced = referenceTimingFromStatus(plain);
    if (!untraced)
        return timing;
    ReferenceTiming t = *untraced;
    t.capturedNs = timing ? timing->capturedNs : 0;
    t.capturedCpuNs = timing ? timing->capturedCpuNs : 0;
    t.tracedNs = timing ? timing->referenceNs : 0;
    t.tracedCpuNs = timing ? timing->referenceCpuNs : 0;
    // nsys's cost per call: the same burst of launches, traced and plain.
    if (const double tracedBurst = calibrationNsPerLaunch(traced), plainBurst = calibrationNsPerLaunch(plain);
        tracedBurst > 0 && plainBurst > 0)
        t.tracingCostPerCallNs = std::max(0.0, tracedBurst - plainBurst);
    t.plainLaunchNs = std::max(0.0, calibrationNsPerLaunch(plain));
    return t;
}

std::optional<ReferenceTiming> referenceTiming(const Profile &p)
{
    ReferenceTiming t;
    t.referenceNs = metadataInt(p, kReferenceStepNsKey);
    if (t.referenceNs <= 0)
        return std::nullopt;
    t.capturedNs = std::max<int64_t>(0, metadataInt(p, kCapturedStepNsKey));
    t.steps = int(metadataInt(p, kReferenceStepsKey));
    t.warmingUpSteps = int(std::max<int64_t>(0, metadataInt(p, kReferenceWarmingUpStepsKey)));
    if (const std::string *clock = p.metadataValue(kReferenceClockKey))
        t.clock = *clock;
    t.referenceCpuNs = std::max<int64_t>(0, metadataInt(p, kReferenceCpuStepNsKey));
    t.capturedCpuNs = std::max<int64_t>(0, metadataInt(p, kCapturedCpuStepNsKey));
    t.tracedNs = std::max<int64_t>(0, metadataInt(p, kReferenceTracedStepNsKey));
    t.tracedCpuNs = std::max<int64_t>(0, metadataInt(p, kReferenceTracedCpuStepNsKey));
    t.spreadNs = std::max<int64_t>(0, metadataInt(p, kReferenceSpreadNsKey));
    if (const std::string *cost = p.metadataValue(kHostTracingCostKey))
        t.tracingCostPerCallNs = std::max(0.0, std::strtod(cost->c_str(), nullptr));
    if (const std::string *launch = p.metadataValue(kHostLaunchCostKey))
        t.plainLaunchNs = std::max(0.0, std::strtod(launch->c_str(), nullptr));
    return t;
}

void setReferenceTiming(Profile &p, const ReferenceTiming &t)
{
    p.setMetadata(kReferenceStepNsKey, std::to_string(t.referenceNs));
    if (t.capturedNs > 0)
        p.setMetadata(kCapturedStepNsKey, std::to_string(t.capturedNs));
    if (t.overhead() > 0) {
        char buffer[32];
        std::snprintf(buffer, sizeof buffer, "%.3f", t.overhead());
        p.setMetadata(kCaptureOverheadKey, buffer);
    }
    p.setMetadata(kReferenceClockKey, t.clock);
    p.setMetadata(kReferenceStepsKey, std::to_string(t.steps));
    if (t.warmingUpSteps > 0)
        p.setMetadata(kReferenceWarmingUpStepsKey, std::to_string(t.warmingUpSteps));
    if (t.referenceCpuNs > 0)
        p.setMetadata(kReferenceCpuStepNsKey, std::to_string(t.referenceCpuNs));
    if (t.capturedCpuNs > 0)
        p.setMetadata(kCapturedCpuStepNsKey, std::to_string(t.capturedCpuNs));
    if (t.tracedNs > 0)
        p.setMetadata(kReferenceTracedStepNsKey, std::to_string(t.tracedNs));
    if (t.tracedCpuNs > 0)
        p.setMetadata(kReferenceTracedCpuStepNsKey, std::to_string(t.tracedCpuNs));
    if (t.spreadNs > 0)
        p.setMetadata(kReferenceSpreadNsKey, std::to_string(t.spreadNs));
    if (t.tracingCostPerCallNs > 0) {
        char buffer[32];
        std::snprintf(buffer, sizeof buffer, "%.1f", t.tracingCostPerCallNs);
        p.setMetadata(kHostTracingCostKey, buffer);
    }
    if (t.plainLaunchNs > 0) {
        char buffer[32];
        std::snprintf(buffer, sizeof buffer, "%.1f", t.plainLaunchNs);
        p.setMetadata(kHostLaunchCostKey, buffer);
    }
}

std::string describeReferenceTiming(const ReferenceTiming &t)
{
    std::string text =
        "plain " + formatFixedDuration(t.referenceNs, 1) +
        (t.spreadNs > 0 ? " +/- " + formatFixedDuration(t.spreadNs, 1) : std::string()) + " (median of " +
        std::to_string(t.steps) + (t.steps == 1 ? " step" : " steps") +
        (t.warmingUpSteps > 0 ? " after " + std::to_string(t.warmingUpSteps) + " still warming up" : "") + ", " +
        clockName(t.clock) +
        (t.tracedNs > 0 ? ", without nsys; " + formatFixedDuration(t.tracedNs, 1) + " under nsys" : "") + ")";
    if (t.capturedNs > 0)
        text += ", captured " + formatFixedDuration(t.capturedNs, 1) + ": " + formatFactor(t.overhead());
    return text;
}

std::string describeCaptureOverhead(const ReferenceTiming &reference, const StepTiming &timing)
{
    if (!reference.notable())
        return {};
    std::string text = "the captured step ran " + formatFactor(reference.overhead()) + " slower than the plain step: ";
    switch (timing.source) {
    case StepTiming::Source::ReferenceStep:
        if (timing.corrected)
            return text + "shares of the step are computed on the plain step's time without nsys (" +
                   formatFixedDuration(timing.step_ns, 1) +
                   "), with the kernels and gaps of the plain step in the trace, attributed through the labelled "
                   "step's";
        return text + "shares of the step are computed on the plain step in the trace (" +
               formatFixedDuration(timing.step_ns, 1) + "), its kernels attributed through the labelled step's";
    case StepTiming::Source::LabelledStep:
        if (timing.corrected)
            return text + "shares of the step are computed on the plain step's time (" +
                   formatFixedDuration(timing.step_ns, 1) + "); the " +
                   (timing.kernels.empty() ? "operator times" : "kernels and gaps") + " are the captured step's";
        break;
    case StepTiming::Source::None:
        break;
    }
    return text + "times measured in the captured step are inflated by the instrumentation";
}

std::string_view toString(IdleCause cause)
{
    switch (cause) {
    case IdleCause::HostLaunch:
        return "host_launch";
    case IdleCause::LaunchLatency:
        return "launch_latency";
    case IdleCause::Unknown:
        return "unknown";
    case IdleCause::StepEnd:
        return "step_end";
    }
    return "unknown";
}

std::string_view toString(StepTiming::Source source)
{
    switch (source) {
    case StepTiming::Source::None:
        return "none";
    case StepTiming::Source::ReferenceStep:
        return "reference_step";
    case StepTiming::Source::LabelledStep:
        return "labelled_step";
    }
    return "none";
}

double StepTiming::busyShare() const
{
    return step_ns > 0 ? std::min(1.0, double(busy_ns) / double(step_ns)) : 0.0;
}

StepRange stepOnGpu(const Profile &p, const StepRange &hostRange)
{
    const Window window{hostRange.start_ns, hostRange.end_ns, hostRange.name};
    const WindowLaunches launches(p, window);
    StepTiming t;
    for (Index k = 0; k < p.kernels.size(); ++k)
        if (const int64_t launch = launches.kernel(p.kernels[k]); launch >= 0)
            t.kernels.push_back({k, kNoIndex, launch});
    measure(p, window, launches, t);
    return {t.start_ns, t.end_ns, hostRange.name, hostRange.ranged};
}

std::vector<StepRange> referenceSteps(const Profile &p)
{
    std::vector<StepRange> steps;
    for (const Range &r : p.ranges)
        if (r.kind == RangeKind::StartEnd && p.text(r.text).starts_with(kReferenceRangePrefix))
            steps.push_back(stepOnGpu(p, {r.start_ns, r.end_ns, std::string(p.text(r.text))}));
    std::sort(steps.begin(), steps.end(),
              [](const StepRange &a, const StepRange &b) { return a.start_ns < b.start_ns; });
    return steps;
}

std::optional<StepRange> labelledStep(const Profile &p, std::string_view captureRange)
{
    if (const std::optional<Window> window = labelledWindow(p, captureRange))
        return StepRange{window->start_ns, window->end_ns, window->name};
    return std::nullopt;
}

StepTiming stepTiming(const Profile &p, std::string_view captureRange)
{
    StepTiming t;
    if (!fromReferenceStep(p, captureRange, t)) {
        t = StepTiming();
        fromLabelledStep(p, captureRange, t);
    }
    if (t.source == StepTiming::Source::None)
        t.note = "no step in this profile: no step range and no captured kernel";
    return t;
}

nlohmann::ordered_json stepTimingJson(const StepTiming &t)
{
    return {{"source", toString(t.source)},
            {"note", t.note},
            {"step_ns", t.step_ns},
            {"measured_step_ns", t.measured_step_ns},
            {"corrected", t.corrected},
            {"kernels", t.kernels.size()},
            {"unpaired_kernels", t.unpaired},
            {"memory_ops", t.memory_ops},
            {"kernel_ns", t.kernel_ns},
            {"busy_ns", t.busy_ns},
            {"gpu_busy_share", t.busyShare()},
            {"overlap_ns", t.overlap_ns},
            {"host_wait_ns", t.host_wait_ns},
            {"launch_wait_ns", t.launch_wait_ns},
            {"other_idle_ns", t.other_idle_ns},
            {"median_launch_latency_ns", t.median_launch_latency_ns},
            {"gaps", t.gaps.size()}};
}

} // namespace opscope
