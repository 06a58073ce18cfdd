// Matrix operators and their kernels (matrix_shapes.h).
#include "analysis/matrix_shapes.h"
#include "opscope/text_util.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <regex>

namespace opscope::insightdetail {

namespace {

std::string lower(std::string_view text)
{
    std::string out(text);
    for (char &ch : out)
        ch = char(std::tolower(static_cast<unsigned char>(ch)));
    return out;
}

int64_t product(const std::vector<int64_t> &dims, size_t from, size_t to)
{
    int64_t out = 1;
    for (size_t i = from; i < to && i < dims.size(); ++i)
        out *= dims[i];
    return out;
}

MatrixShape gemm(int64_t batch, int64_t m, int64_t n, int64_t k)
{
    MatrixShape s;
    s.batch = batch;
    s.m = m;
    s.n = n;
    s.k = k;
    s.dims = {{'N', n}, {'K', k}, {'M', m}};
    s.flops = 2.0 * double(batch) * double(m) * double(n) * double(k);
    return s;
}

// A kernel's property, as nsys, ncu (device__attribute_*) or torch.profiler name it.
double deviceProperty(const Profile &p, int32_t device, std::initializer_list<std::string_view> keys)
{
    for (const Device &d : p.devices) {
        if (d.id != device && p.devices.size() > 1)
            continue;
        for (std::string_view key : keys)
            for (const auto &[name, value] : d.properties)
                if (name == key) {
                    char *end = nullptr;
                    const double v = std::strtod(value.c_str(), &end);
                    if (end != value.c_str())
                        return v;
                }
    }
    return std::numeric_limits<double>::quiet_NaN();
}

} // namespace

bool isMatrixKernelName(std::string_view name)
{
    for (std::string_view part : {"gemm", "GEMM", "xmma", "cutlass", "fmha", "attention", "Attention", "nvjet", "conv"})
        if (contains(name, part))
            return true;
    return false;
}

bool isMatrixOperatorName(std::string_view name)
{
    for (std::string_view op :
         {"aten::mm", "aten::addmm", "aten::bmm", "aten::baddbmm", "aten::matmul", "aten::linear", "aten::conv",
          "aten::cudnn_convolution", "aten::_convolution", "aten::convolution", "aten::_scaled_dot_product",
          "aten::scaled_dot_product", "aten::_efficient_attention", "aten::_flash_attention", "aten::_scaled_mm"})
        if (name.starts_with(op))
            return true;
    return false;
}

std::optional<std::vector<std::vector<int64_t>>> parseShapes(std::string_view text)
{
    size_t i = 0;
    const auto skip = [&] {
        while (i < text.size() && (text[i] == ' ' || text[i] == ','))
            ++i;
    };
    skip();
    if (i >= text.size() || text[i] != '[')
        return std::nullopt;
    ++i;
    std::vector<std::vector<int64_t>> out;
    while (true) {
        skip();
        if (i >= text.size())
            return std::nullopt;
        if (text[i] == ']')
            return out;
        std::vector<int64_t> dims;
        if (text[i] == '[') {
            // One input: a list of integers; anything nested (a tensor list) is kept as no shape.
            ++i;
            int depth = 1;
            bool plain = true;
            std::string number;
            for (; i < text.size() && depth > 0; ++i) {
                const char ch = text[i];
                if (ch == '[') {
                    ++depth;
                    plain = false;
                } else if (ch == ']') {
                    --depth;
                }
                if (depth == 1 && std::isdigit(static_cast<unsigned char>(ch)))
                    number += ch;
                else if (!number.empty()) {
                    dims.push_back(std::stoll(number));
                    number.clear();
                }
            }
            if (depth != 0)
                return std::nullopt;
            if (!plain)
                dims.clear();
        } else {
            // A scalar or other value: skip to the next comma at this level.
            while (i < text.size() && text[i] != ',' && text[i] != ']')
                ++i;
        }
        out.push_back(std::move(dims));
    }
}

std::optional<MatrixShape> matrixShape(std::string_view opName, std::string_view shapes)
{
    const auto parsed = parseShapes(shapes);
    if (!parsed)
        return std::nullopt;
    const auto &in = *parsed;
    const auto input = [&](size_t n) -> const std::vector<int64_t> & {
        static const std::vector<int64_t> none;
        return n < in.size() ? in[n] : none;
    };
    const auto is = [&](std::string_view name) { return opName == name; };
    std::optional<MatrixShape> out;
    if (is("aten::mm") || is("aten::_scaled_mm")) {
        const auto &a = input(0), &b = input(1);
        if (a.size() == 2 && b.size() == 2 && a[1] == b[0])
            out = gemm(1, a[0], b[1], a[1]);
    } else if (is("aten::addmm")) {
        const auto &a = input(1), &b = input(2);
        if (a.size() == 2 && b.size() == 2 && a[1] == b[0])
            out = gemm(1, a[0], b[1], a[1]);
    } else if (is("aten::bmm") || is("aten::baddbmm")) {
        const auto &a = input(is("aten::bmm") ? 0 : 1), &b = input(is("aten::bmm") ? 1 : 2);
        if (a.size() == 3 && b.size() == 3 && a[2] == b[1])
            out = gemm(a[0], a[1], b[2], a[2]);
    } else if (is("aten::matmul")) {
        const auto &a = input(0), &b = input(1);
        if (a.size() >= 2 && b.size() >= 2 && a.back() == b[b.size() - 2])
            out = gemm(std::max(product(a, 0, a.size() - 2), product(b, 0, b.size() - 2)), a[a.size() - 2], b.back(),
                       a.back());
    } else if (is("aten::linear")) {
        const auto &x = input(0), &w = input(1);
        if (x.size() >= 1 && w.size() == 2 && x.back() == w[1])
            out = gemm(1, product(x, 0, x.size() - 1), w[0], w[1]);
    } else if (opName.starts_with("aten::conv") || is("aten::cudnn_convolution") || is("aten::_convolution") ||
               is("aten::convolution")) {
        const auto &x = input(0), &w = input(1);
        if (x.size() >= 3 && w.size() == x.size() && x[0] > 0 && w[0] > 0) {
            MatrixShape s;
            s.convolution = true;
            s.batch = x[0];
            s.k = w[0]; // output channels
            s.n = x[1]; // input channels
            s.m = product(x, 2, x.size());
            s.dims = {{'C', x[1]}, {'K', w[0]}};
            s.flops = 2.0 * double(x[0]) * double(w[0]) * double(product(w, 1, w.size())) * double(s.m);
            out = s;
        }
    }
    if (out && (out->m <= 0 || out->n <= 0 || out->k <= 0))
        return std::nullopt;
    return out;
}

std::string_view toString(Precision precision)
{
    switch (precision) {
    case Precision::Bits16:
        return "16-bit";
    case Precision::Tf32:
        return "TF32";
    case Precision::Fp32:
        return "FP32";
    case Precision::Bits8:
        return "8-bit";
    case Precision::Unknown:
        break;
    }
    return "unknown precision";
}

Precision precisionOfKernel(std::string_view name)
{
    const std::string n = lower(name);
    for (std::string_view part : {"e4m3", "e5m2", "fp8", "int8", "i8i8", "imma"})
        if (contains(n, part))
            return Precision::Bits8;
    if (contains(n, "tf32"))
        return Precision::Tf32;
    for (std::string_view part : {"bf16", "f16", "hgemm", "half", "h1688", "h16816", "h884", "hmma"})
        if (contains(n, part))
            return Precision::Bits16;
    for (std::string_view part : {"f32f32", "sgemm", "fp32", "_f32_"})
        if (contains(n, part))
            return Precision::Fp32;
    return Precision::Unknown;
}

int alignmentMultiple(Precision precision)
{
    switch (precision) {
    case Precision::Bits16:
    case Precision::Unknown:
        return 8;
    case Precision::Tf32:
        return 4;
    case Precision::Bits8:
        return 16;
    case Precision::Fp32:
        break;
    }
    return 0;
}

bool compatible(Precision a, Precision b)
{
    if (a == Precision::Fp32 || b == Precision::Fp32)
        return a == b;
    return a == b || a == Precision::Unknown || b == Precision::Unknown;
}

bool hasReducedAlignment(std::string_view name, Precision precision)
{
    static const std::regex align(R"(align(\d+))");
    const std::string text(name);
    std::smatch m;
    if (!std::regex_search(text, m, align))
        return false;
    const int elements = std::stoi(m[1].str());
    const int full = precision == Precision::Bits8                                  ? 16
                     : precision == Precision::Tf32 || precision == Precision::Fp32 ? 4
                                                                                    : 8;
    return elements < full;
}

bool isOlderArchKernel(std::string_view name)
{
    const std::string n = lower(name);
    for (std::string_view part : {"sm75", "sm80", "sm86", "sm89", "cutlass_75", "cutlass_80", "s1688", "s16816",
                                  "h1688", "h16816", "turing_", "ampere_", "volta_"})
        if (contains(n, part))
            return true;
    return false;
}

std::optional<MatrixDim> firstUnaligned(const MatrixShape &shape, int multiple)
{
    if (multiple <= 0)
        return std::nullopt;
    for (const MatrixDim &d : shape.dims)
        if (d.value % multiple != 0)
            return d;
    return std::nullopt;
}

std::optional<OccupancyLimit> occupancyLimit(const Profile &p, Index kernel)
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    std::optional<OccupancyLimit> out;
    for (const auto &[metric, label] : std::initializer_list<std::pair<std::string_view, std::string_view>>{
             {"launch__occupancy_limit_registers", "registers per thread"},
             {"launch__occupancy_limit_shared_mem", "shared memory per block"},
             {"launch__occupancy_limit_warps", "warps per block"},
             {"launch__occupancy_limit_blocks", "blocks per SM"},
             {"launch__occupancy_limit_barriers", "barriers"}}) {
        const double v = p.kernelCounter(kernel, metric, nan);
        if (!std::isnan(v) && (!out || v < out->blocks))
            out = OccupancyLimit{v, std::string(label)};
    }
    return out;
}

