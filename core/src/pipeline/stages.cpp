// Running one stage of a run into its folder, and reading what it left behind.
#include "pipeline/stages.h"

#include "opscope/capture_import.h"
#include "opscope/errors.h"
#include "opscope/file_util.h"
#include "opscope/json_input.h"
#include "opscope/profile_store.h"

#include <chrono>
#include <cstdlib>
#include <deque>
#include <filesystem>
#include <fstream>

namespace opscope::pipeline::detail {

namespace {

std::string stageStatus(const ProcessResult &r)
{
    if (!r.started)
        return r.cancelled ? "cancelled" : "not-started";
    if (r.cancelled)
        return "cancelled";
    if (r.timedOut)
        return "timed-out";
    return r.ok() ? "ok" : "failed";
}

} // namespace

StageOutcome runStage(RunFolder &run, const StageSpec &spec, const StageCallbacks &callbacks, const Progress &progress)
{
    StageOutcome outcome;
    ProcessSpec ps;
    ps.argv = spec.argv;
    ps.workingDirectory = spec.workingDirectory;
    ps.setEnv = spec.env;
    ps.logPath = run.file(spec.log);
    ps.timeout = spec.timeout;
    if (!spec.stdoutFile.empty())
        ps.stdoutPath = run.file(spec.stdoutFile);
    {
        // The log starts with what ran, so it can be read (and rerun) on its own.
        std::ofstream log(ps.logPath, std::ios::app | std::ios::binary);
        log << "# opscope stage " << spec.name << "\n";
        for (const auto &[name, value] : spec.env)
            log << "# env " << name << "=" << value << "\n";
        log << "$ " << displayCommand(spec.argv) << "\n";
    }

    std::deque<std::string> tail;
    const auto t0 = std::chrono::steady_clock::now();
    int64_t profilingLines = 0; // ==PROF== Profiling lines so far
    const auto onLine = [&](std::string_view line) {
        if (!line.empty()) {
            tail.emplace_back(line.substr(0, 400));
            if (tail.size() > 12)
                tail.pop_front();
        }
        if (callbacks.onLine)
            callbacks.onLine(spec.name, line);
        ToolEvent event = parseToolLine(line);
        if (event.kind == ToolEvent::Kind::None)
            return;
        switch (event.kind) {
        case ToolEvent::Kind::NcuKernel: {
            ++profilingLines;
            if (event.current <= 0) // a line without ncu's kernel index
                event.current = profilingLines;
            outcome.ncuKernels = std::max(outcome.ncuKernels, event.current);
            const double at = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            if (outcome.firstKernelAt < 0)
                outcome.firstKernelAt = at;
            outcome.lastKernelAt = at;
            break;
        }
        case ToolEvent::Kind::CaptureStart:
            outcome.captureStarted = true;
            break;
        case ToolEvent::Kind::CaptureEnd:
        case ToolEvent::Kind::LauncherDone:
            outcome.capturedSteps = std::max(outcome.capturedSteps, event.current);
            break;
        default:
            break;
        }
        if (std::string diagnosis = diagnosisFor(event);
            !diagnosis.empty() &&
            std::find(outcome.diagnoses.begin(), outcome.diagnoses.end(), diagnosis) == outcome.diagnoses.end())
            outcome.diagnoses.push_back(std::move(diagnosis));
        if (event.fraction >= 0)
            progress.report(event.fraction, ProgressStage::Step, spec.name);
        if (callbacks.onEvent)
            callbacks.onEvent(spec.name, event);
    };

    outcome.result.name = spec.name;
    outcome.result.argv = spec.argv;
    outcome.result.process = runProcess(ps, onLine, progress);
    outcome.result.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    for (const auto &line : tail)
        outcome.lastLines += line + "\n";

    const ProcessResult &r = outcome.result.process;
    nlohmann::json record = {{"name", spec.name},
                             {"argv", spec.argv},
                             {"env", spec.env},
                             {"working_directory", spec.workingDirectory},
                             {"log", spec.log},
                             {"status", stageStatus(r)},
                             {"exit_code", r.started ? nlohmann::json(r.exitCode) : nlohmann::json()},
                             {"signal", r.signal},
                             {"wall_s", outcome.result.wallSeconds}};
    if (!spec.stdoutFile.empty())
        record["stdout"] = spec.stdoutFile;
    if (!r.startError.empty())
        record["start_error"] = r.startError;
    if (!outcome.diagnoses.empty())
        record["diagnoses"] = outcome.diagnoses;
    run.manifest()["stages"].push_back(std::move(record));
    run.save();
    if (r.cancelled)
        throw Cancelled();
    return outcome;
}

std::string describeFailure(const RunFolder &run, const StageSpec &spec, const StageOutcome &outcome)
{
    const ProcessResult &r = outcome.result.process;
    std::string text = spec.name + " failed";
    if (!r.started)
        text += " to start: " + r.startError;
    else if (r.timedOut)
        text += ": timed out after " + std::to_string(int64_t(outcome.result.wallSeconds)) + " s";
    else if (r.signal != 0)
        text += ": killed by signal " + std::to_string(r.signal);
    else
        text += " (exit code " + std::to_string(r.exitCode) + ")";
    for (const auto &d : outcome.diagnoses)
        text += "\n  " + d;
    if (!outcome.lastLines.empty())
        text += "\n  last output:\n    " + [&] {
            std::string indented;
            for (char c : outcome.lastLines)
                indented += c == '\n' ? std::string("\n    ") : std::string(1, c);
            while (!indented.empty() && (indented.back() == ' ' || indented.back() == '\n'))
                indented.pop_back();
            return indented;
        }();
    text += "\n  full log: " + run.file(spec.log);
    return text;
}

std::map<std::string, std::string> launcherEnvironment(const std::string &launcherDir,
                                                       const std::map<std::string, std::string> &userEnv)
{
    std::map<std::string, std::string> env = userEnv;
    std::string pythonPath = launcherDir;
    if (auto it = userEnv.find("PYTHONPATH"); it != userEnv.end() && !it->second.empty())
        pythonPath += ":" + it->second;
    else if (const char *inherited = std::getenv("PYTHONPATH"); inherited && *inherited)
        pythonPath += std::string(":") + inherited;
    env["PYTHONPATH"] = pythonPath;
    env["PYTHONUNBUFFERED"] = "1"; // the workload's lines arrive as it prints them
    return env;
}

void recordRunResult(RunFolder &run, const PipelineResult &result, std::chrono::steady_clock::time_point started)
{
    nlohmann::json &m = run.manifest();
    m["result"] = result.ok() ? "ok" : "failed";
    if (!result.problems.empty())
        m["problems"] = result.problems;
    m["wall_s"] = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    run.save();
}

nlohmann::json readJsonFile(const std::string &path)
{
    if (!fileExists(path))
        return nullptr;
    try {
        return parseJsonInput(readWholeFile(path));
    } catch (const std::exception &) {
        return nullptr;
    }
}

std::string resolveScript(const Workload &workload)
{
    namespace fs = std::filesystem;
    fs::path script(workload.script);
    if (script.is_relative() && !workload.workingDirectory.empty())
        script = fs::path(workload.workingDirectory) / script;
    std::error_code ec;
    const fs::path absolute = fs::absolute(script, ec);
    const std::string path = (ec ? script : absolute).lexically_normal().string();
    if (!fileExists(path) || isDirectory(path))
        throw FileError(path, "the workload script does not exist");
    return path;
}

} // namespace opscope::pipeline::detail
