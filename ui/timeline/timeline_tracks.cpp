#include "timeline/timeline_tracks.h"

#include "timeline/timeline_labels.h"

#include "common/qt_text.h"

#include "opscope/concurrency/parallel.h"
#include "opscope/gpu_annotation.h"
#include "opscope/phases.h"

#include <algorithm>
#include <tuple>

namespace opscope::ui {

namespace {

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

// A GPU-side annotation sits on a stream's track: the Kineto importer names its stream in Range::domain
// the way Kineto labels the lane, "GPU 0 stream 7".
bool onGpuLane(const Profile &p, const Range &r)
{
    int32_t device;
    uint32_t stream;
    return r.kind == RangeKind::GpuUserAnnotation && gpuAnnotationLane(p.text(r.domain), device, stream);
}

void addGpuTracks(const Profile &p, TrackPlan &plan)
{
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
        const int trackIndex = int(plan.tracks.size());
        plan.tracks.push_back(track);
        // Annotations above the kernels they enclose, as on a CPU track.
        plan.jobs.push_back({trackIndex, EventKind::Range, RowGroup::GpuAnnotations, std::move(annotations[k]), {}});
        plan.jobs.push_back({trackIndex, EventKind::Kernel, RowGroup::Kernels, std::move(kernels[k]), {}});
        plan.jobs.push_back({trackIndex, EventKind::MemoryOp, RowGroup::Memory, std::move(memory[k]), {}});
    }
}

void addMemoryTracks(const Profile &p, const MemoryReport &memory, TrackPlan &plan)
{
    for (const DeviceMemory &d : memory.devices) {
        if (d.curve.empty())
            continue;
        TimelineTrack track;
        track.kind = TrackKind::DeviceMemory;
        track.device = d.device;
        track.title =
            d.device < 0 ? QStringLiteral("Memory · host") : QStringLiteral("Memory · %1").arg(gpuName(p, d.device));
        track.memoryCurve = int(plan.memoryCurves.size());
        plan.memoryCurves.push_back(MemoryCurve::from(d, d.curve.back().time_ns));
        TimelineRow row;
        row.kind = EventKind::None;
        row.group = RowGroup::MemoryCurve;
        row.track = int(plan.tracks.size());
        row.points.push_back({d.curve.back().time_ns, 0}); // no events: the row's end alone
        plan.curveRows.push_back(std::move(row));
        plan.tracks.push_back(track);
    }
}

QString threadTitle(const Profile &p, const Thread &t, bool multipleProcesses)
{
    const QString name = toQString(p.text(t.name));
    const QString tid = QString::number(t.tid);
    // Importers often name a thread after its id already ("thread 2857 (python3)").
    QString title = name.isEmpty()       ? QStringLiteral("Thread %1").arg(tid)
                    : name.contains(tid) ? name
                                         : QStringLiteral("%1 [%2]").arg(name, tid);
    if (multipleProcesses)
        title += QStringLiteral("  (pid %1)").arg(t.pid);
    return title;
}

void addCpuTracks(const Profile &p, size_t threads, TrackPlan &plan)
{
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
    forEachIndex(3, threads, [&](size_t table) {
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
            track.thread = Index(slot - 1);
            track.title = threadTitle(p, p.threads[slot - 1], multipleProcesses);
        }
        const int trackIndex = int(plan.tracks.size());
        plan.tracks.push_back(track);
        for (size_t g = 0; g < kGroups; ++g) {
            const RowGroup group = kCpuGroupOrder[g];
            const EventKind kind = group == RowGroup::Operators ? EventKind::Operator
                                   : group == RowGroup::CudaApi ? EventKind::ApiCall
                                   : group == RowGroup::Phases  ? EventKind::Module
                                                                : EventKind::Range;
            plan.jobs.push_back({trackIndex, kind, group, std::move(buckets[slot * kGroups + g]), {}});
        }
    }
}

} // namespace

TrackPlan planTracks(const Profile &profile, const MemoryReport *memory, size_t threads)
{
    TrackPlan plan;
    addGpuTracks(profile, plan);
    if (memory)
        addMemoryTracks(profile, *memory, plan); // under the GPU streams
    addCpuTracks(profile, threads, plan);
    return plan;
}

void appendTrackRows(TrackPlan &plan, TimelineRowIndex &rows)
{
    size_t job = 0, curve = 0; // both in track order
    const auto appendJob = [&] { rows.append(plan.jobs[job++].rows); };
    for (TimelineTrack &track : plan.tracks) {
        track.firstRow = track.summaryRow = int(rows.rows().size());
        switch (track.kind) {
        case TrackKind::DeviceMemory:
            rows.append(std::move(plan.curveRows[curve++]));
            break;
        case TrackKind::GpuStream:
            appendJob(); // annotations
            if (!plan.jobs[job].rows.empty())
                track.summaryRow = int(rows.rows().size());
            appendJob(); // kernels
            appendJob(); // memory operations
            break;
        case TrackKind::CpuThread:
            for (const RowGroup group : kCpuGroupOrder) {
                if (group == RowGroup::Operators)
                    track.summaryRow = int(rows.rows().size());
                appendJob();
            }
            break;
        }
        track.rowCount = int(rows.rows().size()) - track.firstRow;
        if (track.summaryRow >= track.firstRow + track.rowCount)
            track.summaryRow = track.firstRow;
    }
}

} // namespace opscope::ui
