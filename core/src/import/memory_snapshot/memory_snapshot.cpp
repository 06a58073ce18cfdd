// The CUDA allocator history (memory_snapshot.h) as memory samples of a profile.
#include "opscope/memory_snapshot.h"

#include "opscope/errors.h"
#include "opscope/file_util.h"
#include "opscope/json_input.h"
#include "opscope/memory.h"
#include "opscope/metadata_keys.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <set>

namespace opscope {

namespace {

using json = nlohmann::json;

// One event of a device's history, before the totals are known.
struct HistoryEvent {
    int64_t time_ns = 0;
    int64_t bytes = 0; // > 0 allocates, < 0 frees
    uint64_t address = 0;
    uint64_t stream = 0;
    MemorySampleKind kind = MemorySampleKind::Block;
    std::string frames;
};

class SnapshotReader {
public:
    explicit SnapshotReader(const std::string &path) : path_(path) {}

    json parse() const
    {
        json doc;
        try {
            doc = parseJsonInput<json>(readWholeFile(path_));
        } catch (const json::exception &e) {
            throw FileError(path_, std::string("not valid JSON (truncated?): ") + e.what());
        }
        if (!doc.is_object() || !doc.contains("device_traces") || !doc["device_traces"].is_array() ||
            !doc.contains("segments") || !doc["segments"].is_array())
            throw FileError(path_, "not a torch.cuda.memory snapshot: no \"segments\" and \"device_traces\" lists");
        return doc;
    }

    template <class T> T number(const json &o, const char *key, const std::string &where) const
    {
        const auto it = o.find(key);
        if (it == o.end() || !it->is_number_integer())
            throw FileError(path_, where + ": no integer \"" + key + "\"");
        return it->get<T>();
    }

    // The allocator's stack as text, one frame a line: "name (file:line)".
    static std::string frames(const json &o)
    {
        const auto it = o.find("frames");
        if (it == o.end() || !it->is_array())
            return {};
        std::string text;
        for (const json &f : *it) {
            if (!text.empty())
                text += '\n';
            if (!f.is_object()) {
                text += f.is_string() ? f.get<std::string>() : f.dump();
                continue;
            }
            text += f.value("name", std::string("?"));
            const std::string file = f.value("filename", std::string());
            if (!file.empty() && file != "??") {
                text += " (" + file;
                if (f.contains("line") && f["line"].is_number_integer())
                    text += ":" + std::to_string(f["line"].get<int64_t>());
                text += ")";
            }
        }
        return text;
    }

    const std::string &path() const { return path_; }

private:
    std::string path_;
};

// Per device: bytes in blocks not yet freed and bytes in segments when the snapshot was taken.
struct EndState {
    int64_t allocated = 0;
    int64_t reserved = 0;
};

std::map<int32_t, EndState> endStates(const SnapshotReader &r, const json &segments)
{
    std::map<int32_t, EndState> states;
    for (size_t i = 0; i < segments.size(); ++i) {
        const json &s = segments[i];
        const std::string where = "segments[" + std::to_string(i) + "]";
        if (!s.is_object())
            throw FileError(r.path(), where + " is not an object");
        EndState &state = states[r.number<int32_t>(s, "device", where)];
        state.reserved += r.number<int64_t>(s, "total_size", where);
        const auto blocks = s.find("blocks");
        if (blocks == s.end() || !blocks->is_array())
            continue;
        for (size_t b = 0; b < blocks->size(); ++b) {
            const json &block = (*blocks)[b];
            const std::string at = where + ".blocks[" + std::to_string(b) + "]";
            // active_allocated and active_pending_free blocks still count as allocated (their free has
            // not completed); inactive ones are free space of the segment.
            if (block.value("state", std::string()) != "inactive")
                state.allocated += r.number<int64_t>(block, "size", at);
        }
    }
    return states;
}

// The caching allocator's block for a request of `size` bytes: at least 512 bytes, in steps of 512
// (c10's round_size without roundup_power2_divisions, which the snapshot's allocator_settings would name).
int64_t allocatorBlockBytes(int64_t size)
{
    constexpr int64_t kMinBlock = 512;
    return size < kMinBlock ? kMinBlock : (size + kMinBlock - 1) / kMinBlock * kMinBlock;
}

std::vector<HistoryEvent> deviceEvents(const SnapshotReader &r, const json &trace, int32_t device,
                                       std::vector<std::string> &warnings)
{
    std::vector<HistoryEvent> events;
    if (!trace.is_array())
        throw FileError(r.path(), "device_traces[" + std::to_string(device) + "] is not a list");
    for (size_t i = 0; i < trace.size(); ++i) {
        const json &e = trace[i];
        const std::string where = "device_traces[" + std::to_string(device) + "][" + std::to_string(i) + "]";
        if (!e.is_object() || !e.contains("action") || !e["action"].is_string())
            throw FileError(r.path(), where + ": no action");
        const std::string action = e["action"].get<std::string>();
        int sign = 0;
        MemorySampleKind kind = MemorySampleKind::Block;
        if (action == "alloc")
            sign = 1;
        else if (action == "free_completed")
            sign = -1;
        else if (action == "segment_alloc" || action == "segment_map")
            sign = 1, kind = MemorySampleKind::Segment;
        else if (action == "segment_free" || action == "segment_unmap")
            sign = -1, kind = MemorySampleKind::Segment;
        if (action == "oom")
            warnings.push_back(r.path() + ": the allocator ran out of memory on GPU " + std::to_string(device) +
                               " asking for " + std::to_string(e.value("size", int64_t(0))) + " bytes (" +
                               std::to_string(e.value("device_free", int64_t(0))) + " bytes free on the device)");
        // free_requested: the free is done when it completes (a block used on other streams waits for
        // them); snapshot: a mark. Neither changes a total.
        if (sign == 0)
            continue;
        HistoryEvent h;
        h.kind = kind;
        h.address = r.number<uint64_t>(e, "addr", where);
        const int64_t size = r.number<int64_t>(e, "size", where);
        // A block's entry gives the size asked for; the allocator counts (and max_memory_allocated()
        // reports) the block it rounded that to. Segments are whole.
        h.bytes = sign * (kind == MemorySampleKind::Block ? allocatorBlockBytes(size) : size);
        h.time_ns = r.number<int64_t>(e, "time_us", where) * 1000;
        h.stream = e.contains("stream") && e["stream"].is_number_integer() ? e["stream"].get<uint64_t>() : 0;
        h.frames = SnapshotReader::frames(e);
        events.push_back(std::move(h));
    }
    // The history is in the allocator's order; times are approximate to the µs, so keep that order.
    std::stable_sort(events.begin(), events.end(),
                     [](const HistoryEvent &a, const HistoryEvent &b) { return a.time_ns < b.time_ns; });
    return events;
}

// The thread an allocator event ran on: the one whose innermost operator open at its time started last
// (the allocator is called from the operator that needs the memory); with none open, the thread of the
// operator that started last before it.
class ThreadAtTime {
public:
    explicit ThreadAtTime(const Profile &p) : p_(p)
    {
        for (Index o = 0; o < p.operators.size(); ++o)
            byStart_.push_back(o);
        std::sort(byStart_.begin(), byStart_.end(), [&](Index a, Index b) {
            const Operator &x = p.operators[a], &y = p.operators[b];
            return x.start_ns != y.start_ns ? x.start_ns < y.start_ns : x.end_ns > y.end_ns;
        });
    }

