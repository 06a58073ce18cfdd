// Generation requests on the CPU (Debian's python3-torch 1.13, no transformers there): a small decoder with
// its own KV cache and decode loop (tests/integration/generate_decoder.py), captured with the generation step
// kind. Its requests are the steps; the prefill and every decode iteration are phases of the captured one; the
// time to first token and per output token of the plain requests agree with the loop's own timing of the same
// requests; every operator of the captured request is in a phase; the KV cache's growth per token is the
// model's (2 x layers x batch x width x 4 bytes); compare and sweeps read the same figures.
#include "capture_test_util.h"
#include "opscope/diff.h"
#include "opscope/generation.h"
#include "opscope/importer.h"
#include "opscope/insights.h"
#include "opscope/step_timing.h"
#include "opscope/sweep.h"
#include "opscope/sweep_report.h"
#include "test_suite.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

namespace tst_generation_suite {

using namespace opscope;
using namespace opscope::test;

namespace {

// The decoder's shape (generate_decoder.py's defaults): 4 layers of width 256, batch 2, a 48-token prompt,
// 12 new tokens. Its cache holds K and V of every layer: 2 x 4 x 2 x 256 float32 per token.
constexpr int kLayers = 4, kWidth = 256, kBatch = 2, kPrompt = 48, kNewTokens = 12;
constexpr int64_t kKvBytesPerToken = 2LL * kLayers * kBatch * kWidth * 4;

int64_t median(std::vector<int64_t> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

// The script's own times of the requests the launcher ran plainly (after the 2 warm-up requests).
struct OwnTiming {
    std::vector<std::vector<int64_t>> plain;
};

OwnTiming ownTiming(const std::string &path, int warmup, int reference)
{
    OwnTiming t;
    const nlohmann::json j = readJson(path);
    for (int r = warmup; r < warmup + reference; ++r)
        t.plain.push_back(j["requests"][size_t(r)].get<std::vector<int64_t>>());
    return t;
}

} // namespace

class TestGeneration : public QObject {
    Q_OBJECT

    std::string python_;
    QTemporaryDir dir_;
    std::string run_;    // the function loop's run folder
    std::string timing_; // its script's own timing
    Profile profile_;

    CliRun capture(const std::string &name, const std::vector<std::string> &options,
                   const std::vector<std::string> &scriptArgs)
    {
        std::vector<std::string> args = {"capture",  sourceFile("tests/integration/generate_decoder.py"),
                                         "--python", python_,
                                         "--tool",   "cpu",
                                         "--out",    dir_.path().toStdString(),
                                         "--name",   name};
        args.insert(args.end(), options.begin(), options.end());
        args.push_back("--");
        args.insert(args.end(), scriptArgs.begin(), scriptArgs.end());
        return runOpscope(args);
    }

    static bool hasInsight(const std::string &profilePath, const std::string &kind)
    {
        const std::vector<Insight> items = findInsights(importFile(profilePath)).insights;
        return std::any_of(items.begin(), items.end(), [&](const Insight &i) { return i.kind == kind; });
    }

private slots:
    void initTestCase()
    {
        python_ = pipeline::findPython();
        if (python_.empty() || !pipeline::pythonHasTorch(python_))
            QSKIP("no python3 here can import torch (install Debian's python3-torch)");
        // 7 requests: 2 warm-up, 3 plain, 1 captured; the launcher ends the script in the 7th. No plain requests
        // after the capture (--reference-seconds 0): the loop's own timing never sees the request the launcher
        // ends, so the plain requests compared with it are the 3 before the capture.
        timing_ = tempPath(dir_, "own_timing.json");
        const CliRun r = capture("function", {"--step", "generate:generate", "--reference-seconds", "0"},
                                 {"--timing", timing_, "--requests", "7"});
        QVERIFY2(r.exitCode == 0, (r.err + r.out).c_str());
        run_ = dir_.path().toStdString() + "/function";
        profile_ = importFile(run_ + "/function.opscope");
    }

