// `opscope verify` on the CPU (Debian's python3-torch 1.13): the fixes a CPU can take (pad, checkpoint,
// bf16-autocast) run both arms for real, alternated, with their outputs compared, the result stored in
// the run folder and its profile and shown by `opscope insights`; compile, which torch 1.13 lacks, says
// so before the original arm is started; an item whose fix needs a code change is refused with the
// reason; --profile captures the fixed arm and writes the before/after report. The statistics and the
// list of fixes are checked against their definitions.
#include "capture_test_util.h"
#include "test_suite.h"
#include "verify_run_util.h"

#include "opscope/measured_gains.h"
#include "opscope/profile_store.h"
#include "opscope/verify.h"

#include <QTemporaryDir>
#include <QTest>

#include <filesystem>
#include <regex>

namespace tst_verify_suite {

using namespace opscope;
using namespace opscope::test;

class TestVerify : public QObject {
    Q_OBJECT

    std::string python_;

    // A CPU capture of an example (tiny) whose script runs `steps` iterations.
    std::string captureMlp(const QTemporaryDir &dir, const char *name, int steps = 400,
                           const char *example = "examples/mlp.py")
    {
        const std::string out = dir.path().toStdString();
        const CliRun r = runOpscope({"capture", sourceFile(example), "--python", python_, "--out", out, "--name", name,
                                     "--", "--steps", std::to_string(steps)});
        if (r.exitCode != 0)
            qWarning("%s", r.err.c_str());
        return out + "/" + name;
    }

    static int64_t integer(const nlohmann::json &j, const char *key) { return j.at(key).get<int64_t>(); }

private slots:
    void initTestCase()
    {
        python_ = pipeline::findPython();
        if (python_.empty() || !pipeline::pythonHasTorch(python_))
            QSKIP("no python3 here can import torch (install Debian's python3-torch)");
    }

    void statistics()
    {
        // Five rounds: the interval of the median gain is the range (coverage 1 - 2/32).
        std::vector<verify::Round> rounds;
        for (int64_t gain : {7, 5, 9, 6, 8})
            rounds.push_back({100, 100 - gain, 10, 10, -1, -1});
        verify::GainStatistics s = verify::gainStatistics(rounds);
        QCOMPARE(s.gainNs, int64_t(7));
        QCOMPARE(s.baselineNs, int64_t(100));
        QCOMPARE(s.fixedNs, int64_t(93));
        QCOMPARE(s.lowNs, int64_t(5));
        QCOMPARE(s.highNs, int64_t(9));
        QCOMPARE(s.spreadNs, int64_t(2));
        QCOMPARE(s.confidence, 1.0 - 2.0 / 32.0);
        QVERIFY(s.significant);
        // A gain of 1 with rounds on both sides of 0: no measurable gain.
        rounds.clear();
        for (int64_t gain : {-1, 3, 0, 2, 1})
            rounds.push_back({100, 100 - gain, 10, 10, -1, -1});
        s = verify::gainStatistics(rounds);
        QCOMPARE(s.gainNs, int64_t(1));
        QCOMPARE(s.spreadNs, int64_t(2));
        QVERIFY(!s.significant);
        // Eight rounds: the 2nd and 7th order statistics (coverage 1 - 2 * 9/256), one wild round left out.
        rounds.clear();
        for (int64_t gain : {10, 11, 12, 13, 14, 15, 16, 400})
            rounds.push_back({1000, 1000 - gain, 10, 10, -1, -1});
        s = verify::gainStatistics(rounds);
        QCOMPARE(s.lowNs, int64_t(11));
        QCOMPARE(s.highNs, int64_t(16));
        QCOMPARE(s.confidence, 1.0 - 2.0 * 9.0 / 256.0);
        QVERIFY(s.significant);
    }

