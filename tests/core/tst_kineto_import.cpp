// torch.profiler (Kineto) trace import: every Kineto fixture (counts, exact values to the ns), the 2021
// and legacy autograd variants, detection, and bad input.
//
// Expected numbers were computed independently with python3's json module (floats read as Decimal so
// that times stay exact): counts of "ph": "X" events per "cat", "[memory]" instants, "fwdbwd" flows
// with "ph": "s", the length of traceEvents, and the values of the events named in each test.
#include "import/importers.h"
#include "opscope/concurrency/fresh_memory.h"
#include "opscope/errors.h"
#include "opscope/file_util.h"
#include "opscope/importer.h"
#include "test_suite.h"
#include "test_util.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <sys/resource.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <thread>

namespace tst_kineto_import_suite {

using namespace opscope;
using opscope::test::fixture;
using opscope::test::tempPath;

#ifndef Q_MOC_RUN // moc misreads these helpers' raw strings, and would lose the suite's namespace
namespace {

const ImportFormat &kinetoFormat()
{
    for (const ImportFormat &f : importFormats())
        if (f.id == "kineto-json")
            return f;
    throw std::runtime_error("no kineto-json format");
}

// The Kineto detector on its own, as detectFormat would call it.
bool claims(const std::string &path)
{
    FileProbe probe;
    probe.path = path;
    probe.extension = fileExtension(path);
    probe.head = readHead(path, 64 * 1024);
    return kinetoFormat().detect(probe);
}

std::string writeFile(const QTemporaryDir &dir, const char *name, const std::string &content)
{
    const std::string path = tempPath(dir, name);
    std::ofstream(path, std::ios::binary) << content;
    return path;
}

std::string readBytes(const std::string &path)
{
    return readWholeFile(path);
}

// A gzip member holding `data` in one stored (uncompressed) deflate block.
std::string gzipStored(const std::string &data)
{
    std::string out("\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03", 10);
    const auto len = uint16_t(data.size());
    out += char(0x01);
    out += char(len & 0xFF);
    out += char(len >> 8);
    out += char(~len & 0xFF);
    out += char((~len >> 8) & 0xFF);
    out += data;
    uint32_t crc = 0xFFFFFFFFu;
    for (unsigned char c : data) {
        crc ^= c;
        for (int k = 0; k < 8; ++k)
            crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    crc = ~crc;
    for (uint32_t v : {crc, uint32_t(data.size())})
        for (int k = 0; k < 4; ++k)
            out += char((v >> (8 * k)) & 0xFF);
    return out;
}

size_t rangesOfKind(const Profile &p, RangeKind kind)
{
    return size_t(std::count_if(p.ranges.begin(), p.ranges.end(), [&](const Range &r) { return r.kind == kind; }));
}

const Kernel *kernelWithCorrelation(const Profile &p, uint32_t id)
{
    for (const Kernel &k : p.kernels)
        if (k.correlation_id == id)
            return &k;
    return nullptr;
}

const Operator *opWithExternalId(const Profile &p, uint32_t id)
{
    for (const Operator &o : p.operators)
        if (o.external_id == id)
            return &o;
    return nullptr;
}

bool hasWarning(const Profile &p, const std::string &part)
{
    return std::any_of(p.warnings.begin(), p.warnings.end(),
                       [&](const std::string &w) { return w.find(part) != std::string::npos; });
}

std::string metadata(const Profile &p, std::string_view key)
{
    const std::string *v = p.metadataValue(key);
    return v ? *v : std::string("<absent>");
}

// A FileError naming the file, with `part` in its problem.
void expectFileError(const std::string &path, const std::string &part)
{
    try {
        kinetoFormat().load(path, Progress());
        QFAIL(("no error for " + path).c_str());
    } catch (const FileError &e) {
        QCOMPARE(QString::fromStdString(e.path()), QString::fromStdString(path));
        if (e.problem().find(part) == std::string::npos)
            QFAIL(("unexpected message: " + std::string(e.what()) + " (wanted: " + part + ")").c_str());
    }
}

// One complete event per line; `events` is the inside of traceEvents.
std::string trace(const std::string &events, const std::string &before = "", const std::string &after = "")
{
    return "{\n  \"schemaVersion\": 1," + before + "\n  \"traceEvents\": [\n" + events + "\n  ]" + after + "\n}\n";
}

std::string cpuOp(const std::string &ts, const std::string &dur, const std::string &name = "aten::mm")
{
    return R"({"ph": "X", "cat": "cpu_op", "name": ")" + name + R"(", "pid": 1, "tid": 1, "ts": )" + ts +
           R"(, "dur": )" + dur + R"(, "args": {"External id": 1}})";
}

// The two profiles are equal record by record; the first difference names the table and the index.
void compareProfiles(const Profile &a, const Profile &b)
{
    const auto same = [](const char *what, const auto &x, const auto &y) {
        QVERIFY2(
            x.size() == y.size(),
            (std::string(what) + ": " + std::to_string(x.size()) + " against " + std::to_string(y.size())).c_str());
        const auto diff = std::mismatch(x.begin(), x.end(), y.begin());
        QVERIFY2(diff.first == x.end(),
                 (std::string(what) + " differ at " + std::to_string(diff.first - x.begin())).c_str());
    };
    same("kernels", a.kernels, b.kernels);
    same("operators", a.operators, b.operators);
    same("ranges", a.ranges, b.ranges);
    same("api calls", a.api_calls, b.api_calls);
    same("memory ops", a.memory_ops, b.memory_ops);
    same("syncs", a.syncs, b.syncs);
    same("memory samples", a.memory_samples, b.memory_samples);
    same("operator links", a.operator_links, b.operator_links);
    same("threads", a.threads, b.threads);
    same("devices", a.devices, b.devices);
    same("kernel counters", a.kernel_counters, b.kernel_counters);
    same("operator counters", a.operator_counters, b.operator_counters);
    same("metadata", a.metadata, b.metadata);
    same("warnings", a.warnings, b.warnings);
    QCOMPARE(a.strings.size(), b.strings.size());
    for (StringId s = 0; s < a.strings.size(); ++s)
        QCOMPARE(a.text(s), b.text(s));
    QVERIFY(a == b); // and whatever the lists above leave out
}

} // namespace
#endif

class TestKinetoImport : public QObject {
    Q_OBJECT
private slots:
    void importsFixtures_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("events"); // len(traceEvents)
        QTest::addColumn<int>("kernels");
        QTest::addColumn<int>("ops");
        QTest::addColumn<int>("userAnnotations");
        QTest::addColumn<int>("gpuAnnotations");
        QTest::addColumn<int>("pythonFunctions");
        QTest::addColumn<int>("apiCalls");  // cuda_runtime + cuda_driver
        QTest::addColumn<int>("memoryOps"); // gpu_memcpy + gpu_memset
        QTest::addColumn<int>("syncs");
        QTest::addColumn<int>("memorySamples");
        QTest::addColumn<int>("links"); // fwdbwd flows with ph "s"
        QTest::addColumn<int>("devices");
        QTest::addColumn<int>("threads");  // (pid, tid) of host-side events
        QTest::addColumn<int>("overhead"); // "overhead" events, the only category not imported
        // clang-format off
        QTest::newRow("hta triton") << "public/kineto/HolisticTraceAnalysis__triton_example.json" << 71 << 1 << 3 << 1 << 0 << 0 << 2 << 0 << 0 << 0 << 0 << 8 << 2 << 0;
        QTest::newRow("hta benchmark (integer us)") << "public/kineto/HolisticTraceAnalysis__benchmark_result_493459_1694039959_trace.json" << 1348 << 79 << 359 << 8 << 0 << 0 << 331 << 19 << 41 << 0 << 0 << 8 << 1 << 0;
        QTest::newRow("hta step_based") << "public/kineto/HolisticTraceAnalysis__step_based_trace_2543932.json" << 1344 << 130 << 643 << 10 << 10 << 0 << 180 << 10 << 0 << 0 << 0 << 2 << 2 << 0;
        QTest::newRow("hta event_sync") << "public/kineto/HolisticTraceAnalysis__event_sync_trace.json" << 92 << 4 << 10 << 1 << 0 << 0 << 12 << 1 << 4 << 0 << 0 << 8 << 1 << 0;
        QTest::newRow("tracelens bert") << "public/kineto/TraceLens__gaunernst_bert-small-uncased__1016001.json" << 2551 << 60 << 479 << 1 << 1 << 1385 << 132 << 1 << 0 << 236 << 0 << 1 << 2 << 0;
        QTest::newRow("tracelens MI210") << "public/kineto/TraceLens__gpu_only_trace.json" << 2443 << 562 << 0 << 0 << 0 << 0 << 631 << 0 << 0 << 0 << 0 << 4 << 2 << 0;
        QTest::newRow("tracelens MI300X") << "public/kineto/TraceLens__torch_compile_triton_trace.json" << 246 << 12 << 41 << 1 << 1 << 0 << 59 << 0 << 0 << 0 << 0 << 1 << 1 << 0;
        QTest::newRow("gpt4 bf16") << "h100/gpt4_bf16_infer/kineto.json" << 2031 << 138 << 1020 << 138 << 123 << 0 << 191 << 15 << 0 << 0 << 0 << 1 << 1 << 1;
        QTest::newRow("gpt4 fp32") << "h100/gpt4_fp32_infer/kineto.json" << 2019 << 138 << 1116 << 138 << 123 << 0 << 152 << 0 << 0 << 0 << 0 << 1 << 1 << 1;
        QTest::newRow("mlp bf16") << "h100/mlp_bf16_infer/kineto.json" << 420 << 36 << 111 << 63 << 36 << 0 << 38 << 0 << 0 << 0 << 0 << 1 << 1 << 1;
        QTest::newRow("gpt4 train") << "h100/kineto_gpt4_train.json" << 5419 << 416 << 2610 << 92 << 84 << 0 << 544 << 54 << 0 << 0 << 270 << 1 << 2 << 2;
        QTest::newRow("gpt4 compiled") << "h100/kineto_gpt4_compiled.json" << 3138 << 138 << 2304 << 42 << 42 << 0 << 191 << 15 << 0 << 0 << 0 << 1 << 1 << 1;
        QTest::newRow("gpt12 train20 (gzip)") << "h100/kineto_gpt12_train20.json.gz" << 148289 << 11360 << 72340 << 2520 << 2280 << 0 << 15022 << 1500 << 0 << 0 << 7660 << 1 << 2 << 2;
        // clang-format on
    }

