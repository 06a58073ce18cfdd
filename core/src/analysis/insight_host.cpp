// Insights about the host: synchronisations inside the step and the operator that caused each, copies
// from pageable host memory, steps bound by the host (from the plain reference timing only), cold starts.
#include "analysis/cuda_graph_model.h"
#include "analysis/insight_context.h"
#include "analysis/step_windows.h"
#include "opscope/module_tree.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace opscope::insightdetail {

namespace {

// Thresholds (docs/insights.md).
constexpr double kLaunchBoundBusy = 0.5; // GPU busy below this share of the plain step
constexpr size_t kLaunchBoundMinKernels = 10;
constexpr double kSyncMinShare = 0.001; // a wait below this share of the step, with no gain, is not worth an item
constexpr double kColdStartFactor = 1.5;

std::string_view apiName(const Profile &p, const HostSync &s)
{
    return p.text(p.api_calls[s.api_call].name);
}

// The operators around a host call on its thread: the outermost (what the Python code called) and the
// innermost (what did the call).
struct CallSite {
    Index outer = kNoIndex;
    Index inner = kNoIndex;
};

CallSite callSite(const Profile &p, const ApiCall &call)
{
    CallSite site;
    for (Index o = 0; o < p.operators.size(); ++o) {
        const Operator &op = p.operators[o];
        if (op.thread != call.thread || op.start_ns > call.start_ns || op.end_ns < call.start_ns)
            continue;
        const auto longer = [&](Index other) {
            return other == kNoIndex ||
                   op.end_ns - op.start_ns > p.operators[other].end_ns - p.operators[other].start_ns;
        };
        if (longer(site.outer))
            site.outer = o;
        if (site.inner == kNoIndex ||
            op.end_ns - op.start_ns < p.operators[site.inner].end_ns - p.operators[site.inner].start_ns)
            site.inner = o;
    }
    return site;
}

// The user's Python line around a host call, where the trace has Python stacks (torch.profiler's
// with_stack: python_function ranges "train.py(42): train_step"): the innermost frame on the call's thread
// that is not PyTorch's, a library's or the launcher's; "" without one.
std::string pythonLine(const Profile &p, const ApiCall &call)
{
    const Range *best = nullptr;
    for (const Range &r : p.ranges) {
        if (r.kind != RangeKind::PythonFunction || r.thread != call.thread || r.start_ns > call.start_ns ||
            r.end_ns < call.start_ns)
            continue;
        const std::string_view text = p.text(r.text);
        bool library = text.starts_with("<built-in") || text.starts_with("torch/") || text.starts_with("<frozen");
        for (std::string_view part : {"site-packages/", "dist-packages/", "/torch/", "opscope_launcher/", "/lib/python",
                                      "runpy.py", "threading.py"})
            library = library || text.find(part) != std::string_view::npos;
        if (!library && (!best || r.end_ns - r.start_ns < best->end_ns - best->start_ns))
            best = &r;
    }
    return best ? std::string(p.text(best->text)) : std::string();
}

// The labelled step's synchronisations paired with the measured step's, by position, where both steps
// made the same calls in the same order; empty otherwise (never a guess).
std::vector<const HostSync *> labelledSyncs(const InsightContext &c, std::vector<HostSync> &storage, std::string &why)
{
    const std::vector<HostSync> &measured = c.replay.syncs();
    std::vector<const HostSync *> out(measured.size(), nullptr);
    if (c.timing.source != StepTiming::Source::ReferenceStep) {
        for (size_t i = 0; i < measured.size(); ++i)
            out[i] = &measured[i];
        return out;
    }
    const std::optional<stepdetail::Window> window = stepdetail::labelledWindow(c.p, c.captureRange);
    if (!window)
        return out;
    storage = opscope::findHostSyncs(c.p, window->start_ns, window->end_ns);
    bool same = storage.size() == measured.size();
    for (size_t i = 0; same && i < measured.size(); ++i)
        same = apiName(c.p, storage[i]) == apiName(c.p, measured[i]);
    if (!same) {
        why = "the labelled step made " + std::to_string(storage.size()) + " synchronising calls and the plain step " +
              std::to_string(measured.size()) + ": the operators that made them are not named";
        return out;
    }
    for (size_t i = 0; i < measured.size(); ++i)
        out[i] = &storage[i];
    return out;
}

std::string syncFix(std::string_view outer, std::string_view inner, bool copy)
{
    const auto is = [&](std::string_view name) { return outer == name || inner == name; };
    if (is("aten::is_nonzero"))
        return "A Python condition on a GPU tensor (if t:, bool(t), an assert on its values) reads it back: keep "
               "the decision on the GPU (torch.where, a mask) or take it from what the host knows (shapes, "
               "arguments), or check once outside the step.";
    if (is("aten::item") || is("aten::_local_scalar_dense"))
        return "Read the value less often: keep running values on the GPU (accumulate the loss in a tensor) and "
               "call .item() every N steps or after the loop; log every N steps.";
    if (is("aten::nonzero") || is("aten::unique") || is("aten::_unique2") || is("aten::masked_select") ||
        is("aten::repeat_interleave"))
        return "The output's size depends on the data, so PyTorch reads it back to size the result: use a "
               "fixed-size form (torch.where with a mask, a size= argument where the op has one) or move it out "
               "of the step.";
    if (copy || is("aten::to") || is("aten::_to_copy") || is("aten::copy_") || is("aten::cpu"))
        return "Keep the tensor on the GPU, or copy it with non_blocking=True into pinned host memory and "
               "synchronise once, where the value is needed.";
    if (outer.empty())
        return "A synchronisation in the step (torch.cuda.synchronize(), an event wait) drains the GPU's queue: "
               "remove it, time with CUDA events instead, or move it out of the step.";
    return "Avoid reading GPU results on the host inside the step (.item(), .cpu(), printing tensors, "
           "data-dependent shapes): keep values on the GPU, or read them once per many steps.";
}

} // namespace

