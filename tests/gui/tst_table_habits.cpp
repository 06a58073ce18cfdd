// The tables' habits a user expects (issue 39): sorting starts at the top, typing a filter keeps the
// selection, a row selected elsewhere comes into sight whole; a module's hundreds of thousands of kernels
// are highlighted without selecting each (the freeze of item 5), and the panels behind other tabs wait
// to be seen; every table copies its rows as TSV, exports as CSV and says what each column counts.
// Real files: the 12-block GPT's 20 training steps (h100/kineto_gpt12_train20.json.gz: 11,360 kernels),
// the bundled H100 sample, the H200 DDP pair (tests/data/h200_ddp_gpt2).
#include "application.h"
#include "common/selection.h"
#include "common/table_export.h"
#include "compare/compare_window.h"
#include "main_window.h"
#include "models/kernel_table_model.h"
#include "models/model_roles.h"
#include "models/module_tree_model.h"
#include "models/profile_analysis.h"
#include "models/sort_filter_proxy.h"
#include "test_suite.h"
#include "test_util.h"
#include "views/counter_panel.h"
#include "views/filter_bar.h"
#include "views/kernel_table_view.h"
#include "views/module_tree_view.h"
#include "views/operator_table_view.h"
#include "views/roofline_view.h"

#include "opscope/file_util.h"

#include <QAbstractItemView>
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QHeaderView>
#include <QLineEdit>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

namespace tst_table_habits_suite {

using namespace opscope;
using namespace opscope::ui;
using opscope::test::fixture;

namespace {

bool openAndWait(MainWindow &window, const QStringList &files)
{
    QSignalSpy finished(&window, &MainWindow::openFinished);
    window.openFiles(files);
    return finished.wait(120000) && finished.last().at(0).toBool();
}

QString gpt12()
{
    return QString::fromStdString(fixture("h100/kineto_gpt12_train20.json.gz"));
}

// The dedup group with the most kernels.
int largestGroup(const ProfileAnalysis &a)
{
    int best = -1;
    size_t most = 0;
    for (size_t g = 0; g < a.tree.groups.size(); ++g) {
        size_t kernels = 0;
        for (uint32_t n : a.tree.groups[g].kernelsPerMember)
            kernels += n;
        if (kernels > most) {
            most = kernels;
            best = int(g);
        }
    }
    return best;
}

// Clicks a row of the module tree as the mouse does: the row becomes current.
void clickTreeRow(ModuleTreeView *tree, const QModelIndex &source)
{
    const QModelIndex row = tree->proxy()->mapFromSource(source);
    tree->view()->scrollTo(row);
    tree->view()->setCurrentIndex(row);
}

} // namespace

class TestTableHabits : public QObject {
    Q_OBJECT

private slots:
    void sortingStartsAtTheTop()
    {
        MainWindow window;
        window.resize(1600, 1000);
        window.show();
        QVERIFY(openAndWait(window, {gpt12()}));
        window.analysisTabs()->setCurrentWidget(window.kernelTable());
        QTreeView *view = window.kernelTable()->view();
        QScrollBar *bar = view->verticalScrollBar();
        QTRY_VERIFY(bar->maximum() > 1000);
        bar->setValue(bar->maximum() / 2);
        // A click on the Duration header: the longest kernels first, and in sight.
        view->header()->setSortIndicator(KernelTableModel::DurationColumn, Qt::DescendingOrder);
        QTRY_COMPARE(bar->value(), 0);
        const QModelIndex top = view->indexAt(QPoint(5, 5));
        QCOMPARE(top.row(), 0);
        const double longest = top.siblingAtColumn(KernelTableModel::DurationColumn).data(SortRole).toDouble();
        const Profile &p = *window.profile();
        for (Index k : window.analysis()->stepKernels)
            QVERIFY(double(p.kernels[k].duration()) <= longest);
    }

