// Saving never loses data: a save that fails (full disk, read-only folder) or dies (SIGKILL mid-write)
// leaves the previous .opscope byte for byte as it was, loadable, with no temporary left behind; a file
// whose pages are damaged is reported as damaged. Each failure is made real: a full 2 MiB tmpfs and a
// 2 MiB file size limit (RLIMIT_FSIZE) in a forked writer; a tmpfs remounted read-only and a folder
// without write permission for a forked writer that runs unprivileged (root ignores permissions).
// The mounts need root (CI runs as root); without it those two cases are skipped with the reason,
// and the file size limit and permission cases still run.
#include "forked_child.h"
#include "opscope/errors.h"
#include "opscope/profile_store.h"
#include "test_suite.h"
#include "test_util.h"

#include <sqlite3.h>

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <sstream>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace tst_save_safety_suite {

using namespace opscope;
namespace fs = std::filesystem;

namespace {

// A profile of `kernels` kernels with distinct names, so its file size grows with the count
// (about 150 bytes a kernel).
Profile syntheticProfile(size_t kernels, const std::string &tag)
{
    Profile p;
    p.source_format = "synthetic";
    p.source_path = tag;
    p.devices.push_back({0, p.intern("NVIDIA H100 80GB HBM3"), {}});
    p.threads.push_back({100, 101, p.intern("python3")});
    p.kernels.reserve(kernels);
    for (size_t i = 0; i < kernels; ++i) {
        Kernel k;
        k.start_ns = int64_t(i) * 1000;
        k.end_ns = k.start_ns + 700;
        k.name = p.intern(tag + "_kernel_" + std::to_string(i));
        k.correlation_id = uint32_t(i);
        k.grid = {uint32_t(i % 1024), 1, 1};
        k.block = {256, 1, 1};
        k.launch_thread = 0;
        p.kernels.push_back(k);
    }
    p.warnings.push_back("synthetic profile " + tag);
    return p;
}

std::string readBytes(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream bytes;
    bytes << in.rdbuf();
    return bytes.str();
}

// Files other than the saved profile left in `folder` (temporaries of a save).
QStringList leftovers(const QString &folder, const QString &keep)
{
    QStringList names = QDir(folder).entryList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot);
    names.removeAll(keep);
    return names;
}

// Saves `profile` to `path` in a forked child after `prepare` ran there (limits, dropped privileges) and
// returns what the save did: "saved", "FileError: <problem>", or how it went wrong otherwise.
std::string saveInChild(const std::function<void()> &prepare, const Profile &profile, const std::string &path)
{
    return test::outcomeInChild([&]() -> std::string {
        try {
            prepare();
            saveProfile(profile, path);
            return "saved";
        } catch (const FileError &e) {
            return "FileError: " + e.problem();
        } catch (const std::exception &e) {
            return std::string("other exception: ") + e.what();
        }
    });
}

// The unprivileged user a root test drops to (Debian's nobody / nogroup).
constexpr uid_t kNobody = 65534;

// A tmpfs mounted on a temporary folder for the life of the object.
class TmpfsMount {
public:
    TmpfsMount(const QString &where, const char *options) : where_(where.toStdString())
    {
        if (::geteuid() != 0) {
            reason_ = "mounting a tmpfs needs root (CI runs as root)";
            return;
        }
        if (::mount("tmpfs", where_.c_str(), "tmpfs", 0, options) != 0) {
            reason_ = std::string("cannot mount a tmpfs here: ") + std::strerror(errno);
            return;
        }
        mounted_ = true;
    }
    ~TmpfsMount()
    {
        if (mounted_)
            ::umount2(where_.c_str(), MNT_DETACH);
    }
    bool mounted() const { return mounted_; }
    const std::string &reason() const { return reason_; }
    bool remountReadOnly() { return ::mount("tmpfs", where_.c_str(), "tmpfs", MS_REMOUNT | MS_RDONLY, nullptr) == 0; }

private:
    std::string where_;
    std::string reason_;
    bool mounted_ = false;
};

} // namespace

class SaveSafety : public QObject {
    Q_OBJECT

private slots:
    void fullDiskKeepsThePreviousFile();
    void fileSizeLimitKeepsThePreviousFile();
    void readOnlyFolderKeepsThePreviousFile();
    void unwritableFolderKeepsThePreviousFile();
    void killedWriterKeepsThePreviousFile();
    void damagedFileIsReported_data();
    void damagedFileIsReported();
};

