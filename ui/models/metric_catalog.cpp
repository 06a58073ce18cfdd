#include "models/metric_catalog.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace opscope::ui {

namespace {

using Q = Quantity;

const std::vector<QuantitySpec> &specs()
{
    static const std::vector<QuantitySpec> all = {
        {Q::Duration, QT_TRANSLATE_NOOP("Metrics", "Duration (ncu replay)"), {"gpu__time_duration.sum"}},
        {Q::SmThroughput,
         QT_TRANSLATE_NOOP("Metrics", "Compute (SM) throughput"),
         {"sm__throughput.avg.pct_of_peak_sustained_elapsed"},
         true},
        {Q::MemoryThroughput,
         QT_TRANSLATE_NOOP("Metrics", "Memory throughput"),
         {"gpu__compute_memory_throughput.avg.pct_of_peak_sustained_elapsed"},
         true},
        {Q::DramThroughput,
         QT_TRANSLATE_NOOP("Metrics", "DRAM throughput"),
         {"gpu__dram_throughput.avg.pct_of_peak_sustained_elapsed",
          "dram__throughput.avg.pct_of_peak_sustained_elapsed"},
         true},
        {Q::L1Throughput,
         QT_TRANSLATE_NOOP("Metrics", "L1/TEX cache throughput"),
         {"l1tex__throughput.avg.pct_of_peak_sustained_active"},
         true},
        {Q::L2Throughput,
         QT_TRANSLATE_NOOP("Metrics", "L2 cache throughput"),
         {"lts__throughput.avg.pct_of_peak_sustained_elapsed"},
         true},
        {Q::SmFrequency, QT_TRANSLATE_NOOP("Metrics", "SM frequency"), {"sm__cycles_elapsed.avg.per_second"}},
        {Q::DramFrequency, QT_TRANSLATE_NOOP("Metrics", "DRAM frequency"), {"dram__cycles_elapsed.avg.per_second"}},

        {Q::DramBandwidth, QT_TRANSLATE_NOOP("Metrics", "DRAM bandwidth"), {"dram__bytes.sum.per_second"}},
        {Q::DramBytesRead,
         QT_TRANSLATE_NOOP("Metrics", "DRAM bytes read"),
         {"dram__bytes_read.sum", "dram__bytes_op_read.sum", "fbpa__dram_read_bytes.sum"}},
        {Q::DramBytesWritten,
         QT_TRANSLATE_NOOP("Metrics", "DRAM bytes written"),
         {"dram__bytes_write.sum", "dram__bytes_written.sum", "dram__bytes_op_write.sum",
          "fbpa__dram_write_bytes.sum"}},
        {Q::L2Bandwidth,
         QT_TRANSLATE_NOOP("Metrics", "L2 bandwidth (to SMs)"),
         {"derived__lts__lts2xbar_bytes.sum.per_second", "lts__t_bytes.sum.per_second"}},
        {Q::L1Bandwidth,
         QT_TRANSLATE_NOOP("Metrics", "L1 bandwidth (LSU loads and stores)"),
         {"derived__l1tex__lsu_writeback_bytes_mem_lgds.sum.per_second", "l1tex__t_bytes.sum.per_second"}},
        {Q::L2HitRate,
         QT_TRANSLATE_NOOP("Metrics", "L2 hit rate"),
         {"lts__t_sector_hit_rate.pct", "lts__t_request_hit_rate.pct", "lts__t_hit_rate.pct"},
         true},
        {Q::L1HitRate,
         QT_TRANSLATE_NOOP("Metrics", "L1/TEX hit rate"),
         {"l1tex__t_sector_hit_rate.pct", "l1tex__t_hit_rate.pct"},
         true},
        {Q::LocalSpills,
         QT_TRANSLATE_NOOP("Metrics", "Local memory wavefronts (spills)"),
         {"l1tex__data_pipe_lsu_wavefronts_mem_local.sum", "l1tex__t_output_wavefronts_pipe_lsu_mem_local.sum"}},

        {Q::Ipc,
         QT_TRANSLATE_NOOP("Metrics", "Executed IPC (per SM, active)"),
         {"sm__inst_executed.avg.per_cycle_active"}},
        {Q::IpcPerScheduler,
         QT_TRANSLATE_NOOP("Metrics", "Executed IPC (per scheduler, active)"),
         {"smsp__inst_executed.avg.per_cycle_active"}},
        {Q::IssueActive,
         QT_TRANSLATE_NOOP("Metrics", "Issue slots busy"),
         {"sm__issue_active.avg.pct_of_peak_sustained_elapsed", "smsp__issue_active.avg.pct_of_peak_sustained_active",
          "sm__issue_active.avg.pct_of_peak_sustained_active"},
         true},
        {Q::InstExecutedPct,
         QT_TRANSLATE_NOOP("Metrics", "Executed instructions (of peak)"),
         {"sm__inst_executed.avg.pct_of_peak_sustained_elapsed"},
         true},
        {Q::InstExecuted,
         QT_TRANSLATE_NOOP("Metrics", "Executed instructions"),
         {"smsp__inst_executed.sum", "sm__inst_executed.sum"}},
        {Q::TensorPipe,
         QT_TRANSLATE_NOOP("Metrics", "Tensor pipe busy"),
         {"sm__pipe_tensor_cycles_active.avg.pct_of_peak_sustained_elapsed",
          "smsp__pipe_tensor_cycles_active.avg.pct_of_peak_sustained_active",
          "sm__pipe_tensor_cycles_active.avg.pct_of_peak_sustained_active"},
         true},
        {Q::FmaPipe,
         QT_TRANSLATE_NOOP("Metrics", "FMA pipe busy"),
         {"sm__pipe_fma_cycles_active.avg.pct_of_peak_sustained_elapsed",
          "sm__pipe_fma_cycles_active.avg.pct_of_peak_sustained_active"},
         true},
        {Q::AluPipe,
         QT_TRANSLATE_NOOP("Metrics", "ALU pipe busy"),
         {"sm__pipe_alu_cycles_active.avg.pct_of_peak_sustained_elapsed",
          "sm__pipe_alu_cycles_active.avg.pct_of_peak_sustained_active"},
         true},
        {Q::Fp64Pipe,
         QT_TRANSLATE_NOOP("Metrics", "FP64 pipe busy"),
         {"sm__pipe_fp64_cycles_active.avg.pct_of_peak_sustained_elapsed",
          "sm__pipe_fp64_cycles_active.avg.pct_of_peak_sustained_active"},
         true},

        {Q::TheoreticalOccupancy,
         QT_TRANSLATE_NOOP("Metrics", "Theoretical occupancy"),
         {"sm__maximum_warps_per_active_cycle_pct"},
         true},
        {Q::AchievedOccupancy,
         QT_TRANSLATE_NOOP("Metrics", "Achieved occupancy"),
         {"sm__warps_active.avg.pct_of_peak_sustained_active"},
         true},
        {Q::TheoreticalWarps,
         QT_TRANSLATE_NOOP("Metrics", "Theoretical active warps per SM"),
         {"sm__maximum_warps_avg_per_active_cycle"}},
        {Q::AchievedWarps,
         QT_TRANSLATE_NOOP("Metrics", "Achieved active warps per SM"),
         {"sm__warps_active.avg.per_cycle_active"}},
        {Q::LimitRegisters,
         QT_TRANSLATE_NOOP("Metrics", "Block limit: registers"),
         {"launch__occupancy_limit_registers"}},
        {Q::LimitSharedMem,
         QT_TRANSLATE_NOOP("Metrics", "Block limit: shared memory"),
         {"launch__occupancy_limit_shared_mem"}},
        {Q::LimitWarps, QT_TRANSLATE_NOOP("Metrics", "Block limit: warps"), {"launch__occupancy_limit_warps"}},
        {Q::LimitBlocks, QT_TRANSLATE_NOOP("Metrics", "Block limit: SM"), {"launch__occupancy_limit_blocks"}},
        {Q::LimitBarriers, QT_TRANSLATE_NOOP("Metrics", "Block limit: barriers"), {"launch__occupancy_limit_barriers"}},

        {Q::GridSize, QT_TRANSLATE_NOOP("Metrics", "Grid size (blocks)"), {"launch__grid_size"}},
        {Q::BlockSize, QT_TRANSLATE_NOOP("Metrics", "Block size (threads)"), {"launch__block_size"}},
        {Q::Threads, QT_TRANSLATE_NOOP("Metrics", "Threads"), {"launch__thread_count"}},
        {Q::Registers, QT_TRANSLATE_NOOP("Metrics", "Registers per thread"), {"launch__registers_per_thread"}},
        {Q::SharedStatic,
         QT_TRANSLATE_NOOP("Metrics", "Static shared memory per block"),
         {"launch__shared_mem_per_block_static"}},
        {Q::SharedDynamic,
         QT_TRANSLATE_NOOP("Metrics", "Dynamic shared memory per block"),
         {"launch__shared_mem_per_block_dynamic"}},
        {Q::Waves, QT_TRANSLATE_NOOP("Metrics", "Waves per SM"), {"launch__waves_per_multiprocessor"}},
        {Q::SmCount,
         QT_TRANSLATE_NOOP("Metrics", "SMs"),
         {"launch__sm_count", "device__attribute_multiprocessor_count"}},
    };
    return all;
}

} // namespace

