#pragma once
// Internals of the Nsight Systems SQLite importer, shared by its files:
//   nsys_sqlite.cpp  detection, the plan of the import, the merge into the profile, the final passes
//   nsys_scan.cpp    the parallel reading of tables in rowid chunks
//   nsys_direct.cpp  which tables can be read straight from the file's b-trees (sqlite_btree.h), and how
//   nsys_cuda.cpp    row readers of the CUPTI tables (kernels, API calls, memcpy/memset, syncs)
//   nsys_nvtx.cpp    row reader of NVTX_EVENTS and the nesting of ranges
//   nsys_schema.cpp  tables and columns present, the StringIds table
//   nsys_target.cpp  devices, export metadata, capture span, thread names
//
// Each event table is read in chunks of rowids, by several SQLite connections at once. A chunk keeps
// references only it understands (its own list of threads, its own texts, nsys's StringIds ids); the
// merge, one chunk at a time and in rowid order per table, turns them into the profile's ids. That
// keeps every worker away from the shared string table and thread list.
//
// A chunk's rows come from one of two row sources with the same interface (step, columnType, columnInt,
// columnText), and the readers are written once for both: an sql::Statement over the chunk's rowids, or
// DirectRows, which decodes the same columns straight from the leaf pages (several times faster than
// SQLite's VDBE). A chunk the direct reader cannot read whole is read again through SQLite.

#include "import/common/sqlite_btree.h"
#include "opscope/errors.h"
#include "opscope/profile.h"
#include "opscope/progress.h"
#include "store/sqlite_util.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace opscope::importers::nsys {

// ---- Identifiers ---------------------------------------------------------------------------------

// globalTid / globalPid: tid in the low 24 bits, pid in the next 24; the upper bytes hold VM and
// hardware ids, which OpScope does not keep.
inline uint32_t pidOf(int64_t globalId)
{
    return uint32_t((uint64_t(globalId) >> 24) & 0xFFFFFF);
}
inline uint32_t tidOf(int64_t globalId)
{
    return uint32_t(uint64_t(globalId) & 0xFFFFFF);
}
// One key per (pid, tid): threads are interned by it.
inline uint64_t threadKey(int64_t globalTid)
{
    return uint64_t(globalTid) & 0xFFFFFFFFFFFFull;
}

// A text reference held in a chunk: an nsys StringIds id, or (with kLocalText set) an index into the
// chunk's own string table; kNoString when there is none.
inline constexpr uint32_t kLocalText = 0x80000000u;
inline uint32_t stringIdRef(int64_t id)
{
    return id >= 0 && id < int64_t(kLocalText) ? uint32_t(id) : kNoString;
}

// Activity index targets: kernels[i] or, with kSyncTarget set, syncs[i].
inline constexpr uint32_t kSyncTarget = 0x80000000u;

// ---- Schema --------------------------------------------------------------------------------------

// A column a reader takes: its name and the SQL literal that stands in for it where the table lacks it
// ("0", "-1", "NULL"); a null fallback marks a required column.
struct WantedColumn {
    const char *name;
    const char *fallback;
};

// The columns of one table, read once with pragma table_info: nsys adds and moves columns between
// versions, so every query names its columns.
class TableColumns {
public:
    TableColumns(sql::Database &db, const std::string &table);
    bool has(std::string_view column) const;
    // The SELECT list for `wanted`; a column the table lacks is replaced by its fallback; a missing
    // required column throws FileError naming it.
    std::string selectList(std::span<const WantedColumn> wanted) const;

private:
    std::string path_;
    std::string table_;
    std::vector<std::string> columns_;
};

// The tables of the file, read once from sqlite_master. Views are no tables (nsys writes its events
// into tables): they are listed apart, for the message that names one where a table was expected.
class TableSet {
public:
    explicit TableSet(sql::Database &db);
    bool has(std::string_view table) const;
    bool isView(std::string_view name) const;
    const std::vector<std::string> &names() const { return names_; }
    const std::vector<std::string> &views() const { return views_; }

private:
    std::vector<std::string> names_;
    std::vector<std::string> views_;
};

// ---- StringIds -----------------------------------------------------------------------------------

