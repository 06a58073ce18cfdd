#include "opscope/memory.h"

#include "opscope/module_tree.h"
#include "opscope/phases.h"

#include <algorithm>
#include <array>
#include <map>
#include <numeric>
#include <tuple>

namespace opscope {

namespace {

// Sample indices in time order (stable: the trace's order breaks ties).
std::vector<Index> samplesInTimeOrder(const Profile &p)
{
    std::vector<Index> order(p.memory_samples.size());
    std::iota(order.begin(), order.end(), Index(0));
    std::stable_sort(order.begin(), order.end(),
                     [&](Index a, Index b) { return p.memory_samples[a].time_ns < p.memory_samples[b].time_ns; });
    return order;
}

// Per sample: the innermost operator open on its thread at its time (start <= t <= end), found by one
// sweep per thread over its operators in (start, longest first) order.
std::vector<Index> operatorOfSamples(const Profile &p, const std::vector<Index> &timeOrder)
{
    std::vector<Index> result(p.memory_samples.size(), kNoIndex);
    if (p.memory_samples.empty())
        return result; // nsys and ncu profiles: no need to sort a million operators for nothing
    std::map<Index, std::vector<Index>> opsByThread;
    for (Index o = 0; o < p.operators.size(); ++o)
        opsByThread[p.operators[o].thread].push_back(o);
    for (auto &[thread, ops] : opsByThread)
        std::stable_sort(ops.begin(), ops.end(), [&](Index a, Index b) {
            const Operator &x = p.operators[a], &y = p.operators[b];
            return x.start_ns != y.start_ns ? x.start_ns < y.start_ns : x.end_ns > y.end_ns;
        });
    std::map<Index, std::pair<size_t, std::vector<Index>>> sweep; // thread -> (next op, open stack)
    for (Index s : timeOrder) {
        const MemorySample &sample = p.memory_samples[s];
        const auto ops = opsByThread.find(sample.thread);
        if (ops == opsByThread.end())
            continue;
        auto &[next, stack] = sweep[sample.thread];
        const int64_t t = sample.time_ns;
        while (next < ops->second.size() && p.operators[ops->second[next]].start_ns <= t) {
            const Index o = ops->second[next++];
            while (!stack.empty() && p.operators[stack.back()].end_ns < p.operators[o].start_ns)
                stack.pop_back();
            stack.push_back(o);
        }
        while (!stack.empty() && p.operators[stack.back()].end_ns < t)
            stack.pop_back();
        if (!stack.empty())
            result[s] = stack.back();
    }
    return result;
}

// The module for an event with no operator: the innermost module call on its thread enclosing it, else
// a phase enclosing it.
Index moduleAt(const Profile &p, Index thread, int64_t t)
{
    Index best = kNoIndex, phase = kNoIndex;
    for (Index m = 0; m < p.modules.size(); ++m) {
        const ModuleInstance &mi = p.modules[m];
        if (mi.start_ns > t || t > mi.end_ns)
            continue;
        if (isPhase(mi)) {
            if (phase == kNoIndex)
                phase = m;
        } else if (mi.thread == thread && (best == kNoIndex || mi.start_ns >= p.modules[best].start_ns)) {
            best = m;
        }
    }
    return best != kNoIndex ? best : phase;
}

std::string_view phaseName(const Profile &p, Index module)
{
    return module < p.modules.size() && isPhase(p.modules[module]) ? p.text(p.modules[module].path)
                                                                   : std::string_view();
}

} // namespace

std::string_view toString(MemoryKind kind)
{
    switch (kind) {
    case MemoryKind::Activation:
        return "activations";
    case MemoryKind::Gradient:
        return "gradients";
    case MemoryKind::OptimizerState:
        return "optimizer_state";
    case MemoryKind::Temporary:
        return "temporaries";
    case MemoryKind::BeforeTrace:
        return "before_trace";
    case MemoryKind::Parameter:
        return "parameters";
    }
    return "temporaries";
}

void attributeMemory(Profile &p)
{
    p.memory_blocks.clear();
    const std::vector<Index> order = samplesInTimeOrder(p);
    const std::vector<Index> ops = operatorOfSamples(p, order);
    auto ends = [&](Index s) -> std::pair<Index, Index> {
        const Index op = ops[s];
        Index module = op != kNoIndex ? p.operators[op].module : kNoIndex;
        if (module == kNoIndex)
            module = moduleAt(p, p.memory_samples[s].thread, p.memory_samples[s].time_ns);
        return {op, module};
    };
    std::map<std::pair<int32_t, uint64_t>, Index> open; // (device, address) -> memory_blocks
    for (Index s : order) {
        const MemorySample &sample = p.memory_samples[s];
        if (sample.bytes == 0 || sample.kind != MemorySampleKind::Block) // segments are no blocks
            continue;
        const auto [op, module] = ends(s);
        const auto key = std::make_pair(sample.device, sample.address);
        if (sample.bytes > 0) {
            MemoryBlock b;
            b.address = sample.address;
            b.bytes = sample.bytes;
            b.device = sample.device;
            b.alloc_sample = s;
            b.alloc_op = op;
            b.alloc_module = module;
            if (sample.address != 0)
                open[key] = Index(p.memory_blocks.size());
            p.memory_blocks.push_back(b);
            continue;
        }
        const auto it = sample.address != 0 ? open.find(key) : open.end();
        if (it != open.end()) {
            MemoryBlock &b = p.memory_blocks[it->second];
            b.free_sample = s;
            b.free_op = op;
            b.free_module = module;
            open.erase(it);
            continue;
        }
        // Freed here, allocated before the trace began.
        MemoryBlock b;
        b.address = sample.address;
        b.bytes = -sample.bytes;
        b.device = sample.device;
        b.free_sample = s;
        b.free_op = op;
        b.free_module = module;
        p.memory_blocks.push_back(b);
    }
}

StepPart stepPartOf(const Profile &p, Index op, Index module)
{
    if (op != kNoIndex && (p.operators[op].flags & kOperatorBackward))
        return StepPart::Backward;
    const std::string_view phase = phaseName(p, module);
    if (phase == kPhaseOptimizer)
        return StepPart::Optimizer;
    if (phase == kPhaseBackward)
        return StepPart::Backward;
    return StepPart::Forward;
}

MemoryKind classifyBlock(const Profile &p, const MemoryBlock &b)
{
    if (b.alloc_sample == kNoIndex)
        return MemoryKind::BeforeTrace;
    const StepPart allocated = stepPartOf(p, b.alloc_op, b.alloc_module);
    const bool freed = b.free_sample != kNoIndex;
    const StepPart freedIn = freed ? stepPartOf(p, b.free_op, b.free_module) : StepPart::Forward;
    switch (allocated) {
    case StepPart::Forward:
        return freed && freedIn == StepPart::Backward ? MemoryKind::Activation : MemoryKind::Temporary;
    case StepPart::Backward:
        return freed && freedIn == StepPart::Backward ? MemoryKind::Temporary : MemoryKind::Gradient;
    case StepPart::Optimizer:
        return freed && freedIn == StepPart::Optimizer ? MemoryKind::Temporary : MemoryKind::OptimizerState;
    }
    return MemoryKind::Temporary;
}

MemoryKind kindOf(MemoryTensorKind kind)
{
    switch (kind) {
    case MemoryTensorKind::Gradient:
        return MemoryKind::Gradient;
    case MemoryTensorKind::OptimizerState:
        return MemoryKind::OptimizerState;
    case MemoryTensorKind::Parameter:
    case MemoryTensorKind::Buffer:
        return MemoryKind::Parameter;
    }
    return MemoryKind::Parameter;
}

namespace {

// The inventory's tensors: each is held by the last block of the trace on its device whose bytes start at or before its
// storage and reach past it (the inventory is taken at the end of the step; an address reused later by something else
// is the rare miss). Those blocks take the tensor's kind; tensors no block holds were allocated before the trace.
// Whether each tensor is held.
std::vector<bool> matchTensorsToBlocks(const Profile &p, MemoryReport &report)
{
    report.block_tensors.assign(p.memory_blocks.size(), kNoIndex);
    std::vector<bool> tensorHeld(p.memory_tensors.size(), false);
    std::map<std::pair<int32_t, uint64_t>, Index> lastBlockAt; // (device, address) -> last block there
    for (Index b = 0; b < p.memory_blocks.size(); ++b)
        lastBlockAt[{p.memory_blocks[b].device, p.memory_blocks[b].address}] = b;
    for (Index t = 0; t < p.memory_tensors.size(); ++t) {
        const MemoryTensor &tensor = p.memory_tensors[t];
        auto it = lastBlockAt.upper_bound({tensor.device, tensor.address});
        if (it == lastBlockAt.begin())
            continue;
        --it;
        const MemoryBlock &block = p.memory_blocks[it->second];
        if (it->first.first != tensor.device || tensor.address >= block.address + uint64_t(block.bytes))
            continue;
        tensorHeld[t] = true;
        if (report.block_tensors[it->second] == kNoIndex) {
            report.block_tensors[it->second] = t;
            report.block_kinds[it->second] = kindOf(tensor.kind);
        }
    }
    return tensorHeld;
}

// Each device's curve of totals and its counts of allocations and frees, GPUs by number first, host memory (-1) last.
std::map<int32_t, DeviceMemory> deviceCurves(const Profile &p, const std::vector<Index> &order)
{
    std::map<int32_t, DeviceMemory> devices;
    for (Index s : order) {
        const MemorySample &sample = p.memory_samples[s];
        DeviceMemory &d = devices[sample.device];
        d.device = sample.device;
        const bool block = sample.kind == MemorySampleKind::Block;
        if (d.curve.empty())
            d.baseline_bytes = sample.total_allocated - (block ? sample.bytes : 0);
        d.curve.push_back({sample.time_ns, sample.total_allocated, sample.total_reserved});
        if (block)
            (sample.bytes > 0 ? d.allocations : d.frees) += 1;
        else
            (sample.bytes > 0 ? d.segment_allocations : d.segment_frees) += 1;
    }
    return devices;
}

// Sets the device's peak (the first sample that reaches the highest total) and returns its rank among all samples in
// time order.
size_t findPeak(const Profile &p, const std::vector<Index> &order, DeviceMemory &d)
{
    size_t peakPoint = 0;
    for (size_t i = 0; i < d.curve.size(); ++i) {
        if (d.curve[i].allocated > d.curve[peakPoint].allocated)
            peakPoint = i;
        d.peak_reserved = std::max(d.peak_reserved, d.curve[i].reserved);
    }
    d.peak_allocated = d.curve[peakPoint].allocated;
    d.peak_time_ns = d.curve[peakPoint].time_ns;
    // The peak's rank among all samples: the peakPoint-th sample of this device.
    for (size_t seen = 0, i = 0; i < order.size(); ++i)
        if (p.memory_samples[order[i]].device == d.device && seen++ == peakPoint)
            return i;
    return 0;
}

// One device's memory at its peak, by module (and phase), by kind, and its activations by module.
class PeakBreakdown {
public:
    PeakBreakdown(const Profile &p, const std::map<std::string, std::string, std::less<>> &classOfPath)
        : p_(p), classOfPath_(classOfPath)
    {
    }

