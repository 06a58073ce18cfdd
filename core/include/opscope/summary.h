#pragma once
// The summary of a profile: what `opscope summary` prints and the GUI's status line shows.

#include "opscope/profile.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace opscope {

struct DedupGroup;
struct ModuleTree;
struct RankReport;

// How busy each rank's GPU was, as the summary and the explorer's Ranks tab both show it: over the
// rank's span (ranks.h: its first to last kernel or collective), the union of its kernels (compute
// and communication) and of the memory copies and sets on its devices. `analyzeRanks` counts kernels
// only; a copy-bound rank is busy copying, not idle.
struct RankBusy {
    int rank = -1;
    int64_t spanNs = 0;
    int64_t kernelNs = 0; // kernels and collectives, united
    int64_t copyNs = 0;   // memcpy and memset time on the rank's devices while no kernel ran
    int64_t busyNs() const { return kernelNs + copyNs; }
    int64_t idleNs() const { return spanNs - busyNs(); }
    double share() const { return spanNs > 0 ? double(busyNs()) / double(spanNs) : 0.0; }
};
std::vector<RankBusy> rankBusy(const Profile &profile, const RankReport &report);

nlohmann::ordered_json summaryJson(const Profile &profile);
// A dedup group as the JSON outputs write it: name, class, member paths, kernels and GPU time per
// member; `detail` adds whether it is nested in another group and the spread of its members' GPU time
// (`opscope modules --json`; the summary lists the outermost groups without them).
nlohmann::ordered_json dedupGroupJson(const ModuleTree &tree, const DedupGroup &group, bool detail);
// A human-readable rendering of the same figures.
std::string summaryText(const Profile &profile);

} // namespace opscope
