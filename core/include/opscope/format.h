#pragma once
// Durations as text: one way for the CLI, the reports, the insights and the GUI.

#include <cstdint>
#include <string>

namespace opscope {

// How the microsecond unit is spelled: "us" where text stays ASCII (terminals, reports), "µs" in the GUI.
enum class MicroUnit { Ascii, Greek };

// Fixed decimals, for table columns and sentences: "830 ns", "4.50 us", "12.345 ms" (`usDecimals`
// decimals in microseconds, one more in milliseconds; never seconds). The sign stays.
std::string formatFixedDuration(int64_t ns, int usDecimals = 2, MicroUnit micro = MicroUnit::Ascii);

// Three significant digits in the unit that suits: "830 ns", "4.99 us", "12.3 ms", "2.05 s"; below a
// microsecond the nanoseconds rounded to a whole number. `ns` must be finite.
std::string formatShortDuration(double ns, MicroUnit micro = MicroUnit::Ascii);

// An instant as an offset from the profile's time origin (Profile::timeOrigin): milliseconds with
// microsecond resolution, the same in every view and report: "8940.567 ms", "0.004 ms", "-1.250 ms".
std::string formatTimestamp(int64_t nsSinceOrigin);

} // namespace opscope
