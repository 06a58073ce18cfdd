#pragma once
// The module tree of a comparison: one row per matched, added or removed module path, nested as
// in the tree, with GPU time (module and descendants, captured step) before, after, delta, ratio
// and change, kernel and call counts on both sides.

#include "compare/diff_item_model.h"
#include "models/tree_rows.h"

namespace opscope::ui {

class DiffModuleModel : public DiffItemModel {
    Q_OBJECT
public:
    enum Column { SelfDeltaColumn = OwnColumn, KernelsColumn, CallsColumn, StatusColumn, ClassColumn, ColumnCount };

    explicit DiffModuleModel(QObject *parent = nullptr);

    DiffLevel level() const override { return DiffLevel::Module; }
    void setComparison(std::shared_ptr<const Comparison> comparison) override;
    QModelIndex indexOfRow(int row) const override;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;

protected:
    int levelRowCount() const override { return int(comparison_->diff.modules.size()); }
    int levelRow(const QModelIndex &index) const override { return int(index.internalId()); }
    RowHead rowHead(int row) const override;
    QString rowName(int row) const override;
    QVariant cell(int row, int column, int role) const override;
    QVariant headerTip(int section) const override;

private:
    TreeRows tree_; // items: the module rows
};

} // namespace opscope::ui
