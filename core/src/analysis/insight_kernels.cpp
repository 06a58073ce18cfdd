// Insights about kernels: dtype casts and their cause, copies made for a GEMM, the counter findings of
// one kernel (memory/compute/latency bound, low occupancy) as one item, outliers among identical layers.
#include "analysis/insight_context.h"
#include "analysis/matrix_shapes.h"

#include "opscope/module_tree.h"
#include "opscope/roofline.h"
#include "opscope/text_util.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace opscope::insightdetail {

namespace {

// Thresholds (docs/insights.md).
constexpr double kCastMinGpuShare = 0.01;    // casts of one cause above this share of the step's GPU time
constexpr double kKernelShare = 0.02;        // per-kernel findings for kernels above this share of GPU time
constexpr double kBandwidthEfficiency = 0.6; // memory-bound below this share of peak bandwidth
constexpr double kDramBoundMinimum = 0.05;   // ... and above this one (below it, no DRAM traffic to speak of)
constexpr double kComputeEfficiency = 0.6;   // compute-bound below this share of peak FLOP/s
constexpr double kLowOccupancyPct = 25.0;
constexpr double kLatencyBoundPct = 40.0; // both SM and memory throughput below this
constexpr double kGroupOutlier = 0.2;     // member more than 20 % from the group's median

// A kernel that converts between dtypes: PyTorch's copy kernels with a cast.
bool isCastKernel(std::string_view name)
{
    if (!contains(name, "copy") || contains(name, "nocast"))
        return false;
    return contains(name, "WithCast") || contains(name, "bfloat16_copy_kernel") ||
           contains(name, "float16_copy_kernel") || contains(name, "float8_copy_kernel") ||
           contains(name, "fetch_and_cast");
}

// The dtype a cast kernel writes.
std::string castTarget(std::string_view name)
{
    if (contains(name, "bfloat16_copy_kernel"))
        return "bf16";
    if (contains(name, "float16_copy_kernel"))
        return "fp16";
    // The copy's element type: the last lambda with an argument ("[lambda(float) (instance 1)]",
    // "{lambda(c10::BFloat16)#1}").
    std::string_view type;
    for (size_t at = name.find("lambda("); at != std::string_view::npos; at = name.find("lambda(", at + 7)) {
        const size_t close = name.find(')', at);
        if (close != std::string_view::npos && close > at + 7)
            type = name.substr(at + 7, close - at - 7);
    }
    if (type.empty())
        return "another dtype";
    if (contains(type, "BFloat16"))
        return "bf16";
    if (contains(type, "Half"))
        return "fp16";
    if (type == "float")
        return "fp32";
    if (type == "double")
        return "fp64";
    return std::string(type);
}

bool isCastOperator(std::string_view name)
{
    return name == "aten::to" || name == "aten::_to_copy" || name == "aten::copy_" || name == "aten::type_as" ||
           name == "aten::_autocast_to_reduced_precision" || name == "aten::_autocast_to_full_precision";
}

bool isBackward(const Profile &p, Index op)
{
    for (size_t guard = 0; op != kNoIndex && op < p.operators.size() && guard < 64; ++guard) {
        const Operator &o = p.operators[op];
        const std::string_view name = p.text(o.name);
        if ((o.flags & kOperatorBackward) || name.starts_with("autograd::engine") || name.ends_with("Backward0") ||
            name.ends_with("Backward1"))
            return true;
        op = o.parent;
    }
    return false;
}

// The outermost cast operator around a kernel's operator (aten::to around aten::_to_copy around
// aten::copy_), and the shape of its input.
std::pair<Index, std::vector<int64_t>> castSite(const Profile &p, Index op)
{
    Index site = kNoIndex;
    for (size_t guard = 0; op != kNoIndex && op < p.operators.size() && guard < 64; ++guard) {
        if (isCastOperator(p.text(p.operators[op].name)))
            site = op;
        op = p.operators[op].parent;
    }
    std::vector<int64_t> shape;
    if (site != kNoIndex)
        if (const auto shapes = parseShapes(p.text(p.operators[site].shapes)); shapes && !shapes->empty())
            shape = shapes->front();
    return {site, shape};
}

// Where a matrix operator takes weights (not the activation): addmm's bias and mat2, linear's weight and
// bias, mm's and matmul's second operand, a convolution's weight and bias.
bool isWeightInput(std::string_view op, size_t input)
{
    if (op == "aten::addmm")
        return input == 0 || input == 2;
    if (op == "aten::linear" || op.starts_with("aten::conv") || op == "aten::_convolution" ||
        op == "aten::convolution" || op == "aten::cudnn_convolution")
        return input == 1 || input == 2;
    if (op == "aten::mm" || op == "aten::matmul")
        return input == 1;
    return false;
}

// The operators in (thread, start) order, and each one's place in that order.
struct OperatorOrder {
    std::vector<Index> order;
    std::vector<size_t> rank;
};
OperatorOrder operatorsByThreadAndStart(const Profile &p)
{
    OperatorOrder o;
    o.order.resize(p.operators.size());
    for (Index i = 0; i < o.order.size(); ++i)
        o.order[i] = i;
    std::sort(o.order.begin(), o.order.end(), [&](Index a, Index b) {
        const Operator &x = p.operators[a], &y = p.operators[b];
        return x.thread != y.thread ? x.thread < y.thread : x.start_ns < y.start_ns;
    });
    o.rank.resize(p.operators.size());
    for (size_t n = 0; n < o.order.size(); ++n)
        o.rank[o.order[n]] = n;
    return o;
}

// The first matrix operator after `cast` on its thread, in the same module call, takes its output as a
// weight (the shape of a weight input equals the cast's input shape).
bool feedsAWeight(const Profile &p, Index cast, const std::vector<int64_t> &shape, const OperatorOrder &operators)
{
    if (shape.empty() || shape.size() > 2)
        return false;
    const Operator &c = p.operators[cast];
    for (size_t n = operators.rank[cast] + 1; n < operators.order.size(); ++n) {
        const Operator &o = p.operators[operators.order[n]];
        if (o.thread != c.thread || (c.module != kNoIndex && o.module != c.module))
            return false;
        const std::string_view name = p.text(o.name);
        if (!isMatrixOperatorName(name))
            continue;
        const auto shapes = parseShapes(p.text(o.shapes));
        if (!shapes)
            return false;
        for (size_t i = 0; i < shapes->size(); ++i)
            if ((*shapes)[i] == shape && isWeightInput(name, i))
                return true;
        return false;
    }
    return false;
}

struct CastGroup {
    std::vector<size_t> positions;
    int64_t time = 0;
    std::map<std::string, std::pair<int64_t, size_t>> modules; // path -> (time, casts)
    std::map<std::string, size_t> directions;                  // "to bf16" -> casts
    std::set<Index> operators;
};

std::string castModules(const InsightContext &c, const CastGroup &g)
{
    std::vector<std::pair<int64_t, std::string>> byTime;
    for (const auto &[module, entry] : g.modules)
        byTime.emplace_back(entry.first, (module.empty() ? std::string("outside every module") : module) + " " +
                                             c.duration(entry.first) + " (" + std::to_string(entry.second) + ")");
    std::sort(byTime.rbegin(), byTime.rend());
    std::vector<std::string> names;
    for (const auto &[time, text] : byTime)
        names.push_back(text);
    return InsightContext::listOf(names, 5);
}

// One insight for the casts of one cause, when they take at least kCastMinGpuShare of the GPU time; their
// removal (kernels and launches) is the gain.
void addCastInsight(InsightContext &c, const CastGroup &g, const char *kind, const char *cause,
                    const std::string &title, const std::vector<std::string> &why, const std::string &fix)
{
    if (g.positions.empty() || double(g.time) < kCastMinGpuShare * double(c.kernelTime()))
        return;
    std::string directions;
    for (const auto &[direction, count] : g.directions)
        directions += (directions.empty() ? "" : ", ") + direction + " x" + std::to_string(count);
    Insight i;
    i.kind = kind;
    i.title = title + ": " + std::to_string(g.positions.size()) + " casts, " + c.duration(g.time);
    i.evidence.push_back(std::to_string(g.positions.size()) + " dtype-conversion kernels (" + directions + "), " +
                         c.duration(g.time) + " (" + c.shareOfGpu(g.time) + " of the step's GPU time)");
    i.evidence.insert(i.evidence.end(), why.begin(), why.end());
    i.evidence.push_back("by module: " + castModules(c, g));
    i.fix = fix;
    i.verifyFix = "compile=default"; // torch.compile fuses the casts into their neighbours
    i.gainModel = "the step replayed without these kernels and their launches (a fused cast costs no pass of its own)";
    i.operators.assign(g.operators.begin(), g.operators.end());
    i.figures = {{"casts", g.positions.size()}, {"time_ns", g.time}, {"cause", cause}};
    StepChange change;
    change.removed = g.positions;
    c.add(std::move(i), g.positions, change);
}

} // namespace

