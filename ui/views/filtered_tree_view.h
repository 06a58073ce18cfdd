#pragma once
// The frame the explorer's and the compare window's tables share: a filter bar over a sortable,
// row-selecting QTreeView on a SortFilterProxy. A row the user picks goes to pick(); follow()
// highlights the rows that stand for a selection made anywhere (without picking them again) and is
// called again when the model resets.

#include <QModelIndexList>
#include <QWidget>

class QAbstractItemModel;
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
    // The source rows (column 0) highlighted now.
    QModelIndexList highlightedRows() const;

protected:
    // Takes ownership of `model` and `proxy`.
    FilteredTreeView(QAbstractItemModel *model, SortFilterProxy *proxy, QWidget *parent);

    // The user chose a row (a source index).
    virtual void pick(const QModelIndex &sourceIndex) = 0;
    // Re-reads the selection: calls highlight() with the rows that stand for it.
    virtual void follow() = 0;
    // Selects these source rows (those the filter hides are left out) and scrolls to the first.
    void highlight(const QModelIndexList &sourceRows);
    QVBoxLayout *layout() const { return layout_; }

private:
    void onUserPick(const QModelIndex &proxyIndex);

    QAbstractItemModel *model_;
    SortFilterProxy *proxy_;
    FilterBar *filterBar_;
    QTreeView *view_;
    QVBoxLayout *layout_;
    bool syncing_ = false;
};

} // namespace opscope::ui
