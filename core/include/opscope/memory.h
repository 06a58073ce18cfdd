#pragma once
// Memory: the allocator's blocks of a trace tied to the operator and module (or phase) that allocated
// and freed them, the allocated and reserved curves, and what holds the memory at the peak, by module
// and by kind. One library for the CLI (`opscope memory`) and the GUI. The rules are in docs/memory.md.

#include "opscope/profile.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace opscope {

// Pairs p.memory_samples into p.memory_blocks (an allocation and its free at the same address and
// device, in time order) and ties each end to the innermost operator open on the sample's thread at
// its time and to that operator's module or phase (else the module call or phase enclosing the time).
// Replaces any blocks already there. Attribution runs it after the phases.
void attributeMemory(Profile &p);

// What a block is, from where in the step it was allocated and freed (docs/memory.md).
enum class MemoryKind : uint8_t {
    Activation = 0,     // allocated in the forward, freed in the backward: saved for backward
    Gradient = 1,       // allocated in the backward, outlives it
    OptimizerState = 2, // allocated in the optimizer step, outlives it
    Temporary = 3,      // freed in the same part of the step that allocated it, or a forward output
    BeforeTrace = 4,    // allocated before the trace began (parameters, optimizer state, inputs ...)
    Parameter = 5,      // holds a parameter or buffer of the model (the launcher's tensor inventory)
};
inline constexpr int kMemoryKindCount = 6;
// "activations", "gradients", "optimizer_state", "temporaries", "before_trace", "parameters".
std::string_view toString(MemoryKind kind);

// The part of the step a memory event falls in.
enum class StepPart : uint8_t { Forward = 0, Backward = 1, Optimizer = 2 };

struct MemoryPoint {
    int64_t time_ns = 0;
    int64_t allocated = 0;
    int64_t reserved = 0;
};

// Bytes alive at the peak held by one module call path (or phase), or of one kind.
struct MemoryShare {
    std::string module;    // path ("" the root); a phase's name; empty with kind set for by_kind
    std::string className; // the module's class, a phase's (optimizer's) class
    bool phase = false;    // a phase of the step, or outside every module ("other")
    MemoryKind kind = MemoryKind::Temporary;
    int64_t bytes = 0;
    size_t blocks = 0;
};

struct DeviceMemory {
    int32_t device = -1;            // -1 host memory
    std::vector<MemoryPoint> curve; // one point per sample, in time order
    int64_t peak_allocated = 0;
    int64_t peak_reserved = 0;
    int64_t peak_time_ns = 0;
    // Bytes the allocator counted before the trace's first event (first total minus its own bytes).
    int64_t baseline_bytes = 0;
    // At the peak: the blocks alive (memory_blocks indices), and the bytes counted in the total that
    // no block of the trace nor tensor of the inventory accounts for (allocated before the trace and not
    // freed in it).
    std::vector<Index> alive_at_peak;
    int64_t unseen_at_peak = 0;
    std::vector<MemoryShare> by_module; // largest first; adds up to peak_allocated
    std::vector<MemoryShare> by_kind;   // largest first; adds up to peak_allocated
    // Per module path: bytes allocated in its forward and freed in the backward (kept for backward).
    std::vector<MemoryShare> activations_by_module;
    size_t allocations = 0, frees = 0;
    size_t segment_allocations = 0, segment_frees = 0; // the allocator history's segments (cudaMalloc/Free)
};

struct MemoryReport {
    std::vector<DeviceMemory> devices;   // GPUs first by number, then host memory
    std::vector<MemoryKind> block_kinds; // per memory_blocks entry
    // Per memory_blocks entry: the inventory tensor it holds (memory_tensors index), else kNoIndex.
    std::vector<Index> block_tensors;
    // The device whose peak a one-line summary names: the first GPU with samples, else the host.
    const DeviceMemory *primary() const { return devices.empty() ? nullptr : &devices.front(); }
};

// The part of the step a memory sample falls in, from its operator (backward flag) and module (phase).
StepPart stepPartOf(const Profile &p, Index op, Index module);
// By lifetime alone (docs/memory.md); analyzeMemory first asks the tensor inventory (p.memory_tensors).
MemoryKind classifyBlock(const Profile &p, const MemoryBlock &b);
// The kind of what an inventory tensor holds.
MemoryKind kindOf(MemoryTensorKind kind);
MemoryReport analyzeMemory(const Profile &p);

} // namespace opscope
