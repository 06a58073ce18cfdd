#include "timeline/timeline_view.h"

#include "timeline/timeline_util.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPdfWriter>
#include <QScrollBar>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace opscope::ui {

namespace {

constexpr double kZoomStep = 0.8;     // one wheel notch or W/S press
constexpr double kPanFraction = 0.1;  // one A/D press, of the visible span
constexpr int kDragThreshold = 3;     // pixels a press may move and still be a click
constexpr double kHitTolerancePx = 2; // a click this close to a tiny event still picks it

} // namespace

TimelineView::TimelineView(QWidget *parent) : QAbstractScrollArea(parent), placeholder_(tr("No profile"))
{
    qRegisterMetaType<EventRef>();
    setFocusPolicy(Qt::StrongFocus);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    viewport()->setMouseTracking(true);
    viewport()->setAttribute(Qt::WA_OpaquePaintEvent);
    updateMetrics();
    updateColors();
}

TimelineView::~TimelineView() = default;

bool TimelineView::saveImage(const QString &path)
{
    if (!path.endsWith(QLatin1String(".pdf"), Qt::CaseInsensitive))
        return viewport()->grab().save(path, "PNG");
    QPdfWriter pdf(path);
    pdf.setPageSize(QPageSize(viewport()->size(), QPageSize::Point));
    pdf.setPageMargins(QMarginsF());
    pdf.setResolution(72);
    QPainter painter;
    if (!painter.begin(&pdf))
        return false;
    viewport()->render(&painter);
    return painter.end();
}

void TimelineView::setPlaceholder(const QString &text)
{
    placeholder_ = text;
    viewport()->update();
}

void TimelineView::setProfile(std::shared_ptr<const Profile> profile)
{
    auto model = profile ? std::make_shared<const TimelineModel>(*profile) : nullptr;
    setModel(std::move(profile), std::move(model));
}

void TimelineView::setModel(std::shared_ptr<const Profile> profile, std::shared_ptr<const TimelineModel> model,
                            std::shared_ptr<const TimelineColoring> coloring)
{
    if (!profile || !model || &model->profile() != profile.get()) {
        profile.reset();
        model.reset();
    }
    if (!model)
        coloring = std::make_shared<const TimelineColoring>();
    else if (!coloring)
        coloring = colorTimeline(*model);
    const EventRef previousSelection = selection_;
    profile_ = std::move(profile);
    model_ = std::move(model);
    colors_ = profile_ ? std::make_unique<ColorCache>(*profile_) : nullptr;
    nameLabels_.clear();
    kernelLabels_.clear();
    selection_ = {};
    hovered_ = {};
    find_.clear();
    // The ruler counts from the zero the tables count from; the window may roam the trace.
    if (model_)
        zoom_.reset(model_->traceStart(), model_->traceEnd(), model_->timeOrigin());
    else
        zoom_.reset(0, 0, 0);
    layout_.setStepBand(model_ && !model_->steps().empty());
    layout_.setPhaseBand(model_ && !model_->phases().empty());
    layout_.setModel(model_.get());
    coloring_ = std::move(coloring);
    updateScrollBar();
    viewport()->update();
    fitAll();
    if (previousSelection.valid())
        emit selectionChanged(selection_);
}

// ---- Window ----

int64_t TimelineView::visibleStart() const
{
    return zoom_.visibleStart();
}

int64_t TimelineView::visibleEnd() const
{
    return zoom_.visibleEnd();
}

double TimelineView::nsPerPixel() const
{
    return coordinates().nsPerPx;
}

void TimelineView::windowChanged()
{
    viewport()->update();
    emit visibleRangeChanged(visibleStart(), visibleEnd());
}

void TimelineView::setTimeExtent(int64_t startNs, int64_t endNs)
{
    zoom_.setExtent(startNs, endNs);
    windowChanged();
}

void TimelineView::setVisibleRange(int64_t startNs, int64_t endNs)
{
    zoom_.setVisibleRange(startNs, endNs);
    windowChanged();
}

