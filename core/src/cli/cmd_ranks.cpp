// `opscope ranks`: the per-rank breakdown and the straggler of a multi-rank profile (ranks.h).
#include "cli/commands.h"

#include "opscope/capture_import.h"
#include "opscope/file_util.h"
#include "opscope/format.h"
#include "opscope/metadata_keys.h"
#include "opscope/module_tree.h"
#include "opscope/pipeline/cli_options.h"
#include "opscope/ranks.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <ostream>

namespace opscope::cli {

namespace {

using json = nlohmann::ordered_json;

std::string column(const std::string &text, size_t width)
{
    return text.size() >= width ? text + " " : std::string(width - text.size(), ' ') + text;
}

std::string rowName(const WhyRow &row)
{
    if (row.group)
        return row.name + " x" + std::to_string(row.members);
    return row.name.empty() ? modulePathText(row.name, row.className) : row.name;
}

std::string ratioText(double ratio)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.2fx", ratio);
    return ratio > 0 ? buffer : "-";
}

json whyRowJson(const WhyRow &row)
{
    json out = {{"name", row.name}, {"class", row.className}};
    if (row.group)
        out["members"] = row.members;
    out["straggler_ns"] = row.stragglerNs;
    out["median_ns"] = row.medianNs;
    out["extra_ns"] = row.extraNs();
    out["ratio"] = row.ratio() > 0 ? json(row.ratio()) : json(nullptr);
    out["straggler_backward_ns"] = row.stragglerBackwardNs;
    out["median_backward_ns"] = row.medianBackwardNs;
    return out;
}

json whyJson(const WhyLate &why)
{
    json modules = json::array(), groups = json::array(), operators = json::array();
    for (const WhyRow &row : why.modules)
        modules.push_back(whyRowJson(row));
    for (const WhyRow &row : why.groups)
        groups.push_back(whyRowJson(row));
    for (const WhyRow &row : why.operators)
        operators.push_back(whyRowJson(row));
    return {{"straggler", why.straggler},
            {"median_rank", why.medianRank < 0 ? json(nullptr) : json(why.medianRank)},
            {"collectives", why.collectives},
            {"steps", why.steps},
            {"straggler_compute_ns", why.stragglerComputeNs},
            {"median_compute_ns", why.medianComputeNs},
            {"caused_wait_per_step_ns", why.causedWaitPerStepNs},
            {"from_plain_work", why.fromPlainWork},
            {"late_from_compute", why.lateFromCompute()},
            {"groups", groups},
            {"modules", modules},
            {"operators", operators}};
}

// "28.4 MB" (decimal, as nccl-tests gives sizes); "-" unknown.
std::string sizeText(uint64_t bytes)
{
    if (bytes == 0)
        return "-";
    char buffer[32];
    if (bytes >= 1000000)
        std::snprintf(buffer, sizeof buffer, "%.1f MB", double(bytes) / 1e6);
    else
        std::snprintf(buffer, sizeof buffer, "%.1f kB", double(bytes) / 1e3);
    return buffer;
}

// What a matched collective carries: "bucket #3: h.2, h.3.mlp" (DDP), "unit transformer.h.0" (FSDP).
std::string carriedText(const Collective &c)
{
    std::string modules;
    for (size_t i = 0; i < c.modules.size() && i < 3; ++i)
        modules += (i ? ", " : "") + (c.modules[i].empty() ? std::string("the root module") : c.modules[i]);
    if (c.modules.size() > 3)
        modules += ", +" + std::to_string(c.modules.size() - 3);
    if (c.fsdpUnit)
        return "FSDP unit " + modules;
    return c.bucket >= 0 ? "DDP bucket #" + std::to_string(c.bucket) + ": " + modules : std::string();
}

// The matched collectives that carry modules' parameters or gradients, in order: kind, size, latency,
// bus bandwidth, and whose they are.
void printCarried(const RankReport &report, std::ostream &out)
{
    size_t carried = 0;
    for (const MatchedCollective &m : report.matched)
        carried += !carriedText(report.collectives[m.members.front()]).empty();
    if (carried == 0)
        return;
    out << "\ncollectives and the modules they carry (latency: the shortest rank's duration)\n";
    size_t shown = 0;
    for (const MatchedCollective &m : report.matched) {
        const std::string what = carriedText(report.collectives[m.members.front()]);
        if (what.empty())
            continue;
        if (++shown > 24) {
            out << "  ... " << carried - 24 << " more (--json lists them all)\n";
            break;
        }
        char bandwidth[32] = "-";
        if (m.busBandwidth > 0)
            std::snprintf(bandwidth, sizeof bandwidth, "%.1f GB/s", m.busBandwidth / 1e9);
        std::string kind(toString(m.kind));
        kind.resize(std::max<size_t>(kind.size(), 15), ' ');
        out << "  " << kind << column(sizeText(m.bytes), 10) << column(formatFixedDuration(m.latencyNs), 13)
            << column(bandwidth, 13) << "  " << what << "\n";
    }
}

void printWhy(const WhyLate &why, std::ostream &out)
{
    if (why.medianRank < 0)
        return;
    out << "\nwhy rank " << why.straggler << " is late: its compute before the " << why.collectives
        << (why.fromPlainWork ? " collectives of the step" : " collectives where it arrived last") << ", against rank "
        << why.medianRank << " (the median rank)\n";
    out << "  compute: " << formatFixedDuration(why.stragglerComputeNs) << " vs "
        << formatFixedDuration(why.medianComputeNs)
        << (why.fromPlainWork ? "; without the capture the others would wait about " : "; the others wait ")
        << formatFixedDuration(why.causedWaitPerStepNs) << (why.steps ? " per step" : " in all") << " for it"
        << (why.fromPlainWork ? " (its extra compute)" : "") << "\n";
    if (!why.lateFromCompute())
        out << "  rank " << why.straggler << " computed no more than rank " << why.medianRank
            << " before them: it is late for time before its kernels start (host work, input, or the capture's "
               "own instruments: compare the plain step in `opscope summary`), not for its GPU work\n";
    const auto print = [&](const std::vector<WhyRow> &rows, size_t shown) {
        for (size_t i = 0; i < rows.size() && i < shown; ++i) {
            const WhyRow &r = rows[i];
            std::string name = rowName(r);
            if (name.size() < 32)
                name += std::string(32 - name.size(), ' ');
            out << "  " << name << column(formatFixedDuration(r.stragglerNs), 13)
                << column(formatFixedDuration(r.medianNs), 13) << column(ratioText(r.ratio()), 9) << "\n";
        }
    };
    out << "  " << std::string(32, ' ') << column("rank " + std::to_string(why.straggler), 13)
        << column("rank " + std::to_string(why.medianRank), 13) << column("ratio", 9) << "\n";
    print(why.groups, 5);
    print(why.modules, 10);
    const bool modules = std::any_of(why.modules.begin(), why.modules.end(),
                                     [](const WhyRow &r) { return r.name != "(outside modules)"; });
    if (!modules) // no module labels: the operators say what it computes more
        print(why.operators, 10);
}

// Several nodes (hosts, or files on clocks of their own): how each one's clock was put on the first's.
void printNodeClocks(const Profile &profile, std::ostream &out)
{
    const std::vector<NodeClock> nodes = nodeClocks(profile);
    if (nodes.size() < 2)
        return;
    out << "clocks of " << nodes.size() << " nodes, each put on " << nodes.front().node << "'s:\n";
    for (const NodeClock &n : nodes) {
        std::string ranks;
        for (int r : n.ranks)
            ranks += (ranks.empty() ? "" : ",") + std::to_string(r);
        out << "  " << n.node << " (ranks " << ranks << "): ";
        if (n.basis == "reference")
            out << "the reference\n";
        else if (n.basis == "none")
            out << "not aligned (no collective or marker shared with the reference)\n";
        else if (n.basis == "same clock")
            out << "the same clock (its matched collectives end within 1 ms of the reference's): not shifted, "
                   "residual skew "
                << (n.residualNs < 0 ? std::string("-") : formatFixedDuration(n.residualNs)) << "\n";
        else
            out << "shifted by " << formatDelta(n.offsetNs, DurationText::Fixed) << " (" << n.basis
                << "), residual skew " << (n.residualNs < 0 ? std::string("-") : formatFixedDuration(n.residualNs))
                << "\n";
    }
}

json alignmentJson(const RankAlignment &a)
{
    json ranks = json::object();
    for (const auto &[rank, steps] : a.rankSteps)
        ranks[std::to_string(rank)] = steps;
    return {{"by_steps", a.bySteps},
            {"steps", a.steps},
            {"rank_steps", ranks},
            {"ranks_without_common_step", a.ranksWithoutCommonStep},
            {"groups_by_sequence", a.groupsBySequence},
            {"kernels_left_out", a.kernelsLeftOut},
            {"collectives_left_out", a.collectivesLeftOut},
            {"warnings", a.warnings}};
}

// Each rank's plain reference step and its captured step (the launcher's timing, per rank), and where one
// rank's instruments cost clearly more than the others': measured and shown, not the rank's work.
void printPlainTimings(const std::map<int, ReferenceTiming> &timings, std::ostream &out)
{
    if (timings.empty())
        return;
    out << "\neach rank's step, timed by the launcher: plain (no instruments) and captured\n";
    for (const auto &[rank, t] : timings)
        out << column("rank " + std::to_string(rank), 8) << column(formatFixedDuration(t.referenceNs), 13) << " plain"
            << column(t.capturedNs > 0 ? formatFixedDuration(t.capturedNs) : "-", 13) << " captured"
            << (t.overhead() > 0 ? "  " + ratioText(t.overhead()) : std::string()) << "\n";
    for (const std::string &line : describeInstrumentCosts(timings))
        out << line << "\n";
}

int runRanks(const ParsedArgs &args, CliEnvironment &env)
{
    Profile profile = importCaptureFiles(args);
    // Each rank's plain and captured step and the clocks of its nodes, from the job's own profile (kept
    // when the figures are read on the ranks' nsys captures instead).
    const std::map<int, ReferenceTiming> timings = rankReferenceTimings(profile);
    const std::string chosen = args.value("--step", "auto");
    std::string readFrom; // the ranks' nsys captures, when a job's profile names them
    if (chosen != "recorded" && preferredRankStep(profile) == RankStep::Recorded)
        if (const std::string *captures = profile.metadataValue(kRankCapturesKey)) {
            const std::vector<std::string> paths = pipeline::splitOptionList(*captures, "\n");
            if (std::all_of(paths.begin(), paths.end(), fileExists)) {
                Profile nsys = importCapture(paths);
                if (preferredRankStep(nsys) == RankStep::Plain) {
                    readFrom = *captures; // before the move: `captures` points into the job's profile
                    for (const auto &[rank, timing] : timings) // what names the plain job's straggler
                        setRankReferenceTiming(nsys, rank, timing);
                    profile = std::move(nsys);
                }
            }
        }
    RankStep step = preferredRankStep(profile);
    if (chosen == "recorded")
        step = RankStep::Recorded;
    else if (chosen == "plain" && step != RankStep::Plain)
        throw UsageError("--step plain: not every rank of this profile has a plain reference step (per-rank nsys "
                         "captures of `opscope capture` have them; torch.profiler traces do not)");
    else if (chosen != "auto" && chosen != "plain" && chosen != "recorded")
        throw UsageError("--step must be auto, plain or recorded, not '" + chosen + "'");
    const RankReport report = analyzeRanks(profile, step);
    if (args.has("--json")) {
        json ranks = json::array();
        for (const RankBreakdown &b : report.ranks)
            ranks.push_back({{"rank", b.rank},
                             {"span_ns", b.spanNs},
                             {"compute_ns", b.computeNs},
                             {"overlapped_comm_ns", b.overlappedCommNs},
                             {"exposed_comm_ns", b.exposedCommNs},
                             {"idle_ns", b.idleNs},
                             {"wait_ns", b.waitNs},
                             {"collectives", b.collectives},
                             {"arrived_last", b.arrivedLast},
                             {"caused_wait_ns", b.causedWaitNs},
                             {"caused_step_wait_ns", b.causedStepWaitNs},
                             {"steps", b.steps},
                             {"host", b.host.empty() ? json(nullptr) : json(b.host)}});
        for (json &r : ranks)
            if (const auto t = timings.find(r["rank"].get<int>()); t != timings.end()) {
                r["plain_step_ns"] = t->second.referenceNs;
                r["captured_step_ns"] = t->second.capturedNs > 0 ? json(t->second.capturedNs) : json(nullptr);
            }
        json collectives = json::array();
        for (const MatchedCollective &m : report.matched) {
            json waits = json::object();
            int64_t latest = INT64_MIN;
            for (size_t i : m.members)
                latest = std::max(latest, report.collectives[i].start_ns);
            for (size_t i : m.members)
                waits[std::to_string(report.collectives[i].rank)] = latest - report.collectives[i].start_ns;
            collectives.push_back({{"group", m.group},
                                   {"index", m.index},
                                   {"kind", toString(m.kind)},
                                   {"bytes", m.bytes},
                                   {"ranks", m.members.size()},
                                   {"arrival_skew_ns", m.arrivalSkewNs},
                                   {"latency_ns", m.latencyNs},
                                   {"last_arrival", m.lastArrival},
                                   {"wait_ns", waits},
                                   {"alg_bandwidth_Bps", m.algBandwidth},
                                   {"bus_bandwidth_Bps", m.busBandwidth}});
            const Collective &first = report.collectives[m.members.front()];
            if (first.bucket >= 0) {
                collectives.back()["ddp_bucket"] = first.bucket;
                collectives.back()["modules"] = first.modules;
            } else if (first.fsdpUnit) {
                collectives.back()["fsdp_unit"] = first.modules.front();
            }
        }
        json out = {{"step", std::string(toString(report.step))},
                    {"read_from", readFrom.empty() ? json(nullptr) : json(pipeline::splitOptionList(readFrom, "\n"))},
                    {"ranks", ranks},
                    {"straggler", report.straggler < 0 ? json(nullptr) : json(report.straggler)},
                    {"mutual_waits", report.mutualWaits},
                    {"instrumented_last", report.instrumentedLast < 0 ? json(nullptr) : json(report.instrumentedLast)},
                    {"straggler_basis", report.stragglerBasis},
                    {"collectives", collectives},
                    {"unmatched_collectives", report.unmatched},
                    {"alignment", alignmentJson(report.alignment)},
                    {"instrument_costs", describeInstrumentCosts(timings)}};
        json nodes = json::array();
        for (const NodeClock &n : nodeClocks(profile))
            nodes.push_back({{"node", n.node},
                             {"ranks", n.ranks},
                             {"basis", n.basis},
                             {"offset_ns", n.offsetNs},
                             {"residual_ns", n.residualNs < 0 ? json(nullptr) : json(n.residualNs)}});
        out["nodes"] = nodes;
        out["hosts_even"] = report.hostsEven;
        json hosts = json::array();
        for (const RankHostWork &h : report.hostWork) {
            json ops = json::array();
            for (const RankHostWork::Op &op : h.hostOnly)
                ops.push_back({{"name", op.name}, {"calls", op.calls}, {"ns", op.ns}});
            hosts.push_back(
                {{"rank", h.rank}, {"cuda_calls", h.cudaCalls}, {"host_only_ns", h.hostOnlyNs}, {"host_only", ops}});
        }
        out["host_work"] = hosts;
        if (report.straggler >= 0)
            out["why"] = whyJson(report.why);
        if (const std::string *skew = profile.metadataValue(kRankClockResidualSkewKey))
            out["clock_residual_skew_ns"] = std::stoll(*skew);
        env.out << out.dump(2, ' ', false, json::error_handler_t::replace) << "\n";
        return 0;
    }
    if (!readFrom.empty())
        env.out << "the ranks' nsys captures, named by the job's profile:\n" << readFrom << "\n";
    env.out << (report.step == RankStep::Plain
                    ? "read on each rank's plain reference step (no labels, no emit_nvtx; --step recorded: all)\n"
                    : "read on the recorded steps (under the capture's instruments)\n");
    const RankAlignment &a = report.alignment;
    if (a.bySteps)
        env.out << "compared step by step: " << a.steps.size() << " step" << (a.steps.size() == 1 ? "" : "s")
                << " two ranks or more recorded (ProfilerStep#N), collectives matched by process group and "
                << (a.groupsBySequence ? "NCCL's sequence number" : "order within the step") << "\n";
    const bool hosts =
        std::any_of(report.ranks.begin(), report.ranks.end(), [](const RankBreakdown &b) { return !b.host.empty(); });
    env.out << "rank" << (hosts ? "  host        " : "") << column("span", 13) << column("compute", 13)
            << column("comm overlap", 14) << column("comm exposed", 14) << column("idle", 13) << column("waits", 13)
            << column("collectives", 12) << column("last", 6) << "\n";
    for (const RankBreakdown &b : report.ranks)
        env.out << column(b.rank < 0 ? "-" : std::to_string(b.rank), 4)
                << (hosts ? "  " + (b.host.size() < 12 ? b.host + std::string(12 - b.host.size(), ' ') : b.host) : "")
                << column(formatFixedDuration(b.spanNs), 13) << column(formatFixedDuration(b.computeNs), 13)
                << column(formatFixedDuration(b.overlappedCommNs), 14)
                << column(formatFixedDuration(b.exposedCommNs), 14) << column(formatFixedDuration(b.idleNs), 13)
                << column(formatFixedDuration(b.waitNs), 13) << column(std::to_string(b.collectives), 12)
                << column(std::to_string(b.arrivedLast), 6)
                << (b.rank == report.straggler ? "  straggler"
                                               : (b.rank == report.instrumentedLast ? "  last (the capture's)" : ""))
                << "\n";
    env.out << report.matched.size() << " collectives matched across ranks, " << report.unmatched
            << " seen on one rank only"
            << (a.collectivesLeftOut
                    ? ", " + std::to_string(a.collectivesLeftOut) + " left out of the comparison (notes below)"
                    : std::string())
            << "\n";
    for (const std::string &w : a.warnings)
        env.out << "note: " << w << "\n";
    for (const RankBreakdown &b : report.ranks) {
        if (b.rank != report.straggler)
            continue;
        if (report.instrumentedLast >= 0)
            env.out << "straggler: rank " << b.rank << " (by its plain work; rank " << report.instrumentedLast
                    << " arrived last under the capture)\n  " << report.stragglerBasis << "\n";
        else
            env.out << "straggler: rank " << b.rank << " (arrived last at " << b.arrivedLast
                    << " collectives; the steps lost " << formatFixedDuration(b.causedStepWaitNs)
                    << " to it, the others' collectives waited " << formatFixedDuration(b.causedWaitNs) << ")\n";
    }
    if (report.hostsEven)
        env.out << "no straggler of the job's own work: rank " << report.instrumentedLast
                << " arrived last for its host's pace\n  " << report.stragglerBasis << "\n";
    else if (report.hostWork.size() == 2)
        env.out << "  its host's " << describeHostWork(report.hostWork[0], report.hostWork[1]) << "\n";
    if (report.mutualWaits) {
        env.out << "no straggler: the ranks made one another wait about as long (";
        for (size_t i = 0; i < report.ranks.size(); ++i)
            env.out << (i ? ", " : "") << "rank " << report.ranks[i].rank << " waited "
                    << formatFixedDuration(report.ranks[i].waitNs);
        env.out << ")\n";
    }
    if (const std::string *skew = profile.metadataValue(kRankClockResidualSkewKey))
        env.out << "clock residual skew (end times of matched collectives): " << formatFixedDuration(std::stoll(*skew))
                << "\n";
    printNodeClocks(profile, env.out);
    printPlainTimings(timings, env.out);
    printCarried(report, env.out);
    if (report.straggler >= 0)
        printWhy(report.why, env.out);
    return 0;
}

} // namespace

