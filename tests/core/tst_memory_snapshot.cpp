// The CUDA allocator history (memory_snapshot.json, as the launcher writes torch.cuda.memory._snapshot())
// imported beside the torch.profiler trace of the same run: its events replace the trace's own samples
// of that GPU, with stream and stack, totals rebuilt from the snapshot's end state, each event tied to
// the operator open at its time. The test snapshot (tests/data/memory_snapshot_bert, make_snapshot.py)
// holds the real allocator events of the bert-small H100 trace in the snapshot's form, so the trace's
// own figures are the reference. A damaged or truncated snapshot warns, naming the file, and the rest of
// the profile stands.
#include "capture_test_util.h"
#include "opscope/capture_import.h"
#include "opscope/diff.h"
#include "opscope/errors.h"
#include "opscope/insights.h"
#include "opscope/memory.h"
#include "opscope/memory_snapshot.h"
#include "opscope/metadata_keys.h"
#include "opscope/profile_store.h"
#include "test_suite.h"
#include "test_util.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <fstream>

namespace tst_memory_snapshot_suite {

using namespace opscope;
using namespace opscope::test;

namespace {

const char *const kBert = "public/kineto/TraceLens__gaunernst_bert-small-uncased__1016001.json";

std::string snapshotPath()
{
    return sourceFile("tests/data/memory_snapshot_bert/memory_snapshot.json");
}

int64_t sumBytes(const std::vector<MemoryShare> &shares)
{
    int64_t sum = 0;
    for (const MemoryShare &s : shares)
        sum += s.bytes;
    return sum;
}

size_t countSamples(const Profile &p, int32_t device, MemorySampleKind kind)
{
    size_t n = 0;
    for (const MemorySample &s : p.memory_samples)
        n += s.device == device && s.kind == kind;
    return n;
}

bool hasWarning(const Profile &p, const std::string &needle)
{
    for (const std::string &w : p.warnings)
        if (w.find(needle) != std::string::npos)
            return true;
    return false;
}

std::string writeFile(const QTemporaryDir &dir, const std::string &name, const std::string &text)
{
    const std::string path = dir.path().toStdString() + "/" + name;
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

} // namespace

class TestMemorySnapshot : public QObject {
    Q_OBJECT

private slots:
    void detectedByContentAndName()
    {
        QCOMPARE(detectFormat(snapshotPath()).id, std::string_view("torch-memory-snapshot"));
        QVERIFY(looksLikeMemorySnapshot(R"({"segments": [], "device_traces": [[]]})", "x.json"));
        QVERIFY(looksLikeMemorySnapshot("{\"segm", "/run/memory_snapshot.json")); // truncated: by its name
        QVERIFY(!looksLikeMemorySnapshot(R"({"traceEvents": []})", "trace.json"));
    }

    void replacesTheTraceSamplesOfItsGpu()
    {
        const Profile p = importCapture({fixture(kBert), snapshotPath()});
        // The trace's 218 CUDA samples give way to the history's 109 allocs and 109 free_completed (its
        // free_requested change no total); the 18 host samples stay.
        QCOMPARE(countSamples(p, 0, MemorySampleKind::Block), size_t(218));
        QCOMPARE(countSamples(p, 0, MemorySampleKind::Segment), size_t(0));
        QCOMPARE(countSamples(p, -1, MemorySampleKind::Block), size_t(18));
        QCOMPARE(*p.metadataValue(kMemorySnapshotEventsKey), std::string("218"));
        // The first event as the snapshot has it: address, size, stream and stack (innermost first).
        const MemorySample *first = nullptr;
        for (const MemorySample &s : p.memory_samples)
            if (s.device == 0 && (!first || s.time_ns < first->time_ns))
                first = &s;
        QVERIFY(first);
        QCOMPARE(first->address, uint64_t(128184607182336));
        QCOMPARE(first->bytes, int64_t(144384));
        QCOMPARE(first->time_ns, int64_t(1752830083333400000));
        QVERIFY(first->frames != kNoString);
        const std::string frames(p.text(first->frames));
        QVERIFY2(frames.find("(torch/nn/modules/module.py:") != std::string::npos, frames.c_str());
        // Totals from the snapshot's end state less the history: the trace's own first total.
        QCOMPARE(first->total_allocated, int64_t(91505152));
        QCOMPARE(first->total_reserved, int64_t(121634816));
    }