    void requestsAreTheSteps()
    {
        const nlohmann::json status = readJson(run_ + "/launcher_status.json");
        QCOMPARE(status["step_source"].get<std::string>(), std::string("generate"));
        QCOMPARE(status["steps_seen"].get<int>(), 6);
        QCOMPARE(status["steps_captured"].get<int>(), 1);
        const nlohmann::json &g = status["generation"];
        QCOMPARE(g["clock"].get<std::string>(), std::string("perf_counter")); // no CUDA here
        QVERIFY(g["boundaries"] == nlohmann::json::array({"module"}));        // the model's calls
        std::map<std::string, int> kinds;
        for (const auto &r : g["requests"]) {
            ++kinds[r["kind"].get<std::string>()];
            QCOMPARE(r["batch"].get<int>(), kBatch);
            QCOMPARE(r["prompt_tokens"].get<int>(), kPrompt);
            QCOMPARE(r["iterations_ns"].size(), size_t(kNewTokens));
        }
        QCOMPARE(kinds["reference"], 3);
        QCOMPARE(kinds["capture"], 1);
        // Each plain request is one step: the step time is the whole request.
        int64_t sum = 0;
        for (int64_t t : g["requests"][0]["iterations_ns"].get<std::vector<int64_t>>())
            sum += t;
        const int64_t step = status["reference"]["steps_ns"][0].get<int64_t>();
        QVERIFY2(double(sum) > 0.98 * double(step) && double(sum) <= 1.0 * double(step) + 1e5,
                 (std::to_string(sum) + " vs " + std::to_string(step)).c_str());
    }

    void plainFiguresAgreeWithTheLoopsOwnTiming()
    {
        // The launcher's boundaries and the loop's own perf_counter marks are taken at nearly the same
        // instants of the same requests: time to first token and per output token agree within 5 %.
        const GenerationReport g = analyzeGeneration(profile_);
        QVERIFY(g.plain);
        // The plain figures are the requests at the steady pace: those the step timing found still warming up
        // are left out, of the loop's own timing too.
        QCOMPARE(g.plain->requests + g.plainWarmingUp, 3);
        QCOMPARE(g.plain->batch, kBatch);
        QCOMPARE(g.plain->tokens, kNewTokens);
        const OwnTiming own = ownTiming(timing_, 2 + g.plainWarmingUp, g.plain->requests);
        std::vector<int64_t> ttft, tpot, request;
        for (const auto &r : own.plain) {
            QCOMPARE(r.size(), size_t(kNewTokens));
            ttft.push_back(r.front());
            tpot.insert(tpot.end(), r.begin() + 1, r.end());
            int64_t sum = 0;
            for (int64_t t : r)
                sum += t;
            request.push_back(sum);
        }
        const auto within = [](int64_t a, int64_t b, double tolerance) {
            return std::abs(double(a) / double(b) - 1.0) <= tolerance;
        };
        QVERIFY2(within(g.plain->ttftNs, median(ttft), 0.05),
                 (std::to_string(g.plain->ttftNs) + " vs " + std::to_string(median(ttft))).c_str());
        QVERIFY2(within(g.plain->tpotMedianNs, median(tpot), 0.05),
                 (std::to_string(g.plain->tpotMedianNs) + " vs " + std::to_string(median(tpot))).c_str());
        QVERIFY(g.plain->tpotP90Ns >= g.plain->tpotMedianNs);
        const double ownRate = double(kBatch * kNewTokens) / (double(median(request)) * 1e-9);
        QVERIFY2(std::abs(g.plain->tokensPerSecond / ownRate - 1.0) <= 0.05,
                 (std::to_string(g.plain->tokensPerSecond) + " vs " + std::to_string(ownRate)).c_str());
        // The prefill runs the 48-token prompt, a decode iteration one token: the prefill is the longer.
        QVERIFY(g.plain->ttftNs > 2 * g.plain->tpotMedianNs);
    }

