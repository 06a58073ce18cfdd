#pragma once
// The analysis results every data view shares, computed once per profile (off the GUI thread if the
// caller likes: analyzeProfile is a pure function): the module tree with its dedup groups, each
// kernel's roofline figures and the GPU's ceilings, and the kernels a selection stands for.

#include "common/selection.h"
#include "opscope/module_tree.h"
#include "opscope/profile.h"
#include "opscope/roofline.h"

#include <QString>

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace opscope::ui {

// The roofline figures of a set of kernels together (one kernel alone included), over those whose
// figures are valid: the work, the bytes moved per memory level and the GPU time, as the counter panel
// and the roofline show them.
struct RooflineTotals {
    double work = 0, time = 0;                     // FLOP of all precisions; ns
    std::map<std::string, double> workByPrecision; // FLOP per ComputeRate::precision
    double traffic[3] = {0, 0, 0};                 // bytes, by MemoryLevel
    bool present[3] = {false, false, false};       // a kernel had the level's metrics
    size_t kernels = 0;                            // kernels with valid figures
};

// The operator table under one grouping, and the row of every operator instance.
struct OperatorTableRows {
    OperatorGrouping grouping = OperatorGrouping::ByName;
    std::vector<OperatorRow> rows;
    std::vector<int> rowOfOperator; // per Profile::operators index; -1 for one no row holds
};
std::shared_ptr<const OperatorTableRows> operatorTableRows(const Profile &p, OperatorGrouping grouping);

struct KernelTableRows; // models/kernel_table_model.h

struct ProfileAnalysis {
    std::shared_ptr<const Profile> profile;
    ModuleTree tree;                      // tree.nodeOfInstance: module instance -> node
    std::vector<KernelRoofline> roofline; // per kernel; `valid` when its row had the roofline metrics
    std::vector<Index> rooflineKernels;   // the kernels whose roofline is valid, in order (the plot's points)
    RooflineCeilings ceilings;            // over every kernel with counters
    std::vector<Index> stepKernels;       // kernels of the captured step, in start order
    size_t stepKernelsAttributed = 0;     // ...of which have an operator
    size_t kernelsWithCounters = 0;
    int64_t timeOrigin = 0; // Profile::timeOrigin(): the zero of every start time the views show
    // The operator table as it opens (by name), aggregated here with the rest, off the GUI thread:
    // a second at millions of operators.
    std::shared_ptr<const OperatorTableRows> operatorRows;
    // The kernel table's rows as it opens (the captured step's kernels), likewise.
    std::shared_ptr<const KernelTableRows> kernelRows;
    // Generation requests (generation.h): per tree node, its time in the prefill of a request and per
    // decoded token (-1 where it has none); empty for other profiles.
    struct PhaseTime {
        int64_t prefillNs = -1;
        int64_t perTokenNs = -1;
    };
    std::vector<PhaseTime> phaseTimeOfNode;
    bool generationOnGpu = false; // the times are GPU time (else the host's)

    // Tree node of a kernel's module, -1 when it has none.
    int nodeOfKernel(Index kernel) const;
    // The captured-step kernels a selection stands for (a kernel stands for itself, captured or not),
    // in index order: an operator's kernels include those of the operators nested in it, a module's
    // those of its submodules, a group's those of all its members (kernelsUnder). The last answer is
    // kept: every view asks for the same selection in turn (hundreds of thousands of kernels for the
    // root of a big capture).
    std::vector<Index> kernelsOf(const Selection::State &state) const;
    // The operator instances an operator selection stands for (one call or a whole table row).
    std::vector<Index> operatorsOf(const Selection::State &state) const;
    // A short description of a selection for headers and tooltips.
    QString describe(const Selection::State &state) const;
    // The roofline figures of `kernels` together.
    RooflineTotals rooflineTotals(const std::vector<Index> &kernels) const;

private:
    std::vector<Index> findKernelsOf(const Selection::State &state) const;
    struct KernelsOfCache {
        std::mutex mutex;
        Selection::State state;
        std::shared_ptr<const std::vector<Index>> kernels;
    };
    std::shared_ptr<KernelsOfCache> kernelsOfCache_ = std::make_shared<KernelsOfCache>();
};

std::shared_ptr<const ProfileAnalysis> analyzeProfile(std::shared_ptr<const Profile> profile);

// Why a profile has no hardware counters and how to get them, in one sentence for the counter panel and
// the roofline: an AMD GPU's trace (Nsight Compute profiles NVIDIA GPUs only), a profile without kernels,
// or a timeline that wants its Nsight Compute replay.
QString noCountersReason(const Profile &p);

// An operator's name as the tables show it: autograd's "autograd::engine::evaluate_function:
// AddmmBackward0" becomes "AddmmBackward0 (autograd::engine::evaluate_function)", so rows cut at the
// column's width still differ; other names stay as they are.
QString operatorDisplayName(std::string_view name);

} // namespace opscope::ui
