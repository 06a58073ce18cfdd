#pragma once
// Distinct-launch replay: ncu profiles the first launch of each launch signature in the captured step,
// and the other launches of that signature get its counters. It goes beyond groups of identical layers
// (partition_map.h): any two launches of the same kernel with the same configuration on the same
// operator input shapes run the same work (the same projection in every block, forward and backward,
// the same elementwise kernel in many places).
//
// How ncu is told which launches to profile: the launcher runs the captured step under emit_nvtx, which
// names each operator's range "aten::addmm, seq = 5, op_id = 103, sizes = [...]"; op_ids number the
// operators of the captured step in the order they run, the same in every run of the same workload
// (the nsys capture and the ncu replay are two runs: the count check after the replay says if they
// differ). The plan takes the operator of each signature's first launch and gives ncu an NVTX include
// of exactly those op_ids; kernels those operators launch besides are profiled too (counted in
// `profiled`).

#include "opscope/pipeline/commands.h"
#include "opscope/profile.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace opscope::pipeline {

// What makes two launches do the same work: the kernel's name (as normalizeKernelName makes it),
// grid, block, registers per thread, static and dynamic shared memory, and its operator's name and
// input shapes. Kernels with no operator have "" for both.
std::string launchSignature(const Profile &profile, Index kernel);

struct DistinctLaunchPlan {
    size_t kernels = 0;         // kernels of the captured step
    size_t signatures = 0;      // distinct launch signatures among them
    size_t profiled = 0;        // kernels the replay profiles: those inside the chosen operators' ranges
    std::vector<int64_t> opIds; // emit_nvtx op_ids of the chosen operators, ascending
    std::string unusable;       // why this capture cannot drive a distinct-launch replay; empty: it can
};
// The plan from an imported nsys capture (NVTX attribution, emit_nvtx operator ranges). Without
// `collectivesProfiled` (a rank of a distributed job, whose replay leaves NCCL's kernels out:
// kNonCollectiveKernels) the collective kernels are neither counted nor planned.
DistinctLaunchPlan planDistinctLaunches(const Profile &capture, bool collectivesProfiled = true);
// ncu's NVTX includes that profile the plan's operators: push/pop regex filters on their op_ids, a few
// hundred ids per filter (ncu ORs several --nvtx-include).
std::vector<NvtxFilter> distinctLaunchFilters(const DistinctLaunchPlan &plan);

// After the import of a distinct-launch replay: every kernel of the captured step without counters takes
// those of the first launch of its signature that has them, after the same name check as the dedup copy,
// and a check that ncu's own launch metrics of that launch (launch__grid_dim_*, launch__block_dim_*,
// launch__registers_per_thread, where the set has them) give the kernel's configuration.
struct DistinctCopyReport {
    size_t kernels = 0;       // kernels of the captured step
    size_t signatures = 0;    // distinct signatures among them
    size_t profiled = 0;      // of them with counters of their own (an ncu row)
    size_t kernelsFilled = 0; // given copied counters
    std::vector<std::string> problems;
};
DistinctCopyReport propagateDistinctLaunchCounters(Profile &profile);

} // namespace opscope::pipeline
