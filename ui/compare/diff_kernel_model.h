#pragma once
// The kernel rows of a comparison: each matched pair (by launch, by name or by role across
// libraries and precisions) and each added or removed kernel of the captured step, with its
// operator row, status and duration before / after / delta / ratio / change.

#include "compare/diff_item_model.h"

#include <vector>

namespace opscope::ui {

class DiffKernelModel : public DiffItemModel {
    Q_OBJECT
public:
    enum Column { StatusColumn = OwnColumn, OperatorColumn, ColumnCount };

    explicit DiffKernelModel(QObject *parent = nullptr);

    DiffLevel level() const override { return DiffLevel::Kernel; }
    void setComparison(std::shared_ptr<const Comparison> comparison) override;

protected:
    int levelRowCount() const override { return int(comparison_->diff.kernels.size()); }
    RowHead rowHead(int row) const override;
    QString rowName(int row) const override { return names_[size_t(row)]; }
    QVariant cell(int row, int column, int role) const override;

private:
    std::vector<QString> names_; // per row, built once (demangled display names)
};

} // namespace opscope::ui
