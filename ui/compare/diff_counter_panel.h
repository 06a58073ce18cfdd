#pragma once
// The counters of the selected diff row with the baseline column: a title naming the row, a filter
// and the DiffCounterModel's sections (named quantities first, every metric last).

#include "compare/diff_counter_model.h"
#include "compare/diff_selection.h"
#include "views/counter_frame.h"

namespace opscope::ui {

class DiffCounterPanel : public CounterFrame {
    Q_OBJECT
public:
    DiffCounterPanel(DiffSelection *selection, QWidget *parent = nullptr);

    void setComparison(std::shared_ptr<const Comparison> comparison);
    DiffCounterModel *model() const { return model_; }

private:
    DiffCounterPanel(DiffSelection *selection, DiffCounterModel *model, QWidget *parent);
    void follow();

    DiffSelection *selection_;
    std::shared_ptr<const Comparison> comparison_;
    DiffCounterModel *model_;
};

} // namespace opscope::ui
