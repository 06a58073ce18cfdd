// NVTX_EVENTS of an Nsight Systems export: ranges, marks, thread and domain names; and the nesting of
// ranges per thread.
#include "import/nsys/nsys_sqlite_internal.h"

#include <algorithm>

namespace opscope::importers::nsys {

namespace {

// ENUM_NSYS_EVENT_TYPE values (2022 used the same numbers without the enum table).
enum NvtxEventType : int64_t {
    kCategory = 33,
    kMark = 34,
    kThreadName = 39,
    kPushPopRange = 59,
    kStartEndRange = 60,
    kDomainCreate = 75,
    kDomainDestroy = 76,
};

void countSkippedType(Chunk &chunk, int64_t type)
{
    for (auto &[t, rows] : chunk.skippedNvtxTypes)
        if (t == type) {
            ++rows;
            return;
        }
    chunk.skippedNvtxTypes.emplace_back(type, 1);
}

} // namespace

constexpr WantedColumn kNvtxColumns[] = {{"start", nullptr}, {"end", "NULL"},    {"eventType", nullptr},
                                         {"text", "NULL"},   {"textId", "NULL"}, {"globalTid", "0"},
                                         {"domainId", "0"}};

std::span<const WantedColumn> nvtxColumns()
{
    return kNvtxColumns;
}

template <class Rows> void readNvtx(Rows &st, Chunk &chunk, const ReadContext &ctx)
{
    chunk.ranges.reserve(chunk.expectedRows);
    // The label is COALESCE(text, StringIds[textId]): plain messages are inline, registered ones by id.
    auto label = [&]() -> uint32_t {
        if (st.columnType(3) != SQLITE_NULL)
            return chunk.texts.intern(st.columnText(3)) | kLocalText;
        if (st.columnType(4) != SQLITE_NULL)
            return stringIdRef(st.columnInt(4));
        return kNoString;
    };
    forEachRow(st, chunk, ctx, [&] {
        const int64_t type = st.columnInt(2);
        switch (type) {
        case kPushPopRange:
        case kStartEndRange:
        case kMark: {
            const int64_t start = st.columnInt(0);
            const bool hasEnd = st.columnType(1) != SQLITE_NULL;
            if (type != kMark && !hasEnd) {
                ++chunk.skippedOpenRanges;
                break;
            }
            Range &r = chunk.ranges.emplace_back();
            r.start_ns = start;
            r.end_ns = type == kMark ? start : st.columnInt(1);
            r.kind = type == kPushPopRange    ? RangeKind::PushPop
                     : type == kStartEndRange ? RangeKind::StartEnd
                                              : RangeKind::Mark;
            r.text = label();
            r.domain = uint32_t(st.columnInt(6)); // an nsys domainId until the end of the import
            r.thread = chunk.localThread(st.columnInt(5));
            chunk.noteTimes(r.start_ns, r.end_ns);
            break;
        }
        case kThreadName:
            chunk.threadNames.emplace_back(chunk.localThread(st.columnInt(5)), label());
            break;
        case kDomainCreate:
            chunk.domainNames.emplace_back(uint32_t(st.columnInt(6)), label());
            break;
        case kCategory:
        case kDomainDestroy:
            break; // bookkeeping rows, nothing to show
        default:
            countSkippedType(chunk, type);
        }
    });
}

template void readNvtx<sql::Statement>(sql::Statement &, Chunk &, const ReadContext &);
template void readNvtx<DirectRows>(DirectRows &, Chunk &, const ReadContext &);

void sortAndNestRanges(Profile &p)
{
    auto byStartThenLongest = [](const Range &a, const Range &b) {
        return a.start_ns != b.start_ns ? a.start_ns < b.start_ns : a.end_ns > b.end_ns;
    };
    // nsys writes rows in start order already; sort only when it did not.
    if (!std::is_sorted(p.ranges.begin(), p.ranges.end(), byStartThenLongest))
        std::stable_sort(p.ranges.begin(), p.ranges.end(), byStartThenLongest);

    // One stack of open ends per thread and kind: push/pop ranges nest per thread; start/end ranges
    // get the depth of the start/end ranges open on their thread when they start.
    const size_t slots = p.threads.size() + 1; // the last slot for ranges without a thread
    std::vector<std::vector<int64_t>> pushPop(slots), startEnd(slots);
    for (Range &r : p.ranges) {
        if (r.kind != RangeKind::PushPop && r.kind != RangeKind::StartEnd) {
            r.depth = 0;
            continue;
        }
        const size_t slot = r.thread < p.threads.size() ? r.thread : slots - 1;
        auto &stack = r.kind == RangeKind::PushPop ? pushPop[slot] : startEnd[slot];
        while (!stack.empty() && stack.back() <= r.start_ns)
            stack.pop_back();
        r.depth = uint16_t(std::min<size_t>(stack.size(), UINT16_MAX));
        stack.push_back(r.end_ns);
    }
}

} // namespace opscope::importers::nsys
