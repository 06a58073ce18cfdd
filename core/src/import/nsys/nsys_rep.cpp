// Nsight Systems report (.nsys-rep, formerly .qdrep): converted with `nsys export --type sqlite` when
// nsys is installed, then read by the SQLite importer. The report format itself is not public.
#include "import/common/report_tool.h"
#include "import/importers.h"

#include "opscope/errors.h"
#include "opscope/file_util.h"
#include "opscope/format_ids.h"
#include "opscope/pipeline/tools.h"

namespace opscope::importers {

namespace {

constexpr std::string_view kNsysReportMagic = "NVIDIA Tegra Profiler Report";

} // namespace

bool detectNsysRep(const FileProbe &probe)
{
    if (probe.directory || probe.head.empty())
        return false;
    if (probe.head.compare(0, kNsysReportMagic.size(), kNsysReportMagic) == 0)
        return true;
    if (probe.extension != ".nsys-rep" && probe.extension != ".qdrep")
        return false;
    // Named like a report but holding something else we may read: leave it to that importer.
    if (hasSqliteMagic(probe.head))
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

    const TempFolder temp("opscope-nsys");
    if (temp.path().empty())
        throw FileError(path, "cannot create a temporary folder to convert the report in");
    // No text of the report's name in the output's name.
    const std::string sqlitePath = temp.path() + "/export.sqlite";

    // --include-json keeps NVTX payloads (NCCL's ranks and message sizes, nsys_ranks.cpp); an nsys that
    // does not know the option gets the plain export.
    const auto exportArgv = [&](bool withPayloads) {
        std::vector<std::string> argv = {nsys, "export", "--type", "sqlite"};
        if (withPayloads)
            argv.insert(argv.end(), {"--include-json", "true"});
        argv.insert(argv.end(), {"--force-overwrite", "true", "-o", sqlitePath, reportArgument(path)});
        return argv;
    };
    ProcessSpec spec;
    spec.argv = exportArgv(true);
    OutputTail tail;
    progress.report(0.0, "Converting the report with nsys export");
    ProcessResult result = runReportTool(spec, tail, progress);
    if (!result.ok() || !fileExists(sqlitePath)) {
        spec.argv = exportArgv(false);
        tail = OutputTail();
        result = runReportTool(spec, tail, progress);
    }
    if (!result.ok() || !fileExists(sqlitePath))
        throw FileError(
            path, "nsys export (" + displayCommand(spec.argv) + ") failed: " + describeToolFailure(result) +
                      (tail.empty() ? std::string(" and printed nothing") : "; its last output:" + tail.indented()));

    Profile p;
    try {
        p = importNsysSqlite(sqlitePath, progress);
    } catch (const FileError &e) {
        throw FileError(path, "the SQLite export nsys made of it cannot be read: " + e.problem());
    }
    p.source_format = format_id::kNsysRep;
    p.source_path = path;
    return p;
}

} // namespace opscope::importers
