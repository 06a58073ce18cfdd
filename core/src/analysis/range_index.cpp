#include "analysis/range_index.h"

#include "opscope/concurrency/fresh_memory.h"

#include <algorithm>

namespace opscope {

RangeIndex::RangeIndex(const Profile &p, const std::function<bool(const Range &)> &include)
    : p_(p), threadBegin_(p.threads.size() + 3, 0)
{
    fresh::assignFresh(parent_, p.ranges.size(), kNoIndex);
    const size_t slots = p.threads.size() + 1;
    auto slot = [&](Index thread) { return thread < p.threads.size() ? size_t(thread) : p.threads.size(); };
    // Count per thread, then place each range in its thread's part of one array (a counting sort): no
    // vector grows, and the ranges of a thread keep their index order.
    for (const Range &range : p.ranges)
        if (include(range))
            ++threadBegin_[slot(range.thread) + 2];
    for (size_t s = 2; s < threadBegin_.size(); ++s)
        threadBegin_[s] += threadBegin_[s - 1];
    fresh::resizeFresh(order_, threadBegin_.back());
    for (Index r = 0; r < p.ranges.size(); ++r)
        if (include(p.ranges[r]))
            order_[threadBegin_[slot(p.ranges[r].thread) + 1]++] = r;
    // threadBegin_[s + 1] is now the end of slot s, that is threadBegin_[s] is its beginning.
    fresh::resizeFresh(starts_, order_.size());
    std::vector<Index> open;
    for (size_t s = 0; s < slots; ++s) {
        const auto first = order_.begin() + long(threadBegin_[s]), last = order_.begin() + long(threadBegin_[s + 1]);
        // By (start, longer first, index): the order of a stable sort. nsys and the importers write most
        // threads' ranges in that order already, which one pass over them in index order checks.
        auto before = [&](Index a, Index b) {
            const Range &x = p.ranges[a], &y = p.ranges[b];
            return x.start_ns != y.start_ns ? x.start_ns < y.start_ns
                   : x.end_ns != y.end_ns   ? x.end_ns > y.end_ns
                                            : a < b;
        };
        if (!std::is_sorted(first, last, before)) {
            // Sort the keys side by side so that the sort does not chase indices into the ranges (cache
            // misses over millions of them).
            struct Key {
                int64_t start, end;
                Index range;
                bool operator<(const Key &o) const
                {
                    return start != o.start ? start < o.start : end != o.end ? end > o.end : range < o.range;
                }
            };
            std::vector<Key> keys(size_t(last - first));
            for (size_t i = 0; i < keys.size(); ++i)
                keys[i] = {p.ranges[first[long(i)]].start_ns, p.ranges[first[long(i)]].end_ns, first[long(i)]};
            std::sort(keys.begin(), keys.end());
            for (size_t i = 0; i < keys.size(); ++i)
                first[long(i)] = keys[i].range;
        }
        // A stack of open ranges gives each range its parent. Ranges are half-open: one that starts
        // where another ends follows it (ncu's serialised timeline lays ranges back to back). Ranges
        // that overlap without nesting (unbalanced data) get the innermost range still open at their start.
        open.clear();
        for (auto it = first; it != last; ++it) {
            const Index r = *it;
            const Range &range = p.ranges[r];
            const bool empty = range.end_ns == range.start_ns;
            while (!open.empty() && (p.ranges[open.back()].end_ns < range.start_ns ||
                                     (!empty && p.ranges[open.back()].end_ns == range.start_ns)))
                open.pop_back();
            parent_[r] = open.empty() ? kNoIndex : open.back();
            open.push_back(r);
            starts_[size_t(it - order_.begin())] = range.start_ns;
        }
    }
}

Index RangeIndex::innermostAt(Index thread, int64_t t) const
{
    const size_t s = thread < p_.threads.size() ? size_t(thread) : p_.threads.size();
    // The last range starting at or before t; walk out to the first that is still open at t.
    const auto first = starts_.begin() + long(threadBegin_[s]), last = starts_.begin() + long(threadBegin_[s + 1]);
    auto it = std::upper_bound(first, last, t);
    if (it == first)
        return kNoIndex;
    Index r = order_[size_t(it - starts_.begin()) - 1];
    // Half-open, except that an empty range still holds its own instant.
    while (r != kNoIndex && (p_.ranges[r].end_ns < t || (p_.ranges[r].end_ns == t && p_.ranges[r].start_ns != t)))
        r = parent_[r];
    return r;
}

} // namespace opscope
