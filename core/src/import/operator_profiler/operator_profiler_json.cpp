#include "opscope/operator_profiler_json.h"

#include "opscope/errors.h"
#include "opscope/file_util.h"
#include "opscope/format_ids.h"
#include "opscope/json_input.h"
#include "opscope/metadata_keys.h"
#include "opscope/step_timing.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <limits>
#include <map>
#include <tuple>

namespace opscope {

using json = nlohmann::ordered_json;

namespace {

constexpr std::string_view kFormatName = format_id::kOperatorProfilerJson;

// The seed's capture_metadata fields other than device_name, in schema order.
constexpr std::array<std::string_view, 7> kMetadataFields = {kModelNameKey,       kTorchVersionKey,   kCudaVersionKey,
                                                             kCompileModeKey,     kNsysReportPathKey, kNcuReportPathKey,
                                                             kCaptureTimestampKey};

// How the seed aggregates a kernel metric into an operator field (metric_aggregator.py).
enum class Rule { Sum, WeightedMean, Max, Special };
struct AggregateField {
    const char *name;
    Rule rule;
    bool integral;                       // the schema types the field as int
    const char *unit;                    // unit of the aggregated value in the seed's data
    std::array<const char *, 3> metrics; // primary name, then fallbacks
};

// In the schema's order; exported in this order.
const std::array<AggregateField, 22> kAggregateFields = {{
    {"total_duration_ns", Rule::Special, true, "ns", {}},
    {"kernel_count", Rule::Special, true, "", {}},
    {"dominant_kernel_id", Rule::Special, false, "", {}},
    {"total_dram_bytes_read",
     Rule::Sum,
     true,
     "",
     {"dram__bytes_read.sum", "dram__bytes_op_read.sum", "fbpa__dram_read_bytes.sum"}},
    {"total_dram_bytes_written",
     Rule::Sum,
     true,
     "",
     {"dram__bytes_written.sum", "dram__bytes_op_write.sum", "fbpa__dram_write_bytes.sum"}},
    {"memory_throughput_pct",
     Rule::WeightedMean,
     false,
     "%",
     {"gpu__dram_throughput.avg.pct_of_peak_sustained_elapsed"}},
    {"dram_throughput_pct", Rule::WeightedMean, false, "%", {"dram__throughput.avg.pct_of_peak_sustained_elapsed"}},
    {"mem_busy_pct", Rule::WeightedMean, false, "%", {"l1tex__throughput.avg.pct_of_peak_sustained_active"}},
    {"l1_hit_rate", Rule::WeightedMean, false, "%", {"l1tex__t_hit_rate.pct", "l1tex__t_sector_hit_rate.pct"}},
    {"l2_hit_rate",
     Rule::WeightedMean,
     false,
     "%",
     {"lts__t_hit_rate.pct", "lts__t_request_hit_rate.pct", "lts__t_sector_hit_rate.pct"}},
    {"sm_throughput_pct", Rule::WeightedMean, false, "%", {"sm__throughput.avg.pct_of_peak_sustained_elapsed"}},
    {"tensor_core_active_pct",
     Rule::WeightedMean,
     false,
     "%",
     {"smsp__pipe_tensor_cycles_active.avg.pct_of_peak_sustained_active"}},
    {"achieved_occupancy", Rule::WeightedMean, false, "%", {"sm__warps_active.avg.pct_of_peak_sustained_active"}},
    {"warp_cycles_per_instruction", Rule::WeightedMean, false, "", {"smsp__warp_cycles_per_issued_instruction.ratio"}},
    {"eligible_cycles_pct", Rule::WeightedMean, false, "%", {"smsp__issue_active.avg.pct_of_peak_sustained_active"}},
    {"total_executed_instructions", Rule::Sum, true, "inst", {"smsp__inst_executed.sum"}},
    {"total_issued_instructions", Rule::Sum, true, "inst", {"smsp__inst_issued.sum"}},
    {"ipc_active", Rule::WeightedMean, false, "", {"smsp__inst_executed.avg.per_cycle_active"}},
    {"avg_threads_per_warp",
     Rule::WeightedMean,
     false,
     "",
     {"smsp__average_threads_executed_per_instruction.ratio",
      "smsp__average_thread_inst_executed_per_inst_executed.ratio"}},
    {"registers_per_thread", Rule::Max, false, "register/thread", {"launch__registers_per_thread"}},
    {"local_memory_spills",
     Rule::Sum,
     true,
     "",
     {"l1tex__data_pipe_lsu_wavefronts_mem_local.sum", "l1tex__t_output_wavefronts_pipe_lsu_mem_local.sum"}},
    {"dynamic_smem_per_block", Rule::Max, false, "", {"launch__shared_mem_per_block_dynamic"}},
}};

const AggregateField *findAggregateField(std::string_view name)
{
    for (const auto &f : kAggregateFields)
        if (name == f.name)
            return &f;
    return nullptr;
}

[[noreturn]] void fail(const std::string &path, const std::string &problem)
{
    throw FileError(path, "not a valid Operator Profiler profile.json: " + problem);
}

std::string textOf(const json &value)
{
    return value.is_string() ? value.get<std::string>() : value.dump();
}

int64_t intOf(const json &value, const std::string &path, const char *what)
{
    if (value.is_number_integer())
        return value.get<int64_t>();
    // A float beyond int64 would be undefined behaviour to convert.
    if (value.is_number_float() && std::abs(value.get<double>()) < 9.2e18)
        return int64_t(value.get<double>());
    fail(path, std::string(what) + (value.is_number() ? " is out of range" : " is not a number"));
}

// ---- Units of the seed's raw kernel metrics (see kOperatorProfilerUnitsWarning) ----

bool isDurationMetric(std::string_view name)
{
    return name.starts_with("gpu__time_duration.");
}

// The unit a raw metric certainly has though the file does not say it; empty when it may be scaled.
std::string_view rawMetricUnit(std::string_view name)
{
    if (isDurationMetric(name))
        return "ns"; // converted on import
    if (name.find("pct") != std::string_view::npos)
        return "%";
    if (name == "launch__registers_per_thread")
        return "register/thread";
    return {};
}

constexpr std::array<double, 4> kTimeScales = {1, 1e3, 1e6, 1e9}; // ns, us, ms, s in ns

// ncu's auto-scaled duration `value` of a kernel lasting `kernelNs` (nsys), in ns: the scale that
// lands nearest the kernel's own duration (ncu's replay differs by a few times at most; the other
// scales are 1000 times off). Microseconds, ncu's usual unit for kernels, where nothing tells.
double durationToNs(double value, int64_t kernelNs)
{
    double scale = 1e3;
    if (value > 0 && kernelNs > 0) {
        double best = std::numeric_limits<double>::infinity();
        for (double s : kTimeScales)
            if (const double off = std::abs(std::log(value * s / double(kernelNs))); off < best) {
                best = off;
                scale = s;
            }
    }
    const double ns = value * scale;
    // 4.22 us is 4220 ns, not 4219.999...: ncu prints at most 2 decimals.
    const double whole = std::round(ns);
    return std::abs(ns - whole) < 1e-6 * std::max(1.0, std::abs(ns)) ? whole : ns;
}

// Back to ncu's auto-scale for export: the largest unit that keeps the number at 1 or more.
double durationFromNs(double ns)
{
    double scale = 1;
    for (double s : kTimeScales)
        if (std::abs(ns) >= s)
            scale = s;
    return ns / scale;
}

// Adds a JSON scalar as a counter value of `owner`.
void addValue(std::vector<MetricValue> &out, Profile &p, Index owner, Index metric, const json &value)
{
    MetricValue v;
    v.owner = owner;
    v.metric = metric;
    if (value.is_null()) {
        v.flags = kValueNull;
    } else if (value.is_number_integer()) {
        v.value = double(value.get<int64_t>());
        v.flags = kValueIntegral;
    } else if (value.is_number()) {
        v.value = value.get<double>();
    } else if (value.is_boolean()) {
        v.value = value.get<bool>() ? 1 : 0;
        v.flags = kValueIntegral;
    } else {
        v.text = p.intern(textOf(value));
        v.flags = kValueText;
    }
    out.push_back(v);
}

json valueToJson(const Profile &p, const MetricValue &v)
{
    if (v.flags & kValueNull)
        return nullptr;
    if (v.flags & kValueText)
        return std::string(p.text(v.text));
    if (v.flags & kValueIntegral)
        return int64_t(v.value);
    return v.value;
}

class Importer {
public:
    Importer(const std::string &path) : path_(path) {}

