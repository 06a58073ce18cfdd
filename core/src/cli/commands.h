#pragma once
// The command table of `opscope`: each command group lives in its own file (cmd_*.cpp) and lists
// its commands here through a function; cli.cpp parses arguments and dispatches.

#include "opscope/cli.h"
#include "opscope/command_line.h"
#include "opscope/pipeline/run.h"
#include "opscope/profile.h"
#include "opscope/progress.h"
#include "opscope/remote.h"

#include <csignal>
#include <functional>
#include <iosfwd>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace opscope::cli {

struct CommandSpec {
    std::string name;
    std::string usage;
    std::string summary;
    size_t minPositionals = 0;
    size_t maxPositionals = 0;
    std::vector<OptionSpec> options;
    std::function<int(const ParsedArgs &, CliEnvironment &)> run;
};

// Writes `profile` in the format OUT's extension names (.opscope or .json); UsageError otherwise.
void writeProfileAs(const Profile &profile, const std::string &out);

// Commands that read a profile take FILE...: one profile, or the files of one capture, imported
// together as `import` does (cmd_analysis.cpp). Their summaries end with kCaptureFilesHelp and their
// options include captureRangeOption().
extern const char *const kCaptureFilesHelp;
OptionSpec captureRangeOption(); // --capture-range NAME
Profile importCaptureFiles(const ParsedArgs &args);
// --all-kernels: also the kernels outside the captured step, where a command lists kernels.
OptionSpec allKernelsOption();

// Command groups, each defined in its own file.
std::vector<CommandSpec> profileCommands();  // summary, convert (cmd_profile.cpp)
std::vector<CommandSpec> analysisCommands(); // import, modules, ops, kernels (cmd_analysis.cpp)
std::vector<CommandSpec> memoryCommands();   // memory (cmd_memory.cpp)
std::vector<CommandSpec> insightCommands();  // stats, insights (cmd_insights.cpp)
std::vector<CommandSpec> pipelineCommands(); // capture, replay, profile (cmd_pipeline.cpp)
std::vector<CommandSpec> diffCommands();     // diff (cmd_diff.cpp)
std::vector<CommandSpec> verifyCommands();   // verify (cmd_verify.cpp)
std::vector<CommandSpec> remoteCommands();   // doctor (cmd_remote.cpp)
std::vector<CommandSpec> rankCommands();     // ranks (cmd_ranks.cpp)
OptionSpec rankRegexOption();                // --rank-regex PATTERN (import, ranks)
std::vector<CommandSpec> sweepCommands();    // sweep, sweep-report (cmd_sweep.cpp)

// --ssh HOST and its companions, taken by capture, profile and doctor (cmd_remote.cpp).
const std::vector<OptionSpec> &sshOptions();
bool remoteRequested(const ParsedArgs &args);        // any of them given
remote::SshTarget sshTarget(const ParsedArgs &args); // UsageError when one needs --ssh and it is missing

// While one lives, Ctrl-C, SIGTERM and SIGHUP cancel the pipeline run by progress(): the workload's
// process group is ended before opscope exits (cmd_pipeline.cpp).
class CancelOnSignals {
public:
    CancelOnSignals();
    ~CancelOnSignals();
    CancelOnSignals(const CancelOnSignals &) = delete;
    CancelOnSignals &operator=(const CancelOnSignals &) = delete;
    Progress progress() const;

private:
    struct sigaction oldInt_ {
    }, oldTerm_{}, oldHup_{};
};

// The options of `a`, then those of `b` that `a` does not name.
std::vector<OptionSpec> joinOptions(std::vector<OptionSpec> a, const std::vector<OptionSpec> &b);

// A pipeline run's progress on the console: steps, kernels, warnings and errors; with `verbose` every
// line the tools print (cmd_pipeline.cpp).
pipeline::StageCallbacks consoleCallbacks(std::ostream &err, bool verbose);

} // namespace opscope::cli
