// Capture and replay requests <-> the options of `opscope capture|replay|profile`. A remote host runs
// the same pipeline through these options, and the wizards show them as the equivalent command, so
// every field must reach the command line unchanged, or be refused here with the reason.
#include "opscope/pipeline/cli_options.h"

#include "opscope/generation.h"
#include "opscope/pipeline/commands.h"
#include "opscope/pipeline/rank_capture.h"
#include "opscope/pipeline/tools.h"
#include "opscope/text_util.h"
#include "opscope/verify.h"

#include <algorithm>
#include <cstdlib>
#include <limits>

namespace opscope::pipeline {

namespace {

using cli::OptionSpec;
using cli::ParsedArgs;
using cli::splitCommandLine;
using cli::UsageError;

// ---------------------------------------------------------------------------------------------
// Writing

// The items joined by separators[0]; an item that would not come back the same from splitOptionList
// (empty, blanks at its ends, holding a separator) is refused.
std::string joinList(const std::vector<std::string> &items, std::string_view separators, const std::string &option)
{
    std::string text;
    for (const auto &item : items) {
        if (item.empty() || trimmed(item).size() != item.size())
            throw ToolError(option + " item '" + item +
                            "' is empty or starts or ends with a blank, which opscope's command line leaves out");
        if (const size_t at = item.find_first_of(separators); at != std::string::npos)
            throw ToolError(option + " item '" + item + "' contains '" + item[at] +
                            "', which opscope's command line uses to separate items");
        if (!text.empty())
            text += separators.front();
        text += item;
    }
    return text;
}

std::string envList(const std::map<std::string, std::string> &env, const std::string &option)
{
    std::vector<std::string> items;
    for (const auto &[name, value] : env) {
        if (!isVariableName(name))
            throw ToolError(option + ": '" + name + "' is not an environment variable name");
        items.push_back(name + "=" + value);
    }
    return joinList(items, ";", option);
}

void addValue(Argv &argv, const char *option, std::string value)
{
    argv.push_back(option);
    argv.push_back(std::move(value));
}

void addTimeout(Argv &argv, const std::optional<std::chrono::milliseconds> &timeout)
{
    if (timeout) // whole seconds, rounded up: a timeout never gets shorter on the way
        addValue(argv, "--timeout", std::to_string((timeout->count() + 999) / 1000));
}

std::string nvtxList(const std::vector<NvtxFilter> &filters, const std::string &option)
{
    std::vector<std::string> expressions;
    for (const auto &f : filters) {
        if (!f.pushPop)
            throw ToolError(option + " '" + f.expression +
                            "' is a start/end range filter, which opscope's command line cannot express (it takes "
                            "push/pop ranges, module labels and regex: expressions)");
        expressions.push_back(f.expression);
    }
    return joinList(expressions, ";", option);
}

// SCRIPT, the options, then "-- ARGS"; a script that looks like an option goes after the "--".
Argv withWorkload(const Workload &w, const Argv &options)
{
    const bool dashed = w.script.starts_with('-');
    Argv argv;
    if (!dashed)
        argv.push_back(w.script);
    argv.insert(argv.end(), options.begin(), options.end());
    if (dashed || !w.args.empty()) {
        argv.push_back("--");
        if (dashed)
            argv.push_back(w.script);
        argv.insert(argv.end(), w.args.begin(), w.args.end());
    }
    return argv;
}

// ---------------------------------------------------------------------------------------------
// Parsing

std::map<std::string, std::string> envOption(const ParsedArgs &args, const std::string &option)
{
    std::map<std::string, std::string> env;
    std::string bad;
    if (!parseEnvList(args.value(option), env, bad)) {
        const size_t eq = bad.find('=');
        if (eq == std::string::npos || eq == 0)
            throw UsageError(option + " needs NAME=VALUE items separated by ';', not '" + bad + "'");
        throw UsageError(option + ": '" + bad.substr(0, eq) +
                         "' is not a variable name (letters, digits and _, not starting with a digit)");
    }
    return env;
}

int intOption(const ParsedArgs &args, const std::string &name, int fallback, int minimum)
{
    const long long value = cli::integerOption(args, name, fallback);
    if (value < minimum || value > std::numeric_limits<int>::max())
        throw UsageError("option " + name + " must be at least " + std::to_string(minimum));
    return int(value);
}

std::optional<std::chrono::milliseconds> timeoutOption(const ParsedArgs &args)
{
    if (!args.has("--timeout"))
        return std::nullopt;
    return std::chrono::milliseconds(cli::integerOption(args, "--timeout", 0) * 1000);
}

} // namespace

std::vector<std::string> splitOptionList(std::string_view text, std::string_view separators)
{
    std::vector<std::string> out;
    size_t start = 0;
    while (start <= text.size()) {
        const size_t end = text.find_first_of(separators, start);
        const std::string_view item = trimmed(text.substr(start, end == std::string_view::npos ? end : end - start));
        if (!item.empty())
            out.emplace_back(item);
        if (end == std::string_view::npos)
            break;
        start = end + 1;
    }
    return out;
}

bool isVariableName(std::string_view name)
{
    const auto letter = [](char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; };
    return !name.empty() && letter(name.front()) &&
           std::all_of(name.begin(), name.end(), [&](char c) { return letter(c) || (c >= '0' && c <= '9'); });
}

bool parseEnvList(std::string_view text, std::map<std::string, std::string> &env, std::string &bad)
{
    for (const std::string &item : splitOptionList(text)) {
        const size_t eq = item.find('=');
        if (eq == std::string::npos || !isVariableName(std::string_view(item).substr(0, eq))) {
            bad = item;
            return false;
        }
        env[item.substr(0, eq)] = item.substr(eq + 1);
    }
    return true;
}

bool isMetricSetName(std::string_view name)
{
    return !name.empty() && name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_-") == std::string_view::npos;
}

const std::vector<OptionSpec> &captureOptionSpecs()
{
    static const std::vector<OptionSpec> options = {
        {"--tool", "TOOL", "auto", "auto | nsys | torch | cpu: nsys when it is found, else torch.profiler"},
        {"--warmup", "N", "2", "steps run before the capture (compile, allocator and autotuning warm-up)"},
        {"--steps", "N", "1", "steps captured"},
        {"--reference-steps", "N", "3",
         "plain steps run between the warm-up and the capture with no instrumentation, timed like the captured "
         "ones: the capture's overhead, and under nsys the step the idle and launch analysis reads; 0: none"},
        {"--reference-seconds", "S", "1",
         "while the reference steps took less than S seconds in all, more run after the captured steps (up to 50): "
         "a short step is timed many times, one noisy step cannot decide its median; 0: --reference-steps only"},
        {"--step", "HOW", "auto",
         "what one step is: auto | module (a call of the outermost module) | marker (opscope_launcher.step()) | "
         "function:NAME (each call of NAME) | generate (a generation request: each generate() call of a model "
         "library, or opscope_launcher.request(); prefill and decode iterations are its phases) | generate:NAME "
         "(each call of NAME is a request)"},
        {"--compile", "MODE", "eager",
         "eager | inductor | reduce-overhead | cudagraphs: torch.compile the outermost module's forward "
         "(reduce-overhead: Inductor with CUDA graphs)"},
        {"--fix", "NAME[=ARG]", "",
         "apply a fix without editing the script, as opscope verify does (repeatable; opscope verify --help lists "
         "them)"},
        {"--correlation", "", "",
         "run the torch.profiler correlation pass (nsys captures do, unless --no-correlation)"},
        {"--no-correlation", "", "", "skip the correlation pass"},
        {"--no-partition-map", "", "", "do not group identical layers (dedup-aware replay then profiles all)"},
        {"--nsys", "PATH", "PATH, /usr/local/cuda/bin, /opt/nvidia/...", "the nsys program"},
        {"--nsys-trace", "LIST", "cuda,nvtx", "nsys --trace domains"},
        {"--nsys-capture-range", "", "", "let nsys record only the CAPTURE range (smaller reports)"},
        {"--cuda-memory-usage", "", "",
         "nsys also traces the CUDA memory taken and given back (cudaMalloc/cudaFree): the reserved memory per GPU"},
        {"--python", "PATH", "the first python3 that has torch", "the interpreter"},
        {"--cwd", "DIR", "", "working directory of the workload"},
        {"--env", "LIST", "", "NAME=VALUE;NAME=VALUE added to the workload's environment"},
        {"--out", "DIR", "opscope-runs", "where run folders are made"},
        {"--name", "NAME", "script name and time", "the run folder's name"},
        {"--timeout", "SECONDS", "", "stop a stage that runs longer"},
        {"--no-import", "", "", "leave the tool outputs, do not write <run>.opscope"},
        {"--nproc-per-node", "N", "",
         "run N ranks on this node through torchrun, each captured under the launcher into its part of one run "
         "folder, imported as one profile with ranks"},
        {"--srun", "ARGS", "",
         "run the ranks as the tasks of `srun ARGS` (e.g. \"-N2 -n16 --gpus-per-task=1\", split as a shell would, "
         "nothing expanded); `srun opscope capture ...` does the same inside an allocation"},
        {"--dry-run", "", "", "print the commands (argument vectors and added environment), run nothing"},
        {"--verbose", "", "", "echo every line the tools print"},
    };
    return options;
}

const std::vector<OptionSpec> &replayOptionSpecs()
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
        {"--phase", "PHASE", "",
         "a generation request's phase, prefill or decode#N: profile only its kernels (one decode iteration), "
         "not the whole captured request"},
        {"--no-distinct-launches", "", "",
         "profile every launch, not the first of each launch signature (kernel, grid, block, registers, shared "
         "memory, operator input shapes) with its counters copied to the others"},
        {"--sudo", "", "", "run ncu as root (sudo -n -E), for GPUs that restrict counters to admins"},
        {"--sudo-env", "LIST", "", "NAME=VALUE;... passed to ncu under sudo"},
        {"--ncu", "PATH", "PATH, /usr/local/cuda/bin, /opt/nvidia/nsight-compute/...", "the ncu program"},
        {"--keep-report", "", "", "keep the .ncu-rep (large) besides the CSV"},
        {"--trust-run", "", "",
         "run the interpreter, script, arguments and environment the run's manifest names although this user did "
         "not capture that run here (a run folder someone sent): check them first (--dry-run lists them)"},
        {"--no-count-check", "", "", "do not compare the kernel counts of the nsys and ncu passes"},
        {"--ncu-ranks", "LIST", "0",
         "in a distributed job, the ranks ncu replays (';' or ','-separated); the others run the same steps "
         "unprofiled, with collective timeouts raised (docs/ranks.md)"},
        {"--timeout", "SECONDS", "", "stop a stage that runs longer"},
        {"--dry-run", "", "", "print the commands (argument vectors and added environment), run nothing"},
        {"--verbose", "", "", "echo every line the tools print"},
    };
    return options;
}