    // The blocks alive at the peak (and every activation of the device), into the tables and d.alive_at_peak; their
    // bytes.
    int64_t addBlocks(const MemoryReport &report, const std::vector<size_t> &rank, size_t peakRank, DeviceMemory &d)
    {
        int64_t known = 0;
        for (Index b = 0; b < p_.memory_blocks.size(); ++b) {
            const MemoryBlock &block = p_.memory_blocks[b];
            if (block.device != d.device)
                continue;
            const MemoryKind kind = report.block_kinds[b];
            if (kind == MemoryKind::Activation) {
                MemoryShare &a = shareOf(activations_, block.alloc_module);
                a.kind = kind;
                a.bytes += block.bytes;
                ++a.blocks;
            }
            // Pre-trace blocks count only where the allocator's totals include what came before the trace.
            const bool allocatedBefore =
                block.alloc_sample == kNoIndex ? d.baseline_bytes > 0 : rank[block.alloc_sample] <= peakRank;
            const bool freedAfter = block.free_sample == kNoIndex || rank[block.free_sample] > peakRank;
            if (!allocatedBefore || !freedAfter)
                continue;
            d.alive_at_peak.push_back(b);
            known += block.bytes;
            // A block holding a parameter, its gradient or its optimizer state counts for the parameter's module,
            // wherever it was allocated (a gradient in the backward, a state in the optimizer).
            const Index tensor = report.block_tensors[b];
            MemoryShare &m =
                tensor != kNoIndex
                    ? shareOfPath(modules_, std::string(p_.text(p_.memory_tensors[tensor].module)))
                    : shareOf(modules_, block.alloc_sample == kNoIndex ? block.free_module : block.alloc_module);
            add(m, block.bytes);
            add(kind, block.bytes);
        }
        return known;
    }

