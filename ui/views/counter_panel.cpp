#include "views/counter_panel.h"

#include "views/bar_delegate.h"

#include <QHeaderView>
#include <QTreeView>

namespace opscope::ui {

CounterPanel::CounterPanel(Selection *selection, QWidget *parent) : CounterPanel(selection, new CounterModel, parent) {}

CounterPanel::CounterPanel(Selection *selection, CounterModel *model, QWidget *parent)
    : CounterFrame(model, parent), selection_(selection), model_(model)
{
    view()->setSelectionMode(QAbstractItemView::SingleSelection);
    view()->setItemDelegate(new BarDelegate(view()));
    view()->header()->resizeSection(CounterModel::NameColumn, 250);
    view()->header()->resizeSection(CounterModel::ValueColumn, 230);
    view()->header()->resizeSection(CounterModel::UnitColumn, 70);
    view()->header()->resizeSection(CounterModel::MetricColumn, 380);
    connect(selection_, &Selection::changed, this, &CounterPanel::follow);
    follow();
}

void CounterPanel::setAnalysis(std::shared_ptr<const ProfileAnalysis> analysis)
{
    analysis_ = std::move(analysis);
    model_->setAnalysis(analysis_);
    follow();
}

void CounterPanel::showEvent(QShowEvent *event)
{
    CounterFrame::showEvent(event);
    if (stale_)
        follow();
}

void CounterPanel::follow()
{
    // Behind another tab the panel waits to be seen: a module's counters combine every kernel of it.
    stale_ = !isVisible();
    if (stale_)
        return;
    if (!analysis_) {
        setTitle(tr("No profile"));
        return;
    }
    const Selection::State &state = selection_->state();
    model_->show(state);
    // A profile without any counters says why (an AMD GPU, no Nsight Compute replay) instead of asking
    // for a selection that would show "not collected" everywhere.
    const QString noCounters = analysis_->kernelsWithCounters == 0 ? noCountersReason(*analysis_->profile) : QString();
    if (model_->kernelCount() == 0) {
        setTitle(state.kind == Selection::Kind::None
                     ? (noCounters.isEmpty() ? tr("Select a kernel, an operator or a module to see its counters")
                                             : noCounters)
                     : tr("%1: no kernels in the captured step").arg(analysis_->describe(state)));
        return;
    }
    QString title =
        state.kind == Selection::Kind::Kernel
            ? analysis_->describe(state)
            : tr("%1: %2 kernels, counters combined").arg(analysis_->describe(state)).arg(model_->kernelCount());
    if (!noCounters.isEmpty())
        title += QStringLiteral("\n") + noCounters;
    setTitle(title);
    view()->setColumnHidden(CounterModel::RuleColumn, state.kind == Selection::Kind::Kernel);
    openSections(model_->sectionCount());
}

} // namespace opscope::ui