CaptureRequest parseCaptureOptions(const ParsedArgs &args)
{
    if (args.positionals.empty())
        throw UsageError("no script to run");
    CaptureRequest r;
    r.workload.script = args.positionals.front();
    r.workload.args.assign(args.positionals.begin() + 1, args.positionals.end());
    r.workload.workingDirectory = args.value("--cwd");
    r.workload.env = envOption(args, "--env");
    r.workload.python = args.value("--python");
    const auto tool = parseCaptureTool(args.value("--tool", "auto"));
    if (!tool)
        throw UsageError("--tool must be auto, nsys, torch or cpu");
    r.tool = *tool;
    r.warmup = intOption(args, "--warmup", 2, 0);
    r.steps = intOption(args, "--steps", 1, 1);
    r.referenceSteps = intOption(args, "--reference-steps", 3, 0);
    if (args.has("--reference-seconds")) {
        const std::string text = args.value("--reference-seconds");
        char *end = nullptr;
        const double seconds = std::strtod(text.c_str(), &end);
        if (text.empty() || end != text.c_str() + text.size() || !(seconds >= 0) || seconds > 3600)
            throw UsageError("option --reference-seconds needs a number of seconds from 0 to 3600, not '" + text + "'");
        r.referenceSeconds = seconds;
    }
    r.stepSource = args.value("--step", "auto");
    if (!isStepSource(r.stepSource))
        throw UsageError("--step must be " + std::string(kStepSourceHelp));
    r.compile = args.value("--compile", "eager");
    if (r.compile != "eager" && r.compile != "inductor" && r.compile != "reduce-overhead" && r.compile != "cudagraphs")
        throw UsageError("--compile must be eager, inductor, reduce-overhead or cudagraphs");
    r.fixes = args.all("--fix");
    for (const std::string &fix : r.fixes)
        if (const std::string why = verify::checkFix(fix); !why.empty())
            throw UsageError("--fix " + fix + ": " + why);
    if (args.has("--correlation") && args.has("--no-correlation"))
        throw UsageError("--correlation and --no-correlation contradict each other");
    if (args.has("--correlation"))
        r.correlationPass = true;
    if (args.has("--no-correlation"))
        r.correlationPass = false;
    r.partitionMap = !args.has("--no-partition-map");
    r.nsysPath = args.value("--nsys");
    if (args.has("--nsys-trace"))
        r.nsysTrace = splitOptionList(args.value("--nsys-trace"), ",");
    r.nsysCaptureRange = args.has("--nsys-capture-range");
    r.nsysCudaMemoryUsage = args.has("--cuda-memory-usage");
    r.outDir = args.value("--out", "opscope-runs");
    r.name = args.value("--name");
    r.importProfile = !args.has("--no-import");
    r.timeout = timeoutOption(args);
    if (args.has("--nproc-per-node")) {
        r.nprocPerNode = int(intOption(args, "--nproc-per-node", 0, 1));
        if (r.nprocPerNode > 4096)
            throw UsageError("--nproc-per-node must be at most 4096");
    }
    if (args.has("--srun"))
        r.srunArgs = args.value("--srun");
    if (r.nprocPerNode > 0 && r.srunArgs)
        throw UsageError("give --nproc-per-node or --srun, not both (srun starts the tasks; pass --ntasks-per-node in "
                         "its ARGS)");
    if (r.srunArgs && !splitCommandLine(*r.srunArgs))
        throw UsageError("--srun '" + *r.srunArgs + "': an unbalanced quote or a trailing backslash");
    return r;
}

