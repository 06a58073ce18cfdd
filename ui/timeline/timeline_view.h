#pragma once
// The timeline widget: GPU streams (kernels, memory operations) first, as Nsight Systems lists a
// process's CUDA HW rows above its threads, then CPU threads (module/NVTX bands, Python frames,
// operators by depth, CUDA API calls). Painted with QPainter at a cost bounded by pixels: per row,
// events that fall into one pixel column fold into one box shaded by how busy the column is, so a
// row never paints more boxes than it has columns.
//
// Navigation as in Perfetto and chrome://tracing: W/S zoom around the mouse, A/D pan, F fits the
// selection (or everything), wheel and Ctrl+wheel zoom, Shift+wheel and dragging pan; the wheel
// over the track names scrolls vertically, and dragging the names column's edge resizes it.
// Selection is shared with other views through the set...() slots and the ...Selected() signals.

#include "timeline/timeline_colors.h"
#include "timeline/timeline_model.h"

#include <QAbstractScrollArea>
#include <QColor>
#include <QImage>
#include <QMetaType>

#include <array>
#include <memory>
#include <vector>

namespace opscope::ui {

class TimelineView : public QAbstractScrollArea {
    Q_OBJECT
public:
    explicit TimelineView(QWidget *parent = nullptr);
    ~TimelineView() override;

    // Shows `profile`, building its TimelineModel here (a 2 M event profile takes a fraction of a
    // second; build the model on a worker thread and call setModel to keep the GUI responsive).
    void setProfile(std::shared_ptr<const Profile> profile);
    // Shows a model built elsewhere; `profile` is the one the model was built from (kept alive).
    void setModel(std::shared_ptr<const Profile> profile, std::shared_ptr<const TimelineModel> model);
    const TimelineModel *model() const { return model_.get(); }

    // ---- Visible time window (absolute ns on the profile's timebase) ----
    int64_t visibleStart() const;
    int64_t visibleEnd() const;
    double nsPerPixel() const;
    void setVisibleRange(int64_t startNs, int64_t endNs);
    void fitAll();
    // Fits the selected event (an operator together with its kernels); everything when none.
    void fitToSelection();
    // Zooms by `factor` (< 1 zooms in) keeping the time under viewport x fixed.
    void zoomAt(double x, double factor);
    // Moves the window right by `dx` pixels' worth of time (negative: left).
    void panByPixels(double dx);

    // ---- Geometry, in viewport coordinates ----
    int labelWidth() const { return labelWidth_; }
    // The track-name column's width as the user set it by dragging its right edge (double-click there
    // fits the names); 0 follows the font. Kept within the view so some time area stays.
    void setLabelWidth(int width);
    int userLabelWidth() const { return userLabelWidth_; }
    int rulerHeight() const { return rulerHeight_; }
    QRect timeArea() const; // right of the track names, below the ruler
    double xForTime(int64_t ns) const;
    int64_t timeAtX(double x) const;
    // A model row's rectangle (time area part); empty when the row's track is collapsed.
    QRect rowRect(int row) const;
    // The event under a viewport point (a kernel, an operator...), or an invalid ref.
    EventRef hitTest(QPoint pos) const;

    bool isTrackExpanded(int track) const;
    void setTrackExpanded(int track, bool expanded);

    ColorMode colorMode() const { return colorMode_; }
    void setColorMode(ColorMode mode);

    // The instant the ruler and the tooltips count from (absolute ns): by default the profile's time
    // origin (its first event), which the tables count from too; two timelines can share an axis
    // measured from their step starts. Reset by setModel().
    void setTimeZero(int64_t ns);
    int64_t timeZero() const { return origin_ + int64_t(tickShift_); }
    // The stretch of time the window may roam and zoom out to (absolute ns; the trace by default):
    // two timelines on one axis get the same extent relative to their zeros, so neither stops where
    // the other goes on. Reset by setModel().
    void setTimeExtent(int64_t startNs, int64_t endNs);

    EventRef selection() const { return selection_; }
    EventRef hoveredEvent() const { return hovered_; }
    // The hover tooltip's text (rich text): name, start, duration, operator, module, key counters.
    QString describe(EventRef event) const;
    // The tooltip at a viewport point: the event's description, a track's full name over the name
    // column (names are cut to fit it), what the ruler counts from over the ruler; empty elsewhere.
    QString toolTipAt(QPoint pos) const;

