#include "opscope/importer.h"

#include "import/importers.h"
#include "opscope/capture_import.h"
#include "opscope/errors.h"
#include "opscope/file_util.h"
#include "opscope/format_ids.h"
#include "opscope/memory_snapshot.h"
#include "opscope/operator_profiler_json.h"
#include "opscope/profile_check.h"
#include "opscope/profile_store.h"
#include "store/sqlite_util.h"

#include <filesystem>

namespace opscope {

namespace {

constexpr size_t kProbeBytes = 64 * 1024;

std::vector<ImportFormat> makeFormats()
{
    using Role = ImportRole;
    std::vector<ImportFormat> formats;
    formats.push_back({.id = format_id::kOpScope,
                       .description = "OpScope profile",
                       .detect =
                           [](const FileProbe &f) {
                               return !f.directory && f.head.size() >= 100 && hasSqliteMagic(f.head) &&
                                      looksLikeOpScopeFile(f.path);
                           },
                       .load =
                           [](const std::string &path, const Progress &progress) {
                               progress.report(0.0, "Opening profile");
                               Profile p = loadProfile(path, progress);
                               progress.report(1.0, "Opening profile");
                               return p;
                           }});
    formats.push_back(
        {.id = format_id::kOperatorProfilerJson,
         .description = "Operator Profiler profile.json",
         .detect = [](const FileProbe &f) { return !f.directory && looksLikeOperatorProfilerJson(f.head); },
         .load = [](const std::string &path,
                    const Progress &progress) { return importOperatorProfilerJson(path, progress); }});
    // Content decides; these detectors look at the head bytes first and the extension second.
    formats.push_back({.id = format_id::kNsysSqlite,
                       .description = "Nsight Systems SQLite export (.sqlite)",
                       .role = Role::Timeline,
                       .rank = 0,
                       .detect = importers::detectNsysSqlite,
                       .load = importers::importNsysSqlite});
    formats.push_back({.id = format_id::kNsysRep,
                       .description = "Nsight Systems report (.nsys-rep)",
                       .role = Role::Timeline,
                       .rank = 0,
                       .detect = importers::detectNsysRep,
                       .load = importers::importNsysRep});
    formats.push_back({.id = format_id::kNsysStatsCsv,
                       .description = "nsys stats NVTX push/pop trace (.csv)",
                       .detect = importers::detectNsysStatsCsv,
                       .load = importers::importNsysStatsCsv});
    formats.push_back(
        {.id = format_id::kTorchMemorySnapshot,
         .description = "CUDA allocator history (memory_snapshot.json)",
         .role = Role::MemoryHistory,
         .detect = [](const FileProbe &f) { return !f.directory && looksLikeMemorySnapshot(f.head, f.path); },
         .load = [](const std::string &path, const Progress &) -> Profile {
             throw FileError(path, "a memory snapshot alone has no timeline: import it with the "
                                   "torch.profiler trace of the same run");
         }});
    formats.push_back(
        {.id = format_id::kOpScopeMemoryTensors,
         .description = "OpScope launcher's tensor inventory (memory_tensors.json)",
         .role = Role::MemoryHistory,
         .detect = [](const FileProbe &f) { return !f.directory && looksLikeMemoryTensors(f.head, f.path); },
         .load = [](const std::string &path, const Progress &) -> Profile {
             throw FileError(path, "a tensor inventory alone has no timeline: import it with the "
                                   "trace of the same run");
         }});
    formats.push_back({.id = format_id::kKinetoJson,
                       .description = "torch.profiler trace (.json, .json.gz)",
                       .role = Role::CrossCheck,
                       .rank = 1,
                       .detect = importers::detectKinetoJson,
                       .load = importers::importKinetoJson});
    formats.push_back({.id = format_id::kOnnxRuntimeJson,
                       .description = "ONNX Runtime profile (.json)",
                       .detect = importers::detectOnnxRuntimeJson,
                       .load = importers::importOnnxRuntimeJson});
    formats.push_back({.id = format_id::kNcuCsv,
                       .description = "Nsight Compute CSV (--page raw or details)",
                       .role = Role::Counters,
                       .rank = 2,
                       .detect = importers::detectNcuCsv,
                       .load = importers::importNcuCsv});
    formats.push_back({.id = format_id::kNcuRep,
                       .description = "Nsight Compute report (.ncu-rep)",
                       .role = Role::Counters,
                       .rank = 2,
                       .detect = importers::detectNcuRep,
                       .load = importers::importNcuRep});
    // Folders only, so it comes last: no file format above claims a folder.
    formats.push_back({.id = format_id::kInductorDebug,
                       .description = "Inductor debug folder (TORCH_COMPILE_DEBUG=1)",
                       .role = Role::KernelMap,
                       .detect = [](const FileProbe &f) { return f.directory && isInductorDebugDir(f.path); },
                       .load = [](const std::string &path, const Progress &) -> Profile {
                           throw FileError(path, "an Inductor debug directory alone has no kernels: add the "
                                                 "trace or capture it belongs to");
                       },
                       .loadKernelMap = readInductorDebugDir});
    return formats;
}

std::string_view decompressCommand(std::string_view compression)
{
    if (compression == "zstd")
        return "zstd -d";
    if (compression == "xz")
        return "xz -d";
    return "bunzip2";
}

// A folder no format claims (an Inductor debug folder is the only one read as such): what it is and
// what to pass instead. A run folder of `opscope capture`/`profile` (manifest.json) holds its profile
// as <run>/<run>.opscope once imported.
std::string describeFolder(const std::string &path)
{
    namespace fs = std::filesystem;
    if (!fileExists((fs::path(path) / "manifest.json").string()))
        return "a folder, not a profile: pass the profile in it, or the files of one capture";
    std::error_code error;
    fs::path absolute = fs::absolute(path, error).lexically_normal(); // the run's name also for "." or "gpt-1/"
    if (!absolute.has_filename())
        absolute = absolute.parent_path();
    const std::string profile =
        (fs::path(path) / (absolute.filename().string() + ".opscope")).lexically_normal().string();
    if (fileExists(profile))
        return "a run folder of opscope capture/profile, not a profile: pass its profile, " + profile;
    return "a run folder of opscope capture/profile without a profile yet: import it with `opscope import " + path +
           "`";
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

const ImportFormat *findFormat(std::string_view id)
{
    for (const ImportFormat &format : importFormats())
        if (format.id == id)
            return &format;
    return nullptr;
}

const ImportFormat &detectFormat(const std::string &path)
{
    if (!fileExists(path))
        throw FileError(path, "no such file");
    // gzip is read (JSON and CSV inflate it themselves, SQLite files through a decompressed copy: see
    // importFile); other compressions are named rather than reported as an unknown or damaged file.
    if (!isDirectory(path))
        if (const std::string_view kind = compressionOf(readRawHead(path, 6)); !kind.empty() && kind != "gzip")
            throw FileError(path, "compressed file: " + std::string(kind) + "-compressed; decompress it first (" +
                                      std::string(decompressCommand(kind)) + " " + fileName(path) +
                                      "), or compress it with gzip, which OpScope reads");
    FileProbe probe;
    probe.path = path;
    probe.extension = fileExtension(path);
    probe.directory = isDirectory(path);
    if (!probe.directory)
        probe.head = readHead(path, kProbeBytes);
    for (const ImportFormat &format : importFormats())
        if (format.detect(probe))
            return format;
    if (probe.directory)
        throw FileError(path, describeFolder(path));
    std::string supported;
    for (const ImportFormat &format : importFormats())
        supported += (supported.empty() ? "" : ", ") + std::string(format.description);
    throw FileError(path, describeContent(probe) + " (supported: " + supported + ")");
}

Profile importFile(const std::string &path, const Progress &progress)
{
    return importFile(detectFormat(path), path, progress);
}

// A gzipped SQLite database (nsys export, OpScope profile): SQLite reads only plain files, so the
// importer reads a decompressed copy in a private temporary folder, and the profile names the original.
static Profile importGzippedDatabase(const ImportFormat &format, const std::string &path, const Progress &progress)
{
    TempFolder folder("opscope-gunzip");
    if (folder.path().empty())
        throw FileError(path, "compressed file: gzip; no temporary folder to decompress it into");
    std::string name = fileName(path);
    if (name.size() > 3 && name.ends_with(".gz"))
        name.resize(name.size() - 3);
    const std::string copy = folder.path() + "/" + name;
    gunzipToFile(path, copy);
    Profile p;
    try {
        p = format.load(copy, progress);
    } catch (const FileError &e) {
        throw FileError(path, e.problem() + " (in its gzip-decompressed copy)");
    }
    if (p.source_path.empty() || p.source_path == copy)
        p.source_path = path;
    return p;
}

// An SQLite database in WAL mode whose -wal file beside it holds frames: its readers open files
// immutable, which writes nothing beside the input but would not see those frames, so the import reads a
// checkpointed copy in a private temporary folder.
static Profile importWalDatabase(const ImportFormat &format, const std::string &path, const Progress &progress)
{
    TempFolder folder("opscope-wal");
    if (folder.path().empty())
        throw FileError(path, "a database with a -wal file; no temporary folder to read a copy of them in");
    const std::string copy = folder.path() + "/" + fileName(path);
    sql::checkpointedCopy(path, copy);
    Profile p;
    try {
        p = format.load(copy, progress);
    } catch (const FileError &e) {
        throw FileError(path, e.problem() + " (in the copy of it and its -wal file)");
    }
    if (p.source_path.empty() || p.source_path == copy)
        p.source_path = path;
    return p;
}

Profile importFile(const ImportFormat &format, const std::string &path, const Progress &progress)
{
    const bool directory = isDirectory(path);
    const bool gzippedDatabase =
        !directory && compressionOf(readRawHead(path, 2)) == "gzip" && hasSqliteMagic(readHead(path, 100));
    const Progress reading = progress.staged(ProgressStage::Read); // whatever each importer says it does
    Profile p = gzippedDatabase                          ? importGzippedDatabase(format, path, reading)
                : !directory && sql::hasPendingWal(path) ? importWalDatabase(format, path, reading)
                                                         : format.load(path, reading);
    // Every total of the analyses fits (profile_check.h): a file whose times add up beyond is refused.
    if (const std::string problem = findImpossibleTotal(p); !problem.empty())
        throw FileError(path, problem);
    if (p.source_format.empty())
        p.source_format = std::string(format.id);
    if (p.source_path.empty())
        p.source_path = path;
    return p;
}

} // namespace opscope
