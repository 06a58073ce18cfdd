// A capture (and replay) on a GPU host: OpScope's CLI runs there in a process group of its own,
// its output streams back live, Cancel ends that group, and the run folder comes back here to be
// imported.
#include "remote/cli_args.h"
#include "remote/remote_host.h"

#include "opscope/concurrency/worker.h"
#include "opscope/errors.h"
#include "opscope/pipeline/run_folder.h"

#include <atomic>
#include <deque>
#include <filesystem>
#include <unistd.h>

namespace opscope::remote {

using namespace detail;
using pipeline::Argv;
using pipeline::PipelineResult;
using pipeline::StageResult;

namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

// Runs the CLI in a new session and process group (setsid), writes that group's id where Cancel
// finds it, and removes the file when the CLI ends. The shell stays the group's leader and outlives
// Cancel's TERM (a handler, not an ignore, so the CLI still gets it): the SSH channel stays open
// while the CLI stops its workload and records the cancel.
constexpr const char *kGroupWrapper =
    "trap : TERM; echo $$ > \"$0\" || exit 125; \"$@\"; status=$?; rm -f -- \"$0\"; exit $status";

// Cancel on the host: TERM to the group (the CLI cancels its stage and records it), up to 15 s for
// it to end, then KILL to the group and to anything left in its session.
constexpr const char *kKillGroup = "f=$1; i=0\n"
                                   "while [ ! -s \"$f\" ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i+1)); done\n"
                                   "pg=$(cat \"$f\" 2>/dev/null); rm -f -- \"$f\"\n"
                                   "case \"$pg\" in ''|*[!0-9]*) exit 0;; esac\n"
                                   "kill -s TERM -- \"-$pg\" 2>/dev/null || exit 0\n"
                                   "i=0\n"
                                   "while kill -s 0 -- \"-$pg\" 2>/dev/null && [ $i -lt 150 ]; do sleep 0.1; "
                                   "i=$((i+1)); done\n"
                                   "kill -s KILL -- \"-$pg\" 2>/dev/null\n"
                                   "if command -v pkill >/dev/null 2>&1; then pkill -KILL -s \"$pg\" 2>/dev/null; fi\n"
                                   "exit 0";

std::string runName(const RemoteRunRequest &request)
{
    return request.capture.name.empty() ? pipeline::defaultRunName(request.capture.workload.script)
                                        : request.capture.name;
}

std::string pidFile(const HostInfo &host, const std::string &name, const char *stage)
{
    return host.directory + "/.opscope/pids/" + name + "-" + stage + "-" + std::to_string(::getpid()) + ".pid";
}

Argv inGroup(const Argv &cli, const std::string &pidPath)
{
    Argv argv = {"setsid", "-w", "sh", "-c", kGroupWrapper, pidPath};
    argv.insert(argv.end(), cli.begin(), cli.end());
    return argv;
}

Argv withCli(Argv cli, const Argv &arguments)
{
    cli.insert(cli.end(), arguments.begin(), arguments.end());
    return cli;
}

// tar of the run folder to stdout; its .opscope (if the host imported) is made again here.
Argv packRunFolder(const std::string &remoteRun)
{
    const fs::path run(remoteRun);
    const std::string name = run.filename().string();
    return {"tar", "-C", run.parent_path().string(), "-cf", "-", "--exclude=" + name + "/" + name + ".opscope", name};
}

struct CliStage {
    StageResult result;
    std::string runFolder;             // "run folder: X" as the CLI printed it
    bool imported = false;             // it printed "profile: X" (also after a count mismatch)
    std::vector<std::string> messages; // "opscope capture: ..." lines and their indented continuation
    std::deque<std::string> tail;      // the last lines, for failures without a message
};

CliStage runCliStage(SshSession &session, const std::string &stage, const Argv &cli, const std::string &pidPath,
                     const pipeline::StageCallbacks &callbacks, const Progress &progress)
{
    CliStage out;
    const Argv remote = inGroup(cli, pidPath);
    out.result.name = stage;
    out.result.argv = session.command(remote);
    // Cancel: the host's process group first (the CLI stops its workload and records the cancel),
    // then this side's ssh, which by then has usually ended by itself.
    std::atomic<bool> stopLocal{false};
    const auto started = std::chrono::steady_clock::now();
    bool collecting = false;
    const auto onLine = [&](std::string_view line) {
        if (line.rfind("run folder: ", 0) == 0)
            out.runFolder = std::string(line.substr(12));
        if (line.rfind("profile: ", 0) == 0)
            out.imported = true;
        if (line.rfind("opscope ", 0) == 0 && line.find(": ") != std::string_view::npos) {
            out.messages.emplace_back(line);
            collecting = true;
        } else if (collecting && line.rfind("  ", 0) == 0) {
            out.messages.emplace_back(line);
        } else {
            collecting = false;
        }
        out.tail.emplace_back(line);
        if (out.tail.size() > 12)
            out.tail.pop_front();
        if (callbacks.onLine)
            callbacks.onLine(stage, line);
        // The CLI prints each tool line as "[nsys] line" (--verbose): the tool's own line is parsed.
        std::string_view toolLine = line;
        if (!line.empty() && line[0] == '[')
            if (const size_t close = line.find("] "); close != std::string_view::npos)
                toolLine = line.substr(close + 2);
        const pipeline::ToolEvent event = pipeline::parseToolLine(toolLine);
        if (event.kind == pipeline::ToolEvent::Kind::None)
            return;
        if (event.fraction >= 0)
            progress.report(event.fraction, ProgressStage::Step, stage);
        if (callbacks.onEvent)
            callbacks.onEvent(stage, event);
    };
    {
        // Watches for a cancel on a thread of its own; stopped (and its exception rethrown) once the
        // stage has ended, or ended by the destructor where the stage throws.
        concurrency::Worker watcher;
        watcher.post([&] {
            while (watcher.sleepUnlessStopped(100ms)) {
                if (!progress.cancelled())
                    continue;
                ProcessSpec kill;
                kill.timeout = 40s;
                session.run({"sh", "-c", kKillGroup, "sh", pidPath}, kill);
                stopLocal = true;
                return;
            }
        });
        ProcessSpec spec;
        spec.mergeStderr = false;
        out.result.process = session.run(remote, spec, onLine, Progress({}, &stopLocal));
        watcher.stop();
    }
    out.result.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return out;
}

// The CLI's notes ("opscope replay: dedup: ncu skipped ...") become the result's notes.
void forwardNotes(const CliStage &stage, PipelineResult &result)
{
    for (const std::string &m : stage.messages)
        if (m.rfind("opscope ", 0) == 0 && m.find(": error: ") == std::string::npos)
            result.notes.push_back(m.substr(m.find(": ") + 2));
}

std::string stageProblem(const SshTarget &target, const HostInfo &host, const CliStage &stage)
{
    const ProcessResult &r = stage.result.process;
    std::string text;
    if (std::string failure = cliFailure(target, host, r); !failure.empty()) {
        text = failure + " (" + stage.result.name + ")";
    } else {
        text = "the " + stage.result.name + " on " + target.host + " failed (" +
               (r.signal ? "killed by signal " + std::to_string(r.signal) : "exit code " + std::to_string(r.exitCode)) +
               "):";
        if (!stage.messages.empty())
            for (const auto &m : stage.messages)
                text += "\n  " + m;
        else
            for (const auto &line : stage.tail)
                text += "\n    " + line;
    }
    if (!stage.runFolder.empty())
        text += "\n  run folder on " + target.host + ": " + stage.runFolder;
    return text;
}

// A free name under `outDir` for the copied run: its own name, else name-2, name-3 ...
std::string freeLocalPath(const std::string &outDir, const std::string &name)
{
    for (int attempt = 1; attempt < 1000; ++attempt) {
        const fs::path candidate = fs::path(outDir) / (attempt == 1 ? name : name + "-" + std::to_string(attempt));
        std::error_code ec;
        if (!fs::exists(candidate, ec))
            return candidate.string();
    }
    throw FileError(outDir, "no free run folder name for " + name);
}

// Copies the remote run folder into request.localOutDir; returns the local folder.
std::string copyBack(SshSession &session, const HostInfo &host, const std::string &remoteRun,
                     const std::string &localOutDir, PipelineResult &result, const Progress &progress)
{
    progress.report(0.0, ProgressStage::Step, "copy back");
    std::error_code ec;
    fs::create_directories(localOutDir, ec);
    const std::string out = fs::absolute(localOutDir, ec).lexically_normal().string();
    if (!fs::is_directory(out))
        throw RemoteFailure("cannot create the local output folder " + out);
    std::string staging = out + "/.opscope-copy-XXXXXX";
    if (::mkdtemp(staging.data()) == nullptr)
        throw RemoteFailure("cannot create a folder in " + out + " to copy the run into");
    struct Cleanup {
        std::string path;
        ~Cleanup()
        {
            std::error_code ignored;
            fs::remove_all(path, ignored);
        }
    } cleanup{staging};

    // ssh's stdout goes into a file (runProcess runs no pipelines), then tar unpacks it here.
    StageResult copy;
    copy.name = "copy back";
    const Argv pack = packRunFolder(remoteRun);
    copy.argv = session.command(pack);
    ProcessSpec spec;
    spec.mergeStderr = false;
    spec.stdoutPath = staging + "/run.tar";
    auto t0 = std::chrono::steady_clock::now();
    copy.process = session.run(pack, spec, {}, progress);
    copy.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    result.stages.push_back(copy);
    if (copy.process.cancelled || progress.cancelled())
        throw Cancelled();
    if (!copy.process.ok()) {
        const std::string failure = cliFailure(session.target(), host, copy.process);
        throw RemoteFailure(!failure.empty() ? failure + " (copying the run folder back)"
                                             : "copying the run folder " + remoteRun + " back from " + session.host() +
                                                   " failed (exit code " + std::to_string(copy.process.exitCode) +
                                                   "): " + copy.process.errorOutput);
    }

    StageResult unpack;
    unpack.name = "unpack";
    unpack.argv = {"tar", "-xf", staging + "/run.tar", "-C", staging};
    ProcessSpec untar;
    untar.argv = unpack.argv;
    t0 = std::chrono::steady_clock::now();
    unpack.process = runProcess(untar, {}, progress);
    unpack.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    result.stages.push_back(unpack);
    if (unpack.process.cancelled || progress.cancelled())
        throw Cancelled();
    const std::string name = fs::path(remoteRun).filename().string();
    if (!unpack.process.ok() || !fs::is_directory(staging + "/" + name)) {
        const bool full = unpack.process.output.find("No space left on device") != std::string::npos;
        throw RemoteFailure(full ? "the disk is full on this machine (No space left on device) in " + out +
                                       ": the run folder copied from " + session.host() + " does not fit"
                                 : "unpacking the run folder copied from " + session.host() +
                                       " failed: " + unpack.process.startError + unpack.process.output);
    }
    const std::string local = freeLocalPath(out, name);
    fs::rename(staging + "/" + name, local, ec);
    if (ec)
        throw RemoteFailure("cannot move the copied run folder to " + local + ": " + ec.message());
    return local;
}

// The run's name (the remote CLI makes <remote directory>/<name>), checked with the host name
// before anything runs.
std::string checkedRunName(const SshTarget &target, const RemoteRunRequest &request)
{
    checkHostName(target.host);
    const std::string name = runName(request);
    if (name.empty() || name.find('/') != std::string::npos || name == "." || name == "..")
        throw pipeline::ToolError("the run name '" + name + "' is not a folder name");
    return name;
}

} // namespace

