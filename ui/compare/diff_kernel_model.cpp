#include "compare/diff_kernel_model.h"

#include "common/qt_text.h"
#include "models/model_roles.h"
#include "models/profile_analysis.h"

#include <iterator>

namespace opscope::ui {

namespace {

constexpr const char *kKernelOwnTitles[] = {QT_TRANSLATE_NOOP("DiffModel", "Status"),
                                            QT_TRANSLATE_NOOP("DiffModel", "Operator")};
static_assert(std::size(kKernelOwnTitles) == size_t(DiffKernelModel::ColumnCount) - size_t(DiffKernelModel::OwnColumn));

} // namespace

DiffKernelModel::DiffKernelModel(QObject *parent)
    : DiffItemModel(QT_TRANSLATE_NOOP("DiffModel", "Kernel"), kKernelOwnTitles, StatusColumn, parent)
{
}

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

DiffItemModel::RowHead DiffKernelModel::rowHead(int row) const
{
    const KernelDiffRow &r = comparison_->diff.kernels[size_t(row)];
    return {r.status, r.match, r.duration};
}

QVariant DiffKernelModel::cell(int r, int column, int role) const
{
    const ProfileDiff &diff = comparison_->diff;
    const KernelDiffRow &row = diff.kernels[size_t(r)];
    if (role == Qt::ToolTipRole && column == NameColumn)
        return tr("before: %1\nafter: %2")
            .arg(row.beforeKernel != kNoIndex
                     ? toQString(diff.before->text(diff.before->kernels[row.beforeKernel].name))
                     : tr("none"),
                 row.afterKernel != kNoIndex ? toQString(diff.after->text(diff.after->kernels[row.afterKernel].name))
                                             : tr("none"));
    if ((role != Qt::DisplayRole && role != SortRole) || column != OperatorColumn)
        return {};
    return row.op >= 0 ? operatorRowName(diff.operators[size_t(row.op)]) : tr("(unattributed)");
}

} // namespace opscope::ui
