#pragma once
// Insights: the profile read the way a performance engineer reads it. Each insight is one root cause:
// what is slow, where (operator, module), the evidence measured in this profile, the fix, and the
// step time the fix would save. The gain is simulated: the what-if replay (whatif.h) of the step the
// timing is read on (the plain reference step where the trace has one) with the fix applied, so a GEMM
// made faster in a step bound by the host gains nothing. A kernel belongs to one insight at most: the
// root causes claim their kernels first (host synchronisation, FP32 matrix work, GEMM shapes, casts,
// copies, wave quantization), the per-kernel counter findings get what is left, one item per kernel.
// The rules are in docs/insights.md.

#include "opscope/format.h"
#include "opscope/host_model.h"
#include "opscope/profile.h"
#include "opscope/step_timing.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace opscope {

enum class Severity { Low = 0, Medium = 1, High = 2 };
std::string_view toString(Severity severity);

// A fix applied by the launcher and timed against the original (`opscope verify`): plain steps of both
// arms, alternated in separate processes. Stored in the run folder and the profile (docs/insights.md).
struct MeasuredGain {
    std::string fix;          // the verify fix that was applied ("pad=lm_head:50304")
    int64_t baselineNs = 0;   // median plain step of the original workload
    int64_t fixedNs = 0;      // ... of the workload with the fix
    int64_t gainNs = 0;       // baselineNs - fixedNs (negative: slower)
    int64_t spreadNs = 0;     // the gain's spread over the rounds (half the range of the per-round gains)
    int rounds = 0;           // A/B rounds run
    bool significant = false; // |gain| larger than its spread
    int64_t baselinePeakBytes = -1, fixedPeakBytes = -1; // peak allocated memory, where measured
};

// What an estimated step gain stands on.
enum class GainBasis : uint8_t {
    Replayed = 0,      // the what-if replay of the step on a plain timing, the host on its own cost (host_model.h)
    NoPlainTiming = 1, // no plain timing in the profile: the step gain is not known; ranked by the GPU time saved
    NotEstimated =
        2, // the trace cannot price the fix (cuDNN finds its fastest algorithm by trying): verify measures it
};
std::string_view toString(GainBasis basis);

struct Insight {
    std::string kind;                  // stable id: "shape-alignment", "host-sync", "launch-bound", ...
    std::string title;                 // the cause and the place, one line
    std::vector<std::string> evidence; // what was measured, one fact each
    std::string fix;                   // what to change
    std::string gainModel;             // how the gain was estimated
    Severity severity = Severity::Low;
    GainBasis gainBasis = GainBasis::Replayed;
    int64_t estimatedGainNs = 0;     // step time saved by the fix (what-if replay of the step); see gainBasis
    double gainShareOfStep = 0;      // estimatedGainNs / the step
    int64_t gpuTimeSavedNs = 0;      // kernel time the fix saves; more than the gain where the host sets the pace
    int64_t estimatedBytesSaved = 0; // memory insights: bytes the fix takes off the peak (no time gain)
    bool gainBelowSpread = false;    // the gain is smaller than the plain step's spread (ReferenceTiming::spreadNs)
    std::vector<Index> kernels;      // kernels[] of the labelled step (those the views show)
    std::vector<Index> operators;
    std::vector<std::string> modules; // module paths
    nlohmann::ordered_json figures;   // the measured values behind it
    // The `opscope verify --fix` that applies this fix without editing the script ("channels-last",
    // "pad=lm_head:50304"); empty where the fix needs a change to the code.
    std::string verifyFix;
    std::optional<MeasuredGain> measured; // the fix applied and timed, once `opscope verify` ran it
};

// The insights of a profile and the step they are computed on.
struct InsightReport {
    StepTiming timing;                        // the step every gain is on
    std::optional<ReferenceTiming> reference; // the launcher's plain and captured step times
    std::string overheadNote;                 // describeCaptureOverhead(): empty within 1.2x
    HostModel host;                           // the host's own cost per step the replay runs on (host_model.h)
    double hostScale = 1.0;                   // host.own_ns / host.span_ns: how much the replay compresses the host
    int64_t replayedStepNs = 0;               // the replay with no change
    std::vector<Insight> insights;            // largest gain first
    // A profile of several ranks: the rank whose step the step's insights are read on (same rank, same
    // step: insight_ranks.cpp), and why that one; -1 / empty for a single-process profile.
    int rank = -1;
    std::string rankNote;
};

// All insights. Durations in the text spell the microsecond as `micro` says ("us" for terminals and
// reports, "µs" in the GUI). `captureRange` is the NVTX range of the captured step.
InsightReport findInsights(const Profile &p, Typography micro = Typography::Ascii,
                           std::string_view captureRange = "CAPTURE");

// What the gains are computed on, in a few lines: the plain and captured step times with the overhead
// (and the > 1.2x sentence), the GPU-busy share and where the timing comes from.
std::vector<std::string> describeInsightStep(const InsightReport &report, Typography micro = Typography::Ascii);

// The gain as the lists print it: "estimated gain 6.39 ms (46.9 % of the step), 7.88 ms of GPU time", or why
// the step gain is not known ("step gain not known without a plain timing ...: 433.2 us of GPU time saved").
std::string describeInsightGain(const Insight &insight, Typography micro = Typography::Ascii);

nlohmann::ordered_json insightToJson(const Profile &p, const Insight &insight);
// {"step": {...}, "insights": [...]}
nlohmann::ordered_json insightReportToJson(const Profile &p, const InsightReport &report);

} // namespace opscope
