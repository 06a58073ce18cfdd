// TimelineFrame's painter of zoomed-out rows: the row's summary pyramid (TimelineCell) is read in time
// order at the level whose buckets are just narrower than a pixel column, so a column costs two or
// three bucket reads whatever the number of events behind it. The folded columns are then written
// as pixels into one image line per row and drawn with a single call, so their cost depends on the
// width, not on how many columns are busy. Events a pixel or wider keep their own boxes and labels.
#include "timeline/timeline_frame.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace opscope::ui {

namespace {

// Fewer runs than this go out as boxes: an image line costs about as much as this many boxes.
constexpr size_t kMinRunsForStrip = 24;

struct Run {
    int from, to, fill;
};

} // namespace

void TimelineFrame::paintRowCells(const TimelineRow &row, const RowSlots &rowSlots,
                                  const TimelineCoordinates &coordinates, RowBand band)
{
    const TimelineCoordinates axis = coordinates; // a copy of its own: no write below can change it
    const std::vector<uint8_t> &eventSlots = rowSlots.events;
    const int width = axis.width;

    // The coarsest level whose buckets are no wider than a column: between one and two per column.
    const int level =
        std::clamp(int(std::floor(std::log2(axis.nsPerPx))) - row.cellShift, 0, int(row.cellLevels.size()) - 1);
    const std::vector<TimelineCell> &cells = row.cellLevels[size_t(level)];
    const uint8_t *cellSlots = rowSlots.cells[size_t(level)].data();
    const int shift = row.cellShift + level;
    const int64_t rowOrigin = row.start(0);
    auto cellOf = [&](int64_t t) { return size_t((std::max(t, rowOrigin) - rowOrigin) >> shift); };

    const int64_t t0 = axis.windowFirst();
    const auto [firstEvent, lastEvent] = row.window(t0, axis.windowEnd());
    ++stats_.rowsPainted;
    if (firstEvent >= lastEvent)
        return;

    if (columnBusy_.size() < size_t(width)) {
        columnBusy_.resize(size_t(width), 0.f);
        columnWeight_.resize(size_t(width), 0);
        columnSlot_.resize(size_t(width), 0);
    }
    int touchedFrom = width, touchedTo = -1;
    int wideCursor = 0; // wide boxes never overlap: the first column the next may take
    int rects = 0;
    int64_t visited = 0;
    wideColumns_.clear();

    // Adds busy time over the fractional columns [u0, u1), split by overlap; the column's colour is
    // its heaviest contributor's (weight: that contributor's longest event + 1, so 0 means empty).
    auto fold = [&](double u0, double u1, double busy, uint32_t weight, uint8_t slot) {
        u0 = axis.clampColumn(u0);
        u1 = axis.clampColumn(u1);
        const int from = std::max(int(std::floor(u0)), 0);
        const int to = std::min(std::max(int(std::floor(u0)), int(std::ceil(u1)) - 1), width - 1);
        if (from > to)
            return;
        const double length = u1 - u0;
        for (int c = from; c <= to; ++c) {
            const double share = from == to ? 1.0 : (std::min(u1, c + 1.0) - std::max(u0, double(c))) / length;
            columnBusy_[size_t(c)] += float(busy * std::max(share, 0.0));
            if (weight > columnWeight_[size_t(c)]) {
                columnWeight_[size_t(c)] = weight;
                columnSlot_[size_t(c)] = slot;
            }
        }
        touchedFrom = std::min(touchedFrom, from);
        touchedTo = std::max(touchedTo, to);
    };
    // One event on its own: folded when narrower than a pixel, else a box with its label.
    auto paintEvent = [&](size_t i) {
        ++visited;
        const int64_t duration = row.end(i) - row.start(i);
        const double u0 = axis.columnOf(row.start(i)), u1 = axis.columnOf(row.end(i));
        if (u1 - u0 < 1.0) {
            fold(u0, u1, double(duration), uint32_t(std::min<int64_t>(duration, UINT32_MAX - 1)) + 1, eventSlots[i]);
            return;
        }
        const int a = std::max(axis.roundColumn(u0), wideCursor);
        const int b = std::min(axis.roundColumn(u1), width);
        if (b <= a)
            return;
        const uint8_t slot = eventSlots[i];
        const int boxWidth = b - a >= 3 ? b - a - 1 : b - a; // a one-pixel gap between neighbours
        boxes_[slot * kShades + kShades - 1].emplace_back(axis.left + a, band.y, boxWidth, band.height);
        ++rects;
        if (band.withLabels && boxWidth >= minLabelWidth_)
            labels_.push_back({QRect(axis.left + a, band.y, boxWidth, band.height), {row.kind, row.events[i]}, slot});
        wideColumns_.emplace_back(a, b);
        wideCursor = b;
    };

    // An event that began before the window (and still runs in it) sits in an earlier bucket: paint it
    // alone and start at the window's bucket, so a long event does not make us walk empty buckets.
    size_t j = cellOf(row.start(firstEvent));
    if (const size_t viewCell = cellOf(t0); j < viewCell) {
        paintEvent(firstEvent);
        j = viewCell;
    }
    // A bucket whose events are all narrower than a pixel folds whole: its span takes at most three
    // columns, and no column inside that span is free of its events (an idle gap inside a bucket is
    // shorter than the bucket, so shorter than a column). A bucket holding a wider event splits into
    // its two halves one level down, so a long event costs a few buckets per level, not a walk over
    // its neighbours; at level 0 its events are painted one by one.
    auto visitCell = [&](auto &self, int k, size_t j) -> void {
        ++visited;
        const std::vector<TimelineCell> &levelCells = row.cellLevels[size_t(k)];
        const TimelineCell &cell = levelCells[j];
        if (cell.empty())
            return;
        if (double(cell.longest) * axis.pxPerNs < 1.0) {
            fold(axis.columnOf(cell.firstStart), axis.columnOf(cell.lastEnd), double(cell.busy),
                 std::min<uint32_t>(cell.longest, UINT32_MAX - 1) + 1, rowSlots.cells[size_t(k)][j]);
        } else if (k > 0) {
            self(self, k - 1, 2 * j);
            if (2 * j + 1 < row.cellLevels[size_t(k - 1)].size())
                self(self, k - 1, 2 * j + 1);
        } else {
            const size_t from = std::max<size_t>(cell.firstEvent, firstEvent);
            const size_t to =
                j + 1 < levelCells.size() ? std::min<size_t>(levelCells[j + 1].firstEvent, lastEvent) : lastEvent;
            for (size_t i = from; i < to; ++i)
                paintEvent(i);
        }
    };
    const size_t lastCell = std::min(cellOf(row.start(lastEvent - 1)) + 1, cells.size());
    for (; j < lastCell; ++j) {
        const TimelineCell &cell = cells[j];
        if (cell.empty() || double(cell.longest) * axis.pxPerNs < 1.0) { // the common case, inline
            ++visited;
            if (!cell.empty())
                fold(axis.columnOf(cell.firstStart), axis.columnOf(cell.lastEnd), double(cell.busy),
                     std::min<uint32_t>(cell.longest, UINT32_MAX - 1) + 1, cellSlots[j]);
            continue;
        }
        visitCell(visitCell, level, j);
    }

    // The folded columns, in runs of one fill; columns a box took are left to it.
    static thread_local std::vector<Run> runs;
    runs.clear();
    size_t wide = 0;
    for (int c = touchedFrom; c <= touchedTo; ++c) {
        const uint32_t weight = columnWeight_[size_t(c)];
        if (weight == 0)
            continue;
        const double busy = columnBusy_[size_t(c)];
        columnWeight_[size_t(c)] = 0;
        columnBusy_[size_t(c)] = 0;
        while (wide < wideColumns_.size() && wideColumns_[wide].second <= c)
            ++wide;
        if (wide < wideColumns_.size() && wideColumns_[wide].first <= c)
            continue;
        const int fill = columnSlot_[size_t(c)] * kShades + std::min(kShades - 1, int(busy * axis.pxPerNs * kShades));
        if (!runs.empty() && runs.back().to == c && runs.back().fill == fill)
            ++runs.back().to;
        else
            runs.push_back({c, c + 1, fill});
    }
    if (runs.size() >= kMinRunsForStrip && pendingStrips_.size() < size_t(strips_.height()) &&
        strips_.width() >= width) {
        const int line = int(pendingStrips_.size());
        auto *pixels = reinterpret_cast<QRgb *>(strips_.scanLine(line));
        std::memcpy(pixels, (band.inHeader ? headerLine_ : baseLine_).data(), size_t(width) * sizeof(QRgb));
        for (const Run &run : runs)
            std::fill(pixels + run.from, pixels + run.to, fillPixels_[size_t(run.fill)]);
        pendingStrips_.emplace_back(QRect(axis.left, band.y, width, band.height), line);
    } else {
        for (const Run &run : runs)
            boxes_[size_t(run.fill)].emplace_back(axis.left + run.from, band.y, run.to - run.from, band.height);
    }
    rects += int(runs.size());
    stats_.maxRectsInRow = std::max(stats_.maxRectsInRow, rects);
    stats_.rectsPainted += rects;
    stats_.eventsVisited += visited;
}

} // namespace opscope::ui
