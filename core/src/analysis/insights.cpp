#include "opscope/insights.h"

#include "opscope/format.h"
#include "opscope/labels.h"
#include "opscope/module_tree.h"
#include "opscope/roofline.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <regex>
#include <unordered_map>

namespace opscope {

namespace {

// Thresholds (documented in docs/insights.md).
constexpr double kLaunchBoundBusy = 0.5; // GPU busy below this share of the step
constexpr size_t kLaunchBoundMinKernels = 10;
constexpr double kColdStartFactor = 1.5;     // first step slower than this times the median
constexpr double kSyncShare = 0.01;          // synchronisation above this share of the step
constexpr double kKernelShare = 0.02;        // per-kernel insights for groups above this share
constexpr double kBandwidthEfficiency = 0.6; // memory-bound below this share of peak bandwidth
constexpr double kComputeEfficiency = 0.6;   // compute-bound below this share of peak FLOP/s
constexpr double kLowOccupancyPct = 25.0;
constexpr double kLatencyBoundPct = 40.0; // both SM and memory throughput below this
constexpr double kGroupOutlier = 0.2;     // member more than 20 % from the group's median

std::string percent(double share)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.1f %%", 100.0 * share);
    return buffer;
}

std::string rate(double perSecond, const char *unit)
{
    char buffer[48];
    const char *prefixes[] = {"", "K", "M", "G", "T", "P"};
    int i = 0;
    while (perSecond >= 1000 && i < 5) {
        perSecond /= 1000;
        ++i;
    }
    std::snprintf(buffer, sizeof buffer, "%.1f %s%s", perSecond, prefixes[i], unit);
    return buffer;
}

bool inSteps(const std::vector<StepWindow> &steps, int64_t t)
{
    for (const StepWindow &s : steps)
        if (t >= s.start_ns && t <= s.end_ns)
            return true;
    return false;
}

bool isMatrixOperator(std::string_view name)
{
    for (std::string_view op :
         {"aten::mm", "aten::addmm", "aten::bmm", "aten::baddbmm", "aten::matmul", "aten::linear", "aten::conv",
          "aten::cudnn_convolution", "aten::_convolution", "aten::convolution", "aten::_scaled_dot_product",
          "aten::scaled_dot_product", "aten::_efficient_attention", "aten::_flash_attention"})
        if (name.starts_with(op))
            return true;
    return false;
}

bool isMatrixKernel(std::string_view name)
{
    for (std::string_view part : {"gemm", "GEMM", "xmma", "cutlass", "fmha", "attention", "Attention", "nvjet", "conv"})
        if (name.find(part) != std::string_view::npos)
            return true;
    return false;
}

class Finder {
public:
    Finder(const Profile &p, MicroUnit micro) : p_(p), micro_(micro), steps_(findSteps(p))
    {
        breakdown_ = gpuTimeBreakdown(p, steps_);
        for (Index k = 0; k < p.kernels.size(); ++k)
            if (!(p.kernels[k].flags & kKernelOutsideCapture)) {
                captured_.push_back(k);
                kernelTime_ += p.kernels[k].duration();
            }
        stepTime_ = std::max<int64_t>(1, breakdown_.wallNs ? breakdown_.wallNs : kernelTime_);
    }

    std::vector<Insight> run()
    {
        launchBound();
        coldStart();
        synchronisation();
        pageableCopies();
        hiddenCopiesBeforeGemms();
        kernelCounters();
        groupOutliers();
        for (Insight &i : out_) {
            i.gainShareOfStep = double(i.estimatedGainNs) / double(stepTime_);
            i.severity = i.gainShareOfStep >= 0.2    ? Severity::High
                         : i.gainShareOfStep >= 0.05 ? Severity::Medium
                                                     : Severity::Low;
        }
        std::stable_sort(out_.begin(), out_.end(),
                         [](const Insight &a, const Insight &b) { return a.estimatedGainNs > b.estimatedGainNs; });
        return std::move(out_);
    }

private:
    // Insights speak in one decimal of a microsecond ("12.3 us", "1.25 ms").
    std::string duration(int64_t ns) const { return formatFixedDuration(ns, 1, micro_); }