void findCasts(InsightContext &c)
{
    const Profile &p = c.p;
    const OperatorOrder operators = operatorsByThreadAndStart(p);

    // Forward casts of weights first (autocast re-casting fp32 parameters), then the casts of their
    // gradients in the backward pass (same module, same shape); the others move activations.
    CastGroup weights, activations;
    std::set<std::pair<Index, std::vector<int64_t>>> weightShapes; // (module, shape)
    std::vector<std::tuple<size_t, Index, std::vector<int64_t>>> later;
    const auto addTo = [&](CastGroup &g, size_t pos, Index site) {
        const Index k = c.labelled(pos);
        g.positions.push_back(pos);
        g.time += c.durationOf(pos);
        auto &m = g.modules[c.moduleOf(k)];
        m.first += c.durationOf(pos);
        ++m.second;
        ++g.directions["to " + castTarget(p.text(p.kernels[k].name))];
        if (site != kNoIndex)
            g.operators.insert(site);
    };
    for (size_t pos = 0; pos < c.size(); ++pos) {
        const Index k = c.labelled(pos);
        if (k == kNoIndex || c.claimed(pos) || !isCastKernel(p.text(p.kernels[k].name)))
            continue;
        const auto [site, shape] = castSite(p, p.kernels[k].op);
        const std::string target = castTarget(p.text(p.kernels[k].name));
        const bool reduced = target == "bf16" || target == "fp16";
        if (site != kNoIndex && reduced && !isBackward(p, site) && feedsAWeight(p, site, shape, operators)) {
            weightShapes.insert({p.kernels[k].module, shape});
            addTo(weights, pos, site);
        } else {
            later.emplace_back(pos, site, shape);
        }
    }
    for (const auto &[pos, site, shape] : later) {
        const Index k = c.labelled(pos);
        const bool weightGradient =
            site != kNoIndex && isBackward(p, site) && weightShapes.count({p.kernels[k].module, shape});
        addTo(weightGradient ? weights : activations, pos, site);
    }

    addCastInsight(c, weights, "cast-weights", "autocast_weights",
                   "The fp32 weights are cast to 16 bits in every forward (autocast), and their gradients back",
                   {"each forward cast's input has the shape of a weight of the GEMM that follows it in the same "
                    "module; the backward casts have the same shapes in the same modules"},
                   "Keep the weights in bf16 (model.to(torch.bfloat16)) with fp32 master weights in the optimizer, or "
                   "cast them once outside the training loop; torch.compile fuses the casts that remain into their "
                   "neighbours.");
    addCastInsight(c, activations, "cast-round-trip", "round_trip",
                   "Activations are converted between fp32 and 16 bits between operators",
                   {"each is a full pass over the tensor in memory"},
                   "Keep the tensors in one dtype from op to op where the precision allows (e.g. the loss from the "
                   "bf16 logits, layers autocast runs in fp32), or let torch.compile fuse each cast into the kernel "
                   "beside it.");
}

