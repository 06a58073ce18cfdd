// Insights from PyTorch's performance tuning guide and torch.profiler's anti-pattern checks: convolutions in
// NCHW on the tensor cores (cuDNN's layout conversions around them), cuDNN's autotuner off, optimizers that
// are not fused, attention on the math path, zero_grad without set_to_none, the caching allocator emptied
// inside the step, and the data loader starving the GPU. Each is one root cause with its evidence in this
// profile, its fix, a gain model, and the launcher fix that measures it where there is one (docs/insights.md).
#include "analysis/host_only_work.h"
#include "analysis/insight_context.h"
#include "analysis/matrix_shapes.h"

#include "opscope/metadata_keys.h"
#include "opscope/module_tree.h"

#include <algorithm>
#include <map>
#include <set>

namespace opscope::insightdetail {

namespace {

constexpr double kLayoutMinGpuShare = 0.01;   // layout conversions above this share of the step's GPU time
constexpr double kConvolutionMinShare = 0.05; // cudnn.benchmark: convolution kernels above this share
constexpr double kAttentionMinGpuShare = 0.02;
constexpr double kDataLoaderMinShare = 0.05; // GPU idle while the loader works, share of the step
constexpr size_t kLoopOptimizerKernels = 20; // an optimizer step of this many kernels, none multi-tensor: a loop

bool contains(std::string_view text, std::string_view part)
{
    return text.find(part) != std::string_view::npos;
}

// The operators from a kernel's operator out to the outermost, innermost first.
std::vector<Index> operatorChain(const Profile &p, Index op)
{
    std::vector<Index> chain;
    for (size_t guard = 0; op != kNoIndex && op < p.operators.size() && guard < 64; ++guard) {
        chain.push_back(op);
        op = p.operators[op].parent;
    }
    return chain;
}

bool underOperator(const Profile &p, Index op, bool (*match)(std::string_view))
{
    for (Index o : operatorChain(p, op))
        if (match(p.text(p.operators[o].name)))
            return true;
    return false;
}

bool isConvolutionName(std::string_view name)
{
    return isConvolutionOperatorName(name) || name.starts_with("aten::cudnn_convolution") ||
           contains(name, "ConvolutionBackward");
}

// A setting the launcher recorded at the capture (metadata "torch.backends.cudnn.benchmark" = "False").
std::optional<bool> torchSetting(const Profile &p, std::string_view key)
{
    const std::string *value = p.metadataValue(torchSettingKey(key));
    if (!value)
        return std::nullopt;
    if (*value == "True" || *value == "true" || *value == "1")
        return true;
    if (*value == "False" || *value == "false" || *value == "0")
        return false;
    return std::nullopt;
}

// Step positions of kernels whose launch happens inside host ranges whose text starts with `prefix`.
std::vector<size_t> launchedInRanges(const InsightContext &c, std::string_view prefix, int64_t &rangeTime)
{
    std::vector<std::pair<int64_t, int64_t>> ranges;
    for (const Range &r : c.p.ranges)
        if (c.p.text(r.text).starts_with(prefix) && r.kind != RangeKind::GpuUserAnnotation)
            ranges.emplace_back(r.start_ns, r.end_ns);
    rangeTime = 0;
    for (const auto &[start, end] : ranges)
        rangeTime += end - start;
    std::vector<size_t> out;
    if (ranges.empty())
        return out;
    std::unordered_map<uint32_t, int64_t> launchOf;
    for (const ApiCall &a : c.p.api_calls)
        if (a.correlation_id)
            launchOf.emplace(a.correlation_id, a.start_ns);
    for (size_t pos = 0; pos < c.size(); ++pos) {
        const Index k = c.labelled(pos);
        if (k == kNoIndex || c.claimed(pos))
            continue;
        const auto launch = launchOf.find(c.p.kernels[k].correlation_id);
        if (launch == launchOf.end())
            continue;
        for (const auto &[start, end] : ranges)
            if (launch->second >= start && launch->second <= end) {
                out.push_back(pos);
                break;
            }
    }
    return out;
}

} // namespace

void findLayoutConversions(InsightContext &c)
{
    // cuDNN's NCHW <-> NHWC conversions around convolutions: the tensor cores want NHWC, the model's tensors are
    // NCHW (PyTorch's default), so every convolution converts its input, filter or output.
    std::vector<size_t> positions;
    int64_t time = 0;
    std::set<Index> convolutions;
    std::set<std::string> names;
    int64_t convolutionTime = 0;
    for (size_t pos = 0; pos < c.size(); ++pos) {
        const Index k = c.labelled(pos);
        if (k == kNoIndex)
            continue;
        const Kernel &kernel = c.p.kernels[k];
        const std::string_view name = c.p.text(kernel.name);
        const bool convolution = underOperator(c.p, kernel.op, isConvolutionName);
        if (convolution && isMatrixKernelName(name))
            convolutionTime += c.durationOf(pos);
        if (c.claimed(pos) || !convolution || !isLayoutTransformKernelName(name))
            continue;
        positions.push_back(pos);
        time += c.durationOf(pos);
        names.insert(c.kernelName(k));
        for (Index o : operatorChain(c.p, kernel.op))
            if (isConvolutionName(c.p.text(c.p.operators[o].name)))
                convolutions.insert(o);
    }
    if (positions.size() < 2 || double(time) < kLayoutMinGpuShare * double(c.kernelTime()))
        return;
    Insight i;
    i.kind = "channels-last";
    i.title = "Convolutions run on NCHW tensors: cuDNN converts the layout around them (" +
              std::to_string(positions.size()) + " conversions, " + c.duration(time) + ")";
    i.evidence.push_back(std::to_string(positions.size()) + " layout-conversion kernels (" +
                         InsightContext::listOf({names.begin(), names.end()}, 3) +
                         ") inside convolution operators: " + c.duration(time) + ", " + c.shareOfGpu(time) +
                         " of the step's GPU time, beside " + c.duration(convolutionTime) + " of convolution kernels");
    i.evidence.push_back(
        "the tensor cores' convolution kernels read and write NHWC (channels last); on NCHW tensors "
        "cuDNN converts the input, the filter and the output of each convolution, forward and backward");
    i.fix = "Convert the model and its inputs to channels last once: model = model.to(memory_format="
            "torch.channels_last) and x = x.to(memory_format=torch.channels_last) (the batch norms and activations "
            "between the convolutions keep the layout).";
    i.verifyFix = "channels-last";
    i.gainModel = "the step replayed without the conversion kernels and their launches (the convolutions "
                  "themselves as measured)";
    i.operators.assign(convolutions.begin(), convolutions.end());
    i.figures = {{"conversions", positions.size()},
                 {"time_ns", time},
                 {"convolution_time_ns", convolutionTime},
                 {"convolutions", convolutions.size()}};
    StepChange change;
    change.removed = positions;
    c.add(std::move(i), positions, change);
}

void findCudnnBenchmark(InsightContext &c)
{
    // Only where the launcher recorded the setting: the trace alone cannot tell a tuned choice from a default.
    const std::optional<bool> benchmark = torchSetting(c.p, "backends.cudnn.benchmark");
    if (!benchmark || *benchmark)
        return;
    int64_t time = 0;
    size_t kernels = 0;
    for (size_t pos = 0; pos < c.size(); ++pos) {
        const Index k = c.labelled(pos);
        if (k == kNoIndex)
            continue;
        const Kernel &kernel = c.p.kernels[k];
        if (underOperator(c.p, kernel.op, isConvolutionName) && isMatrixKernelName(c.p.text(kernel.name))) {
            time += c.durationOf(pos);
            ++kernels;
        }
    }
    if (kernels == 0 || double(time) < kConvolutionMinShare * double(c.kernelTime()))
        return;
    Insight i;
    i.kind = "cudnn-benchmark";
    i.title = "cuDNN's autotuner is off: each convolution runs the algorithm cuDNN's heuristics pick";
    i.evidence.push_back("torch.backends.cudnn.benchmark was False at the capture (recorded by the launcher)");
    i.evidence.push_back(std::to_string(kernels) + " convolution kernels, " + c.duration(time) + " (" +
                         c.shareOfGpu(time) + " of the step's GPU time)");
    i.fix = "Set torch.backends.cudnn.benchmark = True before the training loop when the input shapes do not "
            "change from step to step: cuDNN then times its algorithms for each shape once and keeps the fastest.";
    i.verifyFix = "cudnn-benchmark";
    i.gainBasis = GainBasis::NotEstimated;
    i.gainModel = "cuDNN finds its fastest algorithm by running them";
    i.figures = {{"convolution_kernels", kernels}, {"convolution_time_ns", time}};
    c.add(std::move(i), 0);
}

void findOptimizerNotFused(InsightContext &c)
{
    int64_t rangeTime = 0;
    const std::vector<size_t> positions = launchedInRanges(c, "Optimizer.step#", rangeTime);
    if (positions.empty())
        return;
    size_t fused = 0, multiTensor = 0;
    int64_t time = 0;
    std::set<std::string> names;
    for (size_t pos : positions) {
        const std::string_view name = c.p.text(c.p.kernels[c.labelled(pos)].name);
        time += c.durationOf(pos);
        if (contains(name, "Fused") || contains(name, "fused_adam") || contains(name, "fused_sgd"))
            ++fused;
        else if (contains(name, "multi_tensor_apply"))
            ++multiTensor;
        names.insert(c.kernelName(c.labelled(pos)));
    }
    if (fused > 0)
        return;
    const bool loop = multiTensor == 0;
    if (loop && positions.size() < kLoopOptimizerKernels)
        return;
    Insight i;
    i.kind = "fused-optimizer";
    i.title = loop ? "The optimizer updates the parameters one by one: " + std::to_string(positions.size()) +
                         " kernels per step"
                   : "The optimizer runs its update as several multi-tensor passes (foreach), not one fused kernel";
    i.evidence.push_back(std::to_string(positions.size()) + " kernels launched by the optimizer's step (" +
                         InsightContext::listOf({names.begin(), names.end()}, 3) + "): " + c.duration(time) + ", " +
                         c.shareOfGpu(time) + " of the step's GPU time, " + c.duration(rangeTime) +
                         " of host time in Optimizer.step");
    i.evidence.push_back(loop ? "a kernel per parameter and per operation of the update (foreach=False)"
                              : "each multi_tensor_apply pass reads and writes the state again; the fused kernel "
                                "reads each tensor once");
    // The optimizer's class, from torch.optim's range ("Optimizer.step#SGD.step").
    std::string cls = "AdamW";
    for (const Range &r : c.p.ranges)
        if (const std::string_view text = c.p.text(r.text); text.starts_with("Optimizer.step#")) {
            const std::string_view rest = text.substr(15);
            cls = std::string(rest.substr(0, rest.find('.')));
            break;
        }
    i.fix = "Build the optimizer with fused=True (torch.optim." + cls +
            "(params, ..., fused=True); Adam, AdamW, SGD and Adagrad have it on CUDA)" +
            (loop ? ", or at least foreach=True." : ".");
    i.verifyFix = "fused-optimizer";
    i.gainBasis = GainBasis::NotEstimated;
    i.gainModel = "the fused kernel's time depends on the optimizer's memory traffic, which this trace does not show";
    i.figures = {{"kernels", positions.size()}, {"time_ns", time}, {"foreach", !loop}};
    c.add(std::move(i), positions, {});
}

void findAttentionMath(InsightContext &c)
{
    // The score matrix materialised: a softmax over [batch, heads, S, S] (S >= 64), in the forward, with the
    // elementwise passes over the same matrix (scale, mask, dropout) and their backward in its module.
    const Profile &p = c.p;
    std::set<std::string> modules;
    std::map<std::string, std::vector<int64_t>> scoreShapes;
    bool sdpaMath = false;
    for (const Operator &op : p.operators) {
        const std::string_view name = p.text(op.name);
        sdpaMath = sdpaMath || name == "aten::_scaled_dot_product_attention_math";
        if ((name != "aten::softmax" && name != "aten::_softmax" && name != "aten::_safe_softmax") ||
            (op.flags & kOperatorBackward) || op.module == kNoIndex)
            continue;
        const auto shapes = parseShapes(p.text(op.shapes));
        if (!shapes || shapes->empty() || shapes->front().size() != 4)
            continue;
        const std::vector<int64_t> &s = shapes->front();
        if (s[2] == s[3] && s[3] >= 64) {
            const std::string path = modulePathText(p, op.module);
            modules.insert(path);
            scoreShapes[path] = s;
        }
    }
    if (modules.empty())
        return;
    // The elementwise kernels of those modules' attention: ops whose input is the score matrix (or its gradient).
    std::vector<size_t> positions;
    int64_t time = 0;
    for (size_t pos = 0; pos < c.size(); ++pos) {
        const Index k = c.labelled(pos);
        if (k == kNoIndex || c.claimed(pos))
            continue;
        const std::string path = c.moduleOf(k);
        const auto shape = scoreShapes.find(path);
        if (shape == scoreShapes.end() || isMatrixKernelName(p.text(p.kernels[k].name)))
            continue;
        bool onScores = false;
        for (Index o : operatorChain(p, p.kernels[k].op))
            if (const auto in = parseShapes(p.text(p.operators[o].shapes));
                in && !in->empty() && in->front() == shape->second)
                onScores = true;
        if (!onScores)
            continue;
        positions.push_back(pos);
        time += c.durationOf(pos);
    }
    if (positions.empty() || double(time) < kAttentionMinGpuShare * double(c.kernelTime()))
        return;
    const std::vector<int64_t> &s = scoreShapes.begin()->second;
    Insight i;
    i.kind = "attention-math";
    i.title = "Attention runs on the math path: the " + std::to_string(s[2]) + " x " + std::to_string(s[3]) +
              " score matrix is written to memory and read back by each elementwise pass";
    i.evidence.push_back("softmax over [" + std::to_string(s[0]) + ", " + std::to_string(s[1]) + ", " +
                         std::to_string(s[2]) + ", " + std::to_string(s[3]) + "] in " +
                         InsightContext::listOf({modules.begin(), modules.end()}, 3) +
                         (sdpaMath ? " (aten::_scaled_dot_product_attention_math: SDPA chose its math backend)"
                                   : " (attention written out: matmul, softmax, matmul)"));
    i.evidence.push_back(std::to_string(positions.size()) +
                         " elementwise kernels over the score matrix (scale, mask, "
                         "softmax, dropout and their gradients): " +
                         c.duration(time) + ", " + c.shareOfGpu(time) + " of the step's GPU time");
    i.fix = sdpaMath ? "Let SDPA take a fused kernel: 16-bit inputs (autocast), a head dimension that is a multiple "
                       "of 8 and at most 256, no explicit attn_mask where is_causal=True does, dropout only in "
                       "training; torch.nn.attention.sdpa_kernel shows which backend refuses and why."
                     : "Call torch.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=True) instead of "
                       "matmul-softmax-matmul (for transformers models, attn_implementation=\"sdpa\"): its flash and "
                       "memory-efficient kernels never write the score matrix.";
    i.gainModel = "the step replayed without the elementwise passes over the score matrix (a fused attention kernel "
                  "keeps the scores on chip; its two matrix products are counted as they ran): a lower bound";
    i.modules.assign(modules.begin(), modules.end());
    i.figures = {{"kernels", positions.size()}, {"time_ns", time}, {"sdpa_math", sdpaMath}, {"scores", s}};
    StepChange change;
    change.removed = positions;
    c.add(std::move(i), positions, change);
}

void findZeroGrad(InsightContext &c)
{
    // optimizer.zero_grad() (or model.zero_grad()) with set_to_none=False fills every gradient with zeros.
    int64_t rangeTime = 0;
    std::vector<size_t> positions = launchedInRanges(c, "Optimizer.zero_grad#", rangeTime);
    std::erase_if(positions, [&](size_t pos) {
        return !underOperator(c.p, c.p.kernels[c.labelled(pos)].op,
                              [](std::string_view name) { return name == "aten::zero_" || name == "aten::fill_"; });
    });
    if (positions.empty())
        return;
    int64_t time = 0;
    for (size_t pos : positions)
        time += c.durationOf(pos);
    Insight i;
    i.kind = "zero-grad";
    i.title = "zero_grad() fills every gradient with zeros: " + std::to_string(positions.size()) + " kernels per step";
    i.evidence.push_back(std::to_string(positions.size()) +
                         " fill kernels (aten::zero_) launched inside "
                         "Optimizer.zero_grad: " +
                         c.duration(time) + " of GPU time, " + c.duration(rangeTime) + " of host time");
    i.evidence.push_back("with set_to_none=True the gradients are dropped instead, and the backward writes them "
                         "fresh (no fill, no read-modify-write)");
    i.fix = "Call optimizer.zero_grad(set_to_none=True) (the default since torch 2.0; an explicit "
            "set_to_none=False, or model.zero_grad() on torch 1.x, keeps the fills). A change to the code: no launcher "
            "fix applies it.";
    i.gainModel = "the step replayed without the fill kernels and their launches";
    i.figures = {{"kernels", positions.size()}, {"time_ns", time}, {"host_ns", rangeTime}};
    StepChange change;
    change.removed = positions;
    c.add(std::move(i), positions, change);
}

void findEmptyCache(InsightContext &c)
{
    // cudaFree inside the step: the caching allocator released its blocks (torch.cuda.empty_cache(), or a
    // failed allocation retried after freeing the cache), and every later allocation goes to cudaMalloc again.
    const std::vector<HostSync> &syncs = c.replay.syncs();
    std::vector<size_t> frees;
    int64_t wait = 0, held = 0;
    for (size_t s = 0; s < syncs.size(); ++s)
        if (syncs[s].kind == HostSync::Kind::Allocator) {
            frees.push_back(s);
            wait += syncs[s].wait_ns;
            held += syncs[s].end_ns - syncs[s].start_ns;
        }
    if (frees.empty())
        return;
    size_t mallocs = 0;
    int64_t mallocTime = 0;
    for (const ApiCall &a : c.p.api_calls)
        if (a.start_ns >= c.timing.host_start_ns && a.start_ns <= c.timing.host_end_ns) {
            const std::string_view name = c.p.text(a.name);
            if (name == "cudaMalloc" || name == "cuMemAlloc" || name == "cudaMallocHost" || name == "cuMemCreate") {
                ++mallocs;
                mallocTime += a.end_ns - a.start_ns;
            }
        }
    StepChange change;
    change.unblocked = frees;
    Insight i;
    i.kind = "empty-cache";
    i.title = "The caching allocator gives memory back to the driver inside the step (torch.cuda.empty_cache())";
    i.evidence.push_back(std::to_string(frees.size()) + " cudaFree calls in the step: " + c.duration(held) +
                         " on the host, " + c.duration(wait) +
                         " of it waiting for the GPU (cudaFree synchronises "
                         "the device)");
    if (mallocs)
        i.evidence.push_back(std::to_string(mallocs) +
                             " cudaMalloc calls take the memory back: " + c.duration(mallocTime) + " on the host");
    i.fix = "Remove torch.cuda.empty_cache() from the training loop (the caching allocator reuses its blocks); if it "
            "is there against out-of-memory errors, reduce fragmentation instead "
            "(PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True). A change to the code.";
    i.gainModel = "the step replayed with the cudaFree calls no longer waiting for the GPU (their own cost and the "
                  "cudaMalloc calls kept): a lower bound";
    i.figures = {{"frees", frees.size()}, {"wait_ns", wait}, {"mallocs", mallocs}, {"malloc_ns", mallocTime}};
    c.add(std::move(i), c.gain(change));
}

void findDataLoader(InsightContext &c)
{
    // The loader's record_function ranges ("enumerate(DataLoader)#_SingleProcessDataLoaderIter.__next__") in the
    // labelled step, and what the GPU did meanwhile; without them, host work outside the model that launches
    // nothing (a loader of the user's own).
    const std::optional<StepRange> step = labelledStep(c.p, c.captureRange);
    if (!step)
        return;
    std::vector<std::pair<int64_t, int64_t>> loading;
    bool singleProcess = false;
    for (const Range &r : c.p.ranges) {
        const std::string_view text = c.p.text(r.text);
        if (!text.starts_with("enumerate(DataLoader)#") || r.kind == RangeKind::GpuUserAnnotation ||
            r.end_ns < step->start_ns || r.start_ns > step->end_ns)
            continue;
        loading.emplace_back(std::max(r.start_ns, step->start_ns), std::min(r.end_ns, step->end_ns));
        singleProcess = singleProcess || contains(text, "SingleProcess");
    }
    HostOnlyWork hostOnly;
    if (loading.empty()) {
        hostOnly = hostOnlyWorkOutsideModel(c.p, *step);
        loading = hostOnly.intervals;
    }
    if (loading.empty())
        return;
    // The GPU's busy intervals in the labelled step's window.
    std::vector<std::pair<int64_t, int64_t>> busy;
    for (const Kernel &k : c.p.kernels)
        if (k.end_ns > step->start_ns && k.start_ns < step->end_ns && !(k.flags & kKernelReferenceStep))
            busy.emplace_back(k.start_ns, k.end_ns);
    std::sort(busy.begin(), busy.end());
    int64_t loadTime = 0, idle = 0;
    for (const auto &[start, end] : loading) {
        loadTime += end - start;
        int64_t covered = 0, cursor = start;
        for (const auto &[b0, b1] : busy) {
            if (b1 <= cursor || b0 >= end)
                continue;
            covered += std::min(b1, end) - std::max(b0, cursor);
            cursor = std::min(b1, end);
        }
        idle += (end - start) - covered;
    }
    const int64_t stepTime = std::max<int64_t>(1, step->end_ns - step->start_ns);
    if (double(idle) < kDataLoaderMinShare * double(stepTime))
        return;
    const int64_t gain = int64_t(double(idle) * double(c.stepNs()) / double(stepTime));
    Insight i;
    i.kind = "data-loader";
    if (!hostOnly.intervals.empty()) {
        std::vector<std::string> top;
        for (const HostOnlyWork::Op &op : hostOnly.byName)
            top.push_back(op.name + " x" + std::to_string(op.calls) + " " + c.duration(op.ns));
        i.title = "The GPU waits for host work outside the model: idle " + percent(double(idle) / double(stepTime)) +
                  " of the step while the host runs operators that launch nothing";
        i.evidence.push_back("outside every module, operators that make no CUDA call took " + c.duration(loadTime) +
                             " of the labelled step (" + c.duration(stepTime) + "), the GPU idle " + c.duration(idle) +
                             " of it: " + InsightContext::listOf(top));
        i.evidence.push_back("no DataLoader range in the step: the batch is made in the training loop itself (or "
                             "other CPU work runs there), and a CUDA graph of the model leaves it on the host");
        i.fix = "Make the batches ahead of the step, off its thread: a DataLoader with worker processes "
                "(num_workers=N, persistent_workers=True, pin_memory=True with .to(device, non_blocking=True)) or "
                "a background thread that prefetches; or move that work to the GPU, or out of the loop. A change "
                "to the code.";
        i.gainModel = "the GPU's idle time while those operators run in the labelled step, scaled to the plain "
                      "step (an upper bound: the workers must keep up)";
        i.figures = {{"load_ns", loadTime}, {"gpu_idle_ns", idle}, {"own_loader", true}};
        c.add(std::move(i), gain);
        return;
    }
    i.title = "The GPU waits for the data loader: idle " + percent(double(idle) / double(stepTime)) +
              " of the step while the next batch is loaded";
    i.evidence.push_back("the DataLoader's __next__ took " + c.duration(loadTime) + " of the labelled step (" +
                         c.duration(stepTime) + "), the GPU idle " + c.duration(idle) + " of it" +
                         (singleProcess ? "; it loads in the training process (num_workers=0)" : ""));
    i.fix =
        std::string(singleProcess ? "Load in worker processes (DataLoader(num_workers=N) with N about the CPU cores "
                                    "per GPU), "
                                  : "Give the loader more workers or a larger prefetch_factor, ") +
        "pin_memory=True with .to(device, non_blocking=True), and persistent_workers=True; move the "
        "decoding or augmentation that stays slow to the GPU. A change to the code.";
    i.gainModel = "the GPU's idle time while the loader works in the labelled step, scaled to the plain step "
                  "(an upper bound: the loading hidden behind the GPU's work)";
    i.figures = {{"load_ns", loadTime}, {"gpu_idle_ns", idle}, {"single_process", singleProcess}};
    c.add(std::move(i), gain);
}

} // namespace opscope::insightdetail
