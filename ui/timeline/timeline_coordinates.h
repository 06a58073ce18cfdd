#pragma once
// The timeline's time <-> pixel mapping, in one place: TimelineView's geometry (xForTime, timeAtX,
// hit testing, the ruler) and both row painters (timeline_paint.cpp, timeline_paint_cells.cpp) read
// it. Times are absolute ns on the profile's timebase; the window's start is relative to `origin`
// in a double, so zooming to nanoseconds stays exact on epoch-based timestamps.

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace opscope::ui {

struct TimelineCoordinates {
    // The window [origin + viewStart, + viewSpan) across `width` pixel columns, the first at x = left.
    TimelineCoordinates(int64_t origin, double viewStart, double viewSpan, int left, int width)
        : origin(origin), viewStart(viewStart), viewSpan(viewSpan), left(left), width(width),
          pxPerNs(std::max(1, width) / viewSpan), nsPerPx(viewSpan / std::max(1, width))
    {
    }

    const int64_t origin;
    const double viewStart; // relative to origin
    const double viewSpan;
    const int left;
    const int width;
    const double pxPerNs;
    const double nsPerPx;

    // ---- Viewport x ----
    double xForRel(double relNs) const { return left + (relNs - viewStart) / nsPerPx; }
    double xForTime(int64_t ns) const { return xForRel(double(ns - origin)); }
    double relAtX(double x) const { return viewStart + (x - left) * nsPerPx; } // relative to origin
    int64_t timeAtX(double x) const { return origin + int64_t(std::llround(relAtX(x))); }

    // ---- Pixel columns, 0 at `left` (the row painters' unit) ----
    double columnOf(int64_t ns) const { return (double(ns - origin) - viewStart) * pxPerNs; }
    // Clamped before converting: events far outside the window must not overflow an int.
    double clampColumn(double u) const { return std::clamp(u, -2.0, width + 2.0); }
    int roundColumn(double u) const { return int(std::lround(clampColumn(u))); }
    int floorColumn(double u) const { return int(std::floor(clampColumn(u))); }
    // The first instant (absolute ns) of column c.
    int64_t columnStart(int c) const { return origin + int64_t(std::ceil(viewStart + c * nsPerPx)); }

    // The window widened to whole nanoseconds (absolute, end exclusive): what a row looks up.
    int64_t windowFirst() const { return origin + int64_t(std::floor(viewStart)); }
    int64_t windowEnd() const { return origin + int64_t(std::ceil(viewStart + viewSpan)) + 1; }
};

} // namespace opscope::ui
