#pragma once
// Ranks as a dimension of one profile, and why a rank waits (docs/ranks.md): the analysis of ranks.
// (Their capture is pipeline/rank_capture.h, their import rank_merge.cpp and nsys_ranks.cpp.)
//
// A profile imported from several per-rank traces carries the rank on its threads and devices
// (Thread::rank, Device::rank; -1 in a single-process profile). Collectives are the NCCL kernels
// (ncclDevKernel_*, ncclKernel_*) and custom collective kernels (isCollectiveKernelName) of a rank, or, for a rank
// without GPU collectives (gloo on the CPU), its collective cpu ops (gloo:*, nccl:*); Kineto's collective args give
// them size, dtype and process group. The ranks are put side by side by what their traces record, not by where
// their windows start: each rank's ProfilerStep#N is the same step on every rank, and a collective is matched
// by its process group and its order in that group within the step (NCCL's sequence number where the trace has
// one). Work outside every step two ranks recorded is left out, and said so (RankAlignment).
#include "opscope/collective_names.h"
#include "opscope/metadata_keys.h"
#include "opscope/profile.h"
#include "opscope/step_timing.h"

#include <compare>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace opscope {

// What a collective is matched across ranks by: its step and its order in its process group within that
// step, or, where every rank's trace gives NCCL's sequence number for the group, that number (step -1).
struct CollectiveKey {
    int64_t step = -1;
    std::string group;
    int64_t order = 0;
    auto operator<=>(const CollectiveKey &) const = default;
};

// One collective call on one rank.
struct Collective {
    int rank = -1;
    CollectiveKind kind = CollectiveKind::Other;
    Index kernel = kNoIndex; // kernels[] (GPU collectives)
    Index op = kNoIndex;     // operators[] (CPU collectives)
    int64_t start_ns = 0;
    int64_t end_ns = 0;
    uint64_t bytes = 0;          // nccl-tests' size: the larger of the in and out buffers; 0 unknown
    std::string dtype;           // as Kineto writes it ("Float"); empty unknown
    std::string group;           // process group name ("0"); empty: the default group
    int groupSize = 0;           // ranks in the group; 0 unknown
    uint32_t indexInGroup = 0;   // n-th collective of `group` on this rank within its step (the trace, without steps)
    int64_t step = -1;           // the ProfilerStep#N it was launched in; -1 outside every step (or no steps)
    int64_t sequence = -1;       // NCCL's sequence number in its group (Kineto's "Seq", torch >= 2.5); -1 unknown
    CollectiveKey key;           // what it is matched across ranks by
    bool matchable = true;       // false: left out of the matching (outside every compared step, or in a step
                                 // whose collectives of this group differ in number from the other ranks')
    bool incompleteStep = false; // left out as its step holds fewer or more of the group's collectives
    // nccl-tests' figures on this rank's own duration (which includes its wait): bytes / duration, and
    // that times busBandwidthFactor(kind, group size, else the world size); 0 without a size.
    double algBandwidth = 0.0; // byte/s
    double busBandwidth = 0.0; // byte/s
    // DDP's gradient bucket it all-reduces, from the launcher's comm-hook label around its launch
    // ("opscope.ddp_bucket#N path;path", docs/ranks.md): the bucket index and the modules whose
    // parameters' gradients fill it ("" is the root module). -1 / empty when not known.
    int bucket = -1;
    std::vector<std::string> modules;
    // FSDP2's unit it serves, from the range FSDP itself opens around the launch ("FSDP::all_gather
    // (transformer.h.0)", "FSDP::post_backward_reduce (...)"; no path: the root unit): `modules` holds the
    // unit's module path, whose parameters it gathers or whose gradients it reduces.
    bool fsdpUnit = false;
    int64_t exposedNs = 0; // of its duration, the part no compute of its rank overlaps (analyzeRanks)
};
// The text of the range the DDP comm hook opens around a bucket's all-reduce (ddp_buckets.py).
inline constexpr std::string_view kDdpBucketLabelPrefix = "opscope.ddp_bucket#";
// FSDP2's record_function ranges around a unit's parameter all-gather and gradient reduce-scatter
// (torch.distributed.fsdp's FSDPParamGroup), each followed by " (module path)" except for the root unit.
inline constexpr std::string_view kFsdpAllGatherLabel = "FSDP::all_gather";
inline constexpr std::string_view kFsdpReduceLabel = "FSDP::post_backward_reduce";
// The range the launcher opens on every rank the moment the ranks were released together at the start of
// the capture (distributed.py: RankAlignment): its start is one instant on every rank's clock, which aligns
// clocks of their own (the legacy profiler's traces count from their own start) far closer than
// collectives' ends.
inline constexpr std::string_view kRanksAlignedMarker = "opscope.ranks_aligned";
// Which step the rank figures are read on.
enum class RankStep {
    Recorded, // every kernel and collective the profile holds (a torch.profiler trace: the captured step)
    Plain,    // each rank's plain reference step (kKernelReferenceStep, per-rank nsys captures): run without
              // the launcher's labels and emit_nvtx, so the ranks' pace is the workload's own
};
std::string_view toString(RankStep step);
// Plain where every rank of `p` has reference-step kernels (a capture slows each rank's host
// differently: the recorded step's straggler can be the capture's), else Recorded.
RankStep preferredRankStep(const Profile &p);