    void typingAFilterKeepsTheSelection()
    {
        MainWindow window;
        window.resize(1600, 1000);
        window.show();
        QVERIFY(openAndWait(window, {gpt12()}));
        window.analysisTabs()->setCurrentWidget(window.kernelTable());
        const Profile &p = *window.profile();
        const Index picked = window.analysis()->stepKernels.at(100);
        window.selection()->setKernel(picked);
        const Selection::State before = window.selection()->state();
        // Typed one key at a time: the rows move under the current one, the selection stays.
        QLineEdit *edit = window.kernelTable()->filterBar()->lineEdit();
        QTest::keyClicks(edit, QStringLiteral("gemm"));
        QCOMPARE(window.selection()->state(), before);
        QVERIFY(window.kernelTable()->proxy()->rowCount() < window.kernelTable()->model()->rowCount());
        edit->clear();
        QCOMPARE(window.selection()->state(), before);
        QCOMPARE(window.selection()->index(), picked);
        QVERIFY(p.kernels.size() > picked);
        // A click on a row still picks it.
        const QModelIndex row = window.kernelTable()->proxy()->index(3, 0);
        window.kernelTable()->view()->setCurrentIndex(row);
        QCOMPARE(window.selection()->kind(), Selection::Kind::Kernel);
        QCOMPARE(window.selection()->index(),
                 Index(window.kernelTable()->proxy()->mapToSource(row).data(IdRole).toULongLong()));
    }

    void aRowSelectedElsewhereComesIntoSightWhole()
    {
        MainWindow window;
        window.resize(1600, 1000);
        window.show();
        QVERIFY(openAndWait(window, {gpt12()}));
        window.analysisTabs()->setCurrentWidget(window.kernelTable());
        QTreeView *view = window.kernelTable()->view();
        // A kernel far down the table, selected on the timeline: its row in the middle, not cut at an edge.
        const Index far = window.analysis()->stepKernels.at(window.analysis()->stepKernels.size() * 3 / 4);
        window.selection()->setKernel(far);
        const QModelIndex row = window.kernelTable()->proxy()->mapFromSource(
            window.kernelTable()->model()->index(window.kernelTable()->model()->rowOfKernel(far), 0));
        const QRect rect = view->visualRect(row);
        const QRect viewport = view->viewport()->rect();
        QVERIFY2(rect.top() >= 0 && rect.bottom() <= viewport.bottom(),
                 qPrintable(QStringLiteral("%1..%2 in %3").arg(rect.top()).arg(rect.bottom()).arg(viewport.height())));
        QVERIFY2(std::abs(rect.center().y() - viewport.center().y()) <= rect.height(),
                 qPrintable(QStringLiteral("%1 vs %2").arg(rect.center().y()).arg(viewport.center().y())));
        // One already in sight stays where it is.
        const QModelIndex near = view->indexAt(QPoint(5, rect.top() - 3 * rect.height()));
        QVERIFY(near.isValid());
        const int scroll = view->verticalScrollBar()->value();
        window.selection()->setKernel(
            Index(window.kernelTable()->proxy()->mapToSource(near).data(IdRole).toULongLong()));
        QCOMPARE(view->verticalScrollBar()->value(), scroll);
    }

