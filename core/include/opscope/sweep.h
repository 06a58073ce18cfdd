#pragma once
// Config sweeps: one script profiled across configurations (the cartesian product of parameter
// values, or paired lists), each configuration a run of the ordinary pipeline (capture, or capture +
// replay as `opscope profile` does) in one sweep folder:
//
//   <sweep>/sweep.json             parameters, the runs with their folder, status and error
//   <sweep>/size=tiny,batch=8/     a run folder as `opscope capture` makes it (manifest.json, <run>.opscope)
//
// sweep.json is rewritten after every run, so an interrupted sweep tells what finished, and
// `--resume` runs only what did not. The keys are documented in docs/sweeps.md.

#include "opscope/pipeline/requests.h"
#include "opscope/pipeline/run.h"
#include "opscope/progress.h"

#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace opscope::sweep {

inline constexpr int kSweepFormatVersion = 1;
inline constexpr std::string_view kSweepFileName = "sweep.json";

// A sweep that cannot be made as asked (bad parameters, a folder in the way): the message says what
// is wrong; the CLI prints it as a usage error.
class SweepError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct Parameter {
    std::string name;
    std::vector<std::string> values;
    bool operator==(const Parameter &) const = default;
};

// How a value reaches the script: `--NAME VALUE` after its arguments, or NAME=VALUE in its environment.
enum class PassAs { Args, Env };
std::string_view toString(PassAs passAs);

// "batch=8,16,32" -> {"batch", {"8", "16", "32"}} (values trimmed). SweepError for a missing '=', an
// empty name or value list, an empty or repeated value, a name the script could not receive as
// `passAs` says (an option name: letters, digits, '-' and '_'; an environment variable name).
Parameter parseParameter(std::string_view text, PassAs passAs);

// The configurations, each one value per parameter in parameter order: the cartesian product (the
// last parameter varying fastest), or with `zip` the i-th value of every list (SweepError when the
// lists differ in length). SweepError for no parameter or a name given twice.
std::vector<std::vector<std::string>> configurations(const std::vector<Parameter> &parameters, bool zip);

// "size=tiny,batch=8": a configuration's run folder name ('/' in a value becomes '_').
std::string runFolderName(const std::vector<Parameter> &parameters, const std::vector<std::string> &values);

enum class RunStatus { Pending, Ok, Failed, Cancelled };
std::string_view toString(RunStatus status);

struct SweepRun {
    std::vector<std::string> values; // one per parameter
    std::string folder;              // run folder, relative to the sweep folder
    RunStatus status = RunStatus::Pending;
    std::string profile; // <folder>/<run>.opscope when written, relative to the sweep folder
    std::string error;   // why it failed
    double wallSeconds = 0;
};

// sweep.json, read or to be written.
struct Sweep {
    std::string path; // the sweep folder, absolute
    std::string script;
    std::vector<std::string> args; // the script's own arguments, the same for every run
    std::vector<Parameter> parameters;
    PassAs passAs = PassAs::Args;
    bool zip = false;
    bool replay = false;            // each run is capture + replay (ncu), as `opscope profile`
    std::vector<std::string> tools; // `opscope capture|profile` options every run was given
    std::vector<SweepRun> runs;

    std::string file() const { return path + "/" + std::string(kSweepFileName); }
    std::string runPath(size_t run) const { return path + "/" + runs.at(run).folder; }
    std::string profilePath(size_t run) const; // empty when the run wrote none
    // "size=tiny, batch=8"
    std::string describe(size_t run) const;
};

// Reads <dir>/sweep.json (or the file itself). FileError naming the file for one that is missing,
// no JSON, not a sweep, or of another format version (naming both versions).
Sweep loadSweep(const std::string &dirOrFile);
// Writes sweep.json atomically. FileError.
void saveSweep(const Sweep &sweep);

struct SweepRequest {
    // The workload and the capture options of every run; outDir/name place the sweep folder
    // (<outDir>/<name>, name defaulting to "<script>-sweep-<time>").
    pipeline::CaptureRequest capture;
    std::optional<pipeline::ReplayRequest> replay; // set: each run also replays under ncu
    std::vector<Parameter> parameters;
    PassAs passAs = PassAs::Args;
    bool zip = false;
    bool resume = false; // continue the sweep in that folder: runs that finished are kept
};

// The sweep folder a request names.
std::string sweepFolder(const SweepRequest &request);
// The capture of one configuration: the parameter values added to the script's arguments or
// environment, the run folder inside the sweep folder. SweepError when ARGS already give a parameter.
pipeline::CaptureRequest captureFor(const SweepRequest &request, const std::vector<std::string> &values);
// The sweep a request would run, every run Pending, nothing written (--dry-run). SweepError for bad
// parameters.
Sweep planSweep(const SweepRequest &request);

struct SweepCallbacks {
    std::function<void(const Sweep &, size_t run)> onRunStarted;
    std::function<void(const Sweep &, size_t run, const pipeline::PipelineResult &)> onRunFinished;
    pipeline::StageCallbacks stage; // every run's tool output
};

struct SweepResult {
    Sweep sweep;
    // Set when the sweep stopped before its end because every further run would fail the same way (the
    // script does not take a parameter): what is wrong and how to fix it.
    std::string stopped;
    size_t ran = 0; // runs run now (not kept from before by --resume)
    size_t failed() const;
    bool ok() const { return stopped.empty() && failed() == 0; }
};

// Runs every configuration not finished yet, one after another, each through the pipeline
// (runCapture, or runProfile with a replay); a failed run is recorded and the next one starts.
// SweepError for a sweep folder that exists without --resume, or a --resume whose parameters, script
// or options differ from the folder's; FileError for an unusable folder; ToolError (missing tool)
// before anything runs; Cancelled after recording the cancelled run.
SweepResult runSweep(const SweepRequest &request, const SweepCallbacks &callbacks = {}, const Progress &progress = {});

} // namespace opscope::sweep
