// Distinct-launch replay on a real capture (the bf16 GPT, 4 identical blocks: nsys + ncu of the captured
// step, two processes): the signatures and the plan from the nsys capture, the NVTX filters checked
// against the NVTX stacks ncu itself recorded in the other process, and the copy step on what ncu would
// have written under those filters, against the counters of the full replay.
#include "opscope/capture_import.h"
#include "opscope/labels.h"
#include "opscope/metadata_keys.h"
#include "opscope/pipeline/distinct_launches.h"
#include "test_suite.h"
#include "test_util.h"

#include <QTemporaryDir>
#include <QTest>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>

namespace tst_distinct_launches_suite {

using namespace opscope;
using namespace opscope::pipeline;
using opscope::test::fixture;
using opscope::test::tempPath;

namespace {

const std::string kCapture = "h100/gpt4_bf16_infer/";

// The lines of ncu's raw CSV: header, units, then one row per profiled kernel.
std::vector<std::string> csvLines(const std::string &path)
{
    std::ifstream in(path);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);)
        lines.push_back(line);
    return lines;
}

// The range texts of a row's push/pop stack column ("<default domain>:TEXT:none:..." in quotes).
std::vector<std::string> stackRanges(const std::string &row)
{
    std::vector<std::string> out;
    static const std::string kPrefix = "\"\"<default domain>:";
    for (size_t at = row.find(kPrefix); at != std::string::npos; at = row.find(kPrefix, at + 1)) {
        const size_t start = at + kPrefix.size();
        const size_t end = row.find(":none:", start);
        if (end != std::string::npos)
            out.push_back(row.substr(start, end - start));
    }
    return out;
}

// Whether ncu would profile the row under `filters`: one of its push/pop ranges matches one of them.
bool included(const std::string &row, const std::vector<NvtxFilter> &filters)
{
    for (const NvtxFilter &f : filters) {
        // "regex:PATTERN/": the pattern, as ncu reads it, against each range of the stack.
        const std::regex pattern(f.expression.substr(6, f.expression.size() - 7));
        for (const std::string &range : stackRanges(row))
            if (std::regex_search(range, pattern))
                return true;
    }
    return false;
}

} // namespace

class TestDistinctLaunches : public QObject {
    Q_OBJECT
private slots:
    void planFromTheNsysCapture()
    {
        const Profile capture = importCapture({fixture(kCapture + "nsys.sqlite")});
        const DistinctLaunchPlan plan = planDistinctLaunches(capture);
        QCOMPARE(QString::fromStdString(plan.unusable), QString());
        // 46 kernels in the captured step; 12 (name, grid, block) among them in ncu's CSV, and the two
        // projections that share a GEMM kernel and its launch (attn.proj K=768, mlp.out K=3072) are two
        // signatures by their input shapes: 13.
        QCOMPARE(plan.kernels, size_t(46));
        QCOMPARE(plan.signatures, size_t(13));
        QCOMPARE(plan.opIds.size(), size_t(13));
        // Each chosen operator launches one kernel here: ncu profiles 13 of 46.
        QCOMPARE(plan.profiled, size_t(13));
        // Every kernel of the step in exactly one signature, the first launches in blocks.0 or outside
        // the blocks.
        std::set<std::string> signatures;
        for (Index k = 0; k < capture.kernels.size(); ++k)
            if (!(capture.kernels[k].flags & kKernelOutsideCapture))
                signatures.insert(launchSignature(capture, k));
        QCOMPARE(signatures.size(), plan.signatures);

        const std::vector<NvtxFilter> filters = distinctLaunchFilters(plan);
        QCOMPARE(filters.size(), size_t(1));
        QVERIFY(filters[0].pushPop);
        QVERIFY(filters[0].expression.starts_with("regex:^.*, op_id = ("));
        QVERIFY(filters[0].expression.ends_with(")(,.*)?$/"));
        QVERIFY(filters[0].expression.find_first_of("[]") == std::string::npos);
    }

