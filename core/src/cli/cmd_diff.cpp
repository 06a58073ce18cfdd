// `opscope diff`: compare two attributed profiles, print the table or JSON, write a report, and
// gate a CI job on the rows that got slower.
#include "cli/commands.h"

#include "opscope/capture_import.h"
#include "opscope/diff.h"
#include "opscope/diff_table.h"
#include "opscope/errors.h"
#include "opscope/file_util.h"
#include "opscope/format.h"
#include "opscope/ranks.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <ostream>
#include <utility>

namespace opscope::cli {

namespace {

using json = nlohmann::ordered_json;

// Exit status when --fail-if-slower finds a row that got slower (1-3 are errors, see cli.cpp).
constexpr int kExitSlower = 4;

// One side's files: a path as it is when it exists, else a comma-separated list of the files of one
// capture ("nsys.sqlite,ncu_raw.csv").
std::vector<std::string> captureFiles(const std::string &arg)
{
    if (fileExists(arg))
        return {arg};
    std::vector<std::string> files;
    size_t start = 0;
    while (start <= arg.size()) {
        const size_t comma = arg.find(',', start);
        const std::string part = arg.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        if (!part.empty())
            files.push_back(part);
        if (comma == std::string::npos)
            break;
        start = comma + 1;
    }
    if (files.empty())
        throw UsageError("an empty file list '" + arg + "'");
    return files;
}

// --ranks A,B: two different rank numbers.
std::pair<int, int> rankPairOption(const std::string &text)
{
    const size_t comma = text.find(',');
    const auto number = [&](const std::string &part) {
        if (part.empty() || part.size() > 9 ||
            !std::all_of(part.begin(), part.end(), [](char c) { return c >= '0' && c <= '9'; }))
            throw UsageError("--ranks takes two rank numbers, A,B, not '" + text + "'");
        return std::atoi(part.c_str());
    };
    if (comma == std::string::npos)
        throw UsageError("--ranks takes two rank numbers, A,B, not '" + text + "'");
    const int a = number(text.substr(0, comma)), b = number(text.substr(comma + 1));
    if (a == b)
        throw UsageError("--ranks " + text + " names one rank twice: compare two different ranks");
    return {a, b};
}

// One rank of a multi-rank profile, or an error naming the file and the ranks it has.
Profile rankOf(const Profile &job, int rank)
{
    const std::vector<int> ranks = ranksOf(job);
    if (std::find(ranks.begin(), ranks.end(), rank) == ranks.end()) {
        std::string have;
        for (int r : ranks)
            have += (have.empty() ? "" : ", ") + std::to_string(r);
        throw FileError(job.source_path,
                        "has no rank " + std::to_string(rank) +
                            (ranks.empty() ? " (it is a profile of one process)" : " (its ranks: " + have + ")"));
    }
    return profileOfRank(job, rank);
}

DiffLevel levelOption(const ParsedArgs &args)
{
    const std::string by = args.value("--by", "operator");
    if (by == "module")
        return DiffLevel::Module;
    if (by == "operator")
        return DiffLevel::Operator;
    if (by == "kernel")
        return DiffLevel::Kernel;
    throw UsageError("--by takes module, operator or kernel, not '" + by + "'");
}

double percentOption(const ParsedArgs &args, const std::string &name)
{
    const std::string text = args.value(name);
    size_t used = 0;
    double value = -1;
    try {
        value = std::stod(text, &used);
    } catch (const std::exception &) {
    }
    if (used != text.size() || value < 0)
        throw UsageError("option " + name + " needs a non-negative number (percent), not '" + text + "'");
    return value;
}

json pairJson(const TimePair &t)
{
    json j = {{"before", t.before}, {"after", t.after}, {"delta", t.delta()}};
    j["ratio"] = t.before ? json(t.ratio()) : json(nullptr);
    return j;
}

json countJson(const CountPair &c)
{
    return {{"before", c.before}, {"after", c.after}, {"delta", c.delta()}};
}

json statsJson(const Significance &s)
{
    json j = {{"runs", s.runs}, {"mean", s.mean}, {"stddev", s.stddev}, {"pct_difference", s.pctDifference}};
    j["z_score"] = s.hasZScore() ? json(s.zScore) : json(nullptr);
    return j;
}

json counterJson(const CounterDelta &c, bool withRuns)
{
    json j = {{"metric", c.metric}, {"unit", c.unit}};
    j["before"] = c.inBefore ? json(c.before) : json(nullptr);
    j["after"] = c.inAfter ? json(c.after) : json(nullptr);
    if (c.inBefore && c.inAfter) {
        j["delta"] = c.delta();
        j["pct_difference"] = c.pctDifference();
    }
    if (withRuns && c.inBefore)
        j["baseline"] = statsJson(c.stats);
    return j;
}

void addCounters(json &row, const std::vector<CounterDelta> &deltas, bool runs)
{
    json counters = json::array();
    for (const CounterDelta &c : deltas)
        counters.push_back(counterJson(c, runs));
    if (!counters.empty())
        row["counters"] = std::move(counters);
}

// Two generation set-ups (diff.h GenerationDiff); null unless both sides are generation profiles.
json generationJson(const GenerationDiff &g)
{
    if (!g.present)
        return nullptr;
    const auto rows = [](const std::vector<GenerationDiffRow> &list) {
        json array = json::array();
        for (const GenerationDiffRow &r : list)
            array.push_back({{"name", r.name},
                             {"class", r.className},
                             {"unit", r.unit},
                             {"before", r.inBefore ? json(r.before) : json(nullptr)},
                             {"after", r.inAfter ? json(r.after) : json(nullptr)}});
        return array;
    };
    return {{"figures", rows(g.figures)},
            {"prefill_by_module", rows(g.prefill)},
            {"per_token_by_module", rows(g.perToken)}};
}

std::string generationValue(const GenerationDiffRow &r, double value)
{
    char buffer[48];
    if (r.unit == "ns")
        return formatFixedDuration(int64_t(value));
    if (r.unit == "share")
        std::snprintf(buffer, sizeof buffer, "%.1f %%", 100.0 * value);
    else if (r.unit == "tokens/s")
        std::snprintf(buffer, sizeof buffer, "%.1f/s", value);
    else
        std::snprintf(buffer, sizeof buffer, "%.0f", value);
    return buffer;
}

// The generation figures and the modules' time per decoded token, before and after.
DiffTable generationTable(const GenerationDiff &g, size_t modules)
{
    static const std::map<std::string, std::string> names = {
        {"ttft", "time to first token"},         {"tpot_median", "per output token (median)"},
        {"tpot_p90", "per output token (p90)"},  {"request", "request"},
        {"tokens_per_s", "tokens per second"},   {"prefill_gpu_busy", "GPU busy, prefill"},
        {"decode_gpu_busy", "GPU busy, decode"}, {"decode_kernels_per_token", "kernels per decoded token"},
        {"kv_cache", "KV cache (bytes)"}};
    DiffTable t;
    t.header = {"generation (plain requests)", "before", "after", "ratio"};
    t.numeric = {false, true, true, true};
    const auto line = [&](const std::string &name, const GenerationDiffRow &r) {
        char ratio[32] = "";
        if (r.inBefore && r.inAfter && r.before != 0)
            std::snprintf(ratio, sizeof ratio, "%.2fx", r.after / r.before);
        t.rows.push_back({name, r.inBefore ? generationValue(r, r.before) : "-",
                          r.inAfter ? generationValue(r, r.after) : "-", ratio});
    };
    for (const GenerationDiffRow &r : g.figures)
        line(names.count(r.name) ? names.at(r.name) : r.name, r);
    for (size_t i = 0; i < g.perToken.size() && i < modules; ++i)
        line("per token: " + modulePathText(g.perToken[i].name, g.perToken[i].className), g.perToken[i]);
    return t;
}

json diffJson(const ProfileDiff &diff, DiffLevel level, bool withCounters, const std::vector<Regression> *regressions)
{
    const bool runs = diff.beforeRuns > 1;
    const DiffTotals &t = diff.totals;
    json totals = {{"kernel_time_ns", pairJson(t.kernelTime)},
                   {"unattributed_time_ns", pairJson(t.unattributedTime)},
                   {"step_gpu_time_ns", pairJson(t.stepGpuTime)},
                   {"gpu_busy_ns", pairJson(t.gpuBusy)},
                   {"gpu_idle_ns", pairJson(t.gpuIdle)},
                   {"kernels", countJson(t.kernels)},
                   {"unattributed_kernels", countJson(t.unattributedKernels)},
                   {"operators", countJson(t.operators)},
                   {"outside_step_time_ns", pairJson(t.outsideTime)},
                   {"outside_step_kernels", countJson(t.outsideKernels)},
                   {"reference_step_ns", pairJson(t.referenceStep)},
                   {"captured_step_ns", pairJson(t.capturedStep)}};
    if (runs)
        totals["kernel_time_baseline"] = statsJson(t.stepStats);
    json counts = {
        {"modules", {{"matched", t.matchedModules}, {"added", t.addedModules}, {"removed", t.removedModules}}},
        {"operator_rows",
         {{"matched", t.matchedOperatorRows}, {"added", t.addedOperatorRows}, {"removed", t.removedOperatorRows}}},
        {"kernels", {{"matched", t.matchedKernels}, {"added", t.addedKernels}, {"removed", t.removedKernels}}}};
    json groups = json::array();
    for (const GroupDiffRow &g : diff.groups)
        groups.push_back({{"name", g.name},
                          {"class", g.className},
                          {"status", toString(g.status)},
                          {"members", countJson(g.members)},
                          {"total_ns", pairJson(g.total)},
                          {"median_ns", pairJson(g.median)},
                          {"min_ns", pairJson(g.min)},
                          {"max_ns", pairJson(g.max)}});
    json modules = json::array();
    for (const ModuleDiffRow &m : diff.modules) {
        json row = {{"path", m.path},
                    {"class", m.className},
                    {"depth", m.depth},
                    {"status", toString(m.status)},
                    {"match", toString(m.match)},
                    {"gpu_time_ns", pairJson(m.gpuTime)},
                    {"gpu_time_self_ns", pairJson(m.gpuTimeSelf)},
                    {"kernels", countJson(m.kernels)},
                    {"calls", countJson(m.calls)}};
        if (!m.otherPath.empty())
            row["before_path"] = m.otherPath;
        if (runs && m.beforeNode >= 0)
            row["baseline"] = statsJson(m.stats);
        modules.push_back(std::move(row));
    }
    json operators = json::array();
    for (size_t r = 0; r < diff.operators.size(); ++r) {
        const OperatorDiffRow &o = diff.operators[r];
        json row = {{"module", o.module >= 0 ? json(diff.modules[size_t(o.module)].path) : json(nullptr)},
                    {"name", o.name},
                    {"before_name", o.beforeName},
                    {"after_name", o.afterName},
                    {"before_shapes", o.beforeShapes},
                    {"after_shapes", o.afterShapes},
                    {"status", toString(o.status)},
                    {"match", toString(o.match)},
                    {"gpu_time_ns", pairJson(o.gpuTime)},
                    {"kernels", countJson(o.kernels)}};
        if (runs && o.stats.runs)
            row["baseline"] = statsJson(o.stats);
        if (withCounters && level == DiffLevel::Operator && o.status == DiffStatus::Matched)
            addCounters(row, operatorCounterDeltas(diff, r), runs);
        operators.push_back(std::move(row));
    }
    json memory = nullptr;
    if (diff.memory.present) {
        auto rows = [](const std::vector<MemoryDiffRow> &list, const char *key) {
            json array = json::array();
            for (const MemoryDiffRow &r : list)
                array.push_back({{key, r.name},
                                 {"before_bytes", r.before},
                                 {"after_bytes", r.after},
                                 {"delta_bytes", r.after - r.before}});
            return array;
        };
        const MemoryDiff &m = diff.memory;
        memory = {
            {"device_before", m.deviceBefore},
            {"device_after", m.deviceAfter},
            {"peak_allocated_bytes",
             {{"before", m.peakBefore}, {"after", m.peakAfter}, {"delta", m.peakAfter - m.peakBefore}}},
            {"peak_reserved_bytes",
             {{"before", m.reservedBefore}, {"after", m.reservedAfter}, {"delta", m.reservedAfter - m.reservedBefore}}},
            {"by_module", rows(m.byModule, "module")},
            {"by_kind", rows(m.byKind, "kind")}};
    }
    json out = {{"before", diff.before->source_path},
                {"after", diff.after->source_path},
                {"before_runs", diff.beforeRuns},
                {"totals", totals},
                {"rows", counts},
                {"groups", groups},
                {"memory", memory},
                {"generation", generationJson(diff.generation)},
                {"modules", modules},
                {"operators", operators}};
    if (level == DiffLevel::Kernel) {
        json kernels = json::array();
        for (size_t r = 0; r < diff.kernels.size(); ++r) {
            const KernelDiffRow &k = diff.kernels[r];
            json row = {{"operator", k.op >= 0 ? json(diff.operators[size_t(k.op)].name) : json(nullptr)},
                        {"operator_row", k.op},
                        {"before_name", kernelNameBefore(diff, k)},
                        {"after_name", kernelNameAfter(diff, k)},
                        {"status", toString(k.status)},
                        {"match", toString(k.match)},
                        {"duration_ns", pairJson(k.duration)}};
            if (runs && k.stats.runs)
                row["baseline"] = statsJson(k.stats);
            if (withCounters && k.status == DiffStatus::Matched)
                addCounters(row, kernelCounterDeltas(diff, r), runs);
            kernels.push_back(std::move(row));
        }
        out["kernels"] = std::move(kernels);
    }
    if (regressions) {
        json list = json::array();
        for (const Regression &r : *regressions)
            list.push_back({{"level", toString(r.level)},
                            {"row", r.row},
                            {"what", r.what},
                            {"time_ns", pairJson(r.time)},
                            {"change_pct", r.time.changePct()}});
        out["slower"] = std::move(list);
    }
    return out;
}

void printTable(const DiffTable &table, std::ostream &out)
{
    std::vector<size_t> width(table.header.size(), 0);
    for (size_t c = 0; c < table.header.size(); ++c)
        width[c] = table.header[c].size();
    for (const auto &row : table.rows)
        for (size_t c = 0; c < row.size(); ++c)
            width[c] = std::max(width[c], row[c].size());
    auto line = [&](const std::vector<std::string> &cells) {
        std::string text;
        for (size_t c = 0; c < cells.size(); ++c) {
            const std::string &cell = cells[c];
            const std::string pad(width[c] - std::min(width[c], cell.size()), ' ');
            text += table.numeric[c] ? pad + cell : cell + pad;
            text += c + 1 < cells.size() ? "  " : "";
        }
        while (!text.empty() && text.back() == ' ')
            text.pop_back();
        out << text << "\n";
    };
    line(table.header);
    for (const auto &row : table.rows)
        line(row);
}

void printText(const ProfileDiff &diff, DiffLevel level, bool all, std::ostream &out)
{
    out << "before: " << diff.before->source_path << "\nafter:  " << diff.after->source_path << "\n";
    if (diff.beforeRuns > 1)
        out << "(" << diff.beforeRuns << " BEFORE runs: z is AFTER's z-score against them)\n";
    out << "\n";
    DiffTable totals;
    totals.header = {"captured step", "before", "after", "delta", "ratio", "change"};
    totals.numeric = {false, true, true, true, true, true};
    totals.rows = totalsLines(diff);
    printTable(totals, out);
    const DiffTotals &t = diff.totals;
    out << "\nrows: modules " << t.matchedModules << " matched, " << t.addedModules << " added, " << t.removedModules
        << " removed; operators " << t.matchedOperatorRows << " matched, " << t.addedOperatorRows << " added, "
        << t.removedOperatorRows << " removed; kernels " << t.matchedKernels << " matched, " << t.addedKernels
        << " added, " << t.removedKernels << " removed\n";
    for (const GroupDiffRow &g : diff.groups)
        out << "group " << g.name << " [" << g.className << "] " << toString(g.status) << ": x" << g.members.before
            << " > x" << g.members.after << ", median member " << formatFixedDuration(g.median.before) << " > "
            << formatFixedDuration(g.median.after) << " (" << formatRatio(g.median.before, g.median.after) << ")\n";
    if (diff.generation.present) {
        out << "\n";
        printTable(generationTable(diff.generation, 8), out);
    }
    out << "\n";
    const DiffTable table = diffTable(diff, level, all, 48);
    printTable(table, out);
    if (table.hiddenEmpty)
        out << "(" << table.hiddenEmpty << " rows without GPU time on either side not shown; --all shows them)\n";
}

int runDiff(const ParsedArgs &args, CliEnvironment &env)
{
    const DiffLevel level = levelOption(args);
    const bool gate = args.has("--fail-if-slower");
    const double pct = gate ? percentOption(args, "--fail-if-slower") : 0.0;
    const int64_t minTime = integerOption(args, "--min-time", 0);
    const std::string report = args.value("--report");
    if (!report.empty() && fileExtension(report) != ".md" && fileExtension(report) != ".html" &&
        fileExtension(report) != ".htm")
        throw UsageError(report + ": unknown report format (use .md or .html)");
    AttributionOptions options;
    options.captureRange = args.value("--capture-range", options.captureRange);

    options.rankRegex = args.value("--rank-regex", options.rankRegex);

    // BEFORE [BEFORE...] AFTER: every argument but the last is a BEFORE run; with --ranks A,B, the one
    // argument is a profile of several ranks and rank A is BEFORE, rank B AFTER.
    const std::vector<std::string> &pos = args.positionals;
    std::vector<Profile> befores;
    Profile after;
    if (args.has("--ranks")) {
        if (pos.size() != 1)
            throw UsageError("--ranks A,B compares two ranks of one profile: give that profile alone (its file, "
                             "or its ranks' files joined by commas)");
        const auto [a, b] = rankPairOption(args.value("--ranks"));
        const Profile job = importCapture(captureFiles(pos.front()), options);
        befores.push_back(rankOf(job, a));
        after = rankOf(job, b);
    } else {
        if (pos.size() < 2)
            throw UsageError("diff needs a BEFORE and an AFTER profile (or one profile and --ranks A,B)");
        befores.reserve(pos.size() - 1);
        for (size_t i = 0; i + 1 < pos.size(); ++i)
            befores.push_back(importCapture(captureFiles(pos[i]), options));
        after = importCapture(captureFiles(pos.back()), options);
    }
    for (const Profile *p : {&std::as_const(befores.front()), &std::as_const(after)})
        if (!isAttributed(*p))
            throw FileError(p->source_path,
                            "has no kernel attributed to an operator or a module: nothing to compare by");

    DiffOptions diffOptions;
    diffOptions.captureRange = options.captureRange;
    for (size_t i = 1; i < befores.size(); ++i)
        diffOptions.extraBeforeRuns.push_back(&befores[i]);
    const ProfileDiff diff = diffProfiles(befores.front(), after, diffOptions);
    const std::vector<Regression> slower =
        gate ? findRegressions(diff, level, pct, minTime) : std::vector<Regression>{};

    if (!report.empty()) {
        std::ofstream file(report);
        if (!file)
            throw FileError(report, "cannot be written");
        if (fileExtension(report) == ".md")
            writeDiffMarkdown(diff, level, file);
        else
            writeDiffHtml(diff, level, file);
        if (!file)
            throw FileError(report, "could not be written completely");
    }
    if (args.has("--json"))
        env.out << diffJson(diff, level, args.has("--counters"), gate ? &slower : nullptr)
                       .dump(2, ' ', false, json::error_handler_t::replace)
                << "\n";
    else
        printText(diff, level, args.has("--all"), env.out);

    if (!gate)
        return 0;
    for (const Regression &r : slower)
        env.err << "slower: " << r.what << ": " << formatFixedDuration(r.time.before) << " > "
                << formatFixedDuration(r.time.after) << " (" << formatChange(r.time.before, r.time.after) << ")\n";
    if (slower.empty()) {
        env.err << "no matched " << toString(level) << " row above " << minTime << " ns got slower by more than " << pct
                << "%\n";
        return 0;
    }
    env.err << slower.size() << " rows got slower by more than " << pct << "%\n";
    return kExitSlower;
}

} // namespace

std::vector<CommandSpec> diffCommands()
{
    return {
        {"diff",
         "opscope diff BEFORE [BEFORE...] AFTER [--by module|operator|kernel] [--json] [--fail-if-slower PCT] "
         "[--min-time NS] [--report OUT.md|OUT.html]\n"
         "       opscope diff PROFILE --ranks A,B [...]",
         "Compare two attributed profiles of the captured step: modules by path, operators by an alignment\n"
         "of each module's operator sequence (fusions become one row), kernels by name, grid, block and\n"
         "role. Every row shows before, after, delta and ratio; unmatched rows are added or removed.\n"
         "Each side is a file OpScope imports, or the files of one capture joined by commas\n"
         "(nsys.sqlite,ncu_raw.csv). Several BEFORE runs form a baseline: rows get a z-score.\n"
         "With --ranks A,B the one PROFILE holds several ranks (docs/ranks.md): rank A is BEFORE, rank B AFTER.\n"
         "Exit status 4 when --fail-if-slower finds a matched row that got slower.",
         1,
         64,
         {{"--by", "module|operator|kernel", "operator", "the rows to print (and to gate on)"},
          {"--json", "", "", "print JSON instead of a table"},
          {"--counters", "", "", "with --json: counters of matched rows (--by operator or kernel), before and after"},
          {"--fail-if-slower", "PCT", "",
           "exit 4 when a matched row (or the step) got slower by more than PCT percent"},
          {"--min-time", "NS", "0", "rows taking less than NS nanoseconds on both sides do not trip the gate"},
          {"--report", "FILE", "", "write a Markdown (.md) or HTML (.html) report"},
          {"--all", "", "", "list rows without GPU time too"},
          {"--ranks", "A,B", "", "compare rank A (before) with rank B (after) of one multi-rank profile"},
          rankRegexOption(),
          captureRangeOption()},
         runDiff},
    };
}

} // namespace opscope::cli
