#pragma once
// Rank grouping: in a profile of several ranks (docs/ranks.md), each track gets its rank, the tracks
// are ordered rank by rank, and each rank's tracks become one group with a header of its own.

#include "timeline/timeline_rows.h"
#include "timeline/timeline_tracks.h"

#include "opscope/profile.h"

#include <QString>

#include <cstdint>
#include <vector>

namespace opscope::ui {

// The tracks of one rank: consecutive tracks, its GPU streams first, then its memory and its threads,
// as one rank alone would show them. A collapsed group shows the summary row of its summaryTrack (its
// first GPU stream's kernels) in its header.
struct TimelineTrackGroup {
    QString title; // "Rank 1 · GPU 1 (NVIDIA H200)"
    int32_t rank = -1;
    int firstTrack = 0;
    int trackCount = 0;
    int summaryTrack = 0;
};

// With two ranks or more: sets each track's rank and group, reorders `tracks` rank by rank (each rank's
// tracks in the order built, tracks without a rank last), renumbers the rows' tracks to match, and
// returns one group per rank in rank order. Otherwise changes nothing and returns no group.
std::vector<TimelineTrackGroup> groupTracksByRank(const Profile &p, std::vector<TimelineTrack> &tracks,
                                                  std::vector<TimelineRow> &rows);

} // namespace opscope::ui
