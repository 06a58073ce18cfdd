#include "wizards/run_job.h"
#include "common/qt_text.h"

#include "opscope/errors.h"

#include <QObject>

#include <algorithm>
#include <filesystem>

namespace opscope::ui {

namespace {

using pipeline::Argv;

std::string absoluteFolder(const std::string &folder, const std::string &name)
{
    std::error_code ec;
    const std::filesystem::path base = std::filesystem::absolute(folder.empty() ? "." : folder, ec);
    return (base / name).lexically_normal().string();
}

} // namespace

remote::RemoteRunRequest RunJob::remoteRequest() const
{
    remote::RemoteRunRequest request;
    request.capture = capture;
    request.replay = replay;
    request.localOutDir = localOutDir;
    return request;
}

sweep::SweepRequest RunJob::sweepRequest() const
{
    sweep::SweepRequest request;
    request.capture = capture;
    request.replay = replay;
    request.parameters = sweepParameters;
    request.passAs = sweepPassAs;
    return request;
}

std::string RunJob::runDir() const
{
    switch (kind) {
    case Kind::Capture:
        return absoluteFolder(capture.outDir, capture.name);
    case Kind::Remote:
        return absoluteFolder(localOutDir, capture.name);
    case Kind::Replay:
        try {
            return replay ? pipeline::RunFolder::open(replay->run).path() : std::string();
        } catch (const FileError &) {
            return replay->run;
        }
    }
    return {};
}

JobPlan planJob(const RunJob &job)
{
    JobPlan plan;
    plan.runDir = job.runDir();
    try {
        if (job.isSweep()) {
            // One stage row per configuration; the commands are those of the first, the others differ
            // only in the parameter values.
            const sweep::SweepRequest request = job.sweepRequest();
            const sweep::Sweep planned = sweep::planSweep(request);
            plan.runDir = planned.path;
            if (job.replay)
                pipeline::requireNcu(job.replay->ncuPath);
            pipeline::CaptureRequest first = sweep::captureFor(request, planned.runs.front().values);
            first.importProfile = !job.replay;
            plan.commands = pipeline::planCapture(first);
            for (size_t i = 0; i < planned.runs.size(); ++i)
                plan.stages.push_back(planned.describe(i));
            plan.notes.push_back("A sweep of " + std::to_string(planned.runs.size()) +
                                 " runs, one per configuration, each in its own run folder inside " + planned.path +
                                 " (with sweep.json); the commands shown are the first run's (" + planned.describe(0) +
                                 "), the others differ only in the parameter values." +
                                 (job.replay ? " Each run is also replayed under ncu." : ""));
            return plan;
        }
        switch (job.kind) {
        case RunJob::Kind::Capture: {
            pipeline::CaptureRequest capture = job.capture;
            capture.importProfile = !job.replay;
            if (job.replay)
                pipeline::requireNcu(job.replay->ncuPath); // before a long capture, not after it
            if (capture.nprocPerNode > 0 || capture.srunArgs) {
                // A distributed job: torchrun / srun runs `opscope-cli capture|profile` on every rank.
                plan.commands = pipeline::planRanks(capture, job.replay);
                plan.stages = {plan.commands.front().stage};
                plan.notes.push_back("Every rank runs the capture" + std::string(job.replay ? " and the replay" : "") +
                                     " into its part of the run folder; the ranks are then imported as one profile.");
                break;
            }
            plan.commands = pipeline::planCapture(capture);
            for (const auto &c : plan.commands)
                plan.stages.push_back(c.stage);
            if (job.replay) {
                Argv replay = {"opscope", "replay", plan.runDir};
                const Argv options = pipeline::replayCliOptions(*job.replay);
                replay.insert(replay.end(), options.begin(), options.end());
                plan.commands.push_back({"replay", replay, {}, {}});
                plan.notes.push_back(
                    "The replay runs ncu over the captured step once the capture has written the run folder; its "
                    "exact command (with one --nvtx-exclude per duplicate layer the capture finds) is recorded in "
                    "the run's manifest and ncu.log. `opscope replay RUN --dry-run` prints it.");
                plan.stages.insert(plan.stages.end(), {"ncu", "ncu-export"});
            }
            break;
        }
        case RunJob::Kind::Replay: {
            if (!job.replay)
                throw std::runtime_error("no run folder was chosen");
            plan.commands = pipeline::planReplay(*job.replay);
            for (const auto &c : plan.commands)
                plan.stages.push_back(c.stage);
            if (const auto values = pipeline::replayValuesToConfirm(*job.replay); !values.empty()) {
                std::string list;
                for (const std::string &v : values)
                    list += "\n  " + v;
                plan.notes.push_back("This run was not captured here (or its manifest was changed since): the replay "
                                     "runs what its manifest names, which someone else may have chosen. Check each "
                                     "value before you press Run:" +
                                     list);
            }
            break;
        }
        case RunJob::Kind::Remote: {
            plan.commands = remote::planRemoteRun(job.target, job.remoteRequest());
            for (const auto &c : plan.commands) // "unpack" is part of copying back
                if (c.stage != "unpack" &&
                    std::find(plan.stages.begin(), plan.stages.end(), c.stage) == plan.stages.end())
                    plan.stages.push_back(c.stage);
            plan.notes.push_back("The run folder is made on " + job.target.host + " and copied back to " + plan.runDir +
                                 ", where it is imported.");
            break;
        }
        }
        plan.stages.push_back("import");
    } catch (const std::exception &e) {
        plan.error = e.what();
        plan.commands.clear();
        plan.stages.clear();
    }
    return plan;
}

std::string planText(const JobPlan &plan)
{
    std::string text;
    for (const auto &c : plan.commands) {
        text += "# " + c.stage + "\n";
        if (!c.env.empty()) {
            Argv env = {"env"};
            for (const auto &[name, value] : c.env)
                env.push_back(name + "=" + value);
            text += displayCommand(env) + " ";
        }
        text += displayCommand(c.argv);
        if (!c.stdoutFile.empty())
            text += " > " + displayCommand({c.stdoutFile});
        text += "\n";
    }
    return text;
}

Argv cliEquivalent(const RunJob &job)
{
    Argv argv = {"opscope"};
    Argv arguments;
    if (job.isSweep()) {
        argv.push_back("sweep");
        for (const auto &p : job.sweepParameters) {
            std::string values;
            for (const auto &v : p.values)
                values += (values.empty() ? "" : ",") + v;
            argv.insert(argv.end(), {"--param", p.name + "=" + values});
        }
        if (job.sweepPassAs == sweep::PassAs::Env)
            argv.push_back("--as-env");
        if (job.replay)
            argv.push_back("--replay");
        arguments = job.replay ? pipeline::profileCliArguments(job.capture, *job.replay)
                               : pipeline::captureCliArguments(job.capture);
        argv.insert(argv.end(), arguments.begin(), arguments.end());
        return argv;
    }
    switch (job.kind) {
    case RunJob::Kind::Capture:
    case RunJob::Kind::Remote: // a remote run is this command executed on the host (planRemoteRun shows how)
        argv.push_back(job.replay ? "profile" : "capture");
        arguments = job.replay ? pipeline::profileCliArguments(job.capture, *job.replay)
                               : pipeline::captureCliArguments(job.capture);
        break;
    case RunJob::Kind::Replay:
        argv.insert(argv.end(), {"replay", job.replay ? job.replay->run : std::string()});
        if (job.replay)
            arguments = pipeline::replayCliOptions(*job.replay);
        break;
    }
    argv.insert(argv.end(), arguments.begin(), arguments.end());
    return argv;
}

bool isReplayStage(std::string_view id)
{
    return (id == "ncu" || id.starts_with("ncu-")) && !id.ends_with("-export");
}

QString stageLabel(std::string_view id)
{
    if (id == "correlation")
        return QObject::tr("Correlation pass (torch.profiler)");
    if (id == "nsys")
        return QObject::tr("Capture (nsys)");
    if (id == "capture")
        return QObject::tr("Capture (torch.profiler)");
    if (id == "nsys-export")
        return QObject::tr("Export (nsys → SQLite)");
    if (id.starts_with("ncu") && id.ends_with("-export"))
        return QObject::tr("Export (ncu → CSV)");
    if (isReplayStage(id))
        return QObject::tr("Replay (ncu)");
    if (id == "import")
        return QObject::tr("Import");
    if (id == "torchrun")
        return QObject::tr("Ranks (torchrun)");
    if (id == "srun")
        return QObject::tr("Ranks (srun)");
    if (id == "remote capture")
        return QObject::tr("Capture on the host");
    if (id == "remote replay")
        return QObject::tr("Replay on the host (ncu)");
    if (id == "copy back")
        return QObject::tr("Copy the run back");
    if (id == "connect")
        return QObject::tr("Connect (ssh)");
    if (id == "copy cli")
        return QObject::tr("Copy the OpScope CLI there");
    return toQString(id);
}

} // namespace opscope::ui
