// TimelineView's painting, by layer: grid lines, the rows (TimelineFrame folds each to at most one
// box per pixel column), labels, find matches, highlights and launch flows, track names and the
// time ruler with the step ruler below it.
#include "common/qt_text.h"
#include "common/value_format.h"
#include "timeline/timeline_util.h"
#include "timeline/timeline_view.h"

#include <QPainter>
#include <QPainterPath>
#include <QScrollBar>

#include <algorithm>
#include <cmath>

namespace opscope::ui {

namespace {

constexpr int kMaxFlowArrows = 8;       // flows of a selected operator: one per GPU row, at most this many
constexpr int kMaxHighlights = 20000;   // outlines of a selected operator's kernels
constexpr int kMaxMatchOutlines = 5000; // per frame; a zoomed-out view of many matches shows the first

// A round tick step (1, 2 or 5 times a power of ten) of at least `ns`.
double niceStep(double ns)
{
    const double power = std::pow(10.0, std::floor(std::log10(std::max(ns, 1.0))));
    const double m = ns / power;
    return power * (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10);
}

// A tick label: the offset from the trace start in the unit that suits it, with as many decimals
// as the step needs ("1.24 ms" with a 20 µs step).
QString formatTick(double offsetNs, double stepNs)
{
    if (std::abs(offsetNs) < stepNs / 2)
        return QStringLiteral("0");
    const double magnitude = std::abs(offsetNs);
    struct Unit {
        double ns;
        const char *name;
    };
    static const Unit units[] = {{1e9, "s"}, {1e6, "ms"}, {1e3, "µs"}, {1, "ns"}};
    const Unit *unit = &units[3];
    for (const Unit &u : units)
        if (magnitude >= u.ns) {
            unit = &u;
            break;
        }
    const int decimals = std::clamp(int(std::ceil(std::log10(unit->ns / stepNs) - 1e-9)), 0, 9);
    return QString::number(offsetNs / unit->ns, 'f', decimals) + QLatin1Char(' ') + toQString(unit->name);
}

QString rowGroupName(const Profile &profile, const TimelineRow &row)
{
    switch (row.group) {
    case RowGroup::Phases:
        return QStringLiteral("Phases");
    case RowGroup::Annotations: {
        const RangeKind kind = profile.ranges[row.events.front()].kind;
        return kind == RangeKind::UserAnnotation ? QStringLiteral("Annotations") : QStringLiteral("NVTX");
    }
    case RowGroup::Python:
        return QStringLiteral("Python");
    case RowGroup::GpuAnnotations:
        return QStringLiteral("GPU annotations");
    case RowGroup::Operators:
        return QStringLiteral("Operators");
    case RowGroup::CudaApi: // ROCm traces file their hip* calls as cuda_runtime
        return profile.gpuRuntime() == "HIP" ? QStringLiteral("HIP runtime") : QStringLiteral("CUDA API");
    case RowGroup::Kernels:
        return QStringLiteral("Kernels");
    case RowGroup::Memory:
        return QStringLiteral("Memory");
    case RowGroup::MemoryCurve:
        return QStringLiteral("Allocated / reserved");
    }
    return {};
}

} // namespace

void TimelineView::paintEvent(QPaintEvent *)
{
    QPainter painter(viewport());
    const QPalette &pal = palette();
    painter.fillRect(viewport()->rect(), pal.color(QPalette::Base));
    frame_.begin();
    const QRect area = timeArea();

    if (!model_ || model_->eventCount() == 0 || area.width() <= 0) {
        painter.setPen(pal.color(QPalette::PlaceholderText));
        painter.drawText(area.adjusted(24, 24, -24, -24), Qt::AlignCenter | Qt::TextWordWrap,
                         model_ ? tr("No timeline events") : placeholder_);
        paintTrackNames(painter);
        paintRuler(painter);
        return;
    }

    // Grid lines under the events, one per ruler tick. Lines are drawn as opaque one-pixel rects
    // throughout: those take the raster engine's plain fill, where a tall blended line is rasterised
    // span by span (and handed to a thread pool, which costs more than it saves on small machines).
    const TimelineCoordinates axis = coordinates();
    const double step = niceStep(axis.viewSpan * 100 / area.width());
    const double tickShift = zoom_.tickShift();
    const QColor grid = mixColors(pal.color(QPalette::Mid), pal.color(QPalette::Base), 0.25);
    std::vector<int> gridColumns;
    for (double tick = std::ceil((axis.viewStart - tickShift) / step) * step + tickShift;
         tick <= axis.viewStart + axis.viewSpan; tick += step) {
        const int x = int(std::lround(axis.xForRel(tick)));
        painter.fillRect(QRect(x, area.top(), 1, area.height()), grid);
        gridColumns.push_back(x - area.left());
    }

    painter.setClipRect(area);
    const QColor headerBand = pal.color(QPalette::AlternateBase);
    const QColor groupBand = pal.color(QPalette::Midlight); // a rank's header, above its tracks' headers
    frame_.prepareStrips(area, layout_.rowHeight(), gridColumns, pal.color(QPalette::Base).rgb(), grid.rgb(),
                         headerBand.rgb());
    const int top = area.top(), bottom = area.bottom();
    const std::vector<Line> &lines = layout_.lines();
    const Line *first = lineAt(top);
    size_t index = first ? size_t(first - lines.data()) : 0;
    std::vector<std::pair<int, QRect>> memoryBands; // memory curve, band
    for (; index < lines.size(); ++index) {
        const Line &line = lines[index];
        const int y = lineTop(line);
        if (y > bottom)
            break;
        if (y + line.height <= top)
            continue;
        const TimelineTrack &track = model_->tracks()[line.track];
        if (track.memoryCurve >= 0) { // a curve, not boxes: drawn after them, in its row or collapsed header
            const int inset = line.row >= 0 ? 1 : 2;
            if (line.row >= 0 || layout_.showsSummary(line))
                memoryBands.emplace_back(track.memoryCurve,
                                         QRect(area.left(), y + inset, area.width(), line.height - 2 * inset));
            if (line.row >= 0)
                continue;
        }
        if (line.row >= 0) {
            const QRect rect(area.left(), y, area.width(), line.height);
            frame_.paintRow(model_->rows()[size_t(line.row)], currentSlots().row(line.row), axis, rowBand(rect, false));
            continue;
        }
        painter.fillRect(QRect(area.left(), y, area.width(), line.height),
                         line.isGroupHeader() ? groupBand : headerBand);
        if (layout_.showsSummary(line) && track.rowCount > 0) { // collapsed: its summary row inside the header
            const QRect rect(area.left(), y + 2, area.width(), line.height - 4);
            frame_.paintRow(model_->rows()[size_t(track.summaryRow)], currentSlots().row(track.summaryRow), axis,
                            rowBand(rect, true));
        }
    }
    frame_.flush(painter);
    for (const auto &[curve, band] : memoryBands)
        frame_.stats().memoryColumns +=
            paintMemoryCurve(painter, model_->memoryCurves()[size_t(curve)], axis, band, pal);
    paintLabels(painter);
    paintHighlights(painter);
    painter.setClipping(false);
    paintTrackNames(painter);
    paintRuler(painter);
}

RowBand TimelineView::rowBand(const QRect &rect, bool inHeader) const
{
    return {rect.top() + 1, rect.height() - 2, rect.height() >= layout_.rowHeight(), inHeader};
}

void TimelineView::paintLabels(QPainter &painter)
{
    const QFontMetrics fm = fontMetrics();
    for (const TimelineFrame::Label &label : frame_.labels()) {
        const QString text = cachedLabel(label.event);
        const QRect inner = label.rect.adjusted(3, 0, -3, 0);
        if (text.isEmpty() || inner.width() <= 0)
            continue;
        const QString shown =
            fm.horizontalAdvance(text) <= inner.width() ? text : fm.elidedText(text, Qt::ElideRight, inner.width());
        if (shown.size() < 2) // an ellipsis alone says nothing
            continue;
        painter.setPen(textColors_[label.slot]);
        painter.drawText(inner, Qt::AlignVCenter | Qt::AlignLeft, shown);
        ++frame_.stats().labelsDrawn;
    }
}

void TimelineView::paintHighlights(QPainter &painter)
{
    const QPalette &pal = palette();
    paintMatches(painter);
    painter.setBrush(Qt::NoBrush);
    if (selection_.kind == EventKind::Operator) {
        // The operator's kernels, outlined wherever they ran.
        QPen pen(pal.color(QPalette::Highlight), 2);
        painter.setPen(pen);
        int drawn = 0;
        for (const Index k : model_->kernelsOfOperator(selection_.index)) {
            if (drawn++ >= kMaxHighlights)
                break;
            const QRectF r = eventRect({EventKind::Kernel, k});
            if (!r.isEmpty() && r.right() >= labelWidth() && r.left() <= viewport()->width())
                painter.drawRect(r.adjusted(-1, -1, 1, 1));
        }
    }
    if (hovered_.valid() && hovered_ != selection_) {
        painter.setPen(QPen(pal.color(QPalette::Text), 1));
        const QRectF r = eventRect(hovered_);
        if (!r.isEmpty())
            painter.drawRect(r);
    }
    if (!selection_.valid())
        return;
    const QRectF r = eventRect(selection_);
    if (!r.isEmpty()) {
        painter.setPen(QPen(pal.color(QPalette::Highlight), 3));
        painter.drawRect(r.adjusted(-1, -1, 1, 1));
    }
    // The same collective on the other ranks: outlined, with a flow from the selected one to each (its
    // slope shows who arrived later).
    const std::vector<EventRef> peers = model_->sameCollectiveOnOtherRanks(selection_);
    painter.setPen(QPen(pal.color(QPalette::Highlight), 2));
    for (const EventRef &peer : peers)
        if (const QRectF p = eventRect(peer); !p.isEmpty())
            painter.drawRect(p.adjusted(-1, -1, 1, 1));
    // Launch-to-kernel flows: from the launching API call (or the operator) to each kernel.
    painter.setRenderHint(QPainter::Antialiasing, true);
    for (size_t i = 0; i < peers.size() && i < size_t(kMaxFlowArrows); ++i)
        paintFlowBetween(painter, selection_, peers[i]);
    if (selection_.kind == EventKind::Kernel || selection_.kind == EventKind::MemoryOp) {
        paintFlow(painter, selection_);
    } else if (selection_.kind == EventKind::Operator) {
        // One flow per GPU row, to the operator's first kernel there: a flow per kernel would fan
        // out over the bars it points at (an operator may launch dozens); the outlines show the rest.
        std::vector<int> rows;
        for (const Index k : model_->kernelsOfOperator(selection_.index)) { // in start order
            const EventRef kernel{EventKind::Kernel, k};
            const int row = model_->rowOf(kernel);
            if (std::find(rows.begin(), rows.end(), row) != rows.end())
                continue;
            rows.push_back(row);
            paintFlow(painter, kernel);
            if (rows.size() >= size_t(kMaxFlowArrows))
                break;
        }
    }
    painter.setRenderHint(QPainter::Antialiasing, false);
}

void TimelineView::paintMatches(QPainter &painter)
{
    const std::vector<EventRef> &matches = find_.matches();
    if (matches.empty())
        return;
    const auto [first, last] = find_.overlapping(visibleStart(), visibleEnd());
    const QColor color = palette().color(QPalette::Link);
    painter.setPen(QPen(color, 2));
    painter.setBrush(Qt::NoBrush);
    int drawn = 0;
    for (size_t m = first; m < last && drawn < kMaxMatchOutlines; ++m) {
        const EventRef event = matches[m];
        if (model_->endOf(event) < visibleStart())
            continue;
        const QRectF r = eventRect(event);
        if (r.isEmpty())
            continue;
        painter.drawRect(r.adjusted(-1, -1, 1, 1));
        ++drawn;
    }
    frame_.stats().matchOutlines = drawn;
}

int TimelineView::headerIndent(const Line &line) const
{
    return !line.isGroupHeader() && model_->tracks()[size_t(line.track)].group >= 0 ? kGroupIndent : 0;
}

void TimelineView::paintFlow(QPainter &painter, EventRef to)
{
    if (model_->rowOf(to) < 0)
        return;
    EventRef from{EventKind::ApiCall, model_->launchOf(to)};
    if (model_->rowOf(from) < 0 && to.kind == EventKind::Kernel) {
        const Index op = profile_->kernels[to.index].op;
        from = {EventKind::Operator, op < profile_->operators.size() ? op : kNoIndex};
    }
    paintFlowBetween(painter, from, to);
}

void TimelineView::paintFlowBetween(QPainter &painter, EventRef from, EventRef to)
{
    const int sourceRow = model_->rowOf(from), targetRow = model_->rowOf(to);
    if (sourceRow < 0 || targetRow < 0)
        return;
    const QPointF a(xForTime(model_->startOf(from)), rowCenterY(sourceRow));
    const QPointF b(xForTime(model_->startOf(to)), rowCenterY(targetRow));
    const double left = labelWidth(), right = viewport()->width();
    if ((a.x() < left && b.x() < left) || (a.x() > right && b.x() > right))
        return;
    // Far-away ends are pulled in so the curve stays within sane coordinates.
    auto pull = [&](QPointF p) { return QPointF(std::clamp(p.x(), left - 2000, right + 2000), p.y()); };
    const QPointF p0 = pull(a), p1 = pull(b);
    const double midY = (p0.y() + p1.y()) / 2;
    QPainterPath path(p0);
    path.cubicTo(QPointF(p0.x(), midY), QPointF(p1.x(), midY), p1);
    const QColor color = palette().color(QPalette::Highlight);
    painter.setPen(QPen(color, 1.5));
    painter.setBrush(Qt::NoBrush);
    painter.drawPath(path);
    const double direction = p1.y() >= p0.y() ? 1 : -1; // the curve arrives vertically
    QPolygonF head;
    head << p1 << QPointF(p1.x() - 4, p1.y() - 7 * direction) << QPointF(p1.x() + 4, p1.y() - 7 * direction);
    painter.setPen(Qt::NoPen);
    painter.setBrush(color);
    painter.drawPolygon(head);
    painter.setBrush(Qt::NoBrush);
    ++frame_.stats().flowArrows;
}

void TimelineView::paintTrackNames(QPainter &painter)
{
    const QPalette &pal = palette();
    const QRect column(0, rulerHeight(), labelWidth(), std::max(0, viewport()->height() - rulerHeight()));
    painter.fillRect(column, pal.color(QPalette::Window));
    const QColor separator = pal.color(QPalette::Mid);
    painter.fillRect(QRect(labelWidth() - 1, column.top(), 1, column.height()), separator);
    if (!model_)
        return;
    painter.setClipRect(column);
    const QFontMetrics fm = fontMetrics();
    QFont bold = font();
    bold.setBold(true);
    const QFontMetrics boldMetrics(bold);
    const Line *first = lineAt(column.top());
    const std::vector<Line> &lines = layout_.lines();
    for (size_t index = first ? size_t(first - lines.data()) : 0; index < lines.size(); ++index) {
        const Line &line = lines[index];
        const int y = lineTop(line);
        if (y > column.bottom())
            break;
        if (line.row < 0) {
            const TimelineTrack &track = model_->tracks()[line.track];
            if (line.isGroupHeader())
                painter.fillRect(QRect(0, y, labelWidth() - 1, line.height), pal.color(QPalette::Midlight));
            painter.fillRect(QRect(0, y, labelWidth() - 1, 1), separator);
            // A disclosure triangle: pointing right when collapsed, down when expanded. A rank's tracks
            // are indented under its header.
            const int indent = headerIndent(line);
            const QPointF c(9 + indent, y + line.height / 2.0);
            QPolygonF triangle;
            if (!layout_.showsSummary(line))
                triangle << c + QPointF(-4, -2) << c + QPointF(4, -2) << c + QPointF(0, 3);
            else
                triangle << c + QPointF(-2, -4) << c + QPointF(-2, 4) << c + QPointF(3, 0);
            painter.setPen(Qt::NoPen);
            painter.setBrush(pal.color(QPalette::WindowText));
            painter.setRenderHint(QPainter::Antialiasing, true);
            painter.drawPolygon(triangle);
            painter.setRenderHint(QPainter::Antialiasing, false);
            painter.setBrush(Qt::NoBrush);
            painter.setFont(bold);
            painter.setPen(pal.color(QPalette::WindowText));
            const QString &title = line.isGroupHeader() ? model_->trackGroups()[size_t(line.group)].title : track.title;
            painter.drawText(QRect(18 + indent, y, labelWidth() - 22 - indent, line.height),
                             Qt::AlignVCenter | Qt::AlignLeft,
                             boldMetrics.elidedText(title, Qt::ElideRight, labelWidth() - 22 - indent));
            painter.setFont(font());
            continue;
        }
        const std::vector<TimelineRow> &rows = model_->rows();
        const TimelineRow &row = rows[line.row];
        const bool firstOfGroup =
            line.row == model_->tracks()[line.track].firstRow || rows[line.row - 1].group != row.group;
        if (!firstOfGroup)
            continue;
        const int indent = headerIndent(line);
        painter.setPen(pal.color(QPalette::PlaceholderText));
        painter.drawText(QRect(24 + indent, y, labelWidth() - 28 - indent, line.height),
                         Qt::AlignVCenter | Qt::AlignLeft,
                         fm.elidedText(rowGroupName(*profile_, row), Qt::ElideRight, labelWidth() - 28 - indent));
    }
    painter.setClipping(false);
}

QString TimelineView::nameToolTip(const Line &line) const
{
    // Plain text kept on one line (a title may hold '<' or be long enough to wrap).
    const TimelineTrack &track = model_->tracks()[line.track];
    QString text = track.title;
    if (line.isGroupHeader()) {
        const TimelineTrackGroup &group = model_->trackGroups()[size_t(line.group)];
        text = tr("%1: %n track(s); collapsed, it shows %2", "", group.trackCount).arg(group.title, track.title);
    } else if (line.row >= 0) {
        const TimelineRow &row = model_->rows()[line.row];
        text = tr("%1, depth %2 · %3").arg(rowGroupName(*profile_, row)).arg(row.depth).arg(track.title);
    }
    return QStringLiteral("<p style='white-space:pre'>%1</p>").arg(text.toHtmlEscaped());
}

int TimelineView::fittedLabelWidth() const
{
    // As paintTrackNames lays them out: titles in bold after the disclosure triangle, row names indented.
    if (!model_)
        return 0;
    QFont bold = font();
    bold.setBold(true);
    const QFontMetrics fm = fontMetrics(), boldMetrics(bold);
    int width = 0;
    const int indent = model_->trackGroups().empty() ? 0 : kGroupIndent;
    for (const TimelineTrackGroup &group : model_->trackGroups())
        width = std::max(width, 22 + boldMetrics.horizontalAdvance(group.title));
    for (const TimelineTrack &track : model_->tracks())
        width = std::max(width, 22 + indent + boldMetrics.horizontalAdvance(track.title));
    for (const TimelineRow &row : model_->rows())
        width = std::max(width, 28 + indent + fm.horizontalAdvance(rowGroupName(*profile_, row)));
    return width + fm.averageCharWidth();
}

void TimelineView::paintRuler(QPainter &painter)
{
    const QPalette &pal = palette();
    const int height = timeRulerHeight();
    const QRect ruler(0, 0, viewport()->width(), rulerHeight());
    painter.fillRect(ruler, pal.color(QPalette::Window));
    painter.fillRect(QRect(0, rulerHeight() - 1, ruler.width(), 1), pal.color(QPalette::Mid));
    const QRect area = timeArea();
    const TimelineCoordinates axis = coordinates();
    painter.setPen(pal.color(QPalette::WindowText));
    painter.drawText(QRect(6, 0, labelWidth() - 12, height), Qt::AlignVCenter | Qt::AlignLeft,
                     tr("Window %1").arg(formatDuration(int64_t(std::llround(axis.viewSpan)))));
    paintStepRuler(painter);
    if (area.width() <= 0)
        return;
    painter.setClipRect(QRect(labelWidth(), 0, area.width(), height));
    const double step = niceStep(axis.viewSpan * 100 / area.width());
    const double minor = step / 5;
    const QColor text = pal.color(QPalette::WindowText);
    // Ticks count from the time zero (the trace start unless setTimeZero moved it).
    const double zero = zoom_.tickShift();
    for (double tick = std::ceil((axis.viewStart - zero) / minor) * minor;
         tick <= axis.viewStart - zero + axis.viewSpan; tick += minor) {
        const int x = int(std::lround(axis.xForRel(tick + zero)));
        const bool major = std::abs(std::remainder(tick, step)) < minor / 2;
        const int length = major ? 8 : 4;
        painter.fillRect(QRect(x, height - 1 - length, 1, length), major ? text : pal.color(QPalette::Mid));
        if (major) {
            painter.setPen(text);
            painter.drawText(QPoint(x + 3, height - 9), formatTick(tick, step));
        }
    }
    painter.setClipping(false);
}

void TimelineView::paintStepRuler(QPainter &painter)
{
    const QPalette &pal = palette();
    // The step band, then the phase band of generation requests below it: each a label and its ruler.
    const auto band = [&](int top, int height, const QString &name, const TimelineStepRuler &ruler,
                          const std::vector<TimelineStep> &steps) {
        if (height <= 0)
            return;
        painter.fillRect(QRect(0, top, viewport()->width(), 1), pal.color(QPalette::Midlight));
        painter.setPen(pal.color(QPalette::PlaceholderText));
        painter.drawText(QRect(6, top, labelWidth() - 12, height), Qt::AlignVCenter | Qt::AlignLeft, name);
        if (timeArea().width() > 0)
            ruler.paint(painter, steps, pal);
    };
    if (!model_)
        return;
    const int top = timeRulerHeight(), height = layout_.stepBandHeight();
    band(top, height, tr("Steps"), stepRuler(), model_->steps());
    band(top + height, layout_.phaseBandHeight(), tr("Request phases"), phaseRuler(), model_->phases());
}

} // namespace opscope::ui
