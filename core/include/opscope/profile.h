#pragma once
// The profile model: everything OpScope knows about one capture.
//
// Captures hold millions of events, so each kind of event is a plain struct of fixed size in one
// vector, with names interned in `strings` and references to other events as 32-bit indices
// (kNoIndex when absent). Times are int64 nanoseconds on the capture's own timebase. Counters are
// stored column-wise as (owner, metric, value) rows sorted by owner, with every metric's unit kept.

#include "opscope/string_table.h"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace opscope {

using Index = uint32_t;
inline constexpr Index kNoIndex = UINT32_MAX;

struct Dim3 {
    uint32_t x = 0, y = 0, z = 0;
    bool operator==(const Dim3 &) const = default;
    uint64_t volume() const { return uint64_t(x) * y * z; }
};

// How a kernel was tied to its operator. The order is not a ranking; see Confidence for that.
enum class AttributionMethod : uint8_t {
    Unattributed = 0,
    TorchProfiler = 1,      // kernel External id -> cpu_op (CUPTI correlation)
    Nvtx = 2,               // NVTX ranges open on the launching thread at launch time
    InductorFusion = 3,     // Triton kernel -> fused aten ops from Inductor's debug output
    NameHeuristic = 4,      // kernel name resembles an operator
    RuntimeCorrelation = 5, // the runtime's own link (ONNX Runtime's parent_name)
};

enum class Confidence : uint8_t {
    Unattributed = 0,
    Low = 1,    // name heuristic
    Medium = 2, // range enclosure by time, fusion map
    High = 3,   // exact correlation through ids
};

std::string_view toString(AttributionMethod method);
std::string_view toString(Confidence confidence);
// Inverse of toString; returns false for an unknown text.
bool parseAttributionMethod(std::string_view text, AttributionMethod &out);
bool parseConfidence(std::string_view text, Confidence &out);

struct Device {
    int32_t id = 0;
    StringId name = kNoString;
    // Device properties as imported (name -> text value), e.g. "smCount" -> "132".
    std::vector<std::pair<std::string, std::string>> properties;
    // The distributed rank whose process drove this device; -1 in a single-process profile (ranks.h).
    int32_t rank = -1;
    bool operator==(const Device &) const = default;
};

struct Thread {
    int64_t pid = 0;
    int64_t tid = 0;
    StringId name = kNoString;
    int32_t rank = -1; // the distributed rank of its process; -1 in a single-process profile (ranks.h)
    bool operator==(const Thread &) const = default;
};

enum KernelFlags : uint8_t {
    kKernelOutsideCapture = 1 << 0, // launched before/after the captured step (init, warm-up)
    // Launched in the plain reference step the launcher ran right before the labelled one (no module
    // labels, no emit_nvtx): outside the capture too. Its twin in the labelled step is in reference_twins.
    kKernelReferenceStep = 1 << 1,
};

struct Kernel {
    int64_t start_ns = 0;
    int64_t end_ns = 0;
    StringId name = kNoString;       // full (demangled) name
    StringId short_name = kNoString; // base name when the source has one
    StringId label = kNoString;      // the source's own id for it, e.g. "k_00329"
    uint32_t correlation_id = 0;     // CUPTI correlation id (joins the launching API call)
    uint32_t external_id = 0;        // torch.profiler External id (joins the cpu_op)
    uint32_t stream = 0;
    int32_t device = 0;
    Dim3 grid;
    Dim3 block;
    uint32_t registers_per_thread = 0;
    uint32_t static_shared_bytes = 0;
    uint32_t dynamic_shared_bytes = 0;
    Index launch_thread = kNoIndex; // threads[] of the launching API call
    Index op = kNoIndex;            // operators[] it is attributed to
    Index module = kNoIndex;        // modules[] it is attributed to
    Index range = kNoIndex;         // ranges[]: innermost enclosing range used for attribution
    StringId unattributed_reason = kNoString;
    AttributionMethod method = AttributionMethod::Unattributed;
    Confidence confidence = Confidence::Unattributed;
    uint8_t flags = 0;

    int64_t duration() const { return end_ns - start_ns; }
    bool operator==(const Kernel &) const = default;
};

enum OperatorFlags : uint8_t {
    kOperatorFused = 1 << 0,        // stands for several fused ops (see Profile::fused_with)
    kOperatorHasAggregate = 1 << 1, // the source gave aggregated counters (operator_counters)
    kOperatorBackward = 1 << 2,     // runs in the backward pass
};

