#pragma once
// What the capture and replay wizards ask the pipeline to do, in the pipeline's own request types:
// a local capture (optionally followed by an ncu replay), a replay of an existing run, or a capture on
// an SSH host. planJob() gives the exact commands for the Review page; the runner executes the job.

#include "opscope/pipeline.h"
#include "opscope/remote.h"
#include "opscope/sweep.h"

#include <QString>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace opscope::ui {

struct RunJob {
    enum class Kind { Capture, Replay, Remote };
    Kind kind = Kind::Capture;
    pipeline::CaptureRequest capture;              // Capture, Remote (paths on the host for Remote)
    std::optional<pipeline::ReplayRequest> replay; // after the capture (Capture, Remote), or alone (Replay)
    remote::SshTarget target;                      // Remote
    std::string localOutDir;                       // Remote: the run folder is copied back under here
    // Capture: a sweep when not empty, one capture per configuration into the folder <out>/<name>.
    std::vector<sweep::Parameter> sweepParameters;
    sweep::PassAs sweepPassAs = sweep::PassAs::Args;

    bool isSweep() const { return kind == Kind::Capture && !sweepParameters.empty(); }
    sweep::SweepRequest sweepRequest() const;

    // The local run folder: <out>/<name> of a capture (the wizard always names its runs) or of a sweep
    // (its sweep folder), the run of a replay.
    std::string runDir() const;
    // A Remote job as the remote run's request (what planJob shows and the runner runs).
    remote::RemoteRunRequest remoteRequest() const;
};

struct JobPlan {
    std::vector<pipeline::PlannedCommand> commands; // exactly what will run, in order
    std::vector<std::string> notes;                 // what the commands do not show
    std::vector<std::string> stages;                // stage ids the run reports, in order (ends in "import")
    std::string runDir;
    std::string error; // the plan could not be made (a missing tool, a bad run folder): why
};

// Looks up the tools as the run will (slow: call it off the GUI thread). Never throws.
JobPlan planJob(const RunJob &job);

// The plan as a shell would read it (environment as `env NAME=VALUE` prefixes), for the Copy button.
std::string planText(const JobPlan &plan);

// The same job as one OpScope command line (`opscope capture|profile|replay ...`), for the Review page.
// Throws pipeline::ToolError where the CLI has no option for a choice (opscope/pipeline/cli_options.h).
pipeline::Argv cliEquivalent(const RunJob &job);

// A stage id of the pipeline ("nsys", "ncu-2-export", "remote capture", "import") in words.
QString stageLabel(std::string_view id);
// True for the ncu profiling stage of a replay ("ncu", "ncu-2"; not their exports).
bool isReplayStage(std::string_view id);

} // namespace opscope::ui
