// Distributed captures (docs/ranks.md): every rank is a capture of its own (`opscope-cli capture` as a
// torchrun worker or an srun task) writing its part <run>/rank<R>.local<L>.<host>/ of the job's run
// folder; the job's import (rank_import.cpp) turns the parts into one profile with ranks.
#include "pipeline/stages.h"

#include "opscope/capture_import.h"
#include "opscope/errors.h"
#include "opscope/file_util.h"
#include "opscope/profile_store.h"
#include "opscope/ranks.h"
#include "opscope/remote.h"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstring>
#include <filesystem>
#include <map>
#include <set>
#include <sys/stat.h>
#include <thread>

namespace opscope::pipeline::detail {

namespace {

namespace fs = std::filesystem;

std::string jobRunName(const CaptureRequest &request, const std::string &script, const RankContext &rank)
{
    if (!request.name.empty())
        return request.name;
    if (rank.runId.empty())
        throw ToolError("rank " + std::to_string(rank.rank) + " of " + std::to_string(rank.worldSize) +
                        ": give --name NAME, so that every rank writes into the same run folder (" + rank.engine +
                        " gives no run id to name it by)");
    std::string base = fileBaseName(script);
    return (base.empty() ? std::string("run") : base) + "-" + rank.runId;
}

// The worker every rank runs: `opscope-cli capture|profile` with the request's options, into the
// job's run folder, never importing (the job is imported once, by whoever launched it).
Argv workerCommand(const CaptureRequest &capture, const std::optional<ReplayRequest> &replay, const std::string &outDir,
                   const std::string &name)
{
    CaptureRequest worker = capture;
    worker.nprocPerNode = 0;
    worker.srunArgs.reset();
    worker.outDir = outDir;
    worker.name = name;
    worker.importProfile = false;
    Argv argv = {remote::findCopyableCli(), replay ? "profile" : "capture"};
    const Argv rest = replay ? profileCliArguments(worker, *replay) : captureCliArguments(worker);
    argv.insert(argv.end(), rest.begin(), rest.end());
    return argv;
}

StageSpec launchStage(const CaptureRequest &capture, const std::optional<ReplayRequest> &replay,
                      const std::string &outDir, const std::string &name)
{
    const Argv worker = workerCommand(capture, replay, outDir, name);
    if (capture.nprocPerNode > 0) {
        const std::string python = findPython(capture.workload.python);
        if (python.empty())
            throw ToolError("no Python interpreter was found to run torchrun; pass --python PATH");
        // PYTHONPATH for opscope_torchrun (beside the launcher); the workers set their own.
        return {"torchrun",
                torchrunCommand(python, capture.nprocPerNode, worker),
                launcherEnvironment(findLauncherDir(), {}),
                capture.workload.workingDirectory,
                "torchrun.log",
                {},
                capture.timeout};
    }
    return {"srun",
            srunCommand("srun", *capture.srunArgs, worker),
            {},
            capture.workload.workingDirectory,
            "srun.log",
            {},
            capture.timeout};
}

} // namespace

nlohmann::json rankRecord(const RankContext &rank)
{
    return {{"rank", rank.rank},      {"local_rank", rank.localRank}, {"world_size", rank.worldSize},
            {"host", rank.host},      {"engine", rank.engine},        {"run_id", rank.runId},
            {"part", rank.partName()}};
}

std::map<std::string, std::string> rankWorkloadEnvironment(const RankContext &rank)
{
    std::string master;
    const char *nodes = std::getenv("SLURM_STEP_NUM_NODES");
    const char *nodeList = std::getenv("SLURM_STEP_NODELIST");
    if (rank.engine == "slurm" && !std::getenv("MASTER_ADDR") && nodes && std::string_view(nodes) != "1" && nodeList) {
        // The step's first node hosts the rendezvous: `scontrol show hostnames` expands "node[01-04]".
        ProcessSpec spec;
        spec.argv = {"scontrol", "show", "hostnames", nodeList};
        spec.timeout = std::chrono::milliseconds(30000);
        const ProcessResult r = runProcess(spec);
        if (r.ok())
            master = r.output.substr(0, r.output.find('\n'));
    }
    return slurmTorchEnvironment(rank, {}, master);
}

RunFolder createRankPart(const CaptureRequest &request, const std::string &script, const RankContext &rank)
{
    const std::string top = (fs::absolute(request.outDir) / jobRunName(request, script, rank)).lexically_normal();
    std::error_code ec;
    fs::create_directories(top, ec); // shared by the ranks: whoever comes first makes it
    if (ec)
        throw FileError(top, "cannot create the run folder: " + ec.message());
    // The job's manifest: made once, by whichever rank gets there first (an exclusive mkdir decides),
    // unless the launching opscope made it (it holds the lock).
    const std::string manifest = top + "/manifest.json";
    if (::mkdir((top + "/.manifest.lock").c_str(), 0777) == 0 && !fileExists(manifest)) {
        RunFolder job = RunFolder::createExactly(top + "/.manifest.new");
        nlohmann::json &m = job.manifest();
        m["name"] = fs::path(top).filename().string();
        m["workload"] = {{"script", script}, {"args", request.workload.args}};
        m["capture"] = {{"tool", std::string(toString(request.tool))}};
        m["ranks"] = {{"engine", rank.engine}, {"world_size", rank.worldSize}, {"run_id", rank.runId}};
        job.save();
        fs::rename(job.file("manifest.json"), manifest, ec);
        fs::remove(job.path(), ec);
    }
    try {
        RunFolder part = RunFolder::createExactly(top + "/" + rank.partName());
        part.manifest()["rank"] = rankRecord(rank);
        part.save();
        return part;
    } catch (const FileError &e) {
        throw FileError(top + "/" + rank.partName(), "rank " + std::to_string(rank.rank) + "'s part cannot be made (" +
                                                         e.what() +
                                                         "): another run of the same name? Give --name a new name");
    }
}

void importWhenRanksDone(PipelineResult &result, const RankContext &rank,
                         const std::optional<std::chrono::milliseconds> &timeout, const Progress &progress)
{
    const std::string top = fs::path(result.runDir).parent_path().string();
    const auto limit = std::chrono::steady_clock::now() + timeout.value_or(std::chrono::minutes(10));
    progress.report(0.0, "waiting for the other ranks");
    for (;;) {
        size_t done = 0;
        for (const std::string &part : rankParts(top)) {
            try {
                done += RunFolder::open(part).manifest().contains("result");
            } catch (const FileError &) {
            }
        }
        if (done >= size_t(rank.worldSize) || std::chrono::steady_clock::now() > limit)
            break;
        progress.checkCancel();
        std::this_thread::sleep_for(std::chrono::milliseconds(500));
    }
    try {
        progress.report(0.0, ProgressStage::Step, "import");
        RunFolder job = RunFolder::open(top);
        result.runDir = job.path();
        result.profilePath = importRunFolder(job, progress);
    } catch (const FileError &e) {
        result.problems.push_back(std::string("the ranks finished, but importing them failed: ") + e.what());
    }
}

std::vector<PlannedCommand> planLaunchedRanks(const CaptureRequest &capture, const std::optional<ReplayRequest> &replay)
{
    const std::string name = capture.name.empty() ? defaultRunName(resolveScript(capture.workload)) : capture.name;
    const StageSpec stage = launchStage(capture, replay, fs::absolute(capture.outDir).lexically_normal(), name);
    return {{stage.name, stage.argv, stage.env, {}}};
}

PipelineResult runLaunchedRanks(const CaptureRequest &capture, const std::optional<ReplayRequest> &replay,
                                const StageCallbacks &callbacks, const Progress &progress)
{
    if (replay)
        requireNcu(replay->ncuPath); // before a long capture, not after it
    const std::string script = resolveScript(capture.workload);
    RunFolder run = RunFolder::create(capture.outDir, capture.name.empty() ? defaultRunName(script) : capture.name);
    const StageSpec stage = launchStage(capture, replay, fs::path(run.path()).parent_path().string(), run.name());
    PipelineResult result;
    result.runDir = run.path();
    nlohmann::json &m = run.manifest();
    m["workload"] = {{"script", script},
                     {"args", capture.workload.args},
                     {"working_directory", capture.workload.workingDirectory},
                     {"env", capture.workload.env}};
    m["capture"] = {{"tool", std::string(toString(capture.tool))},
                    {"warmup", capture.warmup},
                    {"steps", capture.steps},
                    {"step", capture.stepSource}};
    m["ranks"] = {{"engine", capture.nprocPerNode > 0 ? "torchrun" : "slurm"}};
    if (capture.nprocPerNode > 0)
        m["ranks"]["world_size"] = capture.nprocPerNode;
    else
        m["ranks"]["srun_args"] = *capture.srunArgs;
    if (replay)
        m["ranks"]["ncu_ranks"] = replay->ncuRanks;
    run.save();
    ::mkdir(run.file(".manifest.lock").c_str(), 0777); // the ranks leave this manifest alone

    const auto started = std::chrono::steady_clock::now();
    try {
        progress.report(0.0, ProgressStage::Step, stage.name);
        const StageOutcome outcome = runStage(run, stage, callbacks, progress);
        result.stages.push_back(outcome.result);
        if (!outcome.result.process.ok())
            result.problems.push_back(describeFailure(run, stage, outcome));
        if (capture.importProfile && !rankParts(run.path()).empty()) {
            // Imported even when a rank failed: the others are kept, the failed one named.
            progress.report(0.0, ProgressStage::Step, "import");
            try {
                result.profilePath = importRunFolder(run, progress);
            } catch (const FileError &e) {
                result.problems.push_back(std::string("importing the ranks failed: ") + e.what());
            }
        } else if (rankParts(run.path()).empty()) {
            result.problems.push_back("no rank wrote its part of " + run.path() + " (see " + stage.log + ")");
        }
    } catch (const Cancelled &) {
        m["result"] = "cancelled";
        run.save();
        throw;
    }
    recordRunResult(run, result, started);
    return result;
}

} // namespace opscope::pipeline::detail

namespace opscope::pipeline {

std::vector<PlannedCommand> planRanks(const CaptureRequest &capture, const std::optional<ReplayRequest> &replay)
{
    return detail::planLaunchedRanks(capture, replay);
}

} // namespace opscope::pipeline