// One call of a framework operator (an aten op instance, a cpu_op in torch.profiler terms).
struct Operator {
    int64_t start_ns = 0;
    int64_t end_ns = 0;
    StringId name = kNoString;   // e.g. "aten::addmm"
    StringId shapes = kNoString; // input shapes as the source writes them, e.g. "[[2304], [2048, 768]]"
    StringId label = kNoString;  // the source's own id, e.g. "aten::addmm_0"
    uint32_t call_index = 0;     // n-th call of this name
    Index thread = kNoIndex;
    Index parent = kNoIndex; // enclosing operator
    Index module = kNoIndex;
    Index range = kNoIndex; // NVTX range the source tied it to
    uint32_t external_id = 0;
    int64_t sequence_nr = -1; // autograd sequence number, links backward to forward
    uint16_t depth = 0;
    uint8_t flags = 0;

    bool operator==(const Operator &) const = default;
};

// One instance of an nn.Module forward (e.g. "blocks.3.attn" of class "Attention").
// A module call, or a phase of the step: the work outside every module (optimizer step, backward
// seed and engine work, a loss computed outside the model, input copies, the rest), shown beside the
// model as a top-level row (see phases.h).
enum class ModuleKind : uint8_t { Module = 0, Phase = 1 };

struct ModuleInstance {
    int64_t start_ns = 0;
    int64_t end_ns = 0;
    StringId path = kNoString;
    StringId class_name = kNoString;
    Index parent = kNoIndex;
    Index thread = kNoIndex;
    Index range = kNoIndex; // the NVTX range or annotation it was read from (its band on the timeline)
    ModuleKind kind = ModuleKind::Module;
    bool operator==(const ModuleInstance &) const = default;
};

enum class RangeKind : uint8_t {
    PushPop = 0,           // NVTX push/pop, nests per thread
    StartEnd = 1,          // NVTX start/end, process-wide, may overlap
    UserAnnotation = 2,    // torch.profiler record_function on the CPU
    GpuUserAnnotation = 3, // torch.profiler annotation projected on a GPU stream
    PythonFunction = 4,    // torch.profiler python_function (with_stack)
    Mark = 5,              // an instant (start == end)
};

struct Range {
    int64_t start_ns = 0;
    int64_t end_ns = 0;
    StringId text = kNoString;
    StringId domain = kNoString;
    Index thread = kNoIndex;
    uint16_t depth = 0;
    RangeKind kind = RangeKind::PushPop;
    bool operator==(const Range &) const = default;
};

enum class MemoryOpKind : uint8_t { Memcpy = 0, Memset = 1 };

struct MemoryOp {
    int64_t start_ns = 0;
    int64_t end_ns = 0;
    uint64_t bytes = 0;
    uint32_t correlation_id = 0;
    uint32_t stream = 0;
    int32_t device = 0;
    MemoryOpKind kind = MemoryOpKind::Memcpy;
    uint8_t copy_kind = 0; // CUPTI copy kind: 1 HtoD, 2 DtoH, 8 DtoD, 10 PtoP ...
    uint8_t src_kind = 0;  // CUPTI memory kind: 0 pageable, 1 pinned, 2 device ...
    uint8_t dst_kind = 0;
    bool operator==(const MemoryOp &) const = default;
};

enum class ApiKind : uint8_t { Runtime = 0, Driver = 1 };

// A CUDA runtime or driver API call on the host.
struct ApiCall {
    int64_t start_ns = 0;
    int64_t end_ns = 0;
    StringId name = kNoString; // without nsys's version suffix ("cudaLaunchKernel", not "..._v7000")
    Index thread = kNoIndex;
    uint32_t correlation_id = 0;
    ApiKind kind = ApiKind::Runtime;
    bool operator==(const ApiCall &) const = default;
};

// A synchronisation seen on the GPU side (torch.profiler cuda_sync, nsys CUPTI_ACTIVITY_KIND_SYNCHRONIZATION).
enum class SyncKind : uint8_t { Unknown = 0, Event = 1, StreamWait = 2, Stream = 3, Context = 4 };
struct GpuSync {
    int64_t start_ns = 0;
    int64_t end_ns = 0;
    uint32_t correlation_id = 0;
    uint32_t stream = 0;
    int32_t device = 0;
    Index thread = kNoIndex; // host thread that asked for it, when known
    SyncKind kind = SyncKind::Unknown;
    bool operator==(const GpuSync &) const = default;
};

// What a memory sample counts: a block of the allocator (torch.profiler [memory] instants, the CUDA
// allocator history's alloc/free) or a segment it reserves from the device (the history's
// segment_alloc/segment_free, cudaMalloc/cudaFree; expandable segments' map/unmap).
enum class MemorySampleKind : uint8_t { Block = 0, Segment = 1 };

