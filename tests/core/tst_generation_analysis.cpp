// The analysis of generation requests on a hand-built GPU request (tests/support/generation_request.h), where every
// figure is known: an eager decode launching 20 short kernels per token from a host that takes 400 us per token,
// attention as separate bmm and softmax kernels, a host synchronisation per token. The phases take the kernels
// launched inside their ranges; the busy shares, the modules' time per token and the inference insights follow
// from them and from the plain requests' timing; a decode that keeps the GPU busy, or a fused attention
// kernel, keeps the matching insight quiet. (The CPU capture of a real decoder is tst_generation.)
#include "generation_request.h"
#include "insight_lookup.h"
#include "opscope/generation.h"
#include "opscope/insights.h"
#include "opscope/profile_store.h"
#include "opscope/verify.h"
#include "test_suite.h"
#include "test_util.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <set>

namespace tst_generation_analysis_suite {

using namespace opscope;

using test::kDecodes;
using test::kPrefillNs;
using test::kTokenNs;
using test::us;

using test::findKind;

class TestGenerationAnalysis : public QObject {
    Q_OBJECT

private slots:
    void phasesTakeTheKernelsLaunchedInThem()
    {
        const Profile p = test::generationRequest();
        const GenerationReport g = analyzeGeneration(p);
        QCOMPARE(g.phases.size(), size_t(kDecodes + 1));
        QVERIFY(g.gpu);
        QCOMPARE(g.phases.front().kernels.size(), size_t(40));
        for (size_t i = 1; i < g.phases.size(); ++i)
            QCOMPARE(g.phases[i].kernels.size(), size_t(20));
        QVERIFY(g.plain);
        QCOMPARE(g.plain->ttftNs, kPrefillNs);
        QCOMPARE(g.plain->tpotMedianNs, kTokenNs);
        QCOMPARE(g.plain->tpotP90Ns, kTokenNs);
        // 4 sequences x 11 tokens in 6 ms; 4 sequences every 400 us while decoding.
        QCOMPARE(g.plain->tokensPerSecond, 4.0 * 11 / 6e-3);
        QCOMPARE(g.plain->decodeTokensPerSecond, 4 / 400e-6);
        // Busy: 20 x 5 us of the plain 400 us per token; the prefill's 40 x 40 us of 2 ms.
        QCOMPARE(g.decodeKernelsPerToken, size_t(20));
        QCOMPARE(g.decodeKernelNsPerToken, 100 * us);
        QCOMPARE(g.decodeBusyShare, 0.25);
        QCOMPARE(g.prefillBusyShare, 0.8);
        // Per module, per decoded token: the attention's two kernels; the root holds all twenty.
        const auto byPath = [&](const std::string &path) {
            return std::find_if(g.modules.begin(), g.modules.end(),
                                [&](const ModulePhaseTime &m) { return m.path == path; });
        };
        QCOMPARE(byPath("blocks.0.attn")->perTokenNs, 10 * us);
        QCOMPARE(byPath("blocks.0.attn")->prefillNs, int64_t(0));
        QCOMPARE(byPath("")->perTokenNs, 100 * us);
        QCOMPARE(byPath("")->prefillNs, 1600 * us);
        QCOMPARE(g.decodeIterations, kDecodes);
        QVERIFY(g.outliers.empty());
    }

    // A real request: transformers' Llama (4 layers, from its config) generating 32 tokens for a batch of 4 on
    // the H200, eager, its dynamic cache (tests/data/h200_llama_generate). The launches that bound it are its
    // decode's: one item, the decode's, whose fix (a static cache with the CUDA graph) applies there; the
    // step-wide launch-bound item named a graph over the growing cache, which failed its verify on the H200.
    void aRealRequestsLaunchesAreOneItem()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("llama_eager.opscope").toStdString();
        QVERIFY(test::gunzipFile(test::sourceFile("tests/data/h200_llama_generate/llama_eager.opscope.gz"), path));
        const Profile p = loadProfile(path);
        const GenerationReport g = analyzeGeneration(p);
        QCOMPARE(g.phases.size(), size_t(32));
        QCOMPARE(g.decodeKernelsPerToken, size_t(228));
        const std::vector<Insight> insights = findInsights(p).insights;
        QVERIFY(findKind(insights, "decode-launch-bound"));
        QVERIFY(!findKind(insights, "launch-bound"));
    }

