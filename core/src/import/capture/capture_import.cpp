#include "opscope/capture_import.h"

#include "opscope/errors.h"
#include "opscope/file_util.h"
#include "opscope/importer.h"
#include "opscope/labels.h"

#include <algorithm>
#include <deque>
#include <map>
#include <unordered_map>
#include <unordered_set>

namespace opscope {

namespace {

// What a kernel looks like to the matcher at each level of strictness.
struct KernelKeys {
    std::string stack;  // module path | operator | shapes | name | grid | block
    std::string launch; // name | grid | block
    std::string name;
};

KernelKeys keysOf(const Profile &p, Index k)
{
    const Kernel &kernel = p.kernels[k];
    KernelKeys keys;
    keys.name = kernelBaseName(p.text(kernel.name));
    keys.launch = keys.name + "|" + std::to_string(kernel.grid.x) + "," + std::to_string(kernel.grid.y) + "," +
                  std::to_string(kernel.grid.z) + "|" + std::to_string(kernel.block.x) + "," +
                  std::to_string(kernel.block.y) + "," + std::to_string(kernel.block.z);
    std::string module = kernel.module < p.modules.size() ? std::string(p.text(p.modules[kernel.module].path)) : "";
    std::string op, shapes;
    if (kernel.op < p.operators.size()) {
        op = std::string(p.text(p.operators[kernel.op].name));
        shapes = std::string(p.text(p.operators[kernel.op].shapes));
    }
    keys.stack = module + "|" + op + "|" + shapes + "|" + keys.launch;
    return keys;
}

int sourceRank(const std::string &format)
{
    if (format == "nsys-sqlite" || format == "nsys-rep")
        return 0;
    if (format == "kineto-json")
        return 1;
    if (format == "ncu-csv" || format == "ncu-rep")
        return 2;
    return 3;
}

// For each module instance: whether it or one of its ancestors has one of `paths`.
std::vector<bool> modulesWithin(const Profile &p, const std::vector<std::string> &paths)
{
    std::vector<bool> within(p.modules.size(), false);
    if (paths.empty())
        return within;
    const std::unordered_set<std::string_view> wanted(paths.begin(), paths.end());
    for (Index m = 0; m < p.modules.size(); ++m)
        for (Index at = m; at != kNoIndex && at < p.modules.size(); at = p.modules[at].parent)
            if (wanted.count(p.text(p.modules[at].path))) {
                within[m] = true;
                break;
            }
    return within;
}

bool isNcu(const Profile &p)
{
    return p.source_format == "ncu-csv" || p.source_format == "ncu-rep";
}

} // namespace

NcuMatchReport matchNcuRows(Profile &timeline, const Profile &ncu, const std::vector<std::string> &skippedModules)
{
    NcuMatchReport report;
    report.rows = ncu.kernels.size();
    const std::vector<bool> skipped = modulesWithin(timeline, skippedModules);
    std::vector<Index> candidates;
    for (Index k = 0; k < timeline.kernels.size(); ++k) {
        const Kernel &kernel = timeline.kernels[k];
        if (kernel.flags & kKernelOutsideCapture)
            continue;
        if (kernel.module < skipped.size() && skipped[kernel.module]) {
            ++report.skippedByDedup;
            continue;
        }
        candidates.push_back(k);
    }
    std::vector<KernelKeys> timelineKeys(timeline.kernels.size());
    for (Index k : candidates)
        timelineKeys[k] = keysOf(timeline, k);
    std::vector<KernelKeys> rowKeys(ncu.kernels.size());
    for (Index r = 0; r < ncu.kernels.size(); ++r)
        rowKeys[r] = keysOf(ncu, r);

    std::vector<Index> rowOf(timeline.kernels.size(), kNoIndex); // timeline kernel -> ncu kernel
    std::vector<bool> rowUsed(ncu.kernels.size(), false);
    // Three passes from strict to loose; in each, the n-th row of a key takes the n-th free kernel
    // of the same key, in launch order. Names always take part: never a match by position alone.
    auto pass = [&](std::string KernelKeys::*key, size_t &counter) {
        std::unordered_map<std::string, std::deque<Index>> freeKernels;
        for (Index k : candidates)
            if (rowOf[k] == kNoIndex)
                freeKernels[timelineKeys[k].*key].push_back(k);
        for (Index r = 0; r < ncu.kernels.size(); ++r) {
            if (rowUsed[r])
                continue;
            auto it = freeKernels.find(rowKeys[r].*key);
            if (it == freeKernels.end() || it->second.empty())
                continue;
            rowOf[it->second.front()] = r;
            it->second.pop_front();
            rowUsed[r] = true;
            ++counter;
        }
    };
    pass(&KernelKeys::stack, report.matchedByStack);
    pass(&KernelKeys::launch, report.matchedByLaunch);
    pass(&KernelKeys::name, report.matchedByName);

    // A timeline of several identical steps (torch.profiler over N steps) against one profiled step:
    // kernels left over take the row their counterpart in the first step took.
    {
        std::unordered_map<std::string, std::vector<Index>> rowsOfKey;
        for (Index k : candidates)
            if (rowOf[k] != kNoIndex)
                rowsOfKey[timelineKeys[k].stack].push_back(rowOf[k]);
        std::unordered_map<std::string, size_t> nextOfKey;
        for (Index k : candidates) {
            if (rowOf[k] != kNoIndex)
                continue;
            auto it = rowsOfKey.find(timelineKeys[k].stack);
            if (it == rowsOfKey.end())
                continue;
            size_t &next = nextOfKey[it->first];
            rowOf[k] = it->second[next++ % it->second.size()];
            ++report.replicatedToSteps;
        }
    }

    // Copy counters, translating metric ids.
    std::vector<Index> metricOf(ncu.metrics.size(), kNoIndex);
    for (Index m = 0; m < ncu.metrics.size(); ++m)
        metricOf[m] = timeline.metricId(ncu.text(ncu.metrics[m].name), ncu.text(ncu.metrics[m].unit));
    for (Index k : candidates) {
        const Index r = rowOf[k];
        if (r == kNoIndex) {
            report.kernelsWithout.push_back(k);
            continue;
        }
        for (const MetricValue &v : ncu.countersOfKernel(r)) {
            MetricValue copy = v;
            copy.owner = k;
            copy.metric = metricOf[v.metric];
            if (v.flags & kValueText)
                copy.text = timeline.intern(ncu.text(v.text));
            timeline.kernel_counters.push_back(copy);
        }
        Kernel &kernel = timeline.kernels[k];
        if (!kernel.registers_per_thread)
            kernel.registers_per_thread = ncu.kernels[r].registers_per_thread;
    }
    for (Index r = 0; r < ncu.kernels.size(); ++r)
        if (!rowUsed[r])
            report.unmatchedRows.push_back(r);
    timeline.finalize();
    return report;
}

Profile importCapture(const std::vector<std::string> &paths, const AttributionOptions &options,
                      const Progress &progress)
{
    if (paths.empty())
        throw std::invalid_argument("importCapture: no files");
    std::vector<Profile> parts;
    std::vector<std::pair<std::string, InductorKernelMap>> inductorMaps;
    for (size_t i = 0; i < paths.size(); ++i) {
        progress.report(double(i) / double(paths.size()), "Importing " + paths[i]);
        if (isInductorDebugDir(paths[i])) {
            inductorMaps.emplace_back(paths[i], readInductorDebugDir(paths[i]));
            continue;
        }
        Profile part = importFile(paths[i], progress);
        attribute(part, options, progress);
        parts.push_back(std::move(part));
    }
    if (parts.empty())
        throw FileError(paths.front(),
                        "an Inductor debug directory alone has no kernels: add the trace or capture it belongs to");

    std::stable_sort(parts.begin(), parts.end(), [](const Profile &a, const Profile &b) {
        return sourceRank(a.source_format) < sourceRank(b.source_format);
    });
    // Every file's own warnings reach the result (a truncated ncu CSV matters as much as a truncated
    // trace), each named by its file when there are several.
    if (parts.size() > 1)
        for (Profile &part : parts)
            for (std::string &w : part.warnings)
                w = fileName(part.source_path) + ": " + w;
    Profile result = std::move(parts.front());
    std::string sources = result.source_path;
    for (size_t i = 1; i < parts.size(); ++i) {
        Profile &part = parts[i];
        sources += "\n" + part.source_path;
        result.warnings.insert(result.warnings.end(), part.warnings.begin(), part.warnings.end());
        if (isNcu(part) && !isNcu(result)) {
            const NcuMatchReport report = matchNcuRows(result, part, options.ncuSkippedModules);
            result.setMetadata("ncu_rows", std::to_string(report.rows));
            result.setMetadata("ncu_rows_matched", std::to_string(report.rows - report.unmatchedRows.size()));
            result.setMetadata("ncu_match", "stack " + std::to_string(report.matchedByStack) + ", launch " +
                                                std::to_string(report.matchedByLaunch) + ", name " +
                                                std::to_string(report.matchedByName) +
                                                ", replicated to further steps " +
                                                std::to_string(report.replicatedToSteps) + ", skipped by dedup " +
                                                std::to_string(report.skippedByDedup));
            for (Index r : report.unmatchedRows)
                result.warnings.push_back("ncu row " + std::string(part.text(part.kernels[r].label)) + " (" +
                                          std::string(part.text(part.kernels[r].name)).substr(0, 120) +
                                          ") matches no kernel of the captured step");
            if (!report.kernelsWithout.empty())
                result.warnings.push_back(std::to_string(report.kernelsWithout.size()) +
                                          " kernels of the captured step have no ncu row (no counters)");
            for (const Device &d : part.devices) // ncu knows the device's attributes
                if (std::none_of(result.devices.begin(), result.devices.end(),
                                 [&](const Device &e) { return e.id == d.id; }))
                    result.devices.push_back({d.id, result.intern(part.text(d.name)), d.properties});
        } else if (part.source_format == "kineto-json" && result.source_format != "kineto-json") {
            // A correlation pass of the same workload: check that both name the same operators.
            std::multimap<std::string, std::string> opOfKernel;
            for (const Kernel &k : part.kernels)
                if (k.op != kNoIndex)
                    opOfKernel.emplace(kernelBaseName(part.text(k.name)),
                                       std::string(part.text(part.operators[k.op].name)));
            size_t compared = 0, agreed = 0;
            for (const Kernel &k : result.kernels) {
                if (k.op == kNoIndex || (k.flags & kKernelOutsideCapture))
                    continue;
                auto [lo, hi] = opOfKernel.equal_range(kernelBaseName(result.text(k.name)));
                if (lo == hi)
                    continue;
                ++compared;
                const std::string_view op = result.text(result.operators[k.op].name);
                agreed += std::any_of(lo, hi, [&](const auto &e) { return e.second == op; });
            }
            result.setMetadata("torch_profiler_cross_check",
                               std::to_string(agreed) + " of " + std::to_string(compared) +
                                   " captured kernels have the same operator in the torch.profiler trace");
        } else {
            result.warnings.push_back(part.source_path + ": not combined (a second " + part.source_format +
                                      " file of the same capture adds nothing)");
        }
    }
    for (const auto &[dir, map] : inductorMaps) {
        const size_t touched = applyInductorMap(result, map);
        sources += "\n" + dir;
        result.setMetadata("inductor_fused_kernels", std::to_string(touched));
    }
    if (paths.size() > 1)
        result.setMetadata("sources", sources);
    progress.report(1.0, "Import done");
    return result;
}

} // namespace opscope
