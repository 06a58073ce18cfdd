#include "import/common/report_tool.h"

#include "opscope/errors.h"

#include <filesystem>
#include <system_error>

namespace opscope::importers {

void OutputTail::add(std::string_view line)
{
    if (line.find_first_not_of(" \t") == std::string_view::npos)
        return;
    lines_.emplace_back(line);
    if (lines_.size() > kKeptLines)
        lines_.pop_front();
}

std::string OutputTail::indented() const
{
    std::string text;
    for (const std::string &line : lines_)
        text += "\n  " + line;
    return text;
}

ProcessResult runReportTool(const ProcessSpec &spec, OutputTail &tail, const Progress &progress)
{
    ProcessResult result = runProcess(
        spec, [&](std::string_view line) { tail.add(line); }, progress);
    if (result.cancelled)
        throw Cancelled();
    return result;
}

std::string describeToolFailure(const ProcessResult &result)
{
    if (!result.started)
        return "could not run it (" + result.startError + ")";
    if (result.timedOut)
        return "it timed out";
    if (result.signal)
        return "it was killed by signal " + std::to_string(result.signal);
    return "it exited with status " + std::to_string(result.exitCode);
}

std::string reportArgument(const std::string &path)
{
    std::error_code ec;
    const std::string absolute = std::filesystem::absolute(path, ec).string();
    return ec ? path : absolute;
}

} // namespace opscope::importers
