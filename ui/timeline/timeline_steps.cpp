#include "timeline/timeline_steps.h"

#include "common/qt_text.h"
#include "common/value_format.h"

#include "opscope/format.h"
#include "opscope/generation.h"
#include "opscope/metadata_keys.h"
#include "opscope/step_timing.h"

#include <QCoreApplication>

#include <algorithm>

namespace opscope::ui {

namespace {

const QString kDot = QStringLiteral(" \u00b7 ");

// This file's texts, in the translation context "TimelineSteps".
struct TimelineStepTexts {
    Q_DECLARE_TR_FUNCTIONS(TimelineSteps)
};

QString escaped(const std::string &text)
{
    return toQString(text).toHtmlEscaped();
}

TimelineStep marked(const StepRange &range)
{
    TimelineStep step;
    step.start_ns = range.start_ns;
    step.end_ns = range.end_ns;
    step.name = toQString(range.name);
    const QString length = formatDuration(double(range.end_ns - range.start_ns));
    step.label = step.name + kDot + length;
    step.shortLabel = length;
    step.toolTip = QStringLiteral("<b>%1</b><br>").arg(step.name.toHtmlEscaped()) +
                   TimelineStepTexts::tr("Duration: %1 (the step's range on the host)").arg(length);
    return step;
}

// The labelled step with the launcher's times: captured against plain, and the factor between them. Its
// bracket is its span on the GPU, as the plain steps' are, so that their widths compare as the times do.
void describeLabelled(TimelineStep &step, const Profile &p, const ReferenceTiming &reference, const StepTiming &timing)
{
    const int64_t hostNs = step.end_ns - step.start_ns;
    const StepRange onGpu = stepOnGpu(p, {step.start_ns, step.end_ns, step.name.toStdString()});
    step.start_ns = onGpu.start_ns;
    step.end_ns = onGpu.end_ns;
    step.kind = TimelineStep::Kind::Labelled;
    const QString plain = TimelineStepTexts::tr("plain %1").arg(formatDuration(double(reference.referenceNs)));
    QString times;
    if (reference.capturedNs > 0)
        times = TimelineStepTexts::tr("captured %1").arg(formatDuration(double(reference.capturedNs))) + kDot + plain +
                QStringLiteral(" (%1)").arg(toQString(formatFactor(reference.overhead(), Typography::Unicode)));
    else
        times = formatDuration(double(onGpu.end_ns - onGpu.start_ns)) + kDot + plain;
    step.label = step.name + kDot + times;
    step.shortLabel = times;
    step.notable = reference.notable();
    QString tip = QStringLiteral("<b>%1</b>: ").arg(step.name.toHtmlEscaped()) +
                  TimelineStepTexts::tr("the labelled step, the one the capture attributes") + QStringLiteral("<br>") +
                  TimelineStepTexts::tr("Step time: %1").arg(escaped(describeReferenceTiming(reference))) +
                  QStringLiteral("<br>") +
                  TimelineStepTexts::tr("On the GPU in this trace: %1 (its range on the host: %2)")
                      .arg(formatDuration(double(onGpu.end_ns - onGpu.start_ns)), formatDuration(double(hostNs)));
    if (step.notable)
        tip += QStringLiteral("<br><b>\u26a0 %1</b>").arg(escaped(describeCaptureOverhead(reference, timing)));
    step.toolTip = tip;
}

TimelineStep plainStep(const StepRange &range, const Profile &p, const std::optional<ReferenceTiming> &reference,
                       const StepTiming &timing)
{
    TimelineStep step;
    step.kind = TimelineStep::Kind::Plain;
    step.start_ns = range.start_ns;
    step.end_ns = range.end_ns;
    step.name = toQString(range.name);
    const QString traced = formatDuration(double(range.end_ns - range.start_ns));
    step.label = TimelineStepTexts::tr("plain") + kDot + traced;
    step.shortLabel = traced;
    QString tip =
        QStringLiteral("<b>%1</b>: ").arg(step.name.toHtmlEscaped()) +
        TimelineStepTexts::tr("a plain step, run before the labelled one without module labels, emit_nvtx or "
                              "record_function") +
        QStringLiteral("<br>") +
        TimelineStepTexts::tr("On the GPU in this trace: %1, from when its work could start to when it had all run")
            .arg(traced);
    const std::string *used = p.metadataValue(kReferenceRangeKey);
    if (timing.source == StepTiming::Source::ReferenceStep && used && toQString(*used) == step.name)
        tip += QStringLiteral("<br>") +
               TimelineStepTexts::tr("The step's kernel durations, idle gaps and launch latencies (insights, "
                                     "summary) are this step's, attributed through the labelled step");
    if (reference)
        tip += QStringLiteral("<br>") + TimelineStepTexts::tr("The launcher timed the plain steps: %1")
                                            .arg(escaped(describeReferenceTiming(*reference)));
    step.toolTip = tip;
    return step;
}

} // namespace

std::vector<TimelineStep> timelineSteps(const Profile &p)
{
    std::vector<TimelineStep> steps;
    // Only steps a range marks, not the captured kernels' span that markedSteps falls back to.
    for (const StepRange &range : markedSteps(p))
        if (range.ranged)
            steps.push_back(marked(range));
    const std::vector<StepRange> plain = referenceSteps(p);
    if (steps.empty() && plain.empty())
        return steps;
    const std::optional<ReferenceTiming> reference = referenceTiming(p);
    const StepTiming timing = stepTiming(p);
    // The labelled step is one of the marked steps, or inside one (a capture range around ProfilerStep#N).
    if (const std::optional<StepRange> labelled = labelledStep(p); labelled && reference) {
        const auto holder = std::find_if(steps.begin(), steps.end(), [&](const TimelineStep &s) {
            return s.start_ns <= labelled->start_ns && labelled->start_ns <= s.end_ns;
        });
        if (holder != steps.end())
            describeLabelled(*holder, p, *reference, timing);
    }
    for (const StepRange &range : plain)
        steps.push_back(plainStep(range, p, reference, timing));
    std::stable_sort(steps.begin(), steps.end(),
                     [](const TimelineStep &a, const TimelineStep &b) { return a.start_ns < b.start_ns; });
    return steps;
}

std::vector<TimelineStep> timelinePhases(const Profile &p)
{
    std::vector<TimelineStep> out;
    const std::vector<RequestPhase> phases = requestPhases(p);
    if (phases.empty())
        return out;
    // The plain requests' figures, for the tooltips (requests 0: none).
    TokenFigures plain;
    if (const std::optional<GenerationTiming> timing = generationTiming(p))
        plain = tokenFigures(timing->reference).value_or(TokenFigures{});
    for (const RequestPhase &ph : phases) {
        const std::string name = ph.name();
        const StepRange onGpu = stepOnGpu(p, {ph.start_ns, ph.end_ns, name});
        TimelineStep step;
        step.kind = ph.iteration == 0 ? TimelineStep::Kind::Prefill : TimelineStep::Kind::Decode;
        step.start_ns = onGpu.start_ns;
        step.end_ns = onGpu.end_ns;
        step.name = toQString(name);
        const QString length = formatDuration(double(ph.duration()));
        step.label = step.name + kDot + length;
        step.shortLabel = ph.iteration == 0 ? step.name : QString::number(ph.iteration);
        QString tip =
            QStringLiteral("<b>%1</b>: ").arg(step.name.toHtmlEscaped()) +
            (ph.iteration == 0
                 ? TimelineStepTexts::tr("the prefill of the captured request: the prompt, up to its first token")
                 : TimelineStepTexts::tr("a decode iteration of the captured request: one more token")) +
            QStringLiteral("<br>") +
            TimelineStepTexts::tr("Its range on the host: %1 (captured, instrumented)").arg(length);
        if (plain.requests > 0 && ph.iteration == 0)
            tip += QStringLiteral("<br>") +
                   TimelineStepTexts::tr("Plain time to first token: %1 (median of %2 plain requests)")
                       .arg(formatDuration(double(plain.ttftNs)))
                       .arg(plain.requests);
        else if (plain.requests > 0 && plain.tpotMedianNs > 0)
            tip += QStringLiteral("<br>") +
                   TimelineStepTexts::tr("Plain time per output token: %1 median, %2 p90")
                       .arg(formatDuration(double(plain.tpotMedianNs)), formatDuration(double(plain.tpotP90Ns)));
        step.toolTip = tip;
        out.push_back(std::move(step));
    }
    return out;
}

} // namespace opscope::ui
