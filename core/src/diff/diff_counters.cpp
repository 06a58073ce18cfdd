// Counter deltas of matched kernels and operators, display names, and the CI gate.
#include "diff/diff_internal.h"

#include "opscope/aggregate.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace opscope {

using namespace diffdetail;

double CounterDelta::pctDifference() const
{
    return before != 0 ? 100.0 * (after - before) / std::fabs(before) : 0.0;
}

std::string_view toString(DiffLevel level)
{
    switch (level) {
    case DiffLevel::Module:
        return "module";
    case DiffLevel::Operator:
        return "operator";
    case DiffLevel::Kernel:
        return "kernel";
    }
    return "operator";
}

namespace {

// metric name -> value of one side, in first-seen order of the BEFORE side then AFTER's extras.
struct CounterTable {
    std::vector<CounterDelta> rows;
    std::map<std::string, size_t> rowOf;

    CounterDelta &row(const Profile &p, Index metric)
    {
        const std::string name(p.text(p.metrics[metric].name));
        auto [it, inserted] = rowOf.emplace(name, rows.size());
        if (inserted) {
            CounterDelta d;
            d.metric = name;
            d.unit = std::string(p.text(p.metrics[metric].unit));
            rows.push_back(d);
        }
        return rows[it->second];
    }
};

std::map<std::string, double> numericCounters(const Profile &p, Index kernel)
{
    std::map<std::string, double> out;
    for (const MetricValue &v : p.countersOfKernel(kernel))
        if (!(v.flags & (kValueText | kValueNull)))
            out.emplace(std::string(p.text(p.metrics[v.metric].name)), v.value);
    return out;
}

std::map<std::string, double> aggregated(const Profile &p, const std::vector<Index> &kernels)
{
    std::map<std::string, double> out;
    for (const AggregatedCounter &c : aggregateCounters(p, kernels))
        out.emplace(std::string(p.text(p.metrics[c.metric].name)), c.value);
    return out;
}

void addSignificance(std::vector<CounterDelta> &rows, const std::vector<std::map<std::string, double>> &runValues)
{
    for (CounterDelta &d : rows) {
        if (!d.inBefore)
            continue;
        std::vector<double> values{d.before};
        for (const auto &run : runValues)
            if (auto it = run.find(d.metric); it != run.end())
                values.push_back(it->second);
        d.stats = significance(values, d.after);
    }
}

} // namespace

std::vector<CounterDelta> kernelCounterDeltas(const ProfileDiff &diff, size_t kernelRow)
{
    const KernelDiffRow &row = diff.kernels.at(kernelRow);
    CounterTable table;
    if (row.beforeKernel != kNoIndex)
        for (const MetricValue &v : diff.before->countersOfKernel(row.beforeKernel))
            if (!(v.flags & (kValueText | kValueNull))) {
                CounterDelta &d = table.row(*diff.before, v.metric);
                d.before = v.value;
                d.inBefore = true;
            }
    if (row.afterKernel != kNoIndex)
        for (const MetricValue &v : diff.after->countersOfKernel(row.afterKernel))
            if (!(v.flags & (kValueText | kValueNull))) {
                CounterDelta &d = table.row(*diff.after, v.metric);
                d.after = v.value;
                d.inAfter = true;
            }
    std::vector<std::map<std::string, double>> runValues;
    if (row.beforeKernel != kNoIndex)
        for (size_t r = 0; r < diff.runKernelOf.size(); ++r) {
            const Index other = diff.runKernelOf[r][row.beforeKernel];
            if (other != kNoIndex && r < diff.extraBeforeRuns.size())
                runValues.push_back(numericCounters(*diff.extraBeforeRuns[r], other));
        }
    addSignificance(table.rows, runValues);
    return table.rows;
}

std::vector<CounterDelta> operatorCounterDeltas(const ProfileDiff &diff, size_t operatorRow)
{
    const OperatorDiffRow &row = diff.operators.at(operatorRow);
    std::vector<Index> kb, ka;
    for (int k : row.kernelRows) {
        const KernelDiffRow &kr = diff.kernels[size_t(k)];
        if (kr.beforeKernel != kNoIndex)
            kb.push_back(kr.beforeKernel);
        if (kr.afterKernel != kNoIndex)
            ka.push_back(kr.afterKernel);
    }
    CounterTable table;
    for (const AggregatedCounter &c : aggregateCounters(*diff.before, kb)) {
        CounterDelta &d = table.row(*diff.before, c.metric);
        d.before = c.value;
        d.inBefore = true;
    }
    for (const AggregatedCounter &c : aggregateCounters(*diff.after, ka)) {
        CounterDelta &d = table.row(*diff.after, c.metric);
        d.after = c.value;
        d.inAfter = true;
    }
    std::vector<std::map<std::string, double>> runValues;
    for (size_t r = 0; r < diff.runKernelOf.size() && r < diff.extraBeforeRuns.size(); ++r) {
        std::vector<Index> mapped;
        for (Index k : kb)
            if (const Index other = diff.runKernelOf[r][k]; other != kNoIndex)
                mapped.push_back(other);
        if (!kb.empty() && mapped.size() == kb.size()) // the run has every kernel of the row
            runValues.push_back(aggregated(*diff.extraBeforeRuns[r], mapped));
    }
    addSignificance(table.rows, runValues);
    return table.rows;
}

std::string kernelNameBefore(const ProfileDiff &diff, const KernelDiffRow &row)
{
    return row.beforeKernel == kNoIndex ? std::string()
                                        : std::string(diff.before->text(diff.before->kernels[row.beforeKernel].name));
}

std::string kernelNameAfter(const ProfileDiff &diff, const KernelDiffRow &row)
{
    return row.afterKernel == kNoIndex ? std::string()
                                       : std::string(diff.after->text(diff.after->kernels[row.afterKernel].name));
}

std::vector<Regression> findRegressions(const ProfileDiff &diff, DiffLevel level, double pct, int64_t minTimeNs)
{
    std::vector<Regression> out;
    auto check = [&](int row, const std::string &what, const TimePair &time) {
        if (std::max(time.before, time.after) < minTimeNs || time.before <= 0)
            return;
        if (time.changePct() > pct)
            out.push_back({level, row, what, time});
    };
    check(-1, "step kernel time", diff.totals.kernelTime);
    switch (level) {
    case DiffLevel::Module:
        for (size_t r = 0; r < diff.modules.size(); ++r)
            if (diff.modules[r].status == DiffStatus::Matched)
                check(int(r), diff.modules[r].path, diff.modules[r].gpuTime);
        break;
    case DiffLevel::Operator:
        for (size_t r = 0; r < diff.operators.size(); ++r) {
            const OperatorDiffRow &o = diff.operators[r];
            if (o.status == DiffStatus::Matched)
                check(int(r), (o.module >= 0 ? diff.modules[size_t(o.module)].path + " " : std::string()) + o.name,
                      o.gpuTime);
        }
        break;
    case DiffLevel::Kernel:
        for (size_t r = 0; r < diff.kernels.size(); ++r)
            if (diff.kernels[r].status == DiffStatus::Matched)
                check(int(r), kernelNameAfter(diff, diff.kernels[r]), diff.kernels[r].duration);
        break;
    }
    return out;
}

} // namespace opscope
