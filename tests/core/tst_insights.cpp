// Statistics reports and insights: the kernel summary equals statistics computed straight from
// each nsys fixture's SQLite tables; each insight fires on a profile that has the problem and
// stays quiet on one that does not; on real H100 captures (tests/data) the root causes come out as one
// item each, with the place, the evidence and a gain replayed on the plain step.
#include "nsys_replicate.h"
#include "opscope/capture_import.h"
#include "opscope/insights.h"
#include "opscope/stats.h"
#include "opscope/step_timing.h"
#include "step_builder.h"
#include "test_util.h"

#include <nlohmann/json.hpp>
#include <sqlite3.h>

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <set>

using namespace opscope;
using opscope::test::fixture;

namespace {

const Insight *findKind(const std::vector<Insight> &insights, const std::string &kind)
{
    for (const Insight &i : insights)
        if (i.kind == kind)
            return &i;
    return nullptr;
}

// Kernel statistics straight from the nsys tables, with SQL and plain arithmetic.
std::map<std::string, DurationStats> kernelStatsFromSqlite(const std::string &path)
{
    sqlite3 *db = nullptr;
    sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr);
    sqlite3_stmt *stmt = nullptr;
    sqlite3_prepare_v2(db,
                       "SELECT s.value, k.end - k.start FROM CUPTI_ACTIVITY_KIND_KERNEL k "
                       "JOIN StringIds s ON s.id = k.demangledName ORDER BY s.value, k.end - k.start",
                       -1, &stmt, nullptr);
    std::map<std::string, std::vector<int64_t>> durations;
    while (sqlite3_step(stmt) == SQLITE_ROW)
        durations[reinterpret_cast<const char *>(sqlite3_column_text(stmt, 0))].push_back(
            sqlite3_column_int64(stmt, 1));
    sqlite3_finalize(stmt);
    sqlite3_close(db);
    std::map<std::string, DurationStats> out;
    int64_t all = 0;
    for (auto &[name, d] : durations) {
        DurationStats s;
        s.instances = d.size();
        for (int64_t v : d)
            s.total += v;
        all += s.total;
        s.minimum = d.front();
        s.maximum = d.back();
        s.average = double(s.total) / double(d.size());
        const size_t n = d.size();
        s.median = n % 2 ? double(d[n / 2]) : (double(d[n / 2 - 1]) + double(d[n / 2])) / 2;
        double sq = 0;
        for (int64_t v : d)
            sq += (double(v) - s.average) * (double(v) - s.average);
        s.stddev = n > 1 ? std::sqrt(sq / double(n - 1)) : 0.0;
        out[name] = s;
    }
    for (auto &[name, s] : out)
        s.percent = 100.0 * double(s.total) / double(all);
    return out;
}

// A capture of tests/data as `opscope profile` imports it: the nsys export with the ncu CSV where the
// folder has one, and the launcher's reference timing from its status JSON; `sql` edits the export first.
Profile importTestCapture(const QTemporaryDir &dir, const std::string &folder, const std::string &sql = {})
{
    const std::string base = test::sourceFile("tests/data/" + folder + "/");
    std::vector<std::string> files;
    for (const char *name : {"nsys.sqlite", "ncu_raw.csv"}) {
        const std::string packed = base + name + ".gz";
        if (!std::ifstream(packed).good())
            continue;
        const std::string unpacked = test::tempPath(dir, (folder + "_" + name).c_str());
        if (!test::gunzipFile(packed, unpacked))
            qFatal("cannot unpack %s", packed.c_str());
        files.push_back(unpacked);
    }
    if (!sql.empty() && !test::ScratchDb(files.front()).exec(sql))
        qFatal("cannot edit %s", files.front().c_str());
    Profile p = importCapture(files);
    // As the pipeline records it: the plain time from the correlation pass (no nsys), where the capture has one.
    const nlohmann::json status = nlohmann::json::parse(std::ifstream(base + "launcher_status.json"));
    nlohmann::json plain;
    if (std::ifstream correlation(base + "correlation_status.json"); correlation.good())
        plain = nlohmann::json::parse(correlation)["reference"];
    if (const auto timing = referenceTimingFromStatus(status["reference"], plain))
        setReferenceTiming(p, *timing);
    return p;
}

// No kernel in two insights.
void verifyEachKernelInOneInsight(const std::vector<Insight> &insights)
{
    std::map<Index, std::string> owner;
    for (const Insight &i : insights)
        for (Index k : i.kernels) {
            const auto [it, fresh] = owner.emplace(k, i.kind);
            QVERIFY2(fresh, qPrintable(QString("kernel %1 in %2 and %3")
                                           .arg(k)
                                           .arg(QString::fromStdString(it->second), QString::fromStdString(i.kind))));
        }
}

