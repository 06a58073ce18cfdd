// The comparison engine (opscope/diff.h) and `opscope diff`, on real before/after pairs.
//
// Expected figures were read off the fixtures with python3's json / csv / sqlite3 modules:
// - operator_profiler pairs: sum of duration_ns over operators[].kernels[] (attributed) and over
//   unattributed_kernels[], and the record counts.
// - gpt4 nsys: CUPTI_ACTIVITY_KIND_KERNEL joined to CUPTI_ACTIVITY_KIND_RUNTIME by correlationId;
//   a kernel belongs to the step when its runtime call starts inside the NVTX range CAPTURE.
//   Units (outermost operator per module) and module labels counted by nesting the CAPTURE's NVTX ranges.
// - gpt4 ncu_raw.csv: gpu__time_duration.sum and the hgmma counter per row (thousands separators removed).
#include "opscope_text_run.h"
#include "test_suite.h"
#include "test_util.h"

#include "opscope/capture_import.h"
#include "opscope/diff.h"
#include "opscope/profile_store.h"
#include "opscope/step_timing.h"

#include <nlohmann/json.hpp>
#include <sqlite3.h>

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <fstream>
#include <set>
#include <sstream>

namespace tst_diff_suite {

using namespace opscope;
using opscope::test::fixture;

// Enums compared by their names (QTest would pick opscope::toString, which returns a string_view).
#define COMPARE_ENUM(actual, expected) QCOMPARE(std::string(toString(actual)), std::string(toString(expected)))

namespace {

void execSql(const std::string &path, const std::string &sql)
{
    sqlite3 *db = nullptr;
    QCOMPARE(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    char *error = nullptr;
    const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error);
    const std::string message = error ? error : "";
    sqlite3_free(error);
    sqlite3_close(db);
    QVERIFY2(rc == SQLITE_OK, message.c_str());
}

std::string opProfiler(const std::string &example, const std::string &file)
{
    return fixture("public/operator_profiler/" + example + "/" + file);
}

std::vector<std::string> gpt4Capture(const std::string &set)
{
    return {fixture("h100/" + set + "/nsys.sqlite"), fixture("h100/" + set + "/ncu_raw.csv")};
}

QString joined(const std::vector<std::string> &files)
{
    QStringList parts;
    for (const std::string &f : files)
        parts << QString::fromStdString(f);
    return parts.join(',');
}

using Run = opscope::test::TextRun;

// Every operator of both profiles in exactly one operator row, every kernel of the step in exactly
// one kernel row, and the rows summing to the totals.
void checkNothingDropped(const ProfileDiff &diff)
{
    std::multiset<Index> beforeOps, afterOps, beforeKernels, afterKernels;
    int64_t beforeTime = 0, afterTime = 0;
    for (const OperatorDiffRow &row : diff.operators) {
        beforeOps.insert(row.beforeOps.begin(), row.beforeOps.end());
        afterOps.insert(row.afterOps.begin(), row.afterOps.end());
        if (row.unattributed) {
            QVERIFY(row.beforeOps.empty() && row.afterOps.empty());
            QCOMPARE(row.gpuTime.before, diff.totals.unattributedTime.before);
            QCOMPARE(row.gpuTime.after, diff.totals.unattributedTime.after);
        } else {
            QCOMPARE(row.status == DiffStatus::Matched, !row.beforeOps.empty() && !row.afterOps.empty());
            beforeTime += row.gpuTime.before;
            afterTime += row.gpuTime.after;
        }
        int64_t kernelsBefore = 0, kernelsAfter = 0;
        for (int k : row.kernelRows) {
            QCOMPARE(diff.kernels[size_t(k)].op, int(&row - diff.operators.data()));
            kernelsBefore += diff.kernels[size_t(k)].duration.before;
            kernelsAfter += diff.kernels[size_t(k)].duration.after;
        }
        QCOMPARE(kernelsBefore, row.gpuTime.before);
        QCOMPARE(kernelsAfter, row.gpuTime.after);
    }
    for (const KernelDiffRow &row : diff.kernels) {
        if (row.beforeKernel != kNoIndex)
            beforeKernels.insert(row.beforeKernel);
        if (row.afterKernel != kNoIndex)
            afterKernels.insert(row.afterKernel);
        COMPARE_ENUM(row.status, row.beforeKernel != kNoIndex && row.afterKernel != kNoIndex ? DiffStatus::Matched
                                 : row.beforeKernel != kNoIndex                              ? DiffStatus::Removed
                                                                                             : DiffStatus::Added);
    }
    QCOMPARE(beforeTime, diff.totals.kernelTime.before);
    QCOMPARE(afterTime, diff.totals.kernelTime.after);
    QCOMPARE(int64_t(beforeKernels.size()), diff.totals.kernels.before);
    QCOMPARE(int64_t(afterKernels.size()), diff.totals.kernels.after);
    QCOMPARE(std::set<Index>(beforeKernels.begin(), beforeKernels.end()).size(), beforeKernels.size());
    QCOMPARE(std::set<Index>(afterKernels.begin(), afterKernels.end()).size(), afterKernels.size());
    QCOMPARE(std::set<Index>(beforeOps.begin(), beforeOps.end()).size(), beforeOps.size());
    QCOMPARE(std::set<Index>(afterOps.begin(), afterOps.end()).size(), afterOps.size());
    QCOMPARE(int64_t(beforeOps.size()), diff.totals.operators.before);
    QCOMPARE(int64_t(afterOps.size()), diff.totals.operators.after);
    for (Index k : beforeKernels)
        QVERIFY(!(diff.before->kernels[k].flags & kKernelOutsideCapture));
    for (Index k : afterKernels)
        QVERIFY(!(diff.after->kernels[k].flags & kKernelOutsideCapture));
}

} // namespace

class TestDiff : public QObject {
    Q_OBJECT

