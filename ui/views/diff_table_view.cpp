#include "views/diff_table_view.h"

#include "compare/diff_cells.h"
#include "compare/diff_item_model.h"
#include "models/model_roles.h"
#include "views/filter_bar.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QTreeView>
#include <QVBoxLayout>

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
    : QWidget(parent), selection_(selection), model_(model), proxy_(new DiffProxy(this)),
      filterBar_(new FilterBar(proxy_, this)), onlyTimed_(new QCheckBox(tr("With GPU time"), this)),
      view_(new QTreeView(this))
{
    model_->setParent(this);
    proxy_->setSourceModel(model_);
    view_->setModel(proxy_);
    // Rows keep the diff's order (module, then launch order) until the user sorts.
    view_->header()->setSortIndicator(-1, Qt::DescendingOrder);
    view_->setSortingEnabled(true);
    view_->setUniformRowHeights(true);
    view_->setSelectionBehavior(QAbstractItemView::SelectRows);
    view_->setSelectionMode(QAbstractItemView::SingleSelection);
    view_->header()->setSectionsMovable(true);
    view_->header()->resizeSection(0, 300);
    onlyTimed_->setToolTip(tr("Hide rows without GPU time on either side (views, reshapes, ...)"));
    filterBar_->layout()->addWidget(onlyTimed_);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(filterBar_);
    layout->addWidget(view_, 1);

    connect(onlyTimed_, &QCheckBox::toggled, proxy_, &DiffProxy::setOnlyTimed);
    connect(view_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) { onUserPick(current); });
    connect(view_, &QTreeView::clicked, this, &DiffTableView::onUserPick);
    connect(selection_, &DiffSelection::changed, this, &DiffTableView::follow);
    connect(model_, &QAbstractItemModel::modelReset, this, &DiffTableView::follow);
}

void DiffTableView::setComparison(std::shared_ptr<const Comparison> comparison)
{
    model_->setComparison(std::move(comparison));
    view_->expandToDepth(1);
    for (int c = 1; c < model_->columnCount(); ++c)
        view_->resizeColumnToContents(c);
}

void DiffTableView::pick(const QModelIndex &sourceIndex)
{
    if (!sourceIndex.isValid())
        return;
    selection_->set(model_->level(), sourceIndex.siblingAtColumn(0).data(IdRole).toInt());
}

void DiffTableView::onUserPick(const QModelIndex &proxyIndex)
{
    if (syncing_ || !proxyIndex.isValid())
        return;
    pick(proxy_->mapToSource(proxyIndex.siblingAtColumn(0)));
}

void DiffTableView::follow()
{
    const DiffSelection::State &state = selection_->state();
    std::vector<int> rows;
    if (model_->comparison() && !state.empty())
        rows = relatedRows(*model_->comparison(), state.level, state.row, model_->level());
    syncing_ = true;
    QItemSelection chosen;
    QModelIndex first;
    for (int row : rows) {
        const QModelIndex proxyIndex = proxy_->mapFromSource(model_->indexOfRow(row));
        if (!proxyIndex.isValid())
            continue; // filtered out
        chosen.select(proxyIndex, proxyIndex.siblingAtColumn(proxy_->columnCount(proxyIndex.parent()) - 1));
        if (!first.isValid())
            first = proxyIndex;
    }
    QItemSelectionModel *selectionModel = view_->selectionModel();
    selectionModel->select(chosen, QItemSelectionModel::ClearAndSelect);
    if (first.isValid()) {
        selectionModel->setCurrentIndex(first, QItemSelectionModel::NoUpdate);
        view_->scrollTo(first);
    }
    syncing_ = false;
}

QModelIndexList DiffTableView::highlightedRows() const
{
    QModelIndexList out;
    for (const QModelIndex &i : view_->selectionModel()->selectedRows())
        out << proxy_->mapToSource(i);
    return out;
}

} // namespace opscope::ui
