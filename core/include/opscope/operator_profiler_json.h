#pragma once
// The Operator Profiler's profile.json (OperatorAttributedProfile, schema 1.0): import and export.
// Import keeps every operator, kernel, raw metric and aggregated block; export writes a file the
// seed's schema accepts and that re-imports to the same model.

#include "opscope/profile.h"
#include "opscope/progress.h"

#include <string>
#include <string_view>

namespace opscope {

// The warning the importer adds because the seed's ncu values carry no unit (auto-scaled by ncu,
// unit column dropped). The exporter leaves it out, since importing adds it again.
//
// What the importer can still tell: ncu never scales percentages ("%") or registers per thread, and a
// kernel's gpu__time_duration lies near its own duration_ns (ncu's replay runs it again, up to a few
// times slower for small kernels), three powers of 1000 away from the wrong scales: durations are
// stored in ns, and exported again in ncu's auto-scale (the largest of ns/us/ms/s that keeps the
// number at 1 or more), which gives back the numbers as written.
inline constexpr std::string_view kOperatorProfilerUnitsWarning =
    "OpScope: the kernel metrics of this profile.json are in Nsight Compute's auto-scaled units "
    "(us or ms, KB or MB, ...) and the file does not say which; durations were converted to ns by "
    "each kernel's own duration, percentages are %, the others (bytes, counts) are kept as written.";

// True if the JSON text looks like an OperatorAttributedProfile (for format detection).
bool looksLikeOperatorProfilerJson(std::string_view head);

Profile importOperatorProfilerJson(const std::string &path, const Progress &progress = {});
// Parses already-read text; `path` is only used in error messages.
Profile parseOperatorProfilerJson(const std::string &text, const std::string &path);

std::string exportOperatorProfilerJson(const Profile &profile);
void writeOperatorProfilerJson(const Profile &profile, const std::string &path);

} // namespace opscope
