// The Memory tab and the timeline's memory track on real captures with allocator events: the H100
// training step of tests/data/h100_gpt12_memory (torch.profiler trace and allocator history; 12-block
// GPT, peak 2,735,206,400 bytes, the allocator's own) and TraceLens' bert-small GPU trace (GPU and host
// memory). The tab shows analyzeMemory's peak; its by-kind and by-module rows add up to it; a module
// selected anywhere keeps its blocks and highlights its bytes; a block picked selects the operator
// that allocated it in the other views; the timeline has a memory row per device, painted; a profile
// without allocator events says why the tab is empty.
#include "common/selection.h"
#include "main_window.h"
#include "models/memory_models.h"
#include "models/model_roles.h"
#include "models/profile_analysis.h"
#include "models/profile_loader.h"
#include "models/sort_filter_proxy.h"
#include "test_suite.h"
#include "test_util.h"
#include "timeline/timeline_view.h"
#include "views/memory_tables.h"
#include "views/memory_view.h"
#include "views/module_tree_view.h"

#include "opscope/memory.h"
#include "opscope/module_tree.h"

#include <QCheckBox>
#include <QComboBox>
#include <QImage>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

#include <set>

namespace tst_memory_view_suite {

using namespace opscope;
using namespace opscope::ui;
using opscope::test::fixture;

namespace {

constexpr int64_t kH100Peak = 2735206400; // max_memory_allocated() of the captured step

bool openAndWait(MainWindow &window, const QStringList &files)
{
    QSignalSpy finished(&window, &MainWindow::openFinished);
    window.openFiles(files);
    return finished.wait(120000) && finished.last().at(0).toBool();
}

// The H100 capture's two files, unpacked into `dir`.
QStringList h100Files(const QTemporaryDir &dir)
{
    QStringList files;
    for (const std::string &path : opscope::test::h100MemoryCapture(dir))
        files << QString::fromStdString(path);
    return files;
}

int64_t rowsBytes(const MemoryShareModel *model)
{
    int64_t total = 0;
    for (int r = 0; r < model->rowCount(); ++r)
        total += model->shareAt(r).bytes;
    return total;
}

QImage paint(TimelineView &view)
{
    QImage image(view.viewport()->size(), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    view.viewport()->render(&image);
    return image;
}

} // namespace

class TestMemoryView : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    QStringList h100_;
    std::unique_ptr<MainWindow> window_; // the H100 capture, opened once

private slots:
    void initTestCase()
    {
        h100_ = h100Files(dir_);
        QVERIFY(!h100_.isEmpty());
        window_ = std::make_unique<MainWindow>();
        window_->resize(1600, 1000);
        window_->show();
        QVERIFY(QTest::qWaitForWindowExposed(window_.get()));
        QVERIFY(openAndWait(*window_, h100_));
    }

    void tabShowsThePeakOfAnalyzeMemory()
    {
        MainWindow &window = *window_;
        const MemoryReport expected = analyzeMemory(*window.profile());
        QVERIFY(expected.primary() && expected.primary()->device == 0);
        QCOMPARE(expected.primary()->peak_allocated, kH100Peak);
        QTabWidget *tabs = window.analysisTabs();
        MemoryView *view = window.memory();
        QVERIFY(tabs->indexOf(view) >= 0 && tabs->isTabVisible(tabs->indexOf(view)));
        QVERIFY(view->hasMemory());
        QVERIFY(!view->emptyMessage()->isVisibleTo(view));
        QCOMPARE(view->device(), 0);
        QCOMPARE(view->summary()->property("peakAllocated").toLongLong(), kH100Peak);
        QCOMPARE(view->summary()->property("peakReserved").toLongLong(), expected.primary()->peak_reserved);
        QVERIFY2(view->summary()->text().contains(QStringLiteral("2,735,206,400")),
                 qPrintable(view->summary()->text()));
        const int64_t fragmentation = expected.primary()->peak_reserved - kH100Peak;
        QVERIFY(fragmentation > 0);
        QVERIFY(view->summary()->text().contains(QLocale(QLocale::English).toString(qlonglong(fragmentation))));
        qInfo("peak %lld allocated, %lld reserved, fragmentation %lld; %zu blocks alive at the peak",
              static_cast<long long>(kH100Peak), static_cast<long long>(expected.primary()->peak_reserved),
              static_cast<long long>(fragmentation), expected.primary()->alive_at_peak.size());
    }

