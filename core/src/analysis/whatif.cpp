// What-if replay of one step's timeline (whatif.h).
#include "opscope/whatif.h"

#include <algorithm>
#include <cmath>

namespace opscope {

namespace {

bool isSynchronize(std::string_view name)
{
    for (std::string_view s : {"cudaDeviceSynchronize", "cudaStreamSynchronize", "cudaEventSynchronize",
                               "cudaThreadSynchronize", "cuCtxSynchronize", "cuStreamSynchronize", "cuEventSynchronize",
                               "hipDeviceSynchronize", "hipStreamSynchronize", "hipEventSynchronize"})
        if (name == s)
            return true;
    return false;
}

// Copies that return only once done, whatever the memory.
bool isBlockingCopyCall(std::string_view name)
{
    for (std::string_view s :
         {"cudaMemcpy", "cudaMemcpy2D", "cudaMemcpy3D", "cudaMemcpyToSymbol", "cudaMemcpyFromSymbol", "cuMemcpy",
          "cuMemcpyDtoH", "cuMemcpyHtoD", "cuMemcpy2D", "hipMemcpy"})
        if (name == s)
            return true;
    return false;
}

// Calls that free device or pinned memory synchronise the device first.
bool isAllocatorSyncCall(std::string_view name)
{
    for (std::string_view s :
         {"cudaFree", "cudaFreeHost", "cudaFreeArray", "cudaFreeMipmappedArray", "cudaHostUnregister", "cuMemFree",
          "cuMemFreeHost", "cuMemHostUnregister", "cuArrayDestroy", "hipFree", "hipHostFree", "hipFreeHost"})
        if (name == s)
            return true;
    return false;
}

bool isAsyncCopyCall(std::string_view name)
{
    return name.starts_with("cudaMemcpy") || name.starts_with("cuMemcpy") || name.starts_with("hipMemcpy");
}

// An async copy between the GPU and pageable host memory runs synchronously for the host.
bool pageableHostCopy(const MemoryOp &m)
{
    return m.kind == MemoryOpKind::Memcpy &&
           ((m.copy_kind == 1 && m.src_kind == 0) || (m.copy_kind == 2 && m.dst_kind == 0));
}

int64_t median(std::vector<int64_t> values)
{
    if (values.empty())
        return -1;
    std::nth_element(values.begin(), values.begin() + values.size() / 2, values.end());
    return values[values.size() / 2];
}

// Median latency of the kernel launches of the whole profile that found their stream idle: for a step
// whose every launch was queued behind earlier work.
int64_t idleLaunchLatencyOfProfile(const Profile &p)
{
    // thread << 32 | correlation id -> call start (a kernel without launching thread: by correlation id alone)
    std::unordered_map<uint64_t, int64_t> launchOf;
    for (const ApiCall &a : p.api_calls)
        if (a.correlation_id) {
            launchOf.emplace(uint64_t(a.thread) << 32 | a.correlation_id, a.start_ns);
            launchOf.emplace(uint64_t(kNoIndex) << 32 | a.correlation_id, a.start_ns);
        }
    std::unordered_map<uint32_t, int64_t> streamEnd;
    std::vector<int64_t> latencies;
    for (const Kernel &k : p.kernels) { // in start order (Profile::finalize)
        const auto launch = launchOf.find(uint64_t(k.launch_thread) << 32 | k.correlation_id);
        const auto previous = streamEnd.find(k.stream);
        if (launch != launchOf.end() && previous != streamEnd.end() && launch->second >= previous->second &&
            k.start_ns >= launch->second)
            latencies.push_back(k.start_ns - launch->second);
        streamEnd[k.stream] = std::max(previous == streamEnd.end() ? INT64_MIN : previous->second, k.end_ns);
    }
    return median(std::move(latencies));
}

// A piece of the step's GPU work as a synchronisation sees it.
struct StepWork {
    int64_t launch = 0;
    int64_t end = 0;
    uint32_t stream = 0;
    Index memoryOp = kNoIndex;
};

// Whether `sync` waited for `w`: the copy it made, else work launched before it (on its stream where
// known) that had ended by the time it returned.
bool awaits(const HostSync &sync, const StepWork &w)
{
    const bool mine = sync.memory_op != kNoIndex
                          ? w.memoryOp == sync.memory_op
                          : w.launch < sync.start_ns && (!sync.has_stream || w.stream == sync.stream);
    return mine && w.end <= sync.end_ns;
}

} // namespace

std::string_view toString(HostSync::Kind kind)
{
    switch (kind) {
    case HostSync::Kind::Synchronize:
        break;
    case HostSync::Kind::BlockingCopy:
        return "blocking_copy";
    case HostSync::Kind::Allocator:
        return "allocator";
    }
    return "synchronize";
}

std::vector<HostSync> findHostSyncs(const Profile &p, int64_t from, int64_t to)
{
    std::unordered_map<uint32_t, Index> copyOf; // correlation id -> memory_ops[]
    for (Index i = 0; i < p.memory_ops.size(); ++i)
        if (p.memory_ops[i].correlation_id)
            copyOf.emplace(p.memory_ops[i].correlation_id, i);
    std::unordered_map<uint32_t, const GpuSync *> gpuSyncOf;
    for (const GpuSync &s : p.syncs)
        if (s.correlation_id)
            gpuSyncOf.emplace(s.correlation_id, &s);
    std::vector<HostSync> out;
    for (Index a = 0; a < p.api_calls.size(); ++a) {
        const ApiCall &call = p.api_calls[a];
        if (call.start_ns < from || call.start_ns > to)
            continue;
        const std::string_view name = p.text(call.name); // importers drop nsys's _v7000 suffixes
        HostSync s;
        s.api_call = a;
        s.start_ns = call.start_ns;
        s.end_ns = call.end_ns;
        const auto copy = call.correlation_id ? copyOf.find(call.correlation_id) : copyOf.end();
        if (isSynchronize(name)) {
            s.kind = HostSync::Kind::Synchronize;
        } else if (isAllocatorSyncCall(name)) {
            s.kind = HostSync::Kind::Allocator;
        } else if (isBlockingCopyCall(name) ||
                   (isAsyncCopyCall(name) && copy != copyOf.end() && pageableHostCopy(p.memory_ops[copy->second]))) {
            s.kind = HostSync::Kind::BlockingCopy;
            if (copy != copyOf.end())
                s.memory_op = copy->second;
        } else {
            continue;
        }
        if (const auto g = call.correlation_id ? gpuSyncOf.find(call.correlation_id) : gpuSyncOf.end();
            g != gpuSyncOf.end() && g->second->kind == SyncKind::Stream) {
            s.stream = g->second->stream;
            s.has_stream = true;
        }
        out.push_back(s);
    }
    std::sort(out.begin(), out.end(), [](const HostSync &x, const HostSync &y) { return x.start_ns < y.start_ns; });
    return out;
}

std::vector<HostSync> stepHostSyncs(const Profile &p, const StepTiming &timing)
{
    std::vector<HostSync> syncs = findHostSyncs(p, timing.host_start_ns, timing.host_end_ns);
    std::vector<StepWork> work;
    for (const StepKernel &k : timing.kernels) {
        const Kernel &kernel = p.kernels[k.kernel];
        work.push_back({k.launch_ns >= 0 ? k.launch_ns : kernel.start_ns, kernel.end_ns, kernel.stream, kNoIndex});
    }
    for (const StepMemoryOp &m : timing.memory) {
        const MemoryOp &op = p.memory_ops[m.memory_op];
        work.push_back({m.launch_ns >= 0 ? m.launch_ns : op.start_ns, op.end_ns, op.stream, Index(m.memory_op)});
    }
    for (HostSync &sync : syncs) {
        for (const StepWork &w : work)
            if (awaits(sync, w))
                sync.gpu_done_ns = std::max(sync.gpu_done_ns, w.end);
        sync.wait_ns = sync.gpu_done_ns > sync.start_ns ? sync.gpu_done_ns - sync.start_ns : 0;
    }
    return syncs;
}

StepReplay::StepReplay(const Profile &p, const StepTiming &timing, const HostModel &hostModel)
    : start_(timing.start_ns), hostStart_(timing.host_start_ns), hostEnd_(timing.host_end_ns),
      measured_(timing.measured_step_ns), model_(hostModel)
{
    // The launch calls of the step, by correlation id.
    std::unordered_map<uint32_t, Index> callOf;
    for (Index a = 0; a < p.api_calls.size(); ++a) {
        const ApiCall &c = p.api_calls[a];
        if (c.correlation_id && c.start_ns >= hostStart_ && c.start_ns <= hostEnd_)
            callOf.emplace(c.correlation_id, a);
    }
    std::vector<int64_t> callDurations; // on the host model's clock
    const auto add = [&](int64_t launch, uint32_t correlation, int64_t start, int64_t end, uint32_t stream,
                         int64_t kernel, Index memoryOp) {
        Work w;
        w.start = start;
        w.end = end;
        w.stream = stream;
        w.kernel = kernel;
        w.memoryOp = memoryOp;
        w.launch = launch >= 0 ? launch : INT64_MIN; // filled below for unknown launches
        w.callEnd = w.launch;
        if (launch >= 0)
            if (const auto it = callOf.find(correlation);
                it != callOf.end() && p.api_calls[it->second].start_ns == launch) {
                w.callEnd = p.api_calls[it->second].end_ns;
                if (kernel >= 0)
                    callDurations.push_back(host(w.callEnd) - host(launch));
            }
        work_.push_back(w);
    };
    for (size_t i = 0; i < timing.kernels.size(); ++i) {
        const Kernel &k = p.kernels[timing.kernels[i].kernel];
        add(timing.kernels[i].launch_ns, k.correlation_id, k.start_ns, k.end_ns, k.stream, int64_t(i), kNoIndex);
    }
    for (const StepMemoryOp &m : timing.memory) {
        const MemoryOp &op = p.memory_ops[m.memory_op];
        add(m.launch_ns, op.correlation_id, op.start_ns, op.end_ns, op.stream, -1, Index(m.memory_op));
    }
    launchCall_ = median(callDurations);

    // Each stream in its GPU order. Work of unknown launch is taken as launched when it could last have
    // been: at its start, and not after the next launch on its stream (streams run in launch order).
    std::unordered_map<uint32_t, std::vector<size_t>> streams;
    for (size_t i = 0; i < work_.size(); ++i)
        streams[work_[i].stream].push_back(i);
    std::vector<int64_t> idleLatencies, queuedGaps;
    std::vector<bool> queued(work_.size(), false);
    for (auto &[stream, order] : streams) {
        std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return work_[a].start < work_[b].start; });
        int64_t next = INT64_MAX;
        for (size_t n = order.size(); n-- > 0;) {
            Work &w = work_[order[n]];
            if (w.launch == INT64_MIN)
                w.launch = w.callEnd = std::min(w.start, next);
            next = std::min(next, w.launch);
        }
        int64_t previousEnd = start_;
        for (size_t i : order) {
            Work &w = work_[i];
            queued[i] = w.launch < previousEnd;
            w.gap = w.start - previousEnd;
            w.latency = w.start - w.launch;
            (queued[i] ? queuedGaps : idleLatencies).push_back(queued[i] ? w.gap : w.latency);
            previousEnd = w.end;
        }
    }
    idleLatency_ = median(idleLatencies);
    if (idleLatency_ < 0)
        idleLatency_ = idleLaunchLatencyOfProfile(p); // every launch of the step was queued
    queuedGap_ = std::max<int64_t>(-1, median(queuedGaps));
    for (size_t i = 0; i < work_.size(); ++i) {
        Work &w = work_[i];
        if (queued[i]) // no idle launch anywhere in the profile: no latency beyond the queue's
            w.latency = std::min(w.latency, std::max<int64_t>(0, idleLatency_));
        if (!queued[i])
            w.gap = std::min(w.gap, std::max<int64_t>(0, queuedGap_));
    }

    // The synchronisations, and what each waited for (stepHostSyncs' rule).
    syncs_ = stepHostSyncs(p, timing);
    awaited_.resize(syncs_.size());
    for (size_t s = 0; s < syncs_.size(); ++s)
        for (size_t i = 0; i < work_.size(); ++i)
            if (awaits(syncs_[s], {work_[i].launch, work_[i].end, work_[i].stream, work_[i].memoryOp}))
                awaited_[s].push_back(i);

    // The host's lead: later by as much as it can be without the measured step changing. A host far ahead of
    // the GPU (a backlog of earlier steps' work) would hide the host floor a faster GPU meets.
    int64_t firstWait = INT64_MAX, lead = INT64_MAX;
    for (const HostSync &sync : syncs_)
        if (sync.wait_ns > 0 && sync.start_ns < firstWait) {
            firstWait = sync.start_ns;
            lead = sync.gpu_done_ns - host(sync.start_ns); // its wait on the model's clock
        }
    int64_t gpuEnd = INT64_MIN;
    for (const Work &w : work_) {
        gpuEnd = std::max(gpuEnd, w.end);
        if (w.launch < firstWait)
            lead = std::min(lead, w.start - (host(w.launch) + w.latency));
    }
    if (firstWait == INT64_MAX && gpuEnd != INT64_MIN)
        lead = std::min(lead, gpuEnd - host(hostEnd_));
    lead_ = lead == INT64_MAX ? 0 : std::max<int64_t>(0, lead);

    for (size_t i = 0; i < work_.size(); ++i)
        events_.push_back({work_[i].launch, 0, i});
    for (size_t s = 0; s < syncs_.size(); ++s)
        events_.push_back({syncs_[s].start_ns, 1, s});
    std::sort(events_.begin(), events_.end(),
              [](const Event &a, const Event &b) { return a.time != b.time ? a.time < b.time : a.type < b.type; });
}

