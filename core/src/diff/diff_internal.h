#pragma once
// Pieces of the comparison engine shared by its files (not part of the public API).

#include "opscope/diff.h"
#include "opscope/diff_table.h"
#include "opscope/format.h"

#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace opscope::diffdetail {

// An alignment of two sequences maximising the summed score of the pairs it makes; `score(i, j)`
// < 0 forbids pairing i with j. Pairs come back in order (both indices increasing).
using PairScore = std::function<int(size_t, size_t)>;
std::vector<std::pair<size_t, size_t>> alignSequences(size_t n, size_t m, const PairScore &score);

// An alignment that also lets several consecutive items of one side pair with one item of the
// other (fusion: q, k, v projections -> one qkv GEMM; mm + add -> addmm). `joinsBefore(i, j)` says
// whether BEFORE item i may be one of several around AFTER item j (`joinsAfter` the reverse); every
// member of a group must join, and the best of them must pair (score >= 0). A group scores its best
// pair plus `kJoinBonus` per extra member: less than half the weakest pair (3), so two members
// joined elsewhere never beat one pair. Half-open ranges; every group has items on both sides.
struct AlignedGroup {
    size_t b0 = 0, b1 = 0, a0 = 0, a1 = 0;
};
inline constexpr int kJoinBonus = 1;
using JoinTest = std::function<bool(size_t, size_t)>;
std::vector<AlignedGroup> alignWithFusion(size_t n, size_t m, const PairScore &score, const JoinTest &joinsBefore,
                                          const JoinTest &joinsAfter);

// The kind of work a kernel does, read from its name; Unknown when the name does not say.
enum class KernelRole : uint8_t {
    Unknown,
    Gemm,
    Attention,
    Convolution,
    Norm,
    Softmax,
    Reduction,
    Gather,
    Copy,
    Elementwise,
    TritonPointwise,
    TritonReduction,
    TritonTemplate,
};
KernelRole kernelRole(std::string_view name);

// Distinctive parts of a kernel name ("sm80", "xmma", "gemm", "f32f32", ...), sorted, unique.
std::vector<std::string> kernelNameTokens(std::string_view name);
// Jaccard similarity of two sorted token lists.
double tokenSimilarity(const std::vector<std::string> &a, const std::vector<std::string> &b);

// "aten::addmm" -> "addmm"; the name after the last "::".
std::string_view baseOperatorName(std::string_view name);
// Two different operators that do the same work in another form (mm/addmm/linear/matmul,
// the scaled_dot_product_* variants, convolution variants, copies and casts).
bool sameOperatorFamily(std::string_view a, std::string_view b);
// The family number behind sameOperatorFamily; 0 for an operator of no family.
int operatorFamily(std::string_view name);
// True when `kernelName` is a Triton kernel fused from an op named `opName` ("triton_poi_fused_addmm_gelu_1"
// names aten::addmm and aten::gelu).
bool tritonKernelFuses(std::string_view kernelName, std::string_view opName);

// One profile prepared for matching: its module tree, the operators that get aligned (the
// outermost operator of each module call, "units") with their kernels, and the step's figures.
struct Side {
    explicit Side(const Profile &profile) : p(profile) {}
    const Profile &p;
    std::vector<Index> unitOf;                        // operator -> the unit it belongs to
    std::vector<std::vector<Index>> unitKernels;      // unit -> its captured kernels, launch order
    std::vector<std::vector<Index>> unitsOfNode;      // tree node -> its units in the step, launch order;
                                                      // the last entry holds the units outside every module
    std::vector<OperatorIdentity> identity;           // per operator (filled for units)
    std::vector<std::vector<std::string>> fusedNames; // per operator: normalised fused_with names
    std::vector<Index> unattributed;                  // captured kernels without an operator
    size_t stepUnits = 0;
    int64_t stepTime = 0, unattributedTime = 0, outsideTime = 0, busy = 0, span = 0;
    int64_t kernels = 0, outsideKernels = 0;

    int64_t kernelTime(const std::vector<Index> &kernels) const;
};

// Prepares `side` (its tree must be built already and passed in).
void prepareSide(Side &side, const ModuleTree &tree, const std::string &captureRange);

// Kernels of one operator row paired up (launch, then name, then role when `byRole`), in AFTER's
// launch order with each removed kernel just before the next matched one.
struct KernelPair {
    Index before = kNoIndex;
    Index after = kNoIndex;
    MatchKind kind = MatchKind::None;
};
std::vector<KernelPair> matchKernelLists(const Profile &before, const Profile &after, const std::vector<Index> &kb,
                                         const std::vector<Index> &ka, bool byRole);

// Each row's BEFORE value over the primary and the extra BEFORE runs (Significance of every row,
// the step, and ProfileDiff::runKernelOf).
void addRunStatistics(ProfileDiff &diff, const DiffOptions &options);

// Mean and sample standard deviation of `values` and where `after` lies against them.
Significance significance(const std::vector<double> &values, double after);

} // namespace opscope::diffdetail
