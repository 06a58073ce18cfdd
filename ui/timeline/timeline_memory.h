#pragma once
// A device's memory on the timeline: the allocated and reserved bytes of MemoryReport's curve
// (analyzeMemory), as the DeviceMemory track's row draws them. The values step at each sample and
// hold until the next; a pixel column shows the lowest and highest allocated total and the highest
// reserved one over its time, read through block summaries, so a frame costs a few probes per column
// however many samples the curve has. Built with the timeline's model, off the GUI thread.

#include "opscope/memory.h"

#include <QRect>
#include <QString>

#include <cstdint>
#include <vector>

class QPainter;
class QPalette;

namespace opscope::ui {

struct TimelineCoordinates;

struct MemoryCurve {
    static constexpr size_t kBlock = 32; // samples per summary block

    int32_t device = -1; // -1 host memory
    std::vector<int64_t> times, allocated, reserved;
    int64_t end = 0;   // the last value holds until here (the trace's end)
    int64_t scale = 0; // the highest total of either curve: the row's full height
    // Per block of kBlock samples: the lowest and highest allocated total, the highest reserved one.
    std::vector<int64_t> blockMinAllocated, blockMaxAllocated, blockMaxReserved;

    // The values over [t0, t1): the one held at t0 and every sample within.
    struct Column {
        bool empty = true; // before the first sample or after `end`
        int64_t minAllocated = 0, maxAllocated = 0, maxReserved = 0;
    };
    Column column(int64_t t0, int64_t t1) const;

    static MemoryCurve from(const DeviceMemory &device, int64_t end);
};

// Draws `curve` across `band` (viewport coordinates) in the window of `axis`: the reserved bytes as a
// light area, the allocated ones as a darker area up to each column's highest total with its lowest
// marked inside. Returns the columns that had a value.
int paintMemoryCurve(QPainter &painter, const MemoryCurve &curve, const TimelineCoordinates &axis, const QRect &band,
                     const QPalette &palette);

// The tooltip over viewport x: the totals within that pixel column, its time from `timeZero`.
QString memoryToolTip(const MemoryCurve &curve, const TimelineCoordinates &axis, int x, int64_t timeZero);

} // namespace opscope::ui
