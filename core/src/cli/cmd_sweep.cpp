// Config sweeps: sweep (a pipeline run per configuration) and sweep-report (a metric across them).
#include "cli/commands.h"

#include "opscope/errors.h"
#include "opscope/pipeline.h"
#include "opscope/process.h"
#include "opscope/sweep.h"
#include "opscope/sweep_report.h"

#include <limits>
#include <ostream>

namespace opscope::cli {

namespace {

using namespace opscope::sweep;

const std::vector<OptionSpec> &sweepOptionSpecs()
{
    static const std::vector<OptionSpec> options = {
        {"--param", "NAME=V1,V2,...", "",
         "a parameter and its values (repeat for more parameters); each run gets one value of each"},
        {"--as-args", "", "", "pass each value to the script as --NAME VALUE after ARGS (the default)"},
        {"--as-env", "", "", "pass each value as the environment variable NAME=VALUE"},
        {"--zip", "", "", "pair the i-th values of all parameters instead of running every combination"},
        {"--replay", "", "", "replay each captured step under ncu as opscope profile does (counters, FLOP/s)"},
        {"--resume", "", "", "continue the sweep in --out/--name: runs that finished are kept, the others run"},
        {"--out", "DIR", "opscope-runs", "where the sweep folder is made"},
        {"--name", "NAME", "script name, time and -sweep", "the sweep folder's name"},
        {"--dry-run", "", "", "list the runs and the opscope command of each, run nothing"},
    };
    return options;
}

SweepRequest parseSweepRequest(const ParsedArgs &args)
{
    if (args.has("--as-args") && args.has("--as-env"))
        throw UsageError("--as-args and --as-env contradict each other");
    SweepRequest request;
    request.passAs = args.has("--as-env") ? PassAs::Env : PassAs::Args;
    request.zip = args.has("--zip");
    request.resume = args.has("--resume");
    request.capture = pipeline::parseCaptureOptions(args);
    if (args.has("--replay")) {
        if (request.capture.tool == pipeline::CaptureTool::Auto)
            request.capture.tool = pipeline::CaptureTool::Nsys;
        if (request.capture.tool != pipeline::CaptureTool::Nsys)
            throw UsageError("--replay needs an nsys capture, not --tool " +
                             std::string(toString(request.capture.tool)));
        request.replay = pipeline::parseReplayOptions(args, {});
    }
    const std::vector<std::string> params = args.all("--param");
    if (params.empty())
        throw UsageError("no parameter to sweep: give --param NAME=V1,V2,...");
    for (const auto &text : params)
        request.parameters.push_back(parseParameter(text, request.passAs));
    return request;
}

int runSweepCommand(const ParsedArgs &args, CliEnvironment &env)
{
    try {
        const SweepRequest request = parseSweepRequest(args);
        if (args.has("--dry-run")) {
            const Sweep plan = planSweep(request);
            env.out << "sweep folder: " << plan.path << "\n";
            for (size_t i = 0; i < plan.runs.size(); ++i) {
                pipeline::CaptureRequest capture = captureFor(request, plan.runs[i].values);
                pipeline::Argv argv = {"opscope", request.replay ? "profile" : "capture"};
                const pipeline::Argv rest = request.replay ? pipeline::profileCliArguments(capture, *request.replay)
                                                           : pipeline::captureCliArguments(capture);
                argv.insert(argv.end(), rest.begin(), rest.end());
                env.out << "run " << i + 1 << "/" << plan.runs.size() << " " << plan.describe(i) << "\n";
                for (const auto &[name, value] : capture.workload.env)
                    if (request.passAs == PassAs::Env && !request.capture.workload.env.count(name))
                        env.out << "  # env " << name << "=" << value << "\n";
                env.out << "  " << displayCommand(argv) << "\n";
            }
            return 0;
        }
        CancelOnSignals signals;
        SweepCallbacks callbacks;
        callbacks.stage = consoleCallbacks(env.err, args.has("--verbose"));
        callbacks.onRunStarted = [&env](const Sweep &s, size_t i) {
            env.err << "opscope sweep: run " << i + 1 << "/" << s.runs.size() << " " << s.describe(i) << "\n";
        };
        callbacks.onRunFinished = [&env](const Sweep &s, size_t i, const pipeline::PipelineResult &r) {
            for (const auto &problem : r.problems)
                env.err << "opscope sweep: run " << i + 1 << " failed: " << problem << "\n";
            env.err << "opscope sweep: run " << i + 1 << "/" << s.runs.size() << " " << toString(s.runs[i].status)
                    << " in " << static_cast<int64_t>(s.runs[i].wallSeconds + 0.5) << " s\n";
        };
        const SweepResult result = runSweep(request, callbacks, signals.progress());
        const size_t ok = std::count_if(result.sweep.runs.begin(), result.sweep.runs.end(),
                                        [](const SweepRun &r) { return r.status == RunStatus::Ok; });
        env.out << "sweep folder: " << result.sweep.path << "\n";
        env.out << ok << " of " << result.sweep.runs.size() << " run(s) finished, " << result.failed() << " failed";
        if (result.ran < result.sweep.runs.size())
            env.out << ", " << result.sweep.runs.size() - result.ran << " not run now";
        env.out << "\n";
        if (!result.stopped.empty())
            env.err << "opscope sweep: error: " << result.stopped << "\n";
        return result.ok() ? 0 : 1;
    } catch (const SweepError &e) {
        throw UsageError(e.what());
    } catch (const pipeline::ToolError &e) {
        env.err << "opscope sweep: " << e.what() << "\n";
        return 1;
    }
}

int runSweepReport(const ParsedArgs &args, CliEnvironment &env)
{
    SweepReportOptions options;
    options.metric = args.value("--metric", "step-time");
    if (args.has("--by")) {
        const auto by = parseSweepBy(args.value("--by"));
        if (!by || *by == SweepBy::Step)
            throw UsageError("--by must be module, operator or kernel");
        options.by = *by;
    }
    options.top = int(std::min<long long>(integerOption(args, "--top", 5), std::numeric_limits<int>::max()));
    options.depth = int(std::min<long long>(integerOption(args, "--depth", 1), 64));
    if (args.has("--json") && args.has("--csv"))
        throw UsageError("give --json or --csv, not both");
    try {
        const SweepReport report = sweepReport(loadSweep(args.positionals.at(0)), options);
        if (args.has("--json"))
            env.out << sweepReportJson(report).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
        else if (args.has("--csv"))
            env.out << sweepReportCsv(report);
        else
            env.out << sweepReportText(report);
        return 0;
    } catch (const SweepError &e) {
        throw UsageError(e.what());
    }
}

} // namespace

std::vector<CommandSpec> sweepCommands()
{
    constexpr size_t kAny = std::numeric_limits<size_t>::max();
    return {
        {"sweep", "opscope sweep SCRIPT --param NAME=V1,V2,... [--param ...] [OPTIONS] [-- ARGS...]",
         "Profile SCRIPT once per configuration: every combination of the --param values (or, with --zip,\n"
         "the i-th value of each), each passed as --NAME VALUE after ARGS (or --as-env), each a capture\n"
         "(with --replay also an ncu replay) into one sweep folder with sweep.json. A failed run is\n"
         "recorded and the next one starts; --resume runs what did not finish. The capture and replay\n"
         "options are those of opscope capture and replay; see sweep-report for the figures.",
         1, kAny,
         joinOptions(joinOptions(sweepOptionSpecs(), pipeline::captureOptionSpecs()), pipeline::replayOptionSpecs()),
         runSweepCommand},
        {"sweep-report",
         "opscope sweep-report DIR [--metric M] [--by module|operator|kernel] [--top N] [--json|--csv]",
         "Print a metric for every configuration of the sweep in DIR, one column per series: step-time (the\n"
         "plain and the captured step), gpu-time, cpu-time, flops (achieved FLOP/s) or any ncu counter by\n"
         "name; per step, or per module (--depth levels below the root), operator or kernel, the --top N\n"
         "that carry the most.",
         1,
         1,
         {{"--metric", "M", "step-time",
           "step-time | gpu-time | cpu-time | flops | tokens-per-s | tpot | ttft (generation requests) | an ncu "
           "counter name"},
          {"--by", "WHAT", "the step", "module | operator | kernel: one series per module, operator or kernel"},
          {"--top", "N", "5", "series kept with --by: those with the largest sum over the configurations; 0: all"},
          {"--depth", "N", "1", "--by module: modules N levels below the root module (leaves above it count too)"},
          {"--json", "", "", "print JSON"},
          {"--csv", "", "", "print CSV (values in base units: ns, FLOP/s, the counter's unit)"}},
         runSweepReport},
    };
}

} // namespace opscope::cli