const QuantitySpec &quantitySpec(Quantity q)
{
    const QuantitySpec &spec = specs()[size_t(q)];
    Q_ASSERT(spec.quantity == q); // the table above lists quantities in enum order
    return spec;
}

QString quantityLabel(Quantity q)
{
    return QCoreApplication::translate("Metrics", quantitySpec(q).label);
}

MetricResolver::MetricResolver(const Profile &p)
{
    ids_.fill(kNoIndex);
    for (size_t q = 0; q < size_t(Quantity::Count); ++q)
        for (std::string_view name : specs()[q].metrics)
            if (const Index id = p.findMetric(name); id != kNoIndex) {
                ids_[q] = id;
                break;
            }
}

const std::vector<CounterSection> &counterSections()
{
    static const std::vector<CounterSection> sections = {
        {QT_TRANSLATE_NOOP("Metrics", "GPU Speed Of Light"),
         {Q::Duration, Q::SmThroughput, Q::MemoryThroughput, Q::DramThroughput, Q::L1Throughput, Q::L2Throughput,
          Q::SmFrequency, Q::DramFrequency}},
        {QT_TRANSLATE_NOOP("Metrics", "Memory Workload"),
         {Q::DramBandwidth, Q::DramBytesRead, Q::DramBytesWritten, Q::L2Bandwidth, Q::L1Bandwidth, Q::L2HitRate,
          Q::L1HitRate, Q::LocalSpills}},
        {QT_TRANSLATE_NOOP("Metrics", "Compute Workload"),
         {Q::Ipc, Q::IpcPerScheduler, Q::IssueActive, Q::InstExecutedPct, Q::InstExecuted, Q::TensorPipe, Q::FmaPipe,
          Q::AluPipe, Q::Fp64Pipe}},
        {QT_TRANSLATE_NOOP("Metrics", "Occupancy"),
         {Q::TheoreticalOccupancy, Q::AchievedOccupancy, Q::TheoreticalWarps, Q::AchievedWarps, Q::LimitRegisters,
          Q::LimitSharedMem, Q::LimitWarps, Q::LimitBlocks, Q::LimitBarriers}},
        {QT_TRANSLATE_NOOP("Metrics", "Launch Statistics"),
         {Q::GridSize, Q::BlockSize, Q::Threads, Q::Registers, Q::SharedStatic, Q::SharedDynamic, Q::Waves,
          Q::SmCount}},
    };
    return sections;
}

double counterValue(const Profile &p, Index kernel, Index metric)
{
    if (metric == kNoIndex || kernel >= p.kernels.size())
        return std::nan("");
    const auto counters = p.countersOfKernel(kernel);
    // Counters of a kernel are few hundred at most and unsorted by metric: a linear scan.
    const auto it =
        std::find_if(counters.begin(), counters.end(), [&](const MetricValue &v) { return v.metric == metric; });
    if (it == counters.end() || (it->flags & (kValueText | kValueNull)))
        return std::nan("");
    return it->value;
}

} // namespace opscope::ui
