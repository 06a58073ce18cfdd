#include "opscope/roofline.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <optional>
#include <unordered_map>

namespace opscope {

namespace {

constexpr std::string_view kTensorPrefix = "sm__ops_path_tensor_";
constexpr std::string_view kPerCycle = ".sum.per_cycle_elapsed";
constexpr std::string_view kPeak = ".sum.peak_sustained";

// The kernel's numeric counters by name, for the formulas below.
class Row {
public:
    Row(const Profile &p, Index kernel)
    {
        for (const MetricValue &v : p.countersOfKernel(kernel))
            if (!(v.flags & (kValueText | kValueNull)))
                values_.emplace(p.text(p.metrics[v.metric].name), v.value);
    }
    bool has(std::string_view name) const { return values_.count(name) != 0; }
    double get(std::string_view name) const
    {
        auto it = values_.find(name);
        return it == values_.end() ? 0.0 : it->second;
    }
    const std::unordered_map<std::string_view, double> &all() const { return values_; }

private:
    std::unordered_map<std::string_view, double> values_;
};

// One path of ncu's tensor roofline (HierarchicalTensorRooflineChart), the name between
// sm__ops_path_tensor_ and the .sum suffix: [op_<instruction>_]src_<types>[_dst_<type>][_sparsity_<on|off>],
// e.g. src_bf16_dst_fp32, op_hgmma_src_bf16_dst_fp32_sparsity_off, src_fp8_sparsity_on, src_fp4_fp6_fp8_dst_fp16.
struct TensorPath {
    enum class Sparsity { Unstated, Dense, Sparse };
    std::string_view source;     // "bf16", "fp16", "fp4_fp6_fp8": the precision the path belongs to
    bool perInstruction = false; // an op_<instruction>_ part of a src_ path
    Sparsity sparsity = Sparsity::Unstated;
};

std::optional<TensorPath> parseTensorPath(std::string_view path)
{
    TensorPath out;
    if (path.starts_with("op_")) {
        const size_t end = path.find('_', 3);
        if (end == std::string_view::npos)
            return std::nullopt;
        path.remove_prefix(end + 1);
        out.perInstruction = true;
    }
    if (!path.starts_with("src_"))
        return std::nullopt;
    path.remove_prefix(4);
    for (auto [suffix, sparsity] : {std::pair{std::string_view("_sparsity_off"), TensorPath::Sparsity::Dense},
                                    std::pair{std::string_view("_sparsity_on"), TensorPath::Sparsity::Sparse}})
        if (path.ends_with(suffix)) {
            path.remove_suffix(suffix.size());
            out.sparsity = sparsity;
        }
    out.source = path.substr(0, path.find("_dst_"));
    return out.source.empty() ? std::nullopt : std::optional(out);
}

// "bf16" -> "BF16 tensor", "fp4_fp6_fp8" -> "FP4/FP6/FP8 tensor".
std::string tensorPrecisionName(std::string_view source)
{
    std::string name(source);
    for (char &c : name)
        c = c == '_' ? '/' : char(std::toupper(static_cast<unsigned char>(c)));
    return name + " tensor";
}

// The tensor work of one precision in a row, per cycle. ncu's src_ paths count dense and 2:4-sparse
// work together where the architecture has no _sparsity_ variant of them (Hopper's src_bf16_dst_fp32,
// Blackwell's src_fp16_dst_fp32): their peak is the sparse one, twice the dense peak. The dense
// ceiling is the largest _sparsity_off peak (src_ or op_ path); without sparsity variants (FP64,
// INT1, Turing) the path is dense.
struct TensorWork {
    double all = 0, sparse = 0;                           // achieved: src_ paths (op_ paths where a precision has none)
    double allByInstruction = 0, sparseByInstruction = 0; // the same from op_ paths
    bool hasSourcePath = false, hasSparseSourcePath = false;
    double densePeak = 0, sparsePeak = 0, unstatedPeak = 0;

