#pragma once
// The palette slot of every event a timeline shows, one byte each, so painting never follows an
// event into the profile for its colour: per row, per event; per TimelineGroup, its longest event's
// slot; per pyramid level and bucket, its longest event's slot. Recomputed when the colour mode changes.

#include "common/palette.h"
#include "timeline/timeline_model.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace opscope::ui {

// One row's slots, as the row painters read them.
struct RowSlots {
    const std::vector<uint8_t> &events;
    const std::vector<uint8_t> &groups;
    const std::vector<std::vector<uint8_t>> &cells; // per level, per bucket
};

class TimelineSlots {
public:
    // Slots of `model`'s events in `mode`, from `colors` (none: no rows).
    void compute(const TimelineModel *model, ColorCache *colors, ColorMode mode);
    RowSlots row(int row) const { return {events_[size_t(row)], groups_[size_t(row)], cells_[size_t(row)]}; }

private:
    std::vector<std::vector<uint8_t>> events_;
    std::vector<std::vector<uint8_t>> groups_;
    std::vector<std::vector<std::vector<uint8_t>>> cells_;
};

// A model's slots in both colour modes: a capture's are computed with its model on the loader's
// thread (a second each at tens of millions of events), so neither opening it nor switching the
// colour mode holds up the GUI thread.
struct TimelineColoring {
    TimelineSlots byMode[2]; // indexed by ColorMode
    const TimelineSlots &forMode(ColorMode mode) const { return byMode[size_t(mode)]; }
};
std::shared_ptr<const TimelineColoring> colorTimeline(const TimelineModel &model);

} // namespace opscope::ui
