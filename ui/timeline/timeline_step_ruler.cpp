#include "timeline/timeline_step_ruler.h"

#include "common/theme.h"

#include "timeline/timeline_util.h"

#include <QFontMetrics>
#include <QPainter>
#include <QPalette>

#include <algorithm>
#include <cmath>

namespace opscope::ui {

namespace {

constexpr int kTextPad = 4;                         // between a bracket's edge (or the next step) and a label
constexpr int kMinHitWidth = 5;                     // a bracket narrower than this is still this easy to click
const QString kWarning = QStringLiteral("\u26a0 "); // before a label whose overhead is notable

} // namespace

void TimelineStepRuler::layout(const std::vector<TimelineStep> &steps, const TimelineCoordinates &axis,
                               const QRect &band, const QFontMetrics &metrics)
{
    items_.clear();
    band_ = band;
    labelsMeasured_ = 0;
    const double left = axis.left, right = axis.left + axis.width;
    for (size_t s = 0; s < steps.size(); ++s) {
        const double x0 = axis.xForTime(steps[s].start_ns), x1 = axis.xForTime(steps[s].end_ns);
        if (x1 < left || x0 > right)
            continue;
        const int a = int(std::floor(std::max(x0, left))), b = int(std::ceil(std::min(x1, right)));
        const QRect bracket(a, band.top(), std::max(1, b - a), band.height());
        // Steps in the very bracket of the item before (at the whole capture, most steps share a pixel) are
        // one item, without a label (it could name only one of them), drawn in a slowed-down step's colour
        // if one of them is: at the whole of a 10 M-kernel capture (52,084 steps, about 30 a pixel) an item
        // per step was 80 ms of every frame.
        if (!items_.empty() && items_.back().bracket == bracket) {
            items_.back().crowded = true;
            if (steps[s].notable && !steps[items_.back().step].notable)
                items_.back().step = s;
            continue;
        }
        items_.push_back({s, bracket, {}, {}});
    }
    // Steps are in start order: a label has until the next step in sight starts.
    for (size_t i = 0; i < items_.size(); ++i) {
        Item &item = items_[i];
        const int end = i + 1 < items_.size() ? items_[i + 1].bracket.left() : int(right);
        const int room = item.crowded ? 0 : std::max(0, end - item.bracket.left() - 2 * kTextPad);
        item.text = QRect(item.bracket.left() + kTextPad, band.top(), room, band.height());
        // No room, no label, and no text to measure: at the whole capture, thousands of steps narrower
        // than the padding would each cost three text shapings (2 ms per thousand), most of a frame.
        if (room <= 0)
            continue;
        ++labelsMeasured_;
        const TimelineStep &step = steps[item.step];
        const QString mark = step.notable ? kWarning : QString();
        for (const QString &candidate : {mark + step.label, mark + step.shortLabel})
            if (metrics.horizontalAdvance(candidate) <= room) {
                item.shown = candidate;
                break;
            }
        if (item.shown.isEmpty()) {
            item.shown = metrics.elidedText(mark + step.label, Qt::ElideRight, room);
            if (item.shown.size() < mark.size() + 2) // an ellipsis alone says nothing
                item.shown.clear();
        }
    }
}

int TimelineStepRuler::stepAt(QPoint pos) const
{
    if (!band_.contains(pos))
        return -1;
    // The last item whose bracket (widened to be clickable) or shown label holds x: a later step's
    // label begins after an earlier bracket ends, so on a tie the later, narrower one wins.
    for (auto it = items_.rbegin(); it != items_.rend(); ++it) {
        const QRect &b = it->bracket;
        const int grow = std::max(0, kMinHitWidth - b.width()) / 2 + 1;
        if ((pos.x() >= b.left() - grow && pos.x() <= b.right() + grow) ||
            (!it->shown.isEmpty() && it->text.contains(pos)))
            return int(it->step);
    }
    return -1;
}

QColor TimelineStepRuler::colorOf(const TimelineStep &step, const QPalette &palette)
{
    if (step.notable)
        return warningColor();
    const QColor window = palette.color(QPalette::Window);
    if (step.kind == TimelineStep::Kind::Plain)
        return readableOn(QColor(0x2e, 0x8b, 0x57), window); // green: the plain step
    if (step.kind == TimelineStep::Kind::Prefill)
        return readableOn(QColor(0xd0, 0x7a, 0x1e), window); // orange: the prompt
    if (step.kind == TimelineStep::Kind::Decode)
        return readableOn(QColor(0x4a, 0x6f, 0xb5), window); // blue: one token each
    return palette.color(QPalette::Highlight);
}

void TimelineStepRuler::paint(QPainter &painter, const std::vector<TimelineStep> &steps, const QPalette &palette) const
{
    const QColor base = palette.color(QPalette::Window);
    painter.save();
    painter.setClipRect(band_);
    for (const Item &item : items_) { // no two share a bracket (layout)
        const TimelineStep &step = steps[item.step];
        const QColor color = colorOf(step, palette);
        // A bracket: the span tinted, its ends and its bottom edge in the step's colour.
        const QRect r = item.bracket.adjusted(0, 2, 0, -2);
        painter.fillRect(r, mixColors(color, base, 0.18));
        painter.fillRect(QRect(r.left(), r.bottom() - 1, r.width(), 2), color);
        painter.fillRect(QRect(r.left(), r.top(), std::min(2, r.width()), r.height()), color);
        painter.fillRect(QRect(std::max(r.left(), r.right() - 1), r.top(), std::min(2, r.width()), r.height()), color);
        if (item.shown.isEmpty())
            continue;
        painter.setPen(step.notable ? color : palette.color(QPalette::WindowText));
        painter.drawText(item.text, Qt::AlignVCenter | Qt::AlignLeft, item.shown);
    }
    painter.restore();
}

} // namespace opscope::ui