void findHiddenCopies(InsightContext &c)
{
    // A copy op (contiguous/clone/copy_) with kernels right before a matrix op on the same thread.
    const Profile &p = c.p;
    const std::vector<Index> order = operatorsByThreadAndStart(p).order;
    // Each step kernel charged to every operator around it, so "contiguous" owns its copy kernel.
    std::vector<std::vector<size_t>> opKernels(p.operators.size());
    for (size_t pos = 0; pos < c.size(); ++pos) {
        const Index k = c.labelled(pos);
        if (k == kNoIndex || c.claimed(pos))
            continue;
        size_t guard = 0;
        for (Index o = p.kernels[k].op; o != kNoIndex && o < p.operators.size() && guard++ < 256;
             o = p.operators[o].parent)
            opKernels[o].push_back(pos);
    }
    std::vector<Index> copies;
    std::vector<size_t> positions;
    int64_t time = 0;
    for (size_t n = 1; n < order.size(); ++n) {
        const Operator &gemm = p.operators[order[n]];
        if (!isMatrixOperatorName(p.text(gemm.name)))
            continue;
        // The latest op before it on the same thread that is not its own ancestor.
        for (size_t m = n; m-- > 0;) {
            const Operator &prev = p.operators[order[m]];
            if (prev.thread != gemm.thread)
                break;
            if (prev.end_ns > gemm.start_ns)
                continue; // encloses it
            const std::string_view name = p.text(prev.name);
            if ((name == "aten::contiguous" || name == "aten::clone" || name == "aten::copy_") &&
                !opKernels[order[m]].empty() && std::find(copies.begin(), copies.end(), order[m]) == copies.end()) {
                copies.push_back(order[m]);
                for (size_t pos : opKernels[order[m]]) {
                    positions.push_back(pos);
                    time += c.durationOf(pos);
                }
            }
            break;
        }
    }
    if (copies.empty())
        return;
    Insight i;
    i.kind = "hidden-copy";
    i.title = "Device-to-device copies run right before matrix operations";
    i.evidence.push_back(std::to_string(copies.size()) + " copies (contiguous/clone/copy_) run just before a GEMM: " +
                         c.duration(time) + " of GPU time (" + c.shareOfGpu(time) + ")");
    i.evidence.push_back("a transposed or sliced input is made contiguous for the GEMM");
    i.fix =
        "Keep tensors in the layout the GEMM wants (transpose the weight once), or let torch.compile fold the copy.";
    i.gainModel = "the step replayed without these kernels and their launches";
    i.verifyFix = "compile=default";
    i.operators = copies;
    i.figures = {{"copies", copies.size()}, {"time_ns", time}};
    StepChange change;
    change.removed = positions;
    c.add(std::move(i), positions, change);
}