    Profile run(const json &root)
    {
        if (!root.is_object())
            fail(path_, "the top level is not an object");
        if (!root.contains("operators") || !root.contains("capture_metadata"))
            fail(path_, "no \"operators\" or \"capture_metadata\"");
        const std::string version = root.value("schema_version", std::string("1.0"));
        if (version.rfind("1.", 0) != 0)
            throw FileError(path_,
                            "Operator Profiler schema_version " + version + " is not supported (this build reads 1.x)");

        p_.source_format = std::string(kFormatName);
        p_.source_path = path_;
        p_.setMetadata(kSchemaVersionKey, version);
        readMetadata(root.at("capture_metadata"));
        const json &ops = root.at("operators");
        if (!ops.is_array())
            fail(path_, "\"operators\" is not a list");
        for (const json &op : ops)
            readOperator(op);
        if (const auto it = root.find("unattributed_kernels"); it != root.end() && it->is_array())
            for (const json &k : *it)
                readKernel(k, kNoIndex);
        if (const auto it = root.find("warnings"); it != root.end() && it->is_array())
            for (const json &w : *it)
                p_.warnings.push_back(textOf(w));
        p_.warnings.emplace_back(kOperatorProfilerUnitsWarning);
        p_.finalize();
        return std::move(p_);
    }

private:
    void readMetadata(const json &meta)
    {
        if (!meta.is_object())
            fail(path_, "\"capture_metadata\" is not an object");
        for (const auto &[key, value] : meta.items()) {
            if (key == "device_name") {
                if (!value.is_null())
                    deviceName_ = textOf(value);
            } else if (!value.is_null()) {
                p_.setMetadata(key, textOf(value));
            }
        }
        if (!deviceName_.empty())
            p_.devices.push_back({0, p_.intern(deviceName_), {}});
    }