ReplayRequest parseReplayOptions(const ParsedArgs &args, const std::string &run)
{
    ReplayRequest r;
    r.run = run;
    NcuOptions &n = r.ncu;
    n.metricSet = args.value("--set", "roofline");
    // The sets differ between ncu versions (`ncu --list-sets`): any name is passed on; "none" sends none.
    if (n.metricSet == "none")
        n.metricSet.clear();
    else if (!isMetricSetName(n.metricSet))
        throw UsageError("--set needs a metric set name such as " + [] {
            std::string names;
            for (const auto &s : ncuMetricSets())
                names += s + ", ";
            return names;
        }() + "or none");
    n.sections = splitOptionList(args.value("--section"));
    n.metrics = splitOptionList(args.value("--metrics"), ";,");
    for (auto &e : splitOptionList(args.value("--nvtx-include")))
        n.nvtxInclude.push_back({std::move(e), true});
    for (auto &e : splitOptionList(args.value("--nvtx-exclude")))
        n.nvtxExclude.push_back({std::move(e), true});
    if (args.has("--kernel-name") && args.has("--kernel-regex"))
        throw UsageError("give --kernel-name or --kernel-regex, not both");
    if (args.has("--kernel-name"))
        n.kernelName = ncuKernelNameFilter(args.value("--kernel-name"), false);
    if (args.has("--kernel-regex"))
        n.kernelName = ncuKernelNameFilter(args.value("--kernel-regex"), true);
    n.kernelId = args.value("--kernel-id");
    if (args.has("--launch-skip"))
        n.launchSkip = cli::integerOption(args, "--launch-skip", 0);
    if (args.has("--launch-count"))
        n.launchCount = cli::integerOption(args, "--launch-count", 0);
    if (args.has("--replay-mode")) {
        n.replayMode = parseReplayMode(args.value("--replay-mode"));
        if (!n.replayMode)
            throw UsageError("--replay-mode must be kernel, application, range or app-range");
    }
    n.targetProcesses = args.value("--target-processes", "all");
    if (n.targetProcesses != "all" && n.targetProcesses != "application-only")
        throw UsageError("--target-processes must be all or application-only");
    n.sudo = args.has("--sudo");
    n.sudoEnvironment = envOption(args, "--sudo-env");
    r.dedup = !args.has("--no-dedup");
    r.distinctLaunches = !args.has("--no-distinct-launches");
    r.phase = args.value("--phase");
    if (!r.phase.empty() && !phaseRangeName(r.phase))
        throw UsageError("--phase must be prefill or decode#N (N from 1), not '" + r.phase + "'");
    r.ncuPath = args.value("--ncu");
    r.keepReport = args.has("--keep-report");
    r.trustRun = args.has("--trust-run");
    r.checkCounts = !args.has("--no-count-check");
    r.timeout = timeoutOption(args);
    if (args.has("--ncu-ranks")) {
        const auto ranks = parseRankList(args.value("--ncu-ranks"));
        if (!ranks || ranks->empty())
            throw UsageError("--ncu-ranks needs rank numbers separated by ';' or ',', not '" +
                             args.value("--ncu-ranks") + "'");
        r.ncuRanks = *ranks;
    }
    return r;
}

