#pragma once
// Roofline figures computed from each kernel's own ncu row, as Nsight Compute's section files do
// (SpeedOfLight_RooflineChart, SpeedOfLight_Hierarchical*RooflineChart, HierarchicalTensorRooflineChart):
//   achieved FP32 FLOP/s = (fadd + fmul per cycle + derived ffma x2) x smsp__cycles_elapsed.avg.per_second
//   peak FP32 FLOP/s     = derived__sm__..._ffma_pred_on_x2 x sm__cycles_elapsed.avg.per_second
//   FP64 likewise with d*, FP16 with hadd x2 + hmul x2 + hfma x4;
//   tensor (per precision) = sm__ops_path_tensor_src_<p>*.sum.per_cycle_elapsed x sm__cycles_elapsed.avg.per_second;
//     its ceiling is the dense peak: the largest *_sparsity_off .sum.peak_sustained (src_ or op_<instruction>_
//     path) x the same clock. Hopper's and Blackwell's src_ paths without a _sparsity_ suffix count 2:4-sparse
//     work too, so their own peak is the sparse one (2x dense). Sparse work is a precision of its own,
//     "<P> tensor (sparse)" with the _sparsity_on peak, present only for a kernel that did sparse work.
//   DRAM bytes/s = dram__bytes.sum.per_second; peak = dram__bytes.sum.peak_sustained x
//   dram__cycles_elapsed.avg.per_second L2 = derived__lts__lts2xbar_bytes (clock lts__), L1 =
//   derived__l1tex__lsu_writeback_bytes_mem_lgds (clock l1tex__).
// No per-GPU tables: every number comes from the row.

#include "opscope/profile.h"

#include <span>
#include <string>
#include <vector>

namespace opscope {

enum class MemoryLevel { Dram = 0, L2 = 1, L1 = 2 };
std::string_view toString(MemoryLevel level);

struct ComputeRate {
    std::string precision; // "FP64", "FP32", "FP16", "BF16 tensor", "TF32 tensor", "BF16 tensor (sparse)", ...
    bool tensor = false;
    bool sparse = false; // 2:4-sparse tensor work, against the sparse peak
    double achieved = 0; // FLOP/s (ops/s for integer paths)
    double peak = 0;     // FLOP/s
};

struct MemoryRate {
    double achieved = 0; // bytes/s
    double peak = 0;     // bytes/s
    bool present = false;
};

struct KernelRoofline {
    bool valid = false;               // the row had the roofline metrics
    double durationNs = 0;            // gpu__time_duration.sum
    std::vector<ComputeRate> compute; // every dense precision with a peak (achieved possibly 0), sparse ones with work
    MemoryRate memory[3];             // by MemoryLevel

    double achievedFlops() const; // all precisions together, FLOP/s
    // The precision that did the most work (nullptr when none did any).
    const ComputeRate *dominant() const;
    // FLOP per byte at a level; 0 when no traffic.
    double intensity(MemoryLevel level) const;
};

KernelRoofline kernelRoofline(const Profile &p, Index kernel);

// The ceilings of the GPU: the largest peak seen per precision and per memory level over `kernels`.
struct RooflineCeilings {
    std::vector<ComputeRate> compute; // achieved unused
    MemoryRate memory[3];
};
RooflineCeilings rooflineCeilings(const Profile &p, std::span<const Index> kernels);
// The GPU's ceilings: rooflineCeilings over every kernel of the profile that has counters. One peak per
// precision and memory level for the profile (the fastest clock ncu measured on any of its kernels), which
// the roofline draws and every "% of peak" of the insights is on.
RooflineCeilings profileCeilings(const Profile &p);

// One point for a set of kernels (an operator, a module, a group): total work over total traffic
// and over total time, so the point sits where the set's kernels sit on average, weighted by time.
struct RooflinePoint {
    double intensity = 0; // FLOP/byte
    double flops = 0;     // FLOP/s
    double timeNs = 0;
    bool valid = false;
};
RooflinePoint aggregateRooflinePoint(const Profile &p, std::span<const Index> kernels, MemoryLevel level);

} // namespace opscope
