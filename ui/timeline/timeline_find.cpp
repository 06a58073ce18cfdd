// TimelineFind: events by name (text or regular expression), in start order, stepped through with
// next and previous.
#include "timeline/timeline_find.h"

#include "timeline/timeline_util.h"

#include "opscope/format.h"
#include "opscope/phases.h"

#include <QRegularExpression>

#include <algorithm>
#include <numeric>

namespace opscope::ui {

namespace {

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
                hit = re_.match(toQString(shortKernelName(text, TemplateArguments::Drop))).hasMatch();
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

void TimelineFind::clear()
{
    matches_.clear();
    starts_.clear();
    longest_ = 0;
    current_ = -1;
}

int TimelineFind::search(const TimelineModel *model, const QString &pattern, bool regex)
{
    clear();
    const QRegularExpression re(regex ? pattern : QRegularExpression::escape(pattern),
                                QRegularExpression::CaseInsensitiveOption);
    if (!model || pattern.isEmpty() || !re.isValid())
        return 0;
    const Profile &p = model->profile();
    NameMatcher matches(p, re);
    auto add = [&](EventKind kind, Index i) {
        if (model->rowOf({kind, i}) >= 0)
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
    for (Index i = 0; i < p.modules.size(); ++i) // phases only: the timeline shows no other instance
        if (isPhase(p.modules[i]) && matches(p.modules[i].path))
            add(EventKind::Module, i);
    for (Index i = 0; i < p.memory_ops.size(); ++i) // few: labels like "Memcpy HtoD"
        if (re.match(model->label({EventKind::MemoryOp, i})).hasMatch())
            add(EventKind::MemoryOp, i);
    // In time order, so next and previous walk along the timeline.
    std::vector<int64_t> starts(matches_.size());
    for (size_t m = 0; m < matches_.size(); ++m) {
        starts[m] = model->startOf(matches_[m]);
        longest_ = std::max(longest_, model->endOf(matches_[m]) - starts[m]);
    }
    std::vector<uint32_t> order(matches_.size());
    std::iota(order.begin(), order.end(), 0u);
    std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) { return starts[a] < starts[b]; });
    std::vector<EventRef> sorted(matches_.size());
    starts_.resize(matches_.size());
    for (size_t m = 0; m < order.size(); ++m) {
        sorted[m] = matches_[order[m]];
        starts_[m] = starts[order[m]];
    }
    matches_.swap(sorted);
    return int(matches_.size());
}

int TimelineFind::step(int direction, const TimelineModel &model, EventRef selection, int64_t windowStart)
{
    if (matches_.empty())
        return -1;
    const int count = int(matches_.size());
    int next;
    if (current_ >= 0 && matches_[size_t(current_)] == selection) {
        next = (current_ + direction + count) % count;
    } else {
        // From the selection (or the window's start when none): the nearest match after (before) it in time.
        const bool fromSelection = selection.valid();
        const int64_t from = fromSelection ? model.startOf(selection) : windowStart;
        if (direction > 0) {
            const auto it = fromSelection ? std::upper_bound(starts_.begin(), starts_.end(), from)
                                          : std::lower_bound(starts_.begin(), starts_.end(), from);
            next = int(it - starts_.begin()) % count;
        } else {
            const auto it = std::lower_bound(starts_.begin(), starts_.end(), from);
            next = (int(it - starts_.begin()) - 1 + count) % count;
        }
    }
    current_ = next;
    return current_;
}

std::pair<size_t, size_t> TimelineFind::overlapping(int64_t startNs, int64_t endNs) const
{
    const auto first = std::lower_bound(starts_.begin(), starts_.end(), startNs - longest_);
    const auto last = std::upper_bound(first, starts_.end(), endNs);
    return {size_t(first - starts_.begin()), size_t(last - starts_.begin())};
}

} // namespace opscope::ui
