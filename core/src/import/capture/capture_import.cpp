// The files of one capture imported together (capture_import.h). Each file is imported and attributed on
// its own; its format's role and rank (importer.h) say which file becomes the profile and what the
// others add to it.
#include "opscope/capture_import.h"

#include "import/capture/capture_parts.h"
#include "opscope/compiled_modules.h"
#include "opscope/errors.h"
#include "opscope/file_util.h"
#include "opscope/format_ids.h"
#include "opscope/importer.h"
#include "opscope/memory_snapshot.h"
#include "opscope/metadata_keys.h"
#include "opscope/profile_check.h"

#include <algorithm>
#include <exception>
#include <stdexcept>
#include <utility>

namespace opscope {

namespace {

// The role and rank of the format a profile was imported from. A saved .opscope keeps that format as
// its source_format, so a saved nsys import leads as the nsys file would.
struct PartRole {
    ImportRole role = ImportRole::Timeline;
    int rank = kLastImportRank;
};

PartRole roleOf(const Profile &p)
{
    if (const ImportFormat *format = findFormat(p.source_format))
        return {format->role, format->rank};
    return {};
}

// A folder of Inductor debug output, or another KernelMap file, waiting for the profile.
struct KernelMapPart {
    std::string path;
    const ImportFormat *format = nullptr;
    InductorKernelMap map;
};

// A .json or .json.gz among several files: maybe one rank's torch.profiler trace, which a failed import
// leaves out with a warning instead of failing the whole run (docs/ranks.md).
bool looksLikeTraceJson(const std::string &path)
{
    return path.ends_with(".json") || path.ends_with(".json.gz");
}

std::string leftOut(const std::string &path, const std::exception &e)
{
    std::string why = e.what();
    if (why.starts_with(path + ": "))
        why.erase(0, path.size() + 2);
    return path + ": left out: " + why;
}

// Several nsys captures are the ranks of one job (one session per rank, or per node): they become one
// part with ranks, the rank from NCCL's payloads or the file's or its folder's name, the nodes' clocks
// aligned on matched collectives. Torch.profiler traces of the same job join them (several hosts' files).
void mergeRankCaptures(std::vector<Profile> &parts, const std::string &regex)
{
    if (std::count_if(parts.begin(), parts.end(), capture::isRankCapture) < 2 ||
        std::any_of(parts.begin(), parts.end(), [&](const Profile &p) {
            return capture::isRankCapture(p) && !capture::hasRanksOfItsOwn(p) &&
                   capture::rankFromName(p.source_path, regex) < 0;
        }))
        return; // not a job's ranks: the files are read as before
    std::vector<Profile> ranks, others;
    for (Profile &part : parts)
        (capture::isRankCapture(part) ? ranks : others).push_back(std::move(part));
    parts = std::move(others);
    parts.push_back(capture::mergeRanks(std::move(ranks), regex));
}

// Several torch.profiler traces of one capture are its ranks: they become one part with ranks.
void mergeRankTraces(std::vector<Profile> &parts, const std::vector<std::string> &failures,
                     const std::exception_ptr &firstFailure, const std::string &regex)
{
    std::vector<Profile> ranks, others;
    for (Profile &part : parts)
        (capture::isRankTrace(part) ? ranks : others).push_back(std::move(part));
    if (ranks.size() + failures.size() < 2) {
        if (!failures.empty()) // one trace json failed, and it was no rank of several: the import fails
            std::rethrow_exception(firstFailure);
        parts = std::move(others);
        for (Profile &r : ranks)
            parts.push_back(std::move(r));
        return;
    }
    if (ranks.empty())
        std::rethrow_exception(firstFailure); // no trace read: the first file's own error (a FileError)
    Profile merged = capture::mergeRanks(std::move(ranks), regex);
    merged.warnings.insert(merged.warnings.end(), failures.begin(), failures.end());
    parts = std::move(others);
    parts.push_back(std::move(merged));
}

} // namespace

Profile importCapture(const std::vector<std::string> &paths, const AttributionOptions &options,
                      const Progress &progress)
{
    if (paths.empty())
        throw std::invalid_argument("importCapture: no files");
    std::vector<Profile> parts;
    std::vector<KernelMapPart> kernelMaps;
    // memory_snapshot.json, memory_tensors.json: added last, a bad one only warns.
    std::vector<std::pair<std::string, const ImportFormat *>> snapshots;
    std::vector<std::string> rankFailures;
    std::exception_ptr firstFailure;
    // Ranks are tolerated to fail only where there can be several of them.
    const auto traceJsons = std::count_if(paths.begin(), paths.end(), looksLikeTraceJson);
    for (size_t i = 0; i < paths.size(); ++i) {
        progress.report(double(i) / double(paths.size()), ProgressStage::Read, "Importing " + paths[i]);
        const ImportFormat *detected = nullptr;
        try {
            detected = &detectFormat(paths[i]);
        } catch (const Cancelled &) {
            throw;
        } catch (const std::exception &e) {
            if (traceJsons < 2 || !looksLikeTraceJson(paths[i]))
                throw;
            rankFailures.push_back(leftOut(paths[i], e));
            if (!firstFailure)
                firstFailure = std::current_exception();
            continue;
        }
        const ImportFormat &format = *detected;
        if (format.role == ImportRole::MemoryHistory) {
            snapshots.push_back({paths[i], &format});
            continue;
        }
        if (format.role == ImportRole::KernelMap) {
            kernelMaps.push_back({paths[i], &format, format.loadKernelMap(paths[i])});
            continue;
        }
        Profile part;
        try {
            part = importFile(format, paths[i], progress);
        } catch (const Cancelled &) {
            throw;
        } catch (const std::exception &e) {
            // One unreadable rank of several is left out; the others are kept (docs/ranks.md).
            if (traceJsons < 2 || format.id != format_id::kKinetoJson)
                throw;
            rankFailures.push_back(leftOut(paths[i], e));
            if (!firstFailure)
                firstFailure = std::current_exception();
            continue;
        }
        attribute(part, options, progress);
        parts.push_back(std::move(part));
    }
    mergeRankTraces(parts, rankFailures, firstFailure, options.rankRegex);
    mergeRankCaptures(parts, options.rankRegex);
    if (parts.empty()) { // kernel maps or snapshots alone: the format's loader throws, saying why
        if (kernelMaps.empty())
            (void)importFile(*snapshots.front().second, snapshots.front().first, progress);
        (void)importFile(*kernelMaps.front().format, kernelMaps.front().path, progress);
        throw std::logic_error("importCapture: a kernel map format loaded a profile");
    }

    std::stable_sort(parts.begin(), parts.end(),
                     [](const Profile &a, const Profile &b) { return roleOf(a).rank < roleOf(b).rank; });
    // Every file's own warnings reach the result (a truncated ncu CSV matters as much as a truncated
    // trace), each named by its file when there are several.
    if (parts.size() > 1)
        for (Profile &part : parts)
            if (!part.metadataValue(kRankFilesKey)) // merged ranks' warnings already name their file
                for (std::string &w : part.warnings)
                    w = fileName(part.source_path) + ": " + w;
    Profile result = std::move(parts.front());
    const ImportRole resultRole = roleOf(result).role;
    std::string sources = result.source_path;
    if (const std::string *rankFiles = result.metadataValue(kRankFilesKey))
        sources = *rankFiles; // the merged ranks' files (mergeRanks)
    for (size_t i = 1; i < parts.size(); ++i) {
        Profile &part = parts[i];
        const std::string *rankFiles = part.metadataValue(kRankFilesKey);
        sources += "\n" + (rankFiles ? *rankFiles : part.source_path);
        result.warnings.insert(result.warnings.end(), part.warnings.begin(), part.warnings.end());
        const ImportRole role = roleOf(part).role;
        if (role == ImportRole::Counters && resultRole != ImportRole::Counters)
            capture::addNcuCounters(result, part, options.ncuSkippedModules);
        else if (role == ImportRole::CrossCheck && resultRole != ImportRole::CrossCheck) {
            capture::crossCheckOperators(result, part);
            capture::addTraceMemory(result, part); // nsys records no allocator events
        } else
            result.warnings.push_back(part.source_path + ": not combined (a second " + part.source_format +
                                      " file of the same capture adds nothing)");
    }
    for (const KernelMapPart &part : kernelMaps) {
        const size_t touched = applyInductorMap(result, part.map);
        sources += "\n" + part.path;
        result.setMetadata(kInductorFusedKernelsKey, std::to_string(touched));
        // Compiled code runs no module forward: the debug folder's graphs and the launcher's module
        // stacks give its kernels their modules below the root (compiled_modules.h).
        if (isInductorDebugDir(part.path))
            applyCompiledModules(result, part.path);
    }
    // The allocator history of the same run (its events replace the trace's own of its devices) and the
    // launcher's tensor inventory. A damaged or truncated file is left out with a warning: the rest of
    // the profile stands.
    for (const auto &[path, format] : snapshots) {
        try {
            if (format->id == format_id::kOpScopeMemoryTensors)
                addMemoryTensors(result, path);
            else
                addMemorySnapshot(result, path);
            sources += "\n" + path;
        } catch (const Cancelled &) {
            throw;
        } catch (const std::exception &e) {
            result.warnings.push_back(leftOut(path, e));
        }
    }
    if (paths.size() > 1)
        result.setMetadata(kSourcesKey, sources);
    // Each file's totals fit (importFile checks them); the merged ranks, counters and memory events must too.
    if (const std::string problem = findImpossibleTotal(result); !problem.empty())
        throw FileError(paths.front(), "with the other files of its capture: " + problem);
    progress.report(1.0, ProgressStage::Imported, "Import done");
    return result;
}

std::vector<std::pair<std::string, std::string>> summaryMetadata(const Profile &p)
{
    const std::optional<NcuMatchCounts> ncu = ncuMatchCounts(p);
    const std::optional<CrossCheckCounts> crossCheck = torchProfilerCrossCheck(p);
    std::vector<std::pair<std::string, std::string>> shown;
    bool ncuShown = false, crossCheckShown = false;
    for (const auto &[key, value] : p.metadata) {
        if (ncu && capture::isNcuMatchKey(key)) {
            if (!std::exchange(ncuShown, true))
                shown.emplace_back(kNcuMatchSummaryLabel, capture::describeNcuMatch(*ncu));
        } else if (crossCheck && capture::isCrossCheckKey(key)) {
            if (!std::exchange(crossCheckShown, true))
                shown.emplace_back(kCrossCheckSummaryLabel, capture::describeCrossCheck(*crossCheck));
        } else {
            shown.emplace_back(key, value);
        }
    }
    return shown;
}

} // namespace opscope