    void importsFixtures()
    {
        QFETCH(QString, file);
        const std::string path = fixture(file.toStdString());
        QVERIFY(claims(path));
        QCOMPARE(std::string(detectFormat(path).id), std::string("kineto-json"));
        const Profile p = importFile(path);
        QCOMPARE(p.source_format, std::string("kineto-json"));
        QTEST(std::stoi(metadata(p, "trace_events")), "events");
        QTEST(int(p.kernels.size()), "kernels");
        QTEST(int(p.operators.size()), "ops");
        QTEST(int(rangesOfKind(p, RangeKind::UserAnnotation)), "userAnnotations");
        QTEST(int(rangesOfKind(p, RangeKind::GpuUserAnnotation)), "gpuAnnotations");
        QTEST(int(rangesOfKind(p, RangeKind::PythonFunction)), "pythonFunctions");
        QTEST(int(p.api_calls.size()), "apiCalls");
        QTEST(int(p.memory_ops.size()), "memoryOps");
        QTEST(int(p.syncs.size()), "syncs");
        QTEST(int(p.memory_samples.size()), "memorySamples");
        QTEST(int(p.operator_links.size()), "links");
        QTEST(int(p.devices.size()), "devices");
        QTEST(int(p.threads.size()), "threads");
        QFETCH(int, overhead);
        if (overhead == 0)
            QVERIFY2(p.warnings.empty(), p.warnings.empty() ? "" : p.warnings.front().c_str());
        else
            QVERIFY(hasWarning(p, "overhead (" + std::to_string(overhead) + ")"));
        // Structure that holds in every trace: kernels in start order, operators inside their parents
        // on their own thread, every host event on a thread, GPU annotations on a stream lane.
        QVERIFY(std::is_sorted(p.kernels.begin(), p.kernels.end(),
                               [](const Kernel &a, const Kernel &b) { return a.start_ns < b.start_ns; }));
        for (const Operator &op : p.operators) {
            QVERIFY(op.thread < p.threads.size());
            QVERIFY(op.end_ns >= op.start_ns);
            if (op.parent != kNoIndex) {
                const Operator &up = p.operators[op.parent];
                QCOMPARE(up.thread, op.thread);
                QVERIFY(up.start_ns <= op.start_ns && op.end_ns <= up.end_ns);
                QCOMPARE(int(op.depth), int(up.depth) + 1);
            } else {
                QCOMPARE(int(op.depth), 0);
            }
        }
        for (const ApiCall &a : p.api_calls)
            QVERIFY(a.thread < p.threads.size());
        for (const Range &r : p.ranges) {
            if (r.kind == RangeKind::GpuUserAnnotation)
                QVERIFY(r.thread == kNoIndex && p.text(r.domain).starts_with("GPU "));
            else
                QVERIFY(r.thread < p.threads.size());
        }
        for (const OperatorLink &l : p.operator_links)
            QVERIFY(l.from < p.operators.size() && l.to < p.operators.size());
    }

