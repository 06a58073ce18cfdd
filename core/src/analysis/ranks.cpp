// Collectives, their matching across ranks and the per-rank breakdown (ranks.h, docs/ranks.md).
#include "opscope/ranks.h"

#include "opscope/module_tree.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>

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

// Device id -> rank, looked up once per profile (rankOfDevice scans the devices: per kernel, that is
// quadratic in the ranks).
class DeviceRanks {
public:
    explicit DeviceRanks(const Profile &p)
    {
        for (const Device &d : p.devices)
            rank_.emplace(d.id, d.rank);
    }
    int operator()(int32_t device) const
    {
        const auto it = rank_.find(device);
        return it == rank_.end() ? -1 : it->second;
    }

private:
    std::unordered_map<int32_t, int> rank_;
};

int rankOfThread(const Profile &p, Index thread)
{
    return thread == kNoIndex ? -1 : p.threads[thread].rank;
}

// Length of [lo, hi) inside the united, sorted `windows`.
int64_t clippedTo(const Intervals &windows, int64_t lo, int64_t hi)
{
    auto it = std::upper_bound(windows.begin(), windows.end(), std::make_pair(lo, INT64_MAX));
    if (it != windows.begin())
        --it;
    int64_t total = 0;
    for (; it != windows.end() && it->first < hi; ++it)
        total += std::max<int64_t>(0, std::min(hi, it->second) - std::max(lo, it->first));
    return total;
}

// A DDP bucket label: "opscope.ddp_bucket#3 blocks.1.fc2;blocks.1.fc1" (ddp_buckets.py, "[]" the root).
struct BucketLabel {
    int index = -1;
    std::vector<std::string> modules;
};

BucketLabel parseBucketLabel(std::string_view text)
{
    BucketLabel label;
    if (!text.starts_with(kDdpBucketLabelPrefix))
        return label;
    text.remove_prefix(kDdpBucketLabelPrefix.size());
    label.index = std::atoi(std::string(text.substr(0, text.find(' '))).c_str());
    if (const size_t space = text.find(' '); space != std::string_view::npos) {
        std::string_view rest = text.substr(space + 1);
        while (!rest.empty()) {
            const size_t semi = rest.find(';');
            const std::string_view m = rest.substr(0, semi);
            label.modules.emplace_back(m == "[]" ? std::string_view{} : m);
            rest = semi == std::string_view::npos ? std::string_view{} : rest.substr(semi + 1);
        }
    }
    return label;
}

// The operator that launched each collective: a kernel's attributed operator; for a CPU collective
// (gloo:all_reduce runs on gloo's worker threads, outside the caller's ranges), the c10d:: call of its
// rank in the same position (gloo runs the calls of a rank in the order they were made), where the
// rank has as many of those as collectives.
std::vector<Index> launchingOps(const Profile &p, const std::vector<Collective> &collectives)
{
    std::vector<Index> out(collectives.size(), kNoIndex);
    std::map<int, std::vector<Index>> calls; // rank -> outermost c10d:: collective calls, by start
    for (Index o = 0; o < p.operators.size(); ++o) {
        const Operator &op = p.operators[o];
        const std::string_view name = p.text(op.name);
        if (!name.starts_with("c10d::") || collectiveKindOf(name) == CollectiveKind::Other)
            continue;
        if (op.parent != kNoIndex && p.text(p.operators[op.parent].name).starts_with("c10d::"))
            continue;
        calls[rankOfThread(p, op.thread)].push_back(o);
    }
    for (auto &[rank, ops] : calls)
        std::sort(ops.begin(), ops.end(),
                  [&](Index a, Index b) { return p.operators[a].start_ns < p.operators[b].start_ns; });
    std::map<int, std::vector<size_t>> cpu; // rank -> its CPU collectives, by start
    for (size_t i = 0; i < collectives.size(); ++i) {
        const Collective &c = collectives[i];
        if (c.kernel != kNoIndex) {
            out[i] = p.kernels[c.kernel].op;
            if (const Index twin = p.referenceTwin(c.kernel); out[i] == kNoIndex && twin != kNoIndex)
                out[i] = p.kernels[twin].op; // a plain-step collective: its twin's launch in the labelled step
        } else
            cpu[c.rank].push_back(i);
    }
    for (const auto &[rank, list] : cpu) {
        const auto it = calls.find(rank);
        if (it == calls.end() || it->second.size() != list.size())
            continue;
        for (size_t n = 0; n < list.size(); ++n)
            out[list[n]] = it->second[n];
    }
    return out;
}