void findHostWaits(InsightContext &c)
{
    const std::vector<HostSync> &syncs = c.replay.syncs();
    if (syncs.empty())
        return;
    std::vector<HostSync> storage;
    std::string unnamed;
    const std::vector<const HostSync *> twins = labelledSyncs(c, storage, unnamed);
    struct Group {
        std::vector<size_t> syncs;
        CallSite site;
        int64_t wait = 0;
        bool copy = false;
        std::map<std::string, size_t> calls;
        std::set<std::string> lines; // the Python lines that made them
    };
    std::map<std::tuple<std::string, std::string, std::string>, Group> groups;
    for (size_t s = 0; s < syncs.size(); ++s) {
        const HostSync &sync = syncs[s];
        if (sync.memory_op != kNoIndex && c.p.memory_ops[sync.memory_op].copy_kind == 1)
            continue; // host-to-device copies: findPageableCopies
        if (sync.kind == HostSync::Kind::Allocator)
            continue; // cudaFree & co.: findEmptyCache
        CallSite site;
        if (twins[s])
            site = callSite(c.p, c.p.api_calls[twins[s]->api_call]);
        const std::string outer(site.outer == kNoIndex ? "" : c.p.text(c.p.operators[site.outer].name));
        const std::string inner(site.inner == kNoIndex ? "" : c.p.text(c.p.operators[site.inner].name));
        std::string module;
        if (site.outer != kNoIndex && c.p.operators[site.outer].module != kNoIndex)
            module = modulePathText(c.p, c.p.operators[site.outer].module);
        Group &g = groups[{outer, inner, module}];
        if (twins[s])
            if (const std::string line = pythonLine(c.p, c.p.api_calls[twins[s]->api_call]); !line.empty())
                g.lines.insert(line);
        g.syncs.push_back(s);
        g.site = site;
        g.wait += sync.wait_ns;
        g.copy = g.copy || sync.kind == HostSync::Kind::BlockingCopy;
        std::string call(apiName(c.p, sync));
        if (sync.memory_op != kNoIndex) {
            const MemoryOp &m = c.p.memory_ops[sync.memory_op];
            call += std::string(" (device to ") + (m.dst_kind == 0 ? "pageable" : "pinned") + " host memory, " +
                    std::to_string(m.bytes) + " B)";
        }
        ++g.calls[call];
    }
    for (const auto &[key, g] : groups) {
        const auto &[outer, inner, module] = key;
        StepChange change;
        change.unblocked = g.syncs;
        const int64_t gain = c.gain(change);
        if (gain == 0 && double(g.wait) < kSyncMinShare * double(c.stepNs()))
            continue;
        Insight i;
        i.kind = "host-sync";
        std::string place = outer.empty() ? std::string("a synchronising call") : outer;
        if (!inner.empty() && inner != outer)
            place += " (" + inner + ")";
        i.title = "The host waits for the GPU inside the step: " + place + (module.empty() ? "" : " in " + module);
        std::string calls;
        for (const auto &[name, count] : g.calls)
            calls += (calls.empty() ? "" : ", ") + name + " x" + std::to_string(count);
        i.evidence.push_back(calls + ": " + c.duration(g.wait) + " waiting for the GPU to finish its queue (" +
                             c.shareOfStep(g.wait) + " of the step)");
        if (!outer.empty())
            i.evidence.push_back("made by " + place + (module.empty() ? "" : " in module " + module) +
                                 (c.timing.source == StepTiming::Source::ReferenceStep
                                      ? ", the operator around the same call in the labelled step"
                                      : ""));
        else if (!unnamed.empty())
            i.evidence.push_back(unnamed);
        if (!g.lines.empty())
            i.evidence.push_back("at " + InsightContext::listOf({g.lines.begin(), g.lines.end()}, 3) +
                                 " (the Python stack of the trace)");
        else
            i.evidence.push_back("the Python line is not in this trace: torch.profiler's with_stack=True records it "
                                 "(opscope capture --tool torch, or the launcher's --with-stack)");
        if (double(g.wait) < 0.01 * double(c.stepNs()))
            i.evidence.push_back("it costs little in this step: the GPU had little queued when the host began "
                                 "waiting; it costs more as the GPU's queue grows (a faster host, CUDA graphs)");
        else
            i.evidence.push_back("the GPU runs dry while the host waits, and the host cannot queue the next work "
                                 "ahead of the GPU");
        i.fix = syncFix(outer, inner, g.copy);
        i.gainModel = "the step replayed with these calls no longer waiting (each costs only its time after "
                      "the GPU was done); what the host does after them moves earlier by as much";
        if (g.site.outer != kNoIndex)
            i.operators.push_back(g.site.outer);
        if (!module.empty())
            i.modules.push_back(module);
        i.figures = {{"calls", g.syncs.size()},
                     {"wait_ns", g.wait},
                     {"operator", outer},
                     {"inner_operator", inner},
                     {"python_lines", std::vector<std::string>(g.lines.begin(), g.lines.end())}};
        i.fix += " A change to the code: no launcher fix applies it.";
        c.add(std::move(i), gain);
    }
}

