#pragma once
// The timeline's time <-> pixel mapping, in one place: TimelineView's geometry (xForTime, timeAtX,
// hit testing, the ruler) and both row painters (timeline_paint.cpp, timeline_paint_cells.cpp) read
// it. Times are absolute ns on the profile's timebase; the window's start is relative to `origin`
// in a double, so zooming to nanoseconds stays exact on epoch-based timestamps.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

namespace opscope::ui {

// a - b in ns: exact wherever int64 holds it; for times more than 2^63 ns apart (only crafted files have
// them: a kernel from INT64_MIN to INT64_MAX is kept) the nearest double instead of an overflow.
inline double timeDifference(int64_t a, int64_t b)
{
    int64_t d = 0;
    return __builtin_sub_overflow(a, b, &d) ? double(a) - double(b) : double(d);
}

// origin + a whole number of ns (`wholeNs` already rounded as the caller needs), held at int64's ends
// instead of wrapping.
inline int64_t timeAfter(int64_t origin, double wholeNs)
{
    constexpr double kLimit = 9.2e18; // just inside int64's range
    const int64_t step = wholeNs >= kLimit    ? std::numeric_limits<int64_t>::max()
                         : wholeNs <= -kLimit ? std::numeric_limits<int64_t>::min()
                                              : int64_t(wholeNs);
    int64_t sum = 0;
    if (!__builtin_add_overflow(origin, step, &sum))
        return sum;
    return step > 0 ? std::numeric_limits<int64_t>::max() : std::numeric_limits<int64_t>::min();
}

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
    double xForTime(int64_t ns) const { return xForRel(timeDifference(ns, origin)); }
    double relAtX(double x) const { return viewStart + (x - left) * nsPerPx; } // relative to origin
    int64_t timeAtX(double x) const { return timeAfter(origin, std::round(relAtX(x))); }

    // ---- Pixel columns, 0 at `left` (the row painters' unit) ----
    double columnOf(int64_t ns) const { return (timeDifference(ns, origin) - viewStart) * pxPerNs; }
    // Clamped before converting: events far outside the window must not overflow an int.
    double clampColumn(double u) const { return std::clamp(u, -2.0, width + 2.0); }
    int roundColumn(double u) const { return int(std::lround(clampColumn(u))); }
    int floorColumn(double u) const { return int(std::floor(clampColumn(u))); }
    // The first instant (absolute ns) of column c.
    int64_t columnStart(int c) const { return timeAfter(origin, std::ceil(viewStart + c * nsPerPx)); }

    // The window widened to whole nanoseconds (absolute, end exclusive): what a row looks up.
    int64_t windowFirst() const { return timeAfter(origin, std::floor(viewStart)); }
    int64_t windowEnd() const { return timeAfter(origin, std::ceil(viewStart + viewSpan) + 1); }
};

} // namespace opscope::ui
