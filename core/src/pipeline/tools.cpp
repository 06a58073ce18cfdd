// Finding nsys, ncu, Python and the launcher package, and asking the tools for their versions.
#include "opscope/pipeline/tools.h"

#include "opscope/file_util.h"
#include "opscope/install_layout.h"
#include "opscope/process.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <glob.h>
#include <optional>
#include <unistd.h>

namespace opscope::pipeline {

namespace {

namespace fs = std::filesystem;

// "2025.3.1" > "2024.10" > "2024.9": compares runs of digits as numbers.
bool naturalGreater(const std::string &a, const std::string &b)
{
    size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        if (std::isdigit(static_cast<unsigned char>(a[i])) && std::isdigit(static_cast<unsigned char>(b[j]))) {
            size_t ie = i, je = j;
            while (ie < a.size() && std::isdigit(static_cast<unsigned char>(a[ie])))
                ++ie;
            while (je < b.size() && std::isdigit(static_cast<unsigned char>(b[je])))
                ++je;
            const std::string na = a.substr(i, ie - i), nb = b.substr(j, je - j);
            const unsigned long long va = std::strtoull(na.c_str(), nullptr, 10);
            const unsigned long long vb = std::strtoull(nb.c_str(), nullptr, 10);
            if (va != vb)
                return va > vb;
            i = ie;
            j = je;
            continue;
        }
        if (a[i] != b[j])
            return a[i] > b[j];
        ++i;
        ++j;
    }
    return a.size() - i > b.size() - j;
}

// Expands shell-style patterns; the newest version folder first.
std::vector<std::string> expand(const std::vector<std::string> &patterns)
{
    std::vector<std::string> out;
    for (const std::string &pattern : patterns) {
        if (pattern.find('*') == std::string::npos) {
            if (isDirectory(pattern))
                out.push_back(pattern);
            continue;
        }
        glob_t matches{};
        if (::glob(pattern.c_str(), GLOB_ONLYDIR, nullptr, &matches) == 0) {
            std::vector<std::string> found(matches.gl_pathv, matches.gl_pathv + matches.gl_pathc);
            std::sort(found.begin(), found.end(), naturalGreater);
            out.insert(out.end(), found.begin(), found.end());
        }
        ::globfree(&matches);
    }
    std::vector<std::string> unique;
    for (auto &dir : out)
        if (std::find(unique.begin(), unique.end(), dir) == unique.end())
            unique.push_back(std::move(dir));
    return unique;
}

std::vector<std::string> cudaHomes()
{
    std::vector<std::string> homes;
    for (const char *name : {"CUDA_HOME", "CUDA_PATH"})
        if (const char *value = std::getenv(name); value && *value)
            homes.emplace_back(value);
    return homes;
}

// Where nsys or ncu is looked for: PATH and the install folders, or only the folders of
// $OPSCOPE_TOOL_PATH where it is set (so a test, or a site, decides exactly where the tools may come from).
struct ToolSearch {
    bool path = true;                  // PATH first
    std::vector<std::string> patterns; // then these folders (shell patterns)
    std::string variable;              // the variable's text where it chose the folders
};

std::optional<ToolSearch> toolPathOverride()
{
    const char *value = std::getenv("OPSCOPE_TOOL_PATH");
    if (!value)
        return std::nullopt;
    ToolSearch search{false, {}, value};
    std::string_view rest(value);
    while (!rest.empty()) {
        const size_t colon = rest.find(':');
        if (const std::string_view dir = rest.substr(0, colon); !dir.empty())
            search.patterns.emplace_back(dir);
        rest = colon == std::string_view::npos ? std::string_view{} : rest.substr(colon + 1);
    }
    return search;
}

ToolSearch nsysSearch()
{
    if (auto search = toolPathOverride())
        return *search;
    ToolSearch search;
    for (const auto &home : cudaHomes())
        search.patterns.push_back(home + "/bin");
    for (const char *p : {"/usr/local/cuda/bin", "/usr/local/cuda-*/bin", "/opt/nvidia/nsight-systems/*/bin",
                          "/opt/nvidia/nsight-systems/*/target-linux-x64", "/usr/local/cuda/nsight-systems-*/bin",
                          "/usr/local/cuda-*/nsight-systems-*/bin",
                          // Nsight Compute ships an nsys of its own (the GPU test machine has only that one).
                          "/opt/nvidia/nsight-compute/*/host/target-linux-x64", "/usr/lib/nsight-systems/bin"})
        search.patterns.emplace_back(p);
    return search;
}

ToolSearch ncuSearch()
{
    if (auto search = toolPathOverride())
        return *search;
    ToolSearch search;
    for (const auto &home : cudaHomes())
        search.patterns.push_back(home + "/bin");
    for (const char *p : {"/usr/local/cuda/bin", "/usr/local/cuda-*/bin", "/opt/nvidia/nsight-compute/*",
                          "/usr/local/cuda/nsight-compute-*", "/usr/local/cuda-*/nsight-compute-*",
                          "/usr/local/NVIDIA-Nsight-Compute*", "/usr/lib/nsight-compute"})
        search.patterns.emplace_back(p);
    return search;
}

// `explicitPath` (a folder holding the tool, or the tool itself), else $<envVariable>, else the search.
// An absolute, normalised path; empty when the tool is not there.
std::string locateTool(const std::string &program, const std::string &explicitPath, const char *envVariable,
                       const ToolSearch &search)
{
    std::string chosen = explicitPath;
    if (chosen.empty())
        if (const char *value = std::getenv(envVariable); value && *value)
            chosen = value;
    std::string path;
    if (!chosen.empty()) {
        const std::string candidate = isDirectory(chosen) ? chosen + "/" + program : chosen;
        path = findExecutable(candidate.find('/') == std::string::npos ? "./" + candidate : candidate);
    } else if (search.path) {
        path = findExecutable(program, expand(search.patterns));
    } else {
        for (const std::string &dir : expand(search.patterns))
            if (path = findExecutable(dir + "/" + program); !path.empty())
                break;
    }
    if (path.empty())
        return path;
    std::error_code ec;
    const fs::path absolute = fs::absolute(path, ec);
    return ec ? path : absolute.lexically_normal().string();
}

ToolInfo withVersion(std::string path)
{
    ToolInfo info;
    info.path = std::move(path);
    if (info.found())
        info.version = toolVersion(info.path);
    return info;
}

// "nsys was not found (looked in PATH, /usr/local/cuda/bin, ...). Install Nsight Systems or pass --nsys PATH."
std::string missingToolMessage(std::string_view tool, std::string_view option, std::string_view product,
                               const ToolSearch &search)
{
    std::string looked;
    if (search.path)
        looked = "PATH";
    for (const auto &p : search.patterns)
        looked += (looked.empty() ? "" : ", ") + p;
    if (!search.path)
        looked = looked.empty() ? "no folder: OPSCOPE_TOOL_PATH is empty" : looked + ", from OPSCOPE_TOOL_PATH";
    std::string text(tool);
    text += " was not found (looked in " + looked + "). Install ";
    text += product;
    text += " or pass ";
    text += option;
    text += " PATH.";
    return text;
}

} // namespace

