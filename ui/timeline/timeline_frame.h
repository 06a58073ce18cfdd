#pragma once
// What one paint of a TimelineView collects before it draws, after the render states of Qt Creator's
// TimelineRenderer: the row painters turn a row's visible events into boxes (one list per fill
// colour), labels and image strips here, bounded by pixels (a row never paints more boxes than it
// has columns); flush() then draws the strips and the boxes with one call per colour. Everything is
// reused between frames, so painting allocates nothing once warm.
// The row painters are the render passes:
// - paintRow (timeline_paint_row.cpp) folds the events of a pixel column into one box;
// - paintRowCells (timeline_paint_cells.cpp) paints a row zoomed out past its pyramid's finest
//   buckets: folded columns come from the buckets and go out as one image strip per row, events a
//   pixel or wider stay boxes.

#include "common/palette.h"
#include "timeline/timeline_coordinates.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_slots.h"

#include <QColor>
#include <QImage>
#include <QRect>

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

class QPainter;

namespace opscope::ui {

// Where one row's boxes go: its line less a pixel above and below.
struct RowBand {
    int y = 0;
    int height = 0;
    bool withLabels = false; // tall enough for names in its boxes (a collapsed track's header is not)
    bool inHeader = false;   // a collapsed track's summary row, over the header's band
};

class TimelineFrame {
public:
    static constexpr int kShades = 4; // density levels of folded columns; the last is the full colour
    static constexpr int kFillCount = kSlotCount * kShades;
    // A fill: a palette slot in one of the shades.
    static constexpr int fill(uint8_t slot, int shade) { return slot * kShades + shade; }

    struct Label {
        QRect rect;
        EventRef event;
        uint8_t slot;
    };

    // What the last paint did, for tests and benchmarks.
    struct Stats {
        int rowsPainted = 0;
        int maxRectsInRow = 0;     // boxes (events or folded columns) painted in the busiest row
        int64_t rectsPainted = 0;  // all rows
        int64_t eventsVisited = 0; // loop steps over events; folded runs are skipped by binary search
        int64_t groupFolds = 0;    // of those, steps that folded whole TimelineGroups
        int labelsDrawn = 0;
        int flowArrows = 0;
        int matchOutlines = 0; // find matches outlined
        int memoryColumns = 0; // pixel columns of memory curves drawn (with a value)
    };

    TimelineFrame();

    // The colour of each fill, from the palette.
    void setFillColor(int fill, const QColor &color);
    const QColor &fillColor(int fill) const { return fills_[size_t(fill)]; }
    // Boxes narrower than this get no label.
    void setMinLabelWidth(int width) { minLabelWidth_ = width; }

    // Starts a frame: no labels, no boxes counted.
    void begin();
    // Prepares the strips of a frame over `area` (viewport coordinates) with lines `rowHeight` high: the
    // background a strip starts from, `base` with `grid` at the grid's columns (relative to area.left()),
    // or `headerBand` for a collapsed track's summary (its band covers the grid lines).
    void prepareStrips(const QRect &area, int rowHeight, const std::vector<int> &gridColumns, QRgb base, QRgb grid,
                       QRgb headerBand);

    // Adds the boxes and labels of `row`'s events in the window of `axis`, in `band`.
    void paintRow(const TimelineRow &row, const RowSlots &rowSlots, const TimelineCoordinates &axis, RowBand band);

    // Draws the strips, then the boxes (one brush per colour), and empties both for the next frame.
    void flush(QPainter &painter);

    const std::vector<Label> &labels() const { return labels_; }
    Stats &stats() { return stats_; }
    const Stats &stats() const { return stats_; }

private:
    void paintRowCells(const TimelineRow &row, const RowSlots &rowSlots, const TimelineCoordinates &axis, RowBand band);

    std::array<QColor, kFillCount> fills_;
    std::array<QRgb, kFillCount> fillPixels_; // fills_ as pixels, for strips
    int minLabelWidth_ = 34;
    std::vector<std::vector<QRect>> boxes_; // per fill
    std::vector<Label> labels_;
    Stats stats_;
    // paintRowCells' column accumulators, the columns wide boxes take, the strips (one RGB32 line per
    // dense row) and the backgrounds they start from (grid lines included).
    std::vector<float> columnBusy_;
    std::vector<uint32_t> columnWeight_; // 0: nothing folded here; else the longest contributor's duration + 1
    std::vector<uint8_t> columnSlot_;
    std::vector<std::pair<int, int>> wideColumns_;
    QImage strips_;
    std::vector<std::pair<QRect, int>> pendingStrips_; // target, line of strips_
    std::vector<QRgb> baseLine_, headerLine_;
};

} // namespace opscope::ui
