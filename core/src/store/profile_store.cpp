#include "opscope/profile_store.h"

#include "opscope/attribution.h"
#include "opscope/file_util.h"
#include "opscope/profile_check.h"
#include "store/sqlite_util.h"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <map>
#include <tuple>
#include <type_traits>
#include <unistd.h>

namespace opscope {

namespace {

using sql::Database;
using sql::Statement;

// ---- One field visitor per stored struct: the single description of its columns ----
// Each visitor calls f(columnName, member) for every member; the same visitor builds the
// CREATE TABLE, binds on save and reads on load, so schema, writer and reader cannot disagree.

template <class T, class U>
concept Is = std::is_same_v<std::remove_const_t<T>, U>;

template <class T, class F>
requires Is<T, Device>
void visit(T &o, F &&f)
{
    f("id", o.id);
    f("name", o.name);
    f("rank", o.rank);
}
template <class T, class F>
requires Is<T, Thread>
void visit(T &o, F &&f)
{
    f("pid", o.pid);
    f("tid", o.tid);
    f("name", o.name);
    f("rank", o.rank);
}
template <class T, class F>
requires Is<T, Kernel>
void visit(T &o, F &&f)
{
    f("start_ns", o.start_ns);
    f("end_ns", o.end_ns);
    f("name", o.name);
    f("short_name", o.short_name);
    f("label", o.label);
    f("correlation_id", o.correlation_id);
    f("external_id", o.external_id);
    f("stream", o.stream);
    f("device", o.device);
    f("grid", o.grid);
    f("block", o.block);
    f("registers_per_thread", o.registers_per_thread);
    f("static_shared_bytes", o.static_shared_bytes);
    f("dynamic_shared_bytes", o.dynamic_shared_bytes);
    f("launch_thread", o.launch_thread);
    f("op", o.op);
    f("module", o.module);
    f("range", o.range);
    f("unattributed_reason", o.unattributed_reason);
    f("method", o.method);
    f("confidence", o.confidence);
    f("flags", o.flags);
}
template <class T, class F>
requires Is<T, Operator>
void visit(T &o, F &&f)
{
    f("start_ns", o.start_ns);
    f("end_ns", o.end_ns);
    f("name", o.name);
    f("shapes", o.shapes);
    f("label", o.label);
    f("call_index", o.call_index);
    f("thread", o.thread);
    f("parent", o.parent);
    f("module", o.module);
    f("range", o.range);
    f("external_id", o.external_id);
    f("sequence_nr", o.sequence_nr);
    f("depth", o.depth);
    f("flags", o.flags);
}
template <class T, class F>
requires Is<T, ModuleInstance>
void visit(T &o, F &&f)
{
    f("start_ns", o.start_ns);
    f("end_ns", o.end_ns);
    f("path", o.path);
    f("class_name", o.class_name);
    f("parent", o.parent);
    f("thread", o.thread);
    f("range", o.range); // added within format 1 (see readTable)
    f("kind", o.kind);   // added within format 1: files without it hold modules only
}
template <class T, class F>
requires Is<T, Range>
void visit(T &o, F &&f)
{
    f("start_ns", o.start_ns);
    f("end_ns", o.end_ns);
    f("text", o.text);
    f("domain", o.domain);
    f("thread", o.thread);
    f("depth", o.depth);
    f("kind", o.kind);
}
template <class T, class F>
requires Is<T, MemoryOp>
void visit(T &o, F &&f)
{
    f("start_ns", o.start_ns);
    f("end_ns", o.end_ns);
    f("bytes", o.bytes);
    f("correlation_id", o.correlation_id);
    f("stream", o.stream);
    f("device", o.device);
    f("kind", o.kind);
    f("copy_kind", o.copy_kind);
    f("src_kind", o.src_kind);
    f("dst_kind", o.dst_kind);
}
template <class T, class F>
requires Is<T, ApiCall>
void visit(T &o, F &&f)
{
    f("start_ns", o.start_ns);
    f("end_ns", o.end_ns);
    f("name", o.name);
    f("thread", o.thread);
    f("correlation_id", o.correlation_id);
    f("kind", o.kind);
}
template <class T, class F>
requires Is<T, GpuSync>
void visit(T &o, F &&f)
{
    f("start_ns", o.start_ns);
    f("end_ns", o.end_ns);
    f("correlation_id", o.correlation_id);
    f("stream", o.stream);
    f("device", o.device);
    f("thread", o.thread);
    f("kind", o.kind);
}
template <class T, class F>
requires Is<T, MemorySample>
void visit(T &o, F &&f)
{
    f("time_ns", o.time_ns);
    f("bytes", o.bytes);
    f("total_allocated", o.total_allocated);
    f("device", o.device);
    f("thread", o.thread);
    f("address", o.address);               // added within format 1
    f("total_reserved", o.total_reserved); // added within format 1
    f("stream", o.stream);                 // added within format 1
    f("frames", o.frames);                 // added within format 1
    f("kind", o.kind);                     // added within format 1
}
template <class T, class F>
requires Is<T, MemoryBlock>
void visit(T &o, F &&f)
{
    f("address", o.address);
    f("bytes", o.bytes);
    f("device", o.device);
    f("alloc_sample", o.alloc_sample);
    f("free_sample", o.free_sample);
    f("alloc_op", o.alloc_op);
    f("alloc_module", o.alloc_module);
    f("free_op", o.free_op);
    f("free_module", o.free_module);
}
template <class T, class F>
requires Is<T, MemoryTensor>
void visit(T &o, F &&f)
{
    f("address", o.address);
    f("bytes", o.bytes);
    f("device", o.device);
    f("kind", o.kind);
    f("module", o.module);
    f("name", o.name);
}
template <class T, class F>
requires Is<T, OperatorLink>
void visit(T &o, F &&f)
{
    f("from_op", o.from);
    f("to_op", o.to);
    f("kind", o.kind);
}
template <class T, class F>
requires Is<T, Metric>
void visit(T &o, F &&f)
{
    f("name", o.name);
    f("unit", o.unit);
}
template <class T, class F>
requires Is<T, MetricValue>
void visit(T &o, F &&f)
{
    f("owner", o.owner);
    f("metric", o.metric);
    f("value", o.value);
    f("text", o.text);
    f("flags", o.flags);
}
template <class T, class F>
requires Is<T, FusedName>
void visit(T &o, F &&f)
{
    f("op", o.op);
    f("name", o.name);
}
template <class T, class F>
requires Is<T, KernelTwin>
void visit(T &o, F &&f)
{
    f("reference", o.reference);
    f("labelled", o.labelled);
}
template <class T, class F>
requires Is<T, GraphNodeLaunch>
void visit(T &o, F &&f)
{
    f("kernel", o.kernel);
    f("capture_call", o.capture_call);
}

// ---- Column helpers: how one member maps to SQL columns ----

template <class V> constexpr int columnCount()
{
    return std::is_same_v<std::remove_const_t<V>, Dim3> ? 3 : 1;
}

template <class V> void appendColumns(std::string &sqlText, const char *name)
{
    using Plain = std::remove_const_t<V>;
    if constexpr (std::is_same_v<Plain, Dim3>) {
        for (const char *axis : {"_x", "_y", "_z"})
            sqlText += std::string(", ") + name + axis + " INTEGER";
    } else if constexpr (std::is_floating_point_v<Plain>) {
        sqlText += std::string(", ") + name + " REAL";
    } else {
        sqlText += std::string(", ") + name + " INTEGER";
    }
}

template <class V> void bindMember(Statement &stmt, int &column, const V &value)
{
    if constexpr (std::is_same_v<V, Dim3>) {
        stmt.bind(column++, int64_t(value.x));
        stmt.bind(column++, int64_t(value.y));
        stmt.bind(column++, int64_t(value.z));
    } else if constexpr (std::is_floating_point_v<V>) {
        stmt.bind(column++, double(value));
    } else if constexpr (std::is_enum_v<V>) {
        stmt.bind(column++, int64_t(value));
    } else {
        stmt.bind(column++, int64_t(value)); // uint64 wraps into int64 and back exactly
    }
}

template <class V> void readMember(const Statement &stmt, int &column, V &value)
{
    if constexpr (std::is_same_v<V, Dim3>) {
        value.x = uint32_t(stmt.columnInt(column++));
        value.y = uint32_t(stmt.columnInt(column++));
        value.z = uint32_t(stmt.columnInt(column++));
    } else if constexpr (std::is_floating_point_v<V>) {
        value = V(stmt.columnDouble(column++));
    } else {
        value = V(stmt.columnInt(column++));
    }
}

template <class T> std::string createTableSql(const char *table)
{
    std::string sqlText = std::string("CREATE TABLE ") + table + " (row INTEGER PRIMARY KEY";
    T sample{};
    visit(sample, [&](const char *name, auto &member) {
        appendColumns<std::remove_reference_t<decltype(member)>>(sqlText, name);
    });
    return sqlText + ")";
}

template <class T> int fieldColumnCount()
{
    int count = 0;
    T sample{};
    visit(sample,
          [&](const char *, auto &member) { count += columnCount<std::remove_reference_t<decltype(member)>>(); });
    return count;
}

// Rows written of all the tables: a report and a chance to cancel every 64 K rows.
struct RowProgress {
    const Progress &progress;
    size_t total = 1;
    size_t done = 0;
    void tick()
    {
        if ((++done & 0xFFFF) == 0) {
            progress.report(std::min(1.0, double(done) / double(total)), "Writing the profile");
            progress.checkCancel();
        }
    }
};

template <class T> void writeTable(Database &db, const char *table, const std::vector<T> &rows, RowProgress &rp)
{
    db.exec(createTableSql<T>(table), "creating table");
    const int columns = fieldColumnCount<T>();
    std::string sqlText = std::string("INSERT INTO ") + table + " VALUES (?";
    for (int i = 0; i < columns; ++i)
        sqlText += ", ?";
    sqlText += ")";
    Statement insert(db, sqlText);
    for (size_t i = 0; i < rows.size(); ++i) {
        int column = 1;
        insert.bind(column++, int64_t(i));
        visit(rows[i], [&](const char *, const auto &member) { bindMember(insert, column, member); });
        insert.step();
        insert.reset();
        rp.tick();
    }
}

// Columns added within format 1: files written before them lack them, and the member keeps its
// default there (load() then fills in what it can). Every other column must be present.
bool addedLater(std::string_view table, std::string_view column)
{
    return (table == "modules" && (column == "range" || column == "kind")) ||
           (table == "memory_samples" && (column == "address" || column == "total_reserved" || column == "stream" ||
                                          column == "frames" || column == "kind")) ||
           ((table == "threads" || table == "devices") && column == "rank");
}

template <class T> std::vector<T> readTable(Database &db, const char *table)
{
    // Which members the file has, by name, in the visitor's order.
    std::vector<char> present;
    std::string columns;
    T sample{};
    visit(sample, [&](const char *name, auto &member) {
        using V = std::remove_const_t<std::remove_reference_t<decltype(member)>>;
        const bool has = !addedLater(table, name) || db.hasColumn(table, name);
        present.push_back(has);
        if (!has)
            return;
        if constexpr (std::is_same_v<V, Dim3>) {
            for (const char *axis : {"_x", "_y", "_z"})
                columns += std::string(columns.empty() ? "" : ", ") + name + axis;
        } else {
            columns += std::string(columns.empty() ? "" : ", ") + name;
        }
    });
    std::vector<T> rows;
    rows.reserve(size_t(db.queryInt(std::string("SELECT count(*) FROM ") + table)));
    Statement select(db, "SELECT " + columns + " FROM " + table + " ORDER BY row");
    while (select.step()) {
        T row{};
        int column = 0;
        size_t field = 0;
        visit(row, [&](const char *, auto &member) {
            if (present[field++])
                readMember(select, column, member);
        });
        rows.push_back(row);
    }
    return rows;
}

// Files from before ModuleInstance::range: each module call's range is the one with its time and
// thread whose text names it ("blocks.0[Block]", "nn.Module: Linear_3").
void linkModuleRanges(Profile &p)
{
    std::map<std::tuple<int64_t, int64_t, Index>, std::vector<Index>> rangesAt;
    for (Index r = 0; r < p.ranges.size(); ++r)
        rangesAt[{p.ranges[r].start_ns, p.ranges[r].end_ns, p.ranges[r].thread}].push_back(r);
    for (ModuleInstance &m : p.modules) {
        const auto it = rangesAt.find({m.start_ns, m.end_ns, m.thread});
        if (it == rangesAt.end())
            continue;
        const std::string_view path = p.text(m.path);
        for (Index r : it->second)
            if (p.text(p.ranges[r].text).find(path) != std::string_view::npos) {
                m.range = r;
                break;
            }
    }
}

void writeTextList(Database &db, const char *table, const std::vector<std::string> &texts)
{
    db.exec(std::string("CREATE TABLE ") + table + " (row INTEGER PRIMARY KEY, text TEXT NOT NULL)");
    Statement insert(db, std::string("INSERT INTO ") + table + " VALUES (?, ?)");
    for (size_t i = 0; i < texts.size(); ++i) {
        insert.bind(1, int64_t(i));
        insert.bind(2, std::string_view(texts[i]));
        insert.step();
        insert.reset();
    }
}

std::vector<std::string> readTextList(Database &db, const char *table)
{
    std::vector<std::string> texts;
    Statement select(db, std::string("SELECT text FROM ") + table + " ORDER BY row");
    while (select.step())
        texts.emplace_back(select.columnText(0));
    return texts;
}

void writeAll(Database &db, const Profile &p, const Progress &progress)
{
    RowProgress rp{progress};
    rp.total = std::max<size_t>(1, p.kernels.size() + p.operators.size() + p.modules.size() + p.ranges.size() +
                                       p.memory_ops.size() + p.api_calls.size() + p.syncs.size() +
                                       p.memory_samples.size() + p.memory_blocks.size() + p.operator_links.size() +
                                       p.kernel_counters.size() + p.operator_counters.size());
    db.exec("CREATE TABLE info (key TEXT PRIMARY KEY, value TEXT NOT NULL)");
    {
        Statement insert(db, "INSERT INTO info VALUES (?, ?)");
        auto put = [&](std::string_view key, std::string_view value) {
            insert.bind(1, key);
            insert.bind(2, value);
            insert.step();
            insert.reset();
        };
        put("writer", "OpScope " OPSCOPE_VERSION);
        put("source_format", p.source_format);
        put("source_path", p.source_path);
        put("span_start_ns", std::to_string(p.span_start_ns));
        put("span_end_ns", std::to_string(p.span_end_ns));
    }
    db.exec("CREATE TABLE metadata (row INTEGER PRIMARY KEY, key TEXT NOT NULL, value TEXT NOT NULL)");
    {
        Statement insert(db, "INSERT INTO metadata VALUES (?, ?, ?)");
        for (size_t i = 0; i < p.metadata.size(); ++i) {
            insert.bind(1, int64_t(i));
            insert.bind(2, std::string_view(p.metadata[i].first));
            insert.bind(3, std::string_view(p.metadata[i].second));
            insert.step();
            insert.reset();
        }
    }
    db.exec("CREATE TABLE strings (id INTEGER PRIMARY KEY, value TEXT NOT NULL)");
    {
        Statement insert(db, "INSERT INTO strings VALUES (?, ?)");
        for (size_t i = 0; i < p.strings.size(); ++i) {
            insert.bind(1, int64_t(i));
            insert.bind(2, p.strings.get(StringId(i)));
            insert.step();
            insert.reset();
        }
    }
    db.exec("CREATE TABLE device_properties (row INTEGER PRIMARY KEY, device INTEGER, key TEXT, value TEXT)");
    {
        Statement insert(db, "INSERT INTO device_properties VALUES (?, ?, ?, ?)");
        int64_t row = 0;
        for (size_t d = 0; d < p.devices.size(); ++d)
            for (const auto &[key, value] : p.devices[d].properties) {
                insert.bind(1, row++);
                insert.bind(2, int64_t(d));
                insert.bind(3, std::string_view(key));
                insert.bind(4, std::string_view(value));
                insert.step();
                insert.reset();
            }
    }
    writeTable(db, "devices", p.devices, rp);
    writeTable(db, "threads", p.threads, rp);
    writeTable(db, "kernels", p.kernels, rp);
    writeTable(db, "operators", p.operators, rp);
    writeTable(db, "modules", p.modules, rp);
    writeTable(db, "ranges", p.ranges, rp);
    writeTable(db, "memory_ops", p.memory_ops, rp);
    writeTable(db, "api_calls", p.api_calls, rp);
    writeTable(db, "syncs", p.syncs, rp);
    writeTable(db, "memory_samples", p.memory_samples, rp);
    writeTable(db, "memory_blocks", p.memory_blocks, rp);
    writeTable(db, "memory_tensors", p.memory_tensors, rp);
    writeTable(db, "operator_links", p.operator_links, rp);
    writeTable(db, "metrics", p.metrics, rp);
    writeTable(db, "kernel_counters", p.kernel_counters, rp);
    writeTable(db, "operator_counters", p.operator_counters, rp);
    writeTable(db, "fused_with", p.fused_with, rp);
    writeTable(db, "reference_twins", p.reference_twins, rp);
    writeTable(db, "graph_node_launches", p.graph_node_launches, rp);
    writeTextList(db, "warnings", p.warnings);
}

std::string infoValue(Database &db, const char *key)
{
    Statement select(db, "SELECT value FROM info WHERE key = ?");
    select.bind(1, std::string_view(key));
    return select.step() ? std::string(select.columnText(0)) : std::string();
}

int64_t infoInt(Database &db, const char *key)
{
    const std::string text = infoValue(db, key);
    try {
        return text.empty() ? 0 : std::stoll(text);
    } catch (const std::exception &) {
        throw FileError(db.path(), std::string("damaged OpScope profile (") + key + " is not a number)");
    }
}

namespace fs = std::filesystem;

// Flushes a file or folder to disk; false (errno set) when the system reports a write failure.
bool syncToDisk(const fs::path &path, bool folder)
{
    const int fd = ::open(path.c_str(), (folder ? O_RDONLY | O_DIRECTORY : O_RDONLY) | O_CLOEXEC);
    if (fd < 0)
        return false;
    const bool ok = ::fsync(fd) == 0;
    const int error = errno;
    ::close(fd);
    errno = error;
    return ok;
}

// Temporaries of earlier saves of the same file whose process is gone (a save killed mid-way) would
// otherwise stay beside the file for good.
void removeAbandonedTemporaries(const fs::path &folder, const std::string &prefix)
{
    std::error_code ec;
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (name.size() <= prefix.size() || name.compare(0, prefix.size(), prefix) != 0)
            continue;
        const std::string pid = name.substr(prefix.size());
        if (pid.find_first_not_of("0123456789") != std::string::npos || pid.size() > 9)
            continue;
        if (::kill(pid_t(std::stol(pid)), 0) != 0 && errno == ESRCH) {
            std::error_code ignored;
            fs::remove(it->path(), ignored);
        }
    }
}

// After a failed read: what SQLite's integrity check finds broken, else the read's own error. Run only
// then: on a 1M-kernel file (88 MB) it takes 0.36 s next to a 3.5 s load, and SQLite checks every page
// the load reads anyway; the check adds only what no read touches (free pages, page accounting).
std::string describeDamage(Database &db, const std::string &readError)
{
    std::string found;
    try {
        // Each row may hold several lines, the first naming the schema ("*** in database main ***").
        Statement check(db, "PRAGMA quick_check(3)");
        while (check.step()) {
            const std::string_view text = check.columnText(0);
            for (size_t at = 0; at < text.size();) {
                const size_t end = std::min(text.find('\n', at), text.size());
                const std::string_view line = text.substr(at, end - at);
                if (!line.empty() && line != "ok" && !line.starts_with("*** in database"))
                    found += (found.empty() ? "" : "; ") + std::string(line);
                at = end + 1;
            }
        }
    } catch (const FileError &) {
        // Too damaged to check: the read's error says enough.
    }
    return found.empty() ? readError : "integrity check: " + found;
}

} // namespace