    void launchBound()
    {
        const GpuTimeBreakdown &b = breakdown_;
        if (b.kernels < kLaunchBoundMinKernels || b.wallNs == 0 || b.busyFraction() >= kLaunchBoundBusy)
            return;
        Insight i;
        i.kind = "launch-bound";
        i.title = "The GPU is idle for most of the step: the step is bound by the host, not by kernels";
        const int64_t idle = b.wallNs - b.busyNs;
        const double meanKernel = b.kernels ? double(kernelTime_) / double(captured_.size()) : 0.0;
        i.explanation = "The GPU was busy " + percent(b.busyFraction()) + " of " + duration(b.wallNs) +
                        " of step time (" + std::to_string(steps_.size()) + " step" + (steps_.size() == 1 ? "" : "s") +
                        "), running " + std::to_string(b.kernels) + " kernels of " + duration(int64_t(meanKernel)) +
                        " on average. Of the idle time, " + duration(b.hostWaitNs) +
                        " the GPU waited for the host to launch the next kernel, " + duration(b.kernelWaitNs) +
                        " it waited although the next kernel was already launched (launch latency)" +
                        (b.otherIdleNs ? ", " + duration(b.otherIdleNs) + " could not be classified" : std::string()) +
                        ". Fewer, larger kernels help: a larger batch, CUDA graphs "
                        "(torch.compile(mode=\"reduce-overhead\") or torch.cuda.graphs), or torch.compile's fusion.";
        i.estimatedGainNs = idle;
        i.figures = {{"gpu_busy_fraction", b.busyFraction()},
                     {"step_wall_ns", b.wallNs},
                     {"gpu_busy_ns", b.busyNs},
                     {"host_wait_ns", b.hostWaitNs},
                     {"kernel_wait_ns", b.kernelWaitNs},
                     {"other_idle_ns", b.otherIdleNs},
                     {"kernels", b.kernels},
                     {"mean_kernel_ns", meanKernel},
                     {"steps", steps_.size()}};
        out_.push_back(std::move(i));
    }

    void coldStart()
    {
        if (steps_.size() < 3)
            return;
        std::vector<int64_t> rest;
        for (size_t s = 1; s < steps_.size(); ++s)
            rest.push_back(steps_[s].end_ns - steps_[s].start_ns);
        std::sort(rest.begin(), rest.end());
        const int64_t median = rest[rest.size() / 2];
        const int64_t first = steps_[0].end_ns - steps_[0].start_ns;
        if (median <= 0 || double(first) < kColdStartFactor * double(median))
            return;
        Insight i;
        i.kind = "cold-start";
        i.title = "The first step is much slower than the others";
        i.explanation = "Step " + steps_[0].name + " took " + duration(first) + ", " +
                        std::to_string(double(first) / double(median)).substr(0, 4) + "x the median of the other " +
                        std::to_string(rest.size()) + " steps (" + duration(median) +
                        "): allocator growth, cuDNN/cuBLAS autotuning, lazy module loading or compilation. Warm up "
                        "before measuring, and keep this step out of the capture range.";
        i.estimatedGainNs = first - median;
        i.figures = {{"first_step_ns", first}, {"median_other_steps_ns", median}, {"steps", steps_.size()}};
        out_.push_back(std::move(i));
    }

