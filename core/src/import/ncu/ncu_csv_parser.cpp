#include "import/ncu/ncu_csv_parser.h"

#include "opscope/errors.h"
#include "opscope/format_ids.h"
#include "opscope/metadata_keys.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <limits>

namespace opscope::importers::ncu {

namespace {

constexpr size_t kNoColumn = std::numeric_limits<size_t>::max();
constexpr int64_t kDefaultDurationNs = 1000;

// Device attributes kept as device properties (the key is the name without "device__attribute_").
constexpr std::array<std::string_view, 14> kDeviceAttributes = {
    "device__attribute_multiprocessor_count",
    "device__attribute_clock_rate",
    "device__attribute_memory_clock_rate",
    "device__attribute_global_memory_bus_width",
    "device__attribute_l2_cache_size",
    "device__attribute_total_memory",
    "device__attribute_max_shared_memory_per_block_optin",
    "device__attribute_max_shared_memory_per_multiprocessor",
    "device__attribute_max_registers_per_multiprocessor",
    "device__attribute_max_threads_per_multiprocessor",
    "device__attribute_max_warps_per_multiprocessor",
    "device__attribute_warp_size",
    "device__attribute_compute_capability_major",
    "device__attribute_compute_capability_minor",
};
constexpr std::string_view kDeviceAttributePrefix = "device__attribute_";

bool allDigits(std::string_view s)
{
    if (s.empty())
        return false;
    for (char c : s)
        if (c < '0' || c > '9')
            return false;
    return true;
}

// An integer field ("7", "1,234", " 0 "); `fallback` when it is not one.
int64_t integerOf(std::string_view text, int64_t fallback)
{
    const units::ParsedValue v = units::parseValue(text);
    if (v.kind != units::ValueKind::Number || !v.integral || std::abs(v.number) > 9.0e18)
        return fallback;
    return int64_t(v.number);
}

uint32_t clampU32(double value)
{
    if (!(value > 0))
        return 0;
    return value >= double(UINT32_MAX) ? UINT32_MAX : uint32_t(std::llround(value));
}

// "(2048, 1, 1)" -> {2048, 1, 1}; missing parts stay 0.
Dim3 dim3Of(std::string_view text)
{
    Dim3 out;
    std::array<uint32_t *, 3> parts = {&out.x, &out.y, &out.z};
    size_t part = 0;
    size_t pos = 0;
    while (pos < text.size() && part < parts.size()) {
        while (pos < text.size() && (text[pos] < '0' || text[pos] > '9'))
            ++pos;
        size_t end = pos;
        while (end < text.size() && text[end] >= '0' && text[end] <= '9')
            ++end;
        if (end == pos)
            break;
        std::from_chars(text.data() + pos, text.data() + end, *parts[part++]);
        pos = end;
    }
    return out;
}

std::string numberText(const units::ParsedValue &v)
{
    if (v.kind == units::ValueKind::Number && v.integral && std::abs(v.number) < 9.0e15)
        return std::to_string(int64_t(v.number));
    return std::string(v.text);
}

} // namespace

CsvParser::CsvParser(std::string path, const Progress &progress)
    : path_(std::move(path)), progress_(progress), roleIndex_(size_t(Role::Speedup) + 1, kNoColumn)
{
}

void CsvParser::fail(const std::string &problem) const
{
    throw FileError(path_, problem);
}

std::string_view CsvParser::field(const std::vector<std::string_view> &fields, Role role) const
{
    const size_t index = roleIndex_[size_t(role)];
    return index < fields.size() ? fields[index] : std::string_view{};
}

CsvParser::Use CsvParser::useOf(std::string_view name) const
{
    // Raw names, and the labels the details page uses for the same values.
    if (name == "gpu__time_duration.sum" || name == "Duration")
        return Use::Duration;
    if (name == "launch__registers_per_thread" || name == "Registers Per Thread")
        return Use::Registers;
    if (name == "launch__shared_mem_per_block_static" || name == "Static Shared Memory Per Block")
        return Use::StaticShared;
    if (name == "launch__shared_mem_per_block_dynamic" || name == "Dynamic Shared Memory Per Block")
        return Use::DynamicShared;
    if (name == "device__attribute_display_name")
        return Use::DeviceName;
    if (std::find(kDeviceAttributes.begin(), kDeviceAttributes.end(), name) != kDeviceAttributes.end())
        return Use::DeviceProperty;
    if (name == "launch__context_id")
        return Use::ContextId;
    if (name == "launch__block_dim_x")
        return Use::BlockX;
    if (name == "launch__block_dim_y")
        return Use::BlockY;
    if (name == "launch__block_dim_z")
        return Use::BlockZ;
    if (name == "launch__grid_dim_x")
        return Use::GridX;
    if (name == "launch__grid_dim_y")
        return Use::GridY;
    if (name == "launch__grid_dim_z")
        return Use::GridZ;
    return Use::None;
}

void CsvParser::feedLine(std::string_view line)
{
    if (!reader_.feedLine(line))
        return;
    onRecord(reader_.fields(), line.size());
    if ((++rows_ & 1023) == 0)
        progress_.checkCancel();
}

void CsvParser::onRecord(const std::vector<std::string_view> &fields, size_t bytes)
{
    if (fields.empty())
        return;
    if (fields[0] == "ID") {
        setHeader(fields);
        return;
    }
    if (header_.empty()) {
        ++stripped_; // a line starting with a quote before any table: program output
        return;
    }
    const std::string_view id = field(fields, Role::Id);
    if (expectUnits_) {
        if (!id.empty())
            fail("raw page without its units row: the line after the header is launch " + std::string(id) +
                 ", not the units (export it with ncu --csv --page raw, which writes them)");
        readUnits(fields);
        return;
    }
    if (!allDigits(id)) {
        ++stripped_; // not a row of the table (program output that happens to start with a quote)
        return;
    }
    if (details_)
        detailsRow(fields, bytes);
    else
        rawRow(fields, bytes);
}

void CsvParser::setHeader(const std::vector<std::string_view> &fields)
{
    if (fields.size() == header_.size() && std::equal(fields.begin(), fields.end(), header_.begin())) {
        expectUnits_ = !details_; // the same table again (another process, or files run together)
        return;
    }
    static constexpr std::array<std::pair<std::string_view, Role>, 21> kRoles = {{
        {"ID", Role::Id},
        {"Process ID", Role::ProcessId},
        {"Process Name", Role::ProcessName},
        {"Host Name", Role::HostName},
        {"Kernel Name", Role::KernelName},
        {"Kernel Time", Role::KernelTime},
        {"Context", Role::Context},
        {"Stream", Role::Stream},
        {"Block Size", Role::BlockSize},
        {"Grid Size", Role::GridSize},
        {"Device", Role::Device},
        {"CC", Role::Cc},
        {"Section Name", Role::SectionName},
        {"Metric Name", Role::MetricName},
        {"Metric Unit", Role::MetricUnit},
        {"Metric Value", Role::MetricValue},
        {"Rule Name", Role::RuleName},
        {"Rule Type", Role::RuleType},
        {"Rule Description", Role::RuleDescription},
        {"Estimated Speedup Type", Role::SpeedupType},
        {"Estimated Speedup", Role::Speedup},
    }};
    header_.assign(fields.begin(), fields.end());
    std::fill(roleIndex_.begin(), roleIndex_.end(), kNoColumn);
    columns_.assign(fields.size(), Column{});
    for (size_t i = 0; i < fields.size(); ++i) {
        Column &c = columns_[i];
        c.name = header_[i];
        for (const auto &[name, role] : kRoles)
            if (fields[i] == name)
                c.role = role;
        if (fields[i].find("Push/Pop_Range") != std::string_view::npos)
            c.role = Role::PushPop;
        else if (fields[i].find("Start/Stop_Range") != std::string_view::npos)
            c.role = Role::StartEnd;
        if (c.role != Role::Metric && roleIndex_[size_t(c.role)] == kNoColumn)
            roleIndex_[size_t(c.role)] = i;
    }
    if (roleIndex_[size_t(Role::Id)] == kNoColumn || roleIndex_[size_t(Role::KernelName)] == kNoColumn)
        fail("not an Nsight Compute table: the header has no \"ID\" and \"Kernel Name\" columns");
    details_ = roleIndex_[size_t(Role::MetricName)] != kNoColumn && roleIndex_[size_t(Role::MetricValue)] != kNoColumn;
    expectUnits_ = !details_;
    fileHasContextMetric_ = false;
    deviceColumns_.clear();
    for (size_t i = 0; i < columns_.size(); ++i) {
        Column &c = columns_[i];
        if (c.role != Role::Metric)
            continue;
        if (details_) {
            extraColumns_ = true; // a column this parser does not know: kept per kernel as text
            continue;
        }
        c.use = useOf(c.name);
        fileHasContextMetric_ = fileHasContextMetric_ || c.use == Use::ContextId;
        if (c.use == Use::DeviceName || c.use == Use::DeviceProperty)
            deviceColumns_.push_back(i);
    }
    p_.setMetadata(kNcuPageKey, details_ ? "details" : "raw");
}

void CsvParser::readUnits(const std::vector<std::string_view> &fields)
{
    if (fields.size() != header_.size())
        fail("the units row has " + std::to_string(fields.size()) + " fields, the header " +
             std::to_string(header_.size()));
    for (size_t i = 0; i < columns_.size(); ++i) {
        Column &c = columns_[i];
        if (c.role != Role::Metric)
            continue;
        c.unit = units::toBase(fields[i]);
        c.metric = p_.metricId(c.name, c.unit.base);
        if (c.use == Use::Duration && c.unit.base != "ns")
            c.use = Use::None; // not a time: no duration from it
    }
    expectUnits_ = false;
}

void CsvParser::noteBadRow(std::string_view id, std::string_view why)
{
    if (badRows_++ == 0)
        firstBadRow_ = "launch " + std::string(id) + ": " + std::string(why);
}

void CsvParser::rawRow(const std::vector<std::string_view> &fields, size_t bytes)
{
    if (fields.size() != header_.size()) {
        noteBadRow(field(fields, Role::Id),
                   std::to_string(fields.size()) + " of " + std::to_string(header_.size()) + " fields");
        return;
    }
    if (!reserved_ && sizeHint_ > 0) {
        reserved_ = true;
        const size_t rows = size_t(sizeHint_ / std::max<size_t>(bytes, 1)) + 1;
        const size_t values = rows * columns_.size();
        if (values < (size_t(1) << 28)) {
            p_.kernels.reserve(rows);
            launches_.reserve(rows);
            p_.kernel_counters.reserve(values);
        }
    }
    const bool newDevice = !deviceKnown(int32_t(integerOf(field(fields, Role::Device), 0)));
    const Index k = addKernel(fields);
    Kernel &kernel = p_.kernels[k];
    const bool haveBlock = roleIndex_[size_t(Role::BlockSize)] != kNoColumn;
    const bool haveGrid = roleIndex_[size_t(Role::GridSize)] != kNoColumn;
    for (size_t i = 0; i < columns_.size(); ++i) {
        const Column &c = columns_[i];
        if (c.role != Role::Metric)
            continue;
        const units::ParsedValue v = units::convertValue(fields[i], c.unit);
        addValue(k, c.metric, v);
        if (c.use == Use::None || v.kind != units::ValueKind::Number) {
            if (c.use == Use::DeviceName && newDevice && v.kind == units::ValueKind::Text)
                p_.devices.back().name = p_.intern(v.text);
            continue;
        }
        switch (c.use) {
        case Use::Duration:
            launches_[k].durationNs = std::llround(v.number);
            break;
        case Use::BlockX:
        case Use::BlockY:
        case Use::BlockZ:
            if (!haveBlock)
                (c.use == Use::BlockX   ? kernel.block.x
                 : c.use == Use::BlockY ? kernel.block.y
                                        : kernel.block.z) = clampU32(v.number);
            break;
        case Use::GridX:
        case Use::GridY:
        case Use::GridZ:
            if (!haveGrid)
                (c.use == Use::GridX   ? kernel.grid.x
                 : c.use == Use::GridY ? kernel.grid.y
                                       : kernel.grid.z) = clampU32(v.number);
            break;
        default:
            applyUse(kernel, c.use, v.number);
        }
    }
    if (newDevice) {
        Device &device = p_.devices.back();
        for (size_t i : deviceColumns_) {
            if (columns_[i].use != Use::DeviceProperty)
                continue;
            const units::ParsedValue v = units::parseValue(fields[i]);
            if (v.kind == units::ValueKind::Number || v.kind == units::ValueKind::Text)
                device.properties.emplace_back(columns_[i].name.substr(kDeviceAttributePrefix.size()), numberText(v));
        }
    }
}

void CsvParser::applyUse(Kernel &kernel, Use use, double value)
{
    switch (use) {
    case Use::Registers:
        kernel.registers_per_thread = clampU32(value);
        break;
    case Use::StaticShared:
        kernel.static_shared_bytes = clampU32(value);
        break;
    case Use::DynamicShared:
        kernel.dynamic_shared_bytes = clampU32(value);
        break;
    default:
        break;
    }
}

void CsvParser::detailsRow(const std::vector<std::string_view> &fields, size_t bytes)
{
    const std::string_view id = field(fields, Role::Id);
    if (currentKernel_ == kNoIndex || id != currentId_) {
        const auto found = kernelById_.find(id);
        if (found != kernelById_.end()) {
            currentKernel_ = found->second;
        } else {
            if (!reserved_ && sizeHint_ > 0) {
                reserved_ = true;
                p_.kernel_counters.reserve(size_t(sizeHint_ / std::max<size_t>(bytes, 1)) + 1);
            }
            currentKernel_ = addKernel(fields);
            kernelById_.emplace(std::string(id), currentKernel_);
            if (extraColumns_)
                addExtraColumns(currentKernel_, fields);
        }
        currentId_.assign(id);
        currentRules_.clear();
    }
    const std::string_view name = field(fields, Role::MetricName);
    if (name.empty()) {
        if (!field(fields, Role::RuleName).empty())
            addRule(currentKernel_, fields);
        return;
    }
    if (fields.size() <= roleIndex_[size_t(Role::MetricValue)]) {
        noteBadRow(id, "metric \"" + std::string(name) + "\" without its value");
        return;
    }
    const std::string_view unit = field(fields, Role::MetricUnit);
    auto it = detailsMetrics_.find(name);
    if (it == detailsMetrics_.end()) {
        DetailsMetric m;
        m.unitText = unit;
        m.unit = units::toBase(unit);
        m.metric = p_.metricId(name, m.unit.base);
        m.use = useOf(name);
        it = detailsMetrics_.emplace(std::string(name), std::move(m)).first;
    } else if (it->second.unitText != unit) {
        // Auto-scaled units change from row to row ("us", then "ms"): same base, other factor.
        it->second.unitText = unit;
        it->second.unit = units::toBase(unit);
    }
    const DetailsMetric &m = it->second;
    if (m.unit.base != p_.text(p_.metrics[m.metric].unit)) {
        if (unitMismatches_++ == 0)
            firstUnitMismatch_ = std::string(name) + " in " + std::string(unit) + " (first seen in " +
                                 std::string(p_.text(p_.metrics[m.metric].unit)) + ")";
        return;
    }
    const units::ParsedValue v = units::convertValue(field(fields, Role::MetricValue), m.unit);
    addValue(currentKernel_, m.metric, v);
    if (v.kind != units::ValueKind::Number)
        return;
    if (m.use == Use::Duration && m.unit.base == "ns")
        launches_[currentKernel_].durationNs = std::llround(v.number);
    else
        applyUse(p_.kernels[currentKernel_], m.use, v.number);
}

void CsvParser::addExtraColumns(Index kernel, const std::vector<std::string_view> &fields)
{
    for (size_t i = 0; i < columns_.size() && i < fields.size(); ++i) {
        Column &c = columns_[i];
        if (c.role != Role::Metric)
            continue;
        if (c.metric == kNoIndex)
            c.metric = p_.metricId(c.name, "");
        addValue(kernel, c.metric, units::parseValue(fields[i]));
    }
}

void CsvParser::addRule(Index kernel, const std::vector<std::string_view> &fields)
{
    const std::string_view rule = field(fields, Role::RuleName);
    const std::string key = "\x01rule:" + std::string(rule); // cannot clash with a metric name
    auto it = detailsMetrics_.find(key);
    if (it == detailsMetrics_.end()) {
        DetailsMetric m;
        m.metric = p_.metricId("rule:" + std::string(rule), "");
        it = detailsMetrics_.emplace(key, std::move(m)).first;
    }
    const Index metric = it->second.metric;
    std::string text =
        "[" + std::string(field(fields, Role::RuleType)) + "] " + std::string(field(fields, Role::RuleDescription));
    const std::string_view speedup = field(fields, Role::Speedup);
    if (!speedup.empty())
        text += " (estimated speedup, " + std::string(field(fields, Role::SpeedupType)) + ": " + std::string(speedup) +
                "%)";
    // A rule may fire more than once per launch: one value holding every message.
    const auto existing = currentRules_.find(metric);
    if (existing != currentRules_.end()) {
        MetricValue &v = p_.kernel_counters[existing->second];
        v.text = p_.intern(std::string(p_.text(v.text)) + "\n" + text);
        return;
    }
    MetricValue v;
    v.owner = kernel;
    v.metric = metric;
    v.text = p_.intern(text);
    v.flags = kValueText;
    currentRules_.emplace(metric, p_.kernel_counters.size());
    p_.kernel_counters.push_back(v);
}

bool CsvParser::deviceKnown(int32_t id) const
{
    return std::find(deviceIds_.begin(), deviceIds_.end(), id) != deviceIds_.end();
}

Index CsvParser::addKernel(const std::vector<std::string_view> &fields)
{
    Kernel kernel;
    kernel.name = p_.intern(field(fields, Role::KernelName));
    kernel.label = p_.intern(field(fields, Role::Id));
    kernel.stream = uint32_t(std::clamp<int64_t>(integerOf(field(fields, Role::Stream), 0), 0, UINT32_MAX));
    kernel.device = int32_t(std::clamp<int64_t>(integerOf(field(fields, Role::Device), 0), INT32_MIN, INT32_MAX));
    kernel.grid = dim3Of(field(fields, Role::GridSize));
    kernel.block = dim3Of(field(fields, Role::BlockSize));
    const Index k = Index(p_.kernels.size());
    p_.kernels.push_back(kernel);

    Launch launch;
    launch.pid = integerOf(field(fields, Role::ProcessId), 0);
    const std::string_view pushPop = field(fields, Role::PushPop);
    const std::string_view startEnd = field(fields, Role::StartEnd);
    const std::string_view process = field(fields, Role::ProcessName);
    if (!pushPop.empty())
        launch.pushPop = p_.intern(pushPop);
    if (!startEnd.empty())
        launch.startEnd = p_.intern(startEnd);
    if (!process.empty())
        launch.processName = p_.intern(process);
    launches_.push_back(launch);

    // The raw NVTX text, so that launches can be matched to another capture's kernels by stack.
    if (launch.pushPop != kNoString) {
        if (pushPopMetric_ == kNoIndex)
            pushPopMetric_ = p_.metricId("nvtx__push_pop_stack", "");
        p_.kernel_counters.push_back({k, pushPopMetric_, 0.0, launch.pushPop, kValueText});
    }
    if (launch.startEnd != kNoString) {
        if (startEndMetric_ == kNoIndex)
            startEndMetric_ = p_.metricId("nvtx__start_end_ranges", "");
        p_.kernel_counters.push_back({k, startEndMetric_, 0.0, launch.startEnd, kValueText});
    }
    // Fixed columns the Kernel record has no field for.
    const std::string_view context = field(fields, Role::Context);
    if (!context.empty() && !fileHasContextMetric_) {
        if (contextMetric_ == kNoIndex)
            contextMetric_ = p_.metricId("launch__context_id", "");
        addValue(k, contextMetric_, units::parseValue(context));
    }
    const std::string_view kernelTime = field(fields, Role::KernelTime);
    if (!kernelTime.empty()) {
        if (kernelTimeMetric_ == kNoIndex)
            kernelTimeMetric_ = p_.metricId("ncu__kernel_time", "");
        p_.kernel_counters.push_back({k, kernelTimeMetric_, 0.0, p_.intern(kernelTime), kValueText});
    }

    if (!deviceKnown(kernel.device)) {
        Device device;
        device.id = kernel.device;
        const std::string_view cc = field(fields, Role::Cc);
        if (!cc.empty())
            device.properties.emplace_back("CC", std::string(cc));
        p_.devices.push_back(std::move(device));
        deviceIds_.push_back(kernel.device);
    }
    if (!p_.metadataValue(kHostNameKey) && !field(fields, Role::HostName).empty())
        p_.setMetadata(kHostNameKey, field(fields, Role::HostName));
    if (!p_.metadataValue(kProcessNameKey) && !process.empty())
        p_.setMetadata(kProcessNameKey, process);
    return k;
}

void CsvParser::addValue(Index kernel, Index metric, const units::ParsedValue &value)
{
    switch (value.kind) {
    case units::ValueKind::Empty:
        return;
    case units::ValueKind::NotAvailable:
        ++notAvailable_;
        return;
    case units::ValueKind::Number:
        p_.kernel_counters.push_back(
            {kernel, metric, value.number, kNoString, uint8_t(value.integral ? kValueIntegral : 0)});
        return;
    case units::ValueKind::Text:
        p_.kernel_counters.push_back({kernel, metric, 0.0, p_.intern(value.text), kValueText});
        return;
    }
}

Index CsvParser::threadOf(int64_t pid, int64_t tid, StringId name)
{
    const auto [it, added] = threadIndex_.try_emplace({pid, tid}, Index(p_.threads.size()));
    if (added)
        p_.threads.push_back({pid, tid, name});
    return it->second;
}

void CsvParser::buildTimeline()
{
    progress_.report(0.95, "Building the serial timeline");
    NvtxRangeBuilder ranges(p_);
    NvtxCell pushPop, startEnd;
    size_t missing = 0;
    int64_t now = 0;
    for (size_t k = 0; k < p_.kernels.size(); ++k) {
        Kernel &kernel = p_.kernels[k];
        const Launch &launch = launches_[k];
        int64_t duration = launch.durationNs;
        if (duration < 0) {
            duration = kDefaultDurationNs;
            ++missing;
        }
        kernel.start_ns = now;
        kernel.end_ns = now + duration;
        now = kernel.end_ns;

        parseNvtxCell(p_.text(launch.pushPop), false, pushPop);
        parseNvtxCell(p_.text(launch.startEnd), true, startEnd);
        malformedNvtx_ += pushPop.malformed + startEnd.malformed;
        Index thread = kNoIndex;
        if (pushPop.hasThread || !pushPop.entries.empty())
            thread = threadOf(launch.pid, pushPop.hasThread ? pushPop.thread : -1, launch.processName);
        kernel.launch_thread = thread;
        ranges.addKernel(kernel, launch.pid, thread, pushPop, startEnd);
        if ((k & 4095) == 0)
            progress_.checkCancel();
    }
    p_.span_start_ns = 0;
    p_.span_end_ns = now;
    if (missing > 0)
        p_.warnings.push_back(std::to_string(missing) + " of " + std::to_string(p_.kernels.size()) +
                              " launches have no gpu__time_duration.sum: each got " +
                              std::to_string(kDefaultDurationNs) + " ns on the serial timeline");
}

Profile CsvParser::finish()
{
    if (reader_.pending()) {
        const size_t bytes = reader_.dropPending();
        if (header_.empty())
            fail("no Nsight Compute table: the input ends inside a quoted field");
        p_.warnings.push_back("the input ends inside a quoted field (" + std::to_string(bytes) +
                              " bytes): it looks truncated, and its incomplete last row was dropped");
    }
    if (header_.empty())
        fail("no Nsight Compute table found: no line starts with \"ID\" (the header of ncu --csv output)");
    if (p_.kernels.empty()) {
        if (expectUnits_)
            fail("raw page without its units row, and without kernel launches");
        fail("the Nsight Compute table has a header but no kernel launches");
    }
    buildTimeline();

    if (badRows_ > 0)
        p_.warnings.push_back(std::to_string(badRows_) +
                              " rows were incomplete or had more fields than the header, and were dropped (first: " +
                              firstBadRow_ + "); the file may be truncated");
    if (notAvailable_ > 0)
        p_.warnings.push_back(std::to_string(notAvailable_) + " values were \"n/a\" and have no value");
    if (unitMismatches_ > 0)
        p_.warnings.push_back(std::to_string(unitMismatches_) +
                              " values came in a unit of another kind than their metric's first and were skipped "
                              "(first: " +
                              firstUnitMismatch_ + ")");
    if (stripped_ > 0)
        p_.warnings.push_back(std::to_string(stripped_) +
                              " lines started with a quote but were not rows of the table (program output?) and "
                              "were skipped");
    if (malformedNvtx_ > 0)
        p_.warnings.push_back(std::to_string(malformedNvtx_) +
                              " NVTX entries did not have ncu's DOMAIN:NAME:...:Msg layout; their whole text was "
                              "taken as the range name");
    p_.setMetadata(kTimelineKey, "serialised by Nsight Compute (no real timestamps)");
    p_.source_format = format_id::kNcuCsv;
    p_.source_path = path_;
    p_.finalize();
    return std::move(p_);
}

} // namespace opscope::importers::ncu
