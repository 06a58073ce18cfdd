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

using namespace opscope::pipeline;

namespace {

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
    const Progress progress = signals.progress();
    return report(remote::runRemote(target, request, consoleCallbacks(env.err, args.has("--verbose")), progress), env,
                  command);
}

int runCaptureCommand(const ParsedArgs &args, CliEnvironment &env)
{
    return guarded(env, "capture", [&] {
        if (remoteRequested(args))
            return runRemotePipeline(args, env, "capture", parseCaptureOptions(args), std::nullopt);
        const CaptureRequest request = parseCaptureOptions(args);
        if (args.has("--dry-run")) {
            printPlan(planCapture(request), env.out);
            return 0;
        }
        CancelOnSignals signals;
        const Progress progress = signals.progress();
        return report(runCapture(request, consoleCallbacks(env.err, args.has("--verbose")), progress), env, "capture");
    });
}

int runReplayCommand(const ParsedArgs &args, CliEnvironment &env)
{
    return guarded(env, "replay", [&] {
        const ReplayRequest request = parseReplayOptions(args, args.positionals.at(0));
        if (args.has("--dry-run")) {
            if (const auto values = replayValuesToConfirm(request); !values.empty()) {
                env.out << "# not captured here: the replay runs what the run's manifest names (--trust-run):\n";
                for (const std::string &v : values)
                    env.out << "#   " << v << "\n";
            }
            printPlan(planReplay(request), env.out);
            return 0;
        }
        CancelOnSignals signals;
        const Progress progress = signals.progress();
        return report(runReplay(request, consoleCallbacks(env.err, args.has("--verbose")), progress), env, "replay");
    });
}

int runProfileCommand(const ParsedArgs &args, CliEnvironment &env)
{
    return guarded(env, "profile", [&] {
        CaptureRequest capture = parseCaptureOptions(args);
        if (capture.tool == CaptureTool::Auto)
            capture.tool = CaptureTool::Nsys;
        if (capture.tool != CaptureTool::Nsys)
            throw UsageError("profile captures with nsys; use capture --tool " + std::string(toString(capture.tool)) +
                             " for a torch.profiler capture alone");
        if (remoteRequested(args))
            return runRemotePipeline(args, env, "profile", capture, parseReplayOptions(args, {}));
        const ReplayRequest replay = parseReplayOptions(args, {});
        if (args.has("--dry-run")) {
            requireNcu(replay.ncuPath); // as the run would: before a long capture, not after it
            if (capture.nprocPerNode > 0 || capture.srunArgs) {
                printPlan(planRanks(capture, replay), env.out);
                return 0;
            }
            capture.importProfile = false;
            printPlan(planCapture(capture), env.out);
            env.out << "# then: opscope replay <run folder> (ncu over the captured step)\n";
            return 0;
        }
        CancelOnSignals signals;
        const Progress progress = signals.progress();
        return report(runProfile(capture, replay, consoleCallbacks(env.err, args.has("--verbose")), progress), env,
                      "profile");
    });
}

} // namespace

std::vector<OptionSpec> joinOptions(std::vector<OptionSpec> a, const std::vector<OptionSpec> &b)
{
    for (const auto &o : b)
        if (std::none_of(a.begin(), a.end(), [&](const OptionSpec &x) { return x.name == o.name; }))
            a.push_back(o);
    return a;
}

namespace {
// Ctrl-C or SIGTERM cancels the run: the workload's process group is ended before opscope exits.
std::atomic<bool> g_cancel{false};

extern "C" void onCancelSignal(int)
{
    g_cancel.store(true);
}
} // namespace

CancelOnSignals::CancelOnSignals()
{
    g_cancel.store(false);
    struct sigaction action {};
    action.sa_handler = onCancelSignal;
    sigemptyset(&action.sa_mask);
    ::sigaction(SIGINT, &action, &oldInt_);
    ::sigaction(SIGTERM, &action, &oldTerm_);
    ::sigaction(SIGHUP, &action, &oldHup_);
}

CancelOnSignals::~CancelOnSignals()
{
    ::sigaction(SIGINT, &oldInt_, nullptr);
    ::sigaction(SIGTERM, &oldTerm_, nullptr);
    ::sigaction(SIGHUP, &oldHup_, nullptr);
}

Progress CancelOnSignals::progress() const
{
    return Progress({}, &g_cancel);
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
        case K::NcuKernel: // k/N when the replay knows how many kernels ncu will profile
            err << "[" << stage << "] kernel " << e.current << (e.total > 0 ? "/" + std::to_string(e.total) : "")
                << ": " << e.text << "\n";
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

std::vector<CommandSpec> pipelineCommands()
{
    constexpr size_t kAny = std::numeric_limits<size_t>::max();
    return {
        {"capture", "opscope capture SCRIPT [OPTIONS] [-- ARGS...]",
         "Run a PyTorch script unchanged under the OpScope launcher: every nn.Module forward is labelled,\n"
         "--warmup steps run first, then --reference-steps plain steps are timed with no instrumentation,\n"
         "then --steps steps are captured (with nsys on a GPU machine, else torch.profiler). Writes a run\n"
         "folder (tool outputs, logs, manifest.json) and <run>.opscope.",
         1, kAny, joinOptions(captureOptionSpecs(), sshOptions()), runCaptureCommand},
        {"replay", "opscope replay RUN [OPTIONS]",
         "Replay the captured step of RUN (a run folder) under ncu for hardware counters, profiling one\n"
         "representative per group of identical layers, and import the result into <run>.opscope.",
         1, 1, replayOptionSpecs(), runReplayCommand},
        {"profile", "opscope profile SCRIPT [OPTIONS] [-- ARGS...]",
         "capture (nsys) + replay (ncu) + import in one go: the attributed profile with counters.", 1, kAny,
         joinOptions(joinOptions(captureOptionSpecs(), replayOptionSpecs()), sshOptions()), runProfileCommand},
    };
}

} // namespace opscope::cli
