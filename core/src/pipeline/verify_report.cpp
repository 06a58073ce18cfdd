// `opscope verify` in words: the lines it prints, and with --profile the fixed arm captured by the
// capture pipeline and the before/after report from the diff engine (verify.h).
#include "pipeline/stages.h"
#include "pipeline/verify_internal.h"

#include "opscope/diff.h"
#include "opscope/errors.h"
#include "opscope/format.h"
#include "opscope/measured_gains.h"
#include "opscope/profile_store.h"
#include "opscope/verify.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>

namespace opscope::verify {

using namespace pipeline;
namespace fs = std::filesystem;

namespace {

std::string ms(int64_t ns)
{
    return formatFixedDuration(ns, 1);
}

std::string percentOf(int64_t part, int64_t whole)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.1f %%", whole ? 100.0 * double(part) / double(whole) : 0.0);
    return buffer;
}

// The capture the run was made with, applying `fixes`, into a new run folder beside it.
CaptureRequest fixedCapture(const RunFolder &run, const VerifyRequest &r, const std::string &name)
{
    const nlohmann::json &m = run.manifest();
    const nlohmann::json workload = m.value("workload", nlohmann::json::object());
    const nlohmann::json capture = m.value("capture", nlohmann::json::object());
    CaptureRequest c;
    c.workload.script = workload.value("script", "");
    c.workload.workingDirectory = workload.value("working_directory", "");
    c.workload.python = r.python.empty() ? workload.value("python", "") : r.python;
    if (workload.contains("args") && workload["args"].is_array())
        for (const auto &a : workload["args"])
            if (a.is_string())
                c.workload.args.push_back(a.get<std::string>());
    if (workload.contains("env") && workload["env"].is_object())
        for (const auto &[key, value] : workload["env"].items())
            if (value.is_string())
                c.workload.env[key] = value.get<std::string>();
    c.tool = parseCaptureTool(capture.value("tool", "auto")).value_or(CaptureTool::Auto);
    c.warmup = capture.value("warmup", 2);
    c.referenceSteps = capture.value("reference_steps", 3);
    c.steps = capture.value("steps", 1);
    c.stepSource = capture.value("step", std::string("auto"));
    c.compile = capture.value("compile", std::string("eager"));
    if (capture.contains("correlation_pass") && capture["correlation_pass"].is_boolean())
        c.correlationPass = capture["correlation_pass"].get<bool>();
    c.partitionMap = capture.value("partition_map", true);
    c.nsysCaptureRange = capture.value("nsys_capture_range", false);
    c.nsysCudaMemoryUsage = capture.value("nsys_cuda_memory_usage", false);
    c.fixes = r.fixes;
    c.outDir = fs::path(run.path()).parent_path().string();
    c.name = name;
    return c;
}

// The run's latest replay, as a request for the fixed arm (nullopt: the run was not replayed).
std::optional<ReplayRequest> fixedReplay(const RunFolder &run)
{
    const nlohmann::json &replays = run.manifest().value("replays", nlohmann::json::array());
    if (!replays.is_array() || replays.empty() || replays.back().value("result", "") != "ok")
        return std::nullopt;
    const nlohmann::json &last = replays.back();
    ReplayRequest replay;
    replay.ncu.metricSet = last.value("metric_set", std::string("roofline"));
    if (last.contains("sections") && last["sections"].is_array())
        replay.ncu.sections = last["sections"].get<std::vector<std::string>>();
    if (last.contains("metrics") && last["metrics"].is_array())
        replay.ncu.metrics = last["metrics"].get<std::vector<std::string>>();
    return replay;
}

void writeReport(const VerifyResult &r, const Profile &before, const Profile &after, const std::string &path)
{
    const ProfileDiff diff = diffProfiles(before, after);
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << "# Verify: " << r.fix << "\n\n";
    for (const std::string &line : describeResult(r))
        out << "- " << line << "\n";
    out << "\n";
    writeDiffMarkdown(diff, DiffLevel::Module, out);

    // The kernels that changed most, with the counters that moved with them.
    std::vector<size_t> rows(diff.kernels.size());
    for (size_t i = 0; i < rows.size(); ++i)
        rows[i] = i;
    std::stable_sort(rows.begin(), rows.end(), [&](size_t a, size_t b) {
        return std::llabs(diff.kernels[a].duration.delta()) > std::llabs(diff.kernels[b].duration.delta());
    });
    if (rows.size() > 15)
        rows.resize(15);
    out << "\n## Kernels that changed most\n\n| kernel before | kernel after | status | before | after | delta "
           "|\n|---|---|---|---:|---:|---:|\n";
    const auto cell = [](std::string s) {
        std::replace(s.begin(), s.end(), '|', '/');
        return shortKernelName(s, TemplateArguments::Drop);
    };
    for (size_t i : rows) {
        const KernelDiffRow &k = diff.kernels[i];
        out << "| " << cell(kernelNameBefore(diff, k)) << " | " << cell(kernelNameAfter(diff, k)) << " | "
            << toString(k.status) << " | " << ms(k.duration.before) << " | " << ms(k.duration.after) << " | "
            << formatDelta(k.duration.delta(), DurationText::Fixed) << " |\n";
    }
    size_t shown = 0;
    for (size_t i : rows) {
        if (diff.kernels[i].status != DiffStatus::Matched || shown == 5)
            continue;
        std::vector<CounterDelta> counters = kernelCounterDeltas(diff, i);
        std::erase_if(counters, [](const CounterDelta &c) {
            return !c.inBefore || !c.inAfter || std::fabs(c.pctDifference()) < 10.0;
        });
        if (counters.empty())
            continue;
        ++shown;
        out << "\n### " << cell(kernelNameAfter(diff, diff.kernels[i])) << ": counters that moved by 10 % or more\n\n"
            << "| metric | unit | before | after | change |\n|---|---|---:|---:|---:|\n";
        for (size_t c = 0; c < counters.size() && c < 12; ++c)
            out << "| " << counters[c].metric << " | " << counters[c].unit << " | " << counters[c].before << " | "
                << counters[c].after << " | " << formatChangePct(counters[c].pctDifference()) << " |\n";
    }
    if (!out)
        throw FileError(path, "cannot write the report");
}

} // namespace

