#pragma once
// The one colour rule of the compare views: green when a row got faster (less GPU time), red when
// it got slower, stronger the larger the change is against a reference (the step's GPU time), so
// a big win stands out and a 20 ns wobble stays pale. Tints are mixed over the palette's base
// colour and the hues brighten on a dark palette, so light and dark themes both read well.

#include "common/theme.h" // isDarkPalette

#include <QColor>
#include <QPalette>

#include <cstdint>

namespace opscope::ui {

// 0 for no change; else 0.15 (a tiny change) up to 1 (a change of a fifth of the reference or more).
double diffStrength(int64_t delta, int64_t reference);
// A cell background for a change; invalid (no tint) for no change.
QColor diffTint(int64_t delta, int64_t reference, const QPalette &palette);
// A text or line colour for a change, readable on the palette's base; the text colour for none.
QColor diffInk(int64_t delta, const QPalette &palette);

} // namespace opscope::ui
