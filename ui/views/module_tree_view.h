#pragma once
// The module tree: modules by path with their GPU time, dedup groups as one expandable row.

#include "models/module_tree_model.h"
#include "views/data_view.h"

namespace opscope::ui {

class ModuleTreeView : public DataView {
    Q_OBJECT
public:
    explicit ModuleTreeView(Selection *selection, QWidget *parent = nullptr);

    void setAnalysis(std::shared_ptr<const ProfileAnalysis> analysis);
    ModuleTreeModel *model() const { return model_; }
    // The width the tree needs to show the columns up to `lastColumn` (in the order shown) whole.
    int widthFor(int lastColumn) const;

protected:
    void pick(const QModelIndex &sourceIndex) override;
    QModelIndexList rowsFor(const Selection::State &state) const override;

private:
    // The module column as wide as the rows on show need, within reason.
    void fitNameColumn();

    ModuleTreeModel *model_;
    std::shared_ptr<const ProfileAnalysis> analysis_;
};

} // namespace opscope::ui
