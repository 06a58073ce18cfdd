#pragma once
// Running the pipeline: a capture into a new run folder, a replay of its captured step under ncu, or
// both in one go, each stage through the one process runner with its log and manifest entry.

#include "opscope/pipeline/commands.h"
#include "opscope/pipeline/requests.h"
#include "opscope/pipeline/tool_output.h"
#include "opscope/process.h"
#include "opscope/progress.h"

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace opscope::pipeline {

// What a stage reports while it runs: every output line, and parsed events.
struct StageCallbacks {
    std::function<void(std::string_view stage, std::string_view line)> onLine;
    std::function<void(std::string_view stage, const ToolEvent &event)> onEvent;
};

struct StageResult {
    std::string name;
    Argv argv;
    ProcessResult process;
    double wallSeconds = 0.0;
};

struct PipelineResult {
    std::string runDir;
    std::string profilePath; // <run>/<run>.opscope when written
    std::vector<StageResult> stages;
    std::vector<std::string> problems; // why it failed, each with its fix
    std::vector<std::string> notes;    // non-fatal findings (dedup saving, count checks)
    bool ok() const { return problems.empty(); }
};

// One command a run would execute: its stage, exact argument vector and the variables it adds to
// the environment.
struct PlannedCommand {
    std::string stage;
    Argv argv;
    std::map<std::string, std::string> env;
    std::string stdoutFile; // where its stdout goes, when not to the log
};
// The commands a capture / replay would run, in order (for --dry-run); nothing is started or written.
// Tools are looked up as for a real run (ToolError when one is missing).
std::vector<PlannedCommand> planCapture(const CaptureRequest &request);
std::vector<PlannedCommand> planReplay(const ReplayRequest &request);
// The programs and environment values a replay of request.run would take from a manifest this user did
// not capture here (pipeline/run_trust.h), one line each with where it came from; empty for a run captured
// here. runReplay refuses to run them without request.trustRun.
std::vector<std::string> replayValuesToConfirm(const ReplayRequest &request);
// The one command of a distributed capture (`--nproc-per-node` / `--srun`): torchrun or srun running
// `opscope-cli capture|profile` (with `replay`) on every rank.
std::vector<PlannedCommand> planRanks(const CaptureRequest &capture, const std::optional<ReplayRequest> &replay);

// Runs the capture into a new run folder. Throws ToolError (missing tool/launcher/python) before
// anything runs, FileError for an unusable output folder, Cancelled when progress is cancelled
// (the processes are gone by then). Stage failures are reported in PipelineResult::problems.
PipelineResult runCapture(const CaptureRequest &request, const StageCallbacks &callbacks = {},
                          const Progress &progress = {});
// Replays the captured step of an existing run under ncu, with the run's launcher settings. When it
// replays the whole captured step of an nsys capture, it reports how many kernels ncu will profile
// (ToolEvent::ReplayKernelsExpected) and gives each NcuKernel event that total.
PipelineResult runReplay(const ReplayRequest &request, const StageCallbacks &callbacks = {},
                         const Progress &progress = {});
// Capture, then replay (`replay.run` is the new run folder), then one import with the counters: what
// `opscope profile` and the capture wizard with a replay do. ncu is looked up before the capture
// starts (ToolError), so a missing ncu never costs a long capture. The capture's stages and notes come
// first in the result; a failed capture is returned without a replay.
PipelineResult runProfile(CaptureRequest capture, ReplayRequest replay, const StageCallbacks &callbacks = {},
                          const Progress &progress = {});

// Imports a run's outputs (the nsys export or torch.profiler trace, the ncu CSV of the latest replay,
// the correlation trace, Inductor's debug folder) into <run>/<run>.opscope, attributed, with the
// duplicates of a dedup replay given their representative's counters. Returns its path. Throws FileError.
std::string importRun(const std::string &runDir, const Progress &progress = {});

} // namespace opscope::pipeline