// The StringIds table in memory (one scan), each text interned into the profile on first use only.
class NsysStrings {
public:
    void load(sql::Database &db);
    // The profile's StringId of StringIds[id]; kNoString when absent.
    StringId intern(Profile &p, uint32_t id);
    // Same, for API names: without nsys's version suffix ("cudaMalloc_v3020" -> "cudaMalloc").
    StringId internApiName(Profile &p, uint32_t id);
    size_t size() const { return spans_.size(); }

private:
    struct Span {
        uint64_t offset = 0;
        uint32_t length = UINT32_MAX; // UINT32_MAX: no such id
    };
    bool find(uint32_t id, std::string_view &out) const;

    std::string arena_;
    std::vector<Span> spans_;                      // by id, for the dense ids nsys writes
    std::unordered_map<uint32_t, Span> sparse_;    // ids far beyond the row count
    std::vector<StringId> interned_, apiInterned_; // by id, kNoString until first use
    std::unordered_map<uint32_t, StringId> sparseInterned_, sparseApiInterned_;
};

// Strips a trailing "_v<digits>".
std::string_view stripApiVersion(std::string_view name);

// ---- Correlation -----------------------------------------------------------------------------------

// GPU work (kernels, syncs) by (process, correlation id), so the runtime API call that launched it can
// find it while API rows are read. Correlation ids are unique only within a process. Per process: a
// bitmap of the ids in use with a rank per 64-bit word, then the targets of each id in CSR form; ids
// too sparse for a bitmap fall back to a sorted list.
class ActivityIndex {
public:
    void add(uint32_t pid, uint32_t correlation, uint32_t target);
    // Makes the index searchable; add() is not allowed after it.
    void build();
    bool empty() const { return processes_.empty(); }

    template <class F> void forEach(uint32_t pid, uint32_t correlation, F &&f) const
    {
        const Process *proc = findProcess(pid);
        if (!proc)
            return;
        uint32_t first = 0, last = 0;
        if (proc->lookup(correlation, first, last))
            for (uint32_t i = first; i < last; ++i)
                f(proc->targets[i]);
    }

private:
    struct Process {
        uint32_t pid = 0;
        std::vector<std::pair<uint32_t, uint32_t>> entries; // (correlation, target) until build()
        bool dense = false;
        std::vector<uint64_t> bits;       // dense: bit c set when correlation c has targets
        std::vector<uint32_t> wordRank;   // dense: keys before word w
        std::vector<uint32_t> offsets;    // dense: targets of key k are [offsets[k], offsets[k+1])
        std::vector<uint32_t> sortedKeys; // sparse: the correlation of each target, ascending
        std::vector<uint32_t> targets;
        bool lookup(uint32_t correlation, uint32_t &first, uint32_t &last) const;
    };
    const Process *findProcess(uint32_t pid) const;

    std::vector<Process> processes_;
    Process *last_ = nullptr;
};

// ---- Chunks and readers ----------------------------------------------------------------------------

enum class TableKind : uint8_t { Kernel, Memcpy, Memset, Sync, Runtime, Driver, Nvtx };

// A runtime API call that launched GPU work: ActivityIndex target -> the chunk's thread.
struct LaunchLink {
    uint32_t target = 0;
    uint32_t localThread = 0;
};

// What one task read from one table. Only the vector of its table's kind is used.
struct Chunk {
    bool direct = false;            // read straight from the b-tree
    const char *fallback = nullptr; // why the direct reader gave the chunk back to SQLite
    std::vector<Kernel> kernels;    // launch_thread holds the pid until the merge
    // (index in kernels, graphNodeId) of the kernels replayed from a CUDA graph.
    std::vector<std::pair<uint32_t, int64_t>> graphNodes;
    std::vector<MemoryOp> memoryOps;
    std::vector<GpuSync> syncs;    // thread holds the pid until the merge
    std::vector<ApiCall> apiCalls; // name: StringIds id; thread: index into `threads`
    std::vector<Range> ranges;     // text: text reference; domain: nsys domainId; thread: local
    std::vector<LaunchLink> links;
    std::vector<int64_t> threads;                           // local thread index -> globalTid
    StringTable texts;                                      // texts stored inline in the rows (kLocalText references)
    std::vector<std::pair<uint32_t, uint32_t>> threadNames; // NVTX thread names: (local thread, text)
    std::vector<std::pair<uint32_t, uint32_t>> domainNames; // NVTX DomainCreate: (domainId, text)
    uint64_t expectedRows = 0;                              // the rowid span of the task, for reserving
    uint64_t rowsRead = 0;
    uint64_t skippedOpenRanges = 0;                             // NVTX ranges without an end
    uint64_t skippedBacktraces = 0;                             // runtime rows of eventClass 67
    uint64_t skippedOtherClass = 0;                             // runtime rows of another eventClass
    uint64_t skippedBadTimes = 0;                               // rows whose start or end is not an integer
    std::vector<std::pair<int64_t, uint64_t>> skippedNvtxTypes; // (eventType, rows)
    int64_t minStart = INT64_MAX;
    int64_t maxEnd = INT64_MIN;

