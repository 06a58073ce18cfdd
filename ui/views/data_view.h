#pragma once
// The common frame of the explorer's table and tree views: a FilteredTreeView tied to the shared
// Selection. A row the user picks sets the selection; a selection made anywhere highlights the rows
// that stand for it (without setting it again).

#include "common/selection.h"
#include "views/filtered_tree_view.h"

namespace opscope::ui {

class DataView : public FilteredTreeView {
    Q_OBJECT
public:
    Selection *selection() const { return selection_; }

protected:
    DataView(Selection *selection, QAbstractItemModel *model, QWidget *parent);

    // The source rows standing for a selection.
    virtual QModelIndexList rowsFor(const Selection::State &state) const = 0;
    // Re-reads the selection (call after the model was reset).
    void follow() override;

    Selection *selection_;
};

} // namespace opscope::ui
