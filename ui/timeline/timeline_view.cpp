#include "timeline/timeline_view.h"

#include "timeline/timeline_util.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QScrollBar>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace opscope::ui {

namespace {

constexpr double kMinSpanNs = 50;     // the deepest zoom: 50 ns across the time area
constexpr double kZoomStep = 0.8;     // one wheel notch or W/S press
constexpr double kPanFraction = 0.1;  // one A/D press, of the visible span
constexpr int kDragThreshold = 3;     // pixels a press may move and still be a click
constexpr double kHitTolerancePx = 2; // a click this close to a tiny event still picks it
constexpr int kLabelEdgePx = 3;       // this close to the names column's edge, a press resizes it
constexpr int kMinLabelWidth = 60;    // the names column never gets narrower
constexpr int kMinTimeWidth = 100;    // nor so wide that less time area than this is left

} // namespace

TimelineView::TimelineView(QWidget *parent) : QAbstractScrollArea(parent), boxes_(kSlotCount * kShades)
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

void TimelineView::setProfile(std::shared_ptr<const Profile> profile)
{
    auto model = profile ? std::make_shared<const TimelineModel>(*profile) : nullptr;
    setModel(std::move(profile), std::move(model));
}

void TimelineView::setModel(std::shared_ptr<const Profile> profile, std::shared_ptr<const TimelineModel> model)
{
    if (!profile || !model || &model->profile() != profile.get()) {
        profile.reset();
        model.reset();
    }
    const EventRef previousSelection = selection_;
    profile_ = std::move(profile);
    model_ = std::move(model);
    colors_ = profile_ ? std::make_unique<ColorCache>(*profile_) : nullptr;
    nameLabels_.clear();
    kernelLabels_.clear();
    selection_ = {};
    hovered_ = {};
    matches_.clear();
    matchStarts_.clear();
    currentMatch_ = -1;
    origin_ = model_ ? model_->traceStart() : 0;
    tickShift_ = model_ ? double(model_->timeOrigin() - origin_) : 0; // the zero the tables count from
    extentStart_ = 0;
    extentEnd_ = model_ ? double(model_->traceEnd() - model_->traceStart()) : 0;
    expanded_.assign(model_ ? model_->tracks().size() : 0, 1);
    metricTime_ = profile_ ? profile_->findMetric("gpu__time_duration.sum") : kNoIndex;
    metricDram_ = profile_ ? profile_->findMetric("dram__bytes.sum") : kNoIndex;
    metricSm_ = profile_ ? profile_->findMetric("sm__throughput.avg.pct_of_peak_sustained_elapsed") : kNoIndex;
    computeSlots();
    relayout();
    fitAll();
    if (previousSelection.valid())
        emit selectionChanged(selection_);
}

// ---- Window ----

int64_t TimelineView::visibleStart() const
{
    return origin_ + int64_t(std::llround(viewStart_));
}

int64_t TimelineView::visibleEnd() const
{
    return origin_ + int64_t(std::llround(viewStart_ + viewSpan_));
}

double TimelineView::nsPerPixel() const
{
    return viewSpan_ / std::max(1, timeArea().width());
}

void TimelineView::setWindow(double start, double span)
{
    viewSpan_ = std::clamp(span, kMinSpanNs, maxSpan());
    viewStart_ = start;
    clampWindow();
    viewport()->update();
    emit visibleRangeChanged(visibleStart(), visibleEnd());
}

void TimelineView::clampWindow()
{
    // Keep a tenth of the window on the extent so one cannot get lost in empty time.
    viewStart_ = std::clamp(viewStart_, extentStart_ - viewSpan_ * 0.9, extentEnd_ - viewSpan_ * 0.1);
}

double TimelineView::maxSpan() const
{
    return std::max((extentEnd_ - extentStart_) * 4, 1e6);
}

void TimelineView::setTimeExtent(int64_t startNs, int64_t endNs)
{
    extentStart_ = double(startNs - origin_);
    extentEnd_ = double(std::max(startNs, endNs) - origin_);
    setWindow(viewStart_, viewSpan_);
}

void TimelineView::setVisibleRange(int64_t startNs, int64_t endNs)
{
    setWindow(double(startNs - origin_), double(std::max<int64_t>(endNs - startNs, 1)));
}