    Profile fp32_, bf16_, fp32NcuOnly_;

private slots:
    void initTestCase()
    {
        fp32_ = importCapture(gpt4Capture("gpt4_fp32_infer"));
        bf16_ = importCapture(gpt4Capture("gpt4_bf16_infer"));
        fp32NcuOnly_ = importCapture({fixture("h100/gpt4_fp32_infer/ncu_raw.csv")});
    }

    void operatorIdentityDropsOpIds()
    {
        const Profile p = importCapture({opProfiler("conv_block", "profile_optimized.json")});
        // operators[0] is "aten::cudnn_convolution, op_id = 6, sizes = [[16, 3, 64, 64], ...], input_op_ids = ...".
        const OperatorIdentity id = operatorIdentity(p, 0);
        QCOMPARE(id.name, std::string("aten::cudnn_convolution"));
        QCOMPARE(id.shapes, std::string("[[16, 3, 64, 64], [64, 3, 3, 3], [], [], [], [], [], [], []]"));
    }

    void operatorProfilerPairs_data()
    {
        QTest::addColumn<QString>("example");
        QTest::addColumn<qlonglong>("timeBefore");
        QTest::addColumn<qlonglong>("timeAfter");
        QTest::addColumn<qlonglong>("unattributedAfter");
        QTest::addColumn<int>("kernelsBefore");
        QTest::addColumn<int>("kernelsAfter");
        QTest::addColumn<int>("opsBefore");
        QTest::addColumn<int>("opsAfter");
        // conv_block: 319,035 ns is the after side's attributed kernels; its 6 unattributed kernels
        // (6,656 ns) are their own row, so the step is 325,691 ns.
        QTest::newRow("conv_block") << "conv_block" << 529757LL << 319035LL << 6656LL << 38 << 26 << 10 << 10;
        QTest::newRow("embedding_projection")
            << "embedding_projection" << 12532871LL << 2428816LL << 2148654LL << 10 << 24 << 8 << 9;
        QTest::newRow("mlp_activations") << "mlp_activations" << 773562LL << 218080LL << 0LL << 16 << 34 << 9 << 21;
        QTest::newRow("sdpa_attention") << "sdpa_attention" << 905984LL << 404662LL << 0LL << 14 << 22 << 12 << 11;
    }