    void fixesAgreeWithTheLauncher()
    {
        ProcessSpec spec;
        spec.argv = {python_, "-m", "opscope_launcher", "--list-fixes"};
        spec.setEnv = {{"PYTHONPATH", sourceFile("resources/launcher")}};
        spec.mergeStderr = false;
        const ProcessResult r = runProcess(spec);
        QVERIFY2(r.ok(), r.errorOutput.c_str());
        const nlohmann::json listed = nlohmann::json::parse(r.output);
        QCOMPARE(listed.size(), verify::knownFixes().size());
        for (size_t i = 0; i < listed.size(); ++i) {
            QCOMPARE(listed[i]["name"].get<std::string>(), verify::knownFixes()[i].name);
            QCOMPARE(listed[i]["argument"].is_null() ? std::string() : listed[i]["argument"].get<std::string>(),
                     verify::knownFixes()[i].argument);
        }
        QCOMPARE(verify::checkFix("pad=head:16"), std::string());
        QCOMPARE(verify::checkFix("pad=head"), std::string("pad takes MODULE:N (e.g. pad=lm_head:50304), not 'head'"));
        QCOMPARE(verify::checkFix("checkpoint"), std::string("checkpoint needs an argument: checkpoint=GROUP"));
        QCOMPARE(verify::checkFix("tf32=1"), std::string("tf32 takes no argument"));
        QVERIFY(verify::checkFix("padding").starts_with("unknown fix 'padding' (fixes: tf32, bf16-autocast"));
        const CliRun usage = runOpscope({"verify", "/nonexistent", "--fix", "compile=fast"});
        QCOMPARE(usage.exitCode, 2);
        QVERIFY2(usage.err.find("compile takes default, reduce-overhead or max-autotune, not 'fast'") !=
                     std::string::npos,
                 usage.err.c_str());
    }

    void padOnACapturedRun()
    {
        // Both arms of the run's own workload, the original and the head computed 16 wide: the same
        // outputs, timed in alternated blocks, stored with the run and its profile.
        QTemporaryDir dir;
        const std::string run = captureMlp(dir, "mlp");
        QVERIFY(QFileInfo::exists(QString::fromStdString(run + "/mlp.opscope")));
        const CliRun r = runOpscope({"verify", run, "--fix", "pad=head:16", "--rounds", "3", "--steps", "8", "--json"});
        QVERIFY2(r.exitCode == 0, r.err.c_str());
        const nlohmann::json j = nlohmann::json::parse(r.out);
        QCOMPARE(j["fix"].get<std::string>(), std::string("pad=head:16"));
        QCOMPARE(j["rounds"].get<int>(), 3);
        QCOMPARE(j["rounds_detail"].size(), size_t(3));
        for (const auto &round : j["rounds_detail"]) {
            QCOMPARE(round["baseline_steps"].get<int>(), 8);
            QCOMPARE(round["fixed_steps"].get<int>(), 8);
            QVERIFY(integer(round, "baseline_ns") > 0 && integer(round, "fixed_ns") > 0);
        }
        QCOMPARE(j["clock"].get<std::string>(), std::string("perf_counter"));
        QCOMPARE(integer(j, "baseline_peak_bytes"), int64_t(-1)); // not measured on the CPU
        QCOMPARE(j["processes"].get<int>(), 2);                   // each arm one process, taking turns
        QVERIFY(j["outputs"]["compared"].get<bool>());
        QVERIFY2(j["outputs"]["match"].get<bool>(), j["outputs"].dump().c_str());
        QVERIFY(j["outputs"]["difference"].get<double>() < 1e-4);
        QCOMPARE(j["applied"][0].get<std::string>(),
                 std::string("pad=head:16: head: out_features 10 computed as 16 and sliced back"));
        // The gain is the median of the rounds' paired differences; its interval holds it.
        std::vector<int64_t> gains;
        for (const auto &round : j["rounds_detail"])
            gains.push_back(integer(round, "gain_ns"));
        std::sort(gains.begin(), gains.end());
        QCOMPARE(integer(j, "gain_ns"), gains[1]);
        QCOMPARE(j["interval_ns"][0].get<int64_t>(), gains[0]);
        QCOMPARE(j["interval_ns"][1].get<int64_t>(), gains[2]);
        QCOMPARE(j["significant"].get<bool>(), std::llabs(gains[1]) > integer(j, "spread_ns"));

        // Stored: the run's verify.json and its profile's metadata.
        const nlohmann::json stored = readJson(run + "/verify.json");
        QCOMPARE(stored["format"].get<std::string>(), std::string("opscope-verify"));
        QCOMPARE(stored["results"].size(), size_t(1));
        QVERIFY(stored["results"][0]["gain_ns"] == j["gain_ns"]);
        const Profile profile = loadProfile(run + "/mlp.opscope");
        QCOMPARE(storedVerifyResults(profile).size(), size_t(1));
        // Both arms' logs: the fixed one applied the fix, the original did not.
        const std::string logs = j["logs"].get<std::string>();
        QVERIFY(readText(logs + "/B.log").find("--fix pad=head:16") != std::string::npos);
        QVERIFY(readText(logs + "/A.log").find("--fix") == std::string::npos);
        QVERIFY(readText(logs + "/A.log").find("OPSCOPE verify block") != std::string::npos);

        // Shown by `opscope insights RUN`: the measured fixes no item names are listed after the items.
        const CliRun insights = runOpscope({"insights", run});
        QVERIFY2(insights.exitCode == 0, insights.err.c_str());
        QVERIFY2(insights.out.find("pad=head:16: ") != std::string::npos, insights.out.c_str());
        // Imported again from its tool outputs, the profile keeps the results (from verify.json).
        QCOMPARE(runOpscope({"import", run}).exitCode, 0);
        QCOMPARE(storedVerifyResults(loadProfile(run + "/mlp.opscope")).size(), size_t(1));
    }