std::optional<WaveFill> waveFill(const Profile &p, Index kernel)
{
    const Kernel &k = p.kernels[kernel];
    const double nan = std::numeric_limits<double>::quiet_NaN();
    WaveFill fill;
    // ncu's launch statistics and occupancy limits.
    const double waves = p.kernelCounter(kernel, "launch__waves_per_multiprocessor", nan);
    double sms = p.kernelCounter(kernel, "device__attribute_multiprocessor_count", nan);
    if (std::isnan(sms))
        sms = deviceProperty(p, k.device, {"smCount", "numSms", "multiprocessor_count"});
    const std::optional<OccupancyLimit> measured = occupancyLimit(p, kernel);
    double fewest = measured ? measured->blocks : INFINITY;
    if (measured)
        fill.limiter = measured->limiter;
    if (!std::isnan(waves) && std::isfinite(fewest) && fewest >= 1 && !std::isnan(sms) && sms > 0) {
        fill.waves = waves;
        fill.sms = int(sms);
        fill.blocksPerSm = int(fewest);
        fill.source = "ncu launch statistics";
        return fill;
    }
    // Theoretical: the launch configuration against the GPU's per-SM limits.
    const uint64_t threads = k.block.volume();
    if (threads == 0 || k.grid.volume() == 0 || std::isnan(sms) || sms <= 0)
        return std::nullopt;
    const double warpSize = 32;
    double maxWarps = deviceProperty(p, k.device, {"maxWarpsPerSm", "max_warps_per_multiprocessor"});
    if (std::isnan(maxWarps))
        maxWarps = deviceProperty(p, k.device, {"maxThreadsPerMultiprocessor"}) / warpSize;
    double maxBlocks = deviceProperty(p, k.device, {"maxBlocksPerSm", "max_blocks_per_multiprocessor"});
    if (std::isnan(maxBlocks))
        maxBlocks = 32; // every GPU since Ampere; kineto does not record it
    const double maxRegisters =
        deviceProperty(p, k.device, {"maxRegistersPerSm", "regsPerMultiprocessor", "max_registers_per_multiprocessor"});
    const double maxShared = deviceProperty(
        p, k.device, {"maxShmemPerSm", "sharedMemPerMultiprocessor", "max_shared_memory_per_multiprocessor"});
    if (std::isnan(maxWarps))
        return std::nullopt;
    const double warps = std::ceil(double(threads) / warpSize);
    fewest = maxBlocks;
    fill.limiter = "blocks per SM";
    const auto limit = [&](double blocks, const char *label) {
        if (!std::isnan(blocks) && blocks < fewest) {
            fewest = blocks;
            fill.limiter = label;
        }
    };
    limit(std::floor(maxWarps / warps), "warps per block");
    if (k.registers_per_thread > 0 && !std::isnan(maxRegisters)) {
        // Registers are allocated per warp in units of 256.
        const double perWarp = std::ceil(double(k.registers_per_thread) * warpSize / 256.0) * 256.0;
        limit(std::floor(maxRegisters / (perWarp * warps)), "registers per thread");
    }
    const double shared = double(k.static_shared_bytes) + double(k.dynamic_shared_bytes);
    if (shared > 0 && !std::isnan(maxShared))
        limit(std::floor(maxShared / (shared + 1024.0)), "shared memory per block"); // 1 KiB reserved per block
    if (fewest < 1)
        return std::nullopt;
    fill.sms = int(sms);
    fill.blocksPerSm = int(fewest);
    fill.waves = double(k.grid.volume()) / (sms * fewest);
    fill.source = "theoretical, from the launch configuration and the GPU's limits";
    return fill;
}

