// The capture: the workload under the launcher, under nsys (GPU) or torch.profiler (correlation pass,
// CPU-only machines), into a new run folder; then the import into <run>.opscope.
#include "pipeline/stages.h"

#include "opscope/errors.h"
#include "opscope/file_util.h"

#include <filesystem>

namespace opscope::pipeline {

std::string_view toString(CaptureTool tool)
{
    switch (tool) {
    case CaptureTool::Auto:
        return "auto";
    case CaptureTool::Nsys:
        return "nsys";
    case CaptureTool::Torch:
        return "torch";
    case CaptureTool::Cpu:
        return "cpu";
    }
    return "auto";
}

std::optional<CaptureTool> parseCaptureTool(std::string_view text)
{
    for (CaptureTool tool : {CaptureTool::Auto, CaptureTool::Nsys, CaptureTool::Torch, CaptureTool::Cpu})
        if (text == toString(tool))
            return tool;
    return std::nullopt;
}

bool isStepSource(std::string_view text)
{
    if (text == "auto" || text == "module" || text == "marker" || text == "generate")
        return true;
    for (std::string_view prefix : {"function:", "generate:"})
        if (text.starts_with(prefix) && text.size() > prefix.size())
            return true;
    return false;
}

namespace {

struct Resolved {
    std::string python;
    std::string launcherDir;
    std::string script;
    CaptureTool tool = CaptureTool::Torch;
    ToolInfo nsys;
    bool correlation = false;
    std::string traceSuffix; // ".rank3" in a rank's part: the merged import reads the rank from the file name
};

Resolved resolve(const CaptureRequest &r, const RankContext &rank = {})
{
    Resolved res;
    if (rank.distributed())
        res.traceSuffix = ".rank" + std::to_string(rank.rank);
    res.script = detail::resolveScript(r.workload);
    res.python = findPython(r.workload.python);
    if (res.python.empty())
        throw ToolError(r.workload.python.empty()
                            ? "no Python interpreter was found (python3, python, /usr/bin/python3); pass --python PATH"
                            : "--python " + r.workload.python + ": not an executable program");
    res.launcherDir = findLauncherDir();
    res.tool = r.tool;
    if (r.tool == CaptureTool::Auto) {
        res.nsys = findNsys(r.nsysPath);
        res.tool = res.nsys.found() ? CaptureTool::Nsys : CaptureTool::Torch;
    } else if (r.tool == CaptureTool::Nsys) {
        res.nsys = requireNsys(r.nsysPath);
    }
    // The correlation pass is a torch.profiler run beside nsys (both cannot hold CUPTI at once);
    // a torch/cpu capture is a torch.profiler trace already.
    res.correlation = res.tool == CaptureTool::Nsys && r.correlationPass.value_or(true);
    return res;
}

std::vector<detail::StageSpec> captureStages(const CaptureRequest &r, const Resolved &res, const std::string &runDir)
{
    const auto file = [&](const std::string &name) { return runDir + "/" + name; };
    const std::string trace = "trace" + res.traceSuffix + ".json";
    const std::string correlationTrace = "correlation_trace" + res.traceSuffix + ".json";
    LauncherOptions base;
    base.python = res.python;
    base.warmup = r.warmup;
    base.referenceSteps = r.referenceSteps; // the correlation pass too: the same steps as the capture
    base.referenceSeconds = r.referenceSeconds == CaptureRequest().referenceSeconds ? -1 : r.referenceSeconds;
    base.steps = r.steps;
    base.stepSource = r.stepSource;
    base.compile = r.compile;
    base.fixes = r.fixes;
    base.script = res.script;
    base.scriptArgs = r.workload.args;
    std::map<std::string, std::string> env = detail::launcherEnvironment(res.launcherDir, r.workload.env);
    for (const auto &[name, value] : detail::compileEnvironment(r.compile, runDir))
        env[name] = value;

    std::vector<detail::StageSpec> stages;
    if (res.correlation) {
        LauncherOptions o = base;
        o.mode = LauncherMode::Torch;
        o.tracePath = file(correlationTrace);
        o.statusPath = file("correlation_status.json");
        stages.push_back(
            {"correlation", launcherCommand(o), env, r.workload.workingDirectory, "correlation.log", {}, r.timeout});
    }
    if (res.tool == CaptureTool::Nsys) {
        LauncherOptions o = base;
        o.mode = LauncherMode::Nvtx;
        o.statusPath = file("launcher_status.json");
        // The plain step's time comes from the correlation pass (no nsys): no more plain steps in the trace.
        if (res.correlation)
            o.referenceSeconds = 0;
        if (r.partitionMap)
            o.partitionMapPath = file("partition_map.json");
        NsysOptions n;
        n.nsys = res.nsys.path;
        n.output = file("nsys");
        n.trace = r.nsysTrace;
        n.captureRange = r.nsysCaptureRange;
        // Kernels replayed from CUDA graphs (torch.compile's, or the script's own torch.cuda.graph), each
        // as its own event with its graph node and the node's creation at capture (nsys's default shows
        // one event per graph launch, which no operator can be given). Graph launches only: the rest of
        // the trace is unchanged.
        n.extraArgs.push_back("--cuda-graph-trace=node");
        if (r.nsysCudaMemoryUsage) // CUDA_GPU_MEMORY_USAGE_EVENTS: segment samples (nsys_memory_usage.cpp)
            n.extraArgs.push_back("--cuda-memory-usage=true");
        std::map<std::string, std::string> nsysEnv = env;
        for (const auto &[name, value] : nsysEnvironment(n))
            nsysEnv[name] = value;
        stages.push_back({"nsys",
                          nsysProfileCommand(n, launcherCommand(o)),
                          nsysEnv,
                          r.workload.workingDirectory,
                          "nsys.log",
                          {},
                          r.timeout});
        stages.push_back({"nsys-export",
                          nsysExportCommand(res.nsys.path, file("nsys.nsys-rep"), file("nsys.sqlite")),
                          {},
                          {},
                          "nsys.log",
                          {},
                          r.timeout});
    } else {
        LauncherOptions o = base;
        o.mode = res.tool == CaptureTool::Cpu ? LauncherMode::Cpu : LauncherMode::Torch;
        o.tracePath = file(trace);
        o.statusPath = file("launcher_status.json");
        if (r.partitionMap)
            o.partitionMapPath = file("partition_map.json");
        stages.push_back(
            {"capture", launcherCommand(o), env, r.workload.workingDirectory, "launcher.log", {}, r.timeout});
    }
    return stages;
}

// Records what a finished stage wrote; returns a problem when an expected output is missing.
std::string recordOutputs(RunFolder &run, const std::string &stage, const Resolved &res)
{
    nlohmann::json &outputs = run.manifest()["outputs"];
    const auto note = [&](const char *key, const std::string &name) {
        if (fileExists(run.file(name)))
            outputs[key] = name;
        return fileExists(run.file(name));
    };
    const std::string trace = "trace" + res.traceSuffix + ".json";
    if (stage == "correlation") {
        note("correlation_trace", "correlation_trace" + res.traceSuffix + ".json");
        // The correlation pass's tensor inventory: the memory events carried from its trace are of its run.
        note("memory_tensors", "memory_tensors.json");
        run.manifest()["correlation"] = detail::readJsonFile(run.file("correlation_status.json"));
    } else if (stage == "nsys" || stage == "capture") {
        note("partition_map", "partition_map.json");
        note("launcher_status", "launcher_status.json");
        if (stage == "capture") {                            // docs/memory.md
            note("memory_snapshot", "memory_snapshot.json"); // on CUDA
            note("memory_tensors", "memory_tensors.json");
        }
        if (stage == "capture" && !note("trace", trace))
            return "the launcher wrote no trace (" + trace + "): see launcher.log";
        if (stage == "nsys" && !note("nsys_rep", "nsys.nsys-rep"))
            return "nsys wrote no report (nsys.nsys-rep). If a large .qdstrm file was left instead, nsys could "
                   "not load its report importer (on some machines libdw.so.1 and libelf.so.1 are missing: "
                   "install libdw1 and libelf1, or put them on LD_LIBRARY_PATH). See nsys.log.";
    } else if (stage == "nsys-export") {
        if (!note("nsys_sqlite", "nsys.sqlite"))
            return "nsys export wrote no nsys.sqlite: see nsys.log";
    }
    return {};
}

void recordLauncherStatus(RunFolder &run)
{
    nlohmann::json status = detail::readJsonFile(run.file("launcher_status.json"));
    if (status.is_null())
        return;
    nlohmann::json &m = run.manifest();
    m["launcher"] = status;
    m["tools"]["torch"] = status.value("torch", "");
    if (status.contains("device_name") && status["device_name"].is_string())
        m["gpu"] = {{"name", status["device_name"]}};
    m["counts"]["steps_captured"] = status.value("steps_captured", 0);
    m["counts"]["modules_called"] = status.contains("modules") ? status["modules"].size() : 0;
    m["counts"]["layer_groups"] = status.value("groups", 0);
}

} // namespace

std::vector<PlannedCommand> planCapture(const CaptureRequest &request)
{
    if (request.nprocPerNode > 0 || request.srunArgs)
        return detail::planLaunchedRanks(request, std::nullopt);
    const Resolved res = resolve(request);
    const std::string name = request.name.empty() ? defaultRunName(res.script) : request.name;
    std::error_code ec;
    const std::string runDir = (std::filesystem::absolute(request.outDir, ec) / name).lexically_normal().string();
    std::vector<PlannedCommand> plan;
    for (const auto &s : captureStages(request, res, runDir))
        plan.push_back({s.name, s.argv, s.env, s.stdoutFile});
    return plan;
}

PipelineResult runCapture(const CaptureRequest &request, const StageCallbacks &callbacks, const Progress &progress)
{
    if (request.nprocPerNode > 0 || request.srunArgs)
        return detail::runLaunchedRanks(request, std::nullopt, callbacks, progress);
    const RankContext rank = rankContextFromEnvironment();
    const Resolved res = resolve(request, rank);
    // A rank of a distributed job writes its part of the job's run folder (ranks.h).
    RunFolder run =
        rank.distributed()
            ? detail::createRankPart(request, res.script, rank)
            : RunFolder::create(request.outDir, request.name.empty() ? defaultRunName(res.script) : request.name);
    PipelineResult result;
    result.runDir = run.path();
    nlohmann::json &m = run.manifest();
    m["workload"] = {{"script", res.script},
                     {"args", request.workload.args},
                     {"working_directory", request.workload.workingDirectory},
                     {"python", res.python},
                     {"env", request.workload.env}};
    m["capture"] = {{"tool", std::string(toString(res.tool))},
                    {"warmup", request.warmup},
                    {"reference_steps", request.referenceSteps},
                    {"reference_seconds", request.referenceSeconds},
                    {"steps", request.steps},
                    {"step", request.stepSource},
                    {"compile", request.compile},
                    {"fixes", request.fixes},
                    {"correlation_pass", res.correlation},
                    {"partition_map", request.partitionMap},
                    {"nsys_capture_range", request.nsysCaptureRange},
                    {"nsys_cuda_memory_usage", request.nsysCudaMemoryUsage},
                    {"nsys_trace", request.nsysTrace}};
    m["tools"] = {{"python", res.python}, {"launcher_dir", res.launcherDir}};
    std::map<std::string, std::string> rankEnv; // torch.distributed's env:// variables an srun task lacks
    if (rank.distributed()) {
        m["rank"] = detail::rankRecord(rank);
        rankEnv = detail::rankWorkloadEnvironment(rank);
    }
    if (res.nsys.found())
        m["tools"]["nsys"] = {{"path", res.nsys.path}, {"version", res.nsys.version}};
    m["replays"] = nlohmann::json::array();
    run.save();
    recordCapturedWorkload(run); // a replay of this run runs what the user chose here (run_trust.h)

    const auto started = std::chrono::steady_clock::now();
    // A cancelled run says so in its manifest, whichever stage (a tool or the import) was cancelled.
    const auto recordCancel = [&] {
        m["result"] = "cancelled";
        m["wall_s"] = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        run.save();
    };
    try {
        for (detail::StageSpec spec : captureStages(request, res, run.path())) {
            for (const auto &[name, value] : rankEnv)
                spec.env.emplace(name, value);
            if (rank.distributed())
                spec.env[detail::kStageVariable] = spec.name;
            progress.report(0.0, ProgressStage::Step, spec.name);
            detail::StageOutcome outcome = detail::runStage(run, spec, callbacks, progress);
            result.stages.push_back(outcome.result);
            const std::string missing =
                outcome.result.process.ok() ? recordOutputs(run, spec.name, res) : std::string();
            if (spec.name == "nsys" || spec.name == "capture")
                recordLauncherStatus(run);
            if (!outcome.result.process.ok()) {
                result.problems.push_back(detail::describeFailure(run, spec, outcome));
                break;
            }
            if (!missing.empty()) {
                result.problems.push_back(missing);
                break;
            }
        }
    } catch (const Cancelled &) {
        recordCancel();
        throw;
    }
    if (result.ok() && request.importProfile && !rank.distributed()) {
        try {
            progress.report(0.0, ProgressStage::Step, "import");
            result.profilePath = detail::importRunFolder(run, progress);
        } catch (const FileError &e) {
            result.problems.push_back(std::string("the capture finished, but importing it failed: ") + e.what() +
                                      " (the tool outputs are in " + run.path() + ")");
        } catch (const Cancelled &) {
            recordCancel();
            throw;
        }
    }
    detail::recordRunResult(run, result, started);
    // Rank 0 imports the whole job once every rank has written its part (`srun opscope capture`).
    if (rank.distributed() && rank.rank == 0 && request.importProfile)
        detail::importWhenRanksDone(result, rank, request.timeout, progress);
    return result;
}

} // namespace opscope::pipeline
