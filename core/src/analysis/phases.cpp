#include "opscope/phases.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace opscope {

namespace {

constexpr std::string_view kOptimizerStep = "Optimizer.step#";
constexpr std::string_view kOptimizerZeroGrad = "Optimizer.zero_grad#";

// torch.optim wraps every step and zero_grad in a record_function "Optimizer.step#AdamW.step" (also
// under emit_nvtx, which appends ", op_id = N"): the optimizer's class is between '#' and '.'.
std::string_view optimizerClassOf(std::string_view text)
{
    std::string_view rest;
    if (text.starts_with(kOptimizerStep))
        rest = text.substr(kOptimizerStep.size());
    else if (text.starts_with(kOptimizerZeroGrad))
        rest = text.substr(kOptimizerZeroGrad.size());
    else
        return {};
    return rest.substr(0, rest.find('.'));
}

bool isCopy(std::string_view op)
{
    return op == "aten::to" || op == "aten::_to_copy" || op == "aten::copy_" || op == "aten::pin_memory";
}

struct OptimizerRange {
    int64_t start = 0, end = 0;
    Index range = kNoIndex;
    std::string_view cls;
};

// What a piece of work outside modules is, and which instance it joins.
struct PhaseKey {
    std::string_view phase;
    std::string_view cls;
    size_t window = 0;          // step window: forward calls started before it
    Index optimizer = kNoIndex; // the optimizer call's range
    bool operator<(const PhaseKey &o) const
    {
        return std::tie(phase, cls, window, optimizer) < std::tie(o.phase, o.cls, o.window, o.optimizer);
    }
};

class PhaseAssigner {
public:
    explicit PhaseAssigner(Profile &p) : p_(p) {}

    void run(const PhaseScope &scope)
    {
        dropPhases();
        if (std::none_of(p_.modules.begin(), p_.modules.end(), [](const ModuleInstance &m) { return !isPhase(m); }))
            return; // no modules to stand beside
        windows_ = scope.captureWindows;
        indexSteps();
        // Operators: each top-level operator outside modules decides for its whole subtree.
        // Operators that captured a CUDA graph's nodes ran before the step, once, and their kernels
        // replay in it: they are in scope through those kernels.
        std::vector<char> capturedGraphOp(p_.operators.size(), 0);
        for (const GraphNodeLaunch &g : p_.graph_node_launches)
            if (const Kernel &k = p_.kernels[g.kernel]; k.op != kNoIndex && !(k.flags & kKernelOutsideCapture))
                capturedGraphOp[topOf(k.op)] = 1;
        std::vector<Index> phaseOfOp(p_.operators.size(), kNoIndex);
        for (Index o = 0; o < p_.operators.size(); ++o) {
            const Operator &op = p_.operators[o];
            if (op.module != kNoIndex || op.parent != kNoIndex || (!inScope(op.start_ns) && !capturedGraphOp[o]))
                continue;
            phaseOfOp[o] = instanceFor(classify(op.start_ns, op.thread, p_.text(op.name), isBackward(o)), op.start_ns,
                                       op.end_ns, op.thread);
        }
        for (Index o = 0; o < p_.operators.size(); ++o) {
            Operator &op = p_.operators[o];
            if (op.module != kNoIndex)
                continue;
            const Index top = topOf(o);
            if (phaseOfOp[top] != kNoIndex)
                op.module = phaseOfOp[top];
        }
        for (Index k = 0; k < p_.kernels.size(); ++k) {
            Kernel &kernel = p_.kernels[k];
            if (kernel.module != kNoIndex || (kernel.flags & kKernelOutsideCapture))
                continue;
            if (kernel.op != kNoIndex) {
                kernel.module = p_.operators[kernel.op].module;
                continue;
            }
            const int64_t t =
                k < scope.launchTimes.size() && scope.launchTimes[k] ? scope.launchTimes[k] : kernel.start_ns;
            kernel.module = instanceFor(classify(t, kernel.launch_thread, {}, false), t, t, kernel.launch_thread);
        }
    }

private:
    // Phases from an earlier run sit at the end of the instances: take them and their links away.
    void dropPhases()
    {
        const auto first = std::find_if(p_.modules.begin(), p_.modules.end(), isPhase);
        if (first == p_.modules.end())
            return;
        const Index from = Index(first - p_.modules.begin());
        if (!std::all_of(first, p_.modules.end(), isPhase))
            return; // not ours: leave the profile as it is
        p_.modules.erase(first, p_.modules.end());
        for (Operator &op : p_.operators)
            if (op.module != kNoIndex && op.module >= from)
                op.module = kNoIndex;
        for (Kernel &k : p_.kernels)
            if (k.module != kNoIndex && k.module >= from)
                k.module = kNoIndex;
    }

