#include "models/module_tree_model.h"

#include "common/palette.h"
#include "common/qt_text.h"
#include "common/shares.h"
#include "common/value_format.h"
#include "models/model_roles.h"
#include "opscope/format.h"
#include "opscope/module_tree.h"

#include <cmath>

namespace opscope::ui {

namespace {

QVariant alignNumbers(int column)
{
    if (column == ModuleTreeModel::NameColumn || column == ModuleTreeModel::ClassColumn)
        return {};
    return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
}

} // namespace

ModuleTreeModel::ModuleTreeModel(QObject *parent) : QAbstractItemModel(parent) {}

void ModuleTreeModel::setAnalysis(std::shared_ptr<const ProfileAnalysis> analysis)
{
    beginResetModel();
    analysis_ = std::move(analysis);
    items_.clear();
    tree_.clear();
    itemOfNode_.clear();
    itemOfGroup_.clear();
    if (analysis_) {
        itemOfNode_.assign(analysis_->tree.nodes.size(), -1);
        itemOfGroup_.assign(analysis_->tree.groups.size(), -1);
        items_.reserve(analysis_->tree.nodes.size() + analysis_->tree.groups.size());
        tree_.reserve(items_.capacity());
        addChildren(-1, analysis_->tree.roots);
    }
    endResetModel();
}

int ModuleTreeModel::addItem(ItemKind kind, int id, int parentItem)
{
    const int item = tree_.add(parentItem);
    items_.push_back({kind, id});
    (kind == ItemKind::Node ? itemOfNode_ : itemOfGroup_)[size_t(id)] = item;
    return item;
}

void ModuleTreeModel::addChildren(int parentItem, const std::vector<int> &nodes)
{
    const ModuleTree &tree = analysis_->tree;
    for (int node : nodes) {
        const int group = tree.nodes[size_t(node)].group;
        if (group < 0) {
            addChildren(addItem(ItemKind::Node, node, parentItem), tree.nodes[size_t(node)].children);
            continue;
        }
        // Members of a group are siblings: the first one met places the group row and all members.
        if (itemOfGroup_[size_t(group)] >= 0)
            continue;
        const int groupItem = addItem(ItemKind::Group, group, parentItem);
        for (int member : tree.groups[size_t(group)].members)
            addChildren(addItem(ItemKind::Node, member, groupItem), tree.nodes[size_t(member)].children);
    }
}

QModelIndex ModuleTreeModel::indexOfNode(int node, int column) const
{
    if (node < 0 || size_t(node) >= itemOfNode_.size() || itemOfNode_[size_t(node)] < 0)
        return {};
    const int item = itemOfNode_[size_t(node)];
    return createIndex(tree_.position(item), column, quintptr(item));
}

QModelIndex ModuleTreeModel::indexOfGroup(int group, int column) const
{
    if (group < 0 || size_t(group) >= itemOfGroup_.size() || itemOfGroup_[size_t(group)] < 0)
        return {};
    const int item = itemOfGroup_[size_t(group)];
    return createIndex(tree_.position(item), column, quintptr(item));
}

QModelIndex ModuleTreeModel::index(int row, int column, const QModelIndex &parent) const
{
    const int item = column >= 0 && column < ColumnCount ? tree_.childAt(parent, row) : -1;
    return item >= 0 ? createIndex(row, column, quintptr(item)) : QModelIndex();
}

QModelIndex ModuleTreeModel::parent(const QModelIndex &child) const
{
    const int item = child.isValid() ? tree_.parent(int(child.internalId())) : -1;
    return item >= 0 ? createIndex(tree_.position(item), 0, quintptr(item)) : QModelIndex();
}

int ModuleTreeModel::rowCount(const QModelIndex &parent) const
{
    return tree_.rowCount(parent);
}

int ModuleTreeModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

QVariant ModuleTreeModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || !analysis_)
        return {};
    const Item &item = items_[index.internalId()];
    if (role == KindRole)
        return int(item.kind);
    if (role == IdRole)
        return item.id;
    if (role == Qt::TextAlignmentRole)
        return alignNumbers(index.column());
    return item.kind == ItemKind::Node ? nodeData(item, index.column(), role) : groupData(item, index.column(), role);
}

