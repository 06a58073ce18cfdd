#pragma once
// The quantities the counter panel and the kernel table show, each with the Nsight Compute metric
// names that give it. The first name a profile has wins: names differ between metric sets (ncu's
// `--set roofline` has sm__maximum_warps_per_active_cycle_pct but no hit rates; the Operator
// Profiler's set has l1tex__t_sector_hit_rate.pct and smsp__inst_executed.avg.per_cycle_active).

#include "opscope/profile.h"

#include <QString>

#include <array>
#include <string_view>
#include <vector>

namespace opscope::ui {

enum class Quantity {
    // Speed of light
    Duration,
    SmThroughput,
    MemoryThroughput,
    DramThroughput,
    L1Throughput,
    L2Throughput,
    SmFrequency,
    DramFrequency,
    // Memory workload
    DramBandwidth,
    DramBytesRead,
    DramBytesWritten,
    L2Bandwidth,
    L1Bandwidth,
    L2HitRate,
    L1HitRate,
    LocalSpills,
    // Compute
    Ipc,
    IpcPerScheduler,
    IssueActive,
    InstExecutedPct,
    InstExecuted,
    TensorPipe,
    FmaPipe,
    AluPipe,
    Fp64Pipe,
    // Occupancy
    TheoreticalOccupancy,
    AchievedOccupancy,
    TheoreticalWarps,
    AchievedWarps,
    LimitRegisters,
    LimitSharedMem,
    LimitWarps,
    LimitBlocks,
    LimitBarriers,
    // Launch statistics
    GridSize,
    BlockSize,
    Threads,
    Registers,
    SharedStatic,
    SharedDynamic,
    Waves,
    SmCount,
    Count
};

struct QuantitySpec {
    Quantity quantity;
    const char *label;
    std::vector<std::string_view> metrics; // candidates, preferred first
    bool bar = false;                      // a percentage of a peak, drawn as a bar
};

const QuantitySpec &quantitySpec(Quantity q);
QString quantityLabel(Quantity q);

// The metric id each quantity resolves to in one profile (kNoIndex: not collected).
class MetricResolver {
public:
    MetricResolver() { ids_.fill(kNoIndex); }
    explicit MetricResolver(const Profile &p);
    Index id(Quantity q) const { return ids_[size_t(q)]; }

private:
    std::array<Index, size_t(Quantity::Count)> ids_;
};

// The sections of the counter panel, in Nsight Compute's order.
struct CounterSection {
    const char *title;
    std::vector<Quantity> quantities;
};
const std::vector<CounterSection> &counterSections();

// A kernel's numeric value of a metric id, or NaN when it has none (or text).
double counterValue(const Profile &p, Index kernel, Index metric);

} // namespace opscope::ui
