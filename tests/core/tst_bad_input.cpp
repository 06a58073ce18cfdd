// Untrusted input: every case of the bad-input corpus (tests/badinput/MANIFEST) gives the answer the
// manifest names, through the core (importFile: a clear FileError or a profile whose warnings say what was
// skipped) and through the CLI (the command's exit status and message), with nothing written beside the
// input and no temporary copy left behind; every crash input the fuzz targets found (tests/regression/<format>/)
// now loads or is refused cleanly; strings of many megabytes load; SQLite reads stop at their budget and
// at Cancel. Each case runs within a time bound, and every loaded profile keeps its references
// consistent through attribution (the fuzz harness's own check).
#include "capture_test_util.h"
#include "fuzz/fuzz_common.h"
#include "opscope/errors.h"
#include "opscope/importer.h"
#include "opscope/operator_profiler_json.h"
#include "store/sqlite_util.h"
#include "test_suite.h"
#include "test_util.h"

#include <sqlite3.h>
#include <zlib.h>

#include <QDir>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>
#include <unistd.h>

namespace tst_bad_input_suite {

using namespace opscope;
using opscope::test::sourceFile;

namespace {

// Seconds one case may take. Generous for the sanitizer build on a loaded machine; the slowest case
// takes well under a second in a normal build.
constexpr int kCaseSeconds = 60;

// Turns a hang into a failure with the case's name: a worker that overruns is reported and the test
// process ends, instead of waiting for CTest's timeout.
class Watchdog {
public:
    explicit Watchdog(std::string name) : name_(std::move(name)), thread_([this] { watch(); }) {}
    ~Watchdog()
    {
        {
            std::lock_guard lock(mutex_);
            done_ = true;
        }
        wake_.notify_one();
        thread_.join();
    }

private:
    void watch()
    {
        std::unique_lock lock(mutex_);
        if (!wake_.wait_for(lock, std::chrono::seconds(3 * kCaseSeconds), [this] { return done_; })) {
            std::fprintf(stderr, "FAIL: %s still running after %d s: a hang\n", name_.c_str(), 3 * kCaseSeconds);
            std::fflush(stderr);
            ::_exit(1);
        }
    }

