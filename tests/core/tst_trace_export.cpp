// opscope export: the trace-event JSON for Perfetto, read back through OpScope's own torch.profiler
// importer (same kernels, operators and module calls, every kernel with the same operator and module),
// and its args, flows, tracks and step marks checked against the profile it came from.
#include "opscope/capture_import.h"
#include "opscope/trace_export.h"
#include "test_suite.h"
#include "test_util.h"

#include <nlohmann/json.hpp>

#include <QTemporaryDir>
#include <QTest>

#include <fstream>
#include <map>
#include <sstream>

namespace tst_trace_export_suite {

using namespace opscope;
using opscope::test::fixture;
using opscope::test::tempPath;

namespace {

// QStrings, so that a failed comparison prints the values.
QString moduleOf(const Profile &p, Index module)
{
    return module < p.modules.size() ? QString::fromUtf8(p.text(p.modules[module].path)) : "<none>";
}

QString operatorOf(const Profile &p, Index op)
{
    return op < p.operators.size() ? QString::fromUtf8(p.text(p.operators[op].name)) : "<none>";
}

QString argText(const nlohmann::json &args, const char *key)
{
    return args.contains(key) ? QString::fromStdString(args[key].get<std::string>()) : "<none>";
}

} // namespace

class TestTraceExport : public QObject {
    Q_OBJECT
private slots:
    void readsBackThroughTheTorchProfilerImporter_data()
    {
        QTest::addColumn<QStringList>("files");
        QTest::addColumn<int>("kernels");
        QTest::addColumn<int>("modules");
        QTest::addColumn<int>("moduleOnlyKernels");
        // nsys + ncu (NVTX attribution, counters), a training trace (backward through fwdbwd flows and
        // sequence numbers), a trace whose modules are the python tracer's "nn.Module: X_N" events, and
        // a rank of a 128-rank NCCL job (no modules). The nsys capture's 92 kernels with a module but no
        // operator are its two warm-up steps (2 x 46).
        const QString h100 = QString::fromStdString(fixture("h100/"));
        const QString pub = QString::fromStdString(fixture("public/"));
        QTest::newRow("nsys+ncu bf16 GPT")
            << QStringList{h100 + "gpt4_bf16_infer/nsys.sqlite", h100 + "gpt4_bf16_infer/ncu_raw.csv"} << 192 << 135
            << 92;
        QTest::newRow("kineto GPT training") << QStringList{h100 + "kineto_gpt4_train.json"} << 416 << 94 << 0;
        QTest::newRow("kineto nn.Module events")
            << QStringList{pub + "kineto/TraceLens__gaunernst_bert-small-uncased__1016001.json"} << 60 << 84 << 0;
        QTest::newRow("kineto NCCL rank")
            << QStringList{pub + "kineto-multirank/HolisticTraceAnalysis__sampled_rank-0.json.gz"} << 1154 << 0 << 0;
    }

    void readsBackThroughTheTorchProfilerImporter()
    {
        QFETCH(QStringList, files);
        QFETCH(int, kernels);
        QFETCH(int, modules);
        QFETCH(int, moduleOnlyKernels);
        std::vector<std::string> paths;
        for (const QString &f : files)
            paths.push_back(f.toStdString());
        const Profile original = importCapture(paths);
        QCOMPARE(int(original.kernels.size()), kernels);
        QCOMPARE(int(original.modules.size()), modules);

        QTemporaryDir dir;
        const std::string out = tempPath(dir, "export.json");
        writeTraceEventJsonFile(original, out);
        const Profile back = importCapture({out});
        QCOMPARE(back.source_format, std::string("kineto-json"));

        QCOMPARE(back.kernels.size(), original.kernels.size());
        QCOMPARE(back.operators.size(), original.operators.size());
        QCOMPARE(back.modules.size(), original.modules.size());
        QCOMPARE(back.memory_ops.size(), original.memory_ops.size());
        QCOMPARE(back.api_calls.size(), original.api_calls.size());
        QCOMPARE(back.devices.size(), original.devices.size());
        QCOMPARE(back.unattributedKernelCount(), original.unattributedKernelCount());
        // Kernel by kernel (both in start order): the same kernel, operator, module and step.
        size_t withModule = 0, moduleOnly = 0;
        for (Index k = 0; k < original.kernels.size(); ++k) {
            const Kernel &a = original.kernels[k], &b = back.kernels[k];
            QCOMPARE(QString::fromUtf8(back.text(b.name)), QString::fromUtf8(original.text(a.name)));
            QCOMPARE(b.start_ns, a.start_ns);
            QCOMPARE(b.end_ns, a.end_ns);
            QCOMPARE(b.stream, a.stream);
            QCOMPARE(operatorOf(back, b.op), operatorOf(original, a.op));
            // A torch.profiler trace ties a kernel to a module through its operator only: a kernel with a
            // module but no operator (nsys warm-up steps, launched without emit_nvtx) keeps it in its args.
            if (a.op != kNoIndex)
                QCOMPARE(moduleOf(back, b.module), moduleOf(original, a.module));
            else
                moduleOnly += a.module != kNoIndex;
            QCOMPARE(b.flags & kKernelOutsideCapture, a.flags & kKernelOutsideCapture);
            withModule += a.module != kNoIndex;
        }
        QCOMPARE(withModule > 0, modules > 0);
        QCOMPARE(int(moduleOnly), moduleOnlyKernels);
        for (Index m = 0; m < original.modules.size(); ++m)
            QCOMPARE(moduleOf(back, m), moduleOf(original, m));
        QCOMPARE(back.operator_links.size(), original.operator_links.size());
    }

