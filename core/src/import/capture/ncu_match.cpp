// The Counters role of a capture's files (importer.h): the rows of an ncu file matched onto the
// captured kernels of the timeline, which take their counters; how they matched is kept as counts.
#include "import/capture/capture_parts.h"

#include "opscope/capture_import.h"
#include "opscope/labels.h"
#include "opscope/metadata_keys.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <deque>
#include <unordered_map>
#include <unordered_set>

namespace opscope {

namespace {

// What a kernel looks like to the matcher at each level of strictness.
struct KernelKeys {
    std::string stack;    // module path | operator | shapes | name | grid | block
    std::string opLaunch; // operator | shapes | name | grid | block
    std::string launch;   // name | grid | block
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
    keys.opLaunch = op + "|" + shapes + "|" + keys.launch;
    keys.stack = module + "|" + keys.opLaunch;
    return keys;
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

// The metadata keys of NcuMatchCounts, in the order importCapture writes them. kNcuRowsKey and
// kNcuRowsMatchedKey show in the summary as they are; the others make its kNcuMatchSummaryLabel line.
constexpr std::array<std::pair<std::string_view, size_t NcuMatchCounts::*>, 6> kCountKeys = {{
    {kNcuMatchedByStackKey, &NcuMatchCounts::matchedByStack},
    {kNcuMatchedByLaunchKey, &NcuMatchCounts::matchedByLaunch},
    {kNcuMatchedByNameKey, &NcuMatchCounts::matchedByName},
    {kNcuReplicatedToStepsKey, &NcuMatchCounts::replicatedToSteps},
    {kNcuSkippedByDedupKey, &NcuMatchCounts::skippedByDedup},
    {kNcuKernelsWithoutRowKey, &NcuMatchCounts::kernelsWithoutRow},
}};

} // namespace

NcuMatchReport matchNcuRows(Profile &timeline, const Profile &ncu, const std::vector<std::string> &skippedModules)
{
    NcuMatchReport report;
    NcuMatchCounts &counts = report.counts;
    counts.rows = ncu.kernels.size();
    const std::vector<bool> skipped = modulesWithin(timeline, skippedModules);
    std::vector<Index> candidates;
    for (Index k = 0; k < timeline.kernels.size(); ++k) {
        const Kernel &kernel = timeline.kernels[k];
        if (kernel.flags & kKernelOutsideCapture)
            continue;
        if (kernel.module < skipped.size() && skipped[kernel.module]) {
            ++counts.skippedByDedup;
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
    pass(&KernelKeys::stack, counts.matchedByStack);
    // Rows without the module (ncu's rows of backward kernels: autograd's thread has no module range)
    // go by operator and shapes first: a replay that profiled some launches only (dedup, distinct
    // launches) has rows for a launch key whose earlier launches it skipped, and by launch alone such a
    // row would take the first free kernel of its key, a launch of another operator.
    pass(&KernelKeys::opLaunch, counts.matchedByLaunch);
    pass(&KernelKeys::launch, counts.matchedByLaunch);
    pass(&KernelKeys::name, counts.matchedByName);

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
            ++counts.replicatedToSteps;
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
    counts.unmatchedRows = report.unmatchedRows.size();
    counts.kernelsWithoutRow = report.kernelsWithout.size();
    timeline.finalize();
    return report;
}

std::optional<NcuMatchCounts> ncuMatchCounts(const Profile &p)
{
    NcuMatchCounts counts;
    size_t matched = 0;
    if (!capture::countOf(p, kNcuRowsKey, counts.rows) || !capture::countOf(p, kNcuRowsMatchedKey, matched) ||
        matched > counts.rows)
        return std::nullopt;
    counts.unmatchedRows = counts.rows - matched;
    for (const auto &[key, field] : kCountKeys)
        if (!capture::countOf(p, key, counts.*field))
            return std::nullopt;
    return counts;
}

namespace capture {

void addNcuCounters(Profile &profile, const Profile &ncu, const std::vector<std::string> &skippedModules)
{
    const NcuMatchReport report = matchNcuRows(profile, ncu, skippedModules);
    profile.setMetadata(kNcuRowsKey, std::to_string(report.counts.rows));
    profile.setMetadata(kNcuRowsMatchedKey, std::to_string(report.counts.matchedRows()));
    for (const auto &[key, field] : kCountKeys)
        profile.setMetadata(key, std::to_string(report.counts.*field));
    for (Index r : report.unmatchedRows)
        profile.warnings.push_back("ncu row " + std::string(ncu.text(ncu.kernels[r].label)) + " (" +
                                   std::string(ncu.text(ncu.kernels[r].name)).substr(0, 120) +
                                   ") matches no kernel of the captured step");
    if (!report.kernelsWithout.empty())
        profile.warnings.push_back(std::to_string(report.kernelsWithout.size()) +
                                   " kernels of the captured step have no ncu row (no counters)");
    for (const Device &d : ncu.devices) // ncu knows the device's attributes
        if (std::none_of(profile.devices.begin(), profile.devices.end(), [&](const Device &e) { return e.id == d.id; }))
            profile.devices.push_back({d.id, profile.intern(ncu.text(d.name)), d.properties});
}

bool isNcuMatchKey(std::string_view key)
{
    return std::any_of(kCountKeys.begin(), kCountKeys.end(), [&](const auto &k) { return k.first == key; });
}

std::string describeNcuMatch(const NcuMatchCounts &c)
{
    return "stack " + std::to_string(c.matchedByStack) + ", launch " + std::to_string(c.matchedByLaunch) + ", name " +
           std::to_string(c.matchedByName) + ", replicated to further steps " + std::to_string(c.replicatedToSteps) +
           ", skipped by dedup " + std::to_string(c.skippedByDedup);
}

bool countOf(const Profile &p, std::string_view key, size_t &count)
{
    const std::string *text = p.metadataValue(key);
    if (!text)
        return false;
    const auto [end, ec] = std::from_chars(text->data(), text->data() + text->size(), count);
    return ec == std::errc() && end == text->data() + text->size();
}

} // namespace capture

} // namespace opscope
