#pragma once
// The operator table, grouped by name or by name and input shapes.

#include "models/operator_table_model.h"
#include "views/data_view.h"

class QComboBox;

namespace opscope::ui {

class OperatorTableView : public DataView {
    Q_OBJECT
public:
    explicit OperatorTableView(Selection *selection, QWidget *parent = nullptr);

    void setAnalysis(std::shared_ptr<const ProfileAnalysis> analysis);
    void setGrouping(OperatorGrouping grouping);
    OperatorTableModel *model() const { return model_; }

protected:
    void pick(const QModelIndex &sourceIndex) override;
    QModelIndexList rowsFor(const Selection::State &state) const override;

private:
    OperatorTableModel *model_;
    QComboBox *grouping_;
    std::shared_ptr<const ProfileAnalysis> analysis_;
    bool sortedByCpu_ = false; // setAnalysis() chose the CPU sort (a profile without kernels)
};

} // namespace opscope::ui