    void operatorProfilerPairs()
    {
        QFETCH(QString, example);
        QFETCH(qlonglong, timeBefore);
        QFETCH(qlonglong, timeAfter);
        QFETCH(qlonglong, unattributedAfter);
        QFETCH(int, kernelsBefore);
        QFETCH(int, kernelsAfter);
        QFETCH(int, opsBefore);
        QFETCH(int, opsAfter);
        const Profile before = importCapture({opProfiler(example.toStdString(), "profile.json")});
        const Profile after = importCapture({opProfiler(example.toStdString(), "profile_optimized.json")});
        const ProfileDiff diff = diffProfiles(before, after);
        QCOMPARE(diff.totals.kernelTime.before, int64_t(timeBefore));
        QCOMPARE(diff.totals.kernelTime.after, int64_t(timeAfter));
        QCOMPARE(diff.totals.unattributedTime.before, int64_t(0));
        QCOMPARE(diff.totals.unattributedTime.after, int64_t(unattributedAfter));
        QCOMPARE(diff.totals.stepGpuTime.after, int64_t(timeAfter + unattributedAfter));
        QCOMPARE(diff.totals.kernels.before, int64_t(kernelsBefore));
        QCOMPARE(diff.totals.kernels.after, int64_t(kernelsAfter));
        // Every record of both files is a step operator, in a matched, added or removed row.
        QCOMPARE(diff.totals.operators.before, int64_t(opsBefore));
        QCOMPARE(diff.totals.operators.after, int64_t(opsAfter));
        QCOMPARE(int64_t(before.operators.size()), int64_t(opsBefore));
        QCOMPARE(int64_t(after.operators.size()), int64_t(opsAfter));
        checkNothingDropped(diff);
        QVERIFY(diff.totals.matchedOperatorRows > 0);
        if (unattributedAfter) {
            const OperatorDiffRow &last = diff.operators.back();
            QVERIFY(last.unattributed);
            QCOMPARE(last.name, std::string("(unattributed)"));
            COMPARE_ENUM(last.status, DiffStatus::Added);
            QCOMPARE(last.gpuTime.after, int64_t(unattributedAfter));
        }
    }

    void fusionsBecomeOneRow()
    {
        // sdpa_attention: separate q, k and v projections (three aten::mm per call) became one
        // [512, 1536] GEMM in the optimised run: two rows (one per call) of 3 mm -> 1 mm.
        const Profile before = importCapture({opProfiler("sdpa_attention", "profile.json")});
        const Profile after = importCapture({opProfiler("sdpa_attention", "profile_optimized.json")});
        const ProfileDiff diff = diffProfiles(before, after);
        int qkv = 0;
        for (const OperatorDiffRow &row : diff.operators)
            if (row.match == MatchKind::Fused && row.beforeName == "aten::mm + aten::mm + aten::mm" &&
                row.afterName == "aten::mm" && row.afterShapes == "[[4096, 512], [512, 1536], [4096, 1536]]")
                ++qkv;
        QCOMPARE(qkv, 2);

        // conv_block: batch norm was folded; the fused BN + ReLU + pool Triton kernels of the
        // before run match the convolution + ReLU + pool ones of the after run.
        const Profile convBefore = importCapture({opProfiler("conv_block", "profile.json")});
        const Profile convAfter = importCapture({opProfiler("conv_block", "profile_optimized.json")});
        const ProfileDiff conv = diffProfiles(convBefore, convAfter);
        const auto bn = std::find_if(conv.operators.begin(), conv.operators.end(), [](const OperatorDiffRow &r) {
            return r.beforeName == "aten::_native_batch_norm_legit_no_training";
        });
        QVERIFY(bn != conv.operators.end());
        QCOMPARE(bn->afterName, std::string("aten::convolution"));
        COMPARE_ENUM(bn->match, MatchKind::Related);
        QCOMPARE(bn->kernels.before, int64_t(14));
        QCOMPARE(bn->kernels.after, int64_t(10));

        // mlp_activations: the 16 bf16 casts (aten::copy_) exist only after.
        const Profile mlpBefore = importCapture({opProfiler("mlp_activations", "profile.json")});
        const Profile mlpAfter = importCapture({opProfiler("mlp_activations", "profile_optimized.json")});
        const ProfileDiff mlp = diffProfiles(mlpBefore, mlpAfter);
        const auto casts = std::count_if(mlp.operators.begin(), mlp.operators.end(), [](const OperatorDiffRow &r) {
            return r.status == DiffStatus::Added && r.name == "aten::copy_";
        });
        QCOMPARE(casts, 16);
    }