int64_t StepReplay::host(int64_t t) const
{
    return model_.toModel(t);
}

std::vector<StepReplay::Graph> StepReplay::graphsOf(const StepChange &change,
                                                    const std::unordered_map<int64_t, size_t> &workOfKernel) const
{
    std::vector<size_t> order(work_.size()); // each work's place among the launches
    size_t launches = 0;
    for (const Event &e : events_)
        if (e.type == 0)
            order[e.index] = launches++;
    std::vector<Graph> graphs;
    for (const GraphedRun &run : change.graphs) {
        Graph g;
        for (size_t k : run.kernels)
            if (const auto it = workOfKernel.find(int64_t(k)); it != workOfKernel.end())
                g.work.push_back(it->second);
        if (g.work.empty())
            continue;
        const auto [first, last] =
            std::minmax_element(g.work.begin(), g.work.end(), [&](size_t a, size_t b) { return order[a] < order[b]; });
        g.first = *first;
        g.last = *last;
        // The host's time over the run on the model's clock, less what a replay costs it (never a gain below 0).
        const int64_t span = host(work_[g.last].callEnd) - host(work_[g.first].launch);
        g.cut = std::max<int64_t>(0, span - run.replay_host_ns);
        graphs.push_back(std::move(g));
    }
    return graphs;
}

