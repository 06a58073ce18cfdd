#include "opscope/intervals.h"

#include <algorithm>
#include <limits>

namespace opscope {

int64_t unitedLength(Intervals intervals)
{
    std::sort(intervals.begin(), intervals.end());
    int64_t total = 0, cursor = std::numeric_limits<int64_t>::min();
    for (const auto &[start, end] : intervals) {
        if (end <= cursor)
            continue;
        total += end - std::max(cursor, start);
        cursor = end;
    }
    return total;
}

} // namespace opscope
