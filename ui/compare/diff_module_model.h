#pragma once
// The module tree of a comparison: one row per matched, added or removed module path, nested as
// in the tree, with GPU time (module and descendants, captured step) before, after, delta, ratio
// and change, kernel and call counts on both sides.

#include "compare/diff_item_model.h"

#include <vector>

namespace opscope::ui {

class DiffModuleModel : public DiffItemModel {
    Q_OBJECT
public:
    enum Column {
        NameColumn,
        BeforeColumn,
        AfterColumn,
        DeltaColumn,
        RatioColumn,
        ChangeColumn,
        SelfDeltaColumn,
        KernelsColumn,
        CallsColumn,
        StatusColumn,
        ClassColumn,
        ColumnCount
    };

    explicit DiffModuleModel(QObject *parent = nullptr);

    DiffLevel level() const override { return DiffLevel::Module; }
    void setComparison(std::shared_ptr<const Comparison> comparison) override;
    QModelIndex indexOfRow(int row) const override;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    const std::vector<int> &childrenOf(int row) const { return row < 0 ? roots_ : children_[size_t(row)]; }

    std::vector<int> roots_;
    std::vector<std::vector<int>> children_; // per module row
    std::vector<int> position_;              // a row's place among its siblings
};

} // namespace opscope::ui
