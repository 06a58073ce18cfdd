#pragma once
// The common frame of the table and tree views: a filter bar over a sortable QTreeView on a
// SortFilterProxy, tied to the shared Selection. A row the user picks sets the selection; a
// selection made anywhere highlights the rows that stand for it (without setting it again).

#include "selection.h"

#include <QModelIndexList>
#include <QWidget>

class QAbstractItemModel;
class QTreeView;
class QVBoxLayout;

namespace opscope::ui {

class FilterBar;
class SortFilterProxy;

class DataView : public QWidget {
    Q_OBJECT
public:
    QTreeView *view() const { return view_; }
    SortFilterProxy *proxy() const { return proxy_; }
    FilterBar *filterBar() const { return filterBar_; }
    Selection *selection() const { return selection_; }
    // The source rows (column 0) highlighted now.
    QModelIndexList highlightedRows() const;

protected:
    DataView(Selection *selection, QAbstractItemModel *model, QWidget *parent);

    // The user chose a row (a source index): set the selection from it.
    virtual void pick(const QModelIndex &sourceIndex) = 0;
    // The source rows standing for a selection.
    virtual QModelIndexList rowsFor(const Selection::State &state) const = 0;
    // Re-reads the selection (call after the model was reset).
    void follow();
    QVBoxLayout *layout() const { return layout_; }

    Selection *selection_;

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