    void gpt4AcrossPrecisions()
    {
        const ProfileDiff diff = diffProfiles(fp32_, bf16_);
        // The captured step only: 46 kernels each (3,941,241 ns fp32, 428,553 ns bf16).
        QCOMPARE(diff.totals.kernelTime.before, int64_t(3941241));
        QCOMPARE(diff.totals.kernelTime.after, int64_t(428553));
        QCOMPARE(diff.totals.kernels.before, int64_t(46));
        QCOMPARE(diff.totals.kernels.after, int64_t(46));
        QCOMPARE(diff.totals.unattributedKernels.after, int64_t(0));
        QCOMPARE(diff.totals.gpuBusy.before, int64_t(3941241));
        QCOMPARE(diff.totals.gpuIdle.before, int64_t(6337798));
        QCOMPARE(diff.totals.gpuIdle.after, int64_t(6932534));
        // Init, warm-up and the bf16 run's weight casts are outside the step: not compared.
        QCOMPARE(diff.totals.outsideKernels.before, int64_t(93));
        QCOMPARE(diff.totals.outsideKernels.after, int64_t(146));
        QCOMPARE(diff.totals.outsideTime.before, int64_t(7839744));
        QCOMPARE(diff.totals.outsideTime.after, int64_t(1026704));
        int castsOutside = 0;
        for (const Kernel &k : bf16_.kernels)
            if (bf16_.text(k.name).find("bfloat16_copy_kernel") != std::string_view::npos) {
                QVERIFY(k.flags & kKernelOutsideCapture);
                ++castsOutside;
            }
        QCOMPARE(castsOutside, 53);
        checkNothingDropped(diff);

        // 45 module paths, 82 outermost operators per side: all matched.
        QCOMPARE(diff.totals.matchedModules, size_t(45));
        QCOMPARE(diff.totals.addedModules + diff.totals.removedModules, size_t(0));
        QCOMPARE(diff.totals.operators.before, int64_t(82));
        QCOMPARE(diff.totals.operators.after, int64_t(82));
        QCOMPARE(diff.totals.matchedOperatorRows, size_t(82));
        QCOMPARE(diff.totals.matchedKernels, size_t(46));

        // Per module: the step's 6th kernel is blocks.0.attn.qkv's GEMM, the last one head's.
        auto module = [&](const std::string &path) -> const ModuleDiffRow & {
            const auto it = std::find_if(diff.modules.begin(), diff.modules.end(),
                                         [&](const ModuleDiffRow &m) { return m.path == path; });
            if (it == diff.modules.end())
                qFatal("no module row %s", path.c_str());
            return *it;
        };
        QCOMPARE(module("blocks.0.attn.qkv").gpuTime.before, int64_t(193637));
        QCOMPARE(module("blocks.0.attn.qkv").gpuTime.after, int64_t(14432));
        QCOMPARE(module("head").gpuTime.before, int64_t(528364));
        QCOMPARE(module("head").gpuTime.after, int64_t(39073));
        QCOMPARE(module("").gpuTime.ratio(), 428553.0 / 3941241.0);
        COMPARE_ENUM(module("blocks.0.attn.qkv").match, MatchKind::Path);

        // Per operator: the qkv linear and the attention of block 0.
        auto op = [&](const std::string &path, const std::string &name) -> const OperatorDiffRow & {
            const auto it = std::find_if(diff.operators.begin(), diff.operators.end(), [&](const OperatorDiffRow &o) {
                return o.module >= 0 && diff.modules[size_t(o.module)].path == path && o.name == name;
            });
            if (it == diff.operators.end())
                qFatal("no operator row %s %s", path.c_str(), name.c_str());
            return *it;
        };
        const OperatorDiffRow &qkv = op("blocks.0.attn.qkv", "aten::linear");
        COMPARE_ENUM(qkv.match, MatchKind::NameShapes);
        QCOMPARE(qkv.gpuTime.ratio(), 14432.0 / 193637.0);
        const OperatorDiffRow &sdpa = op("blocks.0.attn", "aten::scaled_dot_product_attention");
        QCOMPARE(sdpa.gpuTime.before, int64_t(58338));
        QCOMPARE(sdpa.gpuTime.after, int64_t(9792));

        // Kernels matched across precisions although their names differ: 17 GEMMs (16 linear layers
        // + head) and 4 attention kernels, by role.
        int gemms = 0, attention = 0;
        for (const KernelDiffRow &k : diff.kernels) {
            const std::string b = kernelNameBefore(diff, k), a = kernelNameAfter(diff, k);
            if (b.starts_with("sm80_xmma_gemm_f32f32")) {
                QVERIFY2(a.starts_with("nvjet_sm90_"), a.c_str());
                COMPARE_ENUM(k.match, MatchKind::Role);
                ++gemms;
            }
            if (b.starts_with("fmha_cutlassF_f32")) {
                QVERIFY2(a.find("wgmma") != std::string::npos && a.find("sdpa") != std::string::npos, a.c_str());
                COMPARE_ENUM(k.match, MatchKind::Role);
                ++attention;
            }
        }
        QCOMPARE(gemms, 17);
        QCOMPARE(attention, 4);

        // Counters of the matched GEMM: no tensor-core work in fp32, billions of bf16 HGMMA ops after
        // (ncu_raw.csv row 6 of each run).
        const int qkvKernel = qkv.kernelRows.front();
        bool seen = false;
        for (const CounterDelta &c : kernelCounterDeltas(diff, size_t(qkvKernel)))
            if (c.metric == "sm__ops_path_tensor_op_hgmma_src_bf16_dst_fp32_sparsity_off.sum") {
                QVERIFY(c.inBefore && c.inAfter);
                QCOMPARE(c.before, 0.0);
                QCOMPARE(c.after, 7474249728.0);
                seen = true;
            }
        QVERIFY(seen);

        // Dedup groups: the four blocks on both sides.
        const auto blocks = std::find_if(diff.groups.begin(), diff.groups.end(),
                                         [](const GroupDiffRow &g) { return g.name == "blocks.*"; });
        QVERIFY(blocks != diff.groups.end());
        COMPARE_ENUM(blocks->status, DiffStatus::Matched);
        QCOMPARE(blocks->members.before, int64_t(4));
        QCOMPARE(blocks->members.after, int64_t(4));
    }