void saveProfile(const Profile &profile, const std::string &path, const Progress &progress)
{
    const fs::path target(path);
    const fs::path folder = target.has_parent_path() ? target.parent_path() : fs::path(".");
    std::error_code ec;
    if (!fs::is_directory(folder, ec))
        throw FileError(path, "cannot save: the folder does not exist");
    if (::access(folder.c_str(), W_OK) != 0)
        throw FileError(path, std::string("cannot save: the folder is not writable (") + std::strerror(errno) + ")");
    // Write next to the target, then rename over it: a failed or killed save leaves the old file.
    const std::string prefix = "." + target.filename().string() + ".saving-";
    removeAbandonedTemporaries(folder, prefix);
    const fs::path temp = folder / (prefix + std::to_string(::getpid()));
    fs::remove(temp, ec);
    try {
        {
            Database db(temp.string(), false);
            db.exec("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;");
            db.exec("PRAGMA application_id = " + std::to_string(kProfileApplicationId));
            db.exec("PRAGMA user_version = " + std::to_string(kProfileFormatVersion));
            db.exec("BEGIN");
            writeAll(db, profile, progress);
            db.exec("COMMIT", "writing profile");
        }
        // Flush to disk before the rename so a crash cannot leave an empty file under the real name;
        // a failed flush (disk full on a network file system, I/O error) keeps the old file.
        if (!syncToDisk(temp, false))
            throw FileError(path, std::string("cannot write the file to disk: ") + std::strerror(errno));
        fs::rename(temp, target, ec);
        if (ec)
            throw FileError(path, "cannot replace the file: " + ec.message());
        // Make the rename itself durable; the file is complete either way, so a failure here is ignored.
        syncToDisk(folder, true);
    } catch (const FileError &e) {
        fs::remove(temp, ec);
        // Report against the file the user named, not our temporary.
        throw FileError(path, "cannot save: " + e.problem());
    } catch (...) {
        fs::remove(temp, ec); // out of memory, cancelled...: never leave the temporary behind
        throw;
    }
}

