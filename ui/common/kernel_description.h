#pragma once
// What the views say about one kernel: the timeline's tooltip and the Details pane show the same
// facts in the same words (names, times with both durations named by their source, stream, launch,
// attribution, the key counters Nsight Compute measured); each lays them out its own way.

#include "opscope/profile.h"

#include <QString>

#include <vector>

namespace opscope::ui {

struct KernelFact {
    QString key;   // "Start", "Duration (timeline, nsys)", "Operator", ...
    QString value; // plain text: callers escape it for rich text
};

// The facts about kernel `kernel` of `p` (which must exist), in reading order, the first its full
// name. Start and end count from `timeZero`: Profile::timeOrigin, or the timeline ruler's zero when
// the user moved it.
std::vector<KernelFact> describeKernel(const Profile &p, Index kernel, int64_t timeZero);

// Where a kernel's start and duration come from, for labels that tell it from the ncu replay's
// gpu__time_duration (which serialises kernels and locks clocks, so it differs): "timeline, nsys",
// "timeline, torch.profiler", "ncu replay" for a profile of Nsight Compute alone, "timeline" when
// the source is unknown.
QString kernelTimeSource(const Profile &profile);
// A kernel's duration as the timeline measured it: "Duration (timeline, nsys)".
QString timelineDurationLabel(const Profile &profile);
// gpu__time_duration.sum as Nsight Compute's replay measured it: "Duration (ncu replay)".
QString ncuDurationLabel();

} // namespace opscope::ui
