// Per-rank traces and per-node reports of one job merged into one profile (capture_parts.h, docs/ranks.md):
// torch.profiler traces (one per rank) and Nsight Systems reports (one per rank, or one per node holding
// that node's ranks), the rank from the file, its node from the file, each node's clock put on the first
// node's on matched collectives (or the launcher's capture start marker).
#include "import/capture/capture_parts.h"
#include "opscope/file_util.h"
#include "opscope/format_ids.h"
#include "opscope/gpu_annotation.h"
#include "opscope/metadata_keys.h"
#include "opscope/ranks.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <unordered_map>

namespace opscope::capture {

namespace {

// The device ids a part's events use (a trace describes every GPU its process could see: a rank's own
// trace lists its peers' GPUs too, which are not its devices).
std::set<int32_t> usedDevices(const Profile &src)
{
    std::set<int32_t> used;
    for (const Kernel &k : src.kernels)
        used.insert(k.device);
    for (const MemoryOp &m : src.memory_ops)
        used.insert(m.device);
    for (const GpuSync &s : src.syncs)
        if (s.device >= 0)
            used.insert(s.device);
    for (const MemorySample &m : src.memory_samples)
        if (m.device >= 0)
            used.insert(m.device);
    return used;
}

// Appends every table of `src` to `dst` with its strings re-interned and its indices shifted; `src`'s
// threads and devices get `rank` (-1: they keep their own, a node's report of several ranks). Devices no
// event of `src` uses are left out. Device ids taken by an earlier part (two hosts' cuda:0) are renumbered,
// keeping the source's ordinal as the device's "cuda_ordinal" property. Returns `src`'s device ids in `dst`.
std::set<int32_t> append(Profile &dst, const Profile &src, int rank)
{
    const int64_t shiftNs = 0; // clocks are aligned afterwards, on the merged profile (alignClocks)
    const std::set<int32_t> used = usedDevices(src);
    const auto str = [&](StringId id) { return id == kNoString ? kNoString : dst.intern(src.text(id)); };
    const auto idx = [](Index i, size_t base) { return i == kNoIndex ? kNoIndex : Index(i + base); };
    std::map<int32_t, int32_t> deviceIds;
    int32_t nextId = 0;
    for (const Device &d : dst.devices)
        nextId = std::max(nextId, d.id + 1);
    for (const Device &d : src.devices) {
        if (!used.contains(d.id))
            continue;
        Device copy = d;
        copy.name = str(d.name);
        if (rank >= 0)
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
        d.rank = rank >= 0 ? rank : -1;
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
        if (rank >= 0)
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
    std::set<int32_t> ids;
    for (const auto &[from, to] : deviceIds)
        ids.insert(to);
    return ids;
}

int rankFromTrace(const Profile &p)
{
    const std::string *rank = p.metadataValue(kRankKey);
    if (!rank || rank->empty() || !std::all_of(rank->begin(), rank->end(), ::isdigit))
        return -1;
    return std::atoi(rank->c_str());
}

// The ranks a node's report holds already (nsys_ranks.cpp: one session over several processes).
std::vector<int> ownRanks(const Profile &p)
{
    return p.metadataValue(kRanksKey) ? ranksOf(p) : std::vector<int>();
}

// The host a file was written on, where it says: an nsys report's own (metadata "host"), torch.profiler's
// tensorboard_trace_handler names ("<host>_<pid>.<time>.pt.trace.json"), or an OpScope run folder's part
// ("rank3.local1.<host>/..."); "" otherwise.
std::string hostOf(const Profile &p)
{
    if (const std::string *host = p.metadataValue(kHostKey))
        return *host;
    static const std::regex handler(R"(^(.+)_[0-9]+\.[0-9]+\.pt\.trace\.json(\.gz)?$)");
    static const std::regex part(R"(^rank[0-9]+\.local[0-9]+\.(.+)$)");
    const std::filesystem::path path(p.source_path);
    std::smatch m;
    const std::string file = path.filename().string(), folder = path.parent_path().filename().string();
    if (std::regex_match(file, m, handler))
        return m[1].str();
    if (std::regex_match(folder, m, part))
        return m[1].str();
    return {};
}

// One file of the job.
struct Part {
    Profile *p = nullptr;
    int rank = -1;          // the rank it is, or -1: a node's report holding `ranks` already
    std::vector<int> ranks; // the ranks it holds
    std::string host;
    // Its times are on a clock of its own, which only this file uses: an nsys session counts from its own
    // start, the legacy autograd profiler from its own. Such a clock is always aligned.
    bool ownClock = false;
    std::string label() const { return rank >= 0 ? "rank " + std::to_string(rank) : fileName(p->source_path); }
};

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
        spans[i].known = !kept[i].ownClock && eventSpan(*kept[i].p, spans[i].first, spans[i].last);
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
                           (after ? "after" : "before") + " " + kept[ref].label() + "'s trace " +
                           (after ? "ended" : "began") + " (another run)");
    }
    kept = std::move(same);
}

