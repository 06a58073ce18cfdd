#pragma once
// The compare window's Memory tab: peak memory before and after (the diff's MemoryDiff, computed
// with the comparison off the GUI thread): peak allocated and reserved bytes, then what holds the
// memory at each side's peak by kind and by module, each row with before / after / delta / ratio
// in the compare tables' colours (green: less memory, red: more). When neither side has memory
// events the tab says why.

#include "compare/comparison.h"

#include <QAbstractTableModel>
#include <QWidget>

#include <memory>

class QLabel;
class QStackedWidget;
class QTreeView;

namespace opscope::ui {

// One table of the tab: the two peaks, or the rows by kind or by module.
class DiffMemoryModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum class By { Peak, Kind, Module };
    enum Column { NameColumn, BeforeColumn, AfterColumn, DeltaColumn, RatioColumn, ColumnCount };
    // SortRole (model_roles.h) of the byte columns: the bytes as double.

    explicit DiffMemoryModel(By by, QObject *parent = nullptr);
    void setComparison(std::shared_ptr<const Comparison> comparison);
    By by() const { return by_; }
    // The row's bytes before and after (the peaks: allocated, then reserved).
    MemoryDiffRow rowAt(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    const MemoryDiff *memory() const;

    By by_;
    std::shared_ptr<const Comparison> comparison_;
};

class CompareMemory : public QWidget {
    Q_OBJECT
public:
    explicit CompareMemory(QWidget *parent = nullptr);

    void setComparison(std::shared_ptr<const Comparison> comparison);
    bool hasMemory() const;
    DiffMemoryModel *model(DiffMemoryModel::By by) const { return models_[int(by)]; }
    QTreeView *view(DiffMemoryModel::By by) const { return views_[int(by)]; }
    QLabel *emptyLabel() const { return empty_; }
    QLabel *devicesLabel() const { return devices_; }

private:
    std::shared_ptr<const Comparison> comparison_;
    QStackedWidget *pages_;
    QLabel *empty_, *devices_;
    DiffMemoryModel *models_[3];
    QTreeView *views_[3];
};

} // namespace opscope::ui
