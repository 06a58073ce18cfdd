#include "timeline/timeline_model.h"

#include "timeline/timeline_util.h"

#include "opscope/format.h"
#include "opscope/fresh_memory.h"
#include "opscope/gpu_annotation.h"
#include "opscope/module_tree.h"
#include "opscope/parallel.h"
#include "opscope/phases.h"
#include "opscope/ranks.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <map>
#include <numeric>
#include <thread>
#include <tuple>

namespace opscope::ui {

namespace {

// "GPU 1": a device as its process numbered it. Ranks merged from several traces renumber the devices
// of one host (each rank's cuda:0 ...) and keep the process's own number as "cuda_ordinal".
QString gpuName(const Profile &p, int32_t device)
{
    return QStringLiteral("GPU %1").arg(cudaOrdinal(p, device));
}

// An event waiting for its row: sorting these is much faster than sorting indices through the profile.
struct Pending {
    int64_t start;
    int64_t end;
    Index index;
};

RowGroup rangeGroup(RangeKind kind)
{
    switch (kind) {
    case RangeKind::PythonFunction:
        return RowGroup::Python;
    case RangeKind::GpuUserAnnotation:
        return RowGroup::GpuAnnotations;
    default: // push/pop, start/end, record_function annotations and marks: the module / NVTX bands
        return RowGroup::Annotations;
    }
}

// Rows of a CPU track, top to bottom: the step's phases beside the module/NVTX bands, above the
// operators they enclose.
constexpr RowGroup kCpuGroupOrder[] = {RowGroup::Phases,    RowGroup::Annotations,    RowGroup::Python,
                                       RowGroup::Operators, RowGroup::GpuAnnotations, RowGroup::CudaApi};

// The stream a GPU-side annotation sits on: the Kineto importer names it in Range::domain the way
// Kineto labels the lane, "GPU 0 stream 7".

bool onGpuLane(const Profile &p, const Range &r)
{
    int32_t device;
    uint32_t stream;
    return r.kind == RangeKind::GpuUserAnnotation && gpuAnnotationLane(p.text(r.domain), device, stream);
}

template <class T> int64_t clampedEnd(const T &e)
{
    return std::max(e.end_ns, e.start_ns);
}

// f(the profile's table of `kind`), or `none` for EventKind::None: one switch over the kinds of event.
template <class R, class F> R withTable(const Profile &p, EventKind kind, R none, F &&f)
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

} // namespace

std::pair<size_t, size_t> TimelineRow::window(int64_t t0, int64_t t1) const
{
    if (events.empty())
        return {0, 0};
    // The first event still running after t0 (ends rise with starts), then the first that starts
    // at or after t1.
    size_t first = 0, hi = size();
    while (first < hi) {
        const size_t mid = first + (hi - first) / 2;
        if (end(mid) <= t0)
            first = mid + 1;
        else
            hi = mid;
    }
    const auto it = std::lower_bound(points.begin() + first, points.end() - 1, t1,
                                     [](const Point &p, int64_t t) { return p.start < t; });
    const size_t last = size_t(it - points.begin());
    return {first, std::max(first, last)};
}

TimelineModel::TimelineModel(const Profile &profile, const MemoryReport *memory, unsigned threads)
    : profile_(profile), threads_(threads > 0 ? threads : std::clamp(std::thread::hardware_concurrency(), 1u, 8u))
{
    // GPU streams first, as Nsight Systems lists a process's CUDA HW rows above its threads: what one
    // looks at first is in sight on open, however many Python or NVTX rows the CPU threads carry.
    std::vector<RowJob> jobs;
    std::vector<TimelineRow> curveRows;
    addGpuTracks(jobs);
    if (memory)
        addMemoryTracks(*memory, curveRows); // under the GPU streams
    addCpuTracks(jobs);
    buildRows(jobs, [this] { // what does not depend on the rows is built meanwhile
        const Profile &p = profile_;
        rowOf_[size_t(EventKind::Kernel)].assign(p.kernels.size(), UINT32_MAX);
        rowOf_[size_t(EventKind::MemoryOp)].assign(p.memory_ops.size(), UINT32_MAX);
        rowOf_[size_t(EventKind::Operator)].assign(p.operators.size(), UINT32_MAX);
        rowOf_[size_t(EventKind::Range)].assign(p.ranges.size(), UINT32_MAX);
        rowOf_[size_t(EventKind::ApiCall)].assign(p.api_calls.size(), UINT32_MAX);
        rowOf_[size_t(EventKind::Module)].assign(p.modules.size(), UINT32_MAX);
        buildLinks();
    });
    appendTrackRows(jobs, curveRows);
    groupByRank();
    buildCollectiveMatches();

    traceStart_ = std::numeric_limits<int64_t>::max();
    traceEnd_ = std::numeric_limits<int64_t>::min();
    for (const TimelineRow &row : rows_) {
        eventCount_ += row.size();
        if (!row.events.empty()) {
            traceStart_ = std::min(traceStart_, row.start(0));
            traceEnd_ = std::max(traceEnd_, row.end(row.size() - 1));
        }
    }
    if (eventCount_ == 0) {
        traceStart_ = profile.span_start_ns;
        traceEnd_ = profile.span_end_ns;
    }
    timeOrigin_ = profile.timeOrigin();
    steps_ = timelineSteps(profile);
    phases_ = timelinePhases(profile);
    for (MemoryCurve &curve : memoryCurves_) // the last totals hold to the end of what the timeline shows
        curve.end = std::max(curve.end, traceEnd_);
}

void TimelineModel::addMemoryTracks(const MemoryReport &memory, std::vector<TimelineRow> &curveRows)
{
    for (const DeviceMemory &d : memory.devices) {
        if (d.curve.empty())
            continue;
        TimelineTrack track;
        track.kind = TrackKind::DeviceMemory;
        track.device = d.device;
        track.title = d.device < 0 ? QStringLiteral("Memory · host")
                                   : QStringLiteral("Memory · %1").arg(gpuName(profile_, d.device));
        track.memoryCurve = int(memoryCurves_.size());
        memoryCurves_.push_back(MemoryCurve::from(d, d.curve.back().time_ns));
        TimelineRow row;
        row.kind = EventKind::None;
        row.group = RowGroup::MemoryCurve;
        row.track = int(tracks_.size());
        row.points.push_back({d.curve.back().time_ns, 0}); // no events: the row's end alone
        curveRows.push_back(std::move(row));
        tracks_.push_back(track);
    }
}

void TimelineModel::addCpuTracks(std::vector<RowJob> &jobs)
{
    const Profile &p = profile_;
    // Slot 0 collects events without a thread; slot t+1 is threads[t].
    const size_t threadSlots = p.threads.size() + 1;
    auto slotOf = [&](Index thread) { return thread < p.threads.size() ? size_t(thread) + 1 : 0; };

    constexpr size_t kGroups = std::size(kCpuGroupOrder);
    auto groupSlot = [](RowGroup g) {
        for (size_t i = 0; i < kGroups; ++i)
            if (kCpuGroupOrder[i] == g)
                return i;
        return size_t(0);
    };
    // Each table fills buckets of its own groups, so the tables are sorted out on threads of their own.
    std::vector<std::vector<Index>> buckets(threadSlots * kGroups);
    forEachIndex(3, threads_, [&](size_t table) {
        if (table == 0) {
            for (Index i = 0; i < p.api_calls.size(); ++i)
                buckets[slotOf(p.api_calls[i].thread) * kGroups + groupSlot(RowGroup::CudaApi)].push_back(i);
        } else if (table == 1) {
            for (Index i = 0; i < p.operators.size(); ++i)
                buckets[slotOf(p.operators[i].thread) * kGroups + groupSlot(RowGroup::Operators)].push_back(i);
        } else {
            for (Index i = 0; i < p.ranges.size(); ++i)
                if (!onGpuLane(p, p.ranges[i])) // those go to their stream's track
                    buckets[slotOf(p.ranges[i].thread) * kGroups + groupSlot(rangeGroup(p.ranges[i].kind))].push_back(
                        i);
            for (Index i = 0; i < p.modules.size(); ++i)
                if (isPhase(p.modules[i]))
                    buckets[slotOf(p.modules[i].thread) * kGroups + groupSlot(RowGroup::Phases)].push_back(i);
        }
    });

    // Processes in pid order; in each, the main thread (tid == pid) first, then by tid, as Nsight
    // Systems lists them. Events without a thread come last.
    std::vector<size_t> order;
    for (size_t s = 1; s < threadSlots; ++s)
        order.push_back(s);
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        const Thread &x = p.threads[a - 1], &y = p.threads[b - 1];
        return std::tuple(x.pid, x.tid != x.pid, x.tid) < std::tuple(y.pid, y.tid != y.pid, y.tid);
    });
    order.push_back(0);
    const bool multipleProcesses = std::any_of(p.threads.begin(), p.threads.end(),
                                               [&](const Thread &t) { return t.pid != p.threads.front().pid; });

    for (const size_t slot : order) { // kGroups jobs per track
        bool any = false;
        for (size_t g = 0; g < kGroups; ++g)
            any = any || !buckets[slot * kGroups + g].empty();
        if (!any)
            continue;
        TimelineTrack track;
        track.kind = TrackKind::CpuThread;
        if (slot == 0) {
            track.title = QStringLiteral("No thread");
        } else {
            const Thread &t = p.threads[slot - 1];
            track.thread = Index(slot - 1);
            const QString name = toQString(p.text(t.name));
            const QString tid = QString::number(t.tid);
            // Importers often name a thread after its id already ("thread 2857 (python3)").
            track.title = name.isEmpty()       ? QStringLiteral("Thread %1").arg(tid)
                          : name.contains(tid) ? name
                                               : QStringLiteral("%1 [%2]").arg(name, tid);
            if (multipleProcesses)
                track.title += QStringLiteral("  (pid %1)").arg(t.pid);
        }
        const int trackIndex = int(tracks_.size());
        tracks_.push_back(track);
        for (size_t g = 0; g < kGroups; ++g) {
            const RowGroup group = kCpuGroupOrder[g];
            const EventKind kind = group == RowGroup::Operators ? EventKind::Operator
                                   : group == RowGroup::CudaApi ? EventKind::ApiCall
                                   : group == RowGroup::Phases  ? EventKind::Module
                                                                : EventKind::Range;
            jobs.push_back({trackIndex, kind, group, std::move(buckets[slot * kGroups + g]), {}});
        }
    }
}