    // The chunk's index of a thread: rows come in runs from one thread, so the last one is cached; a
    // short list is searched, a long one hashed.
    uint32_t localThread(int64_t globalTid)
    {
        if (lastThread_ != UINT32_MAX && threads[lastThread_] == globalTid)
            return lastThread_;
        if (threads.size() <= kLinearThreads) {
            for (uint32_t i = 0; i < threads.size(); ++i)
                if (threads[i] == globalTid)
                    return lastThread_ = i;
        } else if (auto it = threadIndex_.find(globalTid); it != threadIndex_.end()) {
            return lastThread_ = it->second;
        }
        threads.push_back(globalTid);
        lastThread_ = uint32_t(threads.size() - 1);
        if (threads.size() == kLinearThreads + 1)
            for (uint32_t i = 0; i < threads.size(); ++i)
                threadIndex_.emplace(threads[i], i);
        else if (threads.size() > kLinearThreads + 1)
            threadIndex_.emplace(globalTid, lastThread_);
        return lastThread_;
    }
    void noteTimes(int64_t start, int64_t end)
    {
        minStart = start < minStart ? start : minStart;
        maxEnd = end > maxEnd ? end : maxEnd;
    }

private:
    static constexpr size_t kLinearThreads = 16;
    uint32_t lastThread_ = UINT32_MAX;
    std::unordered_map<int64_t, uint32_t> threadIndex_; // once there are more than kLinearThreads
};

// What a reader may look at besides its statement.
struct ReadContext {
    const Progress *progress = nullptr;
    const std::atomic<bool> *stop = nullptr;
    const ActivityIndex *activities = nullptr; // built before API rows are read
    // Throws Cancelled when the user cancelled or another worker failed; readers call it every few
    // thousand rows.
    void checkStop() const
    {
        if ((stop && stop->load(std::memory_order_relaxed)) || (progress && progress->cancelled()))
            throw Cancelled();
    }
};
inline constexpr uint64_t kCheckEveryRows = 4096;

// Steps through the rows of a statement, checking for a stop every kCheckEveryRows; `read` reads the
// current row.
template <class Rows, class Read> void forEachRow(Rows &st, Chunk &chunk, const ReadContext &ctx, Read &&read)
{
    while (st.step()) {
        if ((++chunk.rowsRead % kCheckEveryRows) == 0)
            ctx.checkStop();
        read();
    }
}

// ---- Direct reading ---------------------------------------------------------------------------------

// Where a selected column's value comes from in the direct reader: a field of the record, the rowid (an
// INTEGER PRIMARY KEY is stored as NULL in the record), or the constant that stands in for a missing column.
struct ColumnSource {
    enum Kind : uint8_t { Field, Rowid, Constant, Null };
    Kind kind = Null;
    uint32_t field = 0;
    int64_t value = 0;
};

// A table that can be read straight from its b-tree: its leaves and its columns in SELECT-list order.
struct DirectTable {
    std::shared_ptr<const sqlite_btree::File> file;
    std::vector<sqlite_btree::Leaf> leaves;
    std::vector<ColumnSource> columns;
    uint32_t fields = 0; // record fields to decode: one past the highest used
};

// The direct plan for `table` whose readers take `wanted`; nullptr, with the reason, when the table cannot
// be read directly (not a plain rowid table, generated or defaulted columns). Throws FileError when its
// interior pages are damaged.
std::shared_ptr<const DirectTable> planDirectRead(sql::Database &db, std::shared_ptr<const sqlite_btree::File> file,
                                                  const std::string &table, const TableColumns &columns,
                                                  std::span<const WantedColumn> wanted, std::string &whyNot);

// The error for a damaged page met while reading `table` directly.
FileError damagedTable(const std::string &path, const std::string &table, const sqlite_btree::Damaged &damage);

