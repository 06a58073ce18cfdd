#include "analysis/cuda_graph_model.h"

#include "analysis/step_windows.h"
#include "opscope/phases.h"

#include <algorithm>
#include <numeric>

namespace opscope::insightdetail {

namespace {

enum class Direction { None, Forward, Backward };

// Where a step kernel's launch belongs: the model's forward, its backward, or outside the graphs (a phase, or no
// module).
Direction directionOf(const InsightContext &c, size_t pos)
{
    const Index k = c.labelled(pos);
    if (k == kNoIndex)
        return Direction::None;
    const Kernel &kernel = c.p.kernels[k];
    if (kernel.module == kNoIndex || kernel.module >= c.p.modules.size() || isPhase(c.p.modules[kernel.module]))
        return Direction::None;
    const bool backward = kernel.op != kNoIndex && (c.p.operators[kernel.op].flags & kOperatorBackward);
    return backward ? Direction::Backward : Direction::Forward;
}

} // namespace

size_t modelParameterCount(const InsightContext &c)
{
    size_t accumulated = 0;
    if (const auto window = stepdetail::labelledWindow(c.p, c.captureRange))
        for (const Operator &op : c.p.operators)
            if (op.start_ns >= window->start_ns && op.start_ns <= window->end_ns &&
                c.p.text(op.name).starts_with("torch::autograd::AccumulateGrad"))
                ++accumulated;
    const size_t inventory =
        size_t(std::count_if(c.p.memory_tensors.begin(), c.p.memory_tensors.end(),
                             [](const MemoryTensor &t) { return t.kind == MemoryTensorKind::Parameter; }));
    return std::max(accumulated, inventory);
}

GraphedRuns graphedRuns(const InsightContext &c, const GraphReplayCost &cost)
{
    GraphedRuns out;
    out.parameters = modelParameterCount(c);
    const auto costOf = [&](int64_t fixed, int64_t perParameter) {
        return fixed + perParameter * int64_t(out.parameters);
    };

    // The step's kernels in launch order (their start where the launch is unknown).
    const auto launchOf = [&](size_t pos) {
        const int64_t launch = c.timing.kernels[pos].launch_ns;
        return launch >= 0 ? launch : c.measured(pos).start_ns;
    };
    std::vector<size_t> order(c.size());
    std::iota(order.begin(), order.end(), size_t(0));
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return launchOf(a) < launchOf(b); });
    const std::vector<HostSync> &syncs = c.replay.syncs(); // in start order, as the launches now are

    std::vector<GraphedRun> runs;
    std::vector<bool> forward; // per run
    Direction current = Direction::None;
    size_t nextSync = 0; // the first synchronisation not before the previous launch
    for (size_t pos : order) {
        const Direction d = directionOf(c, pos);
        const int64_t launch = launchOf(pos);
        bool syncBetween = false;
        for (; nextSync < syncs.size() && syncs[nextSync].start_ns < launch; ++nextSync)
            syncBetween = true;
        if (d != Direction::None) {
            if (d != current || syncBetween) {
                runs.emplace_back();
                forward.push_back(d == Direction::Forward);
            }
            runs.back().kernels.push_back(pos);
        }
        current = d;
    }
    for (size_t r = 0; r < runs.size(); ++r) {
        if (runs[r].kernels.size() < 2) // a graph of one launch saves nothing
            continue;
        runs[r].replay_host_ns = forward[r] ? costOf(cost.forward_ns, cost.forward_per_parameter_ns)
                                            : costOf(cost.backward_ns, cost.backward_per_parameter_ns);
        ++(forward[r] ? out.forward_runs : out.backward_runs);
        out.kernels += runs[r].kernels.size();
        out.runs.push_back(std::move(runs[r]));
    }
    return out;
}

} // namespace opscope::insightdetail
