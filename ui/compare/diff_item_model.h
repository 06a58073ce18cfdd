#pragma once
// What the diff table models share: they show the rows of one level of a Comparison, and a view
// finds the item of a diff row through indexOfRow. The base owns the column layout every level
// has (the name, then the time pair before / after / delta / ratio / change, the status column
// somewhere after it) and the roles every row answers; a model supplies its rows' names, time pairs
// and statuses and the cells of its own columns. Rows are a flat table unless a model overrides the
// index navigation (the module tree does).

#include "compare/comparison.h"

#include <QAbstractItemModel>

#include <memory>
#include <span>

namespace opscope::ui {

class DiffItemModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum SharedColumn { NameColumn, BeforeColumn, AfterColumn, DeltaColumn, RatioColumn, ChangeColumn, OwnColumn };

    virtual DiffLevel level() const = 0;
    virtual void setComparison(std::shared_ptr<const Comparison> comparison) = 0;
    // The item (column 0) of a row of the level; invalid when out of range.
    virtual QModelIndex indexOfRow(int row) const { return index(row, 0); }
    const Comparison *comparison() const { return comparison_.get(); }

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

protected:
    // The headers of the name column and of the model's own columns (OwnColumn on): static strings
    // in the "DiffModel" context, translated when shown. `statusColumn`: where the status column is.
    DiffItemModel(const char *nameTitle, std::span<const char *const> ownTitles, int statusColumn, QObject *parent);

    // What every row of a level has.
    struct RowHead {
        DiffStatus status;
        MatchKind match;
        const TimePair &time; // the GPU time the pair columns show
    };
    virtual int levelRowCount() const = 0; // rows of the level (comparison_ set)
    virtual RowHead rowHead(int row) const = 0;
    virtual QString rowName(int row) const = 0; // the name column, unmarked
    // The row of the level an index stands for (flat tables: its row).
    virtual int levelRow(const QModelIndex &index) const { return index.row(); }
    // The model's own cells: its own columns, and roles of the name column other than display,
    // sort and font.
    virtual QVariant cell(int row, int column, int role) const = 0;
    // Header tooltips of the model's own columns.
    virtual QVariant headerTip(int) const { return {}; }

    // The colour reference: the larger side of the step's GPU time.
    int64_t reference() const;

    std::shared_ptr<const Comparison> comparison_;

private:
    const char *nameTitle_;
    std::span<const char *const> ownTitles_;
    int statusColumn_;
};

} // namespace opscope::ui
