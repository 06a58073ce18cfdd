#include "store/sqlite_util.h"

namespace opscope::sql {

Database::Database(const std::string &path, bool readOnly, int extraOpenFlags) : path_(path)
{
    const int flags = (readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)) | extraOpenFlags;
    if (sqlite3_open_v2(path.c_str(), &db_, flags, nullptr) != SQLITE_OK) {
        std::string message = db_ ? sqlite3_errmsg(db_) : "out of memory";
        sqlite3_close(db_);
        db_ = nullptr;
        throw FileError(path, "cannot open as SQLite database: " + message);
    }
    sqlite3_extended_result_codes(db_, 1);
}

Database::~Database()
{
    sqlite3_close(db_);
}

void Database::exec(const std::string &sql, std::string_view what)
{
    char *error = nullptr;
    if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &error) != SQLITE_OK) {
        std::string message = error ? error : sqlite3_errmsg(db_);
        sqlite3_free(error);
        throw FileError(path_, (what.empty() ? std::string("SQLite error") : std::string(what)) + ": " + message);
    }
}

bool Database::hasTable(std::string_view table) const
{
    sqlite3_stmt *stmt = nullptr;
    sqlite3_prepare_v2(db_, "SELECT 1 FROM sqlite_master WHERE type IN ('table','view') AND name = ?1", -1, &stmt,
                       nullptr);
    if (!stmt)
        return false;
    sqlite3_bind_text(stmt, 1, table.data(), int(table.size()), SQLITE_TRANSIENT);
    const bool found = sqlite3_step(stmt) == SQLITE_ROW;
    sqlite3_finalize(stmt);
    return found;
}

bool Database::hasColumn(std::string_view table, std::string_view column) const
{
    sqlite3_stmt *stmt = nullptr;
    sqlite3_prepare_v2(db_, "SELECT 1 FROM pragma_table_info(?1) WHERE name = ?2", -1, &stmt, nullptr);
    if (!stmt)
        return false;
    sqlite3_bind_text(stmt, 1, table.data(), int(table.size()), SQLITE_TRANSIENT);
    sqlite3_bind_text(stmt, 2, column.data(), int(column.size()), SQLITE_TRANSIENT);
    const bool found = sqlite3_step(stmt) == SQLITE_ROW;
    sqlite3_finalize(stmt);
    return found;
}

int64_t Database::queryInt(const std::string &sql, int64_t fallback)
{
    Statement stmt(*this, sql);
    return stmt.step() ? stmt.columnInt(0) : fallback;
}

Statement::Statement(Database &db, const std::string &sql) : db_(db)
{
    if (sqlite3_prepare_v2(db.handle(), sql.c_str(), int(sql.size()), &stmt_, nullptr) != SQLITE_OK) {
        std::string message = sqlite3_errmsg(db.handle());
        sqlite3_finalize(stmt_);
        stmt_ = nullptr;
        if (message.find("not a database") != std::string::npos)
            throw FileError(db.path(), "not an SQLite database");
        throw FileError(db.path(), message + " (in: " + sql.substr(0, 120) + ")");
    }
}

Statement::~Statement()
{
    sqlite3_finalize(stmt_);
}

bool Statement::step()
{
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW)
        return true;
    if (rc == SQLITE_DONE)
        return false;
    std::string message = sqlite3_errmsg(db_.handle());
    if ((rc & 0xff) == SQLITE_CORRUPT || (rc & 0xff) == SQLITE_NOTADB)
        throw FileError(db_.path(), "damaged database (" + message + ")");
    if ((rc & 0xff) == SQLITE_FULL)
        throw FileError(db_.path(), "disk full (" + message + ")");
    throw FileError(db_.path(), message);
}

void Statement::reset()
{
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
}

} // namespace opscope::sql
