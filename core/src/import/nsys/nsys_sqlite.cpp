// Nsight Systems SQLite export (`nsys export --type sqlite`), schemas of 2021 to 2026.
// See shared/research/formats.md §1: tables are created lazily and columns move between versions, so
// every table is looked up in sqlite_master and every column selected by name.
#include "import/importers.h"
#include "import/nsys/nsys_sqlite_internal.h"
#include "opscope/concurrency/cores.h"
#include "opscope/concurrency/fresh_memory.h"
#include "opscope/format_ids.h"

#include "opscope/errors.h"
#include "opscope/file_util.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <thread>

namespace opscope::importers {

using namespace nsys;

namespace {

// Below this many rows a second connection costs more than it saves.
constexpr uint64_t kParallelMinRows = 100000;
constexpr unsigned kMaxWorkers = 8;
// No event row takes fewer bytes in the file (its integers alone take more).
constexpr uint64_t kMinRowBytes = 16;

struct EventTable {
    const char *name;
    TableKind kind;
    int phase; // 0: GPU work, read first; 1: API calls and NVTX, which look GPU work up
};
constexpr std::array<EventTable, 7> kEventTables = {{
    {"CUPTI_ACTIVITY_KIND_KERNEL", TableKind::Kernel, 0},
    {"CUPTI_ACTIVITY_KIND_MEMCPY", TableKind::Memcpy, 0},
    {"CUPTI_ACTIVITY_KIND_MEMSET", TableKind::Memset, 0},
    {"CUPTI_ACTIVITY_KIND_SYNCHRONIZATION", TableKind::Sync, 0},
    {"CUPTI_ACTIVITY_KIND_RUNTIME", TableKind::Runtime, 1},
    {"CUPTI_ACTIVITY_KIND_DRIVER", TableKind::Driver, 1},
    {"NVTX_EVENTS", TableKind::Nvtx, 1},
}};

// nsys's names, as tables or as views: a file that has them as views is still meant as an export, and its
// import says what is wrong with it.
bool looksLikeNsysTables(const TableSet &tables)
{
    for (const auto *names : {&tables.names(), &tables.views()})
        for (const std::string &name : *names)
            if (name == "StringIds" || name == "NVTX_EVENTS" || name.rfind("CUPTI_ACTIVITY_KIND_", 0) == 0)
                return true;
    return false;
}

std::span<const WantedColumn> columnsOf(TableKind kind)
{
    switch (kind) {
    case TableKind::Kernel:
        return kernelColumns();
    case TableKind::Memcpy:
        return memcpyColumns();
    case TableKind::Memset:
        return memsetColumns();
    case TableKind::Sync:
        return syncColumns();
    case TableKind::Runtime:
    case TableKind::Driver:
        return apiColumns();
    case TableKind::Nvtx:
        return nvtxColumns();
    }
    return {};
}

// A chunk's SELECT, with ?1 ?2 as its first and last rowid.
std::string chunkQuery(const std::string &table, const TableColumns &columns, std::span<const WantedColumn> wanted)
{
    return "SELECT " + columns.selectList(wanted) + " FROM \"" + table + "\" WHERE rowid BETWEEN ?1 AND ?2";
}

template <class Rows> void readChunk(const TableScan &scan, Rows &st, Chunk &chunk, const ReadContext &ctx)
{
    switch (scan.kind) {
    case TableKind::Kernel:
        return readKernels(st, chunk, ctx);
    case TableKind::Memcpy:
        return readMemcpys(st, chunk, ctx);
    case TableKind::Memset:
        return readMemsets(st, chunk, ctx);
    case TableKind::Sync:
        return readSyncs(st, chunk, ctx);
    case TableKind::Runtime:
        return readApiCalls(st, chunk, ctx, ApiKind::Runtime);
    case TableKind::Driver:
        return readApiCalls(st, chunk, ctx, ApiKind::Driver);
    case TableKind::Nvtx:
        return readNvtx(st, chunk, ctx);
    }
}

// The first and last rowid: O(log n) where count(*) reads the whole table. nsys never deletes rows,
// so the span is the row count; it sizes the vectors and cuts the table into chunks.
void rowidRange(sql::Database &db, TableScan &scan)
{
    scan.firstRowid = db.queryInt("SELECT rowid FROM \"" + scan.table + "\" ORDER BY rowid ASC LIMIT 1", 0);
    scan.lastRowid = db.queryInt("SELECT rowid FROM \"" + scan.table + "\" ORDER BY rowid DESC LIMIT 1", -1);
    if (scan.lastRowid < scan.firstRowid)
        scan.firstRowid = 0, scan.lastRowid = -1; // empty
}

template <class T> bool sortByStartIfNeeded(std::vector<T> &events)
{
    auto byStart = [](const T &a, const T &b) { return a.start_ns < b.start_ns; };
    if (std::is_sorted(events.begin(), events.end(), byStart))
        return false;
    std::stable_sort(events.begin(), events.end(), byStart);
    return true;
}

// Gives back what the row-count estimate over-reserved when it is a sizeable part.
template <class T> void trimCapacity(std::vector<T> &events)
{
    if (events.capacity() - events.size() > events.capacity() / 8)
        events.shrink_to_fit();
}

// Turns chunks into profile rows, one chunk at a time, and keeps what the final passes need.
class Merger {
public:
    Merger(Profile &p, NsysStrings &strings, std::unordered_map<uint64_t, uint32_t> threadNameIds)
        : p_(p), strings_(strings), threadNameIds_(std::move(threadNameIds))
    {
    }

