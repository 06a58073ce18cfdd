#pragma once
// The capture and replay pipeline: find the tools, build their exact argument vectors, run them
// (through the one process runner) into a run folder with logs and a manifest, and parse their
// output for progress and for the failures users hit most (missing tool, counter permission,
// nothing profiled, kernel counts that differ between passes).

#include "opscope/process.h"
#include "opscope/profile.h"
#include "opscope/progress.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace opscope::pipeline {

using Argv = std::vector<std::string>;

// ---------------------------------------------------------------------------------------------
// Tool discovery

// A tool the pipeline needs is not there, or cannot do what it must; the message says how to fix it.
class ToolError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct ToolInfo {
    std::string path;    // absolute path; empty when not found
    std::string version; // first version line the tool printed, e.g. "2025.3.1.0"
    bool found() const { return !path.empty(); }
};

// Folders searched after PATH, newest installation first (globs resolved): $CUDA_HOME/bin, $CUDA_PATH/bin
// and the CUDA and Nsight install folders. Where $OPSCOPE_TOOL_PATH is set (':'-separated folders, shell
// patterns allowed), only its folders are searched, PATH included: tests set it to decide what this
// machine "has".
std::vector<std::string> nsysSearchDirs();
std::vector<std::string> ncuSearchDirs();

// Where nsys / ncu is, without running it: `explicitPath` (from --nsys/--ncu: the program or its folder)
// wins, then $OPSCOPE_NSYS / $OPSCOPE_NCU, then PATH and the search folders (or $OPSCOPE_TOOL_PATH). Empty
// when absent; never throws. The one way every part of OpScope finds the tools (the report importers included).
std::string locateNsys(const std::string &explicitPath = {});
std::string locateNcu(const std::string &explicitPath = {});
// The same, with the version the tool reports (runs `tool --version`).
ToolInfo findNsys(const std::string &explicitPath = {});
ToolInfo findNcu(const std::string &explicitPath = {});
// The same, throwing ToolError with the "was not found (looked in ...)" message when missing.
ToolInfo requireNsys(const std::string &explicitPath = {});
ToolInfo requireNcu(const std::string &explicitPath = {});
// That message where no explicit path was given: "ncu was not found (looked in PATH, /usr/local/cuda/bin,
// ...). Install Nsight Compute or pass --ncu PATH." It names the searched patterns, not only the folders
// that exist here, so it reads the same on every machine.
std::string nsysNotFoundMessage();
std::string ncuNotFoundMessage();

// Runs `tool --version` and returns the line with the version (empty when it does not answer).
std::string toolVersion(const std::string &path);

// The Python interpreter to run the workload with: `explicitPath`, else $OPSCOPE_PYTHON, else the
// first of python3 / python on PATH and /usr/bin/python3 that can import torch (the first found when
// none can). Empty when there is no Python at all.
std::string findPython(const std::string &explicitPath = {});
// True if `python` finds the torch package (without importing it: fast).
bool pythonHasTorch(const std::string &python);

// The folder holding the opscope_launcher package: $OPSCOPE_LAUNCHER_DIR, the source tree, or the
// installed share/opscope/launcher. Throws ToolError when none has the package.
std::string findLauncherDir();

// ---------------------------------------------------------------------------------------------
// Command builders: exact argument vectors (never shell strings)

enum class LauncherMode { Nvtx, Torch, Cpu, None };
std::string_view toString(LauncherMode mode);

struct LauncherOptions {
    std::string python = "python3";
    LauncherMode mode = LauncherMode::Torch;
    int warmup = 2;
    int referenceSteps = 3; // plain steps timed after the warm-up, with no instrumentation
    int steps = 1;
    std::string stepSource = "auto"; // auto | module | marker | function:NAME
    std::string compile = "eager";   // eager | inductor | cudagraphs
    std::string tracePath;           // torch/cpu modes
    std::string partitionMapPath;
    std::string backwardRangesMap; // a partition map: its layers' backward passes get their labels too
    std::string statusPath;
    bool keepRunning = false;
    std::string script;
    std::vector<std::string> scriptArgs;
};
Argv launcherCommand(const LauncherOptions &options);

struct NsysOptions {
    std::string nsys = "nsys";
    std::string output;                                // report path without extension
    std::vector<std::string> trace = {"cuda", "nvtx"}; // --trace domains
    bool captureRange = false;                         // record only inside the CAPTURE range
    std::string captureRangeName = "CAPTURE";
    std::vector<std::string> extraArgs;
};
Argv nsysProfileCommand(const NsysOptions &options, const Argv &application);
// The environment nsys needs for a capture range on unregistered NVTX strings (torch's are not).
std::map<std::string, std::string> nsysEnvironment(const NsysOptions &options);
Argv nsysExportCommand(const std::string &nsys, const std::string &report, const std::string &sqliteOut);

enum class ReplayMode { Kernel, Application, Range, AppRange };
std::string_view toString(ReplayMode mode);
std::optional<ReplayMode> parseReplayMode(std::string_view text);
// The replay mode for profiling NVTX ranges as a whole: strict range replay rejects the CUDA APIs
// PyTorch calls inside a step (seed 002), so a PyTorch workload gets app-range.
ReplayMode rangeReplayModeFor(bool pytorchWorkload);