    // The two-thread reader (one thread parses the window's fills, the other builds) gives the serial
    // profile, event by event, on every fixture; small fills make many batches and events that straddle
    // fills, and the window rotates over its buffers many times.
    void parallelImportEqualsSerial_data() { importsFixtures_data(); }
    void parallelImportEqualsSerial()
    {
        QFETCH(QString, file);
        const std::string path = fixture(file.toStdString());
        const Profile serial = importers::importKinetoJsonWith(path, Progress(), {.threads = 1});
        // With fills of 64 KiB the building thread also dawdles at each batch (its progress report), so that
        // the parsing thread runs as far ahead as it may: a buffer reused too early would show here.
        const Progress slowBuilder(
            [](double, std::string_view) { std::this_thread::sleep_for(std::chrono::microseconds(300)); });
        // Fills of 4 KiB split nearly every event of the small fixtures; on the 47 MB one they would only
        // make the suite slow. 0 is the reader's own choice (1 MiB on two threads).
        const bool small = std::filesystem::file_size(path) < (size_t(4) << 20);
        for (const unsigned threads : {2u, 3u})
            for (const size_t chunk :
                 {small ? size_t(4096) : size_t(16) << 10, size_t(64) << 10, size_t(0), size_t(8) << 20}) {
                importers::KinetoReadStats stats;
                const Profile parallel =
                    importers::importKinetoJsonWith(path, chunk == (size_t(64) << 10) ? slowBuilder : Progress(),
                                                    {.threads = threads, .chunkBytes = chunk, .stats = &stats});
                compareProfiles(serial, parallel);
                if (QTest::currentTestFailed())
                    QFAIL(
                        ("on " + std::to_string(threads) + " threads with fills of " + std::to_string(chunk) + " bytes")
                            .c_str());
                // On three threads each fill is split between two parsing threads (the fixtures hold no text
                // that looks like an event boundary inside a string).
                QCOMPARE(stats.splitFills > 0, threads == 3);
                QCOMPARE(stats.missedSplits, uint64_t(0));
            }
    }

    // The page toucher faults in a vector's free capacity ahead of its writer: writing the touched pages
    // then costs the writer almost none of the page faults that writing fresh pages costs, measured on the
    // same kind of vector in the same run (a ratio, not a count a loaded machine could break); and the
    // contents written meanwhile stay as written.
    void pageToucherFaultsInPagesAhead()
    {
        if (!opscope::fresh::PageToucher::supported())
            QSKIP("this kernel cannot populate pages in bulk (MADV_POPULATE_WRITE, Linux >= 5.14)");
        const auto minorFaults = [] {
            rusage u{};
            getrusage(RUSAGE_THREAD, &u);
            return u.ru_minflt;
        };
        const auto fill = [&](std::vector<uint64_t> &v) {
            const long before = minorFaults();
            while (v.size() < v.capacity())
                v.push_back(v.size());
            return minorFaults() - before;
        };
        constexpr size_t kCount = size_t(32) << 20 >> 3; // 32 MiB, 8,192 pages
        // The baseline: a fresh vector written without the toucher.
        std::vector<uint64_t> fresh;
        fresh.reserve(kCount);
        const long baseline = fill(fresh);
#ifdef __SANITIZE_ADDRESS__ // AddressSanitizer's shadow of the vector gets its pages as it is written
        QSKIP("AddressSanitizer's shadow memory faults as the vector is written, toucher or not");
#endif
        if (baseline < 1024) // huge pages for the heap (THP always): the faults cannot tell
            QSKIP(qPrintable(QString("writing 8,192 fresh pages cost %1 page faults here (transparent huge pages?): "
                                     "too few to measure the toucher by")
                                 .arg(baseline)));
        std::vector<uint64_t> v;
        v.reserve(kCount); // no page of it written yet
        v.push_back(42);
        opscope::fresh::PageToucher toucher;
        toucher.touch(0, v.data() + 1, v.data() + v.capacity() / 2);
        toucher.touch(0, v.data() + 1, v.data() + v.capacity()); // raises the end
        toucher.wait();
        toucher.stop();
        const long faults = fill(v);
        QCOMPARE(v[0], uint64_t(42));
        QCOMPARE(v.back(), uint64_t(v.size() - 1));
        QVERIFY2(faults * 16 < baseline,
                 qPrintable(QString("%1 page faults with the toucher, %2 without").arg(faults).arg(baseline)));
    }

    // A split of a fill guessed inside a string (names holding "}, {") is not an event start: the first
    // thread's parse passes it, and the fill is parsed on one thread from there, with the serial result.
    void splitGuessedInsideAStringIsNotKept()
    {
        QTemporaryDir dir;
        std::string json = "{\"traceEvents\": [\n";
        for (int i = 0; i < 4000; ++i) {
            // A long name that is mostly the pattern, so that the guessed split lands in names most of the time.
            std::string name = "aten::op_" + std::to_string(i);
            for (int k = 0; k < 8; ++k)
                name += "}, {\\\"ph\\\": \\\"X\\\"}, {";
            json += "  {\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"" + name +
                    "\", \"pid\": 7, \"tid\": 7, \"ts\": " + std::to_string(1000 + i * 10) + ", \"dur\": 5}";
            json += i + 1 < 4000 ? ",\n" : "\n";
        }
        json += "]}\n";
        const std::string path = writeFile(dir, "strings.json", json);
        const Profile serial = importers::importKinetoJsonWith(path, Progress(), {.threads = 1});
        QCOMPARE(serial.operators.size(), size_t(4000));
        importers::KinetoReadStats stats;
        const Profile parallel =
            importers::importKinetoJsonWith(path, Progress(), {.threads = 3, .chunkBytes = 4096, .stats = &stats});
        compareProfiles(serial, parallel);
        QVERIFY2(stats.missedSplits > 0, std::to_string(stats.missedSplits).c_str());
        QVERIFY2(stats.splitFills > 0, std::to_string(stats.splitFills).c_str());
    }

    // Truncated and malformed input read on two threads: the same warning and the same events, or the
    // same error, as on one.
    void parallelImportOfBadInput()
    {
        QTemporaryDir dir;
        const std::string full = readBytes(fixture("h100/kineto_gpt4_train.json"));
        const std::string half = writeFile(dir, "half.json", full.substr(0, full.size() / 2));
        const Profile serial = importers::importKinetoJsonWith(half, Progress(), {.threads = 1});
        for (const unsigned threads : {2u, 3u}) {
            const Profile parallel =
                importers::importKinetoJsonWith(half, Progress(), {.threads = threads, .chunkBytes = 4096});
            QVERIFY(hasWarning(parallel, "the file is truncated: it ends at byte 843861 inside traceEvents"));
            compareProfiles(serial, parallel);
        }
        std::string broken = full;
        broken[broken.find("\"ts\":", full.size() * 3 / 4) + 4] = ' '; // no ':' after a key, far into the events
        const std::string bad = writeFile(dir, "bad.json", broken);
        std::string serialError, parallelError;
        try {
            importers::importKinetoJsonWith(bad, Progress(), {.threads = 1});
        } catch (const FileError &e) {
            serialError = e.what();
        }
        QVERIFY(!serialError.empty());
        for (const unsigned threads : {2u, 3u}) {
            try {
                importers::importKinetoJsonWith(bad, Progress(), {.threads = threads, .chunkBytes = 4096});
            } catch (const FileError &e) {
                parallelError = e.what();
            }
            QCOMPARE(parallelError, serialError);
            std::atomic<bool> cancel{true};
            QVERIFY_THROWS_EXCEPTION(
                Cancelled, importers::importKinetoJsonWith(half, Progress([](double, std::string_view) {}, &cancel),
                                                           {.threads = threads, .chunkBytes = 4096}));
        }
    }

