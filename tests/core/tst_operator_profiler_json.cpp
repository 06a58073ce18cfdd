// The Operator Profiler's profile.json on the four real example pairs: import counts and values,
// and the round trip profile.json -> model -> .opscope -> model -> profile.json.
#include "opscope/errors.h"
#include "opscope/importer.h"
#include "opscope/metadata_keys.h"
#include "opscope/operator_profiler_json.h"
#include "opscope/profile_store.h"
#include "test_suite.h"
#include "test_util.h"

#include <nlohmann/json.hpp>

#include <QTest>

#include <fstream>

namespace tst_operator_profiler_json_suite {

using namespace opscope;
using opscope::test::fixture;
using opscope::test::tempPath;

namespace {

nlohmann::json readJson(const std::string &path)
{
    std::ifstream in(path);
    return nlohmann::json::parse(in);
}

std::string example(const QString &file)
{
    return fixture("public/operator_profiler/" + file.toStdString());
}

} // namespace

class TestOperatorProfilerJson : public QObject {
    Q_OBJECT
private slots:
    void importsRealExamples_data()
    {
        // Counts read off the files with Python's json module.
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("operators");
        QTest::addColumn<int>("kernels");
        QTest::addColumn<int>("unattributed");
        QTest::addColumn<int>("metricValues");
        QTest::addColumn<qlonglong>("totalNs");
        QTest::addColumn<int>("sourceWarnings");
        QTest::addColumn<QString>("firstKernel");
        QTest::addColumn<double>("firstKernelDuration"); // gpu__time_duration.sum, written in us, stored in ns
        QTest::newRow("conv_block") << "conv_block/profile.json" << 10 << 38 << 0 << 528 << 529757LL << 329 << "k_00329"
                                    << 4220.0;
        QTest::newRow("conv_block opt") << "conv_block/profile_optimized.json" << 10 << 26 << 6 << 396 << 325691LL << 77
                                        << "k_00078" << -1.0;
        QTest::newRow("embedding") << "embedding_projection/profile.json" << 8 << 10 << 0 << 220 << 12532871LL << 296
                                   << "k_00296" << 17790.0;
        QTest::newRow("embedding opt") << "embedding_projection/profile_optimized.json" << 9 << 24 << 8 << 352
                                       << 4577470LL << 37 << "k_00037" << 17570.0;
        QTest::newRow("mlp") << "mlp_activations/profile.json" << 9 << 16 << 0 << 352 << 773562LL << 395 << "k_00395"
                             << 53630.0;
        QTest::newRow("mlp opt") << "mlp_activations/profile_optimized.json" << 21 << 34 << 0 << 396 << 218080LL << 52
                                 << "k_00052" << -1.0;
        QTest::newRow("sdpa") << "sdpa_attention/profile.json" << 12 << 14 << 0 << 264 << 905984LL << 258 << "k_00258"
                              << 11740.0;
        QTest::newRow("sdpa opt") << "sdpa_attention/profile_optimized.json" << 11 << 22 << 0 << 440 << 404662LL << 34
                                  << "k_00034" << 10110.0;
    }