    std::string name_;
    std::mutex mutex_;
    std::condition_variable wake_;
    bool done_ = false;
    std::thread thread_;
};

std::string readFile(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

namespace fs = std::filesystem;

struct ManifestCase {
    std::string file;    // a file or a folder of tests/badinput
    std::string command; // summary, import, replay or sweep-report
    std::string outcome; // error, warning or ok
    std::string text;    // in the error's problem or in one warning
    long kernels = -1;   // kernels the loaded profile holds; -1: not checked
    int exitCode = 0;    // the CLI's
};

std::string trim(std::string s)
{
    const auto first = s.find_first_not_of(" \t");
    const auto last = s.find_last_not_of(" \t\r");
    return first == std::string::npos ? std::string() : s.substr(first, last - first + 1);
}

// MANIFEST lines: file | command | outcome | expected text | kernels | exit | what the case is. '#' starts
// a comment.
std::vector<ManifestCase> readManifest(const std::string &path)
{
    std::vector<ManifestCase> cases;
    std::istringstream lines(readFile(path));
    std::string line;
    while (std::getline(lines, line)) {
        if (trim(line).empty() || trim(line)[0] == '#')
            continue;
        std::vector<std::string> fields;
        std::istringstream parts(line);
        std::string field;
        while (std::getline(parts, field, '|'))
            fields.push_back(trim(field));
        if (fields.size() < 7)
            qFatal("MANIFEST: malformed line: %s", line.c_str());
        cases.push_back({fields[0], fields[1], fields[2], fields[3], fields[4] == "-" ? -1 : std::stol(fields[4]),
                         std::stoi(fields[5])});
    }
    return cases;
}

// The CLI run on a case: its exit status, stderr, and stdout written to a file (a summary holding a 16 MiB
// kernel name is longer than what runProcess keeps of a program's output).
struct CliAnswer {
    int exitCode = -1;
    std::string out, err;
};

CliAnswer runCli(const std::vector<std::string> &args, const std::map<std::string, std::string> &env,
                 const std::string &outFile)
{
    ProcessSpec spec;
    spec.argv = {opscope::test::opscopeBinary()};
    spec.argv.insert(spec.argv.end(), args.begin(), args.end());
    spec.setEnv = env;
    spec.mergeStderr = false;
    spec.stdoutPath = outFile;
    spec.timeout = std::chrono::milliseconds(kCaseSeconds * 1000);
    const ProcessResult r = runProcess(spec);
    return {r.exitCode, readFile(outFile), r.errorOutput};
}

std::string corpusPath(const std::string &name)
{
    return sourceFile("tests/badinput/" + name);
}

// A private copy of a case in `folder`: the file with its companions (opscope_wal.opscope-wal beside
// opscope_wal.opscope), or the folder with its symbolic links as they are.
std::string copyCase(const std::string &name, const std::string &folder)
{
    const fs::path from = corpusPath(name);
    const fs::path to = fs::path(folder) / name;
    fs::copy(from, to, fs::copy_options::recursive | fs::copy_options::copy_symlinks);
    if (!fs::is_directory(from))
        for (const auto &entry : fs::directory_iterator(from.parent_path()))
            if (entry.path().filename().string().rfind(name + "-", 0) == 0)
                fs::copy(entry.path(), fs::path(folder) / entry.path().filename());
    return to.string();
}

// Every path under `folder`, relative to it.
std::set<std::string> listing(const std::string &folder)
{
    std::set<std::string> names;
    for (const auto &entry : fs::recursive_directory_iterator(folder))
        names.insert(fs::relative(entry.path(), folder).string());
    return names;
}

// The fuzz target each regression folder belongs to: format id, file name the harness wrote, and
// whether the input may be an SQL script (see fuzz::writeDatabase).
struct RegressionFormat {
    const char *folder;
    const char *formatId;
    const char *fileName;
    bool database;
};
constexpr RegressionFormat kRegressionFormats[] = {
    {"nsys-sqlite", "nsys-sqlite", "input.sqlite", true},
    {"opscope", "opscope", "input.opscope", true},
    {"ncu-csv", "ncu-csv", "input.csv", false},
    {"nsys-stats-csv", "nsys-stats-csv", "input.csv", false},
    {"kineto-json", "kineto-json", "input.json", false},
    {"onnxruntime-json", "onnxruntime-json", "input.json", false},
    {"profile-json", "operator-profiler-json", "profile.json", false},
};

std::string gzip(const std::string &text)
{
    z_stream zs{};
    deflateInit2(&zs, 9, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
    std::string out(deflateBound(&zs, uLong(text.size())), '\0');
    zs.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(text.data()));
    zs.avail_in = uInt(text.size());
    zs.next_out = reinterpret_cast<Bytef *>(out.data());
    zs.avail_out = uInt(out.size());
    deflate(&zs, Z_FINISH);
    out.resize(zs.total_out);
    deflateEnd(&zs);
    return out;
}

} // namespace

class BadInput : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void manifest_data();
    void manifest();
    void cli_data();
    void cli();
    void manifestCoversEveryFile();
    void sqliteReadsStopAtTheirBudget();
    void sqliteReadsStopAtCancel();
    void regressionInputs_data();
    void regressionInputs();
    void hugeStrings_data();
    void hugeStrings();

private:
    QTemporaryDir tmp_;
    std::string tempRoot_; // TMPDIR of this process and of the CLI: left empty by every case
};

void BadInput::initTestCase()
{
    QVERIFY(tmp_.isValid());
    tempRoot_ = test::tempPath(tmp_, "tmp");
    fs::create_directories(tempRoot_);
    ::setenv("TMPDIR", tempRoot_.c_str(), 1);
}

void BadInput::manifest_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("outcome");
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("kernels");
    for (const ManifestCase &c : readManifest(corpusPath("MANIFEST")))
        if (c.command == "summary") // a file: what importFile answers
            QTest::newRow(c.file.c_str()) << QString::fromStdString(c.file) << QString::fromStdString(c.outcome)
                                          << QString::fromStdString(c.text) << int(c.kernels);
}

