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
    bool reducedAlignment = false; // align1/align2 kernels
    bool olderArch = false;        // sm75/sm80 kernels on a newer GPU
    bool noTensorWork = false;     // ncu: every tensor path at 0
    std::vector<std::string> kernelNames;
    double throughput() const { return time > 0 ? shape.flops / (double(time) * 1e-9) : 0; }
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
            continue;
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
        const KernelRoofline r = kernelRoofline(p, k);
        if (r.valid) {
            bool tensor = false;
            for (const ComputeRate &rate : r.compute)
                tensor = tensor || (rate.tensor && rate.achieved > 0);
            m.noTensorWork = !tensor;
        }
        const std::string base = c.kernelName(k);
        if (std::find(m.kernelNames.begin(), m.kernelNames.end(), base) == m.kernelNames.end())
            m.kernelNames.push_back(base);
    }
    std::vector<MatrixOp> out;
    for (auto &[op, m] : byOp)
        out.push_back(std::move(m));
    return out;
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
    std::vector<size_t> positions;
    StepChange change;
    int64_t time = 0;
    double speedupMax = 0;
    for (const auto &[name, members] : groups) {
        const Index k = c.labelled(members.front());
        const KernelRoofline r = kernelRoofline(c.p, k);
        if (!r.valid)
            continue;
        const Kernel &kernel = c.p.kernels[k];
        const bool matrix = isMatrixKernelName(c.p.text(name)) ||
                            (kernel.op != kNoIndex && isMatrixOperatorName(c.p.text(c.p.operators[kernel.op].name)));
        double fp32Achieved = 0, fp32Peak = 0, tensorAchieved = 0, tf32Peak = 0;
        for (const ComputeRate &rate : r.compute) {
            if (rate.precision == "FP32") {
                fp32Achieved = rate.achieved;
                fp32Peak = rate.peak;
            }
            if (rate.tensor)
                tensorAchieved += rate.achieved;
            if (rate.precision == "TF32 tensor")
                tf32Peak = rate.peak;
        }
        if (!matrix || fp32Achieved <= 0 || tensorAchieved > 0)
            continue;
        const double speedup = fp32Peak > 0 && tf32Peak > fp32Peak ? tf32Peak / fp32Peak : 1.0;
        speedupMax = std::max(speedupMax, speedup);
        for (size_t pos : members) {
            positions.push_back(pos);
            time += c.durationOf(pos);
            change.kernel_ns[pos] = int64_t(double(c.durationOf(pos)) / speedup);
        }
    }
    if (positions.empty())
        return;
    Insight i;
    i.kind = "tensor-cores-idle";
    i.title = "Matrix work runs in FP32 on the CUDA cores; the tensor cores stay idle";
    i.evidence.push_back(std::to_string(positions.size()) + " GEMM/attention kernels (" + c.duration(time) + ", " +
                         c.shareOfGpu(time) +
                         " of the step's GPU time) execute FP32 FMAs with every "
                         "sm__ops_path_tensor counter at 0 (ncu)");
    char ratio[32];
    std::snprintf(ratio, sizeof ratio, "%.1fx", speedupMax);
    i.evidence.push_back("the tensor cores' TF32 peak is " + std::string(ratio) + " the FP32 peak on this GPU");
    i.fix =
        "Allow TF32 (torch.backends.cuda.matmul.allow_tf32 = True or torch.set_float32_matmul_precision(\"high\")), "
        "or run the model in BF16 (torch.autocast(\"cuda\", dtype=torch.bfloat16)).";
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
    };
    std::map<std::pair<std::string, int64_t>, Cause> causes;
    for (const MatrixOp &m : ops) {
        const int multiple = alignmentMultiple(m.precision);
        if (multiple == 0 || !(m.reducedAlignment || m.olderArch || m.noTensorWork))
            continue;
        const std::optional<MatrixDim> dim = firstUnaligned(m.shape, multiple);
        if (!dim)
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
    for (auto &[key, cause] : causes) {
        // The throughput the step's aligned GEMMs of a compatible precision reach, the largest first.
        double alignedFlops = 0, alignedTime = 0, largeFlops = 0, largeTime = 0;
        double flops = 0;
        int64_t time = 0;
        for (const MatrixOp *m : cause.ops) {
            flops += m->shape.flops;
            time += m->time;
        }
        size_t alignedOps = 0, largeOps = 0;
        for (const MatrixOp &m : ops) {
            if (m.time <= 0 || m.reducedAlignment || m.olderArch || !compatible(m.precision, cause.precision) ||
                firstUnaligned(m.shape, cause.multiple))
                continue;
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
        const double achieved = time > 0 ? flops / (double(time) * 1e-9) : 0;
        const double reference = alignedTime > 0 ? alignedFlops / (alignedTime * 1e-9) : 0;
        const int64_t padded = (cause.value + 63) / 64 * 64;
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
        const std::string place = cause.module.empty()
                                      ? std::string(c.p.text(c.p.operators[shown].name))
                                      : cause.module + " (" + std::string(c.p.text(c.p.operators[shown].name)) + ")";
        i.title = "GEMM shape: " + std::string(1, cause.dimension) + " = " + std::to_string(cause.value) + " in " +
                  place + " is not a multiple of " + std::to_string(cause.multiple) +
                  ": cuBLAS falls back to slow kernels";
        std::string shapes;
        std::set<std::string> seen;
        for (const MatrixOp *m : cause.ops) {
            const std::string s = shapeText(c.p, m->op == shown || m->outer == shown ? shown : m->op);
            if (seen.insert(s).second)
                shapes += (shapes.empty() ? "" : "; ") + s;
        }
        i.evidence.push_back(std::string(toString(cause.precision)) + " operands; " + std::to_string(cause.ops.size()) +
                             " GEMM" + (cause.ops.size() == 1 ? "" : "s") + " with " + std::to_string(cause.value) +
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
        i.evidence.push_back(std::to_string(positions.size()) + " kernels, " + c.duration(time) + " (" +
                             c.shareOfGpu(time) + " of the step's GPU time) at " + tflops(achieved) +
                             (reference > 0 ? "; the step's aligned GEMMs reach " + tflops(reference) + " (" +
                                                  std::to_string(alignedOps) + " of them)"
                                            : "; no aligned GEMM of this precision in the step to compare with"));
        i.fix = "Pad " + std::string(1, cause.dimension) + " from " + std::to_string(cause.value) + " to " +
                std::to_string(padded) + " (the next multiple of 64)" +
                (cause.module.empty() ? "" : " in " + cause.module) +
                ": for a vocabulary, make the embedding and the output layer " + std::to_string(padded) +
                " wide and ignore the extra logits (as nanoGPT does); for a layer's width, round it up.";
        i.gainModel = reference > 0 ? "the step replayed with these kernels at the aligned GEMMs' " +
                                          tflops(reference) + " on the padded shape: " + c.duration(time) + " -> " +
                                          c.duration(newTime) + " of GPU time"
                                    : "not estimated: no aligned GEMM of this precision in the step";
        for (const MatrixOp *m : cause.ops)
            i.operators.push_back(m->op);
        if (!cause.module.empty())
            i.modules.push_back(cause.module);
        // `opscope verify` pads a Linear or an Embedding (fixes.py): the GEMM's own module.
        if (const Index k = c.labelled(first.positions.front());
            !cause.module.empty() && k != kNoIndex && c.p.kernels[k].module < c.p.modules.size())
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
