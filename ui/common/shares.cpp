#include "common/shares.h"

#include "common/value_format.h"

#include <QCoreApplication>

namespace opscope::ui {

namespace {

// This file's texts, in the translation context "Shares".
struct ShareTexts {
    Q_DECLARE_TR_FUNCTIONS(Shares)
};

} // namespace

QString shareOfGpuTimeLabel()
{
    return ShareTexts::tr("% of GPU time");
}

QString shareOfGpuTimeToolTip(int64_t stepGpuTimeNs)
{
    QString tip = ShareTexts::tr(
        "GPU total as a share of the captured step's GPU time: the durations of all its kernels, summed");
    if (stepGpuTimeNs > 0)
        tip += QStringLiteral(" (%1)").arg(formatDuration(double(stepGpuTimeNs)));
    return tip + ShareTexts::tr(
                     ". Not the step's wall time, which the step ruler shows and \"% of step\" (Insights) divides by.");
}

QString shareOfStepLabel()
{
    return ShareTexts::tr("% of step");
}

QString shareOfStepToolTip()
{
    return ShareTexts::tr(
        "% of step: a share of the step's wall time, from its start to its end as the step ruler shows it (the plain "
        "step without instruments where the capture timed one). Not the step's GPU time, which \"% of GPU "
        "time\" (module tree, operators) divides by.");
}

} // namespace opscope::ui