    void aGroupsKernelsAreMarkedNotSelectedOneByOne()
    {
        // The freeze of item 5: QItemSelectionModel keeps two persistent indexes per selected row, which
        // the proxy updates at every sort; a 12-block group's 432 K kernels took 7 s to highlight, the root
        // module's 80 s. Beyond a few hundred rows, the first is selected and the rest painted as selected.
        MainWindow window;
        window.resize(1600, 1000);
        window.show();
        QVERIFY(openAndWait(window, {gpt12()}));
        const ProfileAnalysis &a = *window.analysis();
        const int group = largestGroup(a);
        QVERIFY(group >= 0);
        QCOMPARE(QString::fromStdString(a.tree.groups[size_t(group)].name), QStringLiteral("blocks.*"));
        QCOMPARE(a.tree.groups[size_t(group)].members.size(), size_t(12));
        window.analysisTabs()->setCurrentWidget(window.kernelTable());
        clickTreeRow(window.moduleTree(), window.moduleTree()->model()->indexOfGroup(group));
        QCOMPARE(window.selection()->kind(), Selection::Kind::Group);
        const std::vector<Index> kernels = a.kernelsOf(window.selection()->state());
        QVERIFY(kernels.size() > 10000);
        KernelTableView *table = window.kernelTable();
        QCOMPARE(table->view()->selectionModel()->selectedRows().size(), 1);
        QCOMPARE(table->highlightedRows().size(), qsizetype(kernels.size()));
        // Every marked row reads as selected: the second kernel's row is painted in the highlight colour.
        const QModelIndex second =
            table->proxy()->mapFromSource(table->model()->index(table->model()->rowOfKernel(kernels[1]), 0));
        QVERIFY(table->isMarked(second));
        table->view()->scrollTo(second);
        QApplication::processEvents();
        const QRect rect = table->view()->visualRect(second.siblingAtColumn(KernelTableModel::GridColumn));
        const QImage image = table->view()->viewport()->grab().toImage();
        const QColor painted = image.pixelColor(rect.center().x(), rect.top() + 1);
        const QColor highlight = table->view()->palette().color(QPalette::Active, QPalette::Highlight);
        QVERIFY2(std::abs(painted.lightness() - highlight.lightness()) < 40 &&
                     std::abs(painted.hue() - highlight.hue()) < 20,
                 qPrintable(painted.name() + QStringLiteral(" vs ") + highlight.name()));
        // Copy takes every highlighted row.
        QAction *copy = table->view()->findChild<QAction *>(QStringLiteral("copyRows"));
        QVERIFY(copy);
        copy->trigger();
        QCOMPARE(QApplication::clipboard()->text().count(QLatin1Char('\n')), qsizetype(kernels.size()) + 1);
        // A single kernel afterwards: selected as before, nothing marked.
        window.selection()->setKernel(kernels[5]);
        QCOMPARE(table->highlightedRows().size(), 1);
        QVERIFY(!table->isMarked(second));
    }

    void panelsBehindOtherTabsWaitToBeSeen()
    {
        MainWindow window;
        window.resize(1600, 1000);
        window.show();
        QVERIFY(openAndWait(window, {gpt12()}));
        const ProfileAnalysis &a = *window.analysis();
        window.analysisTabs()->setCurrentWidget(window.operatorTable());
        const Selection::State shownBefore = window.counterPanel()->model()->shown();
        window.selection()->setGroup(largestGroup(a));
        // The counters combine every kernel of the group: not while their tab is hidden.
        QCOMPARE(window.counterPanel()->model()->shown(), shownBefore);
        window.analysisTabs()->setCurrentWidget(window.counterPanel());
        QCOMPARE(window.counterPanel()->model()->shown(), window.selection()->state());
        QCOMPARE(window.counterPanel()->model()->kernelCount(), a.kernelsOf(window.selection()->state()).size());
        // The roofline likewise (this trace has no counters: the chart says why, its ring stays empty).
        window.analysisTabs()->setCurrentWidget(window.roofline());
        QVERIFY(window.roofline()->highlightedKernels().empty());
    }

    void copyAndExportEveryTable()
    {
        MainWindow window;
        window.resize(1600, 1000);
        window.show();
        QVERIFY(openAndWait(window, ui::sampleCaptureFiles()));
        OperatorTableView *ops = window.operatorTable();
        window.analysisTabs()->setCurrentWidget(ops);
        // The first operator row, copied: the header, then the row, tab-separated, columns as shown.
        ops->view()->setCurrentIndex(ops->proxy()->index(0, 0));
        ops->view()->setFocus();
        QTest::keyClick(ops->view(), Qt::Key_C, Qt::ControlModifier);
        const QStringList lines = QApplication::clipboard()->text().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 2);
        const QStringList header = lines[0].split(QLatin1Char('\t'));
        QCOMPARE(header.front(), QStringLiteral("Operator"));
        QVERIFY(!header.contains(QStringLiteral("Input shapes"))); // hidden when grouped by name
        const QStringList row = lines[1].split(QLatin1Char('\t'));
        QCOMPARE(row.size(), header.size());
        QCOMPARE(row.front(), ops->proxy()->index(0, 0).data().toString());

