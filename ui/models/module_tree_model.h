#pragma once
// The module tree as an item model: one row per module path with its calls, GPU time (total and
// self, captured step only), share of the step and kernel count. The members of a dedup group sit
// under one group row (`blocks.* ×4`) that shows the spread of GPU time across them. A profile of
// generation requests adds each module's time in the prefill and per decoded token (empty otherwise).

#include "models/profile_analysis.h"
#include "models/tree_rows.h"

#include <QAbstractItemModel>

#include <memory>
#include <vector>

namespace opscope::ui {

class ModuleTreeModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column {
        NameColumn,
        ClassColumn,
        CallsColumn,
        GpuTotalColumn,
        GpuSelfColumn,
        ShareColumn,
        KernelsColumn,
        SpreadColumn,
        PrefillColumn,  // generation requests: time in a request's prefill
        PerTokenColumn, // ... and per decoded token
        ColumnCount
    };
    enum class ItemKind { Node = 0, Group = 1 }; // KindRole; IdRole is the node or group index

    explicit ModuleTreeModel(QObject *parent = nullptr);

    void setAnalysis(std::shared_ptr<const ProfileAnalysis> analysis);

    QModelIndex indexOfNode(int node, int column = 0) const;
    QModelIndex indexOfGroup(int group, int column = 0) const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QString headerToolTip(int section) const;
    struct Item {
        ItemKind kind = ItemKind::Node;
        int id = -1; // node or group index
    };
    void addChildren(int parentItem, const std::vector<int> &nodes);
    int addItem(ItemKind kind, int id, int parentItem);

    QVariant nodeData(const Item &item, int column, int role) const;
    QVariant groupData(const Item &item, int column, int role) const;

    std::shared_ptr<const ProfileAnalysis> analysis_;
    std::vector<Item> items_; // by item of tree_
    TreeRows tree_;
    std::vector<int> itemOfNode_, itemOfGroup_;
};

} // namespace opscope::ui
