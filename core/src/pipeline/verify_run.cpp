// `opscope verify`: both arms of the run's workload alternated in blocks, the gain over the rounds,
// the outputs compared, the result stored (verify.h, docs/verify.md).
#include "pipeline/stages.h"
#include "pipeline/verify_arm.h"
#include "pipeline/verify_internal.h"

#include "opscope/errors.h"
#include "opscope/file_util.h"
#include "opscope/measured_gains.h"
#include "opscope/profile_store.h"
#include "opscope/verify.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>

namespace opscope::verify {

using namespace pipeline;
namespace fs = std::filesystem;

namespace {

std::string utcNow(const char *format)
{
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    ::gmtime_r(&now, &tm);
    char buffer[32];
    std::strftime(buffer, sizeof buffer, format, &tm);
    return buffer;
}

std::string joined(const std::vector<std::string> &items, const char *separator)
{
    std::string out;
    for (const std::string &item : items)
        out += (out.empty() ? "" : separator) + item;
    return out;
}

const nlohmann::json &object(const nlohmann::json &parent, const char *key)
{
    static const nlohmann::json empty = nlohmann::json::object();
    const auto it = parent.find(key);
    return it != parent.end() && it->is_object() ? *it : empty;
}

// Fixes that change the numerics by design: their outputs are not compared.
bool changesNumerics(const std::string &fix)
{
    return fix == "bf16-autocast" || fix.rfind("compile=", 0) == 0;
}

// The first step's outputs of both arms (verify.py's checksum), where the fixes must keep them.
OutputComparison compareOutputs(const nlohmann::json &a, const nlohmann::json &b, const std::vector<std::string> &fixes)
{
    OutputComparison c;
    const nlohmann::json &ca = a.value("checksum", nlohmann::json());
    const nlohmann::json &cb = b.value("checksum", nlohmann::json());
    if (!ca.is_array() || !cb.is_array() || ca.empty()) {
        c.note = "not compared: the root module's output was not described (no module call, or no tensor in it)";
        return c;
    }
    // The tolerance: the loosest of the fixes' (the launcher says each), wider for half-precision outputs.
    double tolerance = 1e-4;
    for (const auto &f : object(b, "fixes").value("requested", nlohmann::json::array()))
        if (f.contains("tolerance") && f["tolerance"].is_number())
            tolerance = std::max(tolerance, f["tolerance"].get<double>());
    if (ca.size() != cb.size()) {
        c.compared = true;
        c.note = "the outputs differ: " + std::to_string(ca.size()) + " tensors against " + std::to_string(cb.size());
        return c;
    }
    double worst = 0;
    std::string worstName;
    for (size_t i = 0; i < ca.size(); ++i) {
        const nlohmann::json &x = ca[i], &y = cb[i];
        const std::string name = x.value("name", "output");
        if (x.value("shape", nlohmann::json()) != y.value("shape", nlohmann::json())) {
            c.compared = true;
            c.note = "the outputs differ: " + name + " has shape " + x.value("shape", nlohmann::json()).dump() +
                     " in the original and " + y.value("shape", nlohmann::json()).dump() + " with the fix";
            return c;
        }
        const std::string dtype = x.value("dtype", "");
        if (dtype == "bfloat16" || dtype == "float16")
            tolerance = std::max(tolerance, 2e-2);
        const double n = std::max(1.0, x.value("numel", 1.0));
        const double rms = std::sqrt(std::max(0.0, x.value("square_sum", 0.0)) / n);
        const double scale = std::max(rms, 1e-30);
        double difference = 0;
        const auto &sa = x.value("samples", nlohmann::json::array());
        const auto &sb = y.value("samples", nlohmann::json::array());
        for (size_t s = 0; s < sa.size() && s < sb.size(); ++s)
            if (sa[s].is_number() && sb[s].is_number())
                difference = std::max(difference, std::fabs(sa[s].get<double>() - sb[s].get<double>()) / scale);
        const double absA = x.value("abs_sum", 0.0), absB = y.value("abs_sum", 0.0);
        difference = std::max(difference, std::fabs(absA - absB) / std::max(std::fabs(absA), 1e-30));
        if (difference > worst || worstName.empty()) {
            worst = difference;
            worstName = name;
        }
    }
    c.difference = worst;
    c.tolerance = tolerance;
    char text[160];
    for (const std::string &fix : fixes)
        if (changesNumerics(fix)) {
            std::snprintf(text, sizeof text,
                          "not compared: %s changes the numerics by design (largest difference %.2g of "
                          "the outputs' RMS)",
                          fix.c_str(), worst);
            c.note = text;
            return c;
        }
    c.compared = true;
    c.match = worst <= tolerance;
    std::snprintf(text, sizeof text, "%s (largest difference %.2g of the RMS, in %s; tolerance %.0e)",
                  c.match ? "the same within the tolerance" : "DIFFERENT", worst, worstName.c_str(), tolerance);
    c.note = text;
    return c;
}

struct RunWorkload {
    LauncherOptions launcher;
    std::map<std::string, std::string> env;
    std::string workingDirectory;
    int64_t plainStepNs = 0; // the capture's plain step (median), 0 when unknown
    std::string compile;
};

RunWorkload workloadOf(const RunFolder &run, const VerifyRequest &request)
{
    const nlohmann::json &m = run.manifest();
    const nlohmann::json &workload = object(m, "workload");
    const nlohmann::json &capture = object(m, "capture");
    if (m.contains("ranks") || m.contains("rank"))
        throw ToolError(run.path() + " is a distributed run (" + object(m, "ranks").value("engine", "a rank's part") +
                        "): opscope verify times one process; verify the fix on a single-process capture of the "
                        "same script");
    if (!workload.contains("script") || !workload["script"].is_string())
        throw ToolError(run.file("manifest.json") + ": the run names no workload script (was it made by opscope "
                                                    "capture or profile?)");
    Workload w;
    w.script = workload["script"].get<std::string>();
    w.workingDirectory = workload.value("working_directory", "");
    if (workload.contains("args") && workload["args"].is_array())
        for (const auto &a : workload["args"])
            if (a.is_string())
                w.args.push_back(a.get<std::string>());
    if (workload.contains("env") && workload["env"].is_object())
        for (const auto &[name, value] : workload["env"].items())
            if (value.is_string())
                w.env[name] = value.get<std::string>();
    const std::string wanted = request.python.empty() ? workload.value("python", "") : request.python;
    RunWorkload out;
    out.launcher.python = findPython(wanted);
    if (out.launcher.python.empty())
        throw ToolError(wanted.empty() ? "no Python interpreter was found; pass --python PATH"
                                       : "the run's Python interpreter " + wanted + " is gone; pass --python PATH");
    out.launcher.script = detail::resolveScript(w);
    out.launcher.scriptArgs = w.args;
    out.launcher.mode = LauncherMode::None;
    out.launcher.stepSource = capture.value("step", std::string("auto"));
    out.compile = capture.value("compile", std::string("eager"));
    out.launcher.compile = out.compile;
    out.launcher.warmup = capture.value("warmup", 2);
    out.env = detail::launcherEnvironment(findLauncherDir(), w.env);
    out.workingDirectory = w.workingDirectory;
    const nlohmann::json &reference = object(object(m, "launcher"), "reference");
    if (reference.contains("median_ns") && reference["median_ns"].is_number_integer())
        out.plainStepNs = reference["median_ns"].get<int64_t>();
    return out;
}

} // namespace

std::string internal::fixSlug(const std::string &fix)
{
    std::string out;
    for (char c : fix)
        out += std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' ? c : '-';
    return out.substr(0, 60);
}

VerifyResult resultFromJson(const nlohmann::json &j)
{
    VerifyResult r;
    if (!j.is_object())
        return r;
    r.fix = j.value("fix", "");
    if (j.contains("fixes") && j["fixes"].is_array())
        for (const auto &f : j["fixes"])
            if (f.is_string())
                r.fixes.push_back(f.get<std::string>());
    if (std::optional<MeasuredGain> gain = measuredGainOf(j))
        r.gain = *gain;
    r.stats.baselineNs = r.gain.baselineNs;
    r.stats.fixedNs = r.gain.fixedNs;
    r.stats.gainNs = r.gain.gainNs;
    r.stats.spreadNs = r.gain.spreadNs;
    r.stats.significant = r.gain.significant;
    r.stats.confidence = j.value("confidence", 0.0);
    if (j.contains("interval_ns") && j["interval_ns"].is_array() && j["interval_ns"].size() == 2) {
        r.stats.lowNs = j["interval_ns"][0].get<int64_t>();
        r.stats.highNs = j["interval_ns"][1].get<int64_t>();
    }
    r.verdict = j.value("verdict", "");
    r.clock = j.value("clock", "");
    if (j.contains("rounds_detail") && j["rounds_detail"].is_array())
        for (const auto &x : j["rounds_detail"]) {
            Round round;
            round.baselineNs = x.value("baseline_ns", int64_t(0));
            round.fixedNs = x.value("fixed_ns", int64_t(0));
            round.baselineSteps = x.value("baseline_steps", 0);
            round.fixedSteps = x.value("fixed_steps", 0);
            round.baselinePeakBytes = x.value("baseline_peak_bytes", int64_t(-1));
            round.fixedPeakBytes = x.value("fixed_peak_bytes", int64_t(-1));
            r.rounds.push_back(round);
        }
    const nlohmann::json &outputs = object(j, "outputs");
    r.outputs.compared = outputs.value("compared", false);
    r.outputs.match = outputs.contains("match") && outputs["match"].is_boolean() && outputs["match"].get<bool>();
    r.outputs.tolerance = outputs.value("tolerance", 0.0);
    r.outputs.difference = outputs.value("difference", -1.0);
    r.outputs.note = outputs.value("note", "");
    const auto strings = [&](const char *key, std::vector<std::string> &out) {
        if (j.contains(key) && j[key].is_array())
            for (const auto &s : j[key])
                if (s.is_string())
                    out.push_back(s.get<std::string>());
    };
    strings("applied", r.applied);
    strings("notes", r.notes);
    if (j.contains("insight") && j["insight"].is_object())
        r.insight = nlohmann::ordered_json::parse(j["insight"].dump());
    const auto text = [&](const char *key) {
        return j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : std::string();
    };
    r.torch = text("torch");
    r.device = text("device");
    r.when = text("when");
    r.logDir = text("logs");
    r.fixedRun = text("fixed_run");
    r.reportPath = text("report");
    r.warmup = j.value("warmup", 0);
    r.blockSteps = j.value("block_steps", 0);
    r.processes = j.value("processes", 0);
    r.wallSeconds = j.value("wall_s", 0.0);
    return r;
}

nlohmann::ordered_json resultToJson(const VerifyResult &r)
{
    nlohmann::ordered_json rounds = nlohmann::ordered_json::array();
    for (const Round &x : r.rounds)
        rounds.push_back({{"baseline_ns", x.baselineNs},
                          {"fixed_ns", x.fixedNs},
                          {"gain_ns", x.gainNs()},
                          {"baseline_steps", x.baselineSteps},
                          {"fixed_steps", x.fixedSteps},
                          {"baseline_peak_bytes", x.baselinePeakBytes},
                          {"fixed_peak_bytes", x.fixedPeakBytes}});
    const auto optionalString = [](const std::string &s) {
        return s.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(s);
    };
    return {{"fix", r.fix},
            {"fixes", r.fixes},
            {"when", r.when},
            {"baseline_ns", r.gain.baselineNs},
            {"fixed_ns", r.gain.fixedNs},
            {"gain_ns", r.gain.gainNs},
            {"spread_ns", r.gain.spreadNs},
            {"interval_ns", {r.stats.lowNs, r.stats.highNs}},
            {"confidence", r.stats.confidence},
            {"rounds", r.gain.rounds},
            {"significant", r.gain.significant},
            {"verdict", r.verdict},
            {"clock", r.clock},
            {"baseline_peak_bytes", r.gain.baselinePeakBytes},
            {"fixed_peak_bytes", r.gain.fixedPeakBytes},
            {"outputs",
             {{"compared", r.outputs.compared},
              {"match", r.outputs.compared ? nlohmann::ordered_json(r.outputs.match) : nlohmann::ordered_json(nullptr)},
              {"tolerance", r.outputs.tolerance},
              {"difference", r.outputs.difference},
              {"note", r.outputs.note}}},
            {"applied", r.applied},
            {"insight", r.insight},
            {"warmup", r.warmup},
            {"block_steps", r.blockSteps},
            {"processes", r.processes},
            {"torch", r.torch},
            {"device", optionalString(r.device)},
            {"notes", r.notes},
            {"rounds_detail", rounds},
            {"wall_s", r.wallSeconds},
            {"logs", r.logDir},
            {"fixed_run", optionalString(r.fixedRun)},
            {"report", optionalString(r.reportPath)}};
}

void storeResult(const std::string &runPath, const nlohmann::ordered_json &result)
{
    RunFolder run = RunFolder::open(runPath);
    const std::string file = run.file(kVerifyResultsFile);
    nlohmann::json all = detail::readJsonFile(file);
    if (!all.is_object() || !all.contains("results") || !all["results"].is_array())
        all = {{"format", "opscope-verify"}, {"version", 1}, {"results", nlohmann::json::array()}};
    all["results"].push_back(nlohmann::json::parse(result.dump()));
    {
        const std::string temp = file + ".tmp";
        std::ofstream out(temp, std::ios::binary | std::ios::trunc);
        out << all.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
        if (!out)
            throw FileError(temp, "cannot write the verify results");
        out.close();
        std::error_code ec;
        fs::rename(temp, file, ec);
        if (ec)
            throw FileError(file, "cannot replace the verify results: " + ec.message());
    }
    // The profile gets the same list (saved whole, atomically: the profile store's one way of writing).
    const std::string profilePath = run.output("profile"); // inside the run folder, never beside it
    if (profilePath.empty())
        return;
    Profile profile = loadProfile(profilePath);
    profile.setMetadata(kVerifyResultsKey, all["results"].dump());
    saveProfile(profile, profilePath);
}

VerifyResult runVerify(const VerifyRequest &request, const VerifyCallbacks &callbacks, const Progress &progress)
{
    const auto started = std::chrono::steady_clock::now();
    VerifyRequest r = request;
    nlohmann::ordered_json insight = nullptr;
    if (r.insight) {
        InsightFix item = fixOfInsight(r.run, *r.insight);
        r.fixes = item.fixes;
        insight = item.insight;
    }
    if (r.fixes.empty())
        throw ToolError("no fix to verify: give --insight N or --fix NAME[=ARG]");
    for (const std::string &fix : r.fixes)
        if (const std::string why = checkFix(fix); !why.empty())
            throw ToolError("--fix " + fix + ": " + why);
    if (r.rounds < 0 || r.maxRounds < 1)
        throw ToolError("--rounds and --max-rounds must be positive");

    RunFolder run = RunFolder::open(r.run);
    RunWorkload workload = workloadOf(run, r);
    VerifyResult result;
    result.fixes = r.fixes;
    result.fix = joined(r.fixes, " + ");
    result.insight = r.insight ? insight : insightMeasuredBy(r.run, result.fix);
    result.when = utcNow("%Y-%m-%dT%H:%M:%SZ");
    const bool compiles =
        workload.compile != "eager" ||
        std::any_of(r.fixes.begin(), r.fixes.end(), [](const std::string &f) { return f.rfind("compile=", 0) == 0; });
    result.warmup = r.warmup >= 0 ? r.warmup : std::max(workload.launcher.warmup, compiles ? 5 : 3);
    // About a second of timed steps a block: medians of many steps, and rounds that stay short.
    result.blockSteps = r.blockSteps > 0 ? r.blockSteps
                        : workload.plainStepNs > 0
                            ? int(std::clamp<int64_t>(1'000'000'000 / workload.plainStepNs, 5, 100))
                            : 20;
    const int roundsCap = r.rounds > 0 ? r.rounds : std::max(r.maxRounds, 1);
    workload.launcher.warmup = result.warmup;
    workload.launcher.verifyBlockSteps = result.blockSteps;
    // The plain steps the launcher may time: every block (and its settling step) of the longest run.
    workload.launcher.referenceSteps = (roundsCap + 1) * (result.blockSteps + 1);
    workload.launcher.steps = 1;

    result.logDir = run.file("verify/" + utcNow("%Y%m%d-%H%M%S") + "-" + internal::fixSlug(result.fix));
    std::error_code ec;
    for (int attempt = 2; fs::exists(result.logDir, ec); ++attempt)
        result.logDir = run.file("verify/" + utcNow("%Y%m%d-%H%M%S") + "-" + internal::fixSlug(result.fix) + "-" +
                                 std::to_string(attempt));
    fs::create_directories(result.logDir, ec);
    if (ec)
        throw FileError(result.logDir, "cannot create the verify folder: " + ec.message());

    const auto armSetup = [&](const char *name, std::vector<std::string> fixes) {
        detail::ArmSetup s;
        s.name = name;
        s.launcher = workload.launcher;
        s.launcher.fixes = std::move(fixes);
        s.env = workload.env;
        s.workingDirectory = workload.workingDirectory;
        s.logDir = result.logDir;
        if (callbacks.onLine)
            s.onLine = [&callbacks, name](std::string_view line) { callbacks.onLine(name, line); };
        return s;
    };
    detail::Arm original(armSetup("A", {}));
    detail::Arm fixed(armSetup("B", r.fixes));

    // B warms up first: a fix the launcher refuses fails in seconds, before A's warm-up is spent.
    const auto roundsWanted = [&] { return r.rounds > 0 ? r.rounds : kMinRounds; };
    const auto deadline = r.timeout ? started + *r.timeout : std::chrono::steady_clock::time_point::max();
    const auto blockOf = [&](detail::Arm &arm, const std::string &stage) {
        progress.report(double(result.rounds.size()) / double(roundsWanted()), ProgressStage::Step, stage);
        detail::ArmBlock block = arm.runBlock(progress);
        if (r.freshProcesses)
            arm.stop();
        return block;
    };
    fixed.warmUp(progress);
    original.warmUp(progress);
    // The timed rounds: A then B, each a block of plain steps while the other waits.
    std::string clock;
    for (int round = 1; round <= roundsCap; ++round) {
        const detail::ArmBlock a = blockOf(original, "verify: round " + std::to_string(round) + ", original");
        const detail::ArmBlock b = blockOf(fixed, "verify: round " + std::to_string(round) + ", fixed");
        Round x;
        x.baselineNs = median(a.stepsNs);
        x.fixedNs = median(b.stepsNs);
        x.baselineSteps = int(a.stepsNs.size());
        x.fixedSteps = int(b.stepsNs.size());
        x.baselinePeakBytes = a.peakBytes;
        x.fixedPeakBytes = b.peakBytes;
        for (const std::string &c : {a.clock, b.clock})
            clock = clock.empty() || clock == c ? c : "mixed";
        result.rounds.push_back(x);
        if (callbacks.onRound)
            callbacks.onRound(round, x);
        result.stats = gainStatistics(result.rounds);
        if (r.rounds == 0 && round >= kMinRounds && result.stats.significant)
            break;
        if (std::chrono::steady_clock::now() > deadline) {
            result.notes.push_back("stopped after " + std::to_string(round) + " rounds: the timeout was reached");
            break;
        }
    }
    original.stop();
    fixed.stop();

    const GainStatistics &st = result.stats;
    result.clock = clock;
    result.gain.fix = result.fix;
    result.gain.baselineNs = st.baselineNs;
    result.gain.fixedNs = st.fixedNs;
    result.gain.gainNs = st.gainNs;
    result.gain.spreadNs = st.spreadNs;
    result.gain.rounds = int(result.rounds.size());
    result.gain.significant = st.significant;
    std::vector<int64_t> peaksA, peaksB;
    for (const Round &x : result.rounds) {
        if (x.baselinePeakBytes >= 0)
            peaksA.push_back(x.baselinePeakBytes);
        if (x.fixedPeakBytes >= 0)
            peaksB.push_back(x.fixedPeakBytes);
    }
    if (!peaksA.empty() && !peaksB.empty()) {
        result.gain.baselinePeakBytes = *std::max_element(peaksA.begin(), peaksA.end());
        result.gain.fixedPeakBytes = *std::max_element(peaksB.begin(), peaksB.end());
    }
    result.verdict = !st.significant ? "no measurable gain" : st.gainNs > 0 ? "faster" : "slower";
    const nlohmann::json &readyA = original.firstReady(), &readyB = fixed.firstReady();
    result.outputs = compareOutputs(readyA, readyB, r.fixes);
    for (const auto &a : object(readyB, "fixes").value("applied", nlohmann::json::array()))
        result.applied.push_back(a.value("fix", "") + ": " + a.value("detail", ""));
    for (const auto &o : object(readyB, "fixes").value("optimizers", nlohmann::json::array()))
        if (o.is_string())
            result.applied.push_back("fused-optimizer: " + o.get<std::string>());
    result.torch = readyB.value("torch", "");
    if (readyB.contains("device") && readyB["device"].is_string())
        result.device = readyB["device"].get<std::string>();
    result.processes = original.processes() + fixed.processes();
    if (const int cut = original.cutShort() + fixed.cutShort(); cut > 0)
        result.notes.push_back(std::to_string(cut) +
                               " block(s) cut short: the script ends after fewer steps than a "
                               "block has, and each arm's process was started again (" +
                               std::to_string(result.processes) + " processes)");
    // A measurement on another device than the capture's is not the estimate's to compare with.
    if (const nlohmann::json captured = object(run.manifest(), "launcher").value("device_name", nlohmann::json());
        captured.is_string() && captured.get<std::string>() != result.device)
        result.notes.push_back("the run was captured on " + captured.get<std::string>() + ", this verify ran on " +
                               (result.device.empty() ? std::string("the CPU") : result.device) +
                               ": its gain is not the estimate's");
    if (clock == "perf_counter")
        result.notes.push_back("timed with perf_counter (no CUDA in the workload); peak memory is not measured on the "
                               "CPU");
    if (r.profile)
        internal::captureFixedArm(r, result, callbacks, progress);
    result.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    storeResult(run.path(), resultToJson(result));
    progress.report(1.0, ProgressStage::Step, "verify");
    return result;
}

} // namespace opscope::verify
