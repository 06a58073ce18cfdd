#include "compare/diff_operator_model.h"
#include "common/qt_text.h"

#include "common/palette.h"
#include "compare/diff_cells.h"
#include "models/model_roles.h"

#include <iterator>

namespace opscope::ui {

namespace {

constexpr const char *kOperatorOwnTitles[] = {
    QT_TRANSLATE_NOOP("DiffModel", "Kernels"), QT_TRANSLATE_NOOP("DiffModel", "Status"),
    QT_TRANSLATE_NOOP("DiffModel", "Module"), QT_TRANSLATE_NOOP("DiffModel", "Input shapes")};
static_assert(std::size(kOperatorOwnTitles) ==
              size_t(DiffOperatorModel::ColumnCount) - size_t(DiffOperatorModel::OwnColumn));

} // namespace

DiffOperatorModel::DiffOperatorModel(QObject *parent)
    : DiffItemModel(QT_TRANSLATE_NOOP("DiffModel", "Operator"), kOperatorOwnTitles, StatusColumn, parent)
{
}

void DiffOperatorModel::setComparison(std::shared_ptr<const Comparison> comparison)
{
    beginResetModel();
    comparison_ = std::move(comparison);
    endResetModel();
}

DiffItemModel::RowHead DiffOperatorModel::rowHead(int row) const
{
    const OperatorDiffRow &r = comparison_->diff.operators[size_t(row)];
    return {r.status, r.match, r.gpuTime};
}

QVariant DiffOperatorModel::cell(int r, int column, int role) const
{
    const ProfileDiff &diff = comparison_->diff;
    const OperatorDiffRow &row = diff.operators[size_t(r)];
    switch (role) {
    case Qt::DecorationRole: // the explorer's colour for the operator name
        return column == NameColumn && !row.unattributed ? QVariant(colorForName(row.name)) : QVariant();
    case Qt::TextAlignmentRole:
        return column == KernelsColumn ? QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    case Qt::ToolTipRole:
        if (column == NameColumn)
            return tr("before: %1 (%2 calls)\nafter: %3 (%4 calls)")
                .arg(row.beforeName.empty() ? tr("none") : toQString(row.beforeName))
                .arg(row.beforeOps.size())
                .arg(row.afterName.empty() ? tr("none") : toQString(row.afterName))
                .arg(row.afterOps.size());
        if (column == ShapesColumn)
            return tr("before: %1\nafter: %2").arg(toQString(row.beforeShapes), toQString(row.afterShapes));
        return {};
    case Qt::DisplayRole:
    case SortRole:
        break;
    default:
        return {};
    }
    switch (column) {
    case ModuleColumn:
        return row.module >= 0 ? toQString(diff.modules[size_t(row.module)].path)
                               : (row.unattributed ? QString() : tr("(no module)"));
    case KernelsColumn:
        return role == Qt::DisplayRole ? QVariant(countPairText(row.kernels)) : QVariant(double(row.kernels.after));
    case ShapesColumn:
        return toQString(row.afterShapes.empty() ? row.beforeShapes : row.afterShapes);
    }
    return {};
}

} // namespace opscope::ui