Argv captureCliOptions(const CaptureRequest &r)
{
    const CaptureRequest defaults;
    Argv argv;
    if (r.tool != defaults.tool)
        addValue(argv, "--tool", std::string(toString(r.tool)));
    if (r.warmup != defaults.warmup)
        addValue(argv, "--warmup", std::to_string(r.warmup));
    if (r.referenceSteps != defaults.referenceSteps)
        addValue(argv, "--reference-steps", std::to_string(r.referenceSteps));
    if (r.referenceSeconds != defaults.referenceSeconds)
        addValue(argv, "--reference-seconds", formatSeconds(r.referenceSeconds));
    if (r.steps != defaults.steps)
        addValue(argv, "--steps", std::to_string(r.steps));
    if (r.stepSource != defaults.stepSource)
        addValue(argv, "--step", r.stepSource);
    if (r.compile != defaults.compile)
        addValue(argv, "--compile", r.compile);
    for (const std::string &fix : r.fixes)
        addValue(argv, "--fix", fix);
    if (r.correlationPass)
        argv.push_back(*r.correlationPass ? "--correlation" : "--no-correlation");
    if (!r.partitionMap)
        argv.push_back("--no-partition-map");
    if (!r.nsysPath.empty())
        addValue(argv, "--nsys", r.nsysPath);
    if (r.nsysTrace != defaults.nsysTrace)
        addValue(argv, "--nsys-trace", joinList(r.nsysTrace, ",", "--nsys-trace"));
    if (r.nsysCaptureRange)
        argv.push_back("--nsys-capture-range");
    if (r.nsysCudaMemoryUsage)
        argv.push_back("--cuda-memory-usage");
    if (!r.workload.python.empty())
        addValue(argv, "--python", r.workload.python);
    if (!r.workload.workingDirectory.empty())
        addValue(argv, "--cwd", r.workload.workingDirectory);
    if (!r.workload.env.empty())
        addValue(argv, "--env", envList(r.workload.env, "--env"));
    if (r.outDir != defaults.outDir)
        addValue(argv, "--out", r.outDir);
    if (!r.name.empty())
        addValue(argv, "--name", r.name);
    if (!r.importProfile)
        argv.push_back("--no-import");
    addTimeout(argv, r.timeout);
    if (r.nprocPerNode > 0)
        addValue(argv, "--nproc-per-node", std::to_string(r.nprocPerNode));
    if (r.srunArgs)
        addValue(argv, "--srun", *r.srunArgs);
    return argv;
}

