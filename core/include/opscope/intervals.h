#pragma once
// Time intervals [start, end) in ns, as the busy-time figures add them up.

#include <cstdint>
#include <utility>
#include <vector>

namespace opscope {

using Intervals = std::vector<std::pair<int64_t, int64_t>>;

// The length of the union of `intervals` (overlaps counted once, empty ones adding nothing).
int64_t unitedLength(Intervals intervals);

} // namespace opscope
