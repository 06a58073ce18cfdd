// TimelineView's painting: rows of boxes folded to at most one per pixel column, labels,
// highlights and launch flows, track names and the time ruler.
#include "timeline/timeline_util.h"
#include "timeline/timeline_view.h"

#include <QPainter>
#include <QPainterPath>
#include <QScrollBar>

#include <algorithm>
#include <cmath>

namespace opscope::ui {

namespace {

constexpr int kMaxFlowArrows = 8;     // flows of a selected operator: one per GPU row, at most this many
constexpr int kMaxHighlights = 20000; // outlines of a selected operator's kernels

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
    return QString::number(offsetNs / unit->ns, 'f', decimals) + QLatin1Char(' ') + QString::fromUtf8(unit->name);
}

QString rowGroupName(const Profile &profile, const TimelineRow &row)
{
    switch (row.group) {
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
    }
    return {};
}

} // namespace

void TimelineView::paintEvent(QPaintEvent *)
{
    QPainter painter(viewport());
    const QPalette &pal = palette();
    painter.fillRect(viewport()->rect(), pal.color(QPalette::Base));
    stats_ = {};
    labels_.clear();
    const QRect area = timeArea();

    if (!model_ || model_->eventCount() == 0 || area.width() <= 0) {
        painter.setPen(pal.color(QPalette::PlaceholderText));
        painter.drawText(area, Qt::AlignCenter, model_ ? tr("No timeline events") : tr("No profile"));
        paintTrackNames(painter);
        paintRuler(painter);
        return;
    }

    // Grid lines under the events, one per ruler tick. Lines are drawn as opaque one-pixel rects
    // throughout: those take the raster engine's plain fill, where a tall blended line is rasterised
    // span by span (and handed to a thread pool, which costs more than it saves on small machines).
    const double step = niceStep(viewSpan_ * 100 / area.width());
    const QColor grid = mixColors(pal.color(QPalette::Mid), pal.color(QPalette::Base), 0.25);
    std::vector<int> gridColumns;
    for (double tick = std::ceil((viewStart_ - tickShift_) / step) * step + tickShift_; tick <= viewStart_ + viewSpan_;
         tick += step) {
        const int x = int(std::lround(xForRel(tick)));
        painter.fillRect(QRect(x, area.top(), 1, area.height()), grid);
        gridColumns.push_back(x - area.left());
    }

    painter.setClipRect(area);
    const QColor headerBand = pal.color(QPalette::AlternateBase);
    prepareStrips(area, gridColumns, headerBand);
    const int top = area.top(), bottom = area.bottom();
    const Line *first = lineAt(top);
    size_t index = first ? size_t(first - lines_.data()) : 0;
    for (; index < lines_.size(); ++index) {
        const Line &line = lines_[index];
        const int y = lineTop(line);
        if (y > bottom)
            break;
        if (y + line.height <= top)
            continue;
        if (line.row >= 0) {
            paintRow(line.row, QRect(area.left(), y, area.width(), line.height), false);
            continue;
        }
        painter.fillRect(QRect(area.left(), y, area.width(), line.height), headerBand);
        const TimelineTrack &track = model_->tracks()[line.track];
        if (!expanded_[line.track] && track.rowCount > 0) // collapsed: its summary row inside the header
            paintRow(track.summaryRow, QRect(area.left(), y + 2, area.width(), line.height - 4), true);
    }
    flushStrips(painter);
    flushBoxes(painter);
    paintLabels(painter);
    paintHighlights(painter);
    painter.setClipping(false);
    paintTrackNames(painter);
    paintRuler(painter);
}