void TimelineView::fitAll()
{
    zoom_.fitAll();
    windowChanged();
}

void TimelineView::fitToSelection()
{
    if (!model_ || !selection_.valid()) {
        fitAll();
        return;
    }
    int64_t start = model_->startOf(selection_);
    int64_t end = model_->endOf(selection_);
    if (selection_.kind == EventKind::Operator)
        for (const Index k : model_->kernelsOfOperator(selection_.index)) {
            start = std::min(start, profile_->kernels[k].start_ns);
            end = std::max(end, profile_->kernels[k].end_ns);
        }
    zoom_.fitRange(start, end);
    windowChanged();
}

void TimelineView::zoomToStep(int step)
{
    if (!model_ || step < 0 || size_t(step) >= model_->steps().size())
        return;
    const TimelineStep &s = model_->steps()[size_t(step)];
    zoom_.fitRange(s.start_ns, s.end_ns);
    windowChanged();
}

void TimelineView::zoomAt(double x, double factor)
{
    const double width = std::max(1, timeArea().width());
    zoom_.zoomAt((x - labelWidth()) / width, factor);
    windowChanged();
}

void TimelineView::panByPixels(double dx)
{
    zoom_.setWindow(zoom_.start() + dx * nsPerPixel(), zoom_.span());
    windowChanged();
}

// ---- Geometry ----

QRect TimelineView::timeArea() const
{
    const QRect all = viewport()->rect();
    const int left = labelWidth(), top = rulerHeight();
    return QRect(left, top, std::max(0, all.width() - left), std::max(0, all.height() - top));
}

TimelineCoordinates TimelineView::coordinates() const
{
    return TimelineCoordinates(zoom_.origin(), zoom_.start(), zoom_.span(), labelWidth(), timeArea().width());
}

TimelineStepRuler TimelineView::stepRuler() const
{
    TimelineStepRuler ruler;
    if (model_ && layout_.stepBandHeight() > 0)
        ruler.layout(model_->steps(), coordinates(),
                     QRect(labelWidth(), timeRulerHeight(), timeArea().width(), layout_.stepBandHeight()),
                     fontMetrics());
    return ruler;
}

TimelineStepRuler TimelineView::phaseRuler() const
{
    TimelineStepRuler ruler;
    if (model_ && layout_.phaseBandHeight() > 0)
        ruler.layout(model_->phases(), coordinates(),
                     QRect(labelWidth(), timeRulerHeight() + layout_.stepBandHeight(), timeArea().width(),
                           layout_.phaseBandHeight()),
                     fontMetrics());
    return ruler;
}

const TimelineStep *TimelineView::rulerStepAt(QPoint pos) const
{
    if (!model_)
        return nullptr;
    if (const int step = stepRuler().stepAt(pos); step >= 0)
        return &model_->steps()[size_t(step)];
    if (const int phase = phaseRuler().stepAt(pos); phase >= 0)
        return &model_->phases()[size_t(phase)];
    return nullptr;
}

double TimelineView::xForTime(int64_t ns) const
{
    return coordinates().xForTime(ns);
}

int64_t TimelineView::timeAtX(double x) const
{
    return coordinates().timeAtX(x);
}

int TimelineView::lineTop(const Line &line) const
{
    return rulerHeight() + line.y - verticalScrollBar()->value();
}

const TimelineView::Line *TimelineView::lineAt(int viewportY) const
{
    if (viewportY < rulerHeight())
        return nullptr;
    return layout_.lineAt(viewportY - rulerHeight() + verticalScrollBar()->value());
}

QRect TimelineView::rowRect(int row) const
{
    const Line *line = layout_.rowLine(row);
    if (!line)
        return {};
    return QRect(labelWidth(), lineTop(*line), timeArea().width(), line->height);
}

int TimelineView::rowCenterY(int row) const
{
    const Line *line = layout_.rowLine(row);
    if (!line)
        line = &layout_.trackHeader(model_->rows()[size_t(row)].track);
    return lineTop(*line) + line->height / 2;
}