    Index readRange(const json &r)
    {
        if (r.is_null())
            return kNoIndex;
        if (!r.is_object())
            fail(path_, "an nvtx_range is not an object");
        Range range;
        range.text = p_.intern(r.value("text", std::string()));
        range.depth = uint16_t(r.value("depth", 0));
        range.start_ns = intOf(r.value("start_ns", json(0)), path_, "nvtx_range.start_ns");
        range.end_ns = intOf(r.value("end_ns", json(0)), path_, "nvtx_range.end_ns");
        range.domain = p_.intern(r.value("domain", std::string("default")));
        const auto key = std::make_tuple(range.text, range.depth, range.start_ns, range.end_ns, range.domain);
        if (auto it = rangeIndex_.find(key); it != rangeIndex_.end())
            return it->second;
        p_.ranges.push_back(range);
        return rangeIndex_[key] = Index(p_.ranges.size() - 1);
    }

    static Dim3 readDim(const json &d)
    {
        if (!d.is_array() || d.size() != 3)
            return {};
        // Only counts fit: a negative, fractional or huge dimension is left 0 rather than wrapped.
        const auto axis = [](const json &v) {
            return v.is_number_unsigned() && v.get<uint64_t>() <= UINT32_MAX ? v.get<uint32_t>() : 0u;
        };
        return {axis(d[0]), axis(d[1]), axis(d[2])};
    }

