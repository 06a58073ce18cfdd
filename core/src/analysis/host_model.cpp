// The host's own cost per step, measured from the trace (host_model.h).
#include "opscope/host_model.h"

#include "opscope/whatif.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <unordered_map>
#include <unordered_set>

namespace opscope {

namespace {

// What a removal is for; the waits go first, the tracer's cost takes what is left of a span.
enum Category { Blocked = 0, Sync = 1, Copy = 2, Allocator = 3, Tracing = 4, kCategories = 5 };

struct Demand {
    int64_t start = 0, end = 0;
    double amount = 0; // ns taken out of [start, end], evenly
    Category category = Blocked;
};

int64_t median(std::vector<int64_t> values)
{
    if (values.empty())
        return -1;
    std::nth_element(values.begin(), values.begin() + values.size() / 2, values.end());
    return values[values.size() / 2];
}

int64_t percentile25(std::vector<int64_t> values)
{
    if (values.empty())
        return -1;
    std::nth_element(values.begin(), values.begin() + values.size() / 4, values.end());
    return values[values.size() / 4];
}

// CUDA calls the tracer intercepts as a launch costs: every runtime call, and the driver's launches, copies,
// events, streams and graphs (not the driver's cheap queries a runtime launch makes inside itself, such as
// cuKernelGetName: the calibration burst times them as part of the launch).
bool tracedCall(const Profile &p, const ApiCall &call)
{
    if (call.kind == ApiKind::Runtime)
        return true;
    const std::string_view name = p.text(call.name);
    for (std::string_view prefix : {"cuLaunch", "cuMem", "cuEvent", "cuStream", "cuGraph", "cuCtxSynchronize"})
        if (name.starts_with(prefix))
            return true;
    return false;
}

// The launch calls of the window that waited for a slot in a full launch queue, with their excess over
// the same call's cost when the queue was shallow.
void blockedLaunches(const Profile &p, const StepTiming &t, const std::unordered_set<Index> &threads,
                     std::vector<Demand> &demands, HostModel &m)
{
    if (t.kernels.empty())
        return;
    const int32_t device = p.kernels[t.kernels.front().kernel].device;
    // Launch and start of every piece of work on the step's device: the queue's depth at a time is the work
    // launched before it that had not started yet.
    std::unordered_map<uint64_t, int64_t> launchOf; // thread << 32 | correlation id -> call start
    std::unordered_map<uint32_t, int64_t> launchOfId;
    for (const ApiCall &a : p.api_calls)
        if (a.correlation_id) {
            launchOf.emplace(uint64_t(a.thread) << 32 | a.correlation_id, a.start_ns);
            launchOfId.emplace(a.correlation_id, a.start_ns);
        }
    std::vector<int64_t> launches, starts;
    const auto add = [&](Index thread, uint32_t correlation, int64_t start) {
        const auto byThread = launchOf.find(uint64_t(thread) << 32 | correlation);
        const auto byId = launchOfId.find(correlation);
        if (byThread == launchOf.end() && byId == launchOfId.end())
            return;
        launches.push_back(byThread != launchOf.end() ? byThread->second : byId->second);
        starts.push_back(std::max(start, launches.back()));
    };
    for (const Kernel &k : p.kernels)
        if (k.device == device && k.correlation_id)
            add(k.launch_thread, k.correlation_id, k.start_ns);
    for (const MemoryOp &op : p.memory_ops)
        if (op.device == device && op.correlation_id)
            add(kNoIndex, op.correlation_id, op.start_ns);
    std::sort(launches.begin(), launches.end());
    std::sort(starts.begin(), starts.end());
    const auto depth = [&](int64_t t) {
        const auto launched = std::lower_bound(launches.begin(), launches.end(), t) - launches.begin();
        const auto started = std::upper_bound(starts.begin(), starts.end(), t) - starts.begin();
        return size_t(std::max<ptrdiff_t>(0, launched - started));
    };

    // The window's launch calls (those that launched work) with the queue's depth when each began.
    std::unordered_set<uint32_t> launching;
    for (const Kernel &k : p.kernels)
        if (k.device == device)
            launching.insert(k.correlation_id);
    for (const MemoryOp &op : p.memory_ops)
        if (op.device == device)
            launching.insert(op.correlation_id);
    struct Call {
        const ApiCall *call;
        size_t depth;
    };
    std::vector<Call> calls;
    size_t deepest = 0;
    for (const ApiCall &a : p.api_calls)
        if (a.correlation_id && launching.count(a.correlation_id) && threads.count(a.thread) &&
            a.start_ns >= t.host_start_ns && a.start_ns <= t.host_end_ns) {
            calls.push_back({&a, depth(a.start_ns)});
            deepest = std::max(deepest, calls.back().depth);
        }
    if (deepest < kFullQueueMinDepth)
        return;
    // Each call's usual cost: the median of the same call made with a shallow queue, else its lower quartile.
    std::unordered_map<StringId, std::vector<int64_t>> shallow, all;
    for (const Call &c : calls) {
        const int64_t d = c.call->end_ns - c.call->start_ns;
        all[c.call->name].push_back(d);
        if (double(c.depth) < 0.5 * kFullQueueShare * double(deepest))
            shallow[c.call->name].push_back(d);
    }
    std::unordered_map<StringId, int64_t> usual;
    for (auto &[name, durations] : all)
        usual[name] = shallow.count(name) ? median(shallow[name]) : percentile25(durations);
    std::vector<const Call *> held;
    size_t deep = 0;
    for (const Call &c : calls) {
        if (double(c.depth) < kFullQueueShare * double(deepest))
            continue;
        ++deep;
        const int64_t d = c.call->end_ns - c.call->start_ns, normal = usual[c.call->name];
        if (normal >= 0 && d > 2 * normal)
            held.push_back(&c);
    }
    // A full queue holds most launches made at its depth; a few slow calls at a deep queue that never fills
    // (the queue's limit is higher) are the host's own jitter.
    if (double(held.size()) < kFullQueueHeldShare * double(deep))
        return;
    for (const Call *c : held) {
        const int64_t d = c->call->end_ns - c->call->start_ns, normal = usual[c->call->name];
        demands.push_back({c->call->start_ns + normal, c->call->end_ns, double(d - normal), Blocked});
        ++m.blocked_launches;
    }
}

// The demands as non-overlapping spans of the window: per elementary span, the waits take what they ask
// (at most all of it), the tracer's cost what is left; each category's total is what it was given.
void resolve(std::vector<Demand> demands, HostModel &m, std::array<double, kCategories> &given)
{
    struct Edge {
        int64_t time;
        double rate; // amount per ns, + at the start, - at the end
        Category category;
    };
    std::vector<Edge> edges;
    for (const Demand &d : demands)
        if (d.end > d.start && d.amount > 0) {
            const double rate = std::min(1.0, d.amount / double(d.end - d.start));
            edges.push_back({d.start, rate, d.category});
            edges.push_back({d.end, -rate, d.category});
        }
    std::sort(edges.begin(), edges.end(), [](const Edge &a, const Edge &b) { return a.time < b.time; });
    std::array<double, kCategories> rate{};
    given.fill(0);
    for (size_t i = 0; i < edges.size();) {
        const int64_t at = edges[i].time;
        for (; i < edges.size() && edges[i].time == at; ++i)
            rate[edges[i].category] += edges[i].rate;
        if (i == edges.size())
            break;
        const int64_t next = edges[i].time;
        const double length = double(next - at);
        double waits = 0;
        for (int c = Blocked; c < Tracing; ++c)
            waits += std::max(0.0, rate[c]);
        const double waitShare = std::min(1.0, waits);
        const double tracingShare = std::min(1.0 - waitShare, std::max(0.0, rate[Tracing]));
        if (waitShare + tracingShare <= 1e-12)
            continue;
        for (int c = Blocked; c < Tracing; ++c)
            if (waits > 0)
                given[c] += length * waitShare * std::max(0.0, rate[c]) / waits;
        given[Tracing] += length * tracingShare;
        const double removed = length * (waitShare + tracingShare);
        if (!m.removals.empty() && m.removals.back().end_ns == at &&
            std::abs(m.removals.back().removed / double(at - m.removals.back().start_ns) - removed / length) < 1e-9)
            m.removals.back() = {m.removals.back().start_ns, next, m.removals.back().removed + removed};
        else
            m.removals.push_back({at, next, removed});
    }
    double total = 0;
    for (const HostModel::Removal &r : m.removals) {
        m.removedBefore.push_back(total);
        total += r.removed;
    }
}

} // namespace

std::string_view toString(HostModel::Correction correction)
{
    switch (correction) {
    case HostModel::Correction::None:
        break;
    case HostModel::Correction::Calibrated:
        return "calibrated";
    case HostModel::Correction::PlainHostTime:
        return "plain_host_time";
    case HostModel::Correction::Instrumented:
        return "instrumented";
    case HostModel::Correction::PlainStepBound:
        return "plain_step_bound";
    }
    return "none";
}

int64_t HostModel::toModel(int64_t t) const
{
    if (removals.empty() || t <= removals.front().start_ns)
        return t;
    auto it = std::upper_bound(removals.begin(), removals.end(), t,
                               [](int64_t time, const Removal &r) { return time < r.start_ns; });
    const size_t i = size_t(it - removals.begin()) - 1; // the last removal starting at or before t
    const Removal &r = removals[i];
    double removed = removedBefore[i];
    if (t >= r.end_ns)
        removed += r.removed;
    else
        removed += r.removed * double(t - r.start_ns) / double(r.end_ns - r.start_ns);
    return t - int64_t(std::llround(removed));
}

HostModel buildHostModel(const Profile &p, const StepTiming &t, const std::optional<ReferenceTiming> &reference)
{
    HostModel m;
    m.span_ns = std::max<int64_t>(0, t.host_end_ns - t.host_start_ns);
    m.gpu_busy_ns = t.busy_ns;
    if (t.source == StepTiming::Source::None || m.span_ns <= 0)
        return m;

    // The launching threads: those that launched the step's work.
    std::unordered_map<uint32_t, Index> threadOfCall;
    for (const ApiCall &a : p.api_calls)
        if (a.correlation_id && a.start_ns >= t.host_start_ns && a.start_ns <= t.host_end_ns)
            threadOfCall.emplace(a.correlation_id, a.thread);
    std::unordered_set<Index> threads;
    for (const StepKernel &k : t.kernels)
        if (const auto it = threadOfCall.find(p.kernels[k.kernel].correlation_id); it != threadOfCall.end())
            threads.insert(it->second);
    for (const StepMemoryOp &op : t.memory)
        if (const auto it = threadOfCall.find(p.memory_ops[op.memory_op].correlation_id); it != threadOfCall.end())
            threads.insert(it->second);

    std::vector<Demand> demands;
    blockedLaunches(p, t, threads, demands, m);
    for (const HostSync &s : stepHostSyncs(p, t))
        if (s.wait_ns > 0) {
            const Category category = s.kind == HostSync::Kind::BlockingCopy ? Copy
                                      : s.kind == HostSync::Kind::Allocator  ? Allocator
                                                                             : Sync;
            demands.push_back({s.start_ns, std::min(s.gpu_done_ns, s.end_ns), double(s.wait_ns), category});
        }
    std::array<double, kCategories> given{};
    resolve(demands, m, given);
    const auto waited = [&](Category c) { return int64_t(std::llround(given[c])); };
    m.blocked_launch_ns = waited(Blocked);
    m.sync_wait_ns = waited(Sync);
    m.copy_wait_ns = waited(Copy);
    m.allocator_wait_ns = waited(Allocator);
    m.traced_own_ns = std::max<int64_t>(0, m.span_ns - m.waitNs());

    // The tracer's (or the instrumentation's) cost.
    std::vector<const ApiCall *> traced;
    for (const ApiCall &a : p.api_calls)
        if (threads.count(a.thread) && a.start_ns >= t.host_start_ns && a.start_ns <= t.host_end_ns && tracedCall(p, a))
            traced.push_back(&a);
    m.traced_calls = traced.size();
    const bool plainStep = t.source == StepTiming::Source::ReferenceStep;
    const bool plainElsewhere = reference && reference->tracedNs > 0; // the plain time from a process without nsys
    if (plainStep && reference && reference->tracingCostPerCallNs > 0) {
        m.correction = HostModel::Correction::Calibrated;
        m.tracing_cost_per_call_ns = reference->tracingCostPerCallNs;
    } else if (plainStep && plainElsewhere && reference->referenceCpuNs > 0 && m.blocked_launches == 0 &&
               double(m.waitNs()) < 0.05 * double(m.span_ns) && !traced.empty()) {
        // Neither host waited for the GPU: the traced host's own time against the plain host's.
        m.correction = HostModel::Correction::PlainHostTime;
        m.tracing_cost_per_call_ns =
            std::max(0.0, double(m.traced_own_ns - reference->referenceCpuNs) / double(traced.size()));
    } else if (t.source == StepTiming::Source::LabelledStep && t.corrected && reference) {
        m.correction = HostModel::Correction::Instrumented;
    }
    double wanted = 0; // the tracer's (or instrumentation's) cost to take out
    if (m.tracing_cost_per_call_ns > 0) {
        wanted = m.tracing_cost_per_call_ns * double(traced.size());
        std::unordered_map<Index, int64_t> previousEnd;
        std::sort(traced.begin(), traced.end(),
                  [](const ApiCall *a, const ApiCall *b) { return a->start_ns < b->start_ns; });
        for (const ApiCall *a : traced) {
            const auto previous = previousEnd.find(a->thread);
            int64_t from = a->start_ns - int64_t(m.tracing_cost_per_call_ns);
            if (previous != previousEnd.end())
                from = std::max(from, previous->second);
            from = std::max(from, t.host_start_ns);
            demands.push_back({from, a->end_ns, m.tracing_cost_per_call_ns, Tracing});
            previousEnd[a->thread] = std::max(previous == previousEnd.end() ? INT64_MIN : previous->second, a->end_ns);
        }
    } else if (m.correction == HostModel::Correction::Instrumented && m.traced_own_ns > 0) {
        // The instrumented host's own time compressed to the plain host's time (its perf_counter), else to the
        // plain step's time.
        double scale = 1.0;
        if (reference->referenceCpuNs > 0)
            scale = std::min(1.0, double(reference->referenceCpuNs) / double(m.traced_own_ns));
        else if (t.measured_step_ns > 0 && t.step_ns > 0 && t.step_ns < t.measured_step_ns)
            scale = double(t.step_ns) / double(t.measured_step_ns);
        wanted = (1.0 - scale) * double(m.traced_own_ns); // spread over the window below
    }
    const double calibratedCost = wanted;
    // The plain host ran a whole step, its waits included, in its fastest perf_counter step, and the plain loop
    // a step in the plain step's time: the host's own cost is no more than either. Where the traced host less
    // the tracer's cost per call stays above that (nsys slows a real step's host more than the calibration
    // burst's one-element launches: the H200's ResNet-50 kept 26.8 ms of its own against a 15.9 ms step), the
    // rest of the tracer's cost comes off the window evenly, down to the bound.
    if (plainStep && reference && m.correction != HostModel::Correction::Instrumented) {
        m.bound_ns = reference->referenceNs;
        if (reference->referenceCpuNs > 0)
            m.bound_ns = std::min(m.bound_ns, reference->referenceCpuNs);
        if (m.bound_ns > 0 && double(m.traced_own_ns) - wanted > double(m.bound_ns)) {
            m.corrected_by = m.correction;
            m.correction = HostModel::Correction::PlainStepBound;
            wanted = double(m.traced_own_ns - m.bound_ns);
        }
    }
    if (m.correction != HostModel::Correction::None) {
        m.removals.clear();
        m.removedBefore.clear();
        resolve(demands, m, given);
        // What the calls could not give where they are (calls closer together than the per-call cost; all of an
        // instrumented host's cost) comes off the window's time that is not waiting, evenly.
        if (wanted - given[Tracing] > 1000) {
            const auto withSpread = [&](double amount) {
                std::vector<Demand> all = demands;
                all.push_back({t.host_start_ns, t.host_end_ns, amount, Tracing});
                m.removals.clear();
                m.removedBefore.clear();
                resolve(all, m, given);
                return given[Tracing];
            };
            // The amount spread over the window that gives `wanted` in all (bisection: the waits' and the calls'
            // spans cap it where they already took their share).
            double low = 0, high = 2.0 * double(m.span_ns);
            for (int round = 0; round < 30 && high - low > 100; ++round) {
                const double mid = (low + high) / 2;
                (withSpread(mid) < wanted ? low : high) = mid;
            }
            withSpread(high);
        }
    }
    m.tracing_cost_ns = int64_t(std::llround(given[Tracing]));
    m.own_ns = std::max<int64_t>(0, m.toModel(t.host_end_ns) - m.toModel(t.host_start_ns));

    const auto ms = [](int64_t ns) { return formatFixedDuration(ns, 2); };
    switch (m.correction) {
    case HostModel::Correction::Calibrated:
        m.note = "nsys's cost per CUDA call measured by the launcher (a burst of launches timed with and without "
                 "nsys) taken out of the traced host";
        break;
    case HostModel::Correction::PlainHostTime:
        m.note = "nsys's cost per CUDA call from the plain host's time (" + ms(reference->referenceCpuNs) +
                 ", perf_counter) against the traced host's own time, as neither waited for the GPU";
        break;
    case HostModel::Correction::Instrumented:
        m.note = "the instrumented host's own time compressed to the plain host's time (" +
                 ms(reference->referenceCpuNs) +
                 ", perf_counter; an upper bound where the plain host waited for a full launch queue)";
        break;
    case HostModel::Correction::PlainStepBound:
        m.note = "bounded by the plain host's fastest step (" + ms(m.bound_ns) +
                 ", perf_counter, its waits included; " + "the plain step " + ms(reference->referenceNs) +
                 "): the traced host less " +
                 (m.corrected_by == HostModel::Correction::Calibrated ? std::string("the calibrated cost per call")
                                                                      : std::string("its waits")) +
                 " was " + ms(int64_t(std::llround(double(m.traced_own_ns) - calibratedCost))) +
                 ", more than a plain step can hold; the rest of nsys's cost taken out evenly";
        break;
    case HostModel::Correction::None:
        m.note = reference ? "the traced host's own time, nsys's cost per call not taken out (no calibration in this "
                             "capture, and the host waited for the GPU): an upper bound on the plain host's"
                           : "the traced host's own time: an upper bound on the plain host's (no plain timing)";
        break;
    }
    return m;
}

std::string describeHostModel(const HostModel &m, Typography micro)
{
    const auto ms = [&](int64_t ns) { return formatFixedDuration(ns, 1, micro); };
    std::string text = "Host: " + ms(m.own_ns) + " of its own per step, the GPU: " + ms(m.gpu_busy_ns) + " busy";
    std::vector<std::string> waits;
    if (m.blocked_launch_ns > 0)
        waits.push_back(ms(m.blocked_launch_ns) + " in " + std::to_string(m.blocked_launches) +
                        " launches held by a full launch queue");
    if (m.sync_wait_ns > 0)
        waits.push_back(ms(m.sync_wait_ns) + " in synchronisations");
    if (m.copy_wait_ns > 0)
        waits.push_back(ms(m.copy_wait_ns) + " in blocking copies");
    if (m.allocator_wait_ns > 0)
        waits.push_back(ms(m.allocator_wait_ns) + " in allocator calls");
    text += " (the traced host " + ms(m.span_ns);
    if (!waits.empty()) {
        text += ", less its waits for the GPU: ";
        for (size_t i = 0; i < waits.size(); ++i)
            text += (i ? ", " : "") + waits[i];
    }
    if (m.tracing_cost_ns > 0) {
        if (m.correction == HostModel::Correction::Instrumented) {
            text += ", less " + ms(m.tracing_cost_ns) + " of instrumentation";
        } else if (m.correction == HostModel::Correction::PlainStepBound) {
            text +=
                ", less " + ms(m.tracing_cost_ns) + " of nsys's cost on " + std::to_string(m.traced_calls) + " calls";
        } else {
            char perCall[32];
            std::snprintf(perCall, sizeof perCall, "%.1f", m.tracing_cost_per_call_ns / 1000.0);
            text += ", less nsys's " + std::string(perCall) + (micro == Typography::Unicode ? " µs" : " us") +
                    " a call on " + std::to_string(m.traced_calls) + " calls";
        }
    }
    return text + "; " + m.note + ")";
}

nlohmann::ordered_json hostModelJson(const HostModel &m)
{
    return {{"own_ns", m.own_ns},
            {"gpu_busy_ns", m.gpu_busy_ns},
            {"correction", toString(m.correction)},
            {"traced_span_ns", m.span_ns},
            {"traced_own_ns", m.traced_own_ns},
            {"blocked_launch_ns", m.blocked_launch_ns},
            {"blocked_launches", m.blocked_launches},
            {"sync_wait_ns", m.sync_wait_ns},
            {"copy_wait_ns", m.copy_wait_ns},
            {"allocator_wait_ns", m.allocator_wait_ns},
            {"traced_calls", m.traced_calls},
            {"tracing_cost_per_call_ns", m.tracing_cost_per_call_ns},
            {"tracing_cost_ns", m.tracing_cost_ns},
            {"bound_ns", m.bound_ns},
            {"note", m.note}};
}

} // namespace opscope