void findPageableCopies(InsightContext &c)
{
    const std::vector<HostSync> &syncs = c.replay.syncs();
    std::vector<size_t> copies;
    int64_t time = 0, wait = 0;
    uint64_t bytes = 0;
    size_t pageable = 0;
    for (size_t s = 0; s < syncs.size(); ++s) {
        const HostSync &sync = syncs[s];
        if (sync.memory_op == kNoIndex || c.p.memory_ops[sync.memory_op].copy_kind != 1)
            continue;
        const MemoryOp &m = c.p.memory_ops[sync.memory_op];
        copies.push_back(s);
        time += m.end_ns - m.start_ns;
        wait += sync.end_ns - sync.start_ns;
        bytes += m.bytes;
        pageable += m.src_kind == 0;
    }
    if (copies.empty())
        return;
    StepChange change;
    change.unblocked = copies;
    Insight i;
    i.kind = "pageable-copy";
    i.title = pageable == copies.size() ? "Host-to-device copies from pageable memory block the host"
                                        : "Blocking host-to-device copies inside the step";
    i.evidence.push_back(std::to_string(copies.size()) + " host-to-device copies (" + std::to_string(bytes) +
                         " bytes, " + c.duration(time) + " on the GPU), " + std::to_string(pageable) +
                         " of them from pageable memory: the host is held " + c.duration(wait) + " in the calls (" +
                         c.shareOfStep(wait) + " of the step)");
    i.evidence.push_back("a copy from pageable memory is staged through a pinned buffer by the driver and "
                         "returns only once staged; it cannot overlap with the host's work");
    i.fix = "Pin the host tensors (pin_memory=True in the DataLoader, tensor.pin_memory()) and copy them with "
            ".to(device, non_blocking=True). A change to the code: no launcher fix applies it.";
    i.gainModel = "the step replayed with these calls returning at once (the copies themselves stay on the GPU)";
    i.figures = {
        {"copies", copies.size()}, {"pageable", pageable}, {"bytes", bytes}, {"time_ns", time}, {"host_wait_ns", wait}};
    c.add(std::move(i), c.gain(change));
}