namespace {

// One finding of a kernel's counters: what it says, what would help (sentences, so that two findings never
// repeat one), the share of the kernel's time it could save, and the launcher fix that measures it.
struct Finding {
    std::string kind;
    std::string title;
    std::string evidence;
    std::vector<std::string> fix;
    double saving = 0;
    std::string verifyFix;
    nlohmann::ordered_json figures = nlohmann::ordered_json::object();
};

std::string number(double v, int decimals)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, v);
    return buffer;
}

const char *const kFuse = "Fuse it with its neighbours (torch.compile), so that its data makes one trip to memory.";

// The kernel on the hierarchical roofline (DRAM, L2, L1), against the GPU's peaks (one per precision and level,
// as the roofline draws them): the roof that binds is the lowest of the compute peak and, per level, the
// kernel's FLOP per byte there times that level's peak bandwidth. A kernel whose data stays in L2 is bound by
// L2, not "compute-bound" for a high FLOP per DRAM byte; a kernel that computes nothing is bound by the level
// it keeps busiest.
std::optional<Finding> boundFinding(const InsightContext &c, Index k)
{
    const Profile &p = c.p;
    const KernelRoofline r = kernelRoofline(p, k);
    if (!r.valid)
        return std::nullopt;
    const ComputeRate *dominant = r.dominant();
    const double computePeak = dominant ? c.peakFlops(dominant->precision) : 0;
    struct Roof {
        MemoryLevel level;
        double bandwidth, peak, utilisation;
    };
    std::vector<Roof> levels;
    for (MemoryLevel level : {MemoryLevel::Dram, MemoryLevel::L2, MemoryLevel::L1}) {
        const MemoryRate &m = r.memory[int(level)];
        const double peak = c.ceilings.memory[int(level)].peak;
        if (m.present && peak > 0 && m.achieved > 0)
            levels.push_back({level, m.achieved, peak, m.achieved / peak});
    }
    if (levels.empty())
        return std::nullopt;
    const Roof *binding = nullptr; // nullptr: the compute peak binds
    double roof = computePeak > 0 ? computePeak : INFINITY;
    if (dominant && dominant->achieved > 0) {
        const double work = r.achievedFlops();
        for (const Roof &l : levels)
            if (const double attainable = work / l.bandwidth * l.peak; attainable < roof) {
                roof = attainable;
                binding = &l;
            }
    } else {
        for (const Roof &l : levels)
            if (!binding || l.utilisation > binding->utilisation)
                binding = &l;
    }
    if (!binding && !(computePeak > 0))
        return std::nullopt;
    const bool matrix = isMatrixKernelName(p.text(p.kernels[k].name));
    // Above every ridge, a kernel that is not matrix work is not held back by its FLOPs: they are incidental to
    // it (a layer norm's reductions), and the FMA peak is not its roof. Its latency and occupancy speak for it.
    if (!binding && !matrix)
        return std::nullopt;
    const bool memoryBound = binding != nullptr;
    const double efficiency = memoryBound ? binding->utilisation : dominant->achieved / computePeak;
    if (efficiency >= (memoryBound ? kBandwidthEfficiency : kComputeEfficiency))
        return std::nullopt;
    // Next to no traffic at the level that binds (its data stays in the caches): not held back by memory.
    if (memoryBound && efficiency < kDramBoundMinimum)
        return std::nullopt;
    Finding f;
    f.saving = 1.0 - efficiency;
    if (memoryBound) {
        const std::string level(toString(binding->level));
        f.kind = "memory-bound";
        f.title = "Memory-bound kernel far from the " + level + " roofline";
        f.evidence =
            (dominant ? number(r.achievedFlops() / binding->bandwidth, 2) + " FLOP per " + level + " byte: " : "") +
            "bound by " + level + " on the hierarchical roofline; it moves " + rate(binding->bandwidth, "B/s") +
            " there, " + percent(efficiency) + " of the " + rate(binding->peak, "B/s") + " " + level + " peak";
        f.fix = {kFuse, "Use lower-precision data (bf16) where the precision allows."};
        if (binding->level != MemoryLevel::Dram)
            f.fix.push_back("Improve the access pattern (coalesced, vectorised loads): its traffic is in the caches.");
        f.verifyFix = matrix ? "" : "compile=default";
        f.figures = {{"bound_by", level}, {"bandwidth", binding->bandwidth}, {"peak_bandwidth", binding->peak}};
    } else {
        f.kind = "compute-bound";
        f.title = "Compute-bound kernel far from its roofline";
        f.evidence = "above the ridge point at every memory level: it reaches " + rate(dominant->achieved, "FLOP/s") +
                     ", " + percent(efficiency) + " of the GPU's " + dominant->precision + " peak of " +
                     rate(computePeak, "FLOP/s");
        if (matrix) {
            f.fix = {"Let the library try other tiles (torch.compile(mode=\"max-autotune\")) or give it larger, "
                     "aligned shapes."};
            if (!dominant->tensor)
                f.fix.push_back("Run it on the tensor cores (TF32, or BF16 autocast).");
            f.verifyFix = "compile=max-autotune";
        } else {
            f.fix = {"It executes more instructions than its data needs: fuse it with its neighbours (torch.compile) "
                     "or use a cheaper formulation."};
            f.verifyFix = "compile=default";
        }
        f.figures = {{"bound_by", "compute"},
                     {"precision", dominant->precision},
                     {"peak_flops", computePeak},
                     {"achieved_flops", dominant->achieved}};
    }
    return f;
}

