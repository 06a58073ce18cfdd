#pragma once
// The Memory tab's item models on analyzeMemory's report (memory.h, docs/memory.md):
// - MemoryShareModel: what holds a device's memory at its peak, by module (or phase) or by kind, with
//   each share's bytes as a bar of the peak;
// - MemoryBlockModel: the allocator's blocks of a device (those alive at the peak, or all), with their
//   size, kind, the operators and module that allocated and freed them and when, from the profile's
//   time origin. Blocks holding an inventory tensor count for the parameter's module, as by_module does.

#include "models/profile_analysis.h"

#include "opscope/memory.h"

#include <QAbstractTableModel>

#include <memory>
#include <vector>

namespace opscope::ui {

class MemoryShareModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { NameColumn, BytesColumn, ShareColumn, BlocksColumn, ColumnCount };
    enum class By { Module, Kind };

    explicit MemoryShareModel(By by, QObject *parent = nullptr);

    // The shares of `device` (a report's device), nodes looked up in `analysis`'s module tree.
    void setDevice(std::shared_ptr<const ProfileAnalysis> analysis, std::shared_ptr<const MemoryReport> report,
                   int device);
    const MemoryShare &shareAt(int row) const { return shares_[size_t(row)]; }
    int nodeAt(int row) const { return nodes_[size_t(row)]; } // module tree node, -1 for none
    int64_t totalBytes() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    By by_;
    std::vector<MemoryShare> shares_;
    std::vector<int> nodes_;
    int64_t peak_ = 0;
};

class MemoryBlockModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        SizeColumn,
        KindColumn,
        OperatorColumn,
        ModuleColumn,
        FreedByColumn,
        AllocatedAtColumn,
        FreedAtColumn,
        ColumnCount
    };

    // Which blocks show: those of one device (a report's device index), alive at its peak or all,
    // and, with a module tree node, those whose module lies at or below it.
    struct Filter {
        int device = 0;
        bool peakOnly = true;
        int node = -1;
        bool operator==(const Filter &) const = default;
    };

    explicit MemoryBlockModel(QObject *parent = nullptr);

    void setReport(std::shared_ptr<const ProfileAnalysis> analysis, std::shared_ptr<const MemoryReport> report);
    void setFilter(const Filter &filter);
    const Filter &filter() const { return filter_; }

    Index blockAt(int row) const { return rows_[size_t(row)]; }
    // The module tree node a block counts for (its tensor's module, else its allocation's), or -1.
    int nodeOfBlock(Index block) const { return blockNodes_[block]; }
    int64_t bytesShown() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    void rebuild();
    QVariant cell(Index block, int column, int role) const;

    std::shared_ptr<const ProfileAnalysis> analysis_;
    std::shared_ptr<const MemoryReport> report_;
    Filter filter_;
    std::vector<int> blockNodes_;
    std::vector<Index> rows_;
};

// A share's or block's module as the tables name it: the node's path, the root by its class.
QString memoryModuleName(const MemoryShare &share);

} // namespace opscope::ui
