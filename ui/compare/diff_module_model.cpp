#include "compare/diff_module_model.h"
#include "common/qt_text.h"

#include "common/value_format.h"
#include "compare/diff_cells.h"
#include "models/model_roles.h"
#include "opscope/module_tree.h"

#include <iterator>

namespace opscope::ui {

namespace {

constexpr const char *kModuleOwnTitles[] = {
    QT_TRANSLATE_NOOP("DiffModel", "Self delta"), QT_TRANSLATE_NOOP("DiffModel", "Kernels"),
    QT_TRANSLATE_NOOP("DiffModel", "Calls"), QT_TRANSLATE_NOOP("DiffModel", "Status"),
    QT_TRANSLATE_NOOP("DiffModel", "Class")};
static_assert(std::size(kModuleOwnTitles) == size_t(DiffModuleModel::ColumnCount) - size_t(DiffModuleModel::OwnColumn));

} // namespace

// internalId: the module row.

DiffModuleModel::DiffModuleModel(QObject *parent)
    : DiffItemModel(QT_TRANSLATE_NOOP("DiffModel", "Module"), kModuleOwnTitles, StatusColumn, parent)
{
}

void DiffModuleModel::setComparison(std::shared_ptr<const Comparison> comparison)
{
    beginResetModel();
    comparison_ = std::move(comparison);
    tree_.clear();
    if (comparison_) {
        const auto &rows = comparison_->diff.modules;
        tree_.reserve(rows.size());
        for (const ModuleDiffRow &row : rows)
            tree_.add(row.parent >= 0 && size_t(row.parent) < rows.size() ? row.parent : -1);
    }
    endResetModel();
}

QModelIndex DiffModuleModel::indexOfRow(int row) const
{
    if (row < 0 || size_t(row) >= tree_.size())
        return {};
    return createIndex(tree_.position(row), 0, quintptr(row));
}

QModelIndex DiffModuleModel::index(int row, int column, const QModelIndex &parent) const
{
    const int item = column >= 0 && column < ColumnCount ? tree_.childAt(parent, row) : -1;
    return item >= 0 ? createIndex(row, column, quintptr(item)) : QModelIndex();
}

QModelIndex DiffModuleModel::parent(const QModelIndex &child) const
{
    return child.isValid() && comparison_ ? indexOfRow(tree_.parent(int(child.internalId()))) : QModelIndex();
}

int DiffModuleModel::rowCount(const QModelIndex &parent) const
{
    return tree_.rowCount(parent);
}

int DiffModuleModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

DiffItemModel::RowHead DiffModuleModel::rowHead(int row) const
{
    const ModuleDiffRow &r = comparison_->diff.modules[size_t(row)];
    return {r.status, r.match, r.gpuTime};
}

QString DiffModuleModel::rowName(int row) const
{
    const ModuleDiffRow &r = comparison_->diff.modules[size_t(row)];
    QString name = toQString(modulePathText(r.path, r.className));
    if (!r.otherPath.empty())
        name += tr(" (was %1)").arg(toQString(r.otherPath));
    return name;
}

QVariant DiffModuleModel::cell(int r, int column, int role) const
{
    const ModuleDiffRow &row = comparison_->diff.modules[size_t(r)];
    if (column == SelfDeltaColumn) {
        if (role == Qt::ToolTipRole)
            return tr("Kernels attributed to the module itself: %1 → %2")
                .arg(formatDuration(double(row.gpuTimeSelf.before)), formatDuration(double(row.gpuTimeSelf.after)));
        return pairCell(row.gpuTimeSelf, PairColumn::Delta, role, reference());
    }
    if (role == Qt::ToolTipRole && column == NameColumn) {
        QString tip = toQString(modulePathText(row.path, row.className));
        if (!row.otherPath.empty())
            tip += QLatin1Char('\n') + tr("before: %1").arg(toQString(row.otherPath));
        return tip;
    }
    if (role == Qt::TextAlignmentRole && (column == KernelsColumn || column == CallsColumn))
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && role != SortRole)
        return {};
    const bool display = role == Qt::DisplayRole;
    switch (column) {
    case ClassColumn:
        return toQString(row.className);
    case KernelsColumn:
        return display ? QVariant(countPairText(row.kernels)) : QVariant(double(row.kernels.after));
    case CallsColumn:
        return display ? QVariant(countPairText(row.calls)) : QVariant(double(row.calls.after));
    }
    return {};
}

QVariant DiffModuleModel::headerTip(int section) const
{
    if (section == SelfDeltaColumn)
        return tr("Change of the GPU time of the kernels the module launched itself (not its submodules)");
    return {};
}

} // namespace opscope::ui