    // Faults in the pages of the vectors reserved for the tables' rows on a thread of its own while the
    // tables are read, instead of in the merge, one page fault at a time (fresh_memory.h). It stops
    // before any of them could move: at the first chunk that does not fit, and before the final passes.
    void touchReservedPages()
    {
        toucher_.emplace();
        touchFree(0, p_.kernels);
        touchFree(1, p_.api_calls);
        touchFree(2, p_.ranges);
        touchFree(3, p_.memory_ops);
        touchFree(4, p_.syncs);
    }
    void stopTouching() { toucher_.reset(); }

    const ActivityIndex &activities() const { return activities_; }
    void buildActivityIndex() { activities_.build(); }

    void merge(const TableScan &scan, Chunk &chunk)
    {
        ++(chunk.direct ? directChunks : chunk.fallback ? fallbackChunks : sqliteChunks);
        if (toucher_ && !fits(scan.kind, chunk))
            stopTouching();
        const std::vector<StringId> texts = internTexts(chunk);
        std::vector<Index> threads(chunk.threads.size());
        for (size_t i = 0; i < threads.size(); ++i)
            threads[i] = threadOf(chunk.threads[i]);
        switch (scan.kind) {
        case TableKind::Kernel:
            for (const auto &[local, node] : chunk.graphNodes)
                kernelGraphNodes_.emplace_back(Index(p_.kernels.size() + local), node);
            for (Kernel &k : chunk.kernels) {
                activities_.add(k.launch_thread, k.correlation_id, Index(p_.kernels.size()));
                k.launch_thread = kNoIndex; // set when its API call is read
                k.name = resolve(k.name, texts);
                k.short_name = resolve(k.short_name, texts);
                p_.kernels.push_back(k);
            }
            break;
        case TableKind::Memcpy:
        case TableKind::Memset:
            p_.memory_ops.insert(p_.memory_ops.end(), chunk.memoryOps.begin(), chunk.memoryOps.end());
            break;
        case TableKind::Sync:
            for (GpuSync &s : chunk.syncs) {
                activities_.add(s.thread, s.correlation_id, Index(p_.syncs.size()) | kSyncTarget);
                s.thread = kNoIndex;
                p_.syncs.push_back(s);
            }
            break;
        case TableKind::Runtime:
        case TableKind::Driver:
            for (ApiCall &a : chunk.apiCalls) {
                a.thread = threads[a.thread];
                a.name = a.name == kNoString ? kNoString : strings_.internApiName(p_, a.name);
                p_.api_calls.push_back(a);
            }
            for (const LaunchLink &link : chunk.links) {
                const Index thread = threads[link.localThread];
                if (link.target & kSyncTarget)
                    p_.syncs[link.target & ~kSyncTarget].thread = thread;
                else
                    p_.kernels[link.target].launch_thread = thread;
            }
            hasApiTable_ = true;
            break;
        case TableKind::Nvtx:
            for (Range &r : chunk.ranges) {
                r.thread = threads[r.thread];
                r.text = resolve(r.text, texts);
                p_.ranges.push_back(r);
            }
            for (const auto &[local, text] : chunk.threadNames)
                nvtxThreadNames_[threads[local]] = resolve(text, texts);
            for (const auto &[domain, text] : chunk.domainNames)
                domainNames_[domain] = resolve(text, texts);
            break;
        }
        skippedOpenRanges_ += chunk.skippedOpenRanges;
        skippedBacktraces_ += chunk.skippedBacktraces;
        skippedOtherClass_ += chunk.skippedOtherClass;
        skippedBadTimes_ += chunk.skippedBadTimes;
        for (const auto &[type, rows] : chunk.skippedNvtxTypes) {
            auto it = std::find_if(skippedNvtxTypes_.begin(), skippedNvtxTypes_.end(),
                                   [type = type](const auto &e) { return e.first == type; });
            if (it == skippedNvtxTypes_.end())
                skippedNvtxTypes_.emplace_back(type, rows);
            else
                it->second += rows;
        }
        minStart_ = std::min(minStart_, chunk.minStart);
        maxEnd_ = std::max(maxEnd_, chunk.maxEnd);
    }

