#pragma once
// The counters of a selected diff row with the baseline beside them, in the counter panel's
// sections (speed of light, memory workload, compute, occupancy, launch statistics) and then every
// metric either side has: before, after, change and change in percent, and the z-score of AFTER
// against the BEFORE runs when several were given. A kernel row shows its two kernels' counters; an
// operator or module row its kernels' counters combined per metric as the explorer combines them.

#include "compare/comparison.h"

#include <QAbstractItemModel>

#include <memory>
#include <vector>

namespace opscope::ui {

class DiffCounterModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column {
        NameColumn,
        BeforeColumn,
        AfterColumn,
        ChangeColumn,
        ChangePctColumn,
        ZScoreColumn,
        MetricColumn,
        ColumnCount
    };

    explicit DiffCounterModel(QObject *parent = nullptr);

    void setComparison(std::shared_ptr<const Comparison> comparison);
    // Shows the counters of a row; a row < 0 clears.
    void show(DiffLevel level, int row);
    DiffLevel shownLevel() const { return level_; }
    int shownRow() const { return row_; }
    size_t metricCount() const { return deltas_.size(); }

    int sectionCount() const { return int(sections_.size()); }
    // The entry of a metric (by ncu name) in the section of all metrics; invalid when absent.
    QModelIndex indexOfMetric(const QString &metric, int column = NameColumn) const;
    // The delta an entry shows (nullptr for section rows).
    const CounterDelta *deltaAt(const QModelIndex &index) const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Entry {
        QString name;
        int delta = -1; // index into deltas_; -1: neither side has the quantity
    };
    struct Section {
        QString title;
        std::vector<Entry> entries;
    };
    void buildSections();
    QVariant entryData(const Entry &entry, int column, int role) const;

    std::shared_ptr<const Comparison> comparison_;
    DiffLevel level_ = DiffLevel::Kernel;
    int row_ = -1;
    std::vector<CounterDelta> deltas_;
    std::vector<Section> sections_;
};

// The counters of a module row: its kernels' counters combined per metric on each side.
std::vector<CounterDelta> moduleCounterDeltas(const Comparison &c, int moduleRow);

} // namespace opscope::ui
