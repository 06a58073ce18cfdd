// Insights: the shared context, the order the finders claim kernels in, ranking and JSON (insights.h).
#include "analysis/insight_context.h"

#include "opscope/labels.h"
#include "opscope/measured_gains.h"
#include "opscope/module_tree.h"

#include <algorithm>
#include <cstdio>

namespace opscope {

namespace insightdetail {

namespace {

// The instrumented step corrected by the plain step's time: its host timeline is compressed to the plain
// step's host time (the launcher's perf_counter), else to the plain step's time.
double hostScaleOf(const StepTiming &t, const std::optional<ReferenceTiming> &reference)
{
    if (!t.corrected)
        return 1.0;
    const int64_t window = t.host_end_ns - t.host_start_ns;
    if (reference && reference->referenceCpuNs > 0 && window > 0)
        return std::min(1.0, double(reference->referenceCpuNs) / double(window));
    if (t.measured_step_ns > 0 && t.step_ns > 0 && t.step_ns < t.measured_step_ns)
        return double(t.step_ns) / double(t.measured_step_ns);
    return 1.0;
}

} // namespace

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

InsightContext::InsightContext(const Profile &profile, Typography unit, std::string_view range)
    : p(profile), micro(unit), captureRange(range), timing(stepTiming(profile, range)),
      reference(referenceTiming(profile)), hostScale(hostScaleOf(timing, reference)),
      replay(profile, timing, hostScale), baseline(replay.replay()), claimed_(timing.kernels.size(), false)
{
    for (size_t i = 0; i < timing.kernels.size(); ++i)
        if (timing.kernels[i].attributed != kNoIndex)
            positionOf_.emplace(timing.kernels[i].attributed, i);
}

int64_t InsightContext::positionOf(Index labelledKernel) const
{
    const auto it = positionOf_.find(labelledKernel);
    return it == positionOf_.end() ? -1 : int64_t(it->second);
}

int64_t InsightContext::gain(const StepChange &change) const
{
    return std::max<int64_t>(0, baseline - replay.replay(change));
}

std::string InsightContext::shareOfStep(int64_t ns) const
{
    return percent(double(ns) / double(stepNs()));
}

std::string InsightContext::shareOfGpu(int64_t ns) const
{
    return percent(double(ns) / double(std::max<int64_t>(1, kernelTime())));
}

std::string InsightContext::moduleOf(Index kernel) const
{
    if (kernel == kNoIndex || p.kernels[kernel].module == kNoIndex || p.kernels[kernel].module >= p.modules.size())
        return {};
    return modulePathText(p, p.kernels[kernel].module);
}

std::string InsightContext::kernelName(Index kernel) const
{
    const Kernel &k = p.kernels[kernel];
    std::string base = k.short_name != kNoString ? std::string(p.text(k.short_name)) : kernelBaseName(p.text(k.name));
    // CUTLASS wraps its kernels in cutlass::Kernel<...>/Kernel2<...>: the template argument names the kernel.
    const std::string_view name = p.text(k.name);
    if (base.starts_with("Kernel"))
        if (const size_t open = name.find("cutlass::" + base + "<"); open != std::string_view::npos) {
            const size_t from = open + 10 + base.size();
            const size_t to = name.find_first_of("<>,(", from);
            if (to != std::string_view::npos && to > from)
                base = std::string(name.substr(from, to - from));
        }
    return base;
}

std::string InsightContext::listOf(const std::vector<std::string> &names, size_t shown)
{
    std::string out;
    for (size_t i = 0; i < names.size() && i < shown; ++i)
        out += (i ? ", " : "") + names[i];
    if (names.size() > shown)
        out += " (and " + std::to_string(names.size() - shown) + " more)";
    return out;
}

void InsightContext::add(Insight insight, const std::vector<size_t> &positions, const StepChange &change)
{
    // Only what no other insight has: its kernels, and the parts of the change that touch them.
    std::vector<bool> mine(timing.kernels.size(), false);
    for (size_t pos : positions)
        if (pos < mine.size() && !claimed_[pos]) {
            mine[pos] = true;
            claimed_[pos] = true;
            if (labelled(pos) != kNoIndex)
                insight.kernels.push_back(labelled(pos));
        }
    StepChange own = change;
    std::erase_if(own.kernel_ns, [&](const auto &entry) { return entry.first >= mine.size() || !mine[entry.first]; });
    std::erase_if(own.removed, [&](size_t pos) { return pos >= mine.size() || !mine[pos]; });
    // GPU time saved: what the host floor may keep from the step.
    for (const auto &[pos, ns] : own.kernel_ns)
        insight.gpuTimeSavedNs += std::max<int64_t>(0, durationOf(pos) - ns);
    for (size_t pos : own.removed)
        insight.gpuTimeSavedNs += own.kernel_ns.count(pos) ? 0 : durationOf(pos);
    const int64_t stepGain = gain(own);
    if (insight.gpuTimeSavedNs > 0 && double(stepGain) < 0.5 * double(insight.gpuTimeSavedNs))
        insight.evidence.push_back("of the " + duration(insight.gpuTimeSavedNs) +
                                   " of GPU time this saves, the step "
                                   "gains " +
                                   duration(stepGain) + ": the host sets the pace once the GPU is faster " + "(busy " +
                                   percent(timing.busyShare()) + " of the step as measured)");
    if (insight.modules.empty())
        for (Index k : insight.kernels)
            if (const std::string path = moduleOf(k);
                !path.empty() &&
                std::find(insight.modules.begin(), insight.modules.end(), path) == insight.modules.end())
                insight.modules.push_back(path);
    add(std::move(insight), stepGain);
}

void InsightContext::add(Insight insight, int64_t gainNs)
{
    insight.estimatedGainNs = std::max<int64_t>(0, gainNs);
    insight.gainShareOfStep = double(insight.estimatedGainNs) / double(stepNs());
    if (insight.estimatedBytesSaved == 0) // a memory insight's severity follows its share of the peak
        insight.severity = insight.gainShareOfStep >= 0.2    ? Severity::High
                           : insight.gainShareOfStep >= 0.05 ? Severity::Medium
                                                             : Severity::Low;
    out_.push_back(std::move(insight));
}

std::vector<Insight> InsightContext::take()
{
    std::stable_sort(out_.begin(), out_.end(), [](const Insight &a, const Insight &b) {
        if (a.estimatedGainNs != b.estimatedGainNs)
            return a.estimatedGainNs > b.estimatedGainNs;
        return a.gpuTimeSavedNs != b.gpuTimeSavedNs ? a.gpuTimeSavedNs > b.gpuTimeSavedNs
                                                    : a.estimatedBytesSaved > b.estimatedBytesSaved;
    });
    return std::move(out_);
}

} // namespace insightdetail

using namespace insightdetail;

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

InsightReport findInsights(const Profile &p, Typography micro, std::string_view captureRange)
{
    InsightContext c(p, micro, captureRange);
    // Root causes first: each claims its kernels; the per-kernel findings get the rest.
    findInference(c); // generation requests: before the step-wide findings, which then add the rest
    findHostWaits(c);
    findPageableCopies(c);
    findLaunchBound(c);
    findTensorCoresIdle(c);
    findShapeAlignment(c);
    findCasts(c);
    findHiddenCopies(c);
    findWaveQuantization(c);
    findKernelEfficiency(c);
    findGroupOutliers(c);
    findColdStart(c);
    findRankWaits(c);
    findMemory(c);
    InsightReport report;
    report.timing = c.timing;
    report.reference = c.reference;
    if (c.reference)
        report.overheadNote = describeCaptureOverhead(*c.reference, c.timing);
    report.hostScale = c.hostScale;
    report.replayedStepNs = c.baseline;
    report.insights = c.take();
    attachMeasuredGains(report, storedVerifyResults(p)); // `opscope verify`'s results rank what they measured
    return report;
}

std::vector<std::string> describeInsightStep(const InsightReport &r, Typography micro)
{
    const auto ms = [&](int64_t ns) { return formatFixedDuration(ns, 1, micro); };
    std::vector<std::string> lines;
    if (r.reference)
        lines.push_back("Step time: " + describeReferenceTiming(*r.reference));
    else
        lines.push_back("Step time: no plain reference timing in this profile (opscope profile and opscope capture "
                        "record one): the step is the instrumented one, and whether it is bound by the host is not "
                        "judged");
    if (!r.overheadNote.empty())
        lines.push_back(r.overheadNote);
    if (r.timing.source != StepTiming::Source::None) {
        char busy[32];
        std::snprintf(busy, sizeof busy, "%.1f %%", 100.0 * r.timing.busyShare());
        lines.push_back("GPU busy " + std::string(busy) + " of the " + ms(r.timing.step_ns) + " step; " +
                        r.timing.note);
        std::string replay = "Gains: the step replayed with each fix (what-if timeline";
        if (r.hostScale < 1.0) {
            char scale[32];
            std::snprintf(scale, sizeof scale, "%.2f", r.hostScale);
            replay += ", the host timeline compressed " + std::string(scale) +
                      "x to the plain step: " + ms(r.replayedStepNs) + " replayed against " + ms(r.timing.step_ns) +
                      " plain";
        }
        lines.push_back(replay + ")");
    }
    return lines;
}

nlohmann::ordered_json insightToJson(const Profile &p, const Insight &i)
{
    nlohmann::ordered_json kernels = nlohmann::ordered_json::array();
    for (Index k : i.kernels)
        kernels.push_back({{"index", k}, {"name", p.text(p.kernels[k].name)}});
    nlohmann::ordered_json ops = nlohmann::ordered_json::array();
    for (Index o : i.operators)
        ops.push_back({{"index", o}, {"name", p.text(p.operators[o].name)}});
    nlohmann::ordered_json measured = nullptr;
    if (i.measured)
        measured = {{"fix", i.measured->fix},
                    {"baseline_ns", i.measured->baselineNs},
                    {"fixed_ns", i.measured->fixedNs},
                    {"gain_ns", i.measured->gainNs},
                    {"spread_ns", i.measured->spreadNs},
                    {"rounds", i.measured->rounds},
                    {"significant", i.measured->significant},
                    {"baseline_peak_bytes", i.measured->baselinePeakBytes},
                    {"fixed_peak_bytes", i.measured->fixedPeakBytes}};
    return {{"kind", i.kind},
            {"severity", toString(i.severity)},
            {"estimated_gain_ns", i.estimatedGainNs},
            {"gain_share_of_step", i.gainShareOfStep},
            {"gpu_time_saved_ns", i.gpuTimeSavedNs},
            {"estimated_bytes_saved", i.estimatedBytesSaved},
            {"title", i.title},
            {"evidence", i.evidence},
            {"fix", i.fix},
            {"gain_model", i.gainModel},
            {"modules", i.modules},
            {"operators", ops},
            {"kernels", kernels},
            {"figures", i.figures},
            {"verify_fix", i.verifyFix.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(i.verifyFix)},
            {"measured", measured}};
}

nlohmann::ordered_json insightReportToJson(const Profile &p, const InsightReport &r)
{
    nlohmann::ordered_json step = stepTimingJson(r.timing);
    step["reference_step_ns"] = r.reference ? nlohmann::ordered_json(r.reference->referenceNs) : nullptr;
    step["captured_step_ns"] =
        r.reference && r.reference->capturedNs > 0 ? nlohmann::ordered_json(r.reference->capturedNs) : nullptr;
    step["capture_overhead"] =
        r.reference && r.reference->overhead() > 0 ? nlohmann::ordered_json(r.reference->overhead()) : nullptr;
    step["capture_overhead_note"] = r.overheadNote;
    step["replay_host_scale"] = r.hostScale;
    step["replayed_step_ns"] = r.replayedStepNs;
    nlohmann::ordered_json insights = nlohmann::ordered_json::array();
    for (const Insight &i : r.insights)
        insights.push_back(insightToJson(p, i));
    return {{"step", step}, {"insights", insights}};
}

} // namespace opscope
