#include "compare/diff_colors.h"

#include "timeline/timeline_util.h"

#include <algorithm>
#include <cmath>

namespace opscope::ui {

namespace {

// Primer's success / danger colours: the darker pair on light backgrounds, the brighter on dark.
constexpr QRgb kFasterLight = 0x1A7F37, kSlowerLight = 0xCF222E;
constexpr QRgb kFasterDark = 0x3FB950, kSlowerDark = 0xF85149;

QColor hue(int64_t delta, bool dark)
{
    if (delta < 0)
        return QColor(dark ? kFasterDark : kFasterLight);
    return QColor(dark ? kSlowerDark : kSlowerLight);
}

} // namespace

double diffStrength(int64_t delta, int64_t reference)
{
    if (delta == 0)
        return 0;
    if (reference <= 0)
        return 1;
    const double share = std::fabs(double(delta)) / double(reference);
    return std::clamp(std::sqrt(share / 0.2), 0.15, 1.0);
}

QColor diffTint(int64_t delta, int64_t reference, const QPalette &palette)
{
    const double strength = diffStrength(delta, reference);
    if (strength <= 0)
        return {};
    const bool dark = isDarkPalette(palette);
    return mixColors(hue(delta, dark), palette.color(QPalette::Base), (dark ? 0.2 : 0.12) + 0.5 * strength);
}

QColor diffInk(int64_t delta, const QPalette &palette)
{
    if (delta == 0)
        return palette.color(QPalette::Text);
    return hue(delta, isDarkPalette(palette));
}

} // namespace opscope::ui