    // ncu's CSV of the same step (another process) lists every kernel's NVTX stack with emit_nvtx's
    // op_ids: the filters planned from the nsys capture pick exactly the planned launches there, so the
    // op_ids are the same in both runs and the filter expression matches the ranges as intended.
    void filtersPickThePlannedLaunchesInNcusRun()
    {
        const DistinctLaunchPlan plan = planDistinctLaunches(importCapture({fixture(kCapture + "nsys.sqlite")}));
        const std::vector<NvtxFilter> filters = distinctLaunchFilters(plan);
        const std::vector<std::string> lines = csvLines(fixture(kCapture + "ncu_raw.csv"));
        QCOMPARE(lines.size(), size_t(2 + 46));
        size_t picked = 0;
        std::set<std::string> names;
        for (size_t i = 2; i < lines.size(); ++i)
            if (included(lines[i], filters))
                ++picked;
        QCOMPARE(picked, plan.profiled);
    }

    // The replay's CSV as ncu would write it under the filters (the full CSV's rows that they pick),
    // imported and copied: every kernel of the step has counters, the copies are the counters of the
    // first launch of their signature, and they agree with the full replay's own where the work is the
    // same (launch configuration exactly; duration within ncu's run-to-run noise).
    void copyStepAgainstTheFullReplay()
    {
        const std::string nsys = fixture(kCapture + "nsys.sqlite");
        const std::string fullCsv = fixture(kCapture + "ncu_raw.csv");
        const DistinctLaunchPlan plan = planDistinctLaunches(importCapture({nsys}));
        const std::vector<NvtxFilter> filters = distinctLaunchFilters(plan);
        const std::vector<std::string> lines = csvLines(fullCsv);
        QTemporaryDir dir;
        const std::string distinctCsv = tempPath(dir, "ncu_raw.csv");
        {
            std::ofstream out(distinctCsv);
            out << lines[0] << "\n" << lines[1] << "\n";
            for (size_t i = 2; i < lines.size(); ++i)
                if (included(lines[i], filters))
                    out << lines[i] << "\n";
        }
        Profile distinct = importCapture({nsys, distinctCsv});
        const Profile full = importCapture({nsys, fullCsv});
        QCOMPARE(distinct.kernels.size(), full.kernels.size());

        // Before the copy: rows on the 13 first launches, and on one more kernel that the import itself gave
        // a row (same module, operator, shapes and launch as a profiled one): blocks.0's second residual add.
        std::set<std::string> seen;
        std::vector<Index> notFirstWithRow;
        for (Index k = 0; k < distinct.kernels.size(); ++k)
            if (!(distinct.kernels[k].flags & kKernelOutsideCapture) &&
                !seen.insert(launchSignature(distinct, k)).second && !distinct.countersOfKernel(k).empty())
                notFirstWithRow.push_back(k);
        QCOMPARE(notFirstWithRow.size(), size_t(1));
        const Kernel &add = distinct.kernels[notFirstWithRow[0]];
        QCOMPARE(distinct.text(distinct.modules[add.module].path), std::string_view("blocks.0"));
        QVERIFY(distinct.text(add.name).find("CUDAFunctor_add") != std::string_view::npos);

        const DistinctCopyReport report = propagateDistinctLaunchCounters(distinct);
        QCOMPARE(QString::fromStdString(report.problems.empty() ? "" : report.problems.front()), QString());
        QCOMPARE(report.kernels, size_t(46));
        QCOMPARE(report.signatures, size_t(13));
        // The import itself gives a row to a kernel of the same module, operator, shapes and launch as a
        // profiled one: blocks.0's second residual add (its first is the add signature's first launch).
        QCOMPARE(*distinct.metadataValue(kNcuReplicatedToStepsKey), std::string("1"));
        QCOMPARE(report.profiled, size_t(14));
        QCOMPARE(report.kernelsFilled, size_t(32));
        size_t withCounters = 0;
        for (Index k = 0; k < distinct.kernels.size(); ++k) {
            if (distinct.kernels[k].flags & kKernelOutsideCapture)
                continue;
            withCounters += !distinct.countersOfKernel(k).empty();
            QCOMPARE(distinct.countersOfKernel(k).size(), full.countersOfKernel(k).size());
            for (const char *metric : {"launch__grid_size", "launch__block_size", "launch__registers_per_thread"})
                QCOMPARE(distinct.kernelCounter(k, metric, -1), full.kernelCounter(k, metric, -2));
            const double a = distinct.kernelCounter(k, "gpu__time_duration.sum", -1);
            const double b = full.kernelCounter(k, "gpu__time_duration.sum", -1);
            // ncu's own run-to-run noise on these short kernels (3-60 us) stays within 15 %.
            QVERIFY2(std::abs(a - b) <= 0.15 * b, qPrintable(QString("kernel %1 %2: %3 ns copied, %4 ns profiled")
                                                                 .arg(k)
                                                                 .arg(QString::fromUtf8(distinct.kernelDisplayName(k)))
                                                                 .arg(a)
                                                                 .arg(b)));
        }
        QCOMPARE(withCounters, size_t(46));
    }

