// Insights about matrix work: FP32 GEMMs that leave the tensor cores idle, GEMM/conv shapes whose
// dimensions make cuBLAS fall back to slow unaligned kernels, grids that quantize into a mostly empty
// last wave.
#include "analysis/insight_context.h"
#include "analysis/matrix_shapes.h"

#include "opscope/roofline.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace opscope::insightdetail {

namespace {

constexpr double kAlignedFlopsShare = 0.25; // aligned GEMMs compared with: at least this share of the FLOPs
constexpr double kSlowerThanAligned = 0.8;  // the unaligned GEMMs reach less than this share of the aligned
constexpr double kWaveMinGpuShare = 0.01;   // wave quantization: kernels with this share of GPU time
constexpr double kFp32MinGpuShare = 0.01;   // FP32 matrix work: at least this share of GPU time
constexpr double kWaveMaxLastFill = 0.5;    // ... whose last wave is at most this full
constexpr double kWaveMinSaving = 0.1;      // ... and whose balanced time saves at least this share

// One matrix operator of the step: its shape and its kernels (step positions).
struct MatrixOp {
    Index op = kNoIndex;    // the innermost matrix operator with shapes
    Index outer = kNoIndex; // the outermost matrix operator around it (aten::linear around aten::mm)
    MatrixShape shape;
    Precision precision = Precision::Unknown;
    std::vector<size_t> positions;
    int64_t time = 0;
    bool reducedAlignment = false;     // align1/align2 kernels
    bool olderArch = false;            // sm75/sm80 kernels on a newer GPU
    bool noTensorWork = false;         // ncu: every tensor path at 0
    bool dgrad = false, wgrad = false; // a convolution's backward kernels by name
    std::string ran;                   // the precision ncu saw its kernels execute ("BF16 tensor"); "" without ncu
    std::string module;
    std::vector<std::string> kernelNames;
    double throughput() const { return time > 0 && shape.flopsKnown ? shape.flops / (double(time) * 1e-9) : 0; }
};

int computeMajor(const Profile &p)
{
    for (const Device &d : p.devices)
        for (const auto &[key, value] : d.properties) {
            if (key == "computeMajor" || key == "compute_capability_major")
                return std::atoi(value.c_str());
            if (key == "CC")
                return std::atoi(value.c_str());
        }
    return 0;
}

// The step's matrix operators, each with its kernels.
std::vector<MatrixOp> matrixOps(const InsightContext &c)
{
    const Profile &p = c.p;
    const int major = computeMajor(p);
    std::map<Index, MatrixOp> byOp;
    for (size_t pos = 0; pos < c.size(); ++pos) {
        const Index k = c.labelled(pos);
        if (k == kNoIndex || c.claimed(pos))
            continue;
        const std::string_view name = p.text(p.kernels[k].name);
        if (!isMatrixKernelName(name))
            continue; // a layout transform around a convolution is data movement, not matrix work
        Index inner = kNoIndex, outer = kNoIndex;
        std::optional<MatrixShape> shape;
        size_t guard = 0;
        for (Index o = p.kernels[k].op; o != kNoIndex && o < p.operators.size() && guard++ < 64;
             o = p.operators[o].parent) {
            const std::string_view opName = p.text(p.operators[o].name);
            if (!isMatrixOperatorName(opName))
                continue;
            if (!shape)
                if ((shape = matrixShape(opName, p.text(p.operators[o].shapes))))
                    inner = o;
            if (shape)
                outer = o;
        }
        if (!shape)
            continue;
        MatrixOp &m = byOp[inner];
        m.op = inner;
        m.outer = outer;
        m.shape = *shape;
        m.positions.push_back(pos);
        m.time += c.durationOf(pos);
        const Precision precision = precisionOfKernel(name);
        if (precision != Precision::Unknown)
            m.precision = precision;
        m.reducedAlignment = m.reducedAlignment || hasReducedAlignment(name, precision);
        m.olderArch = m.olderArch || (major >= 9 && isOlderArchKernel(name));
        m.dgrad = m.dgrad || name.find("dgrad") != std::string_view::npos;
        m.wgrad = m.wgrad || name.find("wgrad") != std::string_view::npos;
        m.module = c.moduleOf(k);
        const KernelRoofline r = kernelRoofline(p, k);
        if (r.valid) {
            bool tensor = false;
            for (const ComputeRate &rate : r.compute)
                tensor = tensor || (rate.tensor && rate.achieved > 0);
            m.noTensorWork = !tensor;
            if (const ComputeRate *dominant = r.dominant())
                m.ran = dominant->precision;
        }
        const std::string base = c.kernelName(k);
        if (std::find(m.kernelNames.begin(), m.kernelNames.end(), base) == m.kernelNames.end())
            m.kernelNames.push_back(base);
    }
    std::vector<MatrixOp> out;
    for (auto &[op, m] : byOp)
        out.push_back(std::move(m));
    // Convolutions: the forward's FLOPs need its output's size; a backward that ran one gradient only (the
    // first layer's input needs none) counts one pass.
    const MatrixShapes shapes(p);
    for (MatrixOp &m : out) {
        if (m.shape.convolution && !m.shape.flopsKnown)
            if (const std::optional<MatrixShape> resolved = shapes.of(m.op))
                m.shape = *resolved;
        if (m.shape.convolutionBackward && m.dgrad != m.wgrad)
            m.shape.flops /= 2;
    }
    return out;
}

// The FLOP/s a count from shapes may not exceed: the GPU's peak for the precision where ncu measured it, else
// any GPU's (plausibleFlopsLimit).
double flopsLimit(const InsightContext &c, Precision precision)
{
    double peak = 0;
    const auto take = [&](std::string_view name) { peak = std::max(peak, c.peakFlops(name)); };
    switch (precision) {
    case Precision::Bits16:
    case Precision::Unknown:
        take("BF16 tensor");
        take("FP16 tensor");
        break;
    case Precision::Tf32:
        take("TF32 tensor");
        break;
    case Precision::Fp32:
        take("FP32");
        take("TF32 tensor");
        break;
    case Precision::Bits8:
        take("FP8 tensor");
        take("INT8 tensor");
        break;
    }
    return peak > 0 ? peak : plausibleFlopsLimit(precision);
}

std::string shapeText(const Profile &p, Index op)
{
    return std::string(p.text(p.operators[op].name)) + " " + std::string(p.text(p.operators[op].shapes));
}

// "18.4 TFLOP/s"
std::string tflops(double flopsPerSecond)
{
    return rate(flopsPerSecond, "FLOP/s");
}

} // namespace

