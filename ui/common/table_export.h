#pragma once
// Copy and export, the same for every table and tree of the explorer and the compare window:
// - Copy (Ctrl+C, and the context menu): the selected rows as tab-separated text, the header first;
// - Copy Table: every row the same way;
// - Export as CSV...: every row to a file (RFC 4180 quoting), a slice of rows per turn of the event loop
//   with a progress dialog and Cancel, so a table of a million kernels never holds the GUI thread.
// Rows are taken as the view shows them (filtered and sorted, children of collapsed tree rows too),
// columns in their visual order without the hidden ones.

#include <QModelIndexList>
#include <QString>

#include <functional>

class QAbstractItemView;
class QAction;
class QWidget;

namespace opscope::ui {

// The rows `copy` takes (indexes of the view's model, any column); the view's selected rows when not given.
using RowsOfView = std::function<QModelIndexList()>;

// Adds Copy, Copy Table and Export as CSV... to `view` (context menu and Ctrl+C). `name` is the file name
// the export suggests ("kernels" -> kernels.csv; the view's "exportName" property, which may change).
void installTableExport(QAbstractItemView *view, const QString &name, RowsOfView rows = {});

// Rows sorted as the view shows them (by their row numbers from the top level down).
QModelIndexList inViewOrder(QModelIndexList rows);
// The text Copy puts on the clipboard for `rows` of `view` (header line, then one line per row).
QString rowsAsTsv(const QAbstractItemView *view, const QModelIndexList &rows);
// Every row of `view` as CSV, at once (what the export writes, for small tables and tests).
QString tableAsCsv(const QAbstractItemView *view);
// Writes every row of `view` to `path` as CSV on the event loop, `parent`'s progress dialog showing how
// far it is; true when written, false when cancelled or failed (`error` says why).
bool exportTableAsCsv(const QAbstractItemView *view, const QString &path, QWidget *parent, QString *error = nullptr);

} // namespace opscope::ui
