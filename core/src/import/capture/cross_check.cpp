// The CrossCheck role of a capture's files (importer.h): a torch.profiler trace of the same workload
// beside the nsys capture. Both attribute kernels to operators on their own; the counts say how often
// they agree, and each disagreement becomes a warning with its likely reason.
#include "import/capture/capture_parts.h"

#include "opscope/labels.h"
#include "opscope/metadata_keys.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace opscope {

std::optional<CrossCheckCounts> torchProfilerCrossCheck(const Profile &p)
{
    CrossCheckCounts counts;
    if (!capture::countOf(p, kCrossCheckComparedKey, counts.compared) ||
        !capture::countOf(p, kCrossCheckAgreedKey, counts.agreed))
        return std::nullopt;
    return counts;
}

namespace capture {

namespace {

bool isEngineSide(std::string_view op)
{
    return op.starts_with("autograd::engine::evaluate_function") ||
           (op.find("Backward") != std::string_view::npos && op.find("::") == std::string_view::npos);
}

// "aten::add_" and "aten::add.Tensor" -> "add": the op without namespace, overload and in-place mark.
std::string_view opStem(std::string_view op)
{
    if (const auto sep = op.rfind("::"); sep != std::string_view::npos)
        op = op.substr(sep + 2);
    op = op.substr(0, op.find('.'));
    while (op.size() > 1 && op.back() == '_')
        op.remove_suffix(1);
    return op;
}

// Why the two passes name a kernel's operator differently, as far as the names tell.
std::string disagreementReason(std::string_view kernel, std::string_view op, const std::set<std::string> &others)
{
    const bool engine = isEngineSide(op) ||
                        std::any_of(others.begin(), others.end(), [](const std::string &o) { return isEngineSide(o); });
    if (engine)
        return "engine-side op: the autograd node in one pass, the op it ran in the other";
    if (kernel.starts_with("triton_") || op.find("fused") != std::string_view::npos)
        return "fused op: the kernel stands for several ops";
    if (std::any_of(others.begin(), others.end(), [&](const std::string &o) { return opStem(o) == opStem(op); }))
        return "renamed op: another overload or in-place form of the same op";
    return "another level of the op nesting (a composite op in one pass, an op it calls in the other)";
}

} // namespace

void crossCheckOperators(Profile &profile, const Profile &trace)
{
    std::multimap<std::string, std::string> opOfKernel;
    for (const Kernel &k : trace.kernels)
        if (k.op != kNoIndex)
            opOfKernel.emplace(kernelBaseName(trace.text(k.name)), std::string(trace.text(trace.operators[k.op].name)));
    CrossCheckCounts counts;
    // Disagreements by kernel name and both operators: how many kernels, and the first one's index.
    std::map<std::tuple<std::string, std::string, std::set<std::string>>, std::pair<size_t, Index>> disagreements;
    for (Index i = 0; i < profile.kernels.size(); ++i) {
        const Kernel &k = profile.kernels[i];
        if (k.op == kNoIndex || (k.flags & kKernelOutsideCapture))
            continue;
        const std::string name = kernelBaseName(profile.text(k.name));
        auto [lo, hi] = opOfKernel.equal_range(name);
        if (lo == hi)
            continue;
        ++counts.compared;
        const std::string_view op = profile.text(profile.operators[k.op].name);
        if (std::any_of(lo, hi, [&](const auto &e) { return e.second == op; })) {
            ++counts.agreed;
            continue;
        }
        std::set<std::string> others;
        for (auto it = lo; it != hi; ++it)
            others.insert(it->second);
        auto &entry = disagreements[{name, std::string(op), others}];
        if (entry.first++ == 0)
            entry.second = i;
    }
    profile.setMetadata(kCrossCheckComparedKey, std::to_string(counts.compared));
    profile.setMetadata(kCrossCheckAgreedKey, std::to_string(counts.agreed));
    // Each disagreement as a warning (the profile's warnings reach the GUI's bar and `summary --json`).
    for (const auto &[key, entry] : disagreements) {
        const auto &[name, op, others] = key;
        std::string theirs;
        for (const std::string &o : others)
            theirs += (theirs.empty() ? "" : " or ") + o;
        profile.warnings.push_back("torch.profiler cross-check: " + std::to_string(entry.first) + " kernel" +
                                   (entry.first == 1 ? " " : "s ") + name + " (first: kernel " +
                                   std::to_string(entry.second) + ") ran in " + op + " here and in " + theirs +
                                   " in the torch.profiler trace: " + disagreementReason(name, op, others));
    }
}

bool isCrossCheckKey(std::string_view key)
{
    return key == kCrossCheckComparedKey || key == kCrossCheckAgreedKey;
}

std::string describeCrossCheck(const CrossCheckCounts &counts)
{
    return std::to_string(counts.agreed) + " of " + std::to_string(counts.compared) +
           " captured kernels have the same operator in the torch.profiler trace";
}

} // namespace capture

} // namespace opscope