    void checkpointAndAutocast()
    {
        QTemporaryDir dir;
        const std::string run = captureMlp(dir, "mlp");
        CliRun r = runOpscope({"verify", run, "--fix", "checkpoint=blocks.*", "--rounds", "2", "--steps", "5"});
        QVERIFY2(r.exitCode == 0, r.err.c_str());
        QVERIFY2(r.out.find("applied: checkpoint=blocks.*: 3 modules checkpointed (blocks.0 ... blocks.2)") !=
                     std::string::npos,
                 r.out.c_str());
        QVERIFY(r.out.find("outputs: the same within the tolerance") != std::string::npos);
        QVERIFY(r.out.find("peak memory: not measured (on the CPU)") != std::string::npos);
        QVERIFY(std::regex_search(r.out, std::regex("measured gain -?[0-9.]+ [mu]s \\(-?[0-9.]+ % of the step\\) "
                                                    "\\+/- [0-9.]+ [mu]s \\([0-9]+ % interval")));
        // bf16 autocast on the convnet (torch 1.13's CPU autocast leaves layer_norm's weights in FP32 with
        // BF16 inputs, which its kernel refuses: the MLP's LayerNorms cannot run it).
        const std::string conv = captureMlp(dir, "conv", 200, "examples/convnet.py");
        r = runOpscope({"verify", conv, "--fix", "bf16-autocast", "--rounds", "2", "--steps", "5", "--json"});
        QVERIFY2(r.exitCode == 0, r.err.c_str());
        const nlohmann::json j = nlohmann::json::parse(r.out);
        QVERIFY(!j["outputs"]["compared"].get<bool>());
        QVERIFY(j["outputs"]["note"].get<std::string>().starts_with(
            "not compared: bf16-autocast changes the numerics by design (largest difference "));
        QVERIFY(j["outputs"]["difference"].get<double>() > 0); // bf16 did change them
        QCOMPARE(readJson(run + "/verify.json")["results"].size(), size_t(1));
        QCOMPARE(readJson(conv + "/verify.json")["results"].size(), size_t(1));
    }

