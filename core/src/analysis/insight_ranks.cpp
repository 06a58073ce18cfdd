// Insights of a multi-rank profile (ranks.h, docs/ranks.md). Like with like: the step's insights (host
// waits, kernels, cold start, layer outliers...) are read on one rank's profile, the straggler's (whose step
// every rank waits for), never on the ranks' steps pooled; beside them, the straggler and why it is late
// (its compute before the collectives against the median rank's, per group of identical layers and module,
// else per operator) and DDP buckets whose all-reduce no compute hides. Their gains are the waiting they
// remove.
#include "analysis/insight_context.h"
#include "analysis/rank_detail.h"

#include "opscope/measured_gains.h"
#include "opscope/module_tree.h"
#include "opscope/ranks.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>

namespace opscope::insightdetail {

namespace {

std::string times(double ratio)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.2f×", ratio);
    return buffer;
}

std::string rowName(const WhyRow &row)
{
    const std::string name = row.name.empty() ? modulePathText(row.name, row.className) : row.name;
    return "`" + name + "`" + (row.group ? " (" + std::to_string(row.members) + " identical layers)" : "");
}

// Whether the why rows have modules: a trace without module labels is explained per operator.
bool hasModules(const WhyLate &why)
{
    return std::any_of(why.modules.begin(), why.modules.end(),
                       [](const WhyRow &r) { return r.name != "(outside modules)"; });
}

// The row that explains the most extra time: a group of identical layers that holds a fifth of the
// straggler's extra compute or more; else the module below the root with the most extra time that is
// not all of it (a wrapper such as DDP's `module` holds all of it and says nothing); else anything.
// Without modules, the operator with the most extra time.
const WhyRow *mainCause(const WhyLate &why)
{
    if (!hasModules(why))
        return why.operators.empty() || why.operators.front().extraNs() <= 0 ? nullptr : &why.operators.front();
    const int64_t extra = why.stragglerComputeNs - why.medianComputeNs;
    if (!why.groups.empty() && why.groups.front().extraNs() > 0 && why.groups.front().extraNs() * 5 >= extra)
        return &why.groups.front();
    const WhyRow *whole = nullptr;
    for (const WhyRow &row : why.modules) {
        if (row.name.empty() || row.extraNs() <= 0)
            continue;
        if (row.extraNs() * 20 < extra * 19)
            return &row;
        whole = whole ? whole : &row;
    }
    if (whole)
        return whole;
    if (!why.groups.empty() && why.groups.front().extraNs() > 0)
        return &why.groups.front();
    return why.modules.empty() || why.modules.front().extraNs() <= 0 ? nullptr : &why.modules.front();
}

size_t stepsOf(const RankReport &report, int rank)
{
    for (const RankBreakdown &b : report.ranks)
        if (b.rank == rank)
            return std::max<size_t>(1, b.steps);
    return 1;
}

void findStraggler(InsightContext &c, const RankReport &report, const std::vector<std::string> &instrumentCosts)
{
    const WhyLate &why = report.why;
    if (why.medianRank < 0 || why.causedWaitPerStepNs <= 0)
        return;
    const RankBreakdown *late = nullptr;
    for (const RankBreakdown &b : report.ranks)
        if (b.rank == why.straggler)
            late = &b;
    const std::string straggler = "rank " + std::to_string(why.straggler),
                      median = "rank " + std::to_string(why.medianRank);
    const std::string perStep = why.steps ? " per step" : "";
    Insight i;
    i.kind = "rank-straggler";
    if (!why.lateFromCompute()) {
        // Not its GPU work: no module row explains it, and no gain can be promised (under a capture the
        // delay may be the instruments' own, which the plain run does not have).
        i.title = straggler + " arrives last without computing more than " + median + "; the others wait " +
                  c.duration(why.causedWaitPerStepNs) + perStep + " for it";
        i.evidence.push_back(straggler + " arrived last at " + std::to_string(late ? late->arrivedLast : 0) + " of " +
                             std::to_string(report.matched.size()) + " matched collectives");
        i.evidence.push_back("compute before those collectives: " + c.duration(why.stragglerComputeNs) + " on " +
                             straggler + ", " + c.duration(why.medianComputeNs) + " on " + median);
        if (report.hostWork.size() == 2)
            i.evidence.push_back("its host's " + describeHostWork(report.hostWork[0], report.hostWork[1]));
        i.evidence.insert(i.evidence.end(), instrumentCosts.begin(), instrumentCosts.end());
        i.fix = "Look at what " + straggler +
                " does before its kernels start: host work only it does, its data loading, Python overhead. Under "
                "a capture each rank's host is slowed differently: compare the ranks' plain steps (`opscope "
                "summary`) before acting on this.";
        i.gainModel = "not estimated: the time is outside the rank's GPU work";
        i.figures = {{"straggler", why.straggler},
                     {"median_rank", why.medianRank},
                     {"caused_wait_per_step_ns", why.causedWaitPerStepNs},
                     {"straggler_compute_ns", why.stragglerComputeNs},
                     {"median_compute_ns", why.medianComputeNs}};
        c.add(std::move(i), 0);
        return;
    }
    const WhyRow *cause = mainCause(why);
    // Its extra compute per step over the median rank: what the others would wait if it were all of the delay.
    const int64_t extraPerStep =
        std::max<int64_t>(0, (why.stragglerComputeNs - why.medianComputeNs) / int64_t(std::max<size_t>(1, why.steps)));
    i.title = straggler + " is the straggler";
    const bool byOperator = !hasModules(why);
    if (cause) {
        i.title += ": its " + rowName(*cause) + (cause->group ? " take" : " takes") +
                   (cause->ratio() > 0 ? " " + times(cause->ratio()) : " more than") + " " + median + "'s";
        if (!byOperator)
            i.modules.push_back(cause->name);
    }
    if (why.fromPlainWork) { // named by its plain work: another rank arrived last under the capture
        i.title += "; without the capture the others would wait about " + c.duration(why.causedWaitPerStepNs) +
                   perStep + " for it";
        i.evidence.push_back(report.stragglerBasis);
        i.evidence.push_back("compute before the step's collectives: " + c.duration(why.stragglerComputeNs) + " on " +
                             straggler + ", " + c.duration(why.medianComputeNs) + " on " + median +
                             " (the median of the other ranks)");
    } else {
        i.title += "; the others wait " + c.duration(why.causedWaitPerStepNs) + perStep + " for it";
        i.evidence.push_back(straggler + " arrived last at " + std::to_string(late ? late->arrivedLast : 0) + " of " +
                             std::to_string(report.matched.size()) +
                             " matched collectives; the others' collectives waited " +
                             c.duration(late ? late->causedWaitNs : 0) +
                             " in all, of which the step loses the longest delay at one collective (" +
                             c.duration(why.causedWaitPerStepNs) + perStep + ")");
        i.evidence.push_back("compute before those collectives: " + c.duration(why.stragglerComputeNs) + " on " +
                             straggler + ", " + c.duration(why.medianComputeNs) + " on " + median +
                             " (the median of the other ranks)");
        // Late by far more than its extra compute: the rest is time before its kernels start.
        if (why.causedWaitPerStepNs > 2 * extraPerStep) {
            i.evidence.push_back("its extra compute explains " + c.duration(extraPerStep) + " of the " +
                                 c.duration(why.causedWaitPerStepNs) + perStep +
                                 "; the rest is time before its kernels start: its host's work (data loading, "
                                 "Python, work only that rank does) or, under a capture, the instruments' cost");
            if (report.hostWork.size() == 2)
                i.evidence.push_back("its host's " + describeHostWork(report.hostWork[0], report.hostWork[1]));
        }
    }
    size_t shown = 0;
    const std::vector<const std::vector<WhyRow> *> lists =
        byOperator ? std::vector<const std::vector<WhyRow> *>{&why.operators}
                   : std::vector<const std::vector<WhyRow> *>{&why.groups, &why.modules};
    for (const std::vector<WhyRow> *rows : lists)
        for (const WhyRow &row : *rows) {
            if (shown >= 4 || row.extraNs() <= 0 || &row == cause)
                continue;
            if (row.name.empty() && !row.group)
                continue; // the root: the sum of the others
            i.evidence.push_back(rowName(row) + ": " + c.duration(row.stragglerNs) + " vs " + c.duration(row.medianNs) +
                                 (row.ratio() > 0 ? " (" + times(row.ratio()) + ")" : ""));
            ++shown;
        }
    if (cause)
        i.evidence.insert(i.evidence.begin() + 2, rowName(*cause) + ": " + c.duration(cause->stragglerNs) + " vs " +
                                                      c.duration(cause->medianNs));
    for (const RankBreakdown &b : report.ranks)
        if (b.rank != why.straggler && b.waitNs > 0)
            i.evidence.push_back("rank " + std::to_string(b.rank) + " waits " +
                                 c.duration(b.waitNs / int64_t(std::max<size_t>(1, b.steps))) + perStep +
                                 " in collectives");
    i.evidence.insert(i.evidence.end(), instrumentCosts.begin(), instrumentCosts.end());
    i.fix = "Make " + straggler + " do the work the others do: look at what differs in " +
            (cause ? rowName(*cause) : std::string("its compute")) +
            " on that rank (its batch or sequence lengths, data loading, a slower or throttled device, work "
            "only that rank does); compare the two ranks side by side (`opscope diff` on each rank's trace).";
    i.gainModel = "the others' wait for the straggler per step, at most its extra compute per step (" +
                  c.duration(extraPerStep) + "): what the step loses if it computed as the median rank";
    i.figures = {{"straggler", why.straggler},
                 {"median_rank", why.medianRank},
                 {"caused_wait_per_step_ns", why.causedWaitPerStepNs},
                 {"straggler_compute_ns", why.stragglerComputeNs},
                 {"median_compute_ns", why.medianComputeNs}};
    if (cause)
        i.figures["cause"] = {{"name", cause->name},
                              {"straggler_ns", cause->stragglerNs},
                              {"median_ns", cause->medianNs},
                              {"ratio", cause->ratio()}};
    c.add(std::move(i), std::min(why.causedWaitPerStepNs, extraPerStep));
}

// A DDP bucket's all-reduce that no compute of its rank overlaps, beyond the time it waits for the
// last rank (that waiting is the straggler's insight).
void findExposedBuckets(InsightContext &c, const RankReport &report)
{
    struct Bucket {
        int64_t exposed = 0, total = 0;
        size_t calls = 0;
        std::vector<std::string> modules;
    };
    std::map<int, Bucket> buckets;
    std::map<size_t, int64_t> waitOf; // collective -> its wait
    for (const MatchedCollective &m : report.matched) {
        int64_t latest = INT64_MIN;
        for (size_t i : m.members)
            latest = std::max(latest, report.collectives[i].start_ns);
        for (size_t i : m.members)
            waitOf[i] = latest - report.collectives[i].start_ns;
    }
    std::set<int> ranks;
    for (size_t i = 0; i < report.collectives.size(); ++i) {
        const Collective &col = report.collectives[i];
        if (col.bucket < 0)
            continue;
        ranks.insert(col.rank);
        Bucket &b = buckets[col.bucket];
        const int64_t wait = waitOf.contains(i) ? waitOf[i] : 0;
        // Per rank per step: the exposed part not spent waiting.
        b.exposed += std::max<int64_t>(0, col.exposedNs - wait) / int64_t(stepsOf(report, col.rank));
        b.total += (col.end_ns - col.start_ns) / int64_t(stepsOf(report, col.rank));
        ++b.calls;
        b.modules = col.modules;
    }
    const int64_t n = std::max<int64_t>(1, int64_t(ranks.size()));
    const bool steps =
        std::any_of(report.ranks.begin(), report.ranks.end(), [](const RankBreakdown &b) { return b.steps; });
    for (const auto &[index, b] : buckets) {
        const int64_t exposed = b.exposed / n, total = b.total / n;
        if (exposed <= 0 || double(exposed) < 0.01 * double(c.stepNs()))
            continue;
        const bool last = index == buckets.rbegin()->first;
        std::vector<std::string> quoted;
        for (const std::string &m : b.modules)
            quoted.push_back("`" + (m.empty() ? std::string("[root]") : m) + "`");
        Insight i;
        i.kind = "exposed-collective";
        i.title = std::string(index == buckets.begin()->first ? "the first"
                              : last                          ? "the last"
                                                              : "a") +
                  " DDP bucket's all-reduce (#" + std::to_string(index) + ", " + InsightContext::listOf(quoted, 3) +
                  ") is exposed: " + c.duration(exposed) + (steps ? " per step" : "") + " with no compute beside it";
        i.evidence.push_back("bucket #" + std::to_string(index) + " holds the gradients of " +
                             InsightContext::listOf(quoted, 6) + " (DDP's comm hook label)");
        i.evidence.push_back("its all-reduce takes " + c.duration(total) + (steps ? " per step" : "") +
                             " on average over " + std::to_string(n) + " ranks, " + c.duration(exposed) +
                             " of it not overlapped by compute and not waiting for another rank");
        i.fix = last ? "The last bucket (the first layers' gradients) is reduced after the backward is over: overlap "
                       "it with the optimizer step or the next forward (DDP's overlap_with_ddp / ZeRO hooks), or "
                       "make it small (bucket_cap_mb, first_bucket_bytes) so that little is left after backward"
                     : "Let more backward compute run beside it: smaller buckets (bucket_cap_mb) start reducing "
                       "earlier; on a slow link, compress gradients (fp16/bf16 compression hooks)";
        i.gainModel = "the exposed time not spent waiting for the last rank, per step, averaged over the ranks";
        i.modules = b.modules;
        i.figures = {{"bucket", index}, {"modules", b.modules}, {"exposed_ns", exposed}, {"duration_ns", total}};
        c.add(std::move(i), exposed);
    }
}

} // namespace

