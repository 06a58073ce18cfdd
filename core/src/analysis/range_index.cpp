#include "analysis/range_index.h"

#include <algorithm>

namespace opscope {

RangeIndex::RangeIndex(const Profile &p, const std::function<bool(const Range &)> &include)
    : p_(p), parent_(p.ranges.size(), kNoIndex), byThread_(p.threads.size() + 1)
{
    auto slot = [&](Index thread) { return thread < p.threads.size() ? thread : Index(p.threads.size()); };
    for (Index r = 0; r < p.ranges.size(); ++r)
        if (include(p.ranges[r]))
            byThread_[slot(p.ranges[r].thread)].ranges.push_back(r);
    for (ThreadRanges &t : byThread_) {
        // By (start, longer first, index): the order of a stable sort, with the keys side by side so that
        // the sort does not chase indices into the ranges (cache misses over millions of them).
        struct Key {
            int64_t start, end;
            Index range;
            bool operator<(const Key &o) const
            {
                return start != o.start ? start < o.start : end != o.end ? end > o.end : range < o.range;
            }
        };
        std::vector<Key> keys(t.ranges.size());
        for (size_t i = 0; i < keys.size(); ++i)
            keys[i] = {p.ranges[t.ranges[i]].start_ns, p.ranges[t.ranges[i]].end_ns, t.ranges[i]};
        if (!std::is_sorted(keys.begin(), keys.end()))
            std::sort(keys.begin(), keys.end());
        for (size_t i = 0; i < keys.size(); ++i)
            t.ranges[i] = keys[i].range;
        // A stack of open ranges gives each range its parent. Ranges are half-open: one that starts
        // where another ends follows it (ncu's serialised timeline lays ranges back to back). Ranges
        // that overlap without nesting (unbalanced data) get the innermost range still open at their start.
        std::vector<Index> open;
        t.starts.reserve(t.ranges.size());
        for (Index r : t.ranges) {
            const Range &range = p.ranges[r];
            const bool empty = range.end_ns == range.start_ns;
            while (!open.empty() && (p.ranges[open.back()].end_ns < range.start_ns ||
                                     (!empty && p.ranges[open.back()].end_ns == range.start_ns)))
                open.pop_back();
            parent_[r] = open.empty() ? kNoIndex : open.back();
            open.push_back(r);
            t.starts.push_back(range.start_ns);
            order_.push_back(r);
        }
    }
}

Index RangeIndex::innermostAt(Index thread, int64_t t) const
{
    const ThreadRanges &tr = byThread_[thread < p_.threads.size() ? thread : Index(p_.threads.size())];
    // The last range starting at or before t; walk out to the first that is still open at t.
    auto it = std::upper_bound(tr.starts.begin(), tr.starts.end(), t);
    if (it == tr.starts.begin())
        return kNoIndex;
    Index r = tr.ranges[size_t(it - tr.starts.begin()) - 1];
    // Half-open, except that an empty range still holds its own instant.
    while (r != kNoIndex && (p_.ranges[r].end_ns < t || (p_.ranges[r].end_ns == t && p_.ranges[r].start_ns != t)))
        r = parent_[r];
    return r;
}

} // namespace opscope
