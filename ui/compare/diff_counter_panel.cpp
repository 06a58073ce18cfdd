#include "compare/diff_counter_panel.h"
#include "common/qt_text.h"

#include "compare/diff_cells.h"
#include "opscope/module_tree.h"

#include <QHeaderView>
#include <QLabel>
#include <QTreeView>

namespace opscope::ui {

DiffCounterPanel::DiffCounterPanel(DiffSelection *selection, QWidget *parent)
    : DiffCounterPanel(selection, new DiffCounterModel, parent)
{
}

DiffCounterPanel::DiffCounterPanel(DiffSelection *selection, DiffCounterModel *model, QWidget *parent)
    : CounterFrame(model, parent), selection_(selection), model_(model)
{
    view()->header()->resizeSection(DiffCounterModel::NameColumn, 240);
    for (int c = DiffCounterModel::BeforeColumn; c <= DiffCounterModel::ChangeColumn; ++c)
        view()->header()->resizeSection(c, 120);
    titleLabel()->setWordWrap(true);
    connect(selection_, &DiffSelection::changed, this, &DiffCounterPanel::follow);
    follow();
}

void DiffCounterPanel::setComparison(std::shared_ptr<const Comparison> comparison)
{
    comparison_ = std::move(comparison);
    model_->setComparison(comparison_);
    // z-scores need several BEFORE runs.
    view()->setColumnHidden(DiffCounterModel::ZScoreColumn, !comparison_ || comparison_->diff.beforeRuns < 2);
    follow();
}

void DiffCounterPanel::follow()
{
    const DiffSelection::State &s = selection_->state();
    model_->show(s.level, s.row);
    if (!comparison_) {
        setTitle(tr("No comparison"));
        return;
    }
    if (s.empty()) {
        setTitle(tr("Select a kernel, operator or module row to compare its counters"));
        return;
    }
    const ProfileDiff &d = comparison_->diff;
    QString what;
    switch (s.level) {
    case DiffLevel::Kernel:
        what = tr("Kernel %1").arg(kernelRowName(*comparison_, d.kernels[size_t(s.row)]));
        break;
    case DiffLevel::Operator:
        what = tr("Operator %1, its kernels' counters combined").arg(operatorRowName(d.operators[size_t(s.row)]));
        break;
    case DiffLevel::Module:
        what = tr("Module %1, its kernels' counters combined")
                   .arg(toQString(modulePathText(d.modules[size_t(s.row)].path, d.modules[size_t(s.row)].className)));
        break;
    }
    setTitle(model_->metricCount() == 0 ? tr("%1: no counters on either side").arg(what) : what);
    openSections(model_->sectionCount());
}

} // namespace opscope::ui
