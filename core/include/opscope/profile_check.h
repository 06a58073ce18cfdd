#pragma once
// Consistency of a profile's cross references: every StringId names an interned string, every Index
// points into its table, every counter belongs to an existing kernel/operator and metric; and every
// event's end_ns - start_ns fits in int64, and their totals too. The store refuses a file that breaks them ("damaged"),
// and the fuzz targets hold every importer to them, so the views can follow references without bounds checks and
// subtract times without overflow.

#include "opscope/profile.h"

#include <string>

namespace opscope {

// The first broken reference, impossible span or impossible total (findImpossibleTotal), described for a
// user ("kernels[12].op = 99 but there are 40 operators"), or an empty string when all hold.
std::string findBrokenReference(const Profile &p);

// Totals are int64 everywhere (a module's GPU time, the step's kernel time, a rank's busy time...). The
// durations of all events together, and the bytes of each kind of memory event, may add up to at most
// kMaxTotal: then every sum an analysis makes of them fits, in any order, with room to spare. Two
// kernels of 5e15 µs (a damaged or crafted trace) break it; importFile refuses such a file with this
// text rather than report a wrapped, negative total.
inline constexpr int64_t kMaxTotal = int64_t(1) << 62;
std::string findImpossibleTotal(const Profile &p);

} // namespace opscope
