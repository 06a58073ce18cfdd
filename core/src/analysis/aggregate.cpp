#include "opscope/aggregate.h"

#include "opscope/format_ids.h"

#include <algorithm>
#include <map>
#include <unordered_map>

namespace opscope {

std::string_view toString(AggregateRule rule)
{
    switch (rule) {
    case AggregateRule::Sum:
        return "sum";
    case AggregateRule::WeightedMean:
        return "duration-weighted mean";
    case AggregateRule::Max:
        return "max";
    case AggregateRule::Min:
        return "min";
    }
    return "sum";
}

AggregateRule aggregateRuleFor(std::string_view name, std::string_view unit)
{
    auto ends = [&](std::string_view s) { return name.ends_with(s); };
    auto has = [&](std::string_view s) { return name.find(s) != std::string_view::npos; };
    // Rates, ratios and percentages average; peaks and launch shapes are properties, not amounts.
    if (has("pct") || has(".ratio") || has("per_second") || has("per_cycle") || has("per_active_cycle") ||
        has(".peak_sustained") || has("_avg_") || has(".avg.") || unit == "%" ||
        unit.find("/s") != std::string_view::npos || unit == "hz")
        return AggregateRule::WeightedMean;
    if (name.starts_with("launch__") || name.starts_with("device__"))
        return AggregateRule::Max;
    if (ends(".max"))
        return AggregateRule::Max;
    if (ends(".min"))
        return AggregateRule::Min;
    if (ends(".avg"))
        return AggregateRule::WeightedMean;
    return AggregateRule::Sum;
}

std::vector<AggregatedCounter> aggregateCounters(const Profile &p, std::span<const Index> kernels)
{
    struct Acc {
        double sum = 0, weighted = 0, weights = 0, max = 0, min = 0;
        uint32_t count = 0;
    };
    std::map<Index, Acc> acc;
    for (Index k : kernels) {
        const double w = double(std::max<int64_t>(1, p.kernels[k].duration()));
        for (const MetricValue &v : p.countersOfKernel(k)) {
            if (v.flags & (kValueText | kValueNull))
                continue;
            Acc &a = acc[v.metric];
            a.sum += v.value;
            a.weighted += v.value * w;
            a.weights += w;
            a.max = a.count ? std::max(a.max, v.value) : v.value;
            a.min = a.count ? std::min(a.min, v.value) : v.value;
            ++a.count;
        }
    }
    std::vector<AggregatedCounter> out;
    out.reserve(acc.size());
    for (const auto &[metric, a] : acc) {
        const Metric &m = p.metrics[metric];
        AggregatedCounter c;
        c.metric = metric;
        c.rule = aggregateRuleFor(p.text(m.name), p.text(m.unit));
        c.kernels = a.count;
        switch (c.rule) {
        case AggregateRule::Sum:
            c.value = a.sum;
            break;
        case AggregateRule::WeightedMean:
            c.value = a.weights > 0 ? a.weighted / a.weights : 0;
            break;
        case AggregateRule::Max:
            c.value = a.max;
            break;
        case AggregateRule::Min:
            c.value = a.min;
            break;
        }
        out.push_back(c);
    }
    return out;
}

std::string noOperatorsReason(const Profile &p)
{
    const std::string &format = p.source_format;
    if (format == format_id::kKinetoJson)
        return "This torch.profiler trace has no cpu_op events (a GPU-only trace): record the CPU too, "
               "activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA].";
    if (format_id::isNsysFormat(format))
        return "No NVTX range of this capture names an operator: run the step under "
               "torch.autograd.profiler.emit_nvtx() (OpScope's File > New Capture and opscope capture do) so that each "
               "aten op gets a range.";
    if (format_id::isNcuFormat(format))
        return "These ncu rows carry no operator ranges: replay with --nvtx under torch.autograd.profiler.emit_nvtx() "
               "(OpScope's replay does), or open the ncu file together with the nsys capture it belongs to.";
    return "This profile has no operators.";
}

std::vector<Index> kernelsOfOperator(const Profile &p, Index op)
{
    std::vector<Index> out;
    for (Index k = 0; k < p.kernels.size(); ++k)
        if (p.kernels[k].op == op)
            out.push_back(k);
    return out;
}

std::vector<OperatorRow> operatorTable(const Profile &p, OperatorGrouping grouping)
{
    // Per operator instance: self time and kernels, then totals up the parent chain.
    std::vector<int64_t> self(p.operators.size(), 0), total(p.operators.size(), 0);
    std::vector<uint32_t> kernels(p.operators.size(), 0);
    std::vector<Index> dominant(p.operators.size(), kNoIndex);
    for (Index k = 0; k < p.kernels.size(); ++k) {
        const Kernel &kernel = p.kernels[k];
        if (kernel.op == kNoIndex || kernel.op >= p.operators.size() || (kernel.flags & kKernelOutsideCapture))
            continue;
        self[kernel.op] += kernel.duration();
        ++kernels[kernel.op];
        if (dominant[kernel.op] == kNoIndex || kernel.duration() > p.kernels[dominant[kernel.op]].duration())
            dominant[kernel.op] = k;
        // Every enclosing op also spent this time (bounded walk guards against cyclic parents).
        size_t guard = 0;
        for (Index o = kernel.op; o != kNoIndex && o < p.operators.size() && guard++ < 4096; o = p.operators[o].parent)
            total[o] += kernel.duration();
    }
    std::map<std::pair<StringId, StringId>, size_t> rowOf;
    std::vector<OperatorRow> rows;
    for (Index o = 0; o < p.operators.size(); ++o) {
        const Operator &op = p.operators[o];
        const StringId shapes = grouping == OperatorGrouping::ByNameAndShapes ? op.shapes : kNoString;
        auto [it, inserted] = rowOf.emplace(std::make_pair(op.name, shapes), rows.size());
        if (inserted) {
            OperatorRow row;
            row.name = std::string(p.text(op.name));
            row.shapes = std::string(p.text(shapes));
            rows.push_back(std::move(row));
        }
        OperatorRow &row = rows[it->second];
        ++row.calls;
        row.kernels += kernels[o];
        row.gpuTimeSelf += self[o];
        row.gpuTimeTotal += total[o];
        row.cpuTimeTotal += op.end_ns - op.start_ns;
        if (dominant[o] != kNoIndex && (row.dominantKernel == kNoIndex ||
                                        p.kernels[dominant[o]].duration() > p.kernels[row.dominantKernel].duration()))
            row.dominantKernel = dominant[o];
        row.operators.push_back(o);
    }
    // GPU time first; CPU time among equals, which orders a CPU-only profile (GPU time 0 everywhere).
    std::stable_sort(rows.begin(), rows.end(), [](const OperatorRow &a, const OperatorRow &b) {
        return a.gpuTimeTotal != b.gpuTimeTotal ? a.gpuTimeTotal > b.gpuTimeTotal : a.cpuTimeTotal > b.cpuTimeTotal;
    });
    return rows;
}

} // namespace opscope
