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

    // The table's rows come in now when it is visible, else a moment later or once it is shown, whichever
    // comes first (model() is empty until then).
    void setAnalysis(std::shared_ptr<const ProfileAnalysis> analysis);
    void setStepOnly(bool stepOnly);
    KernelTableModel *model() const { return model_; }

protected:
    void showEvent(QShowEvent *event) override;
    void pick(const QModelIndex &sourceIndex) override;
    void follow() override;
    QModelIndexList rowsFor(const Selection::State &state) const override;

private:
    void fill();
    void fitColumns();

    static constexpr int kHiddenFillDelayMs = 300; // after a profile arrives, a hidden table fills itself
    KernelTableModel *model_;
    bool toFill_ = false;       // the rows wait for the table to be seen, or kHiddenFillDelayMs
    bool columnsToFit_ = false; // the columns likewise
    bool followStale_ = false;  // the selection changed while the filled table was hidden
    QCheckBox *stepOnly_;
    std::shared_ptr<const ProfileAnalysis> analysis_;
};

} // namespace opscope::ui