std::vector<pipeline::PlannedCommand> planRemoteRun(const SshTarget &target, const RemoteRunRequest &request)
{
    const std::string name = checkedRunName(target, request);
    // Shown with the remote directory as given (the host tells its absolute path on connecting) and
    // the connection socket's private folder as a pattern.
    HostInfo host;
    host.directory = remoteDirectoryArgument(target.remoteDirectory);
    host.cliCopied = target.copyCli;
    const std::string control = "/tmp/opscope-ssh-XXXXXX/%C";
    const auto ssh = [&](const Argv &remote) { return sshArgv(target, control, remote); };
    const Argv cli = remoteCli(target, host);
    std::vector<pipeline::PlannedCommand> commands;
    commands.push_back({"connect", ssh(prepareCommand(host.directory)), {}, {}});
    if (target.copyCli) {
        cliPackage(); // the CLI and launcher must exist here (ToolError otherwise)
        commands.push_back({"copy cli", packCliCommand("/tmp/opscope-upload-XXXXXX", "upload.tar"), {}, {}});
        commands.push_back({"copy cli", ssh(unpackCliCommand(host.directory, "STAMP")), {}, {}});
    }
    commands.push_back({"remote capture",
                        ssh(inGroup(withCli(cli, captureArguments(request.capture, name, host.directory)),
                                    pidFile(host, name, "capture"))),
                        {},
                        {}});
    const std::string remoteRun = host.directory + "/" + name;
    if (request.replay)
        commands.push_back(
            {"remote replay",
             ssh(inGroup(withCli(cli, replayArguments(*request.replay, remoteRun)), pidFile(host, name, "replay"))),
             {},
             {}});
    const std::string localTar = (fs::path(request.localOutDir) / (name + ".tar")).string();
    commands.push_back({"copy back", ssh(packRunFolder(remoteRun)), {}, localTar});
    commands.push_back({"unpack", {"tar", "-xf", localTar, "-C", request.localOutDir}, {}, {}});
    return commands;
}