void findLaunchBound(InsightContext &c)
{
    const StepTiming &t = c.timing;
    // Only on a timing the instrumentation did not inflate: the plain step in the trace, or the
    // launcher's plain step time.
    const bool plain = t.source == StepTiming::Source::ReferenceStep || t.corrected;
    if (!plain || t.kernels.size() < kLaunchBoundMinKernels || t.busyShare() >= kLaunchBoundBusy)
        return;
    // A generation request's launches are its decode's (one root cause): decode-launch-bound names the fix that
    // applies there (a static cache with the CUDA graph; a graph over a growing cache fails on the H200).
    if (c.has("decode-launch-bound"))
        return;
    int64_t stepEnd = 0;
    for (const StepGap &g : t.gaps)
        if (g.cause == IdleCause::StepEnd)
            stepEnd += g.end_ns - g.start_ns;
    Insight i;
    i.kind = "launch-bound";
    i.title = "The step is bound by the host: the GPU is idle " + percent(1.0 - t.busyShare()) + " of the plain step";
    i.evidence.push_back("the GPU was busy " + c.duration(t.busy_ns) + " of the " + c.duration(t.step_ns) + " step (" +
                         percent(t.busyShare()) + "), measured on " +
                         (t.source == StepTiming::Source::ReferenceStep
                              ? std::string("the plain step in the trace")
                              : "the instrumented step, against the launcher's plain step time"));
    // The idle split is measured on the step in the trace, whose length is not the plain step's where nsys or
    // the instrumentation slowed it: its parts as shares of that idle time, never more than the step.
    const int64_t idle = std::max<int64_t>(1, t.host_wait_ns + t.launch_wait_ns + t.other_idle_ns);
    const auto ofIdle = [&](int64_t ns) { return percent(double(ns) / double(idle)); };
    i.evidence.push_back(
        "of its idle time" +
        (t.corrected ? " (measured on the step in the trace, " + c.duration(t.measured_step_ns) + ")" : std::string()) +
        ": " + ofIdle(t.host_wait_ns - stepEnd) + " waiting for the host to launch the next work, " +
        ofIdle(t.launch_wait_ns) + " launch latency, " + ofIdle(stepEnd) +
        " after the last kernel until the step ended" +
        (t.other_idle_ns ? ", " + ofIdle(t.other_idle_ns) + " unclassified" : std::string()));
    const int64_t perLaunch = c.host.own_ns / int64_t(t.kernels.size());
    i.evidence.push_back(
        std::to_string(t.kernels.size()) + " kernels of " + c.duration(t.kernel_ns / int64_t(t.kernels.size())) +
        " on average; the host spends " + c.duration(perLaunch) + " of its own per launch (" +
        c.duration(c.host.own_ns) + " a step, the host model)" +
        (c.replay.launchCallNs() > 0 ? "; a launch call takes " + c.duration(c.replay.launchCallNs()) + " of it"
                                     : std::string()));
    i.fix = "Launch less from Python: capture the step in a CUDA graph (torch.compile(mode=\"reduce-overhead\"), "
            "or torch.cuda.graphs / torch.cuda.make_graphed_callables), fuse kernels with torch.compile, or give "
            "each launch more work (a larger batch).";
    i.verifyFix = "compile=reduce-overhead";
    // torch.compile(mode="reduce-overhead") of the model records its forward and backward as CUDA graphs: the
    // Python, dispatch and launch path between their launches go, a replay's own cost comes in (measured on the
    // H200: cuda_graph_model.h), and the optimizer, the loss outside the model and the loop's Python stay. Where
    // no kernel carries a module, every launch is made cheaper by the eager launch path alone (the plain
    // calibration burst's cost of a one-element op from Python, else the launch call's own time: a lower bound).
    // Measured on the H200 (tiny_kernels.py, 441 kernels): the whole host as the saving claimed 14.79 ms of a
    // 12.37 ms step; the launch path alone 3.08 ms where compile=reduce-overhead gained 9.24 ms.
    StepChange change;
    const GraphedRuns graphed = graphedRuns(c);
    const InsightContext::LaunchCost launch = c.eagerLaunchCost();
    int64_t replayCost = 0;
    for (const GraphedRun &run : graphed.runs)
        replayCost += run.replay_host_ns;
    if (!graphed.runs.empty()) {
        change.graphs = graphed.runs;
        i.gainModel = "the step replayed with the model's forward and backward as CUDA graphs: " +
                      std::to_string(graphed.kernels) + " of its " + std::to_string(t.kernels.size()) +
                      " launches in " + std::to_string(graphed.forward_runs) + " forward and " +
                      std::to_string(graphed.backward_runs) +
                      " backward graph(s), the host's time between their launches replaced by a replay's cost (" +
                      c.duration(replayCost) + " in all: a fixed part and " + std::to_string(graphed.parameters) +
                      " parameters' checks and gradient accumulation, measured on the H200); the optimizer, the work "
                      "outside the model and the GPU's work kept";
    } else {
        change.launch_saving_ns = launch.ns;
        i.gainModel =
            "the step replayed with each of its " + std::to_string(t.kernels.size()) + " launches " +
            c.duration(change.launch_saving_ns) + " cheaper for the host (" +
            (launch.calibrated ? std::string("the plain host's cost of an eager launch from Python, the launcher's "
                                             "calibration burst")
                               : std::string("the launch call's own time; without the launcher's calibration the "
                                             "eager path around it is not counted: a lower bound")) +
            "), the Python around the launches and the GPU's work kept (no kernel carries a module to "
            "graph)";
    }
    i.figures = {{"gpu_busy_share", t.busyShare()},
                 {"step_ns", t.step_ns},
                 {"gpu_busy_ns", t.busy_ns},
                 {"host_wait_ns", t.host_wait_ns - stepEnd},
                 {"step_end_idle_ns", stepEnd},
                 {"launch_wait_ns", t.launch_wait_ns},
                 {"other_idle_ns", t.other_idle_ns},
                 {"kernels", t.kernels.size()},
                 {"launch_call_ns", c.replay.launchCallNs()},
                 {"launch_saving_ns", change.launch_saving_ns},
                 {"graphed_kernels", graphed.kernels},
                 {"graphs", graphed.runs.size()},
                 {"graph_parameters", graphed.parameters},
                 {"graph_replay_host_ns", replayCost},
                 {"measured_step_ns", t.measured_step_ns}, // the step the idle figures are measured on
                 {"source", toString(t.source)}};
    c.add(std::move(i), c.gain(change));
}