QRectF TimelineView::eventRect(EventRef event) const
{
    const int row = model_ ? model_->rowOf(event) : -1;
    if (row < 0)
        return {};
    QRect band = rowRect(row);
    if (band.isEmpty()) {
        const int track = model_->rows()[row].track;
        if (model_->tracks()[track].summaryRow != row)
            return {};
        const Line &header = layout_.trackHeader(track);
        if (header.track != track) // in a collapsed rank that another of its tracks stands for
            return {};
        band = QRect(labelWidth(), lineTop(header) + 3, timeArea().width(), header.height - 6);
    } else {
        band.adjust(0, 1, 0, -1);
    }
    const TimelineCoordinates axis = coordinates();
    const double margin = 8;
    const double left = labelWidth() - margin, right = viewport()->width() + margin;
    const double x0 = std::clamp(axis.xForTime(model_->startOf(event)), left, right);
    const double x1 = std::clamp(axis.xForTime(model_->endOf(event)), left, right);
    return QRectF(x0, band.top(), std::max(2.0, x1 - x0), band.height());
}

bool TimelineView::isTrackExpanded(int track) const
{
    return layout_.isExpanded(track);
}

void TimelineView::setTrackExpanded(int track, bool expanded)
{
    if (!layout_.setExpanded(track, expanded))
        return;
    updateScrollBar();
    viewport()->update();
}

bool TimelineView::isGroupExpanded(int group) const
{
    return layout_.isGroupExpanded(group);
}

void TimelineView::setGroupExpanded(int group, bool expanded)
{
    if (!layout_.setGroupExpanded(group, expanded))
        return;
    updateScrollBar();
    viewport()->update();
}

void TimelineView::updateScrollBar()
{
    const int visible = std::max(0, viewport()->height() - rulerHeight());
    verticalScrollBar()->setRange(0, std::max(0, layout_.contentHeight() - visible));
    verticalScrollBar()->setPageStep(std::max(1, visible));
    verticalScrollBar()->setSingleStep(layout_.rowHeight());
}

void TimelineView::updateMetrics()
{
    const QFontMetrics fm = fontMetrics();
    layout_.setFontMetrics(fm.height(), fm.averageCharWidth(), viewport()->width());
    frame_.setMinLabelWidth(fm.averageCharWidth() * 4 + 6);
}

void TimelineView::setLabelWidth(int width)
{
    layout_.setUserLabelWidth(width, viewport()->width(), isVisible());
    viewport()->update();
}

void TimelineView::updateColors()
{
    // Folded columns: the event colour over the background, more opaque the busier the column.
    constexpr int kShades = TimelineFrame::kShades;
    static constexpr double kShadeAlpha[kShades] = {0.45, 0.6, 0.75, 1.0}; // the palest still stands out
    const QColor base = palette().color(QPalette::Base);
    for (uint8_t slot = 0; slot < kSlotCount; ++slot) {
        const QColor full = slotColor(slot, base);
        for (int shade = 0; shade < kShades; ++shade)
            frame_.setFillColor(TimelineFrame::fill(slot, shade), mixColors(full, base, kShadeAlpha[shade]));
        textColors_[slot] = textColorOn(full);
    }
}

void TimelineView::setTimeZero(int64_t ns)
{
    zoom_.setTimeZero(ns);
    viewport()->update();
}

void TimelineView::setColorMode(ColorMode mode)
{
    if (mode == colorMode_)
        return;
    colorMode_ = mode; // both modes' slots are at hand
    viewport()->update();
}