// The rows of leaves [firstLeaf, endLeaf) of a DirectTable, as an sql::Statement on the table's SELECT would
// give them. Whatever it would have to convert the way SQLite does (a REAL or TEXT read as an integer, an
// integer read as text) throws sqlite_btree::Unsupported; a damaged page throws sqlite_btree::Damaged.
class DirectRows {
public:
    DirectRows(const DirectTable &table, size_t firstLeaf, size_t endLeaf, std::optional<int64_t> afterRowid)
        : columns_(table.columns.data()),
          cursor_(*table.file, table.leaves.data() + firstLeaf, table.leaves.data() + endLeaf, afterRowid, table.fields)
    {
    }
    bool step() { return cursor_.next(); }
    int columnType(int c) const
    {
        const ColumnSource &s = columns_[c];
        if (s.kind == ColumnSource::Field) {
            const uint64_t t = cursor_.type(s.field);
            return t == 0                           ? SQLITE_NULL
                   : sqlite_btree::isIntegerType(t) ? SQLITE_INTEGER
                   : t == 7                         ? SQLITE_FLOAT
                   : sqlite_btree::isTextType(t)    ? SQLITE_TEXT
                                                    : SQLITE_BLOB;
        }
        return s.kind == ColumnSource::Null ? SQLITE_NULL : SQLITE_INTEGER;
    }
    int64_t columnInt(int c) const
    {
        const ColumnSource &s = columns_[c];
        switch (s.kind) {
        case ColumnSource::Field:
            return cursor_.integer(s.field);
        case ColumnSource::Rowid:
            return cursor_.rowid();
        case ColumnSource::Constant:
            return s.value;
        case ColumnSource::Null:
            break;
        }
        return 0;
    }
    std::string_view columnText(int c) const
    {
        const ColumnSource &s = columns_[c];
        const int type = columnType(c);
        if (type == SQLITE_NULL)
            return {};
        if (s.kind != ColumnSource::Field || type != SQLITE_TEXT)
            throw sqlite_btree::Unsupported{"a value read as text is not text"};
        return cursor_.bytes(s.field);
    }

private:
    const ColumnSource *columns_;
    sqlite_btree::RowCursor cursor_;
};

// ---- Readers ---------------------------------------------------------------------------------------

// The columns each reader takes, in the order it reads them (its SELECT list, and its DirectTable columns).
std::span<const WantedColumn> kernelColumns();
std::span<const WantedColumn> memcpyColumns();
std::span<const WantedColumn> memsetColumns();
std::span<const WantedColumn> syncColumns();
std::span<const WantedColumn> apiColumns();
std::span<const WantedColumn> nvtxColumns();
// Row loops, for Rows = sql::Statement (bound to ?1 ?2, the first and last rowid of a chunk) or DirectRows.
template <class Rows> void readKernels(Rows &st, Chunk &chunk, const ReadContext &ctx);
template <class Rows> void readMemcpys(Rows &st, Chunk &chunk, const ReadContext &ctx);
template <class Rows> void readMemsets(Rows &st, Chunk &chunk, const ReadContext &ctx);
template <class Rows> void readSyncs(Rows &st, Chunk &chunk, const ReadContext &ctx);
template <class Rows> void readApiCalls(Rows &st, Chunk &chunk, const ReadContext &ctx, ApiKind tableKind);
template <class Rows> void readNvtx(Rows &st, Chunk &chunk, const ReadContext &ctx);

// ---- CUDA graphs -----------------------------------------------------------------------------------

// Fills p.graph_node_launches for the kernels replayed from CUDA graphs, (kernel, graphNodeId) in
// `kernelNodes`, from CUDA_GRAPH_NODE_EVENTS (nsys_graphs.cpp); p.api_calls must be in start order.
// `findThread` gives the profile's thread of a globalTid, kNoIndex when it has none. Warns about the
// replayed kernels whose capture is not in the report.
// CUDA_GPU_MEMORY_USAGE_EVENTS (nsys --cuda-memory-usage=true) as segment samples of the reserved
// memory per device; nothing without the table. After the API calls are read (their threads).
void readGpuMemoryUsage(sql::Database &db, const TableSet &tables, Profile &p);

