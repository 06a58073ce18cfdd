#include "timeline/timeline_rank_groups.h"

#include "timeline/timeline_labels.h"

#include "common/qt_text.h"

#include "opscope/ranks.h"

#include <algorithm>
#include <numeric>
#include <utility>

namespace opscope::ui {

namespace {

// "Rank 1 · GPU 1 (NVIDIA H200)": a rank's title names its GPU when its streams run on one (a trace
// lists every GPU it can see).
QString groupTitle(const Profile &p, const TimelineTrackGroup &g, const std::vector<TimelineTrack> &tracks)
{
    std::vector<int32_t> devices;
    for (int t = g.firstTrack; t < g.firstTrack + g.trackCount; ++t)
        if (tracks[size_t(t)].kind == TrackKind::GpuStream)
            devices.push_back(tracks[size_t(t)].device);
    std::sort(devices.begin(), devices.end());
    devices.erase(std::unique(devices.begin(), devices.end()), devices.end());
    QString title = QStringLiteral("Rank %1").arg(g.rank);
    if (devices.size() == 1) {
        title += QStringLiteral(" · %1").arg(gpuName(p, devices.front()));
        for (const Device &d : p.devices)
            if (d.id == devices.front() && d.name != kNoString)
                title += QStringLiteral(" (%1)").arg(toQString(p.text(d.name)));
    }
    return title;
}

} // namespace

std::vector<TimelineTrackGroup> groupTracksByRank(const Profile &p, std::vector<TimelineTrack> &tracks,
                                                  std::vector<TimelineRow> &rows)
{
    std::vector<TimelineTrackGroup> groups;
    if (ranksOf(p).size() < 2)
        return groups;
    for (TimelineTrack &t : tracks)
        t.rank = t.kind == TrackKind::CpuThread ? (t.thread < p.threads.size() ? p.threads[t.thread].rank : -1)
                 : t.device >= 0                ? rankOfDevice(p, t.device)
                                                : -1;
    // Rank by rank, each rank's tracks in the order built (GPU streams, memory, threads); the rest last.
    std::vector<size_t> order(tracks.size());
    std::iota(order.begin(), order.end(), size_t(0));
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        return std::pair(tracks[a].rank < 0, tracks[a].rank) < std::pair(tracks[b].rank < 0, tracks[b].rank);
    });
    std::vector<TimelineTrack> sorted;
    sorted.reserve(tracks.size());
    for (size_t i : order)
        sorted.push_back(std::move(tracks[i]));
    tracks = std::move(sorted);
    for (size_t t = 0; t < tracks.size(); ++t) {
        TimelineTrack &track = tracks[t];
        for (int r = track.firstRow; r < track.firstRow + track.rowCount; ++r)
            rows[size_t(r)].track = int(t);
        if (track.rank < 0)
            continue;
        if (groups.empty() || groups.back().rank != track.rank) {
            TimelineTrackGroup g;
            g.rank = track.rank;
            g.firstTrack = g.summaryTrack = int(t);
            groups.push_back(g);
        }
        TimelineTrackGroup &g = groups.back();
        track.group = int(groups.size() - 1);
        ++g.trackCount;
        // The first GPU stream with kernels stands for a collapsed rank.
        const TimelineTrack &summary = tracks[size_t(g.summaryTrack)];
        const bool summaryHasKernels =
            summary.kind == TrackKind::GpuStream && rows[size_t(summary.summaryRow)].kind == EventKind::Kernel;
        if (!summaryHasKernels && track.kind == TrackKind::GpuStream && track.rowCount > 0 &&
            rows[size_t(track.summaryRow)].kind == EventKind::Kernel)
            g.summaryTrack = int(t);
    }
    for (TimelineTrackGroup &g : groups)
        g.title = groupTitle(p, g, tracks);
    return groups;
}

} // namespace opscope::ui
