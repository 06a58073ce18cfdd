// Nsight Compute CSV (raw and details pages) and .ncu-rep import on real ncu output.
//
// Expected numbers were read off the files with Python's csv module (scripts quoted in comments).
// Files: shared/fixtures/h100/* (ncu 2025.3.1 on an H100, see fixtures/README.md), the public superbench
// log, and tests/data/ncu_probe/* — real ncu 2025.3.1 output of tests/data/ncu_probe/probe.cu made for
// this suite on the H100 (`ncu --nvtx --metrics ... -o probe ./probe`, then `ncu --import probe.ncu-rep
// --csv --page raw [--print-units base]` / `--page details`, and one `ncu --nvtx --csv` console capture).
// The probe exercises what the GPT fixtures do not: NVTX payloads and colours (Msg repeats the name),
// a custom domain whose name holds ':', a registered string, start/end ranges, a message with double
// quotes (which ncu writes into the CSV unescaped) and launches outside any range.
#include "opscope/errors.h"
#include "opscope/importer.h"
#include "opscope/metadata_keys.h"
#include "opscope/profile.h"
#include "test_suite.h"
#include "test_util.h"

#include <QDir>
#include <QFile>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

namespace tst_ncu_import_suite {

using namespace opscope;
using opscope::test::fixture;
using opscope::test::sourceFile;
using opscope::test::tempPath;

namespace {

std::string probe(const std::string &name)
{
    return sourceFile("tests/data/ncu_probe/" + name);
}

std::string readAll(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

void writeAll(const std::string &path, const std::string &data)
{
    std::ofstream out(path, std::ios::binary);
    out << data;
}

Index kernelByLabel(const Profile &p, std::string_view label)
{
    for (Index k = 0; k < p.kernels.size(); ++k)
        if (p.text(p.kernels[k].label) == label)
            return k;
    return kNoIndex;
}

const MetricValue *counter(const Profile &p, Index kernel, std::string_view metric)
{
    const Index m = p.findMetric(metric);
    if (m == kNoIndex)
        return nullptr;
    for (const MetricValue &v : p.countersOfKernel(kernel))
        if (v.metric == m)
            return &v;
    return nullptr;
}

double number(const Profile &p, Index kernel, std::string_view metric)
{
    const MetricValue *v = counter(p, kernel, metric);
    return v && !(v->flags & kValueText) ? v->value : -1.0;
}

std::string unitOf(const Profile &p, std::string_view metric)
{
    const Index m = p.findMetric(metric);
    return m == kNoIndex ? std::string("<none>") : std::string(p.text(p.metrics[m].unit));
}

// The push/pop ranges on the kernel's launching thread that enclose it, outermost first per domain.
std::vector<const Range *> enclosing(const Profile &p, Index kernel, RangeKind kind = RangeKind::PushPop)
{
    const Kernel &k = p.kernels[kernel];
    std::vector<const Range *> out;
    for (const Range &r : p.ranges)
        if (r.kind == kind && r.start_ns <= k.start_ns && r.end_ns >= k.end_ns &&
            (kind != RangeKind::PushPop || r.thread == k.launch_thread))
            out.push_back(&r);
    std::stable_sort(out.begin(), out.end(), [](const Range *a, const Range *b) { return a->depth < b->depth; });
    return out;
}

std::string innermostText(const Profile &p, Index kernel, std::string_view domain = "default")
{
    std::string text;
    for (const Range *r : enclosing(p, kernel))
        if (p.text(r->domain) == domain)
            text = p.text(r->text);
    return text;
}

const Range *rangeByText(const Profile &p, std::string_view text, RangeKind kind)
{
    const Range *found = nullptr;
    for (const Range &r : p.ranges)
        if (r.kind == kind && p.text(r.text) == text) {
            if (found)
                return nullptr; // not unique
            found = &r;
        }
    return found;
}

bool hasWarning(const Profile &p, std::string_view part)
{
    for (const auto &w : p.warnings)
        if (w.find(part) != std::string::npos)
            return true;
    return false;
}

// Imports and returns the FileError's text, or "" when it loaded.
std::string importError(const std::string &path, std::string *errorPath = nullptr)
{
    try {
        importFile(path);
    } catch (const FileError &e) {
        if (errorPath)
            *errorPath = e.path();
        return e.problem();
    }
    return {};
}

} // namespace

class TestNcuImport : public QObject {
    Q_OBJECT
private slots:
    void importsRealFiles_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("page");
        QTest::addColumn<int>("kernels");
        QTest::addColumn<qlonglong>("totalNs");
        QTest::addColumn<int>("counters");
        // kernels / totalNs (sum of gpu__time_duration.sum, or "Duration" on the details page, in ns) /
        // counters (non-empty, non-n/a metric cells + rule names per launch + non-empty NVTX cells
        // + the details page's Context column per launch), computed with Python like:
        //   r = list(csv.reader(open(f, newline=''))); h, u, data = r[0], r[1], r[2:]
        //   sum(num(x[h.index('gpu__time_duration.sum')]) * SCALE[u[...]] for x in data)
        // For the probe files the one row with the unescaped quote is repaired for Python
        // (quote"inside -> quote""inside) before csv.reader, since Python's csv splits it wrongly.
        QTest::newRow("bf16 raw") << "h100/gpt4_bf16_infer/ncu_raw.csv"
                                  << "raw" << 46 << 591712LL << 59984;
        QTest::newRow("fp32 raw") << "h100/gpt4_fp32_infer/ncu_raw.csv"
                                  << "raw" << 46 << 4858880LL << 59984;
        QTest::newRow("mlp raw") << "h100/mlp_bf16_infer/ncu_raw.csv"
                                 << "raw" << 12 << 102112LL << 15648;
        QTest::newRow("all kernels, auto units") << "h100/gpt4_all_kernels/ncu_raw_auto_units.csv"
                                                 << "raw" << 192 << 2005120LL << 250314;
        // 4590 rows: 3840 metric rows + 750 rule rows, 548 distinct (launch, rule) pairs, 138 NVTX cells,
        // 192 Context cells: 3840 + 548 + 138 + 192 = 4718.
        QTest::newRow("all kernels, details") << "h100/gpt4_all_kernels/ncu_details.csv"
                                              << "details" << 192 << 2005140LL << 4718;
        // 1 launch (ID 0): 50 metric rows with a value, 8 rule rows of 4 distinct rules, its Context:
        // 50 + 4 + 1 = 55.
        QTest::newRow("superbench log") << "public/ncu/superbenchmark__cublaslt_ncu.log"
                                        << "details" << 1 << 406240LL << 55;
        QTest::newRow("probe raw base") << "probe:probe_raw_base.csv"
                                        << "raw" << 10 << 56672LL << 2659;
        QTest::newRow("probe raw auto") << "probe:probe_raw_auto.csv"
                                        << "raw" << 10 << 56672LL << 2659;
        // 6 metrics x 10 launches + 9 NVTX cells + 10 Context cells.
        QTest::newRow("probe details") << "probe:probe_details.csv"
                                       << "details" << 10 << 56670LL << 79;
        // `ncu --nvtx --csv` on the console: details page after ==PROF== lines and "probe done".
        QTest::newRow("probe console") << "probe:probe_console.log"
                                       << "details" << 10 << 56192LL << 29;
    }