    void floatMicrosecondsAreExactNanoseconds()
    {
        // kineto_gpt4_train.json: the kernel of correlation 20 has "ts": 4461453144455.070, "dur": 3.328
        // and the trace's baseTimeNanoseconds is 1790857026000000000.
        const Profile p = importFile(fixture("h100/kineto_gpt4_train.json"));
        const Kernel *k = kernelWithCorrelation(p, 20);
        QVERIFY(k);
        QCOMPARE(k->start_ns, int64_t(1795318479144455070));
        QCOMPARE(k->end_ns, int64_t(1795318479144458398));
        QCOMPARE(p.text(k->name), std::string_view("void at::native::vectorized_gather_kernel<16, long>(char*, char*, "
                                                   "long*, int, long, long, long, long, bool)"));
        QCOMPARE(k->external_id, 13u);
        QCOMPARE(k->stream, 7u);
        QCOMPARE(k->device, 0);
        QCOMPARE(k->grid, (Dim3{2048, 1, 1}));
        QCOMPARE(k->block, (Dim3{96, 1, 1}));
        QCOMPARE(k->registers_per_thread, 32u);
        QCOMPARE(k->static_shared_bytes, 0u);
        QVERIFY(k->launch_thread != kNoIndex); // cudaLaunchKernel of correlation 20 on pid 497, tid 497
        QCOMPARE(p.threads[k->launch_thread].pid, int64_t(497));
        QCOMPARE(p.threads[k->launch_thread].tid, int64_t(497));

        // HTA's triton example: "ts": 2413669097444.592, "dur": 1.760, base 1727743122000000000.
        const Profile t = importFile(fixture("public/kineto/HolisticTraceAnalysis__triton_example.json"));
        QCOMPARE(t.kernels.size(), size_t(1));
        QCOMPARE(t.kernels[0].start_ns, int64_t(1730156791097444592));
        QCOMPARE(t.kernels[0].end_ns, int64_t(1730156791097446352));
        QCOMPARE(p.text(p.devices[0].name), std::string_view("NVIDIA H100 80GB HBM3"));
    }

    void integerMicroseconds()
    {
        // benchmark_result_493459 (2023, integer epoch µs, no base): kernel of correlation 218 has
        // "ts": 1694039994139246, "dur": 73, grid [864, 1, 1], block [256, 1, 1], 47 registers.
        const Profile p =
            importFile(fixture("public/kineto/HolisticTraceAnalysis__benchmark_result_493459_1694039959_trace.json"));
        const Kernel *k = kernelWithCorrelation(p, 218);
        QVERIFY(k);
        QCOMPARE(k->start_ns, int64_t(1694039994139246000));
        QCOMPARE(k->end_ns, int64_t(1694039994139319000));
        QCOMPARE(k->grid, (Dim3{864, 1, 1}));
        QCOMPARE(k->block, (Dim3{256, 1, 1}));
        QCOMPARE(k->registers_per_thread, 47u);
        QCOMPARE(metadata(p, "rank"), std::string("0")); // distributedInfo
        QCOMPARE(p.devices.size(), size_t(8));
        QCOMPARE(p.text(p.devices[7].name), std::string_view("NVIDIA A100-PG509-200"));
        QCOMPARE(p.devices[7].id, 7);
    }

    void memoryOperations()
    {
        // The first gpu_memcpy: "Memcpy HtoD (Pageable -> Device)", ts 1694039994071305, dur 11, 92928
        // bytes, stream 7, correlation 14; the first gpu_memset: "Memset (Device)", 20736 bytes, stream 20.
        const Profile p =
            importFile(fixture("public/kineto/HolisticTraceAnalysis__benchmark_result_493459_1694039959_trace.json"));
        const auto copy = std::find_if(p.memory_ops.begin(), p.memory_ops.end(),
                                       [](const MemoryOp &m) { return m.correlation_id == 14; });
        QVERIFY(copy != p.memory_ops.end());
        QCOMPARE(int(copy->kind), int(MemoryOpKind::Memcpy));
        QCOMPARE(copy->bytes, uint64_t(92928));
        QCOMPARE(copy->start_ns, int64_t(1694039994071305000));
        QCOMPARE(copy->end_ns, int64_t(1694039994071316000));
        QCOMPARE(int(copy->copy_kind), 1); // HtoD
        QCOMPARE(int(copy->src_kind), 0);  // Pageable
        QCOMPARE(int(copy->dst_kind), 2);  // Device
        QCOMPARE(copy->stream, 7u);
        const auto set = std::find_if(p.memory_ops.begin(), p.memory_ops.end(),
                                      [](const MemoryOp &m) { return m.correlation_id == 1473; });
        QVERIFY(set != p.memory_ops.end());
        QCOMPARE(int(set->kind), int(MemoryOpKind::Memset));
        QCOMPARE(set->bytes, uint64_t(20736));
        QCOMPARE(set->stream, 20u);
        QCOMPARE(int(set->dst_kind), 2);
        // 16 copies and 3 sets in all.
        QCOMPARE(std::count_if(p.memory_ops.begin(), p.memory_ops.end(),
                               [](const MemoryOp &m) { return m.kind == MemoryOpKind::Memcpy; }),
                 16l);
    }

    void operatorsShapesSequenceAndNesting()
    {
        // kineto_gpt4_train.json: the cpu_op of External id 520 is PowBackward0 at 4461453151998.578 µs,
        // "Sequence number": 403, "Input Dims": [[8, 256, 8192]], inside
        // "autograd::engine::evaluate_function: PowBackward0". Nesting per thread (python, same rule):
        // 548 root ops, depth up to 6, 1892 ops under an evaluate_function (backward).
        const Profile p = importFile(fixture("h100/kineto_gpt4_train.json"));
        const Operator *op = opWithExternalId(p, 520);
        QVERIFY(op);
        QCOMPARE(p.text(op->name), std::string_view("PowBackward0"));
        QCOMPARE(op->start_ns, int64_t(1790857026000000000 + 4461453151998578));
        QCOMPARE(op->sequence_nr, int64_t(403));
        QCOMPARE(p.text(op->shapes), std::string_view("[[8, 256, 8192]]"));
        QVERIFY(op->flags & kOperatorBackward);
        QCOMPARE(op->depth, uint16_t(1));
        QCOMPARE(p.text(p.operators[op->parent].name),
                 std::string_view("autograd::engine::evaluate_function: PowBackward0"));
        QCOMPARE(std::count_if(p.operators.begin(), p.operators.end(), [](const Operator &o) { return o.depth == 0; }),
                 548l);
        QCOMPARE(std::max_element(p.operators.begin(), p.operators.end(),
                                  [](const Operator &a, const Operator &b) { return a.depth < b.depth; })
                     ->depth,
                 uint16_t(6));
        QCOMPARE(std::count_if(p.operators.begin(), p.operators.end(),
                               [](const Operator &o) { return o.flags & kOperatorBackward; }),
                 1892l);
        // Thread names come from the "M" events.
        std::set<std::string> names;
        for (const Thread &t : p.threads)
            names.insert(std::string(p.text(t.name)));
        QVERIFY(names.count("thread 497 (python3)"));
    }

