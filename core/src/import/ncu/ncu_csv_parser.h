#pragma once
// The Nsight Compute CSV parser: turns `ncu --csv` output, line by line, into a Profile.
// Used on .csv files (ncu_csv.cpp) and on the output of `ncu --import X.ncu-rep --csv` (ncu_rep.cpp).
//
// Both pages are understood, with or without --print-units base:
// - raw page: one row per launch; fixed columns, then one column per metric; row 2 holds the units.
// - details page: one row per metric (or rule) per launch; "Metric Name","Metric Unit","Metric Value",
//   optional rule columns (metric rows then have fewer fields than the header).
// Columns are mapped by header name (older versions have "Kernel Time" and no Block/Grid/Device/CC).
// ncu runs kernels one at a time and writes no timestamps, so the profile gets a serial timeline:
// each kernel starts where the one before it ended, lasting its gpu__time_duration.sum.

#include "import/ncu/ncu_csv_reader.h"
#include "import/ncu/ncu_nvtx.h"
#include "opscope/profile.h"
#include "opscope/progress.h"
#include "opscope/units.h"

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace opscope::importers::ncu {

class CsvParser {
public:
    CsvParser(std::string path, const Progress &progress);

    // Expected input size in bytes, to reserve storage once the first row shows the row size.
    void setSizeHint(uint64_t bytes) { sizeHint_ = bytes; }
    // One line of ncu's output (without its newline). Throws FileError on input it cannot use.
    void feedLine(std::string_view line);
    // Completes the profile: timeline, NVTX ranges, warnings. Throws FileError when nothing usable
    // was found.
    Profile finish();

private:
    enum class Role : uint8_t {
        Metric,
        Id,
        ProcessId,
        ProcessName,
        HostName,
        KernelName,
        KernelTime,
        Context,
        Stream,
        BlockSize,
        GridSize,
        Device,
        Cc,
        PushPop,
        StartEnd,
        SectionName,
        MetricName,
        MetricUnit,
        MetricValue,
        RuleName,
        RuleType,
        RuleDescription,
        SpeedupType,
        Speedup,
    };
    // What a metric's value also fills in.
    enum class Use : uint8_t {
        None,
        Duration,
        Registers,
        StaticShared,
        DynamicShared,
        DeviceName,
        DeviceProperty,
        ContextId,
        BlockX,
        BlockY,
        BlockZ,
        GridX,
        GridY,
        GridZ,
    };
    struct Column {
        Role role = Role::Metric;
        Use use = Use::None;
        Index metric = kNoIndex; // raw page: the metric (after the units row)
        units::Conversion unit;
        std::string name;
    };
    struct DetailsMetric {
        Index metric = kNoIndex;
        Use use = Use::None;
        std::string unitText;
        units::Conversion unit;
    };
    // What the serial timeline and the NVTX ranges need per kernel, kept until finish().
    struct Launch {
        int64_t pid = 0;
        int64_t durationNs = -1; // -1: not given
        StringId pushPop = kNoString;
        StringId startEnd = kNoString;
        StringId processName = kNoString;
    };
    struct StringHash {
        using is_transparent = void;
        size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
    };

    void onRecord(const std::vector<std::string_view> &fields, size_t bytes);
    void setHeader(const std::vector<std::string_view> &fields);
    void readUnits(const std::vector<std::string_view> &fields);
    void rawRow(const std::vector<std::string_view> &fields, size_t bytes);
    void detailsRow(const std::vector<std::string_view> &fields, size_t bytes);
    Index addKernel(const std::vector<std::string_view> &fields);
    bool deviceKnown(int32_t id) const;
    void addValue(Index kernel, Index metric, const units::ParsedValue &value);
    void applyUse(Kernel &kernel, Use use, double value);
    void addExtraColumns(Index kernel, const std::vector<std::string_view> &fields);
    void addRule(Index kernel, const std::vector<std::string_view> &fields);
    void noteBadRow(std::string_view id, std::string_view why);
    Index threadOf(int64_t pid, int64_t tid, StringId name);
    std::string_view field(const std::vector<std::string_view> &fields, Role role) const;
    Use useOf(std::string_view metricName) const;
    [[noreturn]] void fail(const std::string &problem) const;
    void buildTimeline();

    std::string path_;
    const Progress &progress_;
    Profile p_;
    CsvRecordReader reader_;
    uint64_t sizeHint_ = 0;

    std::vector<std::string> header_;
    std::vector<Column> columns_;
    std::vector<size_t> roleIndex_; // Role -> field index, or npos
    bool details_ = false;
    bool expectUnits_ = false;
    bool reserved_ = false;
    bool fileHasContextMetric_ = false;
    Index contextMetric_ = kNoIndex;
    Index kernelTimeMetric_ = kNoIndex;
    Index pushPopMetric_ = kNoIndex;
    Index startEndMetric_ = kNoIndex;

    std::vector<Launch> launches_;
    std::unordered_map<std::string, Index, StringHash, std::equal_to<>> kernelById_; // details page
    std::string currentId_;
    Index currentKernel_ = kNoIndex;
    std::unordered_map<std::string, DetailsMetric, StringHash, std::equal_to<>> detailsMetrics_;
    std::unordered_map<Index, size_t> currentRules_;           // details page: rule metric -> counter row
    std::vector<int32_t> deviceIds_;                           // devices[] ids, for lookup
    std::vector<size_t> deviceColumns_;                        // raw page: device__attribute_* columns we keep
    bool extraColumns_ = false;                                // details page: columns of unknown meaning
    std::map<std::pair<int64_t, int64_t>, Index> threadIndex_; // (pid, NVTX thread id) -> threads[]

    size_t rows_ = 0;
    size_t notAvailable_ = 0;
    size_t badRows_ = 0;
    std::string firstBadRow_;
    size_t unitMismatches_ = 0;
    std::string firstUnitMismatch_;
    size_t stripped_ = 0; // records that were not rows of the table (e.g. program output starting with '"')
    size_t malformedNvtx_ = 0;
};

} // namespace opscope::importers::ncu
