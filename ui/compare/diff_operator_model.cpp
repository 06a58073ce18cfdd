#include "compare/diff_operator_model.h"

#include "compare/diff_cells.h"
#include "models/model_roles.h"
#include "timeline/timeline_colors.h"

namespace opscope::ui {

DiffOperatorModel::DiffOperatorModel(QObject *parent) : DiffItemModel(parent) {}

void DiffOperatorModel::setComparison(std::shared_ptr<const Comparison> comparison)
{
    beginResetModel();
    comparison_ = std::move(comparison);
    endResetModel();
}

QModelIndex DiffOperatorModel::indexOfRow(int row) const
{
    return index(row, 0);
}

QModelIndex DiffOperatorModel::index(int row, int column, const QModelIndex &parent) const
{
    if (parent.isValid() || row < 0 || row >= rowCount() || column < 0 || column >= ColumnCount)
        return {};
    return createIndex(row, column);
}

QModelIndex DiffOperatorModel::parent(const QModelIndex &) const
{
    return {};
}

int DiffOperatorModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() || !comparison_ ? 0 : int(comparison_->diff.operators.size());
}

int DiffOperatorModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DiffOperatorModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || !comparison_ || index.row() >= rowCount())
        return {};
    const ProfileDiff &diff = comparison_->diff;
    const OperatorDiffRow &row = diff.operators[size_t(index.row())];
    const int column = index.column();
    switch (role) {
    case KindRole:
        return int(DiffLevel::Operator);
    case IdRole:
        return index.row();
    case StatusRole:
        return int(row.status);
    case HasTimeRole:
        return row.gpuTime.before != 0 || row.gpuTime.after != 0;
    default:
        break;
    }
    switch (column) {
    case BeforeColumn:
        return pairCell(row.gpuTime, PairColumn::Before, role, reference());
    case AfterColumn:
        return pairCell(row.gpuTime, PairColumn::After, role, reference());
    case DeltaColumn:
        return pairCell(row.gpuTime, PairColumn::Delta, role, reference());
    case RatioColumn:
        return pairCell(row.gpuTime, PairColumn::Ratio, role, reference());
    case ChangeColumn:
        return pairCell(row.gpuTime, PairColumn::Change, role, reference());
    case StatusColumn:
        return statusCell(row.status, row.match, role);
    default:
        break;
    }
    const QString module = row.module >= 0 ? QString::fromStdString(diff.modules[size_t(row.module)].path)
                                           : (row.unattributed ? QString() : tr("(no module)"));
    switch (role) {
    case Qt::FontRole:
        return column == NameColumn ? nameFont(row.status) : QVariant();
    case Qt::DecorationRole: // the explorer's colour for the operator name
        return column == NameColumn && !row.unattributed ? QVariant(colorForName(row.name)) : QVariant();
    case Qt::TextAlignmentRole:
        return column == KernelsColumn ? QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    case Qt::ToolTipRole:
        if (column == NameColumn)
            return tr("before: %1 (%2 calls)\nafter: %3 (%4 calls)")
                .arg(row.beforeName.empty() ? tr("none") : QString::fromStdString(row.beforeName))
                .arg(row.beforeOps.size())
                .arg(row.afterName.empty() ? tr("none") : QString::fromStdString(row.afterName))
                .arg(row.afterOps.size());
        if (column == ShapesColumn)
            return tr("before: %1\nafter: %2")
                .arg(QString::fromStdString(row.beforeShapes), QString::fromStdString(row.afterShapes));
        return {};
    case Qt::DisplayRole:
    case SortRole:
        break;
    default:
        return {};
    }
    const bool display = role == Qt::DisplayRole;
    switch (column) {
    case NameColumn:
        return display ? markedName(operatorRowName(row), row.status) : operatorRowName(row);
    case ModuleColumn:
        return module;
    case KernelsColumn:
        return display ? QVariant(countPairText(row.kernels)) : QVariant(double(row.kernels.after));
    case ShapesColumn:
        return QString::fromStdString(row.afterShapes.empty() ? row.beforeShapes : row.afterShapes);
    }
    return {};
}

QVariant DiffOperatorModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    switch (section) {
    case BeforeColumn:
        return pairHeader(PairColumn::Before, role);
    case AfterColumn:
        return pairHeader(PairColumn::After, role);
    case DeltaColumn:
        return pairHeader(PairColumn::Delta, role);
    case RatioColumn:
        return pairHeader(PairColumn::Ratio, role);
    case ChangeColumn:
        return pairHeader(PairColumn::Change, role);
    default:
        break;
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Operator");
    case ModuleColumn:
        return tr("Module");
    case StatusColumn:
        return tr("Status");
    case KernelsColumn:
        return tr("Kernels");
    case ShapesColumn:
        return tr("Input shapes");
    }
    return {};
}

} // namespace opscope::ui
