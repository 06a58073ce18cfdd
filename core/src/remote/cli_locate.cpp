// Finding opscope-cli, the command-line tool that is copied to GPU hosts which have no OpScope.
#include "opscope/file_util.h"
#include "opscope/install_layout.h"
#include "opscope/remote.h"

#include <filesystem>

namespace opscope::remote {

std::string findCopyableCli()
{
    namespace fs = std::filesystem;
    const std::vector<std::string> candidates = install::copyableCliPaths();
    std::error_code ec;
    for (const auto &candidate : candidates)
        if (isExecutableFile(candidate))
            return fs::absolute(candidate, ec).lexically_normal().string();
    std::string looked;
    for (const auto &candidate : candidates)
        looked += (looked.empty() ? "" : ", ") + candidate;
    throw pipeline::ToolError("OpScope's command-line tool for GPU hosts (opscope-cli) was not found (looked in " +
                              looked +
                              "). Build the opscope-cli target or install OpScope's package, set OPSCOPE_CLI to "
                              "its path, or install OpScope on the host and give its path there instead of copying");
}

} // namespace opscope::remote