    void insightsOfAnEagerDecode()
    {
        const std::vector<Insight> insights = findInsights(test::generationRequest()).insights;
        const Insight *launch = findKind(insights, "decode-launch-bound");
        QVERIFY(launch);
        // The static cache alone: generate() compiles the forward with CUDA graphs itself; compiling it by hand as
        // well stops transformers 5 in its warm-up (measured on the H200, docs/gpu-validation.md).
        QCOMPARE(launch->verifyFix, std::string("static-cache"));
        QVERIFY(launch->fix.find("do not also wrap model.forward") != std::string::npos);
        const std::vector<std::string> fixes = verify::fixesOf(launch->verifyFix);
        QCOMPARE(fixes, (std::vector<std::string>{"static-cache"}));
        for (const std::string &fix : fixes)
            QCOMPARE(verify::checkFix(fix), std::string());
        // Each of the 10 decode iterations down to what a graph of the forward leaves on the host, longer than
        // its 100 us of kernels: the 80 us outside the forward (it spans 320 of the iteration's 400 us: 20 %
        // of the plain TPOT) and the forward's replay (279 us; the profile has no parameters to guard).
        QCOMPARE(launch->figures["host_share_outside_forward"].get<double>(), 0.2);
        QCOMPARE(launch->figures["graph_replay_host_ns"].get<int64_t>(), 279 * us);
        QCOMPARE(launch->estimatedGainNs, kDecodes * (kTokenNs - (80 * us + 279 * us)));
        QCOMPARE(launch->figures["decode_gpu_busy_share"].get<double>(), 0.25);
        const Insight *attention = findKind(insights, "attention-unfused");
        QVERIFY(attention);
        QCOMPARE(attention->modules, std::vector<std::string>{"blocks.0.attn"});
        QCOMPARE(attention->figures["kernels"].get<size_t>(), size_t(2 * kDecodes));
        const Insight *sync = findKind(insights, "host-sync-per-token");
        QVERIFY(sync);
        QCOMPARE(sync->figures["syncs"].get<size_t>(), size_t(kDecodes));
    }

    void aDecodeAlreadyOnCudaGraphsIsNotSentToTheStaticCache()
    {
        // The same request with every decode kernel replayed from a CUDA graph (its launch a cudaGraphLaunch), as
        // a static cache makes generate() run it: on the H200 such a decode still took 3.2 ms a token with the GPU
        // busy 8.6 % (docs/gpu-validation.md). The host sets the pace, but the static cache is already there:
        // the item says so, names what is left and offers no verify fix.
        Profile p = test::generationRequest();
        const StringId replay = p.intern("cudaGraphLaunch");
        std::set<uint32_t> decode;
        for (const Kernel &k : p.kernels)
            if (k.start_ns >= kPrefillNs)
                decode.insert(k.correlation_id);
        for (ApiCall &call : p.api_calls)
            if (decode.contains(call.correlation_id))
                call.name = replay;
        const std::vector<Insight> insights = findInsights(p).insights;
        const Insight *launch = findKind(insights, "decode-launch-bound");
        QVERIFY(launch);
        QVERIFY2(launch->title.starts_with("The decode replays CUDA graphs but the host still sets its pace"),
                 launch->title.c_str());
        QVERIFY(launch->verifyFix.empty());
        QCOMPARE(launch->estimatedGainNs, int64_t(0));
        QCOMPARE(launch->figures["graph_replayed_share"].get<double>(), 1.0);
        QVERIFY(launch->fix.find("static cache is already in use") != std::string::npos);
    }

    void aCompiledDecodeWithoutGraphsIsNotSentToTheStaticCache()
    {
        // The same request with the decode's kernels Inductor's (triton_*) and launched one by one, as transformers'
        // GPT-2 with a static cache ran on the H200 (generate() compiled the forward; 103 kernels a token, none
        // replayed from a graph: docs/gpu-validation.md). The static cache is there: the item names the missing
        // graphs, and its gain is the launches a graph would replace: 20 a token, each at the launch call's own time
        // (3 us in this request; no calibration), 60 us of each token's 300 us of host time over its kernels.
        Profile p = test::generationRequest();
        const StringId generated = p.intern("triton_poi_fused_add_0");
        for (Kernel &k : p.kernels)
            if (k.start_ns >= kPrefillNs)
                k.name = generated;
        const std::vector<Insight> insights = findInsights(p).insights;
        const Insight *launch = findKind(insights, "decode-launch-bound");
        QVERIFY(launch);
        QVERIFY2(launch->title.starts_with("The decode is compiled but its kernels are launched one by one"),
                 launch->title.c_str());
        QVERIFY(launch->verifyFix.empty());
        QVERIFY(launch->fix.find("skipping cudagraphs") != std::string::npos);
        QVERIFY(launch->fix.find("A static cache is already in use") != std::string::npos);
        QCOMPARE(launch->figures["inductor_kernel_share"].get<double>(), 1.0);
        QCOMPARE(launch->figures["launch_host_ns"].get<int64_t>(), 3 * us);
        QCOMPARE(launch->estimatedGainNs, kDecodes * 20 * 3 * us);
    }