void TimelineModel::addGpuTracks(std::vector<RowJob> &jobs)
{
    const Profile &p = profile_;
    std::vector<std::pair<int32_t, uint32_t>> keys; // a stream's work comes in runs: one key per run
    const auto addKey = [&](int32_t device, uint32_t stream) {
        if (keys.empty() || keys.back() != std::pair(device, stream))
            keys.emplace_back(device, stream);
    };
    for (const Kernel &k : p.kernels)
        addKey(k.device, k.stream);
    for (const MemoryOp &m : p.memory_ops)
        addKey(m.device, m.stream);
    std::vector<std::pair<int32_t, uint32_t>> lanes(p.ranges.size()); // of GPU-side annotations
    for (size_t r = 0; r < p.ranges.size(); ++r)
        if (p.ranges[r].kind == RangeKind::GpuUserAnnotation &&
            gpuAnnotationLane(p.text(p.ranges[r].domain), lanes[r].first, lanes[r].second))
            keys.push_back(lanes[r]);
    std::sort(keys.begin(), keys.end());
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
    auto keyIndex = [&](int32_t device, uint32_t stream) {
        return size_t(std::lower_bound(keys.begin(), keys.end(), std::pair(device, stream)) - keys.begin());
    };

    std::vector<std::vector<Index>> kernels(keys.size()), memory(keys.size()), annotations(keys.size());
    for (Index r = 0; r < p.ranges.size(); ++r)
        if (onGpuLane(p, p.ranges[r]))
            annotations[keyIndex(lanes[r].first, lanes[r].second)].push_back(r);
    for (Index i = 0; i < p.kernels.size(); ++i)
        kernels[keyIndex(p.kernels[i].device, p.kernels[i].stream)].push_back(i);
    for (Index i = 0; i < p.memory_ops.size(); ++i)
        memory[keyIndex(p.memory_ops[i].device, p.memory_ops[i].stream)].push_back(i);

    for (size_t k = 0; k < keys.size(); ++k) { // three jobs per track: annotations, kernels, memory operations
        TimelineTrack track;
        track.kind = TrackKind::GpuStream;
        track.device = keys[k].first;
        track.stream = keys[k].second;
        track.title = QStringLiteral("%1 · Stream %2").arg(gpuName(p, track.device)).arg(track.stream);
        for (const Device &d : p.devices)
            if (d.id == track.device && d.name != kNoString) {
                const std::string_view name = p.text(d.name);
                track.title += QStringLiteral("  (%1)").arg(toQString(name));
            }
        const int trackIndex = int(tracks_.size());
        tracks_.push_back(track);
        // Annotations above the kernels they enclose, as on a CPU track.
        jobs.push_back({trackIndex, EventKind::Range, RowGroup::GpuAnnotations, std::move(annotations[k]), {}});
        jobs.push_back({trackIndex, EventKind::Kernel, RowGroup::Kernels, std::move(kernels[k]), {}});
        jobs.push_back({trackIndex, EventKind::MemoryOp, RowGroup::Memory, std::move(memory[k]), {}});
    }
}

