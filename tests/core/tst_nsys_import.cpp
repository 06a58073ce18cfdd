// Nsight Systems importers: SQLite exports (2021 to 2026 layouts), .nsys-rep through `nsys export`, and
// the `nsys stats` NVTX push/pop trace CSV. Expected numbers were read off the fixtures with python3's
// sqlite3 and csv modules; each test says the query.
#include "nsys_replicate.h"
#include "store/sqlite_util.h"
#include "test_suite.h"
#include "test_util.h"

#include "opscope/errors.h"
#include "opscope/importer.h"
#include "opscope/memory.h"
#include "opscope/metadata_keys.h"
#include "opscope/process.h"
#include "opscope/profile_store.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>

namespace tst_nsys_import_suite {

using namespace opscope;

namespace {

const char *const kBf16 = "h100/gpt4_bf16_infer/nsys.sqlite";
const char *const kSaxpy = "public/nsys/pipit__saxpy-mpi-cuda_nsys_perlmutter0.sqlite";
const char *const kExtrap = "public/nsys/extrap__profile1.sqlite";
const char *const kNotInstalled =
    "is an Nsight Systems report; nsys is not installed here to convert it. Export it where nsys is installed "
    "with: nsys export --type sqlite -o NAME.sqlite NAME.nsys-rep, then open the .sqlite";

// The spot kernel of the bf16 capture: the third launch of the LM-head GEMM, inside CAPTURE.
// python3 sqlite3: SELECT k.start, k.end, gridX.., blockX.., streamId, correlationId, registersPerThread,
// staticSharedMemory, dynamicSharedMemory, r.globalTid FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN StringIds s ON
// s.id = k.shortName JOIN CUPTI_ACTIVITY_KIND_RUNTIME r ON r.correlationId = k.correlationId AND r.eventClass
// IN (0,1) AND (r.globalTid>>24) = (k.globalPid>>24) WHERE s.value = '<name>' ORDER BY k.start
// -> (9479403110, 9479442183, 2,66,1, 384,1,1, 7, 7902, 168, 0, 213188, 281482358686136) for the third row.
const char *const kSpotName = "nvjet_sm90_tst_256x128_64x4_1x2_h_bz_coopA_TNT";
constexpr int64_t kSpotStart = 9479403110;
constexpr int64_t kSpotEnd = 9479442183;

std::string text(const Profile &p, StringId id)
{
    return std::string(p.text(id));
}

const Kernel *findKernel(const Profile &p, const char *shortName, int64_t start)
{
    for (const Kernel &k : p.kernels)
        if (k.start_ns == start && p.text(k.short_name) == shortName)
            return &k;
    return nullptr;
}

const Range *findRange(const Profile &p, const std::string &label, int64_t start)
{
    for (const Range &r : p.ranges)
        if (r.start_ns == start && p.text(r.text) == label)
            return &r;
    return nullptr;
}

const std::string *deviceProperty(const Device &d, const std::string &key)
{
    for (const auto &[k, v] : d.properties)
        if (k == key)
            return &v;
    return nullptr;
}

// Runs `fn`, which must throw a FileError naming `path`; returns its problem text.
template <class F> std::string fileErrorOf(const std::string &path, F &&fn)
{
    try {
        fn();
    } catch (const FileError &e) {
        if (e.path() != path)
            return "FileError names " + e.path() + " instead of " + path;
        return e.problem();
    } catch (const std::exception &e) {
        return std::string("not a FileError: ") + e.what();
    }
    return "no error";
}

bool writeFile(const std::string &path, const std::string &content, bool executable = false)
{
    std::ofstream out(path, std::ios::binary);
    out << content;
    out.close();
    if (executable)
        QFile::setPermissions(QString::fromStdString(path), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    return bool(out);
}

// Where nsys_rep.cpp looks for nsys, checked independently of it.
bool nsysInstalled()
{
    if (!findExecutable("nsys", {"/usr/local/cuda/bin"}).empty())
        return true;
    for (const char *parent : {"/opt/nvidia/nsight-systems", "/opt/nvidia/nsight-compute", "/usr/local"}) {
        const QDir dir(QString::fromUtf8(parent));
        const QStringList filter = QByteArray(parent) == "/usr/local" ? QStringList{"cuda*"} : QStringList{};
        for (const QString &sub : dir.entryList(filter, QDir::Dirs | QDir::NoDotAndDotDot))
            for (const char *suffix : {"/bin/nsys", "/target-linux-x64/nsys", "/host/target-linux-x64/nsys"})
                if (QFileInfo(dir.filePath(sub) + QString::fromUtf8(suffix)).isExecutable())
                    return true;
    }
    return false;
}

} // namespace

class TestNsysImport : public QObject {
    Q_OBJECT

private slots:
    void importsFixture_data();
    void importsFixture();
    void spotKernel();
    void device();
    void threadsApiCallsAndBacktraceDuplicates();
    void nvtxRangesNestAndNameDomains();
    void memoryOpsAndSyncs();
    void cudaMemoryUsage();
    void olderAndNewerLayouts_data();
    void olderAndNewerLayouts();
    void replicatedCaptureReadInParallel();
    void sqliteReadsStayFarInsideTheirBudget();
    void apiCallsFromManyThreads();
    void badInput_data();
    void badInput();
    void nsysRep();
    void nsysRepThroughExport();
    void nsysRepExportWithoutIncludeJson();
    void nsysRepExportFails();
    void statsCsv();
    void statsCsvQuotedNames();
    void cancel();
};

void TestNsysImport::importsFixture_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("kernels");
    QTest::addColumn<int>("pushPopRanges");
    QTest::addColumn<int>("apiCalls");
    QTest::addColumn<int>("memcpys");
    QTest::addColumn<int>("memsets");
    QTest::addColumn<int>("syncs");
    QTest::addColumn<QString>("version");
    QTest::addColumn<QString>("schema");
    QTest::addColumn<QString>("device");
    // python3 sqlite3, per file: count(*) of CUPTI_ACTIVITY_KIND_KERNEL; NVTX_EVENTS WHERE eventType = 59 AND
    // end IS NOT NULL; CUPTI_ACTIVITY_KIND_RUNTIME WHERE eventClass IN (0,1); MEMCPY; MEMSET; SYNCHRONIZATION;
    // META_DATA_EXPORT / EXPORT_META_DATA rows EXPORT_PRODUCT_VERSION, EXPORT_SCHEMA_VERSION; TARGET_INFO_GPU
    // name of the first id. The push/pop counts match shared/fixtures/README.md.
    QTest::newRow("gpt4_bf16_infer") << kBf16 << 192 << 521 << 2639 << 53 << 17 << 53 << "2025.3.2.0"
                                     << "3.20.3"
                                     << "NVIDIA H100 80GB HBM3";
    QTest::newRow("gpt4_fp32_infer") << "h100/gpt4_fp32_infer/nsys.sqlite" << 139 << 553 << 1426 << 53 << 0 << 53
                                     << "2025.3.2.0"
                                     << "3.20.3"
                                     << "NVIDIA H100 80GB HBM3";
    QTest::newRow("mlp_bf16_infer") << "h100/mlp_bf16_infer/nsys.sqlite" << 49 << 118 << 1161 << 12 << 0 << 12
                                    << "2025.3.2.0"
                                    << "3.20.3"
                                    << "NVIDIA H100 80GB HBM3";
    QTest::newRow("nsys-ai mock (2026.1)")
        << "public/nsys/nsys-ai__mock.sqlite" << 2 << 0 << 9 << 1 << 0 << 1 << "2026.1.1.204"
        << "3.24.14"
        << "NVIDIA GeForce RTX 3080";
    QTest::newRow("extrap profile1 (2022.1)") << kExtrap << 12 << 76 << 184 << 30 << 17 << 16 << "2022.1.1.61"
                                              << "2.9.1"
                                              << "GeForce GTX 1060 with Max-Q Design";
    QTest::newRow("pipit saxpy (2022.2)") << kSaxpy << 5 << 22 << 57 << 15 << 0 << 0 << "2022.2.1.31"
                                          << "2.9.1"
                                          << "NVIDIA A100-SXM4-40GB";
}

void TestNsysImport::importsFixture()
{
    QFETCH(QString, file);
    QFETCH(int, kernels);
    QFETCH(int, pushPopRanges);
    QFETCH(int, apiCalls);
    QFETCH(int, memcpys);
    QFETCH(int, memsets);
    QFETCH(int, syncs);
    QFETCH(QString, version);
    QFETCH(QString, schema);
    QFETCH(QString, device);
    const std::string path = test::fixture(file.toStdString());
    QCOMPARE(std::string(detectFormat(path).id), std::string("nsys-sqlite"));
    const Profile p = importFile(path);
    QCOMPARE(p.source_format, std::string("nsys-sqlite"));
    QCOMPARE(p.source_path, path);
    QCOMPARE(int(p.kernels.size()), kernels);
    QCOMPARE(int(std::count_if(p.ranges.begin(), p.ranges.end(),
                               [](const Range &r) { return r.kind == RangeKind::PushPop; })),
             pushPopRanges);
    QCOMPARE(int(p.api_calls.size()), apiCalls);
    QCOMPARE(int(std::count_if(p.memory_ops.begin(), p.memory_ops.end(),
                               [](const MemoryOp &m) { return m.kind == MemoryOpKind::Memcpy; })),
             memcpys);
    QCOMPARE(int(std::count_if(p.memory_ops.begin(), p.memory_ops.end(),
                               [](const MemoryOp &m) { return m.kind == MemoryOpKind::Memset; })),
             memsets);
    QCOMPARE(int(p.syncs.size()), syncs);
    QVERIFY(p.metadataValue(kNsysVersionKey));
    QCOMPARE(QString::fromStdString(*p.metadataValue(kNsysVersionKey)), version);
    QCOMPARE(QString::fromStdString(*p.metadataValue(kNsysExportSchemaKey)), schema);
    QVERIFY(!p.devices.empty());
    QCOMPARE(QString::fromStdString(text(p, p.devices.front().name)), device);
    // Every kernel of these captures has its launching call in its process (python3: the KERNEL ⋈ RUNTIME join
    // of formats.md §1 finds a row for each kernel), so each gets a launch thread.
    for (const Kernel &k : p.kernels) {
        QVERIFY(k.launch_thread < p.threads.size());
        QVERIFY(k.name != kNoString);
    }
    QVERIFY(std::is_sorted(p.kernels.begin(), p.kernels.end(),
                           [](const Kernel &a, const Kernel &b) { return a.start_ns < b.start_ns; }));
    QVERIFY(p.span_start_ns < p.span_end_ns);
}

void TestNsysImport::spotKernel()
{
    const Profile p = importFile(test::fixture(kBf16));
    QCOMPARE(std::count_if(p.kernels.begin(), p.kernels.end(),
                           [&](const Kernel &k) { return p.text(k.short_name) == kSpotName; }),
             3L);
    const Kernel *k = findKernel(p, kSpotName, kSpotStart);
    QVERIFY(k);
    QCOMPARE(k->end_ns, kSpotEnd);
    QCOMPARE(k->duration(), int64_t(39073));
    QCOMPARE(text(p, k->name), std::string(kSpotName)); // nvjet kernels have no template arguments
    QCOMPARE(k->grid, (Dim3{2, 66, 1}));
    QCOMPARE(k->block, (Dim3{384, 1, 1}));
    QCOMPARE(k->stream, 7u);
    QCOMPARE(k->device, 0);
    QCOMPARE(k->correlation_id, 7902u);
    QCOMPARE(k->registers_per_thread, 168u);
    QCOMPARE(k->static_shared_bytes, 0u);
    QCOMPARE(k->dynamic_shared_bytes, 213188u);
    // globalTid 281482358686136: tid = x & 0xFFFFFF = 440, pid = (x >> 24) & 0xFFFFFF = 440; ThreadNames says
    // "python3". It was launched through the driver API (cuLaunchKernelEx).
    QVERIFY(k->launch_thread < p.threads.size());
    const Thread &t = p.threads[k->launch_thread];
    QCOMPARE(t.pid, int64_t(440));
    QCOMPARE(t.tid, int64_t(440));
    QCOMPARE(text(p, t.name), std::string("python3"));
    auto launch = std::find_if(p.api_calls.begin(), p.api_calls.end(),
                               [&](const ApiCall &a) { return a.correlation_id == k->correlation_id; });
    QVERIFY(launch != p.api_calls.end());
    QCOMPARE(text(p, launch->name), std::string("cuLaunchKernelEx"));
    QCOMPARE(launch->kind, ApiKind::Driver);
    QCOMPARE(launch->thread, k->launch_thread);
    // A demangled name differs from its short name: at::native kernels keep their full signature.
    const auto gather = std::find_if(p.kernels.begin(), p.kernels.end(), [&](const Kernel &x) {
        return p.text(x.short_name) == "vectorized_gather_kernel";
    });
    QVERIFY(gather != p.kernels.end());
    QCOMPARE(text(p, gather->name), std::string("void at::native::vectorized_gather_kernel<(int)16, long>(char *, "
                                                "char *, T2 *, int, long, long, long, long, bool)"));
}

void TestNsysImport::device()
{
    // python3 sqlite3: SELECT * FROM TARGET_INFO_GPU (one row, id 0).
    const Profile p = importFile(test::fixture(kBf16));
    QCOMPARE(p.devices.size(), size_t(1));
    const Device &d = p.devices.front();
    QCOMPARE(d.id, 0);
    QCOMPARE(text(p, d.name), std::string("NVIDIA H100 80GB HBM3"));
    const std::map<std::string, std::string> expected = {{"smCount", "132"},
                                                         {"clockRate", "1980000000"},
                                                         {"memoryBandwidth", "3352320000000"},
                                                         {"totalMemory", "85017493504"},
                                                         {"l2CacheSize", "52428800"},
                                                         {"computeMajor", "9"},
                                                         {"computeMinor", "0"},
                                                         {"maxWarpsPerSm", "64"},
                                                         {"chipName", "GH100"}};
    for (const auto &[key, value] : expected) {
        QVERIFY2(deviceProperty(d, key), key.c_str());
        QCOMPARE(*deviceProperty(d, key), value);
    }
    // The capture span is ANALYSIS_DETAILS (startTime 532054971, stopTime 11081900004).
    QCOMPARE(p.span_start_ns, int64_t(532054971));
    QCOMPARE(p.span_end_ns, int64_t(11081900004));
}

void TestNsysImport::threadsApiCallsAndBacktraceDuplicates()
{
    const Profile p = importFile(test::fixture(kSaxpy));
    // python3 sqlite3: SELECT eventClass, count(*) FROM CUPTI_ACTIVITY_KIND_RUNTIME GROUP BY 1 -> 0: 56, 1: 1,
    // 67: 38. The 38 backtrace rows repeat class 0 calls, so the API calls are the 57 class 0/1 rows.
    QCOMPARE(p.api_calls.size(), size_t(57));
    QCOMPARE(std::count_if(p.api_calls.begin(), p.api_calls.end(),
                           [](const ApiCall &a) { return a.kind == ApiKind::Driver; }),
             1L);
    QCOMPARE(p.warnings.size(), size_t(1));
    QVERIFY2(p.warnings.front().find("38 CUDA backtrace rows (eventClass 67)") != std::string::npos,
             p.warnings.front().c_str());
    // Names without the version suffix; python3: ... JOIN StringIds GROUP BY value -> cudaMalloc_v3020: 15,
    // cudaLaunchKernel_v7000: 5, cuModuleGetLoadingMode: 1.
    std::map<std::string, int> byName;
    for (const ApiCall &a : p.api_calls)
        ++byName[text(p, a.name)];
    QCOMPARE(byName["cudaMalloc"], 15);
    QCOMPARE(byName["cudaLaunchKernel"], 5);
    QCOMPARE(byName["cuModuleGetLoadingMode"], 1);
    for (const auto &[name, count] : byName)
        QVERIFY2(name.find("_v") == std::string::npos, name.c_str());
    // One thread calls CUDA and owns the NVTX ranges: globalTid 302119224788637 = pid 1230493, tid 1230493,
    // named "MPI Rank 0" by NVTX (eventType 39) and by ThreadNames.
    QCOMPARE(p.threads.size(), size_t(1));
    QCOMPARE(p.threads[0].pid, int64_t(1230493));
    QCOMPARE(p.threads[0].tid, int64_t(1230493));
    QCOMPARE(text(p, p.threads[0].name), std::string("MPI Rank 0"));
    for (const Kernel &k : p.kernels)
        QCOMPARE(k.launch_thread, Index(0));
}

void TestNsysImport::nvtxRangesNestAndNameDomains()
{
    {
        // Depths computed in python3 as the number of ranges of the thread that enclose the range
        // (start <= s and end >= e): the warm-up 'blocks.2.mlp.fc[Linear]' at 9459443987 sits in model[GPT] >
        // blocks.2[Block] > blocks.2.mlp[MLP] (3); the captured one at 9477069869 under 8 ranges (CAPTURE,
        // emit_nvtx's op ranges and the module ranges).
        const Profile p = importFile(test::fixture(kBf16));
        const Range *warm = findRange(p, "blocks.2.mlp.fc[Linear]", 9459443987);
        const Range *captured = findRange(p, "blocks.2.mlp.fc[Linear]", 9477069869);
        const Range *capture = findRange(p, "CAPTURE", 9471567281);
        QVERIFY(warm && captured && capture);
        QCOMPARE(int(warm->depth), 3);
        QCOMPARE(int(captured->depth), 8);
        QCOMPARE(int(capture->depth), 0);
        QCOMPARE(capture->end_ns, int64_t(9479618942));
        QCOMPARE(text(p, capture->domain), std::string("default"));
        QCOMPARE(capture->kind, RangeKind::PushPop);
        QCOMPARE(p.threads[capture->thread].tid, int64_t(440));
    }
    {
        // extrap: text ranges in the domain its DomainCreate row (eventType 75) names; on thread globalTid
        // 72057683963809544 = pid 5360, tid 3848. 'main->test_max_par->phase->memcpyHD0' is in main >
        // test_max_par > phase.
        const Profile p = importFile(test::fixture(kExtrap));
        const Range *r = findRange(p, "main->test_max_par->phase->memcpyHD0", 552668968);
        QVERIFY(r);
        QCOMPARE(int(r->depth), 3);
        QCOMPARE(text(p, r->domain), std::string("de.tu-darmstadt.parallel.extra_prof"));
        QCOMPARE(p.threads[r->thread].pid, int64_t(5360));
        QCOMPARE(p.threads[r->thread].tid, int64_t(3848));
    }
    {
        // saxpy mixes registered strings (textId, domain 1 "MPI") and plain text (domain 0).
        const Profile p = importFile(test::fixture(kSaxpy));
        const Range *init = findRange(p, "MPI_Init", 65117824);
        QVERIFY(init);
        QCOMPARE(init->end_ns, int64_t(710796807));
        QCOMPARE(text(p, init->domain), std::string("MPI"));
        QCOMPARE(
            std::count_if(p.ranges.begin(), p.ranges.end(),
                          [&](const Range &r) { return p.text(r.text) == "saxpy" && p.text(r.domain) == "default"; }),
            5L);
    }
}

void TestNsysImport::memoryOpsAndSyncs()
{
    // python3 sqlite3: MEMCPY GROUP BY copyKind, srcKind, dstKind -> (1 HtoD, 0 pageable, 2 device): 53 rows,
    // 164530176 bytes; MEMSET GROUP BY memKind -> (2 device): 17 rows, 25408 bytes; SYNCHRONIZATION: 53 rows
    // of syncType 2, each with a runtime call of its correlation id in its process.
    const Profile p = importFile(test::fixture(kBf16));
    uint64_t copied = 0, set = 0;
    for (const MemoryOp &m : p.memory_ops) {
        if (m.kind == MemoryOpKind::Memcpy) {
            QCOMPARE(int(m.copy_kind), 1);
            QCOMPARE(int(m.src_kind), 0);
            QCOMPARE(int(m.dst_kind), 2);
            copied += m.bytes;
        } else {
            QCOMPARE(int(m.dst_kind), 2);
            set += m.bytes;
        }
    }
    QCOMPARE(copied, uint64_t(164530176));
    QCOMPARE(set, uint64_t(25408));
    QVERIFY(std::is_sorted(p.memory_ops.begin(), p.memory_ops.end(),
                           [](const MemoryOp &a, const MemoryOp &b) { return a.start_ns < b.start_ns; }));
    for (const GpuSync &s : p.syncs) {
        QCOMPARE(s.kind, SyncKind::StreamWait);
        QVERIFY(s.thread < p.threads.size());
    }
}

void TestNsysImport::cudaMemoryUsage()
{
    // extrap's capture was made with --cuda-memory-usage=true: python3 sqlite3 on CUDA_GPU_MEMORY_USAGE_EVENTS
    // gives 60 rows, 15 allocations and 15 frees each of pinned host memory (memKind 1) and of device 0
    // (memKind 2), 11 of 4,000,000 bytes and 4 of 40,000, 44,160,000 bytes in all; in start order the
    // most alive at once is 20,000,000 bytes on each, and every allocation is freed.
    const Profile p = importFile(test::fixture(kExtrap));
    QCOMPARE(p.memory_samples.size(), size_t(60));
    std::map<int32_t, std::pair<size_t, size_t>> counts; // device -> allocations, frees
    std::map<int32_t, int64_t> allocated;
    for (const MemorySample &s : p.memory_samples) {
        QVERIFY(s.kind == MemorySampleKind::Segment);
        QVERIFY(std::abs(s.bytes) == 4000000 || std::abs(s.bytes) == 40000);
        allocated[s.device] += std::max<int64_t>(s.bytes, 0);
        QVERIFY(s.address != 0);
        (s.bytes > 0 ? counts[s.device].first : counts[s.device].second)++;
    }
    QCOMPARE(counts.size(), size_t(2));
    QCOMPARE(counts[0], std::make_pair(size_t(15), size_t(15)));
    QCOMPARE(counts[-1], std::make_pair(size_t(15), size_t(15)));
    QCOMPARE(allocated[0], int64_t(44160000));
    QCOMPARE(allocated[-1], int64_t(44160000));
    QVERIFY(std::is_sorted(p.memory_samples.begin(), p.memory_samples.end(),
                           [](const MemorySample &a, const MemorySample &b) { return a.time_ns < b.time_ns; }));
    QCOMPARE(*p.metadataValue(kCudaMemoryUsageKey), std::string("60 events"));
    // The Memory tab's figures: the reserved peak per device, segments counted as the allocator's are.
    const MemoryReport report = analyzeMemory(p);
    QCOMPARE(report.devices.size(), size_t(2));
    QCOMPARE(report.devices[0].device, 0);
    QCOMPARE(report.devices[0].peak_reserved, int64_t(20000000));
    QCOMPARE(report.devices[0].segment_allocations, size_t(15));
    QCOMPARE(report.devices[0].segment_frees, size_t(15));
    QCOMPARE(report.devices[1].device, -1);
    QCOMPARE(report.devices[1].peak_reserved, int64_t(20000000));
    // Captures without the option have no such table and no samples.
    QVERIFY(importFile(test::fixture(kBf16)).memory_samples.empty());
}

void TestNsysImport::olderAndNewerLayouts_data()
{
    // Each row rebuilds the bf16 capture in another version's layout with SQL, then imports it.
    QTest::addColumn<QStringList>("statements");
    QTest::addColumn<bool>("hasMetadata");
    QTest::addColumn<bool>("hasApiCalls");
    QTest::newRow("2021: no metadata, TARGET_INFO_CUDA_GPU, no mangledName")
        << QStringList{"DROP TABLE META_DATA_EXPORT", "ALTER TABLE CUPTI_ACTIVITY_KIND_KERNEL DROP COLUMN mangledName",
                       "ALTER TABLE CUPTI_ACTIVITY_KIND_KERNEL DROP COLUMN greenContextId",
                       "ALTER TABLE CUPTI_ACTIVITY_KIND_MEMCPY DROP COLUMN greenContextId",
                       "ALTER TABLE CUPTI_ACTIVITY_KIND_MEMCPY DROP COLUMN copyCount",
                       "ALTER TABLE CUPTI_ACTIVITY_KIND_MEMSET DROP COLUMN greenContextId",
                       "ALTER TABLE NVTX_EVENTS DROP COLUMN binaryData",
                       // CUPTI's device record: clock in kHz, bandwidth in kB/s, no name (that stays in
                       // TARGET_INFO_GPU).
                       "CREATE TABLE TARGET_INFO_CUDA_GPU AS SELECT id AS deviceId, smCount AS numMultiprocessors, "
                       "clockRate / 1000 AS coreClockRate, memoryBandwidth / 1000 AS globalMemoryBandwidth, "
                       "totalMemory AS "
                       "globalMemorySize, l2CacheSize, computeMajor AS computeCapabilityMajor, computeMinor AS "
                       "computeCapabilityMinor, maxWarpsPerSm AS maxWarpsPerMultiprocessor, threadsPerWarp AS "
                       "numThreadsPerWarp FROM TARGET_INFO_GPU",
                       "CREATE TABLE gpu2021 AS SELECT vmId, id AS deviceId, name, busLocation, isDiscrete FROM "
                       "TARGET_INFO_GPU",
                       "DROP TABLE TARGET_INFO_GPU", "ALTER TABLE gpu2021 RENAME TO TARGET_INFO_GPU", "DROP ENUMS"}
        << false << true;
    QTest::newRow("2024: ENUM tables, greenContextId, kernel columns in another order")
        << QStringList{"UPDATE META_DATA_EXPORT SET value = '2024.5.1.113' WHERE name = 'EXPORT_PRODUCT_VERSION'",
                       "UPDATE META_DATA_EXPORT SET value = '3.13.2' WHERE name = 'EXPORT_SCHEMA_VERSION'",
                       "ALTER TABLE CUPTI_ACTIVITY_KIND_MEMCPY DROP COLUMN copyCount",
                       "ALTER TABLE NVTX_EVENTS DROP COLUMN binaryData",
                       "CREATE TABLE kernel2 AS SELECT dynamicSharedMemory, staticSharedMemory, blockZ, blockY, "
                       "blockX, gridZ, gridY, gridX, registersPerThread, greenContextId, shortName, demangledName, "
                       "globalPid, correlationId, streamId, deviceId, \"end\", start, contextId, mangledName "
                       "FROM CUPTI_ACTIVITY_KIND_KERNEL ORDER BY rowid",
                       "DROP TABLE CUPTI_ACTIVITY_KIND_KERNEL",
                       "ALTER TABLE kernel2 RENAME TO CUPTI_ACTIVITY_KIND_KERNEL"}
        << true << true;
    QTest::newRow("lazy export without API calls or NVTX")
        << QStringList{"DROP TABLE CUPTI_ACTIVITY_KIND_RUNTIME", "DROP TABLE NVTX_EVENTS"} << true << false;
}

void TestNsysImport::olderAndNewerLayouts()
{
    QFETCH(QStringList, statements);
    QFETCH(bool, hasMetadata);
    QFETCH(bool, hasApiCalls);
    QTemporaryDir dir;
    const std::string path = test::tempPath(dir, "layout.sqlite");
    QVERIFY(test::copyWritable(test::fixture(kBf16), path));
    {
        test::ScratchDb db(path);
        for (const QString &statement : statements) {
            if (statement == "DROP ENUMS") {
                // nsys 2022 and older wrote no ENUM_* tables.
                for (const std::string &table : db.strings(
                         "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'ENUM\\_%' ESCAPE '\\'"))
                    QVERIFY2(db.exec("DROP TABLE " + table), db.error().c_str());
                continue;
            }
            QVERIFY2(db.exec(statement.toStdString()), db.error().c_str());
        }
    }
    const Profile p = importFile(path);
    QCOMPARE(p.kernels.size(), size_t(192));
    const Kernel *k = findKernel(p, kSpotName, kSpotStart);
    QVERIFY(k);
    QCOMPARE(k->end_ns, kSpotEnd);
    QCOMPARE(k->grid, (Dim3{2, 66, 1}));
    QCOMPARE(k->block, (Dim3{384, 1, 1}));
    QCOMPARE(k->dynamic_shared_bytes, 213188u);
    QCOMPARE(k->correlation_id, 7902u);
    QCOMPARE(p.devices.size(), size_t(1));
    QCOMPARE(text(p, p.devices[0].name), std::string("NVIDIA H100 80GB HBM3"));
    QVERIFY(deviceProperty(p.devices[0], "smCount"));
    QCOMPARE(*deviceProperty(p.devices[0], "smCount"), std::string("132"));
    QVERIFY(deviceProperty(p.devices[0], "clockRate"));
    QCOMPARE(*deviceProperty(p.devices[0], "clockRate"), std::string("1980000000"));
    QCOMPARE(p.metadataValue(kNsysVersionKey) != nullptr, hasMetadata);
    if (hasMetadata && QByteArray(QTest::currentDataTag()).startsWith("2024"))
        QCOMPARE(*p.metadataValue(kNsysExportSchemaKey), std::string("3.13.2"));
    if (hasApiCalls) {
        QCOMPARE(p.api_calls.size(), size_t(2639));
        QCOMPARE(p.ranges.size(), size_t(521));
        QVERIFY(k->launch_thread < p.threads.size());
        QCOMPARE(p.threads[k->launch_thread].tid, int64_t(440));
        QVERIFY(p.warnings.empty());
    } else {
        QVERIFY(p.api_calls.empty() && p.ranges.empty());
        QCOMPARE(k->launch_thread, kNoIndex);
        QCOMPARE(p.warnings.size(), size_t(1));
        QVERIFY2(p.warnings[0].find("no CUDA API table") != std::string::npos, p.warnings[0].c_str());
    }
}

void TestNsysImport::replicatedCaptureReadInParallel()
{
    // 400 copies of the bf16 capture: 76,800 kernels, 1,055,600 API calls and 208,400 ranges, enough rows for
    // several chunks per table and several connections. Every copy must come back exactly like the original,
    // shifted, with its launch threads and range depths.
    constexpr int kCopies = 400;
    QTemporaryDir dir;
    const std::string path = test::tempPath(dir, "replicated.sqlite");
    const test::Replication rep = test::replicateNsysExport(test::fixture(kBf16), path, kCopies);
    QVERIFY2(rep.error.empty(), rep.error.c_str());
    const Profile original = importFile(test::fixture(kBf16));
    const Profile p = importFile(path);
    QCOMPARE(p.kernels.size(), original.kernels.size() * kCopies);
    QCOMPARE(p.api_calls.size(), original.api_calls.size() * kCopies);
    QCOMPARE(p.ranges.size(), original.ranges.size() * kCopies);
    QCOMPARE(p.threads.size(), original.threads.size());
    QVERIFY(p.warnings.empty());
    for (size_t i = 0; i < p.kernels.size(); ++i) {
        const Kernel &k = p.kernels[i];
        const Kernel &o = original.kernels[i % original.kernels.size()];
        const int64_t copy = int64_t(i / original.kernels.size());
        QCOMPARE(k.start_ns, o.start_ns + copy * rep.timeShift);
        QCOMPARE(k.end_ns, o.end_ns + copy * rep.timeShift);
        QCOMPARE(int64_t(k.correlation_id), int64_t(o.correlation_id) + copy * rep.correlationShift);
        QCOMPARE(p.text(k.name), original.text(o.name));
        QCOMPARE(k.grid, o.grid);
        QVERIFY(k.launch_thread < p.threads.size());
        QCOMPARE(p.threads[k.launch_thread].tid, original.threads[o.launch_thread].tid);
    }
    for (size_t i = 0; i < p.ranges.size(); ++i) {
        const Range &r = p.ranges[i];
        const Range &o = original.ranges[i % original.ranges.size()];
        QCOMPARE(r.start_ns, o.start_ns + int64_t(i / original.ranges.size()) * rep.timeShift);
        QCOMPARE(r.depth, o.depth);
        QCOMPARE(p.text(r.text), original.text(o.text));
    }
    for (size_t i = 0; i < p.api_calls.size(); i += 97) {
        const ApiCall &a = p.api_calls[i];
        const ApiCall &o = original.api_calls[i % original.api_calls.size()];
        QCOMPARE(a.start_ns, o.start_ns + int64_t(i / original.api_calls.size()) * rep.timeShift);
        QCOMPARE(p.text(a.name), original.text(o.name));
        QCOMPARE(a.kind, o.kind);
    }
    QCOMPARE(p.span_end_ns - p.span_start_ns, kCopies * rep.timeShift - 1);
}

void TestNsysImport::sqliteReadsStayFarInsideTheirBudget()
{
    // The step budget of every read of a file from outside (sql::Database: kStepsPerByte steps a byte of
    // the file, and kBaseSteps) against what real reads take: 100 copies of the bf16 capture read wholly
    // through SQLite (the reference reader, more steps than the direct one), and that profile saved as an
    // .opscope and loaded. Both must take under a tenth of the budget's rate, so no real file meets it.
    QTemporaryDir dir;
    const std::string path = test::tempPath(dir, "replicated.sqlite");
    const test::Replication rep = test::replicateNsysExport(test::fixture(kBf16), path, 100);
    QVERIFY2(rep.error.empty(), rep.error.c_str());
    const auto rate = [](uint64_t steps, const std::string &file) {
        return double(steps) / double(std::filesystem::file_size(file));
    };
    Profile p;
    uint64_t before = sql::Database::stepsTaken();
    {
        test::ScopedEnv reader("OPSCOPE_NSYS_READER", QByteArray("sqlite"));
        p = importFile(path);
    }
    const double nsys = rate(sql::Database::stepsTaken() - before, path);
    const std::string saved = test::tempPath(dir, "replicated.opscope");
    saveProfile(p, saved);
    before = sql::Database::stepsTaken();
    const Profile loaded = loadProfile(saved);
    const double opscope = rate(sql::Database::stepsTaken() - before, saved);
    QCOMPARE(loaded.kernels.size(), p.kernels.size());
    qInfo("SQLite steps per byte of the file: nsys export through the SQLite reader %.2f (%.1f MB), .opscope "
          "%.2f (%.1f MB); the budget allows %llu",
          nsys, std::filesystem::file_size(path) / 1e6, opscope, std::filesystem::file_size(saved) / 1e6,
          static_cast<unsigned long long>(sql::Database::kStepsPerByte));
    QVERIFY(nsys > 0 && opscope > 0); // the counter counts
    QVERIFY2(nsys * 10 < double(sql::Database::kStepsPerByte), std::to_string(nsys).c_str());
    QVERIFY2(opscope * 10 < double(sql::Database::kStepsPerByte), std::to_string(opscope).c_str());
}

void TestNsysImport::apiCallsFromManyThreads()
{
    // The bf16 capture with its API calls spread over 40 threads of the process (tid 440 .. 479 by rowid):
    // each kernel's launch thread must be the thread of the API call with its correlation id.
    QTemporaryDir dir;
    const std::string path = test::tempPath(dir, "threads.sqlite");
    QVERIFY(test::copyWritable(test::fixture(kBf16), path));
    {
        test::ScratchDb db(path);
        QVERIFY2(db.exec("UPDATE CUPTI_ACTIVITY_KIND_RUNTIME SET globalTid = globalTid + rowid % 40"),
                 db.error().c_str());
    }
    const Profile p = importFile(path);
    QCOMPARE(p.threads.size(), size_t(40)); // the NVTX thread is tid 440, one of them
    std::map<uint32_t, Index> threadOfCorrelation;
    for (const ApiCall &a : p.api_calls)
        threadOfCorrelation[a.correlation_id] = a.thread;
    std::set<int64_t> launchTids;
    for (const Kernel &k : p.kernels) {
        QCOMPARE(k.launch_thread, threadOfCorrelation.at(k.correlation_id));
        launchTids.insert(p.threads[k.launch_thread].tid);
        QCOMPARE(p.threads[k.launch_thread].pid, int64_t(440));
    }
    QVERIFY(launchTids.size() > 30);
}

void TestNsysImport::badInput_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("problem"); // a part of FileError::problem()
    QTest::newRow("empty file") << "empty"
                                << "the file is empty";
    QTest::newRow("first half of a real export") << "truncated"
                                                 << "damaged SQLite database";
    QTest::newRow("random bytes named .sqlite") << "random"
                                                << "not a profile format OpScope reads";
    QTest::newRow("SQLite database of another program") << "unrelated"
                                                        << "an SQLite database without the tables of any supported";
    QTest::newRow("StringIds but no event table") << "stringids"
                                                  << "without any CUDA or NVTX event table (none of "
                                                     "CUPTI_ACTIVITY_KIND_KERNEL";
}

