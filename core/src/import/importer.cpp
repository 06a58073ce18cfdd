#include "opscope/importer.h"

#include "import/importers.h"
#include "opscope/errors.h"
#include "opscope/file_util.h"
#include "opscope/operator_profiler_json.h"
#include "opscope/profile_store.h"

namespace opscope {

namespace {

constexpr size_t kProbeBytes = 64 * 1024;

std::vector<ImportFormat> makeFormats()
{
    std::vector<ImportFormat> formats;
    formats.push_back({"opscope", "OpScope profile",
                       [](const FileProbe &f) {
                           return !f.directory && f.head.size() >= 100 && hasSqliteMagic(f.head) &&
                                  looksLikeOpScopeFile(f.path);
                       },
                       [](const std::string &path, const Progress &progress) {
                           progress.report(0.0, "Opening profile");
                           Profile p = loadProfile(path);
                           progress.report(1.0, "Opening profile");
                           return p;
                       }});
    formats.push_back(
        {"operator-profiler-json", "Operator Profiler profile.json",
         [](const FileProbe &f) { return !f.directory && looksLikeOperatorProfilerJson(f.head); },
         [](const std::string &path, const Progress &progress) { return importOperatorProfilerJson(path, progress); }});
    // Content decides; these detectors look at the head bytes first and the extension second.
    formats.push_back({"nsys-sqlite", "Nsight Systems SQLite export (.sqlite)", importers::detectNsysSqlite,
                       importers::importNsysSqlite});
    formats.push_back(
        {"nsys-rep", "Nsight Systems report (.nsys-rep)", importers::detectNsysRep, importers::importNsysRep});
    formats.push_back({"nsys-stats-csv", "nsys stats NVTX push/pop trace (.csv)", importers::detectNsysStatsCsv,
                       importers::importNsysStatsCsv});
    formats.push_back({"kineto-json", "torch.profiler trace (.json, .json.gz)", importers::detectKinetoJson,
                       importers::importKinetoJson});
    formats.push_back({"onnxruntime-json", "ONNX Runtime profile (.json)", importers::detectOnnxRuntimeJson,
                       importers::importOnnxRuntimeJson});
    formats.push_back(
        {"ncu-csv", "Nsight Compute CSV (--page raw or details)", importers::detectNcuCsv, importers::importNcuCsv});
    formats.push_back(
        {"ncu-rep", "Nsight Compute report (.ncu-rep)", importers::detectNcuRep, importers::importNcuRep});
    return formats;
}

std::string describeContent(const FileProbe &probe)
{
    if (probe.head.empty())
        return "the file is empty";
    if (hasSqliteMagic(probe.head))
        return "an SQLite database without the tables of any supported profiler";
    return "not a profile format OpScope reads";
}

} // namespace

const std::vector<ImportFormat> &importFormats()
{
    static const std::vector<ImportFormat> formats = makeFormats();
    return formats;
}

const ImportFormat &detectFormat(const std::string &path)
{
    if (!fileExists(path))
        throw FileError(path, "no such file");
    FileProbe probe;
    probe.path = path;
    probe.extension = fileExtension(path);
    probe.directory = isDirectory(path);
    if (!probe.directory)
        probe.head = readHead(path, kProbeBytes);
    for (const ImportFormat &format : importFormats())
        if (format.detect(probe))
            return format;
    std::string supported;
    for (const ImportFormat &format : importFormats())
        supported += (supported.empty() ? "" : ", ") + std::string(format.description);
    throw FileError(path, describeContent(probe) + " (supported: " + supported + ")");
}

Profile importFile(const std::string &path, const Progress &progress)
{
    const ImportFormat &format = detectFormat(path);
    Profile p = format.load(path, progress);
    if (p.source_format.empty())
        p.source_format = std::string(format.id);
    if (p.source_path.empty())
        p.source_path = path;
    return p;
}

} // namespace opscope
