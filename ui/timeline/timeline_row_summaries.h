#pragma once
// A row's summaries, which painting reads where a pixel column holds many events: the group summaries
// (TimelineGroup, one per kGroupSize events) and the time-bucket pyramid (TimelineCell levels). Qt-free,
// part of the row index (timeline_rows.h).

#include "timeline/timeline_rows.h"

#include <cstddef>

namespace opscope::ui {

// Fills row.groups and, for a row of kMinCellEvents events or more, row.cellShift and row.cellLevels,
// on `threads` threads; the same summaries whatever the number.
void summarizeRow(TimelineRow &row, size_t threads);

} // namespace opscope::ui
