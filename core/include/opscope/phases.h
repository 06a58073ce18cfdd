#pragma once
// The phases of a step: the work that runs outside every module, as users read a training step.
//
//   optimizer [AdamW]  inside torch.optim's "Optimizer.step#AdamW.step" or "Optimizer.zero_grad#..." range
//   backward           autograd work no module claims (engine nodes, gradient accumulation) and the
//                      seed gradient (the ones_like right before the backward starts)
//   loss               work between the end of a forward call and the start of its backward
//   data               copies (aten::to, _to_copy, copy_, pin_memory) outside the loss window
//   other              everything else outside modules (random inputs, masks, kernels with no operator)
//
// Each phase becomes a ModuleInstance of kind Phase (one per step window: from one top-level forward
// call to the next; one per optimizer call), a top-level row beside the model in the module tree, and
// its operators and kernels take it as their module: every kernel of the step is then in a module or
// a phase.

#include "opscope/profile.h"

#include <string_view>
#include <vector>

namespace opscope {

inline constexpr std::string_view kPhaseOptimizer = "optimizer";
inline constexpr std::string_view kPhaseBackward = "backward";
inline constexpr std::string_view kPhaseLoss = "loss";
inline constexpr std::string_view kPhaseData = "data";
inline constexpr std::string_view kPhaseOther = "other";

// Where the phases apply: the captured step (work outside it, initialisation and warm-up, keeps no
// phase, as module calls outside it do not count), and the kernels' launch times.
struct PhaseScope {
    std::vector<std::pair<int64_t, int64_t>> captureWindows; // sorted; empty: the whole profile
    std::vector<int64_t> launchTimes;                        // per kernel, 0 when unknown
};

// Adds the phase instances and moves every operator and kernel in scope that has no module into one.
// Runs after attribution (kernels flagged outside the capture are left alone); a profile without
// module calls gets no phases. Replaces phases found in the profile (a second run gives the same result).
void assignPhases(Profile &p, const PhaseScope &scope = {});

// True for a module instance that is a phase.
inline bool isPhase(const ModuleInstance &m)
{
    return m.kind == ModuleKind::Phase;
}

} // namespace opscope