QVariant ModuleTreeModel::nodeData(const Item &item, int column, int role) const
{
    const ModuleTree &tree = analysis_->tree;
    const ModuleNode &node = tree.nodes[size_t(item.id)];
    const double share = tree.stepGpuTime > 0 ? 100.0 * double(node.gpuTimeTotal) / double(tree.stepGpuTime) : 0.0;
    // Members show how far they are from their group's median.
    double fromMedian = std::nan("");
    if (node.group >= 0) {
        const double median = double(tree.groups[size_t(node.group)].medianTime());
        if (median > 0)
            fromMedian = 100.0 * (double(node.gpuTimeTotal) - median) / median;
    }
    if (role == Qt::DecorationRole && column == NameColumn)
        return colorForModule(*analysis_->profile, node.instances.front());
    if (role == Qt::ToolTipRole)
        return tr("%1 [%2]\n%3 calls, %4 kernels\nGPU time %5 total, %6 self (%7 of GPU time)%8")
            .arg(toQString(node.displayName()), toQString(node.className))
            .arg(node.calls)
            .arg(node.kernelsTotal)
            .arg(formatDuration(double(node.gpuTimeTotal)), formatDuration(double(node.gpuTimeSelf)),
                 formatPercent(share),
                 node.callsOutsideStep() ? tr("\n%n more call(s) outside the captured step (initialisation, warm-up), "
                                              "not counted here",
                                              nullptr, int(node.callsOutsideStep()))
                                         : QString());
    if (role != Qt::DisplayRole && role != SortRole)
        return {};
    const bool display = role == Qt::DisplayRole;
    switch (column) {
    case NameColumn:
        return toQString(node.displayName());
    case ClassColumn:
        return toQString(node.className);
    case CallsColumn:
        return display ? QVariant(formatCount(double(node.calls))) : double(node.calls);
    case GpuTotalColumn:
        return display ? QVariant(formatDuration(double(node.gpuTimeTotal))) : double(node.gpuTimeTotal);
    case GpuSelfColumn:
        return display ? QVariant(formatDuration(double(node.gpuTimeSelf))) : double(node.gpuTimeSelf);
    case ShareColumn:
        return display ? QVariant(formatPercent(share)) : share;
    case KernelsColumn:
        return display ? QVariant(formatCount(node.kernelsTotal)) : double(node.kernelsTotal);
    case SpreadColumn:
        if (std::isnan(fromMedian))
            return display ? QVariant(QString()) : QVariant(fromMedian);
        if (display)
            return tr("%1 vs median").arg(toQString(formatChangePct(fromMedian, Typography::Unicode)));
        return fromMedian;
    case PrefillColumn:
    case PerTokenColumn: {
        const auto &times = analysis_->phaseTimeOfNode;
        const int64_t ns =
            size_t(item.id) < times.size()
                ? (column == PrefillColumn ? times[size_t(item.id)].prefillNs : times[size_t(item.id)].perTokenNs)
                : -1;
        if (ns < 0)
            return display ? QVariant(QString()) : QVariant(-1.0);
        return display ? QVariant(formatDuration(double(ns))) : double(ns);
    }
    }
    return {};
}