bool looksLikeOpScopeFile(const std::string &path)
{
    const std::string head = readHead(path, 100);
    if (head.size() < 100 || !hasSqliteMagic(head))
        return false;
    const auto byte = [&](int i) { return uint32_t(uint8_t(head[size_t(i)])); };
    const uint32_t appId = byte(68) << 24 | byte(69) << 16 | byte(70) << 8 | byte(71);
    return appId == uint32_t(kProfileApplicationId);
}

Profile loadProfile(const std::string &path, const Progress &progress)
{
    const std::string kDamaged = "damaged OpScope profile";
    if (!fileExists(path))
        throw FileError(path, "no such file");
    const std::string head = readHead(path, 16);
    if (!hasSqliteMagic(head))
        throw FileError(path, "not an OpScope profile (not an SQLite database)");
    Database db(path, true);
    db.watch(progress);
    int64_t appId = 0, version = 0;
    try {
        appId = db.queryInt("PRAGMA application_id");
        version = db.queryInt("PRAGMA user_version");
    } catch (const FileError &e) {
        // The header named us (detection checked it) but SQLite cannot read on: a cut or damaged file.
        throw FileError(path, kDamaged + " (" + e.problem() + ")");
    }
    if (appId != kProfileApplicationId)
        throw FileError(path, "not an OpScope profile (an SQLite database of another program)");
    if (version > kProfileFormatVersion)
        throw FileError(path, "written by a newer OpScope (file format " + std::to_string(version) +
                                  "; this build reads up to " + std::to_string(kProfileFormatVersion) + ")");
    if (version < 1)
        throw FileError(path, kDamaged + " (no format version)");
    // OpScope writes tables only: a view (endlessly recursive, a cross join...) or a trigger is not ours.
    try {
        Statement other(db, "SELECT type, name FROM sqlite_master WHERE type IN ('view', 'trigger') LIMIT 1");
        if (other.step())
            throw FileError(path, kDamaged + " (it holds a " + std::string(other.columnText(0)) + ", " +
                                      std::string(other.columnText(1)) + ": OpScope writes tables only)");
    } catch (const FileError &e) {
        if (e.problem().rfind(kDamaged, 0) == 0)
            throw;
        throw FileError(path, kDamaged + " (" + e.problem() + ")");
    }

    Profile p;
    try {
        p.source_format = infoValue(db, "source_format");
        p.source_path = infoValue(db, "source_path");
        p.span_start_ns = infoInt(db, "span_start_ns");
        p.span_end_ns = infoInt(db, "span_end_ns");
        {
            Statement select(db, "SELECT key, value FROM metadata ORDER BY row");
            while (select.step())
                p.metadata.emplace_back(select.columnText(0), select.columnText(1));
        }
        {
            Statement select(db, "SELECT id, value FROM strings ORDER BY id");
            while (select.step()) {
                const StringId id = p.strings.intern(select.columnText(1));
                if (int64_t(id) != select.columnInt(0))
                    throw FileError(path, kDamaged + " (string table out of order)");
            }
        }
        p.devices = readTable<Device>(db, "devices");
        {
            Statement select(db, "SELECT device, key, value FROM device_properties ORDER BY row");
            while (select.step()) {
                const auto d = size_t(select.columnInt(0));
                if (d >= p.devices.size())
                    throw FileError(path, kDamaged + " (device property of unknown device)");
                p.devices[d].properties.emplace_back(select.columnText(1), select.columnText(2));
            }
        }
        p.threads = readTable<Thread>(db, "threads");
        p.kernels = readTable<Kernel>(db, "kernels");
        p.operators = readTable<Operator>(db, "operators");
        p.modules = readTable<ModuleInstance>(db, "modules");
        p.ranges = readTable<Range>(db, "ranges");
        if (!db.hasColumn("modules", "range"))
            linkModuleRanges(p);
        adoptNamedModulePaths(p); // files from launchers that called the root "model"
        p.memory_ops = readTable<MemoryOp>(db, "memory_ops");
        p.api_calls = readTable<ApiCall>(db, "api_calls");
        p.syncs = readTable<GpuSync>(db, "syncs");
        p.memory_samples = readTable<MemorySample>(db, "memory_samples");
        if (db.hasTable("memory_blocks")) // added within format 1
            p.memory_blocks = readTable<MemoryBlock>(db, "memory_blocks");
        if (db.hasTable("memory_tensors")) // added within format 1
            p.memory_tensors = readTable<MemoryTensor>(db, "memory_tensors");
        p.operator_links = readTable<OperatorLink>(db, "operator_links");
        p.metrics = readTable<Metric>(db, "metrics");
        p.kernel_counters = readTable<MetricValue>(db, "kernel_counters");
        p.operator_counters = readTable<MetricValue>(db, "operator_counters");
        p.fused_with = readTable<FusedName>(db, "fused_with");
        // Added within format 1 (older builds ignore the table; files they wrote have none).
        if (db.hasTable("reference_twins")) {
            p.reference_twins = readTable<KernelTwin>(db, "reference_twins");
            std::sort(p.reference_twins.begin(), p.reference_twins.end(),
                      [](const KernelTwin &a, const KernelTwin &b) { return a.reference < b.reference; });
        }
        if (db.hasTable("graph_node_launches")) { // added within format 1
            p.graph_node_launches = readTable<GraphNodeLaunch>(db, "graph_node_launches");
            std::sort(p.graph_node_launches.begin(), p.graph_node_launches.end(),
                      [](const GraphNodeLaunch &a, const GraphNodeLaunch &b) { return a.kernel < b.kernel; });
        }
        p.warnings = readTextList(db, "warnings");
    } catch (const FileError &e) {
        if (e.problem().rfind(kDamaged, 0) == 0)
            throw;
        throw FileError(path, kDamaged + " (" + describeDamage(db, e.problem()) + ")");
    }
    // Views follow references without bounds checks: a file whose references do not hold is refused.
    if (const std::string broken = findBrokenReference(p); !broken.empty())
        throw FileError(path, kDamaged + " (" + broken + ")");
    return p;
}

} // namespace opscope