    void readKernel(const json &k, Index op)
    {
        if (!k.is_object())
            fail(path_, "a kernel record is not an object");
        Kernel kernel;
        kernel.label = p_.intern(k.value("kernel_id", std::string()));
        const std::string name = k.value("kernel_name", std::string());
        const json demangled = k.value("demangled_name", json());
        if (demangled.is_string() && demangled.get<std::string>() != name) {
            kernel.name = p_.intern(demangled.get<std::string>());
            kernel.short_name = p_.intern(name);
        } else {
            kernel.name = p_.intern(name);
        }
        kernel.stream = uint32_t(intOf(k.value("stream_id", json(0)), path_, "stream_id"));
        kernel.device = int32_t(intOf(k.value("device_id", json(0)), path_, "device_id"));
        kernel.start_ns = intOf(k.value("start_ns", json(0)), path_, "start_ns");
        kernel.end_ns = intOf(k.value("end_ns", json(0)), path_, "end_ns");
        int64_t span = 0;
        if (__builtin_sub_overflow(kernel.end_ns, kernel.start_ns, &span) || span < 0) {
            // Views and totals need end >= start: keep the kernel (and its counters) with duration 0.
            p_.warnings.push_back("OpScope: kernel " + std::string(p_.text(kernel.label)) + " ends before it starts (" +
                                  "start_ns " + std::to_string(kernel.start_ns) + ", end_ns " +
                                  std::to_string(kernel.end_ns) + "); kept with duration 0");
            kernel.end_ns = kernel.start_ns;
            span = 0;
        }
        const int64_t duration = intOf(k.value("duration_ns", json(span)), path_, "duration_ns");
        if (duration != span)
            p_.warnings.push_back("OpScope: kernel " + std::string(p_.text(kernel.label)) + " has duration_ns " +
                                  std::to_string(duration) + " but end_ns - start_ns = " + std::to_string(span) +
                                  "; using the timestamps");
        kernel.grid = readDim(k.value("grid_dim", json()));
        kernel.block = readDim(k.value("block_dim", json()));
        kernel.op = op;
        kernel.range = readRange(k.value("nvtx_range", json()));
        parseAttributionMethod(k.value("attribution_method", std::string("unattributed")), kernel.method);
        parseConfidence(k.value("confidence", std::string("unattributed")), kernel.confidence);
        if (op == kNoIndex)
            kernel.unattributed_reason = p_.intern("unattributed in the source profile.json");
        const Index index = Index(p_.kernels.size());
        p_.kernels.push_back(kernel);
        if (const auto metrics = k.find("metrics"); metrics != k.end() && metrics->is_object())
            if (const auto raw = metrics->find("raw"); raw != metrics->end() && raw->is_object())
                for (const auto &[metricName, value] : raw->items()) {
                    addValue(p_.kernel_counters, p_, index, p_.metricId(metricName, rawMetricUnit(metricName)), value);
                    MetricValue &added = p_.kernel_counters.back();
                    if (isDurationMetric(metricName) && !(added.flags & (kValueNull | kValueText)))
                        added.value = durationToNs(added.value, span);
                }
    }