std::string gemmTileSizes(const Profile &p, Index kernel, uint64_t perWave)
{
    static const std::regex tile(R"((\d{2,3})x(\d{2,3})(x\d+)?_)");
    const Kernel &k = p.kernels[kernel];
    const std::string name(p.text(k.name));
    std::smatch match;
    if (!std::regex_search(name, match, tile) || k.op == kNoIndex || perWave == 0)
        return {};
    std::optional<MatrixShape> shape;
    for (Index o = k.op; o != kNoIndex && o < p.operators.size() && !shape; o = p.operators[o].parent)
        shape = matrixShape(p.text(p.operators[o].name), p.text(p.operators[o].shapes));
    if (!shape || shape->convolution)
        return {};
    const int64_t a = std::stoll(match[1].str()), b = std::stoll(match[2].str());
    const uint64_t blocks = k.grid.volume();
    // Which tile side goes along M: the one whose tile count equals the grid.
    for (const auto &[tm, tn] : {std::pair{a, b}, std::pair{b, a}}) {
        const int64_t rows = (shape->m + tm - 1) / tm, columns = (shape->n + tn - 1) / tn;
        if (uint64_t(rows * columns * shape->batch) != blocks)
            continue;
        const uint64_t perRow = uint64_t(rows * shape->batch);
        const uint64_t down = (blocks / perWave) * perWave / perRow, up = (blocks / perWave + 1) * perWave / perRow;
        std::string out = "its " + std::to_string(tm) + "x" + std::to_string(tn) +
                          " tiles cover M = " + std::to_string(shape->m) + ", N = " + std::to_string(shape->n) +
                          " as " + std::to_string(rows) + " x " + std::to_string(columns) + " tiles";
        std::vector<std::string> sizes;
        if (down >= 1 && int64_t(down) < columns)
            sizes.push_back("N = " + std::to_string(int64_t(down) * tn) + " (" + std::to_string(down * perRow) +
                            " tiles)");
        if (int64_t(up) > columns)
            sizes.push_back("N = " + std::to_string(int64_t(up) * tn) + " (" + std::to_string(up * perRow) + " tiles)");
        for (size_t i = 0; i < sizes.size(); ++i)
            out += (i ? " or " : "; with M kept, ") + sizes[i];
        return out;
    }
    return {};
}

} // namespace opscope::insightdetail