// An NVTX filter. Push/pop ranges (module labels, thread-local) need a trailing '/' in ncu's syntax;
// start/end ranges (the CAPTURE range, process-wide) must not have one.
struct NvtxFilter {
    std::string expression;
    bool pushPop = true;
};
// The expression as ncu must get it. A push/pop range gains its trailing '/', unless it already ends
// with '/', a wildcard '*' or ncu's top-of-stack ']', or is a `regex:` expression (all kept as given).
// A module label ("blocks.0[Block]", also with '*' wildcards) becomes an anchored regex with escaped
// brackets, "regex:^blocks\.0\[Block\]$/": ncu reads '[' and ']' as stack anchors.
std::string ncuNvtxExpression(const NvtxFilter &filter);
// A kernel name filter: `regex:` is added for a pattern unless already there.
std::string ncuKernelNameFilter(const std::string &text, bool isRegex);

struct NcuOptions {
    std::string ncu = "ncu";
    std::string output;                  // report path without .ncu-rep; empty: no report file
    std::string metricSet = "roofline";  // brief | roofline | detailed | full (| basic); empty: none
    std::vector<std::string> sections;   // --section NAME (repeated)
    std::vector<std::string> metrics;    // --metrics a,b,c
    std::vector<NvtxFilter> nvtxInclude; // each a separate --nvtx-include
    std::vector<NvtxFilter> nvtxExclude; // each a separate --nvtx-exclude
    std::optional<int64_t> launchSkip;
    std::optional<int64_t> launchCount;
    std::string kernelName; // as given to --kernel-name (see ncuKernelNameFilter)
    std::string kernelNameBase = "demangled";
    std::string kernelId;                 // --kernel-id context:stream:name:invocation
    std::optional<ReplayMode> replayMode; // empty: ncu's default (kernel)
    std::string targetProcesses = "all";  // all | application-only
    bool sudo = false;                    // run as root: `sudo -n -E env K=V ... ncu ...`
    std::map<std::string, std::string> sudoEnvironment;
    std::vector<std::string> extraArgs;
};
Argv ncuProfileCommand(const NcuOptions &options, const Argv &application);
// `ncu --import REPORT --csv --page raw --print-units base` (the CSV goes to stdout).
Argv ncuExportCsvCommand(const std::string &ncu, const std::string &report);

const std::vector<std::string> &ncuMetricSets();

// ---------------------------------------------------------------------------------------------
// Tool output: progress and diagnostics, one line at a time

struct ToolEvent {
    enum class Kind {
        None,
        LauncherStart,        // OPSCOPE start ...
        LauncherStep,         // OPSCOPE step K/N warmup|reference|capture (current=K, total=N, text=phase)
        CaptureStart,         // OPSCOPE capture start
        CaptureEnd,           // OPSCOPE capture end steps=N        (current=N)
        LauncherDone,         // OPSCOPE done exit=... captured=N   (current=N, text=exit kind)
        LauncherWarning,      // OPSCOPE warning TEXT
        LauncherError,        // OPSCOPE error TEXT
        LauncherInfo,         // other OPSCOPE lines (root, trace, partition-map, compile)
        NcuKernel,            // ==PROF== Profiling "NAME" - N: ...    (current=N+1, text=NAME)
        NcuCounterPermission, // ERR_NVGPUCTRPERM
        NcuNothingProfiled,   // ==WARNING== No kernels/ranges were profiled
        ToolError,            // ==ERROR== ... (ncu), "Error:" lines (nsys)
        ToolWarning,          // ==WARNING== ...
        NsysProgress,         // [1/1] [==  40%  ] or "Processing N events: [ 40%]"  (fraction)
    };
    Kind kind = Kind::None;
    int64_t current = 0;
    int64_t total = 0;
    double fraction = -1.0;
    std::string text;
};
ToolEvent parseToolLine(std::string_view line);

// What to tell the user for the failures with a known fix (empty for other events).
std::string diagnosisFor(const ToolEvent &event);

// ---------------------------------------------------------------------------------------------
// Groups of identical layers (the launcher's partition map)

struct LayerGroup {
    std::string name;                 // "blocks.*[Block]"
    std::string className;            // "Block"
    std::string representative;       // "blocks.0"
    std::vector<std::string> members; // paths, representative first
    std::vector<std::string> labels;  // "blocks.0[Block]", ...
};
struct PartitionMap {
    std::string root; // "model[GPT]"
    std::vector<LayerGroup> groups;
};
// Throws FileError naming the file when it is not a partition map.
PartitionMap readPartitionMap(const std::string &path);
// The start/end range the launcher opens around a member's backward pass during a dedup replay
// ("blocks.1 backward"): autograd runs it on its own thread, outside the forward's push/pop range.
std::string backwardRangeName(const std::string &memberPath);
// The NVTX exclusions that make ncu skip every member but the representative of each group: the
// forward's push/pop label of each duplicate, then its backward range.
std::vector<NvtxFilter> dedupExclusions(const PartitionMap &map);

