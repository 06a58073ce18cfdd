// Giving the duplicates of a dedup-aware replay the counters of their group's representative.
#include "opscope/pipeline/partition_map.h"

#include "opscope/labels.h"

#include <unordered_map>

namespace opscope::pipeline {

namespace {

struct MemberKey {
    int32_t group = -1;
    int32_t member = -1;
};

} // namespace

DedupReport propagateDedupCounters(Profile &p, const PartitionMap &map)
{
    DedupReport report;
    report.groups = map.groups.size();
    if (map.groups.empty())
        return report;
    std::unordered_map<std::string, MemberKey> memberOfPath;
    for (size_t g = 0; g < map.groups.size(); ++g)
        for (size_t m = 0; m < map.groups[g].members.size(); ++m)
            memberOfPath[map.groups[g].members[m]] = {int32_t(g), int32_t(m)};

    // Which member (if any) each module instance lies in: itself or its nearest listed ancestor.
    constexpr MemberKey kUnknown{-2, -2};
    std::vector<MemberKey> ownerOf(p.modules.size(), kUnknown);
    std::vector<Index> chain;
    for (Index i = 0; i < p.modules.size(); ++i) {
        chain.clear();
        Index at = i;
        MemberKey found{};
        while (at != kNoIndex && at < p.modules.size()) {
            if (ownerOf[at].group != kUnknown.group) {
                found = ownerOf[at];
                break;
            }
            chain.push_back(at);
            if (auto it = memberOfPath.find(std::string(p.text(p.modules[at].path))); it != memberOfPath.end()) {
                found = it->second;
                break;
            }
            at = p.modules[at].parent;
        }
        for (Index c : chain)
            ownerOf[c] = found;
    }

    // Kernels of the captured step per member, in launch order (kernels are sorted by start).
    std::vector<std::vector<std::vector<Index>>> kernelsOf(map.groups.size());
    for (size_t g = 0; g < map.groups.size(); ++g)
        kernelsOf[g].resize(map.groups[g].members.size());
    for (Index k = 0; k < p.kernels.size(); ++k) {
        const Kernel &kernel = p.kernels[k];
        if ((kernel.flags & kKernelOutsideCapture) || kernel.module == kNoIndex || kernel.module >= ownerOf.size())
            continue;
        const MemberKey key = ownerOf[kernel.module];
        if (key.group >= 0)
            kernelsOf[size_t(key.group)][size_t(key.member)].push_back(k);
    }

    std::vector<MetricValue> added;
    for (size_t g = 0; g < map.groups.size(); ++g) {
        const LayerGroup &group = map.groups[g];
        const std::vector<Index> &rep = kernelsOf[g][0];
        for (size_t m = 1; m < group.members.size(); ++m) {
            const std::vector<Index> &dup = kernelsOf[g][m];
            if (dup.size() != rep.size()) {
                report.problems.push_back(group.members[m] + " launched " + std::to_string(dup.size()) +
                                          " kernels in the captured step, its representative " + group.representative +
                                          " " + std::to_string(rep.size()) + ": no counters copied");
                continue;
            }
            size_t mismatch = dup.size();
            for (size_t i = 0; i < dup.size() && mismatch == dup.size(); ++i)
                if (normalizeKernelName(p.text(p.kernels[rep[i]].name)) !=
                    normalizeKernelName(p.text(p.kernels[dup[i]].name)))
                    mismatch = i;
            if (mismatch != dup.size()) {
                report.problems.push_back(
                    group.members[m] + ": kernel " + std::to_string(mismatch + 1) + " is " +
                    std::string(p.text(p.kernels[dup[mismatch]].name)).substr(0, 80) + ", the representative's is " +
                    std::string(p.text(p.kernels[rep[mismatch]].name)).substr(0, 80) + ": no counters copied");
                continue;
            }
            size_t filled = 0;
            for (size_t i = 0; i < dup.size(); ++i) {
                if (!p.countersOfKernel(dup[i]).empty())
                    continue; // profiled itself (e.g. a backward kernel ncu did not skip)
                const auto source = p.countersOfKernel(rep[i]);
                if (source.empty())
                    continue;
                for (MetricValue v : source) {
                    v.owner = dup[i];
                    added.push_back(v);
                }
                Kernel &to = p.kernels[dup[i]];
                const Kernel &from = p.kernels[rep[i]];
                if (to.registers_per_thread == 0)
                    to.registers_per_thread = from.registers_per_thread;
                ++filled;
            }
            if (filled > 0)
                ++report.membersFilled;
            report.kernelsFilled += filled;
        }
    }
    if (!added.empty()) {
        p.kernel_counters.insert(p.kernel_counters.end(), added.begin(), added.end());
        p.finalize();
    }
    return report;
}

} // namespace opscope::pipeline