    void kindAndModuleRowsAddUpToThePeak()
    {
        MemoryView *view = window_->memory();
        const MemoryShareModel *byKind = view->byKind()->model();
        const MemoryShareModel *byModule = view->byModule()->model();
        QVERIFY(byKind->rowCount() >= 2);
        QVERIFY(byModule->rowCount() > 10);
        QCOMPARE(rowsBytes(byKind), kH100Peak);
        QCOMPARE(rowsBytes(byModule), kH100Peak);
        // The docs' figures: activations kept for the backward, allocated before the captured step.
        std::set<QString> kinds;
        for (int r = 0; r < byKind->rowCount(); ++r)
            kinds.insert(byKind->index(r, MemoryShareModel::NameColumn).data().toString());
        QVERIFY(kinds.count(QStringLiteral("activations")) && kinds.count(QStringLiteral("before_trace")));
        // Bars: the largest share's bar is its fraction of the peak.
        const QModelIndex bar = byModule->index(0, MemoryShareModel::BytesColumn);
        QCOMPARE(bar.data(BarRole).toDouble(), 100.0 * double(byModule->shareAt(0).bytes) / double(kH100Peak));
        // The block table: every block alive at the peak, sortable by size.
        const MemoryBlockModel *blocks = view->blocks()->model();
        QCOMPARE(size_t(blocks->rowCount()), window_->capture()->memory->primary()->alive_at_peak.size());
        QTreeView *table = view->blocks()->view();
        table->sortByColumn(MemoryBlockModel::SizeColumn, Qt::DescendingOrder);
        const QAbstractItemModel *shown = table->model();
        for (int r = 1; r < shown->rowCount(); ++r)
            QVERIFY(shown->index(r - 1, 0).data(SortRole).toDouble() >= shown->index(r, 0).data(SortRole).toDouble());
    }

    void selectingAModuleFiltersItsBlocksAndBytes()
    {
        MainWindow &window = *window_;
        const ModuleTree &tree = window.analysis()->tree;
        const int node = tree.find("blocks.0");
        QVERIFY(node >= 0);
        MemoryView *view = window.memory();
        const MemoryBlockModel *blocks = view->blocks()->model();
        const int all = blocks->rowCount();
        window.selection()->setModule(node);
        QVERIFY(blocks->rowCount() > 0 && blocks->rowCount() < all);
        for (int r = 0; r < blocks->rowCount(); ++r)
            QVERIFY(tree.contains(node, blocks->nodeOfBlock(blocks->blockAt(r))));
        // Its shares (blocks.0 and the modules below it) are highlighted, and their bytes said.
        const QModelIndexList shares = view->byModule()->highlightedRows();
        QVERIFY(!shares.isEmpty());
        int64_t held = 0;
        for (const QModelIndex &i : shares) {
            QVERIFY(tree.contains(node, view->byModule()->model()->nodeAt(i.row())));
            held += view->byModule()->model()->shareAt(i.row()).bytes;
        }
        QCOMPARE(view->scope()->property("moduleBytes").toLongLong(), held);
        QVERIFY(held > 0);
        qInfo("blocks.0: %d of %d blocks alive at the peak, %lld bytes", blocks->rowCount(), all,
              static_cast<long long>(held));
        // "Every module" clears the selection, and the filter with it.
        QVERIFY(view->showAll()->isVisibleTo(view));
        view->showAll()->click();
        QVERIFY(window.selection()->isEmpty());
        QCOMPARE(blocks->rowCount(), all);
        QVERIFY(!view->showAll()->isVisibleTo(view));
    }

    void pickingABlockSelectsItsOperator()
    {
        MainWindow &window = *window_;
        const Profile &p = *window.profile();
        MemoryBlockTable *table = window.memory()->blocks();
        const MemoryBlockModel *blocks = table->model();
        int row = -1;
        for (int r = 0; r < blocks->rowCount() && row < 0; ++r)
            if (const Index op = p.memory_blocks[blocks->blockAt(r)].alloc_op;
                op != kNoIndex && p.operators[op].module != kNoIndex)
                row = r;
        QVERIFY(row >= 0);
        const Index op = p.memory_blocks[blocks->blockAt(row)].alloc_op;
        table->view()->setCurrentIndex(table->proxy()->mapFromSource(blocks->index(row, 0)));
        QCOMPARE(window.selection()->kind(), Selection::Kind::Operator);
        QCOMPARE(window.selection()->index(), op);
        // The other views follow: the timeline selects the call, the module tree its module.
        QCOMPARE(window.timeline()->selection(), (EventRef{EventKind::Operator, op}));
        const int node = window.analysis()->tree.nodeOf(p.operators[op].module);
        bool moduleHighlighted = false;
        for (const QModelIndex &i : window.moduleTree()->highlightedRows())
            moduleHighlighted = moduleHighlighted || i.data(IdRole).toInt() == node;
        QVERIFY(moduleHighlighted);
        // The block's own row stays highlighted with every other block of that call.
        QVERIFY(!table->highlightedRows().isEmpty());
        window.selection()->clear();
    }

