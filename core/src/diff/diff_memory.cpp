// Peak memory before and after (diff.h MemoryDiff): each side's analyzeMemory, rows matched by name.
#include "opscope/diff.h"
#include "opscope/memory.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace opscope {

namespace {

using RowKey = std::tuple<bool, std::string, std::string>; // phase, name, class

std::vector<MemoryDiffRow> matchRows(const std::vector<MemoryShare> *before, const std::vector<MemoryShare> *after,
                                     bool byKind)
{
    std::map<RowKey, MemoryDiffRow> rows;
    auto add = [&](const std::vector<MemoryShare> *shares, bool isBefore) {
        if (!shares)
            return;
        for (const MemoryShare &s : *shares) {
            const std::string name = byKind ? std::string(toString(s.kind)) : s.module;
            const std::string cls = byKind ? std::string() : s.className;
            MemoryDiffRow &row = rows[{!byKind && s.phase, name, cls}];
            row.name = name;
            row.className = cls;
            row.phase = !byKind && s.phase;
            (isBefore ? row.before : row.after) += s.bytes;
        }
    };
    add(before, true);
    add(after, false);
    std::vector<MemoryDiffRow> out;
    for (auto &[key, row] : rows)
        out.push_back(row);
    std::stable_sort(out.begin(), out.end(), [](const MemoryDiffRow &a, const MemoryDiffRow &b) {
        const int64_t da = std::abs(a.after - a.before), db = std::abs(b.after - b.before);
        if (da != db)
            return da > db;
        return std::max(a.before, a.after) > std::max(b.before, b.after);
    });
    return out;
}

} // namespace

MemoryDiff diffMemory(const Profile &before, const Profile &after)
{
    MemoryDiff d;
    const MemoryReport b = analyzeMemory(before), a = analyzeMemory(after);
    const DeviceMemory *pb = b.primary(), *pa = a.primary();
    d.present = pb || pa;
    if (!d.present)
        return d;
    if (pb) {
        d.deviceBefore = pb->device;
        d.peakBefore = pb->peak_allocated;
        d.reservedBefore = pb->peak_reserved;
    }
    if (pa) {
        d.deviceAfter = pa->device;
        d.peakAfter = pa->peak_allocated;
        d.reservedAfter = pa->peak_reserved;
    }
    d.byModule = matchRows(pb ? &pb->by_module : nullptr, pa ? &pa->by_module : nullptr, false);
    d.byKind = matchRows(pb ? &pb->by_kind : nullptr, pa ? &pa->by_kind : nullptr, true);
    return d;
}

} // namespace opscope