// A memory allocator sample: bytes > 0 allocates, < 0 frees. Block samples change the allocated
// total, segment samples the reserved one.
struct MemorySample {
    int64_t time_ns = 0;
    int64_t bytes = 0;
    int64_t total_allocated = 0;
    int32_t device = -1; // -1 for host memory
    Index thread = kNoIndex;
    uint64_t address = 0;        // the block's address ("Addr"); 0 when the source did not give it
    int64_t total_reserved = 0;  // bytes the allocator holds from the system after it (segments)
    uint64_t stream = 0;         // the CUDA stream the block belongs to (allocator history); 0 unknown
    StringId frames = kNoString; // the allocator history's stack, one "name (file:line)" a line
    MemorySampleKind kind = MemorySampleKind::Block;
    bool operator==(const MemorySample &) const = default;
};

// One allocator block of the trace: an allocation and its free, paired by address and device
// (memory_samples in time order), with the operator and module that allocated and freed it (the
// innermost operator open on the sample's thread at its time; its module or phase). A free whose
// allocation came before the trace has alloc_sample kNoIndex; a block still alive at the end of the
// trace has free_sample kNoIndex.
struct MemoryBlock {
    uint64_t address = 0;
    int64_t bytes = 0;
    int32_t device = -1;
    Index alloc_sample = kNoIndex; // memory_samples[]
    Index free_sample = kNoIndex;
    Index alloc_op = kNoIndex;     // operators[]
    Index alloc_module = kNoIndex; // modules[] (a module call or a phase)
    Index free_op = kNoIndex;
    Index free_module = kNoIndex;
    bool operator==(const MemoryBlock &) const = default;
};

// A tensor that outlives the step, from the launcher's inventory at the end of the capture
// (memory_tensors.json): a parameter, its gradient, a buffer or the optimizer's state, by the address
// of its storage, so that the allocator's block at that address is classified by what it holds.
enum class MemoryTensorKind : uint8_t { Parameter = 0, Gradient = 1, OptimizerState = 2, Buffer = 3 };
struct MemoryTensor {
    uint64_t address = 0; // the storage's data pointer
    int64_t bytes = 0;    // the storage's size
    int32_t device = -1;  // -1 host memory
    MemoryTensorKind kind = MemoryTensorKind::Parameter;
    StringId module = kNoString; // module path ("" the root) of the parameter it belongs to
    StringId name = kNoString;   // "weight", "weight.exp_avg" ...
    bool operator==(const MemoryTensor &) const = default;
};

// A link between two operators, e.g. a forward op and the backward op autograd ran for it.
enum class OperatorLinkKind : uint8_t { ForwardBackward = 0 };
struct OperatorLink {
    Index from = kNoIndex;
    Index to = kNoIndex;
    OperatorLinkKind kind = OperatorLinkKind::ForwardBackward;
    bool operator==(const OperatorLink &) const = default;
};

// A counter's name and unit. Units are base units ("byte", "ns", "%", "hz", "cycle", ...) where
// the source allowed converting them; an empty unit means the source did not say.
struct Metric {
    StringId name = kNoString;
    StringId unit = kNoString;
    bool operator==(const Metric &) const = default;
};

enum MetricValueFlags : uint8_t {
    kValueIntegral = 1 << 0, // the source wrote an integer
    kValueText = 1 << 1,     // not a number: see `text`
    kValueNull = 1 << 2,     // the source said explicitly that there is no value
};

struct MetricValue {
    Index owner = 0; // kernels[] or operators[], by table
    Index metric = 0;
    double value = 0.0;
    StringId text = kNoString;
    uint8_t flags = 0;
    bool operator==(const MetricValue &) const = default;
};

// A kernel of the reference step and its twin in the labelled step: the same stream, the same position
// in that stream's order and the same name (see step_timing.h). The twin carries the attribution.
struct KernelTwin {
    Index reference = kNoIndex; // kernels[], flagged kKernelReferenceStep
    Index labelled = kNoIndex;  // kernels[] of the captured step
    bool operator==(const KernelTwin &) const = default;
};

// A kernel replayed from a CUDA graph and the API call that put its node into the graph while the
// graph was captured (nsys --cuda-graph-trace=node: the node's creation event, on the capturing thread,
// inside that call). The kernel's own correlation id names the replay (cudaGraphLaunch); its operator
// and module are the ones open around the capture-time call.
struct GraphNodeLaunch {
    Index kernel = kNoIndex;       // kernels[]
    Index capture_call = kNoIndex; // api_calls[]
    bool operator==(const GraphNodeLaunch &) const = default;
};

