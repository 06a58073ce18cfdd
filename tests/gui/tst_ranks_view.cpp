// The Ranks tab of the main window on a real multi-rank profile: HTA's two sampled ranks of a 128-rank
// NCCL job (../shared/fixtures/public/kineto-multirank) open as one profile, the tab appears with one
// row per rank and the straggler (rank 1, as tst_ranks finds) marked; its Compare row opens the two
// ranks of the H200 DDP step (tests/data/h200_ddp_gpt2) in the compare window; a single-process
// profile keeps the tab hidden, as before ranks existed.
#include "common/selection.h"
#include "compare/compare_summary.h"
#include "compare/compare_window.h"
#include "compare/comparison.h"
#include "compare_actions.h"
#include "main_window.h"
#include "rank_captures.h"
#include "test_suite.h"
#include "test_util.h"
#include "views/ranks_view.h"

#include "opscope/capture_import.h"
#include "opscope/format.h"
#include "opscope/ranks.h"
#include "opscope/summary.h"

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>

namespace tst_ranks_view_suite {

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
        using R = ui::RanksView;
        QVERIFY2(table->item(1, R::NoteColumn)->text().startsWith(QStringLiteral("straggler")),
                 qPrintable(table->item(1, R::NoteColumn)->text()));
        QVERIFY(table->item(1, 0)->font().bold());
        QVERIFY(table->item(0, R::NoteColumn)->text().isEmpty());
        QVERIFY(!table->item(0, 0)->font().bold());
        // Collectives per rank: 10 NCCL kernels each in these traces.
        QCOMPARE(table->item(0, R::CollectivesColumn)->text(), QStringLiteral("10"));
        QCOMPARE(table->item(1, R::CollectivesColumn)->text(), QStringLiteral("10"));
        // The straggler's why table, its first title whole (item 10: it was cut to "ler is late: modu").
        QTableWidget *why = window.ranks()->whyTable();
        QVERIFY(!why->isHidden());
        const QString title = why->horizontalHeaderItem(0)->text();
        QVERIFY(title.startsWith(QStringLiteral("Why rank 1 is late")));
        QVERIFY2(why->horizontalHeader()->sectionSize(0) >=
                     why->horizontalHeader()->fontMetrics().horizontalAdvance(title),
                 qPrintable(QString::number(why->horizontalHeader()->sectionSize(0))));
        // No host, no launcher timing in these traces: those columns are hidden. Compared step by step, and
        // no module labels: the why rows are operators.
        QVERIFY(table->isColumnHidden(R::HostColumn));
        QVERIFY(table->isColumnHidden(R::PlainStepColumn));
        QVERIFY2(window.ranks()->summary()->text().contains(QStringLiteral("Compared step by step: 2 steps")),
                 qPrintable(window.ranks()->summary()->text()));
        QVERIFY(window.ranks()->whyTable()->horizontalHeaderItem(0)->text().endsWith(QStringLiteral("operator")));
    }

    // A rank whose trace is cut (its last 5 % of bytes gone): the tab keeps both ranks and says what it left
    // out of the comparison, and why.
    void whatIsLeftOutIsSaid()
    {
        QTemporaryDir dir;
        const std::string whole = dir.filePath("whole.json").toStdString();
        QVERIFY(opscope::test::gunzipFile(hta("sampled_rank-1.json.gz").toStdString(), whole));
        QFile in(QString::fromStdString(whole));
        QVERIFY(in.open(QIODevice::ReadOnly));
        const QByteArray text = in.readAll();
        QFile cut(dir.filePath("rank-1.json"));
        QVERIFY(cut.open(QIODevice::WriteOnly));
        cut.write(text.left(text.size() * 95 / 100));
        cut.close();
        ui::MainWindow window;
        QVERIFY(openAndWait(window, {hta("sampled_rank-0.json.gz"), cut.fileName()}));
        QCOMPARE(window.ranks()->rankTable()->rowCount(), 2);
        const QString summary = window.ranks()->summary()->text();
        QVERIFY2(summary.contains(QStringLiteral("Left out: rank 1: ProfilerStep#551 holds 3 collectives")),
                 qPrintable(summary));
    }

    void busyIsCountedAsTheSummaryCountsIt()
    {
        // Item 4: the Ranks tab counted kernels only (a copy-bound rank looked idle) where the summary's GPU
        // busy counts the copies too. Both now show rankBusy(): kernels, collectives and copies.
        ui::MainWindow window;
        const QString dir = QString::fromStdString(opscope::test::sourceFile("tests/data/h200_ddp_gpt2/"));
        const QStringList files = {dir + "correlation_trace.rank0.json.gz", dir + "correlation_trace.rank1.json.gz"};
        QVERIFY(openAndWait(window, files));
        const Profile &p = *window.profile();
        QVERIFY(!p.memory_ops.empty());
        const nlohmann::ordered_json summary = summaryJson(p);
        QCOMPARE(summary["rank_busy"].size(), size_t(2));
        QTableWidget *table = window.ranks()->rankTable();
        using R = ui::RanksView;
        int64_t copies = 0;
        for (int row = 0; row < table->rowCount(); ++row) {
            const auto &busy = summary["rank_busy"][size_t(row)];
            QCOMPARE(table->item(row, R::RankColumn)->text(), QString::number(busy["rank"].get<int>()));
            QCOMPARE(table->item(row, R::BusyColumn)->text(),
                     QStringLiteral("%1 %").arg(100.0 * busy["busy_share"].get<double>(), 0, 'f', 1));
            const int64_t span = busy["span_ns"].get<int64_t>(), kernels = busy["kernel_ns"].get<int64_t>(),
                          copy = busy["copy_ns"].get<int64_t>();
            copies += copy;
            QCOMPARE(table->item(row, R::CopiesColumn)->text(),
                     QString::fromStdString(formatFixedDuration(copy, 1, Typography::Unicode)));
            QCOMPARE(table->item(row, R::IdleColumn)->text(),
                     QString::fromStdString(formatFixedDuration(span - kernels - copy, 1, Typography::Unicode)));
            // Kernels alone are what analyzeRanks counts: its idle less the copies is the tab's.
            const RankBreakdown &b = window.capture()->ranks.ranks[size_t(row)];
            QCOMPARE(span - kernels, b.idleNs);
        }
        QVERIFY(copies > 0); // the step copies while no kernel runs
        // The summary's text says the same, rank by rank.
        const std::string text = summaryText(p);
        QVERIFY2(text.find("GPU busy by rank") != std::string::npos, text.c_str());
        // ... and lists the two GPUs that ran the ranks, not every GPU each rank's trace saw.
        size_t devices = 0;
        for (size_t at = text.find("\nDevice "); at != std::string::npos; at = text.find("\nDevice ", at + 1))
            ++devices;
        QCOMPARE(devices, size_t(2));
        QVERIFY(text.find("(rank 0)") != std::string::npos && text.find("(rank 1)") != std::string::npos);
    }

    void compareTwoRanksInTheCompareWindow()
    {
        // Rank 1 of the DDP step computed twice rank 0's batch. In the recorded step rank 0 arrives last, for
        // its host's time, while both hosts do the same work: rank 1 is the straggler by its plain work
        // (tst_ranks): the row offers the median rank, 0, against it.
        ui::MainWindow window;
        const QString dir = QString::fromStdString(opscope::test::sourceFile("tests/data/h200_ddp_gpt2/"));
        QVERIFY(
            openAndWait(window, {dir + "correlation_trace.rank0.json.gz", dir + "correlation_trace.rank1.json.gz"}));
        ui::RanksView *ranks = window.ranks();
        QCOMPARE(window.capture()->ranks.straggler, 1);
        QCOMPARE(window.capture()->ranks.instrumentedLast, 0);
        QCOMPARE(ranks->compareBefore()->count(), 2);
        QCOMPARE(ranks->compareBefore()->currentData().toInt(), 0);
        QCOMPARE(ranks->compareAfter()->currentData().toInt(), 1);
        QVERIFY(ranks->compareButton()->isEnabled());
        ranks->compareAfter()->setCurrentIndex(0); // one rank twice: nothing to compare
        QVERIFY(!ranks->compareButton()->isEnabled());
        ranks->compareAfter()->setCurrentIndex(1); // rank 0 against rank 1

        // A collective selected: the Details pane says where it ran on the other rank, and when.
        const Profile &job = *window.capture()->profile;
        Index allReduce = kNoIndex;
        for (Index k = 0; k < job.kernels.size() && allReduce == kNoIndex; ++k)
            if (rankOfDevice(job, job.kernels[k].device) == 0 && isNcclKernelName(job.text(job.kernels[k].name)))
                allReduce = k;
        QVERIFY(allReduce != kNoIndex);
        window.selection()->setKernel(allReduce);
        const QString details = window.findChild<QTextBrowser *>()->toPlainText();
        QVERIFY2(details.contains(QStringLiteral("The same collective on the other ranks")) &&
                     details.contains(QStringLiteral("Rank 1")) && details.contains(QStringLiteral(", lasts ")),
                 qPrintable(details));

        auto *actions = window.findChild<ui::CompareActions *>();
        QVERIFY(actions);
        QVERIFY(!actions->compareRanks(0, 7)); // a rank the profile lacks
        ranks->compareButton()->click();
        ui::CompareWindow *compare = actions->compareWindow(false);
        QVERIFY(compare);
        QSignalSpy done(compare, &ui::CompareWindow::comparisonFinished);
        QVERIFY(done.wait(60000));
        QVERIFY2(done.last().at(0).toBool(), qPrintable(done.last().at(1).toString()));
        const std::shared_ptr<const ui::Comparison> c = compare->comparison();
        QVERIFY(c);
        QCOMPARE(c->title(ui::Side::Before), QString::fromUtf8("rank 0 · correlation_trace.rank0.json.gz"));
        QCOMPARE(c->title(ui::Side::After), QString::fromUtf8("rank 1 · correlation_trace.rank1.json.gz"));
        QCOMPARE(c->profile(ui::Side::Before).kernels.size() + c->profile(ui::Side::After).kernels.size(),
                 window.capture()->profile->kernels.size());
        // Every module matched, rank 1's blocks slower (twice the batch).
        const auto block = std::find_if(c->diff.modules.begin(), c->diff.modules.end(),
                                        [](const ModuleDiffRow &m) { return m.path == "module.transformer.h.0"; });
        QVERIFY(block != c->diff.modules.end());
        QVERIFY(block->status == DiffStatus::Matched);
        QVERIFY2(block->gpuTime.ratio() > 1.5, std::to_string(block->gpuTime.ratio()).c_str());
        for (const ModuleDiffRow &m : c->diff.modules)
            QVERIFY(m.status == DiffStatus::Matched);
    }

    void aStragglerNamedByItsPlainWorkSaysWhy()
    {
        // tests/data/h200_ddp_capture_last (tst_ranks): under nsys rank 0 arrived last at every all-reduce, and
        // with the launcher's per-rank timing rank 1 is named by its plain work. The tab marks rank 0's row as
        // the capture's and gives the sentence that says why rank 1 is the plain job's straggler.
        QTemporaryDir dir;
        const std::vector<std::string> paths = test::unpackRankCaptures(dir.path(), "tests/data/h200_ddp_capture_last");
        QCOMPARE(paths.size(), size_t(2));
        Profile p = importCapture(paths);
        test::setCaptureLastTimings(p);
        const RankReport report = analyzeRanks(p, RankStep::Plain);
        QCOMPARE(report.straggler, 1);
        QCOMPARE(report.instrumentedLast, 0);
        ui::RanksView view;
        view.setReport(report, rankBusy(p, report));
        QTableWidget *table = view.rankTable();
        using R = ui::RanksView;
        QCOMPARE(table->item(0, R::NoteColumn)->text(), QStringLiteral("arrived last under the capture (below)"));
        QVERIFY(!table->item(0, R::NoteColumn)->font().bold());
        QVERIFY(
            table->item(1, R::NoteColumn)
                ->text()
                .startsWith(QStringLiteral("straggler by its plain work: without the capture the others would wait ")));
        const QString text = view.summary()->text();
        QVERIFY2(text.contains(QStringLiteral("Rank 1 is the straggler by its plain work")), qPrintable(text));
        QVERIFY2(text.contains(QString::fromStdString(report.stragglerBasis.substr(1))), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Rank 0 arrived last at 5 collectives under the capture")),
                 qPrintable(text));
    }

    void aJobWithoutAStragglerOfItsOwnSaysWhy()
    {
        // A report whose late rank's host does what the other's does and whose ranks compute alike (tst_ranks
        // ranksThatDoTheSameHostWorkAndComputeAlikeHaveNoStraggler): no straggler; the row says it arrived last,
        // and the text why it is not the job's straggler.
        RankReport report;
        report.step = RankStep::Plain;
        report.ranks.resize(2);
        for (int r = 0; r < 2; ++r) {
            report.ranks[size_t(r)].rank = r;
            report.ranks[size_t(r)].spanNs = 26'000'000;
            report.ranks[size_t(r)].computeNs = 3'500'000;
            report.ranks[size_t(r)].collectives = 5;
        }
        report.ranks[0].arrivedLast = 5;
        report.ranks[1].waitNs = 17'000'000;
        report.instrumentedLast = 0;
        report.hostsEven = true;
        report.stragglerBasis = "rank 0 arrived last, late for its host's time, not its GPU work";
        ui::RanksView view;
        view.setReport(report, {});
        QTableWidget *table = view.rankTable();
        QCOMPARE(table->rowCount(), 2);
        QCOMPARE(table->item(0, ui::RanksView::NoteColumn)->text(),
                 QStringLiteral("arrived last under the capture (below)"));
        QVERIFY(!table->item(0, ui::RanksView::NoteColumn)->font().bold());
        const QString text = view.summary()->text();
        QVERIFY2(text.contains("No straggler of the job's own work: rank 0 arrived last, late for its host's time"),
                 qPrintable(text));
        QVERIFY(view.whyTable()->isHidden());
    }

    void singleProcessProfileHidesTheTab()
    {
        ui::MainWindow window;
        QVERIFY(openAndWait(window, {QString::fromStdString(
                                        fixture("public/kineto-multirank/HolisticTraceAnalysis__nccl_data.json.gz"))}));
        QVERIFY(!window.analysisTabs()->isTabVisible(window.analysisTabs()->indexOf(window.ranks())));
    }
};

} // namespace tst_ranks_view_suite

OPSCOPE_TEST_SUITE(tst_ranks_view, tst_ranks_view_suite::TestRanksView, Gui)
#include "tst_ranks_view.moc"
