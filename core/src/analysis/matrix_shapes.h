#pragma once
// Matrix operators and their kernels, as the insights read them: the GEMM dimensions of an operator
// from its recorded input shapes (emit_nvtx's "sizes = [[8, 512, 768], [50257, 768]]", torch.profiler's
// Input Dims), the precision and alignment a GEMM kernel's name reveals, and how a grid fills the GPU's
// waves.

#include "opscope/profile.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace opscope::insightdetail {

// A GEMM, convolution or attention implementation by its name (cuBLAS, CUTLASS, cuDNN, nvjet, flash/fmha), not
// a layout transform cuDNN runs around a convolution (isLayoutTransformKernelName).
bool isMatrixKernelName(std::string_view name);
// cuDNN's and PyTorch's layout conversions (nchwToNhwcKernel, nhwcToNchwKernel, transposes): data movement.
bool isLayoutTransformKernelName(std::string_view name);
bool isMatrixOperatorName(std::string_view name);
bool isConvolutionOperatorName(std::string_view name);

// "[[8, 512, 768], [50257, 768], []]" -> {{8, 512, 768}, {50257, 768}, {}}; nullopt when not that form.
std::optional<std::vector<std::vector<int64_t>>> parseShapes(std::string_view text);

struct MatrixDim {
    char name = 0; // 'M', 'N', 'K'; for a convolution 'C' (input channels) and 'K' (output channels)
    int64_t value = 0;
};

struct MatrixShape {
    int64_t batch = 1, m = 0, n = 0, k = 0;
    bool convolution = false;
    std::vector<MatrixDim> dims; // in the order an unaligned one is named: N, K, M (conv: C, K)
    // 2 * batch * M * N * K; a convolution's 2 * batch * K * output pixels * (C / groups * R * S) per pass
    // (forward, data gradient, weight gradient).
    double flops = 0;
    bool flopsKnown = true; // a forward convolution's output size is not among its inputs: set it (below)
    // Convolutions: the input's channels and pixels, the filter's C/groups * R * S, the groups.
    int64_t inputPixels = 0, filterVolume = 0, groups = 1;
    bool convolutionBackward = false; // aten::convolution_backward: flops count both gradients
    // A forward convolution's FLOPs once its output's pixels are known (from its backward, or the op after it).
    void setConvolutionOutput(int64_t outputPixels);
};
// The GEMM an operator computes from its name and recorded shapes (mm, addmm, bmm, baddbmm, matmul,
// linear, _scaled_mm, convolutions and their backward); nullopt for other operators or shapes it cannot read
// (transposed convolutions).
std::optional<MatrixShape> matrixShape(std::string_view opName, std::string_view shapes);

enum class Precision : uint8_t { Unknown = 0, Bits16 = 1, Tf32 = 2, Fp32 = 3, Bits8 = 4 };
std::string_view toString(Precision precision);
// The GEMM an operator of `p` computes (matrixShape), with a forward convolution's output size found in the
// profile: from its backward (aten::convolution_backward of the same input and weight shapes, in the same
// module where both have one: grad_output has the output's shape), else from the first operator after the
// convolution on its thread that reads a [batch, K, ...] tensor (the batch norm, activation or addition
// after it); without either its FLOPs stay unknown (flopsKnown false). The backward convolutions are indexed
// by their shapes and the operators by thread and start once, on the first convolution that needs them.
class MatrixShapes {
public:
    explicit MatrixShapes(const Profile &p);
    std::optional<MatrixShape> of(Index op) const;

private:
    void index() const;
    int64_t outputPixels(Index op, const MatrixShape &shape) const;
    const Profile &p_;
    mutable bool indexed_ = false;
    mutable std::unordered_map<std::string, std::vector<std::pair<Index, int64_t>>> backward_; // -> (module, pixels)
    mutable std::vector<Index> byThread_;
};
// An upper bound on any GPU's dense FLOP/s at a precision (above it a count from shapes is wrong): B200's
// dense peaks as of 2025 (2.25 PFLOP/s BF16, 4.5 FP8, 1.1 TF32, 80 TFLOP/s FP32) with headroom.
double plausibleFlopsLimit(Precision precision);
// What a GEMM kernel's name says of its operands (nvjet names say nothing: Unknown).
Precision precisionOfKernel(std::string_view name);
// The multiple a GEMM dimension needs for the tensor cores' full-width loads: 8 for 16-bit types, 4 for
// TF32, 16 for 8-bit; 0 for FP32 without tensor cores; 8 when unknown.
int alignmentMultiple(Precision precision);
bool compatible(Precision a, Precision b);
// align1/align2 (and align4 for 16-bit, align4/align8 for 8-bit types) in a CUTLASS kernel name.
bool hasReducedAlignment(std::string_view name, Precision precision);
// A kernel of an older architecture's path: sm75/sm80/sm86 names, s1688/h1688 MMA shapes.
bool isOlderArchKernel(std::string_view name);
// The first dimension (in MatrixShape::dims order) that is not a multiple of `multiple`.
std::optional<MatrixDim> firstUnaligned(const MatrixShape &shape, int multiple);

// The blocks per SM ncu's launch statistics allow a kernel (the launch__occupancy_limit_* that allows the
// fewest) and what limits them ("registers per thread", ...); nullopt without those counters.
struct OccupancyLimit {
    double blocks = 0;
    std::string limiter;
};
std::optional<OccupancyLimit> occupancyLimit(const Profile &p, Index kernel);

// How a kernel's grid fills the GPU: from ncu's launch statistics where the profile has them, else from
// the launch configuration and the GPU's limits (theoretical).
struct WaveFill {
    double waves = 0;
    int sms = 0;
    int blocksPerSm = 0;
    std::string limiter; // what limits the blocks per SM
    std::string source;  // "ncu launch statistics" or "theoretical, from ..."
};
std::optional<WaveFill> waveFill(const Profile &p, Index kernel);
// For a GEMM kernel whose name gives its tile (256x128) and whose operator gives M and N, where the tile
// count equals the grid: the sizes of N (M kept) that fill whole waves of `perWave` blocks; "" otherwise.
std::string gemmTileSizes(const Profile &p, Index kernel, uint64_t perWave);

} // namespace opscope::insightdetail
