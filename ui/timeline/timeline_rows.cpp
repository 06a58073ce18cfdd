#include "timeline/timeline_rows.h"

#include "timeline/timeline_row_summaries.h"
#include "timeline/timeline_scheduling.h"

#include "opscope/concurrency/fresh_memory.h"

#include <algorithm>

namespace opscope::ui {

std::pair<size_t, size_t> TimelineRow::window(int64_t t0, int64_t t1) const
{
    if (events.empty())
        return {0, 0};
    // The first event still running after t0 (ends rise with starts), then the first that starts
    // at or after t1.
    size_t first = 0, hi = size();
    while (first < hi) {
        const size_t mid = first + (hi - first) / 2;
        if (end(mid) <= t0)
            first = mid + 1;
        else
            hi = mid;
    }
    const auto it = std::lower_bound(points.begin() + first, points.end() - 1, t1,
                                     [](const Point &p, int64_t t) { return p.start < t; });
    const size_t last = size_t(it - points.begin());
    return {first, std::max(first, last)};
}

namespace {

// An event waiting for its row: sorting these is much faster than sorting indices through the profile.
struct Pending {
    int64_t start;
    int64_t end;
    Index index;
};

// The events of one job as the row builder reads them: position i's start, end and index in its table.
// Straight from the profile's table when the job's events come in start order (most tables do), so
// that no copy of 13 M API calls is made; through a sorted copy otherwise.
template <class Event> struct InTableOrder {
    const std::vector<Event> &table;
    const std::vector<Index> &events;
    size_t size() const { return events.size(); }
    int64_t start(size_t i) const { return table[events[i]].start_ns; }
    int64_t end(size_t i) const { return clampedEnd(table[events[i]]); }
    Index index(size_t i) const { return events[i]; }
};

struct InSortedCopy {
    std::vector<Pending> pending;
    size_t size() const { return pending.size(); }
    int64_t start(size_t i) const { return pending[i].start; }
    int64_t end(size_t i) const { return pending[i].end; }
    Index index(size_t i) const { return pending[i].index; }
};

// Start order, enclosing events before the events they enclose.
bool startsBefore(int64_t startA, int64_t endA, int64_t startB, int64_t endB)
{
    return startA != startB ? startA < startB : endA > endB;
}

// Each event takes the lowest row that is free at its start. For nested events that is their nesting
// depth; events that overlap without nesting (streams with clock jitter) alternate between two rows
// instead of piling up. A first pass finds each event's row and the rows' sizes, so that the second
// fills arrays of their final size (growing them copied every event twice).
struct Depths {
    bool inOrder = true;           // false: the events were found out of start order (nothing else is set)
    std::vector<uint32_t> depthOf; // empty while every event is in the first row (API calls, a stream's kernels)
    std::vector<size_t> rowSizes;
};

template <class Events> Depths depthsOf(const Events &in, bool checkOrder)
{
    Depths d;
    std::vector<int64_t> rowEnds;
    const size_t n = in.size();
    for (size_t i = 0; i < n; ++i) {
        const int64_t start = in.start(i), end = in.end(i);
        if (checkOrder && i > 0 && startsBefore(start, end, in.start(i - 1), in.end(i - 1)))
            return {false, {}, {}};
        size_t depth = 0;
        while (depth < rowEnds.size() && rowEnds[depth] > start)
            ++depth;
        if (depth == rowEnds.size()) {
            rowEnds.push_back(0);
            d.rowSizes.push_back(0);
        }
        rowEnds[depth] = end;
        ++d.rowSizes[depth];
        if (depth > 0 && d.depthOf.empty())
            d.depthOf.assign(n, 0);
        if (!d.depthOf.empty())
            d.depthOf[i] = uint32_t(depth);
    }
    return d;
}

// The rows, filled from `in` as `d` places its events; their lists of events too `withEvents`.
template <class Events>
std::vector<TimelineRow> fillRows(const Events &in, const Depths &d, int track, EventKind kind, RowGroup group,
                                  size_t threads, bool withEvents = true)
{
    std::vector<TimelineRow> rows;
    for (size_t depth = 0; depth < d.rowSizes.size(); ++depth) {
        TimelineRow row;
        row.kind = kind;
        row.group = group;
        row.depth = uint16_t(std::min<size_t>(depth, UINT16_MAX));
        row.track = track;
        if (withEvents)
            row.events.reserve(d.rowSizes[depth]);
        row.points.reserve(d.rowSizes[depth] + 1);
        row.points.push_back({0, 0}); // the closing point, moved along as events are added
        rows.push_back(std::move(row));
    }
    if (threads > 1) {
        std::vector<fresh::Span> regions;
        for (TimelineRow &row : rows) {
            regions.push_back({row.events.data(), row.events.capacity() * sizeof(Index)});
            regions.push_back({row.points.data(), row.points.capacity() * sizeof(TimelineRow::Point)});
        }
        fresh::faultInOnThreads(regions, threads);
    }
    for (size_t i = 0; i < in.size(); ++i) {
        TimelineRow &row = rows[d.depthOf.empty() ? 0 : d.depthOf[i]];
        const int64_t start = in.start(i), end = in.end(i);
        if (withEvents)
            row.events.push_back(in.index(i));
        const int64_t busy = row.points.back().busy;
        row.points.back() = {start, busy};
        row.points.push_back({end, busy + (end - start)});
    }
    return rows;
}

template <class Event>
std::vector<TimelineRow> rowsOfTable(const std::vector<Event> &table, int track, EventKind kind, RowGroup group,
                                     std::vector<Index> events, size_t threads)
{
    const Depths d = depthsOf(InTableOrder<Event>{table, events}, true);
    if (d.inOrder && d.rowSizes.size() == 1) {
        // One row in the job's order: the job's list of events becomes the row's, not copied.
        std::vector<TimelineRow> rows =
            fillRows(InTableOrder<Event>{table, events}, d, track, kind, group, threads, false);
        rows[0].events = std::move(events);
        return rows;
    }
    if (d.inOrder)
        return fillRows(InTableOrder<Event>{table, events}, d, track, kind, group, threads);
    InSortedCopy copy;
    copy.pending.reserve(events.size());
    for (const Index i : events)
        copy.pending.push_back({table[i].start_ns, clampedEnd(table[i]), i});
    std::stable_sort(copy.pending.begin(), copy.pending.end(),
                     [](const Pending &a, const Pending &b) { return startsBefore(a.start, a.end, b.start, b.end); });
    return fillRows(copy, depthsOf(copy, false), track, kind, group, threads);
}

} // namespace

std::vector<TimelineRow> buildTimelineRows(const Profile &p, int track, EventKind kind, RowGroup group,
                                           std::vector<Index> events, size_t threads)
{
    std::vector<TimelineRow> rows = withEventTable(p, kind, std::vector<TimelineRow>{}, [&](const auto &table) {
        return rowsOfTable(table, track, kind, group, std::move(events), threads);
    });
    for (TimelineRow &row : rows)
        summarizeRow(row, threads);
    return rows;
}

} // namespace opscope::ui