    void synchronisation()
    {
        static const std::regex syncCall(
            R"(^(cudaDeviceSynchronize|cudaStreamSynchronize|cudaEventSynchronize|cudaMemcpy|cudaMemcpy2D|cudaMemcpyFromSymbol|cudaMemcpyToSymbol|cuCtxSynchronize|cuStreamSynchronize|cuEventSynchronize|cuMemcpyDtoH|cuMemcpyHtoD|hipDeviceSynchronize|hipStreamSynchronize|hipMemcpy)(_v\d+)?$)");
        int64_t syncTime = 0;
        std::map<std::string, size_t> calls;
        for (const ApiCall &a : p_.api_calls) {
            if (!inSteps(steps_, a.start_ns))
                continue;
            const std::string name(p_.text(a.name));
            if (std::regex_match(name, syncCall)) {
                syncTime += a.end_ns - a.start_ns;
                ++calls[name];
            }
        }
        Insight i;
        for (Index o = 0; o < p_.operators.size(); ++o) {
            const Operator &op = p_.operators[o];
            const std::string_view name = p_.text(op.name);
            if ((name == "aten::item" || name == "aten::_local_scalar_dense" || name == "aten::nonzero") &&
                inSteps(steps_, op.start_ns)) {
                i.operators.push_back(o);
                ++calls[std::string(name)];
            }
        }
        int64_t gpuSync = 0;
        for (const GpuSync &s : p_.syncs)
            if (inSteps(steps_, s.start_ns)) {
                gpuSync += s.end_ns - s.start_ns;
                ++calls["GPU-side synchronisation"];
            }
        const int64_t total = std::max(syncTime, gpuSync);
        if (calls.empty() || (double(total) < kSyncShare * double(stepTime_) && i.operators.empty()))
            return;
        i.kind = "synchronization";
        i.title = "The host waits for the GPU inside the step";
        std::string list;
        for (const auto &[name, count] : calls)
            list += (list.empty() ? "" : ", ") + name + " x" + std::to_string(count);
        i.explanation =
            "Synchronising calls inside the step: " + list + "; " + duration(total) + " (" +
            percent(double(total) / double(stepTime_)) +
            " of the step) spent waiting. Each stall drains the GPU's queue: avoid .item(), .cpu(), "
            "printing tensors and blocking copies in the loop; keep values on the GPU or read them once per "
            "many steps; use non_blocking copies from pinned memory.";
        i.estimatedGainNs = total;
        nlohmann::ordered_json counts = nlohmann::ordered_json::object();
        for (const auto &[name, count] : calls)
            counts[name] = count;
        i.figures = {{"sync_time_ns", total}, {"calls", counts}};
        out_.push_back(std::move(i));
    }

    void pageableCopies()
    {
        Insight i;
        int64_t time = 0;
        uint64_t bytes = 0;
        size_t count = 0;
        for (const MemoryOp &m : p_.memory_ops) {
            const bool hostSide = m.copy_kind == 1 || m.copy_kind == 2; // HtoD, DtoH
            const bool pageable = (m.copy_kind == 1 && m.src_kind == 0) || (m.copy_kind == 2 && m.dst_kind == 0);
            if (m.kind != MemoryOpKind::Memcpy || !hostSide || !pageable || !inSteps(steps_, m.start_ns))
                continue;
            time += m.end_ns - m.start_ns;
            bytes += m.bytes;
            ++count;
        }
        if (!count)
            return;
        i.kind = "pageable-copy";
        i.title = "Copies between host and GPU use pageable host memory";
        i.explanation = std::to_string(count) + " copies (" + std::to_string(bytes) + " bytes, " + duration(time) +
                        ") move pageable host memory: the driver stages them through a pinned buffer and they cannot "
                        "overlap with kernels. Pin the host tensors (pin_memory=True in the DataLoader, "
                        "tensor.pin_memory()) and copy with non_blocking=True.";
        i.estimatedGainNs = time;
        i.figures = {{"copies", count}, {"bytes", bytes}, {"time_ns", time}};
        out_.push_back(std::move(i));
    }