void SaveSafety::fullDiskKeepsThePreviousFile()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    // 2 MiB: room for the small profile, not for the large one (about 6 MB).
    TmpfsMount disk(dir.path(), "size=2m");
    if (!disk.mounted())
        QSKIP(disk.reason().c_str());
    const std::string path = test::tempPath(dir, "run.opscope");
    const Profile small = syntheticProfile(200, "before");
    saveProfile(small, path);
    const std::string before = readBytes(path);

    try {
        saveProfile(syntheticProfile(40000, "after"), path);
        QFAIL("saving 6 MB onto a 2 MiB disk succeeded");
    } catch (const FileError &e) {
        QCOMPARE(e.path(), path);
        QVERIFY2(e.problem().find("cannot save") == 0, e.what());
        QVERIFY2(e.problem().find("full") != std::string::npos, e.what());
    }
    QCOMPARE(readBytes(path), before);
    QCOMPARE(loadProfile(path), small);
    QCOMPARE(leftovers(dir.path(), "run.opscope"), QStringList());
    // The disk has room again once the failed temporary is gone: a small save still works.
    saveProfile(syntheticProfile(100, "again"), path);
    QCOMPARE(loadProfile(path).source_path, std::string("again"));
}

void SaveSafety::fileSizeLimitKeepsThePreviousFile()
{
    // The writer may not grow a file past 2 MiB (writes fail with EFBIG, as on a full quota): the
    // 40,000-kernel profile (about 6 MB) cannot be written, the previous one must survive.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string path = test::tempPath(dir, "run.opscope");
    const Profile small = syntheticProfile(200, "before");
    saveProfile(small, path);
    const std::string before = readBytes(path);
    const std::string outcome = saveInChild(
        [] {
            ::signal(SIGXFSZ, SIG_IGN); // a failed write instead of the signal's default (core dump)
            const rlimit limit{2u << 20, 2u << 20};
            if (::setrlimit(RLIMIT_FSIZE, &limit) != 0)
                throw std::runtime_error("setrlimit failed");
        },
        syntheticProfile(40000, "after"), path);
    QVERIFY2(outcome.rfind("FileError: cannot save", 0) == 0, outcome.c_str());
    QCOMPARE(readBytes(path), before);
    QCOMPARE(loadProfile(path), small);
    QCOMPARE(leftovers(dir.path(), "run.opscope"), QStringList());
}

void SaveSafety::readOnlyFolderKeepsThePreviousFile()
{
    // A read-only file system (as root, permissions do not stop writes; a read-only mount does).
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string path = test::tempPath(dir, "run.opscope");
    const Profile first = syntheticProfile(100, "before");
    TmpfsMount mount(dir.path(), "size=4m");
    if (!mount.mounted())
        QSKIP(mount.reason().c_str());
    saveProfile(first, path);
    QVERIFY2(mount.remountReadOnly(), std::strerror(errno));
    const std::string before = readBytes(path);
    try {
        saveProfile(syntheticProfile(50, "after"), path);
        QFAIL("saved into a read-only folder");
    } catch (const FileError &e) {
        QCOMPARE(e.path(), path);
        QVERIFY2(e.problem().find("not writable (Read-only file system)") != std::string::npos, e.what());
    }
    QCOMPARE(readBytes(path), before);
    QCOMPARE(loadProfile(path), first); // and it still opens for viewing
    QCOMPARE(leftovers(dir.path(), "run.opscope"), QStringList());
}

void SaveSafety::unwritableFolderKeepsThePreviousFile()
{
    // A folder the writer may not write to: mode 0555, and a writer that is not root (a root test
    // drops to nobody in the forked writer, since root ignores permissions).
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string path = test::tempPath(dir, "run.opscope");
    const Profile first = syntheticProfile(100, "before");
    saveProfile(first, path);
    const std::string before = readBytes(path);
    QVERIFY(::chmod(path.c_str(), 0644) == 0);
    QVERIFY(::chmod(dir.path().toLocal8Bit().constData(), 0555) == 0);
    const std::string outcome = saveInChild(
        [] {
            if (::geteuid() == 0 && (::setgid(kNobody) != 0 || ::setuid(kNobody) != 0))
                throw std::runtime_error(std::string("cannot drop root: ") + std::strerror(errno));
        },
        syntheticProfile(50, "after"), path);
    QVERIFY(::chmod(dir.path().toLocal8Bit().constData(), 0755) == 0);
    QVERIFY2(outcome.rfind("FileError: cannot save: the folder is not writable (Permission denied)", 0) == 0,
             outcome.c_str());
    QCOMPARE(readBytes(path), before);
    QCOMPARE(loadProfile(path), first);
    QCOMPARE(leftovers(dir.path(), "run.opscope"), QStringList());
}

