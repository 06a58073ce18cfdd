// The ranks put side by side by what their traces record (rank_detail.h, docs/ranks.md "Which step on each
// rank"): each rank's ProfilerStep#N is the same step on every rank, whenever each rank's profiler window
// opened; work launched outside every step two ranks recorded is left out, and said so.
#include "analysis/rank_detail.h"
#include "analysis/step_windows.h"

#include <algorithm>
#include <set>

namespace opscope::rankdetail {

DeviceRanks::DeviceRanks(const Profile &p)
{
    for (const Device &d : p.devices)
        rank_.emplace(d.id, d.rank);
}

int DeviceRanks::operator()(int32_t device) const
{
    const auto it = rank_.find(device);
    return it == rank_.end() ? -1 : it->second;
}

Intervals unite(Intervals v)
{
    std::sort(v.begin(), v.end());
    Intervals out;
    for (const auto &iv : v) {
        if (iv.second <= iv.first)
            continue;
        if (!out.empty() && iv.first <= out.back().second)
            out.back().second = std::max(out.back().second, iv.second);
        else
            out.push_back(iv);
    }
    return out;
}

int64_t length(const Intervals &v)
{
    int64_t total = 0;
    for (const auto &iv : v)
        total += iv.second - iv.first;
    return total;
}

int64_t overlap(const Intervals &a, const Intervals &b)
{
    int64_t total = 0;
    size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        const int64_t lo = std::max(a[i].first, b[j].first), hi = std::min(a[i].second, b[j].second);
        if (hi > lo)
            total += hi - lo;
        (a[i].second < b[j].second) ? ++i : ++j;
    }
    return total;
}

int64_t clippedTo(const Intervals &windows, int64_t lo, int64_t hi)
{
    auto it = std::upper_bound(windows.begin(), windows.end(), std::make_pair(lo, INT64_MAX));
    if (it != windows.begin())
        --it;
    int64_t total = 0;
    for (; it != windows.end() && it->first < hi; ++it)
        total += std::max<int64_t>(0, std::min(hi, it->second) - std::max(lo, it->first));
    return total;
}

std::vector<int64_t> kernelLaunchTimes(const Profile &p)
{
    std::vector<int64_t> out(p.kernels.size(), -1);
    std::unordered_map<uint64_t, int64_t> launches; // launching thread << 32 | correlation id -> start
    launches.reserve(p.api_calls.size());
    for (const ApiCall &a : p.api_calls)
        if (a.correlation_id != 0 && a.thread != kNoIndex)
            launches.emplace(uint64_t(a.thread) << 32 | a.correlation_id, a.start_ns);
    for (size_t i = 0; i < p.kernels.size(); ++i) {
        const Kernel &k = p.kernels[i];
        if (k.launch_thread != kNoIndex && k.correlation_id != 0)
            if (const auto it = launches.find(uint64_t(k.launch_thread) << 32 | k.correlation_id);
                it != launches.end()) {
                out[i] = it->second;
                continue;
            }
        if (k.op != kNoIndex)
            out[i] = p.operators[k.op].start_ns;
    }
    return out;
}

namespace {

// "#3-#4" or "#3, #5, #6" (a run written as its ends).
std::string stepList(const std::vector<int64_t> &steps)
{
    if (steps.empty())
        return "none";
    bool run = true;
    for (size_t i = 1; i < steps.size(); ++i)
        run = run && steps[i] == steps[i - 1] + 1;
    if (run && steps.size() > 1)
        return "ProfilerStep#" + std::to_string(steps.front()) + "-#" + std::to_string(steps.back());
    std::string out;
    for (size_t i = 0; i < steps.size(); ++i)
        out += (i ? ", #" : "ProfilerStep#") + std::to_string(steps[i]);
    return out;
}

} // namespace

RankSteps::RankSteps(const Profile &p, RankStep step)
{
    if (step == RankStep::Plain)
        return; // each rank's one plain reference step
    for (const Range &r : p.ranges) {
        if (!stepdetail::isHostRange(r) || r.thread == kNoIndex)
            continue;
        const int rank = rankOfThread(p, r.thread);
        const int64_t number = profilerStepNumber(p.text(r.text));
        if (rank < 0 || number < 0)
            continue;
        // One step may be written twice (a user annotation and emit_nvtx's echo): one span over both.
        auto &spans = byStart_[rank];
        const auto same =
            std::find_if(spans.begin(), spans.end(), [&](const auto &s) { return s.second.number == number; });
        int64_t start = r.start_ns, end = r.end_ns;
        if (same != spans.end()) {
            start = std::min(start, same->first);
            end = std::max(end, same->second.end);
            spans.erase(same);
        }
        spans[start] = {end, number};
    }
    if (byStart_.size() < 2) {
        byStart_.clear(); // fewer than two ranks record steps: matched over the whole traces
        return;
    }
    alignment_.bySteps = true;
    std::map<int64_t, size_t> ranksOfStep;
    for (const auto &[rank, spans] : byStart_) {
        std::set<int64_t> numbers;
        for (const auto &[start, span] : spans)
            numbers.insert(span.number);
        alignment_.rankSteps[rank] = {numbers.begin(), numbers.end()};
        for (int64_t n : numbers)
            ++ranksOfStep[n];
    }
    for (const auto &[number, ranks] : ranksOfStep)
        if (ranks >= 2)
            alignment_.steps.push_back(number);
    for (int rank : ranksOf(p)) {
        const auto it = alignment_.rankSteps.find(rank);
        const bool common =
            it != alignment_.rankSteps.end() && std::any_of(it->second.begin(), it->second.end(), [&](int64_t n) {
                return std::binary_search(alignment_.steps.begin(), alignment_.steps.end(), n);
            });
        if (!common)
            alignment_.ranksWithoutCommonStep.push_back(rank);
    }
}