// Extra names an operator record stands for (the ops fused into it).
struct FusedName {
    Index op = 0;
    StringId name = kNoString;
    bool operator==(const FusedName &) const = default;
};

class Profile {
public:
    StringTable strings;
    std::string source_format; // a format_id:: constant (format_ids.h): "nsys-sqlite", "operator-profiler-json"...
    std::string source_path;
    // Capture metadata in insertion order, under the keys of metadata_keys.h (kModelNameKey...).
    std::vector<std::pair<std::string, std::string>> metadata;
    std::vector<Device> devices;
    std::vector<Thread> threads;
    std::vector<Kernel> kernels;
    std::vector<Operator> operators;
    std::vector<ModuleInstance> modules;
    std::vector<Range> ranges;
    std::vector<MemoryOp> memory_ops;
    std::vector<ApiCall> api_calls;
    std::vector<GpuSync> syncs;
    std::vector<MemorySample> memory_samples;
    std::vector<MemoryBlock> memory_blocks;   // in allocation order (pre-trace blocks first)
    std::vector<MemoryTensor> memory_tensors; // the launcher's inventory, by address
    std::vector<OperatorLink> operator_links;
    std::vector<Metric> metrics;
    std::vector<MetricValue> kernel_counters;   // owner = kernel index, sorted by owner
    std::vector<MetricValue> operator_counters; // owner = operator index, sorted by owner
    std::vector<FusedName> fused_with;
    // Only for the kernels of a paired reference step (none in most profiles), sorted by `reference`.
    std::vector<KernelTwin> reference_twins;
    // Only for kernels replayed from CUDA graphs whose capture the report holds, sorted by `kernel`.
    std::vector<GraphNodeLaunch> graph_node_launches;
    std::vector<std::string> warnings;
    int64_t span_start_ns = 0; // capture span; both 0 when unknown
    int64_t span_end_ns = 0;

    bool operator==(const Profile &) const = default;

    // Metadata access; value() returns nullptr for an absent key.
    const std::string *metadataValue(std::string_view key) const;
    void setMetadata(std::string_view key, std::string_view value);

    StringId intern(std::string_view text) { return strings.intern(text); }
    std::string_view text(StringId id) const { return strings.get(id); }
    // The name a kernel goes by in tables and messages: the source's base name when it has one
    // (nsys "vectorized_elementwise_kernel"), else the full demangled name (shortKernelName in
    // format.h cuts that for a cell or a label).
    std::string_view kernelDisplayName(Index kernel) const;

    // The metric of this name (interned on first use). A second call with another unit keeps the
    // first; importers convert to base units before they get here.
    Index metricId(std::string_view name, std::string_view unit);
    Index findMetric(std::string_view name) const;

    // Counters of one kernel / operator (requires the sort done by finalize()).
    std::span<const MetricValue> countersOfKernel(Index kernel) const;
    std::span<const MetricValue> countersOfOperator(Index op) const;
    // A kernel's numeric counter by metric name, or `fallback`.
    double kernelCounter(Index kernel, std::string_view metricName, double fallback = 0.0) const;
    // The labelled twin of a reference-step kernel (reference_twins), or kNoIndex.
    Index referenceTwin(Index referenceKernel) const;
    // The API call that captured `kernel`'s CUDA graph node (graph_node_launches); kNoIndex when it was
    // not replayed from a graph or its capture is not in the report.
    Index graphCaptureCall(Index kernel) const;

    // Puts kernels in start order (stable) and counters in owner order, remapping references
    // (counter owners, reference twins, graph node launches).
    // Importers call it once at the end.
    void finalize();

    // The GPU runtime whose API calls the profile holds: "HIP" for a ROCm capture (torch.profiler on
    // AMD GPUs writes its hip* calls under the cuda_runtime category), else "CUDA".
    std::string_view gpuRuntime() const;

    // Derived figures used by summaries.
    size_t unattributedKernelCount() const;
    int64_t totalKernelTimeNs() const;
    // The instant every view, table and tooltip counts time from: the start of the profile's first
    // event (kernel, memory operation, operator, range or API call), as Perfetto and chrome://tracing
    // count; span_start_ns when there is no event. The sources' own zeros do not serve: Kineto's is
    // the epoch, and the ANALYSIS_DETAILS start of an nsys export can lie after its first events
    // (a merged MPI run), which made start times negative.
    int64_t timeOrigin() const;
    // Approximate bytes held in memory (vectors' capacity plus interned text).
    size_t residentBytes() const;
};

} // namespace opscope
