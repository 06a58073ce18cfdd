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
#include <vector>

namespace opscope::insightdetail {

bool isMatrixKernelName(std::string_view name);
bool isMatrixOperatorName(std::string_view name);

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
    double flops = 0;            // 2 * batch * M * N * K (a convolution at stride 1: output as large as input)
};
// The GEMM an operator computes from its name and recorded shapes (mm, addmm, bmm, baddbmm, matmul,
// linear, _scaled_mm, convolutions); nullopt for other operators or shapes it cannot read.
std::optional<MatrixShape> matrixShape(std::string_view opName, std::string_view shapes);

enum class Precision : uint8_t { Unknown = 0, Bits16 = 1, Tf32 = 2, Fp32 = 3, Bits8 = 4 };
std::string_view toString(Precision precision);
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
