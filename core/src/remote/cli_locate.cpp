// Finding opscope-cli, the command-line tool that is copied to GPU hosts which have no OpScope.
#include "opscope/file_util.h"
#include "opscope/remote.h"

#include <cstdlib>
#include <filesystem>

namespace opscope::remote {

std::string findCopyableCli()
{
    namespace fs = std::filesystem;
    std::vector<std::string> candidates;
    if (const char *env = std::getenv("OPSCOPE_CLI"); env && *env)
        candidates.emplace_back(env);
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        candidates.push_back((exe.parent_path() / "opscope-cli").string());                           // build folder
        candidates.push_back((exe.parent_path().parent_path() / "lib/opscope/opscope-cli").string()); // installed
    }
    candidates.emplace_back("/usr/lib/opscope/opscope-cli");
    candidates.emplace_back("/usr/local/lib/opscope/opscope-cli");
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
