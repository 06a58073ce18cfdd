#pragma once
// The counters of the selected kernel (or the aggregated counters of the selected operator, module
// or group) in Nsight Compute-like sections, with bars for percentages of peak and every raw
// metric below; the filter searches names, values and metric names.

#include "models/counter_model.h"

#include <QWidget>

#include <memory>

class QLabel;
class QTreeView;

namespace opscope::ui {

class FilterBar;
class SortFilterProxy;

class CounterPanel : public QWidget {
    Q_OBJECT
public:
    explicit CounterPanel(Selection *selection, QWidget *parent = nullptr);

    void setAnalysis(std::shared_ptr<const ProfileAnalysis> analysis);

    CounterModel *model() const { return model_; }
    SortFilterProxy *proxy() const { return proxy_; }
    QTreeView *view() const { return view_; }
    FilterBar *filterBar() const { return filterBar_; }
    QString title() const;

private:
    void follow();

    Selection *selection_;
    std::shared_ptr<const ProfileAnalysis> analysis_;
    CounterModel *model_;
    SortFilterProxy *proxy_;
    QLabel *title_;
    FilterBar *filterBar_;
    QTreeView *view_;
};

} // namespace opscope::ui
