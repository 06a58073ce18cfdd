#pragma once
// The parent / child bookkeeping of a tree item model. Items are numbered in the order they are
// added (the number is what the model keeps in an index's internalId); each has a parent (-1: a
// root), its place among its siblings and its children.

#include <QModelIndex>

#include <vector>

namespace opscope::ui {

class TreeRows {
public:
    void clear();
    void reserve(size_t items);
    // Adds the next item under `parent` (-1: a root; a parent may be added after its children) and
    // returns its number.
    int add(int parent);

    const std::vector<int> &children(int item) const { return item < 0 ? roots_ : children_[size_t(item)]; }
    int parent(int item) const { return parent_[size_t(item)]; }
    int position(int item) const { return position_[size_t(item)]; }
    size_t size() const { return parent_.size(); }

    // For an item model: the item at `row` under the item of `parent`, -1 when none (only column 0
    // has children); the rows under `parent`.
    int childAt(const QModelIndex &parent, int row) const;
    int rowCount(const QModelIndex &parent) const;

private:
    std::vector<int> roots_;
    std::vector<std::vector<int>> children_;
    std::vector<int> parent_, position_;
};

} // namespace opscope::ui
