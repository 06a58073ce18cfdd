// The collectives of a profile (ranks.h: collectivesOf): NCCL and custom collective kernels, a CPU rank's
// gloo/nccl ops, their Kineto or NCCL-payload args, the step each was launched in and the key it is matched
// across ranks by, and the DDP bucket or FSDP unit each carries (docs/ranks.md).
#include "analysis/rank_detail.h"
#include "opscope/metadata_keys.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>

namespace opscope {

namespace {

using rankdetail::rankOfThread;

const MetricValue *counter(std::span<const MetricValue> values, Index metric)
{
    if (metric == kNoIndex)
        return nullptr;
    for (const MetricValue &v : values)
        if (v.metric == metric)
            return &v;
    return nullptr;
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

bool inStep(const Kernel &k, RankStep step)
{
    return step == RankStep::Recorded || (k.flags & kKernelReferenceStep);
}

// A rank whose step holds a different number of a group's collectives than the other ranks' hold (the
// most common number; a tie goes to the larger) cannot be matched by order in that step: its trace is cut,
// or its window ended inside the step. Its collectives of that step and group are left out. Groups that
// carry NCCL's sequence number need no count: the number matches them.
void leaveOutIncompleteSteps(std::vector<Collective> &collectives)
{
    std::map<std::pair<int64_t, std::string>, std::map<int, size_t>> counts; // (step, group) -> rank -> count
    for (const Collective &c : collectives)
        if (c.matchable && c.step >= 0 && c.sequence < 0)
            ++counts[{c.step, c.group}][c.rank];
    std::set<std::tuple<int64_t, std::string, int>> incomplete;
    for (const auto &[stepGroup, perRank] : counts) {
        std::map<size_t, size_t> ranksWith; // count -> ranks with it
        for (const auto &[rank, n] : perRank)
            ++ranksWith[n];
        size_t mode = 0, most = 0;
        for (const auto &[n, ranks] : ranksWith)
            if (ranks >= most)
                mode = n, most = ranks;
        for (const auto &[rank, n] : perRank)
            if (n != mode)
                incomplete.insert({stepGroup.first, stepGroup.second, rank});
    }
    for (Collective &c : collectives)
        if (incomplete.contains({c.step, c.group, c.rank}) && c.sequence < 0) {
            c.matchable = false;
            c.incompleteStep = true;
        }
}

// The keys collectives are matched by. Per rank, step and group, the n-th collective of the group; where
// every collective of a group (on every rank) carries NCCL's sequence number, that number instead: it
// counts the group's collectives since the group was made, so it holds even where the ranks' windows or
// step numbers differ. Returns how many groups were matched by sequence number.
size_t assignKeys(std::vector<Collective> &collectives)
{
    std::map<std::string, bool> sequenced; // group -> every collective of it has a sequence number
    for (const Collective &c : collectives)
        if (c.matchable) {
            auto [it, fresh] = sequenced.emplace(c.group, true);
            it->second = it->second && c.sequence >= 0;
        }
    std::map<std::tuple<int, int64_t, std::string>, uint32_t> next;
    for (Collective &c : collectives) {
        c.indexInGroup = next[{c.rank, c.step, c.group}]++;
        const bool bySequence = sequenced.contains(c.group) && sequenced[c.group];
        c.key = bySequence ? CollectiveKey{-1, c.group, c.sequence} : CollectiveKey{c.step, c.group, c.indexInGroup};
    }
    return size_t(std::count_if(sequenced.begin(), sequenced.end(), [](const auto &g) { return g.second; }));
}

} // namespace

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
    const rankdetail::RankSteps steps(p, step);
    return rankdetail::collectivesOf(p, step, steps,
                                     steps.bySteps() ? rankdetail::kernelLaunchTimes(p) : std::vector<int64_t>());
}

namespace rankdetail {

std::vector<Collective> collectivesOf(const Profile &p, RankStep step, const RankSteps &steps,
                                      const std::vector<int64_t> &launchTimes)
{
    const Index mName = p.findMetric("comm.collective"), mIn = p.findMetric("comm.in_nelems"),
                mOut = p.findMetric("comm.out_nelems"), mDtype = p.findMetric("comm.dtype"),
                mSize = p.findMetric("comm.group_size"), mGroup = p.findMetric("comm.process_group"),
                mBytes = p.findMetric("comm.bytes"), mSeq = p.findMetric("comm.seq");
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
        if (const MetricValue *v = counter(values, mSeq))
            c.sequence = int64_t(v->value);
        const MetricValue *in = counter(values, mIn), *out = counter(values, mOut);
        const double nelems = std::max(in ? in->value : 0.0, out ? out->value : 0.0);
        c.bytes = uint64_t(nelems) * uint64_t(dtypeBytes(c.dtype));
        if (const MetricValue *v = counter(values, mBytes)) // NCCL's payload, in bytes already (nsys_ranks.cpp)
            c.bytes = uint64_t(v->value);
    };
    const auto place = [&](Collective &c, int64_t launchNs) {
        const int64_t s = steps.stepOf(c.rank, launchNs);
        c.matchable = s != RankSteps::kNotCompared;
        c.step = s >= 0 ? s : -1;
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
        place(c, launchTimes.empty() ? kernel.start_ns : launchTimes[k]);
        ranksWithKernels.insert(c.rank);
        out.push_back(std::move(c));
    }
    for (Index o = 0; o < p.operators.size() && step == RankStep::Recorded; ++o) {
        const Operator &op = p.operators[o];
        const std::string_view name = p.text(op.name);
        if (!isCollectiveOpName(name))
            continue;
        const int rank = rankOfThread(p, op.thread);
        if (ranksWithKernels.contains(rank))
            continue; // the GPU kernels are the collective's timing
        Collective c;
        c.rank = rank;
        c.op = o;
        c.start_ns = op.start_ns;
        c.end_ns = op.end_ns;
        fill(c, name, p.countersOfOperator(o));
        place(c, op.start_ns);
        out.push_back(std::move(c));
    }
    std::stable_sort(out.begin(), out.end(), [](const Collective &a, const Collective &b) {
        return a.rank != b.rank ? a.rank < b.rank : a.start_ns < b.start_ns;
    });
    leaveOutIncompleteSteps(out);
    assignKeys(out);
    const std::string *worldSize = p.metadataValue(kWorldSizeKey);
    for (Collective &c : out) {
        const int n = c.groupSize > 0 ? c.groupSize : worldSize ? std::atoi(worldSize->c_str()) : 0;
        if (c.bytes > 0 && c.end_ns > c.start_ns) {
            c.algBandwidth = double(c.bytes) / (double(c.end_ns - c.start_ns) * 1e-9);
            c.busBandwidth = c.algBandwidth * busBandwidthFactor(c.kind, n);
        }
    }
    attachModules(p, out);
    return out;
}

} // namespace rankdetail

} // namespace opscope