QString TimelineView::cachedLabel(EventRef event)
{
    const Profile &p = *profile_;
    StringId id = kNoString;
    std::vector<QString> *cache = &nameLabels_;
    switch (event.kind) {
    case EventKind::Kernel: {
        const Kernel &k = p.kernels[event.index];
        id = k.short_name != kNoString ? k.short_name : k.name;
        cache = &kernelLabels_;
        break;
    }
    case EventKind::Operator:
        id = p.operators[event.index].name;
        break;
    case EventKind::Range:
        id = p.ranges[event.index].text;
        break;
    case EventKind::ApiCall:
        id = p.api_calls[event.index].name;
        break;
    default:
        return model_->label(event);
    }
    if (id >= p.strings.size())
        return {};
    if (cache->size() != p.strings.size())
        cache->resize(p.strings.size());
    QString &label = (*cache)[id];
    if (label.isNull())
        label = model_->label(event);
    return label;
}

// ---- Hit testing and selection ----

EventRef TimelineView::hitTest(QPoint pos) const
{
    if (!model_ || pos.x() < labelWidth() || pos.y() < rulerHeight())
        return {};
    const Line *line = lineAt(pos.y());
    if (!line)
        return {};
    int row = line->row;
    if (row < 0) {
        const TimelineTrack &track = model_->tracks()[line->track];
        if (!layout_.showsSummary(*line) || track.rowCount == 0)
            return {};
        row = track.summaryRow;
    }
    return hitRow(row, pos.x());
}

EventRef TimelineView::hitRow(int rowIndex, double x) const
{
    const TimelineRow &row = model_->rows()[rowIndex];
    if (row.events.empty())
        return {};
    const TimelineCoordinates axis = coordinates();
    const int64_t origin = axis.origin;
    const double t = axis.relAtX(x); // relative to origin
    const double tolerance = kHitTolerancePx * axis.nsPerPx;
    const int64_t probe = origin + int64_t(std::floor(t));
    const auto after = std::upper_bound(row.points.begin(), row.points.end() - 1, probe,
                                        [](int64_t t, const TimelineRow::Point &p) { return t < p.start; });
    const ptrdiff_t last = (after - row.points.begin()) - 1; // the last event starting at or before t
    ptrdiff_t best = -1;
    double bestDistance = tolerance;
    for (ptrdiff_t k = std::max<ptrdiff_t>(last - 1, 0); k <= last + 1 && k < ptrdiff_t(row.size()); ++k) {
        const double s = double(row.start(size_t(k)) - origin), e = double(row.end(size_t(k)) - origin);
        const double distance = t < s ? s - t : t > e ? t - e : 0;
        if (distance < bestDistance || (distance == 0 && bestDistance == 0 && best < 0)) {
            bestDistance = distance;
            best = k;
        }
    }
    if (best < 0)
        return {};
    return {row.kind, row.events[size_t(best)]};
}

void TimelineView::setSelectedKernel(Index kernel)
{
    selectInternal(kernel == kNoIndex ? EventRef{} : EventRef{EventKind::Kernel, kernel}, true);
}

void TimelineView::setSelectedOperator(Index op)
{
    selectInternal(op == kNoIndex ? EventRef{} : EventRef{EventKind::Operator, op}, true);
}

void TimelineView::setSelection(EventRef event)
{
    selectInternal(event, true);
}

void TimelineView::clearSelection()
{
    selectInternal({}, false);
}

void TimelineView::selectInternal(EventRef event, bool reveal)
{
    if (!model_ || model_->rowOf(event) < 0)
        event = {};
    if (event == selection_) {
        if (reveal && event.valid())
            revealEvent(event);
        return;
    }
    selection_ = event;
    if (reveal && event.valid())
        revealEvent(event);
    viewport()->update();
    emit selectionChanged(event);
    if (event.kind == EventKind::Kernel)
        emit kernelSelected(event.index);
    else if (event.kind == EventKind::Operator)
        emit operatorSelected(event.index);
    else if (event.kind == EventKind::Module)
        emit moduleSelected(event.index);
}

