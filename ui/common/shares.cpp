#include "common/shares.h"

#include "common/value_format.h"

#include <QCoreApplication>

namespace opscope::ui {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("Shares", text);
}

} // namespace

QString shareOfGpuTimeLabel()
{
    return tr("% of GPU time");
}

QString shareOfGpuTimeToolTip(int64_t stepGpuTimeNs)
{
    QString tip = tr("GPU total as a share of the captured step's GPU time: the durations of all its kernels, summed");
    if (stepGpuTimeNs > 0)
        tip += QStringLiteral(" (%1)").arg(formatDuration(double(stepGpuTimeNs)));
    return tip + tr(". Not the step's wall time, which the step ruler shows and \"% of step\" (Insights) divides by.");
}

QString shareOfStepLabel()
{
    return tr("% of step");
}

QString shareOfStepToolTip()
{
    return tr(
        "% of step: a share of the step's wall time, from its start to its end as the step ruler shows it (the plain "
        "step without instruments where the capture timed one). Not the step's GPU time, which \"% of GPU "
        "time\" (module tree, operators) divides by.");
}

} // namespace opscope::ui
