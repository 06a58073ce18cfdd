#pragma once
// What the roofline chart draws, computed from the analysis (no widgets): the GPU's ceilings, one
// point per kernel with roofline metrics and, on request, one aggregate point per operator or
// top-level module. A kernel without floating-point work or without traffic at the chosen memory
// level cannot sit on a log-log chart: it is pinned to the chart's edge and flagged.

#include "common/palette.h"
#include "models/profile_analysis.h"

#include <QString>

#include <vector>

namespace opscope::ui {

enum class RooflineAggregates { None, Operators, Modules };

struct RooflineOptions {
    MemoryLevel level = MemoryLevel::Dram;
    QString precision; // a ComputeRate::precision; empty for all precisions together
    ColorMode colorMode = ColorMode::Module;
    RooflineAggregates aggregates = RooflineAggregates::None;
    bool scopeToSelection = false; // only the kernels of the selected operator, module or group
};

struct RooflinePointData {
    double x = 0;            // FLOP per byte at the chosen level
    double y = 0;            // FLOP/s
    double timeNs = 0;       // what the point's size shows
    Selection::State target; // what clicking it selects
    uint8_t slot = kNeutralSlot;
    bool pinnedX = false, pinnedY = false; // drawn at the edge (no traffic / no FLOPs)
    QString label;                         // aggregates: the operator or module
    QString colorKey;                      // what the colour stands for: the operator or top-level module name
};

struct RooflineCeiling {
    QString label;   // "FP32 67.2 TFLOP/s", "DRAM 3.35 TB/s"
    double peak = 0; // FLOP/s or bytes/s
    bool memory = false;
    bool chosen = false; // the chosen memory level or precision
};

struct RooflineScene {
    std::vector<RooflinePointData> kernels;
    std::vector<RooflinePointData> aggregates;
    std::vector<RooflineCeiling> ceilings;
    double xMin = 1e-2, xMax = 1e4, yMin = 1e9, yMax = 1e15;
    double maxTimeNs = 0;
    QString emptyReason; // why there is nothing to draw, when there is nothing
};

RooflineScene buildRooflineScene(const ProfileAnalysis &analysis, const RooflineOptions &options,
                                 const Selection::State &selection);

// The precisions the profile has ceilings for (for a chooser), in the ceilings' order.
QStringList rooflinePrecisions(const ProfileAnalysis &analysis);

} // namespace opscope::ui
