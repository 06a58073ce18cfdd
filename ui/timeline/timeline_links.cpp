#include "timeline/timeline_links.h"

#include "opscope/ranks.h"

#include <algorithm>
#include <map>

namespace opscope::ui {

namespace {

uint64_t packed(EventRef e)
{
    return uint64_t(e.kind) << 32 | e.index;
}

} // namespace

void TimelineLinks::linkLaunches()
{
    const Profile &p = profile_;
    opKernelOffsets_.assign(p.operators.size() + 1, 0);
    for (const Kernel &k : p.kernels)
        if (k.op < p.operators.size())
            ++opKernelOffsets_[k.op + 1];
    for (size_t o = 0; o < p.operators.size(); ++o)
        opKernelOffsets_[o + 1] += opKernelOffsets_[o];
    opKernels_.resize(opKernelOffsets_.back());
    std::vector<uint32_t> fill(opKernelOffsets_.begin(), opKernelOffsets_.end() - 1);
    for (Index k = 0; k < p.kernels.size(); ++k)
        if (p.kernels[k].op < p.operators.size())
            opKernels_[fill[p.kernels[k].op]++] = k;
    for (size_t o = 0; o < p.operators.size(); ++o)
        std::stable_sort(opKernels_.begin() + opKernelOffsets_[o], opKernels_.begin() + opKernelOffsets_[o + 1],
                         [&](Index a, Index b) { return p.kernels[a].start_ns < p.kernels[b].start_ns; });

    // Only the calls that launched a kernel or a memory operation are looked up (launchOf): on an nsys
    // export 1 API call in 14. Correlation ids are small numbers, counted up by CUPTI, so a bit per id
    // says which are launches; should they not be, every call is kept.
    uint32_t highest = 0;
    for (const Kernel &k : p.kernels)
        highest = std::max(highest, k.correlation_id);
    for (const MemoryOp &m : p.memory_ops)
        highest = std::max(highest, m.correlation_id);
    const bool dense = size_t(highest) <= 64 * (p.kernels.size() + p.memory_ops.size() + p.api_calls.size()) + 4096;
    std::vector<bool> launches;
    if (dense) {
        launches.resize(size_t(highest) + 1);
        for (const Kernel &k : p.kernels)
            launches[k.correlation_id] = true;
        for (const MemoryOp &m : p.memory_ops)
            launches[m.correlation_id] = true;
    }
    for (Index i = 0; i < p.api_calls.size(); ++i) {
        const uint32_t id = p.api_calls[i].correlation_id;
        if (id != 0 && (!dense || (id < launches.size() && launches[id])))
            apiByCorrelation_.emplace_back(id, i);
    }
    if (!std::is_sorted(apiByCorrelation_.begin(), apiByCorrelation_.end()))
        std::sort(apiByCorrelation_.begin(), apiByCorrelation_.end());
}

void TimelineLinks::matchCollectives()
{
    std::map<CollectiveKey, std::vector<EventRef>> matches; // as analyzeRanks matches them: by step, group, order
    for (const Collective &c : collectivesOf(profile_)) {
        const EventRef e =
            c.kernel != kNoIndex ? EventRef{EventKind::Kernel, c.kernel} : EventRef{EventKind::Operator, c.op};
        if (e.valid() && c.matchable)
            matches[c.key].push_back(e);
    }
    matchOffsets_.push_back(0);
    for (const auto &[key, members] : matches) {
        if (members.size() < 2)
            continue;
        const uint32_t match = uint32_t(matchOffsets_.size() - 1);
        for (const EventRef &e : members) {
            collectiveMatch_.emplace_back(packed(e), match);
            matchMembers_.push_back(e);
        }
        matchOffsets_.push_back(uint32_t(matchMembers_.size()));
    }
    std::sort(collectiveMatch_.begin(), collectiveMatch_.end());
}

std::span<const Index> TimelineLinks::kernelsOfOperator(Index op) const
{
    if (op >= profile_.operators.size() || op + size_t(1) >= opKernelOffsets_.size())
        return {};
    return std::span<const Index>(opKernels_)
        .subspan(opKernelOffsets_[op], opKernelOffsets_[op + 1] - opKernelOffsets_[op]);
}

Index TimelineLinks::launchOf(EventRef event) const
{
    uint32_t correlation = 0;
    if (event.kind == EventKind::Kernel && event.index < profile_.kernels.size())
        correlation = profile_.kernels[event.index].correlation_id;
    else if (event.kind == EventKind::MemoryOp && event.index < profile_.memory_ops.size())
        correlation = profile_.memory_ops[event.index].correlation_id;
    if (correlation == 0)
        return kNoIndex;
    const auto it = std::lower_bound(apiByCorrelation_.begin(), apiByCorrelation_.end(),
                                     std::pair<uint32_t, Index>(correlation, 0));
    return it != apiByCorrelation_.end() && it->first == correlation ? it->second : kNoIndex;
}

std::vector<EventRef> TimelineLinks::sameCollectiveOnOtherRanks(EventRef event) const
{
    const uint64_t key = packed(event);
    const auto it = std::lower_bound(collectiveMatch_.begin(), collectiveMatch_.end(), std::pair(key, uint32_t(0)));
    if (it == collectiveMatch_.end() || it->first != key)
        return {};
    std::vector<EventRef> others;
    for (uint32_t m = matchOffsets_[it->second]; m < matchOffsets_[it->second + 1]; ++m)
        if (matchMembers_[m] != event)
            others.push_back(matchMembers_[m]);
    return others;
}

} // namespace opscope::ui
