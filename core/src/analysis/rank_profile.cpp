// One rank of a multi-rank profile as a profile of its own (ranks.h: profileOfRank), so that any two
// ranks go through the diff engine as two captures do. The inverse of the rank merge
// (import/capture/rank_merge.cpp): every table keeps the rows of the rank's threads and devices, in
// order, and its references are renumbered into the kept rows.
#include "opscope/ranks.h"

#include "opscope/file_util.h"
#include "opscope/gpu_annotation.h"
#include "opscope/metadata_keys.h"

#include <algorithm>
#include <stdexcept>

namespace opscope {

namespace {

// The merged ranks' files, one a line of the rank_files metadata, in rank order.
std::vector<std::string> rankFiles(const Profile &p)
{
    std::vector<std::string> files;
    if (const std::string *text = p.metadataValue(kRankFilesKey))
        for (size_t at = 0; at <= text->size();) {
            const size_t end = std::min(text->find('\n', at), text->size());
            if (end > at)
                files.push_back(text->substr(at, end - at));
            at = end + 1;
        }
    return files;
}

// Old index -> new index over a table, kNoIndex for a row left out.
class Renumbering {
public:
    template <typename Row, typename Keep> Renumbering(const std::vector<Row> &rows, Keep keep)
    {
        newIndex_.resize(rows.size(), kNoIndex);
        for (size_t i = 0; i < rows.size(); ++i)
            if (keep(rows[i]))
                newIndex_[i] = Index(kept_++);
    }
    // The old index of each kept row, in order.
    std::vector<Index> keptRows() const
    {
        std::vector<Index> out;
        out.reserve(kept_);
        for (size_t i = 0; i < newIndex_.size(); ++i)
            if (newIndex_[i] != kNoIndex)
                out.push_back(Index(i));
        return out;
    }
    bool kept(Index old) const { return old != kNoIndex && old < newIndex_.size() && newIndex_[old] != kNoIndex; }
    // kNoIndex stays kNoIndex, and so does a reference into a row left out (another rank's).
    Index operator()(Index old) const { return kept(old) ? newIndex_[old] : kNoIndex; }

