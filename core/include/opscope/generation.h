#pragma once
// Generation requests: a `generate()` call (or a request the script marks) as the step, and inside it the
// iterations of the decode loop as phases: `prefill` (from the request's start to the start of its second
// iteration: the first token is out) and `decode#k`. The launcher (opscope_launcher/generation.py) times every
// iteration of the plain reference requests and of the captured ones, and marks the captured request's
// phases with the ranges OPSCOPE_PREFILL and OPSCOPE_DECODE#k; this turns both into what inference users read
// (docs/capture.md, "Generation requests"):
// - time to first token (TTFT), time per output token (TPOT: median and p90 over the decode iterations) and
//   tokens per second, from the plain requests (no instrumentation) and from the captured ones;
// - per phase of the captured request: its kernels (by their launch inside the phase's range) and the GPU's
//   busy share of the plain phase; per module: its time in the prefill and per decoded token;
// - the decode iterations as a group, like identical layers: their spread and the outliers, with what makes
//   each one slower (more allocations: the KV cache grows; other kernels: a recompilation or another path);
// - the memory of the request from the allocator's blocks: the KV cache (blocks allocated in attention
//   modules and kept past their iteration), its growth per token and what is allocated per token for it,
//   the weights, the temporaries of an iteration, the peak.

#include "opscope/format.h"
#include "opscope/metadata_keys.h"
#include "opscope/profile.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace opscope {

// The launcher's ranges of a generation request's phases (its timing is under kGenerationTimingKey, JSON).
inline constexpr std::string_view kPrefillRange = "OPSCOPE_PREFILL";
inline constexpr std::string_view kDecodeRangePrefix = "OPSCOPE_DECODE#";

// One request as the launcher timed it (CUDA events at its boundaries, else the host's clock).
struct TimedRequest {
    int batch = 0;                     // sequences generated for; 0 unknown
    int promptTokens = 0;              // 0 unknown
    std::vector<int64_t> iterationsNs; // the prefill, then each decode iteration
    int64_t requestNs() const;
    bool operator==(const TimedRequest &) const = default;
};

struct GenerationTiming {
    std::string clock;                   // "cuda_event" or "perf_counter"
    std::string boundary;                // how iterations were found: "library", "marker" or "module"
    std::vector<TimedRequest> reference; // the plain requests (no instrumentation)
    std::vector<TimedRequest> captured;  // the captured requests, timed the same way
    // Under nsys the plain requests are timed in the correlation pass (a process without nsys, as the
    // plain step is: docs/capture.md); the nsys process's own are kept here.
    std::vector<TimedRequest> tracedReference;
    bool operator==(const GenerationTiming &) const = default;
};

// The launcher status's "generation" object; nullopt when it has none or no timed request. `plain`, when
// given (the correlation pass's status under nsys), gives the plain requests.
std::optional<GenerationTiming> generationTimingFromStatus(const nlohmann::json &generation,
                                                           const nlohmann::json &plain = nullptr);
nlohmann::ordered_json generationTimingJson(const GenerationTiming &timing);
// The timing kept in the profile's metadata (kGenerationTimingKey); nullopt without it or when it cannot be
// read (p.warnings is not touched: the import checked it).
std::optional<GenerationTiming> generationTiming(const Profile &p);
void setGenerationTiming(Profile &p, const GenerationTiming &timing);

// What inference users read, over a set of requests.
struct TokenFigures {
    int requests = 0;
    int batch = 0;                    // of the first request; 0 unknown (tokens per second then count one sequence)
    int tokens = 0;                   // new tokens per sequence: iterations of the first request
    int64_t ttftNs = 0;               // median prefill (request start to first token out)
    int64_t tpotMedianNs = 0;         // median over every decode iteration of the requests; 0 without decode
    int64_t tpotP90Ns = 0;            // 90th percentile of the same
    int64_t requestNs = 0;            // median request
    double tokensPerSecond = 0;       // batch x tokens / median request
    double decodeTokensPerSecond = 0; // batch / median TPOT: the steady decode rate
};
std::optional<TokenFigures> tokenFigures(const std::vector<TimedRequest> &requests);
// The median of durations or sizes (of an even count the mean of the middle two; 0 for none), as the figures take it.
int64_t medianOf(std::vector<int64_t> values);