std::optional<Finding> occupancyFinding(const InsightContext &c, Index k)
{
    const Profile &p = c.p;
    const double missing = std::numeric_limits<double>::quiet_NaN();
    double occupancy = p.kernelCounter(k, "sm__warps_active.avg.pct_of_peak_sustained_active", missing);
    bool achieved = true;
    if (std::isnan(occupancy)) {
        occupancy = p.kernelCounter(k, "sm__maximum_warps_per_active_cycle_pct", missing);
        achieved = false;
    }
    if (std::isnan(occupancy) || occupancy >= kLowOccupancyPct)
        return std::nullopt;
    const std::optional<OccupancyLimit> limit = occupancyLimit(p, k);
    Finding f;
    f.kind = "low-occupancy";
    f.title = "Low occupancy";
    f.evidence = std::string(achieved ? "achieved" : "theoretical") + " occupancy " + number(occupancy, 1) +
                 " % of the warps an SM can hold, limited by " +
                 (limit ? limit->limiter + " (" + std::to_string(int(limit->blocks)) + " blocks per SM)"
                        : std::string("an unknown resource"));
    f.fix = {"Too few warps cannot hide memory and pipeline latency: reduce registers or shared memory per block, "
             "or use larger blocks."};
    f.saving = (1.0 - occupancy / 100.0) * 0.5;
    return f;
}