    void importsRealFiles()
    {
        QFETCH(QString, file);
        QFETCH(QString, page);
        QFETCH(int, kernels);
        QFETCH(qlonglong, totalNs);
        QFETCH(int, counters);
        const std::string name = file.toStdString();
        const std::string path = name.rfind("probe:", 0) == 0 ? probe(name.substr(6)) : fixture(name);

        const Profile p = importFile(path);
        QCOMPARE(p.source_format, std::string("ncu-csv"));
        QCOMPARE(p.source_path, path);
        QCOMPARE(int(p.kernels.size()), kernels);
        QCOMPARE(int(p.kernel_counters.size()), counters);
        QCOMPARE(*p.metadataValue(kNcuPageKey), page.toStdString());
        QCOMPARE(*p.metadataValue(kTimelineKey), std::string("serialised by Nsight Compute (no real timestamps)"));
        // No row was dropped and every launch had its duration.
        QVERIFY2(p.warnings.empty(), p.warnings.empty() ? "" : p.warnings.front().c_str());

        // The serial timeline: back to back from 0, in ID order, adding up to the durations' sum.
        int64_t at = 0;
        for (Index k = 0; k < p.kernels.size(); ++k) {
            QCOMPARE(p.kernels[k].start_ns, at);
            QVERIFY(p.kernels[k].end_ns > p.kernels[k].start_ns);
            QCOMPARE(std::string(p.text(p.kernels[k].label)),
                     std::to_string(std::stoll(std::string(p.text(p.kernels[0].label))) + k));
            at = p.kernels[k].end_ns;
        }
        QCOMPARE(at, int64_t(totalNs));
        QCOMPARE(p.totalKernelTimeNs(), int64_t(totalNs));
        QCOMPARE(p.span_end_ns, int64_t(totalNs));
        QVERIFY(!p.devices.empty());
    }

