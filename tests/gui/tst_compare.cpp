// The compare window on real before/after pairs: the header's speedup is the engine's, the diff
// models pass QAbstractItemModelTester and hold every operator of both sides, a diff row selected
// anywhere is selected in both timelines, the roofline and the counters, the timelines stay aligned
// on the step starts, a failed comparison keeps the one on show, and Open as Baseline compares the
// profile open in the main window without loading it again, and the Memory tab shows the peaks and
// what holds them on both sides as the diff's MemoryDiff (or says why there is no memory).
//
// Expected figures (see tests/core/tst_diff.cpp for how they were read off the fixtures with python3):
// - conv_block: kernel time 529,757 ns before (sum of duration_ns over profile.json's operators[].kernels[]),
//   319,035 ns attributed after plus 6,656 ns of unattributed_kernels[] = 325,691 ns step GPU time; 10
//   operator records in each file.
// - gpt4 fp32 vs bf16 (nsys + ncu): 46 step kernels each, 3,941,241 ns and 428,553 ns of step GPU time;
//   ncu_raw.csv's 6th row (the step's 6th kernel, blocks.0.attn.qkv's GEMM) has gpu__time_duration.sum
//   237,760 ns (fp32, sm80_xmma_gemm_f32f32_*) and 18,976 ns (bf16, nvjet_sm90_*).
#include "common/value_format.h"
#include "compare/compare_dialog.h"
#include "compare/compare_memory.h"
#include "compare/compare_roofline.h"
#include "compare/compare_summary.h"
#include "compare/compare_timelines.h"
#include "compare/compare_window.h"
#include "compare/diff_cells.h"
#include "compare/diff_colors.h"
#include "compare/diff_counter_model.h"
#include "compare/diff_counter_panel.h"
#include "compare/diff_item_model.h"
#include "compare/diff_table_view.h"
#include "compare_actions.h"
#include "main_window.h"
#include "models/model_roles.h"
#include "opscope/capture_import.h"
#include "opscope/diff.h"
#include "opscope/memory.h"
#include "test_suite.h"
#include "test_util.h"
#include "views/roofline_view.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QBrush>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

#include <qcustomplot.h>

#include <array>
#include <set>

