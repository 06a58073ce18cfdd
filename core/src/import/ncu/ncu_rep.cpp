// Nsight Compute report (.ncu-rep): its format is not public, so it is read through
// `ncu --import FILE --csv --page raw --print-units base` when ncu is installed. ncu's CSV goes to a
// temporary file (stdout alone, so none of ncu's messages on stderr can cut into a row) and is then
// streamed through the CSV parser (ncu_csv_parser.cpp).
#include "import/common/report_tool.h"
#include "import/importers.h"
#include "import/ncu/ncu_csv.h"

#include "opscope/errors.h"
#include "opscope/file_util.h"
#include "opscope/format_ids.h"
#include "opscope/pipeline/tools.h"

#include <algorithm>
#include <fstream>

namespace opscope::importers {

namespace {

// The first bytes of every .ncu-rep seen (ncu 2025.3): "NVR\0".
const std::string kNcuReportMagic("NVR\0", 4);

// ncu writes its ==ERROR== lines to stdout, i.e. into the CSV file: the last few non-CSV lines of the
// file's end, for an error message.
void addToolMessages(const std::string &file, OutputTail &messages)
{
    std::ifstream in(file, std::ios::binary | std::ios::ate);
    if (!in)
        return;
    const std::streamoff size = in.tellg();
    const std::streamoff from = std::max<std::streamoff>(0, size - 65536);
    in.seekg(from);
    std::string tail(size_t(size - from), '\0');
    in.read(tail.data(), std::streamsize(tail.size()));
    size_t start = 0;
    while (start < tail.size()) {
        const size_t nl = std::min(tail.find('\n', start), tail.size());
        std::string_view line(tail.data() + start, nl - start);
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        if (!line.empty() && line.front() != '"')
            messages.add(line);
        start = nl + 1;
    }
}

} // namespace

bool detectNcuRep(const FileProbe &probe)
{
    if (probe.directory)
        return false;
    if (probe.head.compare(0, kNcuReportMagic.size(), kNcuReportMagic) == 0)
        return true;
    return probe.extension == ".ncu-rep";
}

Profile importNcuRep(const std::string &path, const Progress &progress)
{
    if (!fileExists(path))
        throw FileError(path, "no such file");
    if (isDirectory(path))
        throw FileError(path, "is a folder, not a file");
    const std::string ncuPath = pipeline::locateNcu();
    if (ncuPath.empty())
        throw FileError(path, "is an Nsight Compute report; ncu is not installed here to read it. Export it where "
                              "ncu is installed with: ncu --import NAME.ncu-rep --csv --page raw --print-units base "
                              "> NAME.csv, then open the .csv");

    const TempFolder temp("opscope-ncu");
    if (temp.path().empty())
        throw FileError(path, "cannot create a temporary folder to read the report in");
    // No text of the report's name in the output's name (as nsys_rep.cpp does).
    const std::string csvPath = temp.path() + "/import.csv";

    ProcessSpec spec;
    spec.argv = {ncuPath, "--import", reportArgument(path), "--csv", "--page", "raw", "--print-units", "base"};
    spec.stdoutPath = csvPath;
    OutputTail messages; // ncu's own lines (==ERROR== ...), for the error message
    constexpr std::string_view kStage = "Reading the report with ncu --import";
    progress.report(0.0, kStage);
    const ProcessResult result = runReportTool(spec, messages, progress);
    if (!result.ok()) {
        addToolMessages(csvPath, messages);
        throw FileError(path, "ncu --import (" + displayCommand(spec.argv) +
                                  ") failed: " + describeToolFailure(result) +
                                  (messages.empty() ? std::string() : "; its last messages:" + messages.indented()));
    }
    Profile p;
    try {
        ncu::CsvParser parser(path, progress);
        feedNcuCsvFile(csvPath, parser, progress, kStage);
        p = parser.finish();
    } catch (const FileError &e) {
        throw FileError(path, "the CSV that ncu --import printed for it cannot be read: " + e.problem());
    }
    p.source_format = format_id::kNcuRep;
    p.source_path = path;
    progress.report(1.0, kStage);
    return p;
}

} // namespace opscope::importers