    void everyFreedBlockSaysWhatFreedIt()
    {
        // Item 11 of issue 39: blocks with a "Freed at" time read "Freed by -" when no operator was running
        // (the optimizer's step, frees between ops): they now say so, and in which module or phase.
        MainWindow &window = *window_;
        const Profile &p = *window.profile();
        MemoryBlockTable *table = window.memory()->blocks();
        table->peakOnly()->setChecked(false); // every block of the device
        const MemoryBlockModel *blocks = table->model();
        int outsideOperators = 0;
        for (int r = 0; r < blocks->rowCount(); ++r) {
            const MemoryBlock &b = p.memory_blocks[blocks->blockAt(r)];
            const QString freedAt = blocks->index(r, MemoryBlockModel::FreedAtColumn).data().toString();
            const QString freedBy = blocks->index(r, MemoryBlockModel::FreedByColumn).data().toString();
            const QString allocatedBy = blocks->index(r, MemoryBlockModel::OperatorColumn).data().toString();
            QVERIFY(freedBy != QLatin1String("-") && allocatedBy != QLatin1String("-"));
            if (b.free_sample != kNoIndex) {
                QVERIFY(freedAt != QLatin1String("-"));
                if (b.free_op == kNoIndex) {
                    ++outsideOperators;
                    QVERIFY2(freedBy.startsWith(QStringLiteral("(no operator")), qPrintable(freedBy));
                    if (b.free_module != kNoIndex)
                        QVERIFY2(freedBy.contains(QString::fromStdString(modulePathText(p, b.free_module))),
                                 qPrintable(freedBy));
                }
            }
        }
        QVERIFY(outsideOperators > 0); // the capture has such blocks
        table->peakOnly()->setChecked(true);
    }

    void timelineHasAPaintedMemoryRow()
    {
        MainWindow &window = *window_;
        TimelineView *timeline = window.timeline();
        const TimelineModel *model = window.capture()->timeline.get();
        int track = -1;
        for (size_t t = 0; t < model->tracks().size(); ++t)
            if (model->tracks()[t].kind == TrackKind::DeviceMemory && model->tracks()[t].device == 0)
                track = int(t);
        QVERIFY(track >= 0);
        const TimelineTrack &memory = model->tracks()[size_t(track)];
        QCOMPARE(memory.rowCount, 1);
        QCOMPARE(model->rows()[size_t(memory.firstRow)].group, RowGroup::MemoryCurve);
        // Under the GPU streams, above the CPU threads.
        QVERIFY(track > 0 && model->tracks()[size_t(track) - 1].kind != TrackKind::CpuThread);
        const MemoryCurve &curve = model->memoryCurves()[size_t(memory.memoryCurve)];
        QCOMPARE(curve.scale, std::max(kH100Peak, window.capture()->memory->primary()->peak_reserved));
        // Over the whole curve, one column's highest allocated total is the peak.
        QCOMPARE(curve.column(curve.times.front(), curve.end + 1).maxAllocated, kH100Peak);
        timeline->fitAll();
        paint(*timeline);
        const int columns = timeline->lastPaintStats().memoryColumns;
        qInfo("memory columns painted: %d", columns);
        QVERIFY(columns > 100);
        // The tooltip over the curve gives its totals.
        const int x = timeline->labelWidth() + 200;
        int y = -1;
        for (int v = 0; v < timeline->viewport()->height() && y < 0; ++v)
            if (timeline->toolTipAt(QPoint(x, v)).contains(QStringLiteral("GPU 0 memory")))
                y = v;
        QVERIFY(y >= 0);
    }

    void bertSmallHasGpuAndHostMemory()
    {
        MainWindow window;
        QVERIFY(openAndWait(window, {QString::fromStdString(fixture(
                                        "public/kineto/TraceLens__gaunernst_bert-small-uncased__1016001.json"))}));
        MemoryView *view = window.memory();
        const MemoryReport expected = analyzeMemory(*window.profile());
        QCOMPARE(expected.devices.size(), size_t(2)); // GPU 0, then host memory
        QCOMPARE(view->deviceBox()->count(), 2);
        QCOMPARE(view->summary()->property("peakAllocated").toLongLong(), int64_t(101305344));
        view->deviceBox()->setCurrentIndex(1);
        QCOMPARE(view->device(), 1);
        QCOMPARE(view->summary()->property("peakAllocated").toLongLong(), expected.devices[1].peak_allocated);
        QCOMPARE(rowsBytes(view->byModule()->model()), expected.devices[1].peak_allocated);
        QCOMPARE(rowsBytes(view->byKind()->model()), expected.devices[1].peak_allocated);
        int memoryTracks = 0;
        for (const TimelineTrack &t : window.capture()->timeline->tracks())
            memoryTracks += t.kind == TrackKind::DeviceMemory;
        QCOMPARE(memoryTracks, 2);
    }

    void profileWithoutMemorySaysWhy()
    {
        MainWindow window;
        QVERIFY(openAndWait(window, {QString::fromStdString(fixture("h100/mlp_bf16_infer/nsys.sqlite"))}));
        QVERIFY(window.profile()->memory_samples.empty());
        MemoryView *view = window.memory();
        QVERIFY(!view->hasMemory());
        QVERIFY(view->emptyMessage()->isVisibleTo(view));
        QVERIFY(view->emptyMessage()->text().contains(QStringLiteral("profile_memory=True")));
        QVERIFY(view->emptyMessage()->text().contains(QStringLiteral("opscope capture")));
        for (const TimelineTrack &t : window.capture()->timeline->tracks())
            QVERIFY(t.kind != TrackKind::DeviceMemory);
    }

    void cleanupTestCase() { window_.reset(); }
};

} // namespace tst_memory_view_suite

OPSCOPE_TEST_SUITE(tst_memory_view, tst_memory_view_suite::TestMemoryView, Gui)
#include "tst_memory_view.moc"