void findTensorCoresIdle(InsightContext &c)
{
    // Matrix kernels doing FP32 FMAs with every tensor path at 0 (ncu counters), grouped by name.
    std::map<StringId, std::vector<size_t>> groups;
    for (size_t pos = 0; pos < c.size(); ++pos)
        if (c.labelled(pos) != kNoIndex && !c.claimed(pos))
            groups[c.p.kernels[c.labelled(pos)].name].push_back(pos);
    std::vector<size_t> positions, named; // by ncu's counters; by the kernel's name alone (no counters)
    StepChange change;
    int64_t time = 0, namedTime = 0;
    double speedupMax = 0;
    const int major = computeMajor(c.p);
    for (const auto &[name, members] : groups) {
        const Index k = c.labelled(members.front());
        const KernelRoofline r = kernelRoofline(c.p, k);
        if (!r.valid) {
            // Without counters: an FP32 GEMM by its name (sgemm, gemm_f32f32) on a GPU with TF32 (sm_80 on).
            if (major >= 8 && isMatrixKernelName(c.p.text(name)) &&
                precisionOfKernel(c.p.text(name)) == Precision::Fp32)
                for (size_t pos : members) {
                    named.push_back(pos);
                    namedTime += c.durationOf(pos);
                }
            continue;
        }
        const Kernel &kernel = c.p.kernels[k];
        const std::string_view kernelName = c.p.text(name);
        double fp32Achieved = 0, fp16Achieved = 0, tensorAchieved = 0;
        for (const ComputeRate &rate : r.compute) {
            if (rate.precision == "FP32")
                fp32Achieved = rate.achieved;
            if (rate.precision == "FP16")
                fp16Achieved = rate.achieved;
            if (rate.tensor)
                tensorAchieved += rate.achieved;
        }
        const double fp32Peak = c.peakFlops("FP32"), tf32Peak = c.peakFlops("TF32 tensor");
        // Matrix work by what the kernel executes: a GEMM/convolution implementation by its name, or a kernel of
        // a matrix operator that spends its time in FP32 FMAs (at least a tenth of the FP32 peak); never a
        // layout transform, which moves data.
        const bool matrixOp = kernel.op != kNoIndex && isMatrixOperatorName(c.p.text(c.p.operators[kernel.op].name));
        const bool matrix =
            !isLayoutTransformKernelName(kernelName) &&
            (isMatrixKernelName(kernelName) || (matrixOp && fp32Peak > 0 && fp32Achieved >= 0.1 * fp32Peak));
        // TF32 applies to FP32 data only: not to a kernel of 16- or 8-bit operands (its name, or its FP16 pipe doing
        // a real share of its work: an FP32 GEMM's few incidental half-precision instructions do not count).
        const Precision named = precisionOfKernel(kernelName);
        const bool fp32Data = named != Precision::Bits16 && named != Precision::Bits8 &&
                              fp16Achieved <= 0.1 * fp32Achieved && kernelName.find("half") == std::string_view::npos &&
                              kernelName.find("bfloat16") == std::string_view::npos;
        if (!matrix || !fp32Data || fp32Achieved <= 0 || tensorAchieved > 0)
            continue;
        const double speedup = fp32Peak > 0 && tf32Peak > fp32Peak ? tf32Peak / fp32Peak : 1.0;
        speedupMax = std::max(speedupMax, speedup);
        for (size_t pos : members) {
            positions.push_back(pos);
            time += c.durationOf(pos);
            change.kernel_ns[pos] = int64_t(double(c.durationOf(pos)) / speedup);
        }
    }
    const std::string fix =
        "Allow TF32 (torch.backends.cuda.matmul.allow_tf32 = True or torch.set_float32_matmul_precision(\"high\"), "
        "and torch.backends.cudnn.allow_tf32 = True for convolutions), or run the model in BF16 "
        "(torch.autocast(\"cuda\", dtype=torch.bfloat16)).";
    if (double(time) < kFp32MinGpuShare * double(c.kernelTime()))
        positions.clear(); // a stray FP32 GEMM is not worth the item
    if (double(namedTime) < kFp32MinGpuShare * double(c.kernelTime()))
        named.clear();
    if (positions.empty() && !named.empty()) {
        Insight i;
        i.kind = "tensor-cores-idle";
        i.title = "FP32 matrix work runs without TF32 on a GPU with tensor cores";
        std::vector<std::string> names;
        for (size_t pos : named)
            if (const std::string n = c.kernelName(c.labelled(pos));
                std::find(names.begin(), names.end(), n) == names.end())
                names.push_back(n);
        i.evidence.push_back(std::to_string(named.size()) + " GEMM kernels with FP32 operands by their names (" +
                             InsightContext::listOf(names, 3) + "): " + c.duration(namedTime) + ", " +
                             c.shareOfGpu(namedTime) + " of the step's GPU time, on an sm_" + std::to_string(major) +
                             "x GPU, whose tensor cores run TF32");
        i.evidence.push_back("no Nsight Compute counters in this profile: how much faster the tensor path is here is "
                             "not measured (opscope profile replays the step under ncu)");
        i.fix = fix;
        i.verifyFix = "tf32";
        i.gainBasis = GainBasis::NotEstimated;
        i.gainModel = "the GPU's FP32 and TF32 peaks are not in this profile (ncu measures them)";
        i.figures = {{"kernels", named.size()}, {"time_ns", namedTime}, {"source", "kernel names"}};
        c.add(std::move(i), named, {});
        return;
    }
    if (positions.empty())
        return;
    Insight i;
    i.kind = "tensor-cores-idle";
    i.title = "FP32 matrix work runs on the CUDA cores; the tensor cores stay idle (TF32 is off)";
    i.evidence.push_back(std::to_string(positions.size()) + " GEMM/convolution kernels on FP32 data (" +
                         c.duration(time) + ", " + c.shareOfGpu(time) +
                         " of the step's GPU time) execute FP32 FMAs with every "
                         "sm__ops_path_tensor counter at 0 (ncu)");
    char ratio[32];
    std::snprintf(ratio, sizeof ratio, "%.1fx", speedupMax);
    i.evidence.push_back("the tensor cores' TF32 peak is " + std::string(ratio) + " the FP32 peak on this GPU");
    i.fix = fix;
    i.verifyFix = "tf32";
    i.gainModel = "the step replayed with these kernels shorter by the TF32 tensor peak over the FP32 peak (same "
                  "efficiency on the faster path)";
    i.figures = {{"kernels", positions.size()},
                 {"time_ns", time},
                 {"share_of_gpu_time", double(time) / double(std::max<int64_t>(1, c.kernelTime()))},
                 {"tf32_to_fp32_peak", speedupMax}};
    c.add(std::move(i), positions, change);
}

