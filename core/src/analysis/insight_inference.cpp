// Insights about generation requests (generation.h, docs/insights.md "Inference"): a decode bound by kernel
// launches, attention not on a fused kernel, decode matrix work far below the memory bandwidth, a host
// synchronisation per token, a KV cache copied as it grows. Each reads the phases of the captured request and
// the plain timing of the reference requests; where the launcher can apply the fix, it names the verify fix.
#include "analysis/cuda_graph_model.h"
#include "analysis/insight_context.h"
#include "analysis/matrix_shapes.h"

#include "opscope/generation.h"
#include "opscope/module_tree.h"
#include "opscope/roofline.h"
#include "opscope/text_util.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <set>

namespace opscope::insightdetail {

namespace {

// Thresholds (docs/insights.md "Inference").
constexpr double kDecodeLaunchBoundBusy = 0.5;  // GPU busy below this share of a plain decode iteration
constexpr size_t kDecodeLaunchBoundKernels = 8; // ... with at least this many kernels per iteration
constexpr double kCompiledDecodeShare = 0.1;    // Inductor's share of the decode's kernels: a compiled forward
constexpr double kBandwidthShare = 0.5;         // decode matrix kernels below this share of the DRAM peak
constexpr double kSyncsPerToken = 0.9;          // host synchronisations per decode iteration, at least
constexpr double kReallocatedFactor = 4;        // bytes allocated for the KV cache per token over its growth

// The verify fix the launcher applies (docs/insights.md): a static KV cache (generation.py adds
// cache_implementation="static" to the library's generate()). With a static cache, transformers' generate()
// compiles the forward with CUDA graphs by itself (its compile_config): on the H200 (transformers 5.17, torch
// 2.11) that alone took a Llama request from 142.05 to 96.83 ms, while the forward compiled by hand as well
// (compile=reduce-overhead, as older guides say) stopped in the warm-up, script and launcher alike: "accessing
// tensor output of CUDAGraphs that has been overwritten" (docs/gpu-validation.md).
constexpr const char *kStaticCacheFix = "static-cache";

// The operators around a kernel, innermost first.
std::vector<std::string_view> operatorsOf(const Profile &p, Index kernel)
{
    std::vector<std::string_view> names;
    for (Index o = p.kernels[kernel].op, guard = 0; o < p.operators.size() && guard < 64;
         o = p.operators[o].parent, ++guard)
        names.push_back(p.text(p.operators[o].name));
    return names;
}

bool anyOf(const std::vector<std::string_view> &names, std::initializer_list<std::string_view> wanted)
{
    return std::any_of(names.begin(), names.end(),
                       [&](std::string_view n) { return std::find(wanted.begin(), wanted.end(), n) != wanted.end(); });
}

bool fusedAttentionName(std::string_view kernel, const std::vector<std::string_view> &ops)
{
    const std::string name = lowercase(kernel);
    for (const char *fused : {"flash", "fmha", "efficient_attention", "mha", "attention_fwd", "cudnn_sdpa", "sdpa",
                              "flash_fwd", "xformers"})
        if (name.find(fused) != std::string::npos)
            return true;
    return anyOf(ops, {"aten::_scaled_dot_product_flash_attention", "aten::_scaled_dot_product_efficient_attention",
                       "aten::_scaled_dot_product_cudnn_attention", "aten::_flash_attention_forward",
                       "aten::_efficient_attention_forward"});
}

struct DecodeKernels {
    std::vector<Index> labelled;   // every kernel launched in a decode iteration
    std::vector<size_t> positions; // those in the step the gains are computed on
};

DecodeKernels decodeKernels(const InsightContext &c, const GenerationReport &g)
{
    DecodeKernels d;
    for (const RequestPhase &ph : g.phases)
        if (ph.iteration > 0)
            for (Index k : ph.kernels) {
                d.labelled.push_back(k);
                if (const int64_t pos = c.positionOf(k); pos >= 0)
                    d.positions.push_back(size_t(pos));
            }
    return d;
}

int64_t decodeIterationsPerRequest(const GenerationReport &g)
{
    const int requests = g.phases.empty() ? 1 : g.phases.back().request + 1;
    return std::max<int64_t>(1, g.decodeIterations / requests);
}

// Of each captured decode iteration's host range, the share outside the model's forward calls (the root
// module instances): generate()'s sampling, stopping checks and cache bookkeeping, which a CUDA graph of the
// forward leaves on the host. The median over the iterations; -1 where no iteration holds a forward call.
double hostShareOutsideForward(const Profile &p, const GenerationReport &g)
{
    std::vector<const ModuleInstance *> forwards; // the root module's calls
    for (const ModuleInstance &m : p.modules)
        if (m.kind == ModuleKind::Module && m.parent == kNoIndex)
            forwards.push_back(&m);
    std::vector<double> shares;
    for (const RequestPhase &ph : g.phases) {
        if (ph.iteration <= 0 || ph.duration() <= 0)
            continue;
        int64_t inside = 0;
        for (const ModuleInstance *m : forwards)
            inside += std::max<int64_t>(0, std::min(m->end_ns, ph.end_ns) - std::max(m->start_ns, ph.start_ns));
        if (inside > 0)
            shares.push_back(1.0 - double(std::min(inside, ph.duration())) / double(ph.duration()));
    }
    if (shares.empty())
        return -1;
    std::nth_element(shares.begin(), shares.begin() + long(shares.size() / 2), shares.end());
    return shares[shares.size() / 2];
}

// The share of the decode's kernels (every iteration's) for which `is(kernel)` holds; -1 where the trace has no
// decode kernels.
template <typename Predicate> double decodeKernelShare(const Profile &p, const GenerationReport &g, Predicate is)
{
    size_t kernels = 0, matching = 0;
    for (const RequestPhase &ph : g.phases)
        if (ph.iteration > 0)
            for (Index k : ph.kernels) {
                ++kernels;
                matching += is(p.kernels[k]) ? 1 : 0;
            }
    return kernels ? double(matching) / double(kernels) : -1;
}

// Of the decode's kernels, the share replayed from CUDA graphs: launched by a cudaGraphLaunch (their
// correlation id is the replay call's). A static cache with which generate() compiles the forward replays the
// decode's kernels so.
double graphReplayedShare(const Profile &p, const GenerationReport &g)
{
    std::set<uint32_t> replays;
    for (const ApiCall &call : p.api_calls)
        if (p.text(call.name).starts_with("cudaGraphLaunch"))
            replays.insert(call.correlation_id);
    return decodeKernelShare(p, g, [&](const Kernel &k) { return replays.contains(k.correlation_id); });
}

// Of the decode's kernels, the share Inductor generated (its Triton kernels are named triton_*): the forward is
// compiled.
double inductorShare(const Profile &p, const GenerationReport &g)
{
    return decodeKernelShare(p, g, [&](const Kernel &k) { return p.text(k.name).starts_with("triton_"); });
}

// The decode runs far below the GPU: each iteration is a few microseconds of kernels launched one by one.
void decodeLaunchBound(InsightContext &c, const GenerationReport &g)
{
    if (!g.plain || g.plain->tpotMedianNs <= 0 || g.decodeBusyShare < 0 ||
        g.decodeBusyShare >= kDecodeLaunchBoundBusy || g.decodeKernelsPerToken < kDecodeLaunchBoundKernels)
        return;
    const int64_t tpot = g.plain->tpotMedianNs;
    const int64_t busy = int64_t(g.decodeBusyShare * double(tpot));
    const int64_t perRequest = decodeIterationsPerRequest(g);
    Insight i;
    i.kind = "decode-launch-bound";
    i.title = "The decode is bound by kernel launches: the GPU is busy " + percent(g.decodeBusyShare) +
              " of each decoded token";
    i.evidence.push_back(
        "a plain decode iteration takes " + c.duration(tpot) + " (median of " + std::to_string(g.plain->requests) +
        " plain requests" +
        (g.plainWarmingUp > 0 ? " after " + std::to_string(g.plainWarmingUp) + " still warming up" : std::string()) +
        ", p90 " + c.duration(g.plain->tpotP90Ns) + "); its " + std::to_string(g.decodeKernelsPerToken) +
        " kernels keep the GPU busy " + c.duration(busy));
    i.evidence.push_back("the host launches a kernel every " +
                         c.duration(tpot / int64_t(std::max<size_t>(1, g.decodeKernelsPerToken))) +
                         "; the kernels average " +
                         c.duration(g.decodeKernelNsPerToken / int64_t(std::max<size_t>(1, g.decodeKernelsPerToken))));
    i.evidence.push_back(std::to_string(perRequest) + " decode iterations per request: " +
                         c.duration(perRequest * tpot) + " of the " + c.duration(g.plain->requestNs) + " request");
    // Already replayed from CUDA graphs (a static cache): the host time left is generate()'s own work and the
    // replays', which no static cache removes; the item says so and offers no verify fix.
    if (const double replayed = graphReplayedShare(c.p, g); replayed >= 0.5) {
        i.title = "The decode replays CUDA graphs but the host still sets its pace: the GPU is busy " +
                  percent(g.decodeBusyShare) + " of each decoded token";
        i.evidence.push_back(percent(replayed) +
                             " of the decode's kernels are replayed from CUDA graphs (launched "
                             "by cudaGraphLaunch): the host's time per token is generate()'s own work between the "
                             "replays (logits processing, sampling, stopping checks, the compiled forward's guards "
                             "and input copies)");
        i.fix = "The launches are already graphed: make the host's work per token count for more tokens (a larger "
                "batch, or several prompts per request), check for the end less often (min_new_tokens = "
                "max_new_tokens), or move sampling onto the GPU in a decode loop of your own captured whole as one "
                "graph (torch.cuda.graphs); a static cache is already in use";
        i.gainModel = "not estimated: the host work left around the graph replays is generate()'s own, which this "
                      "trace times but no launcher fix removes";
        i.figures = {{"tpot_ns", tpot},
                     {"decode_gpu_busy_share", g.decodeBusyShare},
                     {"decode_kernels_per_token", g.decodeKernelsPerToken},
                     {"graph_replayed_share", replayed}};
        c.add(std::move(i), 0);
        return;
    }
    // Compiled (Inductor's kernels) but launched one by one: the static cache is there (generate() compiles the
    // forward only with one), and torch.compile left CUDA graphs out. A static cache again changes nothing
    // (measured on the H200: transformers' GPT-2 with a static cache, 103 kernels a token, none replayed); what
    // graphs would save is each kernel's launch on the host.
    if (const double compiled = inductorShare(c.p, g); compiled >= kCompiledDecodeShare) {
        const InsightContext::LaunchCost launch = c.eagerLaunchCost();
        const int64_t saved =
            std::min<int64_t>(std::max<int64_t>(0, tpot - busy), launch.ns * int64_t(g.decodeKernelsPerToken));
        i.title = "The decode is compiled but its kernels are launched one by one: the GPU is busy " +
                  percent(g.decodeBusyShare) + " of each decoded token";
        i.evidence.push_back(percent(compiled) +
                             " of the decode's kernels are Inductor's (triton_*): the forward is compiled (generate() "
                             "compiles it with a static cache), but none is replayed from a CUDA graph (no "
                             "cudaGraphLaunch)");
        i.fix = "Find out why torch.compile left CUDA graphs out: TORCH_LOGS=perf_hints prints \"skipping cudagraphs "
                "due to ...\" (an input mutated outside the graph, a CPU tensor, a shape that changes per token); "
                "transformers compiles with mode=\"reduce-overhead\" (CUDA graphs) only where the model class "
                "supports it (its compile_config). A static cache is already in use: another one changes nothing";
        i.gainModel =
            "per request: each decode iteration's " + std::to_string(g.decodeKernelsPerToken) +
            " launches replaced by one graph replay, each " + c.duration(launch.ns) + " cheaper for the host (" +
            (launch.calibrated ? std::string("the plain host's cost of an eager launch, the launcher's calibration")
                               : std::string("the launch call's own time: a lower bound")) +
            "); generate()'s own work between the tokens kept";
        i.figures = {{"tpot_ns", tpot},
                     {"decode_gpu_busy_share", g.decodeBusyShare},
                     {"decode_kernels_per_token", g.decodeKernelsPerToken},
                     {"inductor_kernel_share", compiled},
                     {"launch_host_ns", launch.ns}};
        c.add(std::move(i), perRequest * saved);
        return;
    }
    i.fix = "Replay the decode step as one CUDA graph: a static KV cache (generate(..., "
            "cache_implementation=\"static\") or model.generation_config.cache_implementation = \"static\"), with "
            "which generate() compiles the forward with CUDA graphs by itself (transformers' compile_config); do not "
            "also wrap model.forward in torch.compile(mode=\"reduce-overhead\"): recent transformers then stop with "
            "\"accessing tensor output of CUDAGraphs that has been overwritten\". In a decode loop of your own, a "
            "preallocated cache updated in place and the step captured with torch.cuda.graphs. Verify: opscope "
            "verify --fix static-cache";
    // With the forward as one CUDA graph an iteration takes its kernels' busy time or the host's work left
    // around the replay, whichever is longer: the replay itself (bench/gpu/graph_replay_cost.py's forward
    // cost, guards per parameter) and what generate() does outside the forward, read from the captured
    // iterations as a share of their host time and put on the plain TPOT.
    const double outsideShare = hostShareOutsideForward(c.p, g);
    const GraphReplayCost replay;
    const size_t parameters = modelParameterCount(c);
    const int64_t replayNs = replay.forward_ns + replay.forward_per_parameter_ns * int64_t(parameters);
    int64_t fixedIteration = busy;
    if (outsideShare >= 0) {
        const int64_t outsideNs = std::llround(outsideShare * double(tpot));
        fixedIteration = std::max(busy, outsideNs + replayNs);
        i.evidence.push_back("outside the model's forward the host spends " + percent(outsideShare) +
                             " of each decode iteration (sampling, stopping checks, the cache's bookkeeping): about " +
                             c.duration(outsideNs) +
                             " of the plain iteration, which a graph of the forward keeps, "
                             "plus " +
                             c.duration(replayNs) + " to replay it (" + std::to_string(parameters) + " parameters)");
        i.gainModel = "per request: each decode iteration down to the longer of its kernels' busy time and the host's "
                      "work a CUDA graph of the forward leaves (generate()'s own work around the forward, its share "
                      "of the captured iterations on the plain TPOT, and the graph's replay); an upper bound, as "
                      "the static cache's own host work (the compiled forward's guards, its inputs copied into the "
                      "graph's) is not in an eager request's trace";
    } else {
        i.gainModel = "per request: each decode iteration down to its kernels' busy time (the GPU then runs the "
                      "graph's kernels back to back); an upper bound, as the sampling and stopping checks between "
                      "iterations stay on the host (no forward call in the iterations to measure them by)";
    }
    i.verifyFix = kStaticCacheFix;
    i.figures = {{"tpot_ns", tpot},
                 {"decode_gpu_busy_share", g.decodeBusyShare},
                 {"decode_kernels_per_token", g.decodeKernelsPerToken},
                 {"decode_kernel_ns_per_token", g.decodeKernelNsPerToken},
                 {"decode_iterations_per_request", perRequest},
                 {"host_share_outside_forward", outsideShare},
                 {"graph_replay_host_ns", replayNs},
                 {"fixed_iteration_ns", fixedIteration}};
    for (const ModulePhaseTime &m : g.modules)
        if (m.path.empty()) {
            i.modules.push_back(modulePathText(m.path, m.className));
            break;
        }
    // Like the step's launch-bound finding, it claims no kernel: they keep their own findings.
    c.add(std::move(i), perRequest * std::max<int64_t>(0, tpot - fixedIteration));
}

// The attention of the decode runs as separate matrix products, softmax and masking kernels.
void attentionUnfused(InsightContext &c, const GenerationReport &g)
{
    std::vector<size_t> positions;
    std::vector<size_t> removable; // the elementwise work a fused kernel folds in
    std::set<std::string> modules, ops;
    int64_t time = 0, removedTime = 0;
    bool fused = false, softmax = false;
    for (const RequestPhase &ph : g.phases)
        for (Index k : ph.kernels) {
            if (!isAttentionModule(c.p, c.p.kernels[k].module))
                continue;
            const std::vector<std::string_view> names = operatorsOf(c.p, k);
            if (fusedAttentionName(c.p.text(c.p.kernels[k].name), names)) {
                fused = true;
                continue;
            }
            const bool matrix = anyOf(names, {"aten::bmm", "aten::matmul", "aten::baddbmm"});
            const bool isSoftmax = anyOf(names, {"aten::softmax", "aten::_softmax", "aten::_safe_softmax"});
            if (!matrix && !isSoftmax &&
                !anyOf(names, {"aten::masked_fill", "aten::add", "aten::div", "aten::mul", "aten::where",
                               "aten::_scaled_dot_product_attention_math"}))
                continue;
            softmax = softmax || isSoftmax;
            const int64_t pos = c.positionOf(k);
            if (pos < 0 || c.claimed(size_t(pos)))
                continue;
            positions.push_back(size_t(pos));
            time += c.durationOf(size_t(pos));
            if (!matrix) {
                removable.push_back(size_t(pos));
                removedTime += c.durationOf(size_t(pos));
            }
            modules.insert(modulePathText(c.p, c.p.kernels[k].module));
            if (!names.empty())
                ops.insert(std::string(names.front()));
        }
    if (fused || !softmax || positions.empty())
        return;
    Insight i;
    i.kind = "attention-unfused";
    i.title = "Attention runs as separate matrix products, softmax and masking kernels, not one fused kernel";
    i.evidence.push_back(std::to_string(positions.size()) + " kernels in attention modules (" +
                         InsightContext::listOf(std::vector<std::string>(ops.begin(), ops.end())) + "), " +
                         c.duration(time) + " of GPU time in the request (" + c.shareOfGpu(time) + " of its GPU time)");
    i.evidence.push_back("no flash, memory-efficient or cuDNN attention kernel runs in them: the scores are written "
                         "out and read back between the kernels");
    i.fix = "Use the fused attention: torch.nn.functional.scaled_dot_product_attention in the attention's forward; "
            "transformers: from_pretrained(..., attn_implementation=\"sdpa\") (or \"flash_attention_2\")";
    i.gainModel = "the softmax, scaling and masking kernels removed (a fused kernel does them in registers); the "
                  "matrix products' time is kept";
    i.modules.assign(modules.begin(), modules.end());
    i.figures = {{"kernels", positions.size()}, {"time_ns", time}, {"elementwise_time_ns", removedTime}};
    StepChange change;
    change.removed = removable;
    c.add(std::move(i), positions, change);
}

// The decode's matrix kernels read the weights once per token; at a small batch they should run at the memory
// bandwidth, and ncu says they do not.
void decodeBelowBandwidth(InsightContext &c, const GenerationReport &g, const DecodeKernels &d)
{
    double bytes = 0, timeNs = 0, peak = 0;
    std::vector<size_t> positions;
    int64_t time = 0;
    for (Index k : d.labelled) {
        const std::vector<std::string_view> ops = operatorsOf(c.p, k);
        const bool matrix =
            isMatrixKernelName(c.p.text(c.p.kernels[k].name)) ||
            std::any_of(ops.begin(), ops.end(), [](std::string_view o) { return isMatrixOperatorName(o); });
        if (!matrix)
            continue;
        const KernelRoofline r = kernelRoofline(c.p, k);
        if (!r.valid || !r.memory[int(MemoryLevel::Dram)].present)
            continue;
        const MemoryRate &dram = r.memory[int(MemoryLevel::Dram)];
        bytes += dram.achieved * r.durationNs * 1e-9;
        timeNs += r.durationNs;
        peak = std::max(peak, dram.peak);
        if (const int64_t pos = c.positionOf(k); pos >= 0 && !c.claimed(size_t(pos))) {
            positions.push_back(size_t(pos));
            time += c.durationOf(size_t(pos));
        }
    }
    if (timeNs <= 0 || peak <= 0 || positions.empty())
        return;
    const double achieved = bytes / (timeNs * 1e-9);
    const double share = achieved / peak;
    if (share >= kBandwidthShare)
        return;
    const int batch = g.plain ? g.plain->batch : 0;
    Insight i;
    i.kind = "decode-below-bandwidth";
    i.title = "The decode's matrix kernels reach " + percent(share) + " of the memory bandwidth" +
              (batch ? " at batch " + std::to_string(batch) : std::string());
    i.evidence.push_back("ncu: the matrix kernels of the decode iterations moved " + rate(achieved, "B/s") +
                         " from DRAM against a peak of " + rate(peak, "B/s") + " (" + percent(share) + ")");
    i.evidence.push_back("a decode step reads every weight once for a few rows of activations: its matrix work is "
                         "bound by memory, so it should run near the bandwidth");
    i.fix = "Give each decode step more rows: a larger batch (more sequences decoded together costs almost no more "
            "time per step), or a kernel made for few rows (torch.compile(mode=\"max-autotune\") picks GEMV and "
            "split-K kernels; weight-only int8/int4 quantization reads fewer bytes)";
    i.gainModel = "the matrix kernels at " + percent(kBandwidthShare * 1.6) + " of the measured bandwidth peak";
    i.figures = {{"achieved_bytes_per_s", achieved}, {"peak_bytes_per_s", peak}, {"share", share}, {"batch", batch}};
    StepChange change;
    const double speedup = std::min(1.0, share / (kBandwidthShare * 1.6));
    for (size_t pos : positions)
        change.kernel_ns[pos] = int64_t(double(c.durationOf(pos)) * speedup);
    c.add(std::move(i), positions, change);
}

// The host waits for the GPU once per decoded token: a stopping check read on the host.
void hostSyncPerToken(InsightContext &c, const GenerationReport &g)
{
    const std::vector<HostSync> &syncs = c.replay.syncs();
    if (syncs.empty() || g.decodeIterations == 0)
        return;
    const int64_t perRequest = decodeIterationsPerRequest(g);
    if (double(syncs.size()) < kSyncsPerToken * double(perRequest))
        return;
    int64_t wait = 0;
    std::vector<size_t> all(syncs.size());
    for (size_t s = 0; s < syncs.size(); ++s) {
        wait += syncs[s].wait_ns;
        all[s] = s;
    }
    StepChange change;
    change.unblocked = all;
    Insight i;
    i.kind = "host-sync-per-token";
    i.title = "The host waits for the GPU at every decoded token";
    char perToken[32];
    std::snprintf(perToken, sizeof perToken, "%.1f", double(syncs.size()) / double(perRequest));
    i.evidence.push_back(std::to_string(syncs.size()) + " synchronising calls in a request of " +
                         std::to_string(perRequest) + " decode iterations (" + perToken + " per token), " +
                         c.duration(wait) + " waiting for the GPU");
    i.evidence.push_back("the stopping check (end of sequence, stop strings, max length) reads a GPU value on the "
                         "host, so the host cannot queue the next token's kernels before the GPU has run this one's");
    i.fix = "Check for the end less often: generate a fixed number of tokens (min_new_tokens = max_new_tokens) or, in "
            "a loop of your own, test the stop condition every N tokens and trim afterwards; with CUDA graphs the "
            "check is then the only host work between tokens";
    i.gainModel = "the request replayed with these calls no longer waiting for the GPU";
    i.figures = {{"syncs", syncs.size()}, {"decode_iterations", perRequest}, {"wait_ns", wait}};
    c.add(std::move(i), c.gain(change));
}

// The KV cache is copied into a new, longer block at every token (torch.cat), not written in place.
void kvCacheReallocated(InsightContext &c, const GenerationReport &g)
{
    const RequestMemory &m = g.memory;
    if (!m.known || m.kvAllocatedPerTokenBytes <= 0 ||
        double(m.kvAllocatedPerTokenBytes) < kReallocatedFactor * double(std::max<int64_t>(1, m.kvGrowthPerTokenBytes)))
        return;
    // The copies' kernels: concatenations in attention modules during the decode.
    std::vector<size_t> positions;
    int64_t time = 0;
    std::set<std::string> modules;
    for (const RequestPhase &ph : g.phases)
        for (Index k : ph.kernels)
            if (ph.iteration > 0 && isAttentionModule(c.p, c.p.kernels[k].module) &&
                anyOf(operatorsOf(c.p, k), {"aten::cat", "aten::_cat", "aten::index_copy_", "aten::copy_"})) {
                modules.insert(modulePathText(c.p, c.p.kernels[k].module));
                if (const int64_t pos = c.positionOf(k); pos >= 0 && !c.claimed(size_t(pos))) {
                    positions.push_back(size_t(pos));
                    time += c.durationOf(size_t(pos));
                }
            }
    modules.insert(m.kvModules.begin(), m.kvModules.end()); // the modules that allocated the cache's blocks
    Insight i;
    i.kind = "kv-cache-reallocated";
    i.title = "The KV cache is copied into a new block at every token";
    i.evidence.push_back("each decode iteration allocates " + std::to_string(m.kvAllocatedPerTokenBytes) +
                         " bytes in attention modules that outlive it, while the cache grows by " +
                         std::to_string(m.kvGrowthPerTokenBytes) + " bytes per token (" +
                         std::to_string(m.kvCacheBytes) + " bytes at the last iteration)");
    if (time > 0)
        i.evidence.push_back(std::to_string(positions.size()) + " copy kernels in the decode, " + c.duration(time) +
                             " of GPU time");
    i.evidence.push_back("the allocator hands out ever larger blocks and frees the old ones: the caching allocator's "
                         "pool fragments, and CUDA graphs cannot capture the step (the cache's address changes)");
    i.fix = "Preallocate the cache for the longest request and write each token in place: transformers' static cache "
            "(generate(..., cache_implementation=\"static\")), or in a loop of your own a tensor of max_len positions "
            "updated with index_copy_ / slice assignment. Verify: opscope verify --fix static-cache";
    i.gainModel = "the copy kernels removed (a static cache writes one token in place); the memory it holds is the "
                  "longest request's from the start";
    i.verifyFix = kStaticCacheFix;
    i.modules.assign(modules.begin(), modules.end());
    i.figures = {{"kv_allocated_per_token_bytes", m.kvAllocatedPerTokenBytes},
                 {"kv_growth_per_token_bytes", m.kvGrowthPerTokenBytes},
                 {"kv_cache_bytes", m.kvCacheBytes},
                 {"copy_time_ns", time}};
    StepChange change;
    change.removed = positions;
    c.add(std::move(i), positions, change);
}

} // namespace

void findInference(InsightContext &c)
{
    const GenerationReport g = analyzeGeneration(c.p);
    if (g.phases.empty())
        return;
    const DecodeKernels d = decodeKernels(c, g);
    // The root causes first: they claim their kernels before the per-kernel findings.
    kvCacheReallocated(c, g);
    attentionUnfused(c, g);
    decodeBelowBandwidth(c, g, d);
    hostSyncPerToken(c, g);
    decodeLaunchBound(c, g);
}

} // namespace opscope::insightdetail
