#include "models/operator_table_model.h"

#include "common/palette.h"
#include "common/qt_text.h"
#include "common/shares.h"
#include "common/value_format.h"
#include "models/model_roles.h"

namespace opscope::ui {

OperatorTableModel::OperatorTableModel(QObject *parent) : QAbstractTableModel(parent) {}

void OperatorTableModel::setAnalysis(std::shared_ptr<const ProfileAnalysis> analysis)
{
    analysis_ = std::move(analysis);
    rebuild();
}

void OperatorTableModel::setGrouping(OperatorGrouping grouping)
{
    if (grouping == grouping_)
        return;
    grouping_ = grouping;
    rebuild();
}

void OperatorTableModel::rebuild()
{
    beginResetModel();
    table_.reset();
    if (analysis_)
        table_ = analysis_->operatorRows && analysis_->operatorRows->grouping == grouping_
                     ? analysis_->operatorRows
                     : operatorTableRows(*analysis_->profile, grouping_);
    endResetModel();
}

int OperatorTableModel::rowOfOperator(Index op) const
{
    return table_ && op < table_->rowOfOperator.size() ? table_->rowOfOperator[op] : -1;
}

int OperatorTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() || !table_ ? 0 : int(table_->rows.size());
}

int OperatorTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant OperatorTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || !analysis_ || !table_ || index.row() >= int(table_->rows.size()))
        return {};
    const Profile &p = *analysis_->profile;
    const OperatorRow &row = table_->rows[size_t(index.row())];
    const int column = index.column();
    switch (role) {
    case KindRole:
        return int(Selection::Kind::Operator);
    case IdRole:
        return row.operators.empty() ? QVariant() : QVariant(qulonglong(row.operators.front()));
    case Qt::TextAlignmentRole:
        if (column == NameColumn || column == ShapesColumn || column == DominantKernelColumn)
            return {};
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::DecorationRole:
        return column == NameColumn ? QVariant(colorForName(row.name)) : QVariant();
    case Qt::ToolTipRole:
        if (column == DominantKernelColumn && row.dominantKernel != kNoIndex)
            return toQString(p.text(p.kernels[row.dominantKernel].name));
        if (column == ShapesColumn)
            return toQString(row.shapes);
        if (column == NameColumn)
            return toQString(row.name);
        return {};
    case Qt::DisplayRole:
    case SortRole:
        break;
    default:
        return {};
    }
    const bool display = role == Qt::DisplayRole;
    const int64_t step = analysis_->tree.stepGpuTime;
    const double share = step > 0 ? 100.0 * double(row.gpuTimeTotal) / double(step) : 0.0;
    const double mean = row.calls ? double(row.gpuTimeTotal) / row.calls : 0.0;
    switch (column) {
    case NameColumn:
        return operatorDisplayName(row.name);
    case ShapesColumn:
        return toQString(row.shapes);
    case CallsColumn:
        return display ? QVariant(formatCount(row.calls)) : double(row.calls);
    case KernelsColumn:
        return display ? QVariant(formatCount(row.kernels)) : double(row.kernels);
    case GpuTotalColumn:
        return display ? QVariant(formatDuration(double(row.gpuTimeTotal))) : double(row.gpuTimeTotal);
    case GpuSelfColumn:
        return display ? QVariant(formatDuration(double(row.gpuTimeSelf))) : double(row.gpuTimeSelf);
    case GpuMeanColumn:
        return display ? QVariant(formatDuration(mean)) : mean;
    case CpuTotalColumn:
        return display ? QVariant(formatDuration(double(row.cpuTimeTotal))) : double(row.cpuTimeTotal);
    case ShareColumn:
        return display ? QVariant(formatPercent(share)) : share;
    case DominantKernelColumn:
        return row.dominantKernel == kNoIndex ? QString() : toQString(p.kernelDisplayName(row.dominantKernel));
    }
    return {};
}

QVariant OperatorTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case NameColumn:
            return tr("The operator (aten op, or the record_function label); autograd's nodes by their name first");
        case ShapesColumn:
            return tr("The input shapes the calls had (grouping by name and shapes)");
        case CallsColumn:
            return tr("Calls in the captured step");
        case KernelsColumn:
            return tr("Kernels these calls launched themselves in the captured step");
        case GpuTotalColumn:
            return tr("GPU time of the kernels launched by these calls and by the operators nested in them");
        case GpuSelfColumn:
            return tr("GPU time of the kernels these calls launched themselves");
        case GpuMeanColumn:
            return tr("GPU total per call");
        case CpuTotalColumn:
            return tr("Wall time of the calls on the CPU");
        case ShareColumn:
            return shareOfGpuTimeToolTip(analysis_ ? analysis_->tree.stepGpuTime : 0);
        case DominantKernelColumn:
            return tr("The longest kernel these calls launched (its full name in the cell's tooltip)");
        }
        return {};
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Operator");
    case ShapesColumn:
        return tr("Input shapes");
    case CallsColumn:
        return tr("Calls");
    case KernelsColumn:
        return tr("Kernels");
    case GpuTotalColumn:
        return tr("GPU total");
    case GpuSelfColumn:
        return tr("GPU self");
    case GpuMeanColumn:
        return tr("GPU mean");
    case CpuTotalColumn:
        return tr("CPU total");
    case ShareColumn:
        return shareOfGpuTimeLabel();
    case DominantKernelColumn:
        return tr("Longest kernel");
    }
    return {};
}

} // namespace opscope::ui