// A clock the job's files are on: a host's (its torch.profiler traces share the host's clock), or one file's.
struct Clock {
    std::string name; // the host, else the file
    std::vector<size_t> parts;
    std::vector<int> ranks;
    bool alwaysAlign = false; // else only beyond kSameClockNs (traces of unknown hosts, maybe one host)
    int64_t offset = 0;
    int64_t residual = -1;
    std::string basis = "none";
};

// One host's clocks agree far better than 1 ms; traces whose hosts are unknown are moved only beyond it.
constexpr int64_t kSameClockNs = 1'000'000;

int64_t median(std::vector<int64_t> v)
{
    std::nth_element(v.begin(), v.begin() + v.size() / 2, v.end());
    return v[v.size() / 2];
}

std::vector<Clock> clocksOf(const std::vector<Part> &parts)
{
    std::vector<Clock> clocks;
    std::map<std::string, size_t> byHost;
    std::map<std::string, size_t> hostCount; // clocks per host name, to tell same-host clocks apart
    for (const Part &part : parts)
        if (!part.host.empty() && part.ownClock)
            ++hostCount[part.host];
    for (size_t i = 0; i < parts.size(); ++i) {
        const Part &part = parts[i];
        size_t c;
        if (!part.ownClock && !part.host.empty() && byHost.contains(part.host)) {
            c = byHost[part.host];
        } else {
            c = clocks.size();
            Clock clock;
            const bool shared = part.ownClock && hostCount[part.host] + (byHost.contains(part.host) ? 1 : 0) > 1;
            std::string ranks;
            for (int r : part.ranks)
                ranks += (ranks.empty() ? "" : ",") + std::to_string(r);
            const std::string which = (part.ranks.size() == 1 ? "rank " : "ranks ") + ranks;
            clock.name = part.host.empty() ? fileName(part.p->source_path) + " (" + which + ")"
                         : shared          ? part.host + " (" + which + ")"
                                           : part.host;
            clock.alwaysAlign = part.ownClock || !part.host.empty();
            clocks.push_back(std::move(clock));
            if (!part.ownClock && !part.host.empty())
                byHost[part.host] = c;
        }
        clocks[c].parts.push_back(i);
        clocks[c].ranks.insert(clocks[c].ranks.end(), part.ranks.begin(), part.ranks.end());
    }
    for (Clock &c : clocks)
        std::sort(c.ranks.begin(), c.ranks.end());
    std::stable_sort(clocks.begin(), clocks.end(), [](const Clock &a, const Clock &b) { return a.ranks < b.ranks; });
    return clocks;
}

// The start of the launcher's capture start marker on each rank (its first).
std::map<int, int64_t> markerStarts(const Profile &p)
{
    std::map<int, int64_t> out;
    const StringId marker = p.strings.find(kRanksAlignedMarker);
    // Under emit_nvtx (nsys) the range's text carries ", op_id = N" after the name.
    std::vector<bool> isMarker(p.strings.size(), false);
    for (StringId id = 0; id < p.strings.size(); ++id)
        isMarker[id] = p.strings.get(id).starts_with(kRanksAlignedMarker);
    for (const Range &r : p.ranges)
        if (r.text != kNoString && isMarker[r.text] && r.thread != kNoIndex && p.threads[r.thread].rank >= 0) {
            const int rank = p.threads[r.thread].rank;
            if (!out.contains(rank) || r.start_ns < out[rank])
                out[rank] = r.start_ns;
        }
    for (const Operator &o : p.operators) // the legacy profiler writes record_function ranges as events of its own
        if (marker != kNoString && o.name == marker && o.thread != kNoIndex && p.threads[o.thread].rank >= 0) {
            const int rank = p.threads[o.thread].rank;
            if (!out.contains(rank) || o.start_ns < out[rank])
                out[rank] = o.start_ns;
        }
    return out;
}

