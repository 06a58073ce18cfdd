// The memory events of a torch.profiler trace beside the nsys capture (the correlation pass): nsys
// records no allocator events, the correlation pass's torch.profiler does (profile_memory), but in a
// run of its own, on its own clock. Each event is carried over through its operator: the same module
// path (or phase) and operator name, and the same ordinal among those in time order, in both runs of
// the same step. docs/memory.md.
#include "import/capture/capture_parts.h"

#include "opscope/memory.h"
#include "opscope/metadata_keys.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <string>
#include <tuple>

namespace opscope::capture {

namespace {

using OperatorKey = std::tuple<std::string, std::string, size_t>; // module, name, ordinal

// Each operator's key: its module's path (or phase), its name and its ordinal among the operators with
// the same two in time order (depths are left out: nsys and torch.profiler nest ranges differently).
std::map<OperatorKey, Index> operatorKeys(const Profile &p)
{
    std::vector<Index> order(p.operators.size());
    std::iota(order.begin(), order.end(), Index(0));
    std::stable_sort(order.begin(), order.end(),
                     [&](Index a, Index b) { return p.operators[a].start_ns < p.operators[b].start_ns; });
    std::map<std::pair<std::string, std::string>, size_t> seen;
    std::map<OperatorKey, Index> keys;
    for (Index o : order) {
        const Operator &op = p.operators[o];
        const std::string module = op.module < p.modules.size() ? std::string(p.text(p.modules[op.module].path)) : "";
        auto base = std::make_pair(module, std::string(p.text(op.name)));
        const size_t ordinal = seen[base]++;
        keys.emplace(OperatorKey{base.first, base.second, ordinal}, o);
    }
    return keys;
}

// Samples in time order; the block samples carried from the trace take the reserved total of this
// capture's own segment samples at their time (the trace's were another run's), and the segment samples
// the allocated total of the blocks before them, device by device.
void useOwnReservedTotals(Profile &profile)
{
    std::stable_sort(profile.memory_samples.begin(), profile.memory_samples.end(),
                     [](const MemorySample &a, const MemorySample &b) { return a.time_ns < b.time_ns; });
    std::map<int32_t, int64_t> reserved, allocated;
    for (MemorySample &s : profile.memory_samples) {
        if (s.kind == MemorySampleKind::Segment) {
            reserved[s.device] = s.total_reserved;
            s.total_allocated = allocated[s.device];
        } else {
            allocated[s.device] = s.total_allocated;
            s.total_reserved = reserved[s.device];
        }
    }
}

} // namespace

size_t addTraceMemory(Profile &profile, const Profile &trace)
{
    // A capture with its own allocator events keeps them. Segment samples alone (nsys
    // --cuda-memory-usage: the driver's allocations) still take the trace's blocks, and give them the
    // reserved totals measured in this run.
    const bool ownBlocks = std::any_of(profile.memory_samples.begin(), profile.memory_samples.end(),
                                       [](const MemorySample &s) { return s.kind == MemorySampleKind::Block; });
    if (trace.memory_samples.empty() || ownBlocks)
        return 0;
    const bool ownSegments = !profile.memory_samples.empty();
    // The operator of each sample of the trace, from its blocks (attribution made them).
    std::vector<Index> opOfSample(trace.memory_samples.size(), kNoIndex);
    for (const MemoryBlock &b : trace.memory_blocks) {
        if (b.alloc_sample != kNoIndex)
            opOfSample[b.alloc_sample] = b.alloc_op;
        if (b.free_sample != kNoIndex)
            opOfSample[b.free_sample] = b.free_op;
    }
    std::map<Index, Index> toProfile; // trace operator -> profile operator
    {
        const std::map<OperatorKey, Index> ours = operatorKeys(profile);
        for (const auto &[key, o] : operatorKeys(trace))
            if (const auto it = ours.find(key); it != ours.end())
                toProfile[o] = it->second;
    }
    size_t carried = 0, left = 0;
    for (Index s = 0; s < trace.memory_samples.size(); ++s) {
        const MemorySample &sample = trace.memory_samples[s];
        const auto mapped = opOfSample[s] != kNoIndex ? toProfile.find(opOfSample[s]) : toProfile.end();
        if (mapped == toProfile.end()) {
            left += sample.bytes != 0;
            continue;
        }
        // The same place within the operator, its duration scaled to this run's.
        const Operator &from = trace.operators[mapped->first];
        const Operator &to = profile.operators[mapped->second];
        const int64_t fromLength = std::max<int64_t>(from.end_ns - from.start_ns, 1);
        const int64_t offset = std::clamp<int64_t>(sample.time_ns - from.start_ns, 0, fromLength);
        MemorySample m = sample;
        m.time_ns = to.start_ns + int64_t(__int128(offset) * (to.end_ns - to.start_ns) / fromLength); // exact
        m.thread = to.thread;
        m.frames = sample.frames != kNoString ? profile.strings.intern(trace.text(sample.frames)) : kNoString;
        profile.memory_samples.push_back(m);
        ++carried;
    }
    if (left > 0)
        profile.warnings.push_back(std::to_string(left) + " of " + std::to_string(left + carried) +
                                   " memory events of the torch.profiler trace ran in no operator this capture "
                                   "has (by module, name and order): left out");
    if (carried > 0) {
        profile.setMetadata(kMemoryEventsFromKey, trace.source_path);
        if (ownSegments)
            useOwnReservedTotals(profile);
        attributeMemory(profile);
    }
    return carried;
}

} // namespace opscope::capture
