#pragma once
// The summary of a profile: what `opscope summary` prints and the GUI's status line shows.

#include "opscope/profile.h"

#include <nlohmann/json.hpp>

#include <string>

namespace opscope {

struct DedupGroup;
struct ModuleTree;

nlohmann::ordered_json summaryJson(const Profile &profile);
// A dedup group as the JSON outputs write it: name, class, member paths, kernels and GPU time per
// member; `detail` adds whether it is nested in another group and the spread of its members' GPU time
// (`opscope modules --json`; the summary lists the outermost groups without them).
nlohmann::ordered_json dedupGroupJson(const ModuleTree &tree, const DedupGroup &group, bool detail);
// A human-readable rendering of the same figures.
std::string summaryText(const Profile &profile);

} // namespace opscope