void SaveSafety::killedWriterKeepsThePreviousFile()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string path = test::tempPath(dir, "run.opscope");
    const Profile first = syntheticProfile(300, "before");
    saveProfile(first, path);
    const std::string before = readBytes(path);

    // The child saves a profile of about 60 MB; it is killed once its temporary holds a few MB.
    const Profile large = syntheticProfile(400000, "after");
    const pid_t child = ::fork();
    QVERIFY(child >= 0);
    if (child == 0) {
        try {
            saveProfile(large, path);
        } catch (...) {
        }
        ::_exit(0);
    }
    const std::string temp = dir.filePath(".run.opscope.saving-" + QString::number(child)).toStdString();
    bool killedMidSave = false;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
    while (std::chrono::steady_clock::now() < deadline) {
        std::error_code ec;
        if (fs::exists(temp, ec) && fs::file_size(temp, ec) > (4u << 20) && !ec) {
            killedMidSave = ::kill(child, SIGKILL) == 0;
            break;
        }
        int status = 0;
        if (::waitpid(child, &status, WNOHANG) == child)
            QFAIL("the save finished before it could be killed: make the profile larger");
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    int status = 0;
    if (!killedMidSave)
        ::kill(child, SIGKILL);
    ::waitpid(child, &status, 0);
    QVERIFY2(killedMidSave, "the temporary never grew past 4 MB");
    QVERIFY(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);

    QCOMPARE(readBytes(path), before);
    QCOMPARE(loadProfile(path), first);
    // The dead writer's temporary is still there; the next save removes it.
    QVERIFY(fs::exists(temp));
    const Profile next = syntheticProfile(10, "next");
    saveProfile(next, path);
    QCOMPARE(loadProfile(path), next);
    QCOMPARE(leftovers(dir.path(), "run.opscope"), QStringList());
}

void SaveSafety::damagedFileIsReported_data()
{
    QTest::addColumn<QString>("damage");
    QTest::newRow("garbage over a table's page header") << "page";
    QTest::newRow("file cut in half") << "truncate";
    QTest::newRow("kernel pointing past the operators") << "reference";
    QTest::newRow("kernels table dropped") << "table";
}

void SaveSafety::damagedFileIsReported()
{
    QFETCH(QString, damage);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string path = test::tempPath(dir, "run.opscope");
    saveProfile(syntheticProfile(5000, "x"), path);
    sqlite3 *db = nullptr;
    QCOMPARE(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    auto query = [&](const char *sql) {
        sqlite3_stmt *stmt = nullptr;
        sqlite3_prepare_v2(db, sql, -1, &stmt, nullptr);
        const int64_t value = sqlite3_step(stmt) == SQLITE_ROW ? sqlite3_column_int64(stmt, 0) : -1;
        sqlite3_finalize(stmt);
        return value;
    };
    const int64_t root = query("SELECT rootpage FROM sqlite_master WHERE name = 'kernels'");
    const int64_t pageSize = query("PRAGMA page_size");
    if (damage == "reference")
        QCOMPARE(sqlite3_exec(db, "UPDATE kernels SET op = 7 WHERE row = 3", nullptr, nullptr, nullptr), SQLITE_OK);
    if (damage == "table")
        QCOMPARE(sqlite3_exec(db, "DROP TABLE kernels", nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(db);
    QVERIFY(root > 1 && pageSize > 0);

    std::string bytes = readBytes(path);
    if (damage == "page") {
        // The root page of the kernels b-tree: its header and cell pointers become noise.
        const size_t at = size_t(root - 1) * size_t(pageSize);
        for (size_t i = 0; i < 64; ++i)
            bytes[at + i] = char(0xA5 ^ i);
    } else if (damage == "truncate") {
        bytes.resize(bytes.size() / 2);
    }
    std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;

    try {
        loadProfile(path);
        QFAIL("a damaged file loaded");
    } catch (const FileError &e) {
        QCOMPARE(e.path(), path);
        QVERIFY2(e.problem().rfind("damaged OpScope profile", 0) == 0, e.what());
    }
}

} // namespace tst_save_safety_suite

OPSCOPE_TEST_SUITE(tst_save_safety, tst_save_safety_suite::SaveSafety, Appless)
#include "tst_save_safety.moc"
