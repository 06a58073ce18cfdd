// The import of a distributed capture's run folder (docs/ranks.md, "Capture through torchrun and Slurm"):
// each rank's part read, the parts of this run kept (a part of another run, a missing or failed rank
// named in a warning), their traces merged into one profile with ranks, a replayed rank's counters copied
// onto it, and each rank's plain reference timing carried, so that the job's insights and `opscope ranks`
// read the plain steps.
#include "pipeline/stages.h"

#include "opscope/capture_import.h"
#include "opscope/errors.h"
#include "opscope/file_util.h"
#include "opscope/metadata_keys.h"
#include "opscope/profile_store.h"
#include "opscope/ranks.h"

#include <algorithm>
#include <climits>
#include <map>
#include <set>

namespace opscope::pipeline::detail {

namespace {

std::string textOf(const nlohmann::json &object, const char *key)
{
    return object.is_object() && object.contains(key) && object[key].is_string() ? object[key].get<std::string>()
                                                                                 : std::string();
}

int intOf(const nlohmann::json &object, const char *key, int fallback = -1)
{
    return object.is_object() && object.contains(key) && object[key].is_number_integer() ? object[key].get<int>()
                                                                                         : fallback;
}

struct Part {
    std::string path;
    nlohmann::json manifest;
    int rank = -1;
    std::string trace, correlationTrace, nsysSqlite; // its outputs, resolved inside it (RunFolder::output)
};

// What the job is: its run id and world size, the launcher's where it said, else the most common among
// the parts (a tie goes to the lowest rank's: rank 0 is the job's reference).
struct JobIdentity {
    std::string runId;
    int worldSize = 0;
};

JobIdentity jobIdentity(const nlohmann::json &ranksRecord, const std::vector<Part> &parts)
{
    std::map<std::string, int> runIds, worldSizes;
    std::string lowestRankRunId;
    int lowestRank = INT_MAX;
    for (const Part &part : parts) {
        const nlohmann::json &rank = part.manifest["rank"];
        ++runIds[textOf(rank, "run_id")];
        ++worldSizes[std::to_string(intOf(rank, "world_size"))];
        if (part.rank >= 0 && part.rank < lowestRank)
            lowestRank = part.rank, lowestRankRunId = textOf(rank, "run_id");
    }
    const auto mostCommon = [](const std::map<std::string, int> &counts) {
        std::string best;
        int n = 0;
        for (const auto &[value, count] : counts)
            if (count > n)
                best = value, n = count;
        return best;
    };
    JobIdentity job{textOf(ranksRecord, "run_id"), intOf(ranksRecord, "world_size")};
    if (job.runId.empty()) {
        job.runId = mostCommon(runIds);
        if (runIds.count(lowestRankRunId) && runIds[lowestRankRunId] == runIds[job.runId])
            job.runId = lowestRankRunId;
    }
    if (job.worldSize < 1)
        job.worldSize = std::atoi(mostCommon(worldSizes).c_str());
    return job;
}

// The parts of this job, each with what it adds to the job's profile.
struct Kept {
    std::vector<std::string> traces;       // each rank's torch.profiler trace
    std::vector<std::string> nsysCaptures; // each GPU rank's nsys capture (their plain steps)
    std::set<int> ranks;
    std::map<int, int64_t> stepsCaptured;
    std::map<int, ReferenceTiming> plain;                 // each rank's launcher timing of its plain and captured steps
    std::vector<std::pair<int, std::string>> ownProfiles; // a GPU rank's own profile (its part's nsys capture)
};

// The rank's plain reference timing as its launcher measured it: under nsys, the plain steps of its
// correlation pass (a process without nsys), as a single capture's import takes them (import_run.cpp).
std::optional<ReferenceTiming> plainTimingOf(const nlohmann::json &manifest, bool nsys)
{
    const nlohmann::json launcher = manifest.value("launcher", nlohmann::json());
    if (!launcher.is_object() || !launcher.contains("reference"))
        return std::nullopt;
    const nlohmann::json correlation = manifest.value("correlation", nlohmann::json());
    const nlohmann::json plain = nsys && correlation.is_object() && correlation.contains("reference")
                                     ? correlation["reference"]
                                     : nlohmann::json();
    return referenceTimingFromStatus(launcher["reference"], plain);
}

Kept keepParts(const std::vector<Part> &parts, const JobIdentity &job, std::vector<std::string> &warnings,
               const Progress &progress)
{
    Kept kept;
    for (const Part &part : parts) {
        const std::string manifest = part.path + "/manifest.json";
        const nlohmann::json &rank = part.manifest["rank"];
        const std::string id = textOf(rank, "run_id");
        if (id != job.runId) {
            warnings.push_back(manifest + ": left out: rank " + std::to_string(part.rank) + " of another run (run id " +
                               (id.empty() ? "none" : id) + "; this run's is " +
                               (job.runId.empty() ? "none" : job.runId) + ")");
            continue;
        }
        if (intOf(rank, "world_size") != job.worldSize) {
            warnings.push_back(manifest + ": left out: rank " + std::to_string(part.rank) + " of a job of " +
                               std::to_string(intOf(rank, "world_size")) + " ranks; this run has " +
                               std::to_string(job.worldSize));
            continue;
        }
        const std::string result = textOf(part.manifest, "result");
        if (result != "ok")
            warnings.push_back(manifest + ": rank " + std::to_string(part.rank) + "'s capture " +
                               (result.empty() ? std::string("did not finish") : "ended " + result) +
                               " (see the logs in its folder); what it wrote is kept");
        std::string trace = part.trace;
        const bool gpuRank = !textOf(part.manifest["outputs"], "nsys_sqlite").empty();
        if (gpuRank) {
            // A GPU rank: its own profile (timeline, attribution, counters where ncu replayed it) in its
            // part; its correlation trace (torch.profiler: collectives, operators) joins the job's.
            try {
                RunFolder p = RunFolder::open(part.path);
                kept.ownProfiles.emplace_back(part.rank, importRunFolder(p, progress));
            } catch (const FileError &e) {
                warnings.push_back(std::string(e.what()) + " (rank " + std::to_string(part.rank) + "'s own profile)");
            }
            trace = part.correlationTrace;
        }
        if (trace.empty()) {
            warnings.push_back(manifest + ": left out: rank " + std::to_string(part.rank) +
                               " wrote no trace (see the logs in its folder)");
            continue;
        }
        kept.traces.push_back(trace);
        if (!part.nsysSqlite.empty())
            kept.nsysCaptures.push_back(part.nsysSqlite);
        kept.ranks.insert(part.rank);
        if (part.manifest.contains("counts") && part.manifest["counts"].contains("steps_captured"))
            kept.stepsCaptured[part.rank] = part.manifest["counts"].value("steps_captured", int64_t(0));
        if (const std::optional<ReferenceTiming> t = plainTimingOf(part.manifest, gpuRank))
            kept.plain.emplace(part.rank, *t);
    }
    return kept;
}

// A replayed rank's counters are in its own profile: onto its kernels in the job's too.
void copyReplayedCounters(Profile &profile, const Kept &kept, nlohmann::json &manifest,
                          std::vector<std::string> &warnings)
{
    for (const auto &[rank, path] : kept.ownProfiles) {
        if (!kept.ranks.contains(rank))
            continue;
        try {
            const RankCounterCopy copy = copyRankCounters(profile, rank, loadProfile(path));
            if (copy.kernels > 0)
                manifest["counts"]["rank_counters_copied." + std::to_string(rank)] = copy.kernels;
            if (copy.kernels > 0 && copy.namesLeftOut > 0)
                warnings.push_back("rank " + std::to_string(rank) +
                                   "'s ncu counters: " + std::to_string(copy.kernelsLeftOut) + " kernels of " +
                                   std::to_string(copy.namesLeftOut) +
                                   " names left without them (launched a different number of times in its "
                                   "torch.profiler trace and its nsys capture)");
        } catch (const FileError &e) {
            warnings.push_back(std::string(e.what()) + " (rank " + std::to_string(rank) + "'s counters)");
        }
    }
}

// Each rank's plain reference timing, and the job's: the longest rank's plain step (the ranks of a
// synchronous job run at the pace of the slowest). Where one rank's instruments cost it clearly more than
// the others', the profile says so (it is the capture's time, not the rank's work).
void recordPlainTimings(Profile &profile, const std::map<int, ReferenceTiming> &plain)
{
    const ReferenceTiming *longest = nullptr;
    for (const auto &[rank, t] : plain) {
        setRankReferenceTiming(profile, rank, t);
        if (!longest || t.referenceNs > longest->referenceNs)
            longest = &t;
    }
    if (longest)
        setReferenceTiming(profile, *longest);
    for (const std::string &line : describeInstrumentCosts(plain))
        profile.warnings.push_back(line);
}

} // namespace

std::string importRankRun(RunFolder &run, const std::vector<std::string> &partPaths, const Progress &progress)
{
    nlohmann::json &m = run.manifest();
    const nlohmann::json ranksRecord = m.contains("ranks") ? m["ranks"] : nlohmann::json::object();
    std::vector<Part> parts;
    std::vector<std::string> warnings;
    for (const std::string &path : partPaths) {
        try {
            RunFolder p = RunFolder::open(path);
            parts.push_back({path, p.manifest(), intOf(p.manifest()["rank"], "rank"), p.output("trace"),
                             p.output("correlation_trace"), p.output("nsys_sqlite")});
        } catch (const FileError &e) {
            warnings.push_back(std::string(e.what()) + ": rank left out");
        }
    }
    const JobIdentity job = jobIdentity(ranksRecord, parts);
    const Kept kept = keepParts(parts, job, warnings, progress);
    for (int r = 0; r < job.worldSize; ++r)
        if (!parts.empty() && !kept.ranks.count(r) &&
            std::none_of(parts.begin(), parts.end(), [&](const Part &p) { return p.rank == r; }))
            warnings.push_back(run.path() + ": rank " + std::to_string(r) + " of " + std::to_string(job.worldSize) +
                               " wrote no part (rank" + std::to_string(r) + ".*)");
    if (kept.traces.empty())
        throw FileError(run.path(), "no rank's part has a trace to import" +
                                        (warnings.empty() ? std::string() : ": " + warnings.front()));
    // The warm-up and capture are counted in steps on every rank: the same steps, unless a rank stopped early.
    std::set<int64_t> distinctSteps;
    for (const auto &[rank, steps] : kept.stepsCaptured)
        distinctSteps.insert(steps);
    if (distinctSteps.size() > 1) {
        std::string list;
        for (const auto &[rank, steps] : kept.stepsCaptured)
            list += (list.empty() ? "" : ", ") + ("rank " + std::to_string(rank) + ": " + std::to_string(steps));
        warnings.push_back("the ranks captured different numbers of steps (" + list + ")");
    }

    Profile profile = importCapture(kept.traces, {}, progress);
    if (kept.ranks.size() == 1 && ranksOf(profile).empty()) {
        // One rank left of the job: a rank still (importCapture merges ranks from two traces on).
        const int rank = *kept.ranks.begin();
        for (Thread &t : profile.threads)
            t.rank = rank;
        for (Device &d : profile.devices)
            d.rank = rank;
        profile.setMetadata(kRanksKey, std::to_string(rank));
        profile.setMetadata(kRankFilesKey, kept.traces.front());
    }
    copyReplayedCounters(profile, kept, m, warnings);
    recordPlainTimings(profile, kept.plain);
    profile.warnings.insert(profile.warnings.begin(), warnings.begin(), warnings.end());
    const nlohmann::json &workload = m["workload"];
    profile.setMetadata(kModelNameKey, fileBaseName(textOf(workload, "script")));
    if (m.contains("capture") && m["capture"].is_object())
        profile.setMetadata(kCaptureToolKey, m["capture"].value("tool", ""));
    profile.setMetadata(kOpScopeRunKey, run.path());
    profile.setMetadata(kRankEngineKey, textOf(ranksRecord, "engine"));
    if (kept.nsysCaptures.size() >= 2) {
        // The ranks' figures here are of the step under torch.profiler; each rank's plain step is in its
        // nsys capture, where `opscope ranks` reads them (kRankCapturesKey, docs/ranks.md).
        std::string list;
        for (const std::string &path : kept.nsysCaptures)
            list += (list.empty() ? "" : "\n") + path;
        profile.setMetadata(std::string(kRankCapturesKey), list);
    }
    if (!ranksRecord.contains("world_size") && job.worldSize > 0)
        m["ranks"]["world_size"] = job.worldSize;
    const std::string name = run.name() + ".opscope";
    saveProfile(profile, run.file(name));
    m["outputs"]["profile"] = name;
    m["counts"]["ranks_imported"] = kept.ranks.size();
    m["counts"]["ranks_expected"] = job.worldSize;
    m["counts"]["profile_warnings"] = profile.warnings.size();
    run.save();
    return run.file(name);
}

} // namespace opscope::pipeline::detail
