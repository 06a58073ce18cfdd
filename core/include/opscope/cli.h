#pragma once
// The `opscope` command line: subcommands that work without a display. Lives in core so the
// GUI executable and a Qt-free build on a GPU server run the very same code.

#include <iosfwd>
#include <string>
#include <vector>

namespace opscope {

struct CliEnvironment {
    std::ostream &out;
    std::ostream &err;
    // Extra lines for --version (the GUI build adds the Qt version here).
    std::string extraVersionInfo;
};

// True if `args` (without argv[0]) ask for a subcommand, --help or --version rather than the GUI.
bool isCommandLineInvocation(const std::vector<std::string> &args);

// Runs a subcommand; returns the process exit code. Errors go to env.err.
int runCommandLine(const std::vector<std::string> &args, CliEnvironment &env);

} // namespace opscope