    void hiddenCopiesBeforeGemms()
    {
        // A copy op (contiguous/clone/copy_) directly before a matrix op on the same thread, with kernels.
        std::vector<Index> order;
        for (Index o = 0; o < p_.operators.size(); ++o)
            if (p_.operators[o].depth == 0 || p_.operators[o].parent == kNoIndex || true)
                order.push_back(o);
        std::sort(order.begin(), order.end(), [&](Index a, Index b) {
            const Operator &x = p_.operators[a], &y = p_.operators[b];
            return x.thread != y.thread ? x.thread < y.thread : x.start_ns < y.start_ns;
        });
        std::vector<int64_t> opKernelTime(p_.operators.size(), 0);
        std::vector<std::vector<Index>> opKernels(p_.operators.size());
        for (Index k : captured_) {
            const Kernel &kernel = p_.kernels[k];
            if (kernel.op == kNoIndex)
                continue;
            // Charge the kernel to every enclosing op, so "contiguous" owns its copy kernel.
            size_t guard = 0;
            for (Index o = kernel.op; o != kNoIndex && o < p_.operators.size() && guard++ < 256;
                 o = p_.operators[o].parent) {
                opKernelTime[o] += kernel.duration();
                opKernels[o].push_back(k);
            }
        }
        Insight i;
        int64_t time = 0;
        for (size_t n = 1; n < order.size(); ++n) {
            const Operator &gemm = p_.operators[order[n]];
            if (!isMatrixOperator(p_.text(gemm.name)))
                continue;
            // The latest op before it on the same thread that is not its own ancestor.
            for (size_t m = n; m-- > 0;) {
                const Operator &prev = p_.operators[order[m]];
                if (prev.thread != gemm.thread)
                    break;
                if (prev.end_ns > gemm.start_ns)
                    continue; // encloses it
                const std::string_view name = p_.text(prev.name);
                if ((name == "aten::contiguous" || name == "aten::clone" || name == "aten::copy_") &&
                    opKernelTime[order[m]] > 0 &&
                    std::find(i.operators.begin(), i.operators.end(), order[m]) == i.operators.end()) {
                    i.operators.push_back(order[m]);
                    i.kernels.insert(i.kernels.end(), opKernels[order[m]].begin(), opKernels[order[m]].end());
                    time += opKernelTime[order[m]];
                }
                break;
            }
        }
        if (i.operators.empty())
            return;
        i.kind = "hidden-copy";
        i.title = "Device-to-device copies run right before matrix operations";
        i.explanation = std::to_string(i.operators.size()) +
                        " copies (contiguous/clone/copy_) run just before a GEMM, "
                        "costing " +
                        duration(time) +
                        " of GPU time: a transposed or sliced input is made contiguous "
                        "for the GEMM. Keep tensors in the layout the GEMM wants (transpose the weight once), or let "
                        "torch.compile fold the copy.";
        i.estimatedGainNs = time;
        i.figures = {{"copies", i.operators.size()}, {"time_ns", time}};
        out_.push_back(std::move(i));
    }

    struct KernelGroup {
        std::string name;      // kernel name
        std::string shortName; // its base name, for titles ("vectorized_elementwise_kernel")
        std::vector<Index> kernels;
        int64_t time = 0;
    };