    void forwardBackwardLinks()
    {
        // 270 fwdbwd flow pairs; flow 1 goes from aten::mean (pid 497, tid 497) to MeanBackward0 (tid 522).
        const Profile p = importFile(fixture("h100/kineto_gpt4_train.json"));
        QCOMPARE(p.operator_links.size(), size_t(270));
        const OperatorLink &first = p.operator_links.front();
        QCOMPARE(int(first.kind), int(OperatorLinkKind::ForwardBackward));
        QCOMPARE(p.text(p.operators[first.from].name), std::string_view("aten::mean"));
        QCOMPARE(p.text(p.operators[first.to].name), std::string_view("MeanBackward0"));
        QCOMPARE(p.threads[p.operators[first.from].thread].tid, int64_t(497));
        QCOMPARE(p.threads[p.operators[first.to].thread].tid, int64_t(522));
        for (const OperatorLink &l : p.operator_links)
            QVERIFY((p.operators[l.to].flags & kOperatorBackward) && !(p.operators[l.from].flags & kOperatorBackward));
    }

    void devicesAndMetadata()
    {
        const Profile p = importFile(fixture("h100/kineto_gpt4_train.json"));
        QCOMPARE(p.devices.size(), size_t(1));
        QCOMPARE(p.devices[0].id, 0);
        QCOMPARE(p.text(p.devices[0].name), std::string_view("NVIDIA H100 80GB HBM3"));
        const auto &props = p.devices[0].properties;
        auto prop = [&](const std::string &key) {
            for (const auto &[k, v] : props)
                if (k == key)
                    return v;
            return std::string("<absent>");
        };
        QCOMPARE(prop("numSms"), std::string("132"));
        QCOMPARE(prop("totalGlobalMem"), std::string("85017493504"));
        QCOMPARE(metadata(p, "cupti_version"), std::string("130001"));
        QCOMPARE(metadata(p, "trace_format"), std::string("kineto"));
        // The "Trace" span "PyTorch Profiler (0)": ts 4461453141057.134, dur 37150.609.
        QCOMPARE(p.span_start_ns, int64_t(1790857026000000000 + 4461453141057134));
        QCOMPARE(p.span_end_ns, int64_t(1790857026000000000 + 4461453141057134 + 37150609));
    }

    void syncsAndLaunchThreads()
    {
        // event_sync: cuda_sync_kind Event Sync x2, Stream Sync (stream 7), Context Sync; every one has the
        // runtime call of its correlation id (1512, 1536, 1537, 1549) on pid 948300.
        const Profile p = importFile(fixture("public/kineto/HolisticTraceAnalysis__event_sync_trace.json"));
        std::map<SyncKind, int> kinds;
        for (const GpuSync &s : p.syncs) {
            ++kinds[s.kind];
            QVERIFY(s.thread != kNoIndex);
            QCOMPARE(p.threads[s.thread].pid, int64_t(948300));
        }
        QCOMPARE(kinds[SyncKind::Event], 2);
        QCOMPARE(kinds[SyncKind::Stream], 1);
        QCOMPARE(kinds[SyncKind::Context], 1);
        const auto stream =
            std::find_if(p.syncs.begin(), p.syncs.end(), [](const GpuSync &s) { return s.kind == SyncKind::Stream; });
        QCOMPARE(stream->stream, 7u);
        QCOMPARE(stream->correlation_id, 1512u);
        QCOMPARE(stream->start_ns, int64_t(1707417525512283000));
    }

    void memorySamplesAndPythonFunctions()
    {
        // bert-small: 236 "[memory]" instants, 218 on CUDA device 0 ("Device Type": 1) and 18 on the host
        // (Device Type 0, Device Id -1). The first: ts 1419247333400.919 (base 1751410836000000000),
        // Bytes 144384, Total Allocated 91505152. 1385 python_function events; the first is
        // "threading.py(1032): _bootstrap" (pid 0, tid 0), the outermost.
        const Profile p = importFile(fixture("public/kineto/TraceLens__gaunernst_bert-small-uncased__1016001.json"));
        QCOMPARE(p.memory_samples.size(), size_t(236));
        QCOMPARE(std::count_if(p.memory_samples.begin(), p.memory_samples.end(),
                               [](const MemorySample &s) { return s.device == 0; }),
                 218l);
        QCOMPARE(std::count_if(p.memory_samples.begin(), p.memory_samples.end(),
                               [](const MemorySample &s) { return s.device == -1; }),
                 18l);
        const MemorySample &first = p.memory_samples.front();
        QCOMPARE(first.time_ns, int64_t(1751410836000000000 + 1419247333400919));
        QCOMPARE(first.bytes, int64_t(144384));
        QCOMPARE(first.total_allocated, int64_t(91505152));
        const auto py = std::find_if(p.ranges.begin(), p.ranges.end(),
                                     [](const Range &r) { return r.kind == RangeKind::PythonFunction; });
        QCOMPARE(p.text(py->text), std::string_view("threading.py(1032): _bootstrap"));
        QCOMPARE(py->depth, uint16_t(0));
        QCOMPARE(p.threads[py->thread].pid, int64_t(0));
        const auto gpu = std::find_if(p.ranges.begin(), p.ranges.end(),
                                      [](const Range &r) { return r.kind == RangeKind::GpuUserAnnotation; });
        QCOMPARE(p.text(gpu->text), std::string_view("ProfilerStep#6"));
        QCOMPARE(p.text(gpu->domain), std::string_view("GPU 0 stream 7"));
    }

    void rocmTrace()
    {
        // MI210, runtime + kernels only: kernel of correlation 2 is SubTensorOpWithScalar1d on device 1,
        // stream 0, grid [65536, 1, 1], block [256, 1, 1], launched by hipExtModuleLaunchKernel on 44077.
        const Profile p = importFile(fixture("public/kineto/TraceLens__gpu_only_trace.json"));
        const Kernel *k = kernelWithCorrelation(p, 2);
        QVERIFY(k);
        QCOMPARE(p.text(k->name), std::string_view("SubTensorOpWithScalar1d"));
        QCOMPARE(k->device, 1);
        QCOMPARE(k->stream, 0u);
        QCOMPARE(k->grid, (Dim3{65536, 1, 1}));
        QCOMPARE(k->block, (Dim3{256, 1, 1}));
        QCOMPARE(p.threads[k->launch_thread].tid, int64_t(44077));
        QVERIFY(std::all_of(p.api_calls.begin(), p.api_calls.end(),
                            [&](const ApiCall &a) { return p.text(a.name).starts_with("hip"); }));
        QCOMPARE(p.text(p.devices[0].name), std::string_view("AMD Instinct MI210"));
        // Its hip* calls come under cuda_runtime: the profile knows they are HIP's (timeline: "HIP runtime").
        QCOMPARE(p.gpuRuntime(), std::string_view("HIP"));
        QCOMPARE(importFile(fixture("public/kineto/TraceLens__torch_compile_triton_trace.json")).gpuRuntime(),
                 std::string_view("HIP")); // MI300X
        QCOMPARE(importFile(fixture("h100/gpt4_bf16_infer/kineto.json")).gpuRuntime(), std::string_view("CUDA"));
        QCOMPARE(importFile(fixture("h100/gpt4_bf16_infer/nsys.sqlite")).gpuRuntime(), std::string_view("CUDA"));
    }