    // The passes that need every row: names, domains, nesting, order, span, warnings.
    void finish(bool haveSpan)
    {
        clampBackwardTimes();
        nameThreads();
        nameDomains();
        sortAndNestRanges(p_);
        sortByStartIfNeeded(p_.api_calls);
        sortByStartIfNeeded(p_.memory_ops);
        sortByStartIfNeeded(p_.syncs);
        trimCapacity(p_.kernels);
        trimCapacity(p_.api_calls);
        trimCapacity(p_.ranges);
        if (!haveSpan && minStart_ <= maxEnd_) {
            p_.span_start_ns = minStart_;
            p_.span_end_ns = maxEnd_;
        }
        addWarnings();
    }

    // (kernel, graphNodeId) of the kernels replayed from CUDA graphs, and the thread of a globalTid
    // (kNoIndex when no row had it): for linkGraphNodeLaunches once every row is merged.
    const std::vector<std::pair<Index, int64_t>> &kernelGraphNodes() const { return kernelGraphNodes_; }
    Index findThread(int64_t globalTid) const
    {
        auto it = threadIndex_.find(threadKey(globalTid));
        return it == threadIndex_.end() ? kNoIndex : it->second;
    }

    bool empty() const
    {
        return p_.kernels.empty() && p_.api_calls.empty() && p_.ranges.empty() && p_.memory_ops.empty() &&
               p_.syncs.empty();
    }

    // Chunks merged, by the way they were read (ReaderStats).
    uint64_t directChunks = 0, fallbackChunks = 0, sqliteChunks = 0;

private:
    template <class T> void touchFree(size_t region, const std::vector<T> &v)
    {
        fresh::touchFree(*toucher_, region, v);
    }

    template <class T, class U> static bool fitsIn(const std::vector<T> &v, const std::vector<U> &rows)
    {
        return v.size() + rows.size() <= v.capacity();
    }
    bool fits(TableKind kind, const Chunk &chunk) const
    {
        switch (kind) {
        case TableKind::Kernel:
            return fitsIn(p_.kernels, chunk.kernels);
        case TableKind::Memcpy:
        case TableKind::Memset:
            return fitsIn(p_.memory_ops, chunk.memoryOps);
        case TableKind::Sync:
            return fitsIn(p_.syncs, chunk.syncs);
        case TableKind::Runtime:
        case TableKind::Driver:
            return fitsIn(p_.api_calls, chunk.apiCalls);
        case TableKind::Nvtx:
            return fitsIn(p_.ranges, chunk.ranges);
        }
        return false;
    }

    std::vector<StringId> internTexts(const Chunk &chunk)
    {
        std::vector<StringId> out(chunk.texts.size());
        for (size_t i = 0; i < out.size(); ++i)
            out[i] = p_.intern(chunk.texts.get(StringId(i)));
        return out;
    }

