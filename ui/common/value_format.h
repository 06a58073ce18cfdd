#pragma once
// Numbers as the data views print them: durations (opscope/format.h's, in the GUI's typography),
// bytes and rates with SI prefixes (as Nsight Compute does), percentages, counts with digit grouping;
// a metric's value by its base unit. The GUI's one home for these; core texts come through qt_text.h.

#include <QString>

#include <cstdint>
#include <limits>
#include <string_view>

namespace opscope::ui {

QString formatDuration(double ns);                   // "812 ns", "4.99 µs", "1.23 ms", "2.10 s"
QString formatBytes(double bytes);                   // "791 B", "1.61 KB", "5.71 GB"
QString formatBytesExact(int64_t bytes);             // "2.74 GB (2,735,206,400 B)"
QString formatSi(double value, const QString &unit); // "558.26 G" + unit, 3 significant digits
QString formatPercent(double percent);               // "12.3 %"
QString formatCount(double value);                   // "2,048"; fractions keep 2 decimals ("0.74")
QString formatFlops(double flopsPerSecond);          // "12.3 TFLOP/s"
QString formatIntensity(double flopPerByte);         // "3.41 FLOP/B"
// A counter value in the base unit OpScope stores it in ("ns", "byte", "byte/s", "hz", "%", ...).
QString formatMetricValue(double value, std::string_view unit);

// A number that is not there (a counter not collected, a cell with no value); as a SortRole value
// (model_roles.h) it sorts after every number.
inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

} // namespace opscope::ui