    void peakAndAttributionMatchTheTrace()
    {
        const Profile traceOnly = importCapture({fixture(kBert)});
        const Profile p = importCapture({fixture(kBert), snapshotPath()});
        const MemoryReport report = analyzeMemory(p);
        const DeviceMemory &gpu = *report.primary();
        QCOMPARE(gpu.device, 0);
        QCOMPARE(gpu.peak_allocated, int64_t(101305344)); // the trace's highest Total Allocated
        QCOMPARE(gpu.peak_reserved, int64_t(121634816));
        QCOMPARE(gpu.baseline_bytes, analyzeMemory(traceOnly).primary()->baseline_bytes);
        QCOMPARE(sumBytes(gpu.by_module), gpu.peak_allocated);
        QCOMPARE(sumBytes(gpu.by_kind), gpu.peak_allocated);
        QCOMPARE(gpu.allocations, size_t(109));
        QCOMPARE(gpu.frees, size_t(109));

        // The history has no thread and whole-µs times: each allocation still finds the operator the
        // trace's own sample (thread and sub-µs time) found, by name, for nearly every block.
        std::map<uint64_t, std::vector<std::string>> expected, got;
        auto opsByAddress = [](const Profile &q, std::map<uint64_t, std::vector<std::string>> &out) {
            for (const MemoryBlock &b : q.memory_blocks)
                if (b.device == 0 && b.alloc_sample != kNoIndex)
                    out[b.address].push_back(
                        b.alloc_op == kNoIndex ? "" : std::string(q.text(q.operators[b.alloc_op].name)));
        };
        opsByAddress(traceOnly, expected);
        opsByAddress(p, got);
        size_t blocks = 0, same = 0;
        for (const auto &[address, names] : expected) {
            const auto it = got.find(address);
            QVERIFY(it != got.end());
            QCOMPARE(it->second.size(), names.size());
            for (size_t i = 0; i < names.size(); ++i, ++blocks)
                same += names[i] == it->second[i] && !names[i].empty();
        }
        QCOMPARE(blocks, size_t(109));
        qInfo("%zu of %zu allocations find the operator the trace's own events found", same, blocks);
        QVERIFY2(same * 10 >= blocks * 9, qPrintable(QString("%1 of %2").arg(same).arg(blocks)));
    }

    void survivesSaveAndLoad()
    {
        const Profile p = importCapture({fixture(kBert), snapshotPath()});
        QTemporaryDir dir;
        const std::string path = dir.path().toStdString() + "/bert.opscope";
        saveProfile(p, path);
        const Profile loaded = loadProfile(path);
        QVERIFY(loaded.memory_samples == p.memory_samples);
        QVERIFY(loaded.memory_blocks == p.memory_blocks);
    }

    void truncatedSnapshotWarnsAndKeepsTheProfile()
    {
        QTemporaryDir dir;
        const std::string whole = readText(snapshotPath());
        const std::string truncated = writeFile(dir, "memory_snapshot.json", whole.substr(0, whole.size() / 2));
        const Profile p = importCapture({fixture(kBert), truncated});
        const Profile traceOnly = importCapture({fixture(kBert)});
        QVERIFY2(hasWarning(p, truncated + ": left out: not valid JSON (truncated?)"),
                 p.warnings.empty() ? "" : p.warnings.back().c_str());
        QVERIFY(p.memory_samples == traceOnly.memory_samples);
        QCOMPARE(p.kernels.size(), traceOnly.kernels.size());
        QCOMPARE(analyzeMemory(p).primary()->peak_allocated, int64_t(101305344));
    }

    void damagedSnapshotsWarn_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("why");
        QTest::newRow("empty") << ""
                               << "not valid JSON";
        QTest::newRow("no lists") << R"({"segments": {}})"
                                  << "not a torch.cuda.memory snapshot";
        QTest::newRow("event without size")
            << R"({"segments": [], "device_traces": [[{"action": "alloc", "addr": 1, "time_us": 2}]]})"
            << "device_traces[0][0]: no integer \"size\"";
        QTest::newRow("segment without device") << R"({"segments": [{"total_size": 4}], "device_traces": []})"
                                                << "segments[0]: no integer \"device\"";
    }

    void damagedSnapshotsWarn()
    {
        QFETCH(QString, text);
        QFETCH(QString, why);
        QTemporaryDir dir;
        const std::string path = writeFile(dir, "memory_snapshot.json", text.toStdString());
        const Profile p = importCapture({fixture(kBert), path});
        QVERIFY2(hasWarning(p, path + ": left out: " + why.toStdString()),
                 p.warnings.empty() ? "" : p.warnings.back().c_str());
        QCOMPARE(countSamples(p, 0, MemorySampleKind::Block), size_t(218)); // the trace's own
    }