// ---------------------------------------------------------------------------------------------
// Run folders

// <out>/<name>/ with the tool outputs, logs and manifest.json; manifest keys are documented in
// docs/capture.md. The manifest is rewritten after every stage, so a failed run still tells what ran.
class RunFolder {
public:
    // Creates a fresh folder <out>/<name> (adding -2, -3 ... when taken). Throws FileError.
    static RunFolder create(const std::string &outDir, const std::string &name);
    // Opens an existing run (the folder, or its manifest.json). Throws FileError.
    static RunFolder open(const std::string &pathOrManifest);

    const std::string &path() const { return path_; }
    std::string name() const;
    std::string file(std::string_view relative) const; // path of a file inside the run
    nlohmann::json &manifest() { return manifest_; }
    const nlohmann::json &manifest() const { return manifest_; }
    void save() const; // writes manifest.json atomically

private:
    std::string path_;
    nlohmann::json manifest_;
};

// "mlp-20261122-033932": the run name for a script at the current local time.
std::string defaultRunName(const std::string &script);

// ---------------------------------------------------------------------------------------------
// Orchestration

enum class CaptureTool { Auto, Nsys, Torch, Cpu };
std::string_view toString(CaptureTool tool);
std::optional<CaptureTool> parseCaptureTool(std::string_view text);

struct Workload {
    std::string script;
    std::vector<std::string> args;
    std::string workingDirectory; // empty: the current one
    std::map<std::string, std::string> env;
    std::string python; // empty: findPython()
};

struct CaptureRequest {
    Workload workload;
    CaptureTool tool = CaptureTool::Auto;
    int warmup = 2;
    // Plain steps between the warm-up and the captured steps: no hooks, labels or profiler, timed like
    // the captured ones (the capture's overhead); under nsys the last one is paired with the labelled step.
    int referenceSteps = 3;
    int steps = 1;
    std::string stepSource = "auto";
    std::string compile = "eager";
    std::optional<bool> correlationPass; // empty: on for nsys captures
    bool partitionMap = true;
    bool nsysCaptureRange = false;
    std::vector<std::string> nsysTrace = {"cuda", "nvtx"};
    std::string nsysPath;
    std::string outDir = "opscope-runs";
    std::string name; // empty: defaultRunName()
    bool importProfile = true;
    std::optional<std::chrono::milliseconds> timeout;
};

struct ReplayRequest {
    std::string run; // run folder or its manifest
    NcuOptions ncu;  // output, application and filters are filled in from the run
    bool dedup = true;
    bool keepReport = false;
    bool checkCounts = true;
    std::string ncuPath;
    std::optional<std::chrono::milliseconds> timeout;
};

// The options of `opscope replay RUN` that make the CLI run `request` (from --set on; the CLI's
// defaults left out): what a remote host runs and what the replay wizard shows. Throws ToolError for
// what the CLI cannot be told (extra ncu arguments, start/end NVTX filters, a ';' inside a list item).
Argv replayCliOptions(const ReplayRequest &request);

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

// Runs the capture into a new run folder. Throws ToolError (missing tool/launcher/python) before
// anything runs, FileError for an unusable output folder, Cancelled when progress is cancelled
// (the processes are gone by then). Stage failures are reported in PipelineResult::problems.
PipelineResult runCapture(const CaptureRequest &request, const StageCallbacks &callbacks = {},
                          const Progress &progress = {});
// Replays the captured step of an existing run under ncu, with the run's launcher settings.
PipelineResult runReplay(const ReplayRequest &request, const StageCallbacks &callbacks = {},
                         const Progress &progress = {});

// Imports a run's outputs (the nsys export or torch.profiler trace, the ncu CSV of the latest replay,
// the correlation trace, Inductor's debug folder) into <run>/<run>.opscope, attributed, with the
// duplicates of a dedup replay given their representative's counters. Returns its path. Throws FileError.
std::string importRun(const std::string &runDir, const Progress &progress = {});

// Dedup-aware replay profiles one representative per group of identical layers; this gives every
// other member the counters of the representative's kernel at the same position (kernels of the
// captured step attributed to the member, in launch order), after checking that the kernel names
// line up. Members whose kernels differ in count or names keep no copied counters (see problems).
struct DedupReport {
    size_t groups = 0;
    size_t membersFilled = 0;
    size_t kernelsFilled = 0;
    std::vector<std::string> problems;
};
DedupReport propagateDedupCounters(Profile &profile, const PartitionMap &map);

// Kernels nsys saw inside the CAPTURE range of an nsys SQLite export (launch time inside the start/
// end range), and those of them launched inside one of `excludedLabels` (push/pop ranges on the
// launching thread). Throws FileError.
struct CaptureKernelCount {
    int64_t inCapture = 0;
    int64_t excluded = 0;
};
CaptureKernelCount countCaptureKernels(const std::string &nsysSqlite, const std::vector<std::string> &excludedLabels,
                                       const std::string &captureRange = "CAPTURE");
// Profiled kernels (distinct IDs) in an ncu --page raw CSV. Throws FileError.
int64_t countNcuCsvKernels(const std::string &csvPath);

} // namespace opscope::pipeline
