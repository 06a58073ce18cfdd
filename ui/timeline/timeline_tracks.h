#pragma once
// Track assembly: which tracks a profile shows (a GPU stream, a device's memory, a CPU thread), in what
// order, with what title, and which events go into each track's rows (a row job per group of rows).
// The rows themselves are built by the row index (timeline_rows.h) on the threads of
// timeline_scheduling.h; appendTrackRows then gives each track its rows.

#include "timeline/timeline_memory.h"
#include "timeline/timeline_row_index.h"
#include "timeline/timeline_rows.h"

#include "opscope/memory.h"
#include "opscope/profile.h"

#include <QString>

#include <cstdint>
#include <vector>

namespace opscope::ui {

// DeviceMemory: a device's allocated and reserved bytes (a MemoryCurve), below the GPU streams.
enum class TrackKind : uint8_t { CpuThread, GpuStream, DeviceMemory };

struct TimelineTrack {
    TrackKind kind = TrackKind::CpuThread;
    QString title;
    Index thread = kNoIndex; // CPU tracks; kNoIndex collects events without a thread
    int32_t device = 0;      // GPU tracks
    uint32_t stream = 0;
    int firstRow = 0; // rows [firstRow, firstRow + rowCount) of the model
    int rowCount = 0;
    int summaryRow = 0;   // the row a collapsed track shows (operators depth 0, or kernels)
    int memoryCurve = -1; // DeviceMemory tracks: TimelineModel::memoryCurves() index
    int32_t rank = -1;    // the distributed rank of its thread or device; -1 without ranks
    int group = -1;       // TimelineModel::trackGroups() index; -1 outside any group
};

// The tracks of a profile before their rows are built: GPU streams first, as Nsight Systems lists a
// process's CUDA HW rows above its threads (what one looks at first is in sight on open, however many
// Python or NVTX rows the CPU threads carry), then each device's memory, then the CPU threads.
struct TrackPlan {
    std::vector<TimelineTrack> tracks;
    std::vector<TimelineRowJob> jobs;   // in track order: 3 per GPU stream, one per CPU row group per thread
    std::vector<TimelineRow> curveRows; // one per DeviceMemory track, in track order
    std::vector<MemoryCurve> memoryCurves;
};

// With `memory` (analyzeMemory of `profile`), a DeviceMemory track per device with samples. The events
// are sorted out into jobs on up to `threads` threads.
TrackPlan planTracks(const Profile &profile, const MemoryReport *memory, size_t threads);

// Appends the built rows of the plan's jobs and its curve rows to `rows` in track order, and sets each
// track's rows (firstRow, rowCount, summaryRow).
void appendTrackRows(TrackPlan &plan, TimelineRowIndex &rows);

} // namespace opscope::ui
