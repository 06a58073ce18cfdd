#pragma once
// What-if replay of one step's timeline: how long the step would take with some kernels shorter or
// gone, some host synchronisations no longer waiting, or every launch folded into one CUDA graph.
//
// A kernel made faster saves step time only where the GPU was the bottleneck: once the GPU runs dry
// the host's launches set the pace (a "host floor"), and a synchronisation moves everything the host
// does after it. The replay therefore keeps the host timeline of the measured step (StepTiming: the
// plain reference step where the trace has one) and recomputes the GPU's:
// - a piece of GPU work starts at max(end of the previous work on its stream + the gap measured there,
//   its launch + its launch latency). The latency is the measured one for work that found its stream
//   idle; for work that was queued behind its predecessor (launched before that one ended) it is the
//   median latency of the idle-stream launches, at most its measured start - launch;
// - a host call that waits for the GPU (stream/device/event synchronize, a blocking copy) returns at
//   max(its start + what it costs without waiting, the simulated end of what it waits for + the time it
//   measured after that end); everything the host does after it moves by the difference;
// - a removed kernel takes its launch call's time off the host timeline after it;
// - a launch made cheaper (CUDA graphs) takes the saving off the host timeline after it;
// - a run of launches graphed (GraphedRun) reaches the GPU at the run's first launch, and the host's time over
//   the run shrinks to the graph's replay cost.
// The step is replayed as it repeats, four times in a row, each copy's host starting where the previous
// one's ended; the replayed step is the last copy's, from the end of the one before (as CUDA events at the
// step boundaries time it). Where the measured host ran far ahead of the GPU (a backlog of earlier steps'
// work), the first copy's host starts as late as it can without the measured step changing: a faster GPU
// then meets the host floor instead of draining a backlog that would not build up in the first place.
// With no change the replay gives back the measured step where it repeats as measured (to the first
// kernel's gap after the previous step's work); cross-stream waits (events between streams) are not in
// the trace and keep their measured latency.
//
// The host runs on the host model's clock (host_model.h): its waits for the GPU (a full launch queue,
// synchronisations, blocking copies, allocator calls) and the tracer's or the instrumentation's cost taken
// out, so that a GPU-bound step can become faster than the measured one down to the host's own cost.