void TestNsysImport::badInput()
{
    QFETCH(QString, kind);
    QFETCH(QString, problem);
    QTemporaryDir dir;
    const std::string path = test::tempPath(dir, "bad.sqlite");
    if (kind == "empty") {
        QVERIFY(writeFile(path, ""));
    } else if (kind == "truncated") {
        std::ifstream in(test::fixture(kBf16), std::ios::binary);
        std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        QVERIFY(writeFile(path, bytes.substr(0, bytes.size() / 2)));
    } else if (kind == "random") {
        std::mt19937 gen(20261122);
        std::string bytes(64 * 1024, '\0');
        for (char &c : bytes)
            c = char(gen() & 0xff);
        QVERIFY(writeFile(path, bytes));
    } else {
        test::ScratchDb db(path);
        if (kind == "unrelated")
            QVERIFY(db.exec("CREATE TABLE customers(id INTEGER PRIMARY KEY, name TEXT); INSERT INTO customers "
                            "VALUES (1, 'a')"));
        else
            QVERIFY(db.exec("CREATE TABLE StringIds(id INTEGER PRIMARY KEY, value TEXT NOT NULL); INSERT INTO "
                            "StringIds VALUES (0, 'x')"));
    }
    const std::string got = fileErrorOf(path, [&] { importFile(path); });
    QVERIFY2(got.find(problem.toStdString()) != std::string::npos, got.c_str());
}

