// The fixes `opscope verify` can ask the launcher for, and the fix an insight names.
#include "opscope/verify.h"

#include "opscope/file_util.h"
#include "opscope/insights.h"
#include "opscope/pipeline/run.h"
#include "opscope/pipeline/run_folder.h"
#include "opscope/pipeline/tools.h"
#include "opscope/profile_store.h"

namespace opscope::verify {

const std::vector<FixInfo> &knownFixes()
{
    // The launcher's list (fixes.py SPECS), in its order.
    static const std::vector<FixInfo> fixes = {
        {"tf32", "", "FP32 matrix products and cuDNN convolutions on the TF32 tensor-core path"},
        {"bf16-autocast", "", "the outermost module's forward under torch.autocast(dtype=torch.bfloat16)"},
        {"channels-last", "", "2-D convolutions and their inputs in torch.channels_last (NHWC)"},
        {"pad", "MODULE:N", "a Linear or Embedding computed on a width padded to N and sliced back"},
        {"cudnn-benchmark", "", "torch.backends.cudnn.benchmark = True"},
        {"fused-optimizer", "", "optimizers built with fused=True where torch has it"},
        {"compile", "default|reduce-overhead|max-autotune", "torch.compile of the outermost module's forward"},
        {"expandable-segments", "", "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True"},
        {"checkpoint", "GROUP", "activation checkpointing of each layer of GROUP (e.g. blocks.*)"},
        {"static-cache", "",
         "cache_implementation=\"static\" on each transformers generate() call that passes no cache"},
    };
    return fixes;
}

std::string checkFix(std::string_view fix)
{
    const size_t eq = fix.find('=');
    const std::string_view name = fix.substr(0, eq);
    const std::string_view arg = eq == std::string_view::npos ? std::string_view{} : fix.substr(eq + 1);
    for (const FixInfo &known : knownFixes()) {
        if (known.name != name)
            continue;
        if (!known.argument.empty() && arg.empty())
            return std::string(name) + " needs an argument: " + std::string(name) + "=" + known.argument;
        if (known.argument.empty() && eq != std::string_view::npos)
            return std::string(name) + " takes no argument";
        if (name == "compile" && arg != "default" && arg != "reduce-overhead" && arg != "max-autotune")
            return "compile takes default, reduce-overhead or max-autotune, not '" + std::string(arg) + "'";
        if (name == "pad") {
            const size_t colon = arg.rfind(':');
            const std::string_view width = colon == std::string_view::npos ? std::string_view{} : arg.substr(colon + 1);
            if (colon == 0 || width.empty() || width.find_first_not_of("0123456789") != std::string_view::npos)
                return "pad takes MODULE:N (e.g. pad=lm_head:50304), not '" + std::string(arg) + "'";
        }
        return {};
    }
    std::string names;
    for (const FixInfo &known : knownFixes())
        names += (names.empty() ? "" : ", ") + known.name;
    return "unknown fix '" + std::string(name) + "' (fixes: " + names + ")";
}

std::vector<std::string> fixesOf(std::string_view joinedFixes)
{
    std::vector<std::string> fixes;
    for (size_t from = 0;;) {
        const size_t plus = joinedFixes.find(" + ", from);
        fixes.emplace_back(joinedFixes.substr(from, plus - from));
        if (plus == std::string_view::npos)
            return fixes;
        from = plus + 3;
    }
}

namespace {

// The run's profile, imported first where the run has none yet.
std::string profileOfRun(const std::string &run)
{
    const pipeline::RunFolder folder = pipeline::RunFolder::open(run);
    const nlohmann::json &outputs = folder.manifest().value("outputs", nlohmann::json::object());
    if (outputs.contains("profile") && outputs["profile"].is_string())
        if (const std::string path = folder.file(outputs["profile"].get<std::string>()); fileExists(path))
            return path;
    return pipeline::importRun(folder.path());
}

// The item as a result records it: its number in `opscope insights`, what it is, what it estimated.
nlohmann::ordered_json insightRecord(const Insight &i, size_t n)
{
    return {{"index", n},
            {"kind", i.kind},
            {"title", i.title},
            {"estimated_gain_ns", i.estimatedGainNs},
            {"gpu_time_saved_ns", i.gpuTimeSavedNs},
            {"estimated_bytes_saved", i.estimatedBytesSaved}};
}

} // namespace

InsightFix fixOfInsight(const std::string &run, int n)
{
    const Profile profile = loadProfile(profileOfRun(run));
    const InsightReport report = findInsights(profile);
    if (n < 1 || size_t(n) > report.insights.size())
        throw pipeline::ToolError("the run's profile has " + std::to_string(report.insights.size()) +
                                  " insight(s) (opscope insights " + run + "): there is no item " + std::to_string(n));
    const Insight &i = report.insights[size_t(n - 1)];
    if (i.verifyFix.empty()) {
        std::string names;
        for (const FixInfo &known : knownFixes())
            names += (names.empty() ? "" : ", ") + known.name;
        throw pipeline::ToolError("item " + std::to_string(n) + " (" + i.kind + ": " + i.title +
                                  ") needs a change to the code, which opscope verify does not make: " + i.fix +
                                  "\nverify measures the fixes the launcher applies without editing the script (" +
                                  names +
                                  "); make this one in the script, capture again and compare with opscope diff");
    }
    return {fixesOf(i.verifyFix), insightRecord(i, size_t(n))};
}

nlohmann::ordered_json insightMeasuredBy(const std::string &run, const std::string &fix)
{
    try {
        const Profile profile = loadProfile(profileOfRun(run));
        const InsightReport report = findInsights(profile);
        for (size_t n = 0; n < report.insights.size(); ++n)
            if (report.insights[n].verifyFix == fix)
                return insightRecord(report.insights[n], n + 1);
    } catch (const std::exception &) { // no profile to read: no estimate beside the measurement
    }
    return nullptr;
}

} // namespace opscope::verify