std::vector<std::string> nsysSearchDirs()
{
    return expand(nsysSearch().patterns);
}

std::vector<std::string> ncuSearchDirs()
{
    return expand(ncuSearch().patterns);
}

std::string locateNsys(const std::string &explicitPath)
{
    return locateTool("nsys", explicitPath, "OPSCOPE_NSYS", nsysSearch());
}

std::string locateNcu(const std::string &explicitPath)
{
    return locateTool("ncu", explicitPath, "OPSCOPE_NCU", ncuSearch());
}

ToolInfo findNsys(const std::string &explicitPath)
{
    return withVersion(locateNsys(explicitPath));
}

ToolInfo findNcu(const std::string &explicitPath)
{
    return withVersion(locateNcu(explicitPath));
}

std::string nsysNotFoundMessage()
{
    return missingToolMessage("nsys", "--nsys", "Nsight Systems", nsysSearch());
}

std::string ncuNotFoundMessage()
{
    return missingToolMessage("ncu", "--ncu", "Nsight Compute", ncuSearch());
}

ToolInfo requireNsys(const std::string &explicitPath)
{
    ToolInfo info = findNsys(explicitPath);
    if (info.found())
        return info;
    if (!explicitPath.empty())
        throw ToolError("nsys was not found at " + explicitPath +
                        " (--nsys). Install Nsight Systems or pass "
                        "--nsys PATH of the nsys program.");
    throw ToolError(nsysNotFoundMessage());
}

