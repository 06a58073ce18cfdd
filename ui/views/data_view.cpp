#include "views/data_view.h"

#include "models/sort_filter_proxy.h"
#include "views/bar_delegate.h"
#include "views/filter_bar.h"

#include <QHeaderView>
#include <QTreeView>
#include <QVBoxLayout>

namespace opscope::ui {

DataView::DataView(Selection *selection, QAbstractItemModel *model, QWidget *parent)
    : QWidget(parent), selection_(selection), model_(model), proxy_(new SortFilterProxy(this)),
      filterBar_(new FilterBar(proxy_, this)), view_(new QTreeView(this)), layout_(new QVBoxLayout(this))
{
    model_->setParent(this);
    proxy_->setSourceModel(model_);
    view_->setModel(proxy_);
    // No sort column until the user picks one: rows keep the model's order (call order, GPU time...).
    view_->header()->setSortIndicator(-1, Qt::DescendingOrder);
    view_->setSortingEnabled(true);
    view_->setUniformRowHeights(true);
    view_->setAlternatingRowColors(true);
    view_->setSelectionBehavior(QAbstractItemView::SelectRows);
    view_->setSelectionMode(QAbstractItemView::SingleSelection);
    view_->setItemDelegate(new BarDelegate(view_));
    view_->header()->setSectionsMovable(true);
    layout_->setContentsMargins(0, 0, 0, 0);
    layout_->setSpacing(2);
    layout_->addWidget(filterBar_);
    layout_->addWidget(view_, 1);

    connect(view_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) { onUserPick(current); });
    connect(view_, &QTreeView::clicked, this, &DataView::onUserPick);
    connect(selection_, &Selection::changed, this, &DataView::follow);
    connect(model_, &QAbstractItemModel::modelReset, this, &DataView::follow);
}

void DataView::onUserPick(const QModelIndex &proxyIndex)
{
    if (syncing_ || !proxyIndex.isValid())
        return;
    pick(proxy_->mapToSource(proxyIndex.siblingAtColumn(0)));
}

void DataView::follow()
{
    const QModelIndexList rows = rowsFor(selection_->state());
    syncing_ = true;
    QItemSelection chosen;
    QModelIndex first;
    for (const QModelIndex &source : rows) {
        const QModelIndex proxyIndex = proxy_->mapFromSource(source);
        if (!proxyIndex.isValid())
            continue; // filtered out
        chosen.select(proxyIndex, proxyIndex.siblingAtColumn(proxy_->columnCount(proxyIndex.parent()) - 1));
        if (!first.isValid())
            first = proxyIndex;
    }
    QItemSelectionModel *model = view_->selectionModel();
    model->select(chosen, QItemSelectionModel::ClearAndSelect);
    if (first.isValid()) {
        model->setCurrentIndex(first, QItemSelectionModel::NoUpdate);
        view_->scrollTo(first);
    }
    syncing_ = false;
}

QModelIndexList DataView::highlightedRows() const
{
    QModelIndexList out;
    for (const QModelIndex &i : view_->selectionModel()->selectedRows())
        out << proxy_->mapToSource(i);
    return out;
}

} // namespace opscope::ui
