// Matrix operators and their kernels (matrix_shapes.h).
#include "analysis/matrix_shapes.h"
#include "opscope/text_util.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <regex>
#include <unordered_map>

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

bool isLayoutTransformKernelName(std::string_view name)
{
    for (std::string_view part : {"nchwToNhwc", "nhwcToNchw", "NchwToNhwc", "NhwcToNchw", "nchw2nhwc", "nhwc2nchw",
                                  "transpose", "Transpose", "convertTensor", "permute", "reorder"})
        if (contains(name, part))
            return true;
    return false;
}

bool isMatrixKernelName(std::string_view name)
{
    if (isLayoutTransformKernelName(name))
        return false;
    for (std::string_view part : {"gemm", "GEMM", "gmma", "xmma", "cutlass", "fmha", "attention", "Attention", "flash",
                                  "sdpa", "nvjet", "conv", "Conv", "fprop", "dgrad", "wgrad"})
        if (contains(name, part) && !contains(name, "convert"))
            return true;
    return false;
}

bool isConvolutionOperatorName(std::string_view name)
{
    return (name.starts_with("aten::conv") || name == "aten::cudnn_convolution" || name == "aten::_convolution" ||
            name == "aten::convolution" || name.starts_with("aten::mkldnn_convolution") ||
            name.starts_with("aten::convolution_backward")) &&
           name.find("transpose") == std::string_view::npos;
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
    } else if (isConvolutionOperatorName(opName)) {
        // Forward: (input, weight, bias, ...). Backward: (grad_output, input, weight, ...): grad_output has the
        // output's shape, which the forward's inputs do not give.
        const bool backward = opName.starts_with("aten::convolution_backward");
        const auto &x = input(backward ? 1 : 0), &w = input(backward ? 2 : 1);
        if (x.size() >= 3 && w.size() == x.size() && x[0] > 0 && w[0] > 0 && w[1] > 0 && x[1] % w[1] == 0) {
            MatrixShape s;
            s.convolution = true;
            s.batch = x[0];
            s.k = w[0]; // output channels
            s.n = x[1]; // input channels
            s.m = product(x, 2, x.size());
            s.inputPixels = s.m;
            s.filterVolume = product(w, 1, w.size());
            s.groups = x[1] / w[1];
            s.dims = {{'C', x[1]}, {'K', w[0]}};
            s.flopsKnown = false;
            if (backward) {
                const auto &g = input(0);
                if (g.size() == x.size() && g[0] == x[0] && g[1] == w[0]) {
                    s.setConvolutionOutput(product(g, 2, g.size()));
                    s.flops *= 2; // the data gradient and the weight gradient, each a forward's FLOPs
                    s.convolutionBackward = true;
                }
            }
            out = s;
        }
    }
    if (out && (out->m <= 0 || out->n <= 0 || out->k <= 0))
        return std::nullopt;
    return out;
}

namespace {

int64_t pixelsOf(const std::vector<int64_t> &tensor)
{
    return tensor.size() > 2 ? product(tensor, 2, tensor.size()) : 0;
}

// "8,3,224,224|64,3,7,7": a convolution's input and weight shapes, as a key.
std::string convolutionKey(const std::vector<int64_t> &x, const std::vector<int64_t> &w)
{
    std::string key;
    for (int64_t v : x)
        key += std::to_string(v) + ",";
    key += "|";
    for (int64_t v : w)
        key += std::to_string(v) + ",";
    return key;
}

} // namespace

MatrixShapes::MatrixShapes(const Profile &p) : p_(p) {}

void MatrixShapes::index() const
{
    if (indexed_)
        return;
    indexed_ = true;
    for (Index o = 0; o < p_.operators.size(); ++o) {
        const Operator &op = p_.operators[o];
        if (!p_.text(op.name).starts_with("aten::convolution_backward"))
            continue;
        const auto b = parseShapes(p_.text(op.shapes));
        if (b && b->size() >= 3)
            backward_[convolutionKey((*b)[1], (*b)[2])].push_back({op.module, pixelsOf((*b)[0])});
    }
    byThread_.resize(p_.operators.size());
    for (Index o = 0; o < byThread_.size(); ++o)
        byThread_[o] = o;
    std::sort(byThread_.begin(), byThread_.end(), [&](Index a, Index b) {
        const Operator &x = p_.operators[a], &y = p_.operators[b];
        return x.thread != y.thread ? x.thread < y.thread : x.start_ns < y.start_ns;
    });
}

int64_t MatrixShapes::outputPixels(Index op, const MatrixShape &shape) const
{
    const Operator &conv = p_.operators[op];
    const auto inputs = parseShapes(p_.text(conv.shapes));
    if (!inputs || inputs->size() < 2)
        return 0;
    index();
    const std::vector<int64_t> &x = (*inputs)[0];
    if (const auto it = backward_.find(convolutionKey(x, (*inputs)[1])); it != backward_.end()) {
        for (const auto &[module, pixels] : it->second)
            if (module == conv.module || conv.module == kNoIndex || module == kNoIndex)
                return pixels;
        return it->second.front().second;
    }
    // The outermost convolution operator around it ends when its output exists; the first operator after it
    // on its thread that reads [batch, K, ...] read that output (a few operators on at most).
    Index outer = op;
    for (size_t guard = 0; guard < 64 && p_.operators[outer].parent != kNoIndex &&
                           isConvolutionOperatorName(p_.text(p_.operators[p_.operators[outer].parent].name));
         ++guard)
        outer = p_.operators[outer].parent;
    const Operator &around = p_.operators[outer];
    auto it = std::lower_bound(byThread_.begin(), byThread_.end(), around, [&](Index a, const Operator &key) {
        const Operator &x = p_.operators[a];
        return x.thread != key.thread ? x.thread < key.thread : x.start_ns < key.end_ns;
    });
    for (size_t scanned = 0; it != byThread_.end() && scanned < 64; ++it, ++scanned) {
        const Operator &o = p_.operators[*it];
        if (o.thread != around.thread)
            break;
        const auto in = parseShapes(p_.text(o.shapes));
        if (in && !in->empty() && in->front().size() == x.size() && in->front()[0] == shape.batch &&
            in->front()[1] == shape.k)
            return pixelsOf(in->front());
    }
    return 0;
}

std::optional<MatrixShape> MatrixShapes::of(Index op) const
{
    if (op >= p_.operators.size())
        return std::nullopt;
    std::optional<MatrixShape> shape = matrixShape(p_.text(p_.operators[op].name), p_.text(p_.operators[op].shapes));
    if (shape && shape->convolution && !shape->flopsKnown)
        shape->setConvolutionOutput(outputPixels(op, *shape));
    return shape;
}

void MatrixShape::setConvolutionOutput(int64_t outputPixels)
{
    if (!convolution || outputPixels <= 0)
        return;
    flops = 2.0 * double(batch) * double(k) * double(outputPixels) * double(filterVolume);
    flopsKnown = true;
}

double plausibleFlopsLimit(Precision precision)
{
    switch (precision) {
    case Precision::Bits8:
        return 1e16;
    case Precision::Tf32:
        return 2.5e15;
    case Precision::Fp32:
        return 2e14;
    case Precision::Bits16:
    case Precision::Unknown:
        break;
    }
    return 5e15;
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