void TimelineModel::appendTrackRows(std::vector<RowJob> &jobs, std::vector<TimelineRow> &curveRows)
{
    size_t job = 0, curve = 0; // both in track order
    for (TimelineTrack &track : tracks_) {
        track.firstRow = track.summaryRow = int(rows_.size());
        switch (track.kind) {
        case TrackKind::DeviceMemory:
            rows_.push_back(std::move(curveRows[curve++]));
            break;
        case TrackKind::GpuStream:
            appendRows(jobs[job++]); // annotations
            if (!jobs[job].rows.empty())
                track.summaryRow = int(rows_.size());
            appendRows(jobs[job++]); // kernels
            appendRows(jobs[job++]); // memory operations
            break;
        case TrackKind::CpuThread:
            for (const RowGroup group : kCpuGroupOrder) {
                if (group == RowGroup::Operators)
                    track.summaryRow = int(rows_.size());
                appendRows(jobs[job++]);
            }
            break;
        }
        track.rowCount = int(rows_.size()) - track.firstRow;
        if (track.summaryRow >= track.firstRow + track.rowCount)
            track.summaryRow = track.firstRow;
    }
}

void TimelineModel::buildRows(std::vector<RowJob> &jobs, const std::function<void()> &alongside)
{
    // Tracks are independent: each thread takes the biggest job left, so the last to start is small.
    std::vector<size_t> order;
    size_t events = 0;
    for (size_t j = 0; j < jobs.size(); ++j)
        if (!jobs[j].events.empty()) {
            order.push_back(j);
            events += jobs[j].events.size();
        }
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return jobs[a].events.size() > jobs[b].events.size(); });
    const auto build = [&](RowJob &job, size_t threads) {
        job.rows = nestedRows(profile_, job.track, job.kind, job.group, std::move(job.events), threads);
    };
    // A job bigger than all the others together (an nsys export's API calls on the main thread: 13.7 M of
    // 19 M events) would leave the other threads idle for most of the build: it gets them all, first.
    size_t first = 0;
    if (!order.empty() && 2 * jobs[order[0]].events.size() > events) {
        build(jobs[order[0]], threads_);
        first = 1;
    }
    // `alongside` last: the jobs are ordered biggest first, and it is smaller than the biggest.
    forEachIndex(order.size() - first + 1, threads_, [&](size_t i) {
        if (first + i < order.size())
            build(jobs[order[first + i]], 1);
        else
            alongside();
    });
}