    void readOperator(const json &o)
    {
        if (!o.is_object())
            fail(path_, "an operator record is not an object");
        const Index index = Index(p_.operators.size());
        Operator op;
        op.name = p_.intern(o.value("operator_name", std::string()));
        op.label = p_.intern(o.value("operator_id", std::string()));
        op.call_index = uint32_t(intOf(o.value("call_index", json(0)), path_, "call_index"));
        op.range = readRange(o.value("nvtx_range", json()));
        if (o.value("is_fused", false))
            op.flags |= kOperatorFused;
        const json aggregated = o.value("aggregated", json());
        if (aggregated.is_object())
            op.flags |= kOperatorHasAggregate;
        p_.operators.push_back(op);
        if (const auto fused = o.find("fused_with"); fused != o.end() && fused->is_array())
            for (const json &name : *fused)
                p_.fused_with.push_back({index, p_.intern(textOf(name))});

        const size_t firstKernel = p_.kernels.size();
        if (const auto kernels = o.find("kernels"); kernels != o.end() && kernels->is_array())
            for (const json &k : *kernels)
                readKernel(k, index);
        // The record has no CPU time span: use the NVTX range, else the span of its kernels.
        Operator &stored = p_.operators[index];
        if (stored.range != kNoIndex) {
            stored.start_ns = p_.ranges[stored.range].start_ns;
            stored.end_ns = p_.ranges[stored.range].end_ns;
        } else if (firstKernel < p_.kernels.size()) {
            stored.start_ns = INT64_MAX;
            stored.end_ns = INT64_MIN;
            for (size_t i = firstKernel; i < p_.kernels.size(); ++i) {
                stored.start_ns = std::min(stored.start_ns, p_.kernels[i].start_ns);
                stored.end_ns = std::max(stored.end_ns, p_.kernels[i].end_ns);
            }
        }
        if (aggregated.is_object())
            for (const auto &[field, value] : aggregated.items()) {
                const AggregateField *known = findAggregateField(field);
                addValue(p_.operator_counters, p_, index, p_.metricId(field, known ? known->unit : ""), value);
            }
    }

    std::string path_;
    Profile p_;
    std::string deviceName_;
    std::map<std::tuple<StringId, uint16_t, int64_t, int64_t, StringId>, Index> rangeIndex_;
};

// ---- Export ----

json rangeToJson(const Profile &p, Index r)
{
    if (r == kNoIndex || r >= p.ranges.size())
        return nullptr;
    const Range &range = p.ranges[r];
    return json{{"text", p.text(range.text)},
                {"depth", range.depth},
                {"start_ns", range.start_ns},
                {"end_ns", range.end_ns},
                {"domain", range.domain == kNoString ? std::string("default") : std::string(p.text(range.domain))}};
}

json dimToJson(const Dim3 &d)
{
    if (d == Dim3{})
        return nullptr;
    return json::array({d.x, d.y, d.z});
}

std::string kernelLabel(const Profile &p, Index k)
{
    if (p.kernels[k].label != kNoString)
        return std::string(p.text(p.kernels[k].label));
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "k_%05u", k);
    return buffer;
}

json kernelToJson(const Profile &p, Index k)
{
    const Kernel &kernel = p.kernels[k];
    json raw = json::object();
    for (const MetricValue &v : p.countersOfKernel(k)) {
        const std::string name(p.text(p.metrics[v.metric].name));
        raw[name] = valueToJson(p, v);
        if (isDurationMetric(name) && p.text(p.metrics[v.metric].unit) == "ns" && raw[name].is_number()) {
            // In the seed's convention (ncu's auto-scale), integers staying integers ("4" us).
            const double scaled = durationFromNs(v.value);
            raw[name] =
                (v.flags & kValueIntegral) && scaled == std::round(scaled) ? json(int64_t(scaled)) : json(scaled);
        }
    }
    const bool hasShort = kernel.short_name != kNoString;
    json out = json::object();
    out["kernel_id"] = kernelLabel(p, k);
    out["kernel_name"] = hasShort ? p.text(kernel.short_name) : p.text(kernel.name);
    out["demangled_name"] = hasShort ? json(p.text(kernel.name)) : json(nullptr);
    out["stream_id"] = kernel.stream;
    out["device_id"] = kernel.device;
    out["start_ns"] = kernel.start_ns;
    out["end_ns"] = kernel.end_ns;
    out["duration_ns"] = kernel.duration();
    out["grid_dim"] = dimToJson(kernel.grid);
    out["block_dim"] = dimToJson(kernel.block);
    out["metrics"] = json{{"raw", raw}};
    const bool attributed = kernel.op != kNoIndex;
    out["attribution_method"] = attributed ? toString(kernel.method) : "unattributed";
    out["confidence"] = attributed ? toString(kernel.confidence) : "unattributed";
    out["nvtx_range"] = rangeToJson(p, kernel.range);
    return out;
}

// Aggregates an operator's kernels by the seed's rules, for profiles that did not come with them.
json computeAggregate(const Profile &p, const std::vector<Index> &kernels)
{
    json out = json::object();
    int64_t total = 0;
    Index dominant = kernels.front();
    for (Index k : kernels) {
        total += p.kernels[k].duration();
        if (p.kernels[k].duration() > p.kernels[dominant].duration())
            dominant = k;
    }
    for (const AggregateField &field : kAggregateFields) {
        if (field.rule == Rule::Special) {
            if (std::string_view(field.name) == "total_duration_ns")
                out[field.name] = total;
            else if (std::string_view(field.name) == "kernel_count")
                out[field.name] = kernels.size();
            else
                out[field.name] = kernelLabel(p, dominant);
            continue;
        }
        double sum = 0, weighted = 0, weights = 0, maximum = 0;
        bool any = false;
        for (Index k : kernels) {
            for (const char *metric : field.metrics) {
                if (!metric)
                    break;
                const double missing = std::numeric_limits<double>::quiet_NaN();
                const double v = p.kernelCounter(k, metric, missing);
                if (v != v)
                    continue;
                const double w = double(p.kernels[k].duration());
                sum += v;
                weighted += v * w;
                weights += w;
                maximum = any ? std::max(maximum, v) : v;
                any = true;
                break;
            }
        }
        if (!any)
            out[field.name] = field.integral ? json(0) : json(nullptr);
        else if (field.rule == Rule::Sum)
            out[field.name] = field.integral ? json(int64_t(sum)) : json(sum);
        else if (field.rule == Rule::Max)
            out[field.name] = maximum;
        else
            out[field.name] = weights > 0 ? json(weighted / weights) : json(nullptr);
    }
    return out;
}

json storedAggregate(const Profile &p, Index op)
{
    json out = json::object();
    const auto values = p.countersOfOperator(op);
    // Schema fields first, in schema order; then any extra fields the source had.
    for (const AggregateField &field : kAggregateFields)
        for (const MetricValue &v : values)
            if (p.text(p.metrics[v.metric].name) == field.name)
                out[field.name] = valueToJson(p, v);
    for (const MetricValue &v : values) {
        const std::string name(p.text(p.metrics[v.metric].name));
        if (!out.contains(name))
            out[name] = valueToJson(p, v);
    }
    return out;
}

} // namespace