void TestNsysImport::nsysRep()
{
    const std::string rep = test::fixture("h100/gpt4_bf16_infer/nsys.nsys-rep");
    QCOMPARE(std::string(detectFormat(rep).id), std::string("nsys-rep"));
    {
        const test::ToolFolder noNsys; // whatever this machine has
        QCOMPARE(fileErrorOf(rep, [&] { importFile(rep); }), std::string(kNotInstalled));
    }
    qunsetenv("OPSCOPE_NSYS");
    if (!nsysInstalled())
        QSKIP("nsys is not installed here: the real conversion is not checked");
    const Profile p = importFile(rep);
    QCOMPARE(p.source_format, std::string("nsys-rep"));
    QCOMPARE(p.source_path, rep);
    QCOMPARE(p.kernels.size(), size_t(192));
}

// A stand-in for nsys that does what `nsys export --type sqlite ... -o OUT REPORT` does, by copying the
// real export of the bf16 report to OUT; `before` runs first (with the arguments in $*), `after` last ($out).
static bool writeStandInNsys(const std::string &script, const std::string &before, const std::string &after)
{
    return writeFile(script,
                     "#!/bin/sh\n" + before +
                         "out=\"\"\n"
                         "while [ $# -gt 1 ]; do\n"
                         "  if [ \"$1\" = \"-o\" ]; then out=\"$2\"; fi\n"
                         "  shift\n"
                         "done\n"
                         "cp '" +
                         test::fixture(kBf16) + "' \"$out\"\n" + after,
                     true);
}

