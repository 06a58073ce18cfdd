// TimelineView's find: events by name (text or regular expression), outlined where they are in view,
// stepped through with next / previous, each step selecting and revealing the match.
#include "timeline/timeline_util.h"
#include "timeline/timeline_view.h"

#include <QPainter>
#include <QRegularExpression>

#include <algorithm>
#include <numeric>

namespace opscope::ui {

namespace {

constexpr int kMaxMatchOutlines = 5000; // per frame; a zoomed-out view of many matches shows the first

// Whether each interned string matches, decided once per string: a 2 M event profile has a few
// thousand distinct names, so the pattern runs that many times, not once per event.
class NameMatcher {
public:
    NameMatcher(const Profile &profile, const QRegularExpression &re) : profile_(profile), re_(re)
    {
        memo_.assign(profile.strings.size(), kUnknown);
    }

    bool operator()(StringId id, bool kernelName = false)
    {
        if (id == kNoString || id >= memo_.size())
            return false;
        uint8_t &m = memo_[id];
        if (m == kUnknown) {
            const std::string_view text = profile_.text(id);
            bool hit = re_.match(toQString(text)).hasMatch();
            if (!hit && kernelName) // "gemm_kernel" for "void gemm_kernel<float, 128>(...)"
                hit = re_.match(shortKernelName(text)).hasMatch();
            m = hit ? 1 : 0;
        }
        return m == 1;
    }

private:
    static constexpr uint8_t kUnknown = 2;
    const Profile &profile_;
    const QRegularExpression &re_;
    std::vector<uint8_t> memo_;
};

} // namespace

int TimelineView::findEvents(const QString &pattern, bool regex)
{
    matches_.clear();
    matchStarts_.clear();
    longestMatch_ = 0;
    currentMatch_ = -1;
    const QRegularExpression re(regex ? pattern : QRegularExpression::escape(pattern),
                                QRegularExpression::CaseInsensitiveOption);
    if (model_ && !pattern.isEmpty() && re.isValid()) {
        const Profile &p = *profile_;
        NameMatcher matches(p, re);
        auto add = [&](EventKind kind, Index i) {
            if (model_->rowOf({kind, i}) >= 0)
                matches_.push_back({kind, i});
        };
        for (Index i = 0; i < p.kernels.size(); ++i)
            if (matches(p.kernels[i].name, true) || matches(p.kernels[i].short_name, true))
                add(EventKind::Kernel, i);
        for (Index i = 0; i < p.operators.size(); ++i)
            if (matches(p.operators[i].name))
                add(EventKind::Operator, i);
        for (Index i = 0; i < p.ranges.size(); ++i)
            if (matches(p.ranges[i].text))
                add(EventKind::Range, i);
        for (Index i = 0; i < p.api_calls.size(); ++i)
            if (matches(p.api_calls[i].name))
                add(EventKind::ApiCall, i);
        for (Index i = 0; i < p.memory_ops.size(); ++i) // few: labels like "Memcpy HtoD"
            if (re.match(model_->label({EventKind::MemoryOp, i})).hasMatch())
                add(EventKind::MemoryOp, i);
        // In time order, so next and previous walk along the timeline.
        std::vector<int64_t> starts(matches_.size());
        for (size_t m = 0; m < matches_.size(); ++m) {
            starts[m] = model_->startOf(matches_[m]);
            longestMatch_ = std::max(longestMatch_, model_->endOf(matches_[m]) - starts[m]);
        }
        std::vector<uint32_t> order(matches_.size());
        std::iota(order.begin(), order.end(), 0u);
        std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) { return starts[a] < starts[b]; });
        std::vector<EventRef> sorted(matches_.size());
        matchStarts_.resize(matches_.size());
        for (size_t m = 0; m < order.size(); ++m) {
            sorted[m] = matches_[order[m]];
            matchStarts_[m] = starts[order[m]];
        }
        matches_.swap(sorted);
    }
    viewport()->update();
    emit matchesChanged(currentMatch_, int(matches_.size()));
    return int(matches_.size());
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
    if (matches_.empty())
        return -1;
    const int count = int(matches_.size());
    int next;
    if (currentMatch_ >= 0 && matches_[size_t(currentMatch_)] == selection_) {
        next = (currentMatch_ + direction + count) % count;
    } else {
        // From the selection (or the window's start when none): the nearest match after (before) it in time.
        const bool fromSelection = selection_.valid();
        const int64_t from = fromSelection ? model_->startOf(selection_) : visibleStart();
        if (direction > 0) {
            const auto it = fromSelection ? std::upper_bound(matchStarts_.begin(), matchStarts_.end(), from)
                                          : std::lower_bound(matchStarts_.begin(), matchStarts_.end(), from);
            next = int(it - matchStarts_.begin()) % count;
        } else {
            const auto it = std::lower_bound(matchStarts_.begin(), matchStarts_.end(), from);
            next = (int(it - matchStarts_.begin()) - 1 + count) % count;
        }
    }
    currentMatch_ = next;
    selectInternal(matches_[size_t(next)], true);
    viewport()->update();
    emit matchesChanged(currentMatch_, count);
    return currentMatch_;
}

void TimelineView::paintMatches(QPainter &painter)
{
    if (matches_.empty())
        return;
    // Those that may overlap the window: started at most the longest match's duration before it.
    const auto first = std::lower_bound(matchStarts_.begin(), matchStarts_.end(), visibleStart() - longestMatch_);
    const auto last = std::upper_bound(first, matchStarts_.end(), visibleEnd());
    const QColor color = palette().color(QPalette::Link);
    painter.setPen(QPen(color, 2));
    painter.setBrush(Qt::NoBrush);
    int drawn = 0;
    for (auto it = first; it != last && drawn < kMaxMatchOutlines; ++it) {
        const EventRef event = matches_[size_t(it - matchStarts_.begin())];
        if (model_->endOf(event) < visibleStart())
            continue;
        const QRectF r = eventRect(event);
        if (r.isEmpty())
            continue;
        painter.drawRect(r.adjusted(-1, -1, 1, 1));
        ++drawn;
    }
    stats_.matchOutlines = drawn;
}

} // namespace opscope::ui
