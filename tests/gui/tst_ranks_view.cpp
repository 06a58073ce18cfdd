// The Ranks tab of the main window on a real multi-rank profile: HTA's two sampled ranks of a 128-rank
// NCCL job (../shared/fixtures/public/kineto-multirank) open as one profile, the tab appears with one
// row per rank and the straggler (rank 1, as tst_ranks finds) marked; a single-process profile keeps
// the tab hidden, as before ranks existed.
#include "main_window.h"
#include "test_util.h"
#include "views/ranks_view.h"

#include <QLabel>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableWidget>
#include <QTest>

using namespace opscope;
using opscope::test::fixture;

namespace {

bool openAndWait(ui::MainWindow &window, const QStringList &files)
{
    QSignalSpy finished(&window, &ui::MainWindow::openFinished);
    window.openFiles(files);
    return finished.wait(60000) && finished.last().at(0).toBool();
}

QString hta(const char *name)
{
    return QString::fromStdString(fixture(std::string("public/kineto-multirank/HolisticTraceAnalysis__") + name));
}

} // namespace

class TestRanksView : public QObject {
    Q_OBJECT

private slots:
    void ranksTabShowsEveryRankAndTheStraggler()
    {
        ui::MainWindow window;
        QVERIFY(openAndWait(window, {hta("sampled_rank-0.json.gz"), hta("sampled_rank-1.json.gz")}));
        QTabWidget *tabs = window.analysisTabs();
        const int tab = tabs->indexOf(window.ranks());
        QVERIFY(tab >= 0);
        QVERIFY(tabs->isTabVisible(tab));
        QTableWidget *table = window.ranks()->rankTable();
        QCOMPARE(table->rowCount(), 2);
        QCOMPARE(table->item(0, 0)->text(), QStringLiteral("0"));
        QCOMPARE(table->item(1, 0)->text(), QStringLiteral("1"));
        // Rank 1 is the straggler: its row says so in the last column, in bold; rank 0's does not.
        QVERIFY2(table->item(1, 9)->text().startsWith(QStringLiteral("straggler")),
                 qPrintable(table->item(1, 9)->text()));
        QVERIFY(table->item(1, 0)->font().bold());
        QVERIFY(table->item(0, 9)->text().isEmpty());
        QVERIFY(!table->item(0, 0)->font().bold());
        // Collectives per rank: 10 NCCL kernels each in these traces.
        QCOMPARE(table->item(0, 7)->text(), QStringLiteral("10"));
        QCOMPARE(table->item(1, 7)->text(), QStringLiteral("10"));
    }

    void singleProcessProfileHidesTheTab()
    {
        ui::MainWindow window;
        QVERIFY(openAndWait(window, {QString::fromStdString(
                                        fixture("public/kineto-multirank/HolisticTraceAnalysis__nccl_data.json.gz"))}));
        QVERIFY(!window.analysisTabs()->isTabVisible(window.analysisTabs()->indexOf(window.ranks())));
    }
};

QTEST_MAIN(TestRanksView)
#include "tst_ranks_view.moc"