PipelineResult runRemote(const SshTarget &target, const RemoteRunRequest &request,
                         const pipeline::StageCallbacks &callbacks, const Progress &progress)
{
    PipelineResult result;
    try {
        const std::string name = checkedRunName(target, request);
        SshSession session(target);
        progress.checkCancel();
        progress.report(0.0, ProgressStage::Step, "connect");
        HostInfo host = prepareHost(session, progress);
        if (target.copyCli)
            copyCli(session, host, progress);
        const Argv cli = remoteCli(target, host);
        const Argv captureCli = withCli(cli, captureArguments(request.capture, name, host.directory));

        progress.report(0.0, ProgressStage::Step, "remote capture");
        const CliStage capture =
            runCliStage(session, "remote capture", captureCli, pidFile(host, name, "capture"), callbacks, progress);
        result.stages.push_back(capture.result);
        progress.checkCancel();
        const std::string remoteRun = capture.runFolder;
        if (!capture.result.process.ok())
            result.problems.push_back(stageProblem(target, host, capture));
        else if (remoteRun.empty())
            result.problems.push_back("the remote capture on " + target.host + " printed no run folder");
        else
            forwardNotes(capture, result);

        bool importable = result.ok();
        if (result.ok() && request.replay) {
            pipeline::ReplayRequest replay = *request.replay;
            replay.run = remoteRun;
            progress.report(0.0, ProgressStage::Step, "remote replay");
            const CliStage replayed =
                runCliStage(session, "remote replay", withCli(cli, replayArguments(replay, remoteRun)),
                            pidFile(host, name, "replay"), callbacks, progress);
            result.stages.push_back(replayed.result);
            progress.checkCancel();
            if (!replayed.result.process.ok())
                result.problems.push_back(stageProblem(target, host, replayed));
            else
                forwardNotes(replayed, result);
            // As locally: kernel counts that disagree between the passes still give a profile.
            importable = replayed.result.process.ok() || replayed.imported;
        }
        if (remoteRun.empty())
            return result;

        // Also after a failure: the logs of the run are then here to read.
        const bool failed = !result.ok();
        try {
            result.runDir = copyBack(session, host, remoteRun, request.localOutDir, result, progress);
        } catch (const RemoteFailure &e) {
            if (!failed)
                throw;
            result.notes.push_back(std::string("the run folder could not be copied back: ") + e.what());
            return result;
        }
        pipeline::RunFolder run = pipeline::RunFolder::open(result.runDir);
        nlohmann::json stages = nlohmann::json::array();
        for (const StageResult &s : result.stages)
            stages.push_back(
                {{"name", s.name}, {"argv", s.argv}, {"exit_code", s.process.exitCode}, {"wall_s", s.wallSeconds}});
        run.manifest()["remote"] = {{"host", target.host},
                                    {"port", target.port},
                                    {"ssh_config", target.configFile},
                                    {"remote_directory", target.remoteDirectory},
                                    {"remote_opscope", target.remoteOpscope},
                                    {"copy_cli", target.copyCli},
                                    {"run_dir", remoteRun},
                                    {"machine", host.machine},
                                    {"stages", stages}};
        run.save();
        if (!importable || !request.capture.importProfile)
            return result;
        progress.report(0.0, ProgressStage::Step, "import");
        try {
            result.profilePath = pipeline::importRun(result.runDir, progress);
        } catch (const FileError &e) {
            result.problems.push_back(std::string("the run was copied back, but importing it failed: ") + e.what() +
                                      " (the tool outputs are in " + result.runDir + ")");
        }
    } catch (const RemoteFailure &e) {
        result.problems.push_back(e.what());
    } catch (const pipeline::ToolError &e) {
        result.problems.push_back(e.what());
    } catch (const FileError &e) {
        result.problems.push_back(e.what());
    }
    return result;
}

