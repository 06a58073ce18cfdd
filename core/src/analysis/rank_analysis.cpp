// Collectives matched across ranks and the per-rank breakdown: who waits, who is late (ranks.h: analyzeRanks;
// docs/ranks.md). The steps and keys the matching is on are rank_steps.cpp's and collectives.cpp's; why the
// straggler is late is rank_why.cpp's.
#include "analysis/rank_detail.h"

#include "opscope/format.h"
#include "opscope/metadata_keys.h"

#include <algorithm>
#include <cstdlib>
#include <set>

namespace opscope {

using namespace rankdetail;

namespace {

bool inStep(const Kernel &k, RankStep step)
{
    return step == RankStep::Recorded || (k.flags & kKernelReferenceStep);
}

// Each rank's compute inside the compared steps: its non-collective kernels, or, for a rank without
// kernels (a CPU job), its outermost operators other than the collectives' own.
std::map<int, std::vector<ComputeItem>> computeItems(const Profile &p, RankStep step, const RankSteps &steps,
                                                     const std::vector<int64_t> &launchTimes)
{
    std::map<int, std::vector<ComputeItem>> out;
    const DeviceRanks rankOf(p);
    std::set<int> ranksWithKernels;
    for (const Kernel &k : p.kernels)
        ranksWithKernels.insert(rankOf(k.device));
    for (Index i = 0; i < p.kernels.size(); ++i) {
        const Kernel &k = p.kernels[i];
        if (!inStep(k, step) || isCollectiveKernelName(p.text(k.name)))
            continue;
        const int rank = rankOf(k.device);
        if (steps.bySteps() && steps.stepOf(rank, launchTimes[i]) == RankSteps::kNotCompared)
            continue;
        // A plain-step kernel is attributed through its twin in the labelled step.
        const Index twin = k.module == kNoIndex ? p.referenceTwin(i) : kNoIndex;
        const Kernel &a = twin == kNoIndex ? k : p.kernels[twin];
        out[rank].push_back({k.start_ns, k.end_ns, a.module, a.op,
                             a.op != kNoIndex && (p.operators[a.op].flags & kOperatorBackward) != 0, k.correlation_id});
    }
    if (step == RankStep::Plain)
        return out; // operators have no plain step
    // A rank without kernels (a CPU job): its compute is its outermost operators, less the collectives'
    // own ops (c10d::allreduce_ enqueues, gloo:all_reduce is the communication).
    for (Index o = 0; o < p.operators.size(); ++o) {
        const Operator &op = p.operators[o];
        const int rank = rankOfThread(p, op.thread);
        const std::string_view name = p.text(op.name);
        if (op.parent != kNoIndex || ranksWithKernels.contains(rank) || isCollectiveOpName(name) ||
            name.starts_with("c10d::") || name == "record_param_comms")
            continue;
        if (steps.stepOf(rank, op.start_ns) == RankSteps::kNotCompared)
            continue;
        out[rank].push_back({op.start_ns, op.end_ns, op.module, o, (op.flags & kOperatorBackward) != 0});
    }
    return out;
}

// The ProfilerStep#N ranges of each rank (the figures' steps without a step alignment).
std::map<int, size_t> stepRangesPerRank(const Profile &p)
{
    std::map<int, size_t> out;
    for (const Range &r : p.ranges)
        if (r.kind == RangeKind::UserAnnotation && r.thread != kNoIndex && profilerStepNumber(p.text(r.text)) >= 0)
            ++out[p.threads[r.thread].rank];
    return out;
}

std::string prefixOf(int rank)
{
    return std::string(kRankPrefix) + std::to_string(rank) + ".";
}

} // namespace

int32_t cudaOrdinal(const Profile &p, int32_t deviceId)
{
    for (const Device &d : p.devices)
        if (d.id == deviceId)
            for (const auto &[key, value] : d.properties)
                if (key == "cuda_ordinal")
                    return int32_t(std::atoi(value.c_str()));
    return deviceId;
}

int rankOfDevice(const Profile &p, int32_t deviceId)
{
    for (const Device &d : p.devices)
        if (d.id == deviceId)
            return d.rank;
    return -1;
}

std::vector<int> ranksOf(const Profile &p)
{
    std::set<int> ranks;
    for (const Thread &t : p.threads)
        if (t.rank >= 0)
            ranks.insert(t.rank);
    for (const Device &d : p.devices)
        if (d.rank >= 0)
            ranks.insert(d.rank);
    return {ranks.begin(), ranks.end()};
}

std::string_view toString(RankStep step)
{
    return step == RankStep::Plain ? "plain" : "recorded";
}

std::string rankHost(const Profile &p, int rank)
{
    const std::string *host = p.metadataValue(rankHostKey(rank));
    return host ? *host : std::string();
}

std::vector<NodeClock> nodeClocks(const Profile &p)
{
    std::map<std::string, NodeClock> byNode;
    std::vector<std::string> order; // nodes in the order of their lowest rank
    for (int rank : ranksOf(p)) {
        const std::string *node = p.metadataValue(rankNodeKey(rank));
        if (!node)
            continue;
        if (!byNode.contains(*node))
            order.push_back(*node);
        NodeClock &n = byNode[*node];
        n.node = *node;
        n.ranks.push_back(rank);
    }
    std::vector<NodeClock> out;
    for (const std::string &node : order) {
        NodeClock n = byNode[node];
        if (const std::string *clock = p.metadataValue(nodeClockKey(node))) {
            const size_t a = clock->find(';'), b = clock->find(';', a == std::string::npos ? a : a + 1);
            n.basis = clock->substr(0, a);
            if (a != std::string::npos)
                n.offsetNs = std::atoll(clock->c_str() + a + 1);
            if (b != std::string::npos)
                n.residualNs = std::atoll(clock->c_str() + b + 1);
        }
        out.push_back(std::move(n));
    }
    return out;
}

std::map<int, ReferenceTiming> rankReferenceTimings(const Profile &p)
{
    std::map<int, Profile> keys; // rank -> its keys, without the prefix
    for (const auto &[key, value] : p.metadata) {
        const size_t start = kRankPrefix.size();
        if (!key.starts_with(kRankPrefix))
            continue;
        const size_t dot = key.find('.', start);
        if (dot == std::string::npos || dot == start)
            continue;
        const std::string number = key.substr(start, dot - start);
        if (!std::all_of(number.begin(), number.end(), [](char c) { return c >= '0' && c <= '9'; }))
            continue;
        keys[std::atoi(number.c_str())].setMetadata(key.substr(dot + 1), value);
    }
    std::map<int, ReferenceTiming> out;
    for (const auto &[rank, profile] : keys)
        if (const std::optional<ReferenceTiming> t = referenceTiming(profile))
            out.emplace(rank, *t);
    return out;
}

void setRankReferenceTiming(Profile &job, int rank, const ReferenceTiming &timing)
{
    Profile keys;
    setReferenceTiming(keys, timing);
    for (const auto &[key, value] : keys.metadata)
        job.setMetadata(prefixOf(rank) + key, value);
}

std::vector<std::string> describeInstrumentCosts(const std::map<int, ReferenceTiming> &timings)
{
    std::vector<std::pair<int64_t, int>> costs; // captured - plain, rank
    std::vector<int64_t> plain;
    for (const auto &[rank, t] : timings)
        if (t.referenceNs > 0 && t.capturedNs > 0) {
            costs.emplace_back(t.capturedNs - t.referenceNs, rank);
            plain.push_back(t.referenceNs);
        }
    if (costs.size() < 2)
        return {};
    std::sort(plain.begin(), plain.end());
    const int64_t step = plain[plain.size() / 2];
    std::vector<int64_t> sorted;
    for (const auto &c : costs)
        sorted.push_back(c.first);
    std::sort(sorted.begin(), sorted.end());
    const int64_t typical = sorted[(sorted.size() - 1) / 2]; // the lower median: most ranks' cost
    std::vector<std::string> out;
    for (const auto &[cost, rank] : costs) {
        const int64_t apart = cost - typical;
        if (apart <= std::max<int64_t>(1'000'000, step / 10))
            continue;
        const ReferenceTiming &t = timings.at(rank);
        out.push_back("rank " + std::to_string(rank) + "'s instruments cost it " + formatFixedDuration(cost) +
                      " per step (captured " + formatFixedDuration(t.capturedNs) + " against " +
                      formatFixedDuration(t.referenceNs) + " plain), the other ranks' " + formatFixedDuration(typical) +
                      ": " + formatFixedDuration(apart) +
                      " of its pace in the recorded steps is the capture's, not its work (its plain step is the "
                      "workload's)");
    }
    return out;
}

namespace {

// The straggler of the plain job where the capture's instruments made another rank arrive last. A rank
// that arrived last while computing less than the others is late for time before its kernels start; when
// its host is no slower than theirs without the instruments (the launcher's plain timing) and the
// instruments slowed its host clearly more than theirs (nsys's per-call cost lands unevenly on the ranks'
// hosts), that time is the capture's: the rank whose GPU work is clearly the longest paces the plain job.
// Kernel durations are the plain job's under nsys; host times are not.
// The straggler computed no more than the median rank before the collectives where it arrived last (a why
// with no median rank says nothing either way).
bool lateForHostTime(const WhyLate &why)
{
    return why.medianRank >= 0 && !why.lateFromCompute();
}

void namePlainStraggler(RankReport &report, const std::map<int, ReferenceTiming> &timings)
{
    const auto hostUnder = [&](const ReferenceTiming &t) {
        return report.step == RankStep::Plain ? t.tracedCpuNs : t.capturedCpuNs;
    };
    for (const RankBreakdown &b : report.ranks) {
        const auto t = timings.find(b.rank);
        if (t == timings.end() || t->second.referenceCpuNs <= 0 || hostUnder(t->second) <= 0)
            return; // no plain host timing for every rank: the arrival order stands
    }
    const RankBreakdown *late = breakdownOf(report, report.straggler), *most = mostComputing(report);
    if (!late || !most || most == late || double(most->computeNs) < kClearlyApart * double(late->computeNs))
        return;
    const ReferenceTiming &l = timings.at(late->rank), &m = timings.at(most->rank);
    const double lateSlowdown = double(hostUnder(l)) / double(l.referenceCpuNs);
    const double mostSlowdown = double(hostUnder(m)) / double(m.referenceCpuNs);
    if (double(l.referenceCpuNs) > kClearlyApart * double(m.referenceCpuNs) ||
        lateSlowdown < kClearlyApart * mostSlowdown)
        return;
    const std::string lr = "rank " + std::to_string(late->rank), mr = "rank " + std::to_string(most->rank);
    nameByPlainWork(report, *late, *most,
                    lr + " arrived last at " + std::to_string(late->arrivedLast) +
                        " collectives under the capture while computing less (" + formatFixedDuration(late->computeNs) +
                        " against " + mr + "'s " + formatFixedDuration(most->computeNs) +
                        "): the capture slowed its host " + formatFactor(lateSlowdown) + " (" +
                        formatFixedDuration(hostUnder(l)) + " a step against " + formatFixedDuration(l.referenceCpuNs) +
                        " plain), " + mr + "'s " + formatFactor(mostSlowdown) +
                        ". Without the instruments its host is no slower than " + mr + "'s (" +
                        formatFixedDuration(l.referenceCpuNs) + " against " + formatFixedDuration(m.referenceCpuNs) +
                        " a step), so that wait is the capture's");
}

// When a rank was ready for a collective: the end of the compute it launched before the collective (the
// collective's stream waits for that work; launch order by correlation id), not before its launch on the host,
// and no later than the collective's kernel started. A rank whose NCCL stream is still busy with earlier
// collectives starts this one late without waiting for it: its start is not its readiness. Without launch
// order (a CPU rank's collectives), the collective's start.
class Readiness {
public:
    Readiness(const Profile &p, const std::map<int, std::vector<ComputeItem>> &items,
              const std::vector<int64_t> &launchTimes)
        : p_(p), launchTimes_(launchTimes)
    {
        for (const auto &[rank, list] : items) {
            std::vector<std::pair<uint32_t, int64_t>> &ends = ends_[rank];
            for (const ComputeItem &item : list)
                if (item.launchOrder > 0)
                    ends.emplace_back(item.launchOrder, item.end_ns);
            std::sort(ends.begin(), ends.end());
            for (size_t i = 1; i < ends.size(); ++i) // the latest end of everything launched up to here
                ends[i].second = std::max(ends[i].second, ends[i - 1].second);
        }
    }
    int64_t of(const Collective &c) const
    {
        if (c.kernel == kNoIndex)
            return c.start_ns;
        const uint32_t order = p_.kernels[c.kernel].correlation_id;
        const auto it = ends_.find(c.rank);
        if (order == 0 || it == ends_.end())
            return c.start_ns;
        const auto &ends = it->second;
        const auto after = std::lower_bound(ends.begin(), ends.end(), std::pair<uint32_t, int64_t>{order, INT64_MIN});
        int64_t ready = after == ends.begin() ? INT64_MIN : std::prev(after)->second;
        if (c.kernel < launchTimes_.size() && launchTimes_[c.kernel] > 0)
            ready = std::max(ready, launchTimes_[c.kernel]);
        return ready == INT64_MIN ? c.start_ns : std::min(ready, c.start_ns);
    }

private:
    const Profile &p_;
    const std::vector<int64_t> &launchTimes_;
    std::map<int, std::vector<std::pair<uint32_t, int64_t>>> ends_;
};

} // namespace

int stepRankOf(const RankReport &report, std::string *why)
{
    const auto say = [&](const char *text) {
        if (why)
            *why = text;
    };
    // A straggler late for its host time, not its GPU work, paces the recorded step only as instrumented
    // (a capture slows each rank's host differently): the step's GPU work is read on the rank that has most.
    if (report.straggler >= 0 && !lateForHostTime(report.why)) {
        say("the straggler: every rank's step waits for it");
        return report.straggler;
    }
    const RankBreakdown *most = nullptr;
    for (const RankBreakdown &b : report.ranks)
        if (b.rank >= 0 && (!most || b.computeNs > most->computeNs))
            most = &b;
    if (most && most->computeNs > 0) {
        say(report.straggler >= 0 ? "the rank that computes most; the rank that arrives last computes less (its "
                                    "host's time, which the capture may have slowed more than the others')"
                                  : "no straggler; the rank that computes most");
        return most->rank;
    }
    say("no straggler");
    return report.ranks.empty() ? 0 : report.ranks.front().rank;
}

namespace rankdetail {

const RankBreakdown *mostComputing(const RankReport &report)
{
    const RankBreakdown *most = nullptr;
    for (const RankBreakdown &b : report.ranks)
        if (!most || b.computeNs > most->computeNs)
            most = &b;
    return most;
}

const RankBreakdown *breakdownOf(const RankReport &report, int rank)
{
    for (const RankBreakdown &b : report.ranks)
        if (b.rank == rank)
            return &b;
    return nullptr;
}

void nameByPlainWork(RankReport &report, const RankBreakdown &late, const RankBreakdown &most,
                     const std::string &reason)
{
    report.stragglerBasis = reason + ": rank " + std::to_string(most.rank) + ", computing " +
                            formatFactor(double(most.computeNs) / double(std::max<int64_t>(1, late.computeNs))) +
                            " rank " + std::to_string(late.rank) + "'s, is the plain job's straggler";
    report.instrumentedLast = late.rank;
    report.straggler = most.rank;
}

} // namespace rankdetail

RankReport analyzeRanks(const Profile &p, RankStep step)
{
    RankReport report;
    report.step = step;
    const RankSteps steps(p, step);
    const std::vector<int64_t> launchTimes = steps.bySteps() ? kernelLaunchTimes(p) : std::vector<int64_t>();
    report.collectives = rankdetail::collectivesOf(p, step, steps, launchTimes);
    describeLeftOut(p, report.collectives, steps, launchTimes, report.alignment);
    std::vector<int> ranks = ranksOf(p);
    if (ranks.empty())
        ranks.push_back(-1);
    std::map<int, size_t> slot;
    const std::map<int, ReferenceTiming> timings = rankReferenceTimings(p);
    for (int r : ranks) {
        slot[r] = report.ranks.size();
        report.ranks.push_back({.rank = r, .host = rankHost(p, r)});
        if (const auto t = timings.find(r); t != timings.end())
            report.ranks.back().plainStepNs = t->second.referenceNs,
            report.ranks.back().capturedStepNs = t->second.capturedNs;
    }
    report.instrumentCosts = describeInstrumentCosts(timings);

    // Matching: the same key on two ranks or more is one collective (collectives.cpp).
    std::map<CollectiveKey, std::vector<size_t>> byKey;
    std::map<std::string, bool> sequenced;
    for (size_t i = 0; i < report.collectives.size(); ++i) {
        const Collective &c = report.collectives[i];
        if (!c.matchable)
            continue;
        byKey[c.key].push_back(i);
        auto [it, fresh] = sequenced.emplace(c.group, true);
        it->second = it->second && c.sequence >= 0;
    }
    report.alignment.groupsBySequence =
        size_t(std::count_if(sequenced.begin(), sequenced.end(), [](const auto &g) { return g.second; }));
    const std::string *worldSize = p.metadataValue(kWorldSizeKey);
    const std::map<int, std::vector<ComputeItem>> items = computeItems(p, step, steps, launchTimes);
    const Readiness readiness(p, items, launchTimes);
    // The time a step loses to a late rank, per (late rank, step): the longest delay it caused any rank at one
    // collective of the step, measured from when that rank was ready for it. Summing the waits instead would
    // count again, at each later collective, the late rank's own pace between its launches (every DDP bucket
    // waits anew for the late rank's backward to reach it).
    std::map<std::pair<int, int64_t>, int64_t> stepDelay;
    for (auto &[key, members] : byKey) {
        if (members.size() < 2) {
            ++report.unmatched;
            continue;
        }
        MatchedCollective m;
        m.group = key.group;
        m.index = report.collectives[members.front()].indexInGroup;
        m.members = members;
        int64_t first = INT64_MAX, last = INT64_MIN;
        m.latencyNs = INT64_MAX;
        for (size_t i : members) {
            const Collective &c = report.collectives[i];
            first = std::min(first, c.start_ns);
            if (c.start_ns > last) {
                last = c.start_ns;
                m.lastArrival = c.rank;
            }
            m.latencyNs = std::min(m.latencyNs, c.end_ns - c.start_ns);
            m.kind = c.kind;
            m.bytes = std::max(m.bytes, c.bytes);
            m.groupSize = std::max(m.groupSize, c.groupSize);
        }
        m.arrivalSkewNs = last - first;
        int n = m.groupSize;
        if (n == 0 && worldSize)
            n = std::atoi(worldSize->c_str());
        if (m.bytes > 0 && m.latencyNs > 0) {
            m.algBandwidth = double(m.bytes) / (double(m.latencyNs) * 1e-9);
            m.busBandwidth = m.algBandwidth * busBandwidthFactor(m.kind, n);
        }
        RankBreakdown &late = report.ranks[slot[m.lastArrival]];
        ++late.arrivedLast;
        for (size_t i : members) {
            const Collective &c = report.collectives[i];
            const int64_t wait = last - c.start_ns;
            report.ranks[slot[c.rank]].waitNs += wait;
            late.causedWaitNs += wait;
            if (c.rank != m.lastArrival) {
                int64_t &delay = stepDelay[{m.lastArrival, key.step}];
                delay = std::max(delay, last - readiness.of(c));
            }
        }
        report.matched.push_back(std::move(m));
    }
    // Per step where the collectives belong to steps (each rank's plain step, or the recorded ProfilerStep#N);
    // over a whole trace without steps, the summed waits.
    const bool perStep = step == RankStep::Plain || steps.bySteps();
    for (RankBreakdown &b : report.ranks)
        b.causedStepWaitNs = perStep ? 0 : b.causedWaitNs;
    if (perStep)
        for (const auto &[rankStep, delay] : stepDelay)
            report.ranks[slot[rankStep.first]].causedStepWaitNs += delay;
    // In step order (the keys sort by step, then group): by the first member's start, as before.
    std::stable_sort(report.matched.begin(), report.matched.end(), [&](const auto &a, const auto &b) {
        const Collective &x = report.collectives[a.members.front()], &y = report.collectives[b.members.front()];
        return x.key.step != y.key.step ? x.key.step < y.key.step
                                        : (x.group != y.group ? x.group < y.group : x.indexInGroup < y.indexInGroup);
    });

    // Compute / communication / idle per rank, inside the compared steps.
    std::map<int, Intervals> compute, comm;
    for (const Collective &c : report.collectives) {
        if (!c.matchable)
            continue;
        ++report.ranks[slot[c.rank]].collectives;
        comm[c.rank].emplace_back(c.start_ns, c.end_ns);
    }
    for (const auto &[rank, list] : items)
        for (const ComputeItem &item : list)
            compute[rank].emplace_back(item.start_ns, item.end_ns);
    for (auto &[rank, intervals] : compute)
        intervals = unite(std::move(intervals));
    for (Collective &c : report.collectives)
        c.exposedNs = (c.end_ns - c.start_ns) - clippedTo(compute[c.rank], c.start_ns, c.end_ns);
    if (step == RankStep::Plain) { // each rank's last plain step
        for (RankBreakdown &b : report.ranks)
            b.steps = 1;
    } else if (steps.bySteps()) {
        for (RankBreakdown &b : report.ranks)
            if (const auto it = report.alignment.rankSteps.find(b.rank); it != report.alignment.rankSteps.end())
                b.steps = size_t(std::count_if(it->second.begin(), it->second.end(), [&](int64_t s) {
                    return std::binary_search(report.alignment.steps.begin(), report.alignment.steps.end(), s);
                }));
    } else {
        for (const auto &[rank, n] : stepRangesPerRank(p))
            if (slot.contains(rank))
                report.ranks[slot[rank]].steps = n;
    }
    for (RankBreakdown &b : report.ranks) {
        const Intervals &cu = compute[b.rank], cm = unite(comm[b.rank]);
        Intervals all = cu;
        all.insert(all.end(), cm.begin(), cm.end());
        all = unite(std::move(all));
        if (all.empty())
            continue;
        b.spanNs = all.back().second - all.front().first;
        b.computeNs = length(cu);
        b.overlappedCommNs = overlap(cu, cm);
        b.exposedCommNs = length(cm) - b.overlappedCommNs;
        b.idleNs = b.spanNs - length(all);
    }
    int64_t worst = 0, second = 0;
    for (const RankBreakdown &b : report.ranks)
        if (b.causedWaitNs > worst) {
            second = worst;
            worst = b.causedWaitNs;
            report.straggler = b.rank;
        } else {
            second = std::max(second, b.causedWaitNs);
        }
    // A straggler makes the others wait clearly longer than any other rank does; ranks that take turns
    // arriving last (a step paced by the hosts, not by one rank's work) have none.
    if (report.straggler >= 0 && double(worst) < kStragglerMargin * double(second)) {
        report.straggler = -1;
        report.mutualWaits = true;
    }
    if (report.straggler >= 0) {
        report.why = whyLate(p, report, items);
        if (lateForHostTime(report.why)) {
            namePlainStraggler(report, timings);
            if (report.instrumentedLast >= 0)
                report.why = whyLate(p, report, items);
        }
        judgeLateHost(p, report);
        if (report.straggler >= 0 && report.instrumentedLast >= 0 && report.why.straggler != report.straggler)
            report.why = whyLate(p, report, items);
    }
    return report;
}

} // namespace opscope