    void compileNeedsTorchCompile()
    {
        // torch 1.13 has no torch.compile: the fixed arm, started first, says so before the original
        // arm's warm-up is spent.
        QTemporaryDir dir;
        const std::string run = captureMlp(dir, "mlp", 40);
        const CliRun r = runOpscope({"verify", run, "--fix", "compile=default", "--rounds", "2"});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.find("arm B (fixed): the launcher failed during the warm-up\n"
                            "  --fix: compile=default needs torch.compile (torch >= 2.0); this is torch 1.13") !=
                     std::string::npos,
                 r.err.c_str());
        QVERIFY(r.err.find("full log: " + run + "/verify/") != std::string::npos);
        const auto logs = std::filesystem::directory_iterator(run + "/verify");
        const std::string folder = logs->path().string();
        QVERIFY(QFileInfo::exists(QString::fromStdString(folder + "/B.log")));
        QVERIFY(!QFileInfo::exists(QString::fromStdString(folder + "/A.log"))); // never started
        QVERIFY(!QFileInfo::exists(QString::fromStdString(run + "/verify.json")));
        // A module the model does not have: the fixed arm says which, at the root's first call.
        const CliRun missing = runOpscope({"verify", run, "--fix", "pad=lm_head:64", "--rounds", "1"});
        QCOMPARE(missing.exitCode, 1);
        QVERIFY2(missing.err.find("arm B (fixed): the launcher failed during the warm-up\n"
                                  "  --fix: no module 'lm_head' in the model") != std::string::npos,
                 missing.err.c_str());
    }