void BadInput::manifest()
{
    QFETCH(QString, file);
    QFETCH(QString, outcome);
    QFETCH(QString, text);
    QFETCH(int, kernels);
    QVERIFY2(outcome == "error" || outcome == "warning" || outcome == "ok", qPrintable("outcome " + outcome));
    QTemporaryDir folder(tmp_.filePath("case-XXXXXX")); // not under TMPDIR, which must stay empty
    const std::string path = copyCase(file.toStdString(), folder.path().toStdString());
    const std::set<std::string> before = listing(folder.path().toStdString());
    const std::string expected = text.toStdString();

    Watchdog watchdog(path);
    QElapsedTimer timer;
    timer.start();
    Profile p;
    bool failed = false;
    try {
        p = importFile(path);
    } catch (const FileError &e) {
        failed = true;
        QVERIFY2(outcome == "error", e.what());
        QCOMPARE(e.path(), path); // the message names the file
        QVERIFY2(e.problem().find(expected) != std::string::npos, e.what());
    }
    // Nothing beside the input (no -wal or -shm file), no temporary copy left behind.
    QCOMPARE(listing(folder.path().toStdString()), before);
    QCOMPARE(listing(tempRoot_), std::set<std::string>());
    QVERIFY(timer.elapsed() < kCaseSeconds * 1000);
    if (failed)
        return;
    QVERIFY2(outcome != "error", qPrintable("loaded, expected an error containing: " + text));
    if (outcome == "ok" && !p.warnings.empty()) // nothing may have been skipped or changed
        QFAIL(("loaded with a warning: " + p.warnings.front()).c_str());
    if (outcome == "warning") {
        bool found = false;
        for (const std::string &w : p.warnings)
            found = found || w.find(expected) != std::string::npos;
        std::string all;
        for (const std::string &w : p.warnings)
            all += "\n  " + w;
        QVERIFY2(found, qPrintable("no warning contains \"" + text + "\"; warnings:" + QString::fromStdString(all)));
    }
    if (kernels >= 0)
        QCOMPARE(p.kernels.size(), size_t(kernels));
    const std::string problem = fuzz::check(p);
    QVERIFY2(problem.empty(), problem.c_str());
}

void BadInput::cli_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("command");
    QTest::addColumn<QString>("outcome");
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("kernels");
    QTest::addColumn<int>("exitCode");
    for (const ManifestCase &c : readManifest(corpusPath("MANIFEST")))
        QTest::newRow((c.command + " " + c.file).c_str())
            << QString::fromStdString(c.file) << QString::fromStdString(c.command) << QString::fromStdString(c.outcome)
            << QString::fromStdString(c.text) << int(c.kernels) << c.exitCode;
}

void BadInput::cli()
{
    // What a user sees: the command's exit status (1 and a message naming the file; never 3, an internal
    // error, nor a crash), and for a loaded file, its kernels and warnings as `summary --json` prints them.
    QFETCH(QString, file);
    QFETCH(QString, command);
    QFETCH(QString, outcome);
    QFETCH(QString, text);
    QFETCH(int, kernels);
    QFETCH(int, exitCode);
    QTemporaryDir folder(tmp_.filePath("case-XXXXXX")), state(tmp_.filePath("state-XXXXXX"));
    const std::string path = copyCase(file.toStdString(), folder.path().toStdString());
    const std::set<std::string> before = listing(folder.path().toStdString());
    std::vector<std::string> args = {command.toStdString(), path};
    if (command == "summary")
        args.push_back("--json");
    // No run is trusted (run_trust.h): an empty list of workloads captured here.
    const std::map<std::string, std::string> env = {{"TMPDIR", tempRoot_},
                                                    {"OPSCOPE_STATE_DIR", state.path().toStdString()}};
    Watchdog watchdog(path);
    const std::string outFile = state.filePath("stdout").toStdString();
    const CliAnswer r = runCli(args, env, outFile);
    const std::string expected = text.toStdString();
    QVERIFY2(r.exitCode == exitCode, qPrintable(QString("exit %1, expected %2: ").arg(r.exitCode).arg(exitCode) +
                                                QString::fromStdString(r.err)));
    QCOMPARE(listing(tempRoot_), std::set<std::string>());
    if (outcome == "error") {
        QVERIFY2(r.err.find(expected) != std::string::npos, r.err.c_str());
        QVERIFY2(r.err.find(folder.path().toStdString()) != std::string::npos, r.err.c_str()); // names the file
        QVERIFY2(r.err.find("internal error") == std::string::npos, r.err.c_str());
        if (command == "summary")
            QCOMPARE(listing(folder.path().toStdString()), before);
        return;
    }
    std::string profile = path;
    if (command == "import") { // it says "wrote PROFILE" on stderr
        const size_t at = r.err.find("wrote ");
        QVERIFY2(at != std::string::npos, r.err.c_str());
        profile = trim(r.err.substr(at + 6, r.err.find('\n', at) - at - 6));
    } else {
        QCOMPARE(listing(folder.path().toStdString()), before);
    }
    const CliAnswer summary = command == "summary" ? r : runCli({"summary", profile, "--json"}, env, outFile);
    QCOMPARE(summary.exitCode, 0);
    const nlohmann::json json = nlohmann::json::parse(summary.out, nullptr, false);
    QVERIFY2(json.is_object(), summary.out.substr(0, 200).c_str());
    std::vector<std::string> warnings;
    for (const auto &w : json.value("warnings", nlohmann::json::array()))
        warnings.push_back(w.get<std::string>());
    if (outcome == "ok")
        QVERIFY2(warnings.empty(), warnings.empty() ? "" : warnings.front().c_str());
    else
        QVERIFY2(std::any_of(warnings.begin(), warnings.end(),
                             [&](const std::string &w) { return w.find(expected) != std::string::npos; }),
                 summary.out.substr(0, 2000).c_str());
    if (kernels >= 0)
        QCOMPARE(json.value("kernel_count", int64_t(-1)), int64_t(kernels));
}