    void add(const TensorPath &path, double perCycle, double peak)
    {
        const bool sparsePath = path.sparsity == TensorPath::Sparsity::Sparse;
        if (path.perInstruction) {
            allByInstruction += perCycle;
            sparseByInstruction += sparsePath ? perCycle : 0;
        } else {
            hasSourcePath = true;
            hasSparseSourcePath = hasSparseSourcePath || sparsePath;
            all += perCycle;
            sparse += sparsePath ? perCycle : 0;
        }
        double &slot = path.sparsity == TensorPath::Sparsity::Dense    ? densePeak
                       : path.sparsity == TensorPath::Sparsity::Sparse ? sparsePeak
                                                                       : unstatedPeak;
        slot = std::max(slot, peak);
    }
    double achieved() const { return hasSourcePath ? all : allByInstruction; }
    double sparseAchieved() const { return hasSparseSourcePath ? sparse : sparseByInstruction; }
    double denseAchieved() const { return std::max(0.0, achieved() - sparseAchieved()); }
    double denseCeiling() const { return densePeak > 0 ? densePeak : unstatedPeak; }
};

} // namespace

std::string_view toString(MemoryLevel level)
{
    switch (level) {
    case MemoryLevel::Dram:
        return "DRAM";
    case MemoryLevel::L2:
        return "L2";
    case MemoryLevel::L1:
        return "L1";
    }
    return "DRAM";
}

double KernelRoofline::achievedFlops() const
{
    double total = 0;
    for (const ComputeRate &c : compute)
        total += c.achieved;
    return total;
}

const ComputeRate *KernelRoofline::dominant() const
{
    const ComputeRate *best = nullptr;
    for (const ComputeRate &c : compute)
        if (c.achieved > 0 && (!best || c.achieved > best->achieved))
            best = &c;
    return best;
}

double KernelRoofline::intensity(MemoryLevel level) const
{
    const double traffic = memory[int(level)].achieved;
    return traffic > 0 ? achievedFlops() / traffic : 0.0;
}

KernelRoofline kernelRoofline(const Profile &p, Index kernel)
{
    KernelRoofline out;
    const Row row(p, kernel);
    const double smClock = row.get("sm__cycles_elapsed.avg.per_second");
    const double smspClock = row.get("smsp__cycles_elapsed.avg.per_second");
    if (smClock <= 0 || !row.has("dram__bytes.sum.per_second"))
        return out;
    out.valid = true;
    out.durationNs = row.get("gpu__time_duration.sum");

    const std::string_view thread = "smsp__sass_thread_inst_executed_op_";
    auto perCycle = [&](std::string_view op) {
        return row.get(std::string(thread) + std::string(op) + "_pred_on.sum.per_cycle_elapsed");
    };
    auto derived = [&](std::string_view which) { return row.get(std::string("derived__") + std::string(which)); };

    ComputeRate fp64{"FP64", false, false, 0, 0};
    fp64.achieved =
        (perCycle("dadd") + perCycle("dmul") + derived("smsp__sass_thread_inst_executed_op_dfma_pred_on_x2")) *
        smspClock;
    fp64.peak = derived("sm__sass_thread_inst_executed_op_dfma_pred_on_x2") * smClock;
    ComputeRate fp32{"FP32", false, false, 0, 0};
    fp32.achieved =
        (perCycle("fadd") + perCycle("fmul") + derived("smsp__sass_thread_inst_executed_op_ffma_pred_on_x2")) *
        smspClock;
    fp32.peak = derived("sm__sass_thread_inst_executed_op_ffma_pred_on_x2") * smClock;
    ComputeRate fp16{"FP16", false, false, 0, 0};
    fp16.achieved = (derived("smsp__sass_thread_inst_executed_op_hadd_pred_on_x2") +
                     derived("smsp__sass_thread_inst_executed_op_hmul_pred_on_x2") +
                     derived("smsp__sass_thread_inst_executed_op_hfma_pred_on_x4")) *
                    smspClock;
    fp16.peak = derived("sm__sass_thread_inst_executed_op_hfma_pred_on_x4") * smClock;
    for (ComputeRate *c : {&fp64, &fp32, &fp16})
        if (c->peak > 0 || c->achieved > 0)
            out.compute.push_back(*c);

    std::map<std::string_view, TensorWork> tensor; // by source precision, in name order
    for (const auto &[name, value] : row.all()) {
        if (!name.starts_with(kTensorPrefix) || !name.ends_with(kPerCycle))
            continue;
        const std::string_view pathName =
            name.substr(kTensorPrefix.size(), name.size() - kTensorPrefix.size() - kPerCycle.size());
        const std::optional<TensorPath> path = parseTensorPath(pathName);
        if (!path)
            continue;
        const std::string peakName = std::string(name.substr(0, name.size() - kPerCycle.size())) + std::string(kPeak);
        tensor[path->source].add(*path, value, row.get(peakName));
    }
    for (const auto &[source, work] : tensor) {
        ComputeRate dense{tensorPrecisionName(source), true, false, work.denseAchieved() * smClock,
                          work.denseCeiling() * smClock};
        if (dense.peak > 0 || dense.achieved > 0)
            out.compute.push_back(dense);
        // The sparse ceiling only for a kernel that did sparse work: for dense work it is out of reach.
        if (work.sparseAchieved() > 0)
            out.compute.push_back({dense.precision + " (sparse)", true, true, work.sparseAchieved() * smClock,
                                   work.sparsePeak * smClock});
    }
    std::sort(out.compute.begin() + 0, out.compute.end(), [](const ComputeRate &a, const ComputeRate &b) {
        return a.tensor != b.tensor ? !a.tensor : a.precision < b.precision;
    });

    auto level = [&](MemoryLevel l, std::string_view bytes, std::string_view clock) {
        MemoryRate &m = out.memory[int(l)];
        m.present = row.has(std::string(bytes) + ".sum.per_second");
        m.achieved = row.get(std::string(bytes) + ".sum.per_second");
        m.peak = row.get(std::string(bytes) + ".sum.peak_sustained") * row.get(clock);
    };
    level(MemoryLevel::Dram, "dram__bytes", "dram__cycles_elapsed.avg.per_second");
    level(MemoryLevel::L2, "derived__lts__lts2xbar_bytes", "lts__cycles_elapsed.avg.per_second");
    level(MemoryLevel::L1, "derived__l1tex__lsu_writeback_bytes_mem_lgds", "l1tex__cycles_elapsed.avg.per_second");
    return out;
}

RooflineCeilings rooflineCeilings(const Profile &p, std::span<const Index> kernels)
{
    RooflineCeilings out;
    for (Index k : kernels) {
        const KernelRoofline r = kernelRoofline(p, k);
        if (!r.valid)
            continue;
        for (const ComputeRate &c : r.compute) {
            auto it = std::find_if(out.compute.begin(), out.compute.end(),
                                   [&](const ComputeRate &e) { return e.precision == c.precision; });
            if (it == out.compute.end())
                out.compute.push_back({c.precision, c.tensor, c.sparse, 0, c.peak});
            else
                it->peak = std::max(it->peak, c.peak);
        }
        for (int l = 0; l < 3; ++l)
            if (r.memory[l].present) {
                out.memory[l].present = true;
                out.memory[l].peak = std::max(out.memory[l].peak, r.memory[l].peak);
            }
    }
    return out;
}

RooflineCeilings profileCeilings(const Profile &p)
{
    std::vector<Index> withCounters;
    for (Index k = 0; k < p.kernels.size(); ++k)
        if (!p.countersOfKernel(k).empty())
            withCounters.push_back(k);
    return rooflineCeilings(p, withCounters);
}

RooflinePoint aggregateRooflinePoint(const Profile &p, std::span<const Index> kernels, MemoryLevel level)
{
    double work = 0, traffic = 0, time = 0;
    RooflinePoint out;
    for (Index k : kernels) {
        const KernelRoofline r = kernelRoofline(p, k);
        if (!r.valid || r.durationNs <= 0)
            continue;
        const double seconds = r.durationNs * 1e-9;
        work += r.achievedFlops() * seconds;
        traffic += r.memory[int(level)].achieved * seconds;
        time += r.durationNs;
        out.valid = true;
    }
    if (!out.valid || time <= 0)
        return out;
    out.timeNs = time;
    out.flops = work / (time * 1e-9);
    out.intensity = traffic > 0 ? work / traffic : 0;
    return out;
}

} // namespace opscope
