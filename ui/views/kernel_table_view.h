#pragma once
// The kernels table, with a switch between the captured step and every kernel.

#include "models/kernel_table_model.h"
#include "views/data_view.h"

class QCheckBox;

namespace opscope::ui {

class KernelTableView : public DataView {
    Q_OBJECT
public:
    explicit KernelTableView(Selection *selection, QWidget *parent = nullptr);

    void setAnalysis(std::shared_ptr<const ProfileAnalysis> analysis);
    void setStepOnly(bool stepOnly);
    KernelTableModel *model() const { return model_; }

protected:
    void showEvent(QShowEvent *event) override;
    void pick(const QModelIndex &sourceIndex) override;
    QModelIndexList rowsFor(const Selection::State &state) const override;

private:
    void fitColumns();

    KernelTableModel *model_;
    bool columnsToFit_ = false; // the columns wait for the table to be seen
    QCheckBox *stepOnly_;
    std::shared_ptr<const ProfileAnalysis> analysis_;
};

} // namespace opscope::ui
