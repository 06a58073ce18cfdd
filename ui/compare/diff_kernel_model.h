#pragma once
// The kernel rows of a comparison: each matched pair (by launch, by name or by role across
// libraries and precisions) and each added or removed kernel of the captured step, with its
// operator row, status and duration before / after / delta / ratio / change.

#include "compare/diff_item_model.h"

namespace opscope::ui {

class DiffKernelModel : public DiffItemModel {
    Q_OBJECT
public:
    enum Column {
        NameColumn,
        BeforeColumn,
        AfterColumn,
        DeltaColumn,
        RatioColumn,
        ChangeColumn,
        StatusColumn,
        OperatorColumn,
        ColumnCount
    };

    explicit DiffKernelModel(QObject *parent = nullptr);

    DiffLevel level() const override { return DiffLevel::Kernel; }
    void setComparison(std::shared_ptr<const Comparison> comparison) override;
    QModelIndex indexOfRow(int row) const override;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<QString> names_; // per row, built once (demangled display names)
};

} // namespace opscope::ui
