#include "timeline/timeline_row_summaries.h"

#include "timeline/timeline_scheduling.h"

#include "opscope/concurrency/fresh_memory.h"
#include "opscope/concurrency/parallel.h"

#include <algorithm>
#include <cstdint>

namespace opscope::ui {

namespace {

void buildGroups(TimelineRow &row, size_t threads)
{
    constexpr size_t G = TimelineRow::kGroupSize;
    fresh::resizeOnThreads(row.groups, (row.size() + G - 1) / G, threads);
    onThreads(threads, [&](size_t t) {
        const size_t groupCount = row.groups.size();
        for (size_t g = groupCount * t / threads; g < groupCount * (t + 1) / threads; ++g) {
            const size_t first = g * G, last = std::min(first + G, row.size()) - 1;
            TimelineGroup &group = row.groups[g];
            group.firstStart = row.start(first);
            group.lastEnd = row.end(last);
            group.busyBefore = row.busyBefore(first);
            int64_t longest = -1;
            for (size_t i = first; i <= last; ++i)
                if (row.end(i) - row.start(i) > longest) {
                    longest = row.end(i) - row.start(i);
                    group.longestOffset = uint8_t(i - first);
                }
            group.longest = uint32_t(std::min<int64_t>(longest, UINT32_MAX));
        }
    });
}

void buildCells(TimelineRow &row, size_t threads)
{
    const size_t n = row.size();
    if (n < TimelineRow::kMinCellEvents)
        return;
    const int64_t origin = row.start(0);
    const int64_t span = row.start(n - 1) - origin + 1;
    // Level 0: the narrowest power of two that holds kEventsPerCell events on average.
    const int64_t target = std::max<int64_t>(1, span / int64_t(n) * TimelineRow::kEventsPerCell);
    int shift = 0;
    while ((int64_t(1) << shift) < target)
        ++shift;
    row.cellShift = shift;
    std::vector<TimelineCell> cells;
    fresh::resizeOnThreads(cells, size_t(((span - 1) >> shift) + 1), threads);
    // Each thread takes the events that start in its share of the buckets: a bucket is one thread's.
    const auto firstStartingIn = [&](size_t bucket) {
        const int64_t from = origin + (int64_t(bucket) << shift);
        return size_t(std::lower_bound(row.points.begin(), row.points.end() - 1, from,
                                       [](const TimelineRow::Point &p, int64_t t) { return p.start < t; }) -
                      row.points.begin());
    };
    onThreads(threads, [&](size_t t) {
        const size_t end = t + 1 == threads ? n : firstStartingIn(cells.size() * (t + 1) / threads);
        for (size_t i = firstStartingIn(cells.size() * t / threads); i < end; ++i) {
            TimelineCell &cell = cells[size_t((row.start(i) - origin) >> shift)];
            const int64_t duration = row.end(i) - row.start(i);
            const bool first = cell.empty();
            if (first) {
                cell.firstStart = row.start(i);
                cell.firstEvent = uint32_t(i);
            }
            cell.lastEnd = row.end(i);
            cell.busy += float(duration);
            if (first || duration > int64_t(cell.longest)) {
                cell.longest = uint32_t(std::min<int64_t>(duration, UINT32_MAX));
                cell.longestEvent = uint32_t(i);
            }
        }
    });
    uint32_t next = uint32_t(n); // empty buckets point at the next event
    for (size_t j = cells.size(); j-- > 0;)
        if (cells[j].empty())
            cells[j].firstEvent = next;
        else
            next = cells[j].firstEvent;
    row.cellLevels.push_back(std::move(cells));
    while (row.cellLevels.back().size() > 1) {
        const std::vector<TimelineCell> &below = row.cellLevels.back();
        std::vector<TimelineCell> level;
        fresh::resizeOnThreads(level, (below.size() + 1) / 2, threads);
        for (size_t j = 0; j < level.size(); ++j) {
            const TimelineCell &a = below[2 * j];
            const TimelineCell &b = 2 * j + 1 < below.size() ? below[2 * j + 1] : TimelineCell{};
            TimelineCell &c = level[j];
            c.firstStart = std::min(a.firstStart, b.firstStart);
            c.lastEnd = std::max(a.lastEnd, b.lastEnd);
            c.firstEvent = a.firstEvent;
            c.busy = a.busy + b.busy;
            const bool second = !b.empty() && (a.empty() || b.longest > a.longest);
            c.longest = second ? b.longest : a.longest;
            c.longestEvent = second ? b.longestEvent : a.longestEvent;
        }
        row.cellLevels.push_back(std::move(level));
    }
}

} // namespace

void summarizeRow(TimelineRow &row, size_t threads)
{
    buildGroups(row, threads);
    buildCells(row, threads);
}

} // namespace opscope::ui
