// libFuzzer target: Nsight Systems SQLite export.
// The input is a database file or an SQL script building one (see writeDatabase).
// The import reads tables straight from their b-trees where it can (sqlite_btree.h); the same file is then
// read through SQLite alone (OPSCOPE_NSYS_READER=sqlite) and the two must agree: the same profile when both
// read it, and no damage reported by the direct reader on a file SQLite's integrity_check passes.
#include "fuzz_common.h"

#include "opscope/errors.h"
#include "opscope/importer.h"

#include <sqlite3.h>

#include <cstdlib>

namespace {

using namespace opscope;

const ImportFormat &nsysFormat()
{
    if (const ImportFormat *format = findFormat("nsys-sqlite"))
        return *format;
    fuzz::abortOn("no nsys-sqlite format");
    std::abort();
}

bool integrityOk(const std::string &path)
{
    sqlite3 *db = nullptr;
    bool ok = false;
    if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
        sqlite3_stmt *st = nullptr;
        if (sqlite3_prepare_v2(db, "PRAGMA integrity_check", -1, &st, nullptr) == SQLITE_OK &&
            sqlite3_step(st) == SQLITE_ROW) {
            const auto *text = reinterpret_cast<const char *>(sqlite3_column_text(st, 0));
            ok = text && std::string_view(text) == "ok" && sqlite3_step(st) == SQLITE_DONE;
        }
        sqlite3_finalize(st);
    }
    sqlite3_close(db);
    return ok;
}

std::string compareReaders(const std::string &path)
{
    const ImportFormat &format = nsysFormat();
    Profile direct, sqlite;
    std::string directError;
    try {
        direct = format.load(path, Progress());
    } catch (const FileError &e) {
        directError = e.problem();
    }
    ::setenv("OPSCOPE_NSYS_READER", "sqlite", 1);
    bool sqliteRead = true;
    try {
        sqlite = format.load(path, Progress());
    } catch (const FileError &) {
        sqliteRead = false;
    }
    ::unsetenv("OPSCOPE_NSYS_READER");
    if (!sqliteRead)
        return {};
    if (!directError.empty())
        return directError.find("the b-tree of table") != std::string::npos && integrityOk(path)
                   ? "the direct reader reports damage on a file integrity_check passes: " + directError
                   : std::string();
    return direct == sqlite ? std::string() : "the direct reader and SQLite read different profiles";
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace opscope::fuzz;
    const std::string path = writeDatabase(data, size, "input.sqlite");
    abortOn(importAndCheck("nsys-sqlite", path));
    abortOn(compareReaders(path));
    return 0;
}