// Every event of the threads and devices of `shiftOfThread` / `shiftOfDevice` moved by their shift.
void shiftClocks(Profile &p, const std::vector<int64_t> &shiftOfThread,
                 const std::unordered_map<int32_t, int64_t> &shiftOfDevice)
{
    const auto byThread = [&](Index t) { return t == kNoIndex ? 0 : shiftOfThread[t]; };
    const auto byDevice = [&](int32_t d) {
        const auto it = shiftOfDevice.find(d);
        return it == shiftOfDevice.end() ? 0 : it->second;
    };
    const auto move = [](auto &e, int64_t s) { e.start_ns += s, e.end_ns += s; };
    for (Kernel &k : p.kernels)
        move(k, byDevice(k.device));
    for (MemoryOp &m : p.memory_ops)
        move(m, byDevice(m.device));
    for (Operator &o : p.operators)
        move(o, byThread(o.thread));
    for (ModuleInstance &m : p.modules)
        move(m, byThread(m.thread));
    for (ApiCall &a : p.api_calls)
        move(a, byThread(a.thread));
    for (GpuSync &s : p.syncs)
        move(s, s.device >= 0 ? byDevice(s.device) : byThread(s.thread));
    for (MemorySample &m : p.memory_samples)
        m.time_ns += m.device >= 0 ? byDevice(m.device) : byThread(m.thread);
    for (Range &r : p.ranges) {
        int32_t device = 0;
        uint32_t stream = 0;
        if (r.thread == kNoIndex && r.kind == RangeKind::GpuUserAnnotation &&
            gpuAnnotationLane(p.text(r.domain), device, stream))
            move(r, byDevice(device));
        else
            move(r, byThread(r.thread));
    }
}

