// Matching helpers of the comparison: sequence alignment, kernel roles and name similarity,
// operator families, Triton fusion names, run statistics.
#include "diff/diff_internal.h"
#include "opscope/text_util.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <limits>

namespace opscope::diffdetail {

namespace {

// Past this many cells the full table costs too much memory; the rest is aligned greedily.
constexpr size_t kMaxAlignmentCells = size_t(16) << 20;
constexpr size_t kGreedyWindow = 64;
// The fusion-aware alignment keeps the whole score table and tries groups at each cell.
constexpr size_t kMaxFusionCells = size_t(1) << 20;

std::string lower(std::string_view s)
{
    std::string out(s);
    for (char &c : out)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// In-order pairing without the table: each i takes the nearest allowed j within a window.
void alignGreedy(size_t i0, size_t n, size_t j0, size_t m, const PairScore &score,
                 std::vector<std::pair<size_t, size_t>> &out)
{
    size_t j = j0;
    for (size_t i = i0; i < n && j < m; ++i) {
        for (size_t k = j; k < m && k < j + kGreedyWindow; ++k)
            if (score(i, k) >= 0) {
                out.emplace_back(i, k);
                j = k + 1;
                break;
            }
    }
}

} // namespace

std::vector<std::pair<size_t, size_t>> alignSequences(size_t n, size_t m, const PairScore &score)
{
    std::vector<std::pair<size_t, size_t>> out;
    if (n == 0 || m == 0)
        return out;
    if (n * m > kMaxAlignmentCells) {
        alignGreedy(0, n, 0, m, score, out);
        return out;
    }
    // Needleman-Wunsch with free gaps: best[i][j] = best alignment of the first i and j items.
    enum : uint8_t { Up = 0, Left = 1, Diagonal = 2 };
    std::vector<uint8_t> move((n + 1) * (m + 1), Up);
    std::vector<int64_t> previous(m + 1, 0), current(m + 1, 0);
    for (size_t j = 1; j <= m; ++j)
        move[j] = Left;
    for (size_t i = 1; i <= n; ++i) {
        current[0] = 0;
        move[i * (m + 1)] = Up;
        for (size_t j = 1; j <= m; ++j) {
            int64_t best = previous[j];
            uint8_t how = Up;
            if (current[j - 1] > best) {
                best = current[j - 1];
                how = Left;
            }
            // Ties go to the pair: an allowed pair is never worse than two gaps.
            const int s = score(i - 1, j - 1);
            if (s >= 0 && previous[j - 1] + s >= best) {
                best = previous[j - 1] + s;
                how = Diagonal;
            }
            current[j] = best;
            move[i * (m + 1) + j] = how;
        }
        std::swap(previous, current);
    }
    for (size_t i = n, j = m; i > 0 && j > 0;) {
        const uint8_t how = move[i * (m + 1) + j];
        if (how == Diagonal) {
            out.emplace_back(i - 1, j - 1);
            --i;
            --j;
        } else if (how == Up) {
            --i;
        } else {
            --j;
        }
    }
    std::reverse(out.begin(), out.end());
    return out;
}

std::vector<AlignedGroup> alignWithFusion(size_t n, size_t m, const PairScore &score, const JoinTest &joinsBefore,
                                          const JoinTest &joinsAfter)
{
    constexpr size_t kMaxGroup = 8;
    std::vector<AlignedGroup> out;
    if (n == 0 || m == 0)
        return out;
    if (n * m > kMaxFusionCells) { // too large for the full table: pairs only
        for (const auto &[i, j] : alignSequences(n, m, score))
            out.push_back({i, i + 1, j, j + 1});
        return out;
    }
    const size_t w = m + 1;
    std::vector<int64_t> best((n + 1) * w, 0);
    // Move into cell (i, j): 0 up, 1 left, else a group of `beforeCount` x `afterCount` items.
    std::vector<uint8_t> beforeCount((n + 1) * w, 0), afterCount((n + 1) * w, 0);
    for (size_t i = 1; i <= n; ++i) {
        for (size_t j = 1; j <= m; ++j) {
            const size_t cell = i * w + j;
            int64_t value = best[cell - w];
            uint8_t bc = 0, ac = 0; // (0, 0): up
            if (best[cell - 1] > value) {
                value = best[cell - 1];
                bc = 0;
                ac = 1; // (0, 1): left
            }
            auto consider = [&](size_t nb, size_t na, int64_t groupScore) {
                const int64_t total = best[(i - nb) * w + (j - na)] + groupScore;
                if (total >= value) { // ties go to the pair / group
                    value = total;
                    bc = uint8_t(nb);
                    ac = uint8_t(na);
                }
            };
            // Several BEFORE items (i-k .. i-1) around AFTER item j-1: the best of them pairs, every
            // one of them must join. k = 1 is the plain pair.
            int top = -1;
            bool allJoin = true;
            for (size_t k = 1; k <= kMaxGroup && k <= i; ++k) {
                const size_t b = i - k;
                top = std::max(top, score(b, j - 1));
                if (k == 1 && top >= 0)
                    consider(1, 1, top);
                allJoin = allJoin && joinsBefore(b, j - 1);
                if (!allJoin)
                    break;
                if (k >= 2 && top >= 0)
                    consider(k, 1, top + kJoinBonus * int64_t(k - 1));
            }
            // Several AFTER items around BEFORE item i-1.
            top = -1;
            allJoin = true;
            for (size_t k = 1; k <= kMaxGroup && k <= j; ++k) {
                const size_t a = j - k;
                top = std::max(top, score(i - 1, a));
                allJoin = allJoin && joinsAfter(i - 1, a);
                if (!allJoin)
                    break;
                if (k >= 2 && top >= 0)
                    consider(1, k, top + kJoinBonus * int64_t(k - 1));
            }
            best[cell] = value;
            beforeCount[cell] = bc;
            afterCount[cell] = ac;
        }
    }
    for (size_t i = n, j = m; i > 0 && j > 0;) {
        const size_t cell = i * w + j;
        const size_t bc = beforeCount[cell], ac = afterCount[cell];
        if (bc == 0 && ac == 0) {
            --i;
        } else if (bc == 0) {
            --j;
        } else {
            out.push_back({i - bc, i, j - ac, j});
            i -= bc;
            j -= ac;
        }
    }
    std::reverse(out.begin(), out.end());
    return out;
}

KernelRole kernelRole(std::string_view name)
{
    const std::string n = lower(name);
    if (n.starts_with("triton_")) {
        if (n.starts_with("triton_tem") || n.starts_with("triton_mm"))
            return KernelRole::TritonTemplate;
        if (n.starts_with("triton_red") || n.starts_with("triton_per"))
            return KernelRole::TritonReduction;
        return KernelRole::TritonPointwise;
    }
    auto any = [&](std::initializer_list<std::string_view> parts) {
        return std::any_of(parts.begin(), parts.end(), [&](std::string_view p) { return contains(n, p); });
    };
    if (any({"fmha", "flash", "sdpa", "attention", "attn"}))
        return KernelRole::Attention;
    if (any({"conv", "fprop", "dgrad", "wgrad"}))
        return KernelRole::Convolution;
    if (any({"gemm", "nvjet", "matmul", "cublas", "gemv", "wgmma", "hmma", "xmma"}))
        return KernelRole::Gemm;
    if (any({"layer_norm", "layernorm", "batch_norm", "batchnorm", "rms_norm", "rmsnorm", "group_norm"}))
        return KernelRole::Norm;
    if (contains(n, "softmax"))
        return KernelRole::Softmax;
    if (any({"reduce", "reduction"}))
        return KernelRole::Reduction;
    if (any({"gather", "scatter", "index", "embedding"}))
        return KernelRole::Gather;
    if (any({"copy", "convert", "cast", "transpose"}))
        return KernelRole::Copy;
    if (any({"elementwise", "vectorized", "unrolled", "functor"}))
        return KernelRole::Elementwise;
    return KernelRole::Unknown;
}

std::vector<std::string> kernelNameTokens(std::string_view name)
{
    // Template arguments say much of what a kernel is (the CUTLASS config, the element type), so
    // they count; the parameter list after the outermost '(' does not.
    size_t end = name.size();
    int angle = 0;
    for (size_t i = 0; i < name.size(); ++i) {
        if (name[i] == '<')
            ++angle;
        else if (name[i] == '>')
            angle = std::max(0, angle - 1);
        else if (name[i] == '(' && angle == 0 && i > 0) {
            end = i;
            break;
        }
    }
    static const std::array<std::string_view, 8> ignored = {"void",     "int",  "long",  "bool",
                                                            "unsigned", "char", "const", "t1"};
    std::vector<std::string> tokens;
    std::string token;
    auto flush = [&] {
        const bool numeric = !token.empty() && std::all_of(token.begin(), token.end(), [](char c) {
            return std::isdigit(static_cast<unsigned char>(c));
        });
        if (token.size() > 1 && !numeric && std::find(ignored.begin(), ignored.end(), token) == ignored.end())
            tokens.push_back(token);
        token.clear();
    };
    for (size_t i = 0; i < end; ++i) {
        const char c = name[i];
        if (std::isalnum(static_cast<unsigned char>(c)))
            token += char(std::tolower(static_cast<unsigned char>(c)));
        else
            flush();
    }
    flush();
    std::sort(tokens.begin(), tokens.end());
    tokens.erase(std::unique(tokens.begin(), tokens.end()), tokens.end());
    return tokens;
}

double tokenSimilarity(const std::vector<std::string> &a, const std::vector<std::string> &b)
{
    if (a.empty() && b.empty())
        return 0;
    size_t common = 0;
    for (size_t i = 0, j = 0; i < a.size() && j < b.size();) {
        if (a[i] == b[j]) {
            ++common;
            ++i;
            ++j;
        } else if (a[i] < b[j]) {
            ++i;
        } else {
            ++j;
        }
    }
    return double(common) / double(a.size() + b.size() - common);
}

std::string_view baseOperatorName(std::string_view name)
{
    const auto sep = name.rfind("::");
    return sep == std::string_view::npos ? name : name.substr(sep + 2);
}

int operatorFamily(std::string_view name)
{
    const std::string_view base = baseOperatorName(name);
    static const std::array<std::string_view, 9> matmul = {"mm",     "addmm", "bmm", "baddbmm",          "matmul",
                                                           "linear", "addmv", "mv",  "_addmm_activation"};
    if (std::find(matmul.begin(), matmul.end(), base) != matmul.end())
        return 1;
    if (contains(base, "scaled_dot_product") || contains(base, "attention"))
        return 2;
    if (contains(base, "convolution") || base == "conv2d" || base == "conv1d" || base == "conv3d")
        return 3;
    static const std::array<std::string_view, 6> copy = {"copy_", "to", "_to_copy", "clone", "contiguous", "type_as"};
    if (std::find(copy.begin(), copy.end(), base) != copy.end())
        return 4;
    if (contains(base, "layer_norm") || contains(base, "batch_norm") || contains(base, "rms_norm") ||
        contains(base, "group_norm"))
        return 5;
    if (contains(base, "softmax"))
        return 6;
    return 0;
}

bool sameOperatorFamily(std::string_view a, std::string_view b)
{
    const int fa = operatorFamily(a);
    return fa != 0 && fa == operatorFamily(b);
}

bool tritonKernelFuses(std::string_view kernelName, std::string_view opName)
{
    if (!kernelName.starts_with("triton_"))
        return false;
    const auto fused = kernelName.find("fused_");
    if (fused == std::string_view::npos)
        return false;
    const std::string_view base = baseOperatorName(opName);
    if (base.empty())
        return false;
    // The op names sit between "fused_" and the kernel's number, joined by '_': look for "_<base>_".
    const std::string needle = "_" + std::string(base) + "_";
    return contains(kernelName.substr(fused + 5), needle);
}

Significance significance(const std::vector<double> &values, double after)
{
    Significance s;
    s.runs = uint32_t(values.size());
    if (values.empty())
        return s;
    double sum = 0;
    for (double v : values)
        sum += v;
    s.mean = sum / double(values.size());
    if (values.size() >= 2) {
        double squares = 0;
        for (double v : values)
            squares += (v - s.mean) * (v - s.mean);
        s.stddev = std::sqrt(squares / double(values.size() - 1));
    }
    s.pctDifference = s.mean != 0 ? 100.0 * (after - s.mean) / std::fabs(s.mean) : 0.0;
    s.zScore = s.stddev > 0 ? (after - s.mean) / s.stddev : 0.0;
    return s;
}

} // namespace opscope::diffdetail
