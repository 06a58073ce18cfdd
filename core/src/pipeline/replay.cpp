// The replay: the captured step of a run again, under ncu, with the run's launcher settings, then the
// CSV export and the import. By default ncu profiles the first launch of each launch signature only
// (NVTX includes on the emit_nvtx op_ids of their operators, planned from the nsys capture:
// distinct_launches.h) and the import copies its counters to the other launches. Where the capture
// cannot drive that, dedup: ncu skips every member of a group of identical layers but its
// representative (NVTX exclusions on their module labels), and the import copies the
// representative's counters to the others.
#include "pipeline/stages.h"

#include "opscope/capture_import.h"
#include "opscope/errors.h"
#include "opscope/file_util.h"
#include "opscope/generation.h"
#include "opscope/pipeline/distinct_launches.h"

#include <algorithm>
#include <filesystem>
#include <optional>

namespace opscope::pipeline {

namespace {

struct ReplayPlan {
    std::string id; // "ncu", "ncu-2", ...
    std::vector<detail::StageSpec> stages;
    ToolInfo ncu;
    std::vector<std::string> excludedLabels;
    size_t dedupGroups = 0;
    bool userFilters = false;                   // filters beyond CAPTURE + dedup: the count check does not apply
    bool unprofiled = false;                    // a rank of a distributed job that ncu does not replay (--ncu-ranks)
    bool rankPart = false;                      // the replay of one rank's part: the job is imported as a whole
    std::optional<DistinctLaunchPlan> distinct; // set when ncu profiles distinct launches only
    std::string distinctUnusable;               // why not, when it was asked for
};

std::string jsonString(const nlohmann::json &object, const char *key)
{
    return object.is_object() && object.contains(key) && object[key].is_string() ? object[key].get<std::string>()
                                                                                 : std::string();
}

void requireWorkloadScript(const RunFolder &run)
{
    if (jsonString(run.manifest()["workload"], "script").empty())
        throw FileError(run.file("manifest.json"), "the run names no workload script");
}

ReplayPlan makePlan(const ReplayRequest &request, const RunFolder &run)
{
    const nlohmann::json &m = run.manifest();
    const nlohmann::json &workload = m["workload"];
    const nlohmann::json &capture = m["capture"];
    requireWorkloadScript(run);
    ReplayPlan plan;
    plan.ncu = requireNcu(request.ncuPath);
    const size_t previous = m.contains("replays") && m["replays"].is_array() ? m["replays"].size() : 0;
    plan.id = previous == 0 ? "ncu" : "ncu-" + std::to_string(previous + 1);

    Workload w;
    w.script = jsonString(workload, "script");
    w.workingDirectory = jsonString(workload, "working_directory");
    if (workload.contains("args") && workload["args"].is_array())
        w.args = workload["args"].get<std::vector<std::string>>();
    if (workload.contains("env") && workload["env"].is_object())
        w.env = workload["env"].get<std::map<std::string, std::string>>();
    const std::string python = findPython(jsonString(workload, "python"));
    if (python.empty())
        throw ToolError("the run's Python interpreter " + jsonString(workload, "python") + " is gone");
    const std::string launcherDir = findLauncherDir();
    const std::string compile = capture.is_object() ? capture.value("compile", "eager") : "eager";

    // The same steps as the capture: ncu must see the same kernels as nsys did.
    LauncherOptions o;
    o.python = python;
    o.mode = LauncherMode::Nvtx;
    o.warmup = capture.value("warmup", 2);
    // No reference steps: ncu would only run them (outside CAPTURE, never profiled), and slowly. The
    // captured step's kernels stay the same; the count check against nsys' CAPTURE range says if not.
    o.referenceSteps = 0;
    o.steps = capture.value("steps", 1);
    o.stepSource = capture.value("step", std::string("auto"));
    o.compile = compile;
    if (capture.is_object() && capture.contains("fixes") && capture["fixes"].is_array())
        for (const auto &fix : capture["fixes"]) // the capture's fixes (--fix): ncu must see the same kernels
            if (fix.is_string())
                o.fixes.push_back(fix.get<std::string>());
    o.statusPath = run.file(plan.id + "_launcher_status.json");
    o.script = detail::resolveScript(w);
    o.scriptArgs = w.args;

    NcuOptions n = request.ncu;
    n.ncu = plan.ncu.path;
    n.output = run.file(plan.id);
    plan.userFilters = !n.nvtxInclude.empty() || !n.nvtxExclude.empty() || !n.kernelName.empty() ||
                       !n.kernelId.empty() || n.launchSkip || n.launchCount || !request.phase.empty();
    // One phase of a generation request: its start/end range (the launcher's, in the captured request).
    if (const std::optional<std::string> phase = phaseRangeName(request.phase))
        n.nvtxInclude.push_back({*phase, false});
    // Distinct launches: the op_ids of the operators whose launches ncu profiles. They exist only inside
    // the captured steps (emit_nvtx), so they replace the CAPTURE include (ncu ORs its includes).
    const std::string sqlite = run.file("nsys.sqlite");
    if (request.distinctLaunches && !plan.userFilters) {
        if (!fileExists(sqlite)) {
            plan.distinctUnusable = "the run has no nsys capture to plan them from";
        } else {
            DistinctLaunchPlan d;
            try {
                // A replayed rank leaves NCCL's kernels out (below): the plan does too.
                const bool leavesCollectivesOut =
                    rankContextFromEnvironment().distributed() && n.kernelName.empty() && n.kernelId.empty();
                d = planDistinctLaunches(importCapture({sqlite}), !leavesCollectivesOut);
            } catch (const FileError &e) {
                d.unusable = e.what();
            }
            if (d.unusable.empty()) {
                n.nvtxInclude = distinctLaunchFilters(d);
                plan.distinct = std::move(d);
            } else {
                plan.distinctUnusable = d.unusable;
            }
        }
    }
    if (n.nvtxInclude.empty()) // the captured steps: a start/end range, so autograd's kernels are in it
        n.nvtxInclude.push_back({"CAPTURE", false});
    const std::string partitionMap = run.file("partition_map.json");
    // (One phase holds a part of each layer's calls: the dedup copy by position would not line up.)
    if (!plan.distinct && request.dedup && request.phase.empty() && fileExists(partitionMap)) {
        const PartitionMap map = readPartitionMap(partitionMap);
        for (const NvtxFilter &f : dedupExclusions(map)) {
            n.nvtxExclude.push_back(f);
            if (f.pushPop) // the capture has the forward labels only
                plan.excludedLabels.push_back(f.expression);
        }
        plan.dedupGroups = map.groups.size();
        // Autograd runs a layer's backward on its own thread, outside the forward's range: the
        // launcher spans it with a start/end range, so the exclusions reach backward kernels too.
        o.backwardRangesMap = partitionMap;
    }
    std::map<std::string, std::string> env = detail::launcherEnvironment(launcherDir, w.env);
    for (const auto &[name, value] : detail::compileEnvironment(compile, run.path()))
        env[name] = value;
    const RankContext rank = rankContextFromEnvironment();
    if (rank.distributed()) {
        // Every rank runs the same steps; ncu serialises the replayed ranks' kernels, so the others wait in
        // their collectives far longer than usual: the timeouts are raised (docs/ranks.md).
        plan.rankPart = true;
        for (const auto &[name, value] : replayRankEnvironment(request.timeout))
            env.emplace(name, value);
        for (const auto &[name, value] : detail::rankWorkloadEnvironment(rank))
            env.emplace(name, value);
        env[detail::kStageVariable] = "replay"; // the replayed and the unprofiled ranks meet in one stage
        if (std::find(request.ncuRanks.begin(), request.ncuRanks.end(), rank.rank) == request.ncuRanks.end()) {
            plan.unprofiled = true;
            plan.id = "unprofiled";
            o.mode = LauncherMode::None;
            o.statusPath = run.file("unprofiled_launcher_status.json");
            o.backwardRangesMap.clear();
            plan.stages.push_back(
                {plan.id, launcherCommand(o), env, w.workingDirectory, plan.id + ".log", {}, request.timeout});
            return plan;
        }
        // A collective's kernel replayed on one rank alone waits for peers that never replay it: ncu
        // profiles the other kernels (unless the user chose kernels).
        if (n.kernelName.empty() && n.kernelId.empty()) {
            n.kernelName = kNonCollectiveKernels;
            plan.userFilters = true; // nsys' count has the NCCL kernels: no count check
        }
    }
    if (n.sudo)
        for (const auto &[name, value] : env) // sudo may reset the environment: hand the workload's on explicitly
            n.sudoEnvironment.emplace(name, value);

    plan.stages.push_back({plan.id,
                           ncuProfileCommand(n, launcherCommand(o)),
                           env,
                           w.workingDirectory,
                           plan.id + ".log",
                           {},
                           request.timeout});
    detail::StageSpec exportStage{plan.id + "-export",
                                  ncuExportCsvCommand(plan.ncu.path, run.file(plan.id + ".ncu-rep")),
                                  {},
                                  {},
                                  plan.id + ".log",
                                  plan.id + "_raw.csv",
                                  request.timeout};
    plan.stages.push_back(std::move(exportStage));
    return plan;
}

// A rank ncu does not replay: the same steps, unprofiled, alongside the replayed ranks.
PipelineResult runUnprofiledRank(RunFolder &run, const ReplayPlan &plan, const StageCallbacks &callbacks,
                                 const Progress &progress)
{
    PipelineResult result;
    result.runDir = run.path();
    nlohmann::json &m = run.manifest();
    if (!m.contains("replays") || !m["replays"].is_array())
        m["replays"] = nlohmann::json::array();
    m["replays"].push_back({{"id", plan.id}, {"ncu", false}});
    run.save();
    const detail::StageSpec &spec = plan.stages.front();
    progress.report(0.0, ProgressStage::Step, spec.name);
    const detail::StageOutcome outcome = detail::runStage(run, spec, callbacks, progress);
    result.stages.push_back(outcome.result);
    if (!outcome.result.process.ok())
        result.problems.push_back(detail::describeFailure(run, spec, outcome));
    m["replays"].back()["result"] = result.ok() ? "ok" : "failed";
    m["replays"].back()["wall_s"] = outcome.result.wallSeconds;
    run.save();
    return result;
}

// What a distinct-launch replay profiled against its plan: the note of the saving, and a problem when
// ncu profiled other launches than the plan chose (the op_ids differ between the two runs).
void checkDistinctReplay(const DistinctLaunchPlan &d, int64_t rows, double secondsPerKernel, bool checkCounts,
                         const std::string &id, nlohmann::json &record, PipelineResult &result)
{
    const int64_t skipped = int64_t(d.kernels) - rows;
    record["kernels_skipped"] = std::max<int64_t>(0, skipped);
    std::string note = "distinct launches: ncu profiled " + std::to_string(rows) + " of " + std::to_string(d.kernels) +
                       " kernels of the captured step (" + std::to_string(d.signatures) +
                       " distinct launch signatures)";
    if (secondsPerKernel > 0 && skipped > 0) {
        const double saved = secondsPerKernel * double(skipped);
        record["distinct_estimated_saving_s"] = saved;
        note += ", about " + std::to_string(int64_t(saved + 0.5)) + " s of profiling saved at " +
                std::to_string(int64_t(secondsPerKernel * 1000 + 0.5)) + " ms per kernel";
    }
    result.notes.push_back(note);
    if (checkCounts && rows != int64_t(d.profiled))
        result.problems.push_back(
            "the two passes disagree: the plan from the nsys capture chose " + std::to_string(d.opIds.size()) +
            " operators whose " + std::to_string(d.profiled) + " launches ncu should profile, ncu profiled " +
            std::to_string(rows) + " (see the --nvtx-include filters at the top of " + id +
            ".log). The emit_nvtx op_ids differ between the two runs (data-dependent control flow, a different "
            "number of steps) or the workload launches other kernels under ncu; replay with "
            "--no-distinct-launches. Counters are still copied where the signatures match.");
}

// A replay runs the programs and environment the manifest names: a run captured elsewhere (or changed since) needs
// --trust-run.
void requireTrustedRun(const RunFolder &run, const ReplayRequest &request)
{
    const std::vector<std::string> values = untrustedRunValues(run);
    if (values.empty() || request.trustRun)
        return;
    std::string list;
    for (const std::string &v : values)
        list += "\n  " + v;
    throw ToolError("the run folder " + run.path() +
                    " was not captured here (or its manifest.json was changed since), and a "
                    "replay runs the "
                    "programs and environment its manifest names, which someone else may "
                    "have chosen:" +
                    list + "\nCheck them; then replay with --trust-run to run them as they are");
}

// The manifest's record of this replay as it starts: ncu, its options, and the plan of what it profiles.
nlohmann::json replayRecordOf(const ReplayRequest &request, const ReplayPlan &plan)
{
    const NcuOptions &n = request.ncu;
    nlohmann::json record = {{"id", plan.id},
                             {"ncu", {{"path", plan.ncu.path}, {"version", plan.ncu.version}}},
                             {"metric_set", n.metricSet},
                             {"sections", n.sections},
                             {"metrics", n.metrics},
                             {"replay_mode", n.replayMode ? std::string(toString(*n.replayMode)) : "kernel"},
                             {"dedup", !plan.excludedLabels.empty()},
                             {"dedup_groups", plan.dedupGroups},
                             {"excluded_labels", plan.excludedLabels},
                             {"distinct_launches", plan.distinct.has_value()}};
    if (!request.phase.empty())
        record["phase"] = request.phase; // one phase of a generation request (--phase)
    if (plan.distinct) {
        record["distinct_signatures"] = plan.distinct->signatures;
        record["distinct_kernels_in_capture"] = plan.distinct->kernels;
        record["distinct_kernels_planned"] = plan.distinct->profiled;
        record["distinct_operators"] = plan.distinct->opIds.size();
    } else if (!plan.distinctUnusable.empty()) {
        record["distinct_launches_unusable"] = plan.distinctUnusable;
    }
    return record;
}

// The record of the replay under way (the last of the manifest's "replays").
nlohmann::json &currentReplay(RunFolder &run)
{
    return run.manifest()["replays"].back();
}

// What nsys saw in the captured step, when ncu replays all of it (no filters of the user's, no distinct launches): how
// many kernels ncu will profile, and after the replay whether the two passes agree.
struct NsysKernels {
    std::optional<CaptureKernelCount> count;
    std::string error; // why the capture could not be counted
};
NsysKernels countNsysKernels(const RunFolder &run, const ReplayPlan &plan)
{
    NsysKernels out;
    const std::string sqlite = run.file("nsys.sqlite");
    if (plan.userFilters || plan.distinct || !fileExists(sqlite))
        return out;
    try {
        out.count = countCaptureKernels(sqlite, plan.excludedLabels);
    } catch (const FileError &e) {
        out.error = e.what();
    }
    return out;
}

// The replay's stages in order, until one fails or ncu profiles nothing; ncu's own pace (seconds per kernel, from its
// first to its last "Profiling" line) is returned and the kernels it profiled are recorded.
double runReplayStages(RunFolder &run, const ReplayPlan &plan, int64_t expectedKernels, const StageCallbacks &callbacks,
                       const Progress &progress, PipelineResult &result)
{
    // ncu's per-kernel events carry the expected total, for progress as k/N.
    StageCallbacks stageCallbacks = callbacks;
    if (expectedKernels > 0 && callbacks.onEvent)
        stageCallbacks.onEvent = [&](std::string_view stage, const ToolEvent &event) {
            if (event.kind != ToolEvent::Kind::NcuKernel || stage != plan.id)
                return callbacks.onEvent(stage, event);
            ToolEvent counted = event;
            counted.total = expectedKernels;
            callbacks.onEvent(stage, counted);
        };
    double secondsPerKernel = 0;
    for (const detail::StageSpec &spec : plan.stages) {
        progress.report(0.0, ProgressStage::Step, spec.name);
        if (spec.name == plan.id && expectedKernels > 0 && callbacks.onEvent)
            callbacks.onEvent(spec.name, {ToolEvent::Kind::ReplayKernelsExpected, 0, expectedKernels, -1.0, {}});
        detail::StageOutcome outcome = detail::runStage(run, spec, stageCallbacks, progress);
        result.stages.push_back(outcome.result);
        int64_t profiled = 0;
        if (spec.name == plan.id) {
            profiled = outcome.ncuKernels;
            if (profiled > 1)
                secondsPerKernel = (outcome.lastKernelAt - outcome.firstKernelAt) / double(profiled - 1);
            currentReplay(run)["kernels_profiled"] = profiled;
            currentReplay(run)["seconds_per_kernel"] = secondsPerKernel;
            currentReplay(run)["wall_s"] = outcome.result.wallSeconds;
        }
        if (!outcome.result.process.ok()) {
            result.problems.push_back(detail::describeFailure(run, spec, outcome));
            break;
        }
        if (spec.name == plan.id && profiled == 0) {
            // ncu exits 0 when its filters matched nothing.
            std::string problem = "ncu profiled no kernel (see " + spec.log + ")";
            for (const auto &d : outcome.diagnoses)
                problem += "\n  " + d;
            if (outcome.diagnoses.empty())
                problem +=
                    "\n  " + diagnosisFor({ToolEvent::Kind::NcuNothingProfiled, 0, 0, -1.0, "no kernel matched"});
            result.problems.push_back(problem);
            break;
        }
    }
    return secondsPerKernel;
}

// What a replay that left out duplicate layers (or none) profiled against the nsys capture's count: the note of the
// saving, and a problem when the two passes disagree.
void checkDedupReplay(const CaptureKernelCount &c, int64_t rows, double secondsPerKernel, const ReplayPlan &plan,
                      nlohmann::json &record, PipelineResult &result)
{
    const int64_t expected = c.inCapture - c.excluded;
    record["nsys_kernels_in_capture"] = c.inCapture;
    record["nsys_kernels_excluded"] = c.excluded;
    // The capture knows which forward kernels the duplicates launched, not their backward kernels (the backward ranges
    // exist in the replay only): a training step's replay skips more than the forward count, and what it skipped is the
    // difference.
    const bool backwardSkipped = c.excluded > 0 && rows < expected && rows > 0;
    const int64_t skipped = backwardSkipped ? c.inCapture - rows : c.excluded;
    record["kernels_skipped"] = skipped;
    if (skipped > 0) {
        std::string note = "dedup: ncu skipped " + std::to_string(skipped) + " of " + std::to_string(c.inCapture) +
                           " kernels (" + std::to_string(plan.dedupGroups) +
                           (plan.dedupGroups == 1 ? " group" : " groups") + " of identical layers" +
                           (backwardSkipped ? ", forward and backward" : "") + ")";
        if (secondsPerKernel > 0) {
            const double saved = secondsPerKernel * double(skipped);
            record["dedup_estimated_saving_s"] = saved;
            note += ", about " + std::to_string(int64_t(saved + 0.5)) + " s of profiling at " +
                    std::to_string(int64_t(secondsPerKernel * 1000 + 0.5)) + " ms per kernel";
        }
        result.notes.push_back(note);
    }
    if (c.inCapture > 0 && rows != expected && !backwardSkipped) {
        result.problems.push_back(
            "the two passes disagree: nsys saw " + std::to_string(c.inCapture) + " kernels in the captured step" +
            (c.excluded ? " (" + std::to_string(expected) + " once the duplicate layers are left out)" : "") +
            ", ncu profiled " + std::to_string(rows) + ". " +
            (c.excluded > 0 && rows == c.inCapture
                 ? std::string("ncu's NVTX exclusions of the duplicate layers "
                               "matched nothing (see the "
                               "filters at the top of " +
                               plan.id + ".log); replay with --no-dedup. ")
                 : std::string("The workload does not launch the same kernels in every run "
                               "(data-dependent shapes or control flow, cudnn.benchmark or "
                               "autotuning, a "
                               "different number of warm-up steps), or ncu's filters "
                               "selected other "
                               "kernels than nsys' CAPTURE range. ")) +
            "Counters are still matched by kernel name where they can be.");
    }
}

// A replay that profiled and exported: its CSV kept (the report too with --keep-report), its rows checked against the
// plan and the capture, and the run imported again (a rank's part with the whole job).
void finishReplay(RunFolder &run, const ReplayRequest &request, const ReplayPlan &plan, const NsysKernels &nsys,
                  double secondsPerKernel, const Progress &progress, PipelineResult &result)
{
    nlohmann::json &m = run.manifest();
    const std::string csv = plan.id + "_raw.csv";
    m["outputs"]["ncu_csv"] = csv;
    currentReplay(run)["csv"] = csv;
    if (request.keepReport) {
        m["outputs"]["ncu_rep"] = plan.id + ".ncu-rep";
    } else {
        std::error_code ec; // large (140 MB for 192 kernels with --set roofline): the CSV has the counters
        std::filesystem::remove(run.file(plan.id + ".ncu-rep"), ec);
    }
    try {
        const int64_t rows = countNcuCsvKernels(run.file(csv));
        currentReplay(run)["ncu_rows"] = rows;
        m["counts"]["ncu_rows"] = rows;
        if (plan.distinct)
            checkDistinctReplay(*plan.distinct, rows, secondsPerKernel, request.checkCounts, plan.id,
                                currentReplay(run), result);
        if (request.checkCounts && !nsys.error.empty())
            result.problems.push_back(nsys.error);
        if (request.checkCounts && nsys.count)
            checkDedupReplay(*nsys.count, rows, secondsPerKernel, plan, currentReplay(run), result);
    } catch (const FileError &e) {
        result.problems.push_back(e.what());
    }
    // Imported even when the counts disagree: the profile shows what could be matched. A rank's part is imported with
    // the whole job.
    if (!plan.rankPart)
        try {
            progress.report(0.0, ProgressStage::Step, "import");
            result.profilePath = detail::importRunFolder(run, progress);
        } catch (const FileError &e) {
            result.problems.push_back(std::string("the replay finished, but importing it failed: ") + e.what());
        }
}

} // namespace

std::vector<PlannedCommand> planReplay(const ReplayRequest &request)
{
    const RunFolder run = RunFolder::open(request.run);
    const ReplayPlan plan = makePlan(request, run);
    std::vector<PlannedCommand> out;
    for (const auto &s : plan.stages)
        out.push_back({s.name, s.argv, s.env, s.stdoutFile.empty() ? std::string() : run.file(s.stdoutFile)});
    return out;
}

std::vector<std::string> replayValuesToConfirm(const ReplayRequest &request)
{
    return untrustedRunValues(RunFolder::open(request.run));
}

PipelineResult runReplay(const ReplayRequest &request, const StageCallbacks &callbacks, const Progress &progress)
{
    RunFolder run = RunFolder::open(request.run);
    requireWorkloadScript(run);
    requireTrustedRun(run, request);
    const ReplayPlan plan = makePlan(request, run);
    if (plan.unprofiled)
        return runUnprofiledRank(run, plan, callbacks, progress);
    PipelineResult result;
    result.runDir = run.path();
    nlohmann::json &m = run.manifest();
    m["tools"]["ncu"] = {{"path", plan.ncu.path}, {"version", plan.ncu.version}};
    if (!m.contains("replays") || !m["replays"].is_array())
        m["replays"] = nlohmann::json::array();
    m["replays"].push_back(replayRecordOf(request, plan));
    run.save();

    const auto started = std::chrono::steady_clock::now();
    if (!plan.distinctUnusable.empty())
        result.notes.push_back(
            "distinct launches not used (" + plan.distinctUnusable + ")" +
            (plan.excludedLabels.empty() ? "" : ": one layer per group of identical layers instead"));
    const NsysKernels nsys = countNsysKernels(run, plan);
    const int64_t expectedKernels = plan.distinct ? int64_t(plan.distinct->profiled)
                                    : nsys.count  ? std::max<int64_t>(0, nsys.count->inCapture - nsys.count->excluded)
                                                  : 0;
    double secondsPerKernel = 0;
    try {
        secondsPerKernel = runReplayStages(run, plan, expectedKernels, callbacks, progress, result);
    } catch (const Cancelled &) {
        currentReplay(run)["result"] = "cancelled";
        run.save();
        throw;
    }
    if (result.ok()) // profiled and exported
        finishReplay(run, request, plan, nsys, secondsPerKernel, progress, result);
    currentReplay(run)["result"] = result.ok() ? "ok" : "failed";
    if (!result.problems.empty())
        currentReplay(run)["problems"] = result.problems;
    currentReplay(run)["total_wall_s"] =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    run.save();
    return result;
}

} // namespace opscope::pipeline