void TimelineModel::appendRows(RowJob &job)
{
    std::vector<uint32_t> &rowOf = rowOf_[size_t(job.kind)];
    for (TimelineRow &row : job.rows) {
        const uint32_t r = uint32_t(rows_.size());
        for (const Index e : row.events)
            rowOf[e] = r;
        rows_.push_back(std::move(row));
    }
    std::vector<TimelineRow>().swap(job.rows);
}

namespace {

// The events of one job as the row builder reads them: position i's start, end and index in its table.
// Straight from the profile's table when the job's events come in start order (most tables do), so
// that no copy of 13 M API calls is made; through a sorted copy otherwise.
template <class Event> struct InTableOrder {
    const std::vector<Event> &table;
    const std::vector<Index> &events;
    size_t size() const { return events.size(); }
    int64_t start(size_t i) const { return table[events[i]].start_ns; }
    int64_t end(size_t i) const { return clampedEnd(table[events[i]]); }
    Index index(size_t i) const { return events[i]; }
};

struct InSortedCopy {
    std::vector<Pending> pending;
    size_t size() const { return pending.size(); }
    int64_t start(size_t i) const { return pending[i].start; }
    int64_t end(size_t i) const { return pending[i].end; }
    Index index(size_t i) const { return pending[i].index; }
};

// Start order, enclosing events before the events they enclose.
bool startsBefore(int64_t startA, int64_t endA, int64_t startB, int64_t endB)
{
    return startA != startB ? startA < startB : endA > endB;
}

// The rows' arrays are fresh memory: a page fault at the first write to each 4 KiB page, 11-18 µs on
// the virtual machines OpScope is measured on (docs/performance.md), most of a big row's cost. For a big
// job every thread faults in its share of the pages first (fresh::faultIn: in bulk, and read once).
void faultInShare(void *data, size_t bytes, size_t t, size_t threads)
{
    char *const from = static_cast<char *>(data) + bytes * t / threads;
    char *const to = static_cast<char *>(data) + bytes * (t + 1) / threads;
    fresh::faultIn(from, size_t(to - from));
}

void faultInOnThreads(std::vector<TimelineRow> &rows, size_t threads)
{
    onThreads(threads, [&](size_t t) {
        for (TimelineRow &row : rows) {
            faultInShare(row.events.data(), row.events.capacity() * sizeof(Index), t, threads);
            faultInShare(row.points.data(), row.points.capacity() * sizeof(TimelineRow::Point), t, threads);
        }
    });
}

// v.resize(n) into fresh memory, its pages faulted in on `threads` threads first.
template <class T> void resizeOnThreads(std::vector<T> &v, size_t n, size_t threads)
{
    if (threads > 1 && n > v.capacity()) {
        v.reserve(n);
        onThreads(threads, [&](size_t t) { faultInShare(v.data(), n * sizeof(T), t, threads); });
    }
    v.resize(n);
}

// Each event takes the lowest row that is free at its start. For nested events that is their nesting
// depth; events that overlap without nesting (streams with clock jitter) alternate between two rows
// instead of piling up. A first pass finds each event's row and the rows' sizes, so that the second
// fills arrays of their final size (growing them copied every event twice).
struct Depths {
    bool inOrder = true;           // false: the events were found out of start order (nothing else is set)
    std::vector<uint32_t> depthOf; // empty while every event is in the first row (API calls, a stream's kernels)
    std::vector<size_t> rowSizes;
};

template <class Events> Depths depthsOf(const Events &in, bool checkOrder)
{
    Depths d;
    std::vector<int64_t> rowEnds;
    const size_t n = in.size();
    for (size_t i = 0; i < n; ++i) {
        const int64_t start = in.start(i), end = in.end(i);
        if (checkOrder && i > 0 && startsBefore(start, end, in.start(i - 1), in.end(i - 1)))
            return {false, {}, {}};
        size_t depth = 0;
        while (depth < rowEnds.size() && rowEnds[depth] > start)
            ++depth;
        if (depth == rowEnds.size()) {
            rowEnds.push_back(0);
            d.rowSizes.push_back(0);
        }
        rowEnds[depth] = end;
        ++d.rowSizes[depth];
        if (depth > 0 && d.depthOf.empty())
            d.depthOf.assign(n, 0);
        if (!d.depthOf.empty())
            d.depthOf[i] = uint32_t(depth);
    }
    return d;
}

// The rows, filled from `in` as `d` places its events; their lists of events too `withEvents`.
template <class Events>
std::vector<TimelineRow> fillRows(const Events &in, const Depths &d, int track, EventKind kind, RowGroup group,
                                  size_t threads, bool withEvents = true)
{
    std::vector<TimelineRow> rows;
    for (size_t depth = 0; depth < d.rowSizes.size(); ++depth) {
        TimelineRow row;
        row.kind = kind;
        row.group = group;
        row.depth = uint16_t(std::min<size_t>(depth, UINT16_MAX));
        row.track = track;
        if (withEvents)
            row.events.reserve(d.rowSizes[depth]);
        row.points.reserve(d.rowSizes[depth] + 1);
        row.points.push_back({0, 0}); // the closing point, moved along as events are added
        rows.push_back(std::move(row));
    }
    if (threads > 1)
        faultInOnThreads(rows, threads);
    for (size_t i = 0; i < in.size(); ++i) {
        TimelineRow &row = rows[d.depthOf.empty() ? 0 : d.depthOf[i]];
        const int64_t start = in.start(i), end = in.end(i);
        if (withEvents)
            row.events.push_back(in.index(i));
        const int64_t busy = row.points.back().busy;
        row.points.back() = {start, busy};
        row.points.push_back({end, busy + (end - start)});
    }
    return rows;
}

template <class Event>
std::vector<TimelineRow> rowsOfTable(const std::vector<Event> &table, int track, EventKind kind, RowGroup group,
                                     std::vector<Index> events, size_t threads)
{
    const Depths d = depthsOf(InTableOrder<Event>{table, events}, true);
    if (d.inOrder && d.rowSizes.size() == 1) {
        // One row in the job's order: the job's list of events becomes the row's, not copied.
        std::vector<TimelineRow> rows =
            fillRows(InTableOrder<Event>{table, events}, d, track, kind, group, threads, false);
        rows[0].events = std::move(events);
        return rows;
    }
    if (d.inOrder)
        return fillRows(InTableOrder<Event>{table, events}, d, track, kind, group, threads);
    InSortedCopy copy;
    copy.pending.reserve(events.size());
    for (const Index i : events)
        copy.pending.push_back({table[i].start_ns, clampedEnd(table[i]), i});
    std::stable_sort(copy.pending.begin(), copy.pending.end(),
                     [](const Pending &a, const Pending &b) { return startsBefore(a.start, a.end, b.start, b.end); });
    return fillRows(copy, depthsOf(copy, false), track, kind, group, threads);
}

} // namespace