    void indexSteps()
    {
        for (const ModuleInstance &m : p_.modules)
            if (m.parent == kNoIndex && m.kind == ModuleKind::Module)
                forwardCalls_.emplace_back(m.start_ns, m.end_ns);
        std::sort(forwardCalls_.begin(), forwardCalls_.end());
        for (Index o = 0; o < p_.operators.size(); ++o)
            if (isBackward(o))
                backwardStarts_.push_back(p_.operators[o].start_ns);
        std::sort(backwardStarts_.begin(), backwardStarts_.end());
        for (Index r = 0; r < p_.ranges.size(); ++r) {
            const Range &range = p_.ranges[r];
            if (range.kind == RangeKind::GpuUserAnnotation)
                continue;
            const std::string_view cls = optimizerClassOf(p_.text(range.text));
            if (!cls.empty())
                optimizerRanges_[range.thread].push_back({range.start_ns, range.end_ns, r, cls});
        }
        for (auto &[thread, ranges] : optimizerRanges_)
            std::sort(ranges.begin(), ranges.end(), [](const auto &a, const auto &b) { return a.start < b.start; });
    }

    bool inScope(int64_t t) const
    {
        if (windows_.empty())
            return true;
        const auto it = std::upper_bound(windows_.begin(), windows_.end(), std::make_pair(t, INT64_MAX));
        return it != windows_.begin() && std::prev(it)->second >= t;
    }

    bool isBackward(Index o) const { return (p_.operators[o].flags & kOperatorBackward) != 0; }

    Index topOf(Index o) const
    {
        for (size_t steps = 0; steps < p_.operators.size() && p_.operators[o].parent != kNoIndex; ++steps)
            o = p_.operators[o].parent;
        return o;
    }

    const OptimizerRange *optimizerAt(Index thread, int64_t t) const
    {
        const auto it = optimizerRanges_.find(thread);
        if (it == optimizerRanges_.end())
            return nullptr;
        const OptimizerRange *found = nullptr;
        for (const OptimizerRange &r : it->second) { // a few per step: a scan is enough
            if (r.start > t)
                break;
            if (t <= r.end)
                found = &r;
        }
        return found;
    }

    PhaseKey classify(int64_t start, Index thread, std::string_view name, bool backward) const
    {
        const auto afterStart =
            std::upper_bound(forwardCalls_.begin(), forwardCalls_.end(), std::make_pair(start, INT64_MAX));
        PhaseKey key;
        key.window = size_t(afterStart - forwardCalls_.begin());
        if (const OptimizerRange *r = optimizerAt(thread, start)) {
            key.phase = kPhaseOptimizer;
            key.cls = r->cls;
            key.optimizer = r->range;
            return key;
        }
        if (backward) {
            key.phase = kPhaseBackward;
            return key;
        }
        // The loss window: after a forward call ended, before the backward that follows it (and before
        // the next forward call).
        const bool afterForward = afterStart != forwardCalls_.begin() && std::prev(afterStart)->second <= start;
        const auto nextBackward = std::upper_bound(backwardStarts_.begin(), backwardStarts_.end(), start);
        const bool backwardNext = nextBackward != backwardStarts_.end() &&
                                  (afterStart == forwardCalls_.end() || *nextBackward < afterStart->first);
        if (afterForward && backwardNext) {
            // torch.autograd.backward seeds the gradient with ones_like(loss) right before the engine runs.
            key.phase = name == "aten::ones_like" ? kPhaseBackward : kPhaseLoss;
            return key;
        }
        key.phase = isCopy(name) ? kPhaseData : kPhaseOther;
        return key;
    }

    Index instanceFor(const PhaseKey &key, int64_t start, int64_t end, Index thread)
    {
        auto [it, inserted] = instances_.emplace(key, Index(p_.modules.size()));
        if (inserted) {
            ModuleInstance m;
            m.start_ns = start;
            m.end_ns = end;
            m.path = p_.intern(key.phase);
            m.class_name = key.cls.empty() ? p_.intern("") : p_.intern(key.cls);
            m.thread = thread;
            m.kind = ModuleKind::Phase;
            if (key.optimizer != kNoIndex) { // the optimizer call's own range is its band and its time
                m.range = key.optimizer;
                m.start_ns = p_.ranges[key.optimizer].start_ns;
                m.end_ns = p_.ranges[key.optimizer].end_ns;
            }
            p_.modules.push_back(m);
        } else {
            ModuleInstance &m = p_.modules[it->second];
            m.start_ns = std::min(m.start_ns, start);
            m.end_ns = std::max(m.end_ns, end);
        }
        return it->second;
    }

    Profile &p_;
    std::vector<std::pair<int64_t, int64_t>> windows_;      // the captured step(s)
    std::vector<std::pair<int64_t, int64_t>> forwardCalls_; // top-level module calls (start, end)
    std::vector<int64_t> backwardStarts_;
    std::map<Index, std::vector<OptimizerRange>> optimizerRanges_; // by thread
    std::map<PhaseKey, Index> instances_;
};

} // namespace

void assignPhases(Profile &p, const PhaseScope &scope)
{
    PhaseAssigner(p).run(scope);
}

} // namespace opscope
