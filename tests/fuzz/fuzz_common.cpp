#include "fuzz_common.h"

#include "opscope/attribution.h"
#include "opscope/errors.h"
#include "opscope/file_util.h"
#include "opscope/importer.h"
#include "opscope/insights.h"
#include "opscope/profile_check.h"
#include "opscope/summary.h"

#include <sqlite3.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace opscope::fuzz {

namespace fs = std::filesystem;

namespace {

const fs::path &workFolder()
{
    static const fs::path folder = [] {
        const fs::path base = fs::exists("/dev/shm") ? fs::path("/dev/shm") : fs::temp_directory_path();
        fs::path f = base / ("opscope-fuzz-" + std::to_string(::getpid()));
        fs::create_directories(f);
        std::atexit([] {
            std::error_code ec;
            fs::remove_all(workFolder(), ec);
        });
        return f;
    }();
    return folder;
}

[[noreturn]] void bug(const std::string &what)
{
    std::fprintf(stderr, "opscope fuzz: %s\n", what.c_str());
    std::abort();
}

// Statements that could reach outside the scratch database are refused.
int authorize(void *, int action, const char *, const char *, const char *, const char *)
{
    return action == SQLITE_ATTACH || action == SQLITE_DETACH ? SQLITE_DENY : SQLITE_OK;
}

// Runs each statement of `script`; a statement that fails is skipped, as sqlite3's shell would.
void runScript(sqlite3 *db, std::string script)
{
    const char *at = script.c_str();
    const char *end = at + script.size();
    while (at < end) {
        sqlite3_stmt *stmt = nullptr;
        const char *tail = nullptr;
        if (sqlite3_prepare_v2(db, at, int(end - at), &stmt, &tail) != SQLITE_OK || !tail) {
            const char *next = static_cast<const char *>(std::memchr(at, ';', size_t(end - at)));
            at = next ? next + 1 : end;
            sqlite3_finalize(stmt);
            continue;
        }
        if (stmt)
            while (sqlite3_step(stmt) == SQLITE_ROW) {
            }
        sqlite3_finalize(stmt);
        at = tail > at ? tail : end;
    }
}

} // namespace

std::string writeInput(const uint8_t *data, size_t size, const std::string &fileName)
{
    const fs::path path = workFolder() / fileName;
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char *>(data), std::streamsize(size));
    out.close();
    if (!out)
        bug("cannot write " + path.string());
    return path.string();
}

std::string writeDatabase(const uint8_t *data, size_t size, const std::string &fileName)
{
    if (hasSqliteMagic(std::string_view(reinterpret_cast<const char *>(data), size)))
        return writeInput(data, size, fileName);
    const fs::path path = workFolder() / fileName;
    std::error_code ec;
    fs::remove(path, ec);
    sqlite3 *db = nullptr;
    if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) != SQLITE_OK)
        bug("cannot create " + path.string());
    sqlite3_set_authorizer(db, authorize, nullptr);
    // Bound what one script may cost: a recursive CTE must not turn into a hang of the harness.
    int budget = 20000; // progress callbacks of 1000 VM steps each
    sqlite3_progress_handler(
        db, 1000, [](void *left) { return --*static_cast<int *>(left) < 0 ? 1 : 0; }, &budget);
    sqlite3_limit(db, SQLITE_LIMIT_LENGTH, 1 << 20);
    sqlite3_exec(db, "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;", nullptr, nullptr, nullptr);
    runScript(db, std::string(reinterpret_cast<const char *>(data), size));
    sqlite3_close(db);
    return path.string();
}

std::string check(Profile &p)
{
    if (std::string broken = findBrokenReference(p); !broken.empty())
        return "imported profile has a broken reference: " + broken;
    attribute(p);
    if (std::string broken = findBrokenReference(p); !broken.empty())
        return "attributed profile has a broken reference: " + broken;
    // As `opscope summary --json` writes it (texts from files need not be valid UTF-8).
    (void)summaryJson(p).dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
    // As `opscope insights` reads it: the step timing, the what-if replay and every finder.
    (void)findInsights(p);
    return {};
}

std::string importAndCheck(std::string_view formatId, const std::string &path)
{
    FileProbe probe;
    probe.path = path;
    probe.extension = fileExtension(path);
    try {
        probe.head = readHead(path, 64 * 1024);
    } catch (const FileError &) {
        // A damaged gzip stream: detection sees nothing, the loader reports it.
    }
    for (const ImportFormat &format : importFormats())
        (void)format.detect(probe);
    const ImportFormat *target = findFormat(formatId);
    if (!target)
        return "no format " + std::string(formatId);
    Profile p;
    try {
        p = importFile(*target, path, Progress());
    } catch (const FileError &) {
        return {}; // the answer to bad input
    }
    return check(p);
}

void abortOn(const std::string &problem)
{
    if (!problem.empty())
        bug(problem);
}

} // namespace opscope::fuzz
