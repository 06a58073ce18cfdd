// Commands that read an attributed profile: import, modules, ops, kernels.
#include "cli/commands.h"

#include "opscope/aggregate.h"
#include "opscope/capture_import.h"
#include "opscope/file_util.h"
#include "opscope/format.h"
#include "opscope/module_tree.h"
#include "opscope/pipeline/run.h"
#include "opscope/profile_store.h"
#include "opscope/roofline.h"
#include "opscope/summary.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <ostream>

namespace opscope::cli {

namespace {

using json = nlohmann::ordered_json;

std::string dump(const json &j)
{
    return j.dump(2, ' ', false, json::error_handler_t::replace);
}

std::string padRight(std::string s, size_t width)
{
    if (s.size() < width)
        s.resize(width, ' ');
    return s;
}

std::string padLeft(const std::string &s, size_t width)
{
    return s.size() >= width ? s : std::string(width - s.size(), ' ') + s;
}

// A run folder of `opscope capture/profile`: imported again from its tool outputs and launcher status,
// as a newer OpScope reads them.
bool isRunFolder(const std::string &path)
{
    return isDirectory(path) && fileExists(path + "/manifest.json");
}

int runImport(const ParsedArgs &args, CliEnvironment &env)
{
    std::string out = args.value("-o");
    if (args.positionals.size() == 1 && isRunFolder(args.positionals.front())) {
        const std::string written = pipeline::importRun(args.positionals.front());
        if (out.empty()) {
            env.err << "wrote " << written << "\n";
            return 0;
        }
        writeProfileAs(loadProfile(written), out);
        env.err << "wrote " << written << " and " << out << "\n";
        return 0;
    }
    if (out.empty())
        throw UsageError("the output file is missing (-o OUT.opscope)");
    const Profile profile = importCaptureFiles(args);
    writeProfileAs(profile, out);
    size_t captured = 0, attributed = 0;
    for (const Kernel &k : profile.kernels)
        if (!(k.flags & kKernelOutsideCapture)) {
            ++captured;
            attributed += k.op != kNoIndex;
        }
    env.err << "wrote " << out << ": " << profile.kernels.size() << " kernels (" << captured
            << " in the captured step, " << attributed << " attributed), " << profile.operators.size() << " operators, "
            << profile.modules.size() << " module calls\n";
    return 0;
}

void printModuleNode(const ModuleTree &tree, int n, int depth, std::ostream &out)
{
    const ModuleNode &node = tree.nodes[size_t(n)];
    const double share = tree.stepGpuTime ? 100.0 * double(node.gpuTimeTotal) / double(tree.stepGpuTime) : 0.0;
    char pct[16];
    std::snprintf(pct, sizeof pct, "%5.1f%%", share);
    std::string label = std::string(size_t(depth) * 2, ' ') + node.label();
    if (node.group >= 0)
        label += "  (group " + tree.groups[size_t(node.group)].name + ")";
    out << padRight(label, 56) << padLeft(std::to_string(node.calls), 6)
        << padLeft(formatFixedDuration(node.gpuTimeTotal), 13) << padLeft(formatFixedDuration(node.gpuTimeSelf), 13)
        << "  " << pct << padLeft(std::to_string(node.kernelsTotal), 8) << "\n";
    for (int c : node.children)
        printModuleNode(tree, c, depth + 1, out);
}

json moduleNodeJson(const ModuleTree &tree, int n)
{
    const ModuleNode &node = tree.nodes[size_t(n)];
    json children = json::array();
    for (int c : node.children)
        children.push_back(moduleNodeJson(tree, c));
    json j = {{"path", node.path},
              {"class", node.className},
              {"kind", node.phase ? "phase" : "module"},
              {"calls", node.calls},
              {"calls_outside_step", node.callsOutsideStep()},
              {"gpu_time_total_ns", node.gpuTimeTotal},
              {"gpu_time_self_ns", node.gpuTimeSelf},
              {"kernels_total", node.kernelsTotal},
              {"kernels_self", node.kernelsSelf},
              {"share_of_step", tree.stepGpuTime ? double(node.gpuTimeTotal) / double(tree.stepGpuTime) : 0.0}};
    if (node.group >= 0)
        j["group"] = tree.groups[size_t(node.group)].name;
    j["children"] = children;
    return j;
}

int runModules(const ParsedArgs &args, CliEnvironment &env)
{
    const Profile profile = importCaptureFiles(args);
    const ModuleTree tree = buildModuleTree(profile);
    if (args.has("--json")) {
        json roots = json::array();
        for (int r : tree.roots)
            roots.push_back(moduleNodeJson(tree, r));
        json groups = json::array();
        for (const DedupGroup &g : tree.groups)
            groups.push_back(dedupGroupJson(tree, g, true));
        env.out << dump({{"step_gpu_time_ns", tree.stepGpuTime}, {"modules", roots}, {"dedup_groups", groups}}) << "\n";
        return 0;
    }
    if (tree.nodes.empty()) {
        env.out << "no modules in this profile. " << noModulesReason(profile) << "\n";
        return 0;
    }
    env.out << padRight("module", 56) << padLeft("calls", 6) << padLeft("GPU total", 13) << padLeft("GPU self", 13)
            << padLeft("share", 8) << padLeft("kernels", 8) << "\n";
    for (int r : tree.roots)
        printModuleNode(tree, r, 0, env.out);
    for (const DedupGroup &g : tree.groups)
        if (!g.nested)
            env.out << "group " << g.name << " x" << g.members.size() << " [" << g.className << "]: GPU time min "
                    << formatFixedDuration(g.minTime()) << ", median " << formatFixedDuration(g.medianTime())
                    << ", max " << formatFixedDuration(g.maxTime()) << "\n";
    return 0;
}

int runOps(const ParsedArgs &args, CliEnvironment &env)
{
    const std::string by = args.value("--by", "name");
    if (by != "name" && by != "shapes")
        throw UsageError("--by takes name or shapes, not '" + by + "'");
    const Profile profile = importCaptureFiles(args);
    const auto rows =
        operatorTable(profile, by == "shapes" ? OperatorGrouping::ByNameAndShapes : OperatorGrouping::ByName);
    const size_t limit = size_t(integerOption(args, "--limit", 0));
    const size_t count = limit ? std::min(limit, rows.size()) : rows.size();
    if (args.has("--json")) {
        json out = json::array();
        for (size_t i = 0; i < count; ++i) {
            const OperatorRow &r = rows[i];
            json row = {{"name", r.name},
                        {"calls", r.calls},
                        {"kernels", r.kernels},
                        {"gpu_time_self_ns", r.gpuTimeSelf},
                        {"gpu_time_total_ns", r.gpuTimeTotal},
                        {"cpu_time_total_ns", r.cpuTimeTotal}};
            if (by == "shapes")
                row["shapes"] = r.shapes;
            if (r.dominantKernel != kNoIndex)
                row["dominant_kernel"] = profile.text(profile.kernels[r.dominantKernel].name);
            out.push_back(row);
        }
        env.out << dump(out) << "\n";
        return 0;
    }
    env.out << padRight("operator", 44) << padLeft("calls", 7) << padLeft("kernels", 9) << padLeft("GPU self", 13)
            << padLeft("GPU total", 13) << padLeft("CPU total", 13) << (by == "shapes" ? "  shapes" : "") << "\n";
    for (size_t i = 0; i < count; ++i) {
        const OperatorRow &r = rows[i];
        env.out << padRight(r.name.substr(0, 43), 44) << padLeft(std::to_string(r.calls), 7)
                << padLeft(std::to_string(r.kernels), 9) << padLeft(formatFixedDuration(r.gpuTimeSelf), 13)
                << padLeft(formatFixedDuration(r.gpuTimeTotal), 13) << padLeft(formatFixedDuration(r.cpuTimeTotal), 13)
                << (by == "shapes" ? "  " + r.shapes : "") << "\n";
    }
    return 0;
}

json dimJson(const Dim3 &d)
{
    return json::array({d.x, d.y, d.z});
}

int runKernels(const ParsedArgs &args, CliEnvironment &env)
{
    const Profile profile = importCaptureFiles(args);
    std::vector<Index> listed;
    for (Index k = 0; k < profile.kernels.size(); ++k)
        if (args.has("--all-kernels") || !(profile.kernels[k].flags & kKernelOutsideCapture))
            listed.push_back(k);
    const size_t limit = size_t(integerOption(args, "--limit", 0));
    if (limit && limit < listed.size())
        listed.resize(limit);
    const bool asJson = args.has("--json");
    json out = json::array();
    for (Index k : listed) {
        const Kernel &kernel = profile.kernels[k];
        const std::string op =
            kernel.op < profile.operators.size() ? std::string(profile.text(profile.operators[kernel.op].name)) : "";
        const std::string module = kernel.module < profile.modules.size()
                                       ? std::string(profile.text(profile.modules[kernel.module].path))
                                       : "";
        if (!asJson) {
            env.out << padLeft(std::to_string(k), 6) << padLeft(formatFixedDuration(kernel.duration()), 13) << "  "
                    << padRight(module, 24) << padRight(op, 28) << std::string(profile.text(kernel.name)).substr(0, 80)
                    << "\n";
            continue;
        }
        json counters = json::object();
        for (const MetricValue &v : profile.countersOfKernel(k)) {
            const Metric &m = profile.metrics[v.metric];
            json value = (v.flags & kValueNull)   ? json(nullptr)
                         : (v.flags & kValueText) ? json(profile.text(v.text))
                                                  : json(v.value);
            counters[std::string(profile.text(m.name))] = {{"value", value}, {"unit", profile.text(m.unit)}};
        }
        json row = {{"index", k},
                    {"name", profile.text(kernel.name)},
                    {"start_ns", kernel.start_ns},
                    {"end_ns", kernel.end_ns},
                    {"duration_ns", kernel.duration()},
                    {"device", kernel.device},
                    {"stream", kernel.stream},
                    {"grid", dimJson(kernel.grid)},
                    {"block", dimJson(kernel.block)},
                    {"registers_per_thread", kernel.registers_per_thread},
                    {"shared_memory_bytes", kernel.static_shared_bytes + kernel.dynamic_shared_bytes},
                    {"correlation_id", kernel.correlation_id},
                    {"captured", !(kernel.flags & kKernelOutsideCapture)},
                    {"operator", op},
                    {"module", module},
                    {"attribution", toString(kernel.method)},
                    {"confidence", toString(kernel.confidence)}};
        if (kernel.op == kNoIndex && kernel.unattributed_reason != kNoString)
            row["unattributed_reason"] = profile.text(kernel.unattributed_reason);
        if (kernel.flags & kKernelReferenceStep) { // the plain step's kernel: its twin in the labelled step
            const Index twin = profile.referenceTwin(k);
            row["reference_step"] = true;
            row["twin"] = twin == kNoIndex ? json(nullptr) : json(twin);
        }
        const KernelRoofline roofline = kernelRoofline(profile, k);
        if (roofline.valid) {
            json levels = json::object();
            for (MemoryLevel level : {MemoryLevel::Dram, MemoryLevel::L2, MemoryLevel::L1})
                levels[std::string(toString(level))] = {{"bytes_per_s", roofline.memory[int(level)].achieved},
                                                        {"peak_bytes_per_s", roofline.memory[int(level)].peak},
                                                        {"flop_per_byte", roofline.intensity(level)}};
            json compute = json::array();
            for (const ComputeRate &c : roofline.compute)
                compute.push_back(
                    {{"precision", c.precision}, {"flop_per_s", c.achieved}, {"peak_flop_per_s", c.peak}});
            row["roofline"] = {{"flop_per_s", roofline.achievedFlops()}, {"compute", compute}, {"memory", levels}};
        }
        row["counters"] = counters;
        out.push_back(std::move(row));
    }
    if (asJson)
        env.out << dump(out) << "\n";
    return 0;
}

} // namespace

const char *const kCaptureFilesHelp =
    "FILE... is one profile, or the files of one capture imported together as by import.";

OptionSpec captureRangeOption()
{
    return {"--capture-range", "NAME", "CAPTURE", "the NVTX range that marks the captured step"};
}

Profile importCaptureFiles(const ParsedArgs &args)
{
    AttributionOptions options;
    options.captureRange = args.value("--capture-range", options.captureRange);
    options.rankRegex = args.value("--rank-regex", options.rankRegex);
    return importCapture(args.positionals, options);
}

OptionSpec allKernelsOption()
{
    return {"--all-kernels", "", "", "also the kernels outside the captured step (initialisation, warm-up)"};
}

std::vector<CommandSpec> analysisCommands()
{
    return {
        {"import",
         "opscope import FILE... -o OUT.opscope | opscope import RUN_FOLDER [-o OUT.opscope]",
         "Import the files of one capture together and attribute every kernel: an nsys .sqlite or\n"
         ".nsys-rep, an ncu .csv or .ncu-rep, a torch.profiler trace and an Inductor debug folder of\n"
         "the same workload. ncu rows are matched to the timeline's kernels and give them counters.\n"
         "A run folder of capture/profile is imported again as it was after its last stage (its\n"
         "RUN.opscope rewritten, with the launcher's reference timing), e.g. after an OpScope update.\n"
         "Several torch.profiler traces are the ranks of one run: one profile with ranks (docs/ranks.md).",
         1,
         64,
         {{"-o", "OUT", "", "the profile to write (.opscope, or .json for profile.json)"},
          captureRangeOption(),
          rankRegexOption()},
         runImport},
        {"modules",
         "opscope modules FILE... [--json]",
         std::string("Print the module tree of the captured step: calls, GPU time total and self, share of the\n"
                     "step, kernels, and the groups of identical layers with the spread of their GPU time.\n"
                     "Calls outside the step (warm-up) are not counted; --json gives them apart.\n") +
             kCaptureFilesHelp,
         1,
         64,
         {{"--json", "", "", "print JSON instead of a table"}, captureRangeOption()},
         runModules},
        {"ops",
         "opscope ops FILE... [--json] [--by name|shapes] [--limit N]",
         std::string("Print the operator table of the captured step (like torch's key_averages, attributed to\n"
                     "kernels): calls, kernels, GPU time self and total, CPU time; longest first.\n") +
             kCaptureFilesHelp,
         1,
         64,
         {{"--json", "", "", "print JSON instead of a table"},
          {"--by", "name|shapes", "name", "group by operator name, or by name and input shapes"},
          {"--limit", "N", "0 (all)", "print only the first N rows"},
          captureRangeOption()},
         runOps},
        {"kernels",
         "opscope kernels FILE... [--json] [--limit N] [--all-kernels]",
         std::string("Print the kernels of the captured step: name, times, device, stream, grid, block,\n"
                     "attribution, roofline figures and every counter in base units (JSON), or a short table.\n") +
             kCaptureFilesHelp,
         1,
         64,
         {{"--json", "", "", "print JSON with every counter"},
          {"--limit", "N", "0 (all)", "print only the first N kernels"},
          allKernelsOption(),
          captureRangeOption()},
         runKernels},
    };
}

} // namespace opscope::cli