void TimelineView::paintRow(int rowIndex, const QRect &rect, bool inHeader)
{
    const TimelineRow &row = model_->rows()[rowIndex];
    if (row.events.empty())
        return;
    // Zoomed out so far that a column spans one of the row's finest buckets or more: read those.
    if (row.cellShift >= 0 && viewSpan_ / rect.width() >= double(int64_t(1) << row.cellShift))
        return paintRowCells(rowIndex, rect, inHeader);
    const std::vector<uint8_t> &rowSlots = rowSlots_[rowIndex];
    const int width = rect.width();
    const int left = rect.left();
    const int y = rect.top() + 1;
    const int height = rect.height() - 2;
    const bool withLabels = rect.height() >= rowHeight_;
    const double pxPerNs = width / viewSpan_;
    const double nsPerPx = viewSpan_ / width;
    const double viewStart = viewStart_;
    const int64_t origin = origin_;
    const TimelineRow::Point *points = row.points.data();

    auto columnOf = [&](int64_t t) { return (double(t - origin) - viewStart) * pxPerNs; };
    // Clamped before converting: events far outside the window must not overflow an int.
    auto roundColumn = [&](double u) { return int(std::lround(std::clamp(u, -2.0, width + 2.0))); };
    auto floorColumn = [&](double u) { return int(std::floor(std::clamp(u, -2.0, width + 2.0))); };
    // The first instant (absolute ns) of pixel column c.
    auto columnStart = [&](int c) { return origin + int64_t(std::ceil(viewStart + c * nsPerPx)); };

    const auto [firstEvent, lastEvent] =
        row.window(origin + int64_t(std::floor(viewStart)), origin + int64_t(std::ceil(viewStart + viewSpan_)) + 1);
    size_t i = firstEvent;
    int cursor = 0; // the first column not painted yet: boxes never overlap, so at most `width` of them
    int rects = 0;
    int pendingFrom = 0, pendingTo = 0, pendingFill = -1; // folded columns of one fill merge into one box
    auto flushPending = [&] {
        if (pendingFill >= 0) {
            boxes_[pendingFill].emplace_back(left + pendingFrom, y, pendingTo - pendingFrom, height);
            ++rects;
            pendingFill = -1;
        }
    };
    int64_t visited = 0, groupFolds = 0;
    size_t lastFold = 1; // events in the previous folded column: the guess for the next one
    constexpr size_t G = TimelineRow::kGroupSize;
    const TimelineGroup *groups = row.groups.data();
    const std::vector<uint8_t> &groupSlots = groupSlots_[rowIndex];
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
        const double u0 = columnOf(start);
        if (u0 >= width)
            break;

        // Dense: the last column folded two groups or more and this group has only sub-pixel events.
        // Fold whole groups; the box spans from the first folded start to the last folded end.
        const size_t g = i / G;
        if (lastFold >= 2 * G && groups[g].longest != UINT32_MAX && double(groups[g].longest) * pxPerNs < 1.0) {
            const int c = std::max(floorColumn(u0), cursor);
            if (c >= width)
                break;
            const size_t g1 = findEnd(g + 1, groupCount, columnStart(c + 1), g + lastFold / G, 64,
                                      [groups](size_t k) { return groups[k].firstStart; });
            // The groups before the last end before it starts, in this column; the last one may hold
            // an idle gap (its events need not follow each other closely). When its end lies past
            // the next column it may well, and folding it whole would paint the gap: fold event by
            // event below instead, which stops at the column's end.
            const int lastColumn = g1 > g + 1 ? floorColumn(columnOf(groups[g1 - 1].lastEnd)) : width;
            if (g1 > g + 1 && lastColumn <= c + 1) {
                // The fold covers the columns from its first start to its last end. When the next
                // group starts in the column of that end, the column is left to it: a fold never
                // pushes the next one right, so no error builds up along a dense row.
                const int nextColumn = g1 < groupCount ? floorColumn(columnOf(groups[g1].firstStart)) : width;
                const int to = std::clamp(nextColumn > lastColumn ? lastColumn + 1 : lastColumn, c + 1, width);
                const int64_t busyEnd = g1 < groupCount ? groups[g1].busyBefore : points[row.size()].busy;
                const int64_t busyStart = i % G == 0 ? groups[g].busyBefore : points[i].busy;
                uint8_t slot = groupSlots[g];
                uint32_t longest = groups[g].longest;
                for (const size_t k : {(g + g1) / 2, g1 - 1})
                    if (groups[k].longest > longest) {
                        longest = groups[k].longest;
                        slot = groupSlots[k];
                    }
                const double coverage = double(busyEnd - busyStart) * pxPerNs / (to - c);
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

        const double u1 = columnOf(row.end(i));
        if (u1 - u0 >= 1.0) { // a pixel or wider: a box of its own
            const int a = std::max(roundColumn(u0), cursor);
            const int b = std::min(roundColumn(u1), width);
            if (b > a) {
                flushPending();
                const uint8_t slot = rowSlots[i];
                const int boxWidth = b - a >= 3 ? b - a - 1 : b - a; // a one-pixel gap between neighbours
                boxes_[slot * kShades + kShades - 1].emplace_back(left + a, y, boxWidth, height);
                ++rects;
                if (withLabels && boxWidth >= minLabelWidth_)
                    labels_.push_back({QRect(left + a, y, boxWidth, height), {row.kind, row.events[i]}, slot});
                cursor = b;
            }
            lastFold = 1;
            ++i;
            continue;
        }
        // Narrower than a pixel: fold every event that starts before this column ends.
        const int c = std::max(floorColumn(u0), cursor);
        if (c >= width)
            break;
        size_t j = findEnd(i + 1, lastEvent, columnStart(c + 1), i + lastFold, 8 * G,
                           [points](size_t k) { return points[k].start; });
        if (j - 1 > i && columnOf(row.end(j - 1)) >= c + 2) // the last one is wide: it gets its own box
            --j;
        uint8_t slot = rowSlots[i];
        int shade = kShades - 1;
        if (j - i > 1) {
            // The fold takes the colour of the longer of its first and last events (both in cache
            // after the search), and a shade by how much of the column its events cover.
            if (points[j].busy - points[j - 1].busy > points[i + 1].busy - points[i].busy)
                slot = rowSlots[j - 1];
            const double coverage = double(points[j].busy - points[i].busy) * pxPerNs;
            shade = std::min(kShades - 1, int(coverage * kShades));
        }
        emitFold(c, c + 1, slot * kShades + shade);
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

void TimelineView::flushBoxes(QPainter &painter)
{
    // One brush per colour: every box of a colour goes out in one call.
    painter.setPen(Qt::NoPen);
    for (size_t fill = 0; fill < boxes_.size(); ++fill) {
        std::vector<QRect> &boxes = boxes_[fill];
        if (boxes.empty())
            continue;
        painter.setBrush(fills_[fill]);
        painter.drawRects(boxes.data(), int(boxes.size()));
        boxes.clear();
    }
    painter.setBrush(Qt::NoBrush);
}

void TimelineView::paintLabels(QPainter &painter)
{
    const QFontMetrics fm = fontMetrics();
    for (const Label &label : labels_) {
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
        ++stats_.labelsDrawn;
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
            if (!r.isEmpty() && r.right() >= labelWidth_ && r.left() <= viewport()->width())
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
    // Launch-to-kernel flows: from the launching API call (or the operator) to each kernel.
    painter.setRenderHint(QPainter::Antialiasing, true);
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

void TimelineView::paintFlow(QPainter &painter, EventRef to)
{
    const int targetRow = model_->rowOf(to);
    if (targetRow < 0)
        return;
    EventRef from{EventKind::ApiCall, model_->launchOf(to)};
    if (model_->rowOf(from) < 0 && to.kind == EventKind::Kernel) {
        const Index op = profile_->kernels[to.index].op;
        from = {EventKind::Operator, op < profile_->operators.size() ? op : kNoIndex};
    }
    const int sourceRow = model_->rowOf(from);
    if (sourceRow < 0)
        return;
    const QPointF a(xForTime(model_->startOf(from)), rowCenterY(sourceRow));
    const QPointF b(xForTime(model_->startOf(to)), rowCenterY(targetRow));
    const double left = labelWidth_, right = viewport()->width();
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
    ++stats_.flowArrows;
}

void TimelineView::paintTrackNames(QPainter &painter)
{
    const QPalette &pal = palette();
    const QRect column(0, rulerHeight_, labelWidth_, std::max(0, viewport()->height() - rulerHeight_));
    painter.fillRect(column, pal.color(QPalette::Window));
    const QColor separator = pal.color(QPalette::Mid);
    painter.fillRect(QRect(labelWidth_ - 1, column.top(), 1, column.height()), separator);
    if (!model_)
        return;
    painter.setClipRect(column);
    const QFontMetrics fm = fontMetrics();
    QFont bold = font();
    bold.setBold(true);
    const QFontMetrics boldMetrics(bold);
    const Line *first = lineAt(column.top());
    for (size_t index = first ? size_t(first - lines_.data()) : 0; index < lines_.size(); ++index) {
        const Line &line = lines_[index];
        const int y = lineTop(line);
        if (y > column.bottom())
            break;
        if (line.row < 0) {
            const TimelineTrack &track = model_->tracks()[line.track];
            painter.fillRect(QRect(0, y, labelWidth_ - 1, 1), separator);
            // A disclosure triangle: pointing right when collapsed, down when expanded.
            const QPointF c(9, y + line.height / 2.0);
            QPolygonF triangle;
            if (expanded_[line.track])
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
            painter.drawText(QRect(18, y, labelWidth_ - 22, line.height), Qt::AlignVCenter | Qt::AlignLeft,
                             boldMetrics.elidedText(track.title, Qt::ElideRight, labelWidth_ - 22));
            painter.setFont(font());
            continue;
        }
        const std::vector<TimelineRow> &rows = model_->rows();
        const TimelineRow &row = rows[line.row];
        const bool firstOfGroup =
            line.row == model_->tracks()[line.track].firstRow || rows[line.row - 1].group != row.group;
        if (!firstOfGroup)
            continue;
        painter.setPen(pal.color(QPalette::PlaceholderText));
        painter.drawText(QRect(24, y, labelWidth_ - 28, line.height), Qt::AlignVCenter | Qt::AlignLeft,
                         fm.elidedText(rowGroupName(*profile_, row), Qt::ElideRight, labelWidth_ - 28));
    }
    painter.setClipping(false);
}

QString TimelineView::nameToolTip(const Line &line) const
{
    // Plain text kept on one line (a title may hold '<' or be long enough to wrap).
    const TimelineTrack &track = model_->tracks()[line.track];
    QString text = track.title;
    if (line.row >= 0) {
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
    for (const TimelineTrack &track : model_->tracks())
        width = std::max(width, 22 + boldMetrics.horizontalAdvance(track.title));
    for (const TimelineRow &row : model_->rows())
        width = std::max(width, 28 + fm.horizontalAdvance(rowGroupName(*profile_, row)));
    return width + fm.averageCharWidth();
}

void TimelineView::paintRuler(QPainter &painter)
{
    const QPalette &pal = palette();
    const QRect ruler(0, 0, viewport()->width(), rulerHeight_);
    painter.fillRect(ruler, pal.color(QPalette::Window));
    painter.fillRect(QRect(0, rulerHeight_ - 1, ruler.width(), 1), pal.color(QPalette::Mid));
    const QRect area = timeArea();
    painter.setPen(pal.color(QPalette::WindowText));
    painter.drawText(QRect(6, 0, labelWidth_ - 12, rulerHeight_), Qt::AlignVCenter | Qt::AlignLeft,
                     tr("Window %1").arg(formatDuration(int64_t(std::llround(viewSpan_)))));
    if (area.width() <= 0)
        return;
    painter.setClipRect(QRect(labelWidth_, 0, area.width(), rulerHeight_));
    const double step = niceStep(viewSpan_ * 100 / area.width());
    const double minor = step / 5;
    const QColor text = pal.color(QPalette::WindowText);
    // Ticks count from the time zero (the trace start unless setTimeZero moved it).
    const double zero = tickShift_;
    for (double tick = std::ceil((viewStart_ - zero) / minor) * minor; tick <= viewStart_ - zero + viewSpan_;
         tick += minor) {
        const int x = int(std::lround(xForRel(tick + zero)));
        const bool major = std::abs(std::remainder(tick, step)) < minor / 2;
        const int length = major ? 8 : 4;
        painter.fillRect(QRect(x, rulerHeight_ - 1 - length, 1, length), major ? text : pal.color(QPalette::Mid));
        if (major) {
            painter.setPen(text);
            painter.drawText(QPoint(x + 3, rulerHeight_ - 9), formatTick(tick, step));
        }
    }
    painter.setClipping(false);
}

} // namespace opscope::ui
