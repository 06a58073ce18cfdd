// TimelineView's tooltip text: what an event is, how long it ran, where it belongs, and the key
// counters of a kernel when Nsight Compute measured them.
#include "timeline/timeline_util.h"
#include "timeline/timeline_view.h"

#include "opscope/format.h"

#include <cmath>

namespace opscope::ui {

namespace {

QString formatBytes(double bytes)
{
    static const char *units[] = {"B", "KB", "MB", "GB", "TB"};
    int u = 0;
    while (std::abs(bytes) >= 1000 && u < 4) {
        bytes /= 1000;
        ++u;
    }
    return QString::number(bytes, 'f', u == 0 ? 0 : 2) + QLatin1Char(' ') + QLatin1String(units[u]);
}

} // namespace

QString TimelineView::toolTipAt(QPoint pos) const
{
    if (!model_)
        return {};
    if (pos.y() < rulerHeight()) {
        const int64_t shift = timeZero() - model_->timeOrigin();
        const QString zero = shift == 0 ? tr("the profile's first event")
                                        : tr("%1 after the profile's first event").arg(formatDuration(shift));
        return tr("Time from %1, as in the tables and the Details pane (%2 ns on the capture's clock)")
            .arg(zero)
            .arg(timeZero());
    }
    if (pos.x() < labelWidth()) {
        const Line *line = lineAt(pos.y());
        return line ? nameToolTip(*line) : QString();
    }
    return describe(hitTest(pos));
}

QString TimelineView::describe(EventRef event) const
{
    if (!model_ || model_->rowOf(event) < 0)
        return {};
    const Profile &p = *profile_;
    auto text = [&](StringId id) { return toQString(p.text(id)).toHtmlEscaped(); };
    auto elided = [](QString s) { return s.size() > 160 ? s.left(157) + QStringLiteral("...") : s; };
    auto line = [](const QString &key, const QString &value) { return QStringLiteral("<br>%1: %2").arg(key, value); };
    auto moduleText = [&](Index m) { return m < p.modules.size() ? text(p.modules[m].path) : QString(); };
    const int64_t start = model_->startOf(event);
    const int64_t duration = model_->endOf(event) - start;
    // When it started, counted from the ruler's zero (the profile's first event) like every table.
    const QString startLine = line(tr("Start"), QString::fromStdString(formatTimestamp(start - timeZero())));
    QString html;
    switch (event.kind) {
    case EventKind::Kernel: {
        const Kernel &k = p.kernels[event.index];
        html = QStringLiteral("<b>%1</b>").arg(model_->label(event).toHtmlEscaped());
        html += startLine;
        html += line(timelineDurationLabel(p), formatDuration(duration));
        if (k.short_name != kNoString || p.text(k.name) != model_->label(event).toStdString())
            html += line(tr("Name"), elided(text(k.name)));
        const Index op = k.op < p.operators.size() ? k.op : kNoIndex;
        html += line(tr("Operator"), op != kNoIndex ? text(p.operators[op].name) : tr("(not attributed)"));
        const Index module = k.module != kNoIndex ? k.module : op != kNoIndex ? p.operators[op].module : kNoIndex;
        if (module != kNoIndex)
            html += line(tr("Module"), moduleText(module));
        html += line(tr("Stream"), QStringLiteral("GPU %1, stream %2").arg(k.device).arg(k.stream));
        if (k.grid.volume() > 0)
            html += line(tr("Grid × block"), QStringLiteral("(%1, %2, %3) × (%4, %5, %6)")
                                                 .arg(k.grid.x)
                                                 .arg(k.grid.y)
                                                 .arg(k.grid.z)
                                                 .arg(k.block.x)
                                                 .arg(k.block.y)
                                                 .arg(k.block.z));
        // Key counters, when ncu measured them.
        for (const MetricValue &v : p.countersOfKernel(event.index)) {
            if (v.flags & (kValueText | kValueNull))
                continue;
            const std::string_view unit = p.text(p.metrics[v.metric].unit);
            if (v.metric == metricTime_)
                html += line(ncuDurationLabel(), unit == "ns"
                                                     ? formatDuration(int64_t(v.value))
                                                     : QString::number(v.value) + QLatin1Char(' ') + toQString(unit));
            else if (v.metric == metricDram_)
                html += line(tr("DRAM bytes"), unit == "byte" || unit.empty()
                                                   ? formatBytes(v.value)
                                                   : QString::number(v.value) + QLatin1Char(' ') + toQString(unit));
            else if (v.metric == metricSm_)
                html += line(tr("SM throughput"), QString::number(v.value, 'f', 1) + QStringLiteral(" %"));
        }
        break;
    }
    case EventKind::Operator: {
        const Operator &o = p.operators[event.index];
        html = QStringLiteral("<b>%1</b>").arg(text(o.name));
        html += startLine;
        html += line(tr("Duration"), formatDuration(duration));
        if (o.shapes != kNoString && !p.text(o.shapes).empty())
            html += line(tr("Shapes"), elided(text(o.shapes)));
        if (o.module != kNoIndex)
            html += line(tr("Module"), moduleText(o.module));
        const auto kernels = model_->kernelsOfOperator(event.index);
        if (!kernels.empty()) {
            int64_t gpu = 0;
            for (const Index k : kernels)
                gpu += p.kernels[k].duration();
            html +=
                line(tr("Kernels"), QStringLiteral("%1, %2 on the GPU").arg(kernels.size()).arg(formatDuration(gpu)));
        }
        break;
    }
    case EventKind::Range: {
        const Range &r = p.ranges[event.index];
        html = QStringLiteral("<b>%1</b>").arg(elided(text(r.text)));
        html += startLine;
        html += line(tr("Duration"), formatDuration(duration));
        static const char *kinds[] = {"NVTX push/pop",  "NVTX start/end",  "record_function",
                                      "GPU annotation", "Python function", "NVTX mark"};
        if (size_t(r.kind) < std::size(kinds))
            html += line(tr("Kind"), QLatin1String(kinds[size_t(r.kind)]));
        if (r.domain != kNoString && !p.text(r.domain).empty())
            html += line(tr("Domain"), text(r.domain));
        break;
    }
    case EventKind::MemoryOp: {
        const MemoryOp &m = p.memory_ops[event.index];
        html = QStringLiteral("<b>%1</b>").arg(model_->label(event));
        html += startLine;
        html += line(tr("Duration"), formatDuration(duration));
        html += line(tr("Size"), formatBytes(double(m.bytes)));
        if (duration > 0 && m.bytes > 0)
            html += line(tr("Throughput"),
                         QStringLiteral("%1/s").arg(formatBytes(double(m.bytes) * 1e9 / double(duration))));
        html += line(tr("Stream"), QStringLiteral("GPU %1, stream %2").arg(m.device).arg(m.stream));
        break;
    }
    case EventKind::ApiCall: {
        const ApiCall &a = p.api_calls[event.index];
        html = QStringLiteral("<b>%1</b>").arg(text(a.name));
        html += startLine;
        html += line(tr("Duration"), formatDuration(duration));
        if (a.correlation_id != 0)
            html += line(tr("Correlation id"), QString::number(a.correlation_id));
        break;
    }
    case EventKind::None:
        break;
    }
    return html;
}

} // namespace opscope::ui
