#include "views/filtered_tree_view.h"

#include "models/sort_filter_proxy.h"
#include "views/filter_bar.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QTreeView>
#include <QVBoxLayout>

namespace opscope::ui {

FilteredTreeView::FilteredTreeView(QAbstractItemModel *model, SortFilterProxy *proxy, QWidget *parent)
    : QWidget(parent), model_(model), proxy_(proxy), filterBar_(new FilterBar(proxy_, this)),
      view_(new QTreeView(this)), layout_(new QVBoxLayout(this)), empty_(new QLabel(view_->viewport()))
{
    model_->setParent(this);
    proxy_->setParent(this);
    proxy_->setSourceModel(model_);
    view_->setModel(proxy_);
    // No sort column until the user picks one: rows keep the model's order (call order, GPU time...).
    view_->header()->setSortIndicator(-1, Qt::DescendingOrder);
    view_->setSortingEnabled(true);
    view_->setUniformRowHeights(true);
    view_->setSelectionBehavior(QAbstractItemView::SelectRows);
    view_->setSelectionMode(QAbstractItemView::SingleSelection);
    view_->header()->setSectionsMovable(true);
    layout_->setContentsMargins(0, 0, 0, 0);
    layout_->setSpacing(2);
    layout_->addWidget(filterBar_);
    layout_->addWidget(view_, 1);

    connect(view_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) { onUserPick(current); });
    connect(view_, &QTreeView::clicked, this, &FilteredTreeView::onUserPick);
    connect(model_, &QAbstractItemModel::modelReset, this, &FilteredTreeView::follow);

    empty_->setAlignment(Qt::AlignCenter);
    empty_->setWordWrap(true);
    empty_->setForegroundRole(QPalette::PlaceholderText);
    empty_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    empty_->hide();
    view_->viewport()->installEventFilter(this);
    connect(proxy_, &QAbstractItemModel::modelReset, this, &FilteredTreeView::updateEmptyLabel);
    connect(proxy_, &QAbstractItemModel::layoutChanged, this, &FilteredTreeView::updateEmptyLabel);
    connect(proxy_, &QAbstractItemModel::rowsInserted, this, &FilteredTreeView::updateEmptyLabel);
    connect(proxy_, &QAbstractItemModel::rowsRemoved, this, &FilteredTreeView::updateEmptyLabel);
}

void FilteredTreeView::setEmptyText(const QString &text)
{
    emptyText_ = text;
    updateEmptyLabel();
}

void FilteredTreeView::updateEmptyLabel()
{
    const bool noRows = proxy_->rowCount() == 0;
    empty_->setText(!noRows ? QString() : model_->rowCount() > 0 ? tr("No row matches the filter.") : emptyText_);
    empty_->setVisible(!empty_->text().isEmpty());
    empty_->setGeometry(view_->viewport()->rect().adjusted(12, 12, -12, -12));
}

bool FilteredTreeView::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == view_->viewport() && event->type() == QEvent::Resize)
        empty_->setGeometry(view_->viewport()->rect().adjusted(12, 12, -12, -12));
    return QWidget::eventFilter(watched, event);
}

void FilteredTreeView::onUserPick(const QModelIndex &proxyIndex)
{
    if (syncing_ || !proxyIndex.isValid())
        return;
    pick(proxy_->mapToSource(proxyIndex.siblingAtColumn(0)));
}

void FilteredTreeView::highlight(const QModelIndexList &sourceRows)
{
    syncing_ = true;
    QItemSelection chosen;
    QModelIndex first;
    for (const QModelIndex &source : sourceRows) {
        const QModelIndex proxyIndex = proxy_->mapFromSource(source);
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

QModelIndexList FilteredTreeView::highlightedRows() const
{
    QModelIndexList out;
    for (const QModelIndex &i : view_->selectionModel()->selectedRows())
        out << proxy_->mapToSource(i);
    return out;
}

} // namespace opscope::ui
