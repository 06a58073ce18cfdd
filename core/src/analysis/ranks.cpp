// Collectives, their matching across ranks and the per-rank breakdown (ranks.h, docs/ranks.md).
#include "opscope/ranks.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>
#include <set>

namespace opscope {

namespace {

std::string lowerLetters(std::string_view s)
{
    std::string out;
    for (char c : s)
        if (std::isalpha(static_cast<unsigned char>(c)))
            out += char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

using Intervals = std::vector<std::pair<int64_t, int64_t>>;

Intervals unite(Intervals v)
{
    std::sort(v.begin(), v.end());
    Intervals out;
    for (const auto &iv : v) {
        if (iv.second <= iv.first)
            continue;
        if (!out.empty() && iv.first <= out.back().second)
            out.back().second = std::max(out.back().second, iv.second);
        else
            out.push_back(iv);
    }
    return out;
}

int64_t length(const Intervals &v)
{
    int64_t total = 0;
    for (const auto &iv : v)
        total += iv.second - iv.first;
    return total;
}

// Length of the intersection of two united interval lists.
int64_t overlap(const Intervals &a, const Intervals &b)
{
    int64_t total = 0;
    size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        const int64_t lo = std::max(a[i].first, b[j].first), hi = std::min(a[i].second, b[j].second);
        if (hi > lo)
            total += hi - lo;
        (a[i].second < b[j].second) ? ++i : ++j;
    }
    return total;
}

const MetricValue *counter(std::span<const MetricValue> values, Index metric)
{
    if (metric == kNoIndex)
        return nullptr;
    for (const MetricValue &v : values)
        if (v.metric == metric)
            return &v;
    return nullptr;
}

bool isCollectiveOpName(std::string_view name)
{
    return name.starts_with("gloo:") || name.starts_with("nccl:");
}

} // namespace

std::string_view toString(CollectiveKind kind)
{
    switch (kind) {
    case CollectiveKind::AllReduce:
        return "all-reduce";
    case CollectiveKind::AllGather:
        return "all-gather";
    case CollectiveKind::ReduceScatter:
        return "reduce-scatter";
    case CollectiveKind::Broadcast:
        return "broadcast";
    case CollectiveKind::Reduce:
        return "reduce";
    case CollectiveKind::AllToAll:
        return "all-to-all";
    case CollectiveKind::SendRecv:
        return "send/recv";
    case CollectiveKind::Other:
        break;
    }
    return "other";
}

bool isNcclKernelName(std::string_view name)
{
    return name.starts_with("ncclDevKernel_") || name.starts_with("ncclKernel_");
}

CollectiveKind collectiveKindOf(std::string_view name)
{
    if (isNcclKernelName(name)) { // ncclDevKernel_AllReduce_Sum_f32_RING_LL(...): the word after the prefix
        name.remove_prefix(name.find('_') + 1);
        name = name.substr(0, name.find('_'));
    } else if (const size_t colon = name.rfind(':'); colon != std::string_view::npos) {
        name.remove_prefix(colon + 1); // gloo:all_reduce, c10d::allreduce_
    }
    const std::string w = lowerLetters(name);
    if (w.find("reducescatter") != std::string::npos)
        return CollectiveKind::ReduceScatter;
    if (w.find("allreduce") != std::string::npos)
        return CollectiveKind::AllReduce;
    if (w.find("allgather") != std::string::npos)
        return CollectiveKind::AllGather;
    if (w.find("alltoall") != std::string::npos)
        return CollectiveKind::AllToAll;
    if (w.find("broadcast") != std::string::npos)
        return CollectiveKind::Broadcast;
    if (w.find("sendrecv") != std::string::npos || w == "send" || w == "recv" || w == "sendrecv")
        return CollectiveKind::SendRecv;
    if (w.find("reduce") != std::string::npos)
        return CollectiveKind::Reduce;
    return CollectiveKind::Other;
}

double busBandwidthFactor(CollectiveKind kind, int n)
{
    if (n <= 0)
        return 1.0;
    switch (kind) {
    case CollectiveKind::AllReduce:
        return 2.0 * (n - 1) / n;
    case CollectiveKind::AllGather:
    case CollectiveKind::ReduceScatter:
    case CollectiveKind::AllToAll:
        return double(n - 1) / n;
    default:
        return 1.0;
    }
}

int dtypeBytes(std::string_view dtype)
{
    std::string d; // "BFloat16" -> "bfloat16", "torch.float32" -> "torchfloat32"
    for (char c : dtype)
        if (std::isalnum(static_cast<unsigned char>(c)))
            d += char(std::tolower(static_cast<unsigned char>(c)));
    if (d.starts_with("torch"))
        d.erase(0, 5);
    if (d == "double" || d == "long" || d == "int64" || d == "float64" || d == "complexfloat")
        return 8;
    if (d == "float" || d == "int" || d == "int32" || d == "float32")
        return 4;
    if (d == "half" || d == "bfloat16" || d == "short" || d == "int16" || d == "float16")
        return 2;
    if (d == "byte" || d == "char" || d == "bool" || d == "int8" || d == "uint8" || d.starts_with("floate"))
        return 1;
    return 0;
}

int rankOfDevice(const Profile &p, int32_t deviceId)
{
    for (const Device &d : p.devices)
        if (d.id == deviceId)
            return d.rank;
    return -1;
}

std::vector<int> ranksOf(const Profile &p)
{
    std::set<int> ranks;
    for (const Thread &t : p.threads)
        if (t.rank >= 0)
            ranks.insert(t.rank);
    for (const Device &d : p.devices)
        if (d.rank >= 0)
            ranks.insert(d.rank);
    return {ranks.begin(), ranks.end()};
}

std::vector<Collective> collectivesOf(const Profile &p)
{
    const Index mName = p.findMetric("comm.collective"), mIn = p.findMetric("comm.in_nelems"),
                mOut = p.findMetric("comm.out_nelems"), mDtype = p.findMetric("comm.dtype"),
                mSize = p.findMetric("comm.group_size"), mGroup = p.findMetric("comm.process_group");
    const auto fill = [&](Collective &c, std::string_view name, std::span<const MetricValue> values) {
        const MetricValue *collective = counter(values, mName);
        c.kind = collectiveKindOf(name);
        if (collective && (c.kind == CollectiveKind::Other || !isNcclKernelName(name)))
            c.kind = collectiveKindOf(p.text(collective->text));
        if (const MetricValue *v = counter(values, mDtype))
            c.dtype = std::string(p.text(v->text));
        if (const MetricValue *v = counter(values, mGroup))
            c.group = std::string(p.text(v->text));
        if (const MetricValue *v = counter(values, mSize))
            c.groupSize = int(v->value);
        const MetricValue *in = counter(values, mIn), *out = counter(values, mOut);
        const double nelems = std::max(in ? in->value : 0.0, out ? out->value : 0.0);
        c.bytes = uint64_t(nelems) * uint64_t(dtypeBytes(c.dtype));
    };
    std::vector<Collective> out;
    std::set<int> ranksWithKernels;
    for (Index k = 0; k < p.kernels.size(); ++k) {
        const Kernel &kernel = p.kernels[k];
        const std::string_view name = p.text(kernel.name);
        if (!isNcclKernelName(name))
            continue;
        Collective c;
        c.rank = rankOfDevice(p, kernel.device);
        c.kernel = k;
        c.start_ns = kernel.start_ns;
        c.end_ns = kernel.end_ns;
        fill(c, name, p.countersOfKernel(k));
        ranksWithKernels.insert(c.rank);
        out.push_back(std::move(c));
    }
    for (Index o = 0; o < p.operators.size(); ++o) {
        const Operator &op = p.operators[o];
        const std::string_view name = p.text(op.name);
        if (!isCollectiveOpName(name))
            continue;
        const int rank = op.thread == kNoIndex ? -1 : p.threads[op.thread].rank;
        if (ranksWithKernels.contains(rank))
            continue; // the GPU kernels are the collective's timing
        Collective c;
        c.rank = rank;
        c.op = o;
        c.start_ns = op.start_ns;
        c.end_ns = op.end_ns;
        fill(c, name, p.countersOfOperator(o));
        out.push_back(std::move(c));
    }
    std::stable_sort(out.begin(), out.end(), [](const Collective &a, const Collective &b) {
        return a.rank != b.rank ? a.rank < b.rank : a.start_ns < b.start_ns;
    });
    std::map<std::pair<int, std::string>, uint32_t> next;
    const std::string *worldSize = p.metadataValue("world_size");
    for (Collective &c : out) {
        c.indexInGroup = next[{c.rank, c.group}]++;
        const int n = c.groupSize > 0 ? c.groupSize : worldSize ? std::atoi(worldSize->c_str()) : 0;
        if (c.bytes > 0 && c.end_ns > c.start_ns) {
            c.algBandwidth = double(c.bytes) / (double(c.end_ns - c.start_ns) * 1e-9);
            c.busBandwidth = c.algBandwidth * busBandwidthFactor(c.kind, n);
        }
    }
    return out;
}

RankReport analyzeRanks(const Profile &p)
{
    RankReport report;
    report.collectives = collectivesOf(p);
    std::vector<int> ranks = ranksOf(p);
    if (ranks.empty())
        ranks.push_back(-1);
    std::map<int, size_t> slot;
    for (int r : ranks) {
        slot[r] = report.ranks.size();
        report.ranks.push_back({.rank = r});
    }

    // Matching: (group, index) -> one collective per rank.
    std::map<std::pair<std::string, uint32_t>, std::vector<size_t>> byKey;
    for (size_t i = 0; i < report.collectives.size(); ++i)
        byKey[{report.collectives[i].group, report.collectives[i].indexInGroup}].push_back(i);
    const std::string *worldSize = p.metadataValue("world_size");
    for (auto &[key, members] : byKey) {
        if (members.size() < 2) {
            ++report.unmatched;
            continue;
        }
        MatchedCollective m;
        m.group = key.first;
        m.index = key.second;
        m.members = members;
        int64_t first = INT64_MAX, last = INT64_MIN;
        m.latencyNs = INT64_MAX;
        for (size_t i : members) {
            const Collective &c = report.collectives[i];
            first = std::min(first, c.start_ns);
            if (c.start_ns > last) {
                last = c.start_ns;
                m.lastArrival = c.rank;
            }
            m.latencyNs = std::min(m.latencyNs, c.end_ns - c.start_ns);
            m.kind = c.kind;
            m.bytes = std::max(m.bytes, c.bytes);
            m.groupSize = std::max(m.groupSize, c.groupSize);
        }
        m.arrivalSkewNs = last - first;
        int n = m.groupSize;
        if (n == 0 && worldSize)
            n = std::atoi(worldSize->c_str());
        if (m.bytes > 0 && m.latencyNs > 0) {
            m.algBandwidth = double(m.bytes) / (double(m.latencyNs) * 1e-9);
            m.busBandwidth = m.algBandwidth * busBandwidthFactor(m.kind, n);
        }
        RankBreakdown &late = report.ranks[slot[m.lastArrival]];
        ++late.arrivedLast;
        for (size_t i : members) {
            const Collective &c = report.collectives[i];
            const int64_t wait = last - c.start_ns;
            report.ranks[slot[c.rank]].waitNs += wait;
            late.causedWaitNs += wait;
        }
        report.matched.push_back(std::move(m));
    }

    // Compute / communication / idle per rank.
    std::set<int> ranksWithKernels;
    for (const Kernel &k : p.kernels)
        ranksWithKernels.insert(rankOfDevice(p, k.device));
    std::map<int, Intervals> compute, comm;
    for (const Collective &c : report.collectives) {
        ++report.ranks[slot[c.rank]].collectives;
        comm[c.rank].emplace_back(c.start_ns, c.end_ns);
    }
    for (const Kernel &k : p.kernels)
        if (!isNcclKernelName(p.text(k.name)))
            compute[rankOfDevice(p, k.device)].emplace_back(k.start_ns, k.end_ns);
    // A rank without kernels (a CPU job): its compute is its outermost operators, less the collectives'
    // own ops (c10d::allreduce_ enqueues, gloo:all_reduce is the communication).
    for (const Operator &op : p.operators) {
        const int rank = op.thread == kNoIndex ? -1 : p.threads[op.thread].rank;
        const std::string_view name = p.text(op.name);
        if (op.parent != kNoIndex || ranksWithKernels.contains(rank) || isCollectiveOpName(name) ||
            name.starts_with("c10d::") || name == "record_param_comms")
            continue;
        compute[rank].emplace_back(op.start_ns, op.end_ns);
    }
    for (const Range &r : p.ranges)
        if (r.kind == RangeKind::UserAnnotation && r.thread != kNoIndex && p.text(r.text).starts_with("ProfilerStep#"))
            ++report.ranks[slot[p.threads[r.thread].rank]].steps;
    for (RankBreakdown &b : report.ranks) {
        const Intervals cu = unite(compute[b.rank]), cm = unite(comm[b.rank]);
        Intervals all = cu;
        all.insert(all.end(), cm.begin(), cm.end());
        all = unite(std::move(all));
        if (all.empty())
            continue;
        b.spanNs = all.back().second - all.front().first;
        b.computeNs = length(cu);
        b.overlappedCommNs = overlap(cu, cm);
        b.exposedCommNs = length(cm) - b.overlappedCommNs;
        b.idleNs = b.spanNs - length(all);
    }
    int64_t worst = 0;
    for (const RankBreakdown &b : report.ranks)
        if (b.causedWaitNs > worst) {
            worst = b.causedWaitNs;
            report.straggler = b.rank;
        }
    return report;
}

} // namespace opscope