    void spotValuesBaseUnits()
    {
        // bf16 ID 5 (Python csv): nvjet_sm90_tst_192x192_64x4_2x1_v_bz_coopB_bias_TNN, grid (2, 66, 1),
        // block (384, 1, 1), gpu__time_duration.sum "18,976" ns, dram__bytes.sum.per_second
        // "358,043,844,856.66" byte/s, sm__ops_path_tensor_op_hgmma_src_bf16_dst_fp32_sparsity_off.sum
        // "7,474,249,728", launch__registers_per_thread "168", launch__shared_mem_per_block_dynamic
        // "213,204" byte/block, launch__func_cache_config "CachePreferNone", stream "7", device "0".
        const Profile p = importFile(fixture("h100/gpt4_bf16_infer/ncu_raw.csv"));
        const Index k = kernelByLabel(p, "5");
        QVERIFY(k != kNoIndex);
        const Kernel &kernel = p.kernels[k];
        QCOMPARE(p.text(kernel.name), std::string_view("nvjet_sm90_tst_192x192_64x4_2x1_v_bz_coopB_bias_TNN"));
        QCOMPARE(kernel.grid, (Dim3{2, 66, 1}));
        QCOMPARE(kernel.block, (Dim3{384, 1, 1}));
        QCOMPARE(kernel.stream, 7u);
        QCOMPARE(kernel.device, 0);
        QCOMPARE(kernel.registers_per_thread, 168u);
        QCOMPARE(kernel.dynamic_shared_bytes, 213204u);
        QCOMPARE(kernel.static_shared_bytes, 0u);
        QCOMPARE(kernel.duration(), int64_t(18976));

        const MetricValue *duration = counter(p, k, "gpu__time_duration.sum");
        QVERIFY(duration);
        QCOMPARE(duration->value, 18976.0);
        QCOMPARE(int(duration->flags), int(kValueIntegral));
        QCOMPARE(unitOf(p, "gpu__time_duration.sum"), std::string("ns"));
        QCOMPARE(number(p, k, "dram__bytes.sum.per_second"), 358043844856.66);
        QCOMPARE(int(counter(p, k, "dram__bytes.sum.per_second")->flags), 0);
        QCOMPARE(unitOf(p, "dram__bytes.sum.per_second"), std::string("byte/s"));
        // A value written with thousands separators.
        QCOMPARE(number(p, k, "sm__ops_path_tensor_op_hgmma_src_bf16_dst_fp32_sparsity_off.sum"), 7474249728.0);
        QCOMPARE(number(p, k, "device__attribute_total_memory"), 85017493504.0);
        // Text values.
        const MetricValue *cache = counter(p, k, "launch__func_cache_config");
        QVERIFY(cache && (cache->flags & kValueText));
        QCOMPARE(p.text(cache->text), std::string_view("CachePreferNone"));
        // Empty cells (launch__kernel_name is "" in every row) give no value.
        QVERIFY(!counter(p, k, "launch__kernel_name"));

        // One device, named by device__attribute_display_name, with CC and attributes.
        QCOMPARE(int(p.devices.size()), 1);
        QCOMPARE(p.text(p.devices[0].name), std::string_view("NVIDIA H100 80GB HBM3"));
        const auto &props = p.devices[0].properties;
        const auto prop = [&](const std::string &key) {
            for (const auto &[k2, v] : props)
                if (k2 == key)
                    return v;
            return std::string("<none>");
        };
        QCOMPARE(prop("CC"), std::string("9.0"));
        QCOMPARE(prop("multiprocessor_count"), std::string("132"));
        QCOMPARE(prop("l2_cache_size"), std::string("52428800"));
        QCOMPARE(*p.metadataValue(kProcessNameKey), std::string("python3.12"));
    }