    StringId resolve(uint32_t ref, const std::vector<StringId> &texts)
    {
        if (ref == kNoString)
            return kNoString;
        if (ref & kLocalText)
            return texts[ref & ~kLocalText];
        return strings_.intern(p_, ref);
    }

    Index threadOf(int64_t globalTid)
    {
        const uint64_t key = threadKey(globalTid);
        auto [it, added] = threadIndex_.try_emplace(key, Index(p_.threads.size()));
        if (added) {
            p_.threads.push_back({int64_t(pidOf(globalTid)), int64_t(tidOf(globalTid)), kNoString});
            threadKeys_.push_back(key);
        }
        return it->second;
    }

    // Events that end before they start, or whose span does not fit in int64 ns (damaged or hand-edited
    // exports): views and totals need end >= start, so they are kept with duration 0 and counted.
    void clampBackwardTimes()
    {
        const auto clamp = [this](auto &events) {
            for (auto &e : events) {
                int64_t span = 0;
                if (__builtin_sub_overflow(e.end_ns, e.start_ns, &span) || span < 0) {
                    e.end_ns = e.start_ns;
                    ++backwardEvents_;
                }
            }
        };
        clamp(p_.kernels);
        clamp(p_.memory_ops);
        clamp(p_.syncs);
        clamp(p_.api_calls);
        clamp(p_.ranges);
    }

    // An NVTX thread name (what the program called it) wins over the OS name in ThreadNames.
    void nameThreads()
    {
        for (Index i = 0; i < p_.threads.size(); ++i) {
            if (auto it = nvtxThreadNames_.find(i); it != nvtxThreadNames_.end() && it->second != kNoString) {
                p_.threads[i].name = it->second;
            } else if (auto os = threadNameIds_.find(threadKeys_[i]); os != threadNameIds_.end()) {
                p_.threads[i].name = strings_.intern(p_, os->second);
            }
        }
    }

    void nameDomains()
    {
        uint32_t lastDomain = UINT32_MAX;
        StringId lastName = kNoString;
        for (Range &r : p_.ranges) {
            if (r.domain != lastDomain) {
                lastDomain = r.domain;
                auto it = domainNames_.find(r.domain);
                if (it != domainNames_.end() && it->second != kNoString)
                    lastName = it->second;
                else
                    lastName = p_.intern(r.domain == 0 ? std::string("default") : "domain " + std::to_string(r.domain));
            }
            r.domain = lastName;
        }
    }

    void addWarnings()
    {
        if (backwardEvents_)
            p_.warnings.push_back(std::to_string(backwardEvents_) +
                                  " events (kernels, memory operations, syncs, API calls or NVTX ranges) end before "
                                  "they start or span more than 2^63 ns; kept with duration 0");
        if (skippedBadTimes_)
            p_.warnings.push_back(std::to_string(skippedBadTimes_) +
                                  " rows (kernels, memory operations, syncs or API calls) have a start or end that "
                                  "is not an integer (such as 'n/a') and were skipped");
        if (skippedOpenRanges_)
            p_.warnings.push_back("NVTX_EVENTS: " + std::to_string(skippedOpenRanges_) +
                                  " ranges have no end (still open when the capture stopped) and were skipped");
        if (skippedBacktraces_)
            p_.warnings.push_back("CUPTI_ACTIVITY_KIND_RUNTIME: " + std::to_string(skippedBacktraces_) +
                                  " CUDA backtrace rows (eventClass 67) repeat API calls already imported and "
                                  "were skipped");
        if (skippedOtherClass_)
            p_.warnings.push_back("CUPTI_ACTIVITY_KIND_RUNTIME: " + std::to_string(skippedOtherClass_) +
                                  " rows of an eventClass other than 0 (runtime) or 1 (driver) were skipped");
        if (!skippedNvtxTypes_.empty()) {
            std::string types;
            uint64_t rows = 0;
            for (const auto &[type, count] : skippedNvtxTypes_) {
                types += (types.empty() ? "" : ", ") + std::to_string(type) + ": " + std::to_string(count);
                rows += count;
            }
            p_.warnings.push_back("NVTX_EVENTS: " + std::to_string(rows) +
                                  " rows of event types OpScope does not import were skipped (eventType " + types +
                                  ")");
        }
        const auto orphans = std::count_if(p_.kernels.begin(), p_.kernels.end(),
                                           [](const Kernel &k) { return k.launch_thread == kNoIndex; });
        if (orphans && !hasApiTable_)
            p_.warnings.push_back("no CUDA API table (CUPTI_ACTIVITY_KIND_RUNTIME): kernels have no launching "
                                  "thread, so NVTX ranges cannot be tied to them exactly");
        else if (orphans)
            p_.warnings.push_back(std::to_string(orphans) +
                                  " kernels have no launching CUDA API call in the capture (no runtime or driver "
                                  "row of their process with their correlation id)");
    }