    void importsRealExamples()
    {
        QFETCH(QString, file);
        QFETCH(int, operators);
        QFETCH(int, kernels);
        QFETCH(int, unattributed);
        QFETCH(int, metricValues);
        QFETCH(qlonglong, totalNs);
        QFETCH(int, sourceWarnings);
        QFETCH(QString, firstKernel);
        QFETCH(double, firstKernelDuration);

        const Profile p = importFile(example(file));
        QCOMPARE(p.source_format, std::string("operator-profiler-json"));
        QCOMPARE(int(p.operators.size()), operators);
        QCOMPARE(int(p.kernels.size()), kernels);
        QCOMPARE(int(p.unattributedKernelCount()), unattributed);
        QCOMPARE(int(p.kernel_counters.size()), metricValues);
        QCOMPARE(int(p.metrics.size()) - 22 /* aggregated fields */, 22);
        QCOMPARE(p.totalKernelTimeNs(), int64_t(totalNs));
        // The source's warnings, plus ours about the units the seed lost.
        QCOMPARE(int(p.warnings.size()), sourceWarnings + 1);
        QCOMPARE(p.warnings.back(), std::string(kOperatorProfilerUnitsWarning));
        QCOMPARE(p.devices.size(), size_t(1));
        QCOMPARE(p.text(p.devices[0].name), std::string_view("NVIDIA RTX PRO 6000 Blackwell Server Edition"));
        QCOMPARE(*p.metadataValue(kTorchVersionKey), std::string("2.11.0+cu128"));
        QVERIFY(p.metadataValue(kCudaVersionKey) == nullptr); // null in the file

        // The first kernel of the first operator, found by its label.
        Index first = kNoIndex;
        for (Index k = 0; k < p.kernels.size(); ++k)
            if (p.text(p.kernels[k].label) == firstKernel.toStdString())
                first = k;
        QVERIFY(first != kNoIndex);
        QCOMPARE(p.kernels[first].op, Index(0));
        if (firstKernelDuration >= 0)
            QCOMPARE(p.kernelCounter(first, "gpu__time_duration.sum"), firstKernelDuration);
        // Kernels are in start order after import.
        for (size_t k = 1; k < p.kernels.size(); ++k)
            QVERIFY(p.kernels[k - 1].start_ns <= p.kernels[k].start_ns);
    }

    void exactValuesOfConvBlock()
    {
        const Profile p = importFile(example("conv_block/profile.json"));
        const Operator &op = p.operators[0];
        QCOMPARE(p.text(op.label), std::string_view("aten::convolution_0"));
        QVERIFY(op.flags & kOperatorHasAggregate);
        // aggregated.total_duration_ns = 7488, dynamic_smem_per_block = 4.1 (as written, KB)
        auto aggregate = [&](std::string_view name) {
            for (const MetricValue &v : p.countersOfOperator(0))
                if (p.text(p.metrics[v.metric].name) == name)
                    return v;
            return MetricValue{kNoIndex, kNoIndex, -1, kNoString, 0};
        };
        QCOMPARE(aggregate("total_duration_ns").value, 7488.0);
        QVERIFY(aggregate("total_duration_ns").flags & kValueIntegral);
        QCOMPARE(aggregate("dynamic_smem_per_block").value, 4.1);
        QVERIFY(aggregate("warp_cycles_per_instruction").flags & kValueNull);
        QCOMPARE(p.text(aggregate("dominant_kernel_id").text), std::string_view("k_00329"));
        // The kernel k_00329: triton_poi_fused_convolution_0, 2944 ns, grid 128x2x1.
        const Kernel &k = p.kernels[0];
        QCOMPARE(p.text(k.name), std::string_view("triton_poi_fused_convolution_0"));
        QCOMPARE(k.duration(), int64_t(2944));
        QCOMPARE(k.grid, (Dim3{128, 2, 1}));
        QCOMPARE(int(k.method), int(AttributionMethod::InductorFusion));
        QCOMPARE(int(k.confidence), int(Confidence::Medium));
        QCOMPARE(p.kernelCounter(0, "dram__bytes_op_read.sum"), 791.04);
        // Units the seed lost but that are certain: 4.22 (us, beside its 2944 ns nsys duration) is
        // 4220 ns; percentages are %; auto-scaled amounts such as bytes stay as written, unitless.
        QCOMPARE(p.kernelCounter(0, "gpu__time_duration.sum"), 4220.0);
        QCOMPARE(p.text(p.metrics[p.findMetric("gpu__time_duration.sum")].unit), std::string_view("ns"));
        QCOMPARE(p.text(p.metrics[p.findMetric("sm__throughput.avg.pct_of_peak_sustained_elapsed")].unit),
                 std::string_view("%"));
        QCOMPARE(p.text(p.metrics[p.findMetric("dram__bytes_op_read.sum")].unit), std::string_view(""));
        QCOMPARE(p.kernelCounter(0, "smsp__inst_executed.sum"), 126464.0);
        // A fused NVTX operator keeps its fused names and its range.
        const Operator &fused = p.operators[1];
        QVERIFY(fused.flags & kOperatorFused);
        QVERIFY(fused.range != kNoIndex);
        QVERIFY(p.text(p.ranges[fused.range].text).starts_with("aten::cudnn_convolution, op_id = 7"));
        int fusedNames = 0;
        for (const FusedName &f : p.fused_with)
            fusedNames += f.op == 1;
        QCOMPARE(fusedNames, 2);
    }