    void insightsStayQuietWhereTheDecodeIsHealthy()
    {
        // The GPU busy 80 % of each token (20 kernels of 16 us), a flash attention kernel, no sync per token.
        test::GenerationShape healthy;
        healthy.decodeKernelNs = 16 * us;
        healthy.launchEveryNs = 17 * us;
        healthy.attentionKernel = "flash_fwd_kernel";
        healthy.syncPerToken = false;
        const Profile p = test::generationRequest(healthy);
        QCOMPARE(analyzeGeneration(p).decodeBusyShare, 0.8);
        const std::vector<Insight> insights = findInsights(p).insights;
        for (const char *kind : {"decode-launch-bound", "attention-unfused", "host-sync-per-token"})
            QVERIFY2(findKind(insights, kind) == nullptr, kind);
    }

    void phaseNames()
    {
        QCOMPARE(phaseRangeName("prefill").value_or(""), std::string("OPSCOPE_PREFILL"));
        QCOMPARE(phaseRangeName("decode#12").value_or(""), std::string("OPSCOPE_DECODE#12"));
        for (const char *bad : {"decode#0", "decode#", "decode#1x", "Prefill", ""})
            QVERIFY2(!phaseRangeName(bad), bad);
    }

    void timingRoundTripsThroughTheMetadata()
    {
        const Profile p = test::generationRequest();
        const std::optional<GenerationTiming> t = generationTiming(p);
        QVERIFY(t);
        QCOMPARE(t->reference.size(), size_t(3));
        QCOMPARE(t->captured.front().iterationsNs.size(), size_t(kDecodes + 1));
        QCOMPARE(t->reference.front().batch, 4);
        // The launcher's status as it writes it: reference and captured requests, the plain ones from another
        // process under nsys (the correlation pass).
        const nlohmann::json status = {
            {"clock", "cuda_event"},
            {"boundaries", {"library"}},
            {"requests",
             {{{"kind", "warmup"}, {"iterations_ns", {1, 2}}},
              {{"kind", "reference"}, {"batch", 2}, {"prompt_tokens", 8}, {"iterations_ns", {10, 3, 3}}},
              {{"kind", "capture"}, {"batch", 2}, {"prompt_tokens", 8}, {"iterations_ns", {20, 6, 6}}}}}};
        const nlohmann::json plain = {{"clock", "cuda_event"},
                                      {"requests", {{{"kind", "reference"}, {"batch", 2}, {"iterations_ns", {9, 2}}}}}};
        const auto own = generationTimingFromStatus(status);
        QVERIFY(own && own->reference.size() == 1 && own->captured.size() == 1 && own->tracedReference.empty());
        QCOMPARE(own->boundary, std::string("library"));
        const auto split = generationTimingFromStatus(status, plain);
        QVERIFY(split);
        QCOMPARE(split->reference.front().iterationsNs, (std::vector<int64_t>{9, 2}));
        QCOMPARE(split->tracedReference.front().iterationsNs, (std::vector<int64_t>{10, 3, 3}));
        // A status without timed requests gives none; a negative time is refused.
        QVERIFY(!generationTimingFromStatus(nlohmann::json{{"requests", nlohmann::json::array()}}));
        QVERIFY(!generationTimingFromStatus(
            nlohmann::json{{"requests", {{{"kind", "reference"}, {"iterations_ns", {5, -1}}}}}}));
    }
};

} // namespace tst_generation_analysis_suite

OPSCOPE_TEST_SUITE(tst_generation_analysis, tst_generation_analysis_suite::TestGenerationAnalysis, Core)
#include "tst_generation_analysis.moc"