ToolInfo requireNcu(const std::string &explicitPath)
{
    ToolInfo info = findNcu(explicitPath);
    if (info.found())
        return info;
    if (!explicitPath.empty())
        throw ToolError("ncu was not found at " + explicitPath +
                        " (--ncu). Install Nsight Compute or pass "
                        "--ncu PATH of the ncu program.");
    throw ToolError(ncuNotFoundMessage());
}

std::string toolVersion(const std::string &path)
{
    ProcessSpec spec;
    spec.argv = {path, "--version"};
    spec.timeout = std::chrono::milliseconds(30000);
    const ProcessResult result = runProcess(spec, {}, {}, std::chrono::milliseconds(1000));
    if (!result.started)
        return {};
    std::string fallback;
    size_t start = 0;
    while (start < result.output.size()) {
        size_t end = result.output.find('\n', start);
        if (end == std::string::npos)
            end = result.output.size();
        const std::string line = result.output.substr(start, end - start);
        start = end + 1;
        std::string lower = line;
        std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
        const size_t at = lower.find("version");
        if (at == std::string::npos)
            continue;
        // "NVIDIA Nsight Systems version 2025.3.1.90-..." / "Version 2025.3.1.0 (build ...)"
        size_t v = line.find_first_of("0123456789", at);
        if (v == std::string::npos) {
            fallback = line;
            continue;
        }
        size_t e = v;
        while (e < line.size() && (std::isdigit(static_cast<unsigned char>(line[e])) || line[e] == '.'))
            ++e;
        return line.substr(v, e - v);
    }
    return fallback;
}

bool pythonHasTorch(const std::string &python)
{
    ProcessSpec spec;
    spec.argv = {python, "-c", "import importlib.util, sys; sys.exit(0 if importlib.util.find_spec('torch') else 1)"};
    spec.timeout = std::chrono::milliseconds(30000);
    return runProcess(spec).ok();
}

std::string findPython(const std::string &explicitPath)
{
    if (!explicitPath.empty())
        return findExecutable(explicitPath);
    if (const char *env = std::getenv("OPSCOPE_PYTHON"); env && *env)
        return findExecutable(env);
    std::vector<std::string> candidates;
    for (const char *name : {"python3", "python"})
        if (std::string path = findExecutable(name); !path.empty())
            candidates.push_back(path);
    // Debian's python3-torch lives in the system interpreter, which a pyenv/venv python3 on PATH hides.
    if (std::string system = findExecutable("/usr/bin/python3");
        !system.empty() && std::find(candidates.begin(), candidates.end(), system) == candidates.end())
        candidates.push_back(system);
    for (const auto &candidate : candidates)
        if (pythonHasTorch(candidate))
            return candidate;
    return candidates.empty() ? std::string() : candidates.front();
}

std::string findLauncherDir()
{
    const std::vector<std::string> candidates = install::launcherDirs();
    for (const auto &dir : candidates)
        if (fileExists(dir + "/opscope_launcher/__main__.py"))
            return dir;
    std::string looked;
    for (const auto &dir : candidates)
        looked += (looked.empty() ? "" : ", ") + dir;
    throw ToolError("the OpScope launcher (opscope_launcher) was not found (looked in " + looked +
                    "). Set OPSCOPE_LAUNCHER_DIR to the folder that holds opscope_launcher/.");
}

} // namespace opscope::pipeline