std::vector<TimelineRow> TimelineModel::nestedRows(const Profile &p, int track, EventKind kind, RowGroup group,
                                                   std::vector<Index> events, size_t threads)
{
    std::vector<TimelineRow> rows = withTable(p, kind, std::vector<TimelineRow>{}, [&](const auto &table) {
        return rowsOfTable(table, track, kind, group, std::move(events), threads);
    });
    for (TimelineRow &row : rows)
        finishRow(row, threads);
    return rows;
}

void TimelineModel::finishRow(TimelineRow &row, size_t threads)
{
    constexpr size_t G = TimelineRow::kGroupSize;
    resizeOnThreads(row.groups, (row.size() + G - 1) / G, threads);
    onThreads(threads, [&](size_t t) {
        const size_t groupCount = row.groups.size();
        for (size_t g = groupCount * t / threads; g < groupCount * (t + 1) / threads; ++g) {
            const size_t first = g * G, last = std::min(first + G, row.size()) - 1;
            TimelineGroup &group = row.groups[g];
            group.firstStart = row.start(first);
            group.lastEnd = row.end(last);
            group.busyBefore = row.busyBefore(first);
            int64_t longest = -1;
            for (size_t i = first; i <= last; ++i)
                if (row.end(i) - row.start(i) > longest) {
                    longest = row.end(i) - row.start(i);
                    group.longestOffset = uint8_t(i - first);
                }
            group.longest = uint32_t(std::min<int64_t>(longest, UINT32_MAX));
        }
    });
    buildCells(row, threads);
}

