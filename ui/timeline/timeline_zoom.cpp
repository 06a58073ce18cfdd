#include "timeline/timeline_zoom.h"

#include <algorithm>
#include <cmath>

namespace opscope::ui {

void TimelineZoom::reset(int64_t traceStart, int64_t traceEnd, int64_t zero)
{
    origin_ = traceStart;
    trace_ = double(traceEnd - traceStart);
    tickShift_ = double(zero - origin_);
    extentStart_ = 0;
    extentEnd_ = trace_;
}

int64_t TimelineZoom::visibleStart() const
{
    return origin_ + int64_t(std::llround(start_));
}

int64_t TimelineZoom::visibleEnd() const
{
    return origin_ + int64_t(std::llround(start_ + span_));
}

void TimelineZoom::setWindow(double start, double span)
{
    span_ = std::clamp(span, kMinSpanNs, maxSpan());
    // Keep a tenth of the window on the extent so one cannot get lost in empty time.
    start_ = std::clamp(start, extentStart_ - span_ * 0.9, extentEnd_ - span_ * 0.1);
}

void TimelineZoom::setVisibleRange(int64_t startNs, int64_t endNs)
{
    setWindow(double(startNs - origin_), double(std::max<int64_t>(endNs - startNs, 1)));
}

void TimelineZoom::fitAll()
{
    if (trace_ <= 0) {
        setWindow(0, 1e6);
        return;
    }
    setWindow(-trace_ * 0.01, trace_ * 1.02);
}

void TimelineZoom::fitRange(int64_t startNs, int64_t endNs)
{
    const double span = std::max(double(endNs - startNs), kMinSpanNs);
    setWindow(double(startNs - origin_) - span * 0.1, span * 1.2);
}

void TimelineZoom::zoomAt(double fraction, double factor)
{
    const double anchor = start_ + fraction * span_;
    const double span = std::clamp(span_ * factor, kMinSpanNs, maxSpan());
    setWindow(anchor - fraction * span, span);
}

bool TimelineZoom::reveal(int64_t startNs, int64_t endNs)
{
    const double start = double(startNs - origin_);
    const double end = double(endNs - origin_);
    if (end >= start_ && start <= start_ + span_)
        return false;
    setWindow((start + end) / 2 - span_ / 2, span_);
    return true;
}

double TimelineZoom::maxSpan() const
{
    return std::max((extentEnd_ - extentStart_) * 4, 1e6);
}

void TimelineZoom::setExtent(int64_t startNs, int64_t endNs)
{
    extentStart_ = double(startNs - origin_);
    extentEnd_ = double(std::max(startNs, endNs) - origin_);
    setWindow(start_, span_);
}

} // namespace opscope::ui
