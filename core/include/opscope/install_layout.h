#pragma once
// Where OpScope's own files are: the running program, and what it ships, in the build tree or installed. The
// one place that knows both layouts: the source checkout's resources/ and the build folder's programs side by
// side, or <prefix>/bin/opscope with <prefix>/share/opscope (data) and <prefix>/lib/opscope (opscope-cli) as
// packaging/ installs them. Each list is in the order the places are tried.

#include <string>
#include <vector>

namespace opscope::install {

// The running program's own path (/proc/self/exe); empty where the system does not say.
std::string runningProgram();

// The folders that may hold the Python launcher (opscope_launcher/): OPSCOPE_LAUNCHER_DIR, the source
// checkout's, beside the running program as installed, then /usr/share and /usr/local/share.
std::vector<std::string> launcherDirs();

// The folders of the shipped data (samples/): the source checkout's resources/, the configured install
// prefix's, then /usr/share/opscope.
std::vector<std::string> resourceDirs();

// The paths opscope-cli (copied to GPU hosts) may have: OPSCOPE_CLI, beside the running program in the build
// folder, in lib/opscope beside it as installed, then /usr/lib and /usr/local/lib.
std::vector<std::string> copyableCliPaths();

} // namespace opscope::install