    // ---- Find (timeline_find.cpp) ----
    // Collects the events whose name matches `pattern` (case-insensitive text, or a regular
    // expression), in start order, and outlines them; returns how many. Kernels match on their full
    // or shortened name. An empty or invalid pattern clears the matches.
    int findEvents(const QString &pattern, bool regex);
    // Selects and reveals the match after (before) the selection, wrapping around; its position
    // among the matches, or -1 when there are none.
    int findNext();
    int findPrevious();
    const std::vector<EventRef> &matches() const { return matches_; }
    int currentMatch() const { return currentMatch_; }

    // What the last paint did, for tests and benchmarks.
    struct PaintStats {
        int rowsPainted = 0;
        int maxRectsInRow = 0;     // boxes (events or folded columns) painted in the busiest row
        int64_t rectsPainted = 0;  // all rows
        int64_t eventsVisited = 0; // loop steps over events; folded runs are skipped by binary search
        int64_t groupFolds = 0;    // of those, steps that folded whole TimelineGroups
        int labelsDrawn = 0;
        int flowArrows = 0;
        int matchOutlines = 0; // find matches outlined
    };
    const PaintStats &lastPaintStats() const { return stats_; }

public slots:
    // Selecting from elsewhere also reveals the event (expands its track, scrolls it into view).
    // An index of kNoIndex clears the selection.
    void setSelectedKernel(opscope::Index kernel);
    void setSelectedOperator(opscope::Index op);
    void setSelection(opscope::ui::EventRef event);
    void clearSelection();

signals:
    // Emitted when the selection changes, whatever changed it (a click or a set...() call).
    void kernelSelected(opscope::Index kernel);
    void operatorSelected(opscope::Index op);
    void selectionChanged(opscope::ui::EventRef event); // also for other kinds, and when cleared
    void hovered(opscope::ui::EventRef event);          // invalid ref when the pointer leaves events
    void visibleRangeChanged(qint64 startNs, qint64 endNs);
    void matchesChanged(int current, int count); // current is -1 before findNext/findPrevious
    void labelWidthChanged(int width);           // the user resized the track-name column

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void scrollContentsBy(int dx, int dy) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void changeEvent(QEvent *event) override;
    bool viewportEvent(QEvent *event) override;

private:
    // One line of the vertical layout: a track header, or a model row of an expanded track.
    struct Line {
        int y = 0; // content coordinates (0 = just below the ruler)
        int height = 0;
        int track = 0;
        int row = -1; // -1 for a header
    };
    struct Label {
        QRect rect;
        EventRef event;
        uint8_t slot;
    };

    void relayout();
    void updateScrollBar();
    void updateMetrics();
    void updateColors();
    void setWindow(double start, double span); // relative to origin_
    void clampWindow();
    double maxSpan() const; // the widest window: four times the extent (at least 1 ms)
    void selectInternal(EventRef event, bool reveal);
    void revealEvent(EventRef event);
    const Line *lineAt(int viewportY) const;
    int lineTop(const Line &line) const; // viewport y
    int rowCenterY(int row) const;       // viewport y; a collapsed row's track header
    EventRef hitRow(int row, double x) const;
    double xForRel(double relNs) const;

    // Painting, split by layer.
    void paintRow(int row, const QRect &rect, bool inHeader); // collects boxes and labels; flushBoxes paints them
    // A row zoomed out past its pyramid's finest buckets (timeline_paint_cells.cpp): folded columns
    // come from the buckets and go out as one image strip per row; events a pixel or wider stay boxes.
    void paintRowCells(int row, const QRect &rect, bool inHeader);
    void prepareStrips(const QRect &area, const std::vector<int> &gridColumns, const QColor &headerBand);
    void flushStrips(QPainter &painter);
    void flushBoxes(QPainter &painter);
    void paintLabels(QPainter &painter);
    void paintHighlights(QPainter &painter);
    void paintFlow(QPainter &painter, EventRef to);
    void paintMatches(QPainter &painter);
    int stepMatch(int direction);
    void paintTrackNames(QPainter &painter);
    QString nameToolTip(const Line &line) const;
    int fittedLabelWidth() const; // wide enough for every track and row name
    bool onLabelEdge(QPoint pos) const;
    void applyLabelWidth();
    void paintRuler(QPainter &painter);
    void computeSlots();
    uint8_t slotOf(EventKind kind, Index index);
    QString cachedLabel(EventRef event);
    QRectF eventRect(EventRef event) const; // viewport; empty when its row is not shown
    void updateHover(QPoint pos, QPoint globalPos);
    void click(QPoint pos);

