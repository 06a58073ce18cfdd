#pragma once
// Before/after comparison of two attributed profiles: one engine for the GUI compare view and
// `opscope diff`. See docs/compare.md for how the matching works.
//
// - Modules are matched by path, then (where paths differ) by class and position among siblings.
// - Operators are matched within each matched module by an alignment of their sequences (the
//   outermost operators of the module in launch order), which allows for inserted, removed, renamed
//   and fused operators: several BEFORE ops that one AFTER op stands for (fused_with, a Triton
//   kernel named after them) become one row.
// - Kernels are matched within matched operators by name, grid and block, then by name, then by
//   role (the n-th kernel of the matched op of the same kind, names compared by their parts), so a
//   GEMM matches across precisions although the library picked another kernel.
// Every row has before, after, delta and ratio; unmatched rows are Added or Removed, never dropped.
//
// The figures cover the captured step only: kernels flagged outside the capture (initialisation,
// warm-up, weight casts before the step) are counted in DiffTotals::outside* and nowhere else.

#include "opscope/module_tree.h"
#include "opscope/profile.h"

#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

namespace opscope {

enum class DiffStatus : uint8_t {
    Matched = 0, // on both sides
    Added = 1,   // only AFTER has it
    Removed = 2, // only BEFORE has it
};
std::string_view toString(DiffStatus status);

// How a row's two sides were paired. Which values occur depends on the level.
enum class MatchKind : uint8_t {
    None = 0,          // Added / Removed
    Path = 1,          // module: same path
    ClassPosition = 2, // module: same class, same position among the matched parent's children
    NameShapes = 3,    // operator: same name and input shapes
    Name = 4,          // operator: same name, other shapes
    Related = 5,       // operator: another op of the same family (mm/addmm/linear, sdpa variants, ...)
    Fused = 6,         // operator: several ops of one side stand for one op of the other
    Launch = 7,        // kernel: same name, grid and block
    KernelName = 8,    // kernel: same name, other grid or block
    Role = 9,          // kernel: another name, same role in the matched operator (e.g. fp32 vs bf16 GEMM)
    Unattributed = 10, // the step's kernels without an operator, on both sides
};
std::string_view toString(MatchKind kind);

// One quantity on both sides. Ratio = after / before (0.6: 40% less time); 0 when before is 0.
struct TimePair {
    int64_t before = 0;
    int64_t after = 0;
    int64_t delta() const { return after - before; }
    double ratio() const { return before ? double(after) / double(before) : 0.0; }
    // (after - before) / before in percent; 0 when before is 0.
    double changePct() const { return before ? 100.0 * double(after - before) / double(before) : 0.0; }
};

struct CountPair {
    int64_t before = 0;
    int64_t after = 0;
    int64_t delta() const { return after - before; }
};

// A row's BEFORE value over several BEFORE runs (a baseline set, as Nsight Compute's baselines):
// the mean and sample standard deviation of the runs, AFTER's difference to the mean in percent and
// its z-score ((after - mean) / stddev). Only meaningful when runs >= 2.
struct Significance {
    uint32_t runs = 0; // BEFORE runs that have the row (the primary BEFORE included)
    double mean = 0;
    double stddev = 0;
    double pctDifference = 0;
    double zScore = 0;
    bool hasZScore() const { return runs >= 2 && stddev > 0; }
};

struct ModuleDiffRow {
    std::string path;      // AFTER's path, BEFORE's when removed
    std::string otherPath; // BEFORE's path when it differs (matched by class and position)
    std::string className;
    int parent = -1; // row index
    int depth = 0;
    DiffStatus status = DiffStatus::Matched;
    MatchKind match = MatchKind::None;
    int beforeNode = -1;  // ProfileDiff::beforeTree.nodes
    int afterNode = -1;   // ProfileDiff::afterTree.nodes
    TimePair gpuTime;     // module and its descendants, captured step
    TimePair gpuTimeSelf; // kernels attributed to the module itself
    CountPair kernels;    // module and its descendants
    CountPair calls;
    Significance stats; // of gpuTime over the BEFORE runs
};

struct OperatorDiffRow {
    int module = -1;        // ModuleDiffRow the operators run in; -1: outside every module
    std::string name;       // AFTER's normalised name ("aten::addmm"), BEFORE's when removed
    std::string beforeName; // BEFORE's normalised names, " + " between fused ops
    std::string afterName;
    std::string beforeShapes; // input shapes of the first op of each side
    std::string afterShapes;
    std::vector<Index> beforeOps; // operator indices (several when fused), launch order
    std::vector<Index> afterOps;
    DiffStatus status = DiffStatus::Matched;
    MatchKind match = MatchKind::None;
    TimePair gpuTime; // kernels of the ops and of the ops nested in them
    CountPair kernels;
    Significance stats;
    std::vector<int> kernelRows; // ProfileDiff::kernels of this row, launch order
    bool unattributed = false;   // the step's kernels without an operator (no ops, the last row)
};

struct KernelDiffRow {
    int op = -1; // OperatorDiffRow; -1 for the step's unattributed kernels
    Index beforeKernel = kNoIndex;
    Index afterKernel = kNoIndex;
    DiffStatus status = DiffStatus::Matched;
    MatchKind match = MatchKind::None;
    TimePair duration;
    Significance stats;
};

// Dedup groups matched by name ("blocks.*"): the spread of their members' GPU time.
struct GroupDiffRow {
    std::string name;
    std::string className;
    DiffStatus status = DiffStatus::Matched;
    CountPair members;
    TimePair total;  // all members
    TimePair median; // per member
    TimePair min;
    TimePair max;
};

struct DiffTotals {
    TimePair stepGpuTime;      // every kernel of the captured step
    TimePair kernelTime;       // the step's kernels attributed to an operator: the operator rows' sum
    TimePair unattributedTime; // the step's kernels without an operator (shown as their own row)
    CountPair kernels;         // every kernel of the captured step
    CountPair unattributedKernels;
    TimePair gpuBusy;     // union of the step's kernel intervals
    TimePair gpuIdle;     // first kernel start to last kernel end, minus busy
    TimePair outsideTime; // kernels outside the captured step: not compared
    CountPair outsideKernels;
    CountPair operators; // outermost operators per module in the step (the aligned sequences)
    // The launcher's step times (step_timing.h): the plain reference step and the captured step,
    // medians on the same clock; 0 on a side captured without reference steps.
    TimePair referenceStep;
    TimePair capturedStep;
    size_t matchedModules = 0, addedModules = 0, removedModules = 0;
    size_t matchedOperatorRows = 0, addedOperatorRows = 0, removedOperatorRows = 0;
    size_t matchedKernels = 0, addedKernels = 0, removedKernels = 0;
    Significance stepStats; // of kernelTime over the BEFORE runs
};

struct DiffOptions {
    // The NVTX range that marks the captured step (as AttributionOptions::captureRange): operators
    // without kernels count as part of the step when they start inside it. Without such a range,
    // every operator that has no kernel outside the capture counts.
    std::string captureRange = "CAPTURE";
    // More BEFORE runs of the same workload (same program, other processes): they give each row a
    // mean, a standard deviation and AFTER's z-score. Not owned; must outlive the call.
    std::vector<const Profile *> extraBeforeRuns;
};

// Peak memory before and after (memory.h), each side on its primary device (the first GPU with memory
// events, else host memory): the peaks, and what holds the memory at each peak by module and by kind,
// matched by name (a module path, a phase, or a kind). Empty (present false) when neither side has
// memory events.
struct MemoryDiffRow {
    std::string name; // module path ("" the root), phase, "(before trace)", or kind
    std::string className;
    bool phase = false;
    int64_t before = 0; // bytes at the peak; 0 where the side has no such row
    int64_t after = 0;
};
struct MemoryDiff {
    bool present = false;
    int32_t deviceBefore = -1, deviceAfter = -1;
    int64_t peakBefore = 0, peakAfter = 0; // allocated
    int64_t reservedBefore = 0, reservedAfter = 0;
    std::vector<MemoryDiffRow> byModule; // largest change first
    std::vector<MemoryDiffRow> byKind;
};
MemoryDiff diffMemory(const Profile &before, const Profile &after);

// Two generation set-ups phase by phase (generation.h): the figures of the plain requests (time to first
// token, per output token, tokens per second), the GPU's busy share per phase and the KV cache, then per module
// its time in the prefill and per decoded token, matched by path. Empty (present false) unless both sides are
// generation profiles.
struct GenerationDiffRow {
    std::string name; // a figure ("ttft"), or a module path ("" the root)
    std::string className;
    std::string unit; // "ns", "tokens/s", "share", "bytes"
    double before = 0, after = 0;
    bool inBefore = false, inAfter = false;
};
struct GenerationDiff {
    bool present = false;
    std::vector<GenerationDiffRow> figures;
    std::vector<GenerationDiffRow> prefill;  // per module, ns per request's prefill; largest first
    std::vector<GenerationDiffRow> perToken; // per module, ns per decoded token; largest first
};
GenerationDiff diffGeneration(const Profile &before, const Profile &after);

// The comparison. Holds pointers to both profiles: they must outlive it.
struct ProfileDiff {
    const Profile *before = nullptr;
    const Profile *after = nullptr;
    std::vector<const Profile *> extraBeforeRuns; // DiffOptions::extraBeforeRuns
    size_t beforeRuns = 1;                        // the primary BEFORE plus the extra runs
    ModuleTree beforeTree;
    ModuleTree afterTree;
    std::vector<ModuleDiffRow> modules;     // depth first, parents before children
    std::vector<OperatorDiffRow> operators; // by module row, then launch order
    std::vector<KernelDiffRow> kernels;     // by operator row; the unattributed ones last
    std::vector<GroupDiffRow> groups;
    DiffTotals totals;
    MemoryDiff memory;
    GenerationDiff generation;
    // Per BEFORE run after the first, per kernel of BEFORE: the same kernel in that run (kNoIndex when
    // the run lacks it). Used for the counters' significance.
    std::vector<std::vector<Index>> runKernelOf;
};

ProfileDiff diffProfiles(const Profile &before, const Profile &after, const DiffOptions &options = {});

// An operator's identity for matching: the emit_nvtx text without op_id / input_op_ids / sizes
// ("aten::addmm, op_id = 17, sizes = [...]" -> "aten::addmm"), with the shapes it names.
struct OperatorIdentity {
    std::string name;
    std::string shapes;
};
OperatorIdentity operatorIdentity(const Profile &p, Index op);

// A counter of a matched kernel or operator row on both sides (operators: the kernels' counters
// combined per metric as aggregateCounters does).
struct CounterDelta {
    std::string metric;
    std::string unit;
    double before = 0;
    double after = 0;
    bool inBefore = false;
    bool inAfter = false;
    double delta() const { return after - before; }
    // (after - before) / |before| in percent; 0 when before is 0.
    double pctDifference() const;
    Significance stats; // over the BEFORE runs that have the counter
};
std::vector<CounterDelta> kernelCounterDeltas(const ProfileDiff &diff, size_t kernelRow);
std::vector<CounterDelta> operatorCounterDeltas(const ProfileDiff &diff, size_t operatorRow);

// Display names of a kernel row's two sides (empty for an absent side).
std::string kernelNameBefore(const ProfileDiff &diff, const KernelDiffRow &row);
std::string kernelNameAfter(const ProfileDiff &diff, const KernelDiffRow &row);

// Matched rows (and the step) that got slower by more than `pct` percent, where before or after
// takes at least `minTimeNs`; the CI gate of `opscope diff --fail-if-slower`.
enum class DiffLevel { Module, Operator, Kernel };
std::string_view toString(DiffLevel level);
struct Regression {
    DiffLevel level = DiffLevel::Operator;
    int row = -1; // -1: the step's kernel time
    std::string what;
    TimePair time;
};
std::vector<Regression> findRegressions(const ProfileDiff &diff, DiffLevel level, double pct, int64_t minTimeNs);

// Reports: a Markdown or an HTML document with the totals, groups and the rows of `level`.
void writeDiffMarkdown(const ProfileDiff &diff, DiffLevel level, std::ostream &out);
void writeDiffHtml(const ProfileDiff &diff, DiffLevel level, std::ostream &out);

} // namespace opscope
