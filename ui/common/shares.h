#pragma once
// The two denominators the explorer divides by, named with the same words wherever a share is shown
// (column headers, their tooltips, the module tooltip, the Details pane, the Insights pane):
// - "% of GPU time": of the captured step's kernel time (its kernels' durations summed), what the module
//   tree and the operator table divide by;
// - "% of step": of the step's wall time, as the step ruler shows it and the insights' gains divide by.
// A module is "27.9 % of GPU time" and "2.7 % of step" when its kernels fill a tenth of the step.

#include <QString>

#include <cstdint>

namespace opscope::ui {

QString shareOfGpuTimeLabel(); // "% of GPU time"
// What "% of GPU time" divides by; `stepGpuTimeNs` (0: unknown) is said when known.
QString shareOfGpuTimeToolTip(int64_t stepGpuTimeNs);
QString shareOfStepLabel(); // "% of step"
QString shareOfStepToolTip();

} // namespace opscope::ui