        // The whole kernel table as CSV: every row, in the order shown; names with commas quoted.
        window.analysisTabs()->setCurrentWidget(window.kernelTable());
        KernelTableView *kernels = window.kernelTable();
        kernels->view()->header()->setSortIndicator(KernelTableModel::DurationColumn, Qt::DescendingOrder);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("kernels.csv"));
        QString error;
        QVERIFY2(exportTableAsCsv(kernels->view(), path, &window, &error), qPrintable(error));
        const QString csv = QString::fromStdString(readWholeFile(path.toStdString()));
        QCOMPARE(csv, tableAsCsv(kernels->view()));
        const QStringList csvLines = csv.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(csvLines.size(), kernels->proxy()->rowCount() + 1);
        QVERIFY(csvLines[0].startsWith(QStringLiteral("#,Kernel,Operator,Module,")));
        // nsys gives the GEMMs' names with their template arguments: "(2, 66, 1)" grids hold commas.
        QVERIFY(csv.contains(QStringLiteral("\"(")));
        const QString longest = kernels->proxy()->index(0, KernelTableModel::NameColumn).data().toString();
        QVERIFY(csvLines[1].contains(longest.contains(QLatin1Char(',')) ? QLatin1Char('"') + longest : longest));
    }

    void everyTableCopiesAndSaysWhatItsColumnsCount()
    {
        // Every table of the main window and the compare window: Copy (Ctrl+C), Copy Table and Export as
        // CSV in its context menu, and a header tooltip for every column shown.
        MainWindow window;
        window.resize(1600, 1000);
        window.show();
        const QString ddp = QString::fromStdString(opscope::test::sourceFile("tests/data/h200_ddp_gpt2/"));
        QVERIFY(
            openAndWait(window, {ddp + "correlation_trace.rank0.json.gz", ddp + "correlation_trace.rank1.json.gz"}));
        CompareWindow compare;
        compare.resize(1600, 1000);
        compare.show();
        QSignalSpy compared(&compare, &CompareWindow::comparisonFinished);
        compare.compare({QString::fromStdString(fixture("h100/gpt4_fp32_infer/nsys.sqlite")),
                         QString::fromStdString(fixture("h100/gpt4_fp32_infer/ncu_raw.csv"))},
                        ui::sampleCaptureFiles());
        QVERIFY(compared.wait(120000));
        QVERIFY(compared.last().at(0).toBool());
        int tables = 0;
        for (QWidget *top : std::initializer_list<QWidget *>{&window, &compare})
            for (QAbstractItemView *view : top->findChildren<QAbstractItemView *>()) {
                if (!view->model() || view->model()->columnCount() == 0 || view->inherits("QListView") ||
                    view->inherits("QHeaderView") || view->objectName() == QLatin1String("qt_calendar_calendarview"))
                    continue;
                ++tables;
                const QString where =
                    view->objectName() + QLatin1Char('/') + view->parentWidget()->metaObject()->className();
                QStringList actions;
                for (const QAction *a : view->actions())
                    actions << a->objectName();
                QVERIFY2(actions.contains(QStringLiteral("copyRows")) &&
                             actions.contains(QStringLiteral("copyTable")) &&
                             actions.contains(QStringLiteral("exportCsv")),
                         qPrintable(where));
                // The actions are the context menu, or follow Deep Dive in its own (module tree, tables).
                QVERIFY2(view->contextMenuPolicy() == Qt::ActionsContextMenu ||
                             view->contextMenuPolicy() == Qt::CustomContextMenu,
                         qPrintable(where));
                const auto *tree = qobject_cast<QTreeView *>(view);
                const QHeaderView *header = tree ? tree->header() : view->findChild<QHeaderView *>();
                for (int c = 0; c < view->model()->columnCount(); ++c) {
                    if (header && header->isSectionHidden(c))
                        continue;
                    const QString title = view->model()->headerData(c, Qt::Horizontal).toString();
                    const QString tip = view->model()->headerData(c, Qt::Horizontal, Qt::ToolTipRole).toString();
                    QVERIFY2(
                        !tip.isEmpty() || title.isEmpty(),
                        qPrintable(QStringLiteral("%1: column %2 \"%3\" has no tooltip").arg(where).arg(c).arg(title)));
                }
            }
        QVERIFY2(tables >= 14, qPrintable(QString::number(tables)));
    }
};

} // namespace tst_table_habits_suite

OPSCOPE_TEST_SUITE(tst_table_habits, tst_table_habits_suite::TestTableHabits, Gui)
#include "tst_table_habits.moc"