    // Where the totals count what came before the trace, the inventory's tensors no block of the trace holds
    // (parameters, optimizer state made in a warm-up step) are part of the unseen bytes: they take their share of it,
    // by module and kind, up to what is unseen; the rest stays before_trace.
    void addUnheldTensors(const std::vector<bool> &tensorHeld, DeviceMemory &d)
    {
        if (d.baseline_bytes <= 0)
            return;
        for (Index t = 0; t < p_.memory_tensors.size() && d.unseen_at_peak > 0; ++t) {
            const MemoryTensor &tensor = p_.memory_tensors[t];
            if (tensorHeld[t] || tensor.device != d.device || tensor.bytes <= 0)
                continue;
            const int64_t bytes = std::min(tensor.bytes, d.unseen_at_peak);
            d.unseen_at_peak -= bytes;
            add(shareOfPath(modules_, std::string(p_.text(tensor.module))), bytes);
            add(kindOf(tensor.kind), bytes);
        }
    }

    // What is still unseen at the peak: one "(before trace)" row.
    void addBeforeTrace(int64_t unseen)
    {
        if (unseen == 0)
            return;
        MemoryShare before;
        before.module = "(before trace)";
        before.phase = true;
        before.kind = MemoryKind::BeforeTrace;
        before.bytes = unseen;
        modules_[{true, before.module, ""}] = before;
        kinds_[size_t(MemoryKind::BeforeTrace)].kind = MemoryKind::BeforeTrace;
        kinds_[size_t(MemoryKind::BeforeTrace)].bytes += unseen;
    }

