#include "views/filtered_tree_view.h"

#include "common/table_export.h"
#include "models/sort_filter_proxy.h"
#include "views/filter_bar.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QPainter>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>
#include <functional>

namespace opscope::ui {

namespace {

// Highlighting more rows than this selects only the first in the selection model and paints the others
// as selected: QItemSelectionModel keeps two persistent indexes per row it selects, which the proxy
// updates at every sort and filter; a group's 432 K kernels took 7 s to highlight and 80 s for the root.
constexpr int kSelectedRowsAtMost = 200;

// A tree view that paints the rows its owner marks as selected (see kSelectedRowsAtMost).
class MarkingTreeView : public QTreeView {
public:
    MarkingTreeView(QWidget *parent, std::function<bool(const QModelIndex &)> marked)
        : QTreeView(parent), marked_(std::move(marked))
    {
    }

protected:
    void drawRow(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        if (!marked_(index)) {
            QTreeView::drawRow(painter, option, index);
            return;
        }
        QStyleOptionViewItem marked = option;
        marked.state |= QStyle::State_Selected;
        QTreeView::drawRow(painter, marked, index);
    }

private:
    std::function<bool(const QModelIndex &)> marked_;
};

} // namespace

FilteredTreeView::FilteredTreeView(QAbstractItemModel *model, SortFilterProxy *proxy, QWidget *parent)
    : QWidget(parent), model_(model), proxy_(proxy), filterBar_(new FilterBar(proxy_, this)),
      view_(new MarkingTreeView(this, [this](const QModelIndex &proxyIndex) { return isMarked(proxyIndex); })),
      layout_(new QVBoxLayout(this)), empty_(new QLabel(view_->viewport()))
{
    model_->setParent(this);
    proxy_->setParent(this);
    proxy_->setSourceModel(model_);
    // The rows moving under the current one (a filter typed, a sort, a reset) move the current row too:
    // that is no pick. Marked before the view's selection model reacts (connected first), cleared after.
    const auto changing = [this] { modelChanging_ = true; };
    connect(proxy_, &QAbstractItemModel::layoutAboutToBeChanged, this, changing);
    connect(proxy_, &QAbstractItemModel::rowsAboutToBeRemoved, this, changing);
    connect(proxy_, &QAbstractItemModel::rowsAboutToBeInserted, this, changing);
    connect(proxy_, &QAbstractItemModel::modelAboutToBeReset, this, changing);
    connect(model_, &QAbstractItemModel::modelAboutToBeReset, this, [this] { marked_.clear(); });
    view_->setModel(proxy_);
    const auto changed = [this] { modelChanging_ = false; };
    connect(proxy_, &QAbstractItemModel::layoutChanged, this, changed);
    connect(proxy_, &QAbstractItemModel::rowsRemoved, this, changed);
    connect(proxy_, &QAbstractItemModel::rowsInserted, this, changed);
    connect(proxy_, &QAbstractItemModel::modelReset, this, changed);
    // A new order starts at its top: the old scroll offset would hide the rows the sort put first.
    connect(view_->header(), &QHeaderView::sortIndicatorChanged, view_, &QTreeView::scrollToTop, Qt::QueuedConnection);
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
    // Copy takes the rows highlighted (selected, or marked when a module's kernels are too many to select).
    installTableExport(view_, QStringLiteral("table"), [this] {
        QModelIndexList rows;
        for (const QModelIndex &source : highlightedRows())
            if (const QModelIndex row = proxy_->mapFromSource(source); row.isValid())
                rows << row;
        return inViewOrder(rows);
    });
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
    if (syncing_ || modelChanging_ || !proxyIndex.isValid())
        return;
    pick(proxy_->mapToSource(proxyIndex.siblingAtColumn(0)));
}

bool FilteredTreeView::isMarked(const QModelIndex &proxyIndex) const
{
    if (marked_.empty() || proxyIndex.parent().isValid())
        return false;
    const int row = proxy_->mapToSource(proxyIndex).row();
    return row >= 0 && size_t(row) < marked_.size() && marked_[size_t(row)];
}

void FilteredTreeView::highlight(const QModelIndexList &sourceRows)
{
    // Many top-level rows (a module's kernels): marked, and painted as selected; only the first is selected.
    if (sourceRows.size() > kSelectedRowsAtMost &&
        std::none_of(sourceRows.begin(), sourceRows.end(), [](const QModelIndex &i) { return i.parent().isValid(); })) {
        std::vector<int> rows;
        rows.reserve(size_t(sourceRows.size()));
        for (const QModelIndex &source : sourceRows)
            rows.push_back(source.row());
        highlightTopRows(rows);
        return;
    }
    marked_.clear();
    QItemSelection chosen;
    QModelIndex first;
    for (const QModelIndex &source : sourceRows) {
        const QModelIndex proxyIndex = proxy_->mapFromSource(source);
        if (!proxyIndex.isValid())
            continue; // filtered out
        if (!first.isValid())
            first = proxyIndex;
        chosen.select(proxyIndex, proxyIndex.siblingAtColumn(proxy_->columnCount(proxyIndex.parent()) - 1));
    }
    select(chosen, first);
}

void FilteredTreeView::highlightTopRows(const std::vector<int> &sourceRows)
{
    if (sourceRows.size() <= size_t(kSelectedRowsAtMost)) {
        QModelIndexList rows;
        for (int row : sourceRows)
            rows << model_->index(row, 0);
        highlight(rows);
        return;
    }
    marked_.assign(size_t(model_->rowCount()), 0);
    for (int row : sourceRows)
        if (row >= 0 && size_t(row) < marked_.size())
            marked_[size_t(row)] = 1;
    QItemSelection chosen;
    QModelIndex first;
    for (int row : sourceRows) // the first the filter shows is selected
        if (const QModelIndex proxyIndex = proxy_->mapFromSource(model_->index(row, 0)); proxyIndex.isValid()) {
            first = proxyIndex;
            chosen.select(proxyIndex, proxyIndex.siblingAtColumn(proxy_->columnCount() - 1));
            break;
        }
    select(chosen, first);
}

void FilteredTreeView::select(const QItemSelection &chosen, const QModelIndex &first)
{
    syncing_ = true;
    QItemSelectionModel *selectionModel = view_->selectionModel();
    selectionModel->select(chosen, QItemSelectionModel::ClearAndSelect);
    if (first.isValid()) {
        // A row out of sight comes to the middle, whole (the view's own scroll to a new current row puts it
        // at the bottom edge, where a horizontal scroll bar half hid it); one in sight stays where it is.
        const QRect row = view_->visualRect(first);
        const bool inSight =
            row.height() > 0 && view_->viewport()->rect().contains(QRect(0, row.top(), 1, row.height()));
        selectionModel->setCurrentIndex(first, QItemSelectionModel::NoUpdate);
        if (!inSight)
            view_->scrollTo(first, QAbstractItemView::PositionAtCenter);
    }
    view_->viewport()->update();
    syncing_ = false;
}

QModelIndexList FilteredTreeView::highlightedRows() const
{
    QModelIndexList out;
    for (const QModelIndex &i : view_->selectionModel()->selectedRows())
        out << proxy_->mapToSource(i);
    if (marked_.empty())
        return out;
    const QModelIndexList selected = out; // the first marked row, at most a few
    for (size_t row = 0; row < marked_.size(); ++row)
        if (marked_[row] && !selected.contains(model_->index(int(row), 0)))
            out << model_->index(int(row), 0);
    return out;
}

} // namespace opscope::ui
