// Memory on the CPU capture path, for real with Debian's torch 1.13 (no Kineto): `opscope capture` of
// examples/mlp.py with Adam records the allocator events of the captured step (the launcher adds them
// to the legacy trace, which leaves them out), the profile's peak is the trace's highest "Total
// Allocated", what is alive at it adds up to it by module and by kind, and the kinds of a training
// step are there: gradients and optimizer state at the peak, activations kept for backward by the
// blocks' layers. The launcher status says what it recorded; the overhead is the captured step's
// time over the plain reference steps'. The launcher's tensor inventory (memory_tensors.json) gives the
// gradient blocks their parameters' modules.
#include "capture_test_util.h"
#include "opscope/importer.h"
#include "opscope/insights.h"
#include "opscope/memory.h"
#include "test_suite.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <map>
#include <set>

namespace tst_memory_capture_suite {

using namespace opscope;
using namespace opscope::test;

class TestMemoryCapture : public QObject {
    Q_OBJECT

    std::string python_;
    QTemporaryDir dir_;
    std::string run_;

private slots:
    void initTestCase()
    {
        python_ = pipeline::findPython();
        if (python_.empty() || !pipeline::pythonHasTorch(python_))
            QSKIP("no python3 here can import torch (install Debian's python3-torch)");
        const std::string out = dir_.path().toStdString();
        const CliRun r = runOpscope({"capture", sourceFile("examples/mlp.py"), "--python", python_, "--out", out,
                                     "--name", "mlp", "--", "--optimizer", "adam"});
        QVERIFY2(r.exitCode == 0, (r.err + r.out).c_str());
        run_ = out + "/mlp";
    }

    void statusSaysWhatWasRecorded()
    {
        const nlohmann::json status = readJson(run_ + "/launcher_status.json");
        const nlohmann::json &memory = status.at("memory");
        QCOMPARE(memory["profile_memory"].get<bool>(), true);
        QCOMPARE(memory["history"].get<bool>(), false); // no CUDA
        QVERIFY(memory["snapshot"].is_null());
        if (!status["kineto"].get<bool>()) // the legacy trace gets the events from the launcher
            QVERIFY(memory["legacy_events_added"].get<int>() > 0);
        QVERIFY(status["reference"]["overhead"].get<double>() > 0);
    }

    void peakIsTheTracesAndAddsUp()
    {
        int64_t peak = 0;
        size_t events = 0;
        std::set<uint64_t> addresses;
        const nlohmann::json trace = readJson(run_ + "/trace.json");
        for (const auto &e : traceEvents(trace))
            if (e.value("name", "") == "[memory]") {
                ++events;
                peak = std::max(peak, e["args"]["Total Allocated"].get<int64_t>());
                addresses.insert(e["args"]["Addr"].get<uint64_t>());
            }
        QVERIFY(events > 100);
        QVERIFY(!addresses.count(0));
        const Profile p = importFile(run_ + "/mlp.opscope");
        QCOMPARE(p.memory_samples.size(), events);
        const MemoryReport report = analyzeMemory(p);
        QCOMPARE(report.devices.size(), size_t(1));
        QVERIFY(report.primary());
        const DeviceMemory &host = *report.primary();
        QCOMPARE(host.device, -1);
        QCOMPARE(host.peak_allocated, peak);
        int64_t byModule = 0, byKind = 0;
        for (const MemoryShare &s : host.by_module)
            byModule += s.bytes;
        for (const MemoryShare &s : host.by_kind)
            byKind += s.bytes;
        QCOMPARE(byModule, peak);
        QCOMPARE(byKind, peak);
        // The CPU allocator counts only what was allocated while profiling: nothing from before the trace.
        QCOMPARE(host.baseline_bytes, int64_t(0));
        QCOMPARE(host.unseen_at_peak, int64_t(0));
    }

    void kindsOfATrainingStep()
    {
        const Profile p = importFile(run_ + "/mlp.opscope");
        const MemoryReport report = analyzeMemory(p);
        QVERIFY(report.primary());
        const DeviceMemory &host = *report.primary();
        std::set<std::string> atPeak;
        for (const MemoryShare &s : host.by_kind)
            atPeak.insert(std::string(toString(s.kind)));
        QVERIFY(atPeak.count("gradients"));
        QVERIFY(atPeak.count("optimizer_state"));
        // Each block's fc and act keep their outputs for backward: tiny MLP, batch 16, width 64 -> 4*64
        // floats per row: 16 * 256 * 4 bytes = 16384.
        std::set<std::string> keeping;
        for (const MemoryShare &s : host.activations_by_module) {
            keeping.insert(s.module);
            if (s.module == "blocks.0.fc" || s.module == "blocks.0.act")
                QCOMPARE(s.bytes, int64_t(16 * 256 * 4));
        }
        for (const char *module : {"blocks.0.fc", "blocks.1.fc", "blocks.2.fc", "blocks.0.act"})
            QVERIFY2(keeping.count(module), module);
        size_t activations = 0;
        for (MemoryKind k : report.block_kinds)
            activations += k == MemoryKind::Activation;
        QVERIFY(activations > 0);
    }

