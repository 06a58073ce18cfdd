#include "opscope/summary.h"

#include "opscope/capture_import.h"
#include "opscope/format.h"
#include "opscope/generation.h"
#include "opscope/intervals.h"
#include "opscope/json_input.h"
#include "opscope/module_tree.h"
#include "opscope/ranks.h"
#include "opscope/step_timing.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <optional>
#include <set>
#include <sstream>

namespace opscope {

namespace {

size_t distinctKernelMetrics(const Profile &p)
{
    std::set<Index> metrics;
    for (const MetricValue &v : p.kernel_counters)
        metrics.insert(v.metric);
    return metrics.size();
}

size_t streamCount(const Profile &p)
{
    std::set<std::pair<int32_t, uint32_t>> streams;
    for (const Kernel &k : p.kernels)
        streams.emplace(k.device, k.stream);
    for (const MemoryOp &m : p.memory_ops)
        streams.emplace(m.device, m.stream);
    return streams.size();
}

int64_t spanNs(const Profile &p)
{
    if (p.span_end_ns > p.span_start_ns)
        return p.span_end_ns - p.span_start_ns;
    int64_t lo = INT64_MAX, hi = INT64_MIN;
    auto widen = [&](int64_t s, int64_t e) {
        lo = std::min(lo, s);
        hi = std::max(hi, e);
    };
    for (const Kernel &k : p.kernels)
        widen(k.start_ns, k.end_ns);
    for (const Operator &o : p.operators)
        widen(o.start_ns, o.end_ns);
    for (const Range &r : p.ranges)
        widen(r.start_ns, r.end_ns);
    return hi > lo ? hi - lo : 0;
}

// A metadata value as the text summary shows it: whole when it fits a line (a path does), else what it
// is and how long: a 300-rank job's pg_config runs to kilobytes. summaryJson keeps every value whole.
std::string shortMetadataValue(const std::string &value)
{
    constexpr size_t kLongest = 120;
    const size_t lineEnd = value.find('\n');
    if (value.size() <= kLongest && lineEnd == std::string::npos)
        return value;
    const std::string size = std::to_string(value.size()) + " characters; --json prints it whole)";
    nlohmann::json parsed;
    if (value.front() == '[' || value.front() == '{') {
        try {
            parsed = parseJsonInput(value);
        } catch (const nlohmann::json::exception &) {
        }
    }
    if (parsed.is_array() || parsed.is_object()) {
        const size_t n = parsed.size();
        if (parsed.is_array())
            return "a list of " + std::to_string(n) + (n == 1 ? " entry (" : " entries (") + size;
        return "an object of " + std::to_string(n) + (n == 1 ? " key (" : " keys (") + size;
    }
    return value.substr(0, std::min(lineEnd, kLongest - 20)) + "... (" + size;
}

// The devices that ran a kernel or a memory operation (a rank's trace lists every GPU of its host).
std::set<int32_t> devicesWithWork(const Profile &p)
{
    std::set<int32_t> used;
    for (const Kernel &k : p.kernels)
        used.insert(k.device);
    for (const MemoryOp &m : p.memory_ops)
        used.insert(m.device);
    return used;
}

} // namespace

std::vector<RankBusy> rankBusy(const Profile &p, const RankReport &report)
{
    std::map<int, Intervals> kernels, copies;
    for (const Kernel &k : p.kernels)
        if (report.step == RankStep::Recorded || (k.flags & kKernelReferenceStep))
            kernels[rankOfDevice(p, k.device)].emplace_back(k.start_ns, k.end_ns);
    for (const Collective &c : report.collectives)
        kernels[c.rank].emplace_back(c.start_ns, c.end_ns);
    for (const MemoryOp &m : p.memory_ops)
        if (m.end_ns > m.start_ns)
            copies[rankOfDevice(p, m.device)].emplace_back(m.start_ns, m.end_ns);
    std::vector<RankBusy> out;
    for (const RankBreakdown &b : report.ranks) {
        RankBusy r{b.rank, b.spanNs, b.spanNs - b.idleNs, 0};
        const Intervals &work = kernels[b.rank];
        if (work.empty()) { // a CPU rank: its compute is its operators (ranks.h), no copies to add
            out.push_back(r);
            continue;
        }
        int64_t first = INT64_MAX, last = INT64_MIN;
        for (const auto &[start, end] : work) {
            first = std::min(first, start);
            last = std::max(last, end);
        }
        Intervals all = work;
        for (const auto &[start, end] : copies[b.rank])
            if (end > first && start < last)
                all.emplace_back(std::max(start, first), std::min(end, last));
        const int64_t kernelNs = unitedLength(work);
        r.copyNs = std::max<int64_t>(0, unitedLength(std::move(all)) - kernelNs);
        out.push_back(r);
    }
    return out;
}

nlohmann::ordered_json dedupGroupJson(const ModuleTree &tree, const DedupGroup &group, bool detail)
{
    nlohmann::ordered_json members = nlohmann::ordered_json::array();
    for (int m : group.members)
        members.push_back(tree.nodes[size_t(m)].path);
    nlohmann::ordered_json out = {{"name", group.name}, {"class", group.className}, {"members", members}};
    if (detail)
        out["nested"] = group.nested;
    out["kernels_per_member"] = group.kernelsPerMember;
    out["gpu_time_per_member_ns"] = group.gpuTimePerMember;
    if (detail) {
        out["gpu_time_min_ns"] = group.minTime();
        out["gpu_time_median_ns"] = group.medianTime();
        out["gpu_time_max_ns"] = group.maxTime();
    }
    return out;
}

nlohmann::ordered_json summaryJson(const Profile &p)
{
    using json = nlohmann::ordered_json;
    json out;
    out["source_format"] = p.source_format;
    out["source_path"] = p.source_path;
    json meta = json::object();
    for (const auto &[key, value] : summaryMetadata(p))
        meta[key] = value;
    out["metadata"] = meta;

    size_t captured = 0, attributed = 0, withModule = 0, withCounters = 0, memcpy = 0, memset = 0, nvtx = 0;
    int64_t capturedTime = 0;
    std::map<std::string, size_t> confidence;
    json unattributed = json::array();
    for (Index k = 0; k < p.kernels.size(); ++k) {
        const Kernel &kernel = p.kernels[k];
        if (kernel.flags & kKernelOutsideCapture)
            continue;
        ++captured;
        capturedTime += kernel.duration();
        attributed += kernel.op != kNoIndex;
        withModule += kernel.module != kNoIndex;
        withCounters += !p.countersOfKernel(k).empty();
        ++confidence[std::string(toString(kernel.op != kNoIndex ? kernel.confidence : Confidence::Unattributed))];
        if (kernel.op == kNoIndex)
            unattributed.push_back(
                {{"kernel", k},
                 {"name", p.text(kernel.name)},
                 {"reason", kernel.unattributed_reason == kNoString ? std::string_view("unknown")
                                                                    : p.text(kernel.unattributed_reason)}});
    }
    for (const MemoryOp &m : p.memory_ops)
        (m.kind == MemoryOpKind::Memcpy ? memcpy : memset)++;
    for (const Range &r : p.ranges)
        nvtx += r.kind == RangeKind::PushPop || r.kind == RangeKind::StartEnd;

    out["kernel_count"] = p.kernels.size();
    out["operator_count"] = p.operators.size();
    out["cpu_op_count"] = p.operators.size();
    out["module_count"] = p.modules.size();
    out["unattributed_kernel_count"] = p.unattributedKernelCount();
    out["total_kernel_time_ns"] = p.totalKernelTimeNs();
    out["nvtx_range_count"] = nvtx;
    out["annotation_count"] = p.ranges.size() - nvtx;
    out["memcpy_count"] = memcpy;
    out["memset_count"] = memset;
    out["api_call_count"] = p.api_calls.size();
    out["device_count"] = p.devices.size();
    json devices = json::array();
    for (const Device &d : p.devices)
        devices.push_back(p.text(d.name));
    out["device_names"] = devices;
    out["stream_count"] = streamCount(p);
    out["span_ns"] = spanNs(p);
    out["metric_count"] = distinctKernelMetrics(p);
    out["kernel_counter_count"] = p.kernel_counters.size();

    out["captured_kernel_count"] = captured;
    out["captured_kernel_time_ns"] = capturedTime;
    out["outside_capture_kernel_count"] = p.kernels.size() - captured;
    out["attributed_kernel_count"] = attributed;
    out["kernels_with_module"] = withModule;
    out["kernels_with_counters"] = withCounters;
    json conf = json::object();
    for (const char *level : {"high", "medium", "low", "unattributed"})
        conf[level] = confidence[level];
    out["confidence"] = conf;
    out["unattributed"] = unattributed;

    const ModuleTree tree = buildModuleTree(p);
    json groups = json::array();
    for (const DedupGroup &g : tree.groups)
        if (!g.nested)
            groups.push_back(dedupGroupJson(tree, g, false));
    out["dedup_groups"] = groups;

    // The plain step against the captured one (the launcher's reference steps), and the step timing
    // the analyses use.
    const std::optional<ReferenceTiming> reference = referenceTiming(p);
    out["reference_step_ns"] = reference ? json(reference->referenceNs) : json(nullptr);
    out["captured_step_ns"] = reference && reference->capturedNs > 0 ? json(reference->capturedNs) : json(nullptr);
    out["capture_overhead"] = reference && reference->overhead() > 0 ? json(reference->overhead()) : json(nullptr);
    out["reference_clock"] = reference ? json(reference->clock) : json(nullptr);
    out["reference_steps"] = reference ? json(reference->steps) : json(nullptr);
    out["reference_spread_ns"] = reference ? json(reference->spreadNs) : json(nullptr);
    // A job's step is one rank's (the ranks' steps pooled are no step): the rank ranks.h reads it on.
    StepTiming timing;
    if (const std::vector<int> ranks = ranksOf(p); ranks.size() >= 2) {
        const int rank = stepRankOf(analyzeRanks(p, preferredRankStep(p)));
        timing = stepTiming(profileOfRank(p, rank));
        timing.note = "rank " + std::to_string(rank) + "'s step: " + timing.note;
        out["step_rank"] = rank;
    } else {
        timing = stepTiming(p);
    }
    out["capture_overhead_note"] = reference ? describeCaptureOverhead(*reference, timing) : std::string();
    out["step_timing"] = stepTimingJson(timing);
    const GenerationReport generation = analyzeGeneration(p);
    out["generation"] = generation.present() ? generationJson(generation) : json(nullptr);
    json busy = json::array();
    if (ranksOf(p).size() >= 2)
        for (const RankBusy &r : rankBusy(p, analyzeRanks(p, preferredRankStep(p))))
            busy.push_back({{"rank", r.rank},
                            {"span_ns", r.spanNs},
                            {"kernel_ns", r.kernelNs},
                            {"copy_ns", r.copyNs},
                            {"busy_share", r.share()}});
    out["rank_busy"] = busy;
    out["warning_count"] = p.warnings.size();
    out["warnings"] = p.warnings;
    return out;
}

std::string summaryText(const Profile &p)
{
    const auto s = summaryJson(p);
    std::ostringstream out;
    out << "Source:        " << p.source_path << " (" << p.source_format << ")\n";
    for (const auto &[key, value] : summaryMetadata(p))
        out << "  " << key << ": " << shortMetadataValue(value) << "\n";
    // The devices that ran something, with their rank; a rank's trace lists every GPU of its host.
    const std::set<int32_t> used = devicesWithWork(p);
    size_t idle = 0;
    for (const Device &d : p.devices) {
        if (!used.empty() && !used.contains(d.id)) {
            ++idle;
            continue;
        }
        out << "Device " << d.id << ":      " << p.text(d.name);
        if (d.rank >= 0)
            out << " (rank " << d.rank << ")";
        out << "\n";
    }
    if (idle > 0)
        out << "  and " << idle << (idle == 1 ? " more device" : " more devices")
            << " listed by the trace, without kernels or copies\n";
    out << "Kernels:       " << p.kernels.size() << " (" << p.unattributedKernelCount() << " unattributed)\n";
    out << "  captured:    " << s["captured_kernel_count"] << ", with operator " << s["attributed_kernel_count"]
        << ", with module " << s["kernels_with_module"] << ", with counters " << s["kernels_with_counters"] << "\n";
    out << "Kernel time:   " << formatFixedDuration(p.totalKernelTimeNs());
    if (s["outside_capture_kernel_count"].get<size_t>() > 0)
        out << " (captured step " << formatFixedDuration(s["captured_kernel_time_ns"].get<int64_t>()) << ")";
    out << "\n";
    if (const std::optional<ReferenceTiming> reference = referenceTiming(p)) {
        out << "Step time:     " << describeReferenceTiming(*reference) << "\n";
        if (const std::string note = s["capture_overhead_note"].get<std::string>(); !note.empty())
            out << "  " << note << "\n";
    }
    if (const auto &t = s["step_timing"]; t["kernels"].get<size_t>() > 0) {
        char share[32];
        std::snprintf(share, sizeof share, "%.1f%%", 100.0 * t["gpu_busy_share"].get<double>());
        out << "GPU busy:      " << share << " of " << formatFixedDuration(t["step_ns"].get<int64_t>(), 1)
            << ", read on " << t["note"].get<std::string>() << "\n";
    }
    if (const GenerationReport generation = analyzeGeneration(p); generation.present()) {
        if (generation.phases.empty())
            out << "Generation:    plain requests timed, no phase ranges in the trace\n";
        else
            out << "Generation:    " << generation.phases.size() << " phases in "
                << generation.phases.size() - size_t(generation.decodeIterations) << " captured request(s)\n";
        for (const std::string &line : describeGeneration(generation))
            out << "  " << line << "\n";
    }
    if (!s["rank_busy"].empty()) {
        out << "GPU busy by rank (kernels, collectives and copies over each rank's span, as the Ranks tab):";
        const char *separator = " ";
        for (const auto &r : s["rank_busy"]) {
            char share[32];
            std::snprintf(share, sizeof share, "%.1f%%", 100.0 * r["busy_share"].get<double>());
            out << separator << "rank " << r["rank"].get<int>() << " " << share << " of "
                << formatFixedDuration(r["span_ns"].get<int64_t>(), 1);
            separator = ", ";
        }
        out << "\n";
    }
    out << "Operators:     " << p.operators.size() << "\n";
    out << "Modules:       " << p.modules.size() << "\n";
    for (const auto &g : s["dedup_groups"])
        out << "  group " << g["name"].get<std::string>() << " x" << g["members"].size() << "\n";
    out << "NVTX ranges:   " << s["nvtx_range_count"] << "\n";
    out << "Memory ops:    " << s["memcpy_count"] << " memcpy, " << s["memset_count"] << " memset\n";
    out << "Metrics:       " << s["metric_count"] << " distinct, " << p.kernel_counters.size() << " kernel values\n";
    out << "Warnings:      " << p.warnings.size() << "\n";
    return out.str();
}

} // namespace opscope
