// Nsight Systems report (.nsys-rep, formerly .qdrep): converted with `nsys export --type sqlite` when
// nsys is installed, then read by the SQLite importer. The report format itself is not public.
#include "import/importers.h"

#include "opscope/errors.h"
#include "opscope/file_util.h"
#include "opscope/pipeline/tools.h"
#include "opscope/process.h"

#include <deque>
#include <filesystem>
#include <system_error>

namespace opscope::importers {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view kReportMagic = "NVIDIA Tegra Profiler Report";
constexpr size_t kKeptOutputLines = 12;

std::string describeFailure(const ProcessResult &result)
{
    if (!result.started)
        return "could not run it (" + result.startError + ")";
    if (result.timedOut)
        return "it timed out";
    if (result.signal)
        return "it was killed by signal " + std::to_string(result.signal);
    return "it exited with status " + std::to_string(result.exitCode);
}

// Removes the temporary folder however the import ends.
struct TempFolder {
    fs::path path;
    ~TempFolder()
    {
        std::error_code ec;
        if (!path.empty())
            fs::remove_all(path, ec);
    }
};

} // namespace

bool detectNsysRep(const FileProbe &probe)
{
    if (probe.directory || probe.head.empty())
        return false;
    if (probe.head.compare(0, kReportMagic.size(), kReportMagic) == 0)
        return true;
    if (probe.extension != ".nsys-rep" && probe.extension != ".qdrep")
        return false;
    // Named like a report but holding something else we may read: leave it to that importer.
    if (probe.head.compare(0, 16, std::string("SQLite format 3\0", 16)) == 0)
        return false;
    const auto first = probe.head.find_first_not_of(" \t\r\n");
    return first == std::string::npos || (probe.head[first] != '{' && probe.head[first] != '[');
}

Profile importNsysRep(const std::string &path, const Progress &progress)
{
    if (!fileExists(path))
        throw FileError(path, "no such file");
    const std::string nsys = pipeline::locateNsys();
    if (nsys.empty())
        throw FileError(path, "is an Nsight Systems report; nsys is not installed here to convert it. Export it "
                              "where nsys is installed with: nsys export --type sqlite -o NAME.sqlite "
                              "NAME.nsys-rep, then open the .sqlite");

    TempFolder temp;
    std::string pattern = (fs::temp_directory_path() / "opscope-nsys-XXXXXX").string();
    if (!::mkdtemp(pattern.data()))
        throw FileError(path, "cannot create a temporary folder to convert the report in");
    temp.path = pattern;
    // No text of the report's name in the output's name; the report itself goes as an absolute path, so a
    // name starting with '-' cannot pass for an option.
    const std::string sqlitePath = (temp.path / "export.sqlite").string();
    std::error_code ec;
    const std::string absoluteReport = fs::absolute(path, ec).string();

    ProcessSpec spec;
    spec.argv = {
        nsys, "export", "--type", "sqlite", "--force-overwrite", "true", "-o", sqlitePath, ec ? path : absoluteReport};
    std::deque<std::string> lastLines;
    progress.report(0.0, "Converting the report with nsys export");
    const ProcessResult result = runProcess(
        spec,
        [&](std::string_view line) {
            if (line.find_first_not_of(" \t") == std::string_view::npos)
                return;
            lastLines.emplace_back(line);
            if (lastLines.size() > kKeptOutputLines)
                lastLines.pop_front();
        },
        progress);
    if (result.cancelled)
        throw Cancelled();
    if (!result.ok() || !fileExists(sqlitePath)) {
        std::string output;
        for (const auto &line : lastLines)
            output += "\n  " + line;
        throw FileError(path,
                        "nsys export (" + displayCommand(spec.argv) + ") failed: " + describeFailure(result) +
                            (output.empty() ? std::string(" and printed nothing") : "; its last output:" + output));
    }

    Profile p;
    try {
        p = importNsysSqlite(sqlitePath, progress);
    } catch (const FileError &e) {
        throw FileError(path, "the SQLite export nsys made of it cannot be read: " + e.problem());
    }
    p.source_format = "nsys-rep";
    p.source_path = path;
    return p;
}

} // namespace opscope::importers
