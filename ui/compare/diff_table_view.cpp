#include "compare/diff_table_view.h"

#include "compare/diff_cells.h"
#include "compare/diff_item_model.h"
#include "models/model_roles.h"
#include "views/filter_bar.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QTreeView>

namespace opscope::ui {

void DiffProxy::setOnlyTimed(bool onlyTimed)
{
    if (onlyTimed == onlyTimed_)
        return;
    onlyTimed_ = onlyTimed;
    invalidateRowsFilter();
}

bool DiffProxy::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (onlyTimed_) {
        const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
        if (!index.data(HasTimeRole).toBool())
            return false;
    }
    return SortFilterProxy::filterAcceptsRow(sourceRow, sourceParent);
}

DiffTableView::DiffTableView(DiffSelection *selection, DiffItemModel *model, QWidget *parent)
    : DiffTableView(selection, model, new DiffProxy, parent)
{
}

DiffTableView::DiffTableView(DiffSelection *selection, DiffItemModel *model, DiffProxy *proxy, QWidget *parent)
    : FilteredTreeView(model, proxy, parent), selection_(selection), model_(model), proxy_(proxy),
      onlyTimed_(new QCheckBox(tr("With GPU time"), this))
{
    view()->header()->resizeSection(0, 300);
    onlyTimed_->setToolTip(tr("Hide rows without GPU time on either side (views, reshapes, ...)"));
    filterBar()->layout()->addWidget(onlyTimed_);

    connect(onlyTimed_, &QCheckBox::toggled, proxy_, &DiffProxy::setOnlyTimed);
    connect(selection_, &DiffSelection::changed, this, &DiffTableView::follow);
}

void DiffTableView::setComparison(std::shared_ptr<const Comparison> comparison)
{
    model_->setComparison(std::move(comparison));
    view()->expandToDepth(1);
    for (int c = 1; c < model_->columnCount(); ++c)
        view()->resizeColumnToContents(c);
}

void DiffTableView::pick(const QModelIndex &sourceIndex)
{
    if (!sourceIndex.isValid())
        return;
    selection_->set(model_->level(), sourceIndex.siblingAtColumn(0).data(IdRole).toInt());
}

void DiffTableView::follow()
{
    const DiffSelection::State &state = selection_->state();
    QModelIndexList rows;
    if (model_->comparison() && !state.empty())
        for (int row : relatedRows(*model_->comparison(), state.level, state.row, model_->level()))
            rows << model_->indexOfRow(row);
    highlight(rows);
}

} // namespace opscope::ui