    void inventoryClassifiesGradients()
    {
        // The launcher's inventory: mlp.py sets its gradients to None before each forward, so they are
        // blocks of the trace (allocated in the backward); parameters and Adam's state are older.
        const nlohmann::json status = readJson(run_ + "/launcher_status.json");
        QCOMPARE(status["memory"]["tensors"].get<std::string>(), run_ + "/memory_tensors.json");
        const nlohmann::json inventory = readJson(run_ + "/memory_tensors.json");
        std::map<std::string, size_t> rows;
        for (const auto &t : inventory["tensors"])
            ++rows[t["kind"].get<std::string>()];
        QVERIFY(rows["parameter"] > 0);
        QCOMPARE(rows["gradient"], rows["parameter"]);            // every parameter trains
        QCOMPARE(rows["optimizer_state"], 3 * rows["parameter"]); // Adam: step, exp_avg, exp_avg_sq

        const Profile p = importFile(run_ + "/mlp.opscope");
        QCOMPARE(p.memory_tensors.size(), inventory["tensors"].size());
        const MemoryReport report = analyzeMemory(p);
        size_t gradientBlocks = 0;
        for (Index b = 0; b < p.memory_blocks.size(); ++b) {
            const Index t = report.block_tensors[b];
            if (t == kNoIndex)
                continue;
            const MemoryTensor &tensor = p.memory_tensors[t];
            QVERIFY(report.block_kinds[b] == kindOf(tensor.kind));
            QVERIFY(p.memory_blocks[b].address <= tensor.address);
            gradientBlocks += tensor.kind == MemoryTensorKind::Gradient;
        }
        QCOMPARE(gradientBlocks, rows["gradient"]);
        // At the peak (the optimizer step) the gradients count for their parameters' modules, not for
        // the backward phase that allocated them.
        const DeviceMemory &host = *report.primary();
        std::map<std::string, int64_t> gradientsByModule;
        for (Index b : host.alive_at_peak)
            if (const Index t = report.block_tensors[b];
                t != kNoIndex && p.memory_tensors[t].kind == MemoryTensorKind::Gradient)
                gradientsByModule[std::string(p.text(p.memory_tensors[t].module))] += p.memory_blocks[b].bytes;
        QVERIFY(gradientsByModule.count("head"));
        QVERIFY(gradientsByModule.count("blocks.0.fc"));
        for (const auto &[module, bytes] : gradientsByModule) {
            const auto share = std::find_if(host.by_module.begin(), host.by_module.end(),
                                            [&](const MemoryShare &s) { return s.module == module && !s.phase; });
            QVERIFY2(share != host.by_module.end(), module.c_str());
            QVERIFY(share->bytes >= bytes);
        }
    }

    void checkpointingInsightSavesTheGroupsActivations()
    {
        // mlp.py's blocks.* are identical layers; each keeps its fc's and act's outputs for the backward.
        // Checkpointed, the group keeps one layer's: the insight's bytes are the rest.
        const Profile p = importFile(run_ + "/mlp.opscope");
        const MemoryReport memory = analyzeMemory(p);
        const DeviceMemory &host = *memory.primary();
        std::map<std::string, int64_t> perBlock;
        for (const MemoryShare &s : host.activations_by_module)
            if (s.module.starts_with("blocks."))
                perBlock[s.module.substr(0, s.module.find('.', 7))] += s.bytes;
        QVERIFY(perBlock.size() >= 2);
        int64_t total = 0, largest = 0;
        for (const auto &[block, bytes] : perBlock)
            total += bytes, largest = std::max(largest, bytes);
        const InsightReport report = findInsights(p);
        const auto it = std::find_if(report.insights.begin(), report.insights.end(),
                                     [](const Insight &i) { return i.kind == "activation-checkpointing"; });
        QVERIFY(it != report.insights.end());
        QCOMPARE(it->estimatedBytesSaved, total - largest);
        QCOMPARE(it->estimatedGainNs, int64_t(0));
        QCOMPARE(it->modules.size(), perBlock.size());
        QCOMPARE(insightToJson(p, *it)["estimated_bytes_saved"].get<int64_t>(), total - largest);
    }

    void cliJsonHasTheKeys()
    {
        const CliRun r = runOpscope({"memory", run_ + "/mlp.opscope", "--json"});
        QVERIFY2(r.exitCode == 0, r.err.c_str());
        const nlohmann::json j = nlohmann::json::parse(r.out);
        for (const char *key : {"peak_allocated_bytes", "peak_reserved_bytes", "at_peak"})
            QVERIFY2(j.contains(key), key);
        QVERIFY(j["at_peak"]["by_module"].is_array());
        QVERIFY(j["at_peak"]["by_kind"].is_array());
        const CliRun text = runOpscope({"memory", run_ + "/mlp.opscope"});
        QVERIFY(text.out.find("host: peak allocated " + std::to_string(j["peak_allocated_bytes"].get<int64_t>())) !=
                std::string::npos);
    }
};

} // namespace tst_memory_capture_suite

OPSCOPE_TEST_SUITE(tst_memory_capture, tst_memory_capture_suite::TestMemoryCapture, Appless)
#include "tst_memory_capture.moc"