// A range's own text: emit_nvtx (nsys) appends ", seq = N, op_id = N, ..." to record_function names.
std::string_view withoutEmitNvtxTail(std::string_view text)
{
    for (std::string_view tail : {", seq = ", ", op_id = "})
        if (const size_t at = text.find(tail); at != std::string_view::npos)
            text = text.substr(0, at);
    return text;
}

// The FSDP unit a range names: "FSDP::all_gather (transformer.h.0)" -> "transformer.h.0", the label alone
// -> "" (the root unit); nullopt for any other range (FSDP::all_gather_copy_out among them).
std::optional<std::string> fsdpUnitOf(std::string_view text)
{
    for (std::string_view label : {kFsdpAllGatherLabel, kFsdpReduceLabel}) {
        if (!text.starts_with(label))
            continue;
        const std::string_view rest = text.substr(label.size());
        if (rest.empty())
            return std::string();
        if (rest.starts_with(" (") && rest.ends_with(")"))
            return std::string(rest.substr(2, rest.size() - 3));
    }
    return std::nullopt;
}

// Gives each collective the modules it carries, from the label range that encloses its launching
// operator on its thread (the innermost): a DDP bucket (the launcher's comm-hook label) or an FSDP unit
// (FSDP's own ranges).
void attachModules(const Profile &p, std::vector<Collective> &collectives)
{
    std::map<Index, std::vector<Index>> labels; // thread -> label ranges, by start
    for (Index r = 0; r < p.ranges.size(); ++r) {
        const std::string_view text = withoutEmitNvtxTail(p.text(p.ranges[r].text));
        if (p.ranges[r].thread != kNoIndex && (text.starts_with(kDdpBucketLabelPrefix) || fsdpUnitOf(text)))
            labels[p.ranges[r].thread].push_back(r);
    }
    if (labels.empty())
        return;
    const std::vector<Index> ops = launchingOps(p, collectives);
    for (size_t i = 0; i < collectives.size(); ++i) {
        if (ops[i] == kNoIndex)
            continue;
        const Operator &op = p.operators[ops[i]];
        const auto it = labels.find(op.thread);
        if (it == labels.end())
            continue;
        Index innermost = kNoIndex;
        for (Index r : it->second) {
            const Range &range = p.ranges[r];
            if (range.start_ns <= op.start_ns && op.start_ns <= range.end_ns &&
                (innermost == kNoIndex || range.start_ns >= p.ranges[innermost].start_ns))
                innermost = r;
        }
        if (innermost == kNoIndex)
            continue;
        const std::string_view text = withoutEmitNvtxTail(p.text(p.ranges[innermost].text));
        if (std::optional<std::string> unit = fsdpUnitOf(text)) {
            collectives[i].fsdpUnit = true;
            collectives[i].modules = {std::move(*unit)};
        } else {
            BucketLabel label = parseBucketLabel(text);
            collectives[i].bucket = label.index;
            collectives[i].modules = std::move(label.modules);
        }
    }
}

// One piece of compute of a rank: a non-NCCL kernel, or (a rank without kernels) an outermost operator.
struct ComputeItem {
    int64_t start_ns = 0;
    int64_t end_ns = 0;
    Index module = kNoIndex; // modules[]
    bool backward = false;
    uint32_t launchOrder = 0; // a kernel's correlation id (its launch's place in its process); 0 unknown
};

bool inStep(const Kernel &k, RankStep step)
{
    return step == RankStep::Recorded || (k.flags & kKernelReferenceStep);
}