    void phasesOfTheCapturedRequest()
    {
        const GenerationReport g = analyzeGeneration(profile_);
        QCOMPARE(g.phases.size(), size_t(kNewTokens));
        QCOMPARE(g.phases.front().name(), std::string("prefill"));
        QCOMPARE(g.phases.back().name(), "decode#" + std::to_string(kNewTokens - 1));
        QCOMPARE(g.decodeIterations, kNewTokens - 1);
        QVERIFY(!g.gpu);
        // The phases tile the captured request and agree with the launcher's own timing of it (the trace's
        // clock against perf_counter, a few microseconds apart at each boundary).
        QVERIFY(g.captured);
        const std::vector<int64_t> &captured = g.timing->captured.front().iterationsNs;
        for (size_t i = 0; i < g.phases.size(); ++i) {
            const RequestPhase &ph = g.phases[i];
            if (i > 0)
                QVERIFY(ph.start_ns >= g.phases[i - 1].end_ns);
            const double ratio = double(ph.duration()) / double(captured[i]);
            QVERIFY2(ratio > 0.9 && ratio < 1.1, (ph.name() + ": " + std::to_string(ratio)).c_str());
        }
        // Every operator of the captured request is in a phase.
        const std::optional<StepRange> step = labelledStep(profile_);
        QVERIFY(step);
        size_t inStep = 0, inPhases = 0;
        for (const Operator &op : profile_.operators)
            if (op.start_ns >= step->start_ns && op.start_ns <= step->end_ns)
                ++inStep;
        for (const RequestPhase &ph : g.phases) {
            QVERIFY2(ph.operators > 0, ph.name().c_str());
            inPhases += ph.operators;
        }
        QVERIFY(inStep > 0);
        QCOMPARE(inPhases, inStep);
        // Per module: each block runs in the prefill and in every decode iteration; the prefill's 48 tokens
        // take longer than one decoded token.
        for (int layer = 0; layer < kLayers; ++layer) {
            const std::string path = "blocks." + std::to_string(layer);
            const auto m = std::find_if(g.modules.begin(), g.modules.end(),
                                        [&](const ModulePhaseTime &t) { return t.path == path; });
            QVERIFY2(m != g.modules.end(), path.c_str());
            QVERIFY(m->perTokenNs > 0);
            QVERIFY(m->prefillNs > m->perTokenNs);
            QCOMPARE(m->className, std::string("Block"));
        }
        // The decode iterations as a group.
        QVERIFY(g.decodeMinNs > 0 && g.decodeMinNs <= g.decodeMedianNs && g.decodeMedianNs <= g.decodeMaxNs);
        for (const IterationOutlier &o : g.outliers)
            QVERIFY(double(o.ns) > kOutlierFactor * double(g.decodeMedianNs) && !o.why.empty());
    }

    void kvCacheGrowth()
    {
        // The cache grows by concatenation: one token's K and V per layer each iteration, and each iteration
        // allocates the whole cache anew.
        const GenerationReport g = analyzeGeneration(profile_);
        QVERIFY(g.memory.known);
        QCOMPARE(g.memory.kvGrowthPerTokenBytes, kKvBytesPerToken);
        // At the last iteration's start the cache holds the prompt and the tokens before it.
        QCOMPARE(g.memory.kvCacheBytes, kKvBytesPerToken * (kPrompt + kNewTokens - 2));
        QVERIFY(g.memory.kvAllocatedPerTokenBytes >= kKvBytesPerToken * kPrompt);
        QVERIFY(g.memory.requestStateBytes >= g.memory.kvCacheBytes);
        const InsightReport insights = findInsights(profile_);
        const auto kv = std::find_if(insights.insights.begin(), insights.insights.end(),
                                     [](const Insight &i) { return i.kind == "kv-cache-reallocated"; });
        QVERIFY(kv != insights.insights.end());
        QCOMPARE(kv->verifyFix, std::string("static-cache"));
        QCOMPARE(kv->figures["kv_growth_per_token_bytes"].get<int64_t>(), kKvBytesPerToken);
        // The blocks are the attention modules' (torch.cat in Attention.forward), not their projections'.
        QCOMPARE(kv->modules,
                 std::vector<std::string>({"blocks.0.attn", "blocks.1.attn", "blocks.2.attn", "blocks.3.attn"}));
    }

