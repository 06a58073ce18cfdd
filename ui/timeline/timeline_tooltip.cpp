// TimelineView's tooltip text: what an event is, how long it ran, where it belongs, and the key
// counters of a kernel when Nsight Compute measured them.
#include "common/kernel_description.h"
#include "common/qt_text.h"
#include "common/value_format.h"
#include "opscope/module_tree.h"
#include "opscope/ranks.h"
#include "timeline/timeline_util.h"
#include "timeline/timeline_view.h"

#include "opscope/format.h"

namespace opscope::ui {

QString TimelineView::toolTipAt(QPoint pos) const
{
    if (!model_)
        return {};
    if (pos.y() >= timeRulerHeight() && pos.y() < rulerHeight()) { // the step ruler and the phase band
        const TimelineStep *step = rulerStepAt(pos);
        if (!step)
            return {};
        return step->toolTip + QStringLiteral("<br><i>%1</i>").arg(tr("Click to zoom to it"));
    }
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
    if (const Line *line = lineAt(pos.y())) { // a memory curve: its totals under the pointer
        const TimelineTrack &track = model_->tracks()[size_t(line->track)];
        if (track.memoryCurve >= 0 && (line->row >= 0 || layout_.showsSummary(*line)))
            return memoryToolTip(model_->memoryCurves()[size_t(track.memoryCurve)], coordinates(), pos.x(), timeZero());
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
    auto moduleText = [&](Index m) { return toQString(modulePathText(p, m)).toHtmlEscaped(); };
    const int64_t start = model_->startOf(event);
    const int64_t duration = model_->endOf(event) - start;
    // When it started, counted from the ruler's zero (the profile's first event) like every table.
    const QString startLine = line(tr("Start"), toQString(formatTimestamp(start - timeZero())));
    QString html;
    switch (event.kind) {
    case EventKind::Kernel: {
        const QString label = model_->label(event);
        html = QStringLiteral("<b>%1</b>").arg(label.toHtmlEscaped());
        const std::vector<KernelFact> facts = describeKernel(p, event.index, timeZero());
        for (size_t i = 0; i < facts.size(); ++i)
            if (i > 0 || facts[i].value != label) // facts[0]: the full name, when the label is shorter
                html += line(facts[i].key, elided(facts[i].value).toHtmlEscaped());
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
        html += line(tr("Stream"), QStringLiteral("GPU %1, stream %2").arg(cudaOrdinal(p, m.device)).arg(m.stream));
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
    case EventKind::Module: { // a phase of the step
        html = QStringLiteral("<b>%1</b>").arg(model_->label(event).toHtmlEscaped());
        html += startLine;
        html += line(tr("Duration"), formatDuration(duration));
        html += line(tr("Kind"), tr("phase of the step (work outside every module)"));
        break;
    }
    case EventKind::None:
        break;
    }
    return html;
}

} // namespace opscope::ui
