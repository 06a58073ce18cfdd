// The explorer's data views: every item model passes QAbstractItemModelTester, the module tree groups
// identical blocks, one Selection drives the tables, the counter panel and the roofline.
// Real profiles: h100/gpt4_bf16_infer (nsys + ncu) and the Operator Profiler's conv_block profile.json;
// a small hand-built profile covers exact spreads, "not collected" counters and pinned roofline points.
#include "generation_request.h"
#include "models/counter_model.h"
#include "models/kernel_table_model.h"
#include "models/model_roles.h"
#include "models/module_tree_model.h"
#include "models/operator_table_model.h"
#include "models/sort_filter_proxy.h"
#include "opscope/capture_import.h"
#include "opscope/importer.h"
#include "opscope/insights.h"
#include "opscope/operator_profiler_json.h"
#include "test_suite.h"
#include "test_util.h"
#include "views/counter_panel.h"
#include "views/filter_bar.h"
#include "views/insights_view.h"
#include "views/kernel_table_view.h"
#include "views/module_tree_view.h"
#include "views/operator_table_view.h"
#include "views/roofline_view.h"

#include <QAbstractItemModelTester>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>
#include <QTreeWidget>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include <qcustomplot.h>

namespace tst_views_suite {

using namespace opscope;
using namespace opscope::ui;
using opscope::test::fixture;

namespace {

// Module tree of the hand-built profile: model{blocks.0, blocks.1, blocks.2, head}; each block runs
// aten::mm (one gemm_kernel) then aten::relu (one relu_kernel); head runs aten::addmm; one init
// kernel before the capture. Block GPU times 120, 130, 150 ns; head 50 ns.
std::shared_ptr<const Profile> handBuiltProfile()
{
    auto p = std::make_shared<Profile>();
    auto module = [&](const char *path, const char *cls, int64_t start, int64_t end, Index parent) {
        p->modules.push_back({start, end, p->intern(path), p->intern(cls), parent, kNoIndex});
        return Index(p->modules.size() - 1);
    };
    auto op = [&](const char *name, const char *shapes, int64_t start, int64_t end, Index mod) {
        Operator o;
        o.start_ns = start;
        o.end_ns = end;
        o.name = p->intern(name);
        o.shapes = p->intern(shapes);
        o.module = mod;
        p->operators.push_back(o);
        return Index(p->operators.size() - 1);
    };
    const Index mSmClock = p->metricId("sm__cycles_elapsed.avg.per_second", "hz");
    const Index mSmspClock = p->metricId("smsp__cycles_elapsed.avg.per_second", "hz");
    const Index mDram = p->metricId("dram__bytes.sum.per_second", "byte/s");
    const Index mDramPeak = p->metricId("dram__bytes.sum.peak_sustained", "byte/cycle");
    const Index mDramClock = p->metricId("dram__cycles_elapsed.avg.per_second", "hz");
    const Index mFadd =
        p->metricId("smsp__sass_thread_inst_executed_op_fadd_pred_on.sum.per_cycle_elapsed", "inst/cycle");
    const Index mFfmaPeak = p->metricId("derived__sm__sass_thread_inst_executed_op_ffma_pred_on_x2", "inst");
    const Index mDuration = p->metricId("gpu__time_duration.sum", "ns");
    const Index mSm = p->metricId("sm__throughput.avg.pct_of_peak_sustained_elapsed", "%");
    auto kernel = [&](const char *name, int64_t start, int64_t duration, Index o, Index mod) {
        Kernel k;
        k.start_ns = start;
        k.end_ns = start + duration;
        k.name = k.short_name = p->intern(name);
        k.op = o;
        k.module = mod;
        k.grid = {64, 1, 1};
        k.block = {128, 1, 1};
        k.registers_per_thread = 32;
        p->kernels.push_back(k);
        return Index(p->kernels.size() - 1);
    };
    auto counter = [&](Index k, Index metric, double value) { p->kernel_counters.push_back({k, metric, value}); };
    // Roofline metrics: clocks 1 GHz, FP32 peak 1000 x 1e9, DRAM 1e10 B/s of a 100 x 1e9 B/s peak.
    auto roofline = [&](Index k, double faddPerCycle, int64_t duration) {
        for (auto [metric, value] : {std::pair{mSmClock, 1e9},
                                     {mSmspClock, 1e9},
                                     {mDram, 1e10},
                                     {mDramPeak, 100.0},
                                     {mDramClock, 1e9},
                                     {mFadd, faddPerCycle},
                                     {mFfmaPeak, 1000.0},
                                     {mDuration, double(duration)}})
            counter(k, metric, value);
    };

    const Index root = module("model", "Net", 0, 1000, kNoIndex);
    const int64_t gemm[3] = {100, 110, 130};
    const double sm[3] = {40, 50, 60};
    const double fadd[3] = {100, 200, 300};
    const Index init = kernel("fill_kernel", -500, 40, kNoIndex, kNoIndex);
    p->kernels[init].flags = kKernelOutsideCapture;
    for (int b = 0; b < 3; ++b) {
        const int64_t t = 300 * b;
        const std::string path = "blocks." + std::to_string(b);
        const Index m = module(path.c_str(), "Block", t, t + 300, root);
        const Index mm = op("aten::mm", "[[8, 64], [64, 64]]", t, t + 150, m);
        const Index relu = op("aten::relu", "[[8, 64]]", t + 150, t + 300, m);
        const Index g = kernel("gemm_kernel", t + 10, gemm[b], mm, m);
        roofline(g, fadd[b], gemm[b]);
        counter(g, mSm, sm[b]);
        const Index r = kernel("relu_kernel", t + 160, 20, relu, m);
        counter(r, mSm, 10);
        if (b == 2) // a kernel with roofline metrics but no floating-point work
            roofline(r, 0, 20);
    }
    const Index head = module("head", "Linear", 900, 1000, root);
    const Index addmm = op("aten::addmm", "[[10], [8, 64], [64, 10]]", 900, 1000, head);
    roofline(kernel("gemm_kernel", 910, 50, addmm, head), 50, 50);
    p->span_start_ns = -500;
    p->span_end_ns = 1000;
    p->finalize();
    return p;
}

std::shared_ptr<const ProfileAnalysis> gpt4Analysis()
{
    static const auto analysis = analyzeProfile(std::make_shared<Profile>(
        importCapture({fixture("h100/gpt4_bf16_infer/nsys.sqlite"), fixture("h100/gpt4_bf16_infer/ncu_raw.csv")})));
    return analysis;
}

std::shared_ptr<const ProfileAnalysis> convBlockAnalysis()
{
    static const auto analysis = analyzeProfile(std::make_shared<Profile>(
        importOperatorProfilerJson(fixture("public/operator_profiler/conv_block/profile.json"))));
    return analysis;
}

// A profile of one file, imported and attributed as the GUI does.
std::shared_ptr<const ProfileAnalysis> fileAnalysis(const std::string &relative)
{
    return analyzeProfile(std::make_shared<Profile>(importCapture({fixture(relative)})));
}

std::shared_ptr<const ProfileAnalysis> trainAnalysis()
{
    static const auto analysis = fileAnalysis("h100/kineto_gpt4_train.json");
    return analysis;
}

std::shared_ptr<const ProfileAnalysis> bertAnalysis()
{
    static const auto analysis = fileAnalysis("public/kineto/TraceLens__gaunernst_bert-small-uncased__1016001.json");
    return analysis;
}

std::shared_ptr<const ProfileAnalysis> onnxAnalysis()
{
    static const auto analysis =
        fileAnalysis("public/onnxruntime/vscode-onnxvalidate__onnxruntime_profile__2019-06-28_04-56-43.json");
    return analysis;
}

std::shared_ptr<const ProfileAnalysis> analysisNamed(const QString &name)
{
    if (name == QLatin1String("gpt4"))
        return gpt4Analysis();
    if (name == QLatin1String("conv_block"))
        return convBlockAnalysis();
    if (name == QLatin1String("train"))
        return trainAnalysis();
    if (name == QLatin1String("bert"))
        return bertAnalysis();
    static const auto hand = analyzeProfile(handBuiltProfile());
    return hand;
}

Index kernelByLabelOrName(const Profile &p, std::string_view text)
{
    for (Index k = 0; k < p.kernels.size(); ++k)
        if (p.text(p.kernels[k].label) == text || p.text(p.kernels[k].name) == text)
            return k;
    return kNoIndex;
}

void testModel(QAbstractItemModel *model)
{
    QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    Q_UNUSED(tester);
}

} // namespace

class TestViews : public QObject {
    Q_OBJECT
private slots:
    void everyModelPassesTheTester_data()
    {
        QTest::addColumn<QString>("profile");
        QTest::newRow("hand-built") << QStringLiteral("hand");
        QTest::newRow("conv_block profile.json") << QStringLiteral("conv_block");
        QTest::newRow("gpt4_bf16_infer nsys+ncu") << QStringLiteral("gpt4");
        QTest::newRow("kineto_gpt4_train (autograd rows)") << QStringLiteral("train");
        QTest::newRow("bert-small trace (nn.Module events)") << QStringLiteral("bert");
    }
    void everyModelPassesTheTester()
    {
        QFETCH(QString, profile);
        const auto analysis = analysisNamed(profile);
        QVERIFY(!analysis->profile->kernels.empty());

        ModuleTreeModel tree;
        tree.setAnalysis(analysis);
        testModel(&tree);
        SortFilterProxy treeProxy;
        treeProxy.setSourceModel(&tree);
        treeProxy.sort(ModuleTreeModel::GpuTotalColumn, Qt::DescendingOrder);
        treeProxy.setFilter(QStringLiteral("blocks\\.[13]|head"), true);
        testModel(&treeProxy);
        OperatorTableModel ops;
        ops.setAnalysis(analysis);
        testModel(&ops);
        ops.setGrouping(OperatorGrouping::ByNameAndShapes);
        testModel(&ops);
        KernelTableModel kernels;
        kernels.setAnalysis(analysis);
        testModel(&kernels);
        kernels.setStepOnly(false);
        QCOMPARE(kernels.rowCount(), int(analysis->profile->kernels.size()));
        testModel(&kernels);

        // Counter model for each kind of selection, behind the proxy the panel sorts and filters with.
        CounterModel counters;
        counters.setAnalysis(analysis);
        SortFilterProxy proxy;
        proxy.setSourceModel(&counters);
        const Profile &p = *analysis->profile;
        const Index stepKernel = analysis->stepKernels.back();
        const Index stepOp = p.kernels[stepKernel].op;
        QVERIFY(stepOp != kNoIndex);
        std::vector<Selection::State> states = {
            {Selection::Kind::Kernel, stepKernel},
            {Selection::Kind::Operator, stepOp, true, OperatorGrouping::ByNameAndShapes},
            {Selection::Kind::Operator, stepOp},
        };
        if (!analysis->tree.nodes.empty())
            states.push_back({Selection::Kind::Module, Index(analysis->tree.roots.front())});
        if (!analysis->tree.groups.empty())
            states.push_back({Selection::Kind::Group, 0});
        for (const Selection::State &state : states) {
            counters.show(state);
            QVERIFY(counters.kernelCount() > 0);
            testModel(&counters);
            proxy.setFilter(QStringLiteral("throughput|hit"), true);
            testModel(&proxy);
            proxy.setFilter(QString(), false);
        }
    }