    void summaryShowsTheFigures()
    {
        const CliRun text = runOpscope({"summary", run_ + "/function.opscope"});
        QVERIFY2(text.exitCode == 0, text.err.c_str());
        QVERIFY2(text.out.find("time to first token") != std::string::npos, text.out.c_str());
        QVERIFY(text.out.find("Decode iterations: 11") != std::string::npos);
        const CliRun json = runOpscope({"summary", run_ + "/function.opscope", "--json"});
        QVERIFY2(json.exitCode == 0, json.err.c_str());
        const nlohmann::json s = nlohmann::json::parse(json.out);
        QCOMPARE(s["generation"]["plain"]["new_tokens"].get<int>(), kNewTokens);
        QCOMPARE(s["generation"]["phases"].size(), size_t(kNewTokens));
        QCOMPARE(s["generation"]["phases"][1]["phase"].get<std::string>(), std::string("decode#1"));
    }

    void markedLoop()
    {
        // The loop marks its requests (opscope_launcher.request()) and iterations (mark_token()); --step auto
        // takes the markers, the first request() makes requests the steps.
        const std::string own = tempPath(dir_, "marked_timing.json");
        const CliRun r =
            capture("marked", {"--reference-seconds", "0"}, {"--loop", "marked", "--timing", own, "--requests", "7"});
        QVERIFY2(r.exitCode == 0, (r.err + r.out).c_str());
        const nlohmann::json status = readJson(dir_.path().toStdString() + "/marked/launcher_status.json");
        QCOMPARE(status["step_source"].get<std::string>(), std::string("generate"));
        QVERIFY(status["generation"]["boundaries"] == nlohmann::json::array({"marker"}));
        const Profile p = importFile(dir_.path().toStdString() + "/marked/marked.opscope");
        const GenerationReport g = analyzeGeneration(p);
        QCOMPARE(g.phases.size(), size_t(kNewTokens));
        QVERIFY(g.plain);
        const OwnTiming t = ownTiming(own, 2 + g.plainWarmingUp, g.plain->requests);
        std::vector<int64_t> ttft;
        for (const auto &request : t.plain)
            ttft.push_back(request.front());
        QVERIFY2(std::abs(double(g.plain->ttftNs) / double(median(ttft)) - 1.0) <= 0.05,
                 (std::to_string(g.plain->ttftNs) + " vs " + std::to_string(median(ttft))).c_str());
    }

    void libraryGenerate()
    {
        // A model library's generate() under --step auto: the launcher's import hook wraps GenerationMixin.generate
        // when the script imports transformers.generation.utils, and the per-token prepare_inputs_for_generation
        // marks the iterations. Debian has no transformers: a stand-in package laid out as it is
        // (tests/integration/standin_transformers); the real library is checked on the GPU machine.
        // --reference-seconds 60: the plain requests after the captured one go on while they took less than that in
        // all, which these always do (at the default 1 s, a loaded machine's 0.45 s requests stopped at 6 calls).
        const CliRun r = capture("library", {"--reference-seconds", "60"},
                                 {"--loop", "library", "--library",
                                  sourceFile("tests/integration/standin_transformers"), "--requests", "7"});
        QVERIFY2(r.exitCode == 0, (r.err + r.out).c_str());
        const std::string run = dir_.path().toStdString() + "/library";
        QVERIFY(readText(run + "/launcher.log")
                    .find("OPSCOPE generate transformers.generation.utils.GenerationMixin."
                          "generate") != std::string::npos);
        const nlohmann::json status = readJson(run + "/launcher_status.json");
        QCOMPARE(status["step_source"].get<std::string>(), std::string("generate"));
        QVERIFY(status["generation"]["boundaries"] == nlohmann::json::array({"library"}));
        // The 7th call: a plain request after the captured one (requests this short took less than
        // --reference-seconds in all), which the launcher then ends.
        QCOMPARE(status["generation"]["library_calls"].get<int>(), 7);
        int plainRequests = 0;
        for (const auto &request : status["generation"]["requests"])
            plainRequests += request["kind"] == "reference";
        QCOMPARE(plainRequests, 4);
        const GenerationReport g = analyzeGeneration(importFile(run + "/library.opscope"));
        QCOMPARE(g.phases.size(), size_t(kNewTokens));
        QVERIFY(g.plain && g.plain->batch == kBatch && g.plain->tokens == kNewTokens);
        QVERIFY(hasInsight(run + "/library.opscope", "kv-cache-reallocated"));
    }