std::optional<SshTarget> capturedOn(const std::string &run)
{
    const nlohmann::json record = pipeline::RunFolder::open(run).manifest().value("remote", nlohmann::json());
    if (!record.is_object() || !record.contains("host") || !record["host"].is_string())
        return std::nullopt;
    SshTarget target;
    target.host = record["host"].get<std::string>();
    target.port = record.value("port", 0);
    target.configFile = record.value("ssh_config", "");
    target.remoteDirectory = record.value("remote_directory", "");
    target.remoteOpscope = record.value("remote_opscope", "");
    target.copyCli = record.value("copy_cli", false);
    return target;
}

verify::VerifyResult runRemoteVerify(const SshTarget &target, const verify::VerifyRequest &request,
                                     const verify::VerifyCallbacks &callbacks, const Progress &progress)
{
    if (request.profile)
        throw pipeline::ToolError("--profile runs on this machine only: run opscope verify --profile on " +
                                  target.host);
    pipeline::RunFolder local = pipeline::RunFolder::open(request.run);
    const nlohmann::json remoteRecord = local.manifest().value("remote", nlohmann::json());
    if (!remoteRecord.is_object() || !remoteRecord.contains("run_dir") || !remoteRecord["run_dir"].is_string())
        throw pipeline::ToolError(request.run + " was not captured over SSH (its manifest names no run folder on a "
                                                "host): run opscope verify without --ssh");
    const std::string remoteRun = remoteRecord["run_dir"].get<std::string>();
    std::vector<std::string> fixes = request.fixes;
    nlohmann::ordered_json insight = nullptr;
    if (request.insight) { // the host's run has no profile (it is imported here): the item is read here
        verify::InsightFix item = verify::fixOfInsight(request.run, *request.insight);
        fixes = item.fixes;
        insight = item.insight;
    }
    checkHostName(target.host);
    Argv arguments = {"verify", remoteRun};
    for (const std::string &fix : fixes)
        arguments.insert(arguments.end(), {"--fix", fix});
    if (request.rounds > 0)
        arguments.insert(arguments.end(), {"--rounds", std::to_string(request.rounds)});
    arguments.insert(arguments.end(), {"--max-rounds", std::to_string(request.maxRounds)});
    if (request.blockSteps > 0)
        arguments.insert(arguments.end(), {"--steps", std::to_string(request.blockSteps)});
    if (request.warmup >= 0)
        arguments.insert(arguments.end(), {"--warmup", std::to_string(request.warmup)});
    if (request.freshProcesses)
        arguments.emplace_back("--fresh-processes");
    if (!request.python.empty())
        arguments.insert(arguments.end(), {"--python", request.python});
    if (request.timeout)
        arguments.insert(arguments.end(), {"--timeout", std::to_string((request.timeout->count() + 999) / 1000)});
    arguments.emplace_back("--verbose");
    try {
        SshSession session(target);
        progress.report(0.0, ProgressStage::Step, "connect");
        HostInfo host = prepareHost(session, progress);
        if (target.copyCli)
            copyCli(session, host, progress);
        pipeline::StageCallbacks lines;
        if (callbacks.onLine)
            lines.onLine = [&](std::string_view, std::string_view line) { callbacks.onLine("remote", line); };
        const CliStage stage = runCliStage(session, "remote verify", withCli(remoteCli(target, host), arguments),
                                           pidFile(host, local.name(), "verify"), lines, progress);
        progress.checkCancel();
        if (!stage.result.process.ok())
            throw pipeline::ToolError(stageProblem(target, host, stage));
        // The host stored its result in its run folder: the last one there is this verify's.
        ProcessSpec spec;
        spec.mergeStderr = false;
        const ProcessResult stored = session.run({"cat", remoteRun + "/verify.json"}, spec, {}, progress);
        progress.checkCancel();
        const nlohmann::json all = nlohmann::json::parse(stored.output, nullptr, false);
        if (!stored.ok() || !all.is_object() || !all.contains("results") || !all["results"].is_array() ||
            all["results"].empty())
            throw pipeline::ToolError("the verify on " + target.host + " stored no result in " + remoteRun +
                                      "/verify.json");
        nlohmann::json result = all["results"].back();
        result["host"] = target.host;
        if (!insight.is_null())
            result["insight"] = nlohmann::json::parse(insight.dump());
        else if (const auto measured = verify::insightMeasuredBy(request.run, result.value("fix", ""));
                 !measured.is_null())
            result["insight"] = nlohmann::json::parse(measured.dump());
        verify::storeResult(request.run, nlohmann::ordered_json::parse(result.dump()));
        return verify::resultFromJson(result);
    } catch (const RemoteFailure &e) {
        throw pipeline::ToolError(e.what());
    }
}

} // namespace opscope::remote
