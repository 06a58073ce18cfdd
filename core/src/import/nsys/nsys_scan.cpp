// Parallel reading of the event tables of an Nsight Systems export in rowid chunks.
//
// SQLite steps about 10 million narrow rows a second on one core; big captures hold tens of millions
// of API rows, so the tables are cut into chunks of rowids and read on several connections at once.
// Chunks are merged strictly in rowid order per table, so the result does not depend on timing.
// A table read directly (DirectTable) is cut into runs of leaf pages instead; each run also knows the
// rowids its parents allow it, so SQLite can read the same rows should the direct reader give up on it.
#include "import/nsys/nsys_sqlite_internal.h"

#include "opscope/concurrency/parallel.h"

#include <algorithm>
#include <condition_variable>
#include <exception>
#include <memory>
#include <mutex>

namespace opscope::importers::nsys {

namespace {

constexpr int64_t kChunkRowids = 1 << 16;
constexpr uint64_t kMaxTasksPerTable = 1 << 14;

struct Task {
    size_t scan = 0;
    int64_t firstRowid = 0; // the rowids SQLite reads for the task
    int64_t lastRowid = 0;
    size_t firstLeaf = 0, endLeaf = 0; // the leaves of a direct task
    uint64_t expectedRows = 0;
};

// Cuts a direct table into runs of leaves of about kChunkRowids rows.
void addLeafTasks(size_t s, const TableScan &scan, std::vector<Task> &tasks)
{
    // An empty table gets no task, as on the SQLite path (whose tasks come from the rowid span).
    if (scan.rows() == 0)
        return;
    const auto &leaves = scan.direct->leaves;
    const uint64_t rowsPerLeaf = std::max<uint64_t>(1, scan.rows() / std::max<size_t>(1, leaves.size()));
    const size_t step = std::max<size_t>({1, size_t(kChunkRowids / rowsPerLeaf), leaves.size() / kMaxTasksPerTable});
    for (size_t lo = 0; lo < leaves.size(); lo += step) {
        const size_t hi = std::min(lo + step, leaves.size());
        // A leaf holds the rowids (previous leaf's maxRowid, its maxRowid]; only the last one's is INT64_MAX.
        const int64_t first = lo == 0 ? INT64_MIN : leaves[lo - 1].maxRowid + 1;
        tasks.push_back(
            {s, first, leaves[hi - 1].maxRowid, lo, hi, std::min<uint64_t>((hi - lo) * rowsPerLeaf, 4 * kChunkRowids)});
    }
}

} // namespace

void scanTables(sql::Database &db, const std::vector<TableScan> &scans, unsigned workers, const Progress &progress,
                const ReadContext &baseContext, const ScanCallbacks &callbacks)
{
    // Phase 0 tasks first: they are handed out in order, so every phase 0 task is taken before any
    // phase 1 task, and a worker waiting for phase 0 never waits on work nobody holds.
    std::vector<Task> tasks;
    std::vector<size_t> firstTask(scans.size()), endTask(scans.size());
    size_t phase0Tasks = 0;
    uint64_t totalRows = 0;
    for (int phase = 0; phase < 2; ++phase) {
        for (size_t s = 0; s < scans.size(); ++s) {
            if (scans[s].phase != phase)
                continue;
            firstTask[s] = tasks.size();
            // Rowids are dense in nsys exports; should a file have huge gaps, bigger chunks keep the
            // number of tasks sane.
            const uint64_t step = std::max<uint64_t>(kChunkRowids, scans[s].rows() / kMaxTasksPerTable);
            if (scans[s].direct) {
                addLeafTasks(s, scans[s], tasks);
            } else if (scans[s].rows() > 0) {
                // Unsigned distances: lo + step may not fit in int64 near the ends of the rowid range.
                const int64_t last = scans[s].lastRowid;
                for (int64_t lo = scans[s].firstRowid;;) {
                    const int64_t hi =
                        uint64_t(last) - uint64_t(lo) < step - 1 ? last : int64_t(uint64_t(lo) + step - 1);
                    tasks.push_back(
                        {s, lo, hi, 0, 0, std::min<uint64_t>(uint64_t(hi) - uint64_t(lo) + 1, kChunkRowids)});
                    if (hi == last)
                        break;
                    lo = hi + 1;
                }
            }
            endTask[s] = tasks.size();
            totalRows += scans[s].rows();
        }
        if (phase == 0)
            phase0Tasks = tasks.size();
    }

    std::mutex mutex; // guards the merge and everything below
    std::condition_variable phaseCv;
    bool phase0Merged = false;
    size_t mergedPhase0 = 0;
    std::vector<std::unique_ptr<Chunk>> ready(tasks.size());
    std::vector<size_t> nextToMerge = firstTask;
    std::exception_ptr failure;
    std::atomic<bool> stop{false};
    std::atomic<size_t> nextTask{0};
    std::atomic<uint64_t> rowsDone{0};

    if (phase0Tasks == 0) {
        callbacks.phaseDone();
        phase0Merged = true;
    }

    auto fail = [&](std::exception_ptr error) {
        std::lock_guard lock(mutex);
        if (!failure)
            failure = error;
        stop = true;
        phaseCv.notify_all();
    };

    auto work = [&](sql::Database &conn, bool reportsProgress) {
        std::vector<std::unique_ptr<sql::Statement>> statements(scans.size());
        ReadContext ctx = baseContext;
        ctx.stop = &stop;
        while (!stop) {
            const size_t t = nextTask.fetch_add(1);
            if (t >= tasks.size())
                return;
            if (t >= phase0Tasks) {
                std::unique_lock lock(mutex);
                phaseCv.wait(lock, [&] { return phase0Merged || stop.load(); });
                if (stop)
                    return;
            }
            const Task &task = tasks[t];
            const TableScan &scan = scans[task.scan];
            auto chunk = std::make_unique<Chunk>();
            chunk->expectedRows = task.expectedRows;
            const char *fallback = nullptr;
            if (scan.direct) {
                try {
                    DirectRows rows(*scan.direct, task.firstLeaf, task.endLeaf,
                                    task.firstLeaf == 0 ? std::nullopt : std::optional(task.firstRowid - 1));
                    callbacks.readDirect(scan, rows, *chunk, ctx);
                    chunk->direct = true;
                } catch (const sqlite_btree::Unsupported &unsupported) {
                    fallback = unsupported.reason;
                    chunk = std::make_unique<Chunk>();
                    chunk->expectedRows = task.expectedRows;
                } catch (const sqlite_btree::Damaged &damage) {
                    throw damagedTable(db.path(), scan.table, damage);
                }
            }
            if (!chunk->direct) {
                auto &st = statements[task.scan];
                if (!st)
                    st = std::make_unique<sql::Statement>(conn, scan.query);
                st->reset();
                st->bind(1, task.firstRowid);
                st->bind(2, task.lastRowid);
                callbacks.read(scan, *st, *chunk, ctx);
                st->reset();
                chunk->fallback = fallback;
            }
            rowsDone += scan.direct ? chunk->rowsRead : uint64_t(task.lastRowid) - uint64_t(task.firstRowid) + 1;
            {
                std::lock_guard lock(mutex);
                ready[t] = std::move(chunk);
                size_t &next = nextToMerge[task.scan];
                while (next < endTask[task.scan] && ready[next]) {
                    callbacks.merge(scan, *ready[next]);
                    ready[next].reset();
                    if (next < phase0Tasks && ++mergedPhase0 == phase0Tasks) {
                        callbacks.phaseDone();
                        phase0Merged = true;
                        phaseCv.notify_all();
                    }
                    ++next;
                }
            }
            if (reportsProgress)
                progress.report(totalRows ? double(rowsDone.load()) / double(totalRows) : 1.0, "Reading " + scan.table);
        }
    };

    // Failures are kept by fail() rather than left to onThreads: it stops the others (who then throw
    // Cancelled) only once the first failure is recorded, so the Cancelled ones never come out instead.
    workers = std::max(1u, std::min<unsigned>(workers, unsigned(std::min<size_t>(tasks.size(), 64))));
    onThreads(workers, [&](size_t worker) {
        try {
            if (worker == 0) {
                work(db, true);
                return;
            }
            if (stop || nextTask.load() >= tasks.size()) // run late on the calling thread: nothing left
                return;
            // One connection per thread, used by that thread alone: no SQLite mutex needed.
            sql::Database conn(db.path(), true, SQLITE_OPEN_NOMUTEX);
            conn.watch(progress);
            work(conn, false);
        } catch (...) {
            fail(std::current_exception());
        }
    });
    if (failure)
        std::rethrow_exception(failure);
}

} // namespace opscope::importers::nsys