    // Times must come in order.
    Index at(int64_t t)
    {
        while (next_ < byStart_.size() && p_.operators[byStart_[next_]].start_ns <= t) {
            const Index o = byStart_[next_++];
            auto &stack = open_[p_.operators[o].thread];
            while (!stack.empty() && p_.operators[stack.back()].end_ns < p_.operators[o].start_ns)
                stack.pop_back();
            stack.push_back(o);
            last_ = o;
        }
        Index best = kNoIndex;
        for (auto &[thread, stack] : open_) {
            while (!stack.empty() && p_.operators[stack.back()].end_ns < t)
                stack.pop_back();
            if (!stack.empty() &&
                (best == kNoIndex || p_.operators[stack.back()].start_ns > p_.operators[best].start_ns))
                best = stack.back();
        }
        if (best == kNoIndex)
            best = last_;
        return best == kNoIndex ? kNoIndex : p_.operators[best].thread;
    }

private:
    const Profile &p_;
    std::vector<Index> byStart_;
    size_t next_ = 0;
    Index last_ = kNoIndex;
    std::map<Index, std::vector<Index>> open_;
};

} // namespace

bool looksLikeMemorySnapshot(std::string_view head, std::string_view path)
{
    if (fileName(std::string(path)) == "memory_snapshot.json")
        return true;
    const size_t start = head.find_first_not_of(" \t\r\n");
    return start != std::string_view::npos && head[start] == '{' &&
           head.find("\"device_traces\"") != std::string_view::npos &&
           head.find("\"segments\"") != std::string_view::npos;
}

MemorySnapshotImport addMemorySnapshot(Profile &p, const std::string &path)
{
    const SnapshotReader reader(path);
    const json doc = reader.parse();
    std::map<int32_t, EndState> ends = endStates(reader, doc["segments"]);
    std::vector<std::string> warnings;
    std::map<int32_t, std::vector<HistoryEvent>> traces;
    const json &deviceTraces = doc["device_traces"];
    for (size_t d = 0; d < deviceTraces.size(); ++d) {
        std::vector<HistoryEvent> events = deviceEvents(reader, deviceTraces[d], int32_t(d), warnings);
        if (!events.empty())
            traces[int32_t(d)] = std::move(events);
    }

    MemorySnapshotImport result;
    // Everything read: now the profile changes. The trace's own samples of these devices go.
    std::vector<MemorySample> kept;
    for (const MemorySample &s : p.memory_samples)
        if (s.device >= 0 && traces.count(s.device))
            ++result.replacedSamples;
        else
            kept.push_back(s);
    p.memory_samples = std::move(kept);

    int64_t opsStart = INT64_MAX, opsEnd = INT64_MIN;
    for (const Operator &o : p.operators) {
        opsStart = std::min(opsStart, o.start_ns);
        opsEnd = std::max(opsEnd, o.end_ns);
    }
    std::vector<std::pair<size_t, int32_t>> order; // (event, device) in time order over all devices
    for (const auto &[device, events] : traces)
        for (size_t i = 0; i < events.size(); ++i)
            order.emplace_back(i, device);
    std::stable_sort(order.begin(), order.end(), [&](const auto &a, const auto &b) {
        return traces[a.second][a.first].time_ns < traces[b.second][b.first].time_ns;
    });
    // Totals: the state at the snapshot less what the history did.
    std::map<int32_t, EndState> running;
    for (const auto &[device, events] : traces) {
        EndState start = ends[device];
        for (const HistoryEvent &e : events)
            (e.kind == MemorySampleKind::Block ? start.allocated : start.reserved) -= e.bytes;
        running[device] = start;
    }
    ThreadAtTime threadAt(p);
    for (const auto &[i, device] : order) {
        const HistoryEvent &e = traces[device][i];
        EndState &totals = running[device];
        (e.kind == MemorySampleKind::Block ? totals.allocated : totals.reserved) += e.bytes;
        MemorySample s;
        s.time_ns = e.time_ns;
        s.bytes = e.bytes;
        s.total_allocated = totals.allocated;
        s.total_reserved = totals.reserved;
        s.device = device;
        s.thread = threadAt.at(e.time_ns);
        s.address = e.address;
        s.stream = e.stream;
        s.frames = e.frames.empty() ? kNoString : p.strings.intern(e.frames);
        s.kind = e.kind;
        p.memory_samples.push_back(s);
        (e.kind == MemorySampleKind::Block ? result.blockEvents : result.segmentEvents) += 1;
        result.outsideTrace += e.time_ns < opsStart || e.time_ns > opsEnd;
    }
    // A few events before the first operator or after the last are the step's edges; most of them
    // outside means the snapshot is of another run (a correlation pass beside nsys) or another clock.
    if (result.outsideTrace * 2 > result.blockEvents + result.segmentEvents)
        warnings.push_back(path + ": " + std::to_string(result.outsideTrace) + " of " +
                           std::to_string(result.blockEvents + result.segmentEvents) +
                           " allocator events fall outside the trace's operators (another run, or another "
                           "clock): they are kept, tied to no operator where none is open");
    p.warnings.insert(p.warnings.end(), warnings.begin(), warnings.end());
    p.setMetadata(kMemorySnapshotKey, path);
    p.setMetadata(kMemorySnapshotEventsKey, std::to_string(result.blockEvents + result.segmentEvents));
    attributeMemory(p);
    return result;
}

bool looksLikeMemoryTensors(std::string_view head, std::string_view path)
{
    return fileName(std::string(path)) == "memory_tensors.json" ||
           head.find("\"opscope-memory-tensors\"") != std::string_view::npos;
}

size_t addMemoryTensors(Profile &p, const std::string &path)
{
    json doc;
    try {
        doc = parseJsonInput<json>(readWholeFile(path));
    } catch (const json::exception &e) {
        throw FileError(path, std::string("not valid JSON (truncated?): ") + e.what());
    }
    if (!doc.is_object() || doc.value("format", std::string()) != "opscope-memory-tensors" ||
        !doc.contains("tensors") || !doc["tensors"].is_array())
        throw FileError(path, "not an OpScope tensor inventory (format opscope-memory-tensors with a tensors list)");
    const SnapshotReader r(path);
    static const std::map<std::string, MemoryTensorKind> kinds = {{"parameter", MemoryTensorKind::Parameter},
                                                                  {"gradient", MemoryTensorKind::Gradient},
                                                                  {"optimizer_state", MemoryTensorKind::OptimizerState},
                                                                  {"buffer", MemoryTensorKind::Buffer}};
    std::vector<MemoryTensor> tensors;
    const json &rows = doc["tensors"];
    for (size_t i = 0; i < rows.size(); ++i) {
        const json &row = rows[i];
        const std::string where = "tensors[" + std::to_string(i) + "]";
        if (!row.is_object())
            throw FileError(path, where + " is not an object");
        const auto kind = kinds.find(row.value("kind", std::string()));
        if (kind == kinds.end())
            throw FileError(path, where + ": unknown kind \"" + row.value("kind", std::string()) + "\"");
        MemoryTensor t;
        t.kind = kind->second;
        t.address = r.number<uint64_t>(row, "address", where);
        t.bytes = r.number<int64_t>(row, "bytes", where);
        t.device = r.number<int32_t>(row, "device", where);
        t.module = p.strings.intern(row.value("module", std::string()));
        t.name = p.strings.intern(row.value("name", std::string()));
        tensors.push_back(t);
    }
    p.memory_tensors = std::move(tensors);
    p.setMetadata(kMemoryTensorsKey, path);
    return p.memory_tensors.size();
}

} // namespace opscope
