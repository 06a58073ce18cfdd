// Untrusted input: every file of the bad-input corpus (tests/badinput/MANIFEST) gives the answer the
// manifest names, a clear FileError or a profile whose warnings say what was skipped; every crash input
// the fuzz targets found (tests/regression/<format>/) now loads or is refused cleanly; strings of many
// megabytes load. Each case runs within a time bound, and every loaded profile keeps its references
// consistent through attribution (the fuzz harness's own check).
#include "fuzz/fuzz_common.h"
#include "opscope/errors.h"
#include "opscope/importer.h"
#include "opscope/operator_profiler_json.h"
#include "test_util.h"

#include <sqlite3.h>
#include <zlib.h>

#include <QDir>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <fstream>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>
#include <unistd.h>

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

struct ManifestCase {
    std::string file;
    std::string outcome; // error, warning or ok
    std::string text;    // in the error's problem or in one warning
    long kernels = -1;   // kernels the loaded profile holds; -1: not checked
};

std::string trim(std::string s)
{
    const auto first = s.find_first_not_of(" \t");
    const auto last = s.find_last_not_of(" \t\r");
    return first == std::string::npos ? std::string() : s.substr(first, last - first + 1);
}

// MANIFEST lines: file | outcome | expected text | kernels | what the case is. '#' starts a comment.
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
        if (fields.size() < 5)
            qFatal("MANIFEST: malformed line: %s", line.c_str());
        ManifestCase c{fields[0], fields[1], fields[2], fields[3] == "-" ? -1 : std::stol(fields[3])};
        cases.push_back(c);
    }
    return cases;
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
    void manifest_data();
    void manifest();
    void manifestCoversEveryFile();
    void regressionInputs_data();
    void regressionInputs();
    void hugeStrings_data();
    void hugeStrings();

private:
    QTemporaryDir tmp_;
};

void BadInput::manifest_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("outcome");
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("kernels");
    for (const ManifestCase &c : readManifest(sourceFile("tests/badinput/MANIFEST")))
        QTest::newRow(c.file.c_str()) << QString::fromStdString(c.file) << QString::fromStdString(c.outcome)
                                      << QString::fromStdString(c.text) << int(c.kernels);
}

void BadInput::manifest()
{
    QFETCH(QString, file);
    QFETCH(QString, outcome);
    QFETCH(QString, text);
    QFETCH(int, kernels);
    const std::string path = sourceFile("tests/badinput/" + file.toStdString());
    const std::string expected = text.toStdString();
    QVERIFY2(outcome == "error" || outcome == "warning" || outcome == "ok", qPrintable("outcome " + outcome));

    Watchdog watchdog(path);
    QElapsedTimer timer;
    timer.start();
    Profile p;
    try {
        p = importFile(path);
    } catch (const FileError &e) {
        QVERIFY2(outcome == "error", e.what());
        QCOMPARE(e.path(), path); // the message names the file
        QVERIFY2(e.problem().find(expected) != std::string::npos, e.what());
        QVERIFY(timer.elapsed() < kCaseSeconds * 1000);
        return;
    }
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
    QVERIFY(timer.elapsed() < kCaseSeconds * 1000);
}

void BadInput::manifestCoversEveryFile()
{
    // Every file of the corpus has its expected answer written down (and every listed file exists).
    std::set<std::string> listed;
    for (const ManifestCase &c : readManifest(sourceFile("tests/badinput/MANIFEST")))
        listed.insert(c.file);
    const QDir dir(QString::fromStdString(sourceFile("tests/badinput")));
    std::set<std::string> present;
    for (const QString &name : dir.entryList(QDir::Files))
        if (name != "MANIFEST" && !name.endsWith(".py"))
            present.insert(name.toStdString());
    QCOMPARE(listed, present);
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

QTEST_APPLESS_MAIN(BadInput)
#include "tst_bad_input.moc"