    void baselineRunsGiveZScores()
    {
        // Two fp32 runs (the nsys timing run and the ncu replay, whose kernels total 4,858,880 ns)
        // form the baseline for the bf16 run.
        DiffOptions options;
        options.extraBeforeRuns = {&fp32NcuOnly_};
        const ProfileDiff diff = diffProfiles(fp32_, bf16_, options);
        QCOMPARE(diff.beforeRuns, size_t(2));
        const Significance &s = diff.totals.stepStats;
        QCOMPARE(s.runs, 2u);
        const double mean = (3941241.0 + 4858880.0) / 2;
        const double stddev = std::abs(4858880.0 - 3941241.0) / std::sqrt(2.0);
        QCOMPARE(s.mean, mean);
        QVERIFY(std::abs(s.stddev - stddev) < 1e-6);
        QVERIFY(s.hasZScore());
        QVERIFY(std::abs(s.zScore - (428553.0 - mean) / stddev) < 1e-9);
        QVERIFY(std::abs(s.pctDifference - 100.0 * (428553.0 - mean) / mean) < 1e-9);
        // Every kernel of the primary run has its counterpart in the ncu run: all rows have 2 runs.
        for (const KernelDiffRow &k : diff.kernels)
            QCOMPARE(k.stats.runs, 2u);
        // The qkv GEMM: 193,637 ns in nsys, 237,760 ns in the ncu replay (ncu_raw.csv row 6).
        const auto qkv = std::find_if(diff.modules.begin(), diff.modules.end(),
                                      [](const ModuleDiffRow &m) { return m.path == "blocks.0.attn.qkv"; });
        QCOMPARE(qkv->stats.mean, (193637.0 + 237760.0) / 2);
    }

