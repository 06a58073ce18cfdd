// Memory insights (insights.h, docs/insights.md "Memory"): what holds the memory at the peak and what
// to change before it runs out. They save bytes, not step time: estimatedBytesSaved, no time gain.
#include "analysis/insight_context.h"
#include "opscope/memory.h"
#include "opscope/module_tree.h"

#include <algorithm>
#include <map>

namespace opscope::insightdetail {

namespace {

std::string bytesText(int64_t bytes)
{
    return std::to_string(bytes) + " bytes";
}

Severity severityOf(int64_t saved, int64_t peak)
{
    const double share = peak > 0 ? double(saved) / double(peak) : 0;
    return share >= 0.2 ? Severity::High : share >= 0.05 ? Severity::Medium : Severity::Low;
}

void addMemoryInsight(InsightContext &c, Insight insight, int64_t saved, int64_t peak)
{
    insight.estimatedBytesSaved = saved;
    insight.severity = severityOf(saved, peak);
    insight.figures["estimated_bytes_saved"] = saved;
    insight.figures["peak_allocated_bytes"] = peak;
    c.add(std::move(insight), 0);
}

// Activation checkpointing of a group of identical layers: each member keeps its activations for the
// backward; checkpointed, the group keeps about one member's while one layer is recomputed.
void checkpointing(InsightContext &c, const DeviceMemory &d)
{
    const ModuleTree tree = buildModuleTree(c.p);
    for (const DedupGroup &group : tree.groups) {
        if (group.nested || group.members.size() < 2)
            continue;
        std::vector<int64_t> kept;
        std::vector<std::string> members;
        for (int node : group.members) {
            const std::string &path = tree.nodes[size_t(node)].path;
            int64_t bytes = 0;
            for (const MemoryShare &s : d.activations_by_module)
                if (!s.phase && (s.module == path || s.module.starts_with(path + ".")))
                    bytes += s.bytes;
            kept.push_back(bytes);
            members.push_back(path);
        }
        int64_t total = 0;
        for (int64_t k : kept)
            total += k;
        const int64_t largest = *std::max_element(kept.begin(), kept.end());
        const int64_t saved = total - largest;
        if (saved <= 0 || saved * 20 < d.peak_allocated) // under 5 % of the peak: not worth the recompute
            continue;
        Insight i;
        i.kind = "activation-checkpointing";
        i.title = "Activations of " + group.name + " (" + std::to_string(members.size()) +
                  " identical layers) kept for the backward: checkpoint them";
        i.evidence.push_back(group.name + " keeps " + bytesText(total) + " of activations for the backward (" +
                             bytesText(largest) + " for its largest layer); the peak is " +
                             bytesText(d.peak_allocated));
        i.fix = "Wrap each layer of " + group.name +
                " in torch.utils.checkpoint.checkpoint(layer, x, use_reentrant=False) (or checkpoint every k-th "
                "layer): the backward recomputes one layer's forward at a time, at about one extra forward of "
                "the group in compute";
        i.gainModel = "bytes saved = the group's activations kept for backward less one layer's (the layer being "
                      "recomputed); compute cost not included";
        i.modules = members;
        i.verifyFix = "checkpoint=" + group.name; // the group as the module tree names it ("blocks.*")
        i.figures["group"] = group.name;
        i.figures["activation_bytes"] = total;
        addMemoryInsight(c, std::move(i), saved, d.peak_allocated);
    }
}

int64_t bytesOfKind(const DeviceMemory &d, MemoryKind kind)
{
    for (const MemoryShare &s : d.by_kind)
        if (s.kind == kind)
            return s.bytes;
    return 0;
}

// Optimizer state at the peak, and its cheaper forms.
void optimizerState(InsightContext &c, const DeviceMemory &d)
{
    const int64_t state = bytesOfKind(d, MemoryKind::OptimizerState);
    if (state <= 0 || state * 10 < d.peak_allocated) // under 10 % of the peak
        return;
    int64_t parameters = bytesOfKind(d, MemoryKind::Parameter);
    Insight i;
    i.kind = "optimizer-state";
    i.title = "Optimizer state holds " + percent(double(state) / double(d.peak_allocated)) + " of the peak";
    i.evidence.push_back("optimizer state at the peak: " + bytesText(state) + " of " + bytesText(d.peak_allocated));
    if (parameters > 0)
        i.evidence.push_back("parameters at the peak: " + bytesText(parameters) + " (state / parameters = " +
                             std::to_string(double(state) / double(parameters)).substr(0, 4) + ")");
    i.fix = "Keep the state in 8 bits (bitsandbytes' Adam8bit / AdamW8bit: a quarter of fp32 Adam's two states), "
            "or shard it across data-parallel ranks (ZeRO stage 1: torch.distributed.optim.ZeroRedundancyOptimizer "
            "or FSDP, 1/N of it per rank); fused=True or foreach=True change the temporaries of the step, not the "
            "state";
    i.gainModel = "bytes saved = 3/4 of the optimizer state at the peak (8-bit states)";
    i.figures["optimizer_state_bytes"] = state;
    addMemoryInsight(c, std::move(i), state * 3 / 4, d.peak_allocated);
}

// One temporary large enough to double the peak.
void largeTemporary(InsightContext &c, const DeviceMemory &d, const MemoryReport &report)
{
    Index largest = kNoIndex;
    for (Index b : d.alive_at_peak)
        if (report.block_kinds[b] == MemoryKind::Temporary &&
            (largest == kNoIndex || c.p.memory_blocks[b].bytes > c.p.memory_blocks[largest].bytes))
            largest = b;
    if (largest == kNoIndex)
        return;
    const MemoryBlock &block = c.p.memory_blocks[largest];
    const int64_t rest = d.peak_allocated - block.bytes;
    if (block.bytes < rest) // it does not double the peak
        return;
    const std::string op = block.alloc_op != kNoIndex ? std::string(c.p.text(c.p.operators[block.alloc_op].name)) : "";
    const std::string module = block.alloc_module < c.p.modules.size()
                                   ? std::string(c.p.text(c.p.modules[block.alloc_module].path))
                                   : std::string();
    Insight i;
    i.kind = "large-temporary";
    i.title = "One temporary of " + bytesText(block.bytes) + (op.empty() ? "" : " (" + op + ")") + " doubles the peak" +
              (module.empty() ? "" : " in " + module);
    i.evidence.push_back("at the peak this block holds " + bytesText(block.bytes) + ", everything else " +
                         bytesText(rest));
    i.fix = "Compute it in chunks (e.g. the loss over slices of the sequence or vocabulary), in place, or free it "
            "before the next large allocation";
    i.gainModel = "bytes saved = the temporary's bytes at the peak (an upper bound: a chunked form keeps a slice)";
    if (!module.empty())
        i.modules.push_back(module);
    if (block.alloc_op != kNoIndex)
        i.operators.push_back(block.alloc_op);
    addMemoryInsight(c, std::move(i), block.bytes, d.peak_allocated);
}

// Reserved but not allocated at the peak: the caching allocator's fragmentation.
void fragmentation(InsightContext &c, const DeviceMemory &d)
{
    int64_t reservedAtPeak = 0;
    for (const MemoryPoint &point : d.curve)
        if (point.time_ns == d.peak_time_ns && point.allocated == d.peak_allocated)
            reservedAtPeak = point.reserved;
    const int64_t idle = reservedAtPeak - d.peak_allocated;
    if (reservedAtPeak <= 0 || idle * 5 < reservedAtPeak) // under 20 % of what is reserved
        return;
    Insight i;
    i.kind = "fragmentation";
    i.title = "The allocator holds " + percent(double(idle) / double(reservedAtPeak)) +
              " of its reserved memory unused at the peak";
    i.evidence.push_back("at the peak: " + bytesText(reservedAtPeak) + " reserved, " + bytesText(d.peak_allocated) +
                         " allocated");
    i.fix = "Set PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True: segments grow in place instead of leaving "
            "free blocks too small for the next request";
    i.gainModel = "bytes saved = reserved less allocated at the peak (the most expandable segments can return)";
    i.verifyFix = "expandable-segments";
    i.figures["reserved_at_peak_bytes"] = reservedAtPeak;
    i.verifyFix = "expandable-segments";
    addMemoryInsight(c, std::move(i), idle, d.peak_allocated);
}

} // namespace

void findMemory(InsightContext &c)
{
    if (c.p.memory_samples.empty())
        return;
    const MemoryReport report = analyzeMemory(c.p);
    const DeviceMemory *d = report.primary();
    if (!d || d->peak_allocated <= 0)
        return;
    checkpointing(c, *d);
    optimizerState(c, *d);
    largeTemporary(c, *d, report);
    fragmentation(c, *d);
}

} // namespace opscope::insightdetail
