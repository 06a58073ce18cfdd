#pragma once
// Import the files of one capture together (`opscope import FILE... -o OUT.opscope`): an nsys
// SQLite or .nsys-rep, an ncu CSV or .ncu-rep, a torch.profiler trace and an Inductor debug
// directory of the same workload. Each file is imported and attributed on its own; what it adds
// follows its format's role and rank (importer.h): the timeline source becomes the profile (nsys,
// else torch.profiler, else ncu); ncu rows are matched to its kernels and give them their counters;
// a torch.profiler trace beside nsys checks its operators; the Inductor map names the aten ops of
// Triton kernels. The code lives in core/src/import/capture/.

#include "opscope/attribution.h"
#include "opscope/importer.h"
#include "opscope/profile.h"
#include "opscope/progress.h"

#include <optional>
#include <string>
#include <vector>

namespace opscope {

// True for a folder that holds Inductor debug output (output_code.py somewhere below it).
bool isInductorDebugDir(const std::string &path);
InductorKernelMap readInductorDebugDir(const std::string &path);
// Gives Triton kernels of `p` their fused aten ops; returns how many kernels it touched.
size_t applyInductorMap(Profile &p, const InductorKernelMap &map);

// How the rows of an ncu file found the timeline's kernels. importCapture keeps these counts in the
// profile's metadata, one key each; ncuMatchCounts reads them back.
struct NcuMatchCounts {
    size_t rows = 0;
    size_t matchedByStack = 0;    // module path + operator + shapes + name + grid + block + ordinal
    size_t matchedByLaunch = 0;   // name + grid + block + ordinal
    size_t matchedByName = 0;     // name + ordinal
    size_t replicatedToSteps = 0; // kernels of further identical steps given the same row
    size_t skippedByDedup = 0;    // captured kernels of layers a dedup replay did not profile
    size_t unmatchedRows = 0;     // ncu rows that match no captured kernel
    size_t kernelsWithoutRow = 0; // captured timeline kernels left without counters
    size_t matchedRows() const { return rows - unmatchedRows; }
    bool operator==(const NcuMatchCounts &) const = default;
};

struct NcuMatchReport {
    NcuMatchCounts counts;
    std::vector<Index> unmatchedRows;  // ncu kernels (in the ncu profile)
    std::vector<Index> kernelsWithout; // captured timeline kernels left without counters
};

// Matches the kernels of `ncu` (one per ncu row) to the captured kernels of `timeline` and copies
// their counters. Never matches by position alone: names must agree. Kernels of `skippedModules`
// (paths; their submodules too) take no row: a dedup replay did not profile them.
NcuMatchReport matchNcuRows(Profile &timeline, const Profile &ncu, const std::vector<std::string> &skippedModules = {});

// The ncu match of an imported capture; nullopt when no ncu file was matched onto its timeline.
std::optional<NcuMatchCounts> ncuMatchCounts(const Profile &p);

// How many captured kernels a torch.profiler trace of the same workload, imported beside the nsys
// capture, gives the same operator as the capture's own attribution.
struct CrossCheckCounts {
    size_t compared = 0; // captured kernels with an operator whose name the trace knows
    size_t agreed = 0;   // ... of which the trace has one with the same operator
    bool operator==(const CrossCheckCounts &) const = default;
};
std::optional<CrossCheckCounts> torchProfilerCrossCheck(const Profile &p);

// The profile's metadata as the summary prints it: the counts above, each kept under keys of its own,
// as one line each ("ncu_match: stack 46, launch 0, ...").
std::vector<std::pair<std::string, std::string>> summaryMetadata(const Profile &p);

Profile importCapture(const std::vector<std::string> &paths, const AttributionOptions &options = {},
                      const Progress &progress = {});

} // namespace opscope