QVariant ModuleTreeModel::groupData(const Item &item, int column, int role) const
{
    const ModuleTree &tree = analysis_->tree;
    const DedupGroup &group = tree.groups[size_t(item.id)];
    double calls = 0, total = 0, self = 0, kernels = 0;
    for (int m : group.members) {
        const ModuleNode &node = tree.nodes[size_t(m)];
        calls += double(node.calls);
        total += double(node.gpuTimeTotal);
        self += double(node.gpuTimeSelf);
        kernels += node.kernelsTotal;
    }
    const double share = tree.stepGpuTime > 0 ? 100.0 * total / double(tree.stepGpuTime) : 0.0;
    const double median = double(group.medianTime());
    const QString spread = tr("%1 / %2 / %3")
                               .arg(formatDuration(double(group.minTime())), formatDuration(median),
                                    formatDuration(double(group.maxTime())));
    if (role == Qt::DecorationRole && column == NameColumn)
        return colorForModule(*analysis_->profile, tree.nodes[size_t(group.members.front())].instances.front());
    if (role == Qt::ToolTipRole)
        return tr("%1 identical %2 modules: same structure, operators, shapes and kernels\n"
                  "GPU time per member min / median / max: %3")
            .arg(group.members.size())
            .arg(toQString(group.className), spread);
    if (role != Qt::DisplayRole && role != SortRole)
        return {};
    const bool display = role == Qt::DisplayRole;
    switch (column) {
    case NameColumn:
        return tr("%1 ×%2").arg(toQString(group.name)).arg(group.members.size());
    case ClassColumn:
        return toQString(group.className);
    case CallsColumn:
        return display ? QVariant(formatCount(calls)) : calls;
    case GpuTotalColumn:
        return display ? QVariant(formatDuration(total)) : total;
    case GpuSelfColumn:
        return display ? QVariant(formatDuration(self)) : self;
    case ShareColumn:
        return display ? QVariant(formatPercent(share)) : share;
    case KernelsColumn:
        return display ? QVariant(formatCount(kernels)) : kernels;
    case SpreadColumn: // sorted by the relative spread: (max - min) / median
        return display ? QVariant(spread)
                       : QVariant(median > 0 ? double(group.maxTime() - group.minTime()) / median : 0.0);
    case PrefillColumn:
    case PerTokenColumn: { // all the members together
        const auto &times = analysis_->phaseTimeOfNode;
        int64_t ns = -1;
        for (int m : group.members)
            if (size_t(m) < times.size()) {
                const int64_t t = column == PrefillColumn ? times[size_t(m)].prefillNs : times[size_t(m)].perTokenNs;
                if (t >= 0)
                    ns = std::max<int64_t>(ns, 0) + t;
            }
        if (ns < 0)
            return display ? QVariant(QString()) : QVariant(-1.0);
        return display ? QVariant(formatDuration(double(ns))) : double(ns);
    }
    }
    return {};
}

QString ModuleTreeModel::headerToolTip(int section) const
{
    switch (section) {
    case NameColumn:
        return tr("The module's path as named_modules() names it; a group row stands for identical sibling modules");
    case ClassColumn:
        return tr("The module's class (nn.Module type)");
    case CallsColumn:
        return tr("Calls in the captured step; calls during initialisation and warm-up are not counted.");
    case GpuTotalColumn:
        return tr("GPU time of the kernels the module and its submodules launched in the captured step");
    case GpuSelfColumn:
        return tr("GPU time of the kernels the module launched itself, outside its submodules");
    case ShareColumn:
        return analysis_ ? shareOfGpuTimeToolTip(analysis_->tree.stepGpuTime) : shareOfGpuTimeToolTip(0);
    case KernelsColumn:
        return tr("Kernels the module and its submodules launched in the captured step");
    case SpreadColumn:
        return tr("Groups: GPU time per member, min / median / max. Members: difference to the group's median.");
    case PrefillColumn:
        return tr("Generation requests: the module's time in a request's prefill (the prompt, up to the first "
                  "token), GPU time or, in a CPU capture, the host's.");
    case PerTokenColumn:
        return tr("Generation requests: the module's time per decoded token (its time in the decode iterations "
                  "over their number).");
    }
    return {};
}

QVariant ModuleTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::TextAlignmentRole)
        return alignNumbers(section);
    if (role == Qt::ToolTipRole)
        return headerToolTip(section);
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Module");
    case ClassColumn:
        return tr("Class");
    case CallsColumn:
        return tr("Calls");
    case GpuTotalColumn:
        return tr("GPU total");
    case GpuSelfColumn:
        return tr("GPU self");
    case ShareColumn:
        return shareOfGpuTimeLabel();
    case KernelsColumn:
        return tr("Kernels");
    case SpreadColumn:
        return tr("Spread");
    case PrefillColumn:
        return tr("Prefill");
    case PerTokenColumn:
        return tr("Per token");
    }
    return {};
}

} // namespace opscope::ui