void internal::captureFixedArm(const VerifyRequest &r, VerifyResult &result, const VerifyCallbacks &callbacks,
                               const Progress &progress)
{
    RunFolder run = RunFolder::open(r.run);
    const std::string slugged = internal::fixSlug(result.fix);
    const CaptureRequest capture = fixedCapture(run, r, run.name() + "-fix-" + slugged);
    StageCallbacks stages;
    if (callbacks.onLine)
        stages.onLine = [&](std::string_view stage, std::string_view line) {
            callbacks.onLine("fixed " + std::string(stage), line);
        };
    PipelineResult fixedRun;
    if (const std::optional<ReplayRequest> replay = fixedReplay(run))
        fixedRun = runProfile(capture, *replay, stages, progress);
    else
        fixedRun = runCapture(capture, stages, progress);
    result.fixedRun = fixedRun.runDir;
    if (!fixedRun.ok() || fixedRun.profilePath.empty()) {
        result.notes.push_back("the capture of the fixed arm failed, no report: " +
                               (fixedRun.problems.empty() ? std::string("no profile") : fixedRun.problems.front()));
        return;
    }
    const nlohmann::json &outputs = run.manifest().value("outputs", nlohmann::json::object());
    const std::string beforePath = outputs.contains("profile") && outputs["profile"].is_string()
                                       ? run.file(outputs["profile"].get<std::string>())
                                       : importRun(run.path());
    result.reportPath = run.file("verify-" + slugged + ".md");
    writeReport(result, loadProfile(beforePath), loadProfile(fixedRun.profilePath), result.reportPath);
}

std::vector<std::string> describeResult(const VerifyResult &r)
{
    std::vector<std::string> lines;
    std::string what = "fix " + r.fix;
    if (r.insight.is_object())
        what += " (insight " + std::to_string(r.insight.value("index", 0)) + ": " + r.insight.value("kind", "") + ")";
    lines.push_back(what);
    for (const std::string &a : r.applied)
        lines.push_back("applied: " + a);
    const char *clock = r.clock == "cuda_event"     ? "CUDA events"
                        : r.clock == "perf_counter" ? "perf_counter"
                                                    : "mixed clocks";
    lines.push_back("baseline " + ms(r.gain.baselineNs) + ", fixed " + ms(r.gain.fixedNs) + " a step (" + clock +
                    "; medians of " + std::to_string(r.blockSteps) + " plain steps a round after " +
                    std::to_string(r.warmup) + " warm-up steps, " + std::to_string(r.gain.rounds) +
                    " rounds alternated A B A B)");
    char interval[160];
    std::snprintf(interval, sizeof interval, "%.0f %% interval %s .. %s", 100.0 * r.stats.confidence,
                  ms(r.stats.lowNs).c_str(), ms(r.stats.highNs).c_str());
    lines.push_back("measured gain " + ms(r.gain.gainNs) + " (" + percentOf(r.gain.gainNs, r.gain.baselineNs) +
                    " of the step) +/- " + ms(r.gain.spreadNs) + " (" + interval + "): " + r.verdict);
    if (r.insight.is_object()) {
        const int64_t estimated = r.insight.value("estimated_gain_ns", int64_t(0));
        const int64_t gpu = r.insight.value("gpu_time_saved_ns", int64_t(0));
        std::string line = "estimated " + ms(estimated);
        if (gpu > 0)
            line += " (" + ms(gpu) + " of GPU time)";
        if (estimated > 0 && r.gain.significant) {
            char ratio[32];
            std::snprintf(ratio, sizeof ratio, "%.2f", double(r.gain.gainNs) / double(estimated));
            line += ", measured / estimated " + std::string(ratio);
        }
        lines.push_back(line);
    }
    if (r.gain.baselinePeakBytes >= 0 && r.gain.fixedPeakBytes >= 0)
        lines.push_back("peak memory (torch.cuda.max_memory_allocated) " +
                        describePeaks(r.gain.baselinePeakBytes, r.gain.fixedPeakBytes));
    else
        lines.push_back("peak memory: not measured (" +
                        std::string(r.clock == "perf_counter" ? "on the CPU" : "no CUDA allocator") + ")");
    lines.push_back("outputs: " + r.outputs.note);
    for (const std::string &n : r.notes)
        lines.push_back("note: " + n);
    if (!r.reportPath.empty())
        lines.push_back("report: " + r.reportPath + " (fixed run " + r.fixedRun + ")");
    return lines;
}

} // namespace opscope::verify
