// The small tables of an Nsight Systems export: GPUs, export metadata, capture span, thread names.
#include "import/nsys/nsys_sqlite_internal.h"

#include "opscope/errors.h"
#include "opscope/metadata_keys.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <map>
#include <memory>

namespace opscope::importers::nsys {

namespace {

// The newest EXPORT_SCHEMA_VERSION major of the exports OpScope was tested with (nsys 2025.3, 2026.1).
constexpr int kNewestKnownSchemaMajor = 3;

// A device property: the source column, the name OpScope keeps it under, and a factor to base units
// (0 keeps the text as it is).
struct PropertyColumn {
    const char *column;
    const char *key;
    int64_t factor;
};

// TARGET_INFO_GPU (2022+): already in base units (bytes, B/s, Hz).
constexpr std::array<PropertyColumn, 17> kGpuProperties = {{
    {"smCount", "smCount", 0},
    {"clockRate", "clockRate", 0},
    {"memoryBandwidth", "memoryBandwidth", 0},
    {"totalMemory", "totalMemory", 0},
    {"l2CacheSize", "l2CacheSize", 0},
    {"computeMajor", "computeMajor", 0},
    {"computeMinor", "computeMinor", 0},
    {"maxWarpsPerSm", "maxWarpsPerSm", 0},
    {"maxBlocksPerSm", "maxBlocksPerSm", 0},
    {"maxShmemPerSm", "maxShmemPerSm", 0},
    {"maxRegistersPerSm", "maxRegistersPerSm", 0},
    {"threadsPerWarp", "threadsPerWarp", 0},
    {"maxThreadsPerBlock", "maxThreadsPerBlock", 0},
    {"chipName", "chipName", 0},
    {"busLocation", "busLocation", 0},
    {"uuid", "uuid", 0},
    {"cuDevice", "cuDevice", 0},
}};

// TARGET_INFO_CUDA_GPU (2021) mirrors CUPTI's CUpti_ActivityDevice, whose clock is in kHz and memory
// bandwidth in kB/s: converted to the units of the later table.
constexpr std::array<PropertyColumn, 14> kCudaGpuProperties = {{
    {"numMultiprocessors", "smCount", 0},
    {"coreClockRate", "clockRate", 1000},
    {"globalMemoryBandwidth", "memoryBandwidth", 1000},
    {"globalMemorySize", "totalMemory", 0},
    {"l2CacheSize", "l2CacheSize", 0},
    {"computeCapabilityMajor", "computeMajor", 0},
    {"computeCapabilityMinor", "computeMinor", 0},
    {"maxWarpsPerMultiprocessor", "maxWarpsPerSm", 0},
    {"maxBlocksPerMultiprocessor", "maxBlocksPerSm", 0},
    {"maxSharedMemoryPerMultiprocessor", "maxShmemPerSm", 0},
    {"maxRegistersPerMultiprocessor", "maxRegistersPerSm", 0},
    {"numThreadsPerWarp", "threadsPerWarp", 0},
    {"maxThreadsPerBlock", "maxThreadsPerBlock", 0},
    {"uuid", "uuid", 0},
}};

// Reads every row of `table` as text by column name; calls f(columnName -> text) per row. Small tables
// only (one map per row).
template <class F> void forEachRow(sql::Database &db, const std::string &table, F &&f)
{
    sql::Statement st(db, "SELECT * FROM \"" + table + "\"");
    std::map<std::string, std::string, std::less<>> row;
    while (st.step()) {
        row.clear();
        for (int i = 0; i < st.columnCount(); ++i)
            if (!st.columnIsNull(i))
                row[std::string(st.columnName(i))] = std::string(st.columnText(i));
        f(row);
    }
}

template <size_t N>
void addProperties(Device &device, const std::map<std::string, std::string, std::less<>> &row,
                   const std::array<PropertyColumn, N> &columns)
{
    for (const PropertyColumn &c : columns) {
        auto it = row.find(c.column);
        if (it == row.end() || it->second.empty())
            continue;
        if (c.factor == 0) {
            device.properties.emplace_back(c.key, it->second);
        } else {
            char *end = nullptr;
            const long long value = std::strtoll(it->second.c_str(), &end, 10);
            if (end && *end == '\0')
                device.properties.emplace_back(c.key, std::to_string(value * c.factor));
        }
    }
}

int32_t intField(const std::map<std::string, std::string, std::less<>> &row, const char *column, int32_t fallback)
{
    auto it = row.find(column);
    return it == row.end() ? fallback : int32_t(std::strtol(it->second.c_str(), nullptr, 10));
}

std::string textField(const std::map<std::string, std::string, std::less<>> &row, const char *column)
{
    auto it = row.find(column);
    return it == row.end() ? std::string() : it->second;
}

} // namespace

void readDevices(sql::Database &db, const TableSet &tables, Profile &p)
{
    const bool hasGpu = tables.has("TARGET_INFO_GPU");
    if (hasGpu && TableColumns(db, "TARGET_INFO_GPU").has("id")) {
        forEachRow(db, "TARGET_INFO_GPU", [&](const auto &row) {
            Device d;
            d.id = intField(row, "id", int32_t(p.devices.size()));
            d.name = p.intern(textField(row, "name"));
            addProperties(d, row, kGpuProperties);
            p.devices.push_back(std::move(d));
        });
    } else if (tables.has("TARGET_INFO_CUDA_GPU")) {
        // 2021: the name may live in TARGET_INFO_GPU(deviceId, name) rather than beside the properties.
        std::map<int32_t, std::string> names;
        if (hasGpu)
            forEachRow(db, "TARGET_INFO_GPU",
                       [&](const auto &row) { names[intField(row, "deviceId", 0)] = textField(row, "name"); });
        forEachRow(db, "TARGET_INFO_CUDA_GPU", [&](const auto &row) {
            Device d;
            d.id = intField(row, "deviceId", intField(row, "id", int32_t(p.devices.size())));
            std::string name = textField(row, "name");
            if (name.empty())
                name = names[d.id];
            d.name = p.intern(name);
            addProperties(d, row, kCudaGpuProperties);
            p.devices.push_back(std::move(d));
        });
    } else if (hasGpu) {
        forEachRow(db, "TARGET_INFO_GPU", [&](const auto &row) {
            p.devices.push_back(
                {intField(row, "deviceId", int32_t(p.devices.size())), p.intern(textField(row, "name")), {}});
        });
    }
    std::stable_sort(p.devices.begin(), p.devices.end(), [](const Device &a, const Device &b) { return a.id < b.id; });
}

void readExportMetadata(sql::Database &db, const TableSet &tables, Profile &p)
{
    const char *table = tables.has("META_DATA_EXPORT")   ? "META_DATA_EXPORT"
                        : tables.has("EXPORT_META_DATA") ? "EXPORT_META_DATA"
                                                         : nullptr;
    if (!table)
        return; // nsys 2021 wrote no metadata table
    sql::Statement st(db, std::string("SELECT name, value FROM ") + table);
    while (st.step()) {
        const std::string_view name = st.columnText(0);
        if (name == "EXPORT_PRODUCT_VERSION")
            p.setMetadata(kNsysVersionKey, st.columnText(1));
        else if (name == "EXPORT_SCHEMA_VERSION") {
            const std::string version(st.columnText(1));
            p.setMetadata(kNsysExportSchemaKey, version);
            // Exports of nsys 2022.1 to 2026.1 have schema 2.x and 3.x; a newer major may move tables or columns.
            if (const int major = std::atoi(version.c_str()); major > kNewestKnownSchemaMajor)
                p.warnings.push_back("Nsight Systems export schema " + version +
                                     " is newer than those OpScope was tested with (up to 3.x); tables or columns it "
                                     "does not know were ignored");
        }
    }
}

bool readAnalysisSpan(sql::Database &db, const TableSet &tables, Profile &p)
{
    if (!tables.has("ANALYSIS_DETAILS"))
        return false;
    const TableColumns columns(db, "ANALYSIS_DETAILS");
    if (!columns.has("startTime") || !columns.has("stopTime"))
        return false;
    sql::Statement st(db, "SELECT min(startTime), max(stopTime) FROM ANALYSIS_DETAILS");
    if (!st.step() || st.columnIsNull(0) || st.columnIsNull(1))
        return false;
    p.span_start_ns = st.columnInt(0);
    p.span_end_ns = st.columnInt(1);
    return p.span_end_ns >= p.span_start_ns;
}

std::unordered_map<uint64_t, uint32_t> readThreadNames(sql::Database &db, const TableSet &tables)
{
    std::unordered_map<uint64_t, uint32_t> names;
    if (!tables.has("ThreadNames"))
        return names;
    const TableColumns columns(db, "ThreadNames");
    if (!columns.has("nameId") || !columns.has("globalTid"))
        return names;
    sql::Statement st(db, "SELECT globalTid, nameId FROM ThreadNames");
    while (st.step())
        if (!st.columnIsNull(0) && !st.columnIsNull(1))
            names[threadKey(st.columnInt(0))] = stringIdRef(st.columnInt(1));
    return names;
}

} // namespace opscope::importers::nsys
