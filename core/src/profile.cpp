#include "opscope/profile.h"
#include "opscope/metadata_keys.h"

#include <algorithm>
#include <array>
#include <numeric>

namespace opscope {

namespace {
constexpr std::array<std::string_view, 6> kMethodNames = {"unattributed",    "torch_profiler", "nvtx",
                                                          "inductor_fusion", "name_heuristic", "runtime"};
constexpr std::array<std::string_view, 4> kConfidenceNames = {"unattributed", "low", "medium", "high"};

template <class T> size_t capacityBytes(const std::vector<T> &v)
{
    return v.capacity() * sizeof(T);
}

std::span<const MetricValue> ownerRange(const std::vector<MetricValue> &values, Index owner)
{
    auto lo = std::lower_bound(values.begin(), values.end(), owner,
                               [](const MetricValue &v, Index o) { return v.owner < o; });
    auto hi = std::upper_bound(lo, values.end(), owner, [](Index o, const MetricValue &v) { return o < v.owner; });
    return {lo, hi};
}
} // namespace

std::string_view toString(AttributionMethod method)
{
    const auto i = size_t(method);
    return i < kMethodNames.size() ? kMethodNames[i] : "unknown";
}

std::string_view toString(Confidence confidence)
{
    const auto i = size_t(confidence);
    return i < kConfidenceNames.size() ? kConfidenceNames[i] : "unknown";
}

bool parseAttributionMethod(std::string_view text, AttributionMethod &out)
{
    for (size_t i = 0; i < kMethodNames.size(); ++i)
        if (kMethodNames[i] == text) {
            out = AttributionMethod(i);
            return true;
        }
    return false;
}

bool parseConfidence(std::string_view text, Confidence &out)
{
    for (size_t i = 0; i < kConfidenceNames.size(); ++i)
        if (kConfidenceNames[i] == text) {
            out = Confidence(i);
            return true;
        }
    return false;
}

std::string_view Profile::gpuRuntime() const
{
    const bool hip = metadataValue(kHipRuntimeVersionKey) || metadataValue(kRoctracerVersionKey) ||
                     (!api_calls.empty() && text(api_calls.front().name).starts_with("hip"));
    return hip ? "HIP" : "CUDA";
}

const std::string *Profile::metadataValue(std::string_view key) const
{
    for (const auto &[k, v] : metadata)
        if (k == key)
            return &v;
    return nullptr;
}

void Profile::setMetadata(std::string_view key, std::string_view value)
{
    for (auto &[k, v] : metadata)
        if (k == key) {
            v = value;
            return;
        }
    metadata.emplace_back(std::string(key), std::string(value));
}

Index Profile::metricId(std::string_view name, std::string_view unit)
{
    const StringId nameId = strings.intern(name);
    for (size_t i = 0; i < metrics.size(); ++i)
        if (metrics[i].name == nameId)
            return Index(i);
    metrics.push_back({nameId, unit.empty() ? kNoString : strings.intern(unit)});
    return Index(metrics.size() - 1);
}

Index Profile::findMetric(std::string_view name) const
{
    const StringId nameId = strings.find(name);
    if (nameId == kNoString)
        return kNoIndex;
    for (size_t i = 0; i < metrics.size(); ++i)
        if (metrics[i].name == nameId)
            return Index(i);
    return kNoIndex;
}

std::span<const MetricValue> Profile::countersOfKernel(Index kernel) const
{
    return ownerRange(kernel_counters, kernel);
}

std::span<const MetricValue> Profile::countersOfOperator(Index op) const
{
    return ownerRange(operator_counters, op);
}

std::string_view Profile::kernelDisplayName(Index kernel) const
{
    const Kernel &k = kernels[kernel];
    const std::string_view shortName = text(k.short_name);
    return shortName.empty() ? text(k.name) : shortName;
}

double Profile::kernelCounter(Index kernel, std::string_view metricName, double fallback) const
{
    const Index metric = findMetric(metricName);
    if (metric == kNoIndex)
        return fallback;
    for (const auto &v : countersOfKernel(kernel))
        if (v.metric == metric && !(v.flags & (kValueText | kValueNull)))
            return v.value;
    return fallback;
}

Index Profile::referenceTwin(Index referenceKernel) const
{
    auto it = std::lower_bound(reference_twins.begin(), reference_twins.end(), referenceKernel,
                               [](const KernelTwin &t, Index k) { return t.reference < k; });
    return it != reference_twins.end() && it->reference == referenceKernel ? it->labelled : kNoIndex;
}

Index Profile::graphCaptureCall(Index kernel) const
{
    auto it = std::lower_bound(graph_node_launches.begin(), graph_node_launches.end(), kernel,
                               [](const GraphNodeLaunch &g, Index k) { return g.kernel < k; });
    return it != graph_node_launches.end() && it->kernel == kernel ? it->capture_call : kNoIndex;
}

void Profile::finalize()
{
    // Kernels in start order; ties keep their import order so re-imports are deterministic.
    const auto byStart = [](const Kernel &a, const Kernel &b) { return a.start_ns < b.start_ns; };
    if (std::is_sorted(kernels.begin(), kernels.end(), byStart)) {
        auto byOwnerOnly = [](const MetricValue &a, const MetricValue &b) { return a.owner < b.owner; };
        if (!std::is_sorted(kernel_counters.begin(), kernel_counters.end(), byOwnerOnly))
            std::stable_sort(kernel_counters.begin(), kernel_counters.end(), byOwnerOnly);
        if (!std::is_sorted(operator_counters.begin(), operator_counters.end(), byOwnerOnly))
            std::stable_sort(operator_counters.begin(), operator_counters.end(), byOwnerOnly);
        return;
    }
    std::vector<Index> order(kernels.size());
    std::iota(order.begin(), order.end(), Index(0));
    std::stable_sort(order.begin(), order.end(),
                     [this](Index a, Index b) { return kernels[a].start_ns < kernels[b].start_ns; });
    const bool alreadySorted = std::is_sorted(order.begin(), order.end());
    if (!alreadySorted) {
        std::vector<Index> newIndexOf(kernels.size());
        std::vector<Kernel> sorted;
        sorted.reserve(kernels.size());
        for (Index i = 0; i < order.size(); ++i) {
            newIndexOf[order[i]] = i;
            sorted.push_back(kernels[order[i]]);
        }
        kernels = std::move(sorted);
        for (auto &v : kernel_counters)
            v.owner = newIndexOf[v.owner];
        for (auto &t : reference_twins)
            t = {newIndexOf[t.reference], newIndexOf[t.labelled]};
        std::sort(reference_twins.begin(), reference_twins.end(),
                  [](const KernelTwin &a, const KernelTwin &b) { return a.reference < b.reference; });
        for (GraphNodeLaunch &g : graph_node_launches)
            g.kernel = newIndexOf[g.kernel];
        std::sort(graph_node_launches.begin(), graph_node_launches.end(),
                  [](const GraphNodeLaunch &a, const GraphNodeLaunch &b) { return a.kernel < b.kernel; });
    }
    auto byOwner = [](const MetricValue &a, const MetricValue &b) { return a.owner < b.owner; };
    if (!std::is_sorted(kernel_counters.begin(), kernel_counters.end(), byOwner))
        std::stable_sort(kernel_counters.begin(), kernel_counters.end(), byOwner);
    if (!std::is_sorted(operator_counters.begin(), operator_counters.end(), byOwner))
        std::stable_sort(operator_counters.begin(), operator_counters.end(), byOwner);
}

size_t Profile::unattributedKernelCount() const
{
    return size_t(std::count_if(kernels.begin(), kernels.end(), [](const Kernel &k) {
        return k.op == kNoIndex && !(k.flags & kKernelOutsideCapture);
    }));
}

int64_t Profile::totalKernelTimeNs() const
{
    int64_t total = 0;
    for (const auto &k : kernels)
        total += k.duration();
    return total;
}

int64_t Profile::timeOrigin() const
{
    int64_t origin = INT64_MAX;
    auto widen = [&](const auto &events) {
        for (const auto &e : events)
            origin = std::min(origin, e.start_ns);
    };
    widen(kernels);
    widen(memory_ops);
    widen(operators);
    widen(ranges);
    widen(api_calls);
    return origin == INT64_MAX ? span_start_ns : origin;
}

size_t Profile::residentBytes() const
{
    return capacityBytes(devices) + capacityBytes(threads) + capacityBytes(kernels) + capacityBytes(operators) +
           capacityBytes(modules) + capacityBytes(ranges) + capacityBytes(memory_ops) + capacityBytes(api_calls) +
           capacityBytes(syncs) + capacityBytes(memory_samples) + capacityBytes(memory_blocks) +
           capacityBytes(memory_tensors) + capacityBytes(operator_links) + capacityBytes(metrics) +
           capacityBytes(kernel_counters) + capacityBytes(operator_counters) + capacityBytes(fused_with) +
           capacityBytes(reference_twins) + capacityBytes(graph_node_launches) + strings.textBytes() +
           strings.size() * (sizeof(std::string) + 2 * sizeof(void *) + 16);
}

} // namespace opscope
