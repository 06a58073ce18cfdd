#pragma once
// The counters of the selection, in sections like Nsight Compute's details page (speed of light,
// memory workload, compute, occupancy, launch statistics) followed by every raw metric with its
// unit. A kernel shows its own values; an operator, module or group shows its kernels' counters
// combined by each metric's rule (sums for amounts, duration-weighted means for rates and
// percentages, maxima for launch properties). Metrics the profile lacks read "not collected".

#include "models/counter_sections.h"

#include <QAbstractItemModel>

#include <memory>
#include <vector>

namespace opscope::ui {

class CounterModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column { NameColumn, ValueColumn, UnitColumn, MetricColumn, RuleColumn, ColumnCount };

    explicit CounterModel(QObject *parent = nullptr);

    void setAnalysis(std::shared_ptr<const ProfileAnalysis> analysis);
    void show(const Selection::State &state);
    const Selection::State &shown() const { return shown_; }
    size_t kernelCount() const { return kernels_.size(); } // kernels the values come from

    int sectionCount() const { return int(sections_.size()); }
    QString sectionTitle(int section) const { return sections_[size_t(section)].title; }
    // The row of a quantity in its section, of a raw metric (by ncu name) in the raw section.
    QModelIndex indexOf(Quantity quantity, int column = ValueColumn) const;
    QModelIndex indexOfRawMetric(const QString &name, int column = ValueColumn) const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const ProfileAnalysis> analysis_;
    Selection::State shown_;
    std::vector<Index> kernels_;
    std::vector<CounterSectionData> sections_;
};

} // namespace opscope::ui