    void kernelCounters()
    {
        std::map<StringId, KernelGroup> groups; // kernels of the same name share an insight
        for (Index k : captured_) {
            KernelGroup &g = groups[p_.kernels[k].name];
            const Kernel &kernel = p_.kernels[k];
            g.name = std::string(p_.text(kernel.name));
            // A title names the kernel as the views do: a templated signature cut at some length says nothing.
            g.shortName =
                kernel.short_name != kNoString ? std::string(p_.text(kernel.short_name)) : kernelBaseName(g.name);
            g.kernels.push_back(k);
            g.time += p_.kernels[k].duration();
        }
        struct Fp32Matrix {
            std::vector<Index> kernels;
            int64_t time = 0;
            double gain = 0;
            double tensorToFp32Peak = 0;
        } fp32;
        for (auto &[id, g] : groups) {
            const double share = double(g.time) / double(std::max<int64_t>(1, kernelTime_));
            const Index first = g.kernels.front();
            const KernelRoofline r = kernelRoofline(p_, first);
            if (!r.valid)
                continue;
            // Tensor cores idle in matrix work done in FP32.
            const Kernel &kernel = p_.kernels[first];
            const bool matrix = isMatrixKernel(g.name) ||
                                (kernel.op != kNoIndex && isMatrixOperator(p_.text(p_.operators[kernel.op].name)));
            double fp32Achieved = 0, fp32Peak = 0, tensorAchieved = 0, tf32Peak = 0;
            for (const ComputeRate &c : r.compute) {
                if (c.precision == "FP32") {
                    fp32Achieved = c.achieved;
                    fp32Peak = c.peak;
                }
                if (c.tensor)
                    tensorAchieved += c.achieved;
                if (c.precision == "TF32 tensor")
                    tf32Peak = c.peak;
            }
            if (matrix && fp32Achieved > 0 && tensorAchieved == 0) {
                fp32.kernels.insert(fp32.kernels.end(), g.kernels.begin(), g.kernels.end());
                fp32.time += g.time;
                const double speedup = fp32Peak > 0 && tf32Peak > fp32Peak ? tf32Peak / fp32Peak : 1.0;
                fp32.tensorToFp32Peak = std::max(fp32.tensorToFp32Peak, speedup);
                fp32.gain += double(g.time) * (1.0 - 1.0 / speedup);
            }
            if (share < kKernelShare)
                continue;
            boundInsight(g, r, share);
            occupancyInsight(g, share);
            latencyInsight(g, share);
        }
        if (!fp32.kernels.empty()) {
            Insight i;
            i.kind = "tensor-cores-idle";
            i.title = "Matrix work runs in FP32 on the CUDA cores; the tensor cores stay idle";
            const double share = double(fp32.time) / double(std::max<int64_t>(1, kernelTime_));
            i.explanation = std::to_string(fp32.kernels.size()) + " GEMM/attention kernels (" + duration(fp32.time) +
                            ", " + percent(share) +
                            " of the step's GPU time) execute FP32 FMAs with every sm__ops_path_tensor "
                            "counter at 0. The tensor cores' TF32 peak is " +
                            std::to_string(fp32.tensorToFp32Peak).substr(0, 4) +
                            "x the FP32 peak on this GPU: allow TF32 (torch.backends.cuda.matmul.allow_tf32 = True or "
                            "torch.set_float32_matmul_precision(\"high\")), or run the model in BF16 "
                            "(torch.autocast(\"cuda\", dtype=torch.bfloat16)).";
            i.kernels = fp32.kernels;
            i.estimatedGainNs = int64_t(fp32.gain);
            i.figures = {{"kernels", fp32.kernels.size()},
                         {"time_ns", fp32.time},
                         {"share_of_gpu_time", share},
                         {"tf32_to_fp32_peak", fp32.tensorToFp32Peak}};
            addModulesOf(i);
            out_.push_back(std::move(i));
        }
    }

    void boundInsight(const KernelGroup &g, const KernelRoofline &r, double share)
    {
        const ComputeRate *dominant = r.dominant();
        const MemoryRate &dram = r.memory[int(MemoryLevel::Dram)];
        if (dram.peak <= 0)
            return;
        double peakFlops = dominant ? dominant->peak : 0;
        for (const ComputeRate &c : r.compute)
            if (!dominant && !c.tensor)
                peakFlops = std::max(peakFlops, c.peak);
        const double ridge = peakFlops > 0 ? peakFlops / dram.peak : 0;
        const double intensity = r.intensity(MemoryLevel::Dram);
        const bool memoryBound = !dominant || intensity < ridge;
        const double efficiency =
            memoryBound ? dram.achieved / dram.peak : (dominant->peak > 0 ? dominant->achieved / dominant->peak : 1);
        if (efficiency >= (memoryBound ? kBandwidthEfficiency : kComputeEfficiency))
            return;
        Insight i;
        i.kind = memoryBound ? "memory-bound" : "compute-bound";
        i.kernels = g.kernels;
        i.title = (memoryBound ? "Memory-bound kernel far from the DRAM roofline: "
                               : "Compute-bound kernel far from its compute roofline: ") +
                  g.shortName;
        i.explanation = std::to_string(g.kernels.size()) + " launch" + (g.kernels.size() == 1 ? "" : "es") + " (" +
                        duration(g.time) + ", " + percent(share) + " of GPU time) at " +
                        (dominant ? std::to_string(intensity).substr(0, 6) : std::string("0")) + " FLOP/byte " +
                        (memoryBound ? "(below the ridge point of " + std::to_string(ridge).substr(0, 6) +
                                           "): it moves " + rate(dram.achieved, "B/s") + ", " + percent(efficiency) +
                                           " of the " + rate(dram.peak, "B/s") +
                                           " DRAM peak. Fuse it with its neighbours "
                                           "(torch.compile), use lower precision data, or improve access coalescing."
                                     : "(above the ridge point): it reaches " + rate(dominant->achieved, "FLOP/s") +
                                           ", " + percent(efficiency) + " of the " + dominant->precision + " peak of " +
                                           rate(dominant->peak, "FLOP/s") +
                                           ". Larger tiles, better occupancy or a "
                                           "tensor-core path would help.");
        i.estimatedGainNs = int64_t(double(g.time) * (1.0 - efficiency));
        i.figures = {{"kernels", g.kernels.size()},
                     {"time_ns", g.time},
                     {"arithmetic_intensity", intensity},
                     {"ridge_point", ridge},
                     {"efficiency", efficiency}};
        addModulesOf(i);
        out_.push_back(std::move(i));
    }

