// What the late rank's host does against the others' (ranks.h: RankReport::hostWork; docs/ranks.md). Where the
// rank that arrived last is late for its host's time, not its GPU work, its labelled step and the median rank's
// are compared: the CUDA calls each made (the same calls: the same work launched) and the host work outside the
// model that launches nothing (host_only_work.h: a data loader of the user's own). A host that does more there,
// or whose plain host time (the launcher's) is clearly longer, keeps its rank the straggler, with what it does
// named. Ranks whose hosts do the same work: the late rank's delay is the host's pace under the capture or on
// that machine (on two H200s the same job's slower host changed from launch to launch, and nsys's cost per call
// lands unevenly on the ranks), not the job's. The job's own straggler is then the rank whose GPU work is clearly
// the longest (named by its plain work, as rank_analysis.cpp's namePlainStraggler does); where the ranks compute
// alike, there is none. The hosts' times themselves cannot decide it: under nsys the rank that waits is slowed
// to the late one's pace where no CUDA call shows the wait.
#include "analysis/host_only_work.h"
#include "analysis/rank_detail.h"

#include "opscope/format.h"

#include <algorithm>
#include <map>
#include <optional>

namespace opscope {

namespace {

constexpr int64_t kMoreHostWorkNs = 1'000'000; // more host work: kClearlyApart and at least this much a step

std::optional<RankHostWork> hostWorkOf(const Profile &p, int rank)
{
    const Profile one = profileOfRank(p, rank);
    const std::optional<StepRange> step = labelledStep(one);
    if (!step)
        return std::nullopt;
    RankHostWork w;
    w.rank = rank;
    for (const ApiCall &a : one.api_calls)
        w.cudaCalls += a.start_ns >= step->start_ns && a.start_ns <= step->end_ns;
    if (w.cudaCalls == 0)
        return std::nullopt; // no CUDA calls recorded: nothing to compare the launched work by
    const HostOnlyWork work = hostOnlyWorkOutsideModel(one, *step);
    w.hostOnlyNs = totalNs(work);
    for (const HostOnlyWork::Op &op : work.byName)
        w.hostOnly.push_back({op.name, op.calls, op.ns});
    return w;
}

std::string describeHostOnly(const RankHostWork &w)
{
    if (w.hostOnly.empty())
        return "none";
    std::string out;
    for (size_t i = 0; i < w.hostOnly.size() && i < 3; ++i)
        out += (i ? ", " : "") + w.hostOnly[i].name + " x" + std::to_string(w.hostOnly[i].calls) + " " +
               formatFixedDuration(w.hostOnly[i].ns);
    return out;
}

} // namespace

std::string describeHostWork(const RankHostWork &late, const RankHostWork &other)
{
    std::string calls = "CUDA calls " + std::to_string(late.cudaCalls) + " against " + std::to_string(other.cudaCalls) +
                        " in the labelled step";
    if (late.plainHostNs > 0 && other.plainHostNs > 0)
        calls += "; a plain step's host time (the launcher's, no instruments) " +
                 formatFixedDuration(late.plainHostNs) + " against " + formatFixedDuration(other.plainHostNs);
    if (late.hostOnlyNs == 0 && other.hostOnlyNs == 0)
        return "work outside the model that launches nothing: none on either rank; " + calls;
    return "work outside the model that launches nothing: " + formatFixedDuration(late.hostOnlyNs) + " on rank " +
           std::to_string(late.rank) + " (" + describeHostOnly(late) + ") against " +
           formatFixedDuration(other.hostOnlyNs) + " on rank " + std::to_string(other.rank) + " (" +
           describeHostOnly(other) + "); " + calls;
}

namespace rankdetail {

void judgeLateHost(const Profile &p, RankReport &report)
{
    const WhyLate &why = report.why;
    if (report.straggler < 0 || report.instrumentedLast >= 0 || why.medianRank < 0)
        return;
    const int64_t delay = why.causedWaitPerStepNs;
    const int64_t extraCompute = std::max<int64_t>(0, why.stragglerComputeNs - why.medianComputeNs);
    if (delay <= 0 || 2 * extraCompute >= delay)
        return; // its GPU work explains the delay: not the host's
    std::optional<RankHostWork> lateHost = hostWorkOf(p, report.straggler);
    std::optional<RankHostWork> otherHost = hostWorkOf(p, why.medianRank);
    if (!lateHost || !otherHost)
        return;
    // The launcher's plain host times, where the profile has them: a host clearly slower without the
    // instruments too is the rank's own (a slower CPU, work beside it), and it stands.
    const std::map<int, ReferenceTiming> timings = rankReferenceTimings(p);
    for (RankHostWork *h : {&*lateHost, &*otherHost})
        if (const auto t = timings.find(h->rank); t != timings.end())
            h->plainHostNs = t->second.referenceCpuNs;
    report.hostWork = {*lateHost, *otherHost};
    const bool moreOutside = lateHost->hostOnlyNs - otherHost->hostOnlyNs >= kMoreHostWorkNs &&
                             double(lateHost->hostOnlyNs) > kClearlyApart * double(otherHost->hostOnlyNs);
    const bool sameCalls = double(lateHost->cudaCalls) <= kClearlyApart * double(otherHost->cudaCalls) &&
                           double(otherHost->cudaCalls) <= kClearlyApart * double(lateHost->cudaCalls);
    if (moreOutside || !sameCalls)
        return; // its host does more: the straggler stands
    if (lateHost->plainHostNs > 0 && otherHost->plainHostNs > 0 &&
        double(lateHost->plainHostNs) > kClearlyApart * double(otherHost->plainHostNs))
        return; // slower without the instruments too: its host's own pace
    // The hosts do the same work: the late rank's delay is not the job's. Its own straggler, if any, is the rank
    // whose GPU work is clearly the longest; where that is the late rank itself, it stands.
    const RankBreakdown *late = breakdownOf(report, report.straggler), *median = breakdownOf(report, why.medianRank),
                        *most = mostComputing(report);
    if (!late || !median || !most ||
        (most == late && double(late->computeNs) >= kClearlyApart * double(median->computeNs)))
        return;
    const std::string lr = "rank " + std::to_string(lateHost->rank), mr = "rank " + std::to_string(otherHost->rank);
    const std::string sameWork =
        lr + " arrived last, late for its host's time, not its GPU work (its extra compute explains " +
        formatFixedDuration(extraCompute) + " of the " + formatFixedDuration(delay) +
        " a step lost to it); but its host does what " + mr + "'s does (" + describeHostWork(*lateHost, *otherHost) +
        ")";
    if (most != late && double(most->computeNs) >= kClearlyApart * double(late->computeNs)) {
        nameByPlainWork(report, *late, *most,
                        sameWork + ": the delay is the host's pace under the capture, not the job's work");
        return; // analyzeRanks reads why it is late on its plain work
    }
    report.instrumentedLast = report.straggler;
    report.stragglerBasis = sameWork + ", and the ranks compute alike. The job has no straggler of its own work: which "
                                       "host falls behind is the machine's (where each process runs, the tracer's "
                                       "cost on each), and changes from launch to launch";
    report.straggler = -1;
    report.hostsEven = true;
    report.why = WhyLate();
}

} // namespace rankdetail

} // namespace opscope