namespace tst_compare_suite {

using namespace opscope;
using namespace opscope::ui;
using opscope::test::fixture;

namespace {

QStringList convBlock(const char *file)
{
    return {QString::fromStdString(fixture(std::string("public/operator_profiler/conv_block/") + file))};
}

QStringList opPair(const char *example, const char *file)
{
    return {QString::fromStdString(fixture(std::string("public/operator_profiler/") + example + "/" + file))};
}

QStringList gpt4(const char *set)
{
    const std::string base = std::string("h100/") + set + "/";
    return {QString::fromStdString(fixture(base + "nsys.sqlite")),
            QString::fromStdString(fixture(base + "ncu_raw.csv"))};
}

// The H100 GPT step with allocator events (tests/data/h100_gpt12_memory), unpacked into `dir`.
QStringList h100Memory(const QTemporaryDir &dir)
{
    QStringList files;
    for (const std::string &path : opscope::test::h100MemoryCapture(dir))
        files << QString::fromStdString(path);
    return files;
}

// The Memory tab's rows of one table equal the MemoryDiff rows, in their order, cell by cell.
QString memoryRowsProblem(const DiffMemoryModel &model, const std::vector<MemoryDiffRow> &rows)
{
    if (model.rowCount() != int(rows.size()))
        return QStringLiteral("%1 rows, the diff has %2").arg(model.rowCount()).arg(rows.size());
    for (int r = 0; r < model.rowCount(); ++r) {
        const MemoryDiffRow &want = rows[size_t(r)];
        const MemoryDiffRow got = model.rowAt(r);
        auto cell = [&](int column, int role) { return model.data(model.index(r, column), role); };
        if (got.name != want.name || got.before != want.before || got.after != want.after)
            return QStringLiteral("row %1 (%2): %3 -> %4, the diff has %5 -> %6")
                .arg(r)
                .arg(QString::fromStdString(want.name))
                .arg(got.before)
                .arg(got.after)
                .arg(want.before)
                .arg(want.after);
        if (cell(DiffMemoryModel::BeforeColumn, SortRole).toDouble() != double(want.before) ||
            cell(DiffMemoryModel::AfterColumn, SortRole).toDouble() != double(want.after) ||
            cell(DiffMemoryModel::DeltaColumn, SortRole).toDouble() != double(want.after - want.before) ||
            cell(DiffMemoryModel::BeforeColumn, Qt::DisplayRole).toString() != formatBytes(double(want.before)) ||
            cell(DiffMemoryModel::AfterColumn, Qt::DisplayRole).toString() != formatBytes(double(want.after)))
            return QStringLiteral("row %1 (%2): cells %3 / %4")
                .arg(r)
                .arg(QString::fromStdString(want.name), cell(1, Qt::DisplayRole).toString(),
                     cell(2, Qt::DisplayRole).toString());
    }
    return {};
}

std::vector<std::string> toStd(const QStringList &paths)
{
    std::vector<std::string> out;
    for (const QString &p : paths)
        out.push_back(p.toStdString());
    return out;
}

bool compareAndWait(CompareWindow &window, const QStringList &before, const QStringList &after)
{
    QSignalSpy finished(&window, &CompareWindow::comparisonFinished);
    window.compare(before, after);
    return finished.wait(120000) && finished.last().at(0).toBool();
}

// Every row of a model (depth first), column 0.
QModelIndexList allRows(const QAbstractItemModel &model, const QModelIndex &parent = {})
{
    QModelIndexList out;
    for (int r = 0; r < model.rowCount(parent); ++r) {
        const QModelIndex i = model.index(r, 0, parent);
        out << i;
        out << allRows(model, i);
    }
    return out;
}

// QAbstractItemModelTester on every model of a window, alive while the window loads and selects.
struct ModelTesters {
    std::vector<std::unique_ptr<QAbstractItemModelTester>> testers;
    explicit ModelTesters(CompareWindow &window)
    {
        for (QAbstractItemModel *model :
             std::initializer_list<QAbstractItemModel *>{window.moduleView()->model(), window.operatorView()->model(),
                                                         window.kernelView()->model(), window.counters()->model()})
            testers.push_back(std::make_unique<QAbstractItemModelTester>(
                model, QAbstractItemModelTester::FailureReportingMode::QtTest));
    }
};

// Clicks a diff row of a table with the mouse (its tab brought up first).
void clickRow(CompareWindow &window, DiffTableView *table, int row)
{
    window.tableTabs()->setCurrentWidget(table);
    const QModelIndex proxy = table->proxy()->mapFromSource(table->model()->indexOfRow(row));
    QVERIFY(proxy.isValid());
    table->view()->scrollTo(proxy);
    const QRect cell = table->view()->visualRect(proxy);
    QVERIFY(!cell.isEmpty());
    QTest::mouseClick(table->view()->viewport(), Qt::LeftButton, {}, cell.center());
}

// Both timelines show the same window measured from their step starts, and put the same instant of
// it at the same x (to a pixel's rounding). Empty when they do; else what differs.
QString misalignment(const Comparison &c, TimelineView *before, TimelineView *after, const char *what)
{
    const int64_t startBefore = before->visibleStart() - c.stepStart[0];
    const int64_t startAfter = after->visibleStart() - c.stepStart[1];
    const int64_t endBefore = before->visibleEnd() - c.stepStart[0];
    const int64_t endAfter = after->visibleEnd() - c.stepStart[1];
    if (std::abs(startBefore - startAfter) > 1 || std::abs(endBefore - endAfter) > 1)
        return QStringLiteral("after %1: BEFORE shows %2..%3 ns, AFTER %4..%5 ns from their step starts")
            .arg(QLatin1String(what))
            .arg(startBefore)
            .arg(endBefore)
            .arg(startAfter)
            .arg(endAfter);
    if (before->timeArea().width() != after->timeArea().width())
        return QStringLiteral("after %1: time areas %2 and %3 px wide")
            .arg(QLatin1String(what))
            .arg(before->timeArea().width())
            .arg(after->timeArea().width());
    for (double f : {0.0, 0.37, 1.0}) {
        const int64_t t = startBefore + int64_t(f * double(endBefore - startBefore));
        const double xb = before->xForTime(c.stepStart[0] + t), xa = after->xForTime(c.stepStart[1] + t);
        if (std::abs(xb - xa) > 1.0)
            return QStringLiteral("after %1: %2 ns from the step start is at x %3 and %4")
                .arg(QLatin1String(what))
                .arg(t)
                .arg(xb)
                .arg(xa);
    }
    return {};
}

#define VERIFY_ALIGNED(what)                                                                                           \
    do {                                                                                                               \
        const QString problem = misalignment(c, b, a, what);                                                           \
        QVERIFY2(problem.isEmpty(), qPrintable(problem));                                                              \
    } while (false)

} // namespace

class TestCompare : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true); // QSettings of this suite stay apart from the user's
        QSettings().clear();
    }

    void convBlockHeaderAndRows()
    {
        CompareWindow window;
        ModelTesters testers(window);
        window.show();
        QVERIFY(compareAndWait(window, convBlock("profile.json"), convBlock("profile_optimized.json")));
        const auto comparison = window.comparison();
        QVERIFY(comparison);

        // The engine on its own, on independently imported profiles.
        const Profile before = importCapture(toStd(convBlock("profile.json")));
        const Profile after = importCapture(toStd(convBlock("profile_optimized.json")));
        const ProfileDiff engine = diffProfiles(before, after);
        QCOMPARE(engine.totals.stepGpuTime.before, int64_t(529757));
        QCOMPARE(engine.totals.stepGpuTime.after, int64_t(325691));
        const double speedup = double(engine.totals.stepGpuTime.before) / double(engine.totals.stepGpuTime.after);
        QCOMPARE(window.summary()->speedup(), speedup);
        QVERIFY2(window.summary()->headline().contains(QStringLiteral("%1× faster").arg(speedup, 0, 'f', 2)),
                 qPrintable(window.summary()->headline()));
        QVERIFY(window.summary()->headline().contains(QStringLiteral("530 µs → 326 µs")));
        qInfo("conv_block: step GPU time %lld -> %lld ns, header speedup %.4fx",
              (long long)engine.totals.stepGpuTime.before, (long long)engine.totals.stepGpuTime.after,
              window.summary()->speedup());

        // The operator model holds every operator row of the engine, and through them every operator
        // record of both files exactly once: matched, added or removed, never dropped.
        DiffItemModel *ops = window.operatorView()->model();
        QCOMPARE(size_t(ops->rowCount()), engine.operators.size());
        std::multiset<Index> beforeOps, afterOps;
        size_t matched = 0, added = 0, removed = 0;
        for (const QModelIndex &i : allRows(*ops)) {
            const OperatorDiffRow &row = comparison->diff.operators[size_t(i.data(IdRole).toInt())];
            beforeOps.insert(row.beforeOps.begin(), row.beforeOps.end());
            afterOps.insert(row.afterOps.begin(), row.afterOps.end());
            const auto status = DiffStatus(i.data(StatusRole).toInt());
            QVERIFY(status == row.status);
            matched += status == DiffStatus::Matched;
            added += status == DiffStatus::Added;
            removed += status == DiffStatus::Removed;
            const QString name = i.data(Qt::DisplayRole).toString();
            QCOMPARE(name.startsWith(QLatin1String("+ ")), status == DiffStatus::Added);
            QCOMPARE(name.startsWith(QChar(0x2212)), status == DiffStatus::Removed);
        }
        QCOMPARE(beforeOps.size(), size_t(10));
        QCOMPARE(afterOps.size(), size_t(10));
        QCOMPARE(std::set<Index>(beforeOps.begin(), beforeOps.end()).size(), before.operators.size());
        QCOMPARE(std::set<Index>(afterOps.begin(), afterOps.end()).size(), after.operators.size());
        QCOMPARE(matched, engine.totals.matchedOperatorRows);
        QCOMPARE(added, engine.totals.addedOperatorRows);
        QCOMPARE(removed, engine.totals.removedOperatorRows);
        qInfo("conv_block: %zu operator rows: %zu matched, %zu added, %zu removed", size_t(ops->rowCount()), matched,
              added, removed);
        // Module and kernel models: one row per engine row.
        QCOMPARE(size_t(allRows(*window.moduleView()->model()).size()), engine.modules.size());
        QCOMPARE(size_t(window.kernelView()->model()->rowCount()), engine.kernels.size());

        // The header's lists: the largest gain first, each link selecting its operator row.
        const auto &improvements = window.summary()->improvements();
        QVERIFY(!improvements.empty());
        int64_t largestGain = 0;
        for (const OperatorDiffRow &row : engine.operators)
            largestGain = std::min(largestGain, row.gpuTime.delta());
        QCOMPARE(comparison->diff.operators[size_t(improvements.front())].gpuTime.delta(), largestGain);
        window.summary()->activateLink(QStringLiteral("operator:%1").arg(improvements.front()));
        QCOMPARE(int(window.selection()->state().level), int(DiffLevel::Operator));
        QCOMPARE(window.selection()->state().row, improvements.front());
        QCOMPARE(window.operatorView()->highlightedRows().size(), 1);

        // A kernel row's counters (the testers watch the counter model's reset too).
        const int kernelRow = comparison->diff.operators[size_t(improvements.front())].kernelRows.front();
        clickRow(window, window.kernelView(), kernelRow);
        QCOMPARE(window.selection()->state().row, kernelRow);
    }

    void gpt4SelectionReachesBothSides()
    {
        CompareWindow window;
        ModelTesters testers(window);
        window.resize(1600, 1000);
        window.show();
        QVERIFY(compareAndWait(window, gpt4("gpt4_fp32_infer"), gpt4("gpt4_bf16_infer")));
        const auto comparison = window.comparison();
        const ProfileDiff &diff = comparison->diff;

        const Profile fp32 = importCapture(toStd(gpt4("gpt4_fp32_infer")));
        const Profile bf16 = importCapture(toStd(gpt4("gpt4_bf16_infer")));
        const ProfileDiff engine = diffProfiles(fp32, bf16);
        QCOMPARE(engine.totals.stepGpuTime.before, int64_t(3941241));
        QCOMPARE(engine.totals.stepGpuTime.after, int64_t(428553));
        QCOMPARE(window.summary()->speedup(),
                 double(engine.totals.stepGpuTime.before) / double(engine.totals.stepGpuTime.after));
        QVERIFY(window.summary()->headline().contains(QStringLiteral("9.20× faster")));
        qInfo("gpt4 fp32 -> bf16: step GPU time %lld -> %lld ns, header speedup %.4fx",
              (long long)engine.totals.stepGpuTime.before, (long long)engine.totals.stepGpuTime.after,
              window.summary()->speedup());
        QCOMPARE(size_t(window.operatorView()->model()->rowCount()), engine.operators.size());

        // blocks.0.attn.qkv's GEMM: an fp32 SIMT GEMM before, an nvjet GEMM after, matched by role.
        int qkv = -1;
        for (size_t r = 0; r < diff.kernels.size() && qkv < 0; ++r) {
            const KernelDiffRow &k = diff.kernels[r];
            if (k.op >= 0 && diff.operators[size_t(k.op)].module >= 0 &&
                diff.modules[size_t(diff.operators[size_t(k.op)].module)].path == "blocks.0.attn.qkv")
                qkv = int(r);
        }
        QVERIFY(qkv >= 0);
        const KernelDiffRow &gemm = diff.kernels[size_t(qkv)];
        QVERIFY(gemm.status == DiffStatus::Matched);
        QVERIFY(kernelNameBefore(diff, gemm).starts_with("sm80_xmma_gemm_f32f32"));
        QVERIFY(kernelNameAfter(diff, gemm).starts_with("nvjet_sm90"));

        // A click on the kernel row selects both kernels in both timelines, the roofline and counters.
        clickRow(window, window.kernelView(), qkv);
        QCOMPARE(window.selection()->state().row, qkv);
        TimelineView *beforeTimeline = window.timelines()->timeline(Side::Before);
        TimelineView *afterTimeline = window.timelines()->timeline(Side::After);
        QCOMPARE(beforeTimeline->selection(), (EventRef{EventKind::Kernel, gemm.beforeKernel}));
        QCOMPARE(afterTimeline->selection(), (EventRef{EventKind::Kernel, gemm.afterKernel}));
        QCOMPARE(window.roofline()->afterSelection()->index(), gemm.afterKernel);
        // The roofline rings the selection once its tab is seen (views behind a tab wait: issue 39, item 5).
        window.detailTabs()->setCurrentWidget(window.roofline());
        QCOMPARE(window.roofline()->view()->highlightedKernels(), std::vector<Index>{gemm.afterKernel});
        QCOMPARE(window.roofline()->ringedRows(), std::vector<int>{qkv});
        const CounterDelta *time = window.counters()->model()->deltaAt(
            window.counters()->model()->indexOfMetric(QStringLiteral("gpu__time_duration.sum")));
        QVERIFY(time);
        QCOMPARE(time->before, 237760.0);
        QCOMPARE(time->after, 18976.0);
        // Its operator row and module row light up in the other tables.
        QCOMPARE(window.operatorView()->highlightedRows().size(), 1);
        QCOMPARE(window.operatorView()->highlightedRows().front().data(IdRole).toInt(), gemm.op);
        QCOMPARE(window.moduleView()->highlightedRows().size(), 1);

        // Every kernel with roofline metrics on both sides is a pair (46 ncu rows each, all matched) with an arrow.
        size_t pairs = 0;
        for (const CompareRoofline::Pair &p : window.roofline()->pairs())
            pairs += p.hasBefore && p.hasAfter;
        QCOMPARE(pairs, size_t(46));
        // Except the three that do no floating-point work on either side (two embedding gathers and
        // the position arange): both ends sit pinned in the same corner.
        std::vector<QString> pinned;
        for (const CompareRoofline::Pair &p : window.roofline()->pairs())
            if (p.hasBefore && p.hasAfter && p.before == p.after)
                pinned.push_back(kernelRowName(*comparison, diff.kernels[size_t(p.row)]));
        QCOMPARE(pinned, (std::vector<QString>{"vectorized_gather_kernel", "elementwise_kernel_with_index",
                                               "vectorized_gather_kernel"}));
        QCOMPARE(window.roofline()->arrowCount(), size_t(43));

        // A click on a BEFORE (hollow) point of the roofline selects its row: a point away from
        // every AFTER point, which the explorer's roofline would take.
        window.detailTabs()->setCurrentWidget(window.roofline());
        QApplication::processEvents();
        QCustomPlot *plot = window.roofline()->view()->plot();
        auto pixel = [&](QPointF at) {
            return QPointF(plot->xAxis->coordToPixel(at.x()), plot->yAxis->coordToPixel(at.y()));
        };
        const CompareRoofline::Pair *lonely = nullptr;
        for (const CompareRoofline::Pair &p : window.roofline()->pairs()) {
            bool clear = p.row != qkv;
            for (const RooflinePointData &a : window.roofline()->view()->scene().kernels)
                clear = clear && QLineF(pixel(p.before), window.roofline()->view()->pixelOf(a)).length() > 20;
            if (clear && !lonely)
                lonely = &p;
        }
        QVERIFY(lonely);
        const int lonelyRow = lonely->row;
        QTest::mouseClick(plot, Qt::LeftButton, {}, pixel(lonely->before).toPoint());
        QCOMPARE(int(window.selection()->state().level), int(DiffLevel::Kernel));
        QCOMPARE(window.selection()->state().row, lonelyRow);
        QCOMPARE(window.roofline()->ringedRows(), std::vector<int>{lonelyRow});
        // Operator arrows: one per operator row with kernels on both sides that moved.
        window.roofline()->setArrows(CompareRoofline::Arrows::Operators);
        size_t moved = 0;
        for (const CompareRoofline::Pair &p : window.roofline()->pairs()) {
            QCOMPARE(int(p.level), int(DiffLevel::Operator));
            moved += p.hasBefore && p.hasAfter && p.before != p.after;
        }
        QVERIFY(moved > 0);
        QCOMPARE(window.roofline()->arrowCount(), moved);
        QCOMPARE(window.roofline()->ringedRows(), std::vector<int>{diff.kernels[size_t(lonelyRow)].op});
        window.roofline()->setArrows(CompareRoofline::Arrows::Kernels);

        // An operator row: the first call of each side in the timelines.
        int sdpa = -1;
        for (size_t r = 0; r < diff.operators.size() && sdpa < 0; ++r)
            if (diff.operators[r].name == "aten::scaled_dot_product_attention")
                sdpa = int(r);
        QVERIFY(sdpa >= 0);
        clickRow(window, window.operatorView(), sdpa);
        QCOMPARE(beforeTimeline->selection(),
                 (EventRef{EventKind::Operator, diff.operators[size_t(sdpa)].beforeOps[0]}));
        QCOMPARE(afterTimeline->selection(), (EventRef{EventKind::Operator, diff.operators[size_t(sdpa)].afterOps[0]}));
        QCOMPARE(window.roofline()->afterSelection()->index(), diff.operators[size_t(sdpa)].afterOps[0]);

        // A module row: its annotation range (the module band) on both sides.
        int attn = -1;
        for (size_t r = 0; r < diff.modules.size() && attn < 0; ++r)
            if (diff.modules[r].path == "blocks.0.attn")
                attn = int(r);
        QVERIFY(attn >= 0);
        clickRow(window, window.moduleView(), attn);
        for (TimelineView *t : {beforeTimeline, afterTimeline}) {
            const EventRef range = t->selection();
            QCOMPARE(int(range.kind), int(EventKind::Range));
            const Profile &p =
                t == beforeTimeline ? comparison->profile(Side::Before) : comparison->profile(Side::After);
            QVERIFY(p.text(p.ranges[range.index].text).starts_with("blocks.0.attn["));
        }

        // And back: a module band picked in BEFORE's timeline selects its module row...
        const EventRef band = beforeTimeline->selection();
        window.selection()->clear();
        beforeTimeline->setSelection(band);
        QCOMPARE(int(window.selection()->state().level), int(DiffLevel::Module));
        QCOMPARE(window.selection()->state().row, attn);

        // ... a kernel picked in AFTER's timeline selects its diff row, and BEFORE's kernel.
        afterTimeline->setSelection({EventKind::Kernel, gemm.afterKernel});
        QCOMPARE(int(window.selection()->state().level), int(DiffLevel::Kernel));
        QCOMPARE(window.selection()->state().row, qkv);
        QCOMPARE(beforeTimeline->selection(), (EventRef{EventKind::Kernel, gemm.beforeKernel}));

        // One axis: each ruler counts from its step start, and zoom or pan on either side moves both.
        const int64_t offset = comparison->stepStart[1] - comparison->stepStart[0];
        QCOMPARE(window.timelines()->offset(), offset);
        QCOMPARE(beforeTimeline->timeZero(), comparison->stepStart[0]);
        QCOMPARE(afterTimeline->timeZero(), comparison->stepStart[1]);
        beforeTimeline->zoomAt(beforeTimeline->labelWidth() + 200, 0.25);
        QVERIFY(std::abs(afterTimeline->visibleStart() - offset - beforeTimeline->visibleStart()) <= 1);
        QVERIFY(std::abs(afterTimeline->visibleEnd() - offset - beforeTimeline->visibleEnd()) <= 1);
        afterTimeline->panByPixels(-150);
        QVERIFY(std::abs(afterTimeline->visibleStart() - offset - beforeTimeline->visibleStart()) <= 1);
        QVERIFY(std::abs(afterTimeline->visibleEnd() - offset - beforeTimeline->visibleEnd()) <= 1);
    }

    void timelinesStayAlignedAfterZoomAndPan_data()
    {
        QTest::addColumn<QStringList>("before");
        QTest::addColumn<QStringList>("after");
        QTest::newRow("gpt4 fp32 -> bf16") << gpt4("gpt4_fp32_infer") << gpt4("gpt4_bf16_infer");
        QTest::newRow("embedding_projection") << opPair("embedding_projection", "profile.json")
                                              << opPair("embedding_projection", "profile_optimized.json");
    }

    void timelinesStayAlignedAfterZoomAndPan()
    {
        QFETCH(QStringList, before);
        QFETCH(QStringList, after);
        CompareWindow window;
        window.resize(1600, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(compareAndWait(window, before, after));
        const Comparison &c = *window.comparison();
        TimelineView *b = window.timelines()->timeline(Side::Before);
        TimelineView *a = window.timelines()->timeline(Side::After);
        // The two traces reach differently far beyond their steps: where one side's trace ends
        // (or starts) the other's goes on, which is where the windows used to part.
        const std::array<int64_t, 2> tail{c.captures[0]->timeline->traceEnd() - c.stepStart[0],
                                          c.captures[1]->timeline->traceEnd() - c.stepStart[1]};
        const std::array<int64_t, 2> head{c.stepStart[0] - c.captures[0]->timeline->traceStart(),
                                          c.stepStart[1] - c.captures[1]->timeline->traceStart()};
        qInfo("trace from %lld / %lld ns before the step starts to %lld / %lld ns after them", (long long)head[0],
              (long long)head[1], (long long)tail[0], (long long)tail[1]);
        QVERIFY(tail[0] != tail[1] || head[0] != head[1]);
        VERIFY_ALIGNED("opening");

        // Keys as a user presses them, on either timeline: zoom in, pan far right past a trace's end,
        // zoom all the way out, pan far left, zoom in at the edge of the time area, wheel.
        b->setFocus();
        for (int i = 0; i < 6; ++i)
            QTest::keyClick(b, Qt::Key_W);
        VERIFY_ALIGNED("W x6 on BEFORE");
        for (int i = 0; i < 60; ++i)
            QTest::keyClick(b, Qt::Key_D);
        VERIFY_ALIGNED("D x60 on BEFORE");
        a->setFocus();
        for (int i = 0; i < 40; ++i)
            QTest::keyClick(a, Qt::Key_S);
        VERIFY_ALIGNED("S x40 on AFTER");
        for (int i = 0; i < 10; ++i)
            QTest::keyClick(a, Qt::Key_W);
        for (int i = 0; i < 80; ++i)
            QTest::keyClick(a, Qt::Key_A);
        VERIFY_ALIGNED("W x10, A x80 on AFTER");
        a->zoomAt(a->timeArea().right(), 0.01);
        VERIFY_ALIGNED("zoom at AFTER's right edge");
        b->panByPixels(-5000);
        VERIFY_ALIGNED("a long drag on BEFORE");
        b->fitAll();
        VERIFY_ALIGNED("fit all on BEFORE");
        a->fitAll();
        VERIFY_ALIGNED("fit all on AFTER");
    }

    void operatorSelectionDrawsOneFlowPerRow()
    {
        // An operator row whose calls launch several kernels on one stream: one flow per GPU row, not
        // a fan of one per kernel over the bars they point at.
        CompareWindow window;
        window.resize(1600, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(compareAndWait(window, opPair("embedding_projection", "profile.json"),
                               opPair("embedding_projection", "profile_optimized.json")));
        const Comparison &c = *window.comparison();
        TimelineView *views[2] = {window.timelines()->timeline(Side::Before),
                                  window.timelines()->timeline(Side::After)};
        // The operator row whose first call has the most kernels on either side.
        int best = -1;
        size_t most = 0;
        for (size_t r = 0; r < c.diff.operators.size(); ++r) {
            const OperatorDiffRow &row = c.diff.operators[r];
            for (int s = 0; s < 2; ++s) {
                const std::vector<Index> &ops = s == 0 ? row.beforeOps : row.afterOps;
                if (!ops.empty() && views[s]->model()->kernelsOfOperator(ops.front()).size() > most) {
                    most = views[s]->model()->kernelsOfOperator(ops.front()).size();
                    best = int(r);
                }
            }
        }
        qInfo("operator row %d: %zu kernels in one call", best, most);
        QVERIFY(best >= 0 && most >= 3);
        window.selection()->set(DiffLevel::Operator, best);
        for (int s = 0; s < 2; ++s) {
            TimelineView *view = views[s];
            const EventRef op = view->selection();
            if (!op.valid())
                continue; // the row has no call on this side (an added or removed row)
            QCOMPARE(int(op.kind), int(EventKind::Operator));
            view->fitToSelection();
            view->viewport()->repaint();
            std::set<int> rows;
            for (const Index k : view->model()->kernelsOfOperator(op.index))
                rows.insert(view->model()->rowOf({EventKind::Kernel, k}));
            qInfo("%s: %zu kernels on %zu rows, %d flows", s == 0 ? "before" : "after",
                  view->model()->kernelsOfOperator(op.index).size(), rows.size(), view->lastPaintStats().flowArrows);
            QVERIFY(view->lastPaintStats().flowArrows <= int(rows.size()));
            QVERIFY(view->lastPaintStats().flowArrows >= 1);
        }
    }

    void dialogLabelsAreMnemonics()
    {
        // "&Before (baseline):" beside a line edit and a Browse button: the label's buddy is the line
        // edit, so the '&' underlines B (Alt+B) instead of showing as text.
        CompareDialog dialog;
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        auto *before = dialog.findChild<QLineEdit *>(QStringLiteral("before"));
        auto *after = dialog.findChild<QLineEdit *>(QStringLiteral("after"));
        QVERIFY(before && after);
        int mnemonics = 0;
        for (QLabel *label : dialog.findChildren<QLabel *>()) {
            const QString text = label->text();
            if (!text.contains(QLatin1Char('&')) || text.contains(QLatin1String("&&")))
                continue;
            ++mnemonics;
            QVERIFY2(label->buddy(), qPrintable(QStringLiteral("'%1' shows its & as text: no buddy").arg(text)));
            if (text.startsWith(QLatin1String("&Before")))
                QCOMPARE(label->buddy(), before);
            if (text.startsWith(QLatin1String("&After")))
                QCOMPARE(label->buddy(), after);
        }
        QCOMPARE(mnemonics, 2);
        dialog.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&dialog));
        after->setFocus();
        QTest::keyClick(&dialog, Qt::Key_B, Qt::AltModifier);
        QCOMPARE(QApplication::focusWidget(), before);
    }

    void summarySaysWhatItCounts()
    {
        CompareWindow window;
        QVERIFY(compareAndWait(window, gpt4("gpt4_fp32_infer"), gpt4("gpt4_bf16_infer")));
        const DiffTotals &t = window.comparison()->diff.totals;
        const QString figures = window.summary()->figures();
        for (const auto &[what, counts] :
             {std::pair{QStringLiteral("matched"),
                        std::array<size_t, 3>{t.matchedModules, t.matchedOperatorRows, t.matchedKernels}},
              std::pair{QStringLiteral("added (after only)"),
                        std::array<size_t, 3>{t.addedModules, t.addedOperatorRows, t.addedKernels}},
              std::pair{QStringLiteral("removed (before only)"),
                        std::array<size_t, 3>{t.removedModules, t.removedOperatorRows, t.removedKernels}}}) {
            const QString expected = QStringLiteral("%1 %2 modules, %3 operator rows, %4 kernels")
                                         .arg(what)
                                         .arg(counts[0])
                                         .arg(counts[1])
                                         .arg(counts[2]);
            QVERIFY2(figures.contains(expected), qPrintable(figures + "\nlacks: " + expected));
        }
        QCOMPARE(t.matchedKernels, size_t(46));
        QVERIFY(!figures.contains(QLatin1String(" / ")));
    }

    void ctrlWClosesTheWindow()
    {
        CompareWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(compareAndWait(window, convBlock("profile.json"), convBlock("profile_optimized.json")));
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        // With the focus on a timeline, whose W zooms: Ctrl+W still closes.
        TimelineView *timeline = window.timelines()->timeline(Side::Before);
        timeline->setFocus();
        const int64_t span = timeline->visibleEnd() - timeline->visibleStart();
        QTest::keyClick(timeline, Qt::Key_W, Qt::ControlModifier);
        QVERIFY(!window.isVisible());
        QCOMPARE(timeline->visibleEnd() - timeline->visibleStart(), span);
    }

    void counterCellsCarryUnits_data()
    {
        // The matched kernel row with the most time before: the fp32 -> bf16 GEMM of the lm head
        // (ncu_raw.csv, units given), and embedding_projection's big fp32 -> bf16 GEMM (profile.json:
        // the seed's ncu values lost their units; k_00300 has 5.36 beside 5,352,277 ns of nsys time, so
        // ms, and k_00047 976.61 beside 973,799 ns, so us: as written they read as an 18,000 % rise).
        QTest::addColumn<QStringList>("before");
        QTest::addColumn<QStringList>("after");
        QTest::addColumn<QStringList>("duration"); // before, after, change
        QTest::addColumn<QString>("smThroughput"); // before
        QTest::newRow("gpt4 fp32 -> bf16")
            << gpt4("gpt4_fp32_infer") << gpt4("gpt4_bf16_infer") << QStringList{"", "", ""} << QString();
        QTest::newRow("embedding_projection")
            << opPair("embedding_projection", "profile.json")
            << opPair("embedding_projection", "profile_optimized.json")
            << QStringList{"5.36 ms", "977 µs", QString(QChar(0x2212)) + "4.38 ms"} << QStringLiteral("63.7 %");
    }

    void counterCellsCarryUnits()
    {
        QFETCH(QStringList, before);
        QFETCH(QStringList, after);
        QFETCH(QStringList, duration);
        QFETCH(QString, smThroughput);
        CompareWindow window;
        QVERIFY(compareAndWait(window, before, after));
        const ProfileDiff &diff = window.comparison()->diff;
        int row = -1;
        for (size_t r = 0; r < diff.kernels.size(); ++r)
            if (diff.kernels[r].status == DiffStatus::Matched &&
                (row < 0 || diff.kernels[r].duration.before > diff.kernels[size_t(row)].duration.before))
                row = int(r);
        QVERIFY(row >= 0);
        window.selection()->set(DiffLevel::Kernel, row);
        DiffCounterModel *model = window.counters()->model();
        const QModelIndex time = model->indexOfMetric(QStringLiteral("gpu__time_duration.sum"));
        QVERIFY(time.isValid());
        const CounterDelta *delta = model->deltaAt(time);
        QCOMPARE(QString::fromStdString(delta->unit), QStringLiteral("ns"));
        QStringList cells;
        for (int column :
             {DiffCounterModel::BeforeColumn, DiffCounterModel::AfterColumn, DiffCounterModel::ChangeColumn})
            cells << time.siblingAtColumn(column).data().toString();
        qInfo("%s: duration %s", qPrintable(kernelRowName(*window.comparison(), diff.kernels[size_t(row)])),
              qPrintable(cells.join(" | ")));
        // Each is the duration helper's text of the value in ns, and the change is a fall.
        QCOMPARE(cells, (QStringList{formatDuration(delta->before), formatDuration(delta->after),
                                     QString(QChar(0x2212)) + formatDuration(std::abs(delta->delta()))}));
        QVERIFY(delta->pctDifference() < 0);
        if (!duration.front().isEmpty())
            QCOMPARE(cells, duration);
        // Percentages say so.
        const QModelIndex sm = model->indexOfMetric(QStringLiteral("sm__throughput.avg.pct_of_peak_sustained_elapsed"),
                                                    DiffCounterModel::BeforeColumn);
        QVERIFY(sm.isValid());
        QVERIFY2(sm.data().toString().endsWith(QLatin1String(" %")), qPrintable(sm.data().toString()));
        if (!smThroughput.isEmpty())
            QCOMPARE(sm.data().toString(), smThroughput);
    }

    // The Memory tab: the peaks of both sides as analyzeMemory reads each profile, the rows by kind
    // and by module as the diff's MemoryDiff, coloured as the time tables (less memory green).
    void memoryTabShowsPeaksAndRows()
    {
        QTemporaryDir dir;
        const QStringList h100 = h100Memory(dir);
        QVERIFY(!h100.isEmpty());
        CompareWindow window;
        window.show();
        CompareMemory *tab = window.memory();
        QVERIFY(tab);
        QCOMPARE(window.tableTabs()->tabText(window.tableTabs()->indexOf(tab)), QStringLiteral("M&emory"));
        QAbstractItemModelTester peaksTester(tab->model(DiffMemoryModel::By::Peak),
                                             QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester kindTester(tab->model(DiffMemoryModel::By::Kind),
                                            QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester moduleTester(tab->model(DiffMemoryModel::By::Module),
                                              QAbstractItemModelTester::FailureReportingMode::QtTest);

        // The same H100 step on both sides: equal peaks, every row unchanged.
        QVERIFY(compareAndWait(window, h100, h100));
        auto c = window.comparison();
        const MemoryDiff &m = c->diff.memory;
        QVERIFY(m.present && tab->hasMemory());
        QVERIFY(!tab->emptyLabel()->isVisibleTo(tab));
        std::array<const DeviceMemory *, 2> primary{};
        std::array<MemoryReport, 2> reports;
        for (int s = 0; s < 2; ++s) {
            reports[size_t(s)] = analyzeMemory(c->profile(Side(s)));
            primary[size_t(s)] = reports[size_t(s)].primary();
            QVERIFY(primary[size_t(s)]);
        }
        const DiffMemoryModel *peaks = tab->model(DiffMemoryModel::By::Peak);
        QCOMPARE(peaks->rowCount(), 2);
        QCOMPARE(peaks->rowAt(0).before, primary[0]->peak_allocated);
        QCOMPARE(peaks->rowAt(0).after, primary[1]->peak_allocated);
        QCOMPARE(peaks->rowAt(0).before, int64_t(2735206400)); // max_memory_allocated() of the step
        QCOMPARE(peaks->rowAt(1).before, primary[0]->peak_reserved);
        QCOMPARE(peaks->rowAt(1).after, primary[1]->peak_reserved);
        QCOMPARE(peaks->data(peaks->index(0, DiffMemoryModel::BeforeColumn)).toString(), QStringLiteral("2.74 GB"));
        QCOMPARE(peaks->data(peaks->index(0, DiffMemoryModel::DeltaColumn)).toString(), QStringLiteral("0 B"));
        QCOMPARE(peaks->data(peaks->index(0, DiffMemoryModel::RatioColumn)).toString(), QStringLiteral("1.000×"));
        QVERIFY(!peaks->data(peaks->index(0, DiffMemoryModel::DeltaColumn), Qt::BackgroundRole).isValid());
        QVERIFY(tab->devicesLabel()->text().contains(QStringLiteral("2,735,206,400 B")));
        QVERIFY(!m.byKind.empty() && !m.byModule.empty());
        QString problem = memoryRowsProblem(*tab->model(DiffMemoryModel::By::Kind), m.byKind);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        problem = memoryRowsProblem(*tab->model(DiffMemoryModel::By::Module), m.byModule);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        int64_t kinds = 0;
        for (const MemoryDiffRow &r : m.byKind) {
            QCOMPARE(r.before, r.after);
            kinds += r.after;
        }
        QCOMPARE(kinds, primary[1]->peak_allocated); // what holds the peak adds up to it

        // Memory BEFORE only (conv_block has no allocator events): AFTER's column is 0, every delta
        // is memory saved, tinted green as a time saved is.
        QVERIFY(compareAndWait(window, h100, convBlock("profile_optimized.json")));
        c = window.comparison();
        QVERIFY(c->diff.memory.present && tab->hasMemory());
        QCOMPARE(peaks->rowAt(0).before, int64_t(2735206400));
        QCOMPARE(peaks->rowAt(0).after, int64_t(0));
        QCOMPARE(peaks->data(peaks->index(0, DiffMemoryModel::RatioColumn)).toString(), QStringLiteral("gone"));
        QVERIFY(peaks->data(peaks->index(0, DiffMemoryModel::DeltaColumn))
                    .toString()
                    .startsWith(QChar(0x2212))); // "−2.74 GB"
        const auto tint = peaks->data(peaks->index(0, DiffMemoryModel::DeltaColumn), Qt::BackgroundRole);
        QVERIFY(tint.isValid());
        QCOMPARE(tint.value<QBrush>().color(), diffTint(-2735206400, 2735206400, QGuiApplication::palette()));
        problem = memoryRowsProblem(*tab->model(DiffMemoryModel::By::Kind), c->diff.memory.byKind);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        problem = memoryRowsProblem(*tab->model(DiffMemoryModel::By::Module), c->diff.memory.byModule);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        for (const MemoryDiffRow &r : c->diff.memory.byModule)
            QCOMPARE(r.after, int64_t(0));
    }

    // Neither side has memory events: the tab says why instead of empty tables.
    void memoryTabExplainsWithoutMemory()
    {
        CompareWindow window;
        window.show();
        QVERIFY(compareAndWait(window, convBlock("profile.json"), convBlock("profile_optimized.json")));
        CompareMemory *tab = window.memory();
        QVERIFY(!window.comparison()->diff.memory.present);
        QVERIFY(!tab->hasMemory());
        window.tableTabs()->setCurrentWidget(tab);
        QVERIFY(tab->emptyLabel()->isVisible());
        QVERIFY(tab->emptyLabel()->text().contains(QStringLiteral("No memory events in either profile")));
        QVERIFY(tab->emptyLabel()->text().contains(QStringLiteral("profile_memory=True")));
        QCOMPARE(tab->model(DiffMemoryModel::By::Peak)->rowCount(), 0);
        QCOMPARE(tab->model(DiffMemoryModel::By::Module)->rowCount(), 0);
    }

    void failedComparisonKeepsTheOneOnShow()
    {
        CompareWindow window;
        QVERIFY(compareAndWait(window, convBlock("profile.json"), convBlock("profile_optimized.json")));
        const auto shown = window.comparison();
        const QString headline = window.summary()->headline();

        QSignalSpy finished(&window, &CompareWindow::comparisonFinished);
        window.compare(convBlock("profile.json"), {QString::fromStdString(fixture("README.md"))});
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.last().at(0).toBool(), false);
        const QString message = finished.last().at(1).toString();
        QVERIFY2(message.contains("README.md") && message.startsWith("After"), qPrintable(message));
        QCOMPARE(window.comparison(), shown);
        QCOMPARE(window.summary()->headline(), headline);
        QCOMPARE(window.operatorView()->model()->comparison(), shown.get());
    }

    void cancelKeepsTheOneOnShow()
    {
        CompareWindow window;
        QVERIFY(compareAndWait(window, convBlock("profile.json"), convBlock("profile_optimized.json")));
        const auto shown = window.comparison();
        QSignalSpy finished(&window, &CompareWindow::comparisonFinished);
        window.compare(gpt4("gpt4_fp32_infer"), gpt4("gpt4_bf16_infer"));
        QVERIFY(window.isLoading());
        window.cancel();
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.count(), 1);
        QCOMPARE(finished.last().at(0).toBool(), false);
        QCOMPARE(finished.last().at(1).toString(), QStringLiteral("cancelled"));
        QVERIFY(!window.isLoading());
        QCOMPARE(window.comparison(), shown);
    }

    void openAsBaselineComparesTheOpenProfile()
    {
        MainWindow main;
        QSignalSpy opened(&main, &MainWindow::openFinished);
        main.openFiles(convBlock("profile_optimized.json"));
        QVERIFY(opened.wait(60000) && opened.last().at(0).toBool());
        auto *actions = main.findChild<CompareActions *>();
        QVERIFY(actions);
        CompareWindow *window = actions->compareWindow();
        QSignalSpy finished(window, &CompareWindow::comparisonFinished);
        QVERIFY(actions->openAsBaseline(convBlock("profile.json")));
        QVERIFY(finished.wait(60000) && finished.last().at(0).toBool());
        // AFTER is the capture the main window holds, not a second load of it.
        QCOMPARE(window->comparison()->captures[1], main.capture());
        // ...nor a second timeline model: the AFTER timeline shows the main window's.
        QCOMPARE(window->timelines()->timeline(Side::After)->model(), main.timeline()->model());
        QCOMPARE(window->comparison()->paths[1], main.profilePaths());
        QCOMPARE(window->summary()->speedup(), 529757.0 / 325691.0);
        QVERIFY(window->windowTitle().startsWith("profile.json → profile_optimized.json"));
    }

    void coloursFollowDirectionSizeAndPalette()
    {
        QPalette light, dark;
        light.setColor(QPalette::Base, Qt::white);
        light.setColor(QPalette::Text, Qt::black);
        dark.setColor(QPalette::Base, QColor(30, 30, 30));
        dark.setColor(QPalette::Text, Qt::white);
        const int64_t step = 1000000;
        // Faster is green, slower red; a larger change is a stronger tint; none is no tint.
        QVERIFY(diffTint(-1000, step, light).green() > diffTint(-1000, step, light).red());
        QVERIFY(diffTint(1000, step, light).red() > diffTint(1000, step, light).green());
        QVERIFY(!diffTint(0, step, light).isValid());
        QVERIFY(diffStrength(-200000, step) > diffStrength(-10000, step));
        QCOMPARE(diffStrength(-200000, step), 1.0);
        QVERIFY(diffTint(-200000, step, light).lightness() < diffTint(-10000, step, light).lightness());
        // Tints sit on the palette's base: light on a light theme, dark on a dark one.
        QVERIFY(diffTint(-200000, step, light).lightness() > 100);
        QVERIFY(diffTint(-200000, step, dark).lightness() < 128);
        QVERIFY(diffInk(-1, dark).lightness() > diffInk(-1, light).lightness());
        // The table cells use the same rule.
        const TimePair faster{200000, 100000};
        QCOMPARE(pairCell(faster, PairColumn::Ratio, Qt::DisplayRole, step).toString(), QStringLiteral("0.500×"));
        QCOMPARE(pairCell(faster, PairColumn::Delta, Qt::DisplayRole, step).toString(),
                 QString(QChar(0x2212)) + QStringLiteral("100 µs"));
        QCOMPARE(pairCell(TimePair{0, 5}, PairColumn::Ratio, Qt::DisplayRole, step).toString(), QStringLiteral("new"));
    }
};

} // namespace tst_compare_suite

OPSCOPE_TEST_SUITE(tst_compare, tst_compare_suite::TestCompare, Gui)
#include "tst_compare.moc"