    void autoUnitsMatchBaseUnits()
    {
        // gpt4_all_kernels is another run of the same bf16 GPT under ncu without an NVTX filter: 192
        // launches = init + 2 warm-up steps + the captured step. Its last 46 launches (IDs 146..191)
        // are the captured step, the same launches as gpt4_bf16_infer's IDs 0..45: Python csv shows
        // equal Kernel Name, Block Size and Grid Size for every pair (ID i <-> ID 146 + i), and only
        // those 46 have a push/pop stack that starts with CAPTURE. So bf16 ID 5 is all-kernels ID 151.
        // Timings differ between the two runs (18,976 ns vs 18.400000 us), so the comparison uses
        // what does not change between runs: launch configuration and counted work.
        const Profile base = importFile(fixture("h100/gpt4_bf16_infer/ncu_raw.csv"));
        const Profile autoUnits = importFile(fixture("h100/gpt4_all_kernels/ncu_raw_auto_units.csv"));
        const Index b = kernelByLabel(base, "5");
        const Index a = kernelByLabel(autoUnits, "151");
        QVERIFY(a != kNoIndex && b != kNoIndex);
        QCOMPARE(autoUnits.text(autoUnits.kernels[a].name), base.text(base.kernels[b].name));
        QCOMPARE(autoUnits.kernels[a].grid, base.kernels[b].grid);
        QCOMPARE(autoUnits.kernels[a].block, base.kernels[b].block);
        // "Kbyte/block" 213.204000 -> 213204 byte/block; "Kbyte" 233.472000 and 5.120000 -> bytes.
        QCOMPARE(unitOf(autoUnits, "launch__shared_mem_per_block_dynamic"), std::string("byte/block"));
        QCOMPARE(unitOf(autoUnits, "launch__shared_mem_config_size"), std::string("byte"));
        for (const char *metric : {"launch__shared_mem_per_block_dynamic", "launch__shared_mem_config_size",
                                   "derived__lts__lts2xbar_bytes.sum.peak_sustained", "launch__registers_per_thread",
                                   "sm__ops_path_tensor_op_hgmma_src_bf16_dst_fp32_sparsity_off.sum"})
            QCOMPARE(number(autoUnits, a, metric), number(base, b, metric));
        QCOMPARE(autoUnits.kernels[a].dynamic_shared_bytes, 213204u);
        // Auto-scaled rates: "0.368737" Tbyte/s and "1.435383" Ghz, scaled exactly on the decimal text.
        QCOMPARE(number(autoUnits, a, "dram__bytes.sum.per_second"), 368737000000.0);
        QCOMPARE(unitOf(autoUnits, "dram__bytes.sum.per_second"), std::string("byte/s"));
        QCOMPARE(number(autoUnits, a, "sm__cycles_elapsed.avg.per_second"), 1435383000.0);
        QCOMPARE(unitOf(autoUnits, "sm__cycles_elapsed.avg.per_second"), std::string("hz"));
        QCOMPARE(autoUnits.kernels[a].duration(), int64_t(18400)); // "18.400000" us

        // ncu_details.csv is the same report as ncu_raw_auto_units.csv (same process 556, same 192 IDs),
        // its values rounded to 2 decimals: "Duration" "18.40" us, "SM Frequency" "1.43" Ghz for ID 151;
        // the raw page has them as gpu__time_duration.sum "18.400000" us and
        // gpc__cycles_elapsed.avg.per_second "1.434898" Ghz ("Elapsed Cycles" is gpc__cycles_elapsed.max).
        const Profile details = importFile(fixture("h100/gpt4_all_kernels/ncu_details.csv"));
        const Index d = kernelByLabel(details, "151");
        QVERIFY(d != kNoIndex);
        QCOMPARE(details.text(details.kernels[d].name), autoUnits.text(autoUnits.kernels[a].name));
        QCOMPARE(unitOf(details, "Duration"), std::string("ns"));
        QCOMPARE(unitOf(details, "SM Frequency"), std::string("hz"));
        QVERIFY(std::abs(number(details, d, "Duration") - number(autoUnits, a, "gpu__time_duration.sum")) <= 5.0);
        QVERIFY(std::abs(number(details, d, "SM Frequency") -
                         number(autoUnits, a, "gpc__cycles_elapsed.avg.per_second")) <= 0.005e9);
        QCOMPARE(number(details, d, "SM Frequency"), 1.43e9);
        QCOMPARE(number(details, d, "Elapsed Cycles"), 26690.0);            // "26,690" cycle
        QCOMPARE(number(autoUnits, a, "gpc__cycles_elapsed.max"), 26690.0); // "26690.000000" cycle
        // Every launch: the details page's Duration is the raw page's within the rounding (0.005 us).
        for (Index k = 0; k < details.kernels.size(); ++k) {
            const Index r = kernelByLabel(autoUnits, details.text(details.kernels[k].label));
            QVERIFY(std::abs(details.kernels[k].duration() - autoUnits.kernels[r].duration()) <= 5);
        }
        // Rules: three fired for ID 151; the estimated speedup is kept with the message.
        const MetricValue *rule = counter(details, d, "rule:WorkloadImbalance");
        QVERIFY(rule && (rule->flags & kValueText));
        const std::string ruleText(details.text(rule->text));
        QVERIFY(ruleText.rfind("[OPT] One or more L2 Slices", 0) == 0);
        QVERIFY(ruleText.find("(estimated speedup, global: 6.965%)") != std::string::npos);
    }