    std::shared_ptr<const Profile> profile_;
    std::shared_ptr<const TimelineModel> model_;
    std::unique_ptr<ColorCache> colors_;
    ColorMode colorMode_ = ColorMode::Operator;

    // Window: [origin_ + viewStart_, + viewSpan_), kept relative to the trace start in doubles so
    // zooming to nanoseconds stays exact on epoch-based timestamps.
    int64_t origin_ = 0;
    double viewStart_ = 0;
    double viewSpan_ = 1e6;
    double tickShift_ = 0;                   // the ruler's zero relative to origin_ (setTimeZero)
    double extentStart_ = 0, extentEnd_ = 0; // where the window may go, relative to origin_ (setTimeExtent)

    std::vector<char> expanded_; // per track
    std::vector<Line> lines_;    // in y order
    std::vector<int> rowLine_;   // model row -> index in lines_, or -1 when collapsed
    std::vector<int> trackLine_; // track -> its header's index in lines_
    int contentHeight_ = 0;

    int labelWidth_ = 220;
    int userLabelWidth_ = 0; // setLabelWidth; 0: from the font
    bool resizingLabels_ = false;
    int rulerHeight_ = 24;
    int rowHeight_ = 18;
    int headerHeight_ = 20;
    int minLabelWidth_ = 40;

    EventRef selection_;
    EventRef hovered_;
    QPoint pressPos_;
    QPoint lastDragPos_;
    bool pressed_ = false;
    bool dragging_ = false;
    double lastMouseX_ = -1;

    static constexpr int kShades = 4; // density levels of folded columns; the last is the full colour
    std::array<QColor, kSlotCount * kShades> fills_;
    std::array<QColor, kSlotCount> textColors_;
    std::vector<std::vector<uint8_t>> rowSlots_;               // per row, per event: its palette slot in colorMode_
    std::vector<std::vector<uint8_t>> groupSlots_;             // per row, per TimelineGroup: its longest event's slot
    std::vector<std::vector<QRect>> boxes_;                    // per fill colour, reused between frames
    std::vector<std::vector<std::vector<uint8_t>>> cellSlots_; // per row, level and cell: its longest event's slot
    std::array<QRgb, kSlotCount * kShades> fillPixels_;        // fills_ as pixels, for strips
    // Per-frame state of paintRowCells, reused: column accumulators, the columns wide boxes take, the
    // strips (one RGB32 line per dense row) and the background they start from (grid lines included).
    std::vector<float> columnBusy_;
    std::vector<uint32_t> columnWeight_; // 0: nothing folded here; else the longest contributor's duration + 1
    std::vector<uint8_t> columnSlot_;
    std::vector<std::pair<int, int>> wideColumns_;
    QImage strips_;
    std::vector<std::pair<QRect, int>> pendingStrips_; // target, line of strips_
    std::vector<QRgb> baseLine_, headerLine_;
    std::vector<Label> labels_;
    std::vector<QString> nameLabels_;   // by StringId (operators, ranges, API calls)
    std::vector<QString> kernelLabels_; // by StringId (shortened kernel names)
    PaintStats stats_;
    std::vector<EventRef> matches_;    // find results, by start
    std::vector<int64_t> matchStarts_; // their starts, for the visible ones
    int64_t longestMatch_ = 0;         // the longest match's duration: how far back a visible one may start
    int currentMatch_ = -1;
    // Metric ids of the counters the tooltip shows (kNoIndex when the profile has none).
    Index metricTime_ = kNoIndex, metricDram_ = kNoIndex, metricSm_ = kNoIndex;
};

} // namespace opscope::ui

Q_DECLARE_METATYPE(opscope::ui::EventRef)
