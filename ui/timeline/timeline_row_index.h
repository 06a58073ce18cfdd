#pragma once
// Every row of the timeline in the order shown, and for each event of the profile the row that holds
// it. Qt-free, part of the row index library (timeline_rows.h).

#include "timeline/timeline_rows.h"

#include "opscope/profile.h"

#include <cstdint>
#include <vector>

namespace opscope::ui {

class TimelineRowIndex {
public:
    // No rows; every event of `profile` in none (rowOf: -1) until a row holding it is appended.
    void reset(const Profile &profile);
    // Appends `rows` in their order, records which row each of their events is in, and frees the vector.
    void append(std::vector<TimelineRow> &rows);
    void append(TimelineRow row);

    const std::vector<TimelineRow> &rows() const { return rows_; }
    std::vector<TimelineRow> &rows() { return rows_; } // for renumbering their tracks (rank groups)
    // The row holding `event`, or -1 when no row does.
    int rowOf(EventRef event) const;

private:
    std::vector<TimelineRow> rows_;
    std::vector<uint32_t> rowOf_[kEventKindCount]; // UINT32_MAX: in no row
};

} // namespace opscope::ui
