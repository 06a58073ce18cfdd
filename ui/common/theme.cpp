#include "common/theme.h"

#include <QApplication>
#include <QStyle>
#include <QStyleFactory>

#include <algorithm>
#include <cmath>
#include <memory>

namespace opscope::ui {

namespace {

// What the platform gave before any theme was applied: Desktop goes back to it.
struct DesktopLook {
    QString style;
    QPalette palette;
    bool saved = false;
};
DesktopLook &desktopLook()
{
    static DesktopLook look;
    return look;
}

Theme &themeInUse()
{
    static Theme theme = Theme::Desktop;
    return theme;
}

double channel(double c)
{
    return c <= 0.03928 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

double luminance(const QColor &c)
{
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
}

} // namespace

bool isDarkPalette(const QPalette &palette)
{
    return palette.color(QPalette::Base).lightness() < 128;
}

double contrastRatio(const QColor &a, const QColor &b)
{
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QColor readableOn(const QColor &color, const QColor &background, double ratio)
{
    if (contrastRatio(color, background) >= ratio)
        return color;
    const bool lighten = luminance(background) < 0.18;
    QColor c = color.toHsl();
    const float hue = c.hslHueF(), saturation = c.hslSaturationF();
    float lightness = c.lightnessF();
    for (int step = 0; step < 40; ++step) {
        lightness = std::clamp(lightness + (lighten ? 0.025f : -0.025f), 0.0f, 1.0f);
        c = QColor::fromHslF(hue, saturation, lightness, color.alphaF());
        if (contrastRatio(c, background) >= ratio || lightness <= 0.0f || lightness >= 1.0f)
            break;
    }
    return c.toRgb();
}

QPalette lightPalette()
{
    const std::unique_ptr<QStyle> fusion(QStyleFactory::create(QStringLiteral("Fusion")));
    return fusion->standardPalette();
}

QPalette darkPalette()
{
    // Breeze Dark's tones: a near-black base, grey windows, a blue highlight.
    QPalette p;
    const QColor window(0x2a, 0x2e, 0x32), base(0x1b, 0x1e, 0x20), text(0xfc, 0xfc, 0xfc), mid(0x4d, 0x53, 0x5a);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x23, 0x26, 0x29));
    p.setColor(QPalette::ToolTipBase, window);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(0xa1, 0xa9, 0xb1));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x31, 0x36, 0x3b));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0xff, 0xff));
    p.setColor(QPalette::Light, QColor(0x40, 0x46, 0x4c));
    p.setColor(QPalette::Midlight, QColor(0x36, 0x3b, 0x40));
    p.setColor(QPalette::Mid, mid);
    p.setColor(QPalette::Dark, QColor(0x14, 0x16, 0x18));
    p.setColor(QPalette::Shadow, QColor(0x0a, 0x0b, 0x0c));
    p.setColor(QPalette::Highlight, QColor(0x3d, 0xae, 0xe9));
    p.setColor(QPalette::HighlightedText, QColor(0xfc, 0xfc, 0xfc));
    p.setColor(QPalette::Link, QColor(0x1d, 0x99, 0xf3));
    p.setColor(QPalette::LinkVisited, QColor(0x9b, 0x59, 0xb6));
    for (const QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, QColor(0x6e, 0x73, 0x78));
    return p;
}

void applyTheme(Theme theme)
{
    DesktopLook &desktop = desktopLook();
    if (!desktop.saved) {
        desktop.style = QApplication::style()->name();
        desktop.palette = QApplication::palette();
        desktop.saved = true;
    }
    themeInUse() = theme;
    if (theme == Theme::Desktop) {
        QApplication::setStyle(desktop.style);
        QApplication::setPalette(desktop.palette);
        return;
    }
    QApplication::setStyle(QStringLiteral("Fusion"));
    QApplication::setPalette(theme == Theme::Dark ? darkPalette() : lightPalette());
}

Theme currentTheme()
{
    return themeInUse();
}

} // namespace opscope::ui
