// `opscope verify`: a fix applied by the launcher and timed against the original workload (verify.h).
#include "cli/commands.h"

#include "opscope/errors.h"
#include "opscope/format.h"
#include "opscope/pipeline/tools.h"
#include "opscope/remote.h"
#include "opscope/verify.h"

#include <ostream>

namespace opscope::cli {

namespace {

int positiveOption(const ParsedArgs &args, const std::string &name, int fallback)
{
    const long long value = integerOption(args, name, fallback);
    if (value < 1 || value > 100000)
        throw UsageError(name + " must be between 1 and 100000");
    return int(value);
}

verify::VerifyRequest verifyRequest(const ParsedArgs &args)
{
    verify::VerifyRequest r;
    r.run = args.positionals.at(0);
    r.fixes = args.all("--fix");
    if (args.has("--insight")) {
        if (!r.fixes.empty())
            throw UsageError("give --insight N or --fix NAME[=ARG], not both");
        r.insight = positiveOption(args, "--insight", 1);
    } else if (r.fixes.empty()) {
        throw UsageError("give --insight N (an item of opscope insights RUN) or --fix NAME[=ARG]");
    }
    for (const std::string &fix : r.fixes)
        if (const std::string why = verify::checkFix(fix); !why.empty())
            throw UsageError("--fix " + fix + ": " + why);
    if (args.has("--rounds"))
        r.rounds = positiveOption(args, "--rounds", verify::kMinRounds);
    r.maxRounds = positiveOption(args, "--max-rounds", verify::kMaxRounds);
    if (args.has("--steps"))
        r.blockSteps = positiveOption(args, "--steps", 20);
    if (args.has("--warmup"))
        r.warmup = int(integerOption(args, "--warmup", 3));
    r.freshProcesses = args.has("--fresh-processes");
    r.profile = args.has("--profile");
    r.python = args.value("--python");
    if (args.has("--timeout"))
        r.timeout = std::chrono::milliseconds(positiveOption(args, "--timeout", 600) * 1000LL);
    return r;
}

void printFixes(std::ostream &out)
{
    out << "fixes opscope verify applies without editing the script:\n";
    for (const verify::FixInfo &f : verify::knownFixes()) {
        std::string left = "  " + f.name + (f.argument.empty() ? "" : "=" + f.argument);
        left.resize(std::max<size_t>(left.size() + 2, 50), ' ');
        out << left << f.summary << "\n";
    }
}

int runVerifyCommand(const ParsedArgs &args, CliEnvironment &env)
{
    if (args.has("--list-fixes")) {
        printFixes(env.out);
        return 0;
    }
    if (args.positionals.size() != 1)
        throw UsageError(
            "give the run folder to verify on\nusage: opscope verify RUN (--insight N | --fix NAME[=ARG]...)");
    const verify::VerifyRequest request = verifyRequest(args);
    const bool verbose = args.has("--verbose");
    verify::VerifyCallbacks callbacks;
    callbacks.onLine = [&](std::string_view arm, std::string_view line) {
        if (verbose)
            env.err << "[" << arm << "] " << line << "\n";
        else if (line.rfind("OPSCOPE error ", 0) == 0 || line.rfind("OPSCOPE warning ", 0) == 0)
            env.err << "[" << arm << "] " << line.substr(8) << "\n";
    };
    callbacks.onRound = [&](int round, const verify::Round &x) {
        env.err << "opscope verify: round " << round << ": original " << formatFixedDuration(x.baselineNs, 1)
                << ", fixed " << formatFixedDuration(x.fixedNs, 1) << ", gain " << formatFixedDuration(x.gainNs(), 1)
                << " (" << x.baselineSteps << " and " << x.fixedSteps << " steps)\n";
    };
    CancelOnSignals signals;
    const Progress progress = signals.progress();
    verify::VerifyResult result;
    try {
        // On the target the run was captured on: the host named by --ssh, or the one its manifest names.
        if (remoteRequested(args)) {
            result = remote::runRemoteVerify(sshTarget(args), request, callbacks, progress);
        } else if (const std::optional<remote::SshTarget> host = remote::capturedOn(request.run)) {
            env.err << "opscope verify: " << request.run << " was captured on " << host->host << ": verifying there\n";
            result = remote::runRemoteVerify(*host, request, callbacks, progress);
        } else {
            result = verify::runVerify(request, callbacks, progress);
        }
    } catch (const pipeline::ToolError &e) {
        env.err << "opscope verify: " << e.what() << "\n";
        return 1;
    }
    if (args.has("--json")) {
        env.out << verify::resultToJson(result).dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace)
                << "\n";
        return 0;
    }
    for (const std::string &line : verify::describeResult(result))
        env.out << line << "\n";
    env.out << "stored in " << request.run << "/verify.json and the run's profile (opscope insights " << request.run
            << ")\n";
    return 0;
}

} // namespace

std::vector<CommandSpec> verifyCommands()
{
    std::vector<OptionSpec> options = {
        {"--insight", "N", "", "verify the fix of item N of `opscope insights RUN`"},
        {"--fix", "NAME[=ARG]", "", "the fix to apply (repeatable: all at once); --list-fixes lists them"},
        {"--list-fixes", "", "", "list the fixes and exit"},
        {"--rounds", "N", "",
         "run exactly N rounds (one block of each arm a round); without it: at least 5, until the gain is larger "
         "than its spread, at most --max-rounds"},
        {"--max-rounds", "N", "12", "the most rounds a run without --rounds takes"},
        {"--steps", "N", "about 1 s of steps (5..100)", "timed steps of each arm a round (after one settling step)"},
        {"--warmup", "N", "the capture's, at least 3 (5 with compile)", "steps each process runs before it is timed"},
        {"--fresh-processes", "", "",
         "a new process for every block of each arm (nothing of one arm stays on the GPU while the other runs; "
         "slower: the warm-up is paid every round)"},
        {"--profile", "", "",
         "also capture the fixed arm as the run was captured and write a before/after report (Markdown) into RUN"},
        {"--python", "PATH", "the run's", "the interpreter"},
        {"--timeout", "SECONDS", "", "stop timing after this long (the rounds done are reported)"},
        {"--json", "", "", "print the result as JSON (the schema of RUN/verify.json)"},
        {"--verbose", "", "", "echo every line of both arms"},
    };
    return {
        {"verify", "opscope verify RUN (--insight N | --fix NAME[=ARG]...) [OPTIONS]",
         "Apply a fix without editing the script and time it against the original: both workloads run as\n"
         "their own processes with no profiler, nsys or labels, alternated in blocks of plain steps (A B A B),\n"
         "each a median of many steps (CUDA events on a GPU, perf_counter on the CPU). Prints the baseline,\n"
         "the fixed step, the measured gain with its spread and the estimate beside it, the peak memory and\n"
         "whether the outputs stayed the same; stores the result in RUN/verify.json and the run's profile,\n"
         "where opscope insights shows it. A run captured over SSH is verified on its host (--ssh names\n"
         "another).",
         0, 1, joinOptions(options, sshOptions()), runVerifyCommand},
    };
}

} // namespace opscope::cli
