#include "views/module_tree_view.h"
#include "common/qt_text.h"

#include "models/model_roles.h"
#include "models/sort_filter_proxy.h"

#include <QHeaderView>
#include <QTreeView>

#include <QStyle>

#include <algorithm>
#include <iterator>
#include <set>

namespace opscope::ui {

namespace {
// A module path wider than this is cut (its tooltip has it whole): deep paths must not push the
// numbers out of the dock.
constexpr int kMaxNameWidth = 360;
} // namespace

ModuleTreeView::ModuleTreeView(Selection *selection, QWidget *parent)
    : DataView(selection, new ModuleTreeModel, parent), model_(static_cast<ModuleTreeModel *>(proxy()->sourceModel()))
{
    view()->header()->resizeSection(ModuleTreeModel::NameColumn, 260);
    view()->setProperty("exportName", QStringLiteral("modules"));
    // What one reads first next to the module: its time, its share, how its group's members differ and
    // how often it ran; the rest (self time, kernels, class, also in the tooltip) after that.
    using M = ModuleTreeModel;
    // (A profile of generation requests shows the prefill and per-token times right after the share.)
    const int order[] = {M::NameColumn,   M::GpuTotalColumn, M::ShareColumn,   M::PrefillColumn, M::PerTokenColumn,
                         M::SpreadColumn, M::CallsColumn,    M::GpuSelfColumn, M::KernelsColumn, M::ClassColumn};
    static_assert(std::size(order) == M::ColumnCount);
    QHeaderView *header = view()->header();
    for (int visual = 0; visual < int(std::size(order)); ++visual)
        header->moveSection(header->visualIndex(order[visual]), visual);
    // A branch opened deeper may need a wider name column.
    connect(view(), &QTreeView::expanded, this, &ModuleTreeView::fitNameColumn);
}

void ModuleTreeView::setAnalysis(std::shared_ptr<const ProfileAnalysis> analysis)
{
    analysis_ = analysis;
    setEmptyText(analysis && analysis->tree.nodes.empty() ? toQString(noModulesReason(*analysis->profile)) : QString());
    const bool generation = analysis && !analysis->phaseTimeOfNode.empty();
    model_->setAnalysis(std::move(analysis));
    // The prefill and per-token columns only for a profile of generation requests.
    view()->setColumnHidden(ModuleTreeModel::PrefillColumn, !generation);
    view()->setColumnHidden(ModuleTreeModel::PerTokenColumn, !generation);
    view()->expandToDepth(1); // the root and its children, groups folded
    // Every column as wide as what it shows, so the numbers sit next to the names, not off to the right.
    for (int c = 0; c < ModuleTreeModel::ColumnCount; ++c)
        view()->resizeColumnToContents(c);
    fitNameColumn();
}

void ModuleTreeView::fitNameColumn()
{
    view()->resizeColumnToContents(ModuleTreeModel::NameColumn);
    if (view()->columnWidth(ModuleTreeModel::NameColumn) > kMaxNameWidth)
        view()->setColumnWidth(ModuleTreeModel::NameColumn, kMaxNameWidth);
}

int ModuleTreeView::widthFor(int lastColumn) const
{
    // The columns up to `lastColumn` in the order shown, the frame and a vertical scroll bar.
    int width = 2 * view()->frameWidth() + view()->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, view());
    const QHeaderView *header = view()->header();
    for (int visual = 0; visual <= header->visualIndex(lastColumn); ++visual)
        width += view()->columnWidth(header->logicalIndex(visual));
    return width;
}

void ModuleTreeView::pick(const QModelIndex &sourceIndex)
{
    const int id = sourceIndex.data(IdRole).toInt();
    if (ModuleTreeModel::ItemKind(sourceIndex.data(KindRole).toInt()) == ModuleTreeModel::ItemKind::Group)
        selection_->setGroup(id);
    else
        selection_->setModule(id);
}

QModelIndexList ModuleTreeView::rowsFor(const Selection::State &state) const
{
    QModelIndexList rows;
    if (!analysis_)
        return rows;
    const Profile &p = *analysis_->profile;
    std::set<int> nodes;
    switch (state.kind) {
    case Selection::Kind::None:
        break;
    case Selection::Kind::Module:
        nodes.insert(int(state.index));
        break;
    case Selection::Kind::Group:
        rows << model_->indexOfGroup(int(state.index));
        break;
    case Selection::Kind::Kernel:
        if (state.index < p.kernels.size())
            nodes.insert(analysis_->nodeOfKernel(state.index));
        break;
    case Selection::Kind::Operator:
        for (Index op : analysis_->operatorsOf(state))
            if (const int node = analysis_->tree.nodeOf(p.operators[op].module); node >= 0)
                nodes.insert(node);
        break;
    }
    for (int node : nodes)
        if (const QModelIndex i = model_->indexOfNode(node); i.isValid())
            rows << i;
    rows.removeAll(QModelIndex());
    return rows;
}

} // namespace opscope::ui