    void nvtxStacksOfTheGpt()
    {
        // From the push/pop column with Python (entries matched by '"(.*?)"(?=  "| *$)', split with
        // rsplit(':', 6), all in "<default domain>" on thread 539):
        //   every stack starts with CAPTURE; 177 ranges after merging runs of equal stack prefixes;
        //   45 module ranges ("name[Class]" without op_id), all distinct texts;
        //   ID 0's innermost entry is the aten::gather below.
        const Profile p = importFile(fixture("h100/gpt4_bf16_infer/ncu_raw.csv"));
        QCOMPARE(int(p.threads.size()), 1);
        QCOMPARE(p.threads[0].pid, int64_t(539));
        QCOMPARE(p.threads[0].tid, int64_t(539));
        QCOMPARE(int(p.ranges.size()), 177);
        const Range *capture = rangeByText(p, "CAPTURE", RangeKind::PushPop);
        QVERIFY(capture);
        QCOMPARE(capture->start_ns, int64_t(0));
        QCOMPARE(capture->end_ns, p.span_end_ns);
        QCOMPARE(capture->depth, uint16_t(0));
        QCOMPARE(p.text(capture->domain), std::string_view("default"));
        for (Index k = 0; k < p.kernels.size(); ++k) {
            QCOMPARE(p.kernels[k].launch_thread, Index(0));
            const auto stack = enclosing(p, k);
            QVERIFY(!stack.empty());
            QCOMPARE(p.text(stack.front()->text), std::string_view("CAPTURE"));
            // Depths follow the stack.
            for (size_t level = 0; level < stack.size(); ++level)
                QCOMPARE(stack[level]->depth, uint16_t(level));
        }
        const std::regex moduleRange(R"(^[\w.]+\[\w+\]$)");
        std::set<std::string> modules;
        int moduleRanges = 0;
        for (const Range &r : p.ranges) {
            const std::string text(p.text(r.text));
            if (std::regex_match(text, moduleRange)) {
                ++moduleRanges;
                modules.insert(text);
            }
        }
        QCOMPARE(moduleRanges, 45);
        QCOMPARE(int(modules.size()), 45);
        QVERIFY(modules.count("blocks.3.mlp.fc[Linear]"));
        const Index k0 = kernelByLabel(p, "0");
        QCOMPARE(innermostText(p, k0), std::string("aten::gather, op_id = 12, sizes = [[8192, 768], [], [2048, 768], "
                                                   "[], [2048, 768]], input_op_ids = [(0,-1), (0,-1), (10,0), "
                                                   "(0,-1), (8,0)]"));
        // The raw stack text is kept for matching against other captures (858 characters, as in the file).
        const MetricValue *stack = counter(p, k0, "nvtx__push_pop_stack");
        QVERIFY(stack && (stack->flags & kValueText));
        QCOMPARE(int(p.text(stack->text).size()), 858);
        QVERIFY(p.text(stack->text).rfind("539  \"<default domain>:CAPTURE:none:none:none:none:none:none\"", 0) == 0);
        // ID 5 (the QKV GEMM) sits in blocks.0.attn.qkv's aten::addmm.
        QVERIFY(innermostText(p, kernelByLabel(p, "5")).rfind("aten::addmm, op_id = 48, sizes = [[2304], ", 0) == 0);
    }

    void nvtxOfAllKernels()
    {
        // Python, same method: 138 of 192 launches have a stack (two warm-up steps + the captured one),
        // 266 ranges, 134 module ranges; IDs 146..191 start with CAPTURE, the others do not.
        const Profile p = importFile(fixture("h100/gpt4_all_kernels/ncu_raw_auto_units.csv"));
        QCOMPARE(int(p.ranges.size()), 266);
        int withThread = 0;
        for (const Kernel &k : p.kernels)
            withThread += k.launch_thread != kNoIndex;
        QCOMPARE(withThread, 138);
        const Range *capture = rangeByText(p, "CAPTURE", RangeKind::PushPop);
        QVERIFY(capture);
        QCOMPARE(capture->start_ns, p.kernels[kernelByLabel(p, "146")].start_ns);
        QCOMPARE(capture->end_ns, p.kernels[kernelByLabel(p, "191")].end_ns);
    }

    void nvtxProbe_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<qlonglong>("pid");
        QTest::newRow("raw base") << "probe_raw_base.csv" << 461LL;
        QTest::newRow("raw auto") << "probe_raw_auto.csv" << 461LL;
        QTest::newRow("details") << "probe_details.csv" << 461LL;
        QTest::newRow("console") << "probe_console.log" << 565LL;
    }

    void nvtxProbe()
    {
        // probe.cu launches 10 kernels (IDs 0..9):
        //   0 outside any range; 1 in push "outer: a, b"; 2 also in a push with colour + int64 payload
        //   "ex:colour+payload" (ncu: ...:Int64:42:RGB:0xff00ff00:ASCII:ex:colour+payload); 3 in a push
        //   'quote"inside, and ""two""' (ncu writes it unescaped; the CSV's "" pairs become one quote);
        //   4 in a push of registered string "registered msg" in domain "my:domain", with a default-domain
        //   push "inner default" inside; 5 in start/end "se: first"; 6 in it and "se second"; 7 in "se
        //   second"; 8 in "se second", the my:domain start/end "dom se" (colour, double payload) and push
        //   "pp inside se"; 9 outside any range.
        QFETCH(QString, file);
        QFETCH(qlonglong, pid);
        const Profile p = importFile(probe(file.toStdString()));
        QCOMPARE(int(p.kernels.size()), 10);
        QCOMPARE(int(p.threads.size()), 1);
        QCOMPARE(p.threads[0].pid, int64_t(pid));
        QCOMPARE(p.threads[0].tid, int64_t(pid));
        QCOMPARE(p.text(p.threads[0].name), std::string_view("probe"));
        QCOMPARE(int(p.ranges.size()), 9); // 6 push/pop + 3 start/end
        QVERIFY(p.warnings.empty());
        const auto k = [&](const char *id) { return kernelByLabel(p, id); };
        for (const char *outside : {"0", "5", "6", "7", "9"})
            QCOMPARE(p.kernels[k(outside)].launch_thread, kNoIndex);
        for (const char *inside : {"1", "2", "3", "4", "8"})
            QCOMPARE(p.kernels[k(inside)].launch_thread, Index(0));

        const Range *outer = rangeByText(p, "outer: a, b", RangeKind::PushPop);
        QVERIFY(outer);
        QCOMPARE(outer->start_ns, p.kernels[k("1")].start_ns);
        QCOMPARE(outer->end_ns, p.kernels[k("3")].end_ns);
        QCOMPARE(innermostText(p, k("2")), std::string("ex:colour+payload"));
        QCOMPARE(enclosing(p, k("2")).back()->depth, uint16_t(1));
        QCOMPARE(innermostText(p, k("3")), std::string("quote\"inside, and \"two\""));
        QCOMPARE(innermostText(p, k("4")), std::string("inner default"));
        QCOMPARE(innermostText(p, k("4"), "my:domain"), std::string("registered msg"));
        QCOMPARE(enclosing(p, k("4")).size(), size_t(2)); // one per domain, both at depth 0
        QCOMPARE(innermostText(p, k("8")), std::string("pp inside se"));

        const Range *first = rangeByText(p, "se: first", RangeKind::StartEnd);
        const Range *second = rangeByText(p, "se second", RangeKind::StartEnd);
        const Range *dom = rangeByText(p, "dom se", RangeKind::StartEnd);
        QVERIFY(first && second && dom);
        QCOMPARE(first->start_ns, p.kernels[k("5")].start_ns);
        QCOMPARE(first->end_ns, p.kernels[k("6")].end_ns);
        QCOMPARE(second->start_ns, p.kernels[k("6")].start_ns);
        QCOMPARE(second->end_ns, p.kernels[k("8")].end_ns);
        QCOMPARE(dom->start_ns, p.kernels[k("8")].start_ns);
        QCOMPARE(dom->end_ns, p.kernels[k("8")].end_ns);
        QCOMPARE(p.text(dom->domain), std::string_view("my:domain"));
        QCOMPARE(p.text(first->domain), std::string_view("default"));
        QCOMPARE(enclosing(p, k("7"), RangeKind::StartEnd).size(), size_t(1));
        QVERIFY(counter(p, k("8"), "nvtx__start_end_ranges"));
        QVERIFY(!counter(p, k("0"), "nvtx__push_pop_stack"));
    }

