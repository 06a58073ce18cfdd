// Requests as CLI arguments: the host runs the same pipeline through `opscope capture` and
// `opscope replay`, so every field must reach it unchanged, or be refused here with the reason. The
// replay's options (pipeline::replayCliOptions) are also what the replay wizard shows as its command.
#include "remote/cli_args.h"

namespace opscope::remote::detail {

namespace {

using pipeline::Argv;
using pipeline::ToolError;

// The CLI's list options separate items with one character; an item holding it would be split.
std::string joined(const std::vector<std::string> &items, char separator, const std::string &option)
{
    std::string text;
    for (const auto &item : items) {
        if (item.find(separator) != std::string::npos)
            throw ToolError(option + " item '" + item + "' contains '" + std::string(1, separator) +
                            "', which the remote command line uses to separate items");
        if (!text.empty())
            text += separator;
        text += item;
    }
    return text;
}

std::string envList(const std::map<std::string, std::string> &env, const std::string &option)
{
    std::vector<std::string> items;
    for (const auto &[name, value] : env) {
        if (name.empty() || name.find('=') != std::string::npos)
            throw ToolError(option + ": '" + name + "' is not an environment variable name");
        items.push_back(name + "=" + value);
    }
    return joined(items, ';', option);
}

void addTimeout(Argv &argv, const std::optional<std::chrono::milliseconds> &timeout)
{
    if (timeout) // whole seconds, rounded up: a timeout never gets shorter on the way
        argv.insert(argv.end(), {"--timeout", std::to_string((timeout->count() + 999) / 1000)});
}

std::vector<std::string> nvtxExpressions(const std::vector<pipeline::NvtxFilter> &filters, const std::string &option)
{
    std::vector<std::string> out;
    for (const auto &f : filters) {
        if (!f.pushPop)
            throw ToolError(option + " '" + f.expression +
                            "' is a start/end range filter, which the remote command line cannot express (it takes "
                            "push/pop ranges, module labels and regex: expressions)");
        out.push_back(f.expression);
    }
    return out;
}

} // namespace

Argv captureArguments(const pipeline::CaptureRequest &r, const std::string &name, const std::string &remoteOut)
{
    Argv argv = {"capture",
                 "--out",
                 remoteOut,
                 "--name",
                 name,
                 "--no-import",
                 "--verbose",
                 "--tool",
                 std::string(pipeline::toString(r.tool)),
                 "--warmup",
                 std::to_string(r.warmup),
                 "--steps",
                 std::to_string(r.steps),
                 "--step",
                 r.stepSource,
                 "--compile",
                 r.compile};
    if (r.referenceSteps != pipeline::CaptureRequest().referenceSteps) // the default reaches older remotes too
        argv.insert(argv.end(), {"--reference-steps", std::to_string(r.referenceSteps)});
    if (r.correlationPass)
        argv.push_back(*r.correlationPass ? "--correlation" : "--no-correlation");
    if (!r.partitionMap)
        argv.push_back("--no-partition-map");
    if (!r.nsysPath.empty())
        argv.insert(argv.end(), {"--nsys", r.nsysPath});
    argv.insert(argv.end(), {"--nsys-trace", joined(r.nsysTrace, ',', "nsys trace domain")});
    if (r.nsysCaptureRange)
        argv.push_back("--nsys-capture-range");
    if (!r.workload.workingDirectory.empty())
        argv.insert(argv.end(), {"--cwd", r.workload.workingDirectory});
    if (!r.workload.python.empty())
        argv.insert(argv.end(), {"--python", r.workload.python});
    if (!r.workload.env.empty())
        argv.insert(argv.end(), {"--env", envList(r.workload.env, "--env")});
    addTimeout(argv, r.timeout);
    // After "--" nothing is an option: a script or argument starting with '-' reaches the script.
    argv.push_back("--");
    argv.push_back(r.workload.script);
    argv.insert(argv.end(), r.workload.args.begin(), r.workload.args.end());
    return argv;
}

Argv replayArguments(const pipeline::ReplayRequest &r, const std::string &remoteRun)
{
    Argv argv = {"replay", remoteRun, "--verbose"};
    const Argv options = pipeline::replayCliOptions(r);
    argv.insert(argv.end(), options.begin(), options.end());
    return argv;
}

} // namespace opscope::remote::detail

namespace opscope::pipeline {

Argv replayCliOptions(const ReplayRequest &r)
{
    using namespace remote::detail;

    const pipeline::NcuOptions &n = r.ncu;
    if (!n.extraArgs.empty())
        throw ToolError("extra ncu arguments cannot be passed on opscope's command line");
    if (n.kernelNameBase != "demangled")
        throw ToolError("opscope's command line matches kernel names on their demangled form only, not '" +
                        n.kernelNameBase + "'");
    Argv argv = {"--set", n.metricSet.empty() ? std::string("none") : n.metricSet};
    if (!n.sections.empty())
        argv.insert(argv.end(), {"--section", joined(n.sections, ';', "--section")});
    if (!n.metrics.empty())
        argv.insert(argv.end(), {"--metrics", joined(n.metrics, ';', "--metrics")});
    if (!n.nvtxInclude.empty())
        argv.insert(argv.end(), {"--nvtx-include",
                                 joined(nvtxExpressions(n.nvtxInclude, "--nvtx-include"), ';', "--nvtx-include")});
    if (!n.nvtxExclude.empty())
        argv.insert(argv.end(), {"--nvtx-exclude",
                                 joined(nvtxExpressions(n.nvtxExclude, "--nvtx-exclude"), ';', "--nvtx-exclude")});
    if (!n.kernelName.empty()) // already in ncu's form (regex:...), which --kernel-name keeps as given
        argv.insert(argv.end(), {"--kernel-name", n.kernelName});
    if (!n.kernelId.empty())
        argv.insert(argv.end(), {"--kernel-id", n.kernelId});
    if (n.launchSkip)
        argv.insert(argv.end(), {"--launch-skip", std::to_string(*n.launchSkip)});
    if (n.launchCount)
        argv.insert(argv.end(), {"--launch-count", std::to_string(*n.launchCount)});
    if (n.replayMode)
        argv.insert(argv.end(), {"--replay-mode", std::string(pipeline::toString(*n.replayMode))});
    if (n.targetProcesses != "all")
        argv.insert(argv.end(), {"--target-processes", n.targetProcesses});
    if (n.sudo)
        argv.push_back("--sudo");
    if (!n.sudoEnvironment.empty())
        argv.insert(argv.end(), {"--sudo-env", envList(n.sudoEnvironment, "--sudo-env")});
    if (!r.dedup)
        argv.push_back("--no-dedup");
    if (r.keepReport)
        argv.push_back("--keep-report");
    if (!r.checkCounts)
        argv.push_back("--no-count-check");
    if (!r.ncuPath.empty())
        argv.insert(argv.end(), {"--ncu", r.ncuPath});
    addTimeout(argv, r.timeout);
    return argv;
}

} // namespace opscope::pipeline