bool looksLikeOperatorProfilerJson(std::string_view head)
{
    const auto start = head.find_first_not_of(" \t\r\n");
    if (start == std::string_view::npos || head[start] != '{')
        return false;
    return head.find("\"capture_metadata\"") != std::string_view::npos &&
           (head.find("\"schema_version\"") != std::string_view::npos ||
            head.find("\"operators\"") != std::string_view::npos);
}

Profile parseOperatorProfilerJson(const std::string &text, const std::string &path)
{
    json root;
    size_t tooDeep = 0;
    try {
        root = parseJsonInputSkippingDeep<json>(text, tooDeep);
    } catch (const json::exception &e) {
        // parse_error, and out_of_range for a number beyond double ("1E400"): both bad input.
        throw FileError(path, std::string("not valid JSON (") + e.what() + ")");
    }
    Profile p;
    try {
        p = Importer(path).run(root);
    } catch (const json::exception &e) {
        fail(path, e.what());
    }
    if (tooDeep > 0)
        p.warnings.push_back(std::to_string(tooDeep) + " values nested deeper than " + std::to_string(kMaxJsonDepth) +
                             " levels were left out");
    return p;
}

Profile importOperatorProfilerJson(const std::string &path, const Progress &progress)
{
    progress.report(0.0, "Reading profile.json");
    const std::string text = readMaybeGzipped(path);
    progress.checkCancel();
    Profile p = parseOperatorProfilerJson(text, path);
    progress.report(1.0, "Reading profile.json");
    return p;
}

