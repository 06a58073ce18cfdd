#pragma once
// The CUDA caching allocator's history: torch.cuda.memory._snapshot() as the launcher writes it in JSON
// (memory_snapshot.json, docs/memory.md): per device the trace of alloc, free_requested, free_completed,
// segment_alloc, segment_free (segment_map/unmap for expandable segments) with address, size, stream,
// time and the allocator's stack, and the segments and blocks alive when it was taken.

#include "opscope/profile.h"

#include <cstddef>
#include <string>
#include <string_view>

namespace opscope {

// True for the head of a snapshot JSON, or a file named memory_snapshot.json (so that a damaged one is
// still recognised, and left out with a warning rather than failing the import).
bool looksLikeMemorySnapshot(std::string_view head, std::string_view path);

struct MemorySnapshotImport {
    size_t blockEvents = 0;     // allocations and frees (free_completed)
    size_t segmentEvents = 0;   // segment_alloc/free, map/unmap
    size_t replacedSamples = 0; // the trace's own samples of the same devices, replaced
    size_t outsideTrace = 0;    // events whose time falls outside the profile's operators
};

// Adds the snapshot's events to `p` as memory samples (blocks and segments apart) and pairs them into
// blocks again (attributeMemory). Totals: the allocated and reserved bytes when the snapshot was taken
// (its segments and their blocks) less what the history did, event by event. The history carries no
// thread: each event takes the thread whose innermost open operator started last, which is the one
// that called the allocator (the forward's or autograd's), so attribution ties it to that operator.
// The trace's own samples of the devices the snapshot covers are replaced (the snapshot has the same
// events with stream, stack and segments). Throws FileError naming the file when it cannot be read or
// is no snapshot; `p` is left untouched then.
MemorySnapshotImport addMemorySnapshot(Profile &p, const std::string &path);

// The launcher's inventory of the tensors that outlive the step (memory_tensors.json, written by
// opscope_launcher/tensors.py at the end of the capture): parameters, buffers, gradients and optimizer
// state by storage address, so analyzeMemory classifies the blocks that hold them (docs/memory.md).
bool looksLikeMemoryTensors(std::string_view head, std::string_view path);
// Replaces p.memory_tensors; returns how many. Throws FileError naming the file when it cannot be read.
size_t addMemoryTensors(Profile &p, const std::string &path);

} // namespace opscope
