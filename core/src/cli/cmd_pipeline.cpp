// Commands that run the workload: capture, replay, profile (capture + replay + import).
#include "cli/commands.h"

#include "opscope/errors.h"
#include "opscope/pipeline.h"
#include "opscope/process.h"
#include "opscope/remote.h"

#include <atomic>
#include <csignal>
#include <limits>
#include <ostream>

namespace opscope::cli {

namespace {

using namespace opscope::pipeline;

// Ctrl-C or SIGTERM cancels the run: the workload's process group is ended before opscope exits.
std::atomic<bool> g_cancel{false};

extern "C" void onCancelSignal(int)
{
    g_cancel.store(true);
}

class CancelOnSignals {
public:
    CancelOnSignals()
    {
        g_cancel.store(false);
        struct sigaction action {};
        action.sa_handler = onCancelSignal;
        sigemptyset(&action.sa_mask);
        ::sigaction(SIGINT, &action, &oldInt_);
        ::sigaction(SIGTERM, &action, &oldTerm_);
        ::sigaction(SIGHUP, &action, &oldHup_);
    }
    ~CancelOnSignals()
    {
        ::sigaction(SIGINT, &oldInt_, nullptr);
        ::sigaction(SIGTERM, &oldTerm_, nullptr);
        ::sigaction(SIGHUP, &oldHup_, nullptr);
    }
    CancelOnSignals(const CancelOnSignals &) = delete;
    CancelOnSignals &operator=(const CancelOnSignals &) = delete;

private:
    struct sigaction oldInt_ {
    }, oldTerm_{}, oldHup_{};
};

// "a;b;c" -> {"a", "b", "c"}: list options are given once, their items separated by ';'
// (module labels and metric names never contain one; they may contain ',').
std::vector<std::string> splitList(const std::string &text, char separator = ';')
{
    std::vector<std::string> out;
    size_t start = 0;
    while (start <= text.size()) {
        const size_t end = text.find(separator, start);
        std::string item = text.substr(start, end == std::string::npos ? std::string::npos : end - start);
        if (!item.empty())
            out.push_back(std::move(item));
        if (end == std::string::npos)
            break;
        start = end + 1;
    }
    return out;
}

std::map<std::string, std::string> parseEnvList(const std::string &text, const std::string &option)
{
    std::map<std::string, std::string> env;
    for (const auto &item : splitList(text)) {
        const size_t eq = item.find('=');
        if (eq == std::string::npos || eq == 0)
            throw UsageError(option + " needs NAME=VALUE items separated by ';', not '" + item + "'");
        env[item.substr(0, eq)] = item.substr(eq + 1);
    }
    return env;
}

int positiveInt(const ParsedArgs &args, const std::string &name, int fallback, int minimum)
{
    const long long value = integerOption(args, name, fallback);
    if (value < minimum || value > std::numeric_limits<int>::max())
        throw UsageError("option " + name + " must be at least " + std::to_string(minimum));
    return int(value);
}

std::optional<std::chrono::milliseconds> timeoutOption(const ParsedArgs &args)
{
    if (!args.has("--timeout"))
        return std::nullopt;
    return std::chrono::milliseconds(integerOption(args, "--timeout", 0) * 1000);
}

const std::vector<OptionSpec> &captureOptions()
{
    static const std::vector<OptionSpec> options = {
        {"--tool", "TOOL", "auto", "auto | nsys | torch | cpu: nsys when it is found, else torch.profiler"},
        {"--warmup", "N", "2", "steps run before the capture (compile, allocator and autotuning warm-up)"},
        {"--steps", "N", "1", "steps captured"},
        {"--reference-steps", "N", "3",
         "plain steps run between the warm-up and the capture with no instrumentation, timed like the captured "
         "ones: the capture's overhead, and under nsys the step the idle and launch analysis reads; 0: none"},
        {"--step", "HOW", "auto",
         "what one step is: auto | module (a call of the outermost module) | marker (opscope_launcher.step()) | "
         "function:NAME (each call of NAME)"},
        {"--compile", "MODE", "eager", "eager | inductor | cudagraphs: torch.compile the outermost module's forward"},
        {"--correlation", "", "",
         "run the torch.profiler correlation pass (nsys captures do, unless --no-correlation)"},
        {"--no-correlation", "", "", "skip the correlation pass"},
        {"--no-partition-map", "", "", "do not group identical layers (dedup-aware replay then profiles all)"},
        {"--nsys", "PATH", "PATH, /usr/local/cuda/bin, /opt/nvidia/...", "the nsys program"},
        {"--nsys-trace", "LIST", "cuda,nvtx", "nsys --trace domains"},
        {"--nsys-capture-range", "", "", "let nsys record only the CAPTURE range (smaller reports)"},
        {"--python", "PATH", "the first python3 that has torch", "the interpreter"},
        {"--cwd", "DIR", "", "working directory of the workload"},
        {"--env", "LIST", "", "NAME=VALUE;NAME=VALUE added to the workload's environment"},
        {"--out", "DIR", "opscope-runs", "where run folders are made"},
        {"--name", "NAME", "script name and time", "the run folder's name"},
        {"--timeout", "SECONDS", "", "stop a stage that runs longer"},
        {"--no-import", "", "", "leave the tool outputs, do not write <run>.opscope"},
        {"--dry-run", "", "", "print the commands (argument vectors and added environment), run nothing"},
        {"--verbose", "", "", "echo every line the tools print"},
    };
    return options;
}

const std::vector<OptionSpec> &replayOptions()
{
    static const std::vector<OptionSpec> options = {
        {"--set", "NAME", "roofline",
         "ncu metric set (ncu --list-sets: basic, detailed, full, roofline ...; brief in older versions); none: no "
         "set"},
        {"--section", "LIST", "", "ncu sections, separated by ';' (each a --section)"},
        {"--metrics", "LIST", "", "explicit metrics, separated by ';' or ','"},
        {"--nvtx-include", "LIST", "",
         "profile only kernels inside these push/pop ranges, ';'-separated: module labels such as blocks.0[Block] "
         "or blocks.*[Block] (sent as anchored regexes, since ncu reads [ ] as stack anchors), other names (a "
         "trailing '/' is added unless there), regex:... as given"},
        {"--nvtx-exclude", "LIST", "", "skip kernels inside these push/pop ranges (same rules)"},
        {"--kernel-name", "NAME", "", "profile kernels of this exact (demangled) name, or regex:PATTERN"},
        {"--kernel-regex", "PATTERN", "", "profile kernels whose demangled name matches (sent as regex:PATTERN)"},
        {"--kernel-id", "ID", "", "ncu --kernel-id context:stream:name:invocation"},
        {"--launch-skip", "N", "", "skip the first N matching launches"},
        {"--launch-count", "N", "", "profile at most N launches"},
        {"--replay-mode", "MODE", "kernel", "kernel | application | range | app-range"},
        {"--target-processes", "WHICH", "all", "all | application-only"},
        {"--no-dedup", "", "", "profile every layer, not one per group of identical layers"},
        {"--sudo", "", "", "run ncu as root (sudo -n -E), for GPUs that restrict counters to admins"},
        {"--sudo-env", "LIST", "", "NAME=VALUE;... passed to ncu under sudo"},
        {"--ncu", "PATH", "PATH, /usr/local/cuda/bin, /opt/nvidia/nsight-compute/...", "the ncu program"},
        {"--keep-report", "", "", "keep the .ncu-rep (large) besides the CSV"},
        {"--no-count-check", "", "", "do not compare the kernel counts of the nsys and ncu passes"},
        {"--timeout", "SECONDS", "", "stop a stage that runs longer"},
        {"--dry-run", "", "", "print the commands (argument vectors and added environment), run nothing"},
        {"--verbose", "", "", "echo every line the tools print"},
    };
    return options;
}

std::vector<OptionSpec> join(std::vector<OptionSpec> a, const std::vector<OptionSpec> &b)
{
    for (const auto &o : b)
        if (std::none_of(a.begin(), a.end(), [&](const OptionSpec &x) { return x.name == o.name; }))
            a.push_back(o);
    return a;
}

CaptureRequest captureRequest(const ParsedArgs &args)
{
    CaptureRequest r;
    r.workload.script = args.positionals.at(0);
    r.workload.args.assign(args.positionals.begin() + 1, args.positionals.end());
    r.workload.workingDirectory = args.value("--cwd");
    r.workload.env = parseEnvList(args.value("--env"), "--env");
    r.workload.python = args.value("--python");
    const auto tool = parseCaptureTool(args.value("--tool", "auto"));
    if (!tool)
        throw UsageError("--tool must be auto, nsys, torch or cpu");
    r.tool = *tool;
    r.warmup = positiveInt(args, "--warmup", 2, 0);
    r.steps = positiveInt(args, "--steps", 1, 1);
    r.referenceSteps = positiveInt(args, "--reference-steps", 3, 0);
    r.stepSource = args.value("--step", "auto");
    if (r.stepSource != "auto" && r.stepSource != "module" && r.stepSource != "marker" &&
        r.stepSource.rfind("function:", 0) != 0)
        throw UsageError("--step must be auto, module, marker or function:NAME");
    r.compile = args.value("--compile", "eager");
    if (r.compile != "eager" && r.compile != "inductor" && r.compile != "cudagraphs")
        throw UsageError("--compile must be eager, inductor or cudagraphs");
    if (args.has("--correlation") && args.has("--no-correlation"))
        throw UsageError("--correlation and --no-correlation contradict each other");
    if (args.has("--correlation"))
        r.correlationPass = true;
    if (args.has("--no-correlation"))
        r.correlationPass = false;
    r.partitionMap = !args.has("--no-partition-map");
    r.nsysPath = args.value("--nsys");
    if (args.has("--nsys-trace"))
        r.nsysTrace = splitList(args.value("--nsys-trace"), ',');
    r.nsysCaptureRange = args.has("--nsys-capture-range");
    r.outDir = args.value("--out", "opscope-runs");
    r.name = args.value("--name");
    r.importProfile = !args.has("--no-import");
    r.timeout = timeoutOption(args);
    return r;
}

ReplayRequest replayRequest(const ParsedArgs &args, const std::string &run)
{
    ReplayRequest r;
    r.run = run;
    NcuOptions &n = r.ncu;
    n.metricSet = args.value("--set", "roofline");
    // The sets differ between ncu versions (`ncu --list-sets`): any name is passed on; "none" sends none.
    if (n.metricSet == "none")
        n.metricSet.clear();
    else if (n.metricSet.empty() ||
             n.metricSet.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_-") != std::string::npos)
        throw UsageError("--set needs a metric set name such as " + [] {
            std::string names;
            for (const auto &s : ncuMetricSets())
                names += s + ", ";
            return names;
        }() + "or none");
    n.sections = splitList(args.value("--section"));
    for (const auto &item : splitList(args.value("--metrics")))
        for (auto &metric : splitList(item, ','))
            n.metrics.push_back(std::move(metric));
    for (const auto &e : splitList(args.value("--nvtx-include")))
        n.nvtxInclude.push_back({e, true});
    for (const auto &e : splitList(args.value("--nvtx-exclude")))
        n.nvtxExclude.push_back({e, true});
    if (args.has("--kernel-name") && args.has("--kernel-regex"))
        throw UsageError("give --kernel-name or --kernel-regex, not both");
    if (args.has("--kernel-name"))
        n.kernelName = ncuKernelNameFilter(args.value("--kernel-name"), false);
    if (args.has("--kernel-regex"))
        n.kernelName = ncuKernelNameFilter(args.value("--kernel-regex"), true);
    n.kernelId = args.value("--kernel-id");
    if (args.has("--launch-skip"))
        n.launchSkip = integerOption(args, "--launch-skip", 0);
    if (args.has("--launch-count"))
        n.launchCount = integerOption(args, "--launch-count", 0);
    if (args.has("--replay-mode")) {
        n.replayMode = parseReplayMode(args.value("--replay-mode"));
        if (!n.replayMode)
            throw UsageError("--replay-mode must be kernel, application, range or app-range");
    }
    n.targetProcesses = args.value("--target-processes", "all");
    if (n.targetProcesses != "all" && n.targetProcesses != "application-only")
        throw UsageError("--target-processes must be all or application-only");
    n.sudo = args.has("--sudo");
    n.sudoEnvironment = parseEnvList(args.value("--sudo-env"), "--sudo-env");
    r.dedup = !args.has("--no-dedup");
    r.ncuPath = args.value("--ncu");
    r.keepReport = args.has("--keep-report");
    r.checkCounts = !args.has("--no-count-check");
    r.timeout = timeoutOption(args);
    return r;
}

void printPlan(const std::vector<PlannedCommand> &plan, std::ostream &out)
{
    for (const auto &command : plan) {
        out << "# stage " << command.stage << "\n";
        for (const auto &[name, value] : command.env)
            out << "# env " << name << "=" << value << "\n";
        out << displayCommand(command.argv);
        if (!command.stdoutFile.empty())
            out << " > " << displayCommand({command.stdoutFile});
        out << "\n";
    }
}

StageCallbacks consoleCallbacks(std::ostream &err, bool verbose)
{
    StageCallbacks callbacks;
    if (verbose)
        callbacks.onLine = [&err](std::string_view stage, std::string_view line) {
            err << "[" << stage << "] " << line << "\n";
        };
    callbacks.onEvent = [&err, verbose](std::string_view stage, const ToolEvent &e) {
        using K = ToolEvent::Kind;
        if (verbose && e.kind != K::NcuCounterPermission && e.kind != K::NcuNothingProfiled)
            return; // the line itself was printed
        switch (e.kind) {
        case K::LauncherStep:
            err << "[" << stage << "] step " << e.current << "/" << e.total
                << (e.text == "capture"     ? " (captured)"
                    : e.text == "reference" ? " (reference, not instrumented)"
                                            : " (warm-up)")
                << "\n";
            break;
        case K::CaptureStart:
            err << "[" << stage << "] capture range opened\n";
            break;
        case K::CaptureEnd:
            err << "[" << stage << "] capture range closed after " << e.current << " step(s)\n";
            break;
        case K::NcuKernel:
            err << "[" << stage << "] kernel " << e.current << ": " << e.text << "\n";
            break;
        case K::LauncherWarning:
        case K::ToolWarning:
            err << "[" << stage << "] warning: " << e.text << "\n";
            break;
        case K::LauncherError:
        case K::ToolError:
            err << "[" << stage << "] error: " << e.text << "\n";
            break;
        case K::NcuCounterPermission:
        case K::NcuNothingProfiled:
            err << "[" << stage << "] " << diagnosisFor(e) << "\n";
            break;
        default:
            break;
        }
    };
    return callbacks;
}

int report(const PipelineResult &result, CliEnvironment &env, const std::string &command)
{
    for (const auto &note : result.notes)
        env.err << "opscope " << command << ": " << note << "\n";
    for (const auto &problem : result.problems)
        env.err << "opscope " << command << ": error: " << problem << "\n";
    if (!result.runDir.empty())
        env.out << "run folder: " << result.runDir << "\n";
    if (!result.profilePath.empty())
        env.out << "profile: " << result.profilePath << "\n";
    return result.ok() ? 0 : 1;
}

// ToolError (a missing tool, launcher or interpreter) is the user's to fix: exit 1 with its message.
template <typename F> int guarded(CliEnvironment &env, const std::string &command, F &&body)
{
    try {
        return body();
    } catch (const ToolError &e) {
        env.err << "opscope " << command << ": " << e.what() << "\n";
        return 1;
    }
}

// capture / profile --ssh HOST: OpScope's CLI runs the same pipeline on the host; the run folder
// comes back under --out and is imported here.
int runRemotePipeline(const ParsedArgs &args, CliEnvironment &env, const std::string &command, CaptureRequest capture,
                      std::optional<ReplayRequest> replay)
{
    const remote::SshTarget target = sshTarget(args);
    remote::RemoteRunRequest request;
    request.localOutDir = capture.outDir;
    request.capture = std::move(capture);
    request.replay = std::move(replay);
    if (args.has("--dry-run")) {
        printPlan(remote::planRemoteRun(target, request), env.out);
        return 0;
    }
    CancelOnSignals signals;
    const Progress progress({}, &g_cancel);
    return report(remote::runRemote(target, request, consoleCallbacks(env.err, args.has("--verbose")), progress), env,
                  command);
}

int runCaptureCommand(const ParsedArgs &args, CliEnvironment &env)
{
    return guarded(env, "capture", [&] {
        if (remoteRequested(args))
            return runRemotePipeline(args, env, "capture", captureRequest(args), std::nullopt);
        const CaptureRequest request = captureRequest(args);
        if (args.has("--dry-run")) {
            printPlan(planCapture(request), env.out);
            return 0;
        }
        CancelOnSignals signals;
        const Progress progress({}, &g_cancel);
        return report(runCapture(request, consoleCallbacks(env.err, args.has("--verbose")), progress), env, "capture");
    });
}

int runReplayCommand(const ParsedArgs &args, CliEnvironment &env)
{
    return guarded(env, "replay", [&] {
        const ReplayRequest request = replayRequest(args, args.positionals.at(0));
        if (args.has("--dry-run")) {
            printPlan(planReplay(request), env.out);
            return 0;
        }
        CancelOnSignals signals;
        const Progress progress({}, &g_cancel);
        return report(runReplay(request, consoleCallbacks(env.err, args.has("--verbose")), progress), env, "replay");
    });
}

int runProfileCommand(const ParsedArgs &args, CliEnvironment &env)
{
    return guarded(env, "profile", [&] {
        CaptureRequest capture = captureRequest(args);
        if (capture.tool == CaptureTool::Auto)
            capture.tool = CaptureTool::Nsys;
        if (capture.tool != CaptureTool::Nsys)
            throw UsageError("profile captures with nsys; use capture --tool " + std::string(toString(capture.tool)) +
                             " for a torch.profiler capture alone");
        if (remoteRequested(args))
            return runRemotePipeline(args, env, "profile", capture, replayRequest(args, {}));
        capture.importProfile = false; // imported once, with the counters, after the replay
        ReplayRequest replay = replayRequest(args, {});
        requireNcu(replay.ncuPath); // before a long capture, not after it
        if (args.has("--dry-run")) {
            printPlan(planCapture(capture), env.out);
            env.out << "# then: opscope replay <run folder> (ncu over the captured step)\n";
            return 0;
        }
        CancelOnSignals signals;
        const Progress progress({}, &g_cancel);
        const StageCallbacks callbacks = consoleCallbacks(env.err, args.has("--verbose"));
        const PipelineResult captured = runCapture(capture, callbacks, progress);
        if (!captured.ok())
            return report(captured, env, "profile");
        replay.run = captured.runDir;
        PipelineResult replayed = runReplay(replay, callbacks, progress);
        replayed.stages.insert(replayed.stages.begin(), captured.stages.begin(), captured.stages.end());
        replayed.notes.insert(replayed.notes.begin(), captured.notes.begin(), captured.notes.end());
        return report(replayed, env, "profile");
    });
}

} // namespace

std::vector<CommandSpec> pipelineCommands()
{
    constexpr size_t kAny = std::numeric_limits<size_t>::max();
    return {
        {"capture", "opscope capture SCRIPT [OPTIONS] [-- ARGS...]",
         "Run a PyTorch script unchanged under the OpScope launcher: every nn.Module forward is labelled,\n"
         "--warmup steps run first, then --reference-steps plain steps are timed with no instrumentation,\n"
         "then --steps steps are captured (with nsys on a GPU machine, else torch.profiler). Writes a run\n"
         "folder (tool outputs, logs, manifest.json) and <run>.opscope.",
         1, kAny, join(captureOptions(), sshOptions()), runCaptureCommand},
        {"replay", "opscope replay RUN [OPTIONS]",
         "Replay the captured step of RUN (a run folder) under ncu for hardware counters, profiling one\n"
         "representative per group of identical layers, and import the result into <run>.opscope.",
         1, 1, replayOptions(), runReplayCommand},
        {"profile", "opscope profile SCRIPT [OPTIONS] [-- ARGS...]",
         "capture (nsys) + replay (ncu) + import in one go: the attributed profile with counters.", 1, kAny,
         join(join(captureOptions(), replayOptions()), sshOptions()), runProfileCommand},
    };
}

} // namespace opscope::cli
