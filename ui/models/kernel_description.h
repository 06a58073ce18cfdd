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

} // namespace opscope::ui