// Puts every clock on the first one's (the clock of the lowest rank): by the launcher's capture start
// marker where every rank of both has one, else by the median difference of matched collectives' end
// times (collectives end together on every rank, whoever arrived late); records each clock's shift and
// residual skew, and the largest spread of end times of any matched collective after it.
void alignClocks(Profile &result, std::vector<Clock> &clocks, const std::vector<std::set<int32_t>> &partDevices,
                 const std::vector<std::pair<size_t, size_t>> &partThreads, std::vector<std::string> &warnings)
{
    if (clocks.size() < 2)
        return;
    std::map<int, size_t> clockOfRank;
    for (size_t c = 0; c < clocks.size(); ++c)
        for (int r : clocks[c].ranks)
            clockOfRank[r] = c;
    // Matched collectives, as analyzeRanks matches them (by step and order, clock-free).
    std::map<CollectiveKey, std::vector<const Collective *>> matched;
    const std::vector<Collective> collectives = collectivesOf(result);
    for (const Collective &c : collectives)
        if (c.matchable)
            matched[c.key].push_back(&c);
    std::vector<std::vector<int64_t>> differences(clocks.size()); // reference end - own end
    for (const auto &[key, members] : matched) {
        std::vector<int64_t> reference;
        for (const Collective *c : members)
            if (clockOfRank[c->rank] == 0)
                reference.push_back(c->end_ns);
        if (reference.empty() || members.size() < 2)
            continue;
        const int64_t end = median(reference);
        for (const Collective *c : members)
            if (const size_t clock = clockOfRank[c->rank]; clock != 0)
                differences[clock].push_back(end - c->end_ns);
    }
    const std::map<int, int64_t> markers = markerStarts(result);
    const auto markedAll = [&](const Clock &c) {
        return std::all_of(c.ranks.begin(), c.ranks.end(), [&](int r) { return markers.contains(r); });
    };
    std::vector<int64_t> shiftOfThread(result.threads.size(), 0);
    std::unordered_map<int32_t, int64_t> shiftOfDevice;
    clocks[0].basis = "reference";
    clocks[0].residual = 0;
    for (size_t c = 1; c < clocks.size(); ++c) {
        Clock &clock = clocks[c];
        if (markedAll(clocks[0]) && markedAll(clock)) {
            std::vector<int64_t> reference, own;
            for (int r : clocks[0].ranks)
                reference.push_back(markers.at(r));
            for (int r : clock.ranks)
                own.push_back(median(reference) - markers.at(r));
            clock.offset = median(own);
            clock.basis = "capture start marker";
        } else if (!differences[c].empty()) {
            clock.offset = median(differences[c]);
            clock.basis = "collectives (" + std::to_string(differences[c].size()) + " matched)";
        } else {
            warnings.push_back(clock.name + ": its clock could not be aligned (no collective matched with " +
                               clocks[0].name + "'s ranks, no capture start marker): left as recorded");
            continue;
        }
        if (!clock.alwaysAlign && std::llabs(clock.offset) <= kSameClockNs) {
            clock.offset = 0; // one host's traces, most likely: their clock is one already
            clock.basis = "same clock";
        }
        std::vector<int64_t> residuals;
        for (int64_t d : differences[c])
            residuals.push_back(std::llabs(d - clock.offset));
        clock.residual = residuals.empty() ? -1 : median(residuals);
        for (size_t part : clock.parts) {
            for (size_t t = partThreads[part].first; t < partThreads[part].second; ++t)
                shiftOfThread[t] = clock.offset;
            for (int32_t d : partDevices[part])
                shiftOfDevice[d] = clock.offset;
        }
    }
    if (std::any_of(clocks.begin(), clocks.end(), [](const Clock &c) { return c.offset != 0; })) {
        shiftClocks(result, shiftOfThread, shiftOfDevice);
        result.finalize(); // kernels in start order again
    }
    // The largest spread of end times of a matched collective, after the shift.
    int64_t spread = -1;
    for (const auto &[key, members] : matched) {
        if (members.size() < 2)
            continue;
        int64_t lo = INT64_MAX, hi = INT64_MIN;
        for (const Collective *c : members) {
            const int64_t end = c->end_ns + clocks[clockOfRank[c->rank]].offset;
            lo = std::min(lo, end), hi = std::max(hi, end);
        }
        spread = std::max(spread, hi - lo);
    }
    if (spread >= 0)
        result.setMetadata(kRankClockResidualSkewKey, std::to_string(spread));
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
    return part.source_format == format_id::kKinetoJson;
}

bool isRankCapture(const Profile &part)
{
    return part.source_format == format_id::kNsysSqlite;
}

bool hasRanksOfItsOwn(const Profile &part)
{
    return rankFromTrace(part) >= 0 || !ownRanks(part).empty();
}

