#pragma once
// The timeline's rows, with no Qt: what a row is, and how the events of one kind on one track become
// rows. Each row is a list of event indices sorted by start with no two events overlapping, so ends
// rise with starts. The events themselves stay in the Profile; a row adds the derived arrays that make
// painting cost depend on pixels, not on events: starts and a prefix sum of durations side by side
// (they give the ends, for binary searches, and how busy a run of folded events is; a search that
// lands on an event has both in one cache line), and the summaries of timeline_row_summaries.h.
//
// Built into opscope_timeline_index (ui/CMakeLists.txt), which links core alone; tst_timeline_rows
// tests it without a GUI.

#include "opscope/profile.h"

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

namespace opscope::ui {

// Module: a module instance (Profile::modules) drawn as a band of its own; only phases of the step
// (phases.h) are, since a module call already has its NVTX range or annotation as its band.
enum class EventKind : uint8_t { None, Kernel, MemoryOp, Operator, Range, ApiCall, Module };
inline constexpr int kEventKindCount = 7;

// One event of the profile: its table and its index in it.
struct EventRef {
    EventKind kind = EventKind::None;
    Index index = kNoIndex;

    bool valid() const { return kind != EventKind::None && index != kNoIndex; }
    bool operator==(const EventRef &) const = default;
};

// What a row of a CPU track holds (GPU rows hold kernels or memory operations).
// Phases: the step's phases (optimizer, backward, loss, data, other) above the module bands.
// MemoryCurve: a DeviceMemory track's one row, which holds no events (its track's curve instead).
enum class RowGroup : uint8_t {
    Phases,
    Annotations,
    Python,
    GpuAnnotations,
    Operators,
    CudaApi,
    Kernels,
    Memory,
    MemoryCurve
};

// A summary of kGroupSize consecutive events of a row. When a pixel column holds dozens of events
// or more, painting folds whole groups, reading this small array (2 bytes per event against 16 for
// the points) instead of every event, which keeps a frame of 2 M events close to one of 100 K.
struct TimelineGroup {
    int64_t firstStart = 0;    // start of its first event
    int64_t lastEnd = 0;       // end of its last event (the latest end: events do not overlap)
    int64_t busyBefore = 0;    // busy time before its first event
    uint32_t longest = 0;      // duration of its longest event in ns, UINT32_MAX when longer
    uint8_t longestOffset = 0; // that event's index within the group
};
static_assert(sizeof(TimelineGroup) == 32);

// A time bucket of a row's summary pyramid: the events that start in it. When a pixel column spans a
// bucket or more, painting reads these in time order (two or three per column) instead of looking
// for where each column's events end, so a zoomed-out frame costs the same at 100 K and 2 M events.
struct TimelineCell {
    int64_t firstStart = INT64_MAX; // of its first event; INT64_MAX when no event starts in it
    int64_t lastEnd = INT64_MIN;    // end of its last event (the latest: events do not overlap)
    uint32_t firstEvent = 0;        // row index of the first event starting in it or after it
    float busy = 0;                 // total duration of its events, ns (a shade needs no more precision)
    uint32_t longest = 0;           // its longest event's duration in ns, UINT32_MAX when longer
    uint32_t longestEvent = 0;      // that event's row index
    bool empty() const { return firstStart == INT64_MAX; }
};
static_assert(sizeof(TimelineCell) == 32);

struct TimelineRow {
    static constexpr size_t kGroupSize = 16;
    static constexpr int64_t kEventsPerCell = 8;  // level 0's buckets hold about this many on average
    static constexpr size_t kMinCellEvents = 256; // fewer events: no pyramid (folding them is cheap)

    EventKind kind = EventKind::None;
    RowGroup group = RowGroup::Operators;
    uint16_t depth = 0;        // nesting depth inside its group
    int track = 0;             // owning track
    std::vector<Index> events; // sorted by start; no two overlap
    struct Point {
        int64_t start; // of events[i]
        int64_t busy;  // total duration of events[0..i)
    };
    std::vector<Point> points;         // size n + 1; the last holds the row's end and total busy time
    std::vector<TimelineGroup> groups; // groups[g] summarises events [g * kGroupSize, (g + 1) * kGroupSize)
    static_assert(kGroupSize <= 256);  // TimelineGroup::longestOffset
    // The pyramid: cellLevels[k] holds buckets 2^(cellShift + k) ns wide counted from start(0), each
    // level half as many as the one below, up to a single bucket. cellShift is -1 without one.
    int cellShift = -1;
    std::vector<std::vector<TimelineCell>> cellLevels;

    size_t size() const { return events.size(); }
    // The end of events[i], from the arrays alone (no look-up in the profile).
    int64_t start(size_t i) const { return points[i].start; }
    int64_t end(size_t i) const { return points[i].start + (points[i + 1].busy - points[i].busy); }
    int64_t busyBefore(size_t i) const { return points[i].busy; }
    // Events [first, last) that may intersect [t0, t1): two binary searches.
    std::pair<size_t, size_t> window(int64_t t0, int64_t t1) const;
};

// The rows of one kind of event of one track (one group), built apart from the others: the track
// assembly (timeline_tracks.h) fills `events`, the build (timeline_scheduling.h) makes `rows` of them.
struct TimelineRowJob {
    int track = 0;
    EventKind kind = EventKind::None;
    RowGroup group = RowGroup::Operators;
    std::vector<Index> events; // in: the events (taken by the build)
    std::vector<TimelineRow> rows;
};

// Rows for `events` (all of one kind, one group, of one track) sorted by start, depth by nesting, each
// with its summaries; on `threads` threads where it can. The same rows whatever the number of threads.
std::vector<TimelineRow> buildTimelineRows(const Profile &p, int track, EventKind kind, RowGroup group,
                                           std::vector<Index> events, size_t threads);

// An event's end, never before its start.
template <class T> int64_t clampedEnd(const T &e)
{
    return std::max(e.end_ns, e.start_ns);
}

// f(the profile's table of `kind`), or `none` for EventKind::None: one switch over the kinds of event.
template <class R, class F> R withEventTable(const Profile &p, EventKind kind, R none, F &&f)
{
    switch (kind) {
    case EventKind::Kernel:
        return f(p.kernels);
    case EventKind::MemoryOp:
        return f(p.memory_ops);
    case EventKind::Operator:
        return f(p.operators);
    case EventKind::Range:
        return f(p.ranges);
    case EventKind::ApiCall:
        return f(p.api_calls);
    case EventKind::Module:
        return f(p.modules);
    case EventKind::None:
        break;
    }
    return none;
}

} // namespace opscope::ui
