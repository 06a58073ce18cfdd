#pragma once
// Finding the programs the pipeline runs (nsys, ncu, Python) and asking them for their versions. The
// report importers find nsys and ncu here too, without the rest of the pipeline.

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace opscope::pipeline {

// A tool the pipeline needs is not there, or cannot do what it must; the message says how to fix it.
class ToolError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct ToolInfo {
    std::string path;    // absolute path; empty when not found
    std::string version; // first version line the tool printed, e.g. "2025.3.1.0"
    bool found() const { return !path.empty(); }
};

// Folders searched after PATH, newest installation first (globs resolved): $CUDA_HOME/bin, $CUDA_PATH/bin
// and the CUDA and Nsight install folders. Where $OPSCOPE_TOOL_PATH is set (':'-separated folders, shell
// patterns allowed), only its folders are searched, PATH included: tests set it to decide what this
// machine "has".
std::vector<std::string> nsysSearchDirs();
std::vector<std::string> ncuSearchDirs();

// Where nsys / ncu is, without running it: `explicitPath` (from --nsys/--ncu: the program or its folder)
// wins, then $OPSCOPE_NSYS / $OPSCOPE_NCU, then PATH and the search folders (or $OPSCOPE_TOOL_PATH). Empty
// when absent; never throws. The one way every part of OpScope finds the tools (the report importers included).
std::string locateNsys(const std::string &explicitPath = {});
std::string locateNcu(const std::string &explicitPath = {});
// The same, with the version the tool reports (runs `tool --version`).
ToolInfo findNsys(const std::string &explicitPath = {});
ToolInfo findNcu(const std::string &explicitPath = {});
// The same, throwing ToolError with the "was not found (looked in ...)" message when missing.
ToolInfo requireNsys(const std::string &explicitPath = {});
ToolInfo requireNcu(const std::string &explicitPath = {});
// That message where no explicit path was given: "ncu was not found (looked in PATH, /usr/local/cuda/bin,
// ...). Install Nsight Compute or pass --ncu PATH." It names the searched patterns, not only the folders
// that exist here, so it reads the same on every machine.
std::string nsysNotFoundMessage();
std::string ncuNotFoundMessage();

// Runs `tool --version` and returns the line with the version (empty when it does not answer).
std::string toolVersion(const std::string &path);

// The Python interpreter to run the workload with: `explicitPath`, else $OPSCOPE_PYTHON, else the
// first of python3 / python on PATH and /usr/bin/python3 that can import torch (the first found when
// none can). Empty when there is no Python at all.
std::string findPython(const std::string &explicitPath = {});
// True if `python` finds the torch package (without importing it: fast).
bool pythonHasTorch(const std::string &python);

// The folder holding the opscope_launcher package: $OPSCOPE_LAUNCHER_DIR, the source tree, or the
// installed share/opscope/launcher. Throws ToolError when none has the package.
std::string findLauncherDir();

} // namespace opscope::pipeline