void findShapeAlignment(InsightContext &c)
{
    const std::vector<MatrixOp> ops = matrixOps(c);
    // A root cause is one unaligned value in one module: the forward GEMM and its backward ones.
    struct Cause {
        std::string module;
        int64_t value = 0;
        char dimension = 0; // as the forward operator names it
        int multiple = 8;
        Precision precision = Precision::Unknown;
        std::vector<const MatrixOp *> ops;
        std::vector<std::string> modules; // the rows (M): every module whose GEMMs have them
    };
    std::map<std::pair<std::string, int64_t>, Cause> causes;
    for (const MatrixOp &m : ops) {
        const int multiple = alignmentMultiple(m.precision);
        if (multiple == 0 || !(m.reducedAlignment || m.olderArch || m.noTensorWork))
            continue;
        const std::optional<MatrixDim> dim = firstUnaligned(m.shape, multiple);
        if (!dim)
            continue;
        // An image's channels (gray, RGB, RGBA) are the input's, not a width anyone chose, and cuDNN pads them
        // itself; a grouped (depthwise) convolution's channels are not a GEMM dimension.
        if (m.shape.convolution && (m.shape.groups > 1 || (dim->name == 'C' && dim->value <= 4)))
            continue;
        const Index k = c.labelled(m.positions.front());
        Cause &cause = causes[{c.moduleOf(k), dim->value}];
        cause.module = c.moduleOf(k);
        cause.value = dim->value;
        cause.multiple = multiple;
        cause.precision = m.precision;
        const bool forward = !(c.p.operators[m.op].flags & kOperatorBackward);
        if (!cause.dimension || forward)
            cause.dimension = dim->name;
        cause.ops.push_back(&m);
    }
    // The rows of a GEMM (M: batch x sequence tokens) are the input's, one value for every layer it goes
    // through: one root cause, not one per module.
    std::map<int64_t, Cause> rows;
    for (auto it = causes.begin(); it != causes.end();)
        if (it->second.dimension == 'M') {
            Cause &merged = rows[it->second.value];
            if (merged.ops.empty())
                merged = it->second;
            else
                merged.ops.insert(merged.ops.end(), it->second.ops.begin(), it->second.ops.end());
            merged.modules.push_back(it->second.module);
            merged.module.clear();
            it = causes.erase(it);
        } else {
            ++it;
        }
    for (auto &[value, cause] : rows)
        causes[{std::string(), -value}] = std::move(cause);
    for (auto &[key, cause] : causes) {
        // The throughput the step's aligned GEMMs of a compatible precision reach, the largest first.
        double alignedFlops = 0, alignedTime = 0, largeFlops = 0, largeTime = 0;
        double flops = 0;
        int64_t time = 0;
        // A count from shapes above the GPU's peak is wrong (a shape misread): such an op is left out.
        const double limit = flopsLimit(c, cause.precision);
        const auto reliable = [&](const MatrixOp &m) { return m.shape.flopsKnown && m.throughput() <= limit; };
        bool countsKnown = true;
        for (const MatrixOp *m : cause.ops) {
            flops += m->shape.flops;
            time += m->time;
            countsKnown = countsKnown && reliable(*m);
        }
        size_t alignedOps = 0, largeOps = 0, unreliable = 0;
        for (const MatrixOp &m : ops) {
            if (m.time <= 0 || m.reducedAlignment || m.olderArch || !compatible(m.precision, cause.precision) ||
                firstUnaligned(m.shape, cause.multiple))
                continue;
            if (!reliable(m)) {
                unreliable += m.shape.flopsKnown;
                continue;
            }
            alignedFlops += m.shape.flops;
            alignedTime += double(m.time);
            ++alignedOps;
            if (m.shape.flops >= kAlignedFlopsShare * flops / double(cause.ops.size())) {
                largeFlops += m.shape.flops;
                largeTime += double(m.time);
                ++largeOps;
            }
        }
        if (largeOps) {
            alignedFlops = largeFlops;
            alignedTime = largeTime;
            alignedOps = largeOps;
        }
        const double achieved = countsKnown && time > 0 ? flops / (double(time) * 1e-9) : 0;
        const double reference = countsKnown && alignedTime > 0 ? alignedFlops / (alignedTime * 1e-9) : 0;
        // A width goes to the next multiple of 64 (whole tiles); the rows, the input's tokens, to the multiple.
        const int64_t padTo = cause.dimension == 'M' ? cause.multiple : 64;
        const int64_t padded = (cause.value + padTo - 1) / padTo * padTo;
        StepChange change;
        std::vector<size_t> positions;
        int64_t newTime = 0;
        for (const MatrixOp *m : cause.ops) {
            positions.insert(positions.end(), m->positions.begin(), m->positions.end());
            if (reference <= 0)
                continue;
            // The padded GEMM's FLOPs at the aligned throughput, spread over its kernels as they ran.
            const double paddedFlops = m->shape.flops * double(padded) / double(cause.value);
            const double opNs = paddedFlops / reference * 1e9;
            for (size_t pos : m->positions) {
                const int64_t ns = int64_t(opNs * double(c.durationOf(pos)) / double(std::max<int64_t>(1, m->time)));
                change.kernel_ns[pos] = ns;
                newTime += ns;
            }
        }
        // No advice without the evidence: the unaligned kernels must be slower than the aligned ones.
        if (reference > 0 && achieved >= kSlowerThanAligned * reference)
            continue;
        const MatrixOp &first = *cause.ops.front();
        const Index shown = [&, &causeOps = cause.ops] { // clang 14 (the fuzz build) captures no structured binding
            for (const MatrixOp *m : causeOps)
                if (!(c.p.operators[m->op].flags & kOperatorBackward))
                    return m->outer;
            return first.outer;
        }();
        Insight i;
        i.kind = "shape-alignment";
        std::string place = cause.module.empty()
                                ? std::string(c.p.text(c.p.operators[shown].name))
                                : cause.module + " (" + std::string(c.p.text(c.p.operators[shown].name)) + ")";
        if (cause.modules.size() > 1)
            place = std::to_string(cause.modules.size()) + " modules' " +
                    std::string(c.p.text(c.p.operators[shown].name)) + " (" + InsightContext::listOf(cause.modules, 3) +
                    ")";
        const bool convolution = first.shape.convolution;
        i.title = (convolution ? "Convolution channels: " : "GEMM shape: ") + std::string(1, cause.dimension) + " = " +
                  std::to_string(cause.value) + " in " + place + " is not a multiple of " +
                  std::to_string(cause.multiple) +
                  (convolution ? ": cuDNN falls back to slow kernels" : ": cuBLAS falls back to slow kernels");
        std::string shapes;
        std::set<std::string> seen;
        for (const MatrixOp *m : cause.ops) {
            const std::string s = shapeText(c.p, m->op == shown || m->outer == shown ? shown : m->op);
            if (seen.insert(s).second)
                shapes += (shapes.empty() ? "" : "; ") + s;
        }
        // The precision the kernels ran (autocast decides it, not the model's parameters): ncu's, else the names'.
        std::string ran = std::string(toString(cause.precision)) + " operands";
        for (const MatrixOp *m : cause.ops)
            if (!m->ran.empty()) {
                ran = m->ran.ends_with(" tensor") ? m->ran.substr(0, m->ran.size() - 7) + " on the tensor cores (ncu)"
                                                  : m->ran + " on the CUDA cores (ncu)";
                break;
            }
        i.evidence.push_back(ran + "; " + std::to_string(cause.ops.size()) + (convolution ? " convolution" : " GEMM") +
                             (cause.ops.size() == 1 ? "" : "s") + " with " + std::to_string(cause.value) +
                             " as a dimension: " + shapes);
        std::vector<std::string> kernelNames;
        for (const MatrixOp *m : cause.ops)
            for (const std::string &name : m->kernelNames)
                if (std::find(kernelNames.begin(), kernelNames.end(), name) == kernelNames.end())
                    kernelNames.push_back(name);
        std::string evidence = "kernels " + InsightContext::listOf(kernelNames, 3);
        std::vector<std::string> why;
        bool aligned1 = false, older = false, noTensor = false;
        for (const MatrixOp *m : cause.ops) {
            aligned1 = aligned1 || m->reducedAlignment;
            older = older || m->olderArch;
            noTensor = noTensor || m->noTensorWork;
        }
        if (aligned1)
            why.push_back("align1/align2 in the name: loads of 1 or 2 elements instead of 16 bytes");
        if (older)
            why.push_back("a pre-Hopper kernel (sm75/sm80, s1688 MMA) on this sm_" + std::to_string(computeMajor(c.p)) +
                          "0 GPU");
        if (noTensor)
            why.push_back("ncu counts no tensor-core work in them");
        for (size_t n = 0; n < why.size(); ++n)
            evidence += (n ? "; " : ": ") + why[n];
        i.evidence.push_back(evidence);
        std::string rates = std::to_string(positions.size()) + " kernels, " + c.duration(time) + " (" +
                            c.shareOfGpu(time) + " of the step's GPU time)";
        if (!countsKnown)
            rates += "; their FLOPs cannot be counted from the recorded shapes (a convolution's output size is not "
                     "among its inputs, or the count would exceed the GPU's peak): no throughput is given";
        else
            rates += " at " + tflops(achieved) +
                     (reference > 0
                          ? "; the step's aligned " + std::string(convolution ? "convolutions and " : "") +
                                "GEMMs reach " + tflops(reference) + " (" + std::to_string(alignedOps) + " of them)"
                          : "; no aligned GEMM of this precision in the step to compare with");
        if (unreliable)
            rates += " (" + std::to_string(unreliable) +
                     " aligned ones left out: their FLOPs counted from shapes would exceed the GPU's peak)";
        i.evidence.push_back(rates);
        const std::string where = cause.module.empty() ? "" : " in " + cause.module;
        const std::string dimension(1, cause.dimension);
        if (convolution)
            i.fix = "Make the channel count a multiple of " + std::to_string(cause.multiple) + " (" +
                    std::to_string(cause.value) + " -> " + std::to_string((cause.value + 7) / 8 * 8) + " or " +
                    std::to_string(padded) + ")" + where +
                    ": the layer's out_channels and the next layer's in_channels together.";
        else if (cause.dimension == 'N' && cause.value >= 1000 &&
                 (cause.module.ends_with("head") || cause.module.find("vocab") != std::string::npos ||
                  cause.module.find("embed") != std::string::npos || cause.module.ends_with("decoder") ||
                  cause.module.ends_with("output")))
            i.fix = "Pad the vocabulary from " + std::to_string(cause.value) + " to " + std::to_string(padded) +
                    " (the next multiple of 64)" + where + ": make the embedding and the output layer " +
                    std::to_string(padded) + " wide and ignore the extra logits (as nanoGPT does).";
        else if (cause.dimension == 'M')
            i.fix = "Pad the rows, batch x sequence tokens, from " + std::to_string(cause.value) + " to " +
                    std::to_string(padded) + " (a multiple of " + std::to_string(cause.multiple) +
                    "): pad the sequence (a tokenizer's pad_to_multiple_of=" + std::to_string(cause.multiple) +
                    ") or choose a batch that makes it one.";
        else
            i.fix = "Round " + dimension + " up from " + std::to_string(cause.value) + " to " + std::to_string(padded) +
                    " (the next multiple of 64)" + where +
                    (cause.dimension == 'N' ? ": the layer's output width (and the next layer's input width)."
                                            : ": the layer's input width (the width of the layer before it).");
        i.gainModel = reference > 0 ? "the step replayed with these kernels at the aligned GEMMs' " +
                                          tflops(reference) + " on the padded shape: " + c.duration(time) + " -> " +
                                          c.duration(newTime) + " of GPU time"
                      : countsKnown ? "no aligned GEMM of this precision in the step to price it on"
                                    : "the FLOPs of these operators are not known";
        if (reference <= 0)
            i.gainBasis = GainBasis::NotEstimated;
        for (const MatrixOp *m : cause.ops)
            i.operators.push_back(m->op);
        if (!cause.module.empty())
            i.modules.push_back(cause.module);
        for (const std::string &module : cause.modules)
            if (!module.empty())
                i.modules.push_back(module);
        // `opscope verify` pads a Linear or an Embedding (fixes.py: computed on the padded width and sliced back):
        // the GEMM's own module, and its output width (N) only.
        if (const Index k = c.labelled(first.positions.front()); cause.dimension == 'N' && !cause.module.empty() &&
                                                                 !convolution && k != kNoIndex &&
                                                                 c.p.kernels[k].module < c.p.modules.size())
            if (const std::string_view cls = c.p.text(c.p.modules[c.p.kernels[k].module].class_name);
                cls == "Linear" || cls == "Embedding" || cls == "NonDynamicallyQuantizableLinear")
                i.verifyFix = "pad=" + cause.module + ":" + std::to_string(padded);
        i.figures = {{"dimension", std::string(1, cause.dimension)},
                     {"value", cause.value},
                     {"multiple", cause.multiple},
                     {"padded", padded},
                     {"precision", toString(cause.precision)},
                     {"gemms", cause.ops.size()},
                     {"time_ns", time},
                     {"achieved_flops", achieved},
                     {"aligned_flops", reference},
                     {"aligned_gemms", alignedOps},
                     {"replayed_time_ns", newTime},
                     {"reduced_alignment", aligned1},
                     {"pre_hopper_kernel", older},
                     {"no_tensor_work", noTensor}};
        c.add(std::move(i), positions, change);
    }
}