    // A copy is refused, and said, when the profiled launch's own launch metrics do not give the
    // kernel's configuration (its row came from another launch).
    void copyRefusedWhenNcusLaunchDiffers()
    {
        const std::string nsys = fixture(kCapture + "nsys.sqlite");
        const DistinctLaunchPlan plan = planDistinctLaunches(importCapture({nsys}));
        const std::vector<NvtxFilter> filters = distinctLaunchFilters(plan);
        const std::vector<std::string> lines = csvLines(fixture(kCapture + "ncu_raw.csv"));
        QTemporaryDir dir;
        const std::string csv = tempPath(dir, "ncu_raw.csv");
        {
            std::ofstream out(csv);
            out << lines[0] << "\n" << lines[1] << "\n";
            for (size_t i = 2; i < lines.size(); ++i)
                if (included(lines[i], filters))
                    out << lines[i] << "\n";
        }
        Profile p = importCapture({nsys, csv});
        // The layer norm's profiled launch (9 launches of one signature) as if ncu had seen another block size.
        const Index metric = p.findMetric("launch__block_dim_x");
        QVERIFY(metric != kNoIndex);
        Index source = kNoIndex;
        for (Index k = 0; k < p.kernels.size() && source == kNoIndex; ++k)
            if (!(p.kernels[k].flags & kKernelOutsideCapture) && !p.countersOfKernel(k).empty() &&
                std::string_view(p.kernelDisplayName(k)).find("layer_norm") != std::string_view::npos)
                source = k;
        QVERIFY(source != kNoIndex);
        for (MetricValue &v : p.kernel_counters)
            if (v.owner == source && v.metric == metric)
                v.value += 1;
        const DistinctCopyReport report = propagateDistinctLaunchCounters(p);
        QCOMPARE(report.kernelsFilled, size_t(32 - 8));
        QCOMPARE(report.problems.size(), size_t(8));
        QVERIFY2(report.problems[0].find("the profiled launch of its signature has launch__block_dim_x 33 where the "
                                         "kernel has 32: no counters copied") != std::string::npos,
                 report.problems[0].c_str());
    }

    // A capture whose step has kernels outside any emit_nvtx operator (here: a torch.profiler trace,
    // which has no NVTX op_ids at all) cannot drive the replay, and the plan says why.
    void unusableWithoutOperatorRanges()
    {
        const DistinctLaunchPlan plan = planDistinctLaunches(importCapture({fixture("h100/kineto_gpt4_train.json")}));
        QVERIFY(!plan.unusable.empty());
        QVERIFY2(plan.unusable.find("have no emit_nvtx operator range") != std::string::npos, plan.unusable.c_str());
    }
};

} // namespace tst_distinct_launches_suite

OPSCOPE_TEST_SUITE(tst_distinct_launches, tst_distinct_launches_suite::TestDistinctLaunches, Core)
#include "tst_distinct_launches.moc"