int64_t RankSteps::stepOf(int rank, int64_t launchNs) const
{
    if (!alignment_.bySteps)
        return kWholeTrace;
    const auto spans = byStart_.find(rank);
    if (launchNs < 0 || spans == byStart_.end())
        return kNotCompared;
    auto it = spans->second.upper_bound(launchNs);
    if (it == spans->second.begin())
        return kNotCompared;
    --it;
    if (launchNs > it->second.end ||
        !std::binary_search(alignment_.steps.begin(), alignment_.steps.end(), it->second.number))
        return kNotCompared;
    return it->second.number;
}

void describeLeftOut(const Profile &p, const std::vector<Collective> &collectives, const RankSteps &steps,
                     const std::vector<int64_t> &launchTimes, RankAlignment &alignment)
{
    alignment = steps.alignment();
    if (!alignment.bySteps)
        return;
    const std::string compared = stepList(alignment.steps);
    std::set<int> leftOutRanks(alignment.ranksWithoutCommonStep.begin(), alignment.ranksWithoutCommonStep.end());
    for (int rank : alignment.ranksWithoutCommonStep) {
        const auto it = alignment.rankSteps.find(rank);
        alignment.warnings.push_back(
            it == alignment.rankSteps.end()
                ? "rank " + std::to_string(rank) + " recorded no ProfilerStep#N range, the other ranks did (" +
                      compared + "): it is left out of the comparison"
                : "rank " + std::to_string(rank) + " recorded " + stepList(it->second) +
                      ", steps no other rank recorded (the others compared " + compared +
                      "): no common step, so it is left out of the comparison (its profile is kept)");
    }
    // Per rank: collectives and other kernels launched outside every compared step.
    struct Count {
        size_t collectives = 0, kernels = 0, unlaunched = 0, otherSteps = 0;
    };
    std::map<int, Count> counts;
    std::map<int, std::map<int64_t, size_t>> incomplete; // rank -> step -> its collectives left out
    for (const Collective &c : collectives)
        if (c.incompleteStep)
            ++incomplete[c.rank][c.step];
        else if (!c.matchable)
            ++counts[c.rank].collectives;
    for (const auto &[rank, steps] : incomplete)
        for (const auto &[step, n] : steps) {
            alignment.collectivesLeftOut += n;
            alignment.warnings.push_back(
                "rank " + std::to_string(rank) + ": ProfilerStep#" + std::to_string(step) + " holds " +
                std::to_string(n) + (n == 1 ? " collective" : " collectives") +
                " of a process group that the other ranks' same step holds a different number of (its trace is cut, "
                "or its window ended inside the step): left out of the comparison");
        }
    const DeviceRanks rankOf(p);
    for (size_t i = 0; i < p.kernels.size(); ++i) {
        const int rank = rankOf(p.kernels[i].device);
        if (steps.stepOf(rank, launchTimes[i]) != RankSteps::kNotCompared)
            continue;
        Count &n = counts[rank];
        ++n.kernels;
        n.unlaunched += launchTimes[i] < 0;
    }
    for (const auto &[rank, n] : counts) {
        alignment.collectivesLeftOut += n.collectives;
        alignment.kernelsLeftOut += n.kernels;
        if (leftOutRanks.contains(rank) || (n.collectives == 0 && n.kernels == 0))
            continue;
        const auto recorded = alignment.rankSteps.find(rank);
        std::string what = n.collectives == 0
                               ? std::to_string(n.kernels) + (n.kernels == 1 ? " kernel" : " kernels")
                               : std::to_string(n.collectives) + (n.collectives == 1 ? " collective" : " collectives");
        if (n.collectives > 0 && n.kernels > 0)
            what += " (" + std::to_string(n.kernels) + " kernels in all)";
        std::string why = "launched outside the compared steps (" + compared + ")";
        if (n.unlaunched > 0)
            why += "; " + std::to_string(n.unlaunched) +
                   " kernels have no launch in the trace (still running from before the profiler's window opened)";
        std::vector<int64_t> own; // steps of this rank no other rank recorded
        if (recorded != alignment.rankSteps.end())
            for (int64_t s : recorded->second)
                if (!std::binary_search(alignment.steps.begin(), alignment.steps.end(), s))
                    own.push_back(s);
        if (!own.empty())
            why += ", among them in " + stepList(own) + ", which no other rank recorded";
        alignment.warnings.push_back("rank " + std::to_string(rank) + ": " + what + " " + why +
                                     ": left out of the comparison, they shift no matching");
    }
}

} // namespace opscope::rankdetail
