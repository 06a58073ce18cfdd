#pragma once
// The operator rows of a comparison, one per aligned operator (or fused group of operators) of the
// captured step, in module then launch order: name (BEFORE's → AFTER's when they differ), module,
// status and how the row was matched, GPU time before / after / delta / ratio / change, kernels.

#include "compare/diff_item_model.h"

namespace opscope::ui {

class DiffOperatorModel : public DiffItemModel {
    Q_OBJECT
public:
    enum Column {
        NameColumn,
        BeforeColumn,
        AfterColumn,
        DeltaColumn,
        RatioColumn,
        ChangeColumn,
        KernelsColumn,
        StatusColumn,
        ModuleColumn,
        ShapesColumn,
        ColumnCount
    };

    explicit DiffOperatorModel(QObject *parent = nullptr);

    DiffLevel level() const override { return DiffLevel::Operator; }
    void setComparison(std::shared_ptr<const Comparison> comparison) override;
    QModelIndex indexOfRow(int row) const override;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
};

} // namespace opscope::ui