// Every collective of `p` (of `step`), by rank then start.
std::vector<Collective> collectivesOf(const Profile &p, RankStep step = RankStep::Recorded);

// The rank of a kernel (through its device) or of a thread; -1 when the profile has no ranks.
int rankOfDevice(const Profile &p, int32_t deviceId);
// The number a device had in its own process: ranks merged into one profile renumber the devices of one
// host (each rank's cuda:0 ...) and keep that number as the device's "cuda_ordinal" property. The
// device id itself without that property.
int32_t cudaOrdinal(const Profile &p, int32_t deviceId);
// The ranks a profile holds, ascending (empty for a single-process profile).
std::vector<int> ranksOf(const Profile &p);

// One rank of a multi-rank profile as a profile of its own: its threads and devices and every event on
// them, references renumbered, metadata "rank" set, source_path its own file where the merge recorded it;
// the warnings of the other ranks' files left out. Any two ranks then compare as two profiles do
// (diffProfiles; `opscope diff FILE --ranks A,B`, the Ranks tab's Compare). Throws for a rank `p` lacks.
// `rows`, when given, receives for each kernel and operator of the result its index in `p`.
struct RankRows {
    std::vector<Index> kernels;
    std::vector<Index> operators;
};
Profile profileOfRank(const Profile &p, int rank, RankRows *rows = nullptr);

// Each rank's plain reference timing (the launcher's, per rank, in a job's profile: metadata
// "rank.<r>.reference_step_ns" ..., written by the job's import); empty where the ranks have none.
std::map<int, ReferenceTiming> rankReferenceTimings(const Profile &p);
void setRankReferenceTiming(Profile &job, int rank, const ReferenceTiming &timing);
// Where one rank's instruments (capture, replay, writing) cost it clearly more per step than the others'
// cost them (captured - plain, apart by more than a tenth of the plain step and 1 ms): a sentence per such
// rank, saying it is the instruments' time, not the rank's work. Empty where the ranks' costs agree.
std::vector<std::string> describeInstrumentCosts(const std::map<int, ReferenceTiming> &timings);
// The host each rank ran on, where the import knows it (metadata "rank_host.<r>"); "" unknown.
std::string rankHost(const Profile &p, int rank);

// One clock of a job's profile merged from several files (rank_merge.cpp): a node (a host's files, one
// nsys session) or a file on a clock of its own, and how it was put on the first node's clock.
struct NodeClock {
    std::string node; // the host, else the file
    std::vector<int> ranks;
    std::string basis;       // "reference", "collectives (N matched)", "capture start marker", "none"
    int64_t offsetNs = 0;    // added to its times
    int64_t residualNs = -1; // after the shift: median |end on it - end on the reference| of matched collectives
};
// Metadata keys: "rank_node.<r>" (its node), "node_clock.<node>" ("basis;offset;residual").
std::vector<NodeClock> nodeClocks(const Profile &p);

