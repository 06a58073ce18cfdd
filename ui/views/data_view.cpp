#include "views/data_view.h"

#include "models/sort_filter_proxy.h"
#include "views/bar_delegate.h"

#include <QTreeView>

namespace opscope::ui {

DataView::DataView(Selection *selection, QAbstractItemModel *model, QWidget *parent)
    : FilteredTreeView(model, new SortFilterProxy, parent), selection_(selection)
{
    view()->setAlternatingRowColors(true);
    view()->setItemDelegate(new BarDelegate(view()));
    connect(selection_, &Selection::changed, this, &DataView::follow);
}

void DataView::follow()
{
    highlight(rowsFor(selection_->state()));
}

} // namespace opscope::ui