void BadInput::manifestCoversEveryFile()
{
    // Every file and folder of the corpus has its expected answer written down (and every listed one
    // exists).
    std::set<std::string> listed;
    for (const ManifestCase &c : readManifest(corpusPath("MANIFEST")))
        listed.insert(c.file);
    const QDir dir(QString::fromStdString(corpusPath("")));
    std::set<std::string> present;
    for (const QString &name : dir.entryList(QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot))
        if (name != "MANIFEST" && !name.endsWith(".py"))
            present.insert(name.toStdString());
    QCOMPARE(listed, present);
}

// A query of a file from outside ends within its budget of SQLite steps (sqlite_util.h), here a query
// that never would: an endless recursive CTE over a database of 8 KB.
void BadInput::sqliteReadsStopAtTheirBudget()
{
    const std::string path = test::tempPath(tmp_, "small.sqlite");
    {
        sql::Database db(path, false);
        db.exec("CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1)");
    }
    sql::Database db(path, true);
    Watchdog watchdog(path);
    try {
        sql::Statement endless(db, "WITH RECURSIVE r(x) AS (SELECT 0 UNION ALL SELECT x + 1 FROM r) "
                                   "SELECT count(*) FROM r");
        endless.step();
        QFAIL("an endless query of an 8 KB file returned");
    } catch (const FileError &e) {
        QCOMPARE(e.path(), path);
        QVERIFY2(e.problem().find("steps of SQLite's engine") != std::string::npos, e.what());
    }
}

// Cancel stops a query at once, and as Cancelled: a 64 MiB file's budget is about 1.4 billion steps (seconds,
// ending in a FileError); the cancel comes 200 ms in.
void BadInput::sqliteReadsStopAtCancel()
{
    const std::string path = test::tempPath(tmp_, "big.sqlite");
    {
        sql::Database db(path, false);
        db.exec("CREATE TABLE t (x BLOB); INSERT INTO t VALUES (zeroblob(64 << 20))");
    }
    sql::Database db(path, true);
    std::atomic<bool> cancel{false};
    const Progress progress({}, &cancel);
    db.watch(progress);
    std::thread user([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        cancel = true;
    });
    Watchdog watchdog(path);
    QElapsedTimer timer;
    timer.start();
    bool cancelled = false;
    try {
        sql::Statement endless(db, "WITH RECURSIVE r(x) AS (SELECT 0 UNION ALL SELECT x + 1 FROM r) "
                                   "SELECT count(*) FROM r");
        endless.step();
    } catch (const Cancelled &) {
        cancelled = true;
    }
    user.join();
    QVERIFY(cancelled);
    // And it stopped there, not somewhen later: well under what the budget allows, whatever the machine's load.
    QVERIFY2(timer.elapsed() < 30000, std::to_string(timer.elapsed()).c_str());
}

void BadInput::regressionInputs_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("formatId");
    QTest::addColumn<QString>("fileName");
    QTest::addColumn<bool>("database");
    const QDir root(QString::fromStdString(sourceFile("tests/regression")));
    for (const QString &folder : root.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        const RegressionFormat *format = nullptr;
        for (const RegressionFormat &f : kRegressionFormats)
            format = folder == f.folder ? &f : format;
        QVERIFY2(format, qPrintable("tests/regression/" + folder + " is no fuzz target's folder"));
        const QDir dir(root.filePath(folder));
        for (const QString &name : dir.entryList(QDir::Files))
            QTest::newRow(qPrintable(folder + "/" + name))
                << dir.filePath(name) << QString(format->formatId) << QString(format->fileName) << format->database;
    }
}

void BadInput::regressionInputs()
{
    QFETCH(QString, path);
    QFETCH(QString, formatId);
    QFETCH(QString, fileName);
    QFETCH(bool, database);
    // Replayed exactly as the fuzz target ran it: the same harness code, the same file name.
    const std::string bytes = readFile(path.toStdString());
    const auto *data = reinterpret_cast<const uint8_t *>(bytes.data());
    Watchdog watchdog(path.toStdString());
    QElapsedTimer timer;
    timer.start();
    const std::string input = database ? fuzz::writeDatabase(data, bytes.size(), fileName.toStdString())
                                       : fuzz::writeInput(data, bytes.size(), fileName.toStdString());
    std::string problem;
    try {
        problem = fuzz::importAndCheck(formatId.toStdString(), input);
    } catch (const std::exception &e) {
        problem = std::string("exception other than FileError: ") + e.what();
    }
    QVERIFY2(problem.empty(), problem.c_str());
    QVERIFY(timer.elapsed() < kCaseSeconds * 1000);
}