void TestNsysImport::nsysRepThroughExport()
{
    // A stand-in for nsys that does what `nsys export --type sqlite ... -o OUT REPORT` does, by copying the
    // real export of that report: the conversion, the import of the temporary file and its removal are ours.
    QTemporaryDir dir;
    const std::string log = test::tempPath(dir, "out-path.txt");
    const std::string script = test::tempPath(dir, "nsys");
    QVERIFY(writeStandInNsys(script, "", "echo \"$out\" > '" + log + "'\n"));
    const test::ScopedEnv env("OPSCOPE_NSYS", QByteArray::fromStdString(script));
    const std::string rep = test::fixture("h100/gpt4_bf16_infer/nsys.nsys-rep");
    const Profile p = importFile(rep);
    QCOMPARE(p.source_format, std::string("nsys-rep"));
    QCOMPARE(p.source_path, rep);
    QCOMPARE(p.kernels.size(), size_t(192));
    std::ifstream in(log);
    std::string exported;
    std::getline(in, exported);
    QVERIFY(exported.size() > 7 && exported.substr(exported.size() - 7) == ".sqlite");
    QVERIFY2(!QFileInfo::exists(QString::fromStdString(exported)), "the temporary export was not removed");
    QVERIFY(!QFileInfo::exists(QFileInfo(QString::fromStdString(exported)).path()));
}

