// The CrossCheck role of a capture's files (importer.h): a torch.profiler trace of the same workload
// beside the nsys capture. Both attribute kernels to operators on their own; the counts say how often
// they agree.
#include "import/capture/capture_parts.h"

#include "opscope/labels.h"

#include <algorithm>
#include <map>

namespace opscope {

namespace {

constexpr std::string_view kComparedKey = "torch_profiler_kernels_compared";
constexpr std::string_view kAgreedKey = "torch_profiler_kernels_agreed";

} // namespace

std::optional<CrossCheckCounts> torchProfilerCrossCheck(const Profile &p)
{
    CrossCheckCounts counts;
    if (!capture::countOf(p, kComparedKey, counts.compared) || !capture::countOf(p, kAgreedKey, counts.agreed))
        return std::nullopt;
    return counts;
}

namespace capture {

void crossCheckOperators(Profile &profile, const Profile &trace)
{
    std::multimap<std::string, std::string> opOfKernel;
    for (const Kernel &k : trace.kernels)
        if (k.op != kNoIndex)
            opOfKernel.emplace(kernelBaseName(trace.text(k.name)), std::string(trace.text(trace.operators[k.op].name)));
    CrossCheckCounts counts;
    for (const Kernel &k : profile.kernels) {
        if (k.op == kNoIndex || (k.flags & kKernelOutsideCapture))
            continue;
        auto [lo, hi] = opOfKernel.equal_range(kernelBaseName(profile.text(k.name)));
        if (lo == hi)
            continue;
        ++counts.compared;
        const std::string_view op = profile.text(profile.operators[k.op].name);
        counts.agreed += std::any_of(lo, hi, [&](const auto &e) { return e.second == op; });
    }
    profile.setMetadata(kComparedKey, std::to_string(counts.compared));
    profile.setMetadata(kAgreedKey, std::to_string(counts.agreed));
}

bool isCrossCheckKey(std::string_view key)
{
    return key == kComparedKey || key == kAgreedKey;
}

std::string describeCrossCheck(const CrossCheckCounts &counts)
{
    return std::to_string(counts.agreed) + " of " + std::to_string(counts.compared) +
           " captured kernels have the same operator in the torch.profiler trace";
}

} // namespace capture

} // namespace opscope