std::map<int, std::vector<ComputeItem>> computeItems(const Profile &p, RankStep step)
{
    std::map<int, std::vector<ComputeItem>> out;
    const DeviceRanks rankOf(p);
    std::set<int> ranksWithKernels;
    for (const Kernel &k : p.kernels)
        ranksWithKernels.insert(rankOf(k.device));
    for (Index i = 0; i < p.kernels.size(); ++i) {
        const Kernel &k = p.kernels[i];
        if (!inStep(k, step) || isCollectiveKernelName(p.text(k.name)))
            continue;
        // A plain-step kernel is attributed through its twin in the labelled step.
        const Index twin = k.module == kNoIndex ? p.referenceTwin(i) : kNoIndex;
        const Kernel &a = twin == kNoIndex ? k : p.kernels[twin];
        out[rankOf(k.device)].push_back({k.start_ns, k.end_ns, a.module,
                                         a.op != kNoIndex && (p.operators[a.op].flags & kOperatorBackward) != 0,
                                         k.correlation_id});
    }
    if (step == RankStep::Plain)
        return out; // operators have no plain step
    // A rank without kernels (a CPU job): its compute is its outermost operators, less the collectives'
    // own ops (c10d::allreduce_ enqueues, gloo:all_reduce is the communication).
    for (const Operator &op : p.operators) {
        const int rank = rankOfThread(p, op.thread);
        const std::string_view name = p.text(op.name);
        if (op.parent != kNoIndex || ranksWithKernels.contains(rank) || isCollectiveOpName(name) ||
            name.starts_with("c10d::") || name == "record_param_comms")
            continue;
        out[rank].push_back({op.start_ns, op.end_ns, op.module, (op.flags & kOperatorBackward) != 0});
    }
    return out;
}

