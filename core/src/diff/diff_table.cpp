// The comparison as rows of text: one table per level, and the totals.
#include "diff/diff_internal.h"

#include "opscope/module_tree.h"
#include <cstdio>

namespace opscope {

using namespace diffdetail;

namespace {

std::string pairText(int64_t before, int64_t after)
{
    return before == after ? std::to_string(before) : std::to_string(before) + " > " + std::to_string(after);
}

std::string statusText(DiffStatus s)
{
    return std::string(toString(s));
}

std::string clip(const std::string &s, size_t width)
{
    if (width == 0 || s.size() <= width)
        return s;
    return s.substr(0, width - 3) + "...";
}

std::string zText(const Significance &s)
{
    if (!s.hasZScore())
        return "";
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%+.1f", s.zScore);
    return buffer;
}

std::string moduleLabel(const ProfileDiff &diff, int row)
{
    return row >= 0 ? modulePathText(diff.modules[size_t(row)].path, diff.modules[size_t(row)].className)
                    : std::string("(no module)");
}

std::string dims(const Dim3 &d)
{
    return std::to_string(d.x) + "," + std::to_string(d.y) + "," + std::to_string(d.z);
}

} // namespace

DiffTable diffTable(const ProfileDiff &diff, DiffLevel level, bool includeEmpty, size_t nameWidth)
{
    DiffTable t;
    const bool runs = diff.beforeRuns > 1;
    auto timeColumns = [&](std::vector<std::string> &row, const TimePair &time, const Significance &s) {
        row.push_back(formatFixedDuration(time.before));
        row.push_back(formatFixedDuration(time.after));
        row.push_back(formatDelta(time.delta(), DurationText::Fixed));
        row.push_back(formatRatio(time.before, time.after));
        row.push_back(formatChange(time.before, time.after));
        if (runs)
            row.push_back(zText(s));
    };
    auto add = [&](std::vector<std::string> row, DiffStatus status, const TimePair &time) {
        if (!includeEmpty && time.before == 0 && time.after == 0) {
            ++t.hiddenEmpty;
            return;
        }
        t.rows.push_back(std::move(row));
        t.status.push_back(status);
    };
    const std::vector<std::string> timeHeader = {"before", "after", "delta", "ratio", "change"};
    switch (level) {
    case DiffLevel::Module:
        t.header = {"status", "module", "class", "calls", "kernels"};
        t.numeric = {false, false, false, true, true};
        for (const ModuleDiffRow &m : diff.modules) {
            std::vector<std::string> row = {
                statusText(m.status),
                std::string(size_t(m.depth) * 2, ' ') + clip(modulePathText(m.path, m.className), nameWidth) +
                    (m.otherPath.empty() ? "" : " (was " + m.otherPath + ")"),
                m.className, pairText(m.calls.before, m.calls.after), pairText(m.kernels.before, m.kernels.after)};
            timeColumns(row, m.gpuTime, m.stats);
            add(std::move(row), m.status, m.gpuTime);
        }
        break;
    case DiffLevel::Operator:
        t.header = {"status", "module", "operator", "match", "kernels"};
        t.numeric = {false, false, false, false, true};
        for (const OperatorDiffRow &o : diff.operators) {
            std::string name = o.beforeName == o.afterName || o.beforeName.empty() || o.afterName.empty()
                                   ? o.name
                                   : o.beforeName + " -> " + o.afterName;
            std::vector<std::string> row = {statusText(o.status), clip(moduleLabel(diff, o.module), nameWidth),
                                            clip(name, nameWidth * 2), std::string(toString(o.match)),
                                            pairText(o.kernels.before, o.kernels.after)};
            timeColumns(row, o.gpuTime, o.stats);
            add(std::move(row), o.status, o.gpuTime);
        }
        break;
    case DiffLevel::Kernel:
        t.header = {"status", "operator", "kernel before", "kernel after", "match", "grid/block"};
        t.numeric = {false, false, false, false, false, false};
        for (const KernelDiffRow &k : diff.kernels) {
            const std::string op = k.op >= 0 ? diff.operators[size_t(k.op)].name : std::string();
            const std::string nb = shortKernelName(kernelNameBefore(diff, k));
            const std::string na = shortKernelName(kernelNameAfter(diff, k));
            std::string launch;
            if (k.beforeKernel != kNoIndex)
                launch = dims(diff.before->kernels[k.beforeKernel].grid) + "/" +
                         dims(diff.before->kernels[k.beforeKernel].block);
            if (k.afterKernel != kNoIndex) {
                const std::string la = dims(diff.after->kernels[k.afterKernel].grid) + "/" +
                                       dims(diff.after->kernels[k.afterKernel].block);
                launch = launch.empty() || launch == la ? la : launch + " > " + la;
            }
            std::vector<std::string> row = {statusText(k.status),
                                            clip(op, nameWidth),
                                            clip(nb, nameWidth),
                                            nb == na ? std::string("(same)") : clip(na, nameWidth),
                                            std::string(toString(k.match)),
                                            launch};
            timeColumns(row, k.duration, k.stats);
            add(std::move(row), k.status, k.duration);
        }
        break;
    }
    t.header.insert(t.header.end(), timeHeader.begin(), timeHeader.end());
    t.numeric.insert(t.numeric.end(), timeHeader.size(), true);
    if (runs) {
        t.header.push_back("z");
        t.numeric.push_back(true);
    }
    return t;
}

std::vector<std::vector<std::string>> totalsLines(const ProfileDiff &diff)
{
    const DiffTotals &t = diff.totals;
    std::vector<std::vector<std::string>> lines;
    auto time = [&](const std::string &label, const TimePair &v) {
        lines.push_back({label, formatFixedDuration(v.before), formatFixedDuration(v.after),
                         formatDelta(v.delta(), DurationText::Fixed), formatRatio(v.before, v.after),
                         formatChange(v.before, v.after)});
    };
    auto count = [&](const std::string &label, const CountPair &v) {
        lines.push_back({label, std::to_string(v.before), std::to_string(v.after),
                         (v.delta() > 0 ? "+" : "") + std::to_string(v.delta()), "", ""});
    };
    time("kernel time (attributed)", t.kernelTime);
    time("unattributed kernel time", t.unattributedTime);
    time("step GPU time", t.stepGpuTime);
    time("GPU busy", t.gpuBusy);
    time("GPU idle", t.gpuIdle);
    if (t.referenceStep.before > 0 || t.referenceStep.after > 0) {
        time("plain step (reference, launcher)", t.referenceStep);
        time("captured step (launcher)", t.capturedStep);
    }
    count("kernels", t.kernels);
    count("unattributed kernels", t.unattributedKernels);
    count("operators", t.operators);
    time("outside the step (not compared)", t.outsideTime);
    count("kernels outside the step", t.outsideKernels);
    return lines;
}

} // namespace opscope