    // sort() reads each row's key once and compares those; QSortFilterProxyModel's own sort compares
    // through data() (as the proxy's re-sorts on model changes do). Both, from the model's order, must give
    // the same order: text case-insensitively (ASCII and not), numbers numerically, absent values last
    // either way, mixed kinds and ties in model order.
    void sortOnKeysReadOnceOrdersAsComparingThroughData()
    {
        auto sorted = [](QAbstractItemModel &model, int column, Qt::SortOrder order, bool onKeys) {
            SortFilterProxy proxy;
            proxy.setSourceModel(&model);
            if (onKeys)
                proxy.sort(column, order);
            else
                proxy.QSortFilterProxyModel::sort(column, order);
            std::vector<int> rows;
            for (int r = 0; r < proxy.rowCount(); ++r)
                rows.push_back(proxy.mapToSource(proxy.index(r, 0)).row());
            return rows;
        };
        QStandardItemModel mixed;
        const QVariantList values = {QStringLiteral("beta"),
                                     QStringLiteral("Alpha"),
                                     QVariant(),
                                     QStringLiteral("alpha2"),
                                     3.5,
                                     QStringLiteral("\u00c9mile"),
                                     QStringLiteral("zeta"),
                                     QStringLiteral("\u00e9mile"),
                                     std::nan(""),
                                     -1.0,
                                     QStringLiteral("ALPHA"),
                                     3.5,
                                     QStringLiteral("Zeta")};
        for (const QVariant &v : values) {
            auto *item = new QStandardItem;
            item->setData(v, SortRole);
            mixed.appendRow(item);
        }
        for (const Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder}) {
            const std::vector<int> onKeys = sorted(mixed, 0, order, true);
            QCOMPARE(onKeys, sorted(mixed, 0, order, false));
            // The missing value and the NaN last in both orders.
            QVERIFY(std::set<int>({onKeys[onKeys.size() - 1], onKeys[onKeys.size() - 2]}) == std::set<int>({2, 8}));
        }
        // The texts alone, ascending: case-insensitive order.
        QStandardItemModel texts;
        for (const QVariant &v : values)
            if (v.typeId() == QMetaType::QString) {
                auto *item = new QStandardItem;
                item->setData(v, SortRole);
                texts.appendRow(item);
            }
        std::vector<QString> inOrder;
        for (const int row : sorted(texts, 0, Qt::AscendingOrder, true))
            inOrder.push_back(texts.index(row, 0).data(SortRole).toString());
        QVERIFY(std::is_sorted(inOrder.begin(), inOrder.end(), [](const QString &a, const QString &b) {
            return QString::compare(a, b, Qt::CaseInsensitive) < 0;
        }));
        QCOMPARE(inOrder.front(), QStringLiteral("Alpha")); // before "ALPHA": equal, model order