void TimelineModel::buildCells(TimelineRow &row, size_t threads)
{
    const size_t n = row.size();
    if (n < TimelineRow::kMinCellEvents)
        return;
    const int64_t origin = row.start(0);
    const int64_t span = row.start(n - 1) - origin + 1;
    // Level 0: the narrowest power of two that holds kEventsPerCell events on average.
    const int64_t target = std::max<int64_t>(1, span / int64_t(n) * TimelineRow::kEventsPerCell);
    int shift = 0;
    while ((int64_t(1) << shift) < target)
        ++shift;
    row.cellShift = shift;
    std::vector<TimelineCell> cells;
    resizeOnThreads(cells, size_t(((span - 1) >> shift) + 1), threads);
    // Each thread takes the events that start in its share of the buckets: a bucket is one thread's.
    const auto firstStartingIn = [&](size_t bucket) {
        const int64_t from = origin + (int64_t(bucket) << shift);
        return size_t(std::lower_bound(row.points.begin(), row.points.end() - 1, from,
                                       [](const TimelineRow::Point &p, int64_t t) { return p.start < t; }) -
                      row.points.begin());
    };
    onThreads(threads, [&](size_t t) {
        const size_t end = t + 1 == threads ? n : firstStartingIn(cells.size() * (t + 1) / threads);
        for (size_t i = firstStartingIn(cells.size() * t / threads); i < end; ++i) {
            TimelineCell &cell = cells[size_t((row.start(i) - origin) >> shift)];
            const int64_t duration = row.end(i) - row.start(i);
            const bool first = cell.empty();
            if (first) {
                cell.firstStart = row.start(i);
                cell.firstEvent = uint32_t(i);
            }
            cell.lastEnd = row.end(i);
            cell.busy += float(duration);
            if (first || duration > int64_t(cell.longest)) {
                cell.longest = uint32_t(std::min<int64_t>(duration, UINT32_MAX));
                cell.longestEvent = uint32_t(i);
            }
        }
    });
    uint32_t next = uint32_t(n); // empty buckets point at the next event
    for (size_t j = cells.size(); j-- > 0;)
        if (cells[j].empty())
            cells[j].firstEvent = next;
        else
            next = cells[j].firstEvent;
    row.cellLevels.push_back(std::move(cells));
    while (row.cellLevels.back().size() > 1) {
        const std::vector<TimelineCell> &below = row.cellLevels.back();
        std::vector<TimelineCell> level;
        resizeOnThreads(level, (below.size() + 1) / 2, threads);
        for (size_t j = 0; j < level.size(); ++j) {
            const TimelineCell &a = below[2 * j];
            const TimelineCell &b = 2 * j + 1 < below.size() ? below[2 * j + 1] : TimelineCell{};
            TimelineCell &c = level[j];
            c.firstStart = std::min(a.firstStart, b.firstStart);
            c.lastEnd = std::max(a.lastEnd, b.lastEnd);
            c.firstEvent = a.firstEvent;
            c.busy = a.busy + b.busy;
            const bool second = !b.empty() && (a.empty() || b.longest > a.longest);
            c.longest = second ? b.longest : a.longest;
            c.longestEvent = second ? b.longestEvent : a.longestEvent;
        }
        row.cellLevels.push_back(std::move(level));
    }
}