void TestNsysImport::nsysRepExportWithoutIncludeJson()
{
    // The export asks for NVTX payloads (--include-json true: NCCL's ranks, nsys_ranks.cpp); an nsys that
    // does not know the option fails on it, and the report is exported again without it.
    QTemporaryDir dir;
    const std::string calls = test::tempPath(dir, "calls.txt");
    const std::string script = test::tempPath(dir, "nsys");
    QVERIFY(writeStandInNsys(script,
                             "echo \"$*\" >> '" + calls +
                                 "'\n"
                                 "case \"$*\" in *--include-json*) echo 'unrecognised option --include-json' >&2; "
                                 "exit 1;; esac\n",
                             ""));
    const test::ScopedEnv env("OPSCOPE_NSYS", QByteArray::fromStdString(script));
    const std::string rep = test::fixture("h100/gpt4_bf16_infer/nsys.nsys-rep");
    const Profile p = importFile(rep);
    QCOMPARE(p.kernels.size(), size_t(192));
    std::ifstream in(calls);
    std::string first, second;
    std::getline(in, first);
    std::getline(in, second);
    QVERIFY2(first.find("export --type sqlite --include-json true") == 0, first.c_str());
    QVERIFY2(second.find("export --type sqlite --force-overwrite true -o ") == 0, second.c_str());
}