InsightReport findJobInsights(const Profile &p, Typography micro, std::string_view captureRange)
{
    const RankReport report = analyzeRanks(p, preferredRankStep(p));
    std::string why;
    const int rank = stepRankOf(report, &why);
    RankRows rows;
    const Profile one = profileOfRank(p, rank, &rows);
    InsightReport out = findInsights(one, micro, captureRange);
    out.rank = rank;
    out.rankNote = "Ranks: the step's insights are read on rank " + std::to_string(rank) + "'s step (" + why +
                   "), not on the " + std::to_string(report.ranks.size()) + " ranks' steps pooled";
    // Their kernels and operators by their index in the job's profile.
    for (Insight &i : out.insights) {
        for (Index &k : i.kernels)
            k = k < rows.kernels.size() ? rows.kernels[k] : k;
        for (Index &o : i.operators)
            o = o < rows.operators.size() ? rows.operators[o] : o;
        i.title = "rank " + std::to_string(rank) + ": " + i.title;
    }
    // The ranks side by side, on the same rank's step for the shares.
    InsightContext c(one, micro, captureRange);
    findStraggler(c, report, describeInstrumentCosts(rankReferenceTimings(p)));
    findExposedBuckets(c, report);
    std::vector<Insight> ranks = c.take();
    out.insights.insert(out.insights.end(), ranks.begin(), ranks.end());
    std::stable_sort(out.insights.begin(), out.insights.end(),
                     [](const Insight &a, const Insight &b) { return a.estimatedGainNs > b.estimatedGainNs; });
    attachMeasuredGains(out, storedVerifyResults(p)); // measured gains rank what they measured, as alone
    return out;
}

} // namespace opscope::insightdetail
