// The passes of the Kineto import that need the whole trace: operator nesting, the legacy export's
// labels, forward/backward links, launching threads, thread names and the time base.
#include "import/kineto/kineto_builder.h"

#include "opscope/concurrency/cores.h"
#include "opscope/concurrency/parallel.h"
#include "opscope/errors.h"

#include <algorithm>
#include <bit>
#include <numeric>
#include <unordered_set>

namespace opscope::kineto {

namespace {

// Visits intervals nested per lane in (start, longer first) order: visit(item, parent, depth). Kineto
// writes each thread's cpu ops in that order already, which saves the sort. An item that ends up to
// `slack` ns after the top of the stack still nests in it (times rounded by the writer).
template <class StartOf, class EndOf, class LaneOf, class Visit>
void nestIntervals(size_t count, size_t laneCount, StartOf startOf, EndOf endOf, LaneOf laneOf, Visit visit,
                   int64_t slack = 0)
{
    std::vector<std::pair<int64_t, int64_t>> last(laneCount, {INT64_MIN, INT64_MAX});
    bool sorted = true;
    for (size_t i = 0; i < count && sorted; ++i) {
        auto &l = last[laneOf(i)];
        const int64_t s = startOf(i), e = endOf(i);
        sorted = s > l.first || (s == l.first && e <= l.second);
        l = {s, e};
    }
    std::vector<Index> order;
    if (!sorted) {
        order.resize(count);
        std::iota(order.begin(), order.end(), Index(0));
        std::stable_sort(order.begin(), order.end(), [&](Index a, Index b) {
            const size_t la = laneOf(a), lb = laneOf(b);
            if (la != lb)
                return la < lb;
            if (startOf(a) != startOf(b))
                return startOf(a) < startOf(b);
            return endOf(a) > endOf(b);
        });
    }
    std::vector<std::vector<Index>> stacks(laneCount);
    for (size_t n = 0; n < count; ++n) {
        const Index i = sorted ? Index(n) : order[n];
        auto &stack = stacks[laneOf(i)];
        // The top encloses i when i ends within it and starts before its end (a zero-length item at a
        // parent's end, or two zero-length items at one instant, are siblings).
        while (!stack.empty() && !(endOf(i) <= endOf(stack.back()) + slack && startOf(i) < endOf(stack.back())))
            stack.pop_back();
        visit(i, stack.empty() ? kNoIndex : stack.back(), stack.size());
        stack.push_back(i);
    }
}

// autograd nodes ("SumBackward0", "CudnnConvolutionBackward") are operators, not labels.
bool isAutogradNode(std::string_view name)
{
    const size_t at = name.rfind("Backward");
    if (at == std::string_view::npos || at == 0)
        return false;
    return std::all_of(name.begin() + long(at + 8), name.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// (thread, time) -> the first operator of that thread starting then, in one open-addressed array: a
// node-based map spent ~10% of a 1 GB trace's import in cache misses here (one per probe at best).
class EndpointTable {
public:
    explicit EndpointTable(size_t keys) : slots_(std::bit_ceil(std::max<size_t>(16, keys * 2))) {}

    void insert(Index thread, int64_t ts)
    {
        Slot &s = probe(thread, ts);
        if (s.thread == kNoIndex)
            s = {ts, thread, kNoIndex};
    }
    // The key's operator slot (kNoIndex while unset), or nullptr for a key never inserted.
    Index *find(Index thread, int64_t ts)
    {
        Slot &s = probe(thread, ts);
        return s.thread == kNoIndex ? nullptr : &s.op;
    }

private:
    struct Slot {
        int64_t ts = 0;
        Index thread = kNoIndex; // kNoIndex: a free slot (flows on unknown threads are never inserted)
        Index op = kNoIndex;
    };
    // The key's slot or the free slot where it would go (linear probing; at most half full).
    Slot &probe(Index thread, int64_t ts)
    {
        // Unsigned arithmetic: ts values from the file can be anything, and signed overflow is undefined.
        const uint64_t h = (uint64_t(ts) ^ (uint64_t(thread) << 40)) * 0x9E3779B97F4A7C15ull;
        const size_t mask = slots_.size() - 1;
        for (size_t i = size_t(h >> 32) & mask;; i = (i + 1) & mask) {
            Slot &s = slots_[i];
            if (s.thread == kNoIndex || (s.ts == ts && s.thread == thread))
                return s;
        }
    }
    std::vector<Slot> slots_;
};

} // namespace

void Builder::finish(int64_t baseTimeNs, const Progress &progress)
{
    progress.report(0.0, "Linking torch.profiler events");
    if (!untypedOps_.empty())
        classifyUntypedOps();
    // The fwdbwd flows are joined on a thread of their own while operators and ranges nest and kernels
    // find their launching threads: it reads only the operators' start and thread, which those passes
    // leave alone, and writes only the operator links. With fewer flows than this (a short trace, an
    // inference trace with none) the calling thread does it first: the join takes under half a
    // millisecond then (measured on the fixtures: 540 flows and 2,610 operators 45 µs, 15,320 flows and
    // 72,340 operators 1.5 ms; a thread's start and join about 30 µs), not worth a second thread in an
    // import that small; nor on one usable core.
    constexpr size_t kFlowsForAThread = 4096;
    const auto nestAndLink = [&] {
        nestOperators(progress);
        progress.checkCancel();
        nestRanges();
        linkLaunchThreads();
    };
    if (flows_.size() < kFlowsForAThread || concurrency::usableCores() < 2) {
        resolveFlows();
        nestAndLink();
    } else { // the first exception of either comes back here, once both have ended
        onThreads(2, [&](size_t t) { t == 0 ? nestAndLink() : resolveFlows(); });
    }
    progress.checkCancel();
    nameThreads();
    shiftTimes(baseTimeNs);
    addWarnings();
    p_.finalize();
    progress.report(1.0, "Linking torch.profiler events");
}

// The legacy autograd export has no categories: record_function labels are events of their own name.
// An event whose name has no "::" and that encloses aten ops is such a label (cpu-torch.md).
void Builder::classifyUntypedOps()
{
    auto &ops = p_.operators;
    const size_t lanes = p_.threads.size() + 1;
    auto laneOf = [&](size_t i) { return ops[i].thread == kNoIndex ? lanes - 1 : size_t(ops[i].thread); };
    std::vector<Index> parent(ops.size(), kNoIndex);
    // This export rounds ts and dur to whole microseconds each, so a child can end up to 1 us after its
    // parent (addmm ending at 462 in a linear ending at 461): it nests anyway and ends with its parent,
    // a change within the file's precision.
    constexpr int64_t kRoundingNs = 1000;
    nestIntervals(
        ops.size(), lanes, [&](size_t i) { return ops[i].start_ns; }, [&](size_t i) { return ops[i].end_ns; }, laneOf,
        [&](Index i, Index up, size_t) {
            parent[i] = up;
            if (up != kNoIndex && ops[i].end_ns > ops[up].end_ns)
                ops[i].end_ns = ops[up].end_ns;
        },
        kRoundingNs);
    std::vector<uint8_t> enclosesAten(ops.size(), 0);
    for (size_t i = 0; i < ops.size(); ++i) {
        if (!p_.text(ops[i].name).starts_with("aten::"))
            continue;
        for (Index up = parent[i]; up != kNoIndex && !enclosesAten[up]; up = parent[up])
            enclosesAten[up] = 1;
    }
    std::vector<uint8_t> isLabel(ops.size(), 0);
    size_t labels = 0;
    for (Index i : untypedOps_) {
        const std::string_view name = p_.text(ops[i].name);
        if (enclosesAten[i] && name.find("::") == std::string_view::npos && !isAutogradNode(name)) {
            isLabel[i] = 1;
            ++labels;
        }
    }
    if (labels == 0)
        return;
    std::vector<Operator> kept;
    kept.reserve(ops.size() - labels);
    for (size_t i = 0; i < ops.size(); ++i) {
        if (!isLabel[i]) {
            kept.push_back(ops[i]);
            continue;
        }
        Range r;
        r.start_ns = ops[i].start_ns;
        r.end_ns = ops[i].end_ns;
        r.text = ops[i].name;
        r.thread = ops[i].thread;
        r.kind = RangeKind::UserAnnotation;
        p_.ranges.push_back(r);
    }
    ops = std::move(kept);
}

void Builder::nestOperators(const Progress &progress)
{
    auto &ops = p_.operators;
    const size_t lanes = p_.threads.size() + 1;
    auto laneOf = [&](size_t i) { return ops[i].thread == kNoIndex ? lanes - 1 : size_t(ops[i].thread); };
    const StringId none = kNoString;
    StringId lastName = none;
    bool lastIsBackward = false;
    size_t visited = 0;
    nestIntervals(
        ops.size(), lanes, [&](size_t i) { return ops[i].start_ns; }, [&](size_t i) { return ops[i].end_ns; }, laneOf,
        [&](Index i, Index up, size_t depth) {
            Operator &op = ops[i];
            op.parent = up;
            op.depth = uint16_t(std::min<size_t>(depth, UINT16_MAX));
            // Backward ops run under autograd's evaluate_function; their children inherit the mark.
            if (op.name != lastName) {
                lastName = op.name;
                lastIsBackward = p_.text(op.name).starts_with("autograd::engine::evaluate_function");
            }
            if (lastIsBackward || (up != kNoIndex && (ops[up].flags & kOperatorBackward)))
                op.flags |= kOperatorBackward;
            if ((++visited & 0xFFFFF) == 0)
                progress.checkCancel();
        });
}

void Builder::nestRanges()
{
    auto &ranges = p_.ranges;
    if (ranges.empty())
        return;
    // Lanes: (thread, kind) for host ranges, the stream for GPU annotations.
    constexpr size_t kKinds = 8;
    std::unordered_map<StringId, size_t> gpuLanes;
    std::vector<uint32_t> lane(ranges.size());
    const size_t hostLanes = (p_.threads.size() + 1) * kKinds;
    for (size_t i = 0; i < ranges.size(); ++i) {
        const Range &r = ranges[i];
        if (r.kind == RangeKind::GpuUserAnnotation) {
            const auto it = gpuLanes.emplace(r.domain, gpuLanes.size()).first;
            lane[i] = uint32_t(hostLanes + it->second);
        } else {
            const size_t thread = r.thread == kNoIndex ? p_.threads.size() : r.thread;
            lane[i] = uint32_t(thread * kKinds + size_t(r.kind));
        }
    }
    nestIntervals(
        ranges.size(), hostLanes + gpuLanes.size(), [&](size_t i) { return ranges[i].start_ns; },
        [&](size_t i) { return ranges[i].end_ns; }, [&](size_t i) { return size_t(lane[i]); },
        [&](Index i, Index, size_t depth) { ranges[i].depth = uint16_t(std::min<size_t>(depth, UINT16_MAX)); });
}

// "fwdbwd" flows join a forward op ("s") to the backward op autograd ran for it ("f"). Each end sits on
// the op of that thread that starts at the flow's time; the first such op in file order (the outermost)
// is the one.
void Builder::resolveFlows()
{
    if (flows_.empty())
        return;
    EndpointTable endpoints(flows_.size());
    std::vector<Index> flowThread(flows_.size());
    for (size_t i = 0; i < flows_.size(); ++i) {
        flowThread[i] = findThread(flows_[i].pid, flows_[i].tid);
        if (flowThread[i] != kNoIndex)
            endpoints.insert(flowThread[i], flows_[i].ts);
    }
    // Most ops are no flow end: a bit per hash of the start time rules them out before the table.
    const size_t filterBits = std::bit_ceil(std::max<size_t>(64, flows_.size() * 16));
    std::vector<uint64_t> filter(filterBits / 64, 0);
    auto bitOf = [&](int64_t ts) { return size_t((uint64_t(ts) * 0x9E3779B97F4A7C15ull) >> 20) & (filterBits - 1); };
    for (const Flow &f : flows_)
        filter[bitOf(f.ts) / 64] |= uint64_t(1) << (bitOf(f.ts) % 64);
    const auto &ops = p_.operators;
    for (Index i = 0; i < ops.size(); ++i) {
        const size_t bit = bitOf(ops[i].start_ns);
        if (!((filter[bit / 64] >> (bit % 64)) & 1))
            continue;
        Index *op = endpoints.find(ops[i].thread, ops[i].start_ns);
        if (op && *op == kNoIndex)
            *op = i;
    }
    // The flows by id (in file order within an id: a later end of the same kind wins), each id's ends.
    std::vector<std::pair<uint64_t, uint32_t>> byId(flows_.size());
    for (size_t i = 0; i < flows_.size(); ++i)
        byId[i] = {flows_[i].id, uint32_t(i)};
    std::sort(byId.begin(), byId.end());
    for (size_t at = 0; at < byId.size();) {
        Index from = kNoIndex, to = kNoIndex;
        const uint64_t id = byId[at].first;
        for (; at < byId.size() && byId[at].first == id; ++at) {
            const size_t i = byId[at].second;
            const Index *op = flowThread[i] == kNoIndex ? nullptr : endpoints.find(flowThread[i], flows_[i].ts);
            (flows_[i].start ? from : to) = op ? *op : kNoIndex;
        }
        if (from != kNoIndex && to != kNoIndex)
            p_.operator_links.push_back({from, to, OperatorLinkKind::ForwardBackward});
        else
            ++unresolvedFlows_;
    }
    flows_.clear();
    flows_.shrink_to_fit();
}

// A kernel's (or a sync's) correlation id is the one of the runtime call that launched it, on the host
// thread that made that call.
void Builder::linkLaunchThreads()
{
    const auto &calls = p_.api_calls;
    if (calls.empty() || (p_.kernels.empty() && p_.syncs.empty()))
        return;
    uint32_t maxId = 0;
    for (const ApiCall &a : calls)
        maxId = std::max(maxId, a.correlation_id);
    auto link = [&](auto threadOfCorrelation) {
        for (Kernel &k : p_.kernels)
            if (k.correlation_id != 0)
                k.launch_thread = threadOfCorrelation(k.correlation_id);
        for (GpuSync &s : p_.syncs)
            if (s.correlation_id != 0)
                s.thread = threadOfCorrelation(s.correlation_id);
    };
    if (uint64_t(maxId) <= 4 * uint64_t(calls.size()) + (1u << 20)) {
        std::vector<Index> thread(size_t(maxId) + 1, kNoIndex);
        for (const ApiCall &a : calls)
            if (a.correlation_id != 0)
                thread[a.correlation_id] = a.thread;
        link([&](uint32_t id) { return id < thread.size() ? thread[id] : kNoIndex; });
    } else {
        std::unordered_map<uint32_t, Index> thread;
        thread.reserve(calls.size());
        for (const ApiCall &a : calls)
            if (a.correlation_id != 0)
                thread[a.correlation_id] = a.thread;
        link([&](uint32_t id) {
            const auto it = thread.find(id);
            return it == thread.end() ? kNoIndex : it->second;
        });
    }
}

void Builder::nameThreads()
{
    for (const auto &[key, name] : threadNames_) {
        const Index t = findThread(key.first, key.second);
        if (t != kNoIndex) // names of GPU streams have no thread to go to
            p_.threads[t].name = p_.intern(name);
    }
}

void Builder::shiftTimes(int64_t base)
{
    if (spanStart_ <= spanEnd_) {
        p_.span_start_ns = spanStart_;
        p_.span_end_ns = spanEnd_;
    }
    if (base == 0)
        return;
    bool overflow = false;
    auto shift = [&](int64_t &t) { overflow |= __builtin_add_overflow(t, base, &t); };
    auto shiftSpans = [&](auto &table) {
        for (auto &x : table) {
            shift(x.start_ns);
            shift(x.end_ns);
        }
    };
    shiftSpans(p_.operators);
    shiftSpans(p_.kernels);
    shiftSpans(p_.ranges);
    shiftSpans(p_.memory_ops);
    shiftSpans(p_.api_calls);
    shiftSpans(p_.syncs);
    for (auto &x : p_.memory_samples)
        shift(x.time_ns);
    if (spanStart_ <= spanEnd_) {
        shift(p_.span_start_ns);
        shift(p_.span_end_ns);
    }
    if (overflow)
        throw FileError(p_.source_path, "times plus baseTimeNanoseconds do not fit in 64-bit nanoseconds");
}

void Builder::addWarnings()
{
    if (!skipped_.empty()) {
        uint64_t total = 0;
        std::string list;
        for (const auto &[what, count] : skipped_) {
            total += count;
            list += (list.empty() ? "" : ", ") + (what.empty() ? std::string("(empty)") : what) + " (" +
                    std::to_string(count) + ")";
        }
        p_.warnings.push_back("skipped " + std::to_string(total) + " events of kinds not imported: " + list);
    }
    if (badTimes_ > 0)
        p_.warnings.push_back("skipped " + std::to_string(badTimes_) +
                              " events whose ts or dur is not a number of microseconds (the first at byte " +
                              std::to_string(firstBadTime_) + ")");
    if (unresolvedFlows_ > 0)
        p_.warnings.push_back(std::to_string(unresolvedFlows_) +
                              " forward/backward flows have an end on no operator; they were not linked");
}

} // namespace opscope::kineto