int64_t StepReplay::replay(const StepChange &change) const
{
    std::vector<bool> removed(work_.size(), false);
    std::unordered_map<int64_t, size_t> workOfKernel;
    for (size_t i = 0; i < work_.size(); ++i)
        if (work_[i].kernel >= 0)
            workOfKernel.emplace(work_[i].kernel, i);
    for (size_t k : change.removed)
        if (const auto it = workOfKernel.find(int64_t(k)); it != workOfKernel.end())
            removed[it->second] = true;
    std::vector<bool> unblocked(syncs_.size(), false);
    for (size_t s : change.unblocked)
        if (s < syncs_.size())
            unblocked[s] = true;
    const std::vector<Graph> graphs = graphsOf(change, workOfKernel);
    std::vector<int64_t> graphOf(work_.size(), -1);
    for (size_t g = 0; g < graphs.size(); ++g)
        for (size_t i : graphs[g].work)
            graphOf[i] = int64_t(g);
    std::vector<int64_t> graphLaunch(graphs.size(), 0); // this copy's host time of each graph's replay

    // The host's shift: pending ones take effect from the measured end of the call that caused them.
    int64_t shift = lead_;
    std::vector<std::pair<int64_t, int64_t>> pending; // (measured time, shift from then on)
    const auto settle = [&](int64_t t) {
        std::sort(pending.begin(), pending.end());
        size_t n = 0;
        for (; n < pending.size() && pending[n].first <= t; ++n)
            shift = pending[n].second;
        pending.erase(pending.begin(), pending.begin() + ptrdiff_t(n));
    };

    std::unordered_map<uint32_t, int64_t> streamEnd;
    std::vector<int64_t> end(work_.size(), INT64_MIN);
    int64_t previousEnd = start_, period = 0;
    for (int copy = 0; copy < kCopies; ++copy) {
        // This copy of the step: its host starts where the previous copy's host ended.
        std::fill(end.begin(), end.end(), INT64_MIN);
        int64_t last = INT64_MIN;
        int64_t previousCall = hostStart_; // measured end of the host's previous launch or sync in this copy
        for (const Event &e : events_) {
            settle(e.time);
            if (e.type == 0) {
                const Work &w = work_[e.index];
                if (removed[e.index]) {
                    // Its launch call leaves the host timeline too.
                    pending.emplace_back(w.callEnd, shift - (host(w.callEnd) - host(w.launch)));
                    previousCall = std::max(previousCall, w.callEnd);
                    continue;
                }
                int64_t launchedAt = host(w.launch) + shift;
                if (const int64_t g = graphOf[e.index]; g >= 0) {
                    // Graphed: replayed at the run's first launch; after its last call the host has spent only
                    // the replay's cost on the run.
                    const Graph &graph = graphs[size_t(g)];
                    if (e.index == graph.first)
                        graphLaunch[size_t(g)] = launchedAt;
                    launchedAt = graphLaunch[size_t(g)];
                    if (e.index == graph.last)
                        pending.emplace_back(w.callEnd, shift - graph.cut);
                } else if (change.launch_saving_ns > 0 && w.callEnd > w.launch) {
                    // The launch path a graph replay skips: at most the host's time since its previous call.
                    const int64_t cut =
                        std::min(change.launch_saving_ns, std::max<int64_t>(0, host(w.callEnd) - host(previousCall)));
                    pending.emplace_back(w.callEnd, shift - cut);
                }
                previousCall = std::max(previousCall, w.callEnd);
                const auto stream = streamEnd.try_emplace(w.stream, start_).first;
                int64_t duration = w.end - w.start;
                if (w.kernel >= 0)
                    if (const auto it = change.kernel_ns.find(size_t(w.kernel)); it != change.kernel_ns.end())
                        duration = std::max<int64_t>(0, it->second);
                const int64_t start = std::max(stream->second + w.gap, launchedAt + w.latency);
                end[e.index] = start + duration;
                stream->second = end[e.index];
                last = std::max(last, end[e.index]);
                continue;
            }
            const HostSync &s = syncs_[e.index];
            previousCall = std::max(previousCall, s.end_ns);
            const int64_t callStart = host(s.start_ns) + shift;
            // What the call costs once the GPU is done (all of it when it did not wait), on the model's clock.
            const int64_t tail = host(s.end_ns) - host(std::max(s.start_ns, s.gpu_done_ns));
            int64_t returns = callStart + tail;
            if (!unblocked[e.index]) {
                int64_t done = INT64_MIN;
                for (size_t i : awaited_[e.index])
                    if (!removed[i])
                        done = std::max(done, end[i]);
                if (done != INT64_MIN)
                    returns = std::max(returns, done + tail);
            }
            pending.emplace_back(s.end_ns, returns - host(s.end_ns));
        }
        settle(INT64_MAX);
        const int64_t hostEnd = host(hostEnd_) + shift;
        // The step ends when both the host and the GPU are done with it (CUDA events at its boundaries).
        const int64_t copyEnd = std::max({hostEnd, last, previousEnd});
        period = copyEnd - previousEnd;
        previousEnd = copyEnd;
        shift = hostEnd - hostStart_;
    }
    return period;
}

} // namespace opscope
