// ONNX Runtime profiles (SessionOptions.enable_profiling): a bare JSON array with one event per
// line, written without escaping names (research/formats.md §4). Node "<name>_kernel_time" events
// become operators (op_name, provider, shapes), Kernel events (CUDA/ROCm providers) kernels linked
// to their node, Session events annotations.
#include "import/importers.h"

#include "opscope/errors.h"
#include "opscope/file_util.h"
#include "opscope/format_ids.h"
#include "opscope/json_input.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <unordered_map>

namespace opscope::importers {

namespace {

using json = nlohmann::json;

// Parses one event; values nested deeper than kMaxJsonDepth are left out and counted in `tooDeep`.
bool parseEvent(std::string_view text, json &out, size_t &tooDeep)
{
    try {
        size_t skipped = 0;
        out = parseJsonInputSkippingDeep(text, skipped);
        tooDeep += skipped;
        return true;
    } catch (const json::exception &) {
        return false;
    }
}

// ORT writes names raw: a name containing '"' or '\' breaks JSON. Escape the name field and retry.
bool parseTolerant(std::string_view text, json &out, size_t &tooDeep)
{
    if (parseEvent(text, out, tooDeep))
        return true;
    const auto nameKey = text.find("\"name\"");
    if (nameKey == std::string_view::npos)
        return false;
    const auto open = text.find('"', text.find(':', nameKey) + 1);
    const auto close = text.rfind("\",\"args\"");
    if (open == std::string_view::npos || close == std::string_view::npos || close <= open)
        return false;
    std::string fixed(text.substr(0, open + 1));
    for (char c : text.substr(open + 1, close - open - 1)) {
        if (c == '"' || c == '\\')
            fixed += '\\';
        if (static_cast<unsigned char>(c) >= 0x20)
            fixed += c;
    }
    fixed += text.substr(close);
    return parseEvent(fixed, out, tooDeep);
}

// The offset of the brace that closes the object starting at text[0], honouring strings; npos when the
// object does not close within `text`.
size_t closingBrace(std::string_view text)
{
    int depth = 0;
    bool inString = false;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '{') {
            ++depth;
        } else if (c == '}' && --depth == 0) {
            return i;
        }
    }
    return std::string_view::npos;
}

// The event objects of the array: one per line in ORT's output; a brace scanner for anything else
// (several events on a line, as json.dump writes them; one event over several lines).
std::vector<std::string_view> splitEvents(std::string_view text)
{
    std::vector<std::string_view> events;
    size_t pos = text.find('[');
    if (pos == std::string_view::npos)
        return events;
    ++pos;
    while (pos < text.size()) {
        const size_t start = text.find('{', pos);
        if (start == std::string_view::npos)
            break;
        size_t end = text.find('\n', start);
        std::string_view candidate =
            text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
        while (!candidate.empty() && (candidate.back() == ',' || candidate.back() == '\r' || candidate.back() == ' ' ||
                                      candidate.back() == ']'))
            candidate.remove_suffix(1);
        if (!candidate.empty() && candidate.back() == '}') {
            // One event on the line, or one whose raw name upsets the scanner: the line is the event.
            const size_t close = closingBrace(candidate);
            if (close == std::string_view::npos || close + 1 == candidate.size()) {
                events.push_back(candidate);
                pos = end == std::string_view::npos ? text.size() : end + 1;
                continue;
            }
            events.push_back(candidate.substr(0, close + 1));
            pos = start + close + 1;
            continue;
        }
        const size_t close = closingBrace(text.substr(start));
        if (close == std::string_view::npos)
            break; // truncated: the caller reports it
        events.push_back(text.substr(start, close + 1));
        pos = start + close + 1;
    }
    return events;
}