        // Every column of a real kernel table, both ways.
        const auto analysis = analysisNamed(QStringLiteral("gpt4"));
        KernelTableModel kernels;
        kernels.setAnalysis(analysis);
        kernels.setStepOnly(false);
        for (int column = 0; column < KernelTableModel::ColumnCount; ++column)
            for (const Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder})
                QVERIFY2(sorted(kernels, column, order, true) == sorted(kernels, column, order, false),
                         qPrintable(QString::number(column)));
    }

    void selectionEmitsOnceAndIgnoresReentry()
    {
        Selection selection;
        QSignalSpy changed(&selection, &Selection::changed);
        selection.setKernel(3);
        selection.setKernel(3); // no change: no signal
        QCOMPARE(changed.count(), 1);
        // A view answering changed() by selecting something else must not re-enter.
        connect(&selection, &Selection::changed, &selection, [&] { selection.setModule(1); });
        selection.setOperator(2);
        QCOMPARE(changed.count(), 2);
        QCOMPARE(selection.kind(), Selection::Kind::Operator);
        QCOMPARE(selection.index(), Index(2));
        selection.setOperatorRow(2, OperatorGrouping::ByName);
        QCOMPARE(changed.count(), 3);
        QVERIFY(selection.state().allCalls);
        selection.setKernel(kNoIndex); // an absent index clears
        QCOMPARE(selection.kind(), Selection::Kind::None);
    }

    void handBuiltTreeGroupsIdenticalBlocksWithTheirSpread()
    {
        const auto analysis = analysisNamed(QStringLiteral("hand"));
        ModuleTreeModel model;
        model.setAnalysis(analysis);
        QCOMPARE(model.rowCount(), 1); // model
        const QModelIndex root = model.index(0, 0);
        QCOMPARE(root.data().toString(), QStringLiteral("model"));
        QCOMPARE(model.rowCount(root), 2); // the group row and head
        const QModelIndex group = model.index(0, 0, root);
        QCOMPARE(group.data().toString(), QStringLiteral("blocks.* ×3"));
        QCOMPARE(ModuleTreeModel::ItemKind(group.data(KindRole).toInt()), ModuleTreeModel::ItemKind::Group);
        QCOMPARE(model.rowCount(group), 3);
        QCOMPARE(model.index(2, 0, group).data().toString(), QStringLiteral("blocks.2"));
        // Block totals 120, 130, 150 ns: min / median / max; group total 400 of a 450 ns step.
        QCOMPARE(group.siblingAtColumn(ModuleTreeModel::SpreadColumn).data().toString(),
                 QStringLiteral("120 ns / 130 ns / 150 ns"));
        QCOMPARE(group.siblingAtColumn(ModuleTreeModel::GpuTotalColumn).data(SortRole).toDouble(), 400.0);
        QCOMPARE(group.siblingAtColumn(ModuleTreeModel::KernelsColumn).data(SortRole).toDouble(), 6.0);
        QCOMPARE(group.siblingAtColumn(ModuleTreeModel::ShareColumn).data(SortRole).toDouble(), 100.0 * 400 / 450);
        // The median member has no direction (formatChangePct), the others their sign.
        QCOMPARE(model.index(1, ModuleTreeModel::SpreadColumn, group).data().toString(),
                 QStringLiteral("0.0 % vs median"));
        QCOMPARE(model.index(0, ModuleTreeModel::SpreadColumn, group).data().toString(),
                 QStringLiteral("\u22127.7 % vs median"));
        QCOMPARE(model.index(2, ModuleTreeModel::SpreadColumn, group).data().toString(),
                 QStringLiteral("+15.4 % vs median"));
        QCOMPARE(model.index(2, ModuleTreeModel::SpreadColumn, group).data(SortRole).toDouble(), 100.0 * 20 / 130);

        // Sorting by GPU total through the proxy: head (50) before the group (400) ascending.
        SortFilterProxy proxy;
        proxy.setSourceModel(&model);
        proxy.sort(ModuleTreeModel::GpuTotalColumn, Qt::AscendingOrder);
        const QModelIndex sortedRoot = proxy.index(0, 0);
        QCOMPARE(proxy.index(0, 0, sortedRoot).data().toString(), QStringLiteral("head"));
        const QModelIndex sortedGroup = proxy.index(1, 0, sortedRoot);
        QCOMPARE(proxy.index(0, 0, sortedGroup).data().toString(), QStringLiteral("blocks.0"));
        // Filtering keeps the ancestors of a match.
        proxy.setFilter(QStringLiteral("blocks\\.1$"), true);
        QCOMPARE(proxy.rowCount(proxy.index(0, 0)), 1);
        QCOMPARE(proxy.rowCount(proxy.index(0, 0, proxy.index(0, 0))), 1);
    }

    void handBuiltCountersAggregateAndSayNotCollected()
    {
        const auto analysis = analysisNamed(QStringLiteral("hand"));
        const Profile &p = *analysis->profile;
        CounterModel model;
        model.setAnalysis(analysis);
        const Index firstGemm = kernelByLabelOrName(p, "gemm_kernel");
        model.show({Selection::Kind::Kernel, firstGemm});
        QCOMPARE(model.indexOf(Quantity::SmThroughput).data().toString(), QStringLiteral("40.0 %"));
        QCOMPARE(model.indexOf(Quantity::SmThroughput).data(BarRole).toDouble(), 40.0);
        QCOMPARE(model.indexOf(Quantity::Duration).data().toString(), QStringLiteral("100 ns"));
        QCOMPARE(model.indexOf(Quantity::L2HitRate).data().toString(), QStringLiteral("not collected"));
        QCOMPARE(model.indexOf(Quantity::GridSize).data().toString(), QStringLiteral("(64, 1, 1) = 64"));
        QCOMPARE(model.indexOf(Quantity::Registers).data().toString(), QStringLiteral("32"));
        QCOMPARE(model.indexOfRawMetric(QStringLiteral("dram__bytes.sum.per_second"), CounterModel::UnitColumn)
                     .data()
                     .toString(),
                 QStringLiteral("byte/s"));

        // The group: 6 kernels, SM throughput weighted by duration: (40*100 + 50*110 + 60*130 + 3*10*20) / 400.
        model.show({Selection::Kind::Group, 0});
        QCOMPARE(model.kernelCount(), size_t(6));
        QCOMPARE(model.indexOf(Quantity::SmThroughput).data(SortRole).toDouble(), 17900.0 / 400.0);
        QVERIFY(model.indexOf(Quantity::SmThroughput, CounterModel::RuleColumn).data().toString().contains("mean"));
        // Work over DRAM traffic: (1e11*100 + 2e11*110 + 3e11*130) ns over 1e10 B/s * (100+110+130+20) ns.
        const QModelIndex intensity =
            model.index(model.indexOf(Quantity::Fp64Pipe).row() + 3, CounterModel::ValueColumn,
                        model.indexOf(Quantity::Fp64Pipe).parent());
        QCOMPARE(intensity.siblingAtColumn(CounterModel::NameColumn).data().toString(),
                 QStringLiteral("Arithmetic intensity (DRAM)"));
        QCOMPARE(intensity.data(SortRole).toDouble(), (1e11 * 100 + 2e11 * 110 + 3e11 * 130) / (1e10 * 360));
    }

    void handBuiltRooflinePinsKernelsWithoutWork()
    {
        const auto analysis = analysisNamed(QStringLiteral("hand"));
        const RooflineScene scene = buildRooflineScene(*analysis, {}, {});
        // 3 block gemms, head's gemm, block 2's relu (no FLOPs): the relu kernels of blocks 0/1 have no roofline row.
        QCOMPARE(scene.kernels.size(), size_t(5));
        QCOMPARE(std::count_if(scene.kernels.begin(), scene.kernels.end(), [](const auto &pt) { return pt.pinnedY; }),
                 1);
        const auto gemm1 = std::find_if(scene.kernels.begin(), scene.kernels.end(),
                                        [](const auto &pt) { return std::abs(pt.y - 2e11) < 1; });
        QVERIFY(gemm1 != scene.kernels.end());
        QCOMPARE(gemm1->x, 20.0);                   // 2e11 FLOP/s over 1e10 B/s
        QCOMPARE(scene.ceilings.size(), size_t(2)); // DRAM 1e11 B/s, FP32 1e12 FLOP/s
        QVERIFY(scene.ceilings[0].memory && scene.ceilings[0].peak == 1e11);
        QVERIFY(!scene.ceilings[1].memory && scene.ceilings[1].peak == 1e12);
        // Operator aggregates: aten::mm's three calls and aten::addmm; aten::relu's only roofline kernel has no work.
        RooflineOptions options;
        options.aggregates = RooflineAggregates::Operators;
        QCOMPARE(buildRooflineScene(*analysis, options, {}).aggregates.size(), size_t(3));

        // One precision: all the hand-built work is FP32, so the FP32 roofline has the same points; a
        // precision none of the kernels runs has every point pinned to the bottom edge.
        const QStringList precisions = rooflinePrecisions(*analysis);
        QCOMPARE(precisions, QStringList{QStringLiteral("FP32")});
        RooflineOptions fp32;
        fp32.precision = precisions.front();
        const RooflineScene fp32Scene = buildRooflineScene(*analysis, fp32, {});
        QCOMPARE(fp32Scene.kernels.size(), size_t(5));
        for (size_t i = 0; i < scene.kernels.size(); ++i) {
            QCOMPARE(fp32Scene.kernels[i].y, scene.kernels[i].y);
            QCOMPARE(fp32Scene.kernels[i].x, scene.kernels[i].x);
        }
        RooflineOptions fp64;
        fp64.precision = QStringLiteral("FP64");
        const RooflineScene fp64Scene = buildRooflineScene(*analysis, fp64, {});
        QCOMPARE(fp64Scene.kernels.size(), size_t(5));
        for (const RooflinePointData &point : fp64Scene.kernels)
            QVERIFY(point.pinnedY);
    }

    void kernelTableFillsOnceSeen()
    {
        // A kernel table behind another tab takes no rows when a profile arrives (mapping 10 M of them
        // through the sort proxy stalled the window 108 ms), lets go of the previous profile's, and fills
        // itself when shown, highlighting the selection made meanwhile.
        const auto analysis = analysisNamed(QStringLiteral("conv_block"));
        Selection selection;
        KernelTableView kernels(&selection);
        kernels.show();
        kernels.setAnalysis(analysis);
        QCOMPARE(kernels.model()->rowCount(), 38);
        kernels.hide();
        kernels.setAnalysis(analysis);
        QCOMPARE(kernels.model()->rowCount(), 0);
        QCOMPARE(kernels.proxy()->rowCount(), 0);
        const Index picked = analysis->stepKernels.at(5);
        selection.setKernel(picked);
        QVERIFY(kernels.highlightedRows().isEmpty());
        kernels.show();
        QCOMPARE(kernels.model()->rowCount(), 38);
        const QModelIndexList highlighted = kernels.highlightedRows();
        QCOMPARE(highlighted.size(), 1);
        QCOMPARE(kernels.model()->kernelAt(highlighted.front().row()), picked);
        // Left hidden, it fills itself a moment later on its own (issue 39: the click that shows it then
        // only lays the rows out); the selection is highlighted once it is seen.
        kernels.hide();
        kernels.setAnalysis(analysis);
        QCOMPARE(kernels.model()->rowCount(), 0);
        QTRY_COMPARE(kernels.model()->rowCount(), 38);
        QVERIFY(!kernels.isVisible());
        QVERIFY(kernels.highlightedRows().isEmpty());
        kernels.show();
        QCOMPARE(kernels.highlightedRows().size(), 1);
        QCOMPARE(kernels.model()->kernelAt(kernels.highlightedRows().front().row()), picked);
    }

    void convBlockTablesSortFilterAndShowCounters()
    {
        const auto analysis = analysisNamed(QStringLiteral("conv_block"));
        const Profile &p = *analysis->profile;
        Selection selection;
        KernelTableView kernels(&selection);
        kernels.show(); // a hidden table fills itself once shown (kernelTableFillsOnceSeen)
        kernels.setAnalysis(analysis);
        // 38 kernels in profile.json's operators, none unattributed (python3 json).
        QCOMPARE(kernels.model()->rowCount(), 38);
        kernels.proxy()->setFilter(QStringLiteral("^triton_"), true);
        // python3 json: 18 kernel_name values start with "triton_", 12 contain "convertTensor".
        QCOMPARE(kernels.proxy()->rowCount(), 18);
        kernels.proxy()->setFilter(QStringLiteral("convertTensor"), false);
        QCOMPARE(kernels.proxy()->rowCount(), 12);
        kernels.proxy()->setFilter(QString(), false);
        // Sorting by duration, descending: the longest kernel (91,808 ns, python3 json) comes first.
        kernels.proxy()->sort(KernelTableModel::DurationColumn, Qt::DescendingOrder);
        QCOMPARE(kernels.proxy()->index(0, KernelTableModel::DurationColumn).data(SortRole).toDouble(), 91808.0);

        // Counter panel: k_00329's own l1tex__t_sector_hit_rate.pct is 70.89 in the file.
        CounterPanel panel(&selection);
        panel.setAnalysis(analysis);
        panel.show();
        const Index k329 = kernelByLabelOrName(p, "k_00329");
        QVERIFY(k329 != kNoIndex);
        selection.setKernel(k329);
        QCOMPARE(panel.model()->indexOf(Quantity::L1HitRate).data(SortRole).toDouble(), 70.89);
        QCOMPARE(panel.model()->indexOf(Quantity::L1HitRate, CounterModel::MetricColumn).data().toString(),
                 QStringLiteral("l1tex__t_sector_hit_rate.pct"));
        QVERIFY(panel.title().contains(QStringLiteral("triton_poi_fused_convolution_0")));
        QCOMPARE(kernels.highlightedRows().size(), 1);
        QCOMPARE(kernels.model()->kernelAt(kernels.highlightedRows().front().row()), k329);

        // Operator table rows: 10 operator records; picking one selects the row for the counters.
        OperatorTableView ops(&selection);
        ops.setAnalysis(analysis);
        QCOMPARE(ops.model()->rowCount(), 10);
        const QModelIndex first = ops.proxy()->index(0, 0);
        ops.view()->setCurrentIndex(first);
        QCOMPARE(selection.kind(), Selection::Kind::Operator);
        QVERIFY(selection.state().allCalls);
        QCOMPARE(panel.model()->kernelCount(),
                 size_t(first.siblingAtColumn(OperatorTableModel::KernelsColumn).data(SortRole).toDouble()));
        // ... and the kernels table highlights that operator's kernels.
        QCOMPARE(kernels.highlightedRows().size(), int(panel.model()->kernelCount()));
    }

    void operatorTableGroupsByNameOrByNameAndShapes()
    {
        // gpt4_bf16_infer/kineto.json (record_shapes): 51 cpu_op aten::linear in 5 input shapes, 12 calls
        // each for the four block GEMMs and 3 for the head's [[8, 256, 768], [8192, 768], []] (python3 json).
        const auto analysis =
            analyzeProfile(std::make_shared<Profile>(importFile(fixture("h100/gpt4_bf16_infer/kineto.json"))));
        OperatorTableModel ops;
        ops.setAnalysis(analysis);
        auto linearRows = [&] {
            std::map<QString, int> calls; // shapes -> calls
            for (int r = 0; r < ops.rowCount(); ++r)
                if (ops.index(r, OperatorTableModel::NameColumn).data().toString() == QLatin1String("aten::linear"))
                    calls[ops.index(r, OperatorTableModel::ShapesColumn).data().toString()] =
                        int(ops.index(r, OperatorTableModel::CallsColumn).data(SortRole).toDouble());
            return calls;
        };
        std::map<QString, int> byName = linearRows();
        QCOMPARE(byName.size(), size_t(1));
        QCOMPARE(byName.begin()->second, 51);
        ops.setGrouping(OperatorGrouping::ByNameAndShapes);
        const std::map<QString, int> byShapes = linearRows();
        QCOMPARE(byShapes.size(), size_t(5));
        std::multiset<int> counts;
        for (const auto &[shapes, calls] : byShapes)
            counts.insert(calls);
        QCOMPARE(counts, (std::multiset<int>{3, 12, 12, 12, 12}));
        bool head = false;
        for (const auto &[shapes, calls] : byShapes)
            head = head || (shapes.contains(QLatin1String("8192")) && calls == 3);
        QVERIFY(head);
    }

    void gpt4ModuleTreeShowsTheBlocksGroupOfFour()
    {
        const auto analysis = gpt4Analysis();
        // 192 kernels in nsys.sqlite, 46 launched inside CAPTURE (python3 sqlite3 on CUPTI_ACTIVITY_KIND_KERNEL
        // joined to CUPTI_ACTIVITY_KIND_RUNTIME by correlationId, launch time within the CAPTURE range).
        QCOMPARE(analysis->profile->kernels.size(), size_t(192));
        QCOMPARE(analysis->stepKernels.size(), size_t(46));
        Selection selection;
        ModuleTreeView view(&selection);
        view.setAnalysis(analysis);
        ModuleTreeModel *model = view.model();
        int groupIndex = -1;
        for (size_t g = 0; g < analysis->tree.groups.size(); ++g)
            if (analysis->tree.groups[g].name == "blocks.*")
                groupIndex = int(g);
        QVERIFY(groupIndex >= 0);
        const QModelIndex group = model->indexOfGroup(groupIndex);
        QCOMPARE(group.data().toString(), QStringLiteral("blocks.* ×4"));
        QCOMPARE(model->rowCount(group), 4);
        QCOMPARE(group.parent().data().toString(), QStringLiteral("[GPT]"));
        for (int m = 0; m < 4; ++m)
            QCOMPARE(model->index(m, 0, group).data().toString(), QStringLiteral("blocks.%1").arg(m));
        // Per block in the captured step: 10 kernels; GPU time 93089, 92099, 92355, 92257 ns (python3 sqlite3,
        // kernels whose launch lies in each blocks.N[Block] range inside CAPTURE).
        QCOMPARE(group.siblingAtColumn(ModuleTreeModel::KernelsColumn).data(SortRole).toDouble(), 40.0);
        QCOMPARE(group.siblingAtColumn(ModuleTreeModel::SpreadColumn).data().toString(),
                 QStringLiteral("92.1 µs / 92.3 µs / 93.1 µs"));
        QCOMPARE(analysis->tree.groups[size_t(groupIndex)].medianTime(), int64_t((92257 + 92355) / 2));
        QCOMPARE(analysis->tree.stepGpuTime, int64_t(428553));
        // Calls are the captured step's: one per block, one per member (the two warm-up calls of each module
        // lie outside CAPTURE and are only mentioned in the tooltip).
        QCOMPARE(group.siblingAtColumn(ModuleTreeModel::CallsColumn).data(SortRole).toDouble(), 4.0);
        const QModelIndex block0 = model->index(0, 0, group);
        QCOMPARE(block0.siblingAtColumn(ModuleTreeModel::CallsColumn).data().toString(), QStringLiteral("1"));
        QVERIFY2(
            block0.data(Qt::ToolTipRole).toString().contains(QLatin1String("2 more call(s) outside the captured step")),
            qPrintable(block0.data(Qt::ToolTipRole).toString()));

        // Picking the group row selects the group.
        view.view()->setCurrentIndex(view.proxy()->mapFromSource(group));
        QCOMPARE(selection.kind(), Selection::Kind::Group);
        QCOMPARE(selection.index(), Index(groupIndex));
    }

    void gpt4KernelSelectionReachesCounterPanelAndRoofline()
    {
        const auto analysis = gpt4Analysis();
        const Profile &p = *analysis->profile;
        Selection selection;
        KernelTableView kernels(&selection);
        CounterPanel counters(&selection);
        RooflineView roofline(&selection);
        ModuleTreeView tree(&selection);
        for (auto *w : std::initializer_list<QWidget *>{&kernels, &counters, &roofline, &tree}) {
            w->resize(900, 600);
            w->show(); // hidden, the counters and the roofline wait to be seen (hiddenPanelsWaitToBeSeen)
        }
        kernels.setAnalysis(analysis);
        counters.setAnalysis(analysis);
        roofline.setAnalysis(analysis);
        tree.setAnalysis(analysis);
        QCOMPARE(kernels.model()->rowCount(), 46);

        // The first nvjet GEMM of the step (python3 csv: ncu_raw.csv row 4 is nvjet_sm90_tst_192x192...,
        // sm__throughput 51.96 %, sm__pipe_tensor_cycles_active 51.96 %, limits registers 1, shared 1).
        kernels.filterBar()->setText(QStringLiteral("nvjet_sm90_tst_192x192"));
        QCOMPARE(kernels.proxy()->rowCount(), 4);
        kernels.proxy()->sort(KernelTableModel::StartColumn, Qt::AscendingOrder);
        kernels.view()->setCurrentIndex(kernels.proxy()->index(0, KernelTableModel::NameColumn));
        QCOMPARE(selection.kind(), Selection::Kind::Kernel);
        const Index k = selection.index();
        QVERIFY(p.text(p.kernels[k].name).starts_with("nvjet_sm90_tst_192x192"));

        QCOMPARE(counters.model()->shown().index, k);
        QCOMPARE(counters.model()->indexOf(Quantity::SmThroughput).data(SortRole).toDouble(), 51.96);
        QCOMPARE(counters.model()->indexOf(Quantity::TensorPipe).data(SortRole).toDouble(), 51.96);
        QCOMPARE(counters.model()->indexOf(Quantity::AchievedOccupancy).data().toString(),
                 QStringLiteral("not collected"));
        const QModelIndex limiter = counters.model()->index(
            counters.model()->indexOf(Quantity::LimitBarriers).row() + 1, CounterModel::ValueColumn,
            counters.model()->indexOf(Quantity::LimitBarriers).parent());
        QCOMPARE(limiter.data().toString(), QStringLiteral("registers, shared memory (1 block per SM)"));

        QCOMPARE(roofline.highlightedKernels(), std::vector<Index>{k});
        // The module tree highlights the kernel's module.
        QCOMPARE(tree.highlightedRows().size(), 1);
        QCOMPARE(tree.highlightedRows().front().data(IdRole).toInt(), analysis->nodeOfKernel(k));
    }

    void gpt4RooflineHasOnePointPerKernelWithCountersAndClicksSelect()
    {
        const auto analysis = gpt4Analysis();
        // ncu_raw.csv has 46 rows (python3 csv), one per kernel of the captured step, all from
        // `--set roofline`: every kernel given a row gets one point.
        size_t withCounters = 0;
        for (Index k = 0; k < analysis->profile->kernels.size(); ++k)
            withCounters += analysis->profile->countersOfKernel(k).empty() ? 0 : 1;
        QCOMPARE(withCounters, size_t(46));
        QCOMPARE(analysis->kernelsWithCounters, withCounters);
        Selection selection;
        RooflineView roofline(&selection);
        roofline.resize(1000, 700);
        roofline.show();
        QVERIFY(QTest::qWaitForWindowExposed(&roofline));
        roofline.setAnalysis(analysis);
        QCOMPARE(roofline.scene().kernels.size(), analysis->kernelsWithCounters);
        size_t plotted = 0;
        for (int g = 0; g < roofline.plot()->graphCount(); ++g)
            if (roofline.plot()->graph(g)->scatterStyle().shape() ==
                QCPScatterStyle::ssDisc) // legend swatches: no data
                plotted += size_t(roofline.plot()->graph(g)->dataCount());
        QCOMPARE(plotted, withCounters);
        // Ceilings: DRAM, L2, L1 and at least FP32 and the BF16 tensor path the GEMMs ran on.
        QStringList labels;
        for (const RooflineCeiling &c : roofline.scene().ceilings)
            labels << c.label.section(QLatin1Char(' '), 0, 0);
        for (const char *expected : {"DRAM", "L2", "L1", "FP32", "BF16"})
            QVERIFY2(labels.contains(QLatin1String(expected)), qPrintable(labels.join(',')));
        // The BF16 tensor roof is the dense peak (op_hgmma_src_bf16_dst_fp32_sparsity_off.sum.peak_sustained x
        // sm__cycles_elapsed.avg.per_second, largest over the rows, python3 csv), not src_bf16_dst_fp32's
        // 2:4-sparse 1.72 PFLOP/s; no kernel ran sparse, so no sparse roof.
        for (const RooflineCeiling &c : roofline.scene().ceilings) {
            QVERIFY2(!c.label.contains(QLatin1String("sparse")), qPrintable(c.label));
            if (c.label.startsWith(QLatin1String("BF16 tensor ")))
                QVERIFY2(qAbs(c.peak - 858545572256317.4) < 1.0, qPrintable(c.label));
        }

        // Clicking the largest point selects its kernel everywhere.
        const auto biggest = std::max_element(roofline.scene().kernels.begin(), roofline.scene().kernels.end(),
                                              [](const auto &a, const auto &b) { return a.timeNs < b.timeNs; });
        const QPoint pixel = roofline.pixelOf(*biggest).toPoint();
        QCOMPARE(roofline.pointAt(pixel)->target.index, biggest->target.index);
        QVERIFY(!roofline.tooltipFor(*biggest).isEmpty());
        QTest::mouseClick(roofline.plot(), Qt::LeftButton, {}, pixel);
        QCOMPARE(selection.kind(), Selection::Kind::Kernel);
        QCOMPARE(selection.index(), biggest->target.index);
        QCOMPARE(roofline.highlightedKernels(), std::vector<Index>{biggest->target.index});

        // Module aggregates on request, and scoping to a selection.
        RooflineOptions options = roofline.options();
        options.aggregates = RooflineAggregates::Modules;
        options.scopeToSelection = true;
        roofline.setOptions(options);
        QVERIFY(!roofline.scene().aggregates.empty());
        const int block1 = analysis->tree.find("blocks.1");
        selection.setModule(block1);
        size_t block1Points = 0;
        for (Index k : analysis->kernelsOf({Selection::Kind::Module, Index(block1)}))
            block1Points += analysis->profile->countersOfKernel(k).empty() ? 0 : 1;
        QCOMPARE(block1Points, size_t(10)); // blocks.1 launches 10 kernels in the step (python3 sqlite3, above)
        QCOMPARE(roofline.scene().kernels.size(), block1Points);
    }

    void insightExplanationsWrapInFull()
    {
        const auto analysis = gpt4Analysis();
        Selection selection;
        InsightsView view(&selection);
        view.resize(700, 500);
        view.setAnalysis(analysis, findInsights(*analysis->profile, Typography::Unicode));
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QTreeWidget *list = view.list();
        QVERIFY(list->topLevelItemCount() > 0);
        QTreeWidgetItem *first = list->topLevelItem(0);
        first->setExpanded(true);
        QTreeWidgetItem *detail = first->child(0);
        const QString text = detail->text(0);
        // The explanation's row is as tall as the text wrapped at the width it is painted in (it was one
        // line, cut with "..."), at this width and at a narrower one.
        auto neededHeight = [&] {
            const QFontMetrics fm(list->font());
            return fm
                .boundingRect(QRect(0, 0, InsightsView::explanationWidth(list) - 8, 100000), Qt::TextWordWrap, text)
                .height();
        };
        const int lines = list->fontMetrics().lineSpacing();
        QVERIFY2(neededHeight() > 2 * lines, qPrintable(text));
        QTRY_VERIFY(list->visualItemRect(detail).height() >= neededHeight());
        const int wide = list->visualItemRect(detail).height();
        view.resize(450, 500);
        QTRY_VERIFY(list->visualItemRect(detail).height() >= neededHeight());
        QVERIFY(list->visualItemRect(detail).height() > wide);

        // Microseconds are "µs" here as in every other view, never "us".
        const QRegularExpression ascii(QStringLiteral("\\d us\\b"));
        int greek = 0;
        for (int i = 0; i < list->topLevelItemCount(); ++i) {
            const QTreeWidgetItem *item = list->topLevelItem(i);
            for (const QString &t : {item->text(1), item->text(2), item->child(0)->text(0)}) {
                QVERIFY2(!ascii.match(t).hasMatch(), qPrintable(t));
                greek += t.count(QStringLiteral(" µs"));
            }
        }
        QVERIFY(greek > 0);
        // Titles name kernels as the views do (nvjet_sm90_tst_..., not a signature cut at 80 characters),
        // and their tooltip holds the whole title.
        for (int i = 0; i < list->topLevelItemCount(); ++i) {
            const QTreeWidgetItem *item = list->topLevelItem(i);
            QVERIFY(item->toolTip(2).startsWith(item->text(2) + QStringLiteral("\n\n")));
            QVERIFY2(!item->text(2).contains(QLatin1String("void ")), qPrintable(item->text(2)));
        }
    }

    void insightsHeaderShowsThePlainAndCapturedStep()
    {
        const auto analysis = gpt4Analysis();
        Selection selection;
        InsightsView view(&selection);
        // Without the launcher's reference timing the header says what is missing.
        view.setAnalysis(analysis, findInsights(*analysis->profile, Typography::Unicode));
        QVERIFY2(view.header()->text().contains(QLatin1String("no plain reference timing")),
                 qPrintable(view.header()->text()));
        // With it: both step times, the overhead factor, and the sentence when it is above 1.2x.
        Profile timed = *analysis->profile;
        setReferenceTiming(timed, {4'000'000, 8'050'000, 3, "cuda_event"});
        view.setAnalysis(analysis, findInsights(timed, Typography::Unicode));
        const QString header = view.header()->text();
        QVERIFY2(header.contains(QStringLiteral("Step time: plain 4.00 ms (median of 3 steps, CUDA events), captured "
                                                "8.05 ms: 2.01x")),
                 qPrintable(header));
        QVERIFY2(header.contains(QLatin1String("the captured step ran 2.01x slower than the plain step")),
                 qPrintable(header));
        // Every item: its gain, its modules, and expanded its evidence, fix and gain model.
        QTreeWidget *list = view.list();
        QCOMPARE(list->topLevelItemCount(), int(view.insights().size()));
        for (int n = 0; n < list->topLevelItemCount(); ++n) {
            const Insight &insight = view.insights()[size_t(n)];
            const QTreeWidgetItem *item = list->topLevelItem(n);
            const QString detail = item->child(0)->text(0);
            QVERIFY(detail.contains(QStringLiteral("Fix: ") + QString::fromStdString(insight.fix)));
            QVERIFY(detail.contains(QStringLiteral("Estimated gain: ")));
            for (const std::string &e : insight.evidence)
                QVERIFY(detail.contains(QString::fromStdString(e)));
            if (!insight.modules.empty())
                QVERIFY(item->text(3).startsWith(QString::fromStdString(insight.modules.front())));
        }
    }

    void notCollectedCountersSaySoAndWhichSectionCollectsThem()
    {
        // The gpt4 ncu rows were replayed with --set roofline: SM throughput but no achieved occupancy.
        const auto analysis = gpt4Analysis();
        KernelTableModel kernels;
        kernels.setAnalysis(analysis);
        testModel(&kernels);
        QCOMPARE(kernels.rowCount(), 46);
        for (int r = 0; r < kernels.rowCount(); ++r) {
            const QModelIndex occupancy = kernels.index(r, KernelTableModel::OccupancyColumn);
            QCOMPARE(occupancy.data().toString(), QStringLiteral("not collected"));
            QVERIFY(occupancy.data(Qt::ToolTipRole).toString().contains(QLatin1String("Occupancy section")));
            QVERIFY(std::isnan(occupancy.data(SortRole).toDouble()));
            QVERIFY(kernels.index(r, KernelTableModel::SmColumn).data().toString().endsWith(QLatin1String(" %")));
        }
        const QString header =
            kernels.headerData(KernelTableModel::OccupancyColumn, Qt::Horizontal, Qt::ToolTipRole).toString();
        QVERIFY(header.contains(QLatin1String("sm__warps_active.avg.pct_of_peak_sustained_active")));
        QVERIFY(header.contains(QLatin1String("--set basic")));
        // Kernels without an ncu row (initialisation, warm-up) have nothing to say per column.
        kernels.setStepOnly(false);
        const Profile &p = *analysis->profile;
        int withoutRow = 0;
        for (int r = 0; r < kernels.rowCount(); ++r)
            if (p.countersOfKernel(kernels.kernelAt(r)).empty()) {
                ++withoutRow;
                QCOMPARE(kernels.index(r, KernelTableModel::OccupancyColumn).data().toString(), QString());
            }
        QCOMPARE(withoutRow, 192 - 46);
    }

    void autogradRowsShowTheirNodeFirst()
    {
        // kineto_gpt4_train.json: 16 autograd::engine::evaluate_function cpu_op names (python3 json).
        Selection selection;
        OperatorTableView view(&selection);
        view.resize(900, 400);
        view.setAnalysis(trainAnalysis());
        const OperatorTableModel *model = view.model();
        const int width = view.view()->columnWidth(OperatorTableModel::NameColumn);
        const QFontMetrics fm(view.view()->font());
        std::set<QString> shown;
        int rows = 0;
        for (int r = 0; r < model->rowCount(); ++r) {
            const QModelIndex name = model->index(r, OperatorTableModel::NameColumn);
            const QString full = name.data(Qt::ToolTipRole).toString();
            if (!full.startsWith(QLatin1String("autograd::engine::evaluate_function: ")))
                continue;
            ++rows;
            const QString node = full.mid(int(qstrlen("autograd::engine::evaluate_function: ")));
            QCOMPARE(name.data().toString(), node + QStringLiteral(" (autograd::engine::evaluate_function)"));
            // Cut at the column's width, the rows still differ.
            shown.insert(fm.elidedText(name.data().toString(), Qt::ElideRight, width - 30));
        }
        QCOMPARE(rows, 16);
        QCOMPARE(shown.size(), size_t(16));
    }

    void cpuOnlyProfileSortsOperatorsByCpuTime()
    {
        const auto analysis = onnxAnalysis();
        QVERIFY(analysis->profile->kernels.empty());
        Selection selection;
        OperatorTableView view(&selection);
        view.setAnalysis(analysis);
        testModel(view.model());
        QCOMPARE(view.view()->header()->sortIndicatorSection(), int(OperatorTableModel::CpuTotalColumn));
        QCOMPARE(view.view()->header()->sortIndicatorOrder(), Qt::DescendingOrder);
        const QAbstractItemModel *shown = view.view()->model();
        QVERIFY(shown->rowCount() > 2);
        for (int r = 1; r < shown->rowCount(); ++r)
            QVERIFY(shown->index(r - 1, OperatorTableModel::CpuTotalColumn).data(SortRole).toDouble() >=
                    shown->index(r, OperatorTableModel::CpuTotalColumn).data(SortRole).toDouble());
        // A profile with kernels next: back to the GPU order of the model.
        view.setAnalysis(gpt4Analysis());
        QCOMPARE(view.view()->header()->sortIndicatorSection(), -1);
    }

    void emptyPanelsSayWhy()
    {
        // ONNX Runtime: operators but no module structure.
        Selection selection;
        ModuleTreeView tree(&selection);
        tree.resize(400, 300);
        tree.show();
        QVERIFY(QTest::qWaitForWindowExposed(&tree));
        tree.setAnalysis(onnxAnalysis());
        testModel(tree.model());
        QCOMPARE(tree.model()->rowCount(), 0);
        QVERIFY(tree.emptyLabel()->isVisible());
        QCOMPARE(tree.emptyLabel()->text(), QString::fromStdString(noModulesReason(*onnxAnalysis()->profile)));
        QVERIFY(tree.emptyLabel()->text().startsWith(QLatin1String("ONNX Runtime profiles have no nn.Module")));
        // With modules, no message; a filter that hides every row says so.
        tree.setAnalysis(gpt4Analysis());
        QVERIFY(!tree.emptyLabel()->isVisible());
        tree.filterBar()->setText(QStringLiteral("no such module"));
        QVERIFY(tree.emptyLabel()->isVisible());
        QCOMPARE(tree.emptyLabel()->text(), QStringLiteral("No row matches the filter."));
        tree.filterBar()->setText(QString());
        QVERIFY(!tree.emptyLabel()->isVisible());

        // An AMD trace of runtime calls and kernels only: no operator.
        OperatorTableView ops(&selection);
        ops.resize(400, 300);
        ops.show();
        QVERIFY(QTest::qWaitForWindowExposed(&ops));
        const auto gpuOnly = fileAnalysis("public/kineto/TraceLens__gpu_only_trace.json");
        ops.setAnalysis(gpuOnly);
        testModel(ops.model());
        QCOMPARE(ops.model()->rowCount(), 0);
        QVERIFY(ops.emptyLabel()->isVisible());
        QVERIFY(ops.emptyLabel()->text().contains(QLatin1String("no cpu_op events")));
    }

    void bertModuleTreeComesFromItsModuleEvents()
    {
        Selection selection;
        ModuleTreeView view(&selection);
        view.setAnalysis(bertAnalysis());
        const ModuleTreeModel *model = view.model();
        QCOMPARE(model->rowCount(), 1);
        const QModelIndex root = model->index(0, 0);
        QCOMPARE(root.data().toString(), QStringLiteral("BertLMHeadModel_0"));
        QCOMPARE(root.siblingAtColumn(ModuleTreeModel::ClassColumn).data().toString(),
                 QStringLiteral("BertLMHeadModel"));
        QCOMPARE(root.siblingAtColumn(ModuleTreeModel::KernelsColumn).data(SortRole).toDouble(), 60.0);
        QVERIFY(view.emptyLabel()->text().isEmpty());
    }

    // A profile of generation requests: each module's time in the prefill and per decoded token, in two columns
    // the tree shows only for such profiles.
    void moduleTreeShowsPrefillAndPerToken()
    {
        Selection selection;
        ModuleTreeView view(&selection);
        view.setAnalysis(analyzeProfile(std::make_shared<const Profile>(test::generationRequest())));
        ModuleTreeModel *model = view.model();
        testModel(model);
        const QModelIndex root = model->index(0, 0);
        QCOMPARE(root.siblingAtColumn(ModuleTreeModel::PerTokenColumn).data(SortRole).toDouble(), 100.0 * test::us);
        QCOMPARE(root.siblingAtColumn(ModuleTreeModel::PrefillColumn).data(SortRole).toDouble(), 1600.0 * test::us);
        QCOMPARE(model->rowCount(root), 1);
        const QModelIndex attention = model->index(0, 0, root);
        QCOMPARE(attention.data().toString(), QStringLiteral("blocks.0.attn"));
        QCOMPARE(attention.siblingAtColumn(ModuleTreeModel::PerTokenColumn).data(SortRole).toDouble(), 10.0 * test::us);
        QCOMPARE(model->headerData(ModuleTreeModel::PerTokenColumn, Qt::Horizontal).toString(),
                 QStringLiteral("Per token"));
        QVERIFY(!view.view()->isColumnHidden(ModuleTreeModel::PerTokenColumn));
        // Another profile: no such columns.
        view.setAnalysis(analyzeProfile(std::make_shared<const Profile>(test::StepBuilder(1000).p)));
        QVERIFY(view.view()->isColumnHidden(ModuleTreeModel::PerTokenColumn));
        QVERIFY(view.view()->isColumnHidden(ModuleTreeModel::PrefillColumn));
    }

    void sharesNameTheirDenominator()
    {
        // Item 1 of issue 39: "Step %" divided by the step's GPU time (the kernels' durations) while the step
        // ruler and the Insights pane's share divide by the step's wall time. Each name says which.
        const auto analysis = gpt4Analysis();
        const int64_t gpuTime = analysis->tree.stepGpuTime; // 428,553 ns (gpt4ModuleTreeShowsTheBlocksGroupOfFour)
        Selection selection;
        ModuleTreeView tree(&selection);
        tree.setAnalysis(analysis);
        OperatorTableView ops(&selection);
        ops.setAnalysis(analysis);
        for (QAbstractItemModel *model : std::initializer_list<QAbstractItemModel *>{tree.model(), ops.model()}) {
            const int column =
                model == tree.model() ? int(ModuleTreeModel::ShareColumn) : int(OperatorTableModel::ShareColumn);
            QCOMPARE(model->headerData(column, Qt::Horizontal).toString(), QStringLiteral("% of GPU time"));
            const QString tip = model->headerData(column, Qt::Horizontal, Qt::ToolTipRole).toString();
            QVERIFY2(tip.contains(QStringLiteral("captured step's GPU time")) &&
                         tip.contains(QStringLiteral("429 µs")) && tip.contains(QStringLiteral("% of step")) &&
                         tip.contains(QStringLiteral("wall time")),
                     qPrintable(tip));
        }
        // The module tooltip says the same words; the value divides by the step's GPU time.
        const int group = [&] {
            for (size_t g = 0; g < analysis->tree.groups.size(); ++g)
                if (analysis->tree.groups[g].name == "blocks.*")
                    return int(g);
            return -1;
        }();
        const QModelIndex block0 = tree.model()->index(0, 0, tree.model()->indexOfGroup(group));
        const int node = block0.data(IdRole).toInt();
        const double share = 100.0 * double(analysis->tree.nodes[size_t(node)].gpuTimeTotal) / double(gpuTime);
        QCOMPARE(block0.siblingAtColumn(ModuleTreeModel::ShareColumn).data(SortRole).toDouble(), share);
        QVERIFY2(block0.data(Qt::ToolTipRole).toString().contains(QStringLiteral("% of GPU time)")),
                 qPrintable(block0.data(Qt::ToolTipRole).toString()));
        QVERIFY(!block0.data(Qt::ToolTipRole).toString().contains(QStringLiteral("of the step")));
        // The Insights pane's gain column: a share of the step's wall time, named so.
        InsightsView insights(&selection);
        insights.setAnalysis(analysis, findInsights(*analysis->profile, Typography::Unicode));
        QCOMPARE(insights.list()->headerItem()->text(1), QStringLiteral("Est. gain (% of step)"));
        QVERIFY(insights.list()->headerItem()->toolTip(1).contains(QStringLiteral("wall time")));
    }

    void l1RowsSayTheyCountTheLoadStoreUnitOnly()
    {
        // Item 3: an H100 GEMM that loads its tiles through TMA reads "L1 bandwidth 4.69 GB/s" beside an L1/TEX
        // throughput of 65.7 %: the derived L1 figures count the LSU path only, and now say so.
        const auto analysis = gpt4Analysis();
        const Profile &p = *analysis->profile;
        Index gemm = kNoIndex;
        for (Index k : analysis->stepKernels)
            if (p.text(p.kernels[k].name).starts_with("nvjet") && !p.countersOfKernel(k).empty()) {
                gemm = k;
                break;
            }
        QVERIFY(gemm != kNoIndex);
        Selection selection;
        CounterPanel panel(&selection);
        panel.setAnalysis(analysis);
        panel.show();
        selection.setKernel(gemm);
        const QModelIndex bandwidth = panel.model()->indexOf(Quantity::L1Bandwidth, CounterModel::NameColumn);
        QVERIFY(bandwidth.isValid());
        QCOMPARE(bandwidth.data().toString(), QStringLiteral("L1 bandwidth (LSU loads and stores)"));
        QVERIFY(bandwidth.siblingAtColumn(CounterModel::ValueColumn)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("Tensor Memory Accelerator")));
        bool traffic = false;
        for (int s = 0; s < panel.model()->sectionCount(); ++s) {
            const QModelIndex section = panel.model()->index(s, 0);
            for (int r = 0; r < panel.model()->rowCount(section); ++r) {
                const QModelIndex row = panel.model()->index(r, 0, section);
                if (row.data().toString().startsWith(QStringLiteral("L1 traffic"))) {
                    traffic = true;
                    QCOMPARE(row.data().toString(), QStringLiteral("L1 traffic (LSU loads and stores)"));
                    QVERIFY(row.siblingAtColumn(CounterModel::ValueColumn)
                                .data(Qt::ToolTipRole)
                                .toString()
                                .contains(QStringLiteral("TMA")));
                }
            }
        }
        QVERIFY(traffic);
    }

    void groupsOfOnePatternAreToldApart()
    {
        // Item 8: groups whose pattern came out the same (an fp16 convnet's BatchNorm2d and ReLU pairs both
        // "features.0.* x2") are named by their members. BERT-small's module events name its layers'
        // Linear modules Linear_0 ... Linear_23: four groups of three were all "Linear_*" in the tree.
        const auto analysis = bertAnalysis();
        std::map<std::string, int> names;
        for (const DedupGroup &g : analysis->tree.groups)
            ++names[g.name];
        for (const auto &[name, count] : names)
            QVERIFY2(count == 1, name.c_str());
        for (const char *name : {"Linear_{0,1,2}", "Linear_{6,7,8}", "Linear_{12,13,14}", "Linear_{18,19,20}"})
            QVERIFY2(names.contains(name), name);
        // What the tree shows on the group rows.
        Selection selection;
        ModuleTreeView tree(&selection);
        tree.setAnalysis(analysis);
        QStringList rows;
        for (size_t g = 0; g < analysis->tree.groups.size(); ++g)
            rows << tree.model()->indexOfGroup(int(g)).data().toString();
        QVERIFY2(rows.contains(QStringLiteral("Linear_{12,13,14} ×3")), qPrintable(rows.join(QStringLiteral(", "))));
        QCOMPARE(QSet<QString>(rows.begin(), rows.end()).size(), rows.size());
    }

    void rooflineLabelsEveryColourAndKeepsCeilingLabelsApart()
    {
        // Item 9: the neutral colour's legend entry had no name; ceiling labels overlapped one another and
        // their own lines ran through them.
        const auto analysis = gpt4Analysis();
        Selection selection;
        RooflineView roofline(&selection);
        roofline.resize(1200, 700);
        roofline.show();
        QVERIFY(QTest::qWaitForWindowExposed(&roofline));
        roofline.setAnalysis(analysis);
        RooflineOptions o = roofline.options();
        o.colorMode = ColorMode::Operator; // kernels without an operator take the neutral colour
        roofline.setOptions(o);
        QCustomPlot *plot = roofline.plot();
        plot->replot();
        for (int i = 0; i < plot->legend->itemCount(); ++i)
            if (auto *item = qobject_cast<QCPPlottableLegendItem *>(plot->legend->item(i)))
                QVERIFY2(!item->plottable()->name().trimmed().isEmpty(), "a legend entry without a name");
        // Each shown label's box as drawn (slanted roofs' labels turn with their line), a few pixels inside.
        std::vector<QPolygonF> shown;
        for (QCPItemText *label : roofline.ceilingLabelItems()) {
            if (!label->visible())
                continue;
            QPolygonF box{label->topLeft->pixelPosition(), label->topRight->pixelPosition(),
                          label->bottomRight->pixelPosition(), label->bottomLeft->pixelPosition()};
            const QPointF centre = (box[0] + box[2]) / 2;
            for (QPointF &corner : box)
                corner += (centre - corner) * (2.0 / std::max(1.0, QLineF(corner, centre).length()));
            for (const QPolygonF &other : shown)
                QVERIFY2(!box.intersects(other), qPrintable(label->text()));
            shown.push_back(box);
        }
        QVERIFY(shown.size() >= 2);
        // No ceiling line crosses the inside of a label: sample every line along its length.
        for (int g = 0; g < plot->graphCount(); ++g) {
            QCPGraph *graph = plot->graph(g);
            if (graph->lineStyle() == QCPGraph::lsNone || graph->dataCount() != 2)
                continue;
            const double x0 = graph->data()->at(0)->key, y0 = graph->data()->at(0)->value;
            const double x1 = graph->data()->at(1)->key, y1 = graph->data()->at(1)->value;
            for (int step = 0; step <= 400; ++step) {
                const double t = step / 400.0;
                const double x = std::pow(10, std::log10(x0) + t * (std::log10(x1) - std::log10(x0)));
                const double y = std::pow(10, std::log10(y0) + t * (std::log10(y1) - std::log10(y0)));
                const QPointF pixel(plot->xAxis->coordToPixel(x), plot->yAxis->coordToPixel(y));
                for (const QPolygonF &box : shown)
                    QVERIFY2(!box.containsPoint(pixel, Qt::OddEvenFill), "a ceiling line runs through a label");
            }
        }
    }

    void anAmdTraceSaysWhyItHasNoCounters()
    {
        // Item 9: on an AMD trace the roofline advised an Nsight Compute replay, and the Counters tab asked
        // for a selection, where the profile has no counters at all.
        const auto amd = fileAnalysis("public/kineto/TraceLens__gpu_only_trace.json");
        Selection selection;
        RooflineView roofline(&selection);
        roofline.setAnalysis(amd);
        QVERIFY2(roofline.scene().emptyReason.contains(QStringLiteral("AMD Instinct MI210")) &&
                     roofline.scene().emptyReason.contains(QStringLiteral("NVIDIA GPUs only")),
                 qPrintable(roofline.scene().emptyReason));
        CounterPanel counters(&selection);
        counters.show();
        counters.setAnalysis(amd);
        QCOMPARE(counters.title(), roofline.scene().emptyReason);
        selection.setKernel(amd->stepKernels.front());
        QVERIFY(counters.title().contains(QStringLiteral("NVIDIA GPUs only")));
        // An NVIDIA trace without counters asks for the replay instead.
        const auto bert = bertAnalysis();
        QVERIFY(noCountersReason(*bert->profile).contains(QStringLiteral("Nsight Compute CSV")));
    }

    void rooflineExportsPngAndPdf()
    {
        QTemporaryDir dir;
        Selection selection;
        RooflineView roofline(&selection);
        roofline.setAnalysis(gpt4Analysis());
        const QString png = dir.filePath(QStringLiteral("roofline.png"));
        const QString pdf = dir.filePath(QStringLiteral("roofline.pdf"));
        QVERIFY(roofline.savePng(png));
        QVERIFY(roofline.savePdf(pdf));
        QVERIFY(QFileInfo(png).size() > 1000);
        QVERIFY(QFileInfo(pdf).size() > 1000);

        // A dark palette reaches the chart: background and axis text follow it.
        QPalette dark = roofline.palette();
        dark.setColor(QPalette::Base, QColor(30, 30, 30));
        dark.setColor(QPalette::Text, QColor(230, 230, 230));
        roofline.setPalette(dark);
        QCOMPARE(roofline.plot()->toPixmap(300, 200).toImage().pixelColor(1, 1), QColor(30, 30, 30));
        QCOMPARE(roofline.plot()->xAxis->tickLabelColor(), QColor(230, 230, 230));
    }
};

} // namespace tst_views_suite

OPSCOPE_TEST_SUITE(tst_views, tst_views_suite::TestViews, Gui)
#include "tst_views.moc"