// One report of several processes that launched kernels (a single nsys session over a job): each
// process a rank, from NCCL's NVTX payloads (exported with --include-json true) or else the GPU it drove
// (with a warning); NCCL kernels get comm.* counters from the NCCL call around their launch
// (nsys_ranks.cpp). Nothing for one process. After the merge (threads, API calls), before finalize.
void assignProcessRanks(sql::Database &db, const TableSet &tables, Profile &p,
                        const std::function<Index(int64_t globalTid)> &findThread);

void linkGraphNodeLaunches(sql::Database &db, const TableSet &tables, Profile &p,
                           const std::vector<std::pair<Index, int64_t>> &kernelNodes,
                           const std::function<Index(int64_t globalTid)> &findThread);

// ---- Parallel scan ---------------------------------------------------------------------------------

// One event table to read: its query, its rowid range and the phase it belongs to. Phase 0 (GPU
// activity) is merged completely before any phase 1 task (API calls, NVTX) starts, so API rows can
// look their GPU work up in the ActivityIndex.
struct TableScan {
    TableKind kind = TableKind::Kernel;
    std::string table;
    std::string query;
    std::shared_ptr<const DirectTable> direct; // read from the b-tree when set, else (and as fallback) by query
    int64_t firstRowid = 0;
    int64_t lastRowid = -1;
    int phase = 0;
    // The rowid span, in unsigned arithmetic (rowids may be anything from INT64_MIN to INT64_MAX).
    uint64_t rows() const
    {
        if (lastRowid < firstRowid)
            return 0;
        const uint64_t span = uint64_t(lastRowid) - uint64_t(firstRowid);
        return span == UINT64_MAX ? span : span + 1;
    }
};

struct ScanCallbacks {
    // Reads one chunk of `scan` with `st` (already bound to the chunk's rowids).
    std::function<void(const TableScan &scan, sql::Statement &st, Chunk &chunk, const ReadContext &ctx)> read;
    // Reads one chunk of `scan` from its b-tree (the same readers as `read`, on DirectRows).
    std::function<void(const TableScan &scan, DirectRows &rows, Chunk &chunk, const ReadContext &ctx)> readDirect;
    // Merges a chunk; called for each table's chunks in rowid order, one call at a time.
    std::function<void(const TableScan &scan, Chunk &chunk)> merge;
    // Called once when every phase 0 chunk is merged (under the merge lock, before phase 1 reads).
    std::function<void()> phaseDone;
};

// Reads `scans` on up to `workers` connections (the calling thread uses `db`; the others open `path`
// read-only). Reports progress from the calling thread; rethrows the first failure of any worker.
void scanTables(sql::Database &db, const std::vector<TableScan> &scans, unsigned workers, const Progress &progress,
                const ReadContext &baseContext, const ScanCallbacks &callbacks);

// ---- The import -------------------------------------------------------------------------------------

// What the import read how, for tests and the benchmark.
struct ReaderStats {
    std::vector<std::pair<std::string, std::string>> sqliteTables; // (table, why it was not read directly)
    uint64_t directChunks = 0;
    uint64_t fallbackChunks = 0; // chunks the direct reader handed back to SQLite
    uint64_t sqliteChunks = 0;   // chunks of tables read through SQLite from the start
};
// importNsysSqlite with the reader chosen: `direct` false reads every table through SQLite.
Profile importSqlite(const std::string &path, const Progress &progress, bool direct, ReaderStats *stats);

// ---- Other tables ----------------------------------------------------------------------------------

// TARGET_INFO_GPU (2022+) or TARGET_INFO_CUDA_GPU (2021) into p.devices.
void readDevices(sql::Database &db, const TableSet &tables, Profile &p);
// nsys_version / nsys_export_schema from META_DATA_EXPORT (2023+) or EXPORT_META_DATA (2022).
void readExportMetadata(sql::Database &db, const TableSet &tables, Profile &p);
// The capture span from ANALYSIS_DETAILS; false when the table is absent or empty.
bool readAnalysisSpan(sql::Database &db, const TableSet &tables, Profile &p);
// ThreadNames: threadKey -> StringIds id of the name.
std::unordered_map<uint64_t, uint32_t> readThreadNames(sql::Database &db, const TableSet &tables);
// Per-thread nesting depth of ranges (push/pop and start/end each on their own), after sorting them by
// start ascending, end descending.
void sortAndNestRanges(Profile &p);

} // namespace opscope::importers::nsys
