#pragma once
// The frame the explorer's and the compare window's tables share: a filter bar over a sortable,
// row-selecting QTreeView on a SortFilterProxy. A row the user picks goes to pick(); follow()
// highlights the rows that stand for a selection made anywhere (without picking them again) and is
// called again when the model resets.

#include <QModelIndexList>
#include <QWidget>

#include <vector>

class QAbstractItemModel;
class QItemSelection;
class QLabel;
class QTreeView;
class QVBoxLayout;

namespace opscope::ui {

class FilterBar;
class SortFilterProxy;

class FilteredTreeView : public QWidget {
    Q_OBJECT
public:
    QTreeView *view() const { return view_; }
    SortFilterProxy *proxy() const { return proxy_; }
    FilterBar *filterBar() const { return filterBar_; }
    // The source rows (column 0) highlighted now: selected, or marked (painted as selected) when there
    // were too many to select.
    QModelIndexList highlightedRows() const;
    // Whether a row (a proxy index) is painted as highlighted without being selected.
    bool isMarked(const QModelIndex &proxyIndex) const;
    // What an empty view says in its middle (why there is nothing, as the roofline does): `text` when
    // the model has no rows, a note about the filter when the filter hides them all.
    void setEmptyText(const QString &text);
    QLabel *emptyLabel() const { return empty_; }

protected:
    // Takes ownership of `model` and `proxy`.
    FilteredTreeView(QAbstractItemModel *model, SortFilterProxy *proxy, QWidget *parent);

    // The user chose a row (a source index).
    virtual void pick(const QModelIndex &sourceIndex) = 0;
    // Re-reads the selection: calls highlight() with the rows that stand for it.
    virtual void follow() = 0;
    // Selects these source rows (those the filter hides are left out) and scrolls to the first; many
    // top-level rows are marked instead, the first selected.
    void highlight(const QModelIndexList &sourceRows);
    // The same for top-level source rows by number: no index list to build for a module's 432 K kernels.
    void highlightTopRows(const std::vector<int> &sourceRows);
    QVBoxLayout *layout() const { return layout_; }

    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void onUserPick(const QModelIndex &proxyIndex);
    void select(const QItemSelection &chosen, const QModelIndex &first); // and scroll to `first`
    void updateEmptyLabel();

    QAbstractItemModel *model_;
    SortFilterProxy *proxy_;
    FilterBar *filterBar_;
    QTreeView *view_;
    QVBoxLayout *layout_;
    QLabel *empty_;
    QString emptyText_;
    bool syncing_ = false;
    bool modelChanging_ = false; // the proxy's rows are moving: current-row changes are not picks
    std::vector<char> marked_;   // per top-level source row: highlighted by marking (empty: none)
};

} // namespace opscope::ui