// A hand-built profile: one step of `kernels` kernels of `kernelNs` each, launched every `gapNs`.
Profile syntheticStep(int kernels, int64_t kernelNs, int64_t gapNs)
{
    Profile p;
    p.threads.push_back({1, 1, kNoString});
    p.ranges.push_back(
        {0, kernels * (kernelNs + gapNs) + 10, p.intern("ProfilerStep#1"), kNoString, 0, 0, RangeKind::UserAnnotation});
    for (int i = 0; i < kernels; ++i) {
        const int64_t launch = i * (kernelNs + gapNs);
        p.api_calls.push_back({launch, launch + 5, p.intern("cudaLaunchKernel"), 0, uint32_t(i + 1), ApiKind::Runtime});
        Kernel k;
        k.name = p.intern("k");
        k.start_ns = launch + gapNs / 2 + 1;
        k.end_ns = k.start_ns + kernelNs;
        k.correlation_id = uint32_t(i + 1);
        p.kernels.push_back(k);
    }
    return p;
}

// Sets a counter of every kernel that has it to value(kernel's current value).
template <class F> void rewriteCounter(Profile &p, std::string_view metric, F value)
{
    const Index m = p.findMetric(metric);
    for (MetricValue &v : p.kernel_counters)
        if (v.metric == m)
            v.value = value(v);
}

double counterOf(const Profile &p, Index kernel, std::string_view metric)
{
    return p.kernelCounter(kernel, metric, 0.0);
}

} // namespace

class TestInsights : public QObject {
    Q_OBJECT
private slots:
    void kernelSummaryEqualsTheSqliteTables_data()
    {
        QTest::addColumn<QString>("file");
        for (const char *f :
             {"h100/gpt4_bf16_infer/nsys.sqlite", "h100/gpt4_fp32_infer/nsys.sqlite", "h100/mlp_bf16_infer/nsys.sqlite",
              "public/nsys/nsys-ai__mock.sqlite", "public/nsys/extrap__profile1.sqlite",
              "public/nsys/pipit__saxpy-mpi-cuda_nsys_perlmutter0.sqlite"})
            QTest::newRow(f) << QString(f);
    }

    void kernelSummaryEqualsTheSqliteTables()
    {
        QFETCH(QString, file);
        const std::string path = fixture(file.toStdString());
        const auto expected = kernelStatsFromSqlite(path);
        const Profile p = importCapture({path});
        const StatsReport report = buildStatsReport(p, "cuda_gpu_kern_sum");
        QCOMPARE(report.stats.size(), expected.size());
        for (const DurationStats &s : report.stats) {
            const auto it = expected.find(s.name);
            QVERIFY2(it != expected.end(), s.name.c_str());
            QCOMPARE(s.instances, it->second.instances);
            QCOMPARE(s.total, it->second.total);
            QCOMPARE(s.minimum, it->second.minimum);
            QCOMPARE(s.maximum, it->second.maximum);
            QCOMPARE(s.median, it->second.median);
            QVERIFY(std::abs(s.average - it->second.average) < 1e-6);
            QVERIFY(std::abs(s.stddev - it->second.stddev) < 1e-6 * std::max(1.0, it->second.stddev));
            QVERIFY(std::abs(s.percent - it->second.percent) < 1e-9);
        }
        // Longest total first, like nsys stats.
        for (size_t i = 1; i < report.stats.size(); ++i)
            QVERIFY(report.stats[i - 1].total >= report.stats[i].total);
    }

