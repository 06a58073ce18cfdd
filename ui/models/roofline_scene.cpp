#include "models/roofline_scene.h"

#include "common/qt_text.h"
#include "common/value_format.h"
#include "opscope/aggregate.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <limits>

namespace opscope::ui {

namespace {

// This file's texts, in the translation context "RooflineView".
struct RooflineTexts {
    Q_DECLARE_TR_FUNCTIONS(RooflineView)
};

// Work over traffic and time for a set of kernels (a kernel alone included), of the precision and
// memory level the roofline shows.
struct Totals {
    double work = 0, traffic = 0, time = 0;
    bool any = false;
};

Totals totalsOf(const ProfileAnalysis &a, const std::vector<Index> &kernels, const RooflineOptions &o)
{
    const RooflineTotals all = a.rooflineTotals(kernels);
    Totals t;
    if (o.precision.isEmpty()) {
        t.work = all.work;
    } else {
        const auto work = all.workByPrecision.find(o.precision.toStdString());
        t.work = work == all.workByPrecision.end() ? 0 : work->second;
    }
    t.traffic = all.traffic[int(o.level)];
    t.time = all.time;
    t.any = all.kernels > 0;
    return t;
}

RooflinePointData pointOf(const Totals &t)
{
    RooflinePointData p;
    p.timeNs = t.time;
    p.y = t.time > 0 ? t.work / (t.time * 1e-9) : 0;
    p.pinnedY = !(p.y > 0);
    p.pinnedX = p.pinnedY || !(t.traffic > 0);
    p.x = p.pinnedX ? 0 : t.work / t.traffic;
    return p;
}

bool tensorUsed(const ProfileAnalysis &a, const std::string &precision)
{
    for (const Index k : a.rooflineKernels)
        for (const ComputeRate &c : a.roofline[k].compute)
            if (c.precision == precision && c.achieved > 0)
                return true;
    return false;
}

void addCeilings(const ProfileAnalysis &a, const RooflineOptions &o, RooflineScene &scene)
{
    for (int l = 0; l < 3; ++l) {
        const MemoryRate &m = a.ceilings.memory[l];
        if (m.present && m.peak > 0)
            scene.ceilings.push_back({QStringLiteral("%1 %2").arg(QLatin1String(toString(MemoryLevel(l)).data()),
                                                                  formatSi(m.peak, QStringLiteral("B/s"))),
                                      m.peak, true, MemoryLevel(l) == o.level});
    }
    for (const ComputeRate &c : a.ceilings.compute) {
        if (c.peak <= 0)
            continue;
        const QString name = toQString(c.precision);
        bool show = o.precision.isEmpty() ? !c.tensor || tensorUsed(a, c.precision) : name == o.precision;
        // Without tensor work, still show the half-precision tensor ceiling: it is the one to aim for.
        if (o.precision.isEmpty() && c.tensor && !show)
            show = (c.precision == "BF16 tensor" || c.precision == "FP16 tensor") &&
                   std::none_of(a.ceilings.compute.begin(), a.ceilings.compute.end(),
                                [&](const ComputeRate &x) { return x.tensor && tensorUsed(a, x.precision); });
        if (show)
            scene.ceilings.push_back(
                {QStringLiteral("%1 %2").arg(name, formatFlops(c.peak)), c.peak, false, name == o.precision});
    }
}

// The name a kernel's colour stands for, as ColorCache picks the colour.
QString colorKeyOf(const Profile &p, Index kernel, ColorMode mode)
{
    const Kernel &k = p.kernels[kernel];
    Index module = k.module;
    if (module >= p.modules.size() && k.op < p.operators.size())
        module = p.operators[k.op].module;
    if (mode == ColorMode::Module && module < p.modules.size()) {
        Index root = module;
        for (size_t steps = 0; steps < p.modules.size() && p.modules[root].parent < p.modules.size(); ++steps)
            root = p.modules[root].parent;
        const std::string_view path = p.text(p.modules[module].path);
        if (root == module)
            return toQString(p.text(p.modules[module].path));
        const std::string_view key = moduleColorKey(path, p.text(p.modules[root].path));
        return toQString(key);
    }
    if (k.op < p.operators.size())
        return toQString(p.text(p.operators[k.op].name));
    return toQString(p.kernelDisplayName(kernel));
}

} // namespace

QStringList rooflinePrecisions(const ProfileAnalysis &analysis)
{
    QStringList out;
    for (const ComputeRate &c : analysis.ceilings.compute)
        if (c.peak > 0)
            out << toQString(c.precision);
    return out;
}

RooflineScene buildRooflineScene(const ProfileAnalysis &a, const RooflineOptions &o, const Selection::State &selection)
{
    RooflineScene scene;
    const Profile &p = *a.profile;
    addCeilings(a, o, scene);
    ColorCache colors(p);

    const bool scoped =
        o.scopeToSelection && selection.kind != Selection::Kind::None && selection.kind != Selection::Kind::Kernel;
    // Unscoped, the kernels with a valid roofline are listed already: at millions of kernels without
    // counters (an nsys capture) there is nothing to look through on the GUI thread.
    const std::vector<Index> candidates = scoped ? a.kernelsOf(selection) : a.rooflineKernels;
    for (Index k : candidates) {
        if (!a.roofline[k].valid)
            continue;
        RooflinePointData point = pointOf(totalsOf(a, {k}, o));
        point.target = {Selection::Kind::Kernel, k};
        point.slot = colors.kernelSlot(k, o.colorMode);
        point.colorKey = colorKeyOf(p, k, o.colorMode);
        scene.kernels.push_back(point);
    }

    if (o.aggregates == RooflineAggregates::Operators) {
        for (const OperatorRow &row : operatorTable(p, OperatorGrouping::ByName)) {
            const Selection::State target{Selection::Kind::Operator, row.operators.front(), true,
                                          OperatorGrouping::ByName};
            const Totals t = totalsOf(a, a.kernelsOf(target), o);
            if (!t.any)
                continue;
            RooflinePointData point = pointOf(t);
            point.target = target;
            point.slot = slotForName(row.name);
            point.label = toQString(row.name);
            point.colorKey = point.label;
            scene.aggregates.push_back(point);
        }
    } else if (o.aggregates == RooflineAggregates::Modules) {
        // The modules right below the root (the root alone says nothing the totals do not).
        std::vector<int> nodes;
        for (int root : a.tree.roots) {
            const auto &children = a.tree.nodes[size_t(root)].children;
            if (children.empty())
                nodes.push_back(root);
            nodes.insert(nodes.end(), children.begin(), children.end());
        }
        for (int node : nodes) {
            const Selection::State target{Selection::Kind::Module, Index(node)};
            const Totals t = totalsOf(a, a.kernelsOf(target), o);
            if (!t.any)
                continue;
            RooflinePointData point = pointOf(t);
            point.target = target;
            point.slot = colors.moduleSlot(a.tree.nodes[size_t(node)].instances.front());
            point.label = toQString(a.tree.nodes[size_t(node)].path);
            point.colorKey = point.label;
            scene.aggregates.push_back(point);
        }
    }

    // Axis ranges: every real point and every ceiling's ridge, with a margin.
    double xLo = std::numeric_limits<double>::max(), xHi = 0, yLo = std::numeric_limits<double>::max(), yHi = 0;
    auto extend = [&](const RooflinePointData &pt) {
        if (!pt.pinnedX) {
            xLo = std::min(xLo, pt.x);
            xHi = std::max(xHi, pt.x);
        }
        if (!pt.pinnedY) {
            yLo = std::min(yLo, pt.y);
            yHi = std::max(yHi, pt.y);
        }
        scene.maxTimeNs = std::max(scene.maxTimeNs, pt.timeNs);
    };
    std::for_each(scene.kernels.begin(), scene.kernels.end(), extend);
    std::for_each(scene.aggregates.begin(), scene.aggregates.end(), extend);
    double topPeak = 0, topBandwidth = 0, lowBandwidth = std::numeric_limits<double>::max();
    for (const RooflineCeiling &c : scene.ceilings) {
        if (c.memory) {
            topBandwidth = std::max(topBandwidth, c.peak);
            lowBandwidth = std::min(lowBandwidth, c.peak);
        } else {
            topPeak = std::max(topPeak, c.peak);
        }
    }
    if (topPeak > 0 && topBandwidth > 0) {
        xLo = std::min(xLo, topPeak / topBandwidth);
        xHi = std::max(xHi, topPeak / lowBandwidth);
    }
    yHi = std::max(yHi, topPeak);
    if (xHi <= 0 || xLo > xHi) {
        xLo = 1e-2;
        xHi = 1e4;
    }
    if (yHi <= 0)
        yHi = 1e15;
    if (yLo > yHi)
        yLo = yHi * 1e-6;
    scene.xMin = std::pow(10.0, std::floor(std::log10(xLo)) - 1);
    scene.xMax = std::pow(10.0, std::ceil(std::log10(xHi)) + 1);
    scene.yMin = std::pow(10.0, std::floor(std::log10(yLo)) - 1);
    scene.yMax = std::pow(10.0, std::ceil(std::log10(yHi)) + 0.5);
    auto pin = [&](RooflinePointData &pt) {
        if (pt.pinnedY) {
            pt.y = scene.yMin * 1.6;
            pt.x = scene.xMin * 1.6;
        } else if (pt.pinnedX) {
            pt.x = scene.xMax / 1.6;
        }
    };
    std::for_each(scene.kernels.begin(), scene.kernels.end(), pin);
    std::for_each(scene.aggregates.begin(), scene.aggregates.end(), pin);

    if (scene.kernels.empty())
        scene.emptyReason =
            a.kernelsWithCounters == 0
                ? noCountersReason(*a.profile)
                : RooflineTexts::tr("No kernel here has the roofline metrics (ncu --set roofline or --section "
                                    "SpeedOfLight_RooflineChart).");
    return scene;
}

} // namespace opscope::ui