std::string exportOperatorProfilerJson(const Profile &p)
{
    json root = json::object();
    const std::string *version = p.metadataValue(kSchemaVersionKey);
    root["schema_version"] = version ? *version : "1.0";

    json meta = json::object();
    for (const std::string_view field : kMetadataFields) {
        const std::string *value = p.metadataValue(field);
        meta[std::string(field)] = value ? json(*value) : json(nullptr);
    }
    if (meta["compile_mode"].is_null())
        meta["compile_mode"] = "eager";
    if (meta["model_name"].is_null())
        meta["model_name"] = p.source_path.empty() ? "" : fileBaseName(p.source_path);
    if (meta["torch_version"].is_null())
        meta["torch_version"] = "";
    if (meta["capture_timestamp_utc"].is_null())
        meta["capture_timestamp_utc"] = "";
    meta["device_name"] = p.devices.empty() ? json(nullptr) : json(p.text(p.devices.front().name));
    // OpScope's reference timing (step_timing.h), beyond the seed's fields: its reader ignores them, ours
    // reads every key of capture_metadata back.
    for (const std::string_view key :
         {kReferenceStepNsKey, kCapturedStepNsKey, kCaptureOverheadKey, kReferenceClockKey, kReferenceStepsKey})
        if (const std::string *value = p.metadataValue(key))
            meta[std::string(key)] = *value;
    root["capture_metadata"] = meta;

    std::vector<std::vector<Index>> kernelsOfOp(p.operators.size());
    json unattributed = json::array();
    std::vector<std::string> warnings;
    for (const std::string &w : p.warnings)
        if (w != kOperatorProfilerUnitsWarning)
            warnings.push_back(w);
    for (Index k = 0; k < p.kernels.size(); ++k) {
        const Kernel &kernel = p.kernels[k];
        if (kernel.op != kNoIndex && kernel.op < p.operators.size())
            kernelsOfOp[kernel.op].push_back(k);
        else if (kernel.flags & kKernelOutsideCapture)
            warnings.push_back(kernelLabel(p, k) + " (" + std::string(p.text(kernel.name)) +
                               "): flagged as initialization kernel");
        else
            unattributed.push_back(kernelToJson(p, k));
    }

    json ops = json::array();
    for (Index o = 0; o < p.operators.size(); ++o) {
        const Operator &op = p.operators[o];
        json record = json::object();
        record["operator_id"] = op.label != kNoString
                                    ? std::string(p.text(op.label))
                                    : std::string(p.text(op.name)) + "_" + std::to_string(op.call_index);
        record["operator_name"] = p.text(op.name);
        record["call_index"] = op.call_index;
        record["is_fused"] = bool(op.flags & kOperatorFused);
        json fused = json::array();
        for (const FusedName &f : p.fused_with)
            if (f.op == o)
                fused.push_back(p.text(f.name));
        record["fused_with"] = fused;
        record["nvtx_range"] = rangeToJson(p, op.range);
        json kernels = json::array();
        for (Index k : kernelsOfOp[o])
            kernels.push_back(kernelToJson(p, k));
        record["kernels"] = kernels;
        if (op.flags & kOperatorHasAggregate)
            record["aggregated"] = storedAggregate(p, o);
        else
            record["aggregated"] = kernelsOfOp[o].empty() ? json(nullptr) : computeAggregate(p, kernelsOfOp[o]);
        ops.push_back(std::move(record));
    }
    root["operators"] = std::move(ops);
    root["unattributed_kernels"] = std::move(unattributed);
    root["warnings"] = warnings;
    return root.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

void writeOperatorProfilerJson(const Profile &profile, const std::string &path)
{
    const std::string text = exportOperatorProfilerJson(profile);
    writeFileAtomically(path, [&](std::ostream &out) { out << text; });
}

} // namespace opscope
