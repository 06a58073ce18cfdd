// Turning a run folder's tool outputs into <run>.opscope through the attribution engine.
#include "pipeline/stages.h"

#include "opscope/capture_import.h"
#include "opscope/errors.h"
#include "opscope/file_util.h"
#include "opscope/generation.h"
#include "opscope/measured_gains.h"
#include "opscope/metadata_keys.h"
#include "opscope/module_tree.h"
#include "opscope/pipeline/distinct_launches.h"
#include "opscope/profile_store.h"
#include "opscope/step_timing.h"

#include <optional>

namespace opscope::pipeline {

namespace detail {

namespace {

// importCapture warns about captured kernels without an ncu row; after the dedup copy, fewer lack them.
void updateMissingCountersWarning(Profile &p)
{
    static const std::string kSuffix = " kernels of the captured step have no ncu row (no counters)";
    size_t missing = 0;
    for (Index k = 0; k < p.kernels.size(); ++k)
        if (!(p.kernels[k].flags & kKernelOutsideCapture) && p.countersOfKernel(k).empty())
            ++missing;
    for (auto it = p.warnings.begin(); it != p.warnings.end(); ++it) {
        if (it->size() > kSuffix.size() && it->compare(it->size() - kSuffix.size(), kSuffix.size(), kSuffix) == 0) {
            if (missing == 0)
                p.warnings.erase(it);
            else
                *it = std::to_string(missing) + " kernels of the captured step have no counters (no ncu row, "
                                                "and none copied from an identical launch)";
            return;
        }
    }
}

// The launcher's timing of the plain and the captured steps, and whether the trace kept the plain one.
// Under nsys, the correlation pass (a process without nsys) times the plain steps too: its time is the
// plain one, as nsys slows the host.
void recordReferenceTiming(Profile &profile, const nlohmann::json &launcher, const nlohmann::json &correlation,
                           bool nsysTrace)
{
    if (!launcher.is_object() || !launcher.contains("reference"))
        return;
    const nlohmann::json &reference = launcher["reference"];
    const nlohmann::json plain = nsysTrace && correlation.is_object() && correlation.contains("reference")
                                     ? correlation["reference"]
                                     : nlohmann::json();
    if (const auto timing = referenceTimingFromStatus(reference, plain))
        setReferenceTiming(profile, *timing);
    const bool rangesEmitted = reference.is_object() && reference.contains("nvtx_range");
    if (nsysTrace && rangesEmitted && !profile.metadataValue(kReferenceRangeKey))
        profile.warnings.push_back(
            "the launcher ran plain reference steps, but the nsys trace holds none of them (was it limited to the "
            "CAPTURE range, --nsys-capture-range?): idle and launch figures come from the labelled step");
}

// The launcher's timing of generation requests (--step generate); under nsys the plain requests come from
// the correlation pass, as the plain step does.
void recordGenerationTiming(Profile &profile, const nlohmann::json &launcher, const nlohmann::json &correlation,
                            bool nsysTrace)
{
    if (!launcher.is_object() || !launcher.contains("generation"))
        return;
    const nlohmann::json plain = nsysTrace && correlation.is_object() && correlation.contains("generation")
                                     ? correlation["generation"]
                                     : nlohmann::json();
    if (const auto timing = generationTimingFromStatus(launcher["generation"], plain))
        setGenerationTiming(profile, *timing);
}

// The torch backend settings the launcher read at the capture (cuDNN's autotuner, TF32), as metadata
// "torch.<setting>" = "True" / "False" / the value: evidence for the insights that depend on them.
void recordTorchSettings(Profile &profile, const nlohmann::json &launcher)
{
    if (!launcher.is_object() || !launcher.contains("torch_settings") || !launcher["torch_settings"].is_object())
        return;
    for (const auto &[key, value] : launcher["torch_settings"].items())
        profile.setMetadata(torchSettingKey(key), value.is_boolean()  ? (value.get<bool>() ? "True" : "False")
                                                  : value.is_string() ? value.get<std::string>()
                                                                      : value.dump());
}

} // namespace

std::map<std::string, std::string> compileEnvironment(const std::string &compile, const std::string &runDir)
{
    if (compile != "inductor" && compile != "reduce-overhead")
        return {};
    return {{"TORCH_COMPILE_DEBUG", "1"}, {"TORCH_COMPILE_DEBUG_DIR", runDir + "/inductor"}};
}

std::string importRunFolder(RunFolder &run, const Progress &progress)
{
    if (const std::vector<std::string> parts = rankParts(run.path()); !parts.empty())
        return importRankRun(run, parts, progress);
    nlohmann::json &manifest = run.manifest();
    std::vector<std::string> paths;
    const std::string nsysSqlite = run.output("nsys_sqlite");
    const std::string trace = run.output("trace");
    const std::string ncuCsv = run.output("ncu_csv");
    const std::string correlation = run.output("correlation_trace");
    if (!nsysSqlite.empty())
        paths.push_back(nsysSqlite);
    else if (!trace.empty())
        paths.push_back(trace);
    if (!ncuCsv.empty())
        paths.push_back(ncuCsv);
    if (paths.empty())
        throw FileError(run.path(), "the run has no capture output to import (no nsys.sqlite, trace.json or ncu CSV)");
    if (!correlation.empty())
        paths.push_back(correlation);
    // The CUDA allocator history of the torch.profiler capture (the launcher writes it beside the trace).
    // Beside nsys it would be the correlation pass's, another run on another clock: left out.
    if (const std::string snapshot = run.output("memory_snapshot"); !snapshot.empty() && nsysSqlite.empty())
        paths.push_back(snapshot);
    // The tensor inventory is of the run whose memory events the profile gets: the torch.profiler capture's,
    // or beside nsys the correlation pass's (whose events are carried onto the capture).
    if (const std::string tensors = run.output("memory_tensors"); !tensors.empty())
        paths.push_back(tensors);
    if (const std::string inductor = pathInside(run.path(), "inductor/torch_compile_debug");
        !inductor.empty() && isInductorDebugDir(inductor))
        paths.push_back(inductor);

    // The latest replay skipped the duplicates of each group: their kernels take no ncu row, and get
    // the representative's counters afterwards.
    const auto &replays = manifest["replays"];
    const std::string partitionMap = run.output("partition_map");
    const bool dedupReplay = !ncuCsv.empty() && replays.is_array() && !replays.empty() &&
                             replays.back().value("dedup", false) && !partitionMap.empty();
    // The latest replay profiled the first launch of each launch signature: the others take its counters.
    const bool distinctReplay =
        !ncuCsv.empty() && replays.is_array() && !replays.empty() && replays.back().value("distinct_launches", false);
    // The launcher's groups of identical layers: needed by a dedup replay, a help to the module tree
    // otherwise (whose import goes on without them, with a warning, when the file is damaged).
    std::optional<PartitionMap> layers;
    std::string layersProblem;
    if (!partitionMap.empty()) {
        try {
            layers = readPartitionMap(partitionMap);
        } catch (const FileError &e) {
            if (dedupReplay)
                throw;
            layersProblem = e.what();
        }
    }
    std::optional<PartitionMap> map; // the dedup replay's
    AttributionOptions options;
    if (dedupReplay) {
        map = layers;
        for (const LayerGroup &group : map->groups)
            if (group.members.size() > 1) // members[0] is the representative, profiled
                options.ncuSkippedModules.insert(options.ncuSkippedModules.end(), group.members.begin() + 1,
                                                 group.members.end());
    }
    Profile profile = importCapture(paths, options, progress);
    // The module tree takes the launcher's groups of identical layers from here (a CPU capture has no
    // kernels to find them by).
    if (layers) {
        std::vector<KnownGroup> known;
        for (const LayerGroup &group : layers->groups)
            known.push_back({group.name, group.members});
        profile.setMetadata(kKnownGroupsKey, formatKnownGroups(known));
    }
    if (!layersProblem.empty())
        profile.warnings.push_back("groups of identical layers left out: " + layersProblem);

    if (distinctReplay) {
        const DistinctCopyReport copy = propagateDistinctLaunchCounters(profile);
        updateMissingCountersWarning(profile);
        profile.setMetadata(kDistinctLaunchSignaturesKey, std::to_string(copy.signatures));
        profile.setMetadata(kDistinctKernelsProfiledKey, std::to_string(copy.profiled));
        profile.setMetadata(kDistinctKernelsFilledKey, std::to_string(copy.kernelsFilled));
        for (const auto &problem : copy.problems)
            profile.warnings.push_back("distinct launches: " + problem);
        manifest["counts"]["distinct_launch_signatures"] = copy.signatures;
        manifest["counts"]["distinct_kernels_profiled"] = copy.profiled;
        manifest["counts"]["distinct_kernels_filled"] = copy.kernelsFilled;
        manifest["counts"]["distinct_problems"] = copy.problems.size();
    } else if (manifest.contains("counts") && manifest["counts"].is_object()) {
        for (const char *key : {"distinct_launch_signatures", "distinct_kernels_profiled", "distinct_kernels_filled",
                                "distinct_problems"})
            manifest["counts"].erase(key);
    }
    if (map) {
        const DedupReport dedup = propagateDedupCounters(profile, *map);
        updateMissingCountersWarning(profile);
        profile.setMetadata(kDedupGroupsKey, std::to_string(dedup.groups));
        profile.setMetadata(kDedupKernelsFilledKey, std::to_string(dedup.kernelsFilled));
        for (const auto &problem : dedup.problems)
            profile.warnings.push_back("dedup: " + problem);
        manifest["counts"]["dedup_kernels_filled"] = dedup.kernelsFilled;
        manifest["counts"]["dedup_problems"] = dedup.problems.size();
    } else if (manifest.contains("counts") && manifest["counts"].is_object()) {
        // A full replay after a dedup one: no copied counters any more.
        manifest["counts"].erase("dedup_kernels_filled");
        manifest["counts"].erase("dedup_problems");
    }

    const auto &workload = manifest["workload"];
    const auto &capture = manifest["capture"];
    const auto &launcher = manifest["launcher"];
    profile.setMetadata(kModelNameKey, fileBaseName(workload.value("script", "")));
    if (launcher.is_object()) {
        if (launcher.contains("torch") && launcher["torch"].is_string())
            profile.setMetadata(kTorchVersionKey, launcher["torch"].get<std::string>());
        if (launcher.contains("device_name") && launcher["device_name"].is_string())
            profile.setMetadata(kDeviceNameKey, launcher["device_name"].get<std::string>());
    }
    if (capture.is_object()) {
        profile.setMetadata(kCompileModeKey, capture.value("compile", "eager"));
        profile.setMetadata(kCaptureToolKey, capture.value("tool", ""));
    }
    profile.setMetadata(kCaptureTimestampKey, manifest.value("created_utc", ""));
    profile.setMetadata(kOpScopeRunKey, run.path());
    if (!nsysSqlite.empty())
        profile.setMetadata(kNsysReportPathKey, run.file("nsys.nsys-rep"));
    recordReferenceTiming(profile, launcher, manifest.value("correlation", nlohmann::json()), !nsysSqlite.empty());
    recordGenerationTiming(profile, launcher, manifest.value("correlation", nlohmann::json()), !nsysSqlite.empty());
    // What `opscope verify` measured on this run stays with its profile when it is imported again.
    if (const nlohmann::json verified = readJsonFile(run.file(kVerifyResultsFile));
        verified.is_object() && verified.contains("results") && verified["results"].is_array())
        profile.setMetadata(kVerifyResultsKey, verified["results"].dump());
    recordTorchSettings(profile, launcher);

    const std::string name = run.name() + ".opscope";
    saveProfile(profile, run.file(name));
    size_t inCapture = 0;
    for (const Kernel &k : profile.kernels)
        inCapture += !(k.flags & kKernelOutsideCapture);
    manifest["outputs"]["profile"] = name;
    manifest["counts"]["kernels"] = profile.kernels.size();
    manifest["counts"]["kernels_in_capture"] = inCapture;
    manifest["counts"]["operators"] = profile.operators.size();
    manifest["counts"]["module_instances"] = profile.modules.size();
    manifest["counts"]["unattributed_kernels"] = profile.unattributedKernelCount();
    manifest["counts"]["profile_warnings"] = profile.warnings.size();
    if (const std::string *paired = profile.metadataValue(kReferenceKernelsPairedKey)) {
        manifest["counts"]["reference_kernels"] = std::stoll(*profile.metadataValue(kReferenceKernelsKey));
        manifest["counts"]["reference_kernels_paired"] = std::stoll(*paired);
    }
    run.save();
    return run.file(name);
}

} // namespace detail

std::string importRun(const std::string &runDir, const Progress &progress)
{
    RunFolder run = RunFolder::open(runDir);
    return detail::importRunFolder(run, progress);
}

} // namespace opscope::pipeline
