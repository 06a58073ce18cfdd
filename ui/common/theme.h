#pragma once
// Light and dark: the explorer follows the desktop's palette (Qt's platform theme) unless the user chose
// one (View > Theme), and every colour it picks itself is made readable on the palette it is drawn on:
// hues keep their identity and move in lightness until they stand out from the background (a contrast
// of 3:1, WCAG's figure for graphics), so the timeline's, the roofline's and the tables' colours work on
// a white and on a near-black background alike.

#include <QColor>
#include <QPalette>

namespace opscope::ui {

enum class Theme { Desktop = 0, Light = 1, Dark = 2 };

// Applies `theme` to the application: Desktop restores the palette and style the platform gave at
// start (and follows its changes); Light and Dark set Fusion with a palette of their own.
void applyTheme(Theme theme);
Theme currentTheme();
QPalette lightPalette();
QPalette darkPalette();

bool isDarkPalette(const QPalette &palette);
// WCAG 2 contrast ratio of two colours (1 to 21).
double contrastRatio(const QColor &a, const QColor &b);
// `color` made lighter (on a dark background) or darker (on a light one) until its contrast with
// `background` reaches `ratio`, as far as it can; the hue stays.
QColor readableOn(const QColor &color, const QColor &background, double ratio = 3.0);

} // namespace opscope::ui
