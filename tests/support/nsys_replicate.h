#pragma once
// Builds large Nsight Systems exports out of a real one, for the nsys import test and benchmark:
// the rows of chosen tables are appended again and again, each copy shifted by the capture span in
// time and by the largest correlation id in correlation ids, inside SQLite (INSERT ... SELECT).
// Plain SQLite C API, no Qt, so the benchmark can use it too.

#include <sqlite3.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace opscope::test {

// An SQLite connection for building test databases; every call reports failure instead of throwing.
class ScratchDb {
public:
    explicit ScratchDb(const std::string &path)
    {
        if (sqlite3_open(path.c_str(), &db_) != SQLITE_OK)
            error_ = sqlite3_errmsg(db_);
    }
    ~ScratchDb() { sqlite3_close(db_); }
    ScratchDb(const ScratchDb &) = delete;
    ScratchDb &operator=(const ScratchDb &) = delete;

    bool exec(const std::string &sql)
    {
        char *message = nullptr;
        if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &message) == SQLITE_OK)
            return true;
        error_ = std::string(message ? message : "?") + " (in: " + sql.substr(0, 200) + ")";
        sqlite3_free(message);
        return false;
    }
    // The first column of the first row as an integer; `fallback` when there is none.
    int64_t queryInt(const std::string &sql, int64_t fallback = 0)
    {
        sqlite3_stmt *st = nullptr;
        int64_t value = fallback;
        if (sqlite3_prepare_v2(db_, sql.c_str(), -1, &st, nullptr) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW &&
            sqlite3_column_type(st, 0) != SQLITE_NULL)
            value = sqlite3_column_int64(st, 0);
        else if (!st)
            error_ = sqlite3_errmsg(db_);
        sqlite3_finalize(st);
        return value;
    }
    // The first column of every row, as text.
    std::vector<std::string> strings(const std::string &sql)
    {
        std::vector<std::string> out;
        sqlite3_stmt *st = nullptr;
        if (sqlite3_prepare_v2(db_, sql.c_str(), -1, &st, nullptr) == SQLITE_OK)
            while (sqlite3_step(st) == SQLITE_ROW)
                if (const auto *text = sqlite3_column_text(st, 0))
                    out.emplace_back(reinterpret_cast<const char *>(text));
        sqlite3_finalize(st);
        return out;
    }
    std::vector<std::string> columns(const std::string &table)
    {
        return strings("SELECT name FROM pragma_table_info('" + table + "')");
    }
    const std::string &error() const { return error_; }

private:
    sqlite3 *db_ = nullptr;
    std::string error_;
};

// A writable copy of `from` at `to`.
inline bool copyWritable(const std::string &from, const std::string &to)
{
    std::error_code ec;
    std::filesystem::copy_file(from, to, std::filesystem::copy_options::overwrite_existing, ec);
    if (ec)
        return false;
    std::filesystem::permissions(to, std::filesystem::perms::owner_read | std::filesystem::perms::owner_write,
                                 std::filesystem::perm_options::add, ec);
    return !ec;
}

struct Replication {
    int64_t timeShift = 0;        // copy k starts k * timeShift later
    int64_t correlationShift = 0; // and has its correlation ids k * correlationShift higher
    std::string error;            // empty on success
};

// Copies `fixture` to `out` and appends copies 1 .. copies-1 of every row of `tables`, in copy order.
inline Replication replicateNsysExport(const std::string &fixture, const std::string &out, int copies,
                                       const std::vector<std::string> &tables = {
                                           "CUPTI_ACTIVITY_KIND_KERNEL", "CUPTI_ACTIVITY_KIND_RUNTIME", "NVTX_EVENTS"})
{
    Replication r;
    if (!copyWritable(fixture, out)) {
        r.error = "cannot copy " + fixture;
        return r;
    }
    ScratchDb db(out);
    const int64_t start = db.queryInt("SELECT min(startTime) FROM ANALYSIS_DETAILS");
    const int64_t stop = db.queryInt("SELECT max(stopTime) FROM ANALYSIS_DETAILS");
    r.timeShift = stop - start + 1;
    r.correlationShift = std::max(db.queryInt("SELECT max(correlationId) FROM CUPTI_ACTIVITY_KIND_KERNEL"),
                                  db.queryInt("SELECT max(correlationId) FROM CUPTI_ACTIVITY_KIND_RUNTIME")) +
                         1;
    const std::string k = "c.k";
    bool ok = db.exec("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF;") &&
              db.exec("CREATE TEMP TABLE copies AS WITH RECURSIVE c(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM c "
                      "WHERE k < " +
                      std::to_string(copies - 1) + ") SELECT k FROM c");
    for (const std::string &table : tables) {
        if (!ok)
            break;
        std::string names, values;
        for (const std::string &column : db.columns(table)) {
            const std::string quoted = "\"" + column + "\"";
            names += (names.empty() ? "" : ", ") + quoted;
            std::string value = "o." + quoted;
            if (column == "start" || column == "end")
                value += " + " + k + " * " + std::to_string(r.timeShift);
            else if (column == "correlationId")
                value += " + " + k + " * " + std::to_string(r.correlationShift);
            values += (values.empty() ? "" : ", ") + value;
        }
        // CROSS JOIN keeps the copies as the outer loop, so the rows come out in copy order.
        ok = db.exec("CREATE TEMP TABLE original AS SELECT * FROM \"" + table + "\"") &&
             db.exec("INSERT INTO \"" + table + "\" (" + names + ") SELECT " + values +
                     " FROM temp.copies AS c CROSS JOIN temp.original AS o") &&
             db.exec("DROP TABLE temp.original");
    }
    ok = ok && db.exec("UPDATE ANALYSIS_DETAILS SET stopTime = startTime + " + std::to_string(copies) + " * " +
                       std::to_string(r.timeShift) + " - 1, duration = " + std::to_string(copies) + " * " +
                       std::to_string(r.timeShift) + " - 1");
    if (!ok)
        r.error = db.error();
    return r;
}

} // namespace opscope::test