void TimelineView::revealEvent(EventRef event)
{
    const int row = model_->rowOf(event);
    const int track = model_->rows()[row].track;
    setGroupExpanded(model_->tracks()[size_t(track)].group, true);
    setTrackExpanded(track, true);
    // Vertically: scroll its row into view, centred when it was out of sight.
    const Line &line = *layout_.rowLine(row);
    const int visible = std::max(0, viewport()->height() - rulerHeight());
    QScrollBar *bar = verticalScrollBar();
    if (line.y < bar->value() || line.y + line.height > bar->value() + visible)
        bar->setValue(line.y - visible / 2);
    // Horizontally: keep the zoom, centre the event when none of it is visible.
    if (zoom_.reveal(model_->startOf(event), model_->endOf(event)))
        windowChanged();
}

// ---- Find ----

int TimelineView::findEvents(const QString &pattern, bool regex)
{
    find_.search(model_.get(), pattern, regex);
    viewport()->update();
    emit matchesChanged(find_.current(), int(find_.matches().size()));
    return int(find_.matches().size());
}

int TimelineView::findNext()
{
    return stepMatch(1);
}

int TimelineView::findPrevious()
{
    return stepMatch(-1);
}

int TimelineView::stepMatch(int direction)
{
    if (!model_ || find_.matches().empty())
        return -1;
    const int count = int(find_.matches().size());
    const int next = find_.step(direction, *model_, selection_, visibleStart());
    selectInternal(find_.matches()[size_t(next)], true);
    viewport()->update();
    emit matchesChanged(find_.current(), count);
    return find_.current();
}

// ---- Input ----

void TimelineView::updateHover(QPoint pos, QPoint globalPos)
{
    const EventRef hit = hitTest(pos);
    if (hit != hovered_) {
        hovered_ = hit;
        viewport()->update();
        emit hovered(hit);
    }
    if (const QString text = toolTipAt(pos); !text.isEmpty())
        QToolTip::showText(globalPos, text, viewport());
    else
        QToolTip::hideText();
}

void TimelineView::click(QPoint pos)
{
    if (pos.y() < rulerHeight()) { // a step in the step ruler or a phase in the phase band: zoom to it
        if (const TimelineStep *step = rulerStepAt(pos)) {
            zoom_.fitRange(step->start_ns, step->end_ns);
            windowChanged();
        }
        return;
    }
    if (pos.x() < labelWidth()) {
        if (const Line *line = lineAt(pos.y()); line && line->row < 0) {
            layout_.toggle(*line);
            updateScrollBar();
            viewport()->update();
        }
        return;
    }
    selectInternal(hitTest(pos), false);
}

void TimelineView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton)
        return QAbstractScrollArea::mousePressEvent(event);
    pressPos_ = lastDragPos_ = event->position().toPoint();
    if (layout_.onLabelEdge(pressPos_.x())) {
        resizingLabels_ = true;
        return;
    }
    pressed_ = true;
    dragging_ = false;
}

void TimelineView::mouseMoveEvent(QMouseEvent *event)
{
    const QPoint pos = event->position().toPoint();
    lastMouseX_ = pos.x();
    if (resizingLabels_) {
        setLabelWidth(pos.x());
        return;
    }
    if (!pressed_) { // the edge of the names column can be dragged, a step of the step ruler clicked
        const Qt::CursorShape shape = layout_.onLabelEdge(pos.x()) ? Qt::SplitHCursor
                                      : rulerStepAt(pos)           ? Qt::PointingHandCursor
                                                                   : Qt::ArrowCursor;
        if (shape != viewport()->cursor().shape()) {
            if (shape != Qt::ArrowCursor)
                viewport()->setCursor(shape);
            else
                viewport()->unsetCursor();
        }
    }
    if (pressed_ && (event->buttons() & Qt::LeftButton)) {
        if (!dragging_ && (pos - pressPos_).manhattanLength() > kDragThreshold) {
            dragging_ = true;
            viewport()->setCursor(Qt::ClosedHandCursor);
            QToolTip::hideText();
        }
        if (dragging_) {
            // The content follows the pointer in both directions.
            panByPixels(lastDragPos_.x() - pos.x());
            verticalScrollBar()->setValue(verticalScrollBar()->value() - (pos.y() - lastDragPos_.y()));
            lastDragPos_ = pos;
        }
        return;
    }
    updateHover(pos, event->globalPosition().toPoint());
}