// Strings of many megabytes where real files have names: template-heavy kernel names, NVTX payloads.
void BadInput::hugeStrings_data()
{
    QTest::addColumn<QString>("kind");
    QTest::newRow("kineto kernel name 32 MiB") << "kineto";
    QTest::newRow("ncu kernel name 8 MiB") << "ncu";
    QTest::newRow("nsys StringIds text 16 MiB") << "nsys";
    QTest::newRow("profile.json operator name 8 MiB") << "profile";
}

void BadInput::hugeStrings()
{
    QFETCH(QString, kind);
    QVERIFY(tmp_.isValid());
    std::string path;
    size_t nameBytes = 0;
    if (kind == "kineto") {
        // A kernel of the HTA triton example with a 32 MiB name, gzipped as torch.profiler can write it.
        std::string text = readFile(test::fixture("public/kineto/HolisticTraceAnalysis__triton_example.json"));
        const std::string key = "\"name\": \"triton_";
        const size_t at = text.find(key);
        QVERIFY(at != std::string::npos);
        nameBytes = size_t(32) << 20;
        text.insert(at + key.size() - 7, std::string(nameBytes, 'T'));
        path = test::tempPath(tmp_, "huge.json.gz");
        std::ofstream(path, std::ios::binary) << gzip(text);
    } else if (kind == "ncu") {
        // The mlp raw page with the first launch's kernel name 8 MiB long.
        std::string text = readFile(test::fixture("h100/mlp_bf16_infer/ncu_raw.csv"));
        const size_t row = text.find("\n\"0\",");
        QVERIFY(row != std::string::npos);
        // Kernel Name is the 7th column; insert into its quoted value.
        size_t at = row + 1;
        for (int field = 0; field < 6; ++field)
            at = text.find("\",\"", at) + 3;
        nameBytes = size_t(8) << 20;
        text.insert(at, std::string(nameBytes, 'K'));
        path = test::tempPath(tmp_, "huge.csv");
        std::ofstream(path, std::ios::binary) << text;
    } else if (kind == "nsys") {
        // The public mock export with one kernel's demangled name replaced by 16 MiB of text.
        path = test::tempPath(tmp_, "huge.sqlite");
        std::ofstream(path, std::ios::binary) << readFile(test::fixture("public/nsys/nsys-ai__mock.sqlite"));
        nameBytes = size_t(16) << 20;
        sqlite3 *db = nullptr;
        QCOMPARE(sqlite3_open(path.c_str(), &db), SQLITE_OK);
        const std::string sql = "UPDATE StringIds SET value = '" + std::string(nameBytes, 'N') +
                                "' WHERE id = (SELECT demangledName FROM CUPTI_ACTIVITY_KIND_KERNEL LIMIT 1)";
        char *error = nullptr;
        const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error);
        sqlite3_close(db);
        QVERIFY2(rc == SQLITE_OK, error);
    } else {
        std::string text = readFile(test::fixture("public/operator_profiler/embedding_projection/profile.json"));
        const std::string key = "\"operator_name\": \"aten::embedding";
        const size_t at = text.find(key);
        QVERIFY(at != std::string::npos);
        nameBytes = size_t(8) << 20;
        text.insert(at + key.size(), std::string(nameBytes, 'O'));
        path = test::tempPath(tmp_, "profile.json");
        std::ofstream(path, std::ios::binary) << text;
    }
    Watchdog watchdog(path);
    QElapsedTimer timer;
    timer.start();
    Profile p = importFile(path);
    // The long name is kept whole, not cut or dropped.
    bool kept = false;
    for (size_t i = 0; i < p.strings.size(); ++i)
        kept = kept || p.strings.get(StringId(i)).size() >= nameBytes;
    QVERIFY(kept);
    const std::string problem = fuzz::check(p);
    QVERIFY2(problem.empty(), problem.c_str());
    QVERIFY(timer.elapsed() < kCaseSeconds * 1000);
}

} // namespace tst_bad_input_suite

OPSCOPE_TEST_SUITE(tst_bad_input, tst_bad_input_suite::BadInput, Appless)
#include "tst_bad_input.moc"
