// Significance over several BEFORE runs: every further run is matched to the primary BEFORE by the
// same engine, so each row's BEFORE kernels have their counterparts there.
#include "diff/diff_internal.h"

namespace opscope::diffdetail {

// Each row's BEFORE value in every BEFORE run: the primary run's kernels mapped into the others.
void addRunStatistics(ProfileDiff &diff, const DiffOptions &options)
{
    const std::vector<const Profile *> &runs = options.extraBeforeRuns;
    DiffOptions single;
    single.captureRange = options.captureRange;
    std::vector<int64_t> runKernelTime;
    for (const Profile *run : runs) {
        const ProfileDiff sub = diffProfiles(*diff.before, *run, single);
        std::vector<Index> map(diff.before->kernels.size(), kNoIndex);
        for (const KernelDiffRow &k : sub.kernels)
            if (k.status == DiffStatus::Matched)
                map[k.beforeKernel] = k.afterKernel;
        diff.runKernelOf.push_back(std::move(map));
        runKernelTime.push_back(sub.totals.kernelTime.after);
    }
    auto stats = [&](const std::vector<Index> &kernels, int64_t primary, int64_t after) {
        std::vector<double> values{double(primary)};
        for (size_t r = 0; r < runs.size(); ++r) {
            int64_t sum = 0;
            bool all = true;
            for (Index k : kernels) {
                const Index other = diff.runKernelOf[r][k];
                if (other == kNoIndex) {
                    all = false;
                    break;
                }
                sum += runs[r]->kernels[other].duration();
            }
            if (all)
                values.push_back(double(sum));
        }
        return significance(values, double(after));
    };
    for (KernelDiffRow &row : diff.kernels)
        if (row.beforeKernel != kNoIndex)
            row.stats = stats({row.beforeKernel}, row.duration.before, row.duration.after);
    for (OperatorDiffRow &row : diff.operators) {
        if (row.beforeOps.empty() && !(row.unattributed && row.gpuTime.before))
            continue;
        std::vector<Index> kernels;
        for (int k : row.kernelRows)
            if (diff.kernels[size_t(k)].beforeKernel != kNoIndex)
                kernels.push_back(diff.kernels[size_t(k)].beforeKernel);
        row.stats = stats(kernels, row.gpuTime.before, row.gpuTime.after);
    }
    for (ModuleDiffRow &row : diff.modules)
        if (row.beforeNode >= 0)
            row.stats = stats(kernelsUnder(*diff.before, diff.beforeTree, {row.beforeNode}, KernelScope::CapturedStep),
                              row.gpuTime.before, row.gpuTime.after);
    std::vector<double> values{double(diff.totals.kernelTime.before)};
    for (int64_t v : runKernelTime)
        values.push_back(double(v));
    diff.totals.stepStats = significance(values, double(diff.totals.kernelTime.after));
}

} // namespace opscope::diffdetail
