// Distinct-launch replay: the plan (which operators' launches ncu profiles) from the nsys capture, the
// NVTX filters that ask ncu for them, and the copy of counters to the other launches of each signature.
#include "opscope/pipeline/distinct_launches.h"
#include "opscope/ranks.h"

#include "opscope/labels.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <unordered_map>

namespace opscope::pipeline {

namespace {

std::string dims(const Dim3 &d)
{
    return std::to_string(d.x) + "," + std::to_string(d.y) + "," + std::to_string(d.z);
}

bool inCapture(const Kernel &k)
{
    return !(k.flags & kKernelOutsideCapture);
}

// The emit_nvtx op_id of an operator's own range, or -1.
int64_t opIdOf(const Profile &p, Index op)
{
    if (op >= p.operators.size() || p.operators[op].range >= p.ranges.size())
        return -1;
    return parseRangeLabel(p.text(p.ranges[p.operators[op].range].text)).opId;
}

// ncu's view of the launch a kernel's counters came from, against the kernel's own configuration:
// "" when they agree (or the counters do not say), else what differs.
std::string launchMismatch(const Profile &p, Index source, const Kernel &to)
{
    struct Check {
        const char *metric;
        uint32_t want;
    };
    const Check checks[] = {{"launch__grid_dim_x", to.grid.x},
                            {"launch__grid_dim_y", to.grid.y},
                            {"launch__grid_dim_z", to.grid.z},
                            {"launch__block_dim_x", to.block.x},
                            {"launch__block_dim_y", to.block.y},
                            {"launch__block_dim_z", to.block.z},
                            {"launch__registers_per_thread", to.registers_per_thread}};
    for (const Check &c : checks) {
        const double got = p.kernelCounter(source, c.metric, std::nan(""));
        if (std::isnan(got) || (c.want == 0 && std::string_view(c.metric) == "launch__registers_per_thread"))
            continue;
        if (got != double(c.want))
            return std::string(c.metric) + " " + std::to_string(int64_t(got)) + " where the kernel has " +
                   std::to_string(c.want);
    }
    return {};
}

} // namespace

std::string launchSignature(const Profile &p, Index k)
{
    const Kernel &kernel = p.kernels[k];
    std::string s = normalizeKernelName(p.text(kernel.name));
    s += "|" + dims(kernel.grid) + "|" + dims(kernel.block) + "|" + std::to_string(kernel.registers_per_thread) + "|" +
         std::to_string(kernel.static_shared_bytes) + "|" + std::to_string(kernel.dynamic_shared_bytes) + "|";
    if (kernel.op < p.operators.size()) {
        const Operator &op = p.operators[kernel.op];
        s += std::string(p.text(op.name)) + "|" + std::string(p.text(op.shapes));
    } else {
        s += "|";
    }
    return s;
}

DistinctLaunchPlan planDistinctLaunches(const Profile &p, bool collectivesProfiled)
{
    const auto planned = [&](Index k) {
        return inCapture(p.kernels[k]) && (collectivesProfiled || !isCollectiveKernelName(p.text(p.kernels[k].name)));
    };
    DistinctLaunchPlan plan;
    std::unordered_map<std::string, Index> firstOf; // signature -> its first kernel
    size_t withoutOpId = 0, fromGraphs = 0;
    Index exampleWithout = kNoIndex;
    std::set<int64_t> chosen;
    for (Index k = 0; k < p.kernels.size(); ++k) { // kernels are in start order
        if (!planned(k))
            continue;
        ++plan.kernels;
        if (p.graphCaptureCall(k) != kNoIndex) // its operator range was open at capture, not at the replay
            ++fromGraphs;
        const int64_t opId = opIdOf(p, p.kernels[k].op);
        if (opId < 0) {
            if (withoutOpId++ == 0)
                exampleWithout = k;
            continue;
        }
        if (firstOf.emplace(launchSignature(p, k), k).second)
            chosen.insert(opId);
    }
    plan.signatures = firstOf.size() + withoutOpId; // a kernel without an operator range is its own
    plan.opIds.assign(chosen.begin(), chosen.end());
    if (plan.kernels == 0) {
        plan.unusable = "the capture has no kernel in its captured step";
        return plan;
    }
    if (fromGraphs > 0) {
        // ncu sees a graph's kernels under the ranges open around the graph's launch, not those of the
        // operators that captured them: no operator range selects them.
        plan.unusable = std::to_string(fromGraphs) + " of " + std::to_string(plan.kernels) +
                        " kernels of the captured step are replayed from CUDA graphs, which ncu sees under the "
                        "graph launch's ranges only";
        return plan;
    }
    if (withoutOpId > 0) {
        plan.unusable = std::to_string(withoutOpId) + " of " + std::to_string(plan.kernels) +
                        " kernels of the captured step have no emit_nvtx operator range (compiled code or launches "
                        "outside aten ops), e.g. " +
                        std::string(p.kernelDisplayName(exampleWithout)).substr(0, 80);
        return plan;
    }
    // ncu profiles every launch inside a chosen operator's range, nested operators' included.
    for (Index k = 0; k < p.kernels.size(); ++k) {
        if (!planned(k))
            continue;
        for (Index op = p.kernels[k].op; op < p.operators.size(); op = p.operators[op].parent)
            if (chosen.count(opIdOf(p, op))) {
                ++plan.profiled;
                break;
            }
    }
    return plan;
}

std::vector<NvtxFilter> distinctLaunchFilters(const DistinctLaunchPlan &plan)
{
    // "aten::addmm, seq = 5, op_id = 103, sizes = [...]": the op_id is followed by ',' or ends the text.
    // No '[' or ']' (ncu's stack anchors) and no '/' (its nesting separator) in the expression.
    constexpr size_t kIdsPerFilter = 200;
    std::vector<NvtxFilter> out;
    for (size_t first = 0; first < plan.opIds.size(); first += kIdsPerFilter) {
        std::string alternatives;
        for (size_t i = first; i < std::min(plan.opIds.size(), first + kIdsPerFilter); ++i)
            alternatives += (alternatives.empty() ? "" : "|") + std::to_string(plan.opIds[i]);
        out.push_back({"regex:^.*, op_id = (" + alternatives + ")(,.*)?$/", true});
    }
    return out;
}

DistinctCopyReport propagateDistinctLaunchCounters(Profile &p)
{
    DistinctCopyReport report;
    std::unordered_map<std::string, std::vector<Index>> kernelsOf; // signature -> its kernels, in launch order
    std::vector<std::string> order;
    for (Index k = 0; k < p.kernels.size(); ++k) {
        if (!inCapture(p.kernels[k]))
            continue;
        ++report.kernels;
        report.profiled += !p.countersOfKernel(k).empty();
        auto [it, added] = kernelsOf.try_emplace(launchSignature(p, k));
        if (added)
            order.push_back(it->first);
        it->second.push_back(k);
    }
    report.signatures = kernelsOf.size();

    std::vector<MetricValue> copied;
    for (const std::string &signature : order) {
        const std::vector<Index> &launches = kernelsOf[signature];
        const auto source =
            std::find_if(launches.begin(), launches.end(), [&](Index k) { return !p.countersOfKernel(k).empty(); });
        if (source == launches.end())
            continue; // none profiled: the missing-counters warning counts them
        const std::string sourceName = normalizeKernelName(p.text(p.kernels[*source].name));
        for (Index k : launches) {
            if (!p.countersOfKernel(k).empty())
                continue; // profiled itself
            Kernel &to = p.kernels[k];
            if (normalizeKernelName(p.text(to.name)) != sourceName) {
                report.problems.push_back(
                    std::string(p.text(to.name)).substr(0, 80) + " (" + std::string(p.text(p.kernels[k].label)) +
                    "): the profiled launch of its "
                    "signature is " +
                    std::string(p.text(p.kernels[*source].name)).substr(0, 80) + ": no counters copied");
                continue;
            }
            if (const std::string mismatch = launchMismatch(p, *source, to); !mismatch.empty()) {
                report.problems.push_back(std::string(p.kernelDisplayName(k)).substr(0, 80) +
                                          ": the profiled launch of its signature has " + mismatch +
                                          ": no counters copied");
                continue;
            }
            for (MetricValue v : p.countersOfKernel(*source)) {
                v.owner = k;
                copied.push_back(v);
            }
            if (to.registers_per_thread == 0)
                to.registers_per_thread = p.kernels[*source].registers_per_thread;
            ++report.kernelsFilled;
        }
    }
    if (!copied.empty()) {
        p.kernel_counters.insert(p.kernel_counters.end(), copied.begin(), copied.end());
        p.finalize();
    }
    return report;
}

} // namespace opscope::pipeline