OptionSpec rankRegexOption()
{
    return {"--rank-regex", "PATTERN", "(?:rank|procid)[-_.]?([0-9]+)",
            "for torch.profiler traces without distributedInfo: the rank is the first group of PATTERN "
            "in the file name"};
}

std::vector<CommandSpec> rankCommands()
{
    return {
        {"ranks",
         "opscope ranks FILE... [--json] [--step auto|plain|recorded] [--rank-regex PATTERN]",
         std::string("Print per rank of a multi-rank profile: compute, communication overlapped with compute,\n"
                     "exposed communication, idle, the time it waited in collectives, and the straggler (the\n"
                     "rank the others waited for longest), and why it is late: its compute before the\n"
                     "collectives where it arrived last against the median rank's, per group of identical\n"
                     "layers and per module; --json adds every matched collective with its arrival skew, each\n"
                     "rank's wait, latency, bus bandwidth and the modules it carries (DDP bucket, FSDP unit). Read on "
                     "each rank's plain\n"
                     "reference step where every rank has one (per-rank nsys captures), else on the recorded\n"
                     "steps; the output says which.\n") +
             kCaptureFilesHelp,
         1,
         64,
         {{"--json", "", "", "print JSON (keys step, ranks, straggler, collectives, why)"},
          {"--step", "auto|plain|recorded", "auto",
           "the step the figures are read on: each rank's plain reference step (per-rank nsys captures; auto "
           "takes it where every rank has one) or the recorded steps, as the instruments slowed them"},
          rankRegexOption(),
          captureRangeOption()},
         runRanks},
    };
}

} // namespace opscope::cli