    void occupancyInsight(const KernelGroup &g, double share)
    {
        const Index k = g.kernels.front();
        const double missing = std::numeric_limits<double>::quiet_NaN();
        double occupancy = p_.kernelCounter(k, "sm__warps_active.avg.pct_of_peak_sustained_active", missing);
        bool achieved = true;
        if (std::isnan(occupancy)) {
            occupancy = p_.kernelCounter(k, "sm__maximum_warps_per_active_cycle_pct", missing);
            achieved = false;
        }
        if (std::isnan(occupancy) || occupancy >= kLowOccupancyPct)
            return;
        // The limiter: the resource that allows the fewest blocks per SM.
        std::string limiter = "unknown";
        double fewest = INFINITY;
        for (const auto &[metric, label] : std::vector<std::pair<std::string, std::string>>{
                 {"launch__occupancy_limit_registers", "registers per thread"},
                 {"launch__occupancy_limit_shared_mem", "shared memory per block"},
                 {"launch__occupancy_limit_warps", "block size (warps per block)"},
                 {"launch__occupancy_limit_blocks", "blocks per SM"},
                 {"launch__occupancy_limit_barriers", "barriers"}}) {
            const double v = p_.kernelCounter(k, metric, missing);
            if (!std::isnan(v) && v < fewest) {
                fewest = v;
                limiter = label;
            }
        }
        const double waves = p_.kernelCounter(k, "launch__waves_per_multiprocessor", missing);
        Insight i;
        i.kind = "low-occupancy";
        i.kernels = g.kernels;
        i.title = "Low occupancy: " + g.shortName;
        i.explanation =
            std::string(achieved ? "Achieved" : "Theoretical") + " occupancy is " +
            std::to_string(occupancy).substr(0, 5) + " % of the warps an SM can hold, limited by " + limiter +
            (std::isfinite(fewest) ? " (" + std::to_string(int(fewest)) + " blocks per SM)" : std::string()) +
            (std::isnan(waves) ? std::string() : "; the grid fills " + std::to_string(waves).substr(0, 5) + " waves") +
            ". Too few warps cannot hide memory and pipeline latency: reduce registers or shared memory per "
            "block, or use larger blocks.";
        i.estimatedGainNs = int64_t(double(g.time) * (1.0 - occupancy / 100.0) * 0.5);
        i.figures = {{"occupancy_pct", occupancy},
                     {"achieved", achieved},
                     {"limiter", limiter},
                     {"time_ns", g.time},
                     {"share_of_gpu_time", share}};
        addModulesOf(i);
        out_.push_back(std::move(i));
    }

