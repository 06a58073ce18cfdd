#pragma once
// BEFORE's timeline above AFTER's on one time axis: each ruler counts from its side's captured step
// start, the windows stay aligned on those starts, and zooming or panning either one moves both.

#include "compare/comparison.h"
#include "timeline/timeline_view.h"

#include <QWidget>

#include <array>
#include <memory>

class QLabel;

namespace opscope::ui {

class CompareTimelines : public QWidget {
    Q_OBJECT
public:
    explicit CompareTimelines(QWidget *parent = nullptr);

    void setComparison(std::shared_ptr<const Comparison> comparison);
    TimelineView *timeline(Side side) const { return timelines_[size_t(side)]; }
    // AFTER's step start minus BEFORE's: a BEFORE instant t shows beside AFTER's t + offset.
    int64_t offset() const { return offset_; }
    // Shows both captured steps whole.
    void fitSteps();

private:
    void follow(Side from);

    std::shared_ptr<const Comparison> comparison_;
    std::array<TimelineView *, 2> timelines_;
    std::array<QLabel *, 2> titles_;
    int64_t offset_ = 0;
    bool syncing_ = false;
};

} // namespace opscope::ui
