#include "store/sqlite_util.h"

#include <filesystem>
#include <fstream>

namespace opscope::sql {

namespace {

// SQLite's URI of `path`: "file://" and the absolute path, with the characters URIs give a meaning
// percent-encoded (a file may be named "a?b#c%d").
std::string fileUri(const std::string &path)
{
    std::error_code ec;
    std::string absolute = std::filesystem::absolute(path, ec).string();
    if (ec)
        absolute = path;
    std::string uri = "file://";
    for (unsigned char c : absolute) {
        if (c == '%' || c == '?' || c == '#' || c < 0x20 || c == 0x7f) {
            static constexpr char kHex[] = "0123456789ABCDEF";
            uri += '%';
            uri += kHex[c >> 4];
            uri += kHex[c & 15];
        } else {
            uri += char(c);
        }
    }
    return uri;
}

// Every 4096 steps of the virtual machine: cheap, and a cancel still stops a query within microseconds.
constexpr int kStepsPerCheck = 4096;

} // namespace

Database::Database(const std::string &path, bool readOnly, int extraOpenFlags) : path_(path)
{
    int flags = (readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)) | extraOpenFlags;
    std::string name = path;
    if (readOnly) {
        // immutable: no lock, no journal and no -wal/-shm file is looked for or made beside the input.
        name = fileUri(path) + "?immutable=1";
        flags |= SQLITE_OPEN_URI;
    }
    if (sqlite3_open_v2(name.c_str(), &db_, flags, nullptr) != SQLITE_OK) {
        std::string message = db_ ? sqlite3_errmsg(db_) : "out of memory";
        sqlite3_close(db_);
        db_ = nullptr;
        throw FileError(path, "cannot open as SQLite database: " + message);
    }
    sqlite3_extended_result_codes(db_, 1);
    if (!readOnly)
        return; // our own file, written by us
    // SQLite's advice for database files from outside (sqlite.org/security.html).
    sqlite3_db_config(db_, SQLITE_DBCONFIG_DEFENSIVE, 1, nullptr);
    sqlite3_db_config(db_, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, nullptr);
    sqlite3_db_config(db_, SQLITE_DBCONFIG_ENABLE_VIEW, 0, nullptr);
    sqlite3_db_config(db_, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, nullptr);
    sqlite3_limit(db_, SQLITE_LIMIT_LENGTH, kLongestValue);
    sqlite3_limit(db_, SQLITE_LIMIT_ATTACHED, 0);
    std::error_code ec;
    fileBytes_ = std::filesystem::file_size(path, ec);
    if (ec)
        fileBytes_ = 0;
    budget_ = kBaseSteps + kStepsPerByte * fileBytes_;
    sqlite3_progress_handler(db_, kStepsPerCheck, &Database::onProgress, this);
    refuseComputedColumns();
}

void Database::refuseComputedColumns()
{
    // A virtual generated column is computed on every read of its row, by an expression the file
    // chose (a 100 MB zeroblob a row, say): work that no step budget sees. A damaged file fails this
    // query; what reads it next says how.
    sqlite3_stmt *stmt = nullptr;
    if (sqlite3_prepare_v2(db_,
                           "SELECT m.name, x.name FROM sqlite_master m JOIN pragma_table_xinfo(m.name) x "
                           "WHERE m.type = 'table' AND x.hidden = 2 LIMIT 1",
                           -1, &stmt, nullptr) != SQLITE_OK) {
        sqlite3_finalize(stmt);
        return;
    }
    std::string table, column;
    if (sqlite3_step(stmt) == SQLITE_ROW) {
        const auto text = [&](int i) {
            const auto *p = reinterpret_cast<const char *>(sqlite3_column_text(stmt, i));
            return std::string(p ? p : "?");
        };
        table = text(0);
        column = text(1);
    }
    sqlite3_finalize(stmt);
    if (!table.empty()) {
        sqlite3_close(db_);
        db_ = nullptr;
        throw FileError(path_, "the table " + table + " has a computed column, " + column +
                                   " (GENERATED ... VIRTUAL), which SQLite would evaluate on every read: neither "
                                   "Nsight Systems nor OpScope writes one, so the file is refused unread");
    }
}

