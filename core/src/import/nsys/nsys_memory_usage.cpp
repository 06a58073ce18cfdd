// The CUDA memory the process took from the driver and gave back, as `nsys profile
// --cuda-memory-usage=true` records it (CUDA_GPU_MEMORY_USAGE_EVENTS: each cudaMalloc/cudaFree and
// their kin, with address, bytes and the kind of memory). They become the profile's segment samples
// (MemorySampleKind::Segment: the reserved total, as the allocator history's segments are), on the
// device for device memory and on the host (-1) for pinned and pageable host memory, each on the
// thread of the API call that made it (its correlation id).
#include "import/nsys/nsys_sqlite_internal.h"
#include "opscope/metadata_keys.h"

#include <algorithm>
#include <map>
#include <unordered_map>

namespace opscope::importers::nsys {

namespace {

constexpr WantedColumn kUsageColumns[] = {{"start", nullptr},    {"deviceId", "-1"}, {"address", "0"},
                                          {"bytes", nullptr},    {"memKind", "2"},   {"memoryOperationType", nullptr},
                                          {"correlationId", "0"}};

// nsys's CUDA_MEMOPR_MEMORY_KIND (ENUM_CUDA_MEM_KIND in newer exports): 0 pageable, 1 pinned host memory;
// 2 device, 3 array, 4 managed, 5 device static, 6 managed static: memory of the device.
bool onDevice(int64_t memKind)
{
    return memKind >= 2 && memKind <= 6;
}

} // namespace

void readGpuMemoryUsage(sql::Database &db, const TableSet &tables, Profile &p)
{
    if (!tables.has("CUDA_GPU_MEMORY_USAGE_EVENTS"))
        return;
    const TableColumns columns(db, "CUDA_GPU_MEMORY_USAGE_EVENTS");
    sql::Statement st(db, "SELECT " + columns.selectList(kUsageColumns) +
                              " FROM CUDA_GPU_MEMORY_USAGE_EVENTS ORDER BY start, rowid");
    std::unordered_map<uint32_t, Index> threadOfCall;
    for (const ApiCall &a : p.api_calls)
        if (a.correlation_id != 0)
            threadOfCall.emplace(a.correlation_id, a.thread);
    std::map<int32_t, int64_t> reserved; // per device (-1 the host)
    size_t unknownOperation = 0;
    const size_t before = p.memory_samples.size();
    while (st.step()) {
        const int64_t operation = st.columnInt(5);
        if (operation != 0 && operation != 1) {
            ++unknownOperation;
            continue;
        }
        MemorySample s;
        s.time_ns = st.columnInt(0);
        s.device = onDevice(st.columnInt(4)) ? int32_t(st.columnInt(1)) : -1;
        s.address = uint64_t(st.columnInt(2));
        s.bytes = (operation == 0 ? 1 : -1) * std::max<int64_t>(0, st.columnInt(3));
        s.kind = MemorySampleKind::Segment;
        if (auto it = threadOfCall.find(uint32_t(st.columnInt(6))); it != threadOfCall.end())
            s.thread = it->second;
        s.total_reserved = reserved[s.device] += s.bytes;
        p.memory_samples.push_back(s);
    }
    // The allocated totals of segment samples stay where the block samples left them (none here).
    std::stable_sort(p.memory_samples.begin(), p.memory_samples.end(),
                     [](const MemorySample &a, const MemorySample &b) { return a.time_ns < b.time_ns; });
    if (unknownOperation)
        p.warnings.push_back(std::to_string(unknownOperation) +
                             " rows of CUDA_GPU_MEMORY_USAGE_EVENTS with an unknown memoryOperationType were skipped");
    if (p.memory_samples.size() > before && !p.metadataValue(kCudaMemoryUsageKey))
        p.setMetadata(kCudaMemoryUsageKey, std::to_string(p.memory_samples.size() - before) + " events");
}

} // namespace opscope::importers::nsys
