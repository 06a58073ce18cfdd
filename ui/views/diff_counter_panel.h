#pragma once
// The counters of the selected diff row with the baseline column: a title naming the row, a filter
// and the DiffCounterModel's sections (named quantities first, every metric last).

#include "compare/diff_counter_model.h"
#include "compare/diff_selection.h"

#include <QWidget>

class QLabel;
class QTreeView;

namespace opscope::ui {

class FilterBar;
class SortFilterProxy;

class DiffCounterPanel : public QWidget {
    Q_OBJECT
public:
    DiffCounterPanel(DiffSelection *selection, QWidget *parent = nullptr);

    void setComparison(std::shared_ptr<const Comparison> comparison);
    DiffCounterModel *model() const { return model_; }
    QTreeView *view() const { return view_; }
    QString title() const;

private:
    void follow();

    DiffSelection *selection_;
    std::shared_ptr<const Comparison> comparison_;
    DiffCounterModel *model_;
    SortFilterProxy *proxy_;
    QLabel *title_;
    FilterBar *filterBar_;
    QTreeView *view_;
};

} // namespace opscope::ui