    void cliGateBothWays()
    {
        const QString fp32 = joined(gpt4Capture("gpt4_fp32_infer"));
        const QString bf16 = joined(gpt4Capture("gpt4_bf16_infer"));
        // fp32 -> bf16: nothing got slower, not even by 0% at any level.
        for (const char *by : {"module", "operator", "kernel"}) {
            const Run right = opscope::test::runOpscopeText({"diff", fp32, bf16, "--by", by, "--fail-if-slower", "0"});
            QVERIFY2(right.exitCode == 0, qPrintable(right.err));
        }
        // JSON with counters: the qkv GEMM of block 0, fp32 SIMT -> bf16 HGMMA.
        const Run json = opscope::test::runOpscopeText({"diff", fp32, bf16, "--json", "--by", "kernel", "--counters"});
        QCOMPARE(json.exitCode, 0);
        const auto j = nlohmann::json::parse(json.out.toStdString());
        QCOMPARE(j["kernels"].size(), size_t(46));
        // Rows go module by module: find blocks.0.attn.qkv's GEMM by its fp32 duration (193,637 ns).
        const auto found = std::find_if(j["kernels"].begin(), j["kernels"].end(), [](const nlohmann::json &k) {
            return k["duration_ns"]["before"].get<int64_t>() == 193637;
        });
        QVERIFY(found != j["kernels"].end());
        const auto &gemm = *found;
        QVERIFY(gemm["before_name"].get<std::string>().starts_with("sm80_xmma_gemm_f32f32"));
        QVERIFY(gemm["after_name"].get<std::string>().starts_with("nvjet_sm90_tst_192x192"));
        QCOMPARE(gemm["duration_ns"]["before"].get<int64_t>(), int64_t(193637));
        QCOMPARE(gemm["duration_ns"]["after"].get<int64_t>(), int64_t(14432));
        bool hgmma = false;
        for (const auto &c : gemm["counters"])
            if (c["metric"] == "sm__ops_path_tensor_op_hgmma_src_bf16_dst_fp32_sparsity_off.sum") {
                QCOMPARE(c["before"].get<double>(), 0.0);
                QCOMPARE(c["after"].get<double>(), 7474249728.0);
                hgmma = true;
            }
        QVERIFY(hgmma);

        // Swapped: everything got slower.
        const Run swapped =
            opscope::test::runOpscopeText({"diff", bf16, fp32, "--fail-if-slower", "10", "--min-time", "5000"});
        QCOMPARE(swapped.exitCode, 4);
        QVERIFY(swapped.err.contains("slower: step kernel time"));
        QVERIFY(swapped.out.contains("aten::scaled_dot_product_attention"));
    }

