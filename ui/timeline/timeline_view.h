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
//
// Split as Qt Creator's tracing library splits its renderer: TimelineZoom holds the window,
// TimelineLayout the lines and the names column, TimelineCoordinates maps time to pixels,
// TimelineFrame collects and draws a paint's boxes (its row painters are the render passes),
// TimelineSlots holds each event's colour, TimelineFind the find state and TimelineStepRuler the
// band of steps under the time ruler. The view wires them to input, selection and signals.

#include "common/palette.h"
#include "timeline/timeline_coordinates.h"
#include "timeline/timeline_find.h"
#include "timeline/timeline_frame.h"
#include "timeline/timeline_layout.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_slots.h"
#include "timeline/timeline_step_ruler.h"
#include "timeline/timeline_zoom.h"

#include <QAbstractScrollArea>
#include <QColor>
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
    // `coloring` is colorTimeline(*model), computed here when not given.
    void setModel(std::shared_ptr<const Profile> profile, std::shared_ptr<const TimelineModel> model,
                  std::shared_ptr<const TimelineColoring> coloring = nullptr);
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
    int labelWidth() const { return layout_.labelWidth(); }
    // The track-name column's width as the user set it by dragging its right edge (double-click there
    // fits the names); 0 follows the font. Kept within the view so some time area stays.
    void setLabelWidth(int width);
    int userLabelWidth() const { return layout_.userLabelWidth(); }
    int rulerHeight() const { return layout_.rulerHeight(); } // the time ruler and the step band
    int timeRulerHeight() const { return layout_.timeRulerHeight(); }
    // The step ruler as it is laid out now: the band below the time ruler (none when the profile
    // marks no step) with a bracket and a label per step in sight (the model's steps()).
    TimelineStepRuler stepRuler() const;
    // The phase band below it (a generation request's prefill and decode iterations, the model's phases()),
    // laid out the same way; empty without phases.
    TimelineStepRuler phaseRuler() const;
    // The step or phase whose bracket or label is under a viewport point, or nullptr.
    const TimelineStep *rulerStepAt(QPoint pos) const;
    // Zooms to the model's step `step` (the steps of the step ruler), as clicking it does.
    void zoomToStep(int step);
    QRect timeArea() const; // right of the track names, below the ruler
    // The time <-> pixel mapping of the time area as it is now.
    TimelineCoordinates coordinates() const;
    double xForTime(int64_t ns) const;
    int64_t timeAtX(double x) const;
    // A model row's rectangle (time area part); empty when the row's track is collapsed.
    QRect rowRect(int row) const;
    // The event under a viewport point (a kernel, an operator...), or an invalid ref.
    EventRef hitTest(QPoint pos) const;

    bool isTrackExpanded(int track) const;
    void setTrackExpanded(int track, bool expanded);
    // A rank's group of tracks (TimelineModel::trackGroups()).
    bool isGroupExpanded(int group) const;
    void setGroupExpanded(int group, bool expanded);

    ColorMode colorMode() const { return colorMode_; }
    void setColorMode(ColorMode mode);

    // The instant the ruler and the tooltips count from (absolute ns): by default the profile's time
    // origin (its first event), which the tables count from too; two timelines can share an axis
    // measured from their step starts. Reset by setModel().
    void setTimeZero(int64_t ns);
    int64_t timeZero() const { return zoom_.timeZero(); }
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
    const std::vector<EventRef> &matches() const { return find_.matches(); }
    int currentMatch() const { return find_.current(); }

    // Writes what the timeline shows (names, ruler and rows at its size) as a PNG, or a PDF for a path
    // ending in .pdf; false when the file cannot be written.
    bool saveImage(const QString &path);

    // What the time area says while no profile is shown (what to do to open one, or why the last open failed).
    void setPlaceholder(const QString &text);
    QString placeholder() const { return placeholder_; }

    // What the last paint did, for tests and benchmarks.
    using PaintStats = TimelineFrame::Stats;
    const PaintStats &lastPaintStats() const { return frame_.stats(); }

    // The layout's line at a viewport y (null above the first line, below the last), and its top.
    using Line = TimelineLayout::Line;
    const Line *lineAt(int viewportY) const;
    int lineTop(const Line &line) const; // viewport y

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
    void moduleSelected(opscope::Index instance);       // a phase's band (Profile::modules index)
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
    void updateScrollBar();
    void updateMetrics();
    void updateColors();
    void windowChanged(); // after zoom_ moved: repaints and says so
    void selectInternal(EventRef event, bool reveal);
    void revealEvent(EventRef event);
    int rowCenterY(int row) const; // viewport y; a collapsed row's track header
    EventRef hitRow(int row, double x) const;

    // Painting, split by layer; the rows themselves are TimelineFrame's.
    RowBand rowBand(const QRect &rect, bool inHeader) const;
    void paintLabels(QPainter &painter);
    void paintHighlights(QPainter &painter);
    void paintFlow(QPainter &painter, EventRef to);
    void paintFlowBetween(QPainter &painter, EventRef from, EventRef to);
    // Tracks inside a rank's group are indented under its header in the names column.
    static constexpr int kGroupIndent = 10;
    int headerIndent(const Line &line) const;
    void paintMatches(QPainter &painter);
    int stepMatch(int direction);
    void paintTrackNames(QPainter &painter);
    QString nameToolTip(const Line &line) const;
    int fittedLabelWidth() const; // wide enough for every track and row name
    void paintRuler(QPainter &painter);
    void paintStepRuler(QPainter &painter);
    QString cachedLabel(EventRef event);
    QRectF eventRect(EventRef event) const; // viewport; empty when its row is not shown
    void updateHover(QPoint pos, QPoint globalPos);
    void click(QPoint pos);

    std::shared_ptr<const Profile> profile_;
    std::shared_ptr<const TimelineModel> model_;
    std::unique_ptr<ColorCache> colors_;
    ColorMode colorMode_ = ColorMode::Operator;

    TimelineZoom zoom_;
    TimelineLayout layout_;
    std::shared_ptr<const TimelineColoring> coloring_; // the model's slots in both colour modes
    const TimelineSlots &currentSlots() const { return coloring_->forMode(colorMode_); }
    TimelineFrame frame_;
    TimelineFind find_;

    bool resizingLabels_ = false;
    EventRef selection_;
    EventRef hovered_;
    QPoint pressPos_;
    QPoint lastDragPos_;
    bool pressed_ = false;
    bool dragging_ = false;
    double lastMouseX_ = -1;

    QString placeholder_;
    std::array<QColor, kSlotCount> textColors_;
    std::vector<QString> nameLabels_;   // by StringId (operators, ranges, API calls)
    std::vector<QString> kernelLabels_; // by StringId (shortened kernel names)
};

} // namespace opscope::ui

Q_DECLARE_METATYPE(opscope::ui::EventRef)