void TimelineView::fitAll()
{
    const double trace = model_ ? double(model_->traceEnd() - model_->traceStart()) : 0;
    if (trace <= 0) {
        setWindow(0, 1e6);
        return;
    }
    setWindow(-trace * 0.01, trace * 1.02);
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
    const double span = std::max(double(end - start), kMinSpanNs);
    setWindow(double(start - origin_) - span * 0.1, span * 1.2);
}

void TimelineView::zoomAt(double x, double factor)
{
    const double width = std::max(1, timeArea().width());
    const double fraction = (x - labelWidth_) / width;
    const double anchor = viewStart_ + fraction * viewSpan_;
    const double span = std::clamp(viewSpan_ * factor, kMinSpanNs, maxSpan());
    setWindow(anchor - fraction * span, span);
}

void TimelineView::panByPixels(double dx)
{
    setWindow(viewStart_ + dx * nsPerPixel(), viewSpan_);
}

// ---- Geometry ----

QRect TimelineView::timeArea() const
{
    const QRect all = viewport()->rect();
    return QRect(labelWidth_, rulerHeight_, std::max(0, all.width() - labelWidth_),
                 std::max(0, all.height() - rulerHeight_));
}

double TimelineView::xForRel(double relNs) const
{
    return labelWidth_ + (relNs - viewStart_) / nsPerPixel();
}

double TimelineView::xForTime(int64_t ns) const
{
    return xForRel(double(ns - origin_));
}

int64_t TimelineView::timeAtX(double x) const
{
    return origin_ + int64_t(std::llround(viewStart_ + (x - labelWidth_) * nsPerPixel()));
}

int TimelineView::lineTop(const Line &line) const
{
    return rulerHeight_ + line.y - verticalScrollBar()->value();
}

const TimelineView::Line *TimelineView::lineAt(int viewportY) const
{
    if (viewportY < rulerHeight_)
        return nullptr;
    const int y = viewportY - rulerHeight_ + verticalScrollBar()->value();
    auto it = std::upper_bound(lines_.begin(), lines_.end(), y, [](int v, const Line &l) { return v < l.y; });
    if (it == lines_.begin())
        return nullptr;
    --it;
    return y < it->y + it->height ? &*it : nullptr;
}

QRect TimelineView::rowRect(int row) const
{
    if (row < 0 || size_t(row) >= rowLine_.size() || rowLine_[row] < 0)
        return {};
    const Line &line = lines_[rowLine_[row]];
    return QRect(labelWidth_, lineTop(line), timeArea().width(), line.height);
}

int TimelineView::rowCenterY(int row) const
{
    if (rowLine_[row] >= 0) {
        const Line &line = lines_[rowLine_[row]];
        return lineTop(line) + line.height / 2;
    }
    const Line &header = lines_[trackLine_[model_->rows()[row].track]];
    return lineTop(header) + header.height / 2;
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
        const Line &header = lines_[trackLine_[track]];
        band = QRect(labelWidth_, lineTop(header) + 3, timeArea().width(), header.height - 6);
    } else {
        band.adjust(0, 1, 0, -1);
    }
    const double margin = 8;
    const double x0 = std::clamp(xForTime(model_->startOf(event)), labelWidth_ - margin, viewport()->width() + margin);
    const double x1 = std::clamp(xForTime(model_->endOf(event)), labelWidth_ - margin, viewport()->width() + margin);
    return QRectF(x0, band.top(), std::max(2.0, x1 - x0), band.height());
}

bool TimelineView::isTrackExpanded(int track) const
{
    return track >= 0 && size_t(track) < expanded_.size() && expanded_[track];
}

void TimelineView::setTrackExpanded(int track, bool expanded)
{
    if (track < 0 || size_t(track) >= expanded_.size() || bool(expanded_[track]) == expanded)
        return;
    expanded_[track] = expanded;
    relayout();
}

