#pragma once
// A timeline's visible window and where it may go, after Qt Creator's TimelineZoomControl: the trace,
// the extent the window may roam (the trace, unless two timelines share an axis), the window itself,
// and the instant the ruler counts from. Times are absolute ns; the window is kept relative to the
// trace start (the origin) in doubles, so zooming to nanoseconds stays exact on epoch-based timestamps.

#include <cstdint>

namespace opscope::ui {

class TimelineZoom {
public:
    static constexpr double kMinSpanNs = 50;    // the deepest zoom: 50 ns across the time area
    static constexpr double kEmptySpanNs = 1e6; // the window of an empty trace: 1 ms from its start
    static constexpr double kEndAir = 0.01;     // past the extent's end, a hundredth of it: the last event
                                                // keeps its last column

    // A new trace [start, end) with the ruler counting from `zero`; the extent becomes the trace. The
    // window keeps its numbers: fitAll() shows the new trace.
    void reset(int64_t traceStart, int64_t traceEnd, int64_t zero);

    int64_t origin() const { return origin_; }
    double start() const { return start_; } // the window's start, relative to origin()
    double span() const { return span_; }
    int64_t visibleStart() const;
    int64_t visibleEnd() const;

    // Moves the window to [start, start + span) relative to origin(): the span kept within
    // [kMinSpanNs, maxSpan()], the window within the extent and its air (zooming out stops at the capture).
    void setWindow(double start, double span);
    void setVisibleRange(int64_t startNs, int64_t endNs);
    // The whole trace from its start, and the air after it; 1 ms from the origin when it is empty.
    void fitAll();
    // [startNs, endNs) (at least kMinSpanNs) and a tenth of it either side.
    void fitRange(int64_t startNs, int64_t endNs);
    // Zooms by `factor` (< 1 zooms in) keeping the time at `fraction` of the window where it is.
    void zoomAt(double fraction, double factor);
    // Keeps the zoom and centres [startNs, endNs] when none of it is in the window; whether it moved.
    bool reveal(int64_t startNs, int64_t endNs);
    // The widest window: the extent and its air (kEmptySpanNs when it is empty), at least kMinSpanNs.
    double maxSpan() const;

    // Where the window may go (absolute ns): two timelines on one axis get the same extent relative to
    // their zeros, so neither stops where the other goes on. The window is clamped to it again.
    void setExtent(int64_t startNs, int64_t endNs);

    // The instant the ruler and the tooltips count from (absolute ns).
    void setTimeZero(int64_t ns);
    int64_t timeZero() const;
    double tickShift() const { return tickShift_; } // timeZero() relative to origin()

private:
    int64_t origin_ = 0;
    double trace_ = 0; // the trace's length
    double start_ = 0;
    double span_ = 1e6;
    double tickShift_ = 0;
    double extentStart_ = 0, extentEnd_ = 0; // relative to origin_
};

} // namespace opscope::ui
