#include "opscope/stats.h"

#include "opscope/aggregate.h"
#include "opscope/module_tree.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <stdexcept>
#include <unordered_map>

namespace opscope {

namespace {

constexpr size_t kDurationColumnCount = 8; // Time (%) ... StdDev (ns)

std::string fixed1(double v)
{
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.1f", v);
    return buffer;
}

// What a report counts: every kernel (or the captured step's), or with --module PATH the kernels
// and operator calls under that module, the way the module tree and the GUI count them (kernelsUnder).
class Scope {
public:
    Scope(const Profile &p, const StatsOptions &o) : p_(p), o_(o)
    {
        if (o.module.empty())
            return;
        tree_ = buildModuleTree(p);
        node_ = tree_.find(o.module);
        kernelIn_.assign(p.kernels.size(), 0);
        if (node_ >= 0)
            for (Index k :
                 kernelsUnder(p, tree_, {node_}, o.capturedOnly ? KernelScope::CapturedStep : KernelScope::All))
                kernelIn_[k] = 1;
    }

    bool hasKernel(Index k) const
    {
        if (!o_.module.empty())
            return kernelIn_[k];
        return !(o_.capturedOnly && (p_.kernels[k].flags & kKernelOutsideCapture));
    }

    bool hasOperator(Index op) const
    {
        return o_.module.empty() || (node_ >= 0 && tree_.contains(node_, tree_.nodeOf(p_.operators[op].module)));
    }

private:
    const Profile &p_;
    const StatsOptions &o_;
    ModuleTree tree_;
    int node_ = -1;
    std::vector<char> kernelIn_;
};

void finishDurationReport(StatsReport &r, std::vector<DurationStats> stats)
{
    int64_t sum = 0;
    for (const auto &s : stats)
        sum += s.total;
    for (auto &s : stats)
        s.percent = sum ? 100.0 * double(s.total) / double(sum) : 0.0;
    std::stable_sort(stats.begin(), stats.end(),
                     [](const DurationStats &a, const DurationStats &b) { return a.total > b.total; });
    // Reports with a column between the figures and the name ("Style", "Total (B)") keep it in `extra`.
    const bool withExtra = r.columns.size() == kDurationColumnCount + 2;
    for (const auto &s : stats) {
        std::vector<std::string> row = {fixed1(s.percent),         std::to_string(s.total), std::to_string(s.instances),
                                        fixed1(s.average),         fixed1(s.median),        std::to_string(s.minimum),
                                        std::to_string(s.maximum), fixed1(s.stddev)};
        if (withExtra)
            row.push_back(s.extra);
        row.push_back(s.name);
        r.rows.push_back(std::move(row));
    }
    r.stats = std::move(stats);
}

const std::vector<std::string> kDurationColumns = {"Time (%)", "Total Time (ns)", "Instances", "Avg (ns)",
                                                   "Med (ns)", "Min (ns)",        "Max (ns)",  "StdDev (ns)"};

StatsReport kernelSummary(const Profile &p, const StatsOptions &o)
{
    StatsReport r{"cuda_gpu_kern_sum", "CUDA GPU Kernel Summary", kDurationColumns, {}, {}};
    r.columns.push_back("Name");
    const Scope scope(p, o);
    std::unordered_map<StringId, std::vector<int64_t>> byName;
    for (Index k = 0; k < p.kernels.size(); ++k)
        if (scope.hasKernel(k))
            byName[p.kernels[k].name].push_back(p.kernels[k].duration());
    std::vector<DurationStats> stats;
    for (auto &[name, durations] : byName)
        stats.push_back(summarise(std::string(p.text(name)), durations));
    finishDurationReport(r, std::move(stats));
    return r;
}

StatsReport nvtxSummary(const Profile &p, const StatsOptions &)
{
    StatsReport r{"nvtx_sum", "NVTX Range Summary", kDurationColumns, {}, {}};
    r.columns.push_back("Style");
    r.columns.push_back("Range");
    std::map<std::pair<StringId, RangeKind>, std::vector<int64_t>> byText;
    for (const Range &range : p.ranges)
        if (range.kind == RangeKind::PushPop || range.kind == RangeKind::StartEnd)
            byText[{range.text, range.kind}].push_back(range.end_ns - range.start_ns);
    std::vector<DurationStats> stats;
    for (auto &[key, durations] : byText) {
        DurationStats s = summarise(std::string(p.text(key.first)), durations);
        s.extra = key.second == RangeKind::PushPop ? "PushPop" : "StartEnd";
        stats.push_back(std::move(s));
    }
    finishDurationReport(r, std::move(stats));
    return r;
}

StatsReport apiSummary(const Profile &p, const StatsOptions &)
{
    StatsReport r{"cuda_api_sum", "CUDA API Summary", kDurationColumns, {}, {}};
    r.columns.push_back("Name");
    std::unordered_map<StringId, std::vector<int64_t>> byName;
    for (const ApiCall &a : p.api_calls)
        byName[a.name].push_back(a.end_ns - a.start_ns);
    std::vector<DurationStats> stats;
    for (auto &[name, durations] : byName)
        stats.push_back(summarise(std::string(p.text(name)), durations));
    finishDurationReport(r, std::move(stats));
    return r;
}

std::string memoryOperationName(const MemoryOp &m)
{
    if (m.kind == MemoryOpKind::Memset)
        return "[CUDA memset]";
    static const char *kinds[] = {"Unknown",          "Host-to-Device", "Device-to-Host",  "Host-to-Array",
                                  "Array-to-Host",    "Array-to-Array", "Array-to-Device", "Device-to-Array",
                                  "Device-to-Device", "Host-to-Host",   "Peer-to-Peer"};
    const char *kind = m.copy_kind < 11 ? kinds[m.copy_kind] : "Unified";
    return std::string("[CUDA memcpy ") + kind + "]";
}

StatsReport memorySummary(const Profile &p, const StatsOptions &)
{
    StatsReport r{"cuda_gpu_mem_time_sum", "CUDA GPU MemOps Summary (by Time)", kDurationColumns, {}, {}};
    r.columns.push_back("Total (B)");
    r.columns.push_back("Operation");
    std::map<std::string, std::pair<std::vector<int64_t>, uint64_t>> byKind;
    for (const MemoryOp &m : p.memory_ops) {
        auto &entry = byKind[memoryOperationName(m)];
        entry.first.push_back(m.end_ns - m.start_ns);
        entry.second += m.bytes;
    }
    std::vector<DurationStats> stats;
    for (auto &[name, entry] : byKind) {
        DurationStats s = summarise(name, entry.first);
        s.extra = std::to_string(entry.second);
        stats.push_back(std::move(s));
    }
    finishDurationReport(r, std::move(stats));
    return r;
}

StatsReport operatorSummary(const Profile &p, const StatsOptions &o)
{
    StatsReport r{"op_sum", "Operator Summary (like torch key_averages)", {}, {}, {}};
    r.columns = {"Name"};
    if (o.byShapes)
        r.columns.push_back("Input Shapes");
    for (const char *c : {"Calls", "Self CPU (ns)", "CPU total (ns)", "Self GPU (ns)", "GPU total (ns)", "Kernels"})
        r.columns.push_back(c);
    const Scope scope(p, o);
    // Self CPU time: an op's wall time minus that of its direct children.
    std::vector<int64_t> childTime(p.operators.size(), 0);
    for (const Operator &op : p.operators)
        if (op.parent != kNoIndex && op.parent < p.operators.size())
            childTime[op.parent] += op.end_ns - op.start_ns;
    std::map<std::pair<std::string, std::string>, int64_t> selfCpu;
    for (Index i = 0; i < p.operators.size(); ++i) {
        const Operator &op = p.operators[i];
        if (!scope.hasOperator(i))
            continue;
        selfCpu[{std::string(p.text(op.name)), o.byShapes ? std::string(p.text(op.shapes)) : std::string()}] +=
            std::max<int64_t>(0, op.end_ns - op.start_ns - childTime[i]);
    }
    for (const OperatorRow &row :
         operatorTable(p, o.byShapes ? OperatorGrouping::ByNameAndShapes : OperatorGrouping::ByName)) {
        if (std::none_of(row.operators.begin(), row.operators.end(), [&](Index i) { return scope.hasOperator(i); }))
            continue;
        std::vector<std::string> cells = {row.name};
        if (o.byShapes)
            cells.push_back(row.shapes);
        cells.push_back(std::to_string(row.calls));
        cells.push_back(std::to_string(selfCpu[{row.name, row.shapes}]));
        cells.push_back(std::to_string(row.cpuTimeTotal));
        cells.push_back(std::to_string(row.gpuTimeSelf));
        cells.push_back(std::to_string(row.gpuTimeTotal));
        cells.push_back(std::to_string(row.kernels));
        r.rows.push_back(std::move(cells));
    }
    return r;
}

} // namespace

DurationStats summarise(std::string name, std::vector<int64_t> &d)
{
    DurationStats s;
    s.name = std::move(name);
    s.instances = d.size();
    if (d.empty())
        return s;
    std::sort(d.begin(), d.end());
    for (int64_t v : d)
        s.total += v;
    s.minimum = d.front();
    s.maximum = d.back();
    const size_t n = d.size();
    s.average = double(s.total) / double(n);
    s.median = n % 2 ? double(d[n / 2]) : (double(d[n / 2 - 1]) + double(d[n / 2])) / 2.0;
    if (n > 1) {
        double sq = 0;
        for (int64_t v : d)
            sq += (double(v) - s.average) * (double(v) - s.average);
        s.stddev = std::sqrt(sq / double(n - 1));
    }
    return s;
}

std::vector<std::string> statsReportNames()
{
    return {"cuda_gpu_kern_sum", "nvtx_sum", "cuda_api_sum", "cuda_gpu_mem_time_sum", "op_sum"};
}

StatsReport buildStatsReport(const Profile &p, const std::string &name, const StatsOptions &options)
{
    if (name == "cuda_gpu_kern_sum")
        return kernelSummary(p, options);
    if (name == "nvtx_sum")
        return nvtxSummary(p, options);
    if (name == "cuda_api_sum")
        return apiSummary(p, options);
    if (name == "cuda_gpu_mem_time_sum")
        return memorySummary(p, options);
    if (name == "op_sum")
        return operatorSummary(p, options);
    throw std::invalid_argument("unknown report '" + name + "'");
}

} // namespace opscope
