// The .opscope file: exact round trip, atomic replace, and clean errors for files that are not ours.
#include "forked_child.h"
#include "opscope/capture_import.h"
#include "opscope/errors.h"
#include "opscope/metadata_keys.h"
#include "opscope/operator_profiler_json.h"
#include "opscope/profile_store.h"
#include "store/sqlite_util.h"
#include "test_suite.h"
#include "test_util.h"

#include <sqlite3.h>

#include <QDir>
#include <QFile>
#include <QTest>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <random>
#include <sched.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace tst_profile_store_suite {

using namespace opscope;
using opscope::test::fixture;
using opscope::test::tempPath;
namespace fs = std::filesystem;

namespace {

// A profile with every table filled, including edge values (negative, 64-bit, text counters).
Profile everyTableProfile()
{
    Profile p;
    p.source_format = "synthetic";
    p.source_path = "/tmp/x";
    p.span_start_ns = -5;
    p.span_end_ns = INT64_C(9000000000000);
    p.setMetadata(kModelNameKey, "gpt4");
    p.setMetadata(kTorchVersionKey, "2.11.0+cu130");
    p.devices.push_back({0, p.intern("NVIDIA H100 80GB HBM3"), {{"smCount", "132"}, {"clockRate", "1980000000"}}});
    p.devices.push_back({1, p.intern("second GPU"), {}});
    p.threads.push_back({1234, 1240, p.intern("python3")});
    p.threads.push_back({1234, 1250, kNoString});
    Kernel k;
    k.start_ns = INT64_C(7479828531);
    k.end_ns = INT64_C(7479831475);
    k.name = p.intern("void cutlass::Kernel2<cutlass_80_simt_sgemm_256x128_8x4_nn_align1>(T1::Params)");
    k.short_name = p.intern("Kernel2");
    k.label = p.intern("k_00329");
    k.correlation_id = 4000000000u;
    k.external_id = 17;
    k.stream = 7;
    k.device = 1;
    k.grid = {128, 2, 1};
    k.block = {128, 1, 1};
    k.registers_per_thread = 255;
    k.static_shared_bytes = 49152;
    k.dynamic_shared_bytes = 232448;
    k.launch_thread = 0;
    k.op = 0;
    k.module = 0;
    k.range = 0;
    k.method = AttributionMethod::Nvtx;
    k.confidence = Confidence::High;
    p.kernels.push_back(k);
    k.start_ns += 10000;
    k.end_ns += 10000;
    k.op = kNoIndex;
    k.flags = kKernelOutsideCapture;
    k.unattributed_reason = p.intern("launched before the capture range");
    p.kernels.push_back(k);
    Operator op;
    op.start_ns = 1;
    op.end_ns = 2;
    op.name = p.intern("aten::addmm");
    op.shapes = p.intern("[[2304], [2048, 768], [768, 2304], [], []]");
    op.call_index = 3;
    op.thread = 0;
    op.module = 0;
    op.sequence_nr = 123456789012;
    op.depth = 4;
    op.flags = kOperatorFused | kOperatorBackward;
    p.operators.push_back(op);
    p.modules.push_back({0, 10, p.intern("blocks.0.attn"), p.intern("Attention"), kNoIndex, 0, 0});
    p.ranges.push_back({0, 10, p.intern("blocks.0.attn[Attention]"), p.intern("default"), 0, 2, RangeKind::PushPop});
    p.ranges.push_back({0, 10, p.intern("CAPTURE"), kNoString, kNoIndex, 0, RangeKind::StartEnd});
    p.memory_ops.push_back({5, 6, UINT64_C(1) << 40, 9, 7, 0, MemoryOpKind::Memcpy, 1, 0, 2});
    p.memory_ops.push_back({7, 8, 4096, 10, 7, 0, MemoryOpKind::Memset, 0, 0, 2});
    p.api_calls.push_back({3, 4, p.intern("cudaLaunchKernel"), 0, 4000000000u, ApiKind::Runtime});
    p.api_calls.push_back({5, 6, p.intern("cuLaunchKernel"), 1, 77, ApiKind::Driver});
    p.syncs.push_back({10, 20, 5, 7, 0, 0, SyncKind::Context});
    p.memory_samples.push_back({15, -4096, 1 << 20, 0, 0});
    p.memory_samples.push_back({16, 512, 1 << 20, -1, kNoIndex});
    p.operators.push_back(op);
    p.operator_links.push_back({0, 1, OperatorLinkKind::ForwardBackward});
    const Index bytes = p.metricId("dram__bytes.sum", "byte");
    const Index pct = p.metricId("sm__throughput.avg.pct_of_peak_sustained_elapsed", "%");
    const Index text = p.metricId("launch__func_cache_config", "");
    p.kernel_counters.push_back({0, bytes, 7474249728.0, kNoString, kValueIntegral});
    p.kernel_counters.push_back({0, pct, 0.1 + 0.2, kNoString, 0}); // a double that needs all 17 digits
    p.kernel_counters.push_back({0, text, 0, p.intern("CachePreferNone"), kValueText});
    p.kernel_counters.push_back({1, pct, 1e-300, kNoString, 0});
    p.operator_counters.push_back({0, bytes, 0, kNoString, kValueNull});
    p.fused_with.push_back({0, p.intern("aten::relu")});
    p.warnings = {"first warning", "ünïcode warning ✓"};
    return p;
}

void writeBytes(const std::string &path, const std::string &bytes)
{
    std::ofstream(path, std::ios::binary) << bytes;
}

QString errorOf(const std::string &path)
{
    try {
        loadProfile(path);
    } catch (const FileError &e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

} // namespace

class TestProfileStore : public QObject {
    Q_OBJECT
private slots:
    void roundTripsEveryTableExactly()
    {
        QTemporaryDir dir;
        const Profile original = everyTableProfile();
        const std::string path = tempPath(dir, "every.opscope");
        saveProfile(original, path);
        const Profile loaded = loadProfile(path);
        QCOMPARE(loaded.kernels.size(), original.kernels.size());
        QCOMPARE(loaded.kernel_counters[1].value, 0.1 + 0.2);
        QCOMPARE(loaded.memory_ops[0].bytes, UINT64_C(1) << 40);
        QCOMPARE(loaded.devices[0].properties.size(), size_t(2));
        QCOMPARE(loaded.warnings[1], std::string("ünïcode warning ✓"));
        QVERIFY(loaded.strings == original.strings);
        QVERIFY(loaded.metadata == original.metadata);
        QVERIFY(loaded.devices == original.devices);
        QVERIFY(loaded.threads == original.threads);
        QVERIFY(loaded.kernels == original.kernels);
        QVERIFY(loaded.operators == original.operators);
        QVERIFY(loaded.modules == original.modules);
        QVERIFY(loaded.ranges == original.ranges);
        QVERIFY(loaded.memory_ops == original.memory_ops);
        QVERIFY(loaded.api_calls == original.api_calls);
        QVERIFY(loaded.syncs == original.syncs);
        QVERIFY(loaded.memory_samples == original.memory_samples);
        QVERIFY(loaded.operator_links == original.operator_links);
        QVERIFY(loaded.metrics == original.metrics);
        QVERIFY(loaded.kernel_counters == original.kernel_counters);
        QVERIFY(loaded.operator_counters == original.operator_counters);
        QVERIFY(loaded.fused_with == original.fused_with);
        QVERIFY(loaded.warnings == original.warnings);
        QCOMPARE(loaded.span_end_ns, original.span_end_ns);
        QCOMPARE(loaded.source_format, original.source_format);
        QVERIFY(loaded == original);
        QVERIFY(looksLikeOpScopeFile(path));
    }

    void roundTripsARealProfile()
    {
        QTemporaryDir dir;
        const Profile original =
            importOperatorProfilerJson(fixture("public/operator_profiler/conv_block/profile.json"));
        const std::string path = tempPath(dir, "conv_block.opscope");
        saveProfile(original, path);
        const Profile loaded = loadProfile(path);
        QCOMPARE(loaded.kernels.size(), size_t(38));
        QCOMPARE(loaded.kernel_counters.size(), size_t(528));
        QVERIFY(loaded == original);
        // Saving again over the same file replaces it whole.
        saveProfile(loaded, path);
        QVERIFY(loadProfile(path) == original);
    }

    void keepsTheRangeOfEveryModuleCall()
    {
        // The bf16 GPT under nsys: every module call is read from its NVTX range. Saved and loaded,
        // each keeps its range; a file written before the column existed finds them again by time,
        // thread and label.
        QTemporaryDir dir;
        const Profile original = importCapture({fixture("h100/gpt4_bf16_infer/nsys.sqlite")});
        QVERIFY(!original.modules.empty());
        for (const ModuleInstance &m : original.modules)
            QVERIFY(m.range != kNoIndex);
        const std::string path = tempPath(dir, "gpt4.opscope");
        saveProfile(original, path);
        QVERIFY(loadProfile(path) == original);

        {
            sql::Database db(path, false);
            db.exec("ALTER TABLE modules DROP COLUMN range");
            QVERIFY(!db.hasColumn("modules", "range"));
        }
        const Profile older = loadProfile(path);
        QCOMPARE(older.modules.size(), original.modules.size());
        for (size_t m = 0; m < older.modules.size(); ++m)
            QCOMPARE(older.modules[m].range, original.modules[m].range);
        QVERIFY(older == original);
    }

    void refusesAModuleRangeThatIsNotThere()
    {
        QTemporaryDir dir;
        Profile p = everyTableProfile();
        p.modules[0].range = Index(p.ranges.size());
        const std::string path = tempPath(dir, "broken.opscope");
        saveProfile(p, path);
        try {
            loadProfile(path);
            QFAIL("a module call's range out of range was accepted");
        } catch (const FileError &e) {
            QVERIFY2(std::string(e.what()).find("range") != std::string::npos, e.what());
        }
    }

    void opensReadOnly()
    {
        QTemporaryDir dir;
        const std::string path = tempPath(dir, "ro.opscope");
        saveProfile(everyTableProfile(), path);
        QFile::setPermissions(QString::fromStdString(path), QFileDevice::ReadOwner);
        QVERIFY(loadProfile(path) == everyTableProfile());
    }

    void refusesFilesThatAreNotOurs_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("expected");
        QTest::newRow("missing") << "missing"
                                 << "no such file";
        QTest::newRow("empty") << "empty"
                               << "not an OpScope profile";
        QTest::newRow("random bytes") << "random"
                                      << "not an OpScope profile";
        QTest::newRow("json") << "json"
                              << "not an OpScope profile";
        QTest::newRow("foreign sqlite") << "foreign"
                                        << "an SQLite database of another program";
        QTest::newRow("nsys sqlite") << "nsys"
                                     << "an SQLite database of another program";
        QTest::newRow("newer") << "newer"
                               << "written by a newer OpScope (file format 99";
        QTest::newRow("truncated") << "truncated"
                                   << "damaged";
    }

    void refusesFilesThatAreNotOurs()
    {
        QFETCH(QString, kind);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        std::string path = tempPath(dir, "bad.opscope");
        if (kind == "empty") {
            writeBytes(path, "");
        } else if (kind == "random") {
            std::mt19937 rng(42);
            std::string bytes(4096, '\0');
            for (char &c : bytes)
                c = char(rng());
            writeBytes(path, bytes);
        } else if (kind == "json") {
            writeBytes(path, "{\"schema_version\": \"1.0\"}");
        } else if (kind == "foreign") {
            sqlite3 *db = nullptr;
            sqlite3_open(path.c_str(), &db);
            sqlite3_exec(db, "CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('hello');", nullptr, nullptr,
                         nullptr);
            sqlite3_close(db);
        } else if (kind == "nsys") {
            path = fixture("public/nsys/nsys-ai__mock.sqlite");
        } else if (kind == "newer") {
            saveProfile(everyTableProfile(), path);
            sqlite3 *db = nullptr;
            sqlite3_open(path.c_str(), &db);
            sqlite3_exec(db, "PRAGMA user_version = 99", nullptr, nullptr, nullptr);
            sqlite3_close(db);
        } else if (kind == "truncated") {
            const std::string good = tempPath(dir, "good.opscope");
            saveProfile(importOperatorProfilerJson(fixture("public/operator_profiler/conv_block/profile.json")), good);
            std::ifstream in(good, std::ios::binary);
            std::string bytes((std::istreambuf_iterator<char>(in)), {});
            writeBytes(path, bytes.substr(0, bytes.size() / 2));
        }
        const QString error = errorOf(path);
        QVERIFY2(error.contains(expected), qPrintable(error));
        QVERIFY2(error.contains(QString::fromStdString(path)), qPrintable(error)); // names the file
    }

    void failedSaveKeepsThePreviousFile()
    {
        QTemporaryDir dir;
        const std::string path = tempPath(dir, "keep.opscope");
        const Profile original = everyTableProfile();
        saveProfile(original, path);
        // A folder that does not exist: the save fails with a clear message.
        try {
            saveProfile(original, tempPath(dir, "no/such/folder/x.opscope"));
            QFAIL("saving into a missing folder succeeded");
        } catch (const FileError &e) {
            QVERIFY2(QString(e.what()).contains("folder does not exist"), e.what());
        }
        // A save that fails must leave the previous file as it was. Made to fail for real, whoever runs
        // the test: as root (CI), whom permissions do not stop, the folder is a 1 MiB tmpfs in a mount
        // namespace of a forked writer's own (unshare -m) and the new profile does not fit: the write
        // fails half way, where a save in place would have destroyed the old file; as anyone else, the
        // folder is mode 0500. The save fails with the reason, and the old file is byte for byte the same.
        const std::string outcome = ::geteuid() == 0 ? saveWhereTheDiskIsFull(dir.path().toStdString(), path, original)
                                                     : saveInReadOnlyFolder(dir.path().toStdString(), path, original);
        QVERIFY2(outcome.rfind("kept: cannot save: ", 0) == 0, outcome.c_str());
        QVERIFY2(outcome.find(::geteuid() == 0 ? "full" : "not writable (Permission denied)") != std::string::npos,
                 outcome.c_str());
    }

private:
    static std::string readBytes(const std::string &path)
    {
        std::ifstream in(path, std::ios::binary);
        return std::string(std::istreambuf_iterator<char>(in), {});
    }

    // `original` with 50,000 more kernels: about 7 MB saved.
    static Profile biggerProfile(const Profile &original)
    {
        Profile p = original;
        for (int i = 0; i < 50000; ++i) {
            Kernel k = original.kernels.front();
            k.name = p.intern("kernel_" + std::to_string(i));
            p.kernels.push_back(k);
        }
        return p;
    }

    // Saves a bigger profile over `path` (which holds `original`) after `fail` made the save impossible,
    // then checks the file: "kept: <problem>" when the save failed and the file is still `original` byte
    // for byte with no temporary beside it, else what happened instead.
    static std::string saveOverAndCheck(const std::string &folder, const std::string &path, const Profile &original)
    {
        const std::string before = readBytes(path);
        std::string outcome;
        try {
            saveProfile(biggerProfile(original), path);
            return "saved";
        } catch (const FileError &e) {
            outcome = e.problem();
        }
        if (readBytes(path) != before)
            return "the previous file changed (" + outcome + ")";
        if (!(loadProfile(path) == original))
            return "the previous file does not load as it was (" + outcome + ")";
        if (const QStringList left = QDir(QString::fromStdString(folder)).entryList(QDir::Files | QDir::Hidden);
            left != QStringList{QString::fromStdString(fs::path(path).filename().string())})
            return "left behind: " + left.join(' ').toStdString() + " (" + outcome + ")";
        return "kept: " + outcome;
    }

    // As root: in a forked child with a mount namespace of its own, `folder` becomes a 1 MiB tmpfs holding
    // `original`, and the bigger profile is saved over it.
    static std::string saveWhereTheDiskIsFull(const std::string &folder, const std::string &path,
                                              const Profile &original)
    {
        return test::outcomeInChild([&] {
            if (::unshare(CLONE_NEWNS) != 0 || ::mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0 ||
                ::mount("tmpfs", folder.c_str(), "tmpfs", 0, "size=1m") != 0)
                return std::string("cannot mount a tmpfs in a mount namespace: ") + std::strerror(errno);
            saveProfile(original, path);
            return saveOverAndCheck(folder, path, original);
        });
    }

    // As another user: `folder` mode 0500 (its file stays writable, 0644).
    static std::string saveInReadOnlyFolder(const std::string &folder, const std::string &path, const Profile &original)
    {
        ::chmod(folder.c_str(), 0500);
        const std::string outcome = saveOverAndCheck(folder, path, original);
        ::chmod(folder.c_str(), 0700);
        return outcome;
    }
};

} // namespace tst_profile_store_suite

OPSCOPE_TEST_SUITE(tst_profile_store, tst_profile_store_suite::TestProfileStore, Appless)
#include "tst_profile_store.moc"
