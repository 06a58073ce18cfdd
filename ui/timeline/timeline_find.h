#pragma once
// A timeline's find state: the events whose name matches a pattern, in start order, and the match
// stepped to last; after the next/previous-item search of Qt Creator's TimelineModel, kept out of
// the view so it can be tested without one.

#include "timeline/timeline_model.h"

#include <QString>

#include <cstdint>
#include <utility>
#include <vector>

namespace opscope::ui {

class TimelineFind {
public:
    // Collects the events on `model`'s rows whose name matches `pattern` (case-insensitive text, or a
    // regular expression), in start order; kernels match on their full or shortened name. An empty
    // or invalid pattern, or no model, leaves no matches. How many there are.
    int search(const TimelineModel *model, const QString &pattern, bool regex);
    void clear();

    // Steps to the match after (direction 1) or before (-1) the current one when `selection` is the
    // current one; else to the nearest match after (before) `selection`'s start, or at or after
    // `windowStart` when nothing is selected; wraps around. The new current match, -1 when none.
    int step(int direction, const TimelineModel &model, EventRef selection, int64_t windowStart);

    const std::vector<EventRef> &matches() const { return matches_; }
    int current() const { return current_; } // -1 before the first step
    // The matches [first, last) that may overlap [startNs, endNs]: they start at most the longest
    // match's duration before it.
    std::pair<size_t, size_t> overlapping(int64_t startNs, int64_t endNs) const;

private:
    std::vector<EventRef> matches_; // by start
    std::vector<int64_t> starts_;   // theirs
    int64_t longest_ = 0;           // the longest match's duration
    int current_ = -1;
};

} // namespace opscope::ui
