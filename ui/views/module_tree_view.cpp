#include "views/module_tree_view.h"

#include "models/model_roles.h"
#include "models/sort_filter_proxy.h"

#include <QHeaderView>
#include <QTreeView>

#include <set>

namespace opscope::ui {

ModuleTreeView::ModuleTreeView(Selection *selection, QWidget *parent)
    : DataView(selection, new ModuleTreeModel, parent), model_(static_cast<ModuleTreeModel *>(proxy()->sourceModel()))
{
    view()->header()->resizeSection(ModuleTreeModel::NameColumn, 260);
}

void ModuleTreeView::setAnalysis(std::shared_ptr<const ProfileAnalysis> analysis)
{
    analysis_ = analysis;
    model_->setAnalysis(std::move(analysis));
    view()->expandToDepth(1); // the root and its children, groups folded
    for (int c = ModuleTreeModel::ClassColumn; c < ModuleTreeModel::ColumnCount; ++c)
        view()->resizeColumnToContents(c);
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
            if (p.operators[op].module < analysis_->nodeOfModule.size())
                nodes.insert(analysis_->nodeOfModule[p.operators[op].module]);
        break;
    }
    for (int node : nodes)
        if (const QModelIndex i = model_->indexOfNode(node); i.isValid())
            rows << i;
    rows.removeAll(QModelIndex());
    return rows;
}

} // namespace opscope::ui