    void roundTripsThroughOpScopeFile_data()
    {
        QTest::addColumn<QString>("file");
        for (const char *name : {"conv_block", "embedding_projection", "mlp_activations", "sdpa_attention"})
            for (const char *variant : {"profile.json", "profile_optimized.json"})
                QTest::newRow((std::string(name) + "/" + variant).c_str()) << QString("%1/%2").arg(name, variant);
    }

    void roundTripsThroughOpScopeFile()
    {
        QFETCH(QString, file);
        QTemporaryDir dir;
        const std::string input = example(file);
        const Profile imported = importFile(input);
        const std::string stored = tempPath(dir, "p.opscope");
        saveProfile(imported, stored);
        const Profile reopened = importFile(stored);
        QVERIFY(reopened == imported);

        const std::string exported = tempPath(dir, "p.json");
        writeOperatorProfilerJson(reopened, exported);
        // Equal to the input in every operator, kernel, metric, aggregated value and warning.
        const nlohmann::json before = readJson(input);
        const nlohmann::json after = readJson(exported);
        QCOMPARE(after["operators"].size(), before["operators"].size());
        for (size_t i = 0; i < before["operators"].size(); ++i)
            QVERIFY2(after["operators"][i] == before["operators"][i],
                     qPrintable(QString("operator %1 differs").arg(i)));
        QVERIFY(after["unattributed_kernels"] == before["unattributed_kernels"]);
        QVERIFY(after["capture_metadata"] == before["capture_metadata"]);
        QVERIFY(after["warnings"] == before["warnings"]);
        QVERIFY(after == before);

        // And the exported file imports to the same model.
        Profile again = importFile(exported);
        again.source_path = imported.source_path;
        QVERIFY(again == imported);
    }

    void badInputGivesCleanErrors_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("expected");
        QTest::newRow("truncated")
            << QByteArray(
                   "{\"schema_version\": \"1.0\", \"capture_metadata\": {\"model_name\": \"x\"}, \"operators\": [{")
            << "not valid JSON";
        QTest::newRow("operators not a list")
            << QByteArray("{\"schema_version\": \"1.0\", \"capture_metadata\": {}, \"operators\": 5}")
            << "\"operators\" is not a list";
        QTest::newRow("future schema")
            << QByteArray("{\"schema_version\": \"2.0\", \"capture_metadata\": {}, \"operators\": []}")
            << "schema_version 2.0 is not supported";
        QTest::newRow("kernel start not a number")
            << QByteArray("{\"capture_metadata\": {}, \"operators\": [{\"operator_name\": \"a\", \"kernels\": "
                          "[{\"start_ns\": \"x\"}]}]}")
            << "start_ns is not a number";
    }

    void badInputGivesCleanErrors()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, expected);
        try {
            parseOperatorProfilerJson(content.toStdString(), "bad.json");
            QFAIL("bad input was accepted");
        } catch (const FileError &e) {
            QVERIFY2(QString(e.what()).startsWith("bad.json: "), e.what());
            QVERIFY2(QString(e.what()).contains(expected), e.what());
        }
    }
};

} // namespace tst_operator_profiler_json_suite

OPSCOPE_TEST_SUITE(tst_operator_profiler_json, tst_operator_profiler_json_suite::TestOperatorProfilerJson, Appless)
#include "tst_operator_profiler_json.moc"
