#pragma once
// The counters of the selected kernel (or the aggregated counters of the selected operator, module
// or group) in Nsight Compute-like sections, with bars for percentages of peak and every raw
// metric below; the filter searches names, values and metric names.

#include "models/counter_model.h"
#include "views/counter_frame.h"

#include <memory>

namespace opscope::ui {

class CounterPanel : public CounterFrame {
    Q_OBJECT
public:
    explicit CounterPanel(Selection *selection, QWidget *parent = nullptr);

    void setAnalysis(std::shared_ptr<const ProfileAnalysis> analysis);

    CounterModel *model() const { return model_; }

protected:
    void showEvent(QShowEvent *event) override;

private:
    CounterPanel(Selection *selection, CounterModel *model, QWidget *parent);
    void follow();

    Selection *selection_;
    std::shared_ptr<const ProfileAnalysis> analysis_;
    CounterModel *model_;
    bool stale_ = false; // the selection changed while the panel was hidden
};

} // namespace opscope::ui
