#pragma once
// Nesting of the ranges that nest per thread (NVTX push/pop, torch.profiler annotations) and the
// query "which of them are open on thread T at time t", in O(log n + depth).

#include "opscope/profile.h"

#include <functional>
#include <vector>

namespace opscope {

class RangeIndex {
public:
    // Indexes the ranges for which `include` is true.
    RangeIndex(const Profile &p, const std::function<bool(const Range &)> &include);

    // The innermost indexed range on `thread` that encloses `t` (start <= t <= end), or kNoIndex.
    Index innermostAt(Index thread, int64_t t) const;
    // The range's enclosing range on the same thread, or kNoIndex.
    Index parent(Index range) const { return parent_[range]; }
    // The indexed ranges in nesting order (a range comes after its parent).
    const std::vector<Index> &inNestingOrder() const { return order_; }

private:
    struct ThreadRanges {
        std::vector<Index> ranges; // sorted by (start asc, end desc)
        std::vector<int64_t> starts;
    };
    const Profile &p_;
    std::vector<Index> parent_;          // per range of the profile
    std::vector<ThreadRanges> byThread_; // per thread index (+1 slot for kNoIndex)
    std::vector<Index> order_;
};

} // namespace opscope
