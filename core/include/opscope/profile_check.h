#pragma once
// Consistency of a profile's cross references: every StringId names an interned string, every Index
// points into its table, every counter belongs to an existing kernel/operator and metric; and every
// event's end_ns - start_ns fits in int64. The store refuses a file that breaks them ("damaged"), and
// the fuzz targets hold every importer to them, so the views can follow references without bounds
// checks and subtract times without overflow.

#include "opscope/profile.h"

#include <string>

namespace opscope {

// The first broken reference or impossible span, described for a user ("kernels[12].op = 99 but there
// are 40 operators"), or an empty string when all hold.
std::string findBrokenReference(const Profile &p);

} // namespace opscope
