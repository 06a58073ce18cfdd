// TimelineFrame's row painter: a row's visible events in start order, folded to at most one box
// per pixel column. Where a column holds many events the fold skips them by searching near where the
// previous fold ended, and in dense stretches folds whole TimelineGroups, so a frame's cost follows
// its columns, not its events.
#include "timeline/timeline_frame.h"

#include <algorithm>
#include <cmath>

namespace opscope::ui {

namespace {

// First index in [lo, hi) whose key is >= t (keys sorted), searching outward from `hint`. A fold's
// end lies about as far from its start as the previous fold's did, so a good hint makes this a
// couple of probes on one or two cache lines rather than a binary search over a large array.
template <class Key> size_t searchNear(size_t lo, size_t hi, int64_t t, size_t hint, Key key)
{
    if (lo >= hi)
        return lo;
    const size_t h = std::clamp(hint, lo, hi - 1);
    size_t bound = 1;
    size_t from, to; // the answer lies in [from, to], and key(to) >= t unless to == hi
    if (key(h) < t) {
        while (h + bound < hi && key(h + bound) < t)
            bound *= 2;
        from = h + bound / 2 + 1;
        to = std::min(h + bound, hi);
    } else { // key(h - bound / 2) >= t holds throughout
        while (h >= lo + bound && key(h - bound) >= t)
            bound *= 2;
        from = h >= lo + bound ? h - bound + 1 : lo;
        to = h - bound / 2;
    }
    // Lower bound in [from, to) without branches: these probes are too irregular to predict.
    if (from >= to)
        return from;
    size_t length = to - from;
    while (length > 1) {
        const size_t half = length / 2;
        from = key(from + half) < t ? from + half : from;
        length -= half;
    }
    return from + (key(from) < t ? 1 : 0);
}

// First index in [lo, hi) whose key is >= t, where the previous fold suggests `hint`. Up to `walk`
// entries are read in order first: short runs are found fastest that way, as memory read in order
// is fetched ahead of use. Longer ones are searched near the hint, so a column costs a few probes
// however many events it holds.
template <class Key> size_t findEnd(size_t lo, size_t hi, int64_t t, size_t hint, size_t walk, Key key)
{
    if (hint - lo <= walk) {
        const size_t stop = std::min(hi, lo + walk);
        while (lo < stop && key(lo) < t)
            ++lo;
        if (lo < stop || lo == hi || key(lo) >= t)
            return lo;
    }
    return searchNear(lo, hi, t, std::max(hint, lo), key);
}

} // namespace

void TimelineFrame::paintRow(const TimelineRow &row, const RowSlots &rowSlots, const TimelineCoordinates &coordinates,
                             RowBand band)
{
    if (row.events.empty())
        return;
    // Zoomed out so far that a column spans one of the row's finest buckets or more: read those.
    if (row.cellShift >= 0 && coordinates.nsPerPx >= double(int64_t(1) << row.cellShift))
        return paintRowCells(row, rowSlots, coordinates, band);
    const TimelineCoordinates axis = coordinates; // a copy of its own: no write below can change it
    const std::vector<uint8_t> &eventSlots = rowSlots.events;
    const TimelineRow::Point *points = row.points.data();

    const auto [firstEvent, lastEvent] = row.window(axis.windowFirst(), axis.windowEnd());
    size_t i = firstEvent;
    int cursor = 0; // the first column not painted yet: boxes never overlap, so at most a box per column
    int rects = 0;
    int pendingFrom = 0, pendingTo = 0, pendingFill = -1; // folded columns of one fill merge into one box
    auto flushPending = [&] {
        if (pendingFill >= 0) {
            boxes_[pendingFill].emplace_back(axis.left + pendingFrom, band.y, pendingTo - pendingFrom, band.height);
            ++rects;
            pendingFill = -1;
        }
    };
    int64_t visited = 0, groupFolds = 0;
    size_t lastFold = 1; // events in the previous folded column: the guess for the next one
    constexpr size_t G = TimelineRow::kGroupSize;
    const TimelineGroup *groups = row.groups.data();
    const std::vector<uint8_t> &groupSlots = rowSlots.groups;
    const size_t groupCount = row.groups.size();
    auto emitFold = [&](int from, int to, int fill) {
        if (fill == pendingFill && pendingTo == from) {
            pendingTo = to;
        } else {
            flushPending();
            pendingFrom = from;
            pendingTo = to;
            pendingFill = fill;
        }
        cursor = to;
    };
    while (i < lastEvent) {
        ++visited;
        // At a group boundary the group holds the start: no look into the large per-event arrays.
        const int64_t start = i % G == 0 ? groups[i / G].firstStart : points[i].start;
        const double u0 = axis.columnOf(start);
        if (u0 >= axis.width)
            break;

        // Dense: the last column folded two groups or more and this group has only sub-pixel events.
        // Fold whole groups; the box spans from the first folded start to the last folded end.
        const size_t g = i / G;
        if (lastFold >= 2 * G && groups[g].longest != UINT32_MAX && double(groups[g].longest) * axis.pxPerNs < 1.0) {
            const int c = std::max(axis.floorColumn(u0), cursor);
            if (c >= axis.width)
                break;
            const size_t g1 = findEnd(g + 1, groupCount, axis.columnStart(c + 1), g + lastFold / G, 64,
                                      [groups](size_t k) { return groups[k].firstStart; });
            // The groups before the last end before it starts, in this column; the last one may hold
            // an idle gap (its events need not follow each other closely). When its end lies past
            // the next column it may well, and folding it whole would paint the gap: fold event by
            // event below instead, which stops at the column's end.
            const int lastColumn = g1 > g + 1 ? axis.floorColumn(axis.columnOf(groups[g1 - 1].lastEnd)) : axis.width;
            if (g1 > g + 1 && lastColumn <= c + 1) {
                // The fold covers the columns from its first start to its last end. When the next
                // group starts in the column of that end, the column is left to it: a fold never
                // pushes the next one right, so no error builds up along a dense row.
                const int nextColumn =
                    g1 < groupCount ? axis.floorColumn(axis.columnOf(groups[g1].firstStart)) : axis.width;
                const int to = std::clamp(nextColumn > lastColumn ? lastColumn + 1 : lastColumn, c + 1, axis.width);
                const int64_t busyEnd = g1 < groupCount ? groups[g1].busyBefore : points[row.size()].busy;
                const int64_t busyStart = i % G == 0 ? groups[g].busyBefore : points[i].busy;
                uint8_t slot = groupSlots[g];
                uint32_t longest = groups[g].longest;
                for (const size_t k : {(g + g1) / 2, g1 - 1})
                    if (groups[k].longest > longest) {
                        longest = groups[k].longest;
                        slot = groupSlots[k];
                    }
                const double coverage = double(busyEnd - busyStart) * axis.pxPerNs / (to - c);
                emitFold(c, to, slot * kShades + std::min(kShades - 1, int(coverage * kShades)));
                const size_t j = std::min(g1 * G, row.size());
                ++groupFolds;
                __builtin_prefetch(groups + std::min(g1 + 2 * (g1 - g), groupCount));
                lastFold = j - i;
                i = j;
                continue;
            }
            // The column ends inside this group: fold event by event below.
        }

        const double u1 = axis.columnOf(row.end(i));
        if (u1 - u0 >= 1.0) { // a pixel or wider: a box of its own
            const int a = std::max(axis.roundColumn(u0), cursor);
            const int b = std::min(axis.roundColumn(u1), axis.width);
            if (b > a) {
                flushPending();
                const uint8_t slot = eventSlots[i];
                const int boxWidth = b - a >= 3 ? b - a - 1 : b - a; // a one-pixel gap between neighbours
                boxes_[slot * kShades + kShades - 1].emplace_back(axis.left + a, band.y, boxWidth, band.height);
                ++rects;
                if (band.withLabels && boxWidth >= minLabelWidth_)
                    labels_.push_back(
                        {QRect(axis.left + a, band.y, boxWidth, band.height), {row.kind, row.events[i]}, slot});
                cursor = b;
            }
            lastFold = 1;
            ++i;
            continue;
        }
        // Narrower than a pixel: fold every event that starts before this column ends.
        const int c = std::max(axis.floorColumn(u0), cursor);
        if (c >= axis.width)
            break;
        size_t j = findEnd(i + 1, lastEvent, axis.columnStart(c + 1), i + lastFold, 8 * G,
                           [points](size_t k) { return points[k].start; });
        if (j - 1 > i && axis.columnOf(row.end(j - 1)) >= c + 2) // the last one is wide: it gets its own box
            --j;
        uint8_t slot = eventSlots[i];
        int shade = kShades - 1;
        if (j - i > 1) {
            // The fold takes the colour of the longer of its first and last events (both in cache
            // after the search), and a shade by how much of the column its events cover.
            if (points[j].busy - points[j - 1].busy > points[i + 1].busy - points[i].busy)
                slot = eventSlots[j - 1];
            const double coverage = double(points[j].busy - points[i].busy) * axis.pxPerNs;
            shade = std::min(kShades - 1, int(coverage * kShades));
        }
        // The fold reaches the column its last event ends in (a narrow event across a column edge covers
        // both), unless the next event starts there: as the group folds above, it never pushes the next
        // fold right. Fitting the whole capture put the last kernel across the edge of the last columns.
        const int lastColumn = std::max(c, int(std::ceil(axis.clampColumn(axis.columnOf(row.end(j - 1))))) - 1);
        const int nextColumn = j < lastEvent ? axis.floorColumn(axis.columnOf(points[j].start)) : axis.width;
        const int to = std::clamp(nextColumn > lastColumn ? lastColumn + 1 : lastColumn, c + 1,
                                  std::max(c + 1, std::min(c + 2, axis.width)));
        emitFold(c, to, slot * kShades + shade);
        lastFold = j - i;
        i = j;
    }
    flushPending();
    ++stats_.rowsPainted;
    stats_.maxRectsInRow = std::max(stats_.maxRectsInRow, rects);
    stats_.rectsPainted += rects;
    stats_.eventsVisited += visited;
    stats_.groupFolds += groupFolds;
}

} // namespace opscope::ui