    void staticCacheFix()
    {
        // The kv-cache-reallocated item's verify fix, applied by the launcher (--fix static-cache, as opscope verify's
        // fixed arm applies it): each library generate() gets cache_implementation="static", the stand-in library
        // then hands the model a cache allocated once and written in place, and the item is gone.
        const CliRun r = capture("library-static", {"--fix", "static-cache"},
                                 {"--loop", "library", "--library",
                                  sourceFile("tests/integration/standin_transformers"), "--requests", "7"});
        QVERIFY2(r.exitCode == 0, (r.err + r.out).c_str());
        const std::string run = dir_.path().toStdString() + "/library-static";
        const nlohmann::json applied = readJson(run + "/launcher_status.json")["fixes"]["applied"];
        QCOMPARE(applied.size(), size_t(1));
        QCOMPARE(applied[0]["fix"].get<std::string>(), std::string("static-cache"));
        const Profile profile = importFile(run + "/library-static.opscope");
        const GenerationReport g = analyzeGeneration(profile);
        QCOMPARE(g.phases.size(), size_t(kNewTokens));
        QVERIFY(!hasInsight(run + "/library-static.opscope", "kv-cache-reallocated"));
    }

    void replayOneDecodeIteration()
    {
        // `opscope replay --phase decode#5` gives ncu the iteration's start/end range (no '/': it is not a push/pop
        // range) instead of CAPTURE, and no layer exclusion (a phase holds a part of every layer's calls). The
        // dry run needs an ncu to find: a script that prints ncu's version line.
        const std::string tools = dir_.path().toStdString() + "/tools";
        QDir().mkpath(QString::fromStdString(tools));
        std::ofstream(tools + "/ncu") << "#!/bin/sh\necho 'Version 2025.3.1.0 (build 1)'\n";
        QFile::setPermissions(QString::fromStdString(tools + "/ncu"), QFile::ReadOwner | QFile::ExeOwner);
        const CliRun r =
            runOpscope({"replay", run_, "--phase", "decode#5", "--dry-run"}, {{"OPSCOPE_TOOL_PATH", tools}});
        QVERIFY2(r.exitCode == 0, (r.err + r.out).c_str());
        QVERIFY2(r.out.find("--nvtx-include 'OPSCOPE_DECODE#5' --export") != std::string::npos, r.out.c_str());
        QVERIFY(r.out.find("CAPTURE") == std::string::npos);
        QVERIFY(r.out.find("--nvtx-exclude") == std::string::npos);
        QVERIFY(r.out.find("--step generate:generate") != std::string::npos);
        const CliRun bad =
            runOpscope({"replay", run_, "--phase", "decode#0", "--dry-run"}, {{"OPSCOPE_TOOL_PATH", tools}});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.find("--phase must be prefill or decode#N") != std::string::npos, bad.err.c_str());
    }

