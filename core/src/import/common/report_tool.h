#pragma once
// Reports whose format is not public are read through their vendor's tool (nsys export, ncu --import,
// in nsys/nsys_rep.cpp and ncu/ncu_rep.cpp). When the tool fails, the error says why and what the tool
// printed last.

#include "opscope/process.h"
#include "opscope/progress.h"

#include <cstddef>
#include <deque>
#include <string>
#include <string_view>

namespace opscope::importers {

// The last lines a tool printed, blank lines left out, for an error message.
class OutputTail {
public:
    static constexpr size_t kKeptLines = 12;
    void add(std::string_view line);
    bool empty() const { return lines_.empty(); }
    // Each line on its own line, indented: "\n  first\n  second".
    std::string indented() const;

private:
    std::deque<std::string> lines_;
};

// Runs the tool, its output lines going to `tail`. Throws Cancelled when the import was cancelled;
// any other failure is the caller's to word (see describeToolFailure).
ProcessResult runReportTool(const ProcessSpec &spec, OutputTail &tail, const Progress &progress);

// Why a run did not succeed: "could not run it (...)", "it timed out", "it was killed by signal 9",
// "it exited with status 1".
std::string describeToolFailure(const ProcessResult &result);

// The report as the tool's argument: absolute, so a name starting with '-' cannot pass for an option.
std::string reportArgument(const std::string &path);

} // namespace opscope::importers
