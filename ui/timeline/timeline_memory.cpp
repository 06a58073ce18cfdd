// A device's memory curve on the timeline (timeline_memory.h): the column look-ups and the painter.
#include "timeline/timeline_memory.h"

#include "common/value_format.h"
#include "timeline/timeline_coordinates.h"
#include "timeline/timeline_util.h"

#include <QObject>
#include <QPainter>
#include <QPalette>

#include <algorithm>
#include <cmath>
#include <vector>

namespace opscope::ui {

MemoryCurve MemoryCurve::from(const DeviceMemory &device, int64_t end)
{
    MemoryCurve c;
    c.device = device.device;
    const size_t n = device.curve.size();
    c.times.reserve(n);
    c.allocated.reserve(n);
    c.reserved.reserve(n);
    for (const MemoryPoint &p : device.curve) {
        c.times.push_back(p.time_ns);
        c.allocated.push_back(p.allocated);
        c.reserved.push_back(p.reserved);
        c.scale = std::max({c.scale, p.allocated, p.reserved});
    }
    c.end = n ? std::max(end, c.times.back()) : end;
    for (size_t first = 0; first < n; first += kBlock) {
        const size_t last = std::min(n, first + kBlock);
        c.blockMinAllocated.push_back(*std::min_element(c.allocated.begin() + first, c.allocated.begin() + last));
        c.blockMaxAllocated.push_back(*std::max_element(c.allocated.begin() + first, c.allocated.begin() + last));
        c.blockMaxReserved.push_back(*std::max_element(c.reserved.begin() + first, c.reserved.begin() + last));
    }
    return c;
}

MemoryCurve::Column MemoryCurve::column(int64_t t0, int64_t t1) const
{
    Column col;
    if (times.empty() || t1 <= times.front() || t0 > end)
        return col;
    // The sample holding at t0 (the last at or before it) and every one before t1.
    const size_t after = size_t(std::upper_bound(times.begin(), times.end(), t0) - times.begin());
    const size_t first = after > 0 ? after - 1 : 0;
    const size_t last = size_t(std::lower_bound(times.begin() + after, times.end(), t1) - times.begin());
    col.empty = false;
    col.minAllocated = allocated[first];
    col.maxAllocated = allocated[first];
    col.maxReserved = reserved[first];
    auto take = [&](size_t i) {
        col.minAllocated = std::min(col.minAllocated, allocated[i]);
        col.maxAllocated = std::max(col.maxAllocated, allocated[i]);
        col.maxReserved = std::max(col.maxReserved, reserved[i]);
    };
    size_t i = first + 1;
    for (; i < last && i % kBlock != 0; ++i)
        take(i);
    for (; i + kBlock <= last; i += kBlock) { // whole blocks
        const size_t b = i / kBlock;
        col.minAllocated = std::min(col.minAllocated, blockMinAllocated[b]);
        col.maxAllocated = std::max(col.maxAllocated, blockMaxAllocated[b]);
        col.maxReserved = std::max(col.maxReserved, blockMaxReserved[b]);
    }
    for (; i < last; ++i)
        take(i);
    return col;
}

int paintMemoryCurve(QPainter &painter, const MemoryCurve &curve, const TimelineCoordinates &axis, const QRect &band,
                     const QPalette &palette)
{
    if (curve.scale <= 0 || band.height() <= 1 || axis.width <= 0)
        return 0;
    const QColor base = palette.color(QPalette::Base);
    const QColor strong = palette.color(QPalette::Highlight);
    const QColor reservedColor = mixColors(strong, base, 0.25); // the allocator's cache around the blocks
    const QColor spanColor = mixColors(strong, base, 0.6);      // the allocated total's swing within a column
    const int bottom = band.bottom();
    const double pxPerByte = double(band.height() - 1) / double(curve.scale);
    auto top = [&](int64_t bytes) { return bottom - int(std::lround(double(bytes) * pxPerByte)); };

    // One min/max per column, runs of equal columns merged into one rect per layer.
    struct Run {
        int from = 0, to = 0, y = 0;
        bool open = false;
    };
    Run runs[3];
    std::vector<QRect> rects[3]; // drawn layer by layer, reserved below allocated
    auto flush = [&](int layer) {
        Run &r = runs[layer];
        if (r.open && r.y <= bottom)
            rects[layer].emplace_back(axis.left + r.from, r.y, r.to - r.from, bottom - r.y + 1);
        r.open = false;
    };
    auto extend = [&](int layer, int c, int y) {
        Run &r = runs[layer];
        if (r.open && r.y == y && r.to == c) {
            r.to = c + 1;
            return;
        }
        flush(layer);
        r = {c, c + 1, y, true};
    };
    int painted = 0;
    int64_t t0 = axis.columnStart(0);
    for (int c = 0; c < axis.width; ++c) {
        const int64_t t1 = axis.columnStart(c + 1);
        const MemoryCurve::Column col = curve.column(t0, std::max(t1, t0 + 1));
        t0 = t1;
        if (col.empty) {
            for (int layer = 0; layer < 3; ++layer)
                flush(layer);
            continue;
        }
        ++painted;
        extend(0, c, top(std::max(col.maxReserved, col.maxAllocated)));
        extend(1, c, top(col.maxAllocated));
        extend(2, c, top(col.minAllocated));
    }
    const QColor *colors[3] = {&reservedColor, &spanColor, &strong};
    for (int layer = 0; layer < 3; ++layer) {
        flush(layer);
        for (const QRect &r : rects[layer])
            painter.fillRect(r, *colors[layer]);
    }
    return painted;
}

QString memoryToolTip(const MemoryCurve &curve, const TimelineCoordinates &axis, int x, int64_t timeZero)
{
    const int64_t t0 = axis.timeAtX(x), t1 = std::max(axis.timeAtX(x + 1), t0 + 1);
    const MemoryCurve::Column col = curve.column(t0, t1);
    const QString device =
        curve.device < 0 ? QObject::tr("Host memory") : QObject::tr("GPU %1 memory").arg(curve.device);
    if (col.empty)
        return QObject::tr("%1: no memory sample here (%2)").arg(device, formatDuration(double(t0 - timeZero)));
    QString allocated = formatBytes(double(col.maxAllocated));
    if (col.minAllocated != col.maxAllocated)
        allocated = QObject::tr("%1 to %2 within this pixel")
                        .arg(formatBytes(double(col.minAllocated)), formatBytes(double(col.maxAllocated)));
    QString text =
        QObject::tr("<b>%1</b> at %2<br>allocated %3").arg(device, formatDuration(double(t0 - timeZero)), allocated);
    if (col.maxReserved > 0)
        text += QObject::tr("<br>reserved %1").arg(formatBytes(double(col.maxReserved)));
    return text + QObject::tr("<br><i>The Memory tab shows what holds the peak.</i>");
}

} // namespace opscope::ui