// Copies the ncu counters of one rank's own profile (its nsys capture, replayed) onto that rank's kernels
// in a job's profile made from the ranks' torch.profiler traces of the same captured step: the n-th
// launch of a kernel name in one is the n-th of that name in the other, for each name launched as often
// in both (a name launched a different number of times is left out, with its kernels). Kernels that
// have counters already keep them.
struct RankCounterCopy {
    size_t kernels = 0;        // job kernels given counters
    size_t namesLeftOut = 0;   // kernel names whose launch counts differ (or that the rank's own lacks)
    size_t kernelsLeftOut = 0; // the job's kernels of those names
};
RankCounterCopy copyRankCounters(Profile &job, int rank, const Profile &own);

// One collective matched across the ranks that ran it.
struct MatchedCollective {
    std::string group;
    uint32_t index = 0;
    CollectiveKind kind = CollectiveKind::Other;
    uint64_t bytes = 0;
    int groupSize = 0;
    std::vector<size_t> members; // into RankReport::collectives, one per rank
    int64_t arrivalSkewNs = 0;   // latest start - earliest start
    int64_t latencyNs = 0;       // shortest duration across the ranks
    int lastArrival = -1;        // rank that started last
    double busBandwidth = 0.0;   // byte/s at latencyNs; 0 without a size
    double algBandwidth = 0.0;   // byte/s
};

struct RankBreakdown {
    int rank = -1;
    int64_t spanNs = 0;           // first to last GPU (or collective) activity of the rank
    int64_t computeNs = 0;        // union of non-communication kernels
    int64_t overlappedCommNs = 0; // communication running while compute runs
    int64_t exposedCommNs = 0;    // communication intervals minus compute intervals
    int64_t idleNs = 0;           // span minus compute and communication
    int64_t waitNs = 0;           // summed over its collectives: latest arrival - its arrival
    size_t collectives = 0;
    size_t arrivedLast = 0;   // collectives where it started last (of >= 2 ranks)
    int64_t causedWaitNs = 0; // others' wait on collectives where it arrived last
    // The time the steps lose to it: per step, the longest delay it caused at one collective, from when the
    // waiting rank was ready for it (its compute launched before the collective done); summed over the steps.
    // Without steps, causedWaitNs.
    int64_t causedStepWaitNs = 0;
    size_t steps = 0;           // ProfilerStep#N ranges of the rank its figures are on (0: the trace has none)
    std::string host;           // where it ran, when known
    int64_t plainStepNs = 0;    // the launcher's timing of its plain reference step (a job's profile); 0 unknown
    int64_t capturedStepNs = 0; // ... and of its captured step; 0 unknown
};

// Why the straggler is late: its compute before the collectives where it arrived last, per module and
// per group of identical layers, against the same on the median rank (the rank of median compute among
// the others). "Before a collective" on a rank is the work it launched after its previous collective and
// before this one (kernels' correlation ids: a rank that arrives early keeps computing while it waits);
// on a rank without launch order (CPU ranks), the time from its previous collective's end to this one's
// start. The windows of all those collectives are united per rank.
struct WhyRow {
    std::string name; // module path ("blocks.1", "" the root), group ("blocks.*"), "(outside modules)", or an operator
    std::string className;
    bool group = false;
    size_t members = 1;              // modules in the group
    int64_t stragglerNs = 0;         // the module and its submodules, forward and backward
    int64_t medianNs = 0;            // the same on the median rank
    int64_t stragglerBackwardNs = 0; // of which in the backward pass
    int64_t medianBackwardNs = 0;
    int64_t extraNs() const { return stragglerNs - medianNs; }
    double ratio() const { return medianNs > 0 ? double(stragglerNs) / double(medianNs) : 0.0; }
};
struct WhyLate {
    int straggler = -1;
    int medianRank = -1;
    size_t collectives = 0;         // where the straggler arrived last (the windows)
    size_t steps = 0;               // the straggler's ProfilerStep ranges (0: none)
    int64_t stragglerComputeNs = 0; // in its windows
    int64_t medianComputeNs = 0;
    int64_t causedWaitPerStepNs = 0; // the time a step loses to it (RankBreakdown::causedStepWaitNs per step)
    // True when the straggler was named from the ranks' plain work, not from who arrived last under the
    // instruments (RankReport::instrumentedLast): the windows are then every collective of the step, and
    // causedWaitPerStepNs its extra compute per step over the median rank (what the others would wait).
    bool fromPlainWork = false;
    std::vector<WhyRow> modules;   // every module with time on either rank, most extra time first
    std::vector<WhyRow> groups;    // groups of identical layers, most extra time first
    std::vector<WhyRow> operators; // per operator name, most extra time first: the rows of a profile without modules
    // False when the straggler computed no more than the median rank before those collectives: it is
    // late for time before its kernels start (host work, input, or the capture's own instruments),
    // not for its GPU work, and the module rows do not explain it.
    bool lateFromCompute() const { return stragglerComputeNs > medianComputeNs; }
};

