#pragma once
// A table or tree of diff rows (modules, operators or kernels of a comparison) tied to the compare
// window's DiffSelection: a filter bar (text or regex, and "with GPU time" to hide rows that have
// none on either side, such as views and reshapes), sortable columns, and highlighting of the rows
// that stand for a selection made anywhere (a kernel row's operator, an operator's kernels...).

#include "compare/diff_selection.h"
#include "models/sort_filter_proxy.h"
#include "views/filtered_tree_view.h"

#include <memory>

class QCheckBox;

namespace opscope::ui {

class DiffItemModel;
struct Comparison;

// SortFilterProxy that can also hide rows without GPU time on either side.
class DiffProxy : public SortFilterProxy {
    Q_OBJECT
public:
    using SortFilterProxy::SortFilterProxy;
    void setOnlyTimed(bool onlyTimed);
    bool onlyTimed() const { return onlyTimed_; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    bool onlyTimed_ = false;
};

class DiffTableView : public FilteredTreeView {
    Q_OBJECT
public:
    // Takes ownership of `model`.
    DiffTableView(DiffSelection *selection, DiffItemModel *model, QWidget *parent = nullptr);

    void setComparison(std::shared_ptr<const Comparison> comparison);
    DiffItemModel *model() const { return model_; }
    DiffProxy *proxy() const { return proxy_; }
    QCheckBox *onlyTimedBox() const { return onlyTimed_; }
    // Picks a row as a click would (a source index).
    void pick(const QModelIndex &sourceIndex) override;

protected:
    void follow() override;

private:
    DiffTableView(DiffSelection *selection, DiffItemModel *model, DiffProxy *proxy, QWidget *parent);

    DiffSelection *selection_;
    DiffItemModel *model_;
    DiffProxy *proxy_;
    QCheckBox *onlyTimed_;
};

} // namespace opscope::ui
