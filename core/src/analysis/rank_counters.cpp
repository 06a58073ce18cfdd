// The replayed rank's ncu counters onto a job's profile (ranks.h: copyRankCounters). The job's profile
// is made from the ranks' torch.profiler traces (collectives, process groups, sizes); ncu replays a
// rank's nsys capture, so its counters land in that rank's own profile. Both hold the same captured
// step of the same program, launched in the same order, so the n-th launch of a kernel name in one is
// the n-th launch of that name in the other.
#include "opscope/ranks.h"

#include "opscope/labels.h"

#include <map>

namespace opscope {

RankCounterCopy copyRankCounters(Profile &job, int rank, const Profile &own)
{
    RankCounterCopy out;
    if (own.kernel_counters.empty())
        return out;
    // The captured step's kernels, in start order (finalize() sorts kernels), by base name.
    std::map<std::string, std::vector<Index>> ownLaunches, jobLaunches;
    for (Index i = 0; i < own.kernels.size(); ++i)
        if (!(own.kernels[i].flags & (kKernelOutsideCapture | kKernelReferenceStep)))
            ownLaunches[kernelBaseName(own.text(own.kernels[i].name))].push_back(i);
    for (Index i = 0; i < job.kernels.size(); ++i) {
        const Kernel &k = job.kernels[i];
        const int32_t device = k.device;
        if (device < 0 || size_t(device) >= job.devices.size() || job.devices[size_t(device)].rank != rank ||
            (k.flags & (kKernelOutsideCapture | kKernelReferenceStep)))
            continue;
        jobLaunches[kernelBaseName(job.text(k.name))].push_back(i);
    }
    std::vector<bool> hadCounters(job.kernels.size(), false); // before this copy (its values are unsorted)
    for (const MetricValue &v : job.kernel_counters)
        hadCounters[v.owner] = true;
    std::vector<Index> metricOf(own.metrics.size(), kNoIndex); // own's metric -> job's
    for (const auto &[name, launches] : jobLaunches) {
        const auto it = ownLaunches.find(name);
        if (it == ownLaunches.end() || it->second.size() != launches.size()) {
            ++out.namesLeftOut;
            out.kernelsLeftOut += launches.size();
            continue;
        }
        for (size_t n = 0; n < launches.size(); ++n) {
            const std::span<const MetricValue> values = own.countersOfKernel(it->second[n]);
            if (values.empty() || hadCounters[launches[n]])
                continue;
            for (MetricValue v : values) {
                if (metricOf[v.metric] == kNoIndex)
                    metricOf[v.metric] =
                        job.metricId(own.text(own.metrics[v.metric].name), own.text(own.metrics[v.metric].unit));
                v.owner = launches[n];
                v.metric = metricOf[v.metric];
                if (v.text != kNoString)
                    v.text = job.intern(own.text(v.text));
                job.kernel_counters.push_back(v);
            }
            ++out.kernels;
        }
    }
    if (out.kernels > 0)
        job.finalize(); // counters back in owner order
    return out;
}

} // namespace opscope
