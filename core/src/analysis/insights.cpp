// Insights: the shared context, the order the finders claim kernels in, ranking and JSON (insights.h).
#include "analysis/insight_context.h"

#include "opscope/labels.h"
#include "opscope/measured_gains.h"
#include "opscope/module_tree.h"
#include "opscope/ranks.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace opscope {

namespace insightdetail {

double InsightContext::peakFlops(std::string_view precision) const
{
    for (const ComputeRate &c : ceilings.compute)
        if (c.precision == precision)
            return c.peak;
    return 0;
}

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
      reference(referenceTiming(profile)), host(buildHostModel(profile, timing, reference)),
      replay(profile, timing, host), baseline(replay.replay()), ceilings(profileCeilings(profile)),
      claimed_(timing.kernels.size(), false)
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

InsightContext::LaunchCost InsightContext::eagerLaunchCost() const
{
    if (reference && reference->plainLaunchNs > 0)
        return {int64_t(std::llround(reference->plainLaunchNs)), true};
    return {std::max<int64_t>(0, replay.launchCallNs()), false};
}

int64_t InsightContext::gain(const StepChange &change) const
{
    const int64_t replayed = baseline - replay.replay(change);
    if (replayed <= 0)
        return 0;
    // Where the host sets the pace the replay runs it at its fastest plain step (the host model's bound), below
    // the measured plain step, whose median holds the host's jitter: the gain is the same share of the plain
    // step. On the H200's host-bound tiny_kernels.py the fixed step was estimated at 8.15 ms against 8.24
    // measured, the gain at 7.38 ms on the replay's 15.53 ms where verify measured 10.08 on a 17.94 ms step.
    if (baseline > 0 && baseline < stepNs())
        return int64_t(std::llround(double(replayed) * double(stepNs()) / double(baseline)));
    return replayed;
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
    if (plainTiming() && insight.gpuTimeSavedNs > 0 && double(stepGain) < 0.5 * double(insight.gpuTimeSavedNs))
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
    // No fix saves more than the plain step less the GPU work it leaves (issue 35: a launch-bound item once
    // claimed 14.79 ms of a 12.37 ms step).
    if (plainTiming() && insight.estimatedBytesSaved == 0 && insight.kind != "cold-start") // cold-start: paid once
        gainNs = std::min(gainNs, stepNs() - std::max<int64_t>(0, timing.busy_ns - insight.gpuTimeSavedNs));
    insight.estimatedGainNs = std::max<int64_t>(0, gainNs);
    if (insight.gainBasis != GainBasis::NotEstimated && insight.estimatedBytesSaved == 0)
        insight.gainBasis = plainTiming() ? GainBasis::Replayed : GainBasis::NoPlainTiming;
    insight.gainShareOfStep = double(insight.estimatedGainNs) / double(stepNs());
    if (insight.estimatedBytesSaved == 0) { // a memory insight's severity follows its share of the peak
        const double share = double(rankKey(insight)) / double(stepNs());
        insight.severity = share >= 0.2 ? Severity::High : share >= 0.05 ? Severity::Medium : Severity::Low;
    }
    // A gain one noisy step could hide: said, so that nobody acts on it unmeasured.
    if (insight.gainBasis == GainBasis::Replayed && reference && reference->spreadNs > 0 &&
        insight.estimatedGainNs > 0 && insight.estimatedGainNs < reference->spreadNs) {
        insight.gainBelowSpread = true;
        insight.evidence.push_back(
            "the estimated gain (" + duration(insight.estimatedGainNs) + ") is smaller than the plain step's spread (" +
            duration(reference->spreadNs) + ", half the interquartile range of " + std::to_string(reference->steps) +
            " steps): time the fix before acting on it" +
            (insight.verifyFix.empty() ? std::string() : " (opscope verify --fix " + insight.verifyFix + ")"));
    }
    out_.push_back(std::move(insight));
}

int64_t InsightContext::rankKey(const Insight &i)
{
    switch (i.gainBasis) {
    case GainBasis::Replayed:
        return i.estimatedGainNs;
    case GainBasis::NoPlainTiming:
        return std::max(i.gpuTimeSavedNs, i.estimatedGainNs);
    case GainBasis::NotEstimated:
        break;
    }
    return 0;
}

bool InsightContext::has(std::string_view kind) const
{
    return std::any_of(out_.begin(), out_.end(), [&](const Insight &i) { return i.kind == kind; });
}

std::vector<Insight> InsightContext::take()
{
    std::stable_sort(out_.begin(), out_.end(), [](const Insight &a, const Insight &b) {
        if (rankKey(a) != rankKey(b))
            return rankKey(a) > rankKey(b);
        if ((a.gainBasis == GainBasis::NotEstimated) != (b.gainBasis == GainBasis::NotEstimated))
            return b.gainBasis == GainBasis::NotEstimated;
        return a.gpuTimeSavedNs != b.gpuTimeSavedNs ? a.gpuTimeSavedNs > b.gpuTimeSavedNs
                                                    : a.estimatedBytesSaved > b.estimatedBytesSaved;
    });
    return std::move(out_);
}

} // namespace insightdetail

using namespace insightdetail;

