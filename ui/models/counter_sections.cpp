#include "models/counter_sections.h"

#include "common/kernel_description.h"
#include "common/qt_text.h"
#include "common/value_format.h"
#include "opscope/aggregate.h"
#include "timeline/timeline_model.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <map>

namespace opscope::ui {

namespace {

// This file's texts, in the translation context "CounterPanel".
struct CounterTexts {
    Q_DECLARE_TR_FUNCTIONS(CounterPanel)
};

// What the L1 figures from the LSU path leave out: a GEMM that loads through TMA moves its tiles past it,
// so "4.69 GB/s" can sit beside an L1/TEX throughput of 65 %.
QString lsuOnlyNote()
{
    return CounterTexts::tr(
        "Bytes of the load/store unit's global, local and shared-memory instructions through L1/TEX "
        "(derived__l1tex__lsu_writeback_bytes_mem_lgds). Copies by the Tensor Memory Accelerator (TMA, "
        "cp.async.bulk: Hopper GEMMs and attention) and texture reads bypass this path and are not "
        "counted; the L1/TEX cache throughput above counts all of the cache's work.");
}

QString unitOf(const Profile &p, Index metric)
{
    return toQString(p.text(p.metrics[metric].unit));
}

// The numeric counters the sections read: one kernel's own values, or the kernels' aggregate.
class Values {
public:
    Values(const Profile &p, const std::vector<Index> &kernels, bool single)
        : value_(p.metrics.size(), kNaN), rule_(p.metrics.size())
    {
        if (single) {
            for (const MetricValue &v : p.countersOfKernel(kernels.front()))
                if (!(v.flags & (kValueText | kValueNull)))
                    value_[v.metric] = v.value;
            return;
        }
        aggregated_ = aggregateCounters(p, kernels);
        for (const AggregatedCounter &c : aggregated_) {
            value_[c.metric] = c.value;
            rule_[c.metric] = CounterTexts::tr("%1 over %2 kernels").arg(toQString(toString(c.rule))).arg(c.kernels);
        }
    }
    bool has(Index metric) const { return metric != kNoIndex && !std::isnan(value_[metric]); }
    double value(Index metric) const { return value_[metric]; }
    const QString &rule(Index metric) const { return rule_[metric]; }
    const std::vector<AggregatedCounter> &aggregated() const { return aggregated_; }

private:
    std::vector<double> value_;
    std::vector<QString> rule_;
    std::vector<AggregatedCounter> aggregated_;
};

// ncu labels some rates with the unit of the amount ("derived__lts__lts2xbar_bytes.sum.per_second" in
// "byte", the L1 one in nothing): a per-second metric of bytes is a rate.
std::string effectiveUnit(std::string_view name, const QString &unit)
{
    if (name.ends_with(".per_second") && name.find("bytes") != std::string_view::npos &&
        (unit.isEmpty() || unit == QLatin1String("byte")))
        return "byte/s";
    return unit.toStdString();
}

CounterEntry missingEntry(const QString &name, const QString &metric)
{
    CounterEntry e;
    e.name = name;
    e.metric = metric;
    e.value = CounterTexts::tr("not collected");
    e.missing = true;
    e.sort = kNaN;
    return e;
}

CounterEntry valueEntry(const QString &name, const QString &value, double sort, const QString &metric)
{
    CounterEntry e;
    e.name = name;
    e.value = value;
    e.sort = sort;
    e.metric = metric;
    return e;
}

CounterEntry quantityEntry(const Profile &p, Quantity q, const MetricResolver &resolver, const Values &values)
{
    const QuantitySpec &spec = quantitySpec(q);
    const Index id = resolver.id(q);
    if (!values.has(id)) {
        QStringList names;
        for (std::string_view n : spec.metrics)
            names << toQString(n);
        CounterEntry e = missingEntry(quantityLabel(q), names.front());
        e.tooltip = CounterTexts::tr("The profile has none of: %1").arg(names.join(QStringLiteral(", ")));
        e.quantity = int(q);
        return e;
    }
    const double x = values.value(id);
    const std::string unit = effectiveUnit(p.text(p.metrics[id].name), unitOf(p, id));
    const std::string_view metric = p.text(p.metrics[id].name);
    CounterEntry e = valueEntry(quantityLabel(q), formatMetricValue(x, unit), x, toQString(metric));
    e.rule = values.rule(id);
    e.quantity = int(q);
    if (q == Quantity::L1Bandwidth) { // what the figure counts: the LSU path, or every L1/TEX request
        if (metric.starts_with("l1tex__t_bytes"))
            e.name = CounterTexts::tr("L1 bandwidth (all L1/TEX requests)");
        else
            e.tooltip = lsuOnlyNote();
    }
    if (spec.bar)
        e.bar = std::clamp(x, 0.0, 100.0);
    return e;
}

QString dim3WithVolume(const Dim3 &d)
{
    return QStringLiteral("(%1, %2, %3) = %4").arg(d.x).arg(d.y).arg(d.z).arg(formatCount(double(d.volume())));
}

// A single kernel's launch record fills in launch statistics the counters lack (or shows dims).
void applyLaunchRecord(CounterEntry &e, const Kernel &k)
{
    const QString record = CounterTexts::tr("launch record");
    auto fill = [&](double v, const QString &text) {
        e.value = text;
        e.sort = v;
        e.missing = false;
        e.metric = record;
        e.tooltip.clear();
    };
    switch (Quantity(e.quantity)) {
    case Quantity::GridSize:
        if (k.grid.volume())
            fill(double(k.grid.volume()), dim3WithVolume(k.grid));
        break;
    case Quantity::BlockSize:
        if (k.block.volume())
            fill(double(k.block.volume()), dim3WithVolume(k.block));
        break;
    case Quantity::Registers:
        if (e.missing && k.registers_per_thread)
            fill(k.registers_per_thread, formatCount(k.registers_per_thread));
        break;
    case Quantity::SharedStatic:
        if (e.missing && k.static_shared_bytes)
            fill(k.static_shared_bytes, formatBytes(k.static_shared_bytes));
        break;
    case Quantity::SharedDynamic:
        if (e.missing && k.dynamic_shared_bytes)
            fill(k.dynamic_shared_bytes, formatBytes(k.dynamic_shared_bytes));
        break;
    default:
        break;
    }
}

// The occupancy limiter: the launch limits that allow the fewest blocks per SM.
CounterEntry limiterEntry(const std::vector<CounterEntry> &entries)
{
    static const std::map<Quantity, const char *> names = {
        {Quantity::LimitRegisters, QT_TRANSLATE_NOOP("CounterPanel", "registers")},
        {Quantity::LimitSharedMem, QT_TRANSLATE_NOOP("CounterPanel", "shared memory")},
        {Quantity::LimitWarps, QT_TRANSLATE_NOOP("CounterPanel", "warps")},
        {Quantity::LimitBlocks, QT_TRANSLATE_NOOP("CounterPanel", "blocks per SM")},
        {Quantity::LimitBarriers, QT_TRANSLATE_NOOP("CounterPanel", "barriers")},
    };
    double least = kNaN;
    for (const CounterEntry &e : entries)
        if (names.count(Quantity(e.quantity)) && !e.missing && !(e.sort >= least))
            least = e.sort;
    if (std::isnan(least))
        return missingEntry(CounterTexts::tr("Occupancy limiter"), QStringLiteral("launch__occupancy_limit_*"));
    QStringList limiters;
    for (const CounterEntry &e : entries)
        if (names.count(Quantity(e.quantity)) && !e.missing && e.sort == least)
            limiters << CounterTexts::tr(names.at(Quantity(e.quantity)));
    return valueEntry(
        CounterTexts::tr("Occupancy limiter"),
        (least == 1 ? CounterTexts::tr("%1 (%2 block per SM)") : CounterTexts::tr("%1 (%2 blocks per SM)"))
            .arg(limiters.join(QStringLiteral(", ")), formatCount(least)),
        least, QStringLiteral("launch__occupancy_limit_*"));
}

void addRooflineEntries(const ProfileAnalysis &a, const std::vector<Index> &kernels, CounterSectionData &memory,
                        CounterSectionData &compute)
{
    const RooflineTotals t = a.rooflineTotals(kernels);
    const QString rooflineMetrics = CounterTexts::tr("roofline metrics (see roofline.h)");
    static const char *levelNames[3] = {QT_TRANSLATE_NOOP("CounterPanel", "DRAM traffic"),
                                        QT_TRANSLATE_NOOP("CounterPanel", "L2 traffic"),
                                        QT_TRANSLATE_NOOP("CounterPanel", "L1 traffic (LSU loads and stores)")};
    for (int l = 0; l < 3; ++l) {
        if (!t.kernels || !t.present[l]) {
            memory.entries.push_back(
                missingEntry(CounterTexts::tr(levelNames[l]), CounterTexts::tr("bandwidth × duration")));
            continue;
        }
        CounterEntry e = valueEntry(CounterTexts::tr(levelNames[l]), formatBytes(t.traffic[l]), t.traffic[l],
                                    CounterTexts::tr("%1 bandwidth × gpu__time_duration.sum")
                                        .arg(QLatin1String(toString(MemoryLevel(l)).data())));
        e.tooltip = CounterTexts::tr("Bytes moved, from the achieved bandwidth over the kernel's duration");
        if (MemoryLevel(l) == MemoryLevel::L1)
            e.tooltip += QStringLiteral("\n") + lsuOnlyNote();
        memory.entries.push_back(e);
    }
    if (!t.kernels || t.time <= 0) {
        compute.entries.push_back(missingEntry(CounterTexts::tr("Achieved FLOP/s"), rooflineMetrics));
        compute.entries.push_back(missingEntry(CounterTexts::tr("Arithmetic intensity (DRAM)"), rooflineMetrics));
        return;
    }
    const double flops = t.work / (t.time * 1e-9);
    compute.entries.push_back(
        valueEntry(CounterTexts::tr("Achieved FLOP/s"), formatFlops(flops), flops, rooflineMetrics));
    const auto best = std::max_element(t.workByPrecision.begin(), t.workByPrecision.end(),
                                       [](const auto &x, const auto &y) { return x.second < y.second; });
    if (best != t.workByPrecision.end() && best->second > 0) {
        const double share = t.work > 0 ? 100.0 * best->second / t.work : 0.0;
        compute.entries.push_back(
            valueEntry(CounterTexts::tr("Dominant precision"),
                       CounterTexts::tr("%1 (%2 of the work)").arg(toQString(best->first), formatPercent(share)), share,
                       rooflineMetrics));
    }
    const double dram = t.traffic[int(MemoryLevel::Dram)];
    if (dram > 0)
        compute.entries.push_back(valueEntry(CounterTexts::tr("Arithmetic intensity (DRAM)"),
                                             formatIntensity(t.work / dram), t.work / dram, rooflineMetrics));
    else
        compute.entries.push_back(missingEntry(CounterTexts::tr("Arithmetic intensity (DRAM)"), rooflineMetrics));
}

CounterSectionData rawSection(const Profile &p, const std::vector<Index> &kernels, bool single, const Values &values)
{
    CounterSectionData raw{CounterTexts::tr("Raw Metrics"), {}, true};
    auto entry = [&](Index metric, double value, const QString &text) {
        CounterEntry e;
        e.name = toQString(p.text(p.metrics[metric].name));
        e.metric = e.name;
        e.unit = unitOf(p, metric);
        e.value = text;
        e.sort = value;
        return e;
    };
    if (single) {
        for (const MetricValue &v : p.countersOfKernel(kernels.front())) {
            if (v.flags & kValueNull)
                raw.entries.push_back(entry(v.metric, kNaN, CounterTexts::tr("n/a")));
            else if (v.flags & kValueText)
                raw.entries.push_back(entry(v.metric, kNaN, toQString(p.text(v.text))));
            else
                raw.entries.push_back(entry(v.metric, v.value, formatCount(v.value)));
        }
    } else {
        for (const AggregatedCounter &c : values.aggregated()) {
            raw.entries.push_back(entry(c.metric, c.value, formatCount(c.value)));
            raw.entries.back().rule = values.rule(c.metric);
        }
    }
    std::sort(raw.entries.begin(), raw.entries.end(),
              [](const CounterEntry &a, const CounterEntry &b) { return a.name < b.name; });
    return raw;
}

} // namespace

std::vector<CounterSectionData> buildCounterSections(const ProfileAnalysis &analysis, const Selection::State &state,
                                                     std::vector<Index> &kernels)
{
    kernels = analysis.kernelsOf(state);
    std::vector<CounterSectionData> sections;
    if (kernels.empty())
        return sections;
    const Profile &p = *analysis.profile;
    const bool single = state.kind == Selection::Kind::Kernel;
    const Values values(p, kernels, single);
    const MetricResolver resolver(p);

    for (const CounterSection &s : counterSections()) {
        CounterSectionData section{QCoreApplication::translate("Metrics", s.title), {}};
        for (Quantity q : s.quantities) {
            section.entries.push_back(quantityEntry(p, q, resolver, values));
            if (single)
                applyLaunchRecord(section.entries.back(), p.kernels[kernels.front()]);
        }
        sections.push_back(std::move(section));
    }
    // Figures that are not a metric of their own.
    CounterSectionData &speed = sections[0], &memory = sections[1], &compute = sections[2], &occupancy = sections[3];
    if (!single) {
        double gpuTime = 0;
        size_t withCounters = 0;
        for (Index k : kernels) {
            gpuTime += double(p.kernels[k].duration());
            withCounters += p.countersOfKernel(k).empty() ? 0 : 1;
        }
        speed.entries.insert(
            speed.entries.begin(),
            {valueEntry(CounterTexts::tr("Kernels"),
                        CounterTexts::tr("%1 (%2 with counters)").arg(kernels.size()).arg(withCounters),
                        double(kernels.size()), CounterTexts::tr("timeline")),
             valueEntry(CounterTexts::tr("GPU time (%1)").arg(kernelTimeSource(p)), formatDuration(gpuTime), gpuTime,
                        CounterTexts::tr("timeline"))});
    } else {
        // The timeline's duration beside the replay's, each named by where it comes from (the replay
        // runs the kernel alone with locked clocks, so the two differ); in its place when ncu did not run.
        const double d = double(p.kernels[kernels.front()].duration());
        CounterEntry timeline =
            valueEntry(timelineDurationLabel(p), formatDuration(d), d, CounterTexts::tr("timeline"));
        timeline.tooltip =
            CounterTexts::tr("How long the kernel ran in the captured timeline; the ncu replay measures it "
                             "again, alone on the GPU with locked clocks");
        if (values.has(resolver.id(Quantity::Duration)))
            speed.entries.insert(speed.entries.begin() + 1, timeline);
        else
            speed.entries.front() = timeline;
    }
    addRooflineEntries(analysis, kernels, memory, compute);
    if (single)
        occupancy.entries.push_back(limiterEntry(occupancy.entries));

    // Aggregates the source computed itself (Operator Profiler's per-operator figures).
    if (state.kind == Selection::Kind::Operator && !state.allCalls) {
        CounterSectionData source{CounterTexts::tr("Source Aggregates"), {}, false};
        for (const MetricValue &v : p.countersOfOperator(state.index)) {
            CounterEntry e;
            e.name = toQString(p.text(p.metrics[v.metric].name));
            e.metric = e.name;
            e.unit = unitOf(p, v.metric);
            e.value = (v.flags & kValueNull)   ? CounterTexts::tr("n/a")
                      : (v.flags & kValueText) ? toQString(p.text(v.text))
                                               : formatCount(v.value);
            e.sort = (v.flags & (kValueNull | kValueText)) ? kNaN : v.value;
            source.entries.push_back(e);
        }
        if (!source.entries.empty())
            sections.push_back(std::move(source));
    }
    sections.push_back(rawSection(p, kernels, single, values));
    return sections;
}

} // namespace opscope::ui
