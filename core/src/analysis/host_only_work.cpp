// Host work outside the model that gives the GPU nothing (host_only_work.h): the data-loader insight names it,
// the ranks' analysis compares it between a late rank and the others.
#include "analysis/host_only_work.h"

#include "opscope/phases.h"

#include <algorithm>
#include <map>

namespace opscope {

HostOnlyWork hostOnlyWorkOutsideModel(const Profile &p, const StepRange &step)
{
    constexpr int64_t kHostOnlyMinOpNs = 100'000;
    // Operators that launched a kernel, with their ancestors.
    std::vector<bool> launches(p.operators.size(), false);
    for (const Kernel &k : p.kernels)
        for (Index o = k.op; o != kNoIndex && o < p.operators.size() && !launches[o]; o = p.operators[o].parent)
            launches[o] = true;
    // The step's CUDA calls per thread, by start, to find operators that made one.
    std::map<Index, std::vector<int64_t>> calls;
    for (const ApiCall &a : p.api_calls)
        if (a.start_ns >= step.start_ns && a.start_ns <= step.end_ns)
            calls[a.thread].push_back(a.start_ns);
    for (auto &[thread, starts] : calls)
        std::sort(starts.begin(), starts.end());
    // Outside the model: no module, or the phases of the step that are neither the optimizer nor the backward
    // nor the loss (data, other): their own CPU work belongs to them.
    const auto outsideModel = [&](const Operator &op) {
        if (op.module == kNoIndex || op.module >= p.modules.size())
            return true;
        const ModuleInstance &m = p.modules[op.module];
        const std::string_view path = p.text(m.path);
        return m.kind == ModuleKind::Phase && (path == kPhaseData || path == kPhaseOther);
    };
    std::map<std::string, HostOnlyWork::Op> names;
    HostOnlyWork out;
    for (size_t i = 0; i < p.operators.size(); ++i) {
        const Operator &op = p.operators[i];
        if (launches[i] || !outsideModel(op) || op.end_ns - op.start_ns < kHostOnlyMinOpNs ||
            op.start_ns < step.start_ns || op.end_ns > step.end_ns)
            continue;
        // The largest such operator: its parent launched something, or it has none.
        if (op.parent != kNoIndex && op.parent < p.operators.size() && !launches[op.parent])
            continue;
        if (const auto t = calls.find(op.thread); t != calls.end()) {
            const auto first = std::lower_bound(t->second.begin(), t->second.end(), op.start_ns);
            if (first != t->second.end() && *first < op.end_ns)
                continue;
        }
        out.intervals.emplace_back(op.start_ns, op.end_ns);
        HostOnlyWork::Op &byName = names[std::string(p.text(op.name))];
        ++byName.calls;
        byName.ns += op.end_ns - op.start_ns;
    }
    for (auto &[name, op] : names) {
        op.name = name;
        out.byName.push_back(std::move(op));
    }
    std::sort(out.byName.begin(), out.byName.end(), [](const auto &a, const auto &b) { return a.ns > b.ns; });
    std::sort(out.intervals.begin(), out.intervals.end());
    return out;
}

int64_t totalNs(const HostOnlyWork &work)
{
    int64_t ns = 0;
    for (const auto &[start, end] : work.intervals)
        ns += end - start;
    return ns;
}

} // namespace opscope