void TestNsysImport::nsysRepExportFails()
{
    QTemporaryDir dir;
    const std::string script = test::tempPath(dir, "nsys");
    QVERIFY(writeFile(script,
                      "#!/bin/sh\n"
                      "echo 'Processing events...'\n"
                      "echo 'ERROR: cannot read the report (fake nsys)' >&2\n"
                      "exit 3\n",
                      true));
    const test::ScopedEnv env("OPSCOPE_NSYS", QByteArray::fromStdString(script));
    const std::string rep = test::fixture("h100/mlp_bf16_infer/nsys.nsys-rep");
    const std::string got = fileErrorOf(rep, [&] { importFile(rep); });
    QVERIFY2(got.find("nsys export") != std::string::npos, got.c_str());
    QVERIFY2(got.find("exited with status 3") != std::string::npos, got.c_str());
    QVERIFY2(got.find("Processing events...") != std::string::npos, got.c_str());
    QVERIFY2(got.find("ERROR: cannot read the report (fake nsys)") != std::string::npos, got.c_str());
}

void TestNsysImport::statsCsv()
{
    // python3 csv: 131 rows, all PID/TID 3086332; Lvl 0: 1, 1: 30, 2: 100; the first row is "main"
    // 982845927..1987944256.
    const std::string path = test::fixture("public/nsys/pipit__nbody-nvtx_trace.csv");
    QCOMPARE(std::string(detectFormat(path).id), std::string("nsys-stats-csv"));
    const Profile p = importFile(path);
    QCOMPARE(p.source_format, std::string("nsys-stats-csv"));
    QCOMPARE(p.ranges.size(), size_t(131));
    QCOMPARE(p.threads.size(), size_t(1));
    QCOMPARE(p.threads[0].pid, int64_t(3086332));
    QCOMPARE(p.threads[0].tid, int64_t(3086332));
    std::map<int, int> byDepth;
    for (const Range &r : p.ranges) {
        QCOMPARE(r.kind, RangeKind::PushPop);
        QCOMPARE(r.thread, Index(0));
        ++byDepth[r.depth];
    }
    QCOMPARE(byDepth, (std::map<int, int>{{0, 1}, {1, 30}, {2, 100}}));
    QCOMPARE(text(p, p.ranges[0].text), std::string("main"));
    QCOMPARE(p.ranges[0].start_ns, int64_t(982845927));
    QCOMPARE(p.ranges[0].end_ns, int64_t(1987944256));
    QCOMPARE(p.span_start_ns, int64_t(982845927));
    // A CSV without the header is no such trace.
    QTemporaryDir dir;
    const std::string other = test::tempPath(dir, "other.csv");
    QVERIFY(writeFile(other, "Time (%),Total Time (ns),Instances,Name\n1.0,5,1,foo\n"));
    QVERIFY(fileErrorOf(other, [&] { importFile(other); }) != "no error");
}

