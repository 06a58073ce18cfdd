#pragma once
// Ranks as a dimension of one profile, and why a rank waits (docs/ranks.md).
//
// A profile imported from several per-rank traces carries the rank on its threads and devices
// (Thread::rank, Device::rank; -1 in a single-process profile). Collectives are the NCCL kernels
// (ncclDevKernel_*, ncclKernel_*) and custom collective kernels (isCollectiveKernelName) of a rank, or, for a rank
// without GPU collectives (gloo on the CPU), its collective cpu ops (gloo:*, nccl:*); Kineto's collective args give
// them size, dtype and process group. Each collective is matched across ranks by (process group, index in that group on
// its rank).
#include "opscope/profile.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace opscope {

enum class CollectiveKind : uint8_t {
    Other = 0,
    AllReduce,
    AllGather,
    ReduceScatter,
    Broadcast,
    Reduce,
    AllToAll,
    SendRecv, // send, recv and NCCL's fused SendRecv kernels
};
std::string_view toString(CollectiveKind kind);
// The kind a kernel or op name (ncclDevKernel_AllReduce_..., gloo:all_reduce) or Kineto's
// "Collective name" ("allreduce", "_allgather_base", "reduce_scatter_tensor_coalesced") names.
CollectiveKind collectiveKindOf(std::string_view name);
// True for an NCCL kernel name (ncclDevKernel_* of NCCL >= 2.19, ncclKernel_* before).
bool isNcclKernelName(std::string_view name);
// True for a kernel that is a collective by itself: NCCL's, and the custom all-reduce and all-gather
// kernels that carry no NCCL name or metadata (PyTorch's symmetric memory, vLLM's and SGLang's
// cross_device_reduce, TensorRT-LLM's and FlashInfer's; the list is in ranks.cpp). collectiveKindOf gives
// their kind.
bool isCollectiveKernelName(std::string_view name);
// nccl-tests' bus bandwidth factor for `n` ranks: 2(n-1)/n all-reduce, (n-1)/n all-gather and
// reduce-scatter (and all-to-all), 1 broadcast, reduce, send/recv.
double busBandwidthFactor(CollectiveKind kind, int n);
// Bytes of one element of a Kineto "dtype" (Float 4, Half/BFloat16 2, ...); 0 when unknown.
int dtypeBytes(std::string_view dtype);

// One collective call on one rank.
struct Collective {
    int rank = -1;
    CollectiveKind kind = CollectiveKind::Other;
    Index kernel = kNoIndex; // kernels[] (GPU collectives)
    Index op = kNoIndex;     // operators[] (CPU collectives)
    int64_t start_ns = 0;
    int64_t end_ns = 0;
    uint64_t bytes = 0;        // nccl-tests' size: the larger of the in and out buffers; 0 unknown
    std::string dtype;         // as Kineto writes it ("Float"); empty unknown
    std::string group;         // process group name ("0"); empty: the default group
    int groupSize = 0;         // ranks in the group; 0 unknown
    uint32_t indexInGroup = 0; // n-th collective of `group` on this rank
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

// Metadata of a job's profile made from its ranks' torch.profiler traces: the ranks' nsys captures, one
// path a line, whose plain steps `opscope ranks` reads instead (pipeline/rank_run.cpp).
inline constexpr std::string_view kRankCapturesKey = "rank_nsys_captures";

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
Profile profileOfRank(const Profile &p, int rank);

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
    size_t steps = 0;         // ProfilerStep#N ranges of the rank (0: the trace has none)
};

// Why the straggler is late: its compute before the collectives where it arrived last, per module and
// per group of identical layers, against the same on the median rank (the rank of median compute among
// the others). "Before a collective" on a rank is the work it launched after its previous collective and
// before this one (kernels' correlation ids: a rank that arrives early keeps computing while it waits);
// on a rank without launch order (CPU ranks), the time from its previous collective's end to this one's
// start. The windows of all those collectives are united per rank.
struct WhyRow {
    std::string name; // module path ("blocks.1", "" the root), group ("blocks.*"), or "(outside modules)"
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
    int64_t causedWaitPerStepNs = 0; // the others' wait for it, per step (all of it without steps)
    std::vector<WhyRow> modules;     // every module with time on either rank, most extra time first
    std::vector<WhyRow> groups;      // groups of identical layers, most extra time first
    // False when the straggler computed no more than the median rank before those collectives: it is
    // late for time before its kernels start (host work, input, or the capture's own instruments),
    // not for its GPU work, and the module rows do not explain it.
    bool lateFromCompute() const { return stragglerComputeNs > medianComputeNs; }
};

struct RankReport {
    RankStep step = RankStep::Recorded;
    std::vector<RankBreakdown> ranks;
    std::vector<Collective> collectives;
    std::vector<MatchedCollective> matched; // collectives seen on >= 2 ranks
    size_t unmatched = 0;                   // collectives seen on one rank only
    int straggler = -1;       // makes the others wait longest, kStragglerMargin x any other rank; -1 when none
    bool mutualWaits = false; // waits, but no straggler: the ranks made one another wait about as long
    WhyLate why;              // empty (straggler -1) without a straggler
};
// A straggler's others wait at least this many times as long for it as for any other rank.
inline constexpr double kStragglerMargin = 1.5;
RankReport analyzeRanks(const Profile &p, RankStep step = RankStep::Recorded);

} // namespace opscope
