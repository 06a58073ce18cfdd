#pragma once
// Thin RAII wrappers over the SQLite C API, shared by the profile store and the nsys importer.
//
// A database opened for reading came from outside and is read as SQLite advises for such files: the
// file opened immutable (nothing is ever written beside it, whatever its journal mode: no -wal or -shm
// files on read-only media or shared folders), views and triggers off, no function with side effects
// reachable from its schema, strings and blobs of at most 256 MiB, and every query bounded: a progress
// handler counts the engine's steps against a budget that grows with the file's size, and stops at
// once when the reader is cancelled. A crafted schema (an endlessly recursive view, a cross join of
// two big tables) can therefore neither hang a read that Cancel cannot stop nor blow up into gigabytes.

#include "opscope/errors.h"
#include "opscope/progress.h"

#include <sqlite3.h>

#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>

namespace opscope::sql {

class Database {
public:
    // Opens `path`; readOnly opens as described above. Throws FileError. `extraOpenFlags` are added to
    // sqlite3_open_v2's flags (e.g. SQLITE_OPEN_NOMUTEX for a connection owned by one thread).
    Database(const std::string &path, bool readOnly, int extraOpenFlags = 0);
    ~Database();
    Database(const Database &) = delete;
    Database &operator=(const Database &) = delete;

    // Queries stop with Cancelled once `progress` is cancelled (it must outlive the connection).
    void watch(const Progress &progress) { progress_ = &progress; }

    sqlite3 *handle() const { return db_; }
    const std::string &path() const { return path_; }
    // Runs SQL without results; throws FileError with `what` and SQLite's message.
    void exec(const std::string &sql, std::string_view what = {});
    // Tables only: a view of that name is no table.
    bool hasTable(std::string_view table) const;
    bool hasColumn(std::string_view table, std::string_view column) const;
    // A single integer from a query such as "PRAGMA user_version"; `fallback` when no row.
    int64_t queryInt(const std::string &sql, int64_t fallback = 0);
    // After a call of the API returned SQLITE_INTERRUPT: throws Cancelled, or the FileError of a read
    // that ran past its budget.
    [[noreturn]] void throwInterrupted() const;
    // Steps the read-only connections of this process have taken so far (counted 4096 at a time): what a
    // measurement of the budget's margin reads before and after an import.
    static uint64_t stepsTaken() { return stepsTaken_.load(std::memory_order_relaxed); }

    // Steps of SQLite's virtual machine a read-only connection may take per byte of the file, and on top
    // of that: far above what the importers take on real files (tst_nsys_import measures it with
    // stepsTaken(); docs/reliability.md has the figures).
    static constexpr uint64_t kStepsPerByte = 20;
    static constexpr uint64_t kBaseSteps = uint64_t(1) << 26;
    static constexpr int kLongestValue = 256 << 20; // bytes of one string or blob

private:
    static int onProgress(void *self);
    void refuseComputedColumns();
    static inline std::atomic<uint64_t> stepsTaken_{0};

    sqlite3 *db_ = nullptr;
    std::string path_;
    const Progress *progress_ = nullptr;
    uint64_t budget_ = 0; // steps left; 0: no budget (a connection that writes our own file)
    bool overBudget_ = false;
    uint64_t fileBytes_ = 0;
};

// Whether `path` is an SQLite database in WAL mode with frames left in the -wal file beside it: what an
// immutable open would not see (the last writer did not checkpoint them, or is still writing).
bool hasPendingWal(const std::string &path);
// Copies such a database and its -wal file to `copy` (and `copy`-wal) and checkpoints the copy into a
// plain database file; nothing is written beside `path`. Throws FileError naming `path`.
void checkpointedCopy(const std::string &path, const std::string &copy);

class Statement {
public:
    Statement(Database &db, const std::string &sql);
    ~Statement();
    Statement(const Statement &) = delete;
    Statement &operator=(const Statement &) = delete;

    // Advances to the next row; false when done. Throws FileError on error, Cancelled when cancelled.
    bool step();
    void reset();

    void bind(int index, int64_t value) { sqlite3_bind_int64(stmt_, index, value); }
    void bind(int index, double value) { sqlite3_bind_double(stmt_, index, value); }
    void bind(int index, std::string_view text)
    {
        sqlite3_bind_text(stmt_, index, text.data(), int(text.size()), SQLITE_TRANSIENT);
    }
    void bindNull(int index) { sqlite3_bind_null(stmt_, index); }

    int columnCount() const { return sqlite3_column_count(stmt_); }
    std::string_view columnName(int index) const
    {
        const char *name = sqlite3_column_name(stmt_, index);
        return name ? std::string_view(name) : std::string_view{};
    }
    int64_t columnInt(int index) const { return sqlite3_column_int64(stmt_, index); }
    double columnDouble(int index) const { return sqlite3_column_double(stmt_, index); }
    bool columnIsNull(int index) const { return sqlite3_column_type(stmt_, index) == SQLITE_NULL; }
    int columnType(int index) const { return sqlite3_column_type(stmt_, index); } // SQLITE_INTEGER, ...
    std::string_view columnText(int index) const
    {
        const auto *p = reinterpret_cast<const char *>(sqlite3_column_text(stmt_, index));
        return p ? std::string_view(p, size_t(sqlite3_column_bytes(stmt_, index))) : std::string_view{};
    }

private:
    Database &db_;
    sqlite3_stmt *stmt_ = nullptr;
};

} // namespace opscope::sql
