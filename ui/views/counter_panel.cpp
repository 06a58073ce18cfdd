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

void CounterPanel::follow()
{
    if (!analysis_) {
        setTitle(tr("No profile"));
        return;
    }
    const Selection::State &state = selection_->state();
    model_->show(state);
    if (model_->kernelCount() == 0) {
        setTitle(state.kind == Selection::Kind::None
                     ? tr("Select a kernel, an operator or a module to see its counters")
                     : tr("%1: no kernels in the captured step").arg(analysis_->describe(state)));
        return;
    }
    setTitle(state.kind == Selection::Kind::Kernel
                 ? analysis_->describe(state)
                 : tr("%1: %2 kernels, counters combined").arg(analysis_->describe(state)).arg(model_->kernelCount()));
    view()->setColumnHidden(CounterModel::RuleColumn, state.kind == Selection::Kind::Kernel);
    openSections(model_->sectionCount());
}

} // namespace opscope::ui