    // The tables into the device's lists, largest first.
    void writeTo(DeviceMemory &d) const
    {
        auto largestFirst = [](const MemoryShare &a, const MemoryShare &b) {
            return a.bytes != b.bytes ? a.bytes > b.bytes : a.module < b.module;
        };
        for (const auto &[key, share] : modules_)
            d.by_module.push_back(share);
        for (const auto &[key, share] : activations_)
            d.activations_by_module.push_back(share);
        for (const MemoryShare &k : kinds_)
            if (k.bytes != 0 || k.blocks != 0)
                d.by_kind.push_back(k);
        std::stable_sort(d.by_module.begin(), d.by_module.end(), largestFirst);
        std::stable_sort(d.activations_by_module.begin(), d.activations_by_module.end(), largestFirst);
        std::stable_sort(d.by_kind.begin(), d.by_kind.end(), largestFirst);
    }

private:
    // (a phase, module path, class) -> its share
    using Table = std::map<std::tuple<bool, std::string, std::string>, MemoryShare>;

    static void add(MemoryShare &share, int64_t bytes)
    {
        share.bytes += bytes;
        ++share.blocks;
    }
    void add(MemoryKind kind, int64_t bytes)
    {
        MemoryShare &k = kinds_[size_t(kind)];
        k.kind = kind;
        add(k, bytes);
    }
    // The share of a module named by its path (an inventory's tensor), its class from the module tree.
    MemoryShare &shareOfPath(Table &table, const std::string &path)
    {
        const auto cls = classOfPath_.find(path);
        const std::string className = cls != classOfPath_.end() ? cls->second : std::string();
        MemoryShare &share = table[{false, path, className}];
        share.module = path;
        share.className = className;
        share.phase = false;
        return share;
    }
    // The share of a module instance, or of a phase of the step outside modules.
    MemoryShare &shareOf(Table &table, Index module)
    {
        const bool inModule = module < p_.modules.size() && !isPhase(p_.modules[module]);
        const std::string path =
            module < p_.modules.size() ? std::string(p_.text(p_.modules[module].path)) : std::string(kPhaseOther);
        const std::string cls =
            module < p_.modules.size() ? std::string(p_.text(p_.modules[module].class_name)) : std::string();
        MemoryShare &share = table[{!inModule, path, cls}];
        share.module = path;
        share.className = cls;
        share.phase = !inModule;
        return share;
    }

    const Profile &p_;
    const std::map<std::string, std::string, std::less<>> &classOfPath_;
    Table modules_, activations_;
    std::array<MemoryShare, kMemoryKindCount> kinds_{};
};

} // namespace

MemoryReport analyzeMemory(const Profile &p)
{
    MemoryReport report;
    report.block_kinds.reserve(p.memory_blocks.size());
    for (const MemoryBlock &b : p.memory_blocks)
        report.block_kinds.push_back(classifyBlock(p, b));
    const std::vector<bool> tensorHeld = matchTensorsToBlocks(p, report);
    std::map<std::string, std::string, std::less<>> classOfPath; // module path -> its class
    for (const ModuleInstance &m : p.modules)
        if (!isPhase(m))
            classOfPath.emplace(std::string(p.text(m.path)), std::string(p.text(m.class_name)));

    const std::vector<Index> order = samplesInTimeOrder(p);
    std::vector<size_t> rank(p.memory_samples.size());
    for (size_t i = 0; i < order.size(); ++i)
        rank[order[i]] = i;
    std::map<int32_t, DeviceMemory> devices = deviceCurves(p, order);
    for (auto &[device, d] : devices) {
        const size_t peakRank = findPeak(p, order, d);
        PeakBreakdown peak(p, classOfPath);
        d.unseen_at_peak = d.peak_allocated - peak.addBlocks(report, rank, peakRank, d);
        peak.addUnheldTensors(tensorHeld, d);
        peak.addBeforeTrace(d.unseen_at_peak);
        peak.writeTo(d);
    }
    for (auto &[device, d] : devices)
        if (device >= 0)
            report.devices.push_back(std::move(d));
    if (const auto host = devices.find(-1); host != devices.end())
        report.devices.push_back(std::move(host->second));
    return report;
}

} // namespace opscope