#include "opscope/host_model.h"
#include "opscope/profile.h"
#include "opscope/step_timing.h"

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace opscope {

// A host call inside the step that waits for the GPU.
struct HostSync {
    enum class Kind : uint8_t {
        Synchronize = 0,  // cuda{Device,Stream,Event}Synchronize, cu*Synchronize, hip*
        BlockingCopy = 1, // cudaMemcpy (not async), or an async copy to/from pageable host memory
        Allocator = 2,    // cudaFree, cudaFreeHost, cuMemFree & co.: they synchronise the device
    };
    Index api_call = kNoIndex; // api_calls[]
    Kind kind = Kind::Synchronize;
    Index memory_op = kNoIndex; // BlockingCopy: the copy (memory_ops[]), when it ran in the step
    uint32_t stream = 0;        // the stream it waits for (from the GPU-side sync record); with
    bool has_stream = false;    // none it waits for all the work launched before it
    int64_t start_ns = 0;
    int64_t end_ns = 0;
    int64_t gpu_done_ns = INT64_MIN; // measured end of what it waited for; INT64_MIN: nothing
    int64_t wait_ns = 0;             // the part of the call spent waiting for that end
};
std::string_view toString(HostSync::Kind kind);

// The host calls of [from, to] that wait for the GPU (by name; async copies by their memory kinds),
// in start order, without their waits.
std::vector<HostSync> findHostSyncs(const Profile &p, int64_t from, int64_t to);
// The host calls of a step's host window that wait for the GPU, with their waits: what each waited for is
// the copy it made, else the step's work launched before it (on its stream where known) that had ended by
// the time it returned.
std::vector<HostSync> stepHostSyncs(const Profile &p, const StepTiming &timing);

// A run of launches replayed as one CUDA graph: its kernels reach the GPU together at the run's first launch,
// and the host's time from that launch to the end of the run's last launch call becomes replay_host_ns (what
// replaying the graph costs the host), never more than it was. The run holds no synchronisation.
struct GraphedRun {
    std::vector<size_t> kernels; // positions in StepTiming::kernels
    int64_t replay_host_ns = 0;
};

// What changes in a replay. Kernels are named by their position in StepTiming::kernels.
struct StepChange {
    std::unordered_map<size_t, int64_t> kernel_ns; // new GPU duration of a kernel
    std::vector<size_t> removed;                   // kernels that go away, with their launch calls
    std::vector<size_t> unblocked;                 // StepReplay::syncs() that no longer wait
    // CUDA graphs: every launch of the step costs the host this much less (the eager launch path a graph
    // replay skips), at most the host's time since its previous launch; the Python around the launches, the
    // synchronisations and the GPU's work stay. A host-bound step gains what its host saves, no more.
    int64_t launch_saving_ns = 0;
    // CUDA graphs over runs of launches (the model's forward and backward under torch.compile's
    // "reduce-overhead"): the Python, dispatch and launch path between a run's launches go; the launches outside
    // every run keep their cost (launch_saving_ns does not apply to a graphed launch).
    std::vector<GraphedRun> graphs;

    bool empty() const
    {
        return kernel_ns.empty() && removed.empty() && unblocked.empty() && launch_saving_ns <= 0 && graphs.empty();
    }
};

class StepReplay {
public:
    // The host runs on `host`'s clock (HostModel::toModel); a default HostModel keeps it as measured.
    StepReplay(const Profile &p, const StepTiming &timing, const HostModel &host = {});

    // The simulated step: the last of the repeated copies, from the previous copy's end to max(its host's
    // end, its last GPU work's end).
    int64_t replay(const StepChange &change = {}) const;
    // The measured step the replay starts from (StepTiming::measured_step_ns).
    int64_t measuredNs() const { return measured_; }

    const std::vector<HostSync> &syncs() const { return syncs_; }
    // Median latency (kernel start - launch) of launches that found their stream idle; -1: none.
    int64_t idleLaunchLatencyNs() const { return idleLatency_; }
    // Median gap on the GPU between a queued kernel and its predecessor on the stream; -1: none.
    int64_t queuedGapNs() const { return queuedGap_; }
    // Median duration of a launch call (cudaLaunchKernel & co.); -1: none.
    int64_t launchCallNs() const { return launchCall_; }
    // How far the measured host ran ahead of the GPU beyond what the step needed (a backlog of earlier steps'
    // work); the replay starts the host that much later, where a faster GPU would meet it.
    int64_t hostLeadNs() const { return lead_; }

private:
    struct Work {
        int64_t launch = 0;  // host time of its launch (start of the API call); its start when unknown
        int64_t callEnd = 0; // end of that call (== launch when unknown)
        int64_t start = 0, end = 0;
        int64_t latency = 0; // launch -> start when its stream is idle
        int64_t gap = 0;     // after the previous work on its stream when queued
        uint32_t stream = 0;
        int64_t kernel = -1; // position in StepTiming::kernels; -1 for a memory operation
        Index memoryOp = kNoIndex;
    };
    struct Event {
        int64_t time = 0;
        int type = 0; // 0 launch (work), 1 host sync
        size_t index = 0;
    };

    // A GraphedRun on the replay's work: its launches, the first and last of them in launch order, and the host
    // time the graph takes off the run.
    struct Graph {
        std::vector<size_t> work;
        size_t first = 0, last = 0;
        int64_t cut = 0;
    };

    int64_t host(int64_t t) const; // a measured host time on the host model's clock
    std::vector<Graph> graphsOf(const StepChange &change,
                                const std::unordered_map<int64_t, size_t> &workOfKernel) const;

    std::vector<Work> work_;
    std::vector<HostSync> syncs_;
    std::vector<std::vector<size_t>> awaited_; // per sync: the work_ it waited for
    std::vector<Event> events_;                // launches and syncs in host time order
    int64_t start_ = 0, hostStart_ = 0, hostEnd_ = 0, measured_ = 0;
    HostModel model_;
    int64_t idleLatency_ = -1, queuedGap_ = -1, launchCall_ = -1;
    int64_t lead_ = 0; // how much later the host can start without the measured step changing
    static constexpr int kCopies = 4;
};

} // namespace opscope