    Profile &p_;
    NsysStrings &strings_;
    ActivityIndex activities_;
    std::unordered_map<uint64_t, Index> threadIndex_;
    std::vector<uint64_t> threadKeys_; // by thread index
    std::vector<std::pair<Index, int64_t>> kernelGraphNodes_;
    std::unordered_map<uint64_t, uint32_t> threadNameIds_;
    std::unordered_map<Index, StringId> nvtxThreadNames_;
    std::unordered_map<uint32_t, StringId> domainNames_;
    uint64_t skippedOpenRanges_ = 0, skippedBacktraces_ = 0, skippedOtherClass_ = 0, backwardEvents_ = 0,
             skippedBadTimes_ = 0;
    std::vector<std::pair<int64_t, uint64_t>> skippedNvtxTypes_;
    int64_t minStart_ = INT64_MAX, maxEnd_ = INT64_MIN;
    bool hasApiTable_ = false;
    std::optional<fresh::PageToucher> toucher_; // last: stops before anything it touches goes
};

} // namespace

bool detectNsysSqlite(const FileProbe &probe)
{
    if (probe.directory || probe.head.size() < 100 || !hasSqliteMagic(probe.head))
        return false;
    try {
        sql::Database db(probe.path, true);
        return looksLikeNsysTables(TableSet(db));
    } catch (const FileError &) {
        // The list of tables cannot be read (a truncated or damaged file): claim it when nsys's tables
        // are named on its first pages, so the import can say what is wrong rather than "unknown format".
        return probe.head.find("CREATE TABLE StringIds") != std::string::npos;
    }
}

Profile importNsysSqlite(const std::string &path, const Progress &progress)
{
    // OPSCOPE_NSYS_READER=sqlite reads every table through SQLite: the reference, should the direct
    // reader ever be in doubt.
    const char *reader = std::getenv("OPSCOPE_NSYS_READER");
    return importSqlite(path, progress, !(reader && std::string_view(reader) == "sqlite"), nullptr);
}

Profile nsys::importSqlite(const std::string &path, const Progress &progress, bool direct, ReaderStats *stats)
{
    progress.report(0.0, "Opening Nsight Systems export");
    // Used by this thread alone (workers open their own connections).
    sql::Database db(path, true, SQLITE_OPEN_NOMUTEX);
    db.watch(progress);
    const TableSet tables(db);
    if (tables.isView("StringIds"))
        throw FileError(path, "not an Nsight Systems export: its StringIds is a view, not a table (nsys writes tables; "
                              "OpScope reads no views)");
    if (!tables.has("StringIds"))
        throw FileError(path, "not an Nsight Systems export: it has no StringIds table");
    std::vector<std::string> viewsLeftOut;

    // The direct reader, where the file allows it; each table may still refuse it on its own.
    std::shared_ptr<const sqlite_btree::File> file;
    std::string whyNotDirect = "turned off";
    if (direct)
        file = sqlite_btree::File::open(path, whyNotDirect);
    std::vector<TableScan> scans;
    for (const EventTable &table : kEventTables) {
        if (tables.isView(table.name))
            viewsLeftOut.emplace_back(table.name);
        if (!tables.has(table.name))
            continue;
        TableScan scan;
        scan.kind = table.kind;
        scan.table = table.name;
        scan.phase = table.phase;
        const TableColumns columns(db, table.name);
        scan.query = chunkQuery(table.name, columns, columnsOf(table.kind));
        std::string whyNot = whyNotDirect;
        if (file)
            scan.direct = planDirectRead(db, file, table.name, columns, columnsOf(table.kind), whyNot);
        if (!scan.direct && stats)
            stats->sqliteTables.emplace_back(table.name, whyNot);
        rowidRange(db, scan);
        scans.push_back(std::move(scan));
    }
    if (scans.empty() && !viewsLeftOut.empty())
        throw FileError(path, "not an Nsight Systems export: its event tables are views, not tables (" +
                                  viewsLeftOut.front() + "...; nsys writes tables, OpScope reads no views)");
    if (scans.empty()) {
        std::string names;
        for (const EventTable &table : kEventTables)
            names += (names.empty() ? "" : ", ") + std::string(table.name);
        throw FileError(path, "an Nsight Systems export without any CUDA or NVTX event table (none of " + names +
                                  "); nsys exports only tables that have rows: was the capture made with "
                                  "--trace=cuda,nvtx?");
    }

    Profile p;
    p.source_format = format_id::kNsysSqlite;
    p.source_path = path;
    readExportMetadata(db, tables, p);
    readDevices(db, tables, p);
    const bool haveSpan = readAnalysisSpan(db, tables, p);
    progress.report(0.0, "Reading StringIds");
    NsysStrings strings;
    strings.load(db);
    progress.checkCancel();

    // The rowid span is the row count in nsys's files; the file size bounds it should rowids have gaps.
    std::error_code sizeError;
    const uint64_t maxRows = std::filesystem::file_size(path, sizeError) / kMinRowBytes;
    uint64_t totalRows = 0;
    for (const TableScan &scan : scans) {
        totalRows += scan.rows();
        const size_t rows = size_t(std::min(scan.rows(), sizeError ? uint64_t(0) : maxRows));
        switch (scan.kind) {
        case TableKind::Kernel:
            p.kernels.reserve(rows);
            break;
        case TableKind::Memcpy:
        case TableKind::Memset:
            p.memory_ops.reserve(p.memory_ops.capacity() + rows);
            break;
        case TableKind::Sync:
            p.syncs.reserve(rows);
            break;
        case TableKind::Runtime:
        case TableKind::Driver:
            p.api_calls.reserve(p.api_calls.capacity() + rows);
            break;
        case TableKind::Nvtx:
            p.ranges.reserve(rows);
            break;
        }
    }

    Merger merger(p, strings, readThreadNames(db, tables));
    if (totalRows >= kParallelMinRows && fresh::touchAheadPays())
        merger.touchReservedPages();
    ReadContext context;
    context.progress = &progress;
    context.activities = &merger.activities();
    ScanCallbacks callbacks;
    callbacks.read = readChunk<sql::Statement>;
    callbacks.readDirect = readChunk<DirectRows>;
    callbacks.merge = [&merger](const TableScan &scan, Chunk &chunk) { merger.merge(scan, chunk); };
    callbacks.phaseDone = [&merger] { merger.buildActivityIndex(); };
    const unsigned workers = totalRows < kParallelMinRows ? 1u : unsigned(concurrency::threadsUpTo(kMaxWorkers));
    scanTables(db, scans, workers, progress, context, callbacks);
    if (stats) {
        stats->directChunks = merger.directChunks;
        stats->fallbackChunks = merger.fallbackChunks;
        stats->sqliteChunks = merger.sqliteChunks;
    }
    // Small tables are read between two of the readers' periodic checks: a cancel asked for meanwhile
    // stops here, before the final passes.
    progress.checkCancel();

    progress.report(1.0, "Nesting NVTX ranges");
    merger.stopTouching();
    merger.finish(haveSpan);
    linkGraphNodeLaunches(db, tables, p, merger.kernelGraphNodes(),
                          [&merger](int64_t globalTid) { return merger.findThread(globalTid); });
    readGpuMemoryUsage(db, tables, p);
    assignProcessRanks(db, tables, p, [&merger](int64_t globalTid) { return merger.findThread(globalTid); });
    if (merger.empty())
        p.warnings.push_back("the CUDA and NVTX tables of this export hold no rows: nothing was captured");
    for (const std::string &view : viewsLeftOut)
        p.warnings.push_back(view + " is a view, not a table, and was left out (nsys writes tables; OpScope reads no "
                                    "views)");
    p.finalize();
    return p;
}

} // namespace opscope::importers