    void legacy2021Trace()
    {
        // The 2021 writer (kineto output_json.cpp of PyTorch 1.8/1.9): categories Operator, Runtime,
        // Kernel, Memcpy, User; string tids; "external id" in lower case; flows "async"/"launch".
        const std::string text = R"JSON({
  "schemaVersion": 1,
  "deviceProperties": [
    {"id": 0, "name": "Tesla V100-SXM2-16GB", "totalGlobalMem": 16945512448, "computeMajor": 7, "computeMinor": 0, "numSms": 80}
  ],
  "traceEvents": [
  {"name": "thread_name", "ph": "M", "ts": 1615910186541000, "pid": 25738, "tid": "25738", "args": {"name": "thread 25738 (python)"}},
  {"ph": "X", "cat": "Operator", "name": "aten::linear", "pid": 25738, "tid": "25738", "ts": 1615910186541683, "dur": 120,
    "args": {"Device": 25738, "External id": 2, "Trace name": "PyTorch Profiler", "Trace iteration": 0, "Input Dims": [[4,8],[16,8],[16]]}},
  {"ph": "X", "cat": "Operator", "name": "aten::addmm", "pid": 25738, "tid": "25738", "ts": 1615910186541700, "dur": 90,
    "args": {"Device": 25738, "External id": 3, "Trace name": "PyTorch Profiler", "Trace iteration": 0}},
  {"ph": "X", "cat": "Runtime", "name": "cudaLaunchKernel", "pid": 25738, "tid": "25738", "ts": 1615910186541720, "dur": 15,
    "args": {"cbid": 211, "correlation": 1234, "external id": 3, "external ts": 1615910186541700}},
  {"ph": "s", "id": 1234, "pid": 25738, "tid": 25738, "ts": 1615910186541720, "cat": "async", "name": "launch"},
  {"ph": "X", "cat": "Kernel", "name": "volta_sgemm_32x32_sliced1x4_tn", "pid": 0, "tid": "stream 7", "ts": 1615910186541750, "dur": 12,
    "args": {"queued": 0, "device": 0, "context": 1, "stream": 7, "correlation": 1234, "external id": 3, "registers per thread": 55,
      "shared memory": 16384, "blocks per SM": 0.05, "warps per SM": 0.4, "grid": [1, 4, 1], "block": [128, 1, 1], "est. achieved occupancy %": 6}},
  {"ph": "f", "id": 1234, "pid": 0, "tid": "stream 7", "ts": 1615910186541750, "cat": "async", "name": "launch", "bp": "e"},
  {"ph": "X", "cat": "Memcpy", "name": "Memcpy DtoH (Device -> Pageable)", "pid": 0, "tid": "stream 7", "ts": 1615910186541800, "dur": 3,
    "args": {"device": 0, "context": 1, "stream": 7, "correlation": 1240, "external id": 4, "bytes": 256, "memory bandwidth (GB/s)": 0.08}},
  {"ph": "X", "cat": "User", "name": "forward", "pid": 0, "tid": "stream 7 user", "ts": 1615910186541750, "dur": 60, "args": {"External id": 1}},
  {"ph": "X", "cat": "Trace", "ts": 1615910186541000, "dur": 1000, "pid": "Traces", "tid": "PyTorch Profiler", "name": "PyTorch Profiler (0)", "args": {"Op count": 2}},
  {"name": "Iteration Start: PyTorch Profiler", "ph": "i", "s": "g", "pid": "Traces", "tid": "Trace PyTorch Profiler", "ts": 1615910186541000},
  {"name": "Record Window End", "ph": "i", "s": "g", "pid": "", "tid": "", "ts": 1615910186542100}
]})JSON";
        QTemporaryDir dir;
        const std::string path = writeFile(dir, "legacy2021.json", text);
        QVERIFY(claims(path));
        const Profile p = importFile(path);
        QVERIFY2(p.warnings.empty(), p.warnings.empty() ? "" : p.warnings.front().c_str());
        QCOMPARE(metadata(p, "trace_format"), std::string("kineto 2021"));
        QCOMPARE(p.threads.size(), size_t(1));
        QCOMPARE(p.threads[0].pid, int64_t(25738));
        QCOMPARE(p.threads[0].tid, int64_t(25738)); // "25738" as a string
        QCOMPARE(p.text(p.threads[0].name), std::string_view("thread 25738 (python)"));
        QCOMPARE(p.operators.size(), size_t(2));
        QCOMPARE(p.text(p.operators[0].shapes), std::string_view("[[4, 8], [16, 8], [16]]"));
        QCOMPARE(p.operators[1].parent, Index(0));
        QCOMPARE(p.operators[1].external_id, 3u);
        QCOMPARE(p.api_calls.size(), size_t(1));
        QCOMPARE(p.api_calls[0].correlation_id, 1234u);
        QCOMPARE(p.kernels.size(), size_t(1));
        const Kernel &k = p.kernels[0];
        QCOMPARE(k.external_id, 3u); // "external id"
        QCOMPARE(k.stream, 7u);
        QCOMPARE(k.grid, (Dim3{1, 4, 1}));
        QCOMPARE(k.static_shared_bytes, 16384u);
        QCOMPARE(k.launch_thread, Index(0));
        QCOMPARE(k.start_ns, int64_t(1615910186541750000));
        QCOMPARE(p.memory_ops.size(), size_t(1));
        QCOMPARE(int(p.memory_ops[0].copy_kind), 2); // DtoH
        QCOMPARE(int(p.memory_ops[0].src_kind), 2);  // Device
        QCOMPARE(int(p.memory_ops[0].dst_kind), 0);  // Pageable
        QCOMPARE(rangesOfKind(p, RangeKind::GpuUserAnnotation), size_t(1));
        QCOMPARE(p.text(p.ranges[0].domain), std::string_view("GPU 0 stream 7 user"));
        QCOMPARE(p.span_start_ns, int64_t(1615910186541000000));
        QCOMPARE(p.span_end_ns, int64_t(1615910186542000000));
        QCOMPARE(p.text(p.devices[0].name), std::string_view("Tesla V100-SXM2-16GB"));
    }

    void legacyAutogradTrace()
    {
        // CPU-only torch (Debian's python3-torch) writes a bare array without categories. Generate one
        // with torch.autograd.profiler and record_function; count its events with the json module.
        QTemporaryDir dir;
        const QString path = dir.filePath("autograd.json");
        const QString script = QStringLiteral(
            "import json, sys, torch\n"
            "from torch.autograd.profiler import record_function\n"
            "torch.manual_seed(0)\n"
            "m = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.ReLU(), torch.nn.Linear(16, 4))\n"
            "x = torch.randn(2, 8)\n"
            "with torch.autograd.profiler.profile(record_shapes=True) as prof:\n"
            "    with record_function('Sequential'):\n"
            "        y = m(x)\n"
            "    y.sum().backward()\n"
            "prof.export_chrome_trace(sys.argv[1])\n"
            "ev = json.load(open(sys.argv[1]))\n"
            "names = [e['name'] for e in ev if e['ph'] == 'X']\n"
            "print(len(names), names.count('aten::linear'), names.count('aten::addmm'), names.count('Sequential'))\n");
        QString output;
        bool ran = false;
        for (const QString &python : {QStringLiteral("python3"), QStringLiteral("/usr/bin/python3")}) {
            QProcess check;
            check.start(python, {"-c", "import torch"});
            if (!check.waitForFinished(120000) || check.exitStatus() != QProcess::NormalExit || check.exitCode() != 0)
                continue;
            QProcess run;
            run.start(python, {"-c", script, path});
            QVERIFY(run.waitForFinished(300000));
            QCOMPARE(run.exitCode(), 0);
            output = QString::fromUtf8(run.readAllStandardOutput()).trimmed();
            ran = true;
            break;
        }
        if (!ran)
            QSKIP("no python3 with torch (apt-get install python3-torch)");
        const QStringList counts = output.split(' ');
        QCOMPARE(counts.size(), 4);
        const int events = counts[0].toInt(), linear = counts[1].toInt(), addmm = counts[2].toInt();
        QVERIFY(events > 0 && linear == 2 && addmm == 2 && counts[3].toInt() == 1);

        QVERIFY(claims(path.toStdString()));
        const Profile p = importFile(path.toStdString());
        QCOMPARE(metadata(p, "trace_format"), std::string("autograd"));
        // Every X event is an operator except the record_function label, which becomes an annotation.
        QCOMPARE(int(p.operators.size() + p.ranges.size()), events);
        QCOMPARE(p.ranges.size(), size_t(1));
        const Range &label = p.ranges[0];
        QCOMPARE(p.text(label.text), std::string_view("Sequential"));
        QCOMPARE(int(label.kind), int(RangeKind::UserAnnotation));
        auto countOps = [&](std::string_view name) {
            return std::count_if(p.operators.begin(), p.operators.end(),
                                 [&](const Operator &o) { return p.text(o.name) == name; });
        };
        QCOMPARE(countOps("aten::linear"), long(linear));
        QCOMPARE(countOps("aten::addmm"), long(addmm));
        QVERIFY(countOps("SumBackward0") == 1); // an autograd node: stays an operator
        for (const Operator &o : p.operators) {
            if (p.text(o.name) != "aten::addmm")
                continue;
            // addmm runs inside linear, inside the label.
            QVERIFY(o.parent != kNoIndex);
            QCOMPARE(p.text(p.operators[o.parent].name), std::string_view("aten::linear"));
            QVERIFY(o.start_ns >= label.start_ns && o.end_ns <= label.end_ns);
            QCOMPARE(o.thread, label.thread);
        }
        // The export has no thread names: the thread is named after its string pid.
        QCOMPARE(p.text(p.threads[label.thread].name), std::string_view("CPU functions"));
    }

    void timesParseExactly()
    {
        // Decimal text to ns without floating point: fractions, signs, exponents, rounding past the ns.
        QTemporaryDir dir;
        const std::string events = cpuOp("1694039959.123", "0.001", "a") + ",\n" + cpuOp("-5.5", "1", "b") + ",\n" +
                                   cpuOp("1.5e3", "2E-3", "c") + ",\n" + cpuOp("1.0005", "0.0004", "d") + ",\n" +
                                   cpuOp("1694039968955744", "73", "e") + ",\n" + cpuOp("\"12.5\"", "1", "f");
        const Profile p = importFile(writeFile(dir, "times.json", trace(events)));
        QVERIFY2(p.warnings.empty(), p.warnings.empty() ? "" : p.warnings.front().c_str());
        std::map<std::string, std::pair<int64_t, int64_t>> t;
        for (const Operator &o : p.operators)
            t[std::string(p.text(o.name))] = {o.start_ns, o.end_ns - o.start_ns};
        QCOMPARE(t["a"], std::make_pair(int64_t(1694039959123), int64_t(1)));
        QCOMPARE(t["b"], std::make_pair(int64_t(-5500), int64_t(1000)));
        QCOMPARE(t["c"], std::make_pair(int64_t(1500000), int64_t(2)));
        QCOMPARE(t["d"], std::make_pair(int64_t(1001), int64_t(0))); // 1000.5 ns rounds away from zero
        QCOMPARE(t["e"], std::make_pair(int64_t(1694039968955744000), int64_t(73000)));
        QCOMPARE(t["f"], std::make_pair(int64_t(12500), int64_t(1000))); // a number written as a string
    }

    void badNumbersAreSkippedWithAWarning()
    {
        QTemporaryDir dir;
        const std::string events = cpuOp("NaN", "1") + ",\n" + cpuOp("1", "Infinity") + ",\n" + cpuOp("1e400", "1") +
                                   ",\n" + cpuOp("\"soon\"", "1") + ",\n" + cpuOp("5", "-1") + ",\n" +
                                   cpuOp("10", "2", "kept");
        const Profile p = importFile(writeFile(dir, "nan.json", trace(events)));
        QCOMPARE(p.operators.size(), size_t(1));
        QCOMPARE(p.text(p.operators[0].name), std::string_view("kept"));
        QVERIFY(hasWarning(p, "skipped 5 events whose ts or dur is not a number of microseconds"));
    }

    void topLevelKeysAfterTheEvents()
    {
        // baseTimeNanoseconds and deviceProperties written after traceEvents apply all the same.
        QTemporaryDir dir;
        const std::string after = ",\n  \"deviceProperties\": [{\"id\": 3, \"name\": \"GPU X\"}],\n"
                                  "  \"baseTimeNanoseconds\": 1790857026000000000,\n"
                                  "  \"distributedInfo\": {\"backend\": \"nccl\", \"rank\": 2, \"world_size\": 8}";
        const Profile p = importFile(writeFile(dir, "after.json", trace(cpuOp("1.5", "2"), "", after)));
        QCOMPARE(p.operators.size(), size_t(1));
        QCOMPARE(p.operators[0].start_ns, int64_t(1790857026000001500));
        QCOMPARE(p.operators[0].end_ns, int64_t(1790857026000003500));
        QCOMPARE(p.devices.size(), size_t(1));
        QCOMPARE(p.devices[0].id, 3);
        QCOMPARE(metadata(p, "backend"), std::string("nccl"));
        QCOMPARE(metadata(p, "rank"), std::string("2"));
        QCOMPARE(metadata(p, "world_size"), std::string("8"));
    }

    void unknownCategoriesAreCountedInOneWarning()
    {
        QTemporaryDir dir;
        const std::string other =
            R"({"ph": "X", "cat": "collective_comm", "name": "nccl:all_reduce", "pid": 1, "tid": 1, "ts": 1, "dur": 1})";
        const std::string counter = R"({"ph": "C", "name": "mem", "pid": 1, "tid": 1, "ts": 1, "args": {"v": 1}})";
        const Profile p = importFile(
            writeFile(dir, "unknown.json", trace(other + ",\n" + other + ",\n" + counter + ",\n" + cpuOp("1", "1"))));
        QCOMPARE(p.operators.size(), size_t(1));
        QCOMPARE(p.warnings.size(), size_t(1));
        QCOMPARE(p.warnings[0],
                 std::string("skipped 3 events of kinds not imported: collective_comm (2), ph \"C\" (1)"));
    }

    void instantEvents()
    {
        // cpu_instant_event instants other than "[memory]" are marks on their thread (one without a name
        // too); the profiler's own global marks repeat its "Trace" span and are dropped.
        QTemporaryDir dir;
        const std::string events =
            R"({"ph": "i", "cat": "cpu_instant_event", "s": "t", "name": "checkpoint", "pid": 1, "tid": 2, "ts": 5},)"
            "\n"
            R"({"ph": "i", "cat": "cpu_instant_event", "s": "t", "pid": 1, "tid": 2, "ts": 6.5},)"
            "\n"
            R"({"name": "Record Window End", "ph": "i", "s": "g", "pid": "", "tid": "", "ts": 7})";
        const Profile p = importFile(writeFile(dir, "instants.json", trace(events)));
        QVERIFY2(p.warnings.empty(), p.warnings.empty() ? "" : p.warnings.front().c_str());
        QCOMPARE(p.ranges.size(), size_t(2));
        QCOMPARE(int(p.ranges[0].kind), int(RangeKind::Mark));
        QCOMPARE(p.text(p.ranges[0].text), std::string_view("checkpoint"));
        QCOMPARE(p.ranges[0].start_ns, int64_t(5000));
        QCOMPARE(p.ranges[0].end_ns, int64_t(5000));
        QCOMPARE(p.ranges[1].text, kNoString);
        QCOMPARE(p.ranges[1].start_ns, int64_t(6500));
        QCOMPARE(p.threads.size(), size_t(1));
        QCOMPARE(p.threads[0].tid, int64_t(2));
    }

    void hugeStringsCrossChunks()
    {
        // A 20 MB name spans several 8 MiB chunks of the reader.
        QTemporaryDir dir;
        const std::string name(20 * 1000 * 1000, 'x');
        const Profile p = importFile(writeFile(dir, "huge.json",
                                               trace(cpuOp("1", "1", "aten::a") + ",\n" + cpuOp("2", "1", name) +
                                                     ",\n" + cpuOp("3", "1", "aten::b\\u00e9\\\"q"))));
        QCOMPARE(p.operators.size(), size_t(3));
        QCOMPARE(p.text(p.operators[1].name).size(), name.size());
        QCOMPARE(p.text(p.operators[2].name), std::string_view("aten::b\xC3\xA9\"q")); // escapes decoded
    }

    void detection()
    {
        QVERIFY(claims(fixture("h100/kineto_gpt12_train20.json.gz")));
        QVERIFY(claims(fixture("public/kineto/TraceLens__gaunernst_bert-small-uncased__1016001.json")));
        // Content decides, not the name.
        QTemporaryDir dir;
        const std::string renamed =
            writeFile(dir, "trace.bin", readBytes(fixture("h100/kineto_gpt12_train20.json.gz")));
        QVERIFY(claims(renamed));
        // Not ours: ONNX Runtime profiles (bare arrays too), the Operator Profiler's profile.json, other JSON.
        QVERIFY(
            !claims(fixture("public/onnxruntime/vscode-onnxvalidate__onnxruntime_profile__2019-06-28_04-56-43.json")));
        QVERIFY(!claims(fixture("public/operator_profiler/conv_block/profile.json")));
        QVERIFY(!claims(
            writeFile(dir, "other.json", R"({"traceEvents": [{"ph": "X", "cat": "v8", "name": "GC", "ts": 1}]})")));
        QVERIFY(!claims(writeFile(dir, "list.json", "[1, 2, 3]")));
        QVERIFY(!claims(writeFile(dir, "empty.json", "")));
    }

    void badInput()
    {
        QTemporaryDir dir;
        expectFileError(writeFile(dir, "empty.json", ""), "empty");
        expectFileError(writeFile(dir, "spaces.json", "  \n "), "empty");
        std::string random(8192, '\0');
        uint32_t seed = 12345;
        for (char &c : random) {
            seed = seed * 1103515245u + 12345u;
            c = char(seed >> 16);
        }
        random[0] = 'Q';
        expectFileError(writeFile(dir, "random.bin", random), "not JSON text");
        random[0] = '{';
        expectFileError(writeFile(dir, "random.json", random), "malformed JSON at byte");
        expectFileError(writeFile(dir, "notjson.gz", gzipStored("this is not JSON at all")), "gzip data is not JSON");
        expectFileError(writeFile(dir, "shape.json", R"({"foo": [1, 2], "bar": {"x": null}})"), "no \"traceEvents\"");
        expectFileError(writeFile(dir, "numbers.json", "[1, 2, 3]"), "not an event object");
        expectFileError(writeFile(dir, "string.json", "\"trace\""), "not JSON text");
        expectFileError(writeFile(dir, "nul.json", std::string("{\"traceEvents\": [\0]}", 20)), "NUL byte");
        expectFileError(writeFile(dir, "colon.json", trace(R"({"ph" "X"})")), "expected ':'");
        expectFileError(tempPath(dir, "missing.json"), "cannot open");
    }

    void truncatedFiles()
    {
        // Cut in the middle of traceEvents: the complete events load, with a warning. The first half of
        // kineto_gpt4_train.json (843861 bytes) holds 2080 complete cpu_op events and no kernel (Kineto
        // writes the CPU side first): counted with python on the bytes.
        QTemporaryDir dir;
        const std::string full = readBytes(fixture("h100/kineto_gpt4_train.json"));
        const Profile half = importFile(writeFile(dir, "half.json", full.substr(0, full.size() / 2)));
        QVERIFY(hasWarning(half, "the file is truncated: it ends at byte 843861 inside traceEvents"));
        QCOMPARE(half.operators.size(), size_t(2080));
        QCOMPARE(half.kernels.size(), size_t(0));
        // Cut before the first event: nothing to load, an error.
        expectFileError(writeFile(dir, "head.json", full.substr(0, 300)), "truncated");
        // A gzip cut in half: the text ends early the same way.
        const std::string gz = readBytes(fixture("h100/kineto_gpt12_train20.json.gz"));
        const Profile cut = importFile(writeFile(dir, "cut.json.gz", gz.substr(0, gz.size() / 2)));
        QVERIFY(hasWarning(cut, "gzip data ends early"));
        QVERIFY(cut.operators.size() > 0 && cut.operators.size() < 72340);
    }

    void progressAndCancel()
    {
        const std::string path = fixture("h100/kineto_gpt12_train20.json.gz");
        std::vector<double> fractions;
        const Profile p = importFile(path, Progress([&](double f, std::string_view) { fractions.push_back(f); }));
        QVERIFY(fractions.size() >= 3);
        QCOMPARE(fractions.back(), 1.0);
        std::atomic<bool> cancel{true};
        QVERIFY_THROWS_EXCEPTION(Cancelled, importFile(path, Progress([](double, std::string_view) {}, &cancel)));
    }
};

} // namespace tst_kineto_import_suite

OPSCOPE_TEST_SUITE(tst_kineto_import, tst_kineto_import_suite::TestKinetoImport, Appless)
#include "tst_kineto_import.moc"