Database::~Database()
{
    sqlite3_close(db_);
}

int Database::onProgress(void *self)
{
    auto *db = static_cast<Database *>(self);
    stepsTaken_.fetch_add(kStepsPerCheck, std::memory_order_relaxed);
    if (db->progress_ && db->progress_->cancelled())
        return 1;
    if (db->budget_ <= uint64_t(kStepsPerCheck)) {
        db->overBudget_ = true;
        return 1;
    }
    db->budget_ -= kStepsPerCheck;
    return 0;
}

void Database::throwInterrupted() const
{
    if (progress_)
        progress_->checkCancel();
    if (overBudget_)
        throw FileError(path_, "reading it took more than " + std::to_string(kBaseSteps + kStepsPerByte * fileBytes_) +
                                   " steps of SQLite's engine (" + std::to_string(kStepsPerByte) +
                                   " per byte of the file, and a base): a crafted or damaged database; OpScope "
                                   "stopped rather than go on for hours");
    throw FileError(path_, "the read was interrupted");
}

void Database::exec(const std::string &sql, std::string_view what)
{
    char *error = nullptr;
    const int rc = sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &error);
    if (rc != SQLITE_OK) {
        std::string message = error ? error : sqlite3_errmsg(db_);
        sqlite3_free(error);
        if ((rc & 0xff) == SQLITE_INTERRUPT)
            throwInterrupted();
        throw FileError(path_, (what.empty() ? std::string("SQLite error") : std::string(what)) + ": " + message);
    }
}

bool Database::hasTable(std::string_view table) const
{
    sqlite3_stmt *stmt = nullptr;
    sqlite3_prepare_v2(db_, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1", -1, &stmt, nullptr);
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

bool hasPendingWal(const std::string &path)
{
    // Header bytes 18 and 19 (the file format's write and read versions) are 2 in WAL mode.
    char header[20] = {};
    std::ifstream in(path, std::ios::binary);
    if (!in.read(header, sizeof header) || std::string_view(header, 16) != std::string_view("SQLite format 3\0", 16) ||
        (header[18] != 2 && header[19] != 2))
        return false;
    std::error_code ec;
    const auto walBytes = std::filesystem::file_size(path + "-wal", ec);
    return !ec && walBytes > 0;
}

void checkpointedCopy(const std::string &path, const std::string &copy)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    fs::copy_file(path, copy, fs::copy_options::overwrite_existing, ec);
    if (!ec)
        fs::copy_file(path + "-wal", copy + "-wal", fs::copy_options::overwrite_existing, ec);
    if (ec)
        throw FileError(path, "cannot copy the database and its -wal file to read them: " + ec.message());
    try {
        Database db(copy, false);
        sqlite3_db_config(db.handle(), SQLITE_DBCONFIG_DEFENSIVE, 1, nullptr);
        sqlite3_db_config(db.handle(), SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, nullptr);
        db.exec("PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode = DELETE;", "applying its -wal file");
    } catch (const FileError &e) {
        throw FileError(path, e.problem() + " (in the copy of it and its -wal file)");
    }
}

Statement::Statement(Database &db, const std::string &sql) : db_(db)
{
    if (sqlite3_prepare_v2(db.handle(), sql.c_str(), int(sql.size()), &stmt_, nullptr) != SQLITE_OK) {
        const int rc = sqlite3_extended_errcode(db.handle());
        std::string message = sqlite3_errmsg(db.handle());
        sqlite3_finalize(stmt_);
        stmt_ = nullptr;
        if ((rc & 0xff) == SQLITE_INTERRUPT)
            db.throwInterrupted();
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
    if ((rc & 0xff) == SQLITE_INTERRUPT)
        db_.throwInterrupted();
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
