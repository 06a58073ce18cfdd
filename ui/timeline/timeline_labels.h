#pragma once
// The text the timeline shows for an event or a device: a box's label, the GPU's name in track and
// rank-group titles.

#include "timeline/timeline_rows.h"

#include "opscope/profile.h"

#include <QString>

#include <cstdint>

namespace opscope::ui {

// "GPU 1": a device as its process numbered it. Ranks merged from several traces renumber the devices
// of one host (each rank's cuda:0 ...) and keep the process's own number as "cuda_ordinal".
QString gpuName(const Profile &p, int32_t device);

// The text a timeline box shows: a kernel's base name without its template arguments or parameters,
// an operator's name, a range's text, a phase as the module tree labels it...; empty for no event.
QString timelineLabel(const Profile &p, EventRef event);

} // namespace opscope::ui
