#pragma once
// What the diff table models share: they show the rows of one level of a Comparison, and a view
// finds the item of a diff row through indexOfRow.

#include "compare/comparison.h"

#include <QAbstractItemModel>

#include <memory>

namespace opscope::ui {

class DiffItemModel : public QAbstractItemModel {
    Q_OBJECT
public:
    using QAbstractItemModel::QAbstractItemModel;

    virtual DiffLevel level() const = 0;
    virtual void setComparison(std::shared_ptr<const Comparison> comparison) = 0;
    // The item (column 0) of a row of the level; invalid when out of range.
    virtual QModelIndex indexOfRow(int row) const = 0;
    const Comparison *comparison() const { return comparison_.get(); }

protected:
    // The colour reference: the larger side of the step's GPU time.
    int64_t reference() const;

    std::shared_ptr<const Comparison> comparison_;
};

} // namespace opscope::ui