void TimelineView::relayout()
{
    lines_.clear();
    rowLine_.assign(model_ ? model_->rows().size() : 0, -1);
    trackLine_.assign(model_ ? model_->tracks().size() : 0, -1);
    int y = 0;
    if (model_)
        for (size_t t = 0; t < model_->tracks().size(); ++t) {
            const TimelineTrack &track = model_->tracks()[t];
            trackLine_[t] = int(lines_.size());
            lines_.push_back({y, headerHeight_, int(t), -1});
            y += headerHeight_;
            if (!expanded_[t])
                continue;
            for (int r = track.firstRow; r < track.firstRow + track.rowCount; ++r) {
                rowLine_[r] = int(lines_.size());
                lines_.push_back({y, rowHeight_, int(t), r});
                y += rowHeight_;
            }
        }
    contentHeight_ = y;
    updateScrollBar();
    viewport()->update();
}

void TimelineView::updateScrollBar()
{
    const int visible = std::max(0, viewport()->height() - rulerHeight_);
    verticalScrollBar()->setRange(0, std::max(0, contentHeight_ - visible));
    verticalScrollBar()->setPageStep(std::max(1, visible));
    verticalScrollBar()->setSingleStep(rowHeight_);
}

void TimelineView::updateMetrics()
{
    const QFontMetrics fm = fontMetrics();
    rowHeight_ = fm.height() + 4;
    headerHeight_ = rowHeight_ + 2;
    rulerHeight_ = fm.height() + 10;
    labelWidth_ = std::max(160, fm.averageCharWidth() * 30);
    applyLabelWidth();
    minLabelWidth_ = fm.averageCharWidth() * 4 + 6;
}

void TimelineView::setLabelWidth(int width)
{
    userLabelWidth_ = width > 0 ? std::max(width, kMinLabelWidth) : 0;
    updateMetrics();
    if (userLabelWidth_ > 0 && isVisible()) // on screen: keep what the view could give, not what was asked
        userLabelWidth_ = labelWidth_;
    viewport()->update();
}

void TimelineView::applyLabelWidth()
{
    if (userLabelWidth_ <= 0)
        return;
    labelWidth_ = userLabelWidth_;
    if (viewport()->width() > kMinLabelWidth + kMinTimeWidth)
        labelWidth_ = std::min(labelWidth_, viewport()->width() - kMinTimeWidth);
}

bool TimelineView::onLabelEdge(QPoint pos) const
{
    return std::abs(pos.x() - labelWidth_) <= kLabelEdgePx;
}

void TimelineView::updateColors()
{
    // Folded columns: the event colour over the background, more opaque the busier the column.
    static constexpr double kShadeAlpha[kShades] = {0.3, 0.5, 0.75, 1.0};
    const QColor base = palette().color(QPalette::Base);
    for (uint8_t slot = 0; slot < kSlotCount; ++slot) {
        const QColor full = slotColor(slot);
        for (int shade = 0; shade < kShades; ++shade) {
            fills_[slot * kShades + shade] = mixColors(full, base, kShadeAlpha[shade]);
            fillPixels_[slot * kShades + shade] = fills_[slot * kShades + shade].rgb();
        }
        textColors_[slot] = textColorOn(full);
    }
}

void TimelineView::setTimeZero(int64_t ns)
{
    tickShift_ = double(ns - origin_);
    viewport()->update();
}

void TimelineView::setColorMode(ColorMode mode)
{
    if (mode == colorMode_)
        return;
    colorMode_ = mode;
    computeSlots();
    viewport()->update();
}

uint8_t TimelineView::slotOf(EventKind kind, Index index)
{
    switch (kind) {
    case EventKind::Kernel:
        return colors_->kernelSlot(index, colorMode_);
    case EventKind::MemoryOp:
        return colors_->memoryOpSlot(index);
    case EventKind::Operator:
        return colors_->operatorSlot(index, colorMode_);
    case EventKind::Range:
        return colors_->rangeSlot(index, colorMode_);
    case EventKind::ApiCall:
        return colors_->apiCallSlot(index);
    case EventKind::None:
        break;
    }
    return kNeutralSlot;
}

