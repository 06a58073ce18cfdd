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
    view()->setProperty("exportName", QStringLiteral("kernels"));
    view()->header()->resizeSection(KernelTableModel::NameColumn, 320);
}

void KernelTableView::setAnalysis(std::shared_ptr<const ProfileAnalysis> analysis)
{
    analysis_ = std::move(analysis);
    setEmptyText(analysis_ && analysis_->profile->kernels.empty() ? tr("This profile has no GPU kernels.") : QString());
    // Filling the table maps every row through the sort proxy: 108 ms of the GUI thread when a 10 M-kernel
    // capture arrived, while the table is usually behind another tab. A hidden table is filled once it is
    // seen, and lets go of the previous profile's rows meanwhile.
    if (isVisible()) {
        fill();
        return;
    }
    toFill_ = true;
    model_->setAnalysis(nullptr);
}

void KernelTableView::fill()
{
    toFill_ = false;
    model_->setAnalysis(analysis_);
    // Fitting the columns lays out every row first: 70-80 ms of the GUI thread when a 238 K-kernel
    // capture arrived (perf). Done once it is seen.
    columnsToFit_ = true;
    if (isVisible())
        fitColumns();
}

void KernelTableView::showEvent(QShowEvent *event)
{
    DataView::showEvent(event);
    if (toFill_)
        fill();
    else if (columnsToFit_)
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
    if (!analysis_ || toFill_)
        return rows; // follow() runs again once the rows are in
    for (Index k : analysis_->kernelsOf(state))
        if (const int row = model_->rowOfKernel(k); row >= 0)
            rows << model_->index(row, 0);
    return rows;
}

} // namespace opscope::ui
