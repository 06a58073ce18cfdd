#pragma once
// Small helpers shared by the timeline's sources.

#include "common/qt_text.h"

#include <QColor>

namespace opscope::ui {

// `a` laid over `b` with opacity `alpha`, as an opaque colour (opaque fills take the fast path).
inline QColor mixColors(const QColor &a, const QColor &b, double alpha)
{
    return QColor::fromRgbF(float(a.redF() * alpha + b.redF() * (1 - alpha)),
                            float(a.greenF() * alpha + b.greenF() * (1 - alpha)),
                            float(a.blueF() * alpha + b.blueF() * (1 - alpha)));
}

} // namespace opscope::ui