    void cliJsonAndReports()
    {
        const QString before = QString::fromStdString(opProfiler("conv_block", "profile.json"));
        const QString after = QString::fromStdString(opProfiler("conv_block", "profile_optimized.json"));
        const Run run =
            opscope::test::runOpscopeText({"diff", before, after, "--json", "--by", "kernel", "--counters"});
        QCOMPARE(run.exitCode, 0);
        const auto j = nlohmann::json::parse(run.out.toStdString());
        QCOMPARE(j["totals"]["kernel_time_ns"]["before"].get<int64_t>(), int64_t(529757));
        QCOMPARE(j["totals"]["kernel_time_ns"]["after"].get<int64_t>(), int64_t(319035));
        QCOMPARE(j["totals"]["unattributed_time_ns"]["after"].get<int64_t>(), int64_t(6656));
        QCOMPARE(j["kernels"].size(),
                 size_t(j["rows"]["kernels"]["matched"].get<int>() + j["rows"]["kernels"]["added"].get<int>() +
                        j["rows"]["kernels"]["removed"].get<int>()));
        QCOMPARE(j["operators"].size(), size_t(11)); // 9 matched rows, aten::t added, the unattributed row

        QTemporaryDir dir;
        const QString md = dir.filePath("diff.md"), html = dir.filePath("diff.html");
        QCOMPARE(opscope::test::runOpscopeText({"diff", before, after, "--report", md}).exitCode, 0);
        QCOMPARE(opscope::test::runOpscopeText({"diff", before, after, "--report", html, "--by", "module"}).exitCode,
                 0);
        std::ifstream mdFile(md.toStdString()), htmlFile(html.toStdString());
        std::stringstream mdText, htmlText;
        mdText << mdFile.rdbuf();
        htmlText << htmlFile.rdbuf();
        QVERIFY(
            mdText.str().find("| kernel time (attributed) | 529.76 us | 319.04 us | -210.72 us | 0.602x | -39.8% |") !=
            std::string::npos);
        QVERIFY(mdText.str().find("aten::cudnn\\_convolution") != std::string::npos);
        QVERIFY(htmlText.str().starts_with("<!DOCTYPE html>"));
        QVERIFY(htmlText.str().find("<td class=\"n\">529.76 us</td>") != std::string::npos);

        QCOMPARE(opscope::test::runOpscopeText({"diff", before, after, "--by", "files"}).exitCode, 2);
        QCOMPARE(opscope::test::runOpscopeText({"diff", before, after, "--report", dir.filePath("x.pdf")}).exitCode, 2);
        const Run missing = opscope::test::runOpscopeText({"diff", before, dir.filePath("nothing.json")});
        QCOMPARE(missing.exitCode, 1);
    }

    void oldRootNameStillCompares()
    {
        // tests/data/h100_train2 was captured by a launcher that called the root "model" ("model[GPT]");
        // today's labels it "[GPT]". The same capture relabelled the new way, and a stored profile whose
        // root path is still "model", compare with it module by module.
        QTemporaryDir dir;
        const std::string oldSqlite = dir.filePath("old.sqlite").toStdString();
        const std::string newSqlite = dir.filePath("new.sqlite").toStdString();
        QVERIFY(test::gunzipFile(test::sourceFile("tests/data/h100_train2/nsys.sqlite.gz"), oldSqlite));
        QVERIFY(test::gunzipFile(test::sourceFile("tests/data/h100_train2/nsys.sqlite.gz"), newSqlite));
        execSql(newSqlite, "UPDATE StringIds SET value = '[GPT]' WHERE value = 'model[GPT]'");
        const Profile before = importCapture({oldSqlite});
        const Profile after = importCapture({newSqlite});
        for (const Profile *p : {&before, &after}) {
            const ModuleTree tree = buildModuleTree(*p);
            QVERIFY(tree.find("") >= 0);
            QCOMPARE(tree.find("model"), -1);
            QCOMPARE(tree.nodes[size_t(tree.find(""))].displayName(), std::string("[GPT]"));
        }
        auto checkAllMatchedByPath = [](const ProfileDiff &diff) {
            QVERIFY(diff.modules.size() > 10);
            for (const ModuleDiffRow &row : diff.modules) {
                COMPARE_ENUM(row.status, DiffStatus::Matched);
                COMPARE_ENUM(row.match, MatchKind::Path);
            }
        };
        checkAllMatchedByPath(diffProfiles(before, after));

        // A stored profile of the old naming: its root path written as "model".
        const std::string stored = dir.filePath("old.opscope").toStdString();
        saveProfile(before, stored);
        execSql(stored, "UPDATE modules SET path = (SELECT id FROM strings WHERE value = 'model') "
                        "WHERE path = (SELECT id FROM strings WHERE value = '')");
        const Profile reopened = loadProfile(stored);
        QCOMPARE(buildModuleTree(reopened).find("model"), -1);
        checkAllMatchedByPath(diffProfiles(reopened, after));
    }

