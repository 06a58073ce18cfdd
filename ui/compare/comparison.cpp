#include "compare/comparison.h"

#include "common/qt_text.h"
#include "models/profile_analysis.h"
#include "opscope/insights.h"
#include "opscope/metadata_keys.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>

namespace opscope::ui {

namespace {

// Where a side's captured step starts and ends: its steps as the explorer finds them, else the
// span of the kernels the diff compares.
std::pair<int64_t, int64_t> stepWindow(const LoadedCapture &capture)
{
    if (const auto &steps = capture.steps; !steps.empty())
        return {steps.front().start_ns, steps.back().end_ns};
    const Profile &p = *capture.profile;
    int64_t start = INT64_MAX, end = INT64_MIN;
    for (const Kernel &k : p.kernels)
        if (!(k.flags & kKernelOutsideCapture)) {
            start = std::min(start, k.start_ns);
            end = std::max(end, k.end_ns);
        }
    return start <= end ? std::pair{start, end} : std::pair<int64_t, int64_t>{0, 0};
}

void mapOperators(const Profile &p, const std::vector<OperatorDiffRow> &rows, bool before, std::vector<int> &out)
{
    out.assign(p.operators.size(), -1);
    for (size_t r = 0; r < rows.size(); ++r)
        for (Index op : before ? rows[r].beforeOps : rows[r].afterOps)
            if (op < out.size())
                out[op] = int(r);
    // Nested operators take their outermost ancestor's row (parents come first in launch order,
    // but nothing guarantees it, so walk up rather than rely on the order).
    for (Index op = 0; op < p.operators.size(); ++op) {
        if (out[op] >= 0)
            continue;
        Index up = p.operators[op].parent;
        for (size_t steps = 0; up < p.operators.size() && out[up] < 0 && steps < p.operators.size(); ++steps)
            up = p.operators[up].parent;
        if (up < p.operators.size())
            out[op] = out[up];
    }
}

} // namespace

int Comparison::kernelRowOf(Side side, Index kernel) const
{
    const auto &v = kernelRow[size_t(side)];
    return kernel < v.size() ? v[kernel] : -1;
}

int Comparison::operatorRowOf(Side side, Index op) const
{
    const auto &v = operatorRow[size_t(side)];
    return op < v.size() ? v[op] : -1;
}

int Comparison::moduleRowOfNode(Side side, int node) const
{
    const auto &v = moduleRow[size_t(side)];
    return node >= 0 && size_t(node) < v.size() ? v[size_t(node)] : -1;
}

double Comparison::speedup() const
{
    const TimePair &t = diff.totals.stepGpuTime;
    return t.after > 0 ? double(t.before) / double(t.after) : 0.0;
}

QString Comparison::title(Side side) const
{
    auto names = [this](Side s, bool withFolder) {
        QStringList out;
        for (const QString &path : paths[size_t(s)])
            out << QFileInfo(path).fileName();
        QString text = out.join(QStringLiteral(" + "));
        if (withFolder && !paths[size_t(s)].isEmpty())
            text = QFileInfo(paths[size_t(s)].front()).absoluteDir().dirName() + QLatin1Char('/') + text;
        return text;
    };
    // Captures of one workload often share their file names (nsys.sqlite + ncu_raw.csv): then the
    // folders tell the sides apart.
    const Side other = side == Side::Before ? Side::After : Side::Before;
    QString title = names(side, names(side, false) == names(other, false));
    // Two ranks of one job (the Ranks tab's Compare, or two ranks' traces): the rank first.
    const std::string *rank = captures[size_t(side)] ? profile(side).metadataValue(kRankKey) : nullptr;
    if (rank && !rank->empty())
        title = toQString("rank %1 · %2").arg(toQString(*rank), title);
    return title;
}

std::shared_ptr<const Comparison> buildComparison(std::shared_ptr<const LoadedCapture> before,
                                                  std::shared_ptr<const LoadedCapture> after,
                                                  const QStringList &beforePaths, const QStringList &afterPaths)
{
    auto c = std::make_shared<Comparison>();
    c->captures = {std::move(before), std::move(after)};
    c->paths = {beforePaths, afterPaths};
    c->diff = diffProfiles(*c->captures[0]->profile, *c->captures[1]->profile);
    for (int s = 0; s < 2; ++s) {
        const Profile &p = *c->captures[size_t(s)]->profile;
        std::tie(c->stepStart[size_t(s)], c->stepEnd[size_t(s)]) = stepWindow(*c->captures[size_t(s)]);
        std::vector<int> &kernels = c->kernelRow[size_t(s)];
        kernels.assign(p.kernels.size(), -1);
        for (size_t r = 0; r < c->diff.kernels.size(); ++r) {
            const Index k = s == 0 ? c->diff.kernels[r].beforeKernel : c->diff.kernels[r].afterKernel;
            if (k < kernels.size())
                kernels[k] = int(r);
        }
        mapOperators(p, c->diff.operators, s == 0, c->operatorRow[size_t(s)]);
        const ModuleTree &tree = s == 0 ? c->diff.beforeTree : c->diff.afterTree;
        std::vector<int> &modules = c->moduleRow[size_t(s)];
        modules.assign(tree.nodes.size(), -1);
        for (size_t r = 0; r < c->diff.modules.size(); ++r) {
            const int node = s == 0 ? c->diff.modules[r].beforeNode : c->diff.modules[r].afterNode;
            if (node >= 0 && size_t(node) < modules.size())
                modules[size_t(node)] = int(r);
        }
    }
    return c;
}

std::vector<int> relatedRows(const Comparison &c, DiffLevel level, int row, DiffLevel target)
{
    const ProfileDiff &d = c.diff;
    std::vector<int> out;
    auto valid = [&](DiffLevel l, int r) {
        const size_t n = l == DiffLevel::Module     ? d.modules.size()
                         : l == DiffLevel::Operator ? d.operators.size()
                                                    : d.kernels.size();
        return r >= 0 && size_t(r) < n;
    };
    if (!valid(level, row))
        return out;
    if (level == target)
        return {row};
    // Everything goes through operator rows: kernels belong to one, operators to one module row.
    std::vector<int> ops;
    if (level == DiffLevel::Kernel) {
        if (d.kernels[size_t(row)].op >= 0)
            ops.push_back(d.kernels[size_t(row)].op);
    } else if (level == DiffLevel::Operator) {
        ops.push_back(row);
    } else {
        std::vector<char> inSubtree(d.modules.size(), 0);
        inSubtree[size_t(row)] = 1;
        for (size_t m = size_t(row) + 1; m < d.modules.size(); ++m) // parents come before children
            if (d.modules[m].parent >= 0 && inSubtree[size_t(d.modules[m].parent)])
                inSubtree[m] = 1;
        for (size_t o = 0; o < d.operators.size(); ++o)
            if (d.operators[o].module >= 0 && inSubtree[size_t(d.operators[o].module)])
                ops.push_back(int(o));
    }
    if (target == DiffLevel::Operator)
        return ops;
    for (int op : ops) {
        const OperatorDiffRow &o = d.operators[size_t(op)];
        if (target == DiffLevel::Kernel)
            out.insert(out.end(), o.kernelRows.begin(), o.kernelRows.end());
        else if (o.module >= 0 && std::find(out.begin(), out.end(), o.module) == out.end())
            out.push_back(o.module);
    }
    return out;
}

QString kernelRowName(const Comparison &c, const KernelDiffRow &row)
{
    const QString before =
        row.beforeKernel != kNoIndex ? toQString(c.diff.before->kernelDisplayName(row.beforeKernel)) : QString();
    const QString after =
        row.afterKernel != kNoIndex ? toQString(c.diff.after->kernelDisplayName(row.afterKernel)) : QString();
    if (before.isEmpty())
        return after;
    if (after.isEmpty() || after == before)
        return before;
    return before + QStringLiteral(" → ") + after;
}

QString operatorRowName(const OperatorDiffRow &row)
{
    const QString before = toQString(row.beforeName), after = toQString(row.afterName);
    if (before.isEmpty() || after.isEmpty() || before == after)
        return toQString(row.name);
    return before + QStringLiteral(" → ") + after;
}

} // namespace opscope::ui
