// The direct b-tree reader of Nsight Systems exports (core/src/import/common/sqlite_btree.*,
// import/nsys/nsys_direct.cpp) against the SQLite path it stands in for: the same profile, event for event, on
// every nsys fixture and on files where it must hand rows back to SQLite; a clear error naming the file on
// damaged pages.
// Page layouts follow https://www.sqlite.org/fileformat2.html; the tests find the pages they damage on
// their own (root pages from sqlite_master, cells from the page headers), not through the reader.
#include "nsys_replicate.h"
#include "test_suite.h"
#include "test_util.h"

#include "import/nsys/nsys_sqlite_internal.h"
#include "opscope/errors.h"
#include "opscope/importer.h"

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

namespace tst_nsys_direct_suite {

using namespace opscope;
using importers::nsys::ReaderStats;

namespace {

const char *const kBf16 = "h100/gpt4_bf16_infer/nsys.sqlite";
// The event tables the bf16 capture has (python3 sqlite3: sqlite_master names among the importer's seven):
// KERNEL, MEMCPY, MEMSET, SYNCHRONIZATION, RUNTIME and NVTX_EVENTS.
constexpr size_t kBf16EventTables = 6;

Profile importWith(const std::string &path, bool direct, ReaderStats *stats = nullptr)
{
    return importers::nsys::importSqlite(path, Progress(), direct, stats);
}

// The first differing element of two event vectors, for a readable failure; empty when equal.
template <class T> std::string firstDifference(const char *what, const std::vector<T> &a, const std::vector<T> &b)
{
    if (a.size() != b.size())
        return std::string(what) + ": " + std::to_string(a.size()) + " vs " + std::to_string(b.size());
    for (size_t i = 0; i < a.size(); ++i)
        if (!(a[i] == b[i]))
            return std::string(what) + " differ at " + std::to_string(i);
    return {};
}

std::string difference(const Profile &direct, const Profile &sqlite)
{
    for (const std::string &d : {firstDifference("kernels", direct.kernels, sqlite.kernels),
                                 firstDifference("API calls", direct.api_calls, sqlite.api_calls),
                                 firstDifference("ranges", direct.ranges, sqlite.ranges),
                                 firstDifference("memory ops", direct.memory_ops, sqlite.memory_ops),
                                 firstDifference("syncs", direct.syncs, sqlite.syncs),
                                 firstDifference("threads", direct.threads, sqlite.threads),
                                 firstDifference("devices", direct.devices, sqlite.devices),
                                 firstDifference("warnings", direct.warnings, sqlite.warnings)})
        if (!d.empty())
            return d;
    if (!(direct.strings == sqlite.strings))
        return "string tables differ";
    if (!(direct == sqlite))
        return "profiles differ (span, metadata or another member)";
    return {};
}

std::string fileErrorOf(const std::string &path, bool direct)
{
    try {
        importWith(path, direct);
    } catch (const FileError &e) {
        if (e.path() != path)
            return "FileError names " + e.path() + " instead of " + path;
        return e.problem();
    } catch (const std::exception &e) {
        return std::string("not a FileError: ") + e.what();
    }
    return "no error";
}

// ---- Raw pages --------------------------------------------------------------------------------------

uint32_t be16(const std::string &b, size_t at)
{
    return uint32_t(uint8_t(b[at])) << 8 | uint8_t(b[at + 1]);
}
uint32_t be32(const std::string &b, size_t at)
{
    return be16(b, at) << 16 | be16(b, at + 2);
}
void putBe16(std::string &b, size_t at, uint32_t v)
{
    b[at] = char(v >> 8);
    b[at + 1] = char(v);
}
void putBe32(std::string &b, size_t at, uint32_t v)
{
    putBe16(b, at, v >> 16);
    putBe16(b, at + 2, v & 0xffff);
}

std::string readAll(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}
bool writeAll(const std::string &path, const std::string &bytes)
{
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << bytes;
    return bool(out);
}

// Offset of page n's b-tree header in the file.
size_t pageHeader(uint32_t pageSize, uint32_t n)
{
    return size_t(n - 1) * pageSize + (n == 1 ? 100 : 0);
}

} // namespace

class TestNsysDirect : public QObject {
    Q_OBJECT

private slots:
    void sameProfileOnFixtures_data();
    void sameProfileOnFixtures();
    void sameProfileOnManyChunks();
    void handsBackToSqlite_data();
    void handsBackToSqlite();
    void damagedPages_data();
    void damagedPages();
    void truncatedFile();
};

void TestNsysDirect::sameProfileOnFixtures_data()
{
    QTest::addColumn<QString>("fixture");
    // python3 sqlite3: how many of the importer's seven tables each file has with rows (an empty table is
    // read by no chunk, on either path).
    QTest::addColumn<int>("eventTables");
    QTest::newRow("gpt4_bf16_infer (2025.3)") << kBf16 << 6;
    QTest::newRow("gpt4_fp32_infer (2025.3)") << "h100/gpt4_fp32_infer/nsys.sqlite" << 5; // no MEMSET
    QTest::newRow("mlp_bf16_infer (2025.3)") << "h100/mlp_bf16_infer/nsys.sqlite" << 5;   // no MEMSET
    QTest::newRow("nsys-ai mock (2026.1)") << "public/nsys/nsys-ai__mock.sqlite" << 4;    // no MEMSET, NVTX
    QTest::newRow("extrap profile1 (2022.1)") << "public/nsys/extrap__profile1.sqlite" << 6;
    // MEMSET and SYNCHRONIZATION are there but empty.
    QTest::newRow("pipit saxpy (2022.2)") << "public/nsys/pipit__saxpy-mpi-cuda_nsys_perlmutter0.sqlite" << 4;
}

void TestNsysDirect::sameProfileOnFixtures()
{
    QFETCH(QString, fixture);
    QFETCH(int, eventTables);
    const std::string path = test::fixture(fixture.toStdString());
    ReaderStats stats;
    const Profile direct = importWith(path, true, &stats);
    const Profile sqlite = importWith(path, false);
    std::string refused;
    for (const auto &[table, why] : stats.sqliteTables)
        refused += table + " (" + why + ") ";
    QVERIFY2(stats.sqliteTables.empty(), refused.c_str());
    // Each table is small enough for one chunk.
    QCOMPARE(stats.directChunks, uint64_t(eventTables));
    QCOMPARE(stats.fallbackChunks, uint64_t(0));
    QVERIFY(!direct.kernels.empty());
    const std::string d = difference(direct, sqlite);
    QVERIFY2(d.empty(), d.c_str());
    // And the public entry point takes the direct path.
    QVERIFY(importFile(path) == direct);
}

void TestNsysDirect::sameProfileOnManyChunks()
{
    // 300 copies of the bf16 capture: 57,600 kernels, 791,700 runtime rows, 156,300 NVTX rows (192, 2,639
    // and 521 per copy, python3 sqlite3 count(*) on the fixture), so tables span many leaf runs and the
    // import runs on several workers.
    QTemporaryDir dir;
    const std::string path = test::tempPath(dir, "copies.sqlite");
    const test::Replication rep = test::replicateNsysExport(test::fixture(kBf16), path, 300);
    QVERIFY2(rep.error.empty(), rep.error.c_str());
    ReaderStats stats;
    const Profile direct = importWith(path, true, &stats);
    const Profile sqlite = importWith(path, false);
    QVERIFY(stats.sqliteTables.empty());
    QCOMPARE(stats.fallbackChunks, uint64_t(0));
    QVERIFY2(stats.directChunks > 10, std::to_string(stats.directChunks).c_str());
    QCOMPARE(direct.kernels.size(), size_t(57600));
    const std::string d = difference(direct, sqlite);
    QVERIFY2(d.empty(), d.c_str());
}

void TestNsysDirect::handsBackToSqlite_data()
{
    QTest::addColumn<QString>("sql");        // run on a copy of the bf16 capture
    QTest::addColumn<int>("refusedTables");  // tables read through SQLite from the start
    QTest::addColumn<int>("fallbackChunks"); // chunks the direct reader handed back
    QTest::addColumn<QString>("why");        // a part of the reason given for a refused table

    QTest::newRow("WAL mode") << "PRAGMA journal_mode=WAL" << int(kBf16EventTables) << 0 << "rollback-journal";
    // 5,000 characters cannot stay on a 4 KiB page: the row continues on an overflow page.
    QTest::newRow("NVTX text on overflow pages")
        << "UPDATE NVTX_EVENTS SET text = printf('%.*c', 5000, 'x') WHERE rowid = 10" << 0 << 1 << "";
    // SQLite turns a REAL into an integer by its own rules; the direct reader leaves that to it.
    QTest::newRow("REAL in an integer column")
        << "UPDATE NVTX_EVENTS SET domainId = 2.5 WHERE rowid = 3" << 0 << 1 << "";
    QTest::newRow("TEXT in an integer column")
        << "UPDATE CUPTI_ACTIVITY_KIND_RUNTIME SET correlationId = 'seven' WHERE rowid = 20" << 0 << 1 << "";
    // A TEXT time is a skipped row on both paths (a type check, no conversion): no hand-back needed.
    QTest::newRow("TEXT start of a kernel")
        << "UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET start = 'n/a' WHERE rowid = 2" << 0 << 0 << "";
    // Rows written before ADD COLUMN lack the field: NULL, read directly; with a DEFAULT they read the
    // default, which the direct reader does not know.
    QTest::newRow("column added without default")
        << "ALTER TABLE CUPTI_ACTIVITY_KIND_RUNTIME RENAME COLUMN correlationId TO oldCorrelation; ALTER TABLE "
           "CUPTI_ACTIVITY_KIND_RUNTIME ADD COLUMN correlationId INTEGER"
        << 0 << 0 << "";
    QTest::newRow("column added with a default")
        << "ALTER TABLE CUPTI_ACTIVITY_KIND_RUNTIME RENAME COLUMN correlationId TO oldCorrelation; ALTER TABLE "
           "CUPTI_ACTIVITY_KIND_RUNTIME ADD COLUMN correlationId INTEGER DEFAULT 5"
        << 1 << 0 << "default value";
    // An INTEGER PRIMARY KEY is the rowid, stored as NULL in the record.
    QTest::newRow("selected column is the rowid")
        << "ALTER TABLE CUPTI_ACTIVITY_KIND_KERNEL RENAME TO k_old; "
           "CREATE TABLE CUPTI_ACTIVITY_KIND_KERNEL (start INTEGER NOT NULL, end INTEGER NOT NULL, deviceId INTEGER, "
           "streamId INTEGER, correlationId INTEGER PRIMARY KEY, globalPid INTEGER, demangledName INTEGER NOT NULL, "
           "shortName INTEGER); INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL SELECT start, end, deviceId, streamId, "
           "correlationId, globalPid, demangledName, shortName FROM k_old; DROP TABLE k_old"
        << 0 << 0 << "";
    // Rowids below zero take 9-byte varints; the run of leaves starts below any lower bound.
    QTest::newRow("negative rowid") << "UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET rowid = -5 WHERE rowid = 1" << 0 << 0
                                    << "";
    QTest::newRow("generated column") << "ALTER TABLE NVTX_EVENTS ADD COLUMN twice INTEGER AS (2 * start)" << 1 << 0
                                      << "generated";
}

void TestNsysDirect::handsBackToSqlite()
{
    QFETCH(QString, sql);
    QFETCH(int, refusedTables);
    QFETCH(int, fallbackChunks);
    QFETCH(QString, why);
    QTemporaryDir dir;
    const std::string path = test::tempPath(dir, "changed.sqlite");
    QVERIFY(test::copyWritable(test::fixture(kBf16), path));
    {
        test::ScratchDb db(path);
        QVERIFY2(db.exec(sql.toStdString()), db.error().c_str());
    }
    if (why == QLatin1String("generated")) {
        // A computed column is refused by both readers, with the reason (docs/reliability.md: SQLite would
        // evaluate it on every read; neither Nsight Systems nor OpScope writes one).
        for (const bool directReader : {true, false}) {
            try {
                importWith(path, directReader);
                QFAIL("a file with a computed column was read");
            } catch (const FileError &e) {
                QVERIFY2(std::string(e.what()).find("computed column") != std::string::npos, e.what());
            }
        }
        return;
    }
    ReaderStats stats;
    const Profile direct = importWith(path, true, &stats);
    const Profile sqlite = importWith(path, false);
    QCOMPARE(int(stats.sqliteTables.size()), refusedTables);
    for (const auto &[table, reason] : stats.sqliteTables)
        QVERIFY2(reason.find(why.toStdString()) != std::string::npos, reason.c_str());
    QCOMPARE(int(stats.fallbackChunks), fallbackChunks);
    QCOMPARE(stats.directChunks, uint64_t(kBf16EventTables - refusedTables - fallbackChunks));
    const std::string d = difference(direct, sqlite);
    QVERIFY2(d.empty(), d.c_str());
    // 192 kernels (python3 sqlite3 count(*)), less the one whose start is 'n/a'.
    QCOMPARE(direct.kernels.size(), size_t(sql.contains("SET start = 'n/a'") ? 191 : 192));
}

void TestNsysDirect::damagedPages_data()
{
    QTest::addColumn<QString>("damage");
    QTest::addColumn<QString>("problem"); // a part of FileError::problem()
    QTest::newRow("interior pointer past the end of the file") << "pointer past end"
                                                               << "is past the end of the file";
    QTest::newRow("leaf cell offset past the page") << "cell past page"
                                                    << "a cell lies outside its page";
    QTest::newRow("interior page pointing to itself") << "cycle"
                                                      << "reached twice";
    QTest::newRow("interior page keys out of order") << "keys"
                                                     << "out of order";
}

void TestNsysDirect::damagedPages()
{
    QFETCH(QString, damage);
    QFETCH(QString, problem);
    // 20 copies of the bf16 capture: 52,780 runtime rows (a root with interior children) and 3,840 kernels
    // (a root whose children are leaves).
    QTemporaryDir dir;
    const std::string path = test::tempPath(dir, "damaged.sqlite");
    const test::Replication rep = test::replicateNsysExport(test::fixture(kBf16), path, 20);
    QVERIFY2(rep.error.empty(), rep.error.c_str());
    int64_t runtimeRoot = 0, kernelRoot = 0;
    {
        test::ScratchDb db(path);
        runtimeRoot = db.queryInt("SELECT rootpage FROM sqlite_master WHERE name = 'CUPTI_ACTIVITY_KIND_RUNTIME'");
        kernelRoot = db.queryInt("SELECT rootpage FROM sqlite_master WHERE name = 'CUPTI_ACTIVITY_KIND_KERNEL'");
    }
    std::string bytes = readAll(path);
    const uint32_t pageSize = be16(bytes, 16) == 1 ? 65536 : be16(bytes, 16);
    const uint32_t pages = uint32_t(bytes.size() / pageSize);
    const size_t root = pageHeader(pageSize, uint32_t(runtimeRoot));
    QCOMPARE(int(uint8_t(bytes[root])), 0x05); // an interior table page
    const size_t firstCell = size_t(runtimeRoot - 1) * pageSize + be16(bytes, root + 12);
    if (damage == "pointer past end") {
        putBe32(bytes, root + 8, pages + 1000); // the right-most child
    } else if (damage == "cycle") {
        putBe32(bytes, firstCell, uint32_t(runtimeRoot)); // the first child is the root itself
    } else {
        const size_t kernelHeader = pageHeader(pageSize, uint32_t(kernelRoot));
        QCOMPARE(int(uint8_t(bytes[kernelHeader])), 0x05);
        QVERIFY(be16(bytes, kernelHeader + 3) >= 2); // cells
        if (damage == "keys") {
            // The second cell's key (a varint after the 4-byte child) made 1, below the first cell's key.
            const size_t secondCell = size_t(kernelRoot - 1) * pageSize + be16(bytes, kernelHeader + 14);
            bytes[secondCell + 4] = 0x01;
        } else {
            const uint32_t leaf = be32(bytes, size_t(kernelRoot - 1) * pageSize + be16(bytes, kernelHeader + 12));
            const size_t leafHeader = pageHeader(pageSize, leaf);
            QCOMPARE(int(uint8_t(bytes[leafHeader])), 0x0D); // a leaf table page
            putBe16(bytes, leafHeader + 8, pageSize + 100);  // the first cell pointer
        }
    }
    QVERIFY(writeAll(path, bytes));
    const std::string got = fileErrorOf(path, true);
    QVERIFY2(got.find("damaged SQLite database") != std::string::npos, got.c_str());
    QVERIFY2(got.find(problem.toStdString()) != std::string::npos, got.c_str());
    // Through importFile too (the CLI's and the GUI's way in).
    try {
        importFile(path);
        QFAIL("no error");
    } catch (const FileError &e) {
        QCOMPARE(e.path(), path);
    }
}

void TestNsysDirect::truncatedFile()
{
    // The first 60% of a real export: the header promises pages the file lacks, so the direct reader
    // refuses it and SQLite reports the damage, with the same words on both paths.
    QTemporaryDir dir;
    const std::string path = test::tempPath(dir, "truncated.sqlite");
    const std::string bytes = readAll(test::fixture(kBf16));
    QVERIFY(writeAll(path, bytes.substr(0, bytes.size() * 6 / 10)));
    const std::string direct = fileErrorOf(path, true);
    QVERIFY2(direct.find("damaged") != std::string::npos, direct.c_str());
    QCOMPARE(direct, fileErrorOf(path, false));
}

} // namespace tst_nsys_direct_suite

OPSCOPE_TEST_SUITE(tst_nsys_direct, tst_nsys_direct_suite::TestNsysDirect, Appless)
#include "tst_nsys_direct.moc"
