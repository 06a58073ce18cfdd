#include "compare/diff_kernel_model.h"

#include "compare/diff_cells.h"
#include "models/model_roles.h"
#include "models/profile_analysis.h"

namespace opscope::ui {

DiffKernelModel::DiffKernelModel(QObject *parent) : DiffItemModel(parent) {}

void DiffKernelModel::setComparison(std::shared_ptr<const Comparison> comparison)
{
    beginResetModel();
    comparison_ = std::move(comparison);
    names_.clear();
    if (comparison_) {
        names_.reserve(comparison_->diff.kernels.size());
        for (const KernelDiffRow &row : comparison_->diff.kernels)
            names_.push_back(kernelRowName(*comparison_, row));
    }
    endResetModel();
}

QModelIndex DiffKernelModel::indexOfRow(int row) const
{
    return index(row, 0);
}

QModelIndex DiffKernelModel::index(int row, int column, const QModelIndex &parent) const
{
    if (parent.isValid() || row < 0 || row >= rowCount() || column < 0 || column >= ColumnCount)
        return {};
    return createIndex(row, column);
}

QModelIndex DiffKernelModel::parent(const QModelIndex &) const
{
    return {};
}

int DiffKernelModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() || !comparison_ ? 0 : int(comparison_->diff.kernels.size());
}

int DiffKernelModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DiffKernelModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || !comparison_ || index.row() >= rowCount())
        return {};
    const ProfileDiff &diff = comparison_->diff;
    const KernelDiffRow &row = diff.kernels[size_t(index.row())];
    const int column = index.column();
    switch (role) {
    case KindRole:
        return int(DiffLevel::Kernel);
    case IdRole:
        return index.row();
    case StatusRole:
        return int(row.status);
    case HasTimeRole:
        return row.duration.before != 0 || row.duration.after != 0;
    default:
        break;
    }
    switch (column) {
    case BeforeColumn:
        return pairCell(row.duration, PairColumn::Before, role, reference());
    case AfterColumn:
        return pairCell(row.duration, PairColumn::After, role, reference());
    case DeltaColumn:
        return pairCell(row.duration, PairColumn::Delta, role, reference());
    case RatioColumn:
        return pairCell(row.duration, PairColumn::Ratio, role, reference());
    case ChangeColumn:
        return pairCell(row.duration, PairColumn::Change, role, reference());
    case StatusColumn:
        return statusCell(row.status, row.match, role);
    default:
        break;
    }
    const QString op = row.op >= 0 ? operatorRowName(diff.operators[size_t(row.op)]) : tr("(unattributed)");
    switch (role) {
    case Qt::FontRole:
        return column == NameColumn ? nameFont(row.status) : QVariant();
    case Qt::ToolTipRole:
        if (column == NameColumn)
            return tr("before: %1\nafter: %2")
                .arg(row.beforeKernel != kNoIndex ? qText(*diff.before, diff.before->kernels[row.beforeKernel].name)
                                                  : tr("none"),
                     row.afterKernel != kNoIndex ? qText(*diff.after, diff.after->kernels[row.afterKernel].name)
                                                 : tr("none"));
        return {};
    case Qt::DisplayRole:
        if (column == NameColumn)
            return markedName(names_[size_t(index.row())], row.status);
        return column == OperatorColumn ? QVariant(op) : QVariant();
    case SortRole:
        if (column == NameColumn)
            return names_[size_t(index.row())];
        return column == OperatorColumn ? QVariant(op) : QVariant();
    }
    return {};
}

QVariant DiffKernelModel::headerData(int section, Qt::Orientation orientation, int role) const
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
        return tr("Kernel");
    case OperatorColumn:
        return tr("Operator");
    case StatusColumn:
        return tr("Status");
    }
    return {};
}

} // namespace opscope::ui