    void noRequestIsAClearError()
    {
        const CliRun r = runOpscope({"capture", sourceFile("examples/mlp.py"), "--python", python_, "--tool", "cpu",
                                     "--out", dir_.path().toStdString(), "--name", "none", "--step", "generate"});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.find("no generation request was seen") != std::string::npos, r.err.c_str());
        const CliRun bad = runOpscope({"capture", sourceFile("examples/mlp.py"), "--step", "generate:"});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.find("generate:NAME") != std::string::npos, bad.err.c_str());
    }

    void compareTwoSetUps()
    {
        // A batch of 1 against the batch of 2 above: compare reads both phase by phase.
        const CliRun r = capture("batch1", {"--step", "generate:generate"}, {"--batch", "1", "--requests", "7"});
        QVERIFY2(r.exitCode == 0, (r.err + r.out).c_str());
        const Profile before = importFile(dir_.path().toStdString() + "/batch1/batch1.opscope");
        const GenerationDiff d = diffGeneration(before, profile_);
        QVERIFY(d.present);
        const auto figure = [&](const char *name) {
            const auto it = std::find_if(d.figures.begin(), d.figures.end(),
                                         [&](const GenerationDiffRow &row) { return row.name == name; });
            return it == d.figures.end() ? nullptr : &*it;
        };
        for (const char *name : {"ttft", "tpot_median", "tpot_p90", "tokens_per_s", "kv_cache"}) {
            const GenerationDiffRow *row = figure(name);
            QVERIFY2(row && row->inBefore && row->inAfter && row->before > 0 && row->after > 0, name);
        }
        // Twice the sequences: twice the cache.
        QCOMPARE(int64_t(figure("kv_cache")->after), 2 * int64_t(figure("kv_cache")->before));
        const auto block = std::find_if(d.perToken.begin(), d.perToken.end(),
                                        [](const GenerationDiffRow &row) { return row.name == "blocks.0"; });
        QVERIFY(block != d.perToken.end() && block->inBefore && block->inAfter);
        const CliRun json = runOpscope(
            {"diff", dir_.path().toStdString() + "/batch1/batch1.opscope", run_ + "/function.opscope", "--json"});
        QVERIFY2(json.exitCode == 0, json.err.c_str());
        const nlohmann::json j = nlohmann::json::parse(json.out);
        QVERIFY(j["generation"]["figures"].size() >= 5);
        const CliRun text =
            runOpscope({"diff", dir_.path().toStdString() + "/batch1/batch1.opscope", run_ + "/function.opscope"});
        QVERIFY2(text.out.find("time to first token") != std::string::npos, text.out.c_str());
    }

    void sweepOverTheBatch()
    {
        // opscope sweep --param batch=1,4: tokens per second and time per output token against the batch.
        const std::string out = dir_.path().toStdString();
        const CliRun r = runOpscope({"sweep", sourceFile("tests/integration/generate_decoder.py"), "--python", python_,
                                     "--tool", "cpu", "--step", "generate:generate", "--out", out, "--name", "batch",
                                     "--param", "batch=1,4", "--", "--prompt", "8", "--requests", "7"});
        QVERIFY2(r.exitCode == 0, (r.err + r.out).c_str());
        const sweep::Sweep s = sweep::loadSweep(out + "/batch");
        for (const char *metric : {"tokens-per-s", "tpot", "ttft"}) {
            sweep::SweepReportOptions options;
            options.metric = metric;
            const sweep::SweepReport report = sweep::sweepReport(s, options);
            const auto plain = std::find_if(report.series.begin(), report.series.end(),
                                            [](const sweep::SweepSeries &series) { return series.key == "plain"; });
            QVERIFY2(plain != report.series.end(), metric);
            QCOMPARE(plain->values.size(), size_t(2));
            QVERIFY2(plain->values[0] && plain->values[1] && *plain->values[0] > 0 && *plain->values[1] > 0, metric);
            // A step of four sequences costs more than a step of one and less than four of them: 2.5-3.5x on a
            // quiet machine. The two points are separate runs, so a compiler beside one of them moves the
            // ratio (6.4x seen once, under a sanitizer build); the bounds keep a wide margin on both sides,
            // and the lower one still finds two points swapped.
            if (std::string(metric) == "tpot")
                QVERIFY2(
                    *plain->values[1] > *plain->values[0] && *plain->values[1] < 8 * *plain->values[0],
                    qPrintable(
                        QString("TPOT at batch 4: %1, at batch 1: %2").arg(*plain->values[1]).arg(*plain->values[0])));
        }
        const CliRun text = runOpscope({"sweep-report", out + "/batch", "--metric", "tokens-per-s"});
        QVERIFY2(text.exitCode == 0 && text.out.find("plain") != std::string::npos, (text.err + text.out).c_str());
    }
};

} // namespace tst_generation_suite

OPSCOPE_TEST_SUITE(tst_generation, tst_generation_suite::TestGeneration, Core)
#include "tst_generation.moc"
