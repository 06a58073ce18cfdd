#pragma once
// Groups of identical layers (the launcher's partition map): what a dedup-aware replay skips, and how
// the skipped members get their representative's counters back.

#include "opscope/pipeline/commands.h"
#include "opscope/profile.h"

#include <cstddef>
#include <string>
#include <vector>

namespace opscope::pipeline {

struct LayerGroup {
    std::string name;                 // "blocks.*[Block]"
    std::string className;            // "Block"
    std::string representative;       // "blocks.0"
    std::vector<std::string> members; // paths, representative first
    std::vector<std::string> labels;  // "blocks.0[Block]", ...
};
struct PartitionMap {
    std::string root; // "model[GPT]"
    std::vector<LayerGroup> groups;
};
// Throws FileError naming the file when it is not a partition map.
PartitionMap readPartitionMap(const std::string &path);
// The start/end range the launcher opens around a member's backward pass during a dedup replay
// ("blocks.1 backward"): autograd runs it on its own thread, outside the forward's push/pop range.
std::string backwardRangeName(const std::string &memberPath);
// The NVTX exclusions that make ncu skip every member but the representative of each group: the
// forward's push/pop label of each duplicate, then its backward range.
std::vector<NvtxFilter> dedupExclusions(const PartitionMap &map);

// Dedup-aware replay profiles one representative per group of identical layers; this gives every
// other member the counters of the representative's kernel at the same position (kernels of the
// captured step attributed to the member, in launch order), after checking that the kernel names
// line up. Members whose kernels differ in count or names keep no copied counters (see problems).
struct DedupReport {
    size_t groups = 0;
    size_t membersFilled = 0;
    size_t kernelsFilled = 0;
    std::vector<std::string> problems;
};
DedupReport propagateDedupCounters(Profile &profile, const PartitionMap &map);

} // namespace opscope::pipeline