void findWaveQuantization(InsightContext &c)
{
    const Profile &p = c.p;
    struct Group {
        std::vector<size_t> positions;
        int64_t time = 0;
    };
    std::map<std::tuple<StringId, uint64_t, uint64_t>, Group> groups;
    for (size_t pos = 0; pos < c.size(); ++pos) {
        const Index k = c.labelled(pos);
        if (k == kNoIndex || c.claimed(pos))
            continue;
        const Kernel &kernel = p.kernels[k];
        // Matrix kernels only: their grid follows the problem's sizes, which the user chooses.
        if (!isMatrixKernelName(p.text(kernel.name)))
            continue;
        Group &g = groups[{kernel.name, kernel.grid.volume(), kernel.block.volume()}];
        g.positions.push_back(pos);
        g.time += c.durationOf(pos);
    }
    for (const auto &[key, g] : groups) {
        if (double(g.time) < kWaveMinGpuShare * double(c.kernelTime()))
            continue;
        const Index k = c.labelled(g.positions.front());
        const std::optional<WaveFill> fill = waveFill(p, k);
        if (!fill || fill->waves <= 1.0)
            continue;
        const double full = std::ceil(fill->waves - 1e-9);
        const double last = fill->waves - std::floor(fill->waves);
        const double balanced = fill->waves / full;
        if (last <= 0 || last > kWaveMaxLastFill || 1.0 - balanced < kWaveMinSaving)
            continue;
        StepChange change;
        for (size_t pos : g.positions)
            change.kernel_ns[pos] = int64_t(double(c.durationOf(pos)) * balanced);
        const uint64_t perWave = uint64_t(fill->sms) * uint64_t(fill->blocksPerSm);
        const uint64_t blocks = p.kernels[k].grid.volume();
        Insight i;
        i.kind = "wave-quantization";
        i.title = "Wave quantization: " + c.kernelName(k) + " runs " + std::to_string(blocks) + " blocks in " +
                  std::to_string(int(full)) + " waves of " + std::to_string(perWave) + ", the last " + percent(last) +
                  " full";
        i.evidence.push_back(std::to_string(g.positions.size()) + " launch" + (g.positions.size() == 1 ? "" : "es") +
                             ", " + c.duration(g.time) + " (" + c.shareOfGpu(g.time) + " of the step's GPU time)");
        i.evidence.push_back("grid " + std::to_string(blocks) + " blocks of " +
                             std::to_string(p.kernels[k].block.volume()) + " threads; " +
                             std::to_string(fill->blocksPerSm) + " block" + (fill->blocksPerSm == 1 ? "" : "s") +
                             " per SM (limited by " + fill->limiter + ") on " + std::to_string(fill->sms) +
                             " SMs: " + std::to_string(perWave) + " blocks a wave, " +
                             std::to_string(fill->waves).substr(0, 4) + " waves (" + fill->source + ")");
        std::string sizes = "a grid of " + std::to_string(uint64_t(std::floor(fill->waves)) * perWave) + " or " +
                            std::to_string(uint64_t(full) * perWave) + " blocks fills whole waves";
        if (const std::string tiles = gemmTileSizes(p, k, perWave); !tiles.empty())
            sizes += "; " + tiles;
        i.evidence.push_back(sizes);
        i.fix = "Choose sizes whose work fills whole waves on this GPU (batch, sequence or layer widths), or let the "
                "library pick another tile for this shape (torch.compile(mode=\"max-autotune\") tries several).";
        i.verifyFix = "compile=max-autotune";
        i.gainModel = "the step replayed with these kernels running the same work in balanced waves: " +
                      std::to_string(fill->waves).substr(0, 4) + " / " + std::to_string(int(full)) + " of their time";
        i.figures = {{"blocks", blocks},       {"blocks_per_sm", fill->blocksPerSm},
                     {"sms", fill->sms},       {"waves", fill->waves},
                     {"last_wave_fill", last}, {"time_ns", g.time},
                     {"source", fill->source}};
        c.add(std::move(i), g.positions, change);
    }
}

} // namespace opscope::insightdetail