void TimelineModel::groupByRank()
{
    const Profile &p = profile_;
    if (ranksOf(p).size() < 2)
        return;
    for (TimelineTrack &t : tracks_)
        t.rank = t.kind == TrackKind::CpuThread ? (t.thread < p.threads.size() ? p.threads[t.thread].rank : -1)
                 : t.device >= 0                ? rankOfDevice(p, t.device)
                                                : -1;
    // Rank by rank, each rank's tracks in the order built (GPU streams, memory, threads); the rest last.
    std::vector<size_t> order(tracks_.size());
    std::iota(order.begin(), order.end(), size_t(0));
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        return std::pair(tracks_[a].rank < 0, tracks_[a].rank) < std::pair(tracks_[b].rank < 0, tracks_[b].rank);
    });
    std::vector<TimelineTrack> sorted;
    sorted.reserve(tracks_.size());
    for (size_t i : order)
        sorted.push_back(std::move(tracks_[i]));
    tracks_ = std::move(sorted);
    for (size_t t = 0; t < tracks_.size(); ++t) {
        TimelineTrack &track = tracks_[t];
        for (int r = track.firstRow; r < track.firstRow + track.rowCount; ++r)
            rows_[size_t(r)].track = int(t);
        if (track.rank < 0)
            continue;
        if (groups_.empty() || groups_.back().rank != track.rank) {
            TimelineTrackGroup g;
            g.rank = track.rank;
            g.firstTrack = g.summaryTrack = int(t);
            groups_.push_back(g);
        }
        TimelineTrackGroup &g = groups_.back();
        track.group = int(groups_.size() - 1);
        ++g.trackCount;
        // The first GPU stream with kernels stands for a collapsed rank.
        const TimelineTrack &summary = tracks_[size_t(g.summaryTrack)];
        const bool summaryHasKernels =
            summary.kind == TrackKind::GpuStream && rows_[size_t(summary.summaryRow)].kind == EventKind::Kernel;
        if (!summaryHasKernels && track.kind == TrackKind::GpuStream && track.rowCount > 0 &&
            rows_[size_t(track.summaryRow)].kind == EventKind::Kernel)
            g.summaryTrack = int(t);
    }
    // A rank's title names its GPU when its streams run on one (a trace lists every GPU it can see).
    for (TimelineTrackGroup &g : groups_) {
        std::vector<int32_t> devices;
        for (int t = g.firstTrack; t < g.firstTrack + g.trackCount; ++t)
            if (tracks_[size_t(t)].kind == TrackKind::GpuStream)
                devices.push_back(tracks_[size_t(t)].device);
        std::sort(devices.begin(), devices.end());
        devices.erase(std::unique(devices.begin(), devices.end()), devices.end());
        g.title = QStringLiteral("Rank %1").arg(g.rank);
        if (devices.size() == 1) {
            g.title += QStringLiteral(" · %1").arg(gpuName(p, devices.front()));
            for (const Device &d : p.devices)
                if (d.id == devices.front() && d.name != kNoString)
                    g.title += QStringLiteral(" (%1)").arg(toQString(p.text(d.name)));
        }
    }
}

void TimelineModel::buildCollectiveMatches()
{
    if (groups_.size() < 2)
        return;
    const auto pack = [](EventRef e) { return uint64_t(e.kind) << 32 | e.index; };
    std::map<CollectiveKey, std::vector<EventRef>> matches; // as analyzeRanks matches them: by step, group, order
    for (const Collective &c : collectivesOf(profile_)) {
        const EventRef e =
            c.kernel != kNoIndex ? EventRef{EventKind::Kernel, c.kernel} : EventRef{EventKind::Operator, c.op};
        if (e.valid() && c.matchable)
            matches[c.key].push_back(e);
    }
    matchOffsets_.push_back(0);
    for (const auto &[key, members] : matches) {
        if (members.size() < 2)
            continue;
        const uint32_t match = uint32_t(matchOffsets_.size() - 1);
        for (const EventRef &e : members) {
            collectiveMatch_.emplace_back(pack(e), match);
            matchMembers_.push_back(e);
        }
        matchOffsets_.push_back(uint32_t(matchMembers_.size()));
    }
    std::sort(collectiveMatch_.begin(), collectiveMatch_.end());
}

std::vector<EventRef> TimelineModel::sameCollectiveOnOtherRanks(EventRef event) const
{
    const uint64_t key = uint64_t(event.kind) << 32 | event.index;
    const auto it = std::lower_bound(collectiveMatch_.begin(), collectiveMatch_.end(), std::pair(key, uint32_t(0)));
    if (it == collectiveMatch_.end() || it->first != key)
        return {};
    std::vector<EventRef> others;
    for (uint32_t m = matchOffsets_[it->second]; m < matchOffsets_[it->second + 1]; ++m)
        if (matchMembers_[m] != event)
            others.push_back(matchMembers_[m]);
    return others;
}

