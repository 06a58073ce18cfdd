#pragma once
// The operator rows of a comparison, one per aligned operator (or fused group of operators) of the
// captured step, in module then launch order: name (BEFORE's → AFTER's when they differ), module,
// status and how the row was matched, GPU time before / after / delta / ratio / change, kernels.

#include "compare/diff_item_model.h"

namespace opscope::ui {

class DiffOperatorModel : public DiffItemModel {
    Q_OBJECT
public:
    enum Column { KernelsColumn = OwnColumn, StatusColumn, ModuleColumn, ShapesColumn, ColumnCount };

    explicit DiffOperatorModel(QObject *parent = nullptr);

    DiffLevel level() const override { return DiffLevel::Operator; }
    void setComparison(std::shared_ptr<const Comparison> comparison) override;

protected:
    int levelRowCount() const override { return int(comparison_->diff.operators.size()); }
    RowHead rowHead(int row) const override;
    QString rowName(int row) const override { return operatorRowName(comparison_->diff.operators[size_t(row)]); }
    QVariant cell(int row, int column, int role) const override;
};

} // namespace opscope::ui