void TimelineView::mouseReleaseEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton && resizingLabels_) {
        resizingLabels_ = false;
        emit labelWidthChanged(labelWidth());
        return;
    }
    if (event->button() != Qt::LeftButton || !pressed_)
        return QAbstractScrollArea::mouseReleaseEvent(event);
    if (!dragging_)
        click(event->position().toPoint());
    pressed_ = dragging_ = false;
    viewport()->unsetCursor();
}

void TimelineView::mouseDoubleClickEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton && layout_.onLabelEdge(event->position().toPoint().x())) {
        setLabelWidth(fittedLabelWidth());
        emit labelWidthChanged(labelWidth());
        return;
    }
    const EventRef hit = hitTest(event->position().toPoint());
    if (event->button() != Qt::LeftButton || !hit.valid())
        return QAbstractScrollArea::mouseDoubleClickEvent(event);
    selectInternal(hit, false);
    fitToSelection();
}

void TimelineView::wheelEvent(QWheelEvent *event)
{
    const QPointF pos = event->position();
    const QPoint delta = event->angleDelta();
    const Qt::KeyboardModifiers mods = event->modifiers();
    if (pos.x() < labelWidth() || (mods & Qt::AltModifier)) { // over the names: scroll the tracks
        verticalScrollBar()->setValue(verticalScrollBar()->value() - (delta.y() ? delta.y() : delta.x()) / 2);
    } else if (mods & Qt::ShiftModifier) { // some platforms turn Shift+wheel into a horizontal delta
        const int notch = delta.y() ? delta.y() : delta.x();
        panByPixels(-notch / 120.0 * kPanFraction * timeArea().width());
    } else if (delta.y() != 0) { // wheel and Ctrl+wheel zoom around the pointer
        zoomAt(pos.x(), std::pow(kZoomStep, delta.y() / 120.0));
    } else if (delta.x() != 0) { // a horizontal wheel or touchpad swipe pans
        panByPixels(-delta.x() / 120.0 * kPanFraction * timeArea().width());
    }
    event->accept();
}

void TimelineView::keyPressEvent(QKeyEvent *event)
{
    const QRect area = timeArea();
    const double anchor = lastMouseX_ >= area.left() && lastMouseX_ <= area.right() ? lastMouseX_ : area.center().x();
    switch (event->key()) {
    case Qt::Key_W:
        zoomAt(anchor, kZoomStep);
        break;
    case Qt::Key_S:
        zoomAt(anchor, 1 / kZoomStep);
        break;
    case Qt::Key_A:
        panByPixels(-kPanFraction * area.width());
        break;
    case Qt::Key_D:
        panByPixels(kPanFraction * area.width());
        break;
    case Qt::Key_F:
        fitToSelection();
        break;
    case Qt::Key_Home:
        fitAll();
        break;
    case Qt::Key_Escape:
        clearSelection();
        break;
    default:
        return QAbstractScrollArea::keyPressEvent(event);
    }
    event->accept();
}

void TimelineView::resizeEvent(QResizeEvent *event)
{
    QAbstractScrollArea::resizeEvent(event);
    layout_.fitLabelWidth(viewport()->width()); // a chosen names column stays within the new width
    updateScrollBar();
}

void TimelineView::scrollContentsBy(int, int)
{
    viewport()->update();
}

void TimelineView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange)
        updateColors();
    if (event->type() == QEvent::FontChange) {
        updateMetrics();
        updateScrollBar();
    }
    viewport()->update();
    QAbstractScrollArea::changeEvent(event);
}

bool TimelineView::viewportEvent(QEvent *event)
{
    if (event->type() == QEvent::Leave) {
        lastMouseX_ = -1;
        QToolTip::hideText();
        if (hovered_.valid()) {
            hovered_ = {};
            viewport()->update();
            emit hovered(hovered_);
        }
    }
    return QAbstractScrollArea::viewportEvent(event);
}

} // namespace opscope::ui