    void latencyInsight(const KernelGroup &g, double share)
    {
        const Index k = g.kernels.front();
        const double missing = std::numeric_limits<double>::quiet_NaN();
        const double sm = p_.kernelCounter(k, "sm__throughput.avg.pct_of_peak_sustained_elapsed", missing);
        const double memory =
            p_.kernelCounter(k, "gpu__compute_memory_throughput.avg.pct_of_peak_sustained_elapsed", missing);
        if (std::isnan(sm) || std::isnan(memory) || sm >= kLatencyBoundPct || memory >= kLatencyBoundPct)
            return;
        Insight i;
        i.kind = "latency-bound";
        i.kernels = g.kernels;
        i.title = "Latency-bound kernel (both compute and memory throughput low): " + g.shortName;
        i.explanation = "SM throughput " + std::to_string(sm).substr(0, 5) + " % and memory throughput " +
                        std::to_string(memory).substr(0, 5) + " % of peak over " + duration(g.time) + " (" +
                        percent(share) +
                        " of GPU time): the kernel neither computes nor moves data at speed, it waits — on too few "
                        "warps, dependent instructions, or a grid too small for the GPU. Batch more work per launch or "
                        "fuse it with its neighbours.";
        i.estimatedGainNs = int64_t(double(g.time) * (1.0 - std::max(sm, memory) / 100.0));
        i.figures = {{"sm_throughput_pct", sm}, {"memory_throughput_pct", memory}, {"time_ns", g.time}};
        addModulesOf(i);
        out_.push_back(std::move(i));
    }

    void groupOutliers()
    {
        const ModuleTree tree = buildModuleTree(p_);
        for (const DedupGroup &g : tree.groups) {
            const int64_t median = g.medianTime();
            if (median <= 0)
                continue;
            for (size_t m = 0; m < g.members.size(); ++m) {
                const int64_t t = g.gpuTimePerMember[m];
                const double off = double(t - median) / double(median);
                if (std::abs(off) <= kGroupOutlier)
                    continue;
                Insight i;
                i.kind = "group-outlier";
                const std::string &path = tree.nodes[size_t(g.members[m])].path;
                i.modules.push_back(path);
                i.title = "Identical layer with unusual GPU time: " + path;
                i.explanation = path + " is one of " + std::to_string(g.members.size()) + " identical layers (" +
                                g.name + ") but took " + duration(t) + " against the group's median " +
                                duration(median) + " (" + (off > 0 ? "+" : "") + std::to_string(int(off * 100)) +
                                " %): look for a different input, a cold cache, or contention.";
                i.estimatedGainNs = std::max<int64_t>(0, t - median);
                i.figures = {{"member_time_ns", t}, {"group_median_ns", median}, {"group", g.name}};
                out_.push_back(std::move(i));
            }
        }
    }

    void addModulesOf(Insight &i)
    {
        for (Index k : i.kernels) {
            const Index m = p_.kernels[k].module;
            if (m == kNoIndex || m >= p_.modules.size())
                continue;
            const std::string path(p_.text(p_.modules[m].path));
            if (std::find(i.modules.begin(), i.modules.end(), path) == i.modules.end())
                i.modules.push_back(path);
        }
    }

    const Profile &p_;
    MicroUnit micro_;
    std::vector<StepWindow> steps_;
    GpuTimeBreakdown breakdown_;
    std::vector<Index> captured_;
    int64_t kernelTime_ = 0;
    int64_t stepTime_ = 1;
    std::vector<Insight> out_;
};

} // namespace

std::string_view toString(Severity severity)
{
    switch (severity) {
    case Severity::Low:
        return "low";
    case Severity::Medium:
        return "medium";
    case Severity::High:
        return "high";
    }
    return "low";
}

