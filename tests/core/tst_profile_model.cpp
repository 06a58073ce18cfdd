// The profile model: interned strings, counters by owner, kernel ordering, derived figures.
#include "opscope/metadata_keys.h"
#include "opscope/profile.h"
#include "test_suite.h"

#include <QTest>

namespace tst_profile_model_suite {

using namespace opscope;

class TestProfileModel : public QObject {
    Q_OBJECT
private slots:
    void internsEachTextOnce()
    {
        StringTable table;
        const StringId a = table.intern("aten::addmm");
        const StringId b = table.intern("aten::mm");
        QCOMPARE(table.intern("aten::addmm"), a);
        QVERIFY(a != b);
        QCOMPARE(table.get(b), std::string_view("aten::mm"));
        QCOMPARE(table.find("aten::relu"), kNoString);
        QCOMPARE(table.get(kNoString), std::string_view());
        // Many strings: ids stay valid as the table grows (the index keys on stable storage).
        for (int i = 0; i < 100000; ++i)
            table.intern("kernel_" + std::to_string(i));
        QCOMPARE(table.find("kernel_99999"), StringId(100001));
        QCOMPARE(table.get(a), std::string_view("aten::addmm"));
        StringTable copy = table;
        QVERIFY(copy == table);
        QCOMPARE(copy.find("kernel_5"), table.find("kernel_5"));
    }

    void finalizeSortsKernelsAndRemapsCounters()
    {
        Profile p;
        const Index m = p.metricId("gpu__time_duration.sum", "ns");
        for (int64_t start : {300, 100, 200, 100}) {
            Kernel k;
            k.start_ns = start;
            k.end_ns = start + 10;
            k.name = p.intern("k" + std::to_string(p.kernels.size()));
            p.kernel_counters.push_back({Index(p.kernels.size()), m, double(start), kNoString, 0});
            p.kernels.push_back(k);
        }
        p.finalize();
        QCOMPARE(p.kernels.size(), size_t(4));
        // Stable: the two kernels at 100 keep their import order (k1 before k3).
        QCOMPARE(p.text(p.kernels[0].name), std::string_view("k1"));
        QCOMPARE(p.text(p.kernels[1].name), std::string_view("k3"));
        QCOMPARE(p.text(p.kernels[3].name), std::string_view("k0"));
        for (Index k = 0; k < 4; ++k)
            QCOMPARE(p.kernelCounter(k, "gpu__time_duration.sum"), double(p.kernels[k].start_ns));
        QCOMPARE(p.countersOfKernel(2).size(), size_t(1));
        QCOMPARE(p.kernelCounter(0, "no.such.metric", -1.0), -1.0);
    }

    void metricsKeepTheirFirstUnit()
    {
        Profile p;
        const Index a = p.metricId("dram__bytes.sum", "byte");
        QCOMPARE(p.metricId("dram__bytes.sum", "Kbyte"), a);
        QCOMPARE(p.text(p.metrics[a].unit), std::string_view("byte"));
        QCOMPARE(p.findMetric("dram__bytes.sum"), a);
        QCOMPARE(p.findMetric("nothing"), kNoIndex);
    }

    void derivedFigures()
    {
        Profile p;
        Kernel attributed;
        attributed.start_ns = 0;
        attributed.end_ns = 100;
        attributed.op = 0;
        Kernel unattributed;
        unattributed.start_ns = 200;
        unattributed.end_ns = 250;
        Kernel warmup = unattributed;
        warmup.flags = kKernelOutsideCapture;
        p.kernels = {attributed, unattributed, warmup};
        p.operators.resize(1);
        QCOMPARE(p.totalKernelTimeNs(), int64_t(200));
        // Kernels outside the captured step are kept but are not "unattributed".
        QCOMPARE(p.unattributedKernelCount(), size_t(1));
        QVERIFY(p.residentBytes() >= 3 * sizeof(Kernel));
    }

    void enumsRoundTripThroughText()
    {
        for (auto m : {AttributionMethod::Unattributed, AttributionMethod::TorchProfiler, AttributionMethod::Nvtx,
                       AttributionMethod::InductorFusion, AttributionMethod::NameHeuristic}) {
            AttributionMethod back{};
            QVERIFY(parseAttributionMethod(toString(m), back));
            QCOMPARE(int(back), int(m));
        }
        Confidence c{};
        QVERIFY(parseConfidence("medium", c));
        QCOMPARE(int(c), int(Confidence::Medium));
        QVERIFY(!parseConfidence("certain", c));
    }

    void metadataKeepsOrderAndReplaces()
    {
        Profile p;
        p.setMetadata(kModelNameKey, "gpt");
        p.setMetadata(kTorchVersionKey, "2.11");
        p.setMetadata(kModelNameKey, "gpt4");
        QCOMPARE(p.metadata.size(), size_t(2));
        QCOMPARE(*p.metadataValue(kModelNameKey), std::string("gpt4"));
        QVERIFY(p.metadataValue(kCudaVersionKey) == nullptr);
    }
};

} // namespace tst_profile_model_suite

OPSCOPE_TEST_SUITE(tst_profile_model, tst_profile_model_suite::TestProfileModel, Appless)
#include "tst_profile_model.moc"
