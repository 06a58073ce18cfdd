#include "views/kernel_table_view.h"

#include "models/model_roles.h"
#include "models/sort_filter_proxy.h"
#include "views/filter_bar.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QTreeView>

namespace opscope::ui {

KernelTableView::KernelTableView(Selection *selection, QWidget *parent)
    : DataView(selection, new KernelTableModel, parent),
      model_(static_cast<KernelTableModel *>(proxy()->sourceModel())),
      stepOnly_(new QCheckBox(tr("Captured step only"), this))
{
    stepOnly_->setChecked(model_->stepOnly());
    stepOnly_->setToolTip(tr("Hide the kernels launched before or after the captured step (init, warm-up)"));
    filterBar()->layout()->addWidget(stepOnly_);
    connect(stepOnly_, &QCheckBox::toggled, this, &KernelTableView::setStepOnly);
    view()->setRootIsDecorated(false);
    view()->header()->resizeSection(KernelTableModel::NameColumn, 320);
}

void KernelTableView::setAnalysis(std::shared_ptr<const ProfileAnalysis> analysis)
{
    analysis_ = analysis;
    model_->setAnalysis(std::move(analysis));
    // Fitting the columns lays out every row first: 70-80 ms of the GUI thread when a 238 K-kernel
    // capture arrived (perf), while the table is usually behind another tab. Done once it is seen.
    columnsToFit_ = true;
    if (isVisible())
        fitColumns();
}

void KernelTableView::showEvent(QShowEvent *event)
{
    DataView::showEvent(event);
    if (columnsToFit_)
        fitColumns();
}

void KernelTableView::fitColumns()
{
    columnsToFit_ = false;
    for (int c = KernelTableModel::StartColumn; c < KernelTableModel::AttributionColumn; ++c)
        view()->resizeColumnToContents(c);
}

void KernelTableView::setStepOnly(bool stepOnly)
{
    stepOnly_->setChecked(stepOnly);
    model_->setStepOnly(stepOnly);
}

void KernelTableView::pick(const QModelIndex &sourceIndex)
{
    const QVariant id = sourceIndex.data(IdRole);
    if (id.isValid())
        selection_->setKernel(Index(id.toULongLong()));
}

QModelIndexList KernelTableView::rowsFor(const Selection::State &state) const
{
    QModelIndexList rows;
    if (!analysis_)
        return rows;
    for (Index k : analysis_->kernelsOf(state))
        if (const int row = model_->rowOfKernel(k); row >= 0)
            rows << model_->index(row, 0);
    return rows;
}

} // namespace opscope::ui
