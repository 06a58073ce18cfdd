// Nsight Systems report (.nsys-rep, formerly .qdrep): converted with `nsys export --type sqlite` when
// nsys is installed, then read by the SQLite importer. The report format itself is not public.
#include "import/importers.h"

#include "opscope/errors.h"
#include "opscope/file_util.h"
#include "opscope/process.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <deque>
#include <filesystem>
#include <system_error>

namespace opscope::importers {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view kReportMagic = "NVIDIA Tegra Profiler Report";
constexpr size_t kKeptOutputLines = 12;

// Compares folder names such as "2025.3.1" by their numbers, so the newest version comes first.
bool newerVersionFirst(const std::string &a, const std::string &b)
{
    size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        if (std::isdigit(static_cast<unsigned char>(a[i])) && std::isdigit(static_cast<unsigned char>(b[j]))) {
            size_t ei = i, ej = j;
            while (ei < a.size() && std::isdigit(static_cast<unsigned char>(a[ei])))
                ++ei;
            while (ej < b.size() && std::isdigit(static_cast<unsigned char>(b[ej])))
                ++ej;
            const auto na = std::stoull(a.substr(i, std::min<size_t>(ei - i, 18)));
            const auto nb = std::stoull(b.substr(j, std::min<size_t>(ej - j, 18)));
            if (na != nb)
                return na > nb;
            i = ei, j = ej;
        } else {
            if (a[i] != b[j])
                return a[i] > b[j];
            ++i, ++j;
        }
    }
    return a.size() > b.size();
}

// parent/<each folder>/suffix, newest version first (the glob parent/*/suffix).
std::vector<std::string> globVersions(const std::string &parent, const std::string &suffix)
{
    std::vector<std::string> names;
    std::error_code ec;
    for (fs::directory_iterator it(parent, ec), end; !ec && it != end; it.increment(ec))
        if (it->is_directory(ec))
            names.push_back(it->path().filename().string());
    std::sort(names.begin(), names.end(), newerVersionFirst);
    std::vector<std::string> dirs;
    for (const auto &name : names)
        dirs.push_back(parent + "/" + name + suffix);
    return dirs;
}

// nsys on PATH, then where NVIDIA's installers put it. OPSCOPE_NSYS names a binary explicitly.
std::string findNsys()
{
    if (const char *explicitPath = std::getenv("OPSCOPE_NSYS"); explicitPath && *explicitPath)
        return findExecutable(explicitPath);
    std::vector<std::string> dirs = {"/usr/local/cuda/bin"};
    for (const auto &d : globVersions("/opt/nvidia/nsight-systems", "/bin"))
        dirs.push_back(d);
    for (const auto &d : globVersions("/opt/nvidia/nsight-systems", "/target-linux-x64"))
        dirs.push_back(d);
    // The CUDA toolkit's copy, and the one Nsight Compute bundles (see shared/docs/gpu-machine.md).
    for (const auto &d : globVersions("/usr/local", "/bin"))
        if (d.rfind("/usr/local/cuda", 0) == 0)
            dirs.push_back(d);
    for (const auto &d : globVersions("/opt/nvidia/nsight-compute", "/host/target-linux-x64"))
        dirs.push_back(d);
    return findExecutable("nsys", dirs);
}

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
    const std::string nsys = findNsys();
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
