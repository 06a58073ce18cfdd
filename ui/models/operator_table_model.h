#pragma once
// The operator table of the captured step (aten ops grouped by name, or by name and input shapes):
// calls, kernels, GPU time total (with nested ops) and self, mean GPU time per call, CPU time,
// share of the step and the longest kernel.

#include "models/profile_analysis.h"
#include "opscope/aggregate.h"

#include <QAbstractTableModel>

#include <memory>
#include <vector>

namespace opscope::ui {

class OperatorTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        NameColumn,
        ShapesColumn,
        CallsColumn,
        KernelsColumn,
        GpuTotalColumn,
        GpuSelfColumn,
        GpuMeanColumn,
        CpuTotalColumn,
        ShareColumn,
        DominantKernelColumn,
        ColumnCount
    };

    explicit OperatorTableModel(QObject *parent = nullptr);

    void setAnalysis(std::shared_ptr<const ProfileAnalysis> analysis);
    void setGrouping(OperatorGrouping grouping);
    OperatorGrouping grouping() const { return grouping_; }

    const OperatorRow &operatorRow(int row) const { return table_->rows[size_t(row)]; }
    // The row holding operator instance `op`, or -1.
    int rowOfOperator(Index op) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    void rebuild();

    std::shared_ptr<const ProfileAnalysis> analysis_;
    OperatorGrouping grouping_ = OperatorGrouping::ByName;
    std::shared_ptr<const OperatorTableRows> table_; // the analysis's own when the grouping is its
};

} // namespace opscope::ui
