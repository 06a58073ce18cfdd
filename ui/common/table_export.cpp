#include "common/table_export.h"

#include <QAbstractItemView>
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QHeaderView>
#include <QMenu>
#include <QMessageBox>
#include <QProgressDialog>
#include <QSaveFile>
#include <QTableView>
#include <QTreeView>

#include <algorithm>
#include <vector>

namespace opscope::ui {

namespace {

QHeaderView *headerOf(const QAbstractItemView *view)
{
    if (const auto *tree = qobject_cast<const QTreeView *>(view))
        return tree->header();
    if (const auto *table = qobject_cast<const QTableView *>(view))
        return table->horizontalHeader();
    return nullptr;
}

// The columns shown, in the order shown.
std::vector<int> shownColumns(const QAbstractItemView *view)
{
    std::vector<int> columns;
    const QHeaderView *header = headerOf(view);
    const int count = view->model() ? view->model()->columnCount() : 0;
    for (int visual = 0; visual < count; ++visual) {
        const int logical = header ? header->logicalIndex(visual) : visual;
        if (logical >= 0 && !(header && header->isSectionHidden(logical)))
            columns.push_back(logical);
    }
    return columns;
}

QString tsvField(QString text)
{
    text.replace(QLatin1Char('\t'), QLatin1Char(' '));
    text.replace(QLatin1Char('\n'), QLatin1Char(' '));
    return text;
}

QString csvField(const QString &text)
{
    if (!text.contains(QLatin1Char(',')) && !text.contains(QLatin1Char('"')) && !text.contains(QLatin1Char('\n')))
        return text;
    QString quoted = text;
    quoted.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    return QLatin1Char('"') + quoted + QLatin1Char('"');
}

QString line(const QAbstractItemModel *model, const std::vector<int> &columns, const QModelIndex &row, bool csv)
{
    QStringList fields;
    for (int c : columns) {
        const QString text = row.isValid() ? row.siblingAtColumn(c).data(Qt::DisplayRole).toString()
                                           : model->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString();
        fields << (csv ? csvField(text) : tsvField(text));
    }
    return fields.join(csv ? QLatin1Char(',') : QLatin1Char('\t'));
}

// Every row of a model in the order shown, depth first, a step at a time (for the export's slices).
class RowWalk {
public:
    explicit RowWalk(const QAbstractItemModel *model) : model_(model) { stack_.push_back({QModelIndex(), 0}); }
    // The next row, or an invalid index at the end.
    QModelIndex next()
    {
        while (!stack_.empty()) {
            Level &level = stack_.back();
            if (level.row >= model_->rowCount(level.parent)) {
                stack_.pop_back();
                continue;
            }
            const QModelIndex row = model_->index(level.row++, 0, level.parent);
            if (model_->hasChildren(row))
                stack_.push_back({QPersistentModelIndex(row), 0});
            return row;
        }
        return {};
    }

private:
    struct Level {
        QPersistentModelIndex parent;
        int row;
    };
    const QAbstractItemModel *model_;
    std::vector<Level> stack_;
};

// Where a row is in the view's order: its row numbers from the top level down.
std::vector<int> rowPath(QModelIndex index)
{
    std::vector<int> path;
    for (; index.isValid(); index = index.parent())
        path.insert(path.begin(), index.row());
    return path;
}

} // namespace

QModelIndexList inViewOrder(QModelIndexList rows)
{
    std::vector<std::pair<std::vector<int>, QModelIndex>> keyed;
    keyed.reserve(size_t(rows.size()));
    for (const QModelIndex &row : rows)
        keyed.emplace_back(rowPath(row), row);
    std::sort(keyed.begin(), keyed.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    rows.clear();
    for (const auto &[path, row] : keyed)
        rows << row;
    return rows;
}

namespace {

QModelIndexList selectedRows(const QAbstractItemView *view)
{
    return view->selectionModel() ? inViewOrder(view->selectionModel()->selectedRows()) : QModelIndexList();
}

} // namespace

QString rowsAsTsv(const QAbstractItemView *view, const QModelIndexList &rows)
{
    const std::vector<int> columns = shownColumns(view);
    QStringList lines{line(view->model(), columns, {}, false)};
    for (const QModelIndex &row : rows)
        lines << line(view->model(), columns, row, false);
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

QString tableAsCsv(const QAbstractItemView *view)
{
    const std::vector<int> columns = shownColumns(view);
    QStringList lines{line(view->model(), columns, {}, true)};
    RowWalk walk(view->model());
    for (QModelIndex row = walk.next(); row.isValid(); row = walk.next())
        lines << line(view->model(), columns, row, true);
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

bool exportTableAsCsv(const QAbstractItemView *view, const QString &path, QWidget *parent, QString *error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Text)) {
        if (error)
            *error = file.errorString();
        return false;
    }
    const QAbstractItemModel *model = view->model();
    const std::vector<int> columns = shownColumns(view);
    const int topLevel = model->rowCount();
    QProgressDialog progress(QObject::tr("Exporting %1 rows to %2...").arg(topLevel).arg(path), QObject::tr("Cancel"),
                             0, std::max(1, topLevel), parent);
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(300);
    file.write((line(model, columns, {}, true) + QLatin1Char('\n')).toUtf8());
    RowWalk walk(model);
    QElapsedTimer slice;
    QModelIndex row = walk.next();
    while (row.isValid()) {
        // A slice of rows, then the event loop: the window paints, Cancel is heard.
        slice.start();
        QByteArray chunk;
        for (int n = 0; row.isValid() && (n % 256 != 0 || slice.elapsed() < 20); ++n, row = walk.next()) {
            chunk += line(model, columns, row, true).toUtf8();
            chunk += '\n';
            if (!row.parent().isValid())
                progress.setValue(std::min(row.row(), topLevel - 1));
        }
        file.write(chunk);
        QApplication::processEvents();
        if (progress.wasCanceled()) {
            file.cancelWriting();
            if (error)
                *error = QObject::tr("cancelled");
            return false;
        }
    }
    progress.setValue(progress.maximum());
    if (!file.commit()) {
        if (error)
            *error = file.errorString();
        return false;
    }
    return true;
}

void installTableExport(QAbstractItemView *view, const QString &name, RowsOfView rows)
{
    view->setProperty("exportName", name);
    if (!rows)
        rows = [view] { return selectedRows(view); };
    view->setContextMenuPolicy(Qt::ActionsContextMenu);
    auto *copy = new QAction(QObject::tr("&Copy"), view);
    copy->setObjectName(QStringLiteral("copyRows"));
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    copy->setToolTip(QObject::tr("The selected rows as tab-separated text, with the header"));
    QObject::connect(copy, &QAction::triggered, view,
                     [view, rows] { QApplication::clipboard()->setText(rowsAsTsv(view, rows())); });
    auto *copyAll = new QAction(QObject::tr("Copy &Table"), view);
    copyAll->setObjectName(QStringLiteral("copyTable"));
    QObject::connect(copyAll, &QAction::triggered, view, [view] {
        QModelIndexList all;
        RowWalk walk(view->model());
        for (QModelIndex row = walk.next(); row.isValid(); row = walk.next())
            all << row;
        QApplication::clipboard()->setText(rowsAsTsv(view, all));
    });
    auto *exportCsv = new QAction(QObject::tr("&Export as CSV..."), view);
    exportCsv->setObjectName(QStringLiteral("exportCsv"));
    QObject::connect(exportCsv, &QAction::triggered, view, [view] {
        const QString name = view->property("exportName").toString();
        const QString path = QFileDialog::getSaveFileName(view, QObject::tr("Export table"),
                                                          name + QStringLiteral(".csv"), QObject::tr("CSV (*.csv)"));
        QString error;
        if (!path.isEmpty() && !exportTableAsCsv(view, path, view->window(), &error) &&
            error != QObject::tr("cancelled"))
            QMessageBox::warning(view, QObject::tr("Export table"),
                                 QObject::tr("Could not write %1: %2").arg(path, error));
    });
    view->addActions({copy, copyAll, exportCsv});
}

} // namespace opscope::ui