    void otherReports()
    {
        const Profile p = importCapture({fixture("h100/gpt4_bf16_infer/nsys.sqlite")});
        const StatsReport nvtx = buildStatsReport(p, "nvtx_sum");
        uint64_t ranges = 0;
        for (const DurationStats &s : nvtx.stats)
            ranges += s.instances;
        QCOMPARE(ranges, uint64_t(521)); // push/pop ranges of the fixture (README)
        const StatsReport api = buildStatsReport(p, "cuda_api_sum");
        uint64_t calls = 0;
        for (const DurationStats &s : api.stats)
            calls += s.instances;
        QCOMPARE(calls, uint64_t(p.api_calls.size()));
        const StatsReport ops = buildStatsReport(p, "op_sum", {"blocks.0", true, false});
        QVERIFY(!ops.rows.empty());
        // Restricted to blocks.0: its kernels are a quarter of the four blocks' kernels.
        const StatsReport block0 = buildStatsReport(p, "cuda_gpu_kern_sum", {"blocks.0", true, false});
        const StatsReport blocks = buildStatsReport(p, "cuda_gpu_kern_sum", {"", true, false});
        uint64_t inBlock0 = 0, captured = 0;
        for (const DurationStats &s : block0.stats)
            inBlock0 += s.instances;
        for (const DurationStats &s : blocks.stats)
            captured += s.instances;
        QCOMPARE(captured, uint64_t(46));
        QVERIFY(inBlock0 > 0 && inBlock0 * 4 < captured);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, buildStatsReport(p, "no_such_report"));
    }

    // --- Real H100 captures (tests/data): the root causes, one item each -------------------------------

    void anUnalignedGemmFiresTheAlignmentInsight()
    {
        const Profile p = importTestCapture(dir_, "h100_gpt_vocab50257");
        const InsightReport r = findInsights(p);
        QCOMPARE(toString(r.timing.source), toString(StepTiming::Source::ReferenceStep));
        QVERIFY(!r.insights.empty());
        const Insight &i = r.insights.front(); // the largest gain
        QCOMPARE(i.kind, std::string("shape-alignment"));
        QCOMPARE(i.figures["dimension"].get<std::string>(), std::string("N"));
        QCOMPARE(i.figures["value"].get<int64_t>(), int64_t(50257));
        QCOMPARE(i.figures["multiple"].get<int>(), 8);
        QCOMPARE(i.figures["padded"].get<int64_t>(), int64_t(50304));
        QCOMPARE(i.modules, std::vector<std::string>{"head"});
        QVERIFY2(i.title.find("N = 50257 in head (aten::linear)") != std::string::npos, i.title.c_str());
        QVERIFY2(i.fix.find("Pad N from 50257 to 50304") != std::string::npos, i.fix.c_str());
        // The forward GEMM and both backward ones: three align1 kernels of an sm75 path, and nothing else.
        QCOMPARE(i.kernels.size(), size_t(3));
        for (Index k : i.kernels) {
            const std::string_view name = p.text(p.kernels[k].name);
            QVERIFY2(name.find("cutlass_75_tensorop_bf16_s1688gemm_bf16") != std::string_view::npos &&
                         name.find("_align1") != std::string_view::npos,
                     std::string(name).c_str());
            QCOMPARE(p.text(p.modules[p.kernels[k].module].path), std::string_view("head"));
        }
        QVERIFY(i.figures["reduced_alignment"].get<bool>());
        QVERIFY(i.figures["pre_hopper_kernel"].get<bool>());
        QCOMPARE(i.operators.size(), size_t(3));
        std::string evidence;
        for (const std::string &e : i.evidence)
            evidence += e + "\n";
        QVERIFY2(evidence.find("aten::linear [[8, 512, 768], [50257, 768], []]") != std::string::npos,
                 evidence.c_str());
        QVERIFY2(evidence.find("aten::mm [[4096, 50257], [50257, 768]]") != std::string::npos, evidence.c_str());
        // The aligned GEMMs of the same step reach several times the unaligned ones' throughput.
        QVERIFY(i.figures["aligned_flops"].get<double>() > 4 * i.figures["achieved_flops"].get<double>());
        // The gain, replayed on the plain step, against the plain step measured with 50304 instead (the
        // launcher's CUDA events of tests/data/h100_gpt_vocab50304): within 25 % of it.
        const Profile aligned = importTestCapture(dir_, "h100_gpt_vocab50304");
        const int64_t measured = referenceTiming(p)->referenceNs - referenceTiming(aligned)->referenceNs;
        QVERIFY2(std::abs(double(i.estimatedGainNs - measured)) < 0.25 * double(measured),
                 qPrintable(QString("estimated %1 ns, measured %2 ns").arg(i.estimatedGainNs).arg(measured)));
        QVERIFY(i.estimatedGainNs <= i.gpuTimeSavedNs);
        QCOMPARE(int(i.severity), int(Severity::High));
    }

    void theAlignedCaptureStaysQuiet()
    {
        const Profile p = importTestCapture(dir_, "h100_gpt_vocab50304");
        const InsightReport r = findInsights(p);
        QVERIFY(!r.insights.empty());
        QVERIFY(findKind(r.insights, "shape-alignment") == nullptr);
        // Its head GEMMs run as nvjet_sm90 kernels: in no insight about their shape or efficiency.
        for (const Insight &i : r.insights)
            for (Index k : i.kernels)
                QVERIFY2(p.text(p.kernels[k].name).find("align1") == std::string_view::npos, i.title.c_str());
    }

    void oneKernelNeverInTwoInsights_data()
    {
        QTest::addColumn<QString>("folder");
        for (const char *f : {"h100_gpt_vocab50257", "h100_gpt_vocab50304", "h100_tiny_b1"})
            QTest::newRow(f) << QString(f);
    }

    void oneKernelNeverInTwoInsights()
    {
        QFETCH(QString, folder);
        const Profile p = importTestCapture(dir_, folder.toStdString());
        const InsightReport r = findInsights(p);
        verifyEachKernelInOneInsight(r.insights);
        // And one item per kernel name among the counter findings (they were three: bound, occupancy,
        // latency).
        std::set<StringId> names;
        for (const Insight &i : r.insights)
            if (i.figures.contains("findings"))
                for (Index k : i.kernels)
                    QVERIFY(names.insert(p.kernels[k].name).second || i.kernels.front() != k);
    }

    void theHostBoundStepFiresLaunchBoundAndHostSync()
    {
        // examples/gpt.py --size tiny --batch 1 --log-every 1: 116 kernels of 3 us, loss.item() every step.
        const Profile p = importTestCapture(dir_, "h100_tiny_b1");
        const InsightReport r = findInsights(p);
        QVERIFY(r.timing.busyShare() < 0.1);
        QCOMPARE(r.insights.front().kind, std::string("launch-bound"));
        const Insight &launch = r.insights.front();
        QCOMPARE(launch.figures["source"].get<std::string>(), std::string("reference_step"));
        QVERIFY(launch.gainShareOfStep > 0.5 && launch.gainShareOfStep < 1.0);
        QVERIFY(launch.fix.find("CUDA graph") != std::string::npos);
        const Insight *sync = findKind(r.insights, "host-sync");
        QVERIFY(sync);
        // The Python-level operator that made it, from the labelled step's call at the same position.
        QVERIFY2(sync->title.find("aten::item (aten::_local_scalar_dense)") != std::string::npos, sync->title.c_str());
        QCOMPARE(sync->figures["operator"].get<std::string>(), std::string("aten::item"));
        QCOMPARE(sync->operators.size(), size_t(1));
        QCOMPARE(p.text(p.operators[sync->operators.front()].name), std::string_view("aten::item"));
        QVERIFY(sync->fix.find(".item()") != std::string::npos);
        QVERIFY(sync->evidence.front().find("cudaStreamSynchronize x1") != std::string::npos);
    }

    void gptTrainingStepsAreNotHostBound_data()
    {
        QTest::addColumn<QString>("folder");
        QTest::newRow("vocab 50257") << QString("h100_gpt_vocab50257");
        QTest::newRow("vocab 50304") << QString("h100_gpt_vocab50304");
    }

    void gptTrainingStepsAreNotHostBound()
    {
        QFETCH(QString, folder);
        const Profile p = importTestCapture(dir_, folder.toStdString());
        const InsightReport r = findInsights(p);
        QVERIFY(r.timing.busyShare() > 0.7);
        QVERIFY(findKind(r.insights, "launch-bound") == nullptr);
    }

    void withoutThePlainStepInTheTraceTheHostTimelineIsScaled_data()
    {
        QTest::addColumn<QString>("folder");
        for (const char *f : {"h100_gpt_vocab50257", "h100_gpt_vocab50304", "h100_tiny_b1"})
            QTest::newRow(f) << QString(f);
    }

    void withoutThePlainStepInTheTraceTheHostTimelineIsScaled()
    {
        // As on the torch.profiler path: only the instrumented step is in the trace (the plain steps' ranges
        // renamed), and the launcher's figures. The replay scales the instrumented host to the plain step's
        // host time (perf_counter) and must give back the plain step the launcher timed, within 3 %.
        QFETCH(QString, folder);
        const Profile p = importTestCapture(dir_, folder.toStdString(),
                                            "UPDATE NVTX_EVENTS SET text = 'renamed ' || text WHERE text LIKE "
                                            "'OPSCOPE_REFERENCE%'");
        const InsightReport r = findInsights(p);
        QCOMPARE(toString(r.timing.source), toString(StepTiming::Source::LabelledStep));
        QVERIFY(r.timing.corrected);
        QVERIFY(r.reference->referenceCpuNs > 0);
        QVERIFY(r.hostScale < 0.6);
        const double off = double(r.replayedStepNs - r.reference->referenceNs) / double(r.reference->referenceNs);
        QVERIFY2(std::abs(off) < 0.03,
                 qPrintable(QString("%1 replayed, %2 plain").arg(r.replayedStepNs).arg(r.reference->referenceNs)));
        // The same root causes as on the plain step in the trace.
        const Profile plain = importTestCapture(dir_, folder.toStdString());
        const InsightReport onPlain = findInsights(plain);
        for (const char *kind : {"shape-alignment", "launch-bound", "host-sync"})
            QCOMPARE(findKind(r.insights, kind) != nullptr, findKind(onPlain.insights, kind) != nullptr);
    }

    void theReportSaysWhatTheGainsAreOn()
    {
        const Profile p = importTestCapture(dir_, "h100_gpt_vocab50257");
        const InsightReport r = findInsights(p);
        QVERIFY(r.reference.has_value());
        // The plain time from the correlation pass (no nsys in that process), the captured and traced ones
        // from the nsys process: medians of correlation_status.json and launcher_status.json.
        QCOMPARE(r.reference->referenceNs, int64_t(13625984));
        QCOMPARE(r.reference->tracedNs, int64_t(13664416));
        QCOMPARE(r.reference->capturedNs, int64_t(20238592));
        QCOMPARE(r.reference->referenceCpuNs, int64_t(5523670)); // perf_counter, the fastest of the three
        QCOMPARE(r.reference->tracedCpuNs, int64_t(6922454));
        QCOMPARE(r.reference->capturedCpuNs, int64_t(16735541));
        const std::vector<std::string> lines = describeInsightStep(r);
        QCOMPARE(lines.front(), std::string("Step time: plain 13.63 ms (median of 3 steps, CUDA events, without nsys; "
                                            "13.66 ms under nsys), captured 20.24 ms: 1.49x"));
        QVERIFY2(lines[1].starts_with("the captured step ran 1.49x slower than the plain step"), lines[1].c_str());
        // The step is the plain one without nsys, the kernels and gaps those of the plain step in the trace; the
        // replay with no change, its host compressed to the plain host time, gives back the plain step (1 %).
        QCOMPARE(r.timing.step_ns, int64_t(13625984));
        QVERIFY(r.timing.corrected);
        QVERIFY2(std::abs(double(r.replayedStepNs - r.timing.step_ns)) < 0.01 * double(r.timing.step_ns),
                 qPrintable(QString("%1 replayed, %2 plain").arg(r.replayedStepNs).arg(r.timing.step_ns)));
        const auto json = insightReportToJson(p, r);
        QCOMPARE(json["step"]["reference_step_ns"].get<int64_t>(), int64_t(13625984));
        QCOMPARE(json["step"]["source"].get<std::string>(), std::string("reference_step"));
        QCOMPARE(json["insights"][0]["kind"].get<std::string>(), std::string("shape-alignment"));
        QVERIFY(json["insights"][0]["fix"].get<std::string>().find("50304") != std::string::npos);
        QVERIFY(json["insights"][0]["evidence"].size() >= 3);
    }

    // --- The kinds on hand-built and fixture profiles -----------------------------------------------------

    void launchBoundNeedsAPlainReference()
    {
        // The instrumented torch.profiler step: the GPU looks 6 % busy, but without the plain step's time that
        // may be the instrumentation's doing: no launch-bound item.
        Profile p = importCapture({fixture("h100/gpt4_bf16_infer/kineto.json")});
        const InsightReport before = findInsights(p);
        QVERIFY(before.timing.busyShare() < 0.1);
        QVERIFY(findKind(before.insights, "launch-bound") == nullptr);
        QVERIFY(describeInsightStep(before).front().find("no plain reference timing") != std::string::npos);
        // With the launcher's plain step time (here: the measured one), it fires on the corrected step.
        setReferenceTiming(p, {before.timing.measured_step_ns, before.timing.measured_step_ns, 3, "cuda_event"});
        const InsightReport after = findInsights(p);
        QVERIFY(after.timing.corrected);
        const Insight *i = findKind(after.insights, "launch-bound");
        QVERIFY(i);
        QCOMPARE(i->figures["source"].get<std::string>(), std::string("labelled_step"));
        const int64_t split = i->figures["host_wait_ns"].get<int64_t>() + i->figures["launch_wait_ns"].get<int64_t>() +
                              i->figures["step_end_idle_ns"].get<int64_t>() +
                              i->figures["other_idle_ns"].get<int64_t>();
        QCOMPARE(split, i->figures["step_ns"].get<int64_t>() - i->figures["gpu_busy_ns"].get<int64_t>());
        QCOMPARE(int(i->severity), int(Severity::High));
    }

    void launchBoundStaysQuietOnABusyGpu()
    {
        const auto withPlainTime = [](Profile p) {
            const StepTiming t = stepTiming(p);
            setReferenceTiming(p, {t.measured_step_ns, t.measured_step_ns, 3, "cuda_event"});
            return findInsights(p).insights;
        };
        QVERIFY(findKind(withPlainTime(syntheticStep(50, 100000, 1000)), "launch-bound") == nullptr);
        QVERIFY(findKind(withPlainTime(syntheticStep(50, 1000, 100000)), "launch-bound") != nullptr);
    }

    void tensorCoresIdleFiresOnFp32Only()
    {
        const Profile fp32 =
            importCapture({fixture("h100/gpt4_fp32_infer/nsys.sqlite"), fixture("h100/gpt4_fp32_infer/ncu_raw.csv")});
        const auto fp32Insights = findInsights(fp32).insights;
        const Insight *i = findKind(fp32Insights, "tensor-cores-idle");
        QVERIFY(i);
        // Exactly the captured step's FP32 GEMMs (sm80_xmma_gemm_f32f32_*): 4 blocks x (qkv, proj, fc, out)
        // + the head. The fmha_cutlassF_f32 attention kernels are not among them: their ncu rows show
        // the TF32 tensor path busy (sm__ops_path_tensor_src_tf32_dst_fp32 > 0).
        size_t gemms = 0;
        for (Index k = 0; k < fp32.kernels.size(); ++k)
            if (!(fp32.kernels[k].flags & kKernelOutsideCapture) &&
                fp32.text(fp32.kernels[k].name).find("gemm_f32f32") != std::string_view::npos)
                ++gemms;
        QCOMPARE(gemms, size_t(17));
        QCOMPARE(i->kernels.size(), gemms);
        for (Index k : i->kernels)
            QVERIFY(fp32.text(fp32.kernels[k].name).find("gemm_f32f32") != std::string_view::npos);
        QVERIFY(i->figures["share_of_gpu_time"].get<double>() > 0.3);
        QVERIFY(i->fix.find("TF32") != std::string::npos);
        QVERIFY(i->figures["tf32_to_fp32_peak"].get<double>() > 1.5);
        // The GEMMs' FP32 work is the root cause: their counter findings (compute-bound, low occupancy) are
        // not items of their own.
        verifyEachKernelInOneInsight(fp32Insights);
        const Profile bf16 =
            importCapture({fixture("h100/gpt4_bf16_infer/nsys.sqlite"), fixture("h100/gpt4_bf16_infer/ncu_raw.csv")});
        QVERIFY(findKind(findInsights(bf16).insights, "tensor-cores-idle") == nullptr);
    }

    void coldStartFiresOnlyWhenTheFirstStepIsSlow()
    {
        Profile p = syntheticStep(4, 1000, 10);
        p.ranges.clear();
        p.ranges.push_back({0, 10000, p.intern("ProfilerStep#0"), kNoString, 0, 0, RangeKind::UserAnnotation});
        p.ranges.push_back({10000, 12000, p.intern("ProfilerStep#1"), kNoString, 0, 0, RangeKind::UserAnnotation});
        p.ranges.push_back({12000, 14000, p.intern("ProfilerStep#2"), kNoString, 0, 0, RangeKind::UserAnnotation});
        const auto insights = findInsights(p).insights;
        const Insight *i = findKind(insights, "cold-start");
        QVERIFY(i);
        QCOMPARE(i->estimatedGainNs, int64_t(8000));
        p.ranges[0].end_ns = 2100;
        QVERIFY(findKind(findInsights(p).insights, "cold-start") == nullptr);
    }

    void hostSynchronisationAndPageableCopies()
    {
        // Five 100 us kernels launched up front; .item() waits for them (cudaStreamSynchronize from 30 to
        // 512 us); then a host-to-device copy from pageable memory holds the host 25 us, and three small
        // kernels follow.
        constexpr int64_t us = 1000;
        test::StepBuilder b(600 * us);
        for (int i = 0; i < 5; ++i)
            b.kernel(i * 5 * us, 3 * us, 10 * us + i * 100 * us, 100 * us);
        const Index item = b.op("aten::item", 28 * us, 514 * us);
        b.op("aten::_local_scalar_dense", 29 * us, 513 * us);
        b.call(30 * us, 512 * us, "cudaStreamSynchronize");
        b.copy(515 * us, 540 * us, 520 * us, 530 * us, /*HtoD*/ 1, /*pageable*/ 0, /*device*/ 2);
        for (int i = 0; i < 3; ++i)
            b.kernel(545 * us + i * 10 * us, 3 * us, 553 * us + i * 10 * us, 5 * us);
        b.p.finalize();
        const auto insights = findInsights(b.p).insights;
        const Insight *sync = findKind(insights, "host-sync");
        QVERIFY(sync);
        QCOMPARE(sync->title, std::string("The host waits for the GPU inside the step: aten::item "
                                          "(aten::_local_scalar_dense)"));
        QCOMPARE(sync->operators, std::vector<Index>{item});
        QCOMPARE(sync->figures["wait_ns"].get<int64_t>(), 480 * us);
        QVERIFY(sync->estimatedGainNs > 0);
        const Insight *copy = findKind(insights, "pageable-copy");
        QVERIFY(copy);
        QCOMPARE(copy->figures["bytes"].get<uint64_t>(), uint64_t(1) << 20);
        QCOMPARE(copy->figures["host_wait_ns"].get<int64_t>(), 25 * us);
        // A step without either: quiet.
        const auto quiet = findInsights(syntheticStep(20, 10000, 100)).insights;
        QVERIFY(findKind(quiet, "host-sync") == nullptr);
        QVERIFY(findKind(quiet, "pageable-copy") == nullptr);
    }

    // The per-kernel counter findings fire on the real H100 rows, one item per kernel with the others as its
    // evidence; the same rows edited into a healthy state (the one condition each checks) keep them quiet.
    void kernelCounterInsightsFireOnRealRows()
    {
        const Profile bf16 =
            importCapture({fixture("h100/gpt4_bf16_infer/nsys.sqlite"), fixture("h100/gpt4_bf16_infer/ncu_raw.csv")});
        const auto b = findInsights(bf16).insights;
        verifyEachKernelInOneInsight(b);
        // Elementwise kernels below the ridge point at a fraction of DRAM bandwidth.
        const Insight *memory = findKind(b, "memory-bound");
        QVERIFY(memory);
        QVERIFY(memory->figures["saving_share"].get<double>() > 0.4);
        // The attention kernel: latency-bound first, memory and occupancy as its evidence, one item.
        const Insight *latency = findKind(b, "latency-bound");
        QVERIFY(latency);
        const auto findings = latency->figures["findings"].get<std::vector<std::string>>();
        QVERIFY2(findings.size() >= 2 && findings.front() == "latency-bound", latency->figures.dump().c_str());
        QVERIFY(std::find(findings.begin(), findings.end(), "low-occupancy") != findings.end());
        // Theoretical occupancy 18.8 %, limited by registers, said in the head GEMM's item.
        bool registers = false;
        for (const Insight &i : b)
            for (const std::string &e : i.evidence)
                registers = registers || e.find("limited by registers per thread") != std::string::npos;
        QVERIFY(registers);
    }

    void kernelCounterInsightsStayQuietOnHealthyRows()
    {
        Profile p =
            importCapture({fixture("h100/gpt4_bf16_infer/nsys.sqlite"), fixture("h100/gpt4_bf16_infer/ncu_raw.csv")});
        const auto counterItems = [](const std::vector<Insight> &insights) {
            std::map<std::string, size_t> kinds;
            for (const Insight &i : insights)
                if (i.figures.contains("findings"))
                    for (const auto &f : i.figures["findings"])
                        ++kinds[f.get<std::string>()];
            return kinds;
        };
        auto before = counterItems(findInsights(p).insights);
        for (const char *kind : {"low-occupancy", "latency-bound", "compute-bound", "memory-bound"})
            QVERIFY2(before[kind] > 0, kind);

        rewriteCounter(p, "sm__maximum_warps_per_active_cycle_pct", [](const MetricValue &) { return 75.0; });
        QCOMPARE(counterItems(findInsights(p).insights)["low-occupancy"], size_t(0));
        rewriteCounter(p, "sm__throughput.avg.pct_of_peak_sustained_elapsed", [](const MetricValue &) { return 85.0; });
        QCOMPARE(counterItems(findInsights(p).insights)["latency-bound"], size_t(0));
        // DRAM traffic at 90 % of each row's peak and tensor work at 90 % of its peak: every kernel is close to
        // the roofline it sits under, so neither bound finding fires.
        rewriteCounter(p, "dram__bytes.sum.per_second", [&](const MetricValue &v) {
            return 0.9 * counterOf(p, v.owner, "dram__bytes.sum.peak_sustained") *
                   counterOf(p, v.owner, "dram__cycles_elapsed.avg.per_second");
        });
        auto after = counterItems(findInsights(p).insights);
        QCOMPARE(after["memory-bound"], size_t(0));
    }

    void castsAreSplitByCause()
    {
        // In one Linear: autocast casts the activation and the fp32 weight to bf16 before the GEMM; in the
        // backward pass the weight's gradient is cast back to fp32. Kernel names as torch 2.11 writes them.
        constexpr int64_t us = 1000;
        const std::string toBf16 = "void at::native::vectorized_elementwise_kernel<4, "
                                   "at::native::bfloat16_copy_kernel_cuda(at::TensorIteratorBase&)::{lambda(float)#1}, "
                                   "std::array<char*, 2ul> >(int, at::native::bfloat16_copy_kernel_cuda("
                                   "at::TensorIteratorBase&)::{lambda(float)#1}, std::array<char*, 2ul>)";
        const std::string toFp32 =
            "void "
            "at::native::unrolled_elementwise_kernel<at::native::direct_copy_kernel_cuda(at::TensorIteratorBase&)::"
            "{lambda()#3}::operator()() const::{lambda()#7}::operator()() const::{lambda(float)#1}, std::array<char*, "
            "2ul>, 4, TrivialOffsetCalculator<1, unsigned int>, TrivialOffsetCalculator<1, unsigned int>, "
            "at::native::memory::LoadWithCast<1>, at::native::memory::StoreWithCast<1> >(int, ...)";
        test::StepBuilder b(1000 * us);
        b.p.modules.push_back({0, 1000 * us, b.p.intern("fc"), b.p.intern("Linear"), kNoIndex, 0});
        const auto op = [&](const char *name, int64_t start, int64_t end, const char *shapes, Index parent) {
            const Index o = b.op(name, start, end);
            b.p.operators[o].shapes = b.p.intern(shapes);
            b.p.operators[o].module = 0;
            b.p.operators[o].parent = parent;
            return o;
        };
        const Index activation = op("aten::to", 10 * us, 30 * us, "[[8, 512, 768], [], [], [], []]", kNoIndex);
        b.kernel(12 * us, 3 * us, 15 * us, 20 * us, toBf16);
        const Index weight = op("aten::to", 40 * us, 60 * us, "[[3072, 768], [], [], [], []]", kNoIndex);
        b.kernel(42 * us, 3 * us, 45 * us, 20 * us, toBf16);
        op("aten::linear", 70 * us, 100 * us, "[[8, 512, 768], [3072, 768], [3072]]", kNoIndex);
        b.kernel(72 * us, 3 * us, 75 * us, 50 * us, "nvjet_sm90_tst_192x128_64x5_1x2_h_bz_coopB_bias_TNT");
        const Index backward = op("ToCopyBackward0", 200 * us, 260 * us, "[[3072, 768]]", kNoIndex);
        b.p.operators[backward].flags |= kOperatorBackward;
        const Index gradient = op("aten::to", 210 * us, 250 * us, "[[3072, 768], [], [], [], []]", backward);
        b.kernel(212 * us, 3 * us, 215 * us, 20 * us, toFp32);
        const Index ops[] = {activation, weight, 2, gradient};
        for (Index k = 0; k < 4; ++k) {
            b.p.kernels[k].op = ops[k];
            b.p.kernels[k].module = 0;
        }
        b.p.finalize();
        const auto insights = findInsights(b.p).insights;
        const Insight *weights = findKind(insights, "cast-weights");
        QVERIFY(weights);
        QCOMPARE(weights->kernels, (std::vector<Index>{1, 3}));
        QCOMPARE(weights->gpuTimeSavedNs, 40 * us);
        QVERIFY2(weights->evidence.front().find("to bf16 x1, to fp32 x1") != std::string::npos,
                 weights->evidence.front().c_str());
        QVERIFY(weights->fix.find("fp32 master weights") != std::string::npos);
        QCOMPARE(weights->modules, std::vector<std::string>{"fc"});
        const Insight *roundTrip = findKind(insights, "cast-round-trip");
        QVERIFY(roundTrip);
        QCOMPARE(roundTrip->kernels, std::vector<Index>{0});
        QVERIFY(roundTrip->fix.find("torch.compile") != std::string::npos);
        verifyEachKernelInOneInsight(insights);
    }

    void waveQuantizationNamesTheSizesThatFillTheWaves()
    {
        // A 128x128-tile GEMM of M = 1792, N = 1280: 14 x 10 = 140 blocks on 132 SMs at one block per SM
        // (255 registers a thread, 256 threads): a second wave for 8 blocks.
        constexpr int64_t us = 1000;
        const auto build = [&](int64_t n) {
            test::StepBuilder b(200 * us);
            Device d;
            d.properties = {{"smCount", "132"},          {"maxBlocksPerSm", "32"},
                            {"maxWarpsPerSm", "64"},     {"maxRegistersPerSm", "65536"},
                            {"maxShmemPerSm", "233472"}, {"computeMajor", "9"}};
            b.p.devices.push_back(d);
            const Index mm = b.op("aten::mm", 0, 20 * us);
            b.p.operators[mm].shapes = b.p.intern("[[1792, 768], [768, " + std::to_string(n) + "]]");
            b.kernel(5 * us, 3 * us, 10 * us, 100 * us,
                     "sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128x64_cta");
            Kernel &k = b.p.kernels.back();
            k.op = mm;
            k.grid = {uint32_t(14 * (n / 128)), 1, 1};
            k.block = {256, 1, 1};
            k.registers_per_thread = 255;
            b.p.finalize();
            return b.p;
        };
        const auto insights = findInsights(build(1280)).insights;
        const Insight *i = findKind(insights, "wave-quantization");
        QVERIFY(i);
        QCOMPARE(i->figures["blocks"].get<uint64_t>(), uint64_t(140));
        QCOMPARE(i->figures["blocks_per_sm"].get<int>(), 1);
        QCOMPARE(i->figures["sms"].get<int>(), 132);
        QVERIFY2(i->title.find("runs 140 blocks in 2 waves of 132, the last 6.1 % full") != std::string::npos,
                 i->title.c_str());
        std::string evidence;
        for (const std::string &e : i->evidence)
            evidence += e + "\n";
        QVERIFY2(evidence.find("limited by registers per thread") != std::string::npos, evidence.c_str());
        QVERIFY2(evidence.find("its 128x128 tiles cover M = 1792, N = 1280 as 14 x 10 tiles; with M kept, N = 1152 "
                               "(126 tiles) or N = 2304 (252 tiles)") != std::string::npos,
                 evidence.c_str());
        // 140 blocks in balanced waves: 1.06 / 2 of the time.
        QCOMPARE(i->gpuTimeSavedNs, 100 * us - int64_t(100 * us * (140.0 / 132.0) / 2.0));
        // N = 1152: 126 blocks, one wave: quiet.
        QVERIFY(findKind(findInsights(build(1152)).insights, "wave-quantization") == nullptr);
    }

    void hiddenCopyBeforeGemm()
    {
        // aten::contiguous (with its copy kernel) right before aten::mm on one thread.
        auto build = [](bool withCopy) {
            test::StepBuilder b(200'000);
            const Index copy = b.op(withCopy ? "aten::contiguous" : "aten::relu", 0, 40);
            const Index mm = b.op("aten::mm", 50, 90);
            b.kernel(10, 5, 100, 50'000);
            b.kernel(60, 5, 50'200, 50'000);
            b.p.kernels[0].op = copy;
            b.p.kernels[1].op = mm;
            b.p.finalize();
            return b.p;
        };
        const auto fires = findInsights(build(true)).insights;
        const Insight *i = findKind(fires, "hidden-copy");
        QVERIFY(i);
        QCOMPARE(i->gpuTimeSavedNs, int64_t(50000));
        QCOMPARE(i->kernels, std::vector<Index>{0});
        QCOMPARE(i->operators, std::vector<Index>{0});
        QVERIFY(findKind(findInsights(build(false)).insights, "hidden-copy") == nullptr);
    }

    void groupOutliersAndQuietGroups()
    {
        // The four blocks of the bf16 capture take about the same time: no outlier.
        const Profile p =
            importCapture({fixture("h100/gpt4_bf16_infer/nsys.sqlite"), fixture("h100/gpt4_bf16_infer/ncu_raw.csv")});
        QVERIFY(findKind(findInsights(p).insights, "group-outlier") == nullptr);
        // Stretch one kernel of blocks.2 to ten times its length: blocks.2 becomes an outlier.
        Profile slow = p;
        for (Kernel &k : slow.kernels)
            if (!(k.flags & kKernelOutsideCapture) && k.module != kNoIndex &&
                slow.text(slow.modules[k.module].path).starts_with("blocks.2")) {
                k.end_ns = k.start_ns + 10 * k.duration();
                break;
            }
        const auto insights = findInsights(slow).insights;
        const Insight *i = findKind(insights, "group-outlier");
        QVERIFY(i);
        QCOMPARE(i->modules, std::vector<std::string>{"blocks.2"});
        verifyEachKernelInOneInsight(insights);
    }

private:
    QTemporaryDir dir_;
};

QTEST_APPLESS_MAIN(TestInsights)
#include "tst_insights.moc"
