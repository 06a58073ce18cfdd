// Statistics reports and insights: the kernel summary equals statistics computed straight from
// each nsys fixture's SQLite tables; each insight fires on a profile that has the problem and
// stays quiet on one that does not.
#include "opscope/capture_import.h"
#include "opscope/insights.h"
#include "opscope/stats.h"
#include "test_util.h"

#include <sqlite3.h>

#include <QTest>

#include <algorithm>

#include <cmath>
#include <map>

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

size_t countKind(const std::vector<Insight> &insights, const std::string &kind)
{
    return size_t(std::count_if(insights.begin(), insights.end(), [&](const Insight &i) { return i.kind == kind; }));
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

    void launchBoundFiresOnTheBf16Trace()
    {
        const Profile p = importCapture({fixture("h100/gpt4_bf16_infer/kineto.json")});
        const auto insights = findInsights(p);
        const Insight *i = findKind(insights, "launch-bound");
        QVERIFY(i);
        const double busy = i->figures["gpu_busy_fraction"].get<double>();
        QVERIFY2(busy > 0.03 && busy < 0.10, qPrintable(QString::number(busy))); // about 6 %
        const int64_t split = i->figures["host_wait_ns"].get<int64_t>() + i->figures["kernel_wait_ns"].get<int64_t>() +
                              i->figures["other_idle_ns"].get<int64_t>();
        QCOMPARE(split, i->figures["step_wall_ns"].get<int64_t>() - i->figures["gpu_busy_ns"].get<int64_t>());
        QCOMPARE(i->figures["steps"].get<int>(), 3);
        QCOMPARE(int(i->severity), int(Severity::High));
        QCOMPARE(insights.front().kind, std::string("launch-bound")); // the largest gain comes first
    }

    void launchBoundStaysQuietOnABusyGpu()
    {
        QVERIFY(findKind(findInsights(syntheticStep(50, 100000, 1000)), "launch-bound") == nullptr);
        QVERIFY(findKind(findInsights(syntheticStep(50, 1000, 100000)), "launch-bound") != nullptr);
    }

    void tensorCoresIdleFiresOnFp32Only()
    {
        const Profile fp32 =
            importCapture({fixture("h100/gpt4_fp32_infer/nsys.sqlite"), fixture("h100/gpt4_fp32_infer/ncu_raw.csv")});
        const auto fp32Insights = findInsights(fp32);
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
        QVERIFY(i->explanation.find("TF32") != std::string::npos);
        QVERIFY(i->figures["tf32_to_fp32_peak"].get<double>() > 1.5);
        const Profile bf16 =
            importCapture({fixture("h100/gpt4_bf16_infer/nsys.sqlite"), fixture("h100/gpt4_bf16_infer/ncu_raw.csv")});
        QVERIFY(findKind(findInsights(bf16), "tensor-cores-idle") == nullptr);
    }

    void coldStartFiresOnlyWhenTheFirstStepIsSlow()
    {
        Profile p = syntheticStep(4, 1000, 10);
        p.ranges.clear();
        p.ranges.push_back({0, 10000, p.intern("ProfilerStep#0"), kNoString, 0, 0, RangeKind::UserAnnotation});
        p.ranges.push_back({10000, 12000, p.intern("ProfilerStep#1"), kNoString, 0, 0, RangeKind::UserAnnotation});
        p.ranges.push_back({12000, 14000, p.intern("ProfilerStep#2"), kNoString, 0, 0, RangeKind::UserAnnotation});
        const auto insights = findInsights(p);
        const Insight *i = findKind(insights, "cold-start");
        QVERIFY(i);
        QCOMPARE(i->estimatedGainNs, int64_t(8000));
        p.ranges[0].end_ns = 2100;
        QVERIFY(findKind(findInsights(p), "cold-start") == nullptr);
    }

    void synchronisationAndPageableCopies()
    {
        Profile p = syntheticStep(20, 10000, 100);
        QVERIFY(findKind(findInsights(p), "synchronization") == nullptr);
        QVERIFY(findKind(findInsights(p), "pageable-copy") == nullptr);
        p.api_calls.push_back({50000, 90000, p.intern("cudaDeviceSynchronize"), 0, 999, ApiKind::Runtime});
        p.memory_ops.push_back(
            {60000, 70000, 1 << 20, 1000, 7, 0, MemoryOpKind::Memcpy, 1, 0, 2}); // HtoD from pageable
        const auto insights = findInsights(p);
        const Insight *sync = findKind(insights, "synchronization");
        QVERIFY(sync);
        QCOMPARE(sync->estimatedGainNs, int64_t(40000));
        const Insight *copy = findKind(insights, "pageable-copy");
        QVERIFY(copy);
        QCOMPARE(copy->figures["bytes"].get<uint64_t>(), uint64_t(1) << 20);
    }

    // The per-kernel kinds fire on the real H100 rows; the same rows edited into a healthy state
    // (the one condition each insight checks) keep them quiet.
    void kernelCounterInsightsFireOnRealRows()
    {
        const Profile bf16 =
            importCapture({fixture("h100/gpt4_bf16_infer/nsys.sqlite"), fixture("h100/gpt4_bf16_infer/ncu_raw.csv")});
        const Profile fp32 =
            importCapture({fixture("h100/gpt4_fp32_infer/nsys.sqlite"), fixture("h100/gpt4_fp32_infer/ncu_raw.csv")});
        const auto b = findInsights(bf16), f = findInsights(fp32);
        // Elementwise kernels below the ridge point at a fraction of DRAM bandwidth.
        const Insight *memory = findKind(b, "memory-bound");
        QVERIFY(memory);
        QVERIFY(memory->figures["efficiency"].get<double>() < 0.6);
        QVERIFY(memory->figures["arithmetic_intensity"].get<double>() < memory->figures["ridge_point"].get<double>());
        // The FP32 GEMMs reach 57 % of the FP32 peak.
        const Insight *compute = findKind(f, "compute-bound");
        QVERIFY(compute);
        QVERIFY(fp32.text(fp32.kernels[compute->kernels.front()].name).find("gemm_f32f32") != std::string_view::npos);
        QVERIFY(compute->figures["efficiency"].get<double>() < 0.6);
        // Theoretical occupancy 12.5 %, limited by registers.
        const Insight *occupancy = findKind(f, "low-occupancy");
        QVERIFY(occupancy);
        QCOMPARE(occupancy->figures["occupancy_pct"].get<double>(), 12.5);
        QCOMPARE(occupancy->figures["limiter"].get<std::string>(), std::string("registers per thread"));
        QVERIFY(findKind(b, "latency-bound"));
    }

    void kernelCounterInsightsStayQuietOnHealthyRows()
    {
        Profile p =
            importCapture({fixture("h100/gpt4_fp32_infer/nsys.sqlite"), fixture("h100/gpt4_fp32_infer/ncu_raw.csv")});
        const auto before = findInsights(p);
        for (const char *kind : {"low-occupancy", "latency-bound", "compute-bound", "memory-bound"})
            QVERIFY2(countKind(before, kind) > 0, kind);

        rewriteCounter(p, "sm__maximum_warps_per_active_cycle_pct", [](const MetricValue &) { return 75.0; });
        QCOMPARE(countKind(findInsights(p), "low-occupancy"), size_t(0));
        rewriteCounter(p, "sm__throughput.avg.pct_of_peak_sustained_elapsed", [](const MetricValue &) { return 85.0; });
        QCOMPARE(countKind(findInsights(p), "latency-bound"), size_t(0));
        // FFMA work at 90 % of each row's FP32 peak and DRAM traffic at 90 % of its own peak: every kernel
        // is close to the roofline it sits under, so neither bound insight fires.
        rewriteCounter(p, "derived__smsp__sass_thread_inst_executed_op_ffma_pred_on_x2", [&](const MetricValue &v) {
            return 0.9 * counterOf(p, v.owner, "derived__sm__sass_thread_inst_executed_op_ffma_pred_on_x2");
        });
        for (const char *zero : {"smsp__sass_thread_inst_executed_op_fadd_pred_on.sum.per_cycle_elapsed",
                                 "smsp__sass_thread_inst_executed_op_fmul_pred_on.sum.per_cycle_elapsed"})
            rewriteCounter(p, zero, [](const MetricValue &) { return 0.0; });
        rewriteCounter(p, "dram__bytes.sum.per_second", [&](const MetricValue &v) {
            return 0.9 * counterOf(p, v.owner, "dram__bytes.sum.peak_sustained") *
                   counterOf(p, v.owner, "dram__cycles_elapsed.avg.per_second");
        });
        const auto after = findInsights(p);
        QCOMPARE(countKind(after, "compute-bound"), size_t(0));
        QCOMPARE(countKind(after, "memory-bound"), size_t(0));
    }

    void hiddenCopyBeforeGemm()
    {
        // aten::contiguous (with its copy kernel) right before aten::mm on one thread.
        auto build = [](bool withCopy) {
            Profile p = syntheticStep(2, 50000, 100);
            auto op = [&](const char *name, int64_t start, int64_t end) {
                Operator o;
                o.name = p.intern(name);
                o.start_ns = start;
                o.end_ns = end;
                o.thread = 0;
                p.operators.push_back(o);
                return Index(p.operators.size() - 1);
            };
            const Index copy = op(withCopy ? "aten::contiguous" : "aten::relu", 0, 40);
            const Index mm = op("aten::mm", 50, 90);
            p.kernels[0].op = copy;
            p.kernels[1].op = mm;
            return p;
        };
        const auto fires = findInsights(build(true));
        const Insight *i = findKind(fires, "hidden-copy");
        QVERIFY(i);
        QCOMPARE(i->estimatedGainNs, int64_t(50000));
        QCOMPARE(i->operators, std::vector<Index>{0});
        QVERIFY(findKind(findInsights(build(false)), "hidden-copy") == nullptr);
    }

    void groupOutliersAndQuietGroups()
    {
        // The four blocks of the bf16 capture take about the same time: no outlier.
        const Profile p =
            importCapture({fixture("h100/gpt4_bf16_infer/nsys.sqlite"), fixture("h100/gpt4_bf16_infer/ncu_raw.csv")});
        QVERIFY(findKind(findInsights(p), "group-outlier") == nullptr);
        // Stretch one kernel of blocks.2 to ten times its length: blocks.2 becomes an outlier.
        Profile slow = p;
        for (Kernel &k : slow.kernels)
            if (!(k.flags & kKernelOutsideCapture) && k.module != kNoIndex &&
                slow.text(slow.modules[k.module].path).starts_with("blocks.2")) {
                k.end_ns = k.start_ns + 10 * k.duration();
                break;
            }
        const auto insights = findInsights(slow);
        const Insight *i = findKind(insights, "group-outlier");
        QVERIFY(i);
        QCOMPARE(i->modules, std::vector<std::string>{"blocks.2"});
    }
};

QTEST_APPLESS_MAIN(TestInsights)
#include "tst_insights.moc"
