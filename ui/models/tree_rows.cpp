#include "models/tree_rows.h"

#include <algorithm>

namespace opscope::ui {

void TreeRows::clear()
{
    roots_.clear();
    children_.clear();
    parent_.clear();
    position_.clear();
}

void TreeRows::reserve(size_t items)
{
    children_.reserve(items);
    parent_.reserve(items);
    position_.reserve(items);
}

int TreeRows::add(int parent)
{
    const int item = int(parent_.size());
    children_.resize(std::max(children_.size(), size_t(std::max(item, parent) + 1)));
    std::vector<int> &siblings = parent < 0 ? roots_ : children_[size_t(parent)];
    parent_.push_back(parent);
    position_.push_back(int(siblings.size()));
    siblings.push_back(item);
    return item;
}

int TreeRows::childAt(const QModelIndex &parent, int row) const
{
    if (row < 0 || (parent.isValid() && parent.column() != 0))
        return -1;
    const std::vector<int> &siblings = children(parent.isValid() ? int(parent.internalId()) : -1);
    return size_t(row) < siblings.size() ? siblings[size_t(row)] : -1;
}

int TreeRows::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid() && parent.column() != 0)
        return 0;
    return int(children(parent.isValid() ? int(parent.internalId()) : -1).size());
}

} // namespace opscope::ui
