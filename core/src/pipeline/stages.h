#pragma once
// Shared by capture.cpp and replay.cpp: running one stage of a run (a tool invocation) into the run
// folder, and turning what it printed into a diagnosis.

#include "opscope/pipeline.h" // every part: the stages use them all

#include <map>
#include <string>
#include <vector>

namespace opscope::pipeline::detail {

struct StageSpec {
    std::string name; // "capture", "nsys", "nsys-export", "correlation", "ncu", "ncu-export"
    Argv argv;
    std::map<std::string, std::string> env; // added to the inherited environment
    std::string workingDirectory;
    std::string log;        // log file name inside the run
    std::string stdoutFile; // when set: stdout goes to this file inside the run (not to the log)
    std::optional<std::chrono::milliseconds> timeout;
};

struct StageOutcome {
    StageResult result;
    std::vector<std::string> diagnoses;           // known failures with their fix, in the order first seen
    int64_t ncuKernels = 0;                       // ==PROF== Profiling lines seen
    double firstKernelAt = -1, lastKernelAt = -1; // seconds into the stage of the first / last of them
    bool captureStarted = false;                  // OPSCOPE capture start seen
    int64_t capturedSteps = -1;                   // from OPSCOPE capture end / done
    std::string lastLines;                        // the last lines printed, for error messages
};

// Runs the stage, streaming lines and events to the callbacks and the log, and records it in the
// manifest ("stages"). Throws Cancelled (after recording) when progress was cancelled.
StageOutcome runStage(RunFolder &run, const StageSpec &spec, const StageCallbacks &callbacks, const Progress &progress);

// "ncu failed (exit code 1): ... see ncu.log" with the diagnoses and the last lines printed.
std::string describeFailure(const RunFolder &run, const StageSpec &spec, const StageOutcome &outcome);

// PYTHONPATH with the launcher folder first, unbuffered Python output, plus the user's variables.
std::map<std::string, std::string> launcherEnvironment(const std::string &launcherDir,
                                                       const std::map<std::string, std::string> &userEnv);

// The manifest's epilogue of a capture (one run or a job of ranks), saved: "result" ("ok" or
// "failed"), the "problems" if any, "wall_s" since `started`.
void recordRunResult(RunFolder &run, const PipelineResult &result, std::chrono::steady_clock::time_point started);

// The JSON in `path`, or null when the file is missing or not JSON.
nlohmann::json readJsonFile(const std::string &path);

// Imports the run's outputs into <run>/<run>.opscope, records it in the manifest and returns its
// path. Throws FileError.
std::string importRunFolder(RunFolder &run, const Progress &progress);

// Variables the workload needs for a compile mode (Inductor's debug output goes into the run, so
// Triton kernels can be mapped to their aten ops).
std::map<std::string, std::string> compileEnvironment(const std::string &compile, const std::string &runDir);

// The script's absolute path (relative to the working directory when one is given).
std::string resolveScript(const Workload &workload);

// Distributed jobs (rank_run.cpp). The part `rank` writes of the job's run folder
// (<out>/<name>/<partName>), the top folder and its manifest made by whichever rank comes first.
// Throws FileError when the part exists (another run of the same name), ToolError when no name is
// given and the engine gives no run id to name the folder by.
RunFolder createRankPart(const CaptureRequest &request, const std::string &script, const RankContext &rank);
nlohmann::json rankRecord(const RankContext &rank);
// torch.distributed's env:// variables the workload of an srun task lacks (slurmTorchEnvironment).
std::map<std::string, std::string> rankWorkloadEnvironment(const RankContext &rank);

// A rank runs its workload once per stage (correlation pass, nsys, ncu replay) in one torchrun or srun
// job, so every stage's processes meet in the same rendezvous store, where the previous stage's keys
// (NCCL's unique id) are still found: the launcher prefixes the process group's store with the stage
// (OPSCOPE_STAGE, resources/launcher/opscope_launcher/distributed.py). The ranks of one stage agree on it.
inline constexpr const char *kStageVariable = "OPSCOPE_STAGE";
// Rank 0: waits (at most `timeout`, else 10 minutes) until every rank's part has a result, then
// imports the job's run folder; the profile path or the problem goes into `result`.
void importWhenRanksDone(PipelineResult &result, const RankContext &rank,
                         const std::optional<std::chrono::milliseconds> &timeout, const Progress &progress);
// `--nproc-per-node N` / `--srun ARGS`: one torchrun / srun stage whose workers are `opscope-cli
// capture|profile` (a rank each), then the import of the job's run folder.
PipelineResult runLaunchedRanks(const CaptureRequest &capture, const std::optional<ReplayRequest> &replay,
                                const StageCallbacks &callbacks, const Progress &progress);
std::vector<PlannedCommand> planLaunchedRanks(const CaptureRequest &capture,
                                              const std::optional<ReplayRequest> &replay);
// Imports a run folder with rank parts as one profile with ranks: every part's trace (an nsys part
// imported on its own into its part, its correlation trace into the job's profile); a part of another
// run, a missing or failed rank give a warning naming the file, the other ranks are kept.
std::string importRankRun(RunFolder &run, const std::vector<std::string> &parts, const Progress &progress);

} // namespace opscope::pipeline::detail
