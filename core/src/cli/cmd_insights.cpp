// Commands that explain a profile: stats (nsys-stats-like reports) and insights.
#include "cli/commands.h"

#include "opscope/capture_import.h"
#include "opscope/file_util.h"
#include "opscope/insights.h"
#include "opscope/measured_gains.h"
#include "opscope/pipeline/run.h"
#include "opscope/pipeline/run_folder.h"
#include "opscope/profile_store.h"
#include "opscope/stats.h"
#include "opscope/text_util.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <map>
#include <ostream>

namespace opscope::cli {

namespace {

using json = nlohmann::ordered_json;

int runStats(const ParsedArgs &args, CliEnvironment &env)
{
    const std::string name = args.value("--report", "cuda_gpu_kern_sum");
    const auto names = statsReportNames();
    if (std::find(names.begin(), names.end(), name) == names.end()) {
        std::string list;
        for (const auto &n : names)
            list += (list.empty() ? "" : ", ") + n;
        throw UsageError("unknown report '" + name + "' (reports: " + list + ")");
    }
    StatsOptions options;
    options.module = args.value("--module");
    options.capturedOnly = !args.has("--all-kernels");
    options.byShapes = args.has("--by-shapes");
    const Profile profile = importCaptureFiles(args);
    const StatsReport report = buildStatsReport(profile, name, options);
    if (args.has("--json")) {
        json rows = json::array();
        for (const auto &row : report.rows) {
            json r = json::object();
            for (size_t c = 0; c < report.columns.size() && c < row.size(); ++c)
                r[report.columns[c]] = row[c];
            rows.push_back(r);
        }
        env.out << json{{"report", report.id}, {"title", report.title}, {"rows", rows}}.dump(
                       2, ' ', false, json::error_handler_t::replace)
                << "\n";
        return 0;
    }
    if (args.has("--csv")) {
        for (size_t c = 0; c < report.columns.size(); ++c)
            env.out << (c ? "," : "") << csvCell(report.columns[c]);
        env.out << "\n";
        for (const auto &row : report.rows) {
            for (size_t c = 0; c < row.size(); ++c)
                env.out << (c ? "," : "") << csvCell(row[c]);
            env.out << "\n";
        }
        return 0;
    }
    // A table: right-aligned numbers, the last column (the name) left-aligned and unpadded.
    std::vector<size_t> width(report.columns.size());
    for (size_t c = 0; c < report.columns.size(); ++c)
        width[c] = report.columns[c].size();
    for (const auto &row : report.rows)
        for (size_t c = 0; c + 1 < row.size() && c < width.size(); ++c)
            width[c] = std::max(width[c], row[c].size());
    env.out << report.title << "\n\n";
    auto line = [&](const std::vector<std::string> &cells) {
        for (size_t c = 0; c < cells.size(); ++c) {
            const bool last = c + 1 == cells.size();
            if (!last && cells[c].size() < width[c])
                env.out << std::string(width[c] - cells[c].size(), ' ');
            env.out << cells[c] << (last ? "\n" : "  ");
        }
    };
    line(report.columns);
    for (const auto &row : report.rows)
        line(row);
    return 0;
}

bool isRunFolder(const ParsedArgs &args)
{
    return args.positionals.size() == 1 && isDirectory(args.positionals.front()) &&
           fileExists(args.positionals.front() + "/manifest.json");
}

// A run folder of `opscope capture|profile` stands for its profile (imported first where it has none),
// so that `opscope insights RUN` numbers the items `opscope verify RUN --insight N` takes.
Profile profileOfArgs(const ParsedArgs &args)
{
    if (isRunFolder(args)) {
        const pipeline::RunFolder run = pipeline::RunFolder::open(args.positionals.front());
        const nlohmann::json outputs = run.manifest().value("outputs", nlohmann::json::object());
        std::string path = outputs.contains("profile") && outputs["profile"].is_string()
                               ? run.file(outputs["profile"].get<std::string>())
                               : std::string();
        if (path.empty() || !fileExists(path))
            path = pipeline::importRun(run.path());
        return loadProfile(path);
    }
    return importCaptureFiles(args);
}

int runInsights(const ParsedArgs &args, CliEnvironment &env)
{
    const Profile profile = profileOfArgs(args);
    const InsightReport report = findInsights(profile, Typography::Ascii, args.value("--capture-range", "CAPTURE"));
    const std::vector<nlohmann::json> verified = storedVerifyResults(profile);
    if (args.has("--json")) {
        json out = insightReportToJson(profile, report);
        out["verify_results"] = json::array(); // every stored result of opscope verify, oldest first
        for (const nlohmann::json &r : verified)
            out["verify_results"].push_back(json::parse(r.dump()));
        env.out << out.dump(2, ' ', false, json::error_handler_t::replace) << "\n";
        return 0;
    }
    for (const std::string &line : describeInsightStep(report))
        env.out << line << "\n";
    env.out << "\n";
    if (report.insights.empty())
        env.out << "No insight fired: nothing stands out in this profile.\n";
    int n = 0;
    for (const Insight &i : report.insights) {
        env.out << ++n << ". [" << toString(i.severity) << "] " << i.title << "\n   " << describeInsightGain(i);
        if (i.measured)
            env.out << ", " << describeMeasuredGain(*i.measured);
        env.out << ": " << i.gainModel << "\n";
        for (const std::string &e : i.evidence)
            env.out << "   - " << e << "\n";
        env.out << "   fix: " << i.fix << "\n";
        if (!i.verifyFix.empty() && !i.measured)
            env.out << "   measure it: opscope verify " << (isRunFolder(args) ? args.positionals.front() : "RUN")
                    << " --insight " << n << " (the launcher applies --fix " << i.verifyFix << ")\n";
        if (!i.modules.empty()) {
            env.out << "   modules:";
            for (size_t m = 0; m < i.modules.size() && m < 8; ++m)
                env.out << " " << i.modules[m];
            env.out << (i.modules.size() > 8 ? " ..." : "") << "\n";
        }
        env.out << "\n";
    }
    // What verify measured that no item names (a fix given with --fix, several fixes at once).
    std::map<std::string, MeasuredGain> others;
    for (const nlohmann::json &r : verified)
        if (const std::optional<MeasuredGain> m = measuredGainOf(r);
            m && std::none_of(report.insights.begin(), report.insights.end(),
                              [&](const Insight &i) { return i.verifyFix == m->fix; }))
            others[m->fix] = *m;
    if (!others.empty()) {
        env.out << "Measured with opscope verify, named by no item:\n";
        for (const auto &[fix, m] : others)
            env.out << "   " << fix << ": " << describeMeasuredGain(m) << "\n";
    }
    return 0;
}

} // namespace

std::vector<CommandSpec> insightCommands()
{
    return {
        {"stats",
         "opscope stats FILE... [--report NAME] [--csv|--json] [--module PATH] [--all-kernels] [--by-shapes]",
         std::string("Print a statistics report with the semantics of nsys stats and torch's key_averages:\n"
                     "cuda_gpu_kern_sum, nvtx_sum, cuda_api_sum, cuda_gpu_mem_time_sum, op_sum. cuda_gpu_kern_sum\n"
                     "counts the kernels of the captured step, as the other commands do (--all-kernels: all of\n"
                     "them); the NVTX, CUDA API and memory reports cover the whole trace.\n") +
             kCaptureFilesHelp,
         1,
         64,
         {{"--report", "NAME", "cuda_gpu_kern_sum", "the report to print"},
          {"--csv", "", "", "print CSV"},
          {"--json", "", "", "print JSON"},
          {"--module", "PATH", "", "only kernels and operators inside this module (e.g. blocks.0)"},
          allKernelsOption(),
          {"--by-shapes", "", "", "op_sum: group by operator name and input shapes"},
          captureRangeOption()},
         runStats},
        {"insights",
         "opscope insights FILE...|RUN [--json]",
         std::string("Explain why the profile is slow and what to fix first, one item per root cause: host\n"
                     "synchronisation and the operator that made it, pageable copies, steps bound by the host (from\n"
                     "the plain reference timing), FP32 matrix work, GEMM shapes that are not aligned, dtype casts,\n"
                     "copies before GEMMs, wave quantization, kernel counters, outliers among identical layers and\n"
                     "cold starts. Each gain is the step time the fix saves in a what-if replay of the step; where\n"
                     "opscope verify measured a fix, its measured gain stands beside the estimate and ranks the item.\n"
                     "RUN: a run folder of opscope capture/profile (its profile).\n") +
             kCaptureFilesHelp,
         1,
         64,
         {{"--json", "", "", "print JSON: {\"step\": ..., \"insights\": [...]}"}, captureRangeOption()},
         runInsights},
    };
}

} // namespace opscope::cli
