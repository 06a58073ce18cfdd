// A metric across the configurations of a sweep (see opscope/sweep_report.h).
#include "opscope/sweep_report.h"

#include "opscope/aggregate.h"
#include "opscope/errors.h"
#include "opscope/format.h"
#include "opscope/generation.h"
#include "opscope/module_tree.h"
#include "opscope/profile_store.h"
#include "opscope/roofline.h"
#include "opscope/step_timing.h"
#include "opscope/text_util.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>

namespace opscope::sweep {

namespace {

constexpr std::string_view kByNames[] = {"step", "module", "operator", "kernel"};

bool inCapturedStep(const Kernel &k)
{
    return !(k.flags & (kKernelOutsideCapture | kKernelReferenceStep));
}

std::vector<Index> capturedKernels(const Profile &p)
{
    std::vector<Index> out;
    for (Index i = 0; i < Index(p.kernels.size()); ++i)
        if (inCapturedStep(p.kernels[i]))
            out.push_back(i);
    return out;
}

bool isKnownMetric(const std::string &metric)
{
    const auto &names = sweepMetricNames();
    return std::find(names.begin(), names.end(), metric) != names.end();
}

// The value of a kernel-based metric over `kernels`; nullopt when it has none (no counters).
std::optional<double> kernelMetric(const Profile &p, const std::string &metric, const std::vector<Index> &kernels)
{
    if (metric == "gpu-time") {
        int64_t total = 0;
        for (Index k : kernels)
            total += p.kernels[k].duration();
        return double(total);
    }
    if (metric == "flops") {
        const RooflinePoint point = aggregateRooflinePoint(p, kernels, MemoryLevel::Dram);
        return point.valid ? std::optional<double>(point.flops) : std::nullopt;
    }
    const Index id = p.findMetric(metric);
    if (id == kNoIndex)
        return std::nullopt;
    for (const AggregatedCounter &c : aggregateCounters(p, kernels))
        if (c.metric == id && c.kernels > 0)
            return c.value;
    return std::nullopt;
}

int depthOf(const ModuleTree &tree, int node)
{
    int depth = 0;
    for (int n = tree.nodes[node].parent; n >= 0; n = tree.nodes[n].parent)
        ++depth;
    return depth;
}

// The modules `depth` levels below a root, and shallower leaves (a loss module beside the model): a cut
// through the tree, so the series do not count a kernel twice.
std::vector<int> moduleCut(const ModuleTree &tree, int depth)
{
    std::vector<int> out;
    for (int n = 0; n < int(tree.nodes.size()); ++n) {
        const int d = depthOf(tree, n);
        if (d == depth || (d < depth && tree.nodes[n].children.empty()))
            out.push_back(n);
    }
    return out;
}

std::string moduleLabel(const ModuleNode &node)
{
    // The root module's path may be empty: it goes by its class.
    return node.path.empty() ? "[" + node.className + "]" : node.path;
}

// The host time of a module's calls in the labelled step (all its calls when the trace marks none).
double moduleCpuTime(const Profile &p, const ModuleNode &node, const std::optional<StepRange> &step)
{
    int64_t total = 0;
    for (Index i : node.instances) {
        const ModuleInstance &m = p.modules[i];
        if (step && (m.start_ns < step->start_ns || m.end_ns > step->end_ns))
            continue;
        total += m.end_ns - m.start_ns;
    }
    return double(total);
}

bool isGenerationMetric(const std::string &metric)
{
    return metric == "tokens-per-s" || metric == "tpot" || metric == "ttft";
}

// A generation request's figures (generation.h): from the plain requests and the captured ones.
std::vector<SeriesValue> generationValues(const Profile &p, const std::string &metric)
{
    std::vector<SeriesValue> out;
    const std::optional<GenerationTiming> timing = generationTiming(p);
    if (!timing)
        return out;
    const std::pair<const char *, std::optional<TokenFigures>> sides[] = {{"plain", tokenFigures(timing->reference)},
                                                                          {"captured", tokenFigures(timing->captured)}};
    for (const auto &[side, f] : sides) {
        if (!f)
            continue;
        const std::string name = side;
        if (metric == "tokens-per-s")
            out.push_back({name, name + " requests", f->tokensPerSecond});
        else if (metric == "ttft")
            out.push_back({name, name + " requests", double(f->ttftNs)});
        else if (f->tpotMedianNs > 0) {
            out.push_back({name, name + " median", double(f->tpotMedianNs)});
            if (name == "plain")
                out.push_back({"plain-p90", "plain p90", double(f->tpotP90Ns)});
        }
    }
    return out;
}

std::vector<SeriesValue> stepValues(const Profile &p, const SweepReportOptions &options)
{
    const std::string &metric = options.metric;
    if (isGenerationMetric(metric))
        return generationValues(p, metric);
    std::vector<SeriesValue> out;
    const std::optional<ReferenceTiming> reference = referenceTiming(p);
    if (metric == "step-time") {
        if (reference && reference->referenceNs > 0)
            out.push_back({"plain", "plain step", double(reference->referenceNs)});
        if (reference && reference->capturedNs > 0)
            out.push_back({"captured", "captured step", double(reference->capturedNs)});
        else if (const StepTiming timing = stepTiming(p); timing.measured_step_ns > 0)
            out.push_back({"captured", "captured step", double(timing.measured_step_ns)});
        return out;
    }
    if (metric == "cpu-time") {
        if (reference && reference->referenceCpuNs > 0)
            out.push_back({"step", "step", double(reference->referenceCpuNs)});
        return out;
    }
    const std::vector<Index> kernels = capturedKernels(p);
    if (kernels.empty())
        return out;
    if (const auto value = kernelMetric(p, metric, kernels))
        out.push_back({"step", "step", *value});
    return out;
}

} // namespace

std::string_view toString(SweepBy by)
{
    return kByNames[size_t(by)];
}

std::optional<SweepBy> parseSweepBy(std::string_view text)
{
    for (size_t i = 0; i < std::size(kByNames); ++i)
        if (kByNames[i] == text)
            return SweepBy(i);
    return std::nullopt;
}

const std::vector<std::string> &sweepMetricNames()
{
    static const std::vector<std::string> names = {"step-time",    "gpu-time", "cpu-time", "flops",
                                                   "tokens-per-s", "tpot",     "ttft"};
    return names;
}

std::string metricUnit(const Profile &profile, const std::string &metric)
{
    if (metric == "step-time" || metric == "gpu-time" || metric == "cpu-time" || metric == "tpot" || metric == "ttft")
        return "ns";
    if (metric == "tokens-per-s")
        return "tokens/s";
    if (metric == "flops")
        return "FLOP/s";
    const Index id = profile.findMetric(metric);
    return id == kNoIndex ? std::string() : std::string(profile.text(profile.metrics[id].unit));
}

std::vector<SeriesValue> metricValues(const Profile &p, const SweepReportOptions &options)
{
    const std::string &metric = options.metric;
    if (metric == "step-time" && options.by != SweepBy::Step)
        throw SweepError("step-time is the time of the whole step: leave out --by, or use gpu-time or cpu-time per " +
                         std::string(toString(options.by)));
    if (isGenerationMetric(metric) && options.by != SweepBy::Step)
        throw SweepError(metric + " is a figure of the whole generation request: leave out --by");
    if (metric == "cpu-time" && options.by == SweepBy::Kernel)
        throw SweepError("cpu-time is the host's time of modules and operators; kernels have gpu-time");
    if (options.by == SweepBy::Step)
        return stepValues(p, options);

    std::vector<SeriesValue> out;
    if (options.by == SweepBy::Module) {
        const ModuleTree tree = buildModuleTree(p);
        const std::optional<StepRange> step = labelledStep(p);
        for (int n : moduleCut(tree, std::max(0, options.depth))) {
            const ModuleNode &node = tree.nodes[n];
            std::optional<double> value;
            if (metric == "cpu-time")
                value = moduleCpuTime(p, node, step);
            else if (metric == "gpu-time")
                value = double(node.gpuTimeTotal);
            else
                value = kernelMetric(p, metric, kernelsUnder(p, tree, {n}, KernelScope::CapturedStep));
            if (value)
                out.push_back({node.path, moduleLabel(node), *value});
        }
        // Kernels a module above the cut launched itself (the root's own ops): a series of their own,
        // so the modules add up to the step.
        if (metric != "cpu-time")
            for (int n = 0; n < int(tree.nodes.size()); ++n) {
                const ModuleNode &node = tree.nodes[n];
                if (node.children.empty() || depthOf(tree, n) >= options.depth)
                    continue;
                std::vector<Index> own;
                for (Index k : node.ownKernels)
                    if (inCapturedStep(p.kernels[k]))
                        own.push_back(k);
                if (own.empty())
                    continue;
                if (const auto value = kernelMetric(p, metric, own))
                    out.push_back({node.path + " (self)", moduleLabel(node) + " (self)", *value});
            }
        return out;
    }
    if (options.by == SweepBy::Operator) {
        for (const OperatorRow &row : operatorTable(p, OperatorGrouping::ByName)) {
            std::optional<double> value;
            if (metric == "cpu-time")
                value = double(row.cpuTimeTotal);
            else if (metric == "gpu-time")
                value = double(row.gpuTimeSelf); // self: the series add up to the step's kernel time
            else {
                std::vector<Index> kernels;
                for (Index op : row.operators)
                    for (Index k : kernelsOfOperator(p, op))
                        if (inCapturedStep(p.kernels[k]))
                            kernels.push_back(k);
                value = kernels.empty() ? std::nullopt : kernelMetric(p, metric, kernels);
            }
            if (value)
                out.push_back({row.name, row.name, *value});
        }
        return out;
    }
    std::map<std::string, std::vector<Index>> byName; // SweepBy::Kernel
    for (Index k : capturedKernels(p))
        byName[std::string(p.kernelDisplayName(k))].push_back(k);
    for (const auto &[name, kernels] : byName)
        if (const auto value = kernelMetric(p, metric, kernels))
            out.push_back({name, shortKernelName(name), *value});
    return out;
}

std::vector<size_t> SweepReport::measuredRuns() const
{
    std::vector<size_t> runs;
    for (size_t r = 0; r < sweep.runs.size(); ++r)
        if (std::any_of(series.begin(), series.end(), [&](const SweepSeries &s) { return s.values[r].has_value(); }))
            runs.push_back(r);
    return runs;
}

SweepReport sweepReport(const Sweep &sweep, const SweepReportOptions &options, const Progress &progress)
{
    SweepReport report;
    report.sweep = sweep;
    report.options = options;
    const size_t n = sweep.runs.size();
    std::map<std::string, SweepSeries> series;
    std::vector<std::string> order; // first-seen order, for ties
    bool metricSeen = isKnownMetric(options.metric);
    std::string someCounter;
    size_t loaded = 0;
    bool anyKernels = false;
    for (size_t r = 0; r < n; ++r) {
        progress.checkCancel();
        progress.report(double(r) / double(n), "reading the profiles");
        const SweepRun &run = sweep.runs[r];
        if (run.status != RunStatus::Ok) {
            const std::string why = run.error.substr(0, run.error.find('\n'));
            report.notes.push_back(sweep.describe(r) + ": " + std::string(toString(run.status)) +
                                   (why.empty() ? "" : " (" + why + ")"));
            continue;
        }
        if (run.profile.empty()) {
            report.notes.push_back(sweep.describe(r) + ": no profile (the run was captured with --no-import)");
            continue;
        }
        const Profile profile = loadProfile(sweep.profilePath(r));
        ++loaded;
        anyKernels = anyKernels || !profile.kernels.empty();
        if (!metricSeen && profile.findMetric(options.metric) != kNoIndex)
            metricSeen = true;
        if (someCounter.empty() && !profile.metrics.empty())
            someCounter = std::string(profile.text(profile.metrics.front().name));
        if (report.unit.empty())
            report.unit = metricUnit(profile, options.metric);
        for (SeriesValue &v : metricValues(profile, options)) {
            auto [it, inserted] = series.try_emplace(v.key);
            if (inserted) {
                it->second.key = v.key;
                it->second.label = v.label;
                it->second.values.resize(n);
                order.push_back(v.key);
            }
            it->second.values[r] = v.value;
        }
    }
    if (loaded == 0)
        throw SweepError(sweep.path + ": no run of the sweep finished with a profile" +
                         (report.notes.empty() ? std::string() : " (" + report.notes.front() + ")"));
    if (!metricSeen)
        throw SweepError("unknown metric '" + options.metric +
                         "': use step-time, gpu-time, cpu-time, flops, tokens-per-s, tpot, ttft or an ncu counter " +
                         (someCounter.empty()
                              ? std::string("(these profiles have no counters: sweep with --replay for them)")
                              : "the profiles hold, such as " + someCounter));
    // The series that carry the most, summed over the configurations; the step's always.
    auto total = [](const SweepSeries &s) {
        double sum = 0;
        for (const auto &v : s.values)
            sum += v.value_or(0);
        return sum;
    };
    for (const std::string &key : order)
        report.series.push_back(std::move(series[key]));
    if (report.series.empty())
        report.notes.push_back("no configuration has a value for " + options.metric +
                               (isGenerationMetric(options.metric)
                                    ? std::string(": the profiles hold no generation requests (capture with --step "
                                                  "generate, docs/capture.md)")
                                : anyKernels
                                    ? std::string()
                                    : ": the profiles hold no GPU kernels (a CPU capture has none; cpu-time and "
                                      "step-time apply)"));
    if (options.by != SweepBy::Step) {
        std::stable_sort(report.series.begin(), report.series.end(),
                         [&](const SweepSeries &a, const SweepSeries &b) { return total(a) > total(b); });
        if (options.top > 0 && report.series.size() > size_t(options.top))
            report.series.resize(size_t(options.top));
    }
    return report;
}

namespace {

// A value for people: durations as the rest of OpScope writes them, rates and counters with an SI prefix.
std::string humanValue(double value, const std::string &unit)
{
    if (unit == "ns")
        return formatShortDuration(value);
    if (unit == "%")
        return [&] {
            char text[32];
            std::snprintf(text, sizeof text, "%.1f%%", value);
            return std::string(text);
        }();
    static const char *const prefixes[] = {"", "k", "M", "G", "T", "P", "E"};
    int p = 0;
    double scaled = value;
    while (std::fabs(scaled) >= 1000 && p < 6) {
        scaled /= 1000;
        ++p;
    }
    char text[64];
    std::snprintf(text, sizeof text, "%.3g %s%s", scaled, prefixes[p], unit.c_str());
    std::string out = text;
    while (!out.empty() && out.back() == ' ')
        out.pop_back();
    return out;
}

std::string numberText(double value)
{
    char text[64];
    std::snprintf(text, sizeof text, "%.17g", value);
    return text;
}

std::string statusCell(const SweepRun &run)
{
    return std::string(toString(run.status));
}

} // namespace

std::string sweepReportText(const SweepReport &report)
{
    const Sweep &s = report.sweep;
    std::vector<std::string> header;
    for (const auto &p : s.parameters)
        header.push_back(p.name);
    for (const auto &series : report.series)
        header.push_back(series.label);
    header.push_back("status");
    std::vector<std::vector<std::string>> rows;
    for (size_t r = 0; r < s.runs.size(); ++r) {
        std::vector<std::string> row = s.runs[r].values;
        for (const auto &series : report.series)
            row.push_back(series.values[r] ? humanValue(*series.values[r], report.unit) : "-");
        row.push_back(statusCell(s.runs[r]));
        rows.push_back(std::move(row));
    }
    std::vector<size_t> width(header.size());
    for (size_t c = 0; c < header.size(); ++c) {
        width[c] = header[c].size();
        for (const auto &row : rows)
            width[c] = std::max(width[c], row[c].size());
    }
    std::string text = report.options.metric +
                       (report.options.by == SweepBy::Step ? "" : " by " + std::string(toString(report.options.by))) +
                       " across " + std::to_string(s.runs.size()) + " configuration(s) of " + s.script + "\n\n";
    auto line = [&](const std::vector<std::string> &cells) {
        for (size_t c = 0; c < cells.size(); ++c) {
            const bool number = c >= s.parameters.size() && c + 1 < cells.size();
            const std::string pad(width[c] - cells[c].size(), ' ');
            text += (c ? "  " : "") + (number ? pad + cells[c] : cells[c] + (c + 1 < cells.size() ? pad : ""));
        }
        text += "\n";
    };
    line(header);
    for (const auto &row : rows)
        line(row);
    if (!report.notes.empty()) {
        text += "\n";
        for (const auto &note : report.notes)
            text += "note: " + note + "\n";
    }
    return text;
}

std::string sweepReportCsv(const SweepReport &report)
{
    const Sweep &s = report.sweep;
    std::string text;
    for (const auto &p : s.parameters)
        text += csvCell(p.name) + ",";
    for (const auto &series : report.series)
        text += csvCell(series.label + (report.unit.empty() ? "" : " (" + report.unit + ")")) + ",";
    text += "status,folder\n";
    for (size_t r = 0; r < s.runs.size(); ++r) {
        for (const auto &v : s.runs[r].values)
            text += csvCell(v) + ",";
        for (const auto &series : report.series)
            text += (series.values[r] ? numberText(*series.values[r]) : std::string()) + ",";
        text += statusCell(s.runs[r]) + "," + csvCell(s.runs[r].folder) + "\n";
    }
    return text;
}

nlohmann::ordered_json sweepReportJson(const SweepReport &report)
{
    using json = nlohmann::ordered_json;
    const Sweep &s = report.sweep;
    json parameters = json::array();
    for (const auto &p : s.parameters)
        parameters.push_back({{"name", p.name}, {"values", p.values}});
    json series = json::array();
    for (const auto &x : report.series)
        series.push_back({{"key", x.key}, {"label", x.label}});
    json runs = json::array();
    for (size_t r = 0; r < s.runs.size(); ++r) {
        json config = json::object();
        for (size_t i = 0; i < s.parameters.size(); ++i)
            config[s.parameters[i].name] = s.runs[r].values[i];
        json values = json::object();
        for (const auto &x : report.series)
            values[x.key] = x.values[r] ? json(*x.values[r]) : json(nullptr);
        runs.push_back({{"config", config},
                        {"folder", s.runs[r].folder},
                        {"status", toString(s.runs[r].status)},
                        {"values", values}});
    }
    return json{{"sweep", s.path},
                {"metric", report.options.metric},
                {"by", toString(report.options.by)},
                {"unit", report.unit},
                {"parameters", parameters},
                {"series", series},
                {"runs", runs},
                {"notes", report.notes}};
}

} // namespace opscope::sweep
