#pragma once
// Thin RAII wrappers over the SQLite C API, shared by the profile store and the nsys importer.

#include "opscope/errors.h"

#include <sqlite3.h>

#include <cstdint>
#include <string>
#include <string_view>

namespace opscope::sql {

class Database {
public:
    // Opens `path`; readOnly opens with SQLITE_OPEN_READONLY. Throws FileError. `extraOpenFlags` are
    // added to sqlite3_open_v2's flags (e.g. SQLITE_OPEN_NOMUTEX for a connection owned by one thread).
    Database(const std::string &path, bool readOnly, int extraOpenFlags = 0);
    ~Database();
    Database(const Database &) = delete;
    Database &operator=(const Database &) = delete;

    sqlite3 *handle() const { return db_; }
    const std::string &path() const { return path_; }
    // Runs SQL without results; throws FileError with `what` and SQLite's message.
    void exec(const std::string &sql, std::string_view what = {});
    bool hasTable(std::string_view table) const;
    bool hasColumn(std::string_view table, std::string_view column) const;
    // A single integer from a query such as "PRAGMA user_version"; `fallback` when no row.
    int64_t queryInt(const std::string &sql, int64_t fallback = 0);

private:
    sqlite3 *db_ = nullptr;
    std::string path_;
};

class Statement {
public:
    Statement(Database &db, const std::string &sql);
    ~Statement();
    Statement(const Statement &) = delete;
    Statement &operator=(const Statement &) = delete;

    // Advances to the next row; false when done. Throws FileError on error.
    bool step();
    void reset();

    void bind(int index, int64_t value) { sqlite3_bind_int64(stmt_, index, value); }
    void bind(int index, double value) { sqlite3_bind_double(stmt_, index, value); }
    void bind(int index, std::string_view text)
    {
        sqlite3_bind_text(stmt_, index, text.data(), int(text.size()), SQLITE_TRANSIENT);
    }
    void bindNull(int index) { sqlite3_bind_null(stmt_, index); }

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