    void compareShowsPeakMemoryByModuleAndKind()
    {
        // The same run with and without the allocator history: the same peaks, every row unchanged.
        const Profile traceOnly = importCapture({fixture(kBert)});
        const Profile withSnapshot = importCapture({fixture(kBert), snapshotPath()});
        const MemoryDiff same = diffMemory(traceOnly, withSnapshot);
        QVERIFY(same.present);
        QCOMPARE(same.peakBefore, int64_t(101305344));
        QCOMPARE(same.peakAfter, int64_t(101305344));
        QCOMPARE(same.reservedAfter, int64_t(121634816));
        int64_t before = 0, after = 0;
        for (const MemoryDiffRow &r : same.byKind) {
            QCOMPARE(r.after, r.before);
            before += r.before, after += r.after;
        }
        QCOMPARE(before, same.peakBefore);
        QCOMPARE(after, same.peakAfter);
        before = after = 0;
        for (const MemoryDiffRow &r : same.byModule)
            before += r.before, after += r.after;
        QCOMPARE(before, same.peakBefore);
        QCOMPARE(after, same.peakAfter);
        // Against a profile without memory events (an nsys capture): everything is gone after.
        const Profile nsys = importCapture({fixture("h100/mlp_bf16_infer/nsys.sqlite")});
        const ProfileDiff diff = diffProfiles(traceOnly, nsys);
        QVERIFY(diff.memory.present);
        QCOMPARE(diff.memory.peakAfter, int64_t(0));
        QCOMPARE(diff.memory.deviceBefore, 0);
        for (const MemoryDiffRow &r : diff.memory.byModule)
            QCOMPARE(r.after, int64_t(0));
        QVERIFY(!diffMemory(nsys, nsys).present);
    }

    void aloneIsNoProfile()
    {
        try {
            (void)importCapture({snapshotPath()});
            QFAIL("a snapshot alone imported");
        } catch (const FileError &e) {
            QVERIFY2(std::string(e.what()).find("a memory snapshot alone has no timeline") != std::string::npos,
                     e.what());
        }
    }
    void h100GptStepPeakIsTheAllocatorsOwn()
    {
        // A real capture on the H100 (tests/data/h100_gpt12_memory): the torch.profiler trace and the
        // allocator history of one training step of examples/gpt.py --size base --layers 12, from the same
        // process. The launcher read torch.cuda.max_memory_allocated() over the same step: the imported
        // peak is that figure exactly, the at-peak breakdown adds up to it, and the checkpointing insight's
        // estimate is set against the peak measured with --checkpoint (bench/gpu/memory25.sh).
        QTemporaryDir dir;
        const std::string trace = tempPath(dir, "correlation_trace.json");
        const std::string snapshot = tempPath(dir, "memory_snapshot.json");
        QVERIFY(gunzipFile(sourceFile("tests/data/h100_gpt12_memory/correlation_trace.json.gz"), trace));
        QVERIFY(gunzipFile(sourceFile("tests/data/h100_gpt12_memory/memory_snapshot.json.gz"), snapshot));
        const Profile p = importCapture({trace, snapshot});
        QCOMPARE(*p.metadataValue(kMemorySnapshotEventsKey),
                 std::string("1250")); // 625 allocations, 625 completed frees
        const MemoryReport report = analyzeMemory(p);
        QVERIFY(report.primary() && report.primary()->device == 0);
        const DeviceMemory &gpu = *report.primary();
        QCOMPARE(gpu.peak_allocated, int64_t(2735206400)); // max_memory_allocated() of the captured step
        QCOMPARE(sumBytes(gpu.by_module), gpu.peak_allocated);
        QCOMPARE(sumBytes(gpu.by_kind), gpu.peak_allocated);
        QVERIFY(gpu.peak_reserved <= int64_t(2879389696)); // max_memory_reserved() of the step
        const InsightReport insights = findInsights(p);
        const auto checkpointing = std::find_if(insights.insights.begin(), insights.insights.end(),
                                                [](const Insight &i) { return i.kind == "activation-checkpointing"; });
        QVERIFY(checkpointing != insights.insights.end());
        // Measured: 2,735,206,400 B plain, 1,803,074,048 B with every block checkpointed (932 MB saved).
        const double measured = 2735206400.0 - 1803074048.0;
        qInfo("checkpointing: estimated %lld bytes saved, measured %.0f",
              static_cast<long long>(checkpointing->estimatedBytesSaved), measured);
        QVERIFY2(checkpointing->estimatedBytesSaved > 0.5 * measured &&
                     checkpointing->estimatedBytesSaved < 1.5 * measured,
                 checkpointing->title.c_str());
    }
};

} // namespace tst_memory_snapshot_suite

OPSCOPE_TEST_SUITE(tst_memory_snapshot, tst_memory_snapshot_suite::TestMemorySnapshot, Appless)
#include "tst_memory_snapshot.moc"