std::vector<StepWindow> findSteps(const Profile &p)
{
    static const std::regex stepName(R"(^(ProfilerStep#|step#|STEP_?)(\d+)$)", std::regex::icase);
    std::vector<StepWindow> steps;
    for (const Range &r : p.ranges)
        if (r.kind == RangeKind::UserAnnotation || r.kind == RangeKind::PushPop || r.kind == RangeKind::StartEnd) {
            const std::string text(p.text(r.text));
            if (std::regex_match(text, stepName))
                steps.push_back({r.start_ns, r.end_ns, text});
        }
    if (steps.empty())
        for (const Range &r : p.ranges)
            if (p.text(r.text) == "CAPTURE")
                steps.push_back({r.start_ns, r.end_ns, "CAPTURE"});
    if (steps.empty()) {
        int64_t lo = INT64_MAX, hi = INT64_MIN;
        for (const Kernel &k : p.kernels)
            if (!(k.flags & kKernelOutsideCapture)) {
                lo = std::min(lo, k.start_ns);
                hi = std::max(hi, k.end_ns);
            }
        if (hi > lo)
            steps.push_back({lo, hi, "capture"});
    }
    std::sort(steps.begin(), steps.end(),
              [](const StepWindow &a, const StepWindow &b) { return a.start_ns < b.start_ns; });
    return steps;
}

GpuTimeBreakdown gpuTimeBreakdown(const Profile &p, const std::vector<StepWindow> &steps)
{
    GpuTimeBreakdown b;
    // Launch time of each kernel (its API call), through correlation ids.
    std::unordered_map<uint32_t, int64_t> launchOf;
    for (const ApiCall &a : p.api_calls)
        launchOf.emplace(a.correlation_id, a.start_ns);
    struct Busy {
        int64_t start, end, launch; // launch = -1 when unknown
    };
    for (const StepWindow &step : steps) {
        std::vector<Busy> busy;
        for (const Kernel &k : p.kernels)
            if (k.end_ns > step.start_ns && k.start_ns < step.end_ns) {
                auto it = launchOf.find(k.correlation_id);
                busy.push_back({std::max(k.start_ns, step.start_ns), std::min(k.end_ns, step.end_ns),
                                it == launchOf.end() ? -1 : it->second});
                ++b.kernels;
            }
        for (const MemoryOp &m : p.memory_ops)
            if (m.end_ns > step.start_ns && m.start_ns < step.end_ns) {
                auto it = launchOf.find(m.correlation_id);
                busy.push_back({std::max(m.start_ns, step.start_ns), std::min(m.end_ns, step.end_ns),
                                it == launchOf.end() ? -1 : it->second});
            }
        std::sort(busy.begin(), busy.end(), [](const Busy &x, const Busy &y) { return x.start < y.start; });
        b.wallNs += step.end_ns - step.start_ns;
        int64_t cursor = step.start_ns; // end of the GPU's work so far
        for (const Busy &w : busy) {
            if (w.start > cursor) {
                // An idle gap before this work: did the host launch it only after the gap began?
                const int64_t gap = w.start - cursor;
                if (w.launch < 0)
                    b.otherIdleNs += gap;
                else if (w.launch >= cursor)
                    b.hostWaitNs += gap;
                else
                    b.kernelWaitNs += gap;
            }
            if (w.end > cursor) {
                b.busyNs += w.end - std::max(cursor, w.start);
                cursor = w.end;
            }
        }
        if (step.end_ns > cursor)
            b.hostWaitNs += step.end_ns - cursor; // nothing more was launched before the step ended
    }
    return b;
}

std::vector<Insight> findInsights(const Profile &p, MicroUnit micro)
{
    return Finder(p, micro).run();
}

nlohmann::ordered_json insightToJson(const Profile &p, const Insight &i)
{
    nlohmann::ordered_json kernels = nlohmann::ordered_json::array();
    for (Index k : i.kernels)
        kernels.push_back({{"index", k}, {"name", p.text(p.kernels[k].name)}});
    nlohmann::ordered_json ops = nlohmann::ordered_json::array();
    for (Index o : i.operators)
        ops.push_back({{"index", o}, {"name", p.text(p.operators[o].name)}});
    return {{"kind", i.kind},
            {"severity", toString(i.severity)},
            {"estimated_gain_ns", i.estimatedGainNs},
            {"gain_share_of_step", i.gainShareOfStep},
            {"title", i.title},
            {"explanation", i.explanation},
            {"modules", i.modules},
            {"operators", ops},
            {"kernels", kernels},
            {"figures", i.figures}};
}

} // namespace opscope
