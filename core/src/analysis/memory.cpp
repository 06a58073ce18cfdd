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

MemoryReport analyzeMemory(const Profile &p)
{
    MemoryReport report;
    report.block_kinds.reserve(p.memory_blocks.size());
    for (const MemoryBlock &b : p.memory_blocks)
        report.block_kinds.push_back(classifyBlock(p, b));
    // The inventory's tensors: each is held by the last block of the trace on its device whose bytes
    // start at or before its storage and reach past it (the inventory is taken at the end of the step;
    // an address reused later by something else is the rare miss). Those blocks take the tensor's kind;
    // tensors no block holds were allocated before the trace.
    report.block_tensors.assign(p.memory_blocks.size(), kNoIndex);
    std::vector<bool> tensorHeld(p.memory_tensors.size(), false);
    {
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
    }
    std::map<std::string, std::string, std::less<>> classOfPath; // module path -> its class
    for (const ModuleInstance &m : p.modules)
        if (!isPhase(m))
            classOfPath.emplace(std::string(p.text(m.path)), std::string(p.text(m.class_name)));

    const std::vector<Index> order = samplesInTimeOrder(p);
    std::vector<size_t> rank(p.memory_samples.size());
    for (size_t i = 0; i < order.size(); ++i)
        rank[order[i]] = i;

    // GPUs by number first, host memory (-1) last.
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
    for (auto &[device, d] : devices) {
        // The first sample that reaches the highest total is the peak.
        size_t peakPoint = 0;
        for (size_t i = 0; i < d.curve.size(); ++i) {
            if (d.curve[i].allocated > d.curve[peakPoint].allocated)
                peakPoint = i;
            d.peak_reserved = std::max(d.peak_reserved, d.curve[i].reserved);
        }
        d.peak_allocated = d.curve[peakPoint].allocated;
        d.peak_time_ns = d.curve[peakPoint].time_ns;
        // The peak's rank among all samples: the peakPoint-th sample of this device.
        size_t peakRank = 0;
        for (size_t seen = 0, i = 0; i < order.size(); ++i)
            if (p.memory_samples[order[i]].device == device && seen++ == peakPoint) {
                peakRank = i;
                break;
            }

        std::map<std::tuple<bool, std::string, std::string>, MemoryShare> modules, activations;
        std::array<MemoryShare, kMemoryKindCount> kinds{};
        auto shareOfPath = [&](auto &table, const std::string &path) -> MemoryShare & {
            const auto cls = classOfPath.find(path);
            const std::string className = cls != classOfPath.end() ? cls->second : std::string();
            MemoryShare &share = table[{false, path, className}];
            share.module = path;
            share.className = className;
            share.phase = false;
            return share;
        };
        auto shareOf = [&](auto &table, Index module) -> MemoryShare & {
            const bool inModule = module < p.modules.size() && !isPhase(p.modules[module]);
            const std::string path =
                module < p.modules.size() ? std::string(p.text(p.modules[module].path)) : std::string(kPhaseOther);
            const std::string cls =
                module < p.modules.size() ? std::string(p.text(p.modules[module].class_name)) : std::string();
            MemoryShare &share = table[{!inModule, path, cls}];
            share.module = path;
            share.className = cls;
            share.phase = !inModule;
            return share;
        };
        int64_t known = 0;
        for (Index b = 0; b < p.memory_blocks.size(); ++b) {
            const MemoryBlock &block = p.memory_blocks[b];
            if (block.device != device)
                continue;
            const MemoryKind kind = report.block_kinds[b];
            if (kind == MemoryKind::Activation) {
                MemoryShare &a = shareOf(activations, block.alloc_module);
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
            // A block holding a parameter, its gradient or its optimizer state counts for the parameter's
            // module, wherever it was allocated (a gradient in the backward, a state in the optimizer).
            const Index tensor = report.block_tensors[b];
            MemoryShare &m =
                tensor != kNoIndex
                    ? shareOfPath(modules, std::string(p.text(p.memory_tensors[tensor].module)))
                    : shareOf(modules, block.alloc_sample == kNoIndex ? block.free_module : block.alloc_module);
            m.bytes += block.bytes;
            ++m.blocks;
            MemoryShare &k = kinds[size_t(kind)];
            k.kind = kind;
            k.bytes += block.bytes;
            ++k.blocks;
        }
        d.unseen_at_peak = d.peak_allocated - known;
        // Where the totals count what came before the trace, the inventory's tensors no block of the trace
        // holds (parameters, optimizer state made in a warm-up step) are part of the unseen bytes: they
        // take their share of it, by module and kind, up to what is unseen; the rest stays before_trace.
        if (d.baseline_bytes > 0)
            for (Index t = 0; t < p.memory_tensors.size() && d.unseen_at_peak > 0; ++t) {
                const MemoryTensor &tensor = p.memory_tensors[t];
                if (tensorHeld[t] || tensor.device != device || tensor.bytes <= 0)
                    continue;
                const int64_t bytes = std::min(tensor.bytes, d.unseen_at_peak);
                d.unseen_at_peak -= bytes;
                MemoryShare &m = shareOfPath(modules, std::string(p.text(tensor.module)));
                m.bytes += bytes;
                ++m.blocks;
                const MemoryKind kind = kindOf(tensor.kind);
                MemoryShare &k = kinds[size_t(kind)];
                k.kind = kind;
                k.bytes += bytes;
                ++k.blocks;
            }
        if (d.unseen_at_peak != 0) {
            MemoryShare before;
            before.module = "(before trace)";
            before.phase = true;
            before.kind = MemoryKind::BeforeTrace;
            before.bytes = d.unseen_at_peak;
            modules[{true, before.module, ""}] = before;
            kinds[size_t(MemoryKind::BeforeTrace)].kind = MemoryKind::BeforeTrace;
            kinds[size_t(MemoryKind::BeforeTrace)].bytes += d.unseen_at_peak;
        }
        auto largestFirst = [](const MemoryShare &a, const MemoryShare &b) {
            return a.bytes != b.bytes ? a.bytes > b.bytes : a.module < b.module;
        };
        for (auto &[key, share] : modules)
            d.by_module.push_back(share);
        for (auto &[key, share] : activations)
            d.activations_by_module.push_back(share);
        for (const MemoryShare &k : kinds)
            if (k.bytes != 0 || k.blocks != 0)
                d.by_kind.push_back(k);
        std::stable_sort(d.by_module.begin(), d.by_module.end(), largestFirst);
        std::stable_sort(d.activations_by_module.begin(), d.activations_by_module.end(), largestFirst);
        std::stable_sort(d.by_kind.begin(), d.by_kind.end(), largestFirst);
    }
    for (auto &[device, d] : devices)
        if (device >= 0)
            report.devices.push_back(std::move(d));
    if (const auto host = devices.find(-1); host != devices.end())
        report.devices.push_back(std::move(host->second));
    return report;
}

} // namespace opscope
