#include "common/value_format.h"

#include "common/qt_text.h"
#include "opscope/format.h"

#include <QLocale>

#include <array>
#include <cmath>

namespace opscope::ui {

namespace {

QString threeDigits(double v)
{
    const double a = std::fabs(v);
    const int decimals = a >= 100 ? 0 : a >= 10 ? 1 : 2;
    return QString::number(v, 'f', decimals);
}

} // namespace

QString formatBytesExact(int64_t bytes)
{
    return QStringLiteral("%1 (%2 B)").arg(formatBytes(double(bytes)), formatCount(double(bytes)));
}

QString formatSi(double value, const QString &unit)
{
    static constexpr std::array<const char *, 7> kPrefixes = {"", "K", "M", "G", "T", "P", "E"};
    if (!std::isfinite(value))
        return QStringLiteral("–");
    size_t p = 0;
    double v = value;
    while (std::fabs(v) >= 999.5 && p + 1 < kPrefixes.size()) {
        v /= 1000.0;
        ++p;
    }
    if (p == 0 && v == std::floor(v))
        return QString::number(qint64(v)) + QLatin1Char(' ') + unit;
    return threeDigits(v) + QLatin1Char(' ') + QLatin1String(kPrefixes[p]) + unit;
}

QString formatDuration(double ns)
{
    if (!std::isfinite(ns))
        return QStringLiteral("–");
    return toQString(formatShortDuration(ns, Typography::Unicode));
}

QString formatBytes(double bytes)
{
    return formatSi(bytes, QStringLiteral("B"));
}

QString formatPercent(double percent)
{
    return QString::number(percent, 'f',
                           std::fabs(percent) >= 100  ? 0
                           : std::fabs(percent) >= 10 ? 1
                                                      : 2) +
           QStringLiteral(" %");
}

QString formatCount(double value)
{
    if (!std::isfinite(value))
        return QStringLiteral("–");
    static const QLocale c = [] {
        QLocale l = QLocale::c();
        l.setNumberOptions(QLocale::DefaultNumberOptions); // keep the group separators C drops by default
        return l;
    }();
    if (value == std::floor(value) && std::fabs(value) < 9.2e18)
        return c.toString(qint64(value));
    return c.toString(value, 'f', std::fabs(value) >= 1000 ? 0 : 2);
}

QString formatFlops(double flopsPerSecond)
{
    return formatSi(flopsPerSecond, QStringLiteral("FLOP/s"));
}

QString formatIntensity(double flopPerByte)
{
    if (!std::isfinite(flopPerByte))
        return QStringLiteral("–");
    const double a = std::fabs(flopPerByte);
    return QString::number(flopPerByte, 'f', a >= 100 ? 0 : a >= 1 ? 2 : 3) + QStringLiteral(" FLOP/B");
}

QString formatMetricValue(double value, std::string_view unit)
{
    if (unit == "ns")
        return formatDuration(value);
    if (unit == "byte")
        return formatBytes(value);
    if (unit == "byte/s")
        return formatSi(value, QStringLiteral("B/s"));
    if (unit == "hz")
        return formatSi(value, QStringLiteral("Hz"));
    if (unit == "%")
        return formatPercent(value);
    const QString text = formatCount(value);
    return unit.empty() ? text : text + QLatin1Char(' ') + toQString(unit);
}

} // namespace opscope::ui