// A time in microseconds (ORT writes integers) as nanoseconds; false when it is not a number or does
// not fit in int64 nanoseconds (wrapped or cast, it would be undefined behaviour).
bool microsToNs(const json &e, const char *key, int64_t &ns)
{
    const auto it = e.find(key);
    if (it == e.end()) {
        ns = 0;
        return true;
    }
    if (it->is_number_integer() && !it->is_number_unsigned())
        return !__builtin_mul_overflow(it->get<int64_t>(), int64_t(1000), &ns);
    if (it->is_number_unsigned()) {
        if (it->get<uint64_t>() > uint64_t(INT64_MAX / 1000))
            return false;
        ns = int64_t(it->get<uint64_t>()) * 1000;
        return true;
    }
    if (it->is_number_float() && std::abs(it->get<double>()) < double(INT64_MAX / 1000)) {
        ns = int64_t(it->get<double>() * 1000.0);
        return true;
    }
    return false;
}

// Whether the fields every event has are of the types ORT writes (so json::value() cannot throw on
// them); reads them, with times in ns. False for an event to skip as malformed.
bool readCommonFields(const json &e, std::string &cat, std::string &name, int64_t &ts, int64_t &dur, json &args)
{
    const auto stringOrAbsent = [&](const char *key) { return !e.contains(key) || e[key].is_string(); };
    const auto integerOrAbsent = [&](const char *key) { return !e.contains(key) || e[key].is_number_integer(); };
    if (!stringOrAbsent("cat") || !stringOrAbsent("name") || !integerOrAbsent("pid") || !integerOrAbsent("tid") ||
        (e.contains("args") && !e["args"].is_object()))
        return false;
    cat = e.value("cat", std::string());
    name = e.value("name", std::string());
    args = e.value("args", json::object());
    return microsToNs(e, "ts", ts) && microsToNs(e, "dur", dur) && ts <= INT64_MAX - std::max<int64_t>(dur, 0);
}

std::string argText(const json &args, const char *key)
{
    auto it = args.find(key);
    if (it == args.end() || it->is_null())
        return {};
    return it->is_string() ? it->get<std::string>() : it->dump();
}

} // namespace

bool detectOnnxRuntimeJson(const FileProbe &probe)
{
    const auto start = probe.head.find_first_not_of(" \t\r\n");
    if (start == std::string::npos || probe.head[start] != '[')
        return false;
    const std::string_view head = probe.head;
    for (std::string_view cat : {"\"Session\"", "\"Node\"", "\"Kernel\"", "\"Api\""}) {
        const auto at = head.find(cat);
        if (at == std::string_view::npos)
            continue;
        const auto key = head.rfind("\"cat\"", at);
        if (key != std::string_view::npos && at - key < 12)
            return true;
    }
    return false;
}

