#pragma once
// What the analysis of ranks shares across its files (ranks.h): a device's rank looked up once, interval
// arithmetic, each kernel's launch time, and the recorded steps of each rank that put the ranks side by side.

#include "analysis/step_windows.h"
#include "opscope/intervals.h"
#include "opscope/ranks.h"

#include <map>
#include <unordered_map>
#include <utility>
#include <vector>

namespace opscope::rankdetail {

// Device id -> rank, looked up once per profile (rankOfDevice scans the devices: per kernel, that is
// quadratic in the ranks).
class DeviceRanks {
public:
    explicit DeviceRanks(const Profile &p);
    int operator()(int32_t device) const;

private:
    std::unordered_map<int32_t, int> rank_;
};

inline int rankOfThread(const Profile &p, Index thread)
{
    return thread == kNoIndex ? -1 : p.threads[thread].rank;
}

using opscope::Intervals;
Intervals unite(Intervals v);                                        // sorted, overlaps merged, empty ones dropped
int64_t length(const Intervals &v);                                  // of united intervals
int64_t overlap(const Intervals &a, const Intervals &b);             // of two united lists
int64_t clippedTo(const Intervals &windows, int64_t lo, int64_t hi); // [lo, hi) inside united `windows`

using stepdetail::profilerStepNumber; // step_windows.h

// Each kernel's launch time on its host: the start of its launching API call (by its thread and
// correlation id), else its operator's start; -1 when the trace holds neither (a kernel launched before
// the profiler's window opened, still running when it did).
std::vector<int64_t> kernelLaunchTimes(const Profile &p);

// The recorded steps of each rank (ProfilerStep#N ranges on its threads) and which of them are compared:
// those two ranks or more recorded. Without steps on two ranks (an nsys report, a trace without a
// schedule, the plain reference step), everything is compared, matched over the whole traces.
class RankSteps {
public:
    RankSteps(const Profile &p, RankStep step);
    bool bySteps() const { return alignment_.bySteps; }
    // The compared step a launch at `launchNs` on `rank` belongs to: its number, or kNotCompared (outside
    // every compared step, or no launch time). Without steps: kWholeTrace.
    static constexpr int64_t kWholeTrace = -1;
    static constexpr int64_t kNotCompared = -2;
    int64_t stepOf(int rank, int64_t launchNs) const;
    // The alignment so far: steps, each rank's steps, the ranks without a common step.
    const RankAlignment &alignment() const { return alignment_; }

private:
    struct Span {
        int64_t end = 0;
        int64_t number = 0;
    };
    std::map<int, std::map<int64_t, Span>> byStart_; // rank -> step start -> its end and number
    RankAlignment alignment_;
};

// collectivesOf on steps already found (analyzeRanks finds them once for the collectives and the compute).
std::vector<Collective> collectivesOf(const Profile &p, RankStep step, const RankSteps &steps,
                                      const std::vector<int64_t> &launchTimes);

// Work outside the comparison: a line per rank ("rank 0: 6 collectives and 14 other kernels launched
// outside every compared step ...") into `alignment`, with its counts.
void describeLeftOut(const Profile &p, const std::vector<Collective> &collectives, const RankSteps &steps,
                     const std::vector<int64_t> &launchTimes, RankAlignment &alignment);

// Why the straggler is late (rank_why.cpp), on the report's matched collectives and each rank's compute.
struct ComputeItem {
    int64_t start_ns = 0;
    int64_t end_ns = 0;
    Index module = kNoIndex; // modules[]
    Index op = kNoIndex;     // operators[] (the kernel's operator, or the operator itself on a CPU rank)
    bool backward = false;
    uint32_t launchOrder = 0; // a kernel's correlation id (its launch's place in its process); 0 unknown
};
WhyLate whyLate(const Profile &p, const RankReport &report, const std::map<int, std::vector<ComputeItem>> &items);
// Two ranks' figures apart by more than the steps' spread on a quiet host.
inline constexpr double kClearlyApart = 1.1;
// The rank that computes most (RankBreakdown::computeNs); a rank's breakdown; nullptr when there is none.
const RankBreakdown *mostComputing(const RankReport &report);
const RankBreakdown *breakdownOf(const RankReport &report, int rank);
// Names `most`, the rank whose GPU work is clearly the longest, the plain job's straggler in place of `late`, which
// arrived last under the capture (RankReport::instrumentedLast); `reason` says why the arrival order is the
// capture's, and the basis ends "rank M, computing F rank L's, is the plain job's straggler". analyzeRanks then
// reads why it is late on its plain work.
void nameByPlainWork(RankReport &report, const RankBreakdown &late, const RankBreakdown &most,
                     const std::string &reason);

// rank_hosts.cpp: where the straggler is late for its host's time, what its host and the median rank's do
// (RankReport::hostWork); clears the straggler when the two do the same host work (hostsEven).
void judgeLateHost(const Profile &p, RankReport &report);

} // namespace opscope::rankdetail
