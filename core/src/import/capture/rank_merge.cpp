// Per-rank torch.profiler traces of one run merged into one profile (capture_parts.h, docs/ranks.md).
#include "import/capture/capture_parts.h"
#include "opscope/file_util.h"
#include "opscope/gpu_annotation.h"
#include "opscope/ranks.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <regex>
#include <set>

namespace opscope::capture {

namespace {

// Appends every table of `src` to `dst` with its strings re-interned and its indices shifted; `src`'s
// threads and devices get `rank`, its times `shiftNs`. Device ids taken by an earlier rank (two hosts'
// cuda:0) are renumbered, keeping the source's ordinal as the device's "cuda_ordinal" property.
void append(Profile &dst, const Profile &src, int rank, int64_t shiftNs)
{
    const auto str = [&](StringId id) { return id == kNoString ? kNoString : dst.intern(src.text(id)); };
    const auto idx = [](Index i, size_t base) { return i == kNoIndex ? kNoIndex : Index(i + base); };
    std::map<int32_t, int32_t> deviceIds;
    int32_t nextId = 0;
    for (const Device &d : dst.devices)
        nextId = std::max(nextId, d.id + 1);
    for (const Device &d : src.devices) {
        Device copy = d;
        copy.name = str(d.name);
        copy.rank = rank;
        const bool taken =
            std::any_of(dst.devices.begin(), dst.devices.end(), [&](const Device &o) { return o.id == d.id; });
        if (taken) {
            copy.properties.emplace_back("cuda_ordinal", std::to_string(d.id));
            copy.id = nextId++;
        }
        deviceIds[d.id] = copy.id;
        dst.devices.push_back(std::move(copy));
    }
    const auto device = [&](int32_t id) {
        auto it = deviceIds.find(id);
        if (it != deviceIds.end())
            return it->second;
        // A device the trace uses but does not describe: give it a row so that it carries the rank.
        const bool taken =
            std::any_of(dst.devices.begin(), dst.devices.end(), [&](const Device &o) { return o.id == id; });
        Device d;
        d.id = taken ? nextId++ : id;
        nextId = std::max(nextId, d.id + 1);
        d.rank = rank;
        if (taken)
            d.properties.emplace_back("cuda_ordinal", std::to_string(id));
        dst.devices.push_back(d);
        deviceIds[id] = d.id;
        return d.id;
    };
    const size_t t0 = dst.threads.size(), k0 = dst.kernels.size(), o0 = dst.operators.size(), m0 = dst.modules.size(),
                 r0 = dst.ranges.size();
    for (Thread t : src.threads) {
        t.name = str(t.name);
        t.rank = rank;
        dst.threads.push_back(t);
    }
    for (Kernel k : src.kernels) {
        k.start_ns += shiftNs, k.end_ns += shiftNs;
        k.name = str(k.name), k.short_name = str(k.short_name), k.label = str(k.label);
        k.unattributed_reason = str(k.unattributed_reason);
        k.device = device(k.device);
        k.launch_thread = idx(k.launch_thread, t0), k.op = idx(k.op, o0), k.module = idx(k.module, m0);
        k.range = idx(k.range, r0);
        dst.kernels.push_back(k);
    }
    for (Operator o : src.operators) {
        o.start_ns += shiftNs, o.end_ns += shiftNs;
        o.name = str(o.name), o.shapes = str(o.shapes), o.label = str(o.label);
        o.thread = idx(o.thread, t0), o.parent = idx(o.parent, o0), o.module = idx(o.module, m0);
        o.range = idx(o.range, r0);
        dst.operators.push_back(o);
    }
    for (ModuleInstance m : src.modules) {
        m.start_ns += shiftNs, m.end_ns += shiftNs;
        m.path = str(m.path), m.class_name = str(m.class_name);
        m.parent = idx(m.parent, m0), m.thread = idx(m.thread, t0), m.range = idx(m.range, r0);
        dst.modules.push_back(m);
    }
    for (Range r : src.ranges) {
        r.start_ns += shiftNs, r.end_ns += shiftNs;
        r.text = str(r.text), r.thread = idx(r.thread, t0);
        int32_t laneDevice = 0;
        uint32_t laneStream = 0;
        // A GPU annotation's lane names its device in its domain: renumbered with the rank's devices.
        if (r.kind == RangeKind::GpuUserAnnotation && gpuAnnotationLane(src.text(r.domain), laneDevice, laneStream))
            r.domain = dst.intern(gpuAnnotationDomainOn(src.text(r.domain), device(laneDevice)));
        else
            r.domain = str(r.domain);
        dst.ranges.push_back(r);
    }
    for (MemoryOp m : src.memory_ops) {
        m.start_ns += shiftNs, m.end_ns += shiftNs;
        m.device = device(m.device);
        dst.memory_ops.push_back(m);
    }
    const size_t a0 = dst.api_calls.size();
    for (ApiCall a : src.api_calls) {
        a.start_ns += shiftNs, a.end_ns += shiftNs;
        a.name = str(a.name), a.thread = idx(a.thread, t0);
        dst.api_calls.push_back(a);
    }
    for (GpuSync s : src.syncs) {
        s.start_ns += shiftNs, s.end_ns += shiftNs;
        s.device = device(s.device), s.thread = idx(s.thread, t0);
        dst.syncs.push_back(s);
    }
    for (MemorySample m : src.memory_samples) {
        m.time_ns += shiftNs;
        if (m.device >= 0)
            m.device = device(m.device);
        m.thread = idx(m.thread, t0);
        dst.memory_samples.push_back(m);
    }
    for (OperatorLink l : src.operator_links) {
        l.from = idx(l.from, o0), l.to = idx(l.to, o0);
        dst.operator_links.push_back(l);
    }
    const auto counters = [&](const std::vector<MetricValue> &from, std::vector<MetricValue> &to, size_t base) {
        for (MetricValue v : from) {
            const Metric &metric = src.metrics[v.metric];
            v.metric = dst.metricId(src.text(metric.name), src.text(metric.unit));
            v.owner = Index(v.owner + base);
            v.text = str(v.text);
            to.push_back(v);
        }
    };
    counters(src.kernel_counters, dst.kernel_counters, k0);
    counters(src.operator_counters, dst.operator_counters, o0);
    for (FusedName f : src.fused_with) {
        f.op = Index(f.op + o0), f.name = str(f.name);
        dst.fused_with.push_back(f);
    }
    for (KernelTwin t : src.reference_twins) {
        t.reference = idx(t.reference, k0), t.labelled = idx(t.labelled, k0);
        dst.reference_twins.push_back(t);
    }
    for (GraphNodeLaunch g : src.graph_node_launches) {
        g.kernel = idx(g.kernel, k0), g.capture_call = idx(g.capture_call, a0);
        dst.graph_node_launches.push_back(g);
    }
    if (src.span_start_ns != 0 || src.span_end_ns != 0) {
        const bool first = dst.span_start_ns == 0 && dst.span_end_ns == 0;
        dst.span_start_ns =
            first ? src.span_start_ns + shiftNs : std::min(dst.span_start_ns, src.span_start_ns + shiftNs);
        dst.span_end_ns = first ? src.span_end_ns + shiftNs : std::max(dst.span_end_ns, src.span_end_ns + shiftNs);
    }
}

int rankFromTrace(const Profile &p)
{
    const std::string *rank = p.metadataValue("rank");
    if (!rank || rank->empty() || !std::all_of(rank->begin(), rank->end(), ::isdigit))
        return -1;
    return std::atoi(rank->c_str());
}

// Median of the end-time offsets of this rank's collectives against the reference rank's, matched by
// (group, index): collectives end together on every rank, whoever arrived late.
bool endOffset(const std::vector<Collective> &ref, const std::vector<Collective> &mine, int64_t &offset)
{
    std::map<std::pair<std::string, uint32_t>, int64_t> ends;
    for (const Collective &c : ref)
        ends[{c.group, c.indexInGroup}] = c.end_ns;
    std::vector<int64_t> d;
    for (const Collective &c : mine)
        if (auto it = ends.find({c.group, c.indexInGroup}); it != ends.end())
            d.push_back(it->second - c.end_ns);
    if (d.empty())
        return false;
    std::nth_element(d.begin(), d.begin() + d.size() / 2, d.end());
    offset = d[d.size() / 2];
    return true;
}

// The first and last event time of a rank's trace (kernels, operators, API calls); false when it has none.
bool eventSpan(const Profile &p, int64_t &first, int64_t &last)
{
    first = INT64_MAX, last = INT64_MIN;
    const auto add = [&](const auto &events) {
        for (const auto &e : events)
            first = std::min(first, e.start_ns), last = std::max(last, e.end_ns);
    };
    add(p.kernels);
    add(p.operators);
    add(p.api_calls);
    return first <= last;
}

// A trace recorded a minute or more away from the other ranks' is of another run, whatever its world size:
// clocks of one job's hosts differ by milliseconds, and a job's ranks run at the same time. (Kineto's
// trace_id cannot tell: each process draws its own.) The reference is the rank whose span's middle is the
// median; the ranks whose spans lie that far from it are left out, each named.
template <class Ranked> void leaveOutOtherRuns(std::vector<Ranked> &kept, std::vector<std::string> &warnings)
{
    constexpr int64_t kAnotherRunNs = 60'000'000'000;
    struct Span {
        int64_t first = 0, last = 0;
        bool known = false;
    };
    std::vector<Span> spans(kept.size());
    std::vector<std::pair<int64_t, size_t>> middles;
    for (size_t i = 0; i < kept.size(); ++i) {
        spans[i].known = eventSpan(*kept[i].p, spans[i].first, spans[i].last);
        if (spans[i].known)
            middles.emplace_back(spans[i].first / 2 + spans[i].last / 2, i);
    }
    if (middles.size() < 2)
        return;
    std::nth_element(middles.begin(), middles.begin() + (middles.size() - 1) / 2, middles.end());
    const size_t ref = middles[(middles.size() - 1) / 2].second;
    std::vector<Ranked> same;
    for (size_t i = 0; i < kept.size(); ++i) {
        const int64_t gap = !spans[i].known                    ? 0
                            : spans[i].first > spans[ref].last ? spans[i].first - spans[ref].last
                            : spans[ref].first > spans[i].last ? spans[ref].first - spans[i].last
                                                               : 0;
        if (gap < kAnotherRunNs) {
            same.push_back(kept[i]);
            continue;
        }
        char minutes[32];
        std::snprintf(minutes, sizeof minutes, "%.1f", double(gap) / 60e9);
        const bool after = spans[i].first > spans[ref].last;
        warnings.push_back(kept[i].p->source_path + ": left out: recorded " + minutes + " min " +
                           (after ? "after" : "before") + " rank " + std::to_string(kept[ref].rank) + "'s trace " +
                           (after ? "ended" : "began") + " (another run)");
    }
    kept = std::move(same);
}

} // namespace

int rankFromName(const std::string &path, const std::string &pattern)
{
    const std::regex re(pattern, std::regex::ECMAScript | std::regex::icase);
    // The file's name, else its folder's (a rank's part of a run folder: rank1.local1.host/nsys.sqlite).
    const std::filesystem::path file(path);
    for (const std::string &name : {file.filename().string(), file.parent_path().filename().string()}) {
        std::smatch m;
        if (std::regex_search(name, m, re) && m.size() >= 2 && m[1].matched)
            return std::atoi(m[1].str().c_str());
    }
    return -1;
}

bool isRankTrace(const Profile &part)
{
    return part.source_format == "kineto-json";
}

bool isRankCapture(const Profile &part)
{
    return part.source_format == "nsys-sqlite";
}

Profile mergeRanks(std::vector<Profile> parts, const std::string &rankRegex)
{
    std::vector<std::string> warnings;
    struct Ranked {
        int rank;
        Profile *p;
    };
    std::vector<Ranked> ranked;
    for (Profile &part : parts) {
        int rank = rankFromTrace(part);
        if (rank < 0)
            rank = rankFromName(part.source_path, rankRegex);
        if (rank < 0) {
            warnings.push_back(part.source_path +
                               ": left out: no rank (no distributedInfo.rank, and the file name "
                               "does not match --rank-regex '" +
                               rankRegex + "')");
            continue;
        }
        ranked.push_back({rank, &part});
    }
    // World size: the most common one; a trace of another world size is of another run.
    std::map<std::string, int> sizes;
    for (const Ranked &r : ranked)
        if (const std::string *w = r.p->metadataValue("world_size"))
            ++sizes[*w];
    std::string worldSize;
    int best = 0;
    for (const auto &[w, n] : sizes)
        if (n > best)
            best = n, worldSize = w;
    std::vector<Ranked> kept;
    std::set<int> seen;
    for (const Ranked &r : ranked) {
        const std::string *w = r.p->metadataValue("world_size");
        if (w && !worldSize.empty() && *w != worldSize) {
            warnings.push_back(r.p->source_path + ": left out: world size " + *w + ", the other ranks' is " +
                               worldSize + " (another run)");
            continue;
        }
        if (!seen.insert(r.rank).second) {
            warnings.push_back(r.p->source_path + ": left out: rank " + std::to_string(r.rank) +
                               " was already imported");
            continue;
        }
        kept.push_back(r);
    }
    if (kept.empty())
        throw std::runtime_error(warnings.empty() ? "no rank trace" : warnings.front());
    std::sort(kept.begin(), kept.end(), [](const Ranked &a, const Ranked &b) { return a.rank < b.rank; });
    leaveOutOtherRuns(kept, warnings);

    // Clocks: offsets from matched collectives' end times (docs/ranks.md).
    std::vector<std::vector<Collective>> collectives;
    for (Ranked &r : kept) {
        for (Thread &t : r.p->threads)
            t.rank = r.rank;
        for (Device &d : r.p->devices)
            d.rank = r.rank;
        collectives.push_back(collectivesOf(*r.p));
    }
    constexpr int64_t kSameClockNs = 1'000'000; // one host's clocks agree far better than 1 ms
    std::vector<int64_t> shift(kept.size(), 0);
    for (size_t i = 1; i < kept.size(); ++i) {
        int64_t offset = 0;
        if (endOffset(collectives[0], collectives[i], offset) && std::llabs(offset) > kSameClockNs)
            shift[i] = offset;
    }

    Profile result;
    result.source_format = kept.front().p->source_format;
    result.source_path = kept.front().p->source_path;
    result.metadata = kept.front().p->metadata;
    std::string ranks, files;
    for (size_t i = 0; i < kept.size(); ++i) {
        Profile &p = *kept[i].p;
        append(result, p, kept[i].rank, shift[i]);
        for (const std::string &w : p.warnings)
            result.warnings.push_back(fileName(p.source_path) + ": " + w);
        files += (files.empty() ? "" : "\n") + p.source_path;
        ranks += (ranks.empty() ? "" : ",") + std::to_string(kept[i].rank);
        if (shift[i] != 0) {
            result.setMetadata("rank_clock_offset_ns." + std::to_string(kept[i].rank), std::to_string(shift[i]));
            result.warnings.push_back(p.source_path + ": clock shifted by " + std::to_string(shift[i]) +
                                      " ns onto rank " + std::to_string(kept[0].rank) +
                                      "'s (aligned on the end times of matched collectives)");
        }
    }
    result.warnings.insert(result.warnings.end(), warnings.begin(), warnings.end());
    result.metadata.erase(std::remove_if(result.metadata.begin(), result.metadata.end(),
                                         [](const auto &kv) { return kv.first == "rank"; }),
                          result.metadata.end());
    result.setMetadata("ranks", ranks);
    result.setMetadata("rank_files", files); // in rank order
    if (!worldSize.empty() && kept.size() < size_t(std::atoi(worldSize.c_str())))
        result.warnings.push_back(std::to_string(kept.size()) + " of " + worldSize + " ranks imported (ranks " + ranks +
                                  "); the others are missing");
    result.finalize();
    // Residual skew: the largest spread of end times of a matched collective after alignment.
    const RankReport report = analyzeRanks(result);
    int64_t residual = 0;
    for (const MatchedCollective &m : report.matched) {
        int64_t lo = INT64_MAX, hi = INT64_MIN;
        for (size_t i : m.members)
            lo = std::min(lo, report.collectives[i].end_ns), hi = std::max(hi, report.collectives[i].end_ns);
        residual = std::max(residual, hi - lo);
    }
    if (!report.matched.empty())
        result.setMetadata("rank_clock_residual_skew_ns", std::to_string(residual));
    return result;
}

} // namespace opscope::capture