std::optional<Finding> latencyFinding(const InsightContext &c, Index k)
{
    const Profile &p = c.p;
    const double missing = std::numeric_limits<double>::quiet_NaN();
    const double sm = p.kernelCounter(k, "sm__throughput.avg.pct_of_peak_sustained_elapsed", missing);
    const double memory =
        p.kernelCounter(k, "gpu__compute_memory_throughput.avg.pct_of_peak_sustained_elapsed", missing);
    if (std::isnan(sm) || std::isnan(memory) || sm >= kLatencyBoundPct || memory >= kLatencyBoundPct)
        return std::nullopt;
    Finding f;
    f.kind = "latency-bound";
    f.title = "Latency-bound kernel (compute and memory throughput both low)";
    f.evidence = "SM throughput " + number(sm, 1) + " % and memory throughput " + number(memory, 1) +
                 " % of peak: it neither computes nor moves data at speed, it waits (too few warps, dependent "
                 "instructions, or a grid too small for the GPU)";
    // A GEMM or convolution too small for the GPU needs larger shapes; an elementwise kernel, company.
    if (isMatrixKernelName(p.text(p.kernels[k].name))) {
        f.fix = {"Give each launch more work (a larger batch, or fewer and wider layers): its grid is too small to "
                 "fill the GPU."};
    } else {
        f.fix = {"Give each launch more work (a larger batch).", kFuse};
        f.verifyFix = "compile=default";
    }
    f.saving = 1.0 - std::max(sm, memory) / 100.0;
    return f;
}

} // namespace

void findKernelEfficiency(InsightContext &c)
{
    const Profile &p = c.p;
    std::map<StringId, std::vector<size_t>> groups; // one item per kernel name
    for (size_t pos = 0; pos < c.size(); ++pos)
        if (c.labelled(pos) != kNoIndex && !c.claimed(pos))
            groups[p.kernels[c.labelled(pos)].name].push_back(pos);
    for (const auto &[name, positions] : groups) {
        int64_t time = 0;
        Index withCounters = kNoIndex;
        for (size_t pos : positions) {
            time += c.durationOf(pos);
            if (withCounters == kNoIndex && !p.countersOfKernel(c.labelled(pos)).empty())
                withCounters = c.labelled(pos);
        }
        if (withCounters == kNoIndex || double(time) < kKernelShare * double(c.kernelTime()))
            continue;
        std::vector<Finding> findings;
        for (auto finding :
             {boundFinding(c, withCounters), latencyFinding(c, withCounters), occupancyFinding(c, withCounters)})
            if (finding)
                findings.push_back(std::move(*finding));
        if (findings.empty())
            continue;
        // The finding that could save the most leads; the others are its evidence. Where the kernel waits (both
        // throughputs low), that is its cause: latency leads a bound finding that saves about as much.
        const auto rank = [](const Finding &f) { return f.saving + (f.kind == "latency-bound" ? 0.05 : 0.0); };
        std::stable_sort(findings.begin(), findings.end(),
                         [&](const Finding &a, const Finding &b) { return rank(a) > rank(b); });
        const Finding &lead = findings.front();
        Insight i;
        i.kind = lead.kind;
        i.title = lead.title + ": " + c.kernelName(withCounters);
        i.evidence.push_back(std::to_string(positions.size()) + " launch" + (positions.size() == 1 ? "" : "es") + ", " +
                             c.duration(time) + " (" + c.shareOfGpu(time) + " of the step's GPU time)");
        std::vector<std::string> sentences, kinds;
        for (const Finding &f : findings) {
            i.evidence.push_back(f.evidence);
            for (const std::string &sentence : f.fix)
                if (std::find(sentences.begin(), sentences.end(), sentence) == sentences.end())
                    sentences.push_back(sentence);
            kinds.push_back(f.kind);
        }
        for (const std::string &sentence : sentences)
            i.fix += (i.fix.empty() ? "" : " ") + sentence;
        i.verifyFix = lead.verifyFix;
        StepChange change;
        for (size_t pos : positions)
            change.kernel_ns[pos] = int64_t(double(c.durationOf(pos)) * (1.0 - lead.saving));
        i.gainModel = "the step replayed with these kernels " + percent(lead.saving) +
                      " shorter (an upper bound: the " + lead.kind + " finding's headroom)";
        i.figures = {{"time_ns", time}, {"findings", kinds}, {"saving_share", lead.saving}};
        for (const auto &[key, value] : lead.figures.items())
            i.figures[key] = value;
        c.add(std::move(i), positions, change);
    }
}