Profile mergeRanks(std::vector<Profile> inputs, const std::string &rankRegex)
{
    std::vector<std::string> warnings;
    std::vector<Part> ranked;
    for (Profile &input : inputs) {
        Part part;
        part.p = &input;
        part.rank = rankFromTrace(input);
        if (part.rank < 0 && (part.ranks = ownRanks(input)).empty())
            part.rank = rankFromName(input.source_path, rankRegex);
        if (part.rank < 0 && part.ranks.empty()) {
            warnings.push_back(input.source_path +
                               ": left out: no rank (no distributedInfo.rank or NCCL rank, and the file name "
                               "does not match --rank-regex '" +
                               rankRegex + "')");
            continue;
        }
        if (part.rank >= 0)
            part.ranks = {part.rank};
        part.host = hostOf(input);
        const std::string *format = input.metadataValue(kTraceFormatKey);
        part.ownClock = isRankCapture(input) || (format && *format == "autograd");
        ranked.push_back(std::move(part));
    }
    // World size: the most common one; a trace of another world size is of another run.
    std::map<std::string, int> sizes;
    for (const Part &r : ranked)
        if (const std::string *w = r.p->metadataValue(kWorldSizeKey))
            ++sizes[*w];
    std::string worldSize;
    int best = 0;
    for (const auto &[w, n] : sizes)
        if (n > best)
            best = n, worldSize = w;
    std::vector<Part> kept;
    std::map<int, std::string> seen; // rank -> the file it came from
    for (const Part &r : ranked) {
        const std::string *w = r.p->metadataValue(kWorldSizeKey);
        if (w && !worldSize.empty() && *w != worldSize) {
            warnings.push_back(r.p->source_path + ": left out: world size " + *w + ", the other ranks' is " +
                               worldSize + " (another run)");
            continue;
        }
        const auto twice = std::find_if(r.ranks.begin(), r.ranks.end(), [&](int rank) { return seen.contains(rank); });
        if (twice != r.ranks.end()) {
            warnings.push_back(r.p->source_path + ": left out: rank " + std::to_string(*twice) +
                               " was already imported (from " + seen[*twice] + "): two traces of one rank");
            continue;
        }
        for (int rank : r.ranks)
            seen[rank] = r.p->source_path;
        kept.push_back(r);
    }
    if (kept.empty())
        throw std::runtime_error(warnings.empty() ? "no rank trace" : warnings.front());
    std::sort(kept.begin(), kept.end(), [](const Part &a, const Part &b) { return a.ranks < b.ranks; });
    leaveOutOtherRuns(kept, warnings);

    Profile result;
    result.source_format = kept.front().p->source_format;
    result.source_path = kept.front().p->source_path;
    result.metadata = kept.front().p->metadata;
    std::vector<std::set<int32_t>> partDevices;
    std::vector<std::pair<size_t, size_t>> partThreads;
    std::map<int, std::string> fileOfRank;
    for (Part &part : kept) {
        Profile &p = *part.p;
        const size_t t0 = result.threads.size();
        partDevices.push_back(append(result, p, part.rank));
        partThreads.emplace_back(t0, result.threads.size());
        for (const std::string &w : p.warnings)
            result.warnings.push_back(fileName(p.source_path) + ": " + w);
        for (int rank : part.ranks) {
            fileOfRank[rank] = p.source_path;
            if (!part.host.empty())
                result.setMetadata(rankHostKey(rank), part.host);
        }
    }
    std::string ranks, files;
    for (const auto &[rank, file] : fileOfRank) {
        files += (files.empty() ? "" : "\n") + file;
        ranks += (ranks.empty() ? "" : ",") + std::to_string(rank);
    }
    result.metadata.erase(std::remove_if(result.metadata.begin(), result.metadata.end(),
                                         [](const auto &kv) { return kv.first == kRankKey || kv.first == kHostKey; }),
                          result.metadata.end());
    result.setMetadata(kRanksKey, ranks);
    result.setMetadata(kRankFilesKey, files); // in rank order, one line per rank
    if (!worldSize.empty() && fileOfRank.size() < size_t(std::atoi(worldSize.c_str())))
        result.warnings.push_back(std::to_string(fileOfRank.size()) + " of " + worldSize + " ranks imported (ranks " +
                                  ranks + "); the others are missing");
    result.finalize();

    std::vector<Clock> clocks = clocksOf(kept);
    alignClocks(result, clocks, partDevices, partThreads, warnings);
    if (clocks.size() >= 2)
        for (const Clock &clock : clocks) {
            for (int rank : clock.ranks) {
                result.setMetadata(rankNodeKey(rank), clock.name);
                if (clock.offset != 0)
                    result.setMetadata(rankClockOffsetKey(rank), std::to_string(clock.offset));
            }
            result.setMetadata(nodeClockKey(clock.name),
                               clock.basis + ";" + std::to_string(clock.offset) + ";" + std::to_string(clock.residual));
            if (clock.offset != 0)
                for (size_t part : clock.parts)
                    result.warnings.push_back(kept[part].p->source_path + ": clock shifted by " +
                                              std::to_string(clock.offset) + " ns onto " + clocks[0].name +
                                              "'s (aligned on " + clock.basis + ")");
        }
    result.warnings.insert(result.warnings.end(), warnings.begin(), warnings.end());
    return result;
}

} // namespace opscope::capture
