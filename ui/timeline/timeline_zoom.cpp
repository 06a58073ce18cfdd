#include "timeline/timeline_zoom.h"
#include "timeline/timeline_coordinates.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace opscope::ui {

void TimelineZoom::reset(int64_t traceStart, int64_t traceEnd, int64_t zero)
{
    origin_ = traceStart;
    trace_ = timeDifference(traceEnd, traceStart);
    tickShift_ = timeDifference(zero, origin_);
    extentStart_ = 0;
    extentEnd_ = trace_;
}

int64_t TimelineZoom::visibleStart() const
{
    return timeAfter(origin_, std::round(start_));
}

int64_t TimelineZoom::visibleEnd() const
{
    return timeAfter(origin_, std::round(start_ + span_));
}

void TimelineZoom::setWindow(double start, double span)
{
    span_ = std::clamp(span, kMinSpanNs, maxSpan());
    // The window stays on the extent: no empty time before the capture (negative times on the ruler), and
    // after it only the air that keeps the last event off the edge. An extent narrower than the deepest
    // zoom sits in the middle; an empty one at the start.
    const double extent = extentEnd_ - extentStart_, end = extentEnd_ + extent * kEndAir;
    if (end - extentStart_ >= span_)
        start_ = std::clamp(start, extentStart_, end - span_);
    else
        start_ = extent > 0 ? extentStart_ - (span_ - extent) / 2 : extentStart_;
}

void TimelineZoom::setVisibleRange(int64_t startNs, int64_t endNs)
{
    setWindow(timeDifference(startNs, origin_), std::max(timeDifference(endNs, startNs), 1.0));
}

void TimelineZoom::fitAll()
{
    setWindow(0, trace_ > 0 ? trace_ * (1 + kEndAir) : kEmptySpanNs);
}

void TimelineZoom::fitRange(int64_t startNs, int64_t endNs)
{
    const double span = std::max(timeDifference(endNs, startNs), kMinSpanNs);
    setWindow(timeDifference(startNs, origin_) - span * 0.1, span * 1.2);
}

void TimelineZoom::zoomAt(double fraction, double factor)
{
    const double anchor = start_ + fraction * span_;
    const double span = std::clamp(span_ * factor, kMinSpanNs, maxSpan());
    setWindow(anchor - fraction * span, span);
}

bool TimelineZoom::reveal(int64_t startNs, int64_t endNs)
{
    const double start = timeDifference(startNs, origin_);
    const double end = timeDifference(endNs, origin_);
    if (end >= start_ && start <= start_ + span_)
        return false;
    setWindow((start + end) / 2 - span_ / 2, span_);
    return true;
}

void TimelineZoom::setTimeZero(int64_t ns)
{
    tickShift_ = timeDifference(ns, origin_);
}

int64_t TimelineZoom::timeZero() const
{
    return timeAfter(origin_, std::trunc(tickShift_));
}

double TimelineZoom::maxSpan() const
{
    const double extent = extentEnd_ - extentStart_;
    return extent > 0 ? std::max(extent * (1 + kEndAir), kMinSpanNs) : kEmptySpanNs;
}

void TimelineZoom::setExtent(int64_t startNs, int64_t endNs)
{
    extentStart_ = timeDifference(startNs, origin_);
    extentEnd_ = timeDifference(std::max(startNs, endNs), origin_);
    setWindow(start_, span_);
}

} // namespace opscope::ui
