#pragma once
// What the timeline shows, as an index over a Profile: tracks (a CPU thread, a GPU stream, a device's
// memory) made of rows (timeline_rows.h), grouped by rank in a profile of several, with the links
// between events and the text of their boxes. The model puts together the pieces, one job each:
//   timeline_rows.h, timeline_row_summaries.h  a row and how events become rows (Qt-free)
//   timeline_row_index.h                       every row, and the row of each event (Qt-free)
//   timeline_scheduling.h                      threads and fresh pages of the build (Qt-free)
//   timeline_links.h                           operator -> kernels, kernel -> launch, collectives (Qt-free)
//   timeline_tracks.h                          which tracks, their titles, which events in each
//   timeline_rank_groups.h                     a group of tracks per rank
//   timeline_labels.h                          the text of a box, a GPU's name
// The Qt-free pieces are the library opscope_timeline_index (ui/CMakeLists.txt), tested on its own by
// tst_timeline_rows.
//
// The model is immutable once built, so it can be built on a worker thread.

#include "timeline/timeline_links.h"
#include "timeline/timeline_memory.h"
#include "timeline/timeline_rank_groups.h"
#include "timeline/timeline_row_index.h"
#include "timeline/timeline_rows.h"
#include "timeline/timeline_steps.h"
#include "timeline/timeline_tracks.h"

#include "opscope/profile.h"

#include <QString>

#include <cstdint>
#include <span>
#include <vector>

namespace opscope::ui {

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
    const std::vector<TimelineRow> &rows() const { return rows_.rows(); }
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
    const Profile &profile_;
    std::vector<TimelineTrack> tracks_;
    std::vector<TimelineTrackGroup> groups_;
    TimelineRowIndex rows_;
    std::vector<MemoryCurve> memoryCurves_;
    TimelineLinks links_;
    size_t eventCount_ = 0;
    int64_t traceStart_ = 0;
    int64_t traceEnd_ = 0;
    int64_t timeOrigin_ = 0;
    std::vector<TimelineStep> steps_;
    std::vector<TimelineStep> phases_;
};

} // namespace opscope::ui