Argv replayCliOptions(const ReplayRequest &r)
{
    const ReplayRequest defaults;
    const NcuOptions &n = r.ncu;
    if (!n.extraArgs.empty())
        throw ToolError("extra ncu arguments cannot be passed on opscope's command line");
    if (n.kernelNameBase != defaults.ncu.kernelNameBase)
        throw ToolError("opscope's command line matches kernel names on their demangled form only, not '" +
                        n.kernelNameBase + "'");
    Argv argv;
    if (n.metricSet != defaults.ncu.metricSet)
        addValue(argv, "--set", n.metricSet.empty() ? std::string("none") : n.metricSet);
    if (!n.sections.empty())
        addValue(argv, "--section", joinList(n.sections, ";", "--section"));
    if (!n.metrics.empty())
        addValue(argv, "--metrics", joinList(n.metrics, ";,", "--metrics"));
    if (!n.nvtxInclude.empty())
        addValue(argv, "--nvtx-include", nvtxList(n.nvtxInclude, "--nvtx-include"));
    if (!n.nvtxExclude.empty())
        addValue(argv, "--nvtx-exclude", nvtxList(n.nvtxExclude, "--nvtx-exclude"));
    if (!n.kernelName.empty()) // already in ncu's form (regex:...), which --kernel-name keeps as given
        addValue(argv, "--kernel-name", n.kernelName);
    if (!n.kernelId.empty())
        addValue(argv, "--kernel-id", n.kernelId);
    if (n.launchSkip)
        addValue(argv, "--launch-skip", std::to_string(*n.launchSkip));
    if (n.launchCount)
        addValue(argv, "--launch-count", std::to_string(*n.launchCount));
    if (n.replayMode)
        addValue(argv, "--replay-mode", std::string(toString(*n.replayMode)));
    if (n.targetProcesses != defaults.ncu.targetProcesses)
        addValue(argv, "--target-processes", n.targetProcesses);
    if (n.sudo)
        argv.push_back("--sudo");
    if (!n.sudoEnvironment.empty())
        addValue(argv, "--sudo-env", envList(n.sudoEnvironment, "--sudo-env"));
    if (!r.dedup)
        argv.push_back("--no-dedup");
    if (!r.phase.empty())
        addValue(argv, "--phase", r.phase);
    if (!r.distinctLaunches)
        argv.push_back("--no-distinct-launches");
    if (r.keepReport)
        argv.push_back("--keep-report");
    if (r.trustRun)
        argv.push_back("--trust-run");
    if (!r.checkCounts)
        argv.push_back("--no-count-check");
    if (!r.ncuPath.empty())
        addValue(argv, "--ncu", r.ncuPath);
    if (r.ncuRanks != defaults.ncuRanks) {
        std::string ranks;
        for (int rank : r.ncuRanks)
            ranks += (ranks.empty() ? "" : ";") + std::to_string(rank);
        addValue(argv, "--ncu-ranks", ranks);
    }
    addTimeout(argv, r.timeout);
    return argv;
}

Argv captureCliArguments(const CaptureRequest &request)
{
    return withWorkload(request.workload, captureCliOptions(request));
}

Argv profileCliArguments(const CaptureRequest &capture, const ReplayRequest &replay)
{
    if (capture.timeout != replay.timeout)
        throw ToolError("opscope profile has one --timeout for the capture and the replay; these differ");
    Argv options = captureCliOptions(capture);
    ReplayRequest rest = replay;
    rest.timeout.reset(); // the capture's, written above
    const Argv replayOptions = replayCliOptions(rest);
    options.insert(options.end(), replayOptions.begin(), replayOptions.end());
    return withWorkload(capture.workload, options);
}

} // namespace opscope::pipeline