Profile importOnnxRuntimeJson(const std::string &path, const Progress &progress)
{
    progress.report(0.0, "Reading ONNX Runtime profile");
    const std::string text = readMaybeGzipped(path);
    const auto first = text.find_first_not_of(" \t\r\n");
    if (first == std::string::npos)
        throw FileError(path, "the file is empty");
    if (text[first] != '[')
        throw FileError(path, "not an ONNX Runtime profile (the top level is not a JSON array)");
    const auto last = text.find_last_not_of(" \t\r\n");
    const bool complete = text[last] == ']';

    Profile p;
    p.source_format = format_id::kOnnxRuntimeJson;
    p.source_path = path;
    std::unordered_map<int64_t, Index> threadOf;
    auto thread = [&](const json &e) {
        const int64_t pid = e.value("pid", int64_t(0)), tid = e.value("tid", int64_t(0));
        const int64_t key = int64_t((uint64_t(pid) << 32) ^ uint64_t(tid));
        auto [it, inserted] = threadOf.emplace(key, Index(p.threads.size()));
        if (inserted)
            p.threads.push_back({pid, tid, kNoString});
        return it->second;
    };
    std::unordered_map<std::string, Index> nodeOp; // node name -> operator
    std::unordered_map<std::string, uint32_t> calls;
    Index providerMetric = kNoIndex;
    size_t skipped = 0, malformed = 0, negative = 0, tooDeep = 0;
    std::vector<std::pair<Index, std::string>> kernelParents;

    const auto events = splitEvents(text);
    for (size_t i = 0; i < events.size(); ++i) {
        if ((i & 0xfff) == 0)
            progress.checkCancel();
        json e;
        if (!parseTolerant(events[i], e, tooDeep) || !e.is_object()) {
            ++malformed;
            continue;
        }
        std::string cat, name;
        int64_t ts = 0, dur = 0;
        json args;
        if (!readCommonFields(e, cat, name, ts, dur, args)) {
            ++malformed;
            continue;
        }
        if (dur < 0) {
            ++negative;
            dur = 0;
        }
        if (cat == "Node") {
            constexpr std::string_view suffix = "_kernel_time";
            if (name.size() <= suffix.size() || name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0)
                continue; // fences
            const std::string node = name.substr(0, name.size() - suffix.size());
            Operator op;
            op.start_ns = ts;
            op.end_ns = ts + dur;
            const std::string opName = argText(args, "op_name");
            op.name = p.intern(opName.empty() ? node : opName);
            op.label = p.intern(node);
            op.shapes = args.contains("input_type_shape") ? p.intern(argText(args, "input_type_shape")) : kNoString;
            op.call_index = calls[opName]++;
            op.thread = thread(e);
            const Index index = Index(p.operators.size());
            p.operators.push_back(op);
            nodeOp[node] = index;
            if (const std::string provider = argText(args, "provider"); !provider.empty()) {
                if (providerMetric == kNoIndex)
                    providerMetric = p.metricId("provider", "");
                p.operator_counters.push_back({index, providerMetric, 0, p.intern(provider), kValueText});
            }
        } else if (cat == "Kernel") {
            Kernel k;
            k.start_ns = ts;
            k.end_ns = ts + dur;
            k.name = p.intern(name);
            k.stream = uint32_t(std::strtoul(argText(args, "stream").c_str(), nullptr, 10));
            auto dim = [&](const char *key) { return uint32_t(std::strtoul(argText(args, key).c_str(), nullptr, 10)); };
            k.grid = {dim("grid_x"), dim("grid_y"), dim("grid_z")};
            k.block = {dim("block_x"), dim("block_y"), dim("block_z")};
            kernelParents.emplace_back(Index(p.kernels.size()), argText(args, "parent_name"));
            p.kernels.push_back(k);
        } else if (cat == "Session" || cat == "Api") {
            Range r;
            r.start_ns = ts;
            r.end_ns = ts + dur;
            r.text = p.intern(name);
            r.thread = thread(e);
            r.kind = RangeKind::UserAnnotation;
            p.ranges.push_back(r);
        } else {
            ++skipped;
        }
    }
    // Kernels name their node (parent_name, added by ONNX Runtime's GPU profiler).
    for (const auto &[k, parent] : kernelParents) {
        Kernel &kernel = p.kernels[k];
        auto it = nodeOp.find(parent);
        if (it == nodeOp.end()) {
            kernel.unattributed_reason = p.intern("no ONNX Runtime node named by its parent_name");
            continue;
        }
        kernel.op = it->second;
        kernel.method = AttributionMethod::RuntimeCorrelation;
        kernel.confidence = Confidence::High;
    }
    if (events.empty() && !complete)
        throw FileError(path, "truncated ONNX Runtime profile (no complete event)");
    if (!complete)
        p.warnings.push_back("the file is truncated: the events after the last complete one are missing");
    if (malformed)
        p.warnings.push_back(std::to_string(malformed) + " events could not be read and were skipped");
    if (skipped)
        p.warnings.push_back(std::to_string(skipped) + " events of unknown categories were skipped");
    if (tooDeep)
        p.warnings.push_back(std::to_string(tooDeep) + " values nested deeper than " + std::to_string(kMaxJsonDepth) +
                             " levels were left out of their events");
    if (negative)
        p.warnings.push_back(std::to_string(negative) + " events had a negative dur and were given a duration of 0");
    if (p.operators.empty() && p.kernels.empty() && p.ranges.empty())
        throw FileError(path, "an ONNX Runtime profile without any event");
    p.finalize();
    progress.report(1.0, "Reading ONNX Runtime profile");
    return p;
}

} // namespace opscope::importers