    // What the importer does not read back: the args OpScope adds, the flows, the track names, the steps.
    void argsCarryAttributionAndCounters()
    {
        const std::string capture = fixture("h100/gpt4_bf16_infer/");
        const Profile p = importCapture({capture + "nsys.sqlite", capture + "ncu_raw.csv"});
        QTemporaryDir dir;
        const std::string out = tempPath(dir, "export.json");
        writeTraceEventJsonFile(p, out);
        std::ifstream in(out);
        const nlohmann::json trace = nlohmann::json::parse(in);

        std::vector<const nlohmann::json *> kernelEvents;
        std::map<std::string, int> flows;
        std::map<std::pair<int64_t, int64_t>, std::string> threadNames;
        std::vector<std::string> steps;
        for (const nlohmann::json &e : trace["traceEvents"]) {
            const std::string ph = e["ph"], cat = e.value("cat", "");
            if (ph == "X" && cat == "kernel")
                kernelEvents.push_back(&e);
            else if (ph == "s" || ph == "f")
                ++flows[cat + " " + ph];
            else if (ph == "M" && e["name"] == "thread_name" && e["args"]["name"].is_string())
                threadNames[{e["pid"], e["tid"]}] = e["args"]["name"];
            else if (cat == "opscope_step")
                steps.push_back(e["name"]);
        }
        QCOMPARE(kernelEvents.size(), p.kernels.size());
        size_t counterValues = 0, captured = 0;
        for (Index k = 0; k < p.kernels.size(); ++k) {
            const nlohmann::json &args = (*kernelEvents[k])["args"];
            const Kernel &kernel = p.kernels[k];
            QCOMPARE(argText(args, "module"), moduleOf(p, kernel.module));
            QCOMPARE(argText(args, "operator"), operatorOf(p, kernel.op));
            QCOMPARE(args["attribution"].get<std::string>(), std::string(toString(kernel.method)));
            QCOMPARE(args["confidence"].get<std::string>(), std::string(toString(kernel.confidence)));
            captured += args["step"] == "captured";
            if (args.contains("counters")) {
                counterValues += args["counters"].size();
                for (const MetricValue &v : p.countersOfKernel(k))
                    if (!(v.flags & (kValueText | kValueNull)))
                        QCOMPARE(args["counters"][std::string(p.text(p.metrics[v.metric].name))].get<double>(),
                                 v.value);
            }
        }
        // The 46 kernels of the captured step carry the ncu rows' counters (59,984 values, as summary says).
        QCOMPARE(captured, size_t(46));
        QCOMPARE(counterValues, p.kernel_counters.size());
        QCOMPARE(counterValues, size_t(59984));
        QCOMPARE(trace["opscope"]["metricUnits"].size(), p.metrics.size());
        QCOMPARE(trace["opscope"]["metricUnits"]["gpu__time_duration.sum"].get<std::string>(), std::string("ns"));
        // Every kernel's launch (cudaLaunchKernel ...) flows to it.
        QCOMPARE(flows["ac2g s"], 192);
        QCOMPARE(flows["ac2g f"], 192);
        // Tracks named as the timeline names them.
        QCOMPARE(threadNames[std::make_pair(int64_t(0), int64_t(7))], std::string("GPU 0 \u00b7 Stream 7"));
        QCOMPARE(steps, (std::vector<std::string>{"captured step (CAPTURE)"}));
    }

    // traceEvents comes first (displayTimeUnit alone before it): the Perfetto UI build on npm
    // (tst_perfetto_ui) loads no event from a file with any other key before it. The rest follows it.
    void traceEventsFirst()
    {
        const std::string capture = fixture("h100/gpt4_bf16_infer/");
        const Profile p = importCapture({capture + "nsys.sqlite", capture + "ncu_raw.csv"});
        std::ostringstream text;
        writeTraceEventJson(p, text);
        const nlohmann::ordered_json trace = nlohmann::ordered_json::parse(text.str());
        QStringList keys;
        for (const auto &[key, value] : trace.items())
            keys << QString::fromStdString(key);
        QCOMPARE(keys.mid(0, 3), (QStringList{"displayTimeUnit", "traceEvents", "schemaVersion"}));
        QVERIFY(keys.contains("deviceProperties"));
        QCOMPARE(keys.back(), QString("opscope"));
        QCOMPARE(trace["deviceProperties"].size(), size_t(1));
    }

    // The root's empty path goes out as the launcher writes it ("[GPT]"), and comes back as stored.
    void emptyRootModulePath()
    {
        const Profile original = importCapture({fixture("h100/kineto_gpt4_train.json")});
        Profile p = original;
        Index root = kNoIndex;
        for (Index m = 0; m < p.modules.size() && root == kNoIndex; ++m)
            if (p.modules[m].parent == kNoIndex)
                root = m;
        QVERIFY(root != kNoIndex);
        // The fixture's launcher called the root "model": the import gives it the empty path.
        QCOMPARE(p.text(p.modules[root].path), std::string_view(""));
        std::ostringstream text;
        writeTraceEventJson(p, text);
        const nlohmann::json trace = nlohmann::json::parse(text.str());
        size_t rootEvents = 0;
        for (const nlohmann::json &e : trace["traceEvents"])
            if (e.value("cat", "") == "user_annotation" && e["name"] == "[GPT]") {
                QCOMPARE(e["args"]["module"].get<std::string>(), std::string());
                ++rootEvents;
            }
        QCOMPARE(rootEvents, size_t(2)); // one forward per training step
    }
};

} // namespace tst_trace_export_suite

OPSCOPE_TEST_SUITE(tst_trace_export, tst_trace_export_suite::TestTraceExport, Core)
#include "tst_trace_export.moc"
