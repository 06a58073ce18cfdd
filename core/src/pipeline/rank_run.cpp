// Distributed captures (docs/ranks.md): every rank is a capture of its own (`opscope-cli capture` as a
// torchrun worker or an srun task) writing its part <run>/rank<R>.local<L>.<host>/ of the job's run
// folder; the job's import turns the parts into one profile with ranks.
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

std::string textOf(const nlohmann::json &object, const char *key)
{
    return object.is_object() && object.contains(key) && object[key].is_string() ? object[key].get<std::string>()
                                                                                 : std::string();
}

int intOf(const nlohmann::json &object, const char *key, int fallback = -1)
{
    return object.is_object() && object.contains(key) && object[key].is_number_integer() ? object[key].get<int>()
                                                                                         : fallback;
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
        progress.report(0.0, "import");
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
        progress.report(0.0, stage.name);
        const StageOutcome outcome = runStage(run, stage, callbacks, progress);
        result.stages.push_back(outcome.result);
        if (!outcome.result.process.ok())
            result.problems.push_back(describeFailure(run, stage, outcome));
        if (capture.importProfile && !rankParts(run.path()).empty()) {
            // Imported even when a rank failed: the others are kept, the failed one named.
            progress.report(0.0, "import");
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
    m["result"] = result.ok() ? "ok" : "failed";
    if (!result.problems.empty())
        m["problems"] = result.problems;
    m["wall_s"] = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    run.save();
    return result;
}

std::string importRankRun(RunFolder &run, const std::vector<std::string> &parts, const Progress &progress)
{
    nlohmann::json &m = run.manifest();
    const nlohmann::json ranksRecord = m.contains("ranks") ? m["ranks"] : nlohmann::json::object();
    struct Part {
        std::string path;
        nlohmann::json manifest;
        int rank = -1;
        std::string trace, correlationTrace, nsysSqlite; // its outputs, resolved inside it (RunFolder::output)
    };
    std::vector<Part> read;
    std::vector<std::string> warnings;
    std::map<std::string, int> runIds, worldSizes;
    for (const std::string &path : parts) {
        try {
            RunFolder p = RunFolder::open(path);
            Part part{path,
                      p.manifest(),
                      intOf(p.manifest()["rank"], "rank"),
                      p.output("trace"),
                      p.output("correlation_trace"),
                      p.output("nsys_sqlite")};
            ++runIds[textOf(part.manifest["rank"], "run_id")];
            ++worldSizes[std::to_string(intOf(part.manifest["rank"], "world_size"))];
            read.push_back(std::move(part));
        } catch (const FileError &e) {
            warnings.push_back(std::string(e.what()) + ": rank left out");
        }
    }
    // The job's run id and world size: the launcher's when it said, else the most common among parts.
    const auto mostCommon = [](const std::map<std::string, int> &counts) {
        std::string best;
        int n = 0;
        for (const auto &[value, count] : counts)
            if (count > n)
                best = value, n = count;
        return best;
    };
    // A tie (two ranks, two run ids) goes to the lowest rank's: rank 0 is the job's reference.
    std::string lowestRankRunId;
    int lowestRank = INT_MAX;
    for (const Part &part : read)
        if (part.rank >= 0 && part.rank < lowestRank)
            lowestRank = part.rank, lowestRankRunId = textOf(part.manifest["rank"], "run_id");
    std::string runId = textOf(ranksRecord, "run_id");
    if (runId.empty()) {
        runId = mostCommon(runIds);
        if (runIds.count(lowestRankRunId) && runIds[lowestRankRunId] == runIds[runId])
            runId = lowestRankRunId;
    }
    int worldSize = intOf(ranksRecord, "world_size");
    if (worldSize < 1)
        worldSize = std::atoi(mostCommon(worldSizes).c_str());

    std::vector<std::string> traces, nsysCaptures;
    std::set<int> ranks;
    std::map<int, int64_t> stepsCaptured;
    std::vector<std::pair<int, std::string>> ownProfiles; // a GPU rank's own profile (its part's nsys capture)
    for (const Part &part : read) {
        const std::string manifest = part.path + "/manifest.json";
        const nlohmann::json &rank = part.manifest["rank"];
        const std::string id = textOf(rank, "run_id");
        if (id != runId) {
            warnings.push_back(manifest + ": left out: rank " + std::to_string(part.rank) + " of another run (run id " +
                               (id.empty() ? "none" : id) + "; this run's is " + (runId.empty() ? "none" : runId) +
                               ")");
            continue;
        }
        if (intOf(rank, "world_size") != worldSize) {
            warnings.push_back(manifest + ": left out: rank " + std::to_string(part.rank) + " of a job of " +
                               std::to_string(intOf(rank, "world_size")) + " ranks; this run has " +
                               std::to_string(worldSize));
            continue;
        }
        const std::string result = textOf(part.manifest, "result");
        if (result != "ok")
            warnings.push_back(manifest + ": rank " + std::to_string(part.rank) + "'s capture " +
                               (result.empty() ? std::string("did not finish") : "ended " + result) +
                               " (see the logs in its folder); what it wrote is kept");
        std::string trace = part.trace;
        if (!textOf(part.manifest["outputs"], "nsys_sqlite").empty()) {
            // A GPU rank: its own profile (timeline, attribution, counters where ncu replayed it) in its
            // part; its correlation trace (torch.profiler: collectives, operators) joins the job's.
            try {
                RunFolder p = RunFolder::open(part.path);
                ownProfiles.emplace_back(part.rank, importRunFolder(p, progress));
            } catch (const FileError &e) {
                warnings.push_back(std::string(e.what()) + " (rank " + std::to_string(part.rank) + "'s own profile)");
            }
            trace = part.correlationTrace;
        }
        if (trace.empty()) {
            warnings.push_back(manifest + ": left out: rank " + std::to_string(part.rank) +
                               " wrote no trace (see the logs in its folder)");
            continue;
        }
        traces.push_back(trace);
        if (!part.nsysSqlite.empty()) // only the ranks kept
            nsysCaptures.push_back(part.nsysSqlite);
        ranks.insert(part.rank);
        if (part.manifest.contains("counts") && part.manifest["counts"].contains("steps_captured"))
            stepsCaptured[part.rank] = part.manifest["counts"].value("steps_captured", int64_t(0));
    }
    for (int r = 0; r < worldSize; ++r)
        if (!read.empty() && !ranks.count(r) &&
            std::none_of(read.begin(), read.end(), [&](const Part &p) { return p.rank == r; }))
            warnings.push_back(run.path() + ": rank " + std::to_string(r) + " of " + std::to_string(worldSize) +
                               " wrote no part (rank" + std::to_string(r) + ".*)");
    if (traces.empty())
        throw FileError(run.path(), "no rank's part has a trace to import" +
                                        (warnings.empty() ? std::string() : ": " + warnings.front()));
    // The warm-up and capture are counted in steps on every rank: the same steps, unless a rank stopped early.
    std::set<int64_t> distinctSteps;
    for (const auto &[rank, steps] : stepsCaptured)
        distinctSteps.insert(steps);
    if (distinctSteps.size() > 1) {
        std::string list;
        for (const auto &[rank, steps] : stepsCaptured)
            list += (list.empty() ? "" : ", ") + ("rank " + std::to_string(rank) + ": " + std::to_string(steps));
        warnings.push_back("the ranks captured different numbers of steps (" + list + ")");
    }

    Profile profile = importCapture(traces, {}, progress);
    if (ranks.size() == 1 && ranksOf(profile).empty()) {
        // One rank left of the job: a rank still (importCapture merges ranks from two traces on).
        const int rank = *ranks.begin();
        for (Thread &t : profile.threads)
            t.rank = rank;
        for (Device &d : profile.devices)
            d.rank = rank;
        profile.setMetadata("ranks", std::to_string(rank));
        profile.setMetadata("rank_files", traces.front());
    }
    // A replayed rank's counters are in its own profile: onto its kernels here too, so the job's profile
    // has the counters of every rank ncu replayed.
    for (const auto &[rank, path] : ownProfiles) {
        if (!ranks.contains(rank))
            continue;
        try {
            const RankCounterCopy copy = copyRankCounters(profile, rank, loadProfile(path));
            if (copy.kernels > 0)
                m["counts"]["rank_counters_copied." + std::to_string(rank)] = copy.kernels;
            if (copy.kernels > 0 && copy.namesLeftOut > 0)
                warnings.push_back("rank " + std::to_string(rank) +
                                   "'s ncu counters: " + std::to_string(copy.kernelsLeftOut) + " kernels of " +
                                   std::to_string(copy.namesLeftOut) +
                                   " names left without them (launched a different number of times in its "
                                   "torch.profiler trace and its nsys capture)");
        } catch (const FileError &e) {
            warnings.push_back(std::string(e.what()) + " (rank " + std::to_string(rank) + "'s counters)");
        }
    }
    profile.warnings.insert(profile.warnings.begin(), warnings.begin(), warnings.end());
    const nlohmann::json &workload = m["workload"];
    profile.setMetadata("model_name", fileBaseName(textOf(workload, "script")));
    if (m.contains("capture") && m["capture"].is_object())
        profile.setMetadata("capture_tool", m["capture"].value("tool", ""));
    profile.setMetadata("opscope_run", run.path());
    profile.setMetadata("rank_engine", textOf(ranksRecord, "engine"));
    if (nsysCaptures.size() >= 2) {
        // The ranks' figures here are of the step under torch.profiler; each rank's plain step is in its
        // nsys capture, where `opscope ranks` reads them (kRankCapturesKey, docs/ranks.md).
        std::string list;
        for (const std::string &path : nsysCaptures)
            list += (list.empty() ? "" : "\n") + path;
        profile.setMetadata(std::string(kRankCapturesKey), list);
    }
    if (!ranksRecord.contains("world_size") && worldSize > 0)
        m["ranks"]["world_size"] = worldSize;
    const std::string name = run.name() + ".opscope";
    saveProfile(profile, run.file(name));
    m["outputs"]["profile"] = name;
    m["counts"]["ranks_imported"] = ranks.size();
    m["counts"]["ranks_expected"] = worldSize;
    m["counts"]["profile_warnings"] = profile.warnings.size();
    run.save();
    return run.file(name);
}

} // namespace opscope::pipeline::detail

namespace opscope::pipeline {

std::vector<PlannedCommand> planRanks(const CaptureRequest &capture, const std::optional<ReplayRequest> &replay)
{
    return detail::planLaunchedRanks(capture, replay);
}

} // namespace opscope::pipeline