    void probeValues()
    {
        // dram__bytes.sum of ID 0: "4,197,632" byte (base), "4.197632" Mbyte (auto), "4.20" Mbyte (details).
        const Profile base = importFile(probe("probe_raw_base.csv"));
        const Profile autoUnits = importFile(probe("probe_raw_auto.csv"));
        const Profile details = importFile(probe("probe_details.csv"));
        QCOMPARE(number(base, kernelByLabel(base, "0"), "dram__bytes.sum"), 4197632.0);
        QCOMPARE(number(autoUnits, kernelByLabel(autoUnits, "0"), "dram__bytes.sum"), 4197632.0);
        QCOMPARE(number(details, kernelByLabel(details, "0"), "dram__bytes.sum"), 4200000.0);
        QCOMPARE(unitOf(details, "dram__bytes.sum"), std::string("byte"));
        // The row with the unescaped quote keeps its columns: its values are the ones after it in the file
        // ("5,632" ns, launch__func_cache_config "CachePreferNone").
        const Index k3 = kernelByLabel(base, "3");
        QCOMPARE(base.kernels[k3].duration(), int64_t(5632));
        QCOMPARE(base.text(counter(base, k3, "launch__func_cache_config")->text), std::string_view("CachePreferNone"));
        QCOMPARE(base.text(base.kernels[k3].name), std::string_view("touch(float *, int, float)"));
    }

    void csvQuirks()
    {
        // The real console capture, edited: a kernel name with a quoted newline, escaped quotes and
        // commas; a program line that starts with a quote; Windows line ends; a ==WARNING== line
        // between rows. Everything else must come out as from the original.
        std::string text = readAll(probe("probe_console.log"));
        const std::string name = "\"touch(float *, int, float)\"";
        const size_t second = text.find(name, text.find(name) + 1); // ID 1's row
        QVERIFY(second != std::string::npos);
        text.replace(second, name.size(), "\"touch(\"\"float\"\" *,\nint, float)\"");
        text.insert(text.find("\"2\",\"565\""), "==WARNING== something\n\"program output\" in quotes\n");
        std::string crlf;
        for (char c : text)
            crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
        QTemporaryDir dir;
        const std::string path = tempPath(dir, "edited.log");
        writeAll(path, crlf);
        const Profile p = importFile(path);
        QCOMPARE(int(p.kernels.size()), 10);
        QCOMPARE(p.text(p.kernels[kernelByLabel(p, "1")].name), std::string_view("touch(\"float\" *,\nint, float)"));
        QCOMPARE(p.text(p.kernels[kernelByLabel(p, "2")].name), std::string_view("touch(float *, int, float)"));
        QCOMPARE(p.totalKernelTimeNs(), int64_t(56192));
        QCOMPARE(int(p.ranges.size()), 9);
        QCOMPARE(int(p.warnings.size()), 1); // the quoted program line
        QVERIFY(hasWarning(p, "1 lines started with a quote but were not rows"));
    }