void TimelineModel::buildLinks()
{
    const Profile &p = profile_;
    opKernelOffsets_.assign(p.operators.size() + 1, 0);
    for (const Kernel &k : p.kernels)
        if (k.op < p.operators.size())
            ++opKernelOffsets_[k.op + 1];
    for (size_t o = 0; o < p.operators.size(); ++o)
        opKernelOffsets_[o + 1] += opKernelOffsets_[o];
    opKernels_.resize(opKernelOffsets_.back());
    std::vector<uint32_t> fill(opKernelOffsets_.begin(), opKernelOffsets_.end() - 1);
    for (Index k = 0; k < p.kernels.size(); ++k)
        if (p.kernels[k].op < p.operators.size())
            opKernels_[fill[p.kernels[k].op]++] = k;
    for (size_t o = 0; o < p.operators.size(); ++o)
        std::stable_sort(opKernels_.begin() + opKernelOffsets_[o], opKernels_.begin() + opKernelOffsets_[o + 1],
                         [&](Index a, Index b) { return p.kernels[a].start_ns < p.kernels[b].start_ns; });

    // Only the calls that launched a kernel or a memory operation are looked up (launchOf): on an nsys
    // export 1 API call in 14. Correlation ids are small numbers, counted up by CUPTI, so a bit per id
    // says which are launches; should they not be, every call is kept.
    uint32_t highest = 0;
    for (const Kernel &k : p.kernels)
        highest = std::max(highest, k.correlation_id);
    for (const MemoryOp &m : p.memory_ops)
        highest = std::max(highest, m.correlation_id);
    const bool dense = size_t(highest) <= 64 * (p.kernels.size() + p.memory_ops.size() + p.api_calls.size()) + 4096;
    std::vector<bool> launches;
    if (dense) {
        launches.resize(size_t(highest) + 1);
        for (const Kernel &k : p.kernels)
            launches[k.correlation_id] = true;
        for (const MemoryOp &m : p.memory_ops)
            launches[m.correlation_id] = true;
    }
    for (Index i = 0; i < p.api_calls.size(); ++i) {
        const uint32_t id = p.api_calls[i].correlation_id;
        if (id != 0 && (!dense || (id < launches.size() && launches[id])))
            apiByCorrelation_.emplace_back(id, i);
    }
    if (!std::is_sorted(apiByCorrelation_.begin(), apiByCorrelation_.end()))
        std::sort(apiByCorrelation_.begin(), apiByCorrelation_.end());
}

int TimelineModel::rowOf(EventRef event) const
{
    if (!event.valid())
        return -1;
    const std::vector<uint32_t> &rows = rowOf_[size_t(event.kind)];
    return event.index < rows.size() && rows[event.index] != UINT32_MAX ? int(rows[event.index]) : -1;
}

int64_t TimelineModel::startOf(EventRef event) const
{
    return withTable(profile_, event.kind, int64_t(0),
                     [&](const auto &table) { return event.index < table.size() ? table[event.index].start_ns : 0; });
}

int64_t TimelineModel::endOf(EventRef event) const
{
    return withTable(profile_, event.kind, int64_t(0), [&](const auto &table) {
        return event.index < table.size() ? clampedEnd(table[event.index]) : 0;
    });
}

std::span<const Index> TimelineModel::kernelsOfOperator(Index op) const
{
    if (op >= profile_.operators.size())
        return {};
    return std::span<const Index>(opKernels_)
        .subspan(opKernelOffsets_[op], opKernelOffsets_[op + 1] - opKernelOffsets_[op]);
}

Index TimelineModel::launchOf(EventRef event) const
{
    uint32_t correlation = 0;
    if (event.kind == EventKind::Kernel && event.index < profile_.kernels.size())
        correlation = profile_.kernels[event.index].correlation_id;
    else if (event.kind == EventKind::MemoryOp && event.index < profile_.memory_ops.size())
        correlation = profile_.memory_ops[event.index].correlation_id;
    if (correlation == 0)
        return kNoIndex;
    const auto it = std::lower_bound(apiByCorrelation_.begin(), apiByCorrelation_.end(),
                                     std::pair<uint32_t, Index>(correlation, 0));
    return it != apiByCorrelation_.end() && it->first == correlation ? it->second : kNoIndex;
}

QString TimelineModel::label(EventRef event) const
{
    const Profile &p = profile_;
    const Index i = event.index;
    switch (event.kind) {
    case EventKind::Kernel:
        if (i < p.kernels.size())
            return toQString(shortKernelName(p.kernelDisplayName(i), TemplateArguments::Drop));
        break;
    case EventKind::MemoryOp:
        if (i < p.memory_ops.size()) {
            const MemoryOp &m = p.memory_ops[i];
            if (m.kind == MemoryOpKind::Memset)
                return QStringLiteral("Memset");
            switch (m.copy_kind) {
            case 1:
                return QStringLiteral("Memcpy HtoD");
            case 2:
                return QStringLiteral("Memcpy DtoH");
            case 8:
                return QStringLiteral("Memcpy DtoD");
            case 10:
                return QStringLiteral("Memcpy PtoP");
            default:
                return QStringLiteral("Memcpy");
            }
        }
        break;
    case EventKind::Operator:
        if (i < p.operators.size())
            return toQString(p.text(p.operators[i].name));
        break;
    case EventKind::Range:
        if (i < p.ranges.size())
            return toQString(p.text(p.ranges[i].text));
        break;
    case EventKind::ApiCall:
        if (i < p.api_calls.size())
            return toQString(p.text(p.api_calls[i].name));
        break;
    case EventKind::Module:
        if (i < p.modules.size()) { // "optimizer [AdamW]", "backward"
            ModuleNode node;        // labelled as the module tree labels its node
            node.path = p.text(p.modules[i].path);
            node.className = p.text(p.modules[i].class_name);
            return toQString(node.label());
        }
        break;
    case EventKind::None:
        break;
    }
    return {};
}

} // namespace opscope::ui
