#pragma once
// The one way OpScope runs external programs (nsys, ncu, python, ssh): argument vectors, never a
// shell string; output streamed to the caller line by line; cancel ends the whole process group.

#include "opscope/progress.h"

#include <chrono>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace opscope {

struct ProcessSpec {
    std::vector<std::string> argv;             // argv[0] is the program (a path, or a name looked up in PATH)
    std::string workingDirectory;              // empty: inherit
    std::map<std::string, std::string> setEnv; // added to / overriding the inherited environment
    std::vector<std::string> unsetEnv;         // removed from the inherited environment
    std::string logPath;                       // when set, stdout+stderr are also appended here
    std::optional<std::chrono::milliseconds> timeout;
    // true: stderr joins stdout (one stream, order kept). false: stderr is kept apart in
    // ProcessResult::errorOutput; its lines still reach onLine, split on their own.
    bool mergeStderr = true;
    // When set, stdout goes straight into this file (created or truncated), not to onLine, output or
    // the log: for big machine-readable output such as `ncu --import --csv`. stderr still streams.
    std::string stdoutPath;
    // When set, stdin reads this file (e.g. data piped to `ssh host 'cat > file'`); else /dev/null.
    std::string stdinPath;
};

struct ProcessResult {
    int exitCode = -1; // valid when exited normally
    int signal = 0;    // non-zero when killed by a signal
    bool timedOut = false;
    bool cancelled = false;
    bool started = false;    // false when the program could not be executed at all
    std::string startError;  // why it could not start (e.g. "No such file or directory")
    std::string output;      // everything printed (stdout, and stderr when merged), up to a limit
    std::string errorOutput; // stderr when not merged (or when stdout goes to stdoutPath), up to a limit
    bool ok() const { return started && !timedOut && !cancelled && signal == 0 && exitCode == 0; }
};

// Runs the process to completion. `onLine` (may be empty) gets each output line as it arrives, on the
// calling thread. Cancellation (progress.cancelled()) or the timeout sends SIGTERM to the process
// group, then SIGKILL after `killGrace`. When the program exits, descendants it left behind in its
// process group are killed too (once their output is drained), so nothing outlives a run. Never
// throws for a failing program; see ProcessResult.
ProcessResult runProcess(const ProcessSpec &spec, const std::function<void(std::string_view line)> &onLine = {},
                         const Progress &progress = {},
                         std::chrono::milliseconds killGrace = std::chrono::milliseconds(3000));

// The full path of `program` found in PATH (or `program` itself if it contains a '/' and is
// executable); empty when not found.
std::string findExecutable(const std::string &program, const std::vector<std::string> &extraDirs = {});

// Quotes an argument vector for display (logs, --dry-run, "copy command"); never for execution.
std::string displayCommand(const std::vector<std::string> &argv);

} // namespace opscope
