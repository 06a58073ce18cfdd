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
    // The indexed ranges in nesting order (a range comes after its parent): thread by thread, each
    // thread's sorted by (start asc, end desc, index).
    const std::vector<Index> &inNestingOrder() const { return order_; }

private:
    // Every array is sized once: on a virtual machine the first write to each fresh page costs a page
    // fault of several microseconds, more than the work done on it (docs/performance.md, "Attribution").
    const Profile &p_;
    std::vector<Index> parent_;       // per range of the profile
    std::vector<Index> order_;        // the indexed ranges, thread by thread (slot by slot)
    std::vector<int64_t> starts_;     // their start times, beside order_
    std::vector<size_t> threadBegin_; // per thread index (+1 slot for kNoIndex, +1 end): its part of order_
};

} // namespace opscope
