#pragma once
// What the timeline shows, as an index over a Profile: tracks (a CPU thread, a GPU stream) made of
// rows, each row a list of event indices sorted by start with no two events overlapping, so ends
// rise with starts. The events themselves stay in the Profile; a row adds the derived arrays that
// make painting cost depend on pixels, not on events: starts and a prefix sum of durations side by
// side (they give the ends, for binary searches, and how busy a run of folded events is; a search
// that lands on an event has both in one cache line), and group summaries.
//
// The model is immutable once built, so it can be built on a worker thread.

#include "opscope/profile.h"
#include "timeline/timeline_memory.h"
#include "timeline/timeline_steps.h"

#include <QString>

#include <cstdint>
#include <functional>
#include <span>
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

// DeviceMemory: a device's allocated and reserved bytes (a MemoryCurve), below the GPU streams.
enum class TrackKind : uint8_t { CpuThread, GpuStream, DeviceMemory };

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

// The tracks of one rank in a profile of several (docs/ranks.md): consecutive tracks, its GPU streams
// first, then its memory and its threads, as one rank alone would show them. A collapsed group shows
// the summary row of its summaryTrack (its first GPU stream's kernels) in its header.
struct TimelineTrackGroup {
    QString title; // "Rank 1 · GPU 1 (NVIDIA H200)"
    int32_t rank = -1;
    int firstTrack = 0;
    int trackCount = 0;
    int summaryTrack = 0;
};

class TimelineModel {
public:
    // With `memory` (analyzeMemory of `profile`), a DeviceMemory track per device with samples, after
    // the GPU streams. The rows of the tracks are built on `threads` threads (0: one per core), a
    // track's rows at a time; the model is the same whatever the number.
    explicit TimelineModel(const Profile &profile, const MemoryReport *memory = nullptr, unsigned threads = 0);

    const Profile &profile() const { return profile_; }

    const std::vector<TimelineTrack> &tracks() const { return tracks_; }
    // One group per rank of a profile of two or more ranks, in rank order; empty otherwise (tracks
    // without a rank, if any, follow the groups).
    const std::vector<TimelineTrackGroup> &trackGroups() const { return groups_; }
    const std::vector<TimelineRow> &rows() const { return rows_; }
    const std::vector<MemoryCurve> &memoryCurves() const { return memoryCurves_; }
    size_t eventCount() const { return eventCount_; }

    // Span of everything shown; 0..0 for an empty profile.
    int64_t traceStart() const { return traceStart_; }
    // The profile's time origin (Profile::timeOrigin), the zero of the ruler, the tooltips and the
    // tables; equal to traceStart() whenever the profile has events.
    int64_t timeOrigin() const { return timeOrigin_; }
    int64_t traceEnd() const { return traceEnd_; }

    // The row holding `event`, or -1 when the timeline does not show it.
    int rowOf(EventRef event) const;
    int64_t startOf(EventRef event) const;
    int64_t endOf(EventRef event) const;

    // Kernels attributed to an operator (Kernel::op), in start order.
    std::span<const Index> kernelsOfOperator(Index op) const;
    // The API call that launched a kernel or memory operation (same CUPTI correlation id), or kNoIndex.
    Index launchOf(EventRef event) const;

    // A collective (an NCCL kernel, a CPU collective op) of a profile with ranks: the same collective
    // on the other ranks, matched by process group and index in it as analyzeRanks matches them
    // (rank order). Empty for any other event and in a single-rank profile.
    std::vector<EventRef> sameCollectiveOnOtherRanks(EventRef event) const;

    // The text a timeline box shows: a kernel's base name without its template arguments or
    // parameters, an operator's name, a range's text...
    QString label(EventRef event) const;

    // What the step ruler shows (timelineSteps); empty when the profile marks no step.
    const std::vector<TimelineStep> &steps() const { return steps_; }
    // What the phase band shows (timelinePhases): a generation request's prefill and decode iterations.
    const std::vector<TimelineStep> &phases() const { return phases_; }

private:
    // The rows of one kind of event of one track (one group), built apart from the others.
    struct RowJob {
        int track = 0;
        EventKind kind = EventKind::None;
        RowGroup group = RowGroup::Operators;
        std::vector<Index> events; // in: the events (taken by the build)
        std::vector<TimelineRow> rows;
    };
    // Tracks are added first with the jobs that make their rows (in track order), so that the rows of
    // every track are built in one go on all threads; appendTrackRows then gives each track its rows.
    void addGpuTracks(std::vector<RowJob> &jobs);
    void addMemoryTracks(const MemoryReport &memory, std::vector<TimelineRow> &curveRows);
    void addCpuTracks(std::vector<RowJob> &jobs);
    void appendTrackRows(std::vector<RowJob> &jobs, std::vector<TimelineRow> &curveRows);
    void buildLinks();
    void groupByRank();
    void buildCollectiveMatches();
    // The rows of every job, on threads_ threads, biggest job first, and `alongside` meanwhile.
    void buildRows(std::vector<RowJob> &jobs, const std::function<void()> &alongside);
    // Appends a built job's rows to rows_ and records where its events went.
    void appendRows(RowJob &job);
    // Rows for `events` (all of one kind, one group) sorted by start, depth by nesting; on `threads`
    // threads where it can.
    static std::vector<TimelineRow> nestedRows(const Profile &p, int track, EventKind kind, RowGroup group,
                                               std::vector<Index> events, size_t threads);
    // A row's group summaries and pyramid, on `threads` threads.
    static void finishRow(TimelineRow &row, size_t threads);
    static void buildCells(TimelineRow &row, size_t threads);

    const Profile &profile_;
    unsigned threads_ = 1;
    std::vector<TimelineTrack> tracks_;
    std::vector<TimelineTrackGroup> groups_;
    std::vector<TimelineRow> rows_;
    std::vector<MemoryCurve> memoryCurves_;
    std::vector<uint32_t> rowOf_[kEventKindCount];
    std::vector<uint32_t> opKernelOffsets_; // CSR: kernels of op o are opKernels_[offsets[o]..offsets[o+1])
    std::vector<Index> opKernels_;
    std::vector<std::pair<uint32_t, Index>> apiByCorrelation_; // sorted
    // Collectives matched across ranks: (packed event, match) sorted, and each match's events (CSR).
    std::vector<std::pair<uint64_t, uint32_t>> collectiveMatch_;
    std::vector<uint32_t> matchOffsets_;
    std::vector<EventRef> matchMembers_;
    size_t eventCount_ = 0;
    int64_t traceStart_ = 0;
    int64_t traceEnd_ = 0;
    int64_t timeOrigin_ = 0;
    std::vector<TimelineStep> steps_;
    std::vector<TimelineStep> phases_;
};

} // namespace opscope::ui
