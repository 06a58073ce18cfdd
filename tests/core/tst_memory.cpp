// Memory on a real GPU trace (TraceLens bert-small inference, torch.profiler with profile_memory): the
// [memory] instants become samples with their address and reserved total, paired into blocks tied to
// the operator open on their thread; the peak is the trace's highest "Total Allocated" and what is
// alive at it adds up to it, by module and by kind; blocks survive a save and load; `opscope memory
// --json` gives the keys. The CPU capture of a training step is in tst_memory_capture.
#include "capture_test_util.h"
#include "import/capture/capture_parts.h"
#include "opscope/capture_import.h"
#include "opscope/memory.h"
#include "opscope/profile_store.h"
#include "test_suite.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <map>

namespace tst_memory_suite {

using namespace opscope;
using namespace opscope::test;

namespace {

const char *const kBert = "public/kineto/TraceLens__gaunernst_bert-small-uncased__1016001.json";

int64_t sumBytes(const std::vector<MemoryShare> &shares)
{
    int64_t sum = 0;
    for (const MemoryShare &s : shares)
        sum += s.bytes;
    return sum;
}

} // namespace

class TestMemory : public QObject {
    Q_OBJECT

private slots:
    void samplesKeepAddressAndReserved()
    {
        // The first [memory] instant: Addr 128184607182336, Total Reserved 121634816, Bytes 144384.
        const Profile p = importCapture({fixture(kBert)});
        QCOMPARE(p.memory_samples.front().address, uint64_t(128184607182336));
        QCOMPARE(p.memory_samples.front().total_reserved, int64_t(121634816));
    }

    void blocksPairAllocationsWithFrees()
    {
        const Profile p = importCapture({fixture(kBert)});
        size_t allocations = 0;
        for (const MemorySample &s : p.memory_samples)
            allocations += s.bytes > 0;
        size_t fromTrace = 0, paired = 0, withOp = 0;
        for (const MemoryBlock &b : p.memory_blocks) {
            if (b.alloc_sample == kNoIndex) { // freed here, allocated before the trace
                QVERIFY(b.free_sample != kNoIndex);
                continue;
            }
            ++fromTrace;
            const MemorySample &a = p.memory_samples[b.alloc_sample];
            QCOMPARE(a.address, b.address);
            QCOMPARE(a.bytes, b.bytes);
            if (b.free_sample != kNoIndex) {
                ++paired;
                const MemorySample &f = p.memory_samples[b.free_sample];
                QCOMPARE(f.address, b.address);
                QCOMPARE(f.device, b.device);
                QCOMPARE(f.bytes, -b.bytes);
                QVERIFY(f.time_ns >= a.time_ns);
            }
            if (b.alloc_op != kNoIndex) {
                ++withOp;
                const Operator &op = p.operators[b.alloc_op];
                QCOMPARE(op.thread, a.thread);
                QVERIFY(op.start_ns <= a.time_ns && a.time_ns <= op.end_ns);
                QCOMPARE(b.alloc_module, op.module);
            }
        }
        QCOMPARE(fromTrace, allocations);
        // bert-small's trace frees 118 of its 118 allocations (109 on the GPU, 9 on the host).
        QCOMPARE(allocations, size_t(118));
        QCOMPARE(paired, size_t(118));
        QVERIFY2(withOp * 10 >= fromTrace * 9, qPrintable(QString::number(withOp))); // nearly all inside an op
    }

    void peakAndBreakdownAddUp()
    {
        // The peaks read straight off the file, independently of the importer.
        int64_t peakAllocated = 0, peakReserved = 0;
        const nlohmann::json trace = readJson(fixture(kBert));
        for (const auto &e : trace.at("traceEvents"))
            if (e.value("name", "") == "[memory]" && e["args"].value("Device Type", 0) == 1) {
                peakAllocated = std::max(peakAllocated, e["args"]["Total Allocated"].get<int64_t>());
                peakReserved = std::max(peakReserved, e["args"]["Total Reserved"].get<int64_t>());
            }
        QCOMPARE(peakAllocated, int64_t(101305344));
        const Profile p = importCapture({fixture(kBert)});
        const MemoryReport report = analyzeMemory(p);
        QCOMPARE(report.devices.size(), size_t(2));
        const DeviceMemory &gpu = *report.primary();
        QCOMPARE(gpu.device, 0);
        QCOMPARE(gpu.peak_allocated, peakAllocated);
        QCOMPARE(gpu.peak_reserved, peakReserved);
        QCOMPARE(sumBytes(gpu.by_module), gpu.peak_allocated);
        QCOMPARE(sumBytes(gpu.by_kind), gpu.peak_allocated);
        // Inference: the weights were allocated before the trace (the first total less its own bytes),
        // and nothing is saved for a backward.
        QCOMPARE(gpu.baseline_bytes, int64_t(91505152 - 144384));
        QVERIFY(gpu.unseen_at_peak > 0);
        QVERIFY(gpu.activations_by_module.empty());
        QCOMPARE(report.devices.back().device, -1);
        QCOMPARE(sumBytes(report.devices.back().by_module), report.devices.back().peak_allocated);
    }