// How the ranks were put side by side: by their recorded steps where they record ProfilerStep#N (only
// the steps two ranks or more recorded are compared), else over the whole traces; and what was left out.
struct RankAlignment {
    bool bySteps = false;
    std::vector<int64_t> steps;                    // the steps compared
    std::map<int, std::vector<int64_t>> rankSteps; // the steps each rank recorded
    std::vector<int> ranksWithoutCommonStep;       // ranks none of whose steps another rank recorded
    size_t groupsBySequence = 0;                   // process groups matched by NCCL's sequence number
    size_t kernelsLeftOut = 0;                     // launched outside every compared step (collectives too)
    size_t collectivesLeftOut = 0;                 // of them, collectives
    std::vector<std::string> warnings;             // what was left out and why
};

// What a rank's host does in its labelled step: the CUDA calls it makes, and its work outside the model that
// launches nothing (a data loader of the user's own; analysis/host_only_work.h), largest operators first.
// Compared where the late rank is late for its host's time, not its GPU work.
struct RankHostWork {
    struct Op {
        std::string name;
        size_t calls = 0;
        int64_t ns = 0;
    };
    int rank = -1;
    size_t cudaCalls = 0;
    int64_t hostOnlyNs = 0;
    std::vector<Op> hostOnly;
    int64_t plainHostNs = 0; // the launcher's host time of a plain step (ReferenceTiming::referenceCpuNs); 0 unknown
};

// "work outside the model that launches nothing: 34.9 ms on rank 1 (aten::sort x3 34.9 ms) against ...".
std::string describeHostWork(const RankHostWork &late, const RankHostWork &other);

struct RankReport {
    RankStep step = RankStep::Recorded;
    RankAlignment alignment;
    std::vector<RankBreakdown> ranks;
    std::vector<Collective> collectives;
    std::vector<MatchedCollective> matched; // collectives seen on >= 2 ranks
    size_t unmatched = 0;                   // compared collectives seen on one rank only
    int straggler = -1;       // makes the others wait longest, kStragglerMargin x any other rank; -1 when none
    bool mutualWaits = false; // waits, but no straggler: the ranks made one another wait about as long
    WhyLate why;              // empty (straggler -1) without a straggler
    // Where the capture's instruments made another rank arrive last: the rank that did (-1 when the
    // straggler named did), and the sentence that says why the straggler named is the plain job's.
    int instrumentedLast = -1;
    std::string stragglerBasis;
    // Where the straggler was late for its host's time, not its GPU work: its host's work and the median
    // rank's (the straggler first). When they make the same CUDA calls and the late one does no more work
    // outside the model, the job has no straggler of its own work: straggler -1, instrumentedLast the rank that
    // arrived last, hostsEven, and stragglerBasis says why.
    std::vector<RankHostWork> hostWork;
    bool hostsEven = false;
    std::vector<std::string> instrumentCosts; // describeInstrumentCosts() of the ranks' timings
};
// The rank a job's one-step figures (step timing, the step's insights) are read on: the straggler, whose
// step every rank waits for; else the rank that computes most; else the first. `why` says which.
int stepRankOf(const RankReport &report, std::string *why = nullptr);

// A straggler's others wait at least this many times as long for it as for any other rank.
inline constexpr double kStragglerMargin = 1.5;
RankReport analyzeRanks(const Profile &p, RankStep step = RankStep::Recorded);

} // namespace opscope
