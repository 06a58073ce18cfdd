// The sweep report's figures of one profile (sweep::metricValues), on the real H100 capture of the 4-block
// GPT in bf16 (nsys + ncu): what a GPU sweep plots per configuration must be what the profile's own
// analyses say (module tree, operator table, counters), with nothing counted twice.
#include "opscope/capture_import.h"
#include "opscope/module_tree.h"
#include "opscope/summary.h"
#include "opscope/sweep_report.h"
#include "test_suite.h"
#include "test_util.h"

#include <QTest>

#include <numeric>

namespace tst_sweep_metrics_suite {

using namespace opscope;
using namespace opscope::sweep;

namespace {

double sum(const std::vector<SeriesValue> &values)
{
    return std::accumulate(values.begin(), values.end(), 0.0,
                           [](double total, const SeriesValue &v) { return total + v.value; });
}

} // namespace

class TestSweepMetrics : public QObject {
    Q_OBJECT

    Profile profile_;

private slots:
    void initTestCase()
    {
        profile_ = importCapture(
            {test::fixture("h100/gpt4_bf16_infer/nsys.sqlite"), test::fixture("h100/gpt4_bf16_infer/ncu_raw.csv")});
    }

    void gpuTimeAddsUp()
    {
        const ModuleTree tree = buildModuleTree(profile_);
        SweepReportOptions options;
        options.metric = "gpu-time";
        const auto step = metricValues(profile_, options);
        QCOMPARE(step.size(), size_t(1));
        QCOMPARE(step[0].value, double(tree.stepGpuTime));
        QCOMPARE(int64_t(step[0].value), summaryJson(profile_)["captured_kernel_time_ns"].get<int64_t>());

        // Per module, the root's children: every captured kernel has a module (tst_attribution), so they
        // add up to the step; the four blocks are there by their stored paths.
        options.by = SweepBy::Module;
        const auto modules = metricValues(profile_, options);
        QCOMPARE(sum(modules), step[0].value);
        for (int b = 0; b < 4; ++b) {
            const auto it = std::find_if(modules.begin(), modules.end(), [&](const SeriesValue &v) {
                return v.label.ends_with("blocks." + std::to_string(b));
            });
            QVERIFY(it != modules.end());
            QCOMPARE(it->value, double(tree.nodes[size_t(tree.find(it->key))].gpuTimeTotal));
        }
        // Per operator (self time) and per kernel name: the same total, split another way.
        options.by = SweepBy::Operator;
        QCOMPARE(sum(metricValues(profile_, options)), step[0].value);
        options.by = SweepBy::Kernel;
        QCOMPARE(sum(metricValues(profile_, options)), step[0].value);
    }

    void flopsAndCounters()
    {
        SweepReportOptions options;
        options.metric = "flops";
        const auto step = metricValues(profile_, options);
        QCOMPARE(step.size(), size_t(1));
        QVERIFY2(step[0].value > 1e12, std::to_string(step[0].value).c_str()); // bf16 tensor GEMMs: TFLOP/s
        QCOMPARE(metricUnit(profile_, "flops"), std::string("FLOP/s"));

        // An ncu counter by name: a sum (ncu's own kernel durations) adds up over the step's kernels and
        // over the modules; a rate is a duration-weighted mean, within the kernels' range.
        options.metric = "gpu__time_duration.sum";
        const double ncuTime = metricValues(profile_, options).at(0).value;
        double expected = 0, lowest = 1e300, highest = 0;
        for (Index k = 0; k < Index(profile_.kernels.size()); ++k)
            if (!(profile_.kernels[k].flags & (kKernelOutsideCapture | kKernelReferenceStep))) {
                expected += profile_.kernelCounter(k, "gpu__time_duration.sum");
                const double rate = profile_.kernelCounter(k, "dram__bytes.sum.per_second");
                lowest = std::min(lowest, rate);
                highest = std::max(highest, rate);
            }
        QVERIFY(expected > 0);
        QCOMPARE(ncuTime, expected);
        QCOMPARE(metricUnit(profile_, "gpu__time_duration.sum"), std::string("ns"));
        options.by = SweepBy::Module;
        QCOMPARE(sum(metricValues(profile_, options)), expected);
        options.by = SweepBy::Step;
        options.metric = "dram__bytes.sum.per_second";
        const double rate = metricValues(profile_, options).at(0).value;
        QVERIFY(rate > lowest && rate < highest);
    }

    void metricsThatDoNotApply()
    {
        SweepReportOptions options;
        options.metric = "step-time";
        options.by = SweepBy::Module;
        QVERIFY_THROWS_EXCEPTION(SweepError, metricValues(profile_, options));
        options.metric = "cpu-time";
        options.by = SweepBy::Kernel;
        QVERIFY_THROWS_EXCEPTION(SweepError, metricValues(profile_, options));
        options.metric = "no_such__counter.sum";
        options.by = SweepBy::Step;
        QVERIFY(metricValues(profile_, options).empty());
    }
};

} // namespace tst_sweep_metrics_suite

OPSCOPE_TEST_SUITE(tst_sweep_metrics, tst_sweep_metrics_suite::TestSweepMetrics, Core)
#include "tst_sweep_metrics.moc"
