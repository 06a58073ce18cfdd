#pragma once
// Import the files of one capture together (`opscope import FILE... -o OUT.opscope`): an nsys
// SQLite or .nsys-rep, an ncu CSV or .ncu-rep, a torch.profiler trace and an Inductor debug
// directory of the same workload. Each file is imported and attributed on its own; the timeline
// source becomes the profile (nsys, else torch.profiler, else ncu); ncu rows are matched to its
// kernels and give them their counters; the Inductor map names the aten ops of Triton kernels.

#include "opscope/attribution.h"
#include "opscope/profile.h"
#include "opscope/progress.h"

#include <map>
#include <string>
#include <vector>

namespace opscope {

// Triton kernel name -> the aten ops it fuses ("aten::convolution", ...), from Inductor's
// output_code.py comments ("# ... Original ATen: [aten.convolution, aten.relu]").
using InductorKernelMap = std::map<std::string, std::vector<std::string>>;

// True for a folder that holds Inductor debug output (output_code.py somewhere below it).
bool isInductorDebugDir(const std::string &path);
InductorKernelMap readInductorDebugDir(const std::string &path);
// Gives Triton kernels of `p` their fused aten ops; returns how many kernels it touched.
size_t applyInductorMap(Profile &p, const InductorKernelMap &map);

struct NcuMatchReport {
    size_t rows = 0;
    size_t matchedByStack = 0;         // module path + operator + name + grid + block + ordinal
    size_t matchedByLaunch = 0;        // name + grid + block + ordinal
    size_t matchedByName = 0;          // name + ordinal
    size_t replicatedToSteps = 0;      // kernels of further identical steps given the same row
    size_t skippedByDedup = 0;         // captured kernels of layers a dedup replay did not profile
    std::vector<Index> unmatchedRows;  // ncu kernels (in the ncu profile)
    std::vector<Index> kernelsWithout; // captured timeline kernels left without counters
};

// Matches the kernels of `ncu` (one per ncu row) to the captured kernels of `timeline` and copies
// their counters. Never matches by position alone: names must agree. Kernels of `skippedModules`
// (paths; their submodules too) take no row: a dedup replay did not profile them.
NcuMatchReport matchNcuRows(Profile &timeline, const Profile &ncu, const std::vector<std::string> &skippedModules = {});

Profile importCapture(const std::vector<std::string> &paths, const AttributionOptions &options = {},
                      const Progress &progress = {});

} // namespace opscope
