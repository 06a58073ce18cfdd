#pragma once
// The kernels table: one row per kernel with its launch, attribution and the counters that say the
// most at a glance (SM and memory throughput, achieved occupancy, DRAM bandwidth, arithmetic
// intensity and achieved FLOP/s from its roofline figures). Values are gathered once per profile.

#include "models/metric_catalog.h"
#include "models/profile_analysis.h"

#include <QAbstractTableModel>

#include <memory>
#include <vector>

namespace opscope::ui {

// The kernel table's rows as it opens, gathered with the rest of the analysis (analyzeProfile, off the
// GUI thread): reading every kernel's counters and roofline figures took 55 ms of the GUI thread when a
// 238 K-kernel capture arrived (perf, loaded machine).
struct KernelTableRow {
    Index kernel = kNoIndex;
    double sm, memory, occupancy, dramBandwidth, intensity, flops; // NaN when not collected
    bool counters = false;                                         // the kernel has an ncu row
    bool roofline = false;                                         // ...with the roofline metrics
};
struct KernelTableRows {
    bool stepOnly = true;
    std::vector<KernelTableRow> rows;
    std::vector<int> rowOfKernel; // per Profile::kernels index; -1 when not shown
    QString memoryMetric;         // which metric the memory column shows (a tooltip says it)
};
// `analysis` needs its roofline figures (analyzeProfile computes them first).
std::shared_ptr<const KernelTableRows> kernelTableRows(const ProfileAnalysis &analysis, bool stepOnly);

class KernelTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        IndexColumn,
        NameColumn,
        OperatorColumn,
        ModuleColumn,
        StartColumn,
        DurationColumn,
        GridColumn,
        BlockColumn,
        RegistersColumn,
        SmColumn,
        MemoryColumn,
        OccupancyColumn,
        DramBandwidthColumn,
        IntensityColumn,
        FlopsColumn,
        AttributionColumn,
        ColumnCount
    };

    explicit KernelTableModel(QObject *parent = nullptr);

    void setAnalysis(std::shared_ptr<const ProfileAnalysis> analysis);
    // Only kernels of the captured step (the default), or every kernel with init and warm-up.
    void setStepOnly(bool stepOnly);
    bool stepOnly() const { return stepOnly_; }

    Index kernelAt(int row) const { return table_->rows[size_t(row)].kernel; }
    int rowOfKernel(Index kernel) const; // -1 when not shown

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    using Row = KernelTableRow;
    void rebuild();
    QVariant value(const Row &row, int column, bool display) const;
    // A counter column the kernel's ncu row has no value for: "not collected", and why.
    bool notCollected(const Row &row, int column) const;
    static QString collectedBy(int column);

    std::shared_ptr<const ProfileAnalysis> analysis_;
    bool stepOnly_ = true;
    std::shared_ptr<const KernelTableRows> table_; // the analysis's own when stepOnly_ is its; never null
};

} // namespace opscope::ui