void TimelineView::computeSlots()
{
    // One byte per event, so painting never follows an event into the profile for its colour.
    rowSlots_.clear();
    groupSlots_.clear();
    cellSlots_.clear();
    if (!model_)
        return;
    cellSlots_.resize(model_->rows().size());
    rowSlots_.resize(model_->rows().size());
    groupSlots_.resize(model_->rows().size());
    for (size_t r = 0; r < rowSlots_.size(); ++r) {
        const TimelineRow &row = model_->rows()[r];
        rowSlots_[r].resize(row.size());
        for (size_t i = 0; i < row.size(); ++i)
            rowSlots_[r][i] = slotOf(row.kind, row.events[i]);
        groupSlots_[r].resize(row.groups.size());
        for (size_t g = 0; g < row.groups.size(); ++g)
            groupSlots_[r][g] = rowSlots_[r][g * TimelineRow::kGroupSize + row.groups[g].longestOffset];
        for (const std::vector<TimelineCell> &level : row.cellLevels) {
            std::vector<uint8_t> &levelSlots = cellSlots_[r].emplace_back(level.size());
            for (size_t j = 0; j < level.size(); ++j)
                levelSlots[j] = level[j].empty() ? kNeutralSlot : rowSlots_[r][level[j].longestEvent];
        }
    }
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
    if (!model_ || pos.x() < labelWidth_ || pos.y() < rulerHeight_)
        return {};
    const Line *line = lineAt(pos.y());
    if (!line)
        return {};
    int row = line->row;
    if (row < 0) {
        const TimelineTrack &track = model_->tracks()[line->track];
        if (expanded_[line->track] || track.rowCount == 0)
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
    const double t = viewStart_ + (x - labelWidth_) * nsPerPixel(); // relative to origin_
    const double tolerance = kHitTolerancePx * nsPerPixel();
    const int64_t probe = origin_ + int64_t(std::floor(t));
    const auto after = std::upper_bound(row.points.begin(), row.points.end() - 1, probe,
                                        [](int64_t t, const TimelineRow::Point &p) { return t < p.start; });
    const ptrdiff_t last = (after - row.points.begin()) - 1; // the last event starting at or before t
    ptrdiff_t best = -1;
    double bestDistance = tolerance;
    for (ptrdiff_t k = std::max<ptrdiff_t>(last - 1, 0); k <= last + 1 && k < ptrdiff_t(row.size()); ++k) {
        const double s = double(row.start(size_t(k)) - origin_), e = double(row.end(size_t(k)) - origin_);
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
}

void TimelineView::revealEvent(EventRef event)
{
    const int row = model_->rowOf(event);
    const int track = model_->rows()[row].track;
    setTrackExpanded(track, true);
    // Vertically: scroll its row into view, centred when it was out of sight.
    const Line &line = lines_[rowLine_[row]];
    const int visible = std::max(0, viewport()->height() - rulerHeight_);
    QScrollBar *bar = verticalScrollBar();
    if (line.y < bar->value() || line.y + line.height > bar->value() + visible)
        bar->setValue(line.y - visible / 2);
    // Horizontally: keep the zoom, centre the event when none of it is visible.
    const double start = double(model_->startOf(event) - origin_);
    const double end = double(model_->endOf(event) - origin_);
    if (end < viewStart_ || start > viewStart_ + viewSpan_)
        setWindow((start + end) / 2 - viewSpan_ / 2, viewSpan_);
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
    if (pos.y() < rulerHeight_)
        return;
    if (pos.x() < labelWidth_) {
        if (const Line *line = lineAt(pos.y()); line && line->row < 0)
            setTrackExpanded(line->track, !isTrackExpanded(line->track));
        return;
    }
    selectInternal(hitTest(pos), false);
}

void TimelineView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton)
        return QAbstractScrollArea::mousePressEvent(event);
    pressPos_ = lastDragPos_ = event->position().toPoint();
    if (onLabelEdge(pressPos_)) {
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
    if (!pressed_) { // the edge of the names column can be dragged
        const bool edge = onLabelEdge(pos);
        if (edge != (viewport()->cursor().shape() == Qt::SplitHCursor)) {
            if (edge)
                viewport()->setCursor(Qt::SplitHCursor);
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
        emit labelWidthChanged(labelWidth_);
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
    if (event->button() == Qt::LeftButton && onLabelEdge(event->position().toPoint())) {
        setLabelWidth(fittedLabelWidth());
        emit labelWidthChanged(labelWidth_);
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
    if (pos.x() < labelWidth_ || (mods & Qt::AltModifier)) { // over the names: scroll the tracks
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
    applyLabelWidth(); // a chosen names column stays within the new width
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
        relayout();
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
