// Commands on whole profiles: summary, convert.
#include "cli/commands.h"

#include "opscope/capture_import.h"
#include "opscope/file_util.h"
#include "opscope/importer.h"
#include "opscope/operator_profiler_json.h"
#include "opscope/profile_store.h"
#include "opscope/summary.h"
#include "opscope/trace_export.h"

#include <ostream>

namespace opscope::cli {

// Writes `profile` in the format OUT's extension names.
void writeProfileAs(const Profile &profile, const std::string &out)
{
    const std::string ext = fileExtension(out);
    if (ext == ".opscope")
        saveProfile(profile, out);
    else if (ext == ".json")
        writeOperatorProfilerJson(profile, out);
    else
        throw UsageError(out + ": unknown output format '" + ext + "' (use .opscope or .json)");
}

static int runSummary(const ParsedArgs &args, CliEnvironment &env)
{
    const Profile profile = importCaptureFiles(args);
    if (args.has("--json"))
        env.out << summaryJson(profile).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    else
        env.out << summaryText(profile);
    return 0;
}

static int runConvert(const ParsedArgs &args, CliEnvironment &env)
{
    const std::string &in = args.positionals[0];
    const std::string &out = args.positionals[1];
    const Profile profile = importCapture({in});
    writeProfileAs(profile, out);
    env.err << "wrote " << out << " (" << profile.kernels.size() << " kernels, " << profile.operators.size()
            << " operators)\n";
    return 0;
}

static int runExport(const ParsedArgs &args, CliEnvironment &env)
{
    const std::string &out = args.positionals.back();
    if (fileExtension(out) != ".json")
        throw UsageError(out + ": the export is trace-event JSON: name it .json");
    ParsedArgs inputs = args;
    inputs.positionals.pop_back();
    const Profile profile = importCaptureFiles(inputs);
    writeTraceEventJsonFile(profile, out);
    env.err << "wrote " << out << " (" << profile.kernels.size() << " kernels, " << profile.operators.size()
            << " operators, " << profile.modules.size() << " module calls): open it in https://ui.perfetto.dev\n";
    return 0;
}

std::vector<CommandSpec> profileCommands()
{
    return {
        {"summary",
         "opscope summary FILE... [--json]",
         std::string("Print what a profile holds: source, devices, kernel, operator and module counts, total\n"
                     "kernel time, the plain and the captured step time (reference steps) with the GPU-busy\n"
                     "share, and warnings. Long metadata values (a job's process groups) are shortened;\n"
                     "--json prints them whole.\n") +
             kCaptureFilesHelp,
         1,
         64,
         {{"--json", "", "", "print one JSON object instead of text"}, captureRangeOption()},
         runSummary},
        {"convert",
         "opscope convert IN OUT",
         "Import IN (any supported format) and write OUT; the format is chosen by OUT's extension:\n"
         ".opscope (OpScope profile) or .json (Operator Profiler profile.json, schema 1.0).",
         2,
         2,
         {},
         runConvert},
        {"export",
         "opscope export FILE... OUT.json",
         std::string("Write the profile as Chrome trace-event JSON for Perfetto's UI (ui.perfetto.dev) or\n"
                     "chrome://tracing: tracks named as in OpScope's timeline, module calls and operators as\n"
                     "nested slices, kernels on their GPU streams, launch->kernel flows, each kernel's operator,\n"
                     "module, attribution and counters as arguments, the captured and plain reference steps\n"
                     "marked (docs/export.md). The file is a torch.profiler trace too: tools that read those\n"
                     "read it.\n") +
             kCaptureFilesHelp,
         2,
         65,
         {captureRangeOption()},
         runExport},
    };
}

} // namespace opscope::cli
