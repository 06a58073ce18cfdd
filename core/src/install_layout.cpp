#include "opscope/install_layout.h"

#include <cstdlib>
#include <filesystem>

namespace opscope::install {

namespace fs = std::filesystem;

namespace {

// An environment variable's value, or empty.
std::string environment(const char *name)
{
    const char *value = std::getenv(name);
    return value && *value ? std::string(value) : std::string();
}

} // namespace

std::string runningProgram()
{
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    return ec ? std::string() : exe.string();
}

std::vector<std::string> launcherDirs()
{
    std::vector<std::string> dirs;
    if (std::string env = environment("OPSCOPE_LAUNCHER_DIR"); !env.empty())
        dirs.push_back(std::move(env));
    dirs.emplace_back(OPSCOPE_SOURCE_RESOURCES "/launcher");
    if (const std::string exe = runningProgram(); !exe.empty())
        dirs.push_back((fs::path(exe).parent_path().parent_path() / "share/opscope/launcher").string());
    dirs.emplace_back("/usr/share/opscope/launcher");
    dirs.emplace_back("/usr/local/share/opscope/launcher");
    return dirs;
}

std::vector<std::string> resourceDirs()
{
    return {OPSCOPE_SOURCE_RESOURCES, OPSCOPE_INSTALLED_RESOURCES, "/usr/share/opscope"};
}

std::vector<std::string> copyableCliPaths()
{
    std::vector<std::string> paths;
    if (std::string env = environment("OPSCOPE_CLI"); !env.empty())
        paths.push_back(std::move(env));
    if (const std::string exe = runningProgram(); !exe.empty()) {
        const fs::path dir = fs::path(exe).parent_path();
        paths.push_back((dir / "opscope-cli").string());                           // build folder
        paths.push_back((dir.parent_path() / "lib/opscope/opscope-cli").string()); // installed
    }
    paths.emplace_back("/usr/lib/opscope/opscope-cli");
    paths.emplace_back("/usr/local/lib/opscope/opscope-cli");
    return paths;
}

} // namespace opscope::install