    // The kept rows of `rows`, each passed through `renumber` (which fixes its references).
    template <typename Row, typename Fix> std::vector<Row> apply(const std::vector<Row> &rows, Fix renumber) const
    {
        std::vector<Row> out;
        out.reserve(kept_);
        for (size_t i = 0; i < rows.size(); ++i)
            if (newIndex_[i] != kNoIndex) {
                Row row = rows[i];
                renumber(row);
                out.push_back(std::move(row));
            }
        return out;
    }

private:
    std::vector<Index> newIndex_;
    size_t kept_ = 0;
};

} // namespace

Profile profileOfRank(const Profile &p, int rank, RankRows *rows)
{
    const std::vector<int> ranks = ranksOf(p);
    if (std::find(ranks.begin(), ranks.end(), rank) == ranks.end())
        throw std::runtime_error("the profile has no rank " + std::to_string(rank));

    Profile out;
    out.strings = p.strings; // ids stay valid; strings of the other ranks cost a little memory, nothing else
    out.metrics = p.metrics;
    out.source_format = p.source_format;
    out.source_path = p.source_path;
    out.metadata = p.metadata;
    out.metadata.erase(std::remove_if(out.metadata.begin(), out.metadata.end(),
                                      [](const auto &kv) {
                                          return kv.first == kRanksKey || kv.first == kRankFilesKey ||
                                                 kv.first == kRankClockResidualSkewKey ||
                                                 kv.first.starts_with(kRankClockOffsetPrefix) ||
                                                 kv.first.starts_with(kRankPrefix) ||
                                                 kv.first.starts_with(kRankHostPrefix);
                                      }),
                       out.metadata.end());
    out.setMetadata(kRankKey, std::to_string(rank));
    // The rank's own plain reference timing (a job's profile carries each rank's) is this profile's.
    const std::map<int, ReferenceTiming> timings = rankReferenceTimings(p);
    if (const auto timing = timings.find(rank); timing != timings.end())
        setReferenceTiming(out, timing->second);
    if (const std::string host = rankHost(p, rank); !host.empty())
        out.setMetadata(kHostKey, host);
    out.span_start_ns = p.span_start_ns;
    out.span_end_ns = p.span_end_ns;

    const auto deviceOnRank = [&](int32_t id) { return rankOfDevice(p, id) == rank; };
    for (const Device &d : p.devices)
        if (d.rank == rank)
            out.devices.push_back(d);

    const Renumbering threads(p.threads, [&](const Thread &t) { return t.rank == rank; });
    const auto threadKept = [&](Index t) { return threads.kept(t); };
    // A kernel belongs to its device's rank; one on a device no rank claims, to its launching thread's.
    const Renumbering kernels(p.kernels, [&](const Kernel &k) {
        const int r = rankOfDevice(p, k.device);
        return r >= 0 ? r == rank : threadKept(k.launch_thread);
    });
    const Renumbering operators(p.operators, [&](const Operator &o) { return threadKept(o.thread); });
    const Renumbering modules(p.modules, [&](const ModuleInstance &m) { return threadKept(m.thread); });
    // A range without a thread is a GPU annotation: of the rank of its lane's device.
    const Renumbering ranges(p.ranges, [&](const Range &r) {
        int32_t device = 0;
        uint32_t stream = 0;
        if (r.thread == kNoIndex && r.kind == RangeKind::GpuUserAnnotation &&
            gpuAnnotationLane(p.text(r.domain), device, stream))
            return deviceOnRank(device);
        return threadKept(r.thread);
    });
    const Renumbering apiCalls(p.api_calls, [&](const ApiCall &a) { return threadKept(a.thread); });
    const Renumbering samples(p.memory_samples, [&](const MemorySample &s) {
        return s.device >= 0 ? deviceOnRank(s.device) : threadKept(s.thread);
    });

    out.threads = threads.apply(p.threads, [](Thread &) {});
    out.kernels = kernels.apply(p.kernels, [&](Kernel &k) {
        k.launch_thread = threads(k.launch_thread), k.op = operators(k.op), k.module = modules(k.module);
        k.range = ranges(k.range);
    });
    out.operators = operators.apply(p.operators, [&](Operator &o) {
        o.thread = threads(o.thread), o.parent = operators(o.parent), o.module = modules(o.module);
        o.range = ranges(o.range);
    });
    out.modules = modules.apply(p.modules, [&](ModuleInstance &m) {
        m.parent = modules(m.parent), m.thread = threads(m.thread), m.range = ranges(m.range);
    });
    out.ranges = ranges.apply(p.ranges, [&](Range &r) { r.thread = threads(r.thread); });
    out.api_calls = apiCalls.apply(p.api_calls, [&](ApiCall &a) { a.thread = threads(a.thread); });
    out.memory_samples = samples.apply(p.memory_samples, [&](MemorySample &s) { s.thread = threads(s.thread); });
    for (const MemoryOp &m : p.memory_ops)
        if (deviceOnRank(m.device))
            out.memory_ops.push_back(m);
    for (GpuSync s : p.syncs)
        if (s.device >= 0 ? deviceOnRank(s.device) : threadKept(s.thread)) {
            s.thread = threads(s.thread);
            out.syncs.push_back(s);
        }
    for (MemoryBlock b : p.memory_blocks)
        if (b.device >= 0 ? deviceOnRank(b.device) : samples.kept(b.alloc_sample) || samples.kept(b.free_sample)) {
            b.alloc_sample = samples(b.alloc_sample), b.free_sample = samples(b.free_sample);
            b.alloc_op = operators(b.alloc_op), b.free_op = operators(b.free_op);
            b.alloc_module = modules(b.alloc_module), b.free_module = modules(b.free_module);
            out.memory_blocks.push_back(b);
        }
    for (const MemoryTensor &t : p.memory_tensors)
        if (t.device < 0 || deviceOnRank(t.device))
            out.memory_tensors.push_back(t);
    for (const OperatorLink &l : p.operator_links)
        if (operators.kept(l.from) && operators.kept(l.to))
            out.operator_links.push_back({operators(l.from), operators(l.to), l.kind});
    const auto counters = [](const std::vector<MetricValue> &from, const Renumbering &owners) {
        std::vector<MetricValue> to;
        for (MetricValue v : from)
            if (owners.kept(v.owner)) {
                v.owner = owners(v.owner);
                to.push_back(v);
            }
        return to;
    };
    out.kernel_counters = counters(p.kernel_counters, kernels);
    out.operator_counters = counters(p.operator_counters, operators);
    for (const FusedName &f : p.fused_with)
        if (operators.kept(f.op))
            out.fused_with.push_back({operators(f.op), f.name});
    for (const KernelTwin &t : p.reference_twins)
        if (kernels.kept(t.reference) && kernels.kept(t.labelled))
            out.reference_twins.push_back({kernels(t.reference), kernels(t.labelled)});
    for (const GraphNodeLaunch &g : p.graph_node_launches)
        if (kernels.kept(g.kernel) && apiCalls.kept(g.capture_call))
            out.graph_node_launches.push_back({kernels(g.kernel), apiCalls(g.capture_call)});
    // The merge gives each rank's file (rank_files, in rank order) and prefixes that rank's own warnings
    // with the file's name: this rank keeps its own and the job's, not the other ranks'.
    const std::vector<std::string> files = rankFiles(p);
    std::string mine;
    for (size_t i = 0; i < files.size() && i < ranks.size(); ++i)
        if (ranks[i] == rank)
            mine = files[i];
    if (!mine.empty())
        out.source_path = mine;
    const auto ofAnotherRank = [&](const std::string &w) {
        return std::any_of(files.begin(), files.end(), [&](const std::string &f) {
            return f != mine && (w.starts_with(f + ":") || w.starts_with(fileName(f) + ":"));
        });
    };
    for (const std::string &w : p.warnings)
        if (!ofAnotherRank(w))
            out.warnings.push_back(w);
    out.finalize(); // kernels stay in start order: a subsequence of `p`'s
    if (rows) {
        rows->kernels = kernels.keptRows();
        rows->operators = operators.keptRows();
    }
    return out;
}

} // namespace opscope