    void kernelCellsNameEveryKernel()
    {
        // torch.profiler writes "(anonymous namespace)" into kernel names: the kernel table once cut
        // the layer norm's name there and left both cells empty. The GPT pair: 3 steps x 9 layer norms.
        const Run run = opscope::test::runOpscopeText(
            {"diff", QString::fromStdString(fixture("h100/gpt4_bf16_infer/kineto.json")),
             QString::fromStdString(fixture("h100/gpt4_fp32_infer/kineto.json")), "--by", "kernel"});
        QCOMPARE(run.exitCode, 0);
        int layerNorms = 0;
        for (const QString &line : run.out.split(QLatin1Char('\n')))
            layerNorms += line.contains("aten::layer_norm") &&
                          line.contains("vectorized_layer_norm_kernel<c10::BFloat16, f...") &&
                          line.contains("vectorized_layer_norm_kernel<float, float, fa...");
        QCOMPARE(layerNorms, 27);
    }

    void reportsShowThePlainAndTheCapturedStep()
    {
        // The launcher's step times of both sides (reference and captured medians): in the totals, the
        // reports and the JSON; absent from a comparison where neither side has them.
        Profile before = fp32_, after = bf16_;
        setReferenceTiming(before, {10'500'000, 21'000'000, 3, "cuda_event"});
        setReferenceTiming(after, {4'200'000, 9'870'000, 3, "cuda_event"});
        const ProfileDiff diff = diffProfiles(before, after);
        QCOMPARE(diff.totals.referenceStep.before, int64_t(10'500'000));
        QCOMPARE(diff.totals.referenceStep.after, int64_t(4'200'000));
        QCOMPARE(diff.totals.capturedStep.before, int64_t(21'000'000));
        QCOMPARE(diff.totals.capturedStep.after, int64_t(9'870'000));
        std::ostringstream md;
        writeDiffMarkdown(diff, DiffLevel::Module, md);
        QVERIFY2(md.str().find("| plain step (reference, launcher) | 10.500 ms | 4.200 ms | -6.300 ms | 0.400x | "
                               "-60.0% |") != std::string::npos,
                 md.str().c_str());
        QVERIFY(md.str().find("| captured step (launcher) | 21.000 ms | 9.870 ms |") != std::string::npos);
        std::ostringstream html;
        writeDiffHtml(diff, DiffLevel::Module, html);
        QVERIFY(html.str().find("<td>plain step (reference, launcher)</td><td class=\"n\">10.500 ms</td>") !=
                std::string::npos);
        std::ostringstream plain;
        writeDiffMarkdown(diffProfiles(fp32_, bf16_), DiffLevel::Module, plain);
        QVERIFY(plain.str().find("plain step") == std::string::npos);

        QTemporaryDir dir;
        const std::string b = dir.filePath("before.opscope").toStdString(),
                          a = dir.filePath("after.opscope").toStdString();
        saveProfile(before, b);
        saveProfile(after, a);
        const Run run =
            opscope::test::runOpscopeText({"diff", QString::fromStdString(b), QString::fromStdString(a), "--json"});
        QCOMPARE(run.exitCode, 0);
        const auto j = nlohmann::json::parse(run.out.toStdString());
        QCOMPARE(j["totals"]["reference_step_ns"]["before"].get<int64_t>(), int64_t(10'500'000));
        QCOMPARE(j["totals"]["captured_step_ns"]["after"].get<int64_t>(), int64_t(9'870'000));
    }
};

} // namespace tst_diff_suite

OPSCOPE_TEST_SUITE(tst_diff, tst_diff_suite::TestDiff, Appless)
#include "tst_diff.moc"
