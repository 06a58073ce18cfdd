#include "compare/compare_timelines.h"

#include <QLabel>
#include <QSplitter>
#include <QVBoxLayout>

#include <algorithm>

namespace opscope::ui {

CompareTimelines::CompareTimelines(QWidget *parent) : QWidget(parent)
{
    auto *splitter = new QSplitter(Qt::Vertical, this);
    for (int s = 0; s < 2; ++s) {
        auto *pane = new QWidget(splitter);
        auto *layout = new QVBoxLayout(pane);
        layout->setContentsMargins(0, 0, 0, 0);
        layout->setSpacing(0);
        titles_[size_t(s)] = new QLabel(pane);
        QFont bold = titles_[size_t(s)]->font();
        bold.setBold(true);
        titles_[size_t(s)]->setFont(bold);
        timelines_[size_t(s)] = new TimelineView(pane);
        // Equal time areas: a scroll bar on one side only would make its pixels longer than the other's.
        timelines_[size_t(s)]->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
        layout->addWidget(titles_[size_t(s)]);
        layout->addWidget(timelines_[size_t(s)], 1);
        splitter->addWidget(pane);
        connect(timelines_[size_t(s)], &TimelineView::visibleRangeChanged, this, [this, s] { follow(Side(s)); });
        // Track names resized in one are resized in the other, so one instant sits at one x in both.
        connect(timelines_[size_t(s)], &TimelineView::labelWidthChanged, this,
                [this, s](int width) { timelines_[1 - size_t(s)]->setLabelWidth(width); });
    }
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);
    titles_[0]->setText(tr("Before"));
    titles_[1]->setText(tr("After"));
}

void CompareTimelines::setComparison(std::shared_ptr<const Comparison> comparison)
{
    comparison_ = std::move(comparison);
    offset_ = 0;
    syncing_ = true; // no following while both are being replaced
    for (int s = 0; s < 2; ++s) {
        TimelineView *view = timelines_[size_t(s)];
        if (!comparison_) {
            view->setProfile(nullptr);
            titles_[size_t(s)]->setText(s == 0 ? tr("Before") : tr("After"));
            continue;
        }
        view->setModel(comparison_->capture(Side(s)).profile, comparison_->capture(Side(s)).timeline);
        view->setTimeZero(comparison_->stepStart[size_t(s)]);
        titles_[size_t(s)]->setText((s == 0 ? tr("Before: %1") : tr("After: %1")).arg(comparison_->title(Side(s))));
        titles_[size_t(s)]->setToolTip(comparison_->paths[size_t(s)].join(QLatin1Char('\n')));
    }
    if (comparison_) {
        offset_ = comparison_->stepStart[1] - comparison_->stepStart[0];
        // Both may roam over both traces, measured from their step starts: a window one side can
        // show, the other can show too, so clamping never pulls them apart.
        int64_t first = 0, last = 0;
        for (int s = 0; s < 2; ++s) {
            const TimelineModel &model = *comparison_->capture(Side(s)).timeline;
            first = std::min(first, model.traceStart() - comparison_->stepStart[size_t(s)]);
            last = std::max(last, model.traceEnd() - comparison_->stepStart[size_t(s)]);
        }
        for (int s = 0; s < 2; ++s)
            timelines_[size_t(s)]->setTimeExtent(comparison_->stepStart[size_t(s)] + first,
                                                 comparison_->stepStart[size_t(s)] + last);
    }
    syncing_ = false;
    if (comparison_)
        fitSteps();
}

void CompareTimelines::fitSteps()
{
    if (!comparison_)
        return;
    // Both steps start at 0 on the shared axis; show the longer one whole.
    const int64_t span = std::max<int64_t>(
        {comparison_->stepEnd[0] - comparison_->stepStart[0], comparison_->stepEnd[1] - comparison_->stepStart[1], 1});
    const int64_t margin = std::max<int64_t>(1, span / 50);
    timelines_[0]->setVisibleRange(comparison_->stepStart[0] - margin, comparison_->stepStart[0] + span + margin);
}

void CompareTimelines::follow(Side from)
{
    if (syncing_ || !comparison_)
        return;
    syncing_ = true;
    TimelineView *source = timelines_[size_t(from)];
    TimelineView *other = timelines_[1 - size_t(from)];
    const int64_t shift = from == Side::Before ? offset_ : -offset_;
    other->setVisibleRange(source->visibleStart() + shift, source->visibleEnd() + shift);
    syncing_ = false;
}

} // namespace opscope::ui