void findGroupOutliers(InsightContext &c)
{
    const ModuleTree tree = buildModuleTree(c.p);
    // Step positions by module path, on the step's own durations.
    std::map<std::string, std::vector<size_t>> byModule;
    for (size_t pos = 0; pos < c.size(); ++pos)
        if (c.labelled(pos) != kNoIndex)
            if (const std::string path = c.moduleOf(c.labelled(pos)); !path.empty())
                byModule[path].push_back(pos);
    const auto inside = [&](const std::string &path) {
        std::vector<size_t> out;
        for (auto it = byModule.lower_bound(path); it != byModule.end() && it->first.starts_with(path); ++it)
            if (it->first.size() == path.size() || it->first[path.size()] == '.')
                out.insert(out.end(), it->second.begin(), it->second.end());
        return out;
    };
    for (const DedupGroup &g : tree.groups) {
        std::vector<std::vector<size_t>> members;
        std::vector<int64_t> times;
        for (int member : g.members) {
            members.push_back(inside(tree.nodes[size_t(member)].path));
            int64_t t = 0;
            for (size_t pos : members.back())
                t += c.durationOf(pos);
            times.push_back(t);
        }
        std::vector<int64_t> sorted = times;
        std::sort(sorted.begin(), sorted.end());
        const int64_t median = sorted.empty() ? 0 : sorted[sorted.size() / 2];
        if (median <= 0)
            continue;
        for (size_t m = 0; m < g.members.size(); ++m) {
            const double off = double(times[m] - median) / double(median);
            if (std::abs(off) <= kGroupOutlier || off < 0)
                continue;
            const std::string &path = tree.nodes[size_t(g.members[m])].path;
            Insight i;
            i.kind = "group-outlier";
            i.modules.push_back(path);
            i.title = "Identical layer with unusual GPU time: " + path;
            i.evidence.push_back(path + " is one of " + std::to_string(g.members.size()) + " identical layers (" +
                                 g.name + ") but took " + c.duration(times[m]) + " against the group's median " +
                                 c.duration(median) + " (+" + std::to_string(int(off * 100)) + " %)");
            i.fix = "Look for a different input, a cold cache, or contention.";
            i.gainModel = "the step replayed with this layer's kernels scaled to the group's median";
            StepChange change;
            for (size_t pos : members[m])
                change.kernel_ns[pos] = int64_t(double(c.durationOf(pos)) * double(median) / double(times[m]));
            i.figures = {{"member_time_ns", times[m]}, {"group_median_ns", median}, {"group", g.name}};
            c.add(std::move(i), members[m], change);
        }
    }
}

} // namespace opscope::insightdetail
