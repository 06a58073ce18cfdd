#pragma once
// What a CUDA graph over the model would leave of a step's host work: torch.compile(mode="reduce-overhead")
// of the root module's forward (verify's compile=reduce-overhead) records the forward and its backward as CUDA
// graphs, so each becomes one replay. The launch-bound item's gain model (docs/insights.md) replays the step
// with those runs of launches graphed (StepChange::graphs).

#include "analysis/insight_context.h"

#include <vector>

namespace opscope::insightdetail {

// The cost of replaying a graph on the host, measured by bench/gpu/graph_replay_cost.py on the H200 (torch 2.11,
// towers of 1 to 24 tiny blocks, 8 to 146 parameters, two runs: the compiled forward call and backward call, the
// launch queue empty): a fixed part (guards, the graph tree's bookkeeping, the replay call) and a part per
// parameter (the forward checks each static input; the backward still accumulates each gradient eagerly), the
// least-squares line through the 9 points. Not scaled to another host: the H200's noisy host gave a calibration
// burst of 6.5 and 10.6 us a launch in two sessions while the graphed calls took the same time.
struct GraphReplayCost {
    int64_t forward_ns = 279'000;
    int64_t forward_per_parameter_ns = 4'200;
    int64_t backward_ns = 419'000;
    int64_t backward_per_parameter_ns = 14'500;
};

struct GraphedRuns {
    std::vector<GraphedRun> runs; // the runs as the replay takes them
    size_t parameters = 0;        // the parameters whose gradients the backward accumulates (0: not known)
    size_t forward_runs = 0, backward_runs = 0;
    size_t kernels = 0; // kernels inside the runs
};

// The model's parameters (their number: a replay's guards check each one): the AccumulateGrad nodes of the
// labelled step's backward, else the launcher's inventory of parameters; 0 when neither is in the profile.
size_t modelParameterCount(const InsightContext &c);

// The step's runs of consecutive launches inside the model's modules (not its phases: the optimizer, the loss
// outside the model, the autograd engine's own work), split where the direction changes (forward, backward), at
// a launch outside them and at a synchronisation (a graph cannot hold one: torch.compile breaks the graph
// there). Empty when the step's kernels carry no module.
GraphedRuns graphedRuns(const InsightContext &c, const GraphReplayCost &cost = {});

} // namespace opscope::insightdetail
