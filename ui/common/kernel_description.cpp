#include "common/kernel_description.h"

#include "common/qt_text.h"
#include "common/value_format.h"
#include "opscope/format.h"
#include "opscope/format_ids.h"
#include "opscope/ranks.h"

#include <QCoreApplication>

#include <cmath>

namespace opscope::ui {

namespace {

// This file's texts, in the translation context "KernelDescription".
struct KernelDescriptionTexts {
    Q_DECLARE_TR_FUNCTIONS(KernelDescription)
};

// Durations to 10 ns (two decimals of a microsecond): the Details pane is where people read exact figures.
QString durationTwoDecimals(int64_t ns)
{
    return toQString(formatFixedDuration(ns, 2, Typography::Unicode));
}

QString dim3(const Dim3 &d)
{
    return QStringLiteral("(%1, %2, %3)").arg(d.x).arg(d.y).arg(d.z);
}

// A counter by its base unit, or as the source wrote it when the unit is not the expected one
// (profile.json keeps ncu's auto-scaled numbers without their unit).
QString counterText(const Profile &p, const MetricValue &v, std::string_view expectedUnit)
{
    const std::string_view unit = p.text(p.metrics[v.metric].unit);
    if (unit == expectedUnit || (unit.empty() && expectedUnit == "byte"))
        return formatMetricValue(v.value, expectedUnit);
    return QString::number(v.value) + (unit.empty() ? QString() : QLatin1Char(' ') + toQString(unit));
}

} // namespace

std::vector<KernelFact> describeKernel(const Profile &p, Index kernel, int64_t timeZero)
{
    const Kernel &k = p.kernels[kernel];
    std::vector<KernelFact> facts;
    auto add = [&](const QString &key, const QString &value) { facts.push_back({key, value}); };
    add(KernelDescriptionTexts::tr("Name"), toQString(p.text(k.name)));
    add(KernelDescriptionTexts::tr("Start"), toQString(formatTimestamp(k.start_ns - timeZero)));
    add(KernelDescriptionTexts::tr("End"), toQString(formatTimestamp(k.end_ns - timeZero)));
    add(timelineDurationLabel(p), durationTwoDecimals(k.duration()));

    const Index timeMetric = p.findMetric("gpu__time_duration.sum");
    const Index dramMetric = p.findMetric("dram__bytes.sum");
    const Index smMetric = p.findMetric("sm__throughput.avg.pct_of_peak_sustained_elapsed");
    QString replay, dram, sm;
    for (const MetricValue &v : p.countersOfKernel(kernel)) {
        if (v.flags & (kValueText | kValueNull))
            continue;
        if (v.metric == timeMetric)
            replay = p.text(p.metrics[v.metric].unit) == "ns" ? durationTwoDecimals(std::llround(v.value))
                                                              : counterText(p, v, "ns");
        else if (v.metric == dramMetric)
            dram = counterText(p, v, "byte");
        else if (v.metric == smMetric)
            sm = counterText(p, v, "%");
    }
    if (!replay.isEmpty())
        add(ncuDurationLabel(), replay);

    if (const int rank = rankOfDevice(p, k.device); rank >= 0)
        add(KernelDescriptionTexts::tr("Rank"), QString::number(rank));
    add(KernelDescriptionTexts::tr("Stream"),
        KernelDescriptionTexts::tr("GPU %1, stream %2").arg(cudaOrdinal(p, k.device)).arg(k.stream));
    if (k.grid.volume() > 0)
        add(KernelDescriptionTexts::tr("Grid × block"), QStringLiteral("%1 × %2").arg(dim3(k.grid), dim3(k.block)));

    const Index op = k.op < p.operators.size() ? k.op : kNoIndex;
    add(KernelDescriptionTexts::tr("Operator"),
        op != kNoIndex ? toQString(p.text(p.operators[op].name)) : KernelDescriptionTexts::tr("(not attributed)"));
    if (op != kNoIndex && !p.text(p.operators[op].shapes).empty())
        add(KernelDescriptionTexts::tr("Shapes"), toQString(p.text(p.operators[op].shapes)));
    // A backward kernel without a module of its own runs for its forward operator's module.
    const Index module = k.module < p.modules.size() ? k.module : op != kNoIndex ? p.operators[op].module : kNoIndex;
    add(KernelDescriptionTexts::tr("Module"),
        module < p.modules.size() ? toQString(p.text(p.modules[module].path)) : KernelDescriptionTexts::tr("(none)"));
    if (op != kNoIndex)
        add(KernelDescriptionTexts::tr("Attribution"),
            KernelDescriptionTexts::tr("%1, %2 confidence")
                .arg(toQString(toString(k.method)), toQString(toString(k.confidence))));
    else if (!p.text(k.unattributed_reason).empty())
        add(KernelDescriptionTexts::tr("Why unattributed"), toQString(p.text(k.unattributed_reason)));
    add(KernelDescriptionTexts::tr("Captured step"), k.flags & kKernelOutsideCapture
                                                         ? KernelDescriptionTexts::tr("no (initialisation or warm-up)")
                                                         : KernelDescriptionTexts::tr("yes"));

    if (!dram.isEmpty())
        add(KernelDescriptionTexts::tr("DRAM bytes"), dram);
    if (!sm.isEmpty())
        add(KernelDescriptionTexts::tr("SM throughput"), sm);
    return facts;
}

QString kernelTimeSource(const Profile &profile)
{
    const std::string_view format = profile.source_format;
    if (format_id::isNsysFormat(format))
        return QStringLiteral("timeline, nsys");
    if (format == format_id::kKinetoJson)
        return QStringLiteral("timeline, torch.profiler");
    if (format == format_id::kOperatorProfilerJson)
        return QStringLiteral("timeline, Operator Profiler");
    if (format == format_id::kOnnxRuntimeJson)
        return QStringLiteral("timeline, ONNX Runtime");
    if (format_id::isNcuFormat(format))
        return QStringLiteral("ncu replay");
    return QStringLiteral("timeline");
}

QString timelineDurationLabel(const Profile &profile)
{
    return QCoreApplication::translate("Timeline", "Duration (%1)").arg(kernelTimeSource(profile));
}

QString ncuDurationLabel()
{
    return QCoreApplication::translate("Timeline", "Duration (ncu replay)");
}

} // namespace opscope::ui