    void olderHeader()
    {
        // Older ncu versions write "Kernel Time" (a date) after "Kernel Name" and no Block Size, Grid Size,
        // Device or CC (research/formats.md §2). The real probe details page, rewritten to that layout,
        // must map by header name and give the same launches.
        std::string text = readAll(probe("probe_details.csv"));
        const auto replaceAll = [&](const std::string &from, const std::string &to) {
            for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
                text.replace(at, from.size(), to);
        };
        replaceAll("\"Kernel Name\",", "\"Kernel Name\",\"Kernel Time\",");
        replaceAll("\"Block Size\",\"Grid Size\",\"Device\",\"CC\",", "");
        replaceAll("\"touch(float *, int, float)\",", "\"touch(float *, int, float)\",\"2024-Nov-05 10:00:00\",");
        replaceAll("\"(256, 1, 1)\",\"(4096, 1, 1)\",\"0\",\"9.0\",", "");
        QTemporaryDir dir;
        const std::string path = tempPath(dir, "older.csv");
        writeAll(path, text);
        const Profile p = importFile(path);
        QCOMPARE(int(p.kernels.size()), 10);
        QCOMPARE(p.totalKernelTimeNs(), int64_t(56670));
        QCOMPARE(int(p.ranges.size()), 9);
        const Index k = kernelByLabel(p, "4");
        QCOMPARE(p.kernels[k].grid, Dim3{});
        QCOMPARE(p.kernels[k].stream, 7u);
        QCOMPARE(p.text(counter(p, k, "ncu__kernel_time")->text), std::string_view("2024-Nov-05 10:00:00"));
        QCOMPARE(number(p, k, "launch__registers_per_thread"), 16.0);
        QCOMPARE(int(p.devices.size()), 1);
        QVERIFY(p.devices[0].properties.empty());
    }

    void cancels()
    {
        std::atomic<bool> cancel{true};
        const Progress progress([](double, std::string_view) {}, &cancel);
        bool cancelled = false;
        try {
            importFile(fixture("h100/gpt4_all_kernels/ncu_raw_auto_units.csv"), progress);
        } catch (const Cancelled &) {
            cancelled = true;
        }
        QVERIFY(cancelled);
    }

    void detection()
    {
        // A log whose table follows console lines is detected by content, whatever its name.
        QCOMPARE(std::string(detectFormat(fixture("public/ncu/superbenchmark__cublaslt_ncu.log")).id),
                 std::string("ncu-csv"));
        QCOMPARE(std::string(detectFormat(fixture("h100/gpt4_bf16_infer/ncu_raw.csv")).id), std::string("ncu-csv"));
        QCOMPARE(std::string(detectFormat(probe("probe.ncu-rep")).id), std::string("ncu-rep"));
        // Other formats are left to their importers.
        QVERIFY(std::string(detectFormat(fixture("h100/gpt4_bf16_infer/kineto.json")).id) != "ncu-csv");
        QVERIFY(std::string(detectFormat(fixture("h100/gpt4_bf16_infer/nsys.sqlite")).id) != "ncu-csv");
    }

    void badInput()
    {
        QTemporaryDir dir;
        const std::string real = readAll(fixture("h100/gpt4_bf16_infer/ncu_raw.csv"));
        std::string errorPath;

        // Raw page without its units row: an error naming the file.
        {
            const size_t line2 = real.find('\n') + 1;
            const size_t line3 = real.find('\n', line2) + 1;
            const std::string path = tempPath(dir, "no_units.csv");
            writeAll(path, real.substr(0, line2) + real.substr(line3));
            const std::string problem = importError(path, &errorPath);
            QCOMPARE(errorPath, path);
            QVERIFY2(problem.rfind("raw page without its units row", 0) == 0, problem.c_str());
        }
        // Empty file.
        {
            const std::string path = tempPath(dir, "empty.csv");
            writeAll(path, "");
            QVERIFY(!importError(path, &errorPath).empty());
            QCOMPARE(errorPath, path);
        }
        // Truncated: the first half of the file (303,973 bytes) holds 21 complete lines, i.e. the header,
        // the units row and 19 launches (Python: half.count(b'\n') - 2); the 20th row is cut off. The
        // complete rows load; the partial one is dropped with a warning.
        {
            const std::string path = tempPath(dir, "half.csv");
            writeAll(path, real.substr(0, real.size() / 2));
            const Profile p = importFile(path);
            QCOMPARE(int(p.kernels.size()), 19);
            QCOMPARE(int(p.warnings.size()), 1);
            QVERIFY2(hasWarning(p, "truncated"), p.warnings.front().c_str());
            // Cut right after a field (between quotes): the row is short rather than open.
            const size_t cut = real.rfind("\",\"", real.size() / 2) + 2;
            writeAll(path, real.substr(0, cut));
            const Profile q = importFile(path);
            QCOMPARE(int(q.kernels.size()), 19);
            QVERIFY2(hasWarning(q, "rows were incomplete") && hasWarning(q, "launch 19"), q.warnings.front().c_str());
        }
        // Only the header and units: nothing to show is an error.
        {
            const size_t line3 = real.find('\n', real.find('\n') + 1) + 1;
            const std::string path = tempPath(dir, "header_only.csv");
            writeAll(path, real.substr(0, line3));
            QVERIFY(importError(path).find("no kernel launches") != std::string::npos);
        }
        // Random bytes, a JSON file renamed .csv, another program's CSV: not detected -> importFile error.
        {
            std::string noise(4096, '\0');
            QRandomGenerator rng(1234);
            for (char &c : noise)
                c = char(rng.bounded(256));
            const std::string path = tempPath(dir, "random.csv");
            writeAll(path, noise);
            QVERIFY(!importError(path, &errorPath).empty());
            QCOMPARE(errorPath, path);
        }
        {
            // A real trace renamed .csv goes to its own importer; a JSON no importer reads is an error.
            const std::string path = tempPath(dir, "trace.csv");
            writeAll(path, readAll(fixture("h100/mlp_bf16_infer/kineto.json")));
            QVERIFY(std::string(detectFormat(path).id) != "ncu-csv");
            const std::string other = tempPath(dir, "object.csv");
            writeAll(other, "{\"ID\": 1, \"Kernel Name\": \"k\"}\n");
            QVERIFY(!importError(other, &errorPath).empty());
            QCOMPARE(errorPath, other);
        }
        {
            const std::string path = tempPath(dir, "other.csv");
            writeAll(path, "\"Name\",\"Value\"\n\"a\",\"1\"\n");
            const std::string problem = importError(path, &errorPath);
            QCOMPARE(errorPath, path);
            QVERIFY2(problem.find("supported:") != std::string::npos, problem.c_str());
        }
    }

