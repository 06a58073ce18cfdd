#include "compare/diff_module_model.h"

#include "compare/diff_cells.h"
#include "models/model_roles.h"
#include "models/value_format.h"

namespace opscope::ui {

// internalId: the module row.

DiffModuleModel::DiffModuleModel(QObject *parent) : DiffItemModel(parent) {}

void DiffModuleModel::setComparison(std::shared_ptr<const Comparison> comparison)
{
    beginResetModel();
    comparison_ = std::move(comparison);
    roots_.clear();
    children_.clear();
    position_.clear();
    if (comparison_) {
        const auto &rows = comparison_->diff.modules;
        children_.resize(rows.size());
        position_.resize(rows.size());
        for (size_t r = 0; r < rows.size(); ++r) {
            const int parent = rows[r].parent;
            std::vector<int> &siblings =
                parent >= 0 && size_t(parent) < rows.size() ? children_[size_t(parent)] : roots_;
            position_[r] = int(siblings.size());
            siblings.push_back(int(r));
        }
    }
    endResetModel();
}

QModelIndex DiffModuleModel::indexOfRow(int row) const
{
    if (row < 0 || size_t(row) >= position_.size())
        return {};
    return createIndex(position_[size_t(row)], 0, quintptr(row));
}

QModelIndex DiffModuleModel::index(int row, int column, const QModelIndex &parent) const
{
    if (row < 0 || column < 0 || column >= ColumnCount || (parent.isValid() && parent.column() != 0))
        return {};
    const std::vector<int> &siblings = childrenOf(parent.isValid() ? int(parent.internalId()) : -1);
    if (size_t(row) >= siblings.size())
        return {};
    return createIndex(row, column, quintptr(siblings[size_t(row)]));
}

QModelIndex DiffModuleModel::parent(const QModelIndex &child) const
{
    if (!child.isValid() || !comparison_)
        return {};
    const int parent = comparison_->diff.modules[child.internalId()].parent;
    return parent >= 0 ? indexOfRow(parent) : QModelIndex();
}

int DiffModuleModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid() && parent.column() != 0)
        return 0;
    return int(childrenOf(parent.isValid() ? int(parent.internalId()) : -1).size());
}

int DiffModuleModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

QVariant DiffModuleModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || !comparison_)
        return {};
    const int r = int(index.internalId());
    const ModuleDiffRow &row = comparison_->diff.modules[size_t(r)];
    const int column = index.column();
    switch (role) {
    case KindRole:
        return int(DiffLevel::Module);
    case IdRole:
        return r;
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
    case SelfDeltaColumn:
        if (role == Qt::ToolTipRole)
            return tr("Kernels attributed to the module itself: %1 → %2")
                .arg(formatDuration(double(row.gpuTimeSelf.before)), formatDuration(double(row.gpuTimeSelf.after)));
        return pairCell(row.gpuTimeSelf, PairColumn::Delta, role, reference());
    case StatusColumn:
        return statusCell(row.status, row.match, role);
    default:
        break;
    }
    if (role == Qt::FontRole && column == NameColumn)
        return nameFont(row.status);
    if (role == Qt::ToolTipRole && column == NameColumn) {
        QString tip = QString::fromStdString(row.path);
        if (!row.otherPath.empty())
            tip += QLatin1Char('\n') + tr("before: %1").arg(QString::fromStdString(row.otherPath));
        return tip;
    }
    if (role == Qt::TextAlignmentRole && (column == KernelsColumn || column == CallsColumn))
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && role != SortRole)
        return {};
    const bool display = role == Qt::DisplayRole;
    switch (column) {
    case NameColumn: {
        QString name = QString::fromStdString(row.path);
        if (!row.otherPath.empty())
            name += tr(" (was %1)").arg(QString::fromStdString(row.otherPath));
        return display ? markedName(name, row.status) : name;
    }
    case ClassColumn:
        return QString::fromStdString(row.className);
    case KernelsColumn:
        return display ? QVariant(countPairText(row.kernels)) : QVariant(double(row.kernels.after));
    case CallsColumn:
        return display ? QVariant(countPairText(row.calls)) : QVariant(double(row.calls.after));
    }
    return {};
}

QVariant DiffModuleModel::headerData(int section, Qt::Orientation orientation, int role) const
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
    if (role == Qt::ToolTipRole && section == SelfDeltaColumn)
        return tr("Change of the GPU time of the kernels the module launched itself (not its submodules)");
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Module");
    case ClassColumn:
        return tr("Class");
    case StatusColumn:
        return tr("Status");
    case SelfDeltaColumn:
        return tr("Self delta");
    case KernelsColumn:
        return tr("Kernels");
    case CallsColumn:
        return tr("Calls");
    }
    return {};
}

} // namespace opscope::ui
