// Chrome trace-event JSON for Perfetto (trace_export.h). Written as torch.profiler writes it (categories,
// "External id", "correlation", ac2g and fwdbwd flows, "deviceProperties"), so that any tool that reads
// torch.profiler traces reads it too, OpScope's own importer included; what OpScope adds goes into args.
// Streamed event by event: no JSON document of the whole trace is built.
#include "opscope/phases.h"
#include "opscope/trace_export.h"

#include "opscope/errors.h"
#include "opscope/file_util.h"
#include "opscope/step_timing.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>

namespace opscope {

namespace {

// The category of events OpScope adds (step marks); torch.profiler readers skip categories they do not know.
constexpr std::string_view kStepCategory = "opscope_step";
// The track of the step marks: a process of its own (an id no Linux pid reaches), above everything else.
constexpr int64_t kStepsPid = 2147483646;
// NVTX start/end ranges belong to a process, not a thread, and may overlap: tid 0 of their process
// (no real thread has it) keeps them off the threads' nested slices.
constexpr int64_t kProcessWideTid = 0;

std::string jsonString(std::string_view text)
{
    return nlohmann::json(std::string(text)).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// Trace-event times are microseconds: nanoseconds written exactly, with three decimals.
std::string micros(int64_t ns)
{
    const bool negative = ns < 0;
    const uint64_t magnitude = negative ? uint64_t(0) - uint64_t(ns) : uint64_t(ns);
    char text[32];
    std::snprintf(text, sizeof text, "%s%llu.%03llu", negative ? "-" : "", (unsigned long long)(magnitude / 1000),
                  (unsigned long long)(magnitude % 1000));
    return text;
}

std::string number(double value)
{
    if (!std::isfinite(value))
        return "null";
    return nlohmann::json(value).dump();
}

std::string_view copyKindName(uint8_t kind)
{
    static constexpr std::string_view kNames[] = {"",     "HtoD", "DtoH", "HtoA", "AtoH", "AtoA",
                                                  "AtoD", "DtoA", "DtoD", "HtoH", "PtoP"};
    return kind < std::size(kNames) && !kNames[kind].empty() ? kNames[kind] : std::string_view("Unknown");
}

std::string_view memoryKindName(uint8_t kind)
{
    static constexpr std::string_view kNames[] = {"Pageable", "Pinned",        "Device",        "Array",
                                                  "Managed",  "Device Static", "Managed Static"};
    return kind < std::size(kNames) ? kNames[kind] : std::string_view("Unknown");
}

std::string_view syncName(SyncKind kind)
{
    switch (kind) {
    case SyncKind::Event:
        return "Event Sync";
    case SyncKind::StreamWait:
        return "Stream Wait Event";
    case SyncKind::Stream:
        return "Stream Sync";
    case SyncKind::Context:
        return "Context Sync";
    case SyncKind::Unknown:
        break;
    }
    return "Unknown Sync";
}

class Writer {
public:
    Writer(const Profile &p, std::ostream &out, const Progress &progress)
        : p_(p), out_(out), progress_(progress), quotedStrings_(p.strings.size()),
          total_(std::max<size_t>(1, p.ranges.size() + p.modules.size() + p.operators.size() + p.api_calls.size() +
                                         p.kernels.size() + p.memory_ops.size() + p.syncs.size() +
                                         p.memory_samples.size() + p.operator_links.size()))
    {
    }

    void write()
    {
        // traceEvents first, with only displayTimeUnit before it, the rest after it as Chrome writes them:
        // older trace processors (Perfetto's UI of 2021, the build npm ships) load no event from a file with
        // any other key before traceEvents. OpScope's importer reads the keys in any order.
        out_ << "{\n  \"displayTimeUnit\": \"ns\",\n  \"traceEvents\": [\n";
        writeTrackNames();
        writeSteps();
        writeRanges();
        writeModules();
        writeOperators();
        writeApiCalls();
        writeKernels();
        writeMemoryOps();
        writeSyncs();
        writeMemorySamples();
        writeOperatorLinks();
        if (p_.span_start_ns != 0 || p_.span_end_ns != 0)
            event(slice("Trace", "\"capture span\"", {kStepsPid, 0}, p_.span_start_ns, p_.span_end_ns) + "}");
        out_ << "\n  ],\n  \"schemaVersion\": 1,\n";
        out_ << "  \"exportedBy\": " << jsonString("OpScope " OPSCOPE_VERSION) << ",\n";
        // The profile's metadata as top-level values, as torch.profiler writes its own (they come back
        // as metadata when the file is imported). Keys the format reserves are left out, and the source's
        // time base: the times written are already on it.
        static const std::set<std::string_view> kReserved = {"schemaVersion",    "displayTimeUnit",    "traceEvents",
                                                             "deviceProperties", "exportedBy",         "opscope",
                                                             "distributedInfo",  "baseTimeNanoseconds"};
        for (const auto &[key, value] : p_.metadata)
            if (!kReserved.contains(key))
                out_ << "  " << jsonString(key) << ": " << jsonString(value) << ",\n";
        writeDevices();
        writeOpScopeInfo();
        out_ << "}\n";
    }

private:
    const std::string &text(StringId id)
    {
        static const std::string kEmpty = "\"\"";
        if (id >= quotedStrings_.size())
            return kEmpty;
        std::optional<std::string> &slot = quotedStrings_[id];
        if (!slot)
            slot = jsonString(p_.text(id));
        return *slot;
    }

    void event(const std::string &json)
    {
        out_ << (first_ ? "    " : ",\n    ") << json;
        first_ = false;
        if ((++written_ & 0xFFFF) == 0) { // a report and a chance to cancel every 64 K events
            progress_.report(std::min(1.0, double(written_) / double(total_)), "Writing trace events");
            progress_.checkCancel();
        }
    }

    // The thread's (pid, tid), or the process-wide row of an unknown thread.
    std::pair<int64_t, int64_t> where(Index thread) const
    {
        if (thread < p_.threads.size())
            return {p_.threads[thread].pid, p_.threads[thread].tid};
        return {p_.threads.empty() ? 0 : p_.threads.front().pid, kProcessWideTid};
    }

    static std::string place(std::pair<int64_t, int64_t> at)
    {
        return "\"pid\": " + std::to_string(at.first) + ", \"tid\": " + std::to_string(at.second);
    }

    std::string slice(std::string_view cat, const std::string &name, std::pair<int64_t, int64_t> at, int64_t start,
                      int64_t end)
    {
        return "{\"ph\": \"X\", \"cat\": \"" + std::string(cat) + "\", \"name\": " + name + ", " + place(at) +
               ", \"ts\": " + micros(start) + ", \"dur\": " + micros(std::max<int64_t>(0, end - start));
    }

    std::string modulePath(Index module) { return module < p_.modules.size() ? text(p_.modules[module].path) : ""; }

    void writeDevices()
    {
        out_ << "  \"deviceProperties\": [";
        for (size_t d = 0; d < p_.devices.size(); ++d) {
            const Device &device = p_.devices[d];
            out_ << (d ? ",\n    " : "\n    ") << "{\"id\": " << device.id;
            if (device.name != kNoString)
                out_ << ", \"name\": " << text(device.name);
            for (const auto &[key, value] : device.properties)
                if (key != "id" && key != "name")
                    out_ << ", " << jsonString(key) << ": " << jsonString(value);
            out_ << "}";
        }
        out_ << (p_.devices.empty() ? "],\n" : "\n  ],\n");
    }

    // What a reader needs to read the args: the unit of every counter, the source.
    void writeOpScopeInfo()
    {
        out_ << "  \"opscope\": {\"sourceFormat\": " << jsonString(p_.source_format)
             << ", \"sourcePath\": " << jsonString(p_.source_path) << ", \"metricUnits\": {";
        for (size_t m = 0; m < p_.metrics.size(); ++m)
            out_ << (m ? ", " : "") << text(p_.metrics[m].name) << ": " << text(p_.metrics[m].unit);
        out_ << "}}\n";
    }

    // Names as OpScope's timeline gives its tracks: "GPU 0 · Stream 7", "python3 [2857]".
    void writeTrackNames()
    {
        std::set<std::pair<int32_t, uint32_t>> lanes;
        for (const Kernel &k : p_.kernels)
            lanes.emplace(k.device, k.stream);
        for (const MemoryOp &m : p_.memory_ops)
            lanes.emplace(m.device, m.stream);
        for (const GpuSync &s : p_.syncs)
            lanes.emplace(s.device, s.stream);
        std::set<int32_t> devices;
        for (const auto &[device, stream] : lanes) {
            if (devices.insert(device).second) {
                std::string name = "GPU " + std::to_string(device);
                for (const Device &d : p_.devices)
                    if (d.id == device && d.name != kNoString)
                        name += "  (" + std::string(p_.text(d.name)) + ")";
                metadata("process_name", device, 0, jsonString(name));
                metadata("process_sort_index", device, 0, std::to_string(device));
            }
            metadata("thread_name", device, stream,
                     jsonString("GPU " + std::to_string(device) + " \u00b7 Stream " + std::to_string(stream)));
            metadata("thread_sort_index", device, stream, std::to_string(stream));
        }
        std::set<int64_t> processes;
        const bool multipleProcesses = std::any_of(p_.threads.begin(), p_.threads.end(),
                                                   [&](const Thread &t) { return t.pid != p_.threads.front().pid; });
        for (const Thread &t : p_.threads) {
            const std::string name(p_.text(t.name));
            const std::string tid = std::to_string(t.tid);
            std::string title = name.empty()                          ? "Thread " + tid
                                : name.find(tid) != std::string::npos ? name
                                                                      : name + " [" + tid + "]";
            if (multipleProcesses)
                title += "  (pid " + std::to_string(t.pid) + ")";
            metadata("thread_name", t.pid, t.tid, jsonString(title));
            // The main thread first, as Nsight Systems and the timeline list them.
            metadata("thread_sort_index", t.pid, t.tid, t.tid == t.pid ? "0" : std::to_string(t.tid));
            if (processes.insert(t.pid).second) {
                metadata("process_name", t.pid, 0, jsonString("Process " + std::to_string(t.pid)));
                metadata("process_sort_index", t.pid, 0, std::to_string(1000 + processes.size()));
            }
        }
        for (const Range &r : p_.ranges)
            if (r.kind == RangeKind::StartEnd) {
                const int64_t pid = where(r.thread).first;
                metadata("thread_name", pid, kProcessWideTid, jsonString("NVTX start/end ranges"));
                break;
            }
        metadata("process_name", kStepsPid, 0, jsonString("OpScope steps"));
        metadata("process_sort_index", kStepsPid, 0, "-1");
        metadata("thread_name", kStepsPid, 0, jsonString("Steps (captured, plain reference)"));
    }

    void metadata(std::string_view what, int64_t pid, int64_t tid, const std::string &value)
    {
        const bool sort = what.ends_with("sort_index");
        event("{\"ph\": \"M\", \"name\": \"" + std::string(what) + "\", \"pid\": " + std::to_string(pid) +
              ", \"tid\": " + std::to_string(tid) + ", \"args\": {\"" + (sort ? "sort_index" : "name") +
              "\": " + value + "}}");
    }

    // The captured (labelled) step and the plain reference steps, as slices on the steps track.
    void writeSteps()
    {
        const auto mark = [&](const std::string &name, const StepRange &step, std::string_view kind) {
            event(slice(kStepCategory, jsonString(name), {kStepsPid, 0}, step.start_ns, step.end_ns) +
                  ", \"args\": {\"step\": \"" + std::string(kind) + "\", \"range\": " + jsonString(step.name) + "}}");
        };
        if (const std::optional<StepRange> labelled = labelledStep(p_))
            mark("captured step (" + labelled->name + ")", *labelled, "captured");
        for (const StepRange &reference : referenceSteps(p_))
            mark("plain reference step (" + reference.name + ")", reference, "reference");
    }

    // Ranges that are neither a module call nor an operator (those are written as such): the capture
    // range, steps, user ranges, python functions, marks.
    void writeRanges()
    {
        std::vector<bool> shown(p_.ranges.size(), false);
        for (const ModuleInstance &m : p_.modules)
            if (m.range < shown.size())
                shown[m.range] = true;
        for (const Operator &o : p_.operators)
            if (o.range < shown.size())
                shown[o.range] = true;
        for (Index r = 0; r < p_.ranges.size(); ++r) {
            if (shown[r])
                continue;
            const Range &range = p_.ranges[r];
            std::string args = ", \"args\": {\"kind\": \"";
            switch (range.kind) {
            case RangeKind::PushPop:
                args += "nvtx push/pop";
                break;
            case RangeKind::StartEnd:
                args += "nvtx start/end";
                break;
            case RangeKind::UserAnnotation:
                args += "user annotation";
                break;
            case RangeKind::GpuUserAnnotation:
                args += "gpu user annotation";
                break;
            case RangeKind::PythonFunction:
                args += "python function";
                break;
            case RangeKind::Mark:
                args += "mark";
                break;
            }
            args += "\"";
            if (range.domain != kNoString)
                args += ", \"domain\": " + text(range.domain);
            args += "}}";
            if (range.kind == RangeKind::GpuUserAnnotation)
                continue; // torch.profiler's projection of an annotation on a stream: the CPU one is there
            if (range.kind == RangeKind::Mark) {
                event("{\"ph\": \"i\", \"s\": \"t\", \"cat\": \"cpu_instant_event\", \"name\": " + text(range.text) +
                      ", " + place(where(range.thread)) + ", \"ts\": " + micros(range.start_ns) + args);
                continue;
            }
            auto at = where(range.thread);
            if (range.kind == RangeKind::StartEnd)
                at.second = kProcessWideTid;
            const std::string_view cat =
                range.kind == RangeKind::PythonFunction ? "python_function" : "user_annotation";
            event(slice(cat, text(range.text), at, range.start_ns, range.end_ns) + args);
        }
    }

    // Module calls as the launcher labels them ("blocks.0.attn[Attention]"; the root's path may be empty),
    // so a torch.profiler reader finds the same modules again.
    void writeModules()
    {
        for (const ModuleInstance &m : p_.modules) {
            if (isPhase(m)) { // "phase: optimizer [AdamW]": a band a reader takes for no module (phases.h)
                const std::string cls(p_.text(m.class_name));
                const std::string label =
                    "phase: " + std::string(p_.text(m.path)) + (cls.empty() ? "" : " [" + cls + "]");
                event(slice("user_annotation", jsonString(label), where(m.thread), m.start_ns, m.end_ns) +
                      ", \"args\": {\"phase\": " + text(m.path) + ", \"class\": " + text(m.class_name) + "}}");
                continue;
            }
            // torch.profiler's python tracer names them "nn.Module: Linear_3": they stay python functions.
            // The others go out as today's launcher labels them (a file of an older one had "model[GPT]").
            const bool python = m.range < p_.ranges.size() && p_.ranges[m.range].kind == RangeKind::PythonFunction;
            const std::string label =
                python ? std::string(p_.text(p_.ranges[m.range].text))
                       : std::string(p_.text(m.path)) + "[" + std::string(p_.text(m.class_name)) + "]";
            event(slice(python ? "python_function" : "user_annotation", jsonString(label), where(m.thread), m.start_ns,
                        m.end_ns) +
                  ", \"args\": {\"module\": " + text(m.path) + ", \"class\": " + text(m.class_name) + "}}");
        }
    }

    void counters(std::string &args, std::span<const MetricValue> values)
    {
        if (values.empty())
            return;
        args += ", \"counters\": {";
        bool firstValue = true;
        for (const MetricValue &v : values) {
            if (v.metric >= p_.metrics.size())
                continue;
            args += (firstValue ? "" : ", ") + text(p_.metrics[v.metric].name) + ": ";
            firstValue = false;
            if (v.flags & kValueText)
                args += text(v.text);
            else if (v.flags & kValueNull)
                args += "null";
            else
                args += number(v.value);
        }
        args += "}";
    }

    void writeOperators()
    {
        std::vector<std::vector<StringId>> fused(p_.operators.size());
        for (const FusedName &f : p_.fused_with)
            if (f.op < fused.size())
                fused[f.op].push_back(f.name);
        for (Index o = 0; o < p_.operators.size(); ++o) {
            const Operator &op = p_.operators[o];
            std::string args = ", \"args\": {\"External id\": " + std::to_string(o + 1);
            if (op.shapes != kNoString) {
                const std::string_view shapes = p_.text(op.shapes);
                args += ", \"Input Dims\": " +
                        (nlohmann::json::accept(shapes) ? std::string(shapes) : std::string(text(op.shapes)));
            }
            if (op.sequence_nr >= 0)
                args += ", \"Sequence number\": " + std::to_string(op.sequence_nr);
            if (op.module != kNoIndex)
                args += ", \"module\": " + modulePath(op.module);
            if (op.flags & kOperatorBackward)
                args += ", \"backward\": true";
            if (!fused[o].empty()) {
                args += ", \"fused with\": [";
                for (size_t i = 0; i < fused[o].size(); ++i)
                    args += (i ? ", " : "") + text(fused[o][i]);
                args += "]";
            }
            if (op.external_id != 0)
                args += ", \"source External id\": " + std::to_string(op.external_id);
            counters(args, p_.countersOfOperator(o));
            event(slice("cpu_op", text(op.name), where(op.thread), op.start_ns, op.end_ns) + args + "}}");
        }
    }

    void writeApiCalls()
    {
        apiByCorrelation_.reserve(p_.api_calls.size());
        for (Index a = 0; a < p_.api_calls.size(); ++a) {
            const ApiCall &call = p_.api_calls[a];
            if (call.correlation_id != 0)
                apiByCorrelation_.emplace(call.correlation_id, a);
            event(slice(call.kind == ApiKind::Driver ? "cuda_driver" : "cuda_runtime", text(call.name),
                        where(call.thread), call.start_ns, call.end_ns) +
                  ", \"args\": {\"correlation\": " + std::to_string(call.correlation_id) + "}}");
        }
    }

    static std::string dims(const Dim3 &d)
    {
        return "[" + std::to_string(d.x) + ", " + std::to_string(d.y) + ", " + std::to_string(d.z) + "]";
    }

    void writeKernels()
    {
        for (Index k = 0; k < p_.kernels.size(); ++k) {
            const Kernel &kernel = p_.kernels[k];
            const std::pair<int64_t, int64_t> lane{kernel.device, kernel.stream};
            std::string args =
                ", \"args\": {\"External id\": " + std::to_string(kernel.op != kNoIndex ? uint64_t(kernel.op) + 1 : 0) +
                ", \"correlation\": " + std::to_string(kernel.correlation_id) +
                ", \"device\": " + std::to_string(kernel.device) + ", \"stream\": " + std::to_string(kernel.stream) +
                ", \"grid\": " + dims(kernel.grid) + ", \"block\": " + dims(kernel.block) +
                ", \"registers per thread\": " + std::to_string(kernel.registers_per_thread) + ", \"shared memory\": " +
                std::to_string(uint64_t(kernel.static_shared_bytes) + kernel.dynamic_shared_bytes);
            if (kernel.op != kNoIndex)
                args += ", \"operator\": " + text(p_.operators[kernel.op].name);
            if (kernel.module != kNoIndex)
                args += ", \"module\": " + modulePath(kernel.module) +
                        ", \"module class\": " + text(p_.modules[kernel.module].class_name);
            args += ", \"attribution\": " + jsonString(toString(kernel.method)) +
                    ", \"confidence\": " + jsonString(toString(kernel.confidence));
            if (kernel.unattributed_reason != kNoString)
                args += ", \"unattributed reason\": " + text(kernel.unattributed_reason);
            args += ", \"step\": \"";
            args += (kernel.flags & kKernelReferenceStep)    ? "reference"
                    : (kernel.flags & kKernelOutsideCapture) ? "outside capture"
                                                             : "captured";
            args += "\"";
            if (kernel.short_name != kNoString)
                args += ", \"short name\": " + text(kernel.short_name);
            counters(args, p_.countersOfKernel(k));
            event(slice("kernel", text(kernel.name), lane, kernel.start_ns, kernel.end_ns) + args + "}}");
            // The launch -> kernel flow, as torch.profiler draws it (ac2g).
            if (const auto api = apiByCorrelation_.find(kernel.correlation_id);
                kernel.correlation_id != 0 && api != apiByCorrelation_.end()) {
                const ApiCall &call = p_.api_calls[api->second];
                const std::string id = std::to_string(++flows_);
                event("{\"ph\": \"s\", \"id\": " + id + ", \"cat\": \"ac2g\", \"name\": \"ac2g\", " +
                      place(where(call.thread)) + ", \"ts\": " + micros(call.start_ns) + "}");
                event("{\"ph\": \"f\", \"id\": " + id + ", \"bp\": \"e\", \"cat\": \"ac2g\", \"name\": \"ac2g\", " +
                      place(lane) + ", \"ts\": " + micros(kernel.start_ns) + "}");
            }
        }
    }

    void writeMemoryOps()
    {
        for (const MemoryOp &m : p_.memory_ops) {
            std::string name;
            if (m.kind == MemoryOpKind::Memcpy)
                name = "Memcpy " + std::string(copyKindName(m.copy_kind)) + " (" +
                       std::string(memoryKindName(m.src_kind)) + " -> " + std::string(memoryKindName(m.dst_kind)) + ")";
            else
                name = "Memset (" + std::string(memoryKindName(m.dst_kind)) + ")";
            event(slice(m.kind == MemoryOpKind::Memcpy ? "gpu_memcpy" : "gpu_memset", jsonString(name),
                        {m.device, m.stream}, m.start_ns, m.end_ns) +
                  ", \"args\": {\"correlation\": " + std::to_string(m.correlation_id) +
                  ", \"device\": " + std::to_string(m.device) + ", \"stream\": " + std::to_string(m.stream) +
                  ", \"bytes\": " + std::to_string(m.bytes) + "}}");
        }
    }

    void writeSyncs()
    {
        for (const GpuSync &s : p_.syncs)
            event(slice("cuda_sync", jsonString(syncName(s.kind)), {s.device, s.stream}, s.start_ns, s.end_ns) +
                  ", \"args\": {\"correlation\": " + std::to_string(s.correlation_id) +
                  ", \"device\": " + std::to_string(s.device) + ", \"stream\": " + std::to_string(s.stream) + "}}");
    }

    // torch.profiler's [memory] instants, and a counter track of the allocated total per device.
    void writeMemorySamples()
    {
        for (const MemorySample &s : p_.memory_samples) {
            const std::string at = place(where(s.thread)) + ", \"ts\": " + micros(s.time_ns);
            // A segment of the allocator history is no [memory] instant (those are blocks): only its
            // totals, on the counter track.
            if (s.kind == MemorySampleKind::Block)
                event("{\"ph\": \"i\", \"s\": \"t\", \"cat\": \"cpu_instant_event\", \"name\": \"[memory]\", " + at +
                      ", \"args\": {\"Bytes\": " + std::to_string(s.bytes) + ", \"Total Allocated\": " +
                      std::to_string(s.total_allocated) + ", \"Total Reserved\": " + std::to_string(s.total_reserved) +
                      ", \"Addr\": " + std::to_string(s.address) + ", \"Device Id\": " + std::to_string(s.device) +
                      ", \"Device Type\": " + (s.device < 0 ? "0" : "1") + "}}");
            const std::string track =
                s.device < 0 ? "Host memory allocated" : "GPU " + std::to_string(s.device) + " memory allocated";
            event("{\"ph\": \"C\", \"name\": " + jsonString(track) + ", " + at +
                  ", \"args\": {\"bytes\": " + std::to_string(s.total_allocated) + "}}");
        }
    }

    // Forward -> backward links, as torch.profiler's fwdbwd flows (start and end at the operators' starts).
    void writeOperatorLinks()
    {
        for (const OperatorLink &link : p_.operator_links) {
            if (link.from >= p_.operators.size() || link.to >= p_.operators.size())
                continue;
            const Operator &from = p_.operators[link.from], &to = p_.operators[link.to];
            const std::string id = std::to_string(++flows_);
            event("{\"ph\": \"s\", \"id\": " + id + ", \"cat\": \"fwdbwd\", \"name\": \"fwdbwd\", " +
                  place(where(from.thread)) + ", \"ts\": " + micros(from.start_ns) + "}");
            event("{\"ph\": \"f\", \"id\": " + id + ", \"bp\": \"e\", \"cat\": \"fwdbwd\", \"name\": \"fwdbwd\", " +
                  place(where(to.thread)) + ", \"ts\": " + micros(to.start_ns) + "}");
        }
    }

    const Profile &p_;
    std::ostream &out_;
    const Progress &progress_;
    std::vector<std::optional<std::string>> quotedStrings_;
    size_t total_;       // events to write, for progress
    size_t written_ = 0; // events written
    std::unordered_map<uint32_t, Index> apiByCorrelation_;
    uint64_t flows_ = 0;
    bool first_ = true;
};

} // namespace

void writeTraceEventJson(const Profile &profile, std::ostream &out, const Progress &progress)
{
    Writer(profile, out, progress).write();
}

void writeTraceEventJsonFile(const Profile &profile, const std::string &path, const Progress &progress)
{
    writeFileAtomically(path, [&](std::ostream &out) { writeTraceEventJson(profile, out, progress); });
}

} // namespace opscope
