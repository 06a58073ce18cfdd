// The plain reference step under nsys: its kernels paired with the labelled step's, stream by stream,
// by position and name. A stream whose sequences differ is reported and left unpaired: never a guess.
#include "analysis/step_windows.h"

#include "opscope/metadata_keys.h"
#include "opscope/step_timing.h"

#include <algorithm>
#include <map>

namespace opscope {

using namespace stepdetail;

namespace {

using StreamKey = std::pair<int32_t, uint32_t>; // device, stream

std::string streamName(const StreamKey &key)
{
    return "stream " + std::to_string(key.second) + " (device " + std::to_string(key.first) + ")";
}

std::string shortName(const Profile &p, Index k)
{
    const std::string_view name = p.kernelDisplayName(k);
    return name.size() > 100 ? std::string(name.substr(0, 100)) + "..." : std::string(name);
}

// The kernels launched inside `window`, by stream, in start order (kernels are in start order).
// Only kernels that start in [window start, `until`] can qualify: launched inside, they start after its
// start; and the launcher synchronises the device before the next phase begins.
std::map<StreamKey, std::vector<Index>> kernelsLaunchedIn(const Profile &p, const Window &window, int64_t until,
                                                          bool capturedOnly)
{
    std::map<StreamKey, std::vector<Index>> out;
    const WindowLaunches launches(p, window);
    auto it = std::lower_bound(p.kernels.begin(), p.kernels.end(), window.start_ns,
                               [](const Kernel &k, int64_t t) { return k.start_ns < t; });
    for (; it != p.kernels.end() && it->start_ns <= until; ++it) {
        if (capturedOnly && (it->flags & kKernelOutsideCapture))
            continue;
        if (launches.kernel(*it) >= 0)
            out[{it->device, it->stream}].push_back(Index(it - p.kernels.begin()));
    }
    return out;
}

} // namespace

ReferencePairing pairReferenceStep(Profile &p, std::string_view captureRange)
{
    ReferencePairing result;
    p.reference_twins.clear();
    for (Kernel &k : p.kernels)
        k.flags &= uint8_t(~kKernelReferenceStep);
    const std::optional<Window> reference = referenceWindow(p, captureRange);
    if (!reference)
        return result;
    result.range = reference->name;
    const std::vector<Window> captures = captureRanges(p, captureRange);
    const int64_t referenceUntil = captures.empty() ? INT64_MAX : captures.front().start_ns;
    const auto referenceKernels = kernelsLaunchedIn(p, *reference, referenceUntil, false);
    for (const auto &[stream, list] : referenceKernels)
        for (Index k : list) {
            p.kernels[k].flags |= kKernelReferenceStep | kKernelOutsideCapture;
            ++result.referenceKernels;
        }

    std::map<StreamKey, std::vector<Index>> labelledKernels;
    if (const std::optional<Window> labelled = labelledWindow(p, captureRange); labelled && !captures.empty())
        labelledKernels = kernelsLaunchedIn(p, *labelled, INT64_MAX, true);
    for (const auto &[stream, list] : labelledKernels)
        result.labelledKernels += list.size();

    std::map<StreamKey, bool> streams;
    for (const auto &[stream, list] : referenceKernels)
        streams[stream] = true;
    for (const auto &[stream, list] : labelledKernels)
        streams[stream] = true;
    static const std::vector<Index> kNone;
    for (const auto &[stream, unused] : streams) {
        const auto r = referenceKernels.find(stream);
        const auto l = labelledKernels.find(stream);
        const std::vector<Index> &ref = r == referenceKernels.end() ? kNone : r->second;
        const std::vector<Index> &lab = l == labelledKernels.end() ? kNone : l->second;
        std::string problem;
        if (ref.size() != lab.size()) {
            problem = std::to_string(ref.size()) + " kernels in the plain step, " + std::to_string(lab.size()) +
                      " in the labelled step";
        } else {
            for (size_t i = 0; i < ref.size(); ++i)
                if (p.kernels[ref[i]].name != p.kernels[lab[i]].name) {
                    problem = std::to_string(ref.size()) + " kernels in both steps, but kernel " +
                              std::to_string(i + 1) + " is " + shortName(p, ref[i]) + " in the plain step and " +
                              shortName(p, lab[i]) + " in the labelled step";
                    break;
                }
        }
        if (!problem.empty()) {
            result.problems.push_back(streamName(stream) + ": " + problem);
            continue;
        }
        for (size_t i = 0; i < ref.size(); ++i)
            p.reference_twins.push_back({ref[i], lab[i]});
        result.paired += ref.size();
    }
    std::sort(p.reference_twins.begin(), p.reference_twins.end(),
              [](const KernelTwin &a, const KernelTwin &b) { return a.reference < b.reference; });
    for (const std::string &problem : result.problems)
        p.warnings.push_back("the plain reference step " + result.range + " differs from the labelled step on " +
                             problem + ": its kernels on that stream are not paired (no attribution)");
    p.setMetadata(kReferenceRangeKey, result.range);
    p.setMetadata(kReferenceKernelsKey, std::to_string(result.referenceKernels));
    p.setMetadata(kReferenceKernelsPairedKey, std::to_string(result.paired));
    return result;
}

} // namespace opscope