// NVTX messages with a comma, a quote and a line break, quoted as nsys stats (Python's csv) writes them.
void TestNsysImport::statsCsvQuotedNames()
{
    QTemporaryDir dir;
    const std::string path = test::tempPath(dir, "quoted.csv");
    QVERIFY(writeFile(path, "Start (ns),End (ns),Duration (ns),DurChild (ns),DurNonChild (ns),Name,PID,TID,Lvl,"
                            "NumChild,RangeId,ParentId,RangeStack,NameTree\n"
                            "100,900,800,300,500,\"step, 1\",7,8,0,1,1,,:1,step\n"
                            "200,500,300,0,300,\"say \"\"hi\"\"\",7,8,1,0,2,1,:1:2,\"say \"\"hi\"\"\"\n"
                            "600,700,100,0,100,\"two\nlines\",7,9,1,0,3,1,:1:3,two\n"));
    const Profile p = importFile(path);
    QCOMPARE(p.ranges.size(), size_t(3));
    QCOMPARE(text(p, p.ranges[0].text), std::string("step, 1"));
    QCOMPARE(text(p, p.ranges[1].text), std::string("say \"hi\""));
    QCOMPARE(text(p, p.ranges[2].text), std::string("two\nlines"));
    QCOMPARE(p.ranges[2].start_ns, int64_t(600));
    QCOMPARE(p.ranges[2].depth, uint16_t(1));
    QCOMPARE(p.threads.size(), size_t(2));
    QCOMPARE(p.threads[p.ranges[2].thread].tid, int64_t(9));
}

void TestNsysImport::cancel()
{
    std::atomic<bool> cancelled{true};
    const Progress progress([](double, std::string_view) {}, &cancelled);
    QVERIFY_THROWS_EXCEPTION(Cancelled, importFile(test::fixture(kBf16), progress));
    // Progress reaches the end of an import that is not cancelled.
    cancelled = false;
    double last = -1;
    const Progress watched([&](double fraction, std::string_view) { last = fraction; }, &cancelled);
    importFile(test::fixture(kBf16), watched);
    QCOMPARE(last, 1.0);
}

} // namespace tst_nsys_import_suite

OPSCOPE_TEST_SUITE(tst_nsys_import, tst_nsys_import_suite::TestNsysImport, Appless)
#include "tst_nsys_import.moc"