// Groups of identical layers for the why rows: the module tree's (structure and kernels, or the
// launcher's partition map); a profile whose tree finds none (a CPU trace has no kernels to compare
// layers by) groups numbered sibling modules of one class, named by their common pattern ("blocks.*").
std::vector<std::pair<std::string, std::vector<int>>> layerGroups(const ModuleTree &tree)
{
    std::vector<std::pair<std::string, std::vector<int>>> out;
    for (const DedupGroup &g : tree.groups)
        if (g.members.size() >= 2)
            out.emplace_back(g.name, g.members);
    if (!out.empty())
        return out;
    // Numbered siblings (a ModuleList's "blocks.0", "blocks.1"), not two named fields of one class
    // ("fc1", "fc2"), which need not do the same work.
    const auto numbered = [&](int node) {
        const std::string &path = tree.nodes[node].path;
        const size_t dot = path.rfind('.');
        const std::string_view last = std::string_view(path).substr(dot == std::string::npos ? 0 : dot + 1);
        return !last.empty() && std::all_of(last.begin(), last.end(), [](char c) { return c >= '0' && c <= '9'; });
    };
    for (const ModuleNode &parent : tree.nodes) {
        std::map<std::string, std::vector<int>> byClass;
        for (int child : parent.children)
            if (!tree.nodes[child].phase && numbered(child))
                byClass[tree.nodes[child].className].push_back(child);
        for (auto &[cls, members] : byClass) {
            if (members.size() < 2)
                continue;
            std::vector<std::string> paths;
            for (int m : members)
                paths.push_back(tree.nodes[m].path);
            out.emplace_back(groupPattern(paths), members);
        }
    }
    return out;
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

namespace {

// Collective kernels outside NCCL, by the letters of their names (lower case, no digits or underscores):
// they read and write the peers' buffers directly over NVLink and carry no NCCL name or metadata.
struct CustomCollective {
    std::string_view letters;
    CollectiveKind kind;
};
constexpr CustomCollective kCustomCollectives[] = {
    // PyTorch's symmetric memory (torch.ops.symm_mem.*: one_shot_all_reduce_kernel, ...)
    {"oneshotallreduce", CollectiveKind::AllReduce},
    {"twoshotallreduce", CollectiveKind::AllReduce},
    {"multimemallreduce", CollectiveKind::AllReduce},
    {"multimemoneshotallreduce", CollectiveKind::AllReduce},
    {"multimemallgather", CollectiveKind::AllGather},
    // vLLM's and SGLang's custom all-reduce (cross_device_reduce_1stage / _2stage)
    {"crossdevicereduce", CollectiveKind::AllReduce},
    // TensorRT-LLM's custom all-reduce (oneShotAllReduceKernel, twoShotAllReduceKernel: matched above) and
    // its fused all-reduce as FlashInfer ships it (allreduce_fusion_kernel_*)
    {"allreducefusionkernel", CollectiveKind::AllReduce},
};

const CustomCollective *customCollective(std::string_view name)
{
    // Every name in the list holds "reduce" or "gather" in some case: most kernels are ruled out here,
    // without a copy (this runs for every kernel of a profile).
    if (name.find("educe") == std::string_view::npos && name.find("ather") == std::string_view::npos)
        return nullptr;
    // The function's name, not its template and call arguments (which name types such as "allgather").
    constexpr std::string_view kAnonymous = "(anonymous namespace)::";
    std::string function(name);
    for (size_t at; (at = function.find(kAnonymous)) != std::string::npos;)
        function.erase(at, kAnonymous.size());
    const std::string letters = lowerLetters(std::string_view(function).substr(0, function.find_first_of("<(")));
    for (const CustomCollective &c : kCustomCollectives)
        if (letters.find(c.letters) != std::string::npos)
            return &c;
    return nullptr;
}

} // namespace

bool isCollectiveKernelName(std::string_view name)
{
    return isNcclKernelName(name) || customCollective(name) != nullptr;
}

CollectiveKind collectiveKindOf(std::string_view name)
{
    if (const CustomCollective *c = customCollective(name))
        return c->kind;
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

int32_t cudaOrdinal(const Profile &p, int32_t deviceId)
{
    for (const Device &d : p.devices)
        if (d.id == deviceId)
            for (const auto &[key, value] : d.properties)
                if (key == "cuda_ordinal")
                    return int32_t(std::atoi(value.c_str()));
    return deviceId;
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

std::string_view toString(RankStep step)
{
    return step == RankStep::Plain ? "plain" : "recorded";
}

RankStep preferredRankStep(const Profile &p)
{
    const std::vector<int> ranks = ranksOf(p);
    if (ranks.size() < 2)
        return RankStep::Recorded;
    std::set<int> withPlain;
    for (const Kernel &k : p.kernels)
        if (k.flags & kKernelReferenceStep)
            withPlain.insert(rankOfDevice(p, k.device));
    for (int r : ranks)
        if (!withPlain.contains(r))
            return RankStep::Recorded;
    return RankStep::Plain;
}

std::vector<Collective> collectivesOf(const Profile &p, RankStep step)
{
    const Index mName = p.findMetric("comm.collective"), mIn = p.findMetric("comm.in_nelems"),
                mOut = p.findMetric("comm.out_nelems"), mDtype = p.findMetric("comm.dtype"),
                mSize = p.findMetric("comm.group_size"), mGroup = p.findMetric("comm.process_group"),
                mBytes = p.findMetric("comm.bytes");
    const auto fill = [&](Collective &c, std::string_view name, std::span<const MetricValue> values) {
        const MetricValue *collective = counter(values, mName);
        c.kind = collectiveKindOf(name);
        if (collective && (c.kind == CollectiveKind::Other || !isCollectiveKernelName(name)))
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
        if (const MetricValue *v = counter(values, mBytes)) // NCCL's payload, in bytes already (nsys_ranks.cpp)
            c.bytes = uint64_t(v->value);
    };
    std::vector<Collective> out;
    const DeviceRanks rankOfKernelDevice(p);
    std::set<int> ranksWithKernels;
    for (Index k = 0; k < p.kernels.size(); ++k) {
        const Kernel &kernel = p.kernels[k];
        const std::string_view name = p.text(kernel.name);
        if (!isCollectiveKernelName(name) || !inStep(kernel, step))
            continue;
        Collective c;
        c.rank = rankOfKernelDevice(kernel.device);
        c.kernel = k;
        c.start_ns = kernel.start_ns;
        c.end_ns = kernel.end_ns;
        fill(c, name, p.countersOfKernel(k));
        ranksWithKernels.insert(c.rank);
        out.push_back(std::move(c));
    }
    for (Index o = 0; o < p.operators.size() && step == RankStep::Recorded; ++o) {
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
    attachModules(p, out);
    return out;
}

namespace {

// The launch order of a rank's collectives (their kernels' correlation ids, sorted), where every one of
// them and every compute item of the rank has one; empty otherwise (CPU ranks, sources without ids).
std::map<int, std::vector<uint32_t>> launchOrders(const Profile &p, const RankReport &report,
                                                  const std::map<int, std::vector<ComputeItem>> &items)
{
    std::map<int, std::vector<uint32_t>> out;
    std::set<int> unknown;
    for (const Collective &c : report.collectives) {
        const uint32_t id = c.kernel == kNoIndex ? 0 : p.kernels[c.kernel].correlation_id;
        if (id == 0)
            unknown.insert(c.rank);
        else
            out[c.rank].push_back(id);
    }
    for (const auto &[rank, list] : items)
        if (std::any_of(list.begin(), list.end(), [](const ComputeItem &i) { return i.launchOrder == 0; }))
            unknown.insert(rank);
    for (int rank : unknown)
        out.erase(rank);
    for (auto &[rank, list] : out)
        std::sort(list.begin(), list.end());
    return out;
}

WhyLate whyLate(const Profile &p, const RankReport &report, const std::map<int, std::vector<ComputeItem>> &items)
{
    WhyLate why;
    why.straggler = report.straggler;
    // "Before a collective" on a rank is the work it launched after its previous collective and before
    // this one (launch order): a rank that arrives early keeps computing while it waits, and that work,
    // run during the collective, is still the work it did before the next one. Where a rank has no launch
    // order (CPU ranks), the time from its previous collective's end to this one's start.
    const std::map<int, std::vector<uint32_t>> orders = launchOrders(p, report, items);
    std::map<int, std::vector<int64_t>> ends;
    std::map<int, int64_t> firstActivity;
    for (const Collective &c : report.collectives)
        ends[c.rank].push_back(c.end_ns);
    for (auto &[rank, list] : ends)
        std::sort(list.begin(), list.end());
    for (const auto &[rank, list] : items)
        for (const ComputeItem &item : list)
            if (!firstActivity.contains(rank) || item.start_ns < firstActivity[rank])
                firstActivity[rank] = item.start_ns;
    std::map<int, Intervals> windows; // rank -> time windows, or launch-order windows (ids as numbers)
    for (const MatchedCollective &m : report.matched) {
        if (m.lastArrival != report.straggler)
            continue;
        ++why.collectives;
        for (size_t i : m.members) {
            const Collective &c = report.collectives[i];
            if (const auto o = orders.find(c.rank); o != orders.end()) {
                const uint32_t id = p.kernels[c.kernel].correlation_id;
                const auto at = std::lower_bound(o->second.begin(), o->second.end(), id);
                windows[c.rank].emplace_back(at == o->second.begin() ? 0 : int64_t(*std::prev(at)) + 1, id);
                continue;
            }
            const std::vector<int64_t> &e = ends[c.rank];
            const auto it = std::upper_bound(e.begin(), e.end(), c.start_ns);
            const int64_t from =
                it == e.begin()
                    ? std::min(c.start_ns, firstActivity.contains(c.rank) ? firstActivity[c.rank] : c.start_ns)
                    : *std::prev(it);
            windows[c.rank].emplace_back(from, c.start_ns);
        }
    }
    if (why.collectives == 0)
        return why;

    // Compute inside the windows, per module instance (kNoIndex: outside every module), per rank.
    struct Time {
        int64_t total = 0, backward = 0;
    };
    std::map<int, std::map<Index, Time>> byModule;
    std::map<int, int64_t> totals;
    for (auto &[rank, list] : windows) {
        list = unite(std::move(list));
        const auto it = items.find(rank);
        if (it == items.end())
            continue;
        const bool byLaunch = orders.contains(rank);
        for (const ComputeItem &item : it->second) {
            const int64_t t =
                byLaunch
                    ? (clippedTo(list, item.launchOrder, item.launchOrder + 1) > 0 ? item.end_ns - item.start_ns : 0)
                    : clippedTo(list, item.start_ns, item.end_ns);
            if (t <= 0)
                continue;
            Time &m = byModule[rank][item.module];
            m.total += t;
            if (item.backward)
                m.backward += t;
            totals[rank] += t;
        }
    }
    std::vector<std::pair<int64_t, int>> others;
    for (const auto &[rank, list] : windows)
        if (rank != report.straggler)
            others.emplace_back(totals[rank], rank);
    if (others.empty())
        return why;
    std::sort(others.begin(), others.end());
    why.medianRank = others[(others.size() - 1) / 2].second;
    why.stragglerComputeNs = totals[why.straggler];
    why.medianComputeNs = totals[why.medianRank];
    for (const RankBreakdown &b : report.ranks)
        if (b.rank == why.straggler) {
            why.steps = b.steps;
            why.causedWaitPerStepNs = b.steps ? b.causedWaitNs / int64_t(b.steps) : b.causedWaitNs;
        }

    // Per module node (its calls and its submodules'), on both ranks.
    const ModuleTree tree = buildModuleTree(p);
    std::vector<WhyRow> nodes(tree.nodes.size());
    WhyRow outside;
    outside.name = "(outside modules)";
    for (int side = 0; side < 2; ++side) {
        const int rank = side == 0 ? why.straggler : why.medianRank;
        for (const auto &[module, time] : byModule[rank]) {
            int node = tree.nodeOf(module);
            if (node < 0) {
                (side == 0 ? outside.stragglerNs : outside.medianNs) += time.total;
                (side == 0 ? outside.stragglerBackwardNs : outside.medianBackwardNs) += time.backward;
                continue;
            }
            for (; node >= 0; node = tree.nodes[node].parent) {
                (side == 0 ? nodes[node].stragglerNs : nodes[node].medianNs) += time.total;
                (side == 0 ? nodes[node].stragglerBackwardNs : nodes[node].medianBackwardNs) += time.backward;
            }
        }
    }
    const auto byExtra = [](const WhyRow &a, const WhyRow &b) {
        return a.extraNs() != b.extraNs() ? a.extraNs() > b.extraNs() : a.name < b.name;
    };
    for (size_t n = 0; n < tree.nodes.size(); ++n) {
        nodes[n].name = tree.nodes[n].path;
        nodes[n].className = tree.nodes[n].className;
        if (nodes[n].stragglerNs > 0 || nodes[n].medianNs > 0)
            why.modules.push_back(nodes[n]);
    }
    if (outside.stragglerNs > 0 || outside.medianNs > 0)
        why.modules.push_back(outside);
    std::sort(why.modules.begin(), why.modules.end(), byExtra);
    for (const auto &[name, members] : layerGroups(tree)) {
        WhyRow g;
        g.name = name;
        g.className = tree.nodes[members.front()].className;
        g.group = true;
        g.members = members.size();
        for (int m : members) {
            g.stragglerNs += nodes[m].stragglerNs;
            g.medianNs += nodes[m].medianNs;
            g.stragglerBackwardNs += nodes[m].stragglerBackwardNs;
            g.medianBackwardNs += nodes[m].medianBackwardNs;
        }
        if (g.stragglerNs > 0 || g.medianNs > 0)
            why.groups.push_back(g);
    }
    std::sort(why.groups.begin(), why.groups.end(), byExtra);
    return why;
}

} // namespace

RankReport analyzeRanks(const Profile &p, RankStep step)
{
    RankReport report;
    report.step = step;
    report.collectives = collectivesOf(p, step);
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
    const std::map<int, std::vector<ComputeItem>> items = computeItems(p, step);
    std::map<int, Intervals> compute, comm;
    for (const Collective &c : report.collectives) {
        ++report.ranks[slot[c.rank]].collectives;
        comm[c.rank].emplace_back(c.start_ns, c.end_ns);
    }
    for (const auto &[rank, list] : items)
        for (const ComputeItem &item : list)
            compute[rank].emplace_back(item.start_ns, item.end_ns);
    for (auto &[rank, intervals] : compute)
        intervals = unite(std::move(intervals));
    for (Collective &c : report.collectives)
        c.exposedNs = (c.end_ns - c.start_ns) - clippedTo(compute[c.rank], c.start_ns, c.end_ns);
    for (const Range &r : p.ranges)
        if (step == RankStep::Recorded && r.kind == RangeKind::UserAnnotation && r.thread != kNoIndex &&
            p.text(r.text).starts_with("ProfilerStep#"))
            ++report.ranks[slot[p.threads[r.thread].rank]].steps;
    if (step == RankStep::Plain) // each rank's last plain step
        for (RankBreakdown &b : report.ranks)
            b.steps = 1;
    for (RankBreakdown &b : report.ranks) {
        const Intervals &cu = compute[b.rank], cm = unite(comm[b.rank]);
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
    int64_t worst = 0, second = 0;
    for (const RankBreakdown &b : report.ranks)
        if (b.causedWaitNs > worst) {
            second = worst;
            worst = b.causedWaitNs;
            report.straggler = b.rank;
        } else {
            second = std::max(second, b.causedWaitNs);
        }
    // A straggler makes the others wait clearly longer than any other rank does; ranks that take turns
    // arriving last (a step paced by the hosts, not by one rank's work) have none.
    if (report.straggler >= 0 && double(worst) < kStragglerMargin * double(second)) {
        report.straggler = -1;
        report.mutualWaits = true;
    }
    if (report.straggler >= 0)
        report.why = whyLate(p, report, items);
    return report;
}

} // namespace opscope