std::string_view toString(GainBasis basis)
{
    switch (basis) {
    case GainBasis::Replayed:
        break;
    case GainBasis::NoPlainTiming:
        return "no_plain_timing";
    case GainBasis::NotEstimated:
        return "not_estimated";
    }
    return "replayed";
}

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
    if (ranksOf(p).size() >= 2) // like with like: one rank's step, and the ranks side by side
        return findJobInsights(p, micro, captureRange);
    InsightContext c(p, micro, captureRange);
    // Root causes first: each claims its kernels; the per-kernel findings get the rest.
    findInference(c); // generation requests: before the step-wide findings, which then add the rest
    findEmptyCache(c);
    findHostWaits(c);
    findPageableCopies(c);
    findLaunchBound(c);
    findLayoutConversions(c);
    findTensorCoresIdle(c);
    findShapeAlignment(c);
    findAttentionMath(c);
    findZeroGrad(c);
    findOptimizerNotFused(c);
    findCasts(c);
    findHiddenCopies(c);
    findWaveQuantization(c);
    findKernelEfficiency(c);
    findGroupOutliers(c);
    findColdStart(c);
    findCudnnBenchmark(c);
    findDataLoader(c);
    findMemory(c);
    InsightReport report;
    report.timing = c.timing;
    report.reference = c.reference;
    if (c.reference)
        report.overheadNote = describeCaptureOverhead(*c.reference, c.timing);
    report.host = c.host;
    report.hostScale = c.host.span_ns > 0 ? double(c.host.own_ns) / double(c.host.span_ns) : 1.0;
    report.replayedStepNs = c.baseline;
    report.insights = c.take();
    attachMeasuredGains(report, storedVerifyResults(p)); // `opscope verify`'s results rank what they measured
    return report;
}

std::vector<std::string> describeInsightStep(const InsightReport &r, Typography micro)
{
    const auto ms = [&](int64_t ns) { return formatFixedDuration(ns, 1, micro); };
    std::vector<std::string> lines;
    if (!r.rankNote.empty())
        lines.push_back(r.rankNote);
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
        lines.push_back(describeHostModel(r.host, micro));
        if (r.reference)
            lines.push_back("Gains: the step replayed with each fix (what-if timeline, the host at its own cost): " +
                            ms(r.replayedStepNs) + " replayed against " + ms(r.timing.step_ns) + " plain" +
                            (r.replayedStepNs > 0 && r.replayedStepNs < r.timing.step_ns
                                 ? "; each gain taken as the same share of the plain step"
                                 : std::string()));
        else
            lines.push_back("Gains: the step gain of a fix needs a plain timing (opscope capture or opscope profile "
                            "times plain steps beside the trace); until then the items are ranked by the GPU time "
                            "each fix saves");
    }
    return lines;
}

std::string describeInsightGain(const Insight &i, Typography micro)
{
    const auto time = [&](int64_t ns) { return formatFixedDuration(ns, 1, micro); };
    if (i.estimatedBytesSaved > 0) { // a memory item: bytes off the peak, no step time
        char mib[48];
        std::snprintf(mib, sizeof mib, "%.1f MiB", double(i.estimatedBytesSaved) / double(1 << 20));
        std::string text = "estimated saving " + std::string(mib) + " of the memory peak";
        if (i.figures.contains("peak_allocated_bytes") && i.figures["peak_allocated_bytes"].get<int64_t>() > 0)
            text += " (" +
                    percent(double(i.estimatedBytesSaved) / double(i.figures["peak_allocated_bytes"].get<int64_t>())) +
                    ")";
        return text;
    }
    char share[32];
    std::snprintf(share, sizeof share, "%.1f %%", 100.0 * i.gainShareOfStep);
    switch (i.gainBasis) {
    case GainBasis::Replayed: {
        std::string text = "estimated gain " + time(i.estimatedGainNs) + " (" + share + " of the step)";
        if (i.gpuTimeSavedNs > 0)
            text += ", " + time(i.gpuTimeSavedNs) + " of GPU time";
        return text;
    }
    case GainBasis::NoPlainTiming:
        if (i.gpuTimeSavedNs > 0)
            return "step gain not known without a plain timing: " + time(i.gpuTimeSavedNs) + " of GPU time saved";
        return "step gain not known without a plain timing: about " + time(i.estimatedGainNs) + " on the traced host";
    case GainBasis::NotEstimated:
        break;
    }
    return std::string("gain not estimated from the trace") +
           (i.verifyFix.empty() ? "" : " (opscope verify --fix " + i.verifyFix + " measures it)");
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
            {"gain_basis", toString(i.gainBasis)},
            {"estimated_gain_ns", i.gainBasis == GainBasis::Replayed || i.estimatedBytesSaved > 0
                                      ? nlohmann::ordered_json(i.estimatedGainNs)
                                      : nlohmann::ordered_json(nullptr)},
            {"gain_below_spread", i.gainBelowSpread},
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
    step["reference_steps"] = r.reference ? nlohmann::ordered_json(r.reference->steps) : nullptr;
    step["reference_spread_ns"] =
        r.reference && r.reference->spreadNs > 0 ? nlohmann::ordered_json(r.reference->spreadNs) : nullptr;
    step["host"] = hostModelJson(r.host);
    step["replay_host_scale"] = r.hostScale;
    step["replayed_step_ns"] = r.replayedStepNs;
    nlohmann::ordered_json insights = nlohmann::ordered_json::array();
    for (const Insight &i : r.insights)
        insights.push_back(insightToJson(p, i));
    return {{"step", step}, {"insights", insights}};
}

} // namespace opscope
