#include "views/kernel_table_view.h"

#include "models/model_roles.h"
#include "models/sort_filter_proxy.h"
#include "views/filter_bar.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QTimer>
#include <QTreeView>

#include <algorithm>
#include <vector>

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
    // capture arrived, while the table is usually behind another tab. A hidden table lets go of the previous
    // profile's rows at once and fills itself a moment later, on its own turn of the event loop: neither
    // the hand-over nor the click that shows it then pays for the mapping (45 ms of CPU at 454 K kernels),
    // nor for the tree view's layout of the rows, which follows on a turn of its own (fill()).
    if (isVisible()) {
        fill();
        return;
    }
    toFill_ = true;
    model_->setAnalysis(nullptr);
    QTimer::singleShot(kHiddenFillDelayMs, this, [this, analysis = analysis_.get()] {
        if (toFill_ && analysis_.get() == analysis)
            fill();
    });
}

void KernelTableView::fill()
{
    toFill_ = false;
    model_->setAnalysis(analysis_);
    proxy()->rowCount(); // the proxy maps its rows now, not when the view first asks
    // Fitting the columns lays out every row first: 70-80 ms of the GUI thread when a 238 K-kernel
    // capture arrived (perf). Done once it is seen.
    columnsToFit_ = true;
    if (isVisible()) {
        fitColumns();
        return;
    }
    // The tree view lays out every row the first time it is shown (57 ms of the click on the tab at 454 K
    // kernels): a hidden table does it now, on a turn of the event loop of its own after the fill's.
    QTimer::singleShot(0, this, [this, analysis = analysis_.get()] {
        if (!isVisible() && !toFill_ && analysis_.get() == analysis)
            view()->doItemsLayout();
    });
}

void KernelTableView::showEvent(QShowEvent *event)
{
    DataView::showEvent(event);
    if (toFill_)
        fill();
    else if (columnsToFit_)
        fitColumns();
    if (followStale_)
        follow();
}

void KernelTableView::fitColumns()
{
    // The widths the first rows in view and the headers need: resizeColumnToContents weighed every row
    // (43 ms of a click on the tab at 454 K kernels), and these columns' texts are alike all the way down.
    columnsToFit_ = false;
    constexpr int kSampledRows = 500;
    const int rows = std::min(proxy()->rowCount(), kSampledRows);
    for (int c = KernelTableModel::StartColumn; c < KernelTableModel::AttributionColumn; ++c) {
        int width = view()->header()->sectionSizeHint(c);
        for (int r = 0; r < rows; ++r)
            width = std::max(width, view()->sizeHintForIndex(proxy()->index(r, c)).width());
        view()->setColumnWidth(c, width);
    }
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

void KernelTableView::follow()
{
    // Behind another tab the highlight waits to be seen (a module's kernels: every one of them marked).
    followStale_ = !isVisible() && analysis_ && !toFill_;
    if (followStale_)
        return;
    // By row number: a module's hundreds of thousands of kernels need no index list (37 ms at 432 K).
    if (!analysis_ || toFill_) {
        highlightTopRows({});
        return;
    }
    std::vector<int> rows;
    for (Index k : analysis_->kernelsOf(selection_->state()))
        if (const int row = model_->rowOfKernel(k); row >= 0)
            rows.push_back(row);
    highlightTopRows(rows);
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
