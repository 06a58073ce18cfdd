#include "compare/diff_item_model.h"

#include "compare/diff_cells.h"
#include "models/model_roles.h"

#include <algorithm>

namespace opscope::ui {

namespace {

// What a column of the compare tables counts, by its (untranslated) title; a model's own headerTip wins.
QString columnTip(std::string_view title, bool nameColumn)
{
    if (nameColumn)
        return DiffTexts::tr("The row, matched between BEFORE and AFTER (modules by path, operators by their sequence, "
                             "kernels within matched operators); its tooltip names both sides");
    if (title == "Status")
        return DiffTexts::tr("Matched in both, added (only in AFTER) or removed (only in BEFORE)");
    if (title == "Kernels")
        return DiffTexts::tr("Kernels in the captured step, BEFORE → AFTER (one number when they are equal)");
    if (title == "Calls")
        return DiffTexts::tr("Calls in the captured step, BEFORE → AFTER (one number when they are equal)");
    if (title == "Class")
        return DiffTexts::tr("The module's class (nn.Module type)");
    if (title == "Module")
        return DiffTexts::tr("The module the operator ran in");
    if (title == "Input shapes")
        return DiffTexts::tr("The operator's input shapes (AFTER's; both in the cell's tooltip)");
    if (title == "Operator")
        return DiffTexts::tr("The operator that launched the kernel");
    return {};
}

} // namespace

DiffItemModel::DiffItemModel(const char *nameTitle, std::span<const char *const> ownTitles, int statusColumn,
                             QObject *parent)
    : QAbstractItemModel(parent), nameTitle_(nameTitle), ownTitles_(ownTitles), statusColumn_(statusColumn)
{
}

int64_t DiffItemModel::reference() const
{
    if (!comparison_)
        return 0;
    const TimePair &t = comparison_->diff.totals.stepGpuTime;
    return std::max(t.before, t.after);
}

QModelIndex DiffItemModel::index(int row, int column, const QModelIndex &parent) const
{
    if (parent.isValid() || row < 0 || row >= rowCount() || column < 0 || column >= columnCount())
        return {};
    return createIndex(row, column);
}

QModelIndex DiffItemModel::parent(const QModelIndex &) const
{
    return {};
}

int DiffItemModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() || !comparison_ ? 0 : levelRowCount();
}

int DiffItemModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : OwnColumn + int(ownTitles_.size());
}

QVariant DiffItemModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || !comparison_)
        return {};
    const int row = levelRow(index);
    if (row < 0 || row >= levelRowCount())
        return {};
    const RowHead head = rowHead(row);
    const int column = index.column();
    switch (role) {
    case KindRole:
        return int(level());
    case IdRole:
        return row;
    case StatusRole:
        return int(head.status);
    case HasTimeRole:
        return head.time.before != 0 || head.time.after != 0;
    default:
        break;
    }
    if (column >= BeforeColumn && column <= ChangeColumn)
        return pairCell(head.time, PairColumn(column - BeforeColumn), role, reference());
    if (column == statusColumn_)
        return statusCell(head.status, head.match, role);
    if (column == NameColumn && role == Qt::FontRole)
        return nameFont(head.status);
    if (column == NameColumn && role == Qt::DisplayRole)
        return markedName(rowName(row), head.status);
    if (column == NameColumn && role == SortRole)
        return rowName(row);
    return cell(row, column, role);
}

QVariant DiffItemModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (section >= BeforeColumn && section <= ChangeColumn)
        return pairHeader(PairColumn(section - BeforeColumn), role);
    if (role == Qt::ToolTipRole) {
        if (const QVariant own = headerTip(section); own.isValid())
            return own;
        if (section < NameColumn || section >= columnCount())
            return {};
        return columnTip(section == NameColumn ? nameTitle_ : ownTitles_[size_t(section - OwnColumn)],
                         section == NameColumn);
    }
    if (role != Qt::DisplayRole || section < NameColumn || section >= columnCount())
        return {};
    const char *title = section == NameColumn ? nameTitle_ : ownTitles_[size_t(section - OwnColumn)];
    return DiffTexts::tr(title);
}

} // namespace opscope::ui