void findColdStart(InsightContext &c)
{
    const std::vector<StepRange> steps = markedSteps(c.p, c.captureRange);
    if (steps.size() < 3)
        return;
    std::vector<int64_t> rest;
    for (size_t s = 1; s < steps.size(); ++s)
        rest.push_back(steps[s].end_ns - steps[s].start_ns);
    std::sort(rest.begin(), rest.end());
    const int64_t median = rest[rest.size() / 2];
    const int64_t first = steps[0].end_ns - steps[0].start_ns;
    if (median <= 0 || double(first) < kColdStartFactor * double(median))
        return;
    Insight i;
    i.kind = "cold-start";
    i.title = "The first step is much slower than the others";
    char ratio[32];
    std::snprintf(ratio, sizeof ratio, "%.2fx", double(first) / double(median));
    i.evidence.push_back("step " + steps[0].name + " took " + c.duration(first) + ", " + ratio +
                         " the median of the other " + std::to_string(rest.size()) + " steps (" + c.duration(median) +
                         ")");
    i.evidence.push_back("allocator growth, cuDNN/cuBLAS autotuning, lazy module loading or compilation happen in "
                         "the first steps");
    i.fix = "Warm up before measuring, and keep the first steps out of the capture range.";
    i.gainModel = "the first step's excess over the median of the others: paid once, not every step";
    i.figures = {{"first_step_ns", first}, {"median_other_steps_ns", median}, {"steps", steps.size()}};
    c.add(std::move(i), first - median);
}

} // namespace opscope::insightdetail
