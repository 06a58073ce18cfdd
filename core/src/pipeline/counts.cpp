// Kernel counts of the two passes (nsys timeline and ncu replay), to check that they agree.
#include "opscope/pipeline/counts.h"

#include "opscope/errors.h"
#include "store/sqlite_util.h"

#include <algorithm>
#include <fstream>
#include <set>
#include <unordered_map>

namespace opscope::pipeline {

namespace {

struct Interval {
    int64_t start = 0;
    int64_t end = 0;
};

// Range texts are inline (text) or registered (textId -> StringIds).
std::string rangeTextExpression(sql::Database &db)
{
    if (db.hasTable("StringIds") && db.hasColumn("NVTX_EVENTS", "textId"))
        return "COALESCE(n.text, (SELECT value FROM StringIds WHERE id = n.textId))";
    return "n.text";
}

} // namespace

CaptureKernelCount countCaptureKernels(const std::string &nsysSqlite, const std::vector<std::string> &excludedLabels,
                                       const std::string &captureRange)
{
    sql::Database db(nsysSqlite, true);
    for (const char *table : {"CUPTI_ACTIVITY_KIND_KERNEL", "CUPTI_ACTIVITY_KIND_RUNTIME", "NVTX_EVENTS"})
        if (!db.hasTable(table))
            throw FileError(nsysSqlite, std::string("no ") + table + " table: was the capture traced with cuda,nvtx?");
    const std::string text = rangeTextExpression(db);

    // The CAPTURE ranges: start/end (process-wide) or push/pop (on their own thread only).
    struct Capture {
        Interval span;
        bool perThread = false;
        int64_t tid = 0;
    };
    std::vector<Capture> captures;
    {
        sql::Statement q(db,
                         "SELECT n.start, n.end, n.eventType, n.globalTid FROM NVTX_EVENTS n WHERE n.end IS NOT NULL "
                         "AND n.eventType IN (59, 60) AND " +
                             text + " = ?1");
        q.bind(1, captureRange);
        while (q.step())
            captures.push_back({{q.columnInt(0), q.columnInt(1)}, q.columnInt(2) == 59, q.columnInt(3)});
    }
    CaptureKernelCount count;
    if (captures.empty())
        return count;

    // Push/pop ranges of the excluded labels, per thread, sorted by start.
    std::unordered_map<int64_t, std::vector<Interval>> excluded;
    if (!excludedLabels.empty()) {
        const std::set<std::string> labels(excludedLabels.begin(), excludedLabels.end());
        sql::Statement q(db, "SELECT " + text +
                                 ", n.start, n.end, n.globalTid FROM NVTX_EVENTS n "
                                 "WHERE n.eventType = 59 AND n.end IS NOT NULL");
        while (q.step())
            if (labels.count(std::string(q.columnText(0))))
                excluded[q.columnInt(3)].push_back({q.columnInt(1), q.columnInt(2)});
        for (auto &[tid, ranges] : excluded)
            std::sort(ranges.begin(), ranges.end(),
                      [](const Interval &a, const Interval &b) { return a.start < b.start; });
    }

    // Each kernel is placed by its launching runtime call (thread and CPU time), as attribution does.
    sql::Statement q(
        db, "SELECT (SELECT r.start FROM CUPTI_ACTIVITY_KIND_RUNTIME r WHERE r.correlationId = k.correlationId "
            "LIMIT 1), (SELECT r.globalTid FROM CUPTI_ACTIVITY_KIND_RUNTIME r WHERE r.correlationId = "
            "k.correlationId LIMIT 1) FROM CUPTI_ACTIVITY_KIND_KERNEL k");
    while (q.step()) {
        if (q.columnIsNull(0))
            continue;
        const int64_t t = q.columnInt(0), tid = q.columnInt(1);
        const bool inside = std::any_of(captures.begin(), captures.end(), [&](const Capture &c) {
            return t >= c.span.start && t <= c.span.end && (!c.perThread || c.tid == tid);
        });
        if (!inside)
            continue;
        ++count.inCapture;
        auto it = excluded.find(tid);
        if (it == excluded.end())
            continue;
        const auto &ranges = it->second;
        // Nested ranges of different labels cannot overlap partially; any range holding t counts.
        auto upper = std::upper_bound(ranges.begin(), ranges.end(), t,
                                      [](int64_t value, const Interval &r) { return value < r.start; });
        for (auto r = ranges.begin(); r != upper; ++r)
            if (t <= r->end) {
                ++count.excluded;
                break;
            }
    }
    return count;
}

int64_t countNcuCsvKernels(const std::string &csvPath)
{
    std::ifstream in(csvPath, std::ios::binary);
    if (!in)
        throw FileError(csvPath, "cannot be read");
    // A small CSV state machine: only the first field of each record matters, but quoted fields
    // elsewhere may hold commas and newlines.
    std::set<std::string> ids;
    std::string field;
    bool inQuotes = false, firstField = true, header = true, sawHeaderId = false;
    const auto firstFieldDone = [&] {
        if (header) {
            sawHeaderId = field == "ID";
            header = false;
        } else if (!field.empty() &&
                   std::all_of(field.begin(), field.end(), [](char d) { return d >= '0' && d <= '9'; })) {
            ids.insert(field); // the units row and other non-kernel rows have no numeric ID
        }
        field.clear();
        firstField = false;
    };
    bool quoteInQuotes = false; // a '"' inside quotes: either "" (a literal quote) or the closing one
    std::vector<char> buffer(1 << 16);
    while (in) {
        in.read(buffer.data(), std::streamsize(buffer.size()));
        const std::streamsize n = in.gcount();
        for (std::streamsize i = 0; i < n; ++i) {
            const char c = buffer[size_t(i)];
            if (quoteInQuotes) {
                quoteInQuotes = false;
                if (c == '"') {
                    if (firstField)
                        field += '"';
                    continue;
                }
                inQuotes = false; // that quote closed the field; c is read as outside quotes
            }
            if (inQuotes) {
                if (c == '"')
                    quoteInQuotes = true;
                else if (firstField)
                    field += c;
            } else if (c == '"') {
                inQuotes = true;
            } else if (c == ',' || c == '\n') {
                if (firstField)
                    firstFieldDone();
                if (c == '\n')
                    firstField = true;
            } else if (c != '\r' && firstField) {
                field += c;
            }
        }
    }
    if (firstField && !field.empty())
        firstFieldDone();
    if (!sawHeaderId)
        throw FileError(csvPath, "not an ncu --page raw CSV (the first column is not \"ID\")");
    return int64_t(ids.size());
}

} // namespace opscope::pipeline
