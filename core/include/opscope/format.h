#pragma once
// Texts for people, one way for the CLI, the reports, the insights and the GUI: durations, instants,
// the delta / ratio / change of a before-after pair, and kernel names cut for a cell or a label.
// Bytes, rates and counts for the GUI are in ui/models/value_format.h (the CLI prints them raw).

#include <cstdint>
#include <string>
#include <string_view>

namespace opscope {

// How texts are spelled: ASCII where text stays ASCII (terminals, reports, JSON), typographic in the
// GUI: "µs" for "us", and in comparisons "−" for "-", "×" for "x", "–" for no value, "12.3 %" for "12.3%".
enum class Typography : uint8_t { Ascii, Unicode };

// Fixed decimals, for table columns and sentences: "830 ns", "4.50 us", "12.345 ms" (`usDecimals`
// decimals in microseconds, one more in milliseconds; never seconds). The sign stays.
std::string formatFixedDuration(int64_t ns, int usDecimals = 2, Typography typography = Typography::Ascii);

// Three significant digits in the unit that suits: "830 ns", "4.99 us", "12.3 ms", "2.05 s"; below a
// microsecond the nanoseconds rounded to a whole number. `ns` must be finite.
std::string formatShortDuration(double ns, Typography typography = Typography::Ascii);

// An instant as an offset from the profile's time origin (Profile::timeOrigin): milliseconds with
// microsecond resolution, the same in every view and report: "8940.567 ms", "0.004 ms", "-1.250 ms".
std::string formatTimestamp(int64_t nsSinceOrigin);

// ---- A before -> after pair of durations, as the compare tables and `opscope diff` write it ----

// Which of the two duration texts above a table uses (the delta follows its before and after columns).
enum class DurationText : uint8_t { Fixed, Short };

// after - before with its sign: "+529.76 us", "-210.72 us" (Fixed), "+1.23 µs", "−812 ns" (Short,
// Unicode); "0 ns" when equal.
std::string formatDelta(int64_t deltaNs, DurationText form, Typography typography = Typography::Ascii);
// after / before: "0.602x", "13.3x" (three decimals below 10, one above); "new" when only AFTER has
// time, "gone" when only BEFORE has; no value ("" or "–") when neither has.
std::string formatRatio(int64_t before, int64_t after, Typography typography = Typography::Ascii);
// (after - before) / before: "-39.8%", "+0.5%", "0.0%" (no sign on what rounds to zero); "new" when
// only AFTER has time; no value when neither has.
std::string formatChange(int64_t before, int64_t after, Typography typography = Typography::Ascii);
// A change already in percent, written as formatChange writes it ("+12.3%", "−8.6 %", "0.0%").
std::string formatChangePct(double pct, Typography typography = Typography::Ascii);
// A factor in a sentence, two decimals: "1.56x" (slower than the plain step), "9.20×" (faster).
std::string formatFactor(double factor, Typography typography = Typography::Ascii);

// ---- Kernel names ----

// A kernel's demangled name cut for a table cell or a timeline label: without the return type
// "void", the parameter list, anonymous namespaces, the namespaces every PyTorch kernel carries
// ("at::native::", "at::") and the casts "(int)", "(bool)" on template values, so that the part that
// differs stays in sight: "void at::native::vectorized_elementwise_kernel<(int)4, ...>(int, T2, T3)"
// -> "vectorized_elementwise_kernel<4, ...>". With TemplateArguments::Drop also without template
// arguments ("vectorized_elementwise_kernel"), for the narrow space of a label.
enum class TemplateArguments : uint8_t { Keep, Drop };
std::string shortKernelName(std::string_view name, TemplateArguments templates = TemplateArguments::Keep);

} // namespace opscope
