#pragma once
// What each role of a capture's files (importer.h) adds to the profile, shared by capture_import.cpp
// (which file adds what) and the file of each role.

#include "opscope/capture_import.h"

#include <string>
#include <string_view>
#include <vector>

namespace opscope::capture {

// Counters (ncu_match.cpp): matches the ncu rows onto the profile's kernels, stores the counts
// (ncuMatchCounts) and warns of rows and kernels left over.
void addNcuCounters(Profile &profile, const Profile &ncu, const std::vector<std::string> &skippedModules);
bool isNcuMatchKey(std::string_view key); // a key of the counts the summary shows as one line
std::string describeNcuMatch(const NcuMatchCounts &counts);

// CrossCheck (cross_check.cpp): compares the operators of `trace` with the profile's, per kernel name,
// and stores the counts (torchProfilerCrossCheck).
void crossCheckOperators(Profile &profile, const Profile &trace);
bool isCrossCheckKey(std::string_view key);
std::string describeCrossCheck(const CrossCheckCounts &counts);

// Memory (memory_merge.cpp): the memory events of the torch.profiler trace of the correlation pass,
// a run of its own, carried onto the capture's operators (same module, name and ordinal), their
// place within the operator kept; only for a profile with no memory events of its own. Returns how
// many; warns of those whose operator the capture lacks.
size_t addTraceMemory(Profile &profile, const Profile &trace);

// Ranks (rank_merge.cpp): per-rank torch.profiler traces of one run become one profile with the rank
// on every thread and device. The rank comes from the trace's distributedInfo, else from the file name
// through `rankRegex` (its first group); a trace without a rank, of another run (world size) or a
// rank seen twice is left out with a warning naming the file. Clocks: see docs/ranks.md.
bool isRankTrace(const Profile &part);
// An nsys capture: several of them in one import are the ranks of one job (each rank's own session, or
// each node's session over its ranks).
bool isRankCapture(const Profile &part);
// A part that says which rank(s) it holds by itself: a trace's distributedInfo.rank, an nsys report's NCCL
// ranks (one process's, or a node's several processes').
bool hasRanksOfItsOwn(const Profile &part);
Profile mergeRanks(std::vector<Profile> parts, const std::string &rankRegex);
// The rank in a file's name, else in its folder's name, by the first group of `pattern`; -1 when none.
int rankFromName(const std::string &path, const std::string &pattern);

// A count stored in the profile's metadata; false when absent or not a number.
bool countOf(const Profile &p, std::string_view key, size_t &count);

} // namespace opscope::capture
