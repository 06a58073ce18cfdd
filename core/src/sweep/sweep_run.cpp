// Running a sweep: one pipeline run per configuration into the sweep folder (see opscope/sweep.h).
#include "opscope/sweep.h"

#include "opscope/errors.h"
#include "opscope/file_util.h"
#include "opscope/pipeline/cli_options.h"
#include "opscope/pipeline/run_folder.h"
#include "opscope/pipeline/tools.h"

#include <algorithm>
#include <chrono>
#include <filesystem>

namespace opscope::sweep {

namespace {

namespace fs = std::filesystem;

// The options every run shares, as `opscope capture|profile` takes them: what --resume compares.
std::vector<std::string> sharedOptions(const SweepRequest &request)
{
    pipeline::CaptureRequest capture = request.capture;
    capture.outDir = pipeline::CaptureRequest{}.outDir; // the sweep folder's place, not a run's option
    capture.name.clear();
    std::vector<std::string> options = pipeline::captureCliOptions(capture);
    if (request.replay) {
        const auto replay = pipeline::replayCliOptions(*request.replay);
        options.insert(options.end(), replay.begin(), replay.end());
    }
    return options;
}

// The script said it does not know one of the parameters (argparse: "unrecognized arguments: --foo 3"):
// every configuration would fail the same way. Returns what to tell the user, or empty.
std::string unknownParameter(const Sweep &sweep, const std::string &error)
{
    const size_t at = error.find("unrecognized arguments:");
    if (sweep.passAs != PassAs::Args || at == std::string::npos)
        return {};
    const std::string said = error.substr(at, error.find('\n', at) - at);
    for (const auto &p : sweep.parameters) {
        const std::string option = "--" + p.name;
        for (size_t pos = said.find(option); pos != std::string::npos; pos = said.find(option, pos + 1)) {
            const size_t end = pos + option.size();
            if (said[pos - 1] == ' ' && (end == said.size() || said[end] == ' ' || said[end] == '='))
                return "the script " + sweep.script + " does not take the parameter " + option + " (it said: " + said +
                       "). Sweep parameters reach the script as " + option +
                       " VALUE: add the option to its argument parser, or pass the parameters as environment "
                       "variables with --as-env. Stopped after this run: every configuration would fail the same "
                       "way.";
        }
    }
    return {};
}

std::string joined(const std::vector<std::string> &lines)
{
    std::string text;
    for (const auto &line : lines)
        text += (text.empty() ? "" : "\n") + line;
    return text;
}

// --resume: the folder's sweep must be the one asked for, else its runs would mean something else.
void checkSameSweep(const Sweep &existing, const Sweep &asked)
{
    auto differs = [&](const std::string &what) {
        throw SweepError("--resume: the sweep in " + existing.path + " was made with other " + what +
                         "; resume it with the same command, or start a new sweep with another --name");
    };
    if (existing.parameters != asked.parameters)
        differs("parameters");
    if (fs::path(existing.script).lexically_normal() != fs::path(asked.script).lexically_normal() ||
        existing.args != asked.args)
        differs("script arguments");
    if (existing.passAs != asked.passAs || existing.zip != asked.zip)
        differs("--as-args/--as-env or --zip");
    if (existing.replay != asked.replay || existing.tools != asked.tools)
        differs("capture or replay options");
    if (existing.runs.size() != asked.runs.size())
        differs("configurations");
}

} // namespace

size_t SweepResult::failed() const
{
    return size_t(std::count_if(sweep.runs.begin(), sweep.runs.end(),
                                [](const SweepRun &r) { return r.status == RunStatus::Failed; }));
}

std::string sweepFolder(const SweepRequest &request)
{
    const std::string name = request.capture.name.empty()
                                 ? pipeline::defaultRunName(request.capture.workload.script) + "-sweep"
                                 : request.capture.name;
    return fs::absolute(fs::path(request.capture.outDir) / name).lexically_normal().string();
}

pipeline::CaptureRequest captureFor(const SweepRequest &request, const std::vector<std::string> &values)
{
    pipeline::CaptureRequest capture = request.capture;
    const auto &args = capture.workload.args;
    for (size_t i = 0; i < request.parameters.size() && i < values.size(); ++i) {
        const std::string &name = request.parameters[i].name;
        if (request.passAs == PassAs::Env) {
            capture.workload.env[name] = values[i];
            continue;
        }
        const std::string option = "--" + name;
        if (std::any_of(args.begin(), args.end(),
                        [&](const std::string &a) { return a == option || a.starts_with(option + "="); }))
            throw SweepError("the script's arguments already give " + option +
                             ", which the sweep sets for each run: leave it out of ARGS");
        capture.workload.args.push_back(option);
        capture.workload.args.push_back(values[i]);
    }
    capture.outDir = sweepFolder(request);
    capture.name = runFolderName(request.parameters, values);
    return capture;
}

Sweep planSweep(const SweepRequest &request)
{
    Sweep s;
    s.path = sweepFolder(request);
    s.script = request.capture.workload.script;
    s.args = request.capture.workload.args;
    s.parameters = request.parameters;
    s.passAs = request.passAs;
    s.zip = request.zip;
    s.replay = request.replay.has_value();
    s.tools = sharedOptions(request);
    for (auto &values : configurations(request.parameters, request.zip)) {
        captureFor(request, values); // refuses a parameter ARGS already give
        SweepRun run;
        run.folder = runFolderName(request.parameters, values);
        run.values = std::move(values);
        s.runs.push_back(std::move(run));
    }
    return s;
}

SweepResult runSweep(const SweepRequest &request, const SweepCallbacks &callbacks, const Progress &progress)
{
    SweepResult result;
    result.sweep = planSweep(request);
    Sweep &sweep = result.sweep;
    const bool exists = fileExists(sweep.file());
    if (request.resume) {
        if (!exists)
            throw SweepError("--resume: " + sweep.path + " holds no sweep to continue (no sweep.json)");
        const Sweep existing = loadSweep(sweep.path);
        checkSameSweep(existing, sweep);
        sweep.runs = existing.runs;
    } else {
        if (exists)
            throw SweepError(sweep.path +
                             " already holds a sweep: add --resume to run what did not finish, or choose another "
                             "--name");
        if (isDirectory(sweep.path) && !fs::is_empty(sweep.path))
            throw SweepError(sweep.path + " exists and is not empty: choose another --name or --out");
    }
    if (request.replay) // before the first capture, not after it
        pipeline::requireNcu(request.replay->ncuPath);
    std::error_code ec;
    fs::create_directories(sweep.path, ec);
    if (ec)
        throw FileError(sweep.path, "cannot create the sweep folder: " + ec.message());
    saveSweep(sweep);

    for (size_t i = 0; i < sweep.runs.size(); ++i) {
        SweepRun &run = sweep.runs[i];
        if (run.status == RunStatus::Ok)
            continue;
        // A run that did not finish before (--resume) starts again in a fresh folder of its name.
        if (fileExists(sweep.runPath(i) + "/manifest.json"))
            fs::remove_all(sweep.runPath(i), ec);
        run.status = RunStatus::Pending;
        run.error.clear();
        run.profile.clear();
        if (callbacks.onRunStarted)
            callbacks.onRunStarted(sweep, i);
        const auto started = std::chrono::steady_clock::now();
        auto seconds = [&] {
            return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        };
        pipeline::PipelineResult outcome;
        try {
            const pipeline::CaptureRequest capture = captureFor(request, run.values);
            outcome = request.replay ? pipeline::runProfile(capture, *request.replay, callbacks.stage, progress)
                                     : pipeline::runCapture(capture, callbacks.stage, progress);
        } catch (const Cancelled &) {
            run.status = RunStatus::Cancelled;
            run.wallSeconds = seconds();
            saveSweep(sweep);
            throw;
        } catch (const FileError &e) {
            outcome.problems.push_back(e.what());
        }
        ++result.ran;
        run.wallSeconds = seconds();
        if (!outcome.runDir.empty())
            run.folder = fs::path(outcome.runDir).filename().string();
        if (!outcome.profilePath.empty())
            run.profile = fs::path(outcome.profilePath).lexically_relative(sweep.path).string();
        run.status = outcome.ok() ? RunStatus::Ok : RunStatus::Failed;
        run.error = joined(outcome.problems);
        saveSweep(sweep);
        if (callbacks.onRunFinished)
            callbacks.onRunFinished(sweep, i, outcome);
        if (run.status == RunStatus::Failed) {
            result.stopped = unknownParameter(sweep, run.error);
            if (!result.stopped.empty())
                break;
        }
    }
    return result;
}

} // namespace opscope::sweep
