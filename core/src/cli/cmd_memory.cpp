// `opscope memory`: the allocator's peak and what holds it, by module and by kind (memory.h).
#include "cli/commands.h"

#include "opscope/memory.h"
#include "opscope/module_tree.h"

#include <nlohmann/json.hpp>

#include <ostream>

namespace opscope::cli {

namespace {

using json = nlohmann::ordered_json;

std::string deviceName(int32_t device)
{
    return device < 0 ? "host" : "GPU " + std::to_string(device);
}

json shareJson(const MemoryShare &s, bool byKind)
{
    json j;
    if (byKind) {
        j["kind"] = std::string(toString(s.kind));
    } else {
        j["module"] = s.module;
        j["class"] = s.className;
        j["phase"] = s.phase;
    }
    j["bytes"] = s.bytes;
    j["blocks"] = s.blocks;
    return j;
}

json sharesJson(const std::vector<MemoryShare> &shares, bool byKind)
{
    json list = json::array();
    for (const MemoryShare &s : shares)
        list.push_back(shareJson(s, byKind));
    return list;
}

json deviceJson(const Profile &p, const DeviceMemory &d)
{
    json j;
    j["device"] = d.device;
    j["peak_allocated_bytes"] = d.peak_allocated;
    j["peak_reserved_bytes"] = d.peak_reserved;
    j["peak_time_ns"] = d.peak_time_ns - p.timeOrigin();
    j["fragmentation_bytes"] = d.peak_reserved > 0 ? json(d.peak_reserved - d.peak_allocated) : json(nullptr);
    j["baseline_bytes"] = d.baseline_bytes;
    j["allocations"] = d.allocations;
    j["frees"] = d.frees;
    j["segment_allocations"] = d.segment_allocations; // the allocator history's segments (cudaMalloc)
    j["segment_frees"] = d.segment_frees;
    j["at_peak"] = {{"blocks", d.alive_at_peak.size()},
                    {"unseen_bytes", d.unseen_at_peak},
                    {"by_module", sharesJson(d.by_module, false)},
                    {"by_kind", sharesJson(d.by_kind, true)}};
    j["activations_by_module"] = sharesJson(d.activations_by_module, false);
    return j;
}

std::string shareName(const MemoryShare &s)
{
    if (s.phase && !s.className.empty())
        return s.module + " [" + s.className + "]";
    return s.phase ? s.module : modulePathText(s.module, s.className);
}

void printDevice(const DeviceMemory &d, std::ostream &out)
{
    out << deviceName(d.device) << ": peak allocated " << d.peak_allocated << " bytes";
    if (d.peak_reserved > 0)
        out << ", peak reserved " << d.peak_reserved << " bytes";
    out << " (" << d.allocations << " allocations, " << d.frees << " frees, " << d.alive_at_peak.size()
        << " blocks alive at the peak)\n";
    out << "  at the peak by kind:\n";
    for (const MemoryShare &s : d.by_kind)
        out << "    " << s.bytes << "  " << toString(s.kind) << "\n";
    out << "  at the peak by module:\n";
    for (const MemoryShare &s : d.by_module)
        out << "    " << s.bytes << "  " << shareName(s) << "\n";
    if (!d.activations_by_module.empty()) {
        out << "  kept for backward (activations) by module:\n";
        for (const MemoryShare &s : d.activations_by_module)
            out << "    " << s.bytes << "  " << shareName(s) << "\n";
    }
}

int runMemory(const ParsedArgs &args, CliEnvironment &env)
{
    Profile p = importCaptureFiles(args);
    if (p.memory_blocks.empty() && !p.memory_samples.empty())
        attributeMemory(p); // profiles stored before memory blocks existed
    const MemoryReport report = analyzeMemory(p);
    const DeviceMemory *primary = report.primary();
    if (args.has("--json")) {
        json j;
        j["device"] = primary ? json(primary->device) : json(nullptr);
        j["peak_allocated_bytes"] = primary ? primary->peak_allocated : 0;
        j["peak_reserved_bytes"] = primary ? primary->peak_reserved : 0;
        j["at_peak"] = primary ? deviceJson(p, *primary)["at_peak"]
                               : json{{"by_module", json::array()}, {"by_kind", json::array()}};
        j["devices"] = json::array();
        for (const DeviceMemory &d : report.devices)
            j["devices"].push_back(deviceJson(p, d));
        env.out << j.dump(2, ' ', false, json::error_handler_t::replace) << "\n";
        return 0;
    }
    if (report.devices.empty()) {
        env.out << "no memory events in " << args.positionals.front()
                << " (capture with torch.profiler's profile_memory=True)\n";
        return 0;
    }
    for (const DeviceMemory &d : report.devices)
        printDevice(d, env.out);
    return 0;
}

} // namespace

std::vector<CommandSpec> memoryCommands()
{
    return {
        {"memory",
         "opscope memory FILE... [--json]",
         std::string("Print the memory peak and what holds it, by module and by kind.\n"
                     "From torch.profiler's allocator events (profile_memory): per device the peak allocated and\n"
                     "reserved bytes, the blocks alive at the peak by module (or phase) and by kind (activations,\n"
                     "gradients, optimizer_state, temporaries, before_trace; docs/memory.md), and the bytes each\n"
                     "module keeps for backward.\n") +
             kCaptureFilesHelp,
         1,
         64,
         {{"--json", "", "", "print JSON instead of text"}, captureRangeOption()},
         runMemory},
    };
}

} // namespace opscope::cli