    void insightOfARealCapture()
    {
        // The shape-alignment item of a real H100 capture names pad=head:50304; `--insight N` applies it to
        // the same script run on this CPU, and `insights` then shows the measurement beside the estimate.
        QTemporaryDir dir;
        const std::string run = realCaptureRun(dir, python_);
        QVERIFY(!run.empty());
        CliRun r = runOpscope({"insights", run, "--json"});
        QVERIFY2(r.exitCode == 0, r.err.c_str());
        nlohmann::json items = nlohmann::json::parse(r.out)["insights"];
        int pad = 0;
        for (size_t n = 0; n < items.size(); ++n)
            if (items[n]["verify_fix"] == "pad=head:50304")
                pad = int(n + 1);
        QVERIFY2(pad > 0, r.out.c_str());
        r = runOpscope({"insights", run});
        QVERIFY(r.out.find("   measure it: opscope verify " + run + " --insight " + std::to_string(pad) +
                           " (the launcher applies --fix pad=head:50304)") != std::string::npos);

        r = runOpscope({"verify", run, "--insight", std::to_string(pad), "--rounds", "2", "--steps", "3"});
        QVERIFY2(r.exitCode == 0, r.err.c_str());
        QVERIFY2(r.out.find("fix pad=head:50304 (insight " + std::to_string(pad) + ": shape-alignment)") !=
                     std::string::npos,
                 r.out.c_str());
        QVERIFY(r.out.find("applied: pad=head:50304: head: out_features 50257 computed as 50304 and sliced back") !=
                std::string::npos);
        QVERIFY(r.out.find("\nestimated ") != std::string::npos);
        QVERIFY(r.out.find("outputs: the same within the tolerance") != std::string::npos);
        QVERIFY(r.out.find("note: the run was captured on NVIDIA H100 80GB HBM3, this verify ran on the CPU: its gain "
                           "is not the estimate's") != std::string::npos);

        // `insights` now shows it beside the estimate, in text and JSON.
        r = runOpscope({"insights", run, "--json"});
        items = nlohmann::json::parse(r.out)["insights"];
        bool shown = false;
        for (const auto &item : items)
            if (item["verify_fix"] == "pad=head:50304") {
                QVERIFY(item["measured"].is_object());
                QCOMPARE(item["measured"]["rounds"].get<int>(), 2);
                QCOMPARE(item["measured"]["fix"].get<std::string>(), std::string("pad=head:50304"));
                shown = true;
            }
        QVERIFY(shown);
        r = runOpscope({"insights", run});
        QVERIFY2(std::regex_search(r.out, std::regex("estimated gain [0-9.]+ [mu]s \\([0-9.]+ % of the step\\), "
                                                     "[0-9.]+ [mu]s of GPU time, (measured|no measurable gain:) "
                                                     "-?[0-9.]+ [mu]s \\+/- [0-9.]+ [mu]s \\(2 rounds")),
                 r.out.c_str());

        // An item whose fix is a change to the code is refused with the reason: the H100 capture of a loop
        // that reads the loss every step (h100_tiny_b1: launch-bound, host-sync, tensor cores idle), whose
        // host-sync item names no launcher fix.
        const std::string syncing =
            realCaptureRun(dir, python_, "tiny-b1", {"--size", "tiny", "--steps", "40"}, "tests/data/h100_tiny_b1");
        QVERIFY(!syncing.empty());
        r = runOpscope({"insights", syncing, "--json"});
        QVERIFY2(r.exitCode == 0, r.err.c_str());
        items = nlohmann::json::parse(r.out)["insights"];
        int code = 0;
        for (size_t n = 0; n < items.size() && !code; ++n)
            if (items[n]["kind"] == "host-sync" && items[n]["verify_fix"].is_null())
                code = int(n + 1);
        QVERIFY2(code > 0, r.out.c_str());
        r = runOpscope({"verify", syncing, "--insight", std::to_string(code)});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.find("needs a change to the code, which opscope verify does not make") != std::string::npos,
                 r.err.c_str());
        r = runOpscope({"verify", run, "--insight", "999"});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.err.find("there is no item 999") != std::string::npos);
    }

    void profileReport()
    {
        // --profile: the fixed arm captured as the run was, and the before/after report from the diff.
        QTemporaryDir dir;
        const std::string run = captureMlp(dir, "mlp");
        const CliRun r =
            runOpscope({"verify", run, "--fix", "pad=head:16", "--rounds", "1", "--steps", "5", "--profile", "--json"});
        QVERIFY2(r.exitCode == 0, r.err.c_str());
        const nlohmann::json j = nlohmann::json::parse(r.out);
        const std::string report = j["report"].get<std::string>();
        QCOMPARE(report, run + "/verify-pad-head-16.md");
        const std::string text = readText(report);
        QVERIFY(text.starts_with("# Verify: pad=head:16\n"));
        QVERIFY(text.find("# OpScope comparison") != std::string::npos);
        QVERIFY(text.find("## By module") != std::string::npos);
        QVERIFY(text.find("## Kernels that changed most") != std::string::npos);
        const nlohmann::json fixed = readJson(j["fixed_run"].get<std::string>() + "/manifest.json");
        QVERIFY(fixed["capture"]["fixes"] == nlohmann::json::array({"pad=head:16"}));
        QCOMPARE(fixed["result"].get<std::string>(), std::string("ok"));
    }

    void scriptShorterThanABlock()
    {
        // mlp.py's 20 iterations hold the 3 warm-up steps and one short block: each block is cut short by
        // the script's end, and each arm's process is started again for the next round.
        QTemporaryDir dir;
        const std::string run = captureMlp(dir, "mlp", 20);
        const CliRun r =
            runOpscope({"verify", run, "--fix", "pad=head:16", "--rounds", "2", "--steps", "40", "--json"});
        QVERIFY2(r.exitCode == 0, r.err.c_str());
        const nlohmann::json j = nlohmann::json::parse(r.out);
        QCOMPARE(j["processes"].get<int>(), 4);
        QCOMPARE(j["rounds_detail"][0]["baseline_steps"].get<int>(), 16); // 20 - 3 warm-up - 1 settling
        QVERIFY(j["notes"][0].get<std::string>().starts_with("4 block(s) cut short: the script ends after fewer "
                                                             "steps than a block has"));
    }
};

} // namespace tst_verify_suite

OPSCOPE_TEST_SUITE(tst_verify, tst_verify_suite::TestVerify, Core)
#include "tst_verify.moc"
