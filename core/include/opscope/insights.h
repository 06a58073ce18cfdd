#pragma once
// Insights: the profile read the way an expert reads it, in plain words, ranked by what fixing
// each could gain. Every insight carries the numbers that triggered it, what it is about, and an
// estimated gain that is an upper bound from the time it covers (like Nsight Compute's
// "Est. Speedup"). The thresholds are stated in docs/insights.md.

#include "opscope/format.h"
#include "opscope/profile.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace opscope {

enum class Severity { Low = 0, Medium = 1, High = 2 };
std::string_view toString(Severity severity);

struct Insight {
    std::string kind;        // stable id: "launch-bound", "cold-start", "synchronization", ...
    std::string title;       // one line
    std::string explanation; // the numbers and what to do
    Severity severity = Severity::Low;
    int64_t estimatedGainNs = 0; // upper bound of the time fixing it could save per step
    double gainShareOfStep = 0;  // estimatedGainNs / step GPU wall time
    std::vector<Index> kernels;
    std::vector<Index> operators;
    std::vector<std::string> modules; // module paths
    nlohmann::ordered_json figures;   // the measured values behind it
};

// The step(s) of the capture: time windows on the profile's clock.
struct StepWindow {
    int64_t start_ns = 0;
    int64_t end_ns = 0;
    std::string name;
};
// Steps from ProfilerStep#N / step#N annotations, else the capture range(s), else the span of the
// captured kernels.
std::vector<StepWindow> findSteps(const Profile &p);

// GPU utilisation of the steps (HTA's idle split).
struct GpuTimeBreakdown {
    int64_t wallNs = 0;       // step windows together
    int64_t busyNs = 0;       // union of kernel (and memory op) intervals inside them
    int64_t hostWaitNs = 0;   // idle while the host had not launched the next kernel yet
    int64_t kernelWaitNs = 0; // idle although the next kernel was already launched (launch latency)
    int64_t otherIdleNs = 0;  // idle with no launch information
    size_t kernels = 0;
    double busyFraction() const { return wallNs ? double(busyNs) / double(wallNs) : 0.0; }
};
GpuTimeBreakdown gpuTimeBreakdown(const Profile &p, const std::vector<StepWindow> &steps);

// All insights, sorted by estimated gain (largest first). Durations in the text spell the
// microsecond as `micro` says ("us" for terminals and reports, "µs" in the GUI).
std::vector<Insight> findInsights(const Profile &p, MicroUnit micro = MicroUnit::Ascii);

nlohmann::ordered_json insightToJson(const Profile &p, const Insight &insight);

} // namespace opscope