    void blocksSurviveSaveAndLoad()
    {
        const Profile p = importCapture({fixture(kBert)});
        QVERIFY(!p.memory_blocks.empty());
        QTemporaryDir dir;
        const std::string path = dir.path().toStdString() + "/bert.opscope";
        saveProfile(p, path);
        const Profile loaded = loadProfile(path);
        QVERIFY(loaded.memory_samples == p.memory_samples);
        QVERIFY(loaded.memory_blocks == p.memory_blocks);
        QCOMPARE(analyzeMemory(loaded).primary()->peak_allocated, analyzeMemory(p).primary()->peak_allocated);
    }

    void correlationTraceMemoryCarriedOntoTheCapture()
    {
        // The nsys path: the capture has no allocator events, the correlation pass's trace (a run of its
        // own, on its own clock) has. Here the capture is the same trace moved by one second with its
        // events taken away: each event must come back at its own operator, one second later.
        const Profile trace = importCapture({fixture(kBert)});
        Profile capture = trace;
        capture.memory_samples.clear();
        capture.memory_blocks.clear();
        constexpr int64_t kShift = 1'000'000'000;
        for (Operator &o : capture.operators)
            o.start_ns += kShift, o.end_ns += kShift;
        for (ModuleInstance &m : capture.modules)
            m.start_ns += kShift, m.end_ns += kShift;
        const Profile bare = capture;
        const size_t carried = capture::addTraceMemory(capture, trace);
        // Every event the trace ties to an operator is carried; the others are left out with a warning.
        std::vector<Index> opOfSample(trace.memory_samples.size(), kNoIndex);
        for (const MemoryBlock &b : trace.memory_blocks) {
            if (b.alloc_sample != kNoIndex)
                opOfSample[b.alloc_sample] = b.alloc_op;
            if (b.free_sample != kNoIndex)
                opOfSample[b.free_sample] = b.free_op;
        }
        std::vector<MemorySample> expected;
        for (Index s = 0; s < trace.memory_samples.size(); ++s)
            if (opOfSample[s] != kNoIndex) {
                MemorySample m = trace.memory_samples[s];
                m.time_ns += kShift;
                expected.push_back(m);
            }
        QVERIFY2(carried > 150, qPrintable(QString::number(carried)));
        qInfo("%zu of %zu memory events carried", carried, trace.memory_samples.size());
        QCOMPARE(carried, expected.size());
        QVERIFY(capture.memory_samples == expected);
        QCOMPARE(capture.warnings.size() - trace.warnings.size(), size_t(carried < trace.memory_samples.size()));
        // Blocks again, each allocation tied to the operator the trace tied it to.
        std::map<std::pair<uint64_t, int64_t>, Index> opAt; // (address, time in the capture) -> operator
        for (Index s = 0; s < trace.memory_samples.size(); ++s)
            opAt[{trace.memory_samples[s].address, trace.memory_samples[s].time_ns + kShift}] = opOfSample[s];
        size_t allocations = 0;
        for (const MemoryBlock &b : capture.memory_blocks) {
            if (b.alloc_sample == kNoIndex)
                continue;
            ++allocations;
            const MemorySample &a = capture.memory_samples[b.alloc_sample];
            QCOMPARE(b.alloc_op, opAt.at({a.address, a.time_ns}));
        }
        QVERIFY(allocations > 100);
        // A capture with events of its own keeps them: nothing is added.
        QCOMPARE(capture::addTraceMemory(capture, trace), size_t(0));

        // A capture with the driver's allocations alone (nsys --cuda-memory-usage: segment samples) still
        // takes the trace's blocks; their reserved total becomes the capture's own, measured in this run.
        Profile segments = bare;
        MemorySample driver;
        driver.kind = MemorySampleKind::Segment;
        driver.device = trace.memory_samples.front().device;
        driver.time_ns = expected.front().time_ns - 1;
        driver.bytes = driver.total_reserved = int64_t(1) << 30;
        driver.address = 0x7f0000000000;
        segments.memory_samples = {driver};
        QCOMPARE(capture::addTraceMemory(segments, trace), carried);
        QCOMPARE(segments.memory_samples.size(), carried + 1);
        QVERIFY(segments.memory_samples.front() == driver);
        for (const MemorySample &s : segments.memory_samples)
            if (s.device == driver.device)
                QCOMPARE(s.total_reserved, driver.total_reserved);
        QVERIFY(!segments.memory_blocks.empty());
    }

    void cliJson()
    {
        const CliRun r = runOpscope({"memory", fixture(kBert), "--json"});
        QVERIFY2(r.exitCode == 0, r.err.c_str());
        const nlohmann::json j = nlohmann::json::parse(r.out);
        QCOMPARE(j["peak_allocated_bytes"].get<int64_t>(), int64_t(101305344));
        QCOMPARE(j["peak_reserved_bytes"].get<int64_t>(), int64_t(121634816));
        int64_t byModule = 0, byKind = 0;
        for (const auto &m : j["at_peak"]["by_module"]) {
            QVERIFY(m.contains("module"));
            byModule += m["bytes"].get<int64_t>();
        }
        for (const auto &k : j["at_peak"]["by_kind"]) {
            QVERIFY(k.contains("kind"));
            byKind += k["bytes"].get<int64_t>();
        }
        QCOMPARE(byModule, int64_t(101305344));
        QCOMPARE(byKind, int64_t(101305344));
        QCOMPARE(j["devices"].size(), size_t(2));
    }
};

} // namespace tst_memory_suite

OPSCOPE_TEST_SUITE(tst_memory, tst_memory_suite::TestMemory, Appless)
#include "tst_memory.moc"