    void ncuRepWithoutNcu()
    {
        const test::ToolFolder noNcu; // whatever this machine has
        const std::string path = probe("probe.ncu-rep");
        std::string errorPath;
        const std::string problem = importError(path, &errorPath);
        QCOMPARE(errorPath, path);
        QCOMPARE(problem, std::string("is an Nsight Compute report; ncu is not installed here to read it. Export it "
                                      "where ncu is installed with: ncu --import NAME.ncu-rep --csv --page raw "
                                      "--print-units base > NAME.csv, then open the .csv"));
    }

    void ncuRepThroughNcu()
    {
        // A stand-in for ncu (OPSCOPE_NCU) that checks its arguments and prints what the real ncu 2025.3.1
        // printed for this report (probe_raw_base.csv), with a ==PROF== line on stderr.
        QTemporaryDir dir;
        const std::string script = tempPath(dir, "ncu");
        const std::string report = probe("probe.ncu-rep");
        writeAll(script, "#!/bin/sh\n"
                         "[ \"$*\" = \"--import " +
                             report +
                             " --csv --page raw --print-units base\" ] || "
                             "{ echo \"==ERROR== unexpected arguments: $*\" >&2; exit 3; }\n"
                             "echo '==PROF== importing' >&2\n"
                             "cat '" +
                             probe("probe_raw_base.csv") + "'\n");
        QFile::setPermissions(QString::fromStdString(script), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        const QByteArray oldNcu = qgetenv("OPSCOPE_NCU");
        qputenv("OPSCOPE_NCU", QByteArray::fromStdString(script));
        const Profile p = importFile(report);
        QCOMPARE(p.source_format, std::string("ncu-rep"));
        QCOMPARE(p.source_path, report);
        QCOMPARE(int(p.kernels.size()), 10);
        QCOMPARE(p.totalKernelTimeNs(), int64_t(56672));
        QCOMPARE(int(p.ranges.size()), 9);

        // ncu failing: the error names the report and quotes ncu's messages. The real ncu 2025.3.1 prints
        // "==ERROR== Failed to load report file '...'." on stdout for a damaged report (seen on the H100).
        const std::string failing = tempPath(dir, "ncu_fails");
        writeAll(failing, "#!/bin/sh\necho '==ERROR== Failed to open report'\necho '==WARNING== on stderr' >&2\n"
                          "exit 1\n");
        QFile::setPermissions(QString::fromStdString(failing), QFile::ReadOwner | QFile::ExeOwner);
        qputenv("OPSCOPE_NCU", QByteArray::fromStdString(failing));
        std::string errorPath;
        const std::string problem = importError(report, &errorPath);
        if (oldNcu.isEmpty())
            qunsetenv("OPSCOPE_NCU");
        else
            qputenv("OPSCOPE_NCU", oldNcu);
        QCOMPARE(errorPath, report);
        QVERIFY2(problem.find("exited with status 1") != std::string::npos &&
                     problem.find("==ERROR== Failed to open report") != std::string::npos &&
                     problem.find("==WARNING== on stderr") != std::string::npos,
                 problem.c_str());
    }
};

} // namespace tst_ncu_import_suite

OPSCOPE_TEST_SUITE(tst_ncu_import, tst_ncu_import_suite::TestNcuImport, Appless)
#include "tst_ncu_import.moc"
