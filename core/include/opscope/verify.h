#pragma once
// `opscope verify`: a fix applied by the launcher without editing the script, and timed against the
// original workload. Both arms (A: the run's workload as captured, B: the same with the fixes) run as
// launcher processes of their own, with no profiler, nsys or labels; after the warm-up each waits at a
// step boundary, and OpScope lets them run blocks of plain steps in turn, A B A B ..., so that neither
// runs while the other is timed and drift of the machine falls on both. Each round's time of an arm is
// the median of its block (CUDA events on a GPU, perf_counter on the CPU); the gain is the median of
// the rounds' paired differences, its spread the half-width of a distribution-free confidence interval
// of that median. The result goes into <run>/verify.json and the run's profile (measured_gains.h), and
// the insights rank what was measured by it. docs/verify.md has the design, statistics and schema.

#include "opscope/insights.h"
#include "opscope/pipeline/run.h"
#include "opscope/progress.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace opscope::verify {

// A fix the launcher can apply (resources/launcher/opscope_launcher/fixes.py; tst_verify checks that
// both lists agree).
struct FixInfo {
    std::string name;
    std::string argument; // e.g. "MODULE:N"; empty: takes none
    std::string summary;
};
const std::vector<FixInfo> &knownFixes();
// Why `fix` ("pad=lm_head:50304") is not one the launcher takes; empty when it is.
std::string checkFix(std::string_view fix);

// How the rounds are run.
inline constexpr int kMinRounds = 5;  // the fewest a default run stops at: a >= 90 % interval needs 5
inline constexpr int kMaxRounds = 12; // a default run's cap: then "no measurable gain"

struct VerifyRequest {
    std::string run;                // run folder of `opscope capture|profile`
    std::vector<std::string> fixes; // what arm B applies
    std::optional<int> insight;     // the insight they come from (1-based, as `opscope insights` numbers them)
    int rounds = 0;                 // exactly this many; 0: from kMinRounds until significant, at most maxRounds
    int maxRounds = kMaxRounds;
    int warmup = -1;             // steps before the first block; -1: the capture's, at least 3 (5 with compile)
    int blockSteps = 0;          // timed steps per block; 0: about one second of steps (5..100)
    bool freshProcesses = false; // a new process per arm and round (nothing of one arm stays on the GPU)
    bool profile = false;        // also capture the fixed arm and write the before/after report
    std::string python;          // the interpreter; empty: the run's
    std::optional<std::chrono::milliseconds> timeout; // for the whole verify
};

// The step's outputs of both arms, compared where the fix must keep them.
struct OutputComparison {
    bool compared = false;  // false: a fix changes the numerics (bf16-autocast, compile), or no checksum
    bool match = false;     // within the tolerance
    double tolerance = 0;   // relative, of the outputs' RMS
    double difference = -1; // the largest relative difference seen (-1: unknown)
    std::string note;       // in words
};

struct Round {
    int64_t baselineNs = 0, fixedNs = 0; // medians of the round's blocks
    int baselineSteps = 0, fixedSteps = 0;
    int64_t baselinePeakBytes = -1, fixedPeakBytes = -1;
    int64_t gainNs() const { return baselineNs - fixedNs; }
};

// The gain over the rounds (verify_stats.cpp).
struct GainStatistics {
    int64_t baselineNs = 0, fixedNs = 0; // medians over the rounds
    int64_t gainNs = 0;                  // median of the paired per-round gains
    int64_t spreadNs = 0;                // half-width of the interval below, around the median
    int64_t lowNs = 0, highNs = 0;       // the interval: order statistics k and n+1-k of the gains
    double confidence = 0;               // its coverage (the sign test's), e.g. 0.9375 for 5 rounds
    bool significant = false;            // |gain| > spread
};
GainStatistics gainStatistics(const std::vector<Round> &rounds);
// The median of step times (the mean of the middle two for an even count); 0 for none.
int64_t median(std::vector<int64_t> values);

struct VerifyResult {
    std::string fix;                // the fixes joined by " + " (the key an insight's verifyFix matches)
    std::vector<std::string> fixes; // as given
    MeasuredGain gain;
    GainStatistics stats;
    std::string verdict; // "faster", "slower", "no measurable gain"
    std::string clock;   // "cuda_event" or "perf_counter"
    std::vector<Round> rounds;
    OutputComparison outputs;
    std::vector<std::string> applied; // what each fix did, as the launcher said it
    std::vector<std::string> notes;   // what the reader must know (a block cut short, processes restarted)
    nlohmann::ordered_json insight;   // the insight measured: index, kind, title, estimated_gain_ns ...; null
    std::string torch, device, when;  // the arms' torch, the device ("" on the CPU), UTC time of the run
    int warmup = 0, blockSteps = 0;
    int processes = 0; // launcher processes started (2 unless a script ran out of steps)
    double wallSeconds = 0;
    std::string logDir;               // <run>/verify/<id>: each arm's log
    std::string fixedRun, reportPath; // --profile: the fixed arm's run folder and the before/after report
};

nlohmann::ordered_json resultToJson(const VerifyResult &r);
// The result a verify.json holds (as resultToJson wrote it; missing fields stay at their defaults).
VerifyResult resultFromJson(const nlohmann::json &json);

// What the verify does while it runs: each launcher line (stage "A" or "B") and the round results.
struct VerifyCallbacks {
    std::function<void(std::string_view arm, std::string_view line)> onLine;
    std::function<void(int round, const Round &timing)> onRound;
};

// The fixes of an insight's verifyFix or a result's `fix`: fixes applied together are joined by " + "
// ("static-cache + compile=reduce-overhead").
std::vector<std::string> fixesOf(std::string_view joinedFixes);

// The verify fixes of insight `n` (1-based) of the run's profile (its verifyFix split at " + ": fixes
// applied together). Throws pipeline::ToolError when there is no such item or its fix needs a change to
// the code (the message says which and why).
struct InsightFix {
    std::vector<std::string> fixes;
    nlohmann::ordered_json insight;
};
InsightFix fixOfInsight(const std::string &run, int n);
// The first insight of the run's profile whose verify fix is `fix`, as fixOfInsight records it; null
// when none (or the run has no profile).
nlohmann::ordered_json insightMeasuredBy(const std::string &run, const std::string &fix);

// Runs both arms (and, with request.profile, the capture of the fixed arm and its report), stores the
// result in the run folder and its profile, and returns it. Throws pipeline::ToolError for a request
// it cannot run (an unknown fix, no workload in the manifest, a fix the launcher refuses, an arm that
// failed: the message names its log), FileError for the run folder, Cancelled when cancelled.
VerifyResult runVerify(const VerifyRequest &request, const VerifyCallbacks &callbacks = {},
                       const Progress &progress = {});

// Adds `result` to <run>/verify.json and to the run's profile (metadata verify_results), if the run
// has one. Throws FileError.
void storeResult(const std::string &run, const nlohmann::ordered_json &result);

// The lines `opscope verify` prints for a result.
std::vector<std::string> describeResult(const VerifyResult &r);

} // namespace opscope::verify