// A phase of a captured request, read from its range in the trace.
struct RequestPhase {
    int request = 0;                  // captured request, from 0
    int iteration = 0;                // 0 the prefill, k decode#k
    int64_t start_ns = 0, end_ns = 0; // its range on the host
    Index range = kNoIndex;           // ranges[]
    std::vector<Index> kernels;       // launched inside it (kernels[] of the trace)
    int64_t kernelNs = 0;             // their summed durations, as the step timing measured them
    int64_t busyNs = 0;               // the union of their intervals
    size_t operators = 0;             // operators (any depth) started inside it
    int64_t allocatedBytes = 0;       // allocator blocks allocated inside it
    size_t allocations = 0;
    std::string name() const; // "prefill", "decode#3"
    int64_t duration() const { return end_ns - start_ns; }
};

// A module's time in the two kinds of phase (all the calls of its path, submodules included).
struct ModulePhaseTime {
    std::string path; // "" the root; a phase's name (phases.h) for work outside the modules
    std::string className;
    bool phase = false;     // a phase of the step (phases.h: other, data ...), not a module
    int64_t prefillNs = 0;  // in the prefill (summed over the captured requests / their number)
    int64_t decodeNs = 0;   // in every decode iteration
    int64_t perTokenNs = 0; // decodeNs / decode iterations
};

// A decode iteration much slower than the others (kOutlierFactor x the median) and why.
struct IterationOutlier {
    int request = 0;
    int iteration = 0; // decode#k
    int64_t ns = 0;
    std::string why;
};

struct RequestMemory {
    bool known = false; // the trace has allocator blocks in the captured request
    int32_t device = -1;
    // Blocks allocated in attention modules (path or class naming attention) and kept past the iteration
    // that allocated them: the KV cache as the model keeps it.
    int64_t kvCacheBytes = 0;             // held at the start of the last iteration
    int64_t kvGrowthPerTokenBytes = 0;    // median growth from one decode iteration to the next
    int64_t kvAllocatedPerTokenBytes = 0; // median bytes such blocks take per decode iteration
    int64_t requestStateBytes = 0;        // every block allocated in the request and held at the last iteration's start
    int64_t weightsBytes = 0;             // parameters and buffers on that device (the launcher's tensor inventory)
    int64_t temporariesBytes = 0;         // median bytes allocated and freed within one decode iteration
    int64_t peakBytes = 0;                // the allocator's peak (memory.h)
    std::vector<std::string> kvModules;   // the modules that allocated the cache's blocks in the decode
};

inline constexpr double kOutlierFactor = 1.5;

struct GenerationReport {
    std::optional<GenerationTiming> timing;
    std::optional<TokenFigures> plain;    // the reference requests at the steady pace
    int plainWarmingUp = 0;               // reference requests before them, still warming up (as the step's)
    std::optional<TokenFigures> captured; // the captured requests, instrumented
    std::vector<RequestPhase> phases;     // of the captured requests, in time order
    bool gpu = false;                     // the phases hold kernels (else operators on the host)
    // Busy share of the GPU: the phase's kernels (union) over its plain time (TTFT; per iteration the TPOT
    // median); -1 when unknown.
    double prefillBusyShare = -1;
    double decodeBusyShare = -1;
    int64_t prefillKernelNs = 0;          // kernels of the prefill (per request)
    int64_t decodeKernelNsPerToken = 0;   // kernels of a decode iteration, median
    size_t decodeKernelsPerToken = 0;     // kernels launched in a decode iteration, median
    std::vector<ModulePhaseTime> modules; // largest per-token time first
    // The decode iterations of the captured requests as a group (their ranges' durations).
    int decodeIterations = 0;
    int64_t decodeMinNs = 0, decodeMedianNs = 0, decodeMaxNs = 0;
    std::vector<IterationOutlier> outliers;
    RequestMemory memory;
    bool present() const { return timing.has_value() || !phases.empty(); }
};

// True for a module instance that is attention, or inside one: its path's last name holds "attn" or "attention", or
// its class name "Attention" (any case). Where the KV cache is allocated, and the attention's kernels run.
bool isAttentionModule(const Profile &p, Index module);

// The range a phase is marked with ("prefill" -> OPSCOPE_PREFILL, "decode#5" -> OPSCOPE_DECODE#5); nullopt for
// any other name.
std::optional<std::string> phaseRangeName(std::string_view phase);

// The phases of the captured requests from their ranges (prefill first, in time order), with nothing filled
// but the request, iteration, times and range.
std::vector<RequestPhase> requestPhases(const Profile &p);
GenerationReport analyzeGeneration(const Profile &p);

nlohmann::ordered_json generationJson(const GenerationReport &report);
// A few lines for `opscope summary`: the figures, the group of decode iterations, the memory.
std::vector<std::string> describeGeneration(const GenerationReport &report, Typography micro = Typography::Ascii);

} // namespace opscope
