// Row readers of the CUPTI tables of an Nsight Systems export, and the correlation index that ties
// GPU work to the API call that launched it.
#include "import/nsys/nsys_sqlite_internal.h"

#include <algorithm>

namespace opscope::importers::nsys {

namespace {

// A name column: an id into StringIds in every known version; a text is kept too, in case.
template <class Rows> uint32_t textRef(const Rows &st, int column, Chunk &chunk)
{
    switch (st.columnType(column)) {
    case SQLITE_INTEGER:
        return stringIdRef(st.columnInt(column));
    case SQLITE_TEXT:
        return chunk.texts.intern(st.columnText(column)) | kLocalText;
    default:
        return kNoString;
    }
}

uint32_t u32(int64_t value)
{
    return uint32_t(value);
}

SyncKind syncKindOf(int64_t syncType)
{
    // ENUM_CUPTI_SYNC_TYPE (hard-coded for files older than the ENUM tables).
    switch (syncType) {
    case 1:
        return SyncKind::Event;
    case 2:
        return SyncKind::StreamWait;
    case 3:
        return SyncKind::Stream;
    case 4:
        return SyncKind::Context;
    default:
        return SyncKind::Unknown;
    }
}

// Event times must be integers: SQLite reads text such as 'n/a' (a damaged or hand-edited export) as 0,
// which would stretch the event back to the start of time. Such rows are skipped and counted.
template <class Rows> bool timesAreIntegers(const Rows &st, Chunk &chunk)
{
    if (st.columnType(0) == SQLITE_INTEGER && st.columnType(1) == SQLITE_INTEGER)
        return true;
    ++chunk.skippedBadTimes;
    return false;
}

} // namespace

// ---- Columns ---------------------------------------------------------------------------------------

namespace {

constexpr WantedColumn kKernelColumns[] = {{"start", nullptr},
                                           {"end", nullptr},
                                           {"deviceId", "0"},
                                           {"streamId", "0"},
                                           {"correlationId", "0"},
                                           {"globalPid", "0"},
                                           {"demangledName", nullptr},
                                           {"shortName", "NULL"},
                                           {"registersPerThread", "0"},
                                           {"gridX", "0"},
                                           {"gridY", "0"},
                                           {"gridZ", "0"},
                                           {"blockX", "0"},
                                           {"blockY", "0"},
                                           {"blockZ", "0"},
                                           {"staticSharedMemory", "0"},
                                           {"dynamicSharedMemory", "0"},
                                           {"graphNodeId", "NULL"}};
constexpr WantedColumn kMemcpyColumns[] = {{"start", nullptr}, {"end", nullptr},       {"deviceId", "0"},
                                           {"streamId", "0"},  {"correlationId", "0"}, {"bytes", "0"},
                                           {"copyKind", "0"},  {"srcKind", "0"},       {"dstKind", "0"}};
constexpr WantedColumn kMemsetColumns[] = {{"start", nullptr}, {"end", nullptr},       {"deviceId", "0"},
                                           {"streamId", "0"},  {"correlationId", "0"}, {"bytes", "0"},
                                           {"memKind", "0"}};
constexpr WantedColumn kSyncColumns[] = {{"start", nullptr}, {"end", nullptr},       {"deviceId", "0"},
                                         {"streamId", "0"},  {"correlationId", "0"}, {"globalPid", "0"},
                                         {"syncType", "0"}};
// eventClass: 0 runtime, 1 driver, 67 a CUDA backtrace repeating a call (filtered while reading, so the
// skipped rows can be counted without a second scan); -1 where the table has no such column.
constexpr WantedColumn kApiColumns[] = {{"start", nullptr}, {"end", nullptr},       {"eventClass", "-1"},
                                        {"globalTid", "0"}, {"correlationId", "0"}, {"nameId", nullptr}};

} // namespace

std::span<const WantedColumn> kernelColumns()
{
    return kKernelColumns;
}
std::span<const WantedColumn> memcpyColumns()
{
    return kMemcpyColumns;
}
std::span<const WantedColumn> memsetColumns()
{
    return kMemsetColumns;
}
std::span<const WantedColumn> syncColumns()
{
    return kSyncColumns;
}
std::span<const WantedColumn> apiColumns()
{
    return kApiColumns;
}

// ---- Readers ---------------------------------------------------------------------------------------

// The rows of a GPU activity table. Start, end, deviceId, streamId and correlationId come first in
// each (see the column lists above); `readRest` reads the columns after them. Rows whose times are
// not integers are skipped and counted.
template <class Event, class Rows, class ReadRest>
void readActivities(Rows &st, Chunk &chunk, const ReadContext &ctx, std::vector<Event> &out, ReadRest &&readRest)
{
    out.reserve(chunk.expectedRows);
    forEachRow(st, chunk, ctx, [&] {
        if (!timesAreIntegers(st, chunk))
            return;
        Event &e = out.emplace_back();
        e.start_ns = st.columnInt(0);
        e.end_ns = st.columnInt(1);
        e.device = int32_t(st.columnInt(2));
        e.stream = u32(st.columnInt(3));
        e.correlation_id = u32(st.columnInt(4));
        readRest(e);
        chunk.noteTimes(e.start_ns, e.end_ns);
    });
}

template <class Rows> void readKernels(Rows &st, Chunk &chunk, const ReadContext &ctx)
{
    readActivities(st, chunk, ctx, chunk.kernels, [&](Kernel &k) {
        k.launch_thread = pidOf(st.columnInt(5)); // a pid until the merge
        k.name = textRef(st, 6, chunk);
        k.short_name = textRef(st, 7, chunk);
        k.registers_per_thread = u32(st.columnInt(8));
        k.grid = {u32(st.columnInt(9)), u32(st.columnInt(10)), u32(st.columnInt(11))};
        k.block = {u32(st.columnInt(12)), u32(st.columnInt(13)), u32(st.columnInt(14))};
        k.static_shared_bytes = u32(st.columnInt(15));
        k.dynamic_shared_bytes = u32(st.columnInt(16));
        if (st.columnType(17) == SQLITE_INTEGER) // replayed from a CUDA graph (--cuda-graph-trace=node)
            chunk.graphNodes.emplace_back(uint32_t(chunk.kernels.size() - 1), st.columnInt(17));
    });
}

// Memcpy and memset rows: the bytes, then the copy kind with the source and destination memory
// (memcpy) or the memory that was set (memset).
template <class Rows> void readMemoryOps(Rows &st, Chunk &chunk, const ReadContext &ctx, MemoryOpKind kind)
{
    readActivities(st, chunk, ctx, chunk.memoryOps, [&](MemoryOp &m) {
        m.bytes = uint64_t(st.columnInt(5));
        m.kind = kind;
        if (kind == MemoryOpKind::Memset) {
            m.dst_kind = uint8_t(st.columnInt(6));
            return;
        }
        m.copy_kind = uint8_t(st.columnInt(6));
        m.src_kind = uint8_t(st.columnInt(7));
        m.dst_kind = uint8_t(st.columnInt(8));
    });
}

template <class Rows> void readMemcpys(Rows &st, Chunk &chunk, const ReadContext &ctx)
{
    readMemoryOps(st, chunk, ctx, MemoryOpKind::Memcpy);
}

template <class Rows> void readMemsets(Rows &st, Chunk &chunk, const ReadContext &ctx)
{
    readMemoryOps(st, chunk, ctx, MemoryOpKind::Memset);
}

template <class Rows> void readSyncs(Rows &st, Chunk &chunk, const ReadContext &ctx)
{
    readActivities(st, chunk, ctx, chunk.syncs, [&](GpuSync &s) {
        s.thread = pidOf(st.columnInt(5)); // a pid until the merge
        s.kind = syncKindOf(st.columnInt(6));
    });
}

template <class Rows> void readApiCalls(Rows &st, Chunk &chunk, const ReadContext &ctx, ApiKind tableKind)
{
    chunk.apiCalls.reserve(chunk.expectedRows);
    const ActivityIndex *activities = ctx.activities && !ctx.activities->empty() ? ctx.activities : nullptr;
    forEachRow(st, chunk, ctx, [&] {
        ApiKind kind = tableKind;
        if (const int64_t eventClass = st.columnInt(2); eventClass != -1) {
            if (eventClass == 67) {
                ++chunk.skippedBacktraces;
                return;
            }
            if (eventClass != 0 && eventClass != 1) {
                ++chunk.skippedOtherClass;
                return;
            }
            kind = eventClass == 1 ? ApiKind::Driver : ApiKind::Runtime;
        }
        if (!timesAreIntegers(st, chunk))
            return;
        ApiCall &a = chunk.apiCalls.emplace_back();
        a.start_ns = st.columnInt(0);
        a.end_ns = st.columnInt(1);
        const int64_t globalTid = st.columnInt(3);
        a.thread = chunk.localThread(globalTid);
        a.correlation_id = u32(st.columnInt(4));
        a.name = stringIdRef(st.columnInt(5));
        a.kind = kind;
        chunk.noteTimes(a.start_ns, a.end_ns);
        if (activities)
            activities->forEach(pidOf(globalTid), a.correlation_id, [&](uint32_t target) {
                chunk.links.push_back({target, a.thread});
            });
    });
}

#define OPSCOPE_NSYS_CUDA_READERS(Rows)                                                                                \
    template void readKernels<Rows>(Rows &, Chunk &, const ReadContext &);                                             \
    template void readMemcpys<Rows>(Rows &, Chunk &, const ReadContext &);                                             \
    template void readMemsets<Rows>(Rows &, Chunk &, const ReadContext &);                                             \
    template void readSyncs<Rows>(Rows &, Chunk &, const ReadContext &);                                               \
    template void readApiCalls<Rows>(Rows &, Chunk &, const ReadContext &, ApiKind);
OPSCOPE_NSYS_CUDA_READERS(sql::Statement)
OPSCOPE_NSYS_CUDA_READERS(DirectRows)
#undef OPSCOPE_NSYS_CUDA_READERS

// ---- ActivityIndex ---------------------------------------------------------------------------------

void ActivityIndex::add(uint32_t pid, uint32_t correlation, uint32_t target)
{
    if (!last_ || last_->pid != pid) {
        last_ = nullptr;
        for (auto &p : processes_)
            if (p.pid == pid)
                last_ = &p;
        if (!last_) {
            processes_.emplace_back().pid = pid;
            last_ = &processes_.back();
        }
    }
    last_->entries.emplace_back(correlation, target);
}

void ActivityIndex::build()
{
    last_ = nullptr;
    for (Process &p : processes_) {
        uint32_t maxCorrelation = 0;
        for (const auto &e : p.entries)
            maxCorrelation = std::max(maxCorrelation, e.first);
        // A bitmap costs maxCorrelation/8 bytes: worth it unless the ids are very sparse.
        p.dense = uint64_t(maxCorrelation) <= 64 * uint64_t(p.entries.size()) + (1u << 20);
        if (!p.dense) {
            std::stable_sort(p.entries.begin(), p.entries.end(),
                             [](const auto &a, const auto &b) { return a.first < b.first; });
            p.sortedKeys.reserve(p.entries.size());
            p.targets.reserve(p.entries.size());
            for (const auto &e : p.entries) {
                p.sortedKeys.push_back(e.first);
                p.targets.push_back(e.second);
            }
            p.entries.clear();
            p.entries.shrink_to_fit();
            continue;
        }
        const size_t words = size_t(maxCorrelation) / 64 + 1;
        p.bits.assign(words, 0);
        for (const auto &e : p.entries)
            p.bits[e.first / 64] |= uint64_t(1) << (e.first % 64);
        p.wordRank.resize(words);
        uint32_t keys = 0;
        for (size_t w = 0; w < words; ++w) {
            p.wordRank[w] = keys;
            keys += uint32_t(__builtin_popcountll(p.bits[w]));
        }
        // CSR: count the targets of each key, then place them (a graph launch has many per id).
        p.offsets.assign(size_t(keys) + 1, 0);
        auto rankOf = [&p](uint32_t c) {
            const uint64_t below = p.bits[c / 64] & ((uint64_t(1) << (c % 64)) - 1);
            return p.wordRank[c / 64] + uint32_t(__builtin_popcountll(below));
        };
        for (const auto &e : p.entries)
            ++p.offsets[rankOf(e.first) + 1];
        for (size_t k = 1; k < p.offsets.size(); ++k)
            p.offsets[k] += p.offsets[k - 1];
        p.targets.resize(p.entries.size());
        std::vector<uint32_t> fill(p.offsets.begin(), p.offsets.end() - 1);
        for (const auto &e : p.entries)
            p.targets[fill[rankOf(e.first)]++] = e.second;
        p.entries.clear();
        p.entries.shrink_to_fit();
    }
}

bool ActivityIndex::Process::lookup(uint32_t correlation, uint32_t &first, uint32_t &last) const
{
    if (dense) {
        const size_t word = correlation / 64;
        if (word >= bits.size())
            return false;
        const uint64_t bit = uint64_t(1) << (correlation % 64);
        if (!(bits[word] & bit))
            return false;
        const uint32_t rank = wordRank[word] + uint32_t(__builtin_popcountll(bits[word] & (bit - 1)));
        first = offsets[rank];
        last = offsets[rank + 1];
        return true;
    }
    const auto range = std::equal_range(sortedKeys.begin(), sortedKeys.end(), correlation);
    first = uint32_t(range.first - sortedKeys.begin());
    last = uint32_t(range.second - sortedKeys.begin());
    return first != last;
}

const ActivityIndex::Process *ActivityIndex::findProcess(uint32_t pid) const
{
    for (const Process &p : processes_)
        if (p.pid == pid)
            return &p;
    return nullptr;
}

} // namespace opscope::importers::nsys
