// The command builders against the rules of seed 002 (NVTX ranges with ncu for PyTorch) and
// gpu-machine.md: trailing '/' for push/pop ranges only, regex: kept and added, repeated
// --nvtx-include flags, app-range for range replay of PyTorch; exact argument vectors, --dry-run
// output, tool-output parsing on the fixtures' real logs, and the pass-count checks on real captures.
#include "opscope/capture_import.h"
#include "opscope/errors.h"
#include "opscope/pipeline.h"
#include "test_suite.h"
#include "test_util.h"

#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <sys/stat.h>

namespace tst_command_builders_suite {

using namespace opscope;
using namespace opscope::pipeline;

namespace {

void writeFile(const std::string &path, const std::string &content, bool executable = false)
{
    std::ofstream(path, std::ios::binary | std::ios::trunc) << content;
    if (executable)
        ::chmod(path.c_str(), 0755);
}

std::vector<std::string> readLines(const std::string &path)
{
    std::ifstream in(path);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);)
        lines.push_back(line);
    return lines;
}

// Runs the real opscope binary with a controlled environment; returns (exit code, stdout, stderr).
struct CliRun {
    int exitCode = -1;
    std::string out, err;
};
CliRun runOpscope(const std::vector<std::string> &args, const std::map<std::string, std::string> &env = {})
{
    ProcessSpec spec;
    spec.argv = {opscope::test::opscopeBinary()};
    spec.argv.insert(spec.argv.end(), args.begin(), args.end());
    spec.setEnv = env;
    spec.unsetEnv = {"PYTHONPATH", "OPSCOPE_PYTHON"};
    spec.mergeStderr = false;
    const ProcessResult r = runProcess(spec);
    return {r.exitCode, r.output, r.errorOutput};
}

const std::string kCtrPermLine =
    "==ERROR== ERR_NVGPUCTRPERM - The user does not have permission to access NVIDIA GPU Performance Counters on "
    "the target device 0. For instructions on enabling permissions and to get more information see "
    "https://developer.nvidia.com/ERR_NVGPUCTRPERM";

} // namespace

class TestCommandBuilders : public QObject {
    Q_OBJECT

private slots:
    // -- seed 002: NVTX filter expressions --------------------------------------------------------
    void nvtxExpression_data()
    {
        QTest::addColumn<std::string>("expression");
        QTest::addColumn<bool>("pushPop");
        QTest::addColumn<std::string>("expected");
        // push/pop ranges (module labels, nvtx.annotate) need the trailing slash
        QTest::newRow("push/pop gets /") << std::string("layer1") << true << std::string("layer1/");
        // ncu reads '[' ']' as stack anchors: a module label is sent as an anchored, escaped regex
        // (on an H100 with ncu 2025.3.1, "blocks.1[Block]/" selected 0 kernels of the tiny MLP example,
        // "regex:blocks\.1\[Block\]/" its 5; "regex:^head\[Linear\]$/" selected 1)
        QTest::newRow("module label") << std::string("blocks.0[Block]") << true
                                      << std::string("regex:^blocks\\.0\\[Block\\]$/");
        QTest::newRow("module label with /")
            << std::string("blocks.0.attn[Attn]/") << true << std::string("regex:^blocks\\.0\\.attn\\[Attn\\]$/");
        QTest::newRow("prefixed label") << std::string("M:transformer.blocks.12[Block]") << true
                                        << std::string("regex:^M:transformer\\.blocks\\.12\\[Block\\]$/");
        QTest::newRow("group pattern") << std::string("blocks.*[Block]") << true
                                       << std::string("regex:^blocks\\..*\\[Block\\]$/");
        QTest::newRow("top-of-stack anchor kept") << std::string("Range A]") << true << std::string("Range A]");
        QTest::newRow("slash kept") << std::string("layer1/") << true << std::string("layer1/");
        QTest::newRow("nested kept") << std::string("model::encoder/") << true << std::string("model::encoder/");
        // wildcards and regex: are passed as given
        QTest::newRow("wildcard kept") << std::string("model::*") << true << std::string("model::*");
        QTest::newRow("wildcard with slash") << std::string("layer*/") << true << std::string("layer*/");
        QTest::newRow("regex kept") << std::string("regex:M:transformer\\.blocks\\.[0-9]+\\[Block\\]/") << true
                                    << std::string("regex:M:transformer\\.blocks\\.[0-9]+\\[Block\\]/");
        QTest::newRow("regex without slash kept")
            << std::string("regex:blocks\\.[0-9]+") << true << std::string("regex:blocks\\.[0-9]+");
        // start/end ranges (the CAPTURE range, process-wide) must not get one
        QTest::newRow("start/end") << std::string("CAPTURE") << false << std::string("CAPTURE");
        QTest::newRow("domain start/end")
            << std::string("Domain A@Range A") << false << std::string("Domain A@Range A");
        QTest::newRow("empty") << std::string() << true << std::string();
    }
    void nvtxExpression()
    {
        QFETCH(std::string, expression);
        QFETCH(bool, pushPop);
        QFETCH(std::string, expected);
        QCOMPARE(ncuNvtxExpression({expression, pushPop}), expected);
    }

    void kernelNameFilter()
    {
        // seed 002: "Always use the regex: prefix for pattern matching"
        QCOMPARE(ncuKernelNameFilter(".*gemm.*|.*conv.*", true), std::string("regex:.*gemm.*|.*conv.*"));
        QCOMPARE(ncuKernelNameFilter("regex:.*gemm.*", true), std::string("regex:.*gemm.*"));
        QCOMPARE(ncuKernelNameFilter("ampere_sgemm_128x64_tn", false), std::string("ampere_sgemm_128x64_tn"));
    }

    void replayModes()
    {
        // seed 002: range replay of a PyTorch step must be app-range (strict range replay rejects the
        // CUDA APIs PyTorch calls inside it)
        QVERIFY(rangeReplayModeFor(true) == ReplayMode::AppRange);
        QVERIFY(rangeReplayModeFor(false) == ReplayMode::Range);
        for (const char *name : {"kernel", "application", "range", "app-range"})
            QCOMPARE(toString(*parseReplayMode(name)), std::string_view(name));
        QVERIFY(!parseReplayMode("app_range"));
    }

    // -- exact argument vectors -------------------------------------------------------------------
    void ncuSeedQuickStart()
    {
        // seed 002's "correct pattern": two push/pop layer ranges, app-range, roofline, a report.
        NcuOptions o;
        o.ncu = "/usr/local/cuda/bin/ncu";
        o.nvtxInclude = {{"layer1"}, {"layer2"}};
        o.replayMode = rangeReplayModeFor(true);
        o.metricSet = "roofline";
        o.output = "/runs/r/ncu";
        const Argv argv = ncuProfileCommand(o, {"python3", "your_script.py"});
        const Argv expected = {"/usr/local/cuda/bin/ncu",
                               "--target-processes",
                               "all",
                               "--set",
                               "roofline",
                               "--replay-mode",
                               "app-range",
                               "--nvtx",
                               "--nvtx-include",
                               "layer1/",
                               "--nvtx-include",
                               "layer2/",
                               "--export",
                               "/runs/r/ncu",
                               "--force-overwrite",
                               "python3",
                               "your_script.py"};
        QCOMPARE(argv, expected);
        // repeated flags, never one flag with ';'
        QCOMPARE(std::count(argv.begin(), argv.end(), std::string("--nvtx-include")), 2);
        QVERIFY(std::none_of(argv.begin(), argv.end(),
                             [](const std::string &a) { return a.find(';') != std::string::npos; }));
    }

    void ncuFiltersAndSudo()
    {
        NcuOptions o;
        o.ncu = "ncu";
        o.metricSet.clear();
        o.sections = {"SpeedOfLight", "LaunchStats"};
        o.metrics = {"gpu__time_duration.sum", "sm__throughput.avg.pct_of_peak_sustained_elapsed"};
        o.nvtxInclude = {{"CAPTURE", false}};
        o.nvtxExclude = {{"blocks.1[Block]"}, {"blocks.2[Block]"}};
        o.kernelName = ncuKernelNameFilter(".*gemm.*", true);
        o.launchSkip = 9;
        o.launchCount = 1;
        o.targetProcesses = "application-only";
        o.sudo = true;
        o.sudoEnvironment = {{"PYTHONPATH", "/opt/launcher"}, {"A", "1"}};
        const Argv argv = ncuProfileCommand(o, {"/usr/bin/python3", "-m", "opscope_launcher"});
        const Argv expected = {"sudo",
                               "-n",
                               "-E",
                               "env",
                               "A=1",
                               "PYTHONPATH=/opt/launcher",
                               "ncu",
                               "--target-processes",
                               "application-only",
                               "--section",
                               "SpeedOfLight",
                               "--section",
                               "LaunchStats",
                               "--metrics",
                               "gpu__time_duration.sum,sm__throughput.avg.pct_of_peak_sustained_elapsed",
                               "--nvtx",
                               "--nvtx-include",
                               "CAPTURE",
                               "--nvtx-exclude",
                               "regex:^blocks\\.1\\[Block\\]$/",
                               "--nvtx-exclude",
                               "regex:^blocks\\.2\\[Block\\]$/",
                               "--kernel-name-base",
                               "demangled",
                               "--kernel-name",
                               "regex:.*gemm.*",
                               "--launch-skip",
                               "9",
                               "--launch-count",
                               "1",
                               "/usr/bin/python3",
                               "-m",
                               "opscope_launcher"};
        QCOMPARE(argv, expected);

        NcuOptions id;
        id.ncu = "ncu";
        id.kernelId = "::regex:Bar:2";
        const Argv idArgv = ncuProfileCommand(id, {"app"});
        const Argv idExpected = {
            "ncu",       "--target-processes", "all",           "--set", "roofline", "--kernel-name-base",
            "demangled", "--kernel-id",        "::regex:Bar:2", "app"};
        QCOMPARE(idArgv, idExpected);
    }

    void ncuCsvExport()
    {
        const Argv expected = {"ncu", "--import", "/r/ncu.ncu-rep", "--csv", "--page", "raw", "--print-units", "base"};
        QCOMPARE(ncuExportCsvCommand("ncu", "/r/ncu.ncu-rep"), expected);
    }

    void nsysCommands()
    {
        NsysOptions n;
        n.nsys = "/opt/nvidia/nsight-systems/2025.3.1/bin/nsys";
        n.output = "/runs/r/nsys";
        // the flags that worked on the H100 (gpu-machine.md)
        const Argv expected = {n.nsys,
                               "profile",
                               "--trace=cuda,nvtx",
                               "--sample=none",
                               "--cpuctxsw=none",
                               "--cudabacktrace=none",
                               "--backtrace=none",
                               "--force-overwrite",
                               "true",
                               "--output",
                               "/runs/r/nsys",
                               "python3",
                               "w.py"};
        QCOMPARE(nsysProfileCommand(n, {"python3", "w.py"}), expected);
        QVERIFY(nsysEnvironment(n).empty());

        n.captureRange = true;
        n.trace = {"cuda", "nvtx", "osrt"};
        const Argv ranged = nsysProfileCommand(n, {"python3", "w.py"});
        QCOMPARE(ranged[2], std::string("--trace=cuda,nvtx,osrt"));
        const Argv tail(ranged.end() - 5, ranged.end());
        const Argv expectedTail = {"--capture-range=nvtx", "--nvtx-capture=CAPTURE", "--capture-range-end=stop",
                                   "python3", "w.py"};
        QCOMPARE(tail, expectedTail);
        const std::map<std::string, std::string> env = {{"NSYS_NVTX_PROFILER_REGISTER_ONLY", "0"}};
        QCOMPARE(nsysEnvironment(n), env);

        const Argv exportExpected = {"nsys", "export",   "--type",         "sqlite",          "--force-overwrite",
                                     "true", "--output", "/r/nsys.sqlite", "/r/nsys.nsys-rep"};
        QCOMPARE(nsysExportCommand("nsys", "/r/nsys.nsys-rep", "/r/nsys.sqlite"), exportExpected);
    }

    void launcher()
    {
        LauncherOptions o;
        o.python = "/usr/bin/python3";
        o.mode = LauncherMode::Nvtx;
        o.warmup = 3;
        o.referenceSteps = 5;
        o.steps = 2;
        o.stepSource = "function:train_step";
        o.compile = "inductor";
        o.partitionMapPath = "/r/partition_map.json";
        o.statusPath = "/r/launcher_status.json";
        o.script = "/w/train.py";
        o.scriptArgs = {"--steps", "5", "--", "x"}; // the script's own options stay the script's
        const Argv expected = {"/usr/bin/python3",
                               "-m",
                               "opscope_launcher",
                               "--mode",
                               "nvtx",
                               "--warmup",
                               "3",
                               "--reference-steps",
                               "5",
                               "--steps",
                               "2",
                               "--step",
                               "function:train_step",
                               "--compile",
                               "inductor",
                               "--partition-map",
                               "/r/partition_map.json",
                               "--status",
                               "/r/launcher_status.json",
                               "--",
                               "/w/train.py",
                               "--steps",
                               "5",
                               "--",
                               "x"};
        QCOMPARE(launcherCommand(o), expected);
    }

    // -- tool output ------------------------------------------------------------------------------
    void ncuLogOfTheFixtures_data()
    {
        QTest::addColumn<std::string>("log");
        QTest::addColumn<int>("kernels");
        // Counts of `==PROF== Profiling "` lines (grep -c), = the ncu rows of the fixtures' README.
        QTest::newRow("gpt4_bf16_infer") << std::string("h100/gpt4_bf16_infer/ncu.log") << 46;
        QTest::newRow("mlp_bf16_infer") << std::string("h100/mlp_bf16_infer/ncu.log") << 12;
        QTest::newRow("gpt4_all_kernels") << std::string("h100/gpt4_all_kernels/ncu.log") << 192;
    }
    void ncuLogOfTheFixtures()
    {
        QFETCH(std::string, log);
        QFETCH(int, kernels);
        int64_t seen = 0, last = 0;
        for (const auto &line : readLines(test::fixture(log))) {
            const ToolEvent e = parseToolLine(line);
            if (e.kind == ToolEvent::Kind::NcuKernel) {
                ++seen;
                QCOMPARE(e.current, last + 1); // "- N:" is the 0-based index of the profiled kernel
                last = e.current;
                QVERIFY(!e.text.empty());
            }
        }
        QCOMPARE(seen, int64_t(kernels));
        const ToolEvent first = parseToolLine(readLines(test::fixture("h100/gpt4_bf16_infer/ncu.log"))[1]);
        QCOMPARE(first.text, std::string("vectorized_gather_kernel"));
    }

    void ncuLogWithoutKernelIndices()
    {
        // ncu 2025.3 following rank 0 of a torchrun job on two H200s (tests/data/h200_ddp_gpt2) writes
        // `==PROF== Profiling "NAME": 0%....` without the kernel's index: each line is still a kernel
        // (current 0: the stage numbers it), 141 in all.
        QTemporaryDir dir;
        const std::string log = test::tempPath(dir, "ncu.log");
        QVERIFY(test::gunzipFile(test::sourceFile("tests/data/h200_ddp_gpt2/ncu.rank0.log.gz"), log));
        int64_t seen = 0;
        for (const auto &line : readLines(log)) {
            const ToolEvent e = parseToolLine(line);
            if (e.kind == ToolEvent::Kind::NcuKernel) {
                ++seen;
                QCOMPARE(e.current, int64_t(0));
                QVERIFY(!e.text.empty());
            }
        }
        QCOMPARE(seen, int64_t(141));
        const ToolEvent e = parseToolLine("==PROF== Profiling \"at::cuda::philox::unpack_cudnn(at::PhiloxCudaState, "
                                          "long *, long *)\": 0%....50%....100% - 17 passes");
        QCOMPARE(e.kind, ToolEvent::Kind::NcuKernel);
        QCOMPARE(e.text, std::string("at::cuda::philox::unpack_cudnn(at::PhiloxCudaState, long *, long *)"));
    }

    void toolLines()
    {
        ToolEvent e = parseToolLine("OPSCOPE step 3/5 warmup");
        QCOMPARE(e.kind, ToolEvent::Kind::LauncherStep);
        QCOMPARE(e.current, int64_t(3));
        QCOMPARE(e.total, int64_t(5));
        QCOMPARE(e.text, std::string("warmup"));
        QCOMPARE(e.fraction, 0.6);
        QCOMPARE(parseToolLine("OPSCOPE capture start").kind, ToolEvent::Kind::CaptureStart);
        e = parseToolLine("OPSCOPE capture end steps=2");
        QCOMPARE(e.kind, ToolEvent::Kind::CaptureEnd);
        QCOMPARE(e.current, int64_t(2));
        e = parseToolLine("OPSCOPE done exit=complete captured=1");
        QCOMPARE(e.kind, ToolEvent::Kind::LauncherDone);
        QCOMPARE(e.text, std::string("complete"));
        QCOMPARE(e.current, int64_t(1));
        e = parseToolLine("OPSCOPE error the script ran 2 step(s) but the capture needs 3");
        QCOMPARE(e.kind, ToolEvent::Kind::LauncherError);
        QCOMPARE(diagnosisFor(e), std::string("launcher: the script ran 2 step(s) but the capture needs 3"));
        QCOMPARE(parseToolLine("OPSCOPE root model[GPT]").kind, ToolEvent::Kind::LauncherInfo);
        QCOMPARE(parseToolLine("step 0 loss 2.4846").kind, ToolEvent::Kind::None);

        e = parseToolLine(kCtrPermLine);
        QCOMPARE(e.kind, ToolEvent::Kind::NcuCounterPermission);
        const std::string fix = diagnosisFor(e);
        QVERIFY(fix.find("--sudo") != std::string::npos);
        QVERIFY(fix.find("NVreg_RestrictProfilingToAdminUsers=0") != std::string::npos);

        for (const char *line : {"==WARNING== No kernels were profiled.", "==WARNING== No ranges were profiled."}) {
            e = parseToolLine(line);
            QCOMPARE(e.kind, ToolEvent::Kind::NcuNothingProfiled);
            const std::string d = diagnosisFor(e);
            QVERIFY(d.find("trailing '/'") != std::string::npos);
            QVERIFY(d.find("app-range") != std::string::npos);
        }
        QCOMPARE(parseToolLine("==WARNING== Found outstanding GPU clock reset").kind, ToolEvent::Kind::ToolWarning);
        QCOMPARE(parseToolLine("==ERROR== The application returned an error code (1).").kind,
                 ToolEvent::Kind::ToolError);
    }

    void nsysProgressOfTheFixture()
    {
        // The fixture's nsys.log draws its bars with '\r'; the runner splits there, so parse those pieces.
        std::ifstream in(test::fixture("h100/gpt4_bf16_infer/nsys.log"), std::ios::binary);
        std::stringstream all;
        all << in.rdbuf();
        std::string text = all.str();
        std::replace(text.begin(), text.end(), '\r', '\n');
        std::istringstream lines(text);
        double last = -1;
        int bars = 0;
        for (std::string line; std::getline(lines, line);) {
            const ToolEvent e = parseToolLine(line);
            if (e.kind == ToolEvent::Kind::NsysProgress) {
                ++bars;
                last = e.fraction;
            }
        }
        QVERIFY(bars > 0);
        QCOMPARE(last, 1.0);
    }

    // -- partition map and dedup filters ---------------------------------------------------------
    void partitionMap()
    {
        QTemporaryDir dir;
        const std::string path = test::tempPath(dir, "partition_map.json");
        writeFile(path, R"({"format": "opscope-partition-map", "version": 1, "root": "model[GPT]", "modules_called": 49,
          "groups": [{"name": "blocks.*[Block]", "class": "Block", "representative": "blocks.0",
                      "members": ["blocks.0", "blocks.1", "blocks.2", "blocks.3"],
                      "labels": ["blocks.0[Block]", "blocks.1[Block]", "blocks.2[Block]", "blocks.3[Block]"],
                      "calls_per_member": 1}]})");
        const PartitionMap map = readPartitionMap(path);
        QCOMPARE(map.root, std::string("model[GPT]"));
        QCOMPARE(map.groups.size(), size_t(1));
        const std::vector<NvtxFilter> ex = dedupExclusions(map);
        QCOMPARE(ex.size(), size_t(6)); // forward push/pop labels, then backward start/end ranges
        QCOMPARE(ex[0].expression, std::string("blocks.1[Block]"));
        QCOMPARE(ncuNvtxExpression(ex[0]), std::string("regex:^blocks\\.1\\[Block\\]$/"));
        QCOMPARE(ncuNvtxExpression(ex[2]), std::string("regex:^blocks\\.3\\[Block\\]$/"));
        // The launcher spans each member's backward with a start/end range: no trailing slash.
        QVERIFY(!ex[3].pushPop);
        QCOMPARE(ncuNvtxExpression(ex[3]), std::string("blocks.1 backward"));
        QCOMPARE(ncuNvtxExpression(ex[5]), std::string("blocks.3 backward"));

        writeFile(path, R"({"format": "something-else"})");
        try {
            readPartitionMap(path);
            QFAIL("a foreign JSON file was read as a partition map");
        } catch (const FileError &e) {
            QCOMPARE(e.path(), path);
        }
    }

    void dedupPropagation()
    {
        // Two identical blocks, three kernels each, inside the captured step; the replay profiled only
        // blocks.0. After propagation blocks.1's kernels carry blocks.0's counters, position by position.
        Profile p;
        const auto module = [&](const char *path, const char *cls, Index parent) {
            p.modules.push_back({0, 0, p.intern(path), p.intern(cls), parent, kNoIndex});
            return Index(p.modules.size() - 1);
        };
        const Index root = module("model", "Net", kNoIndex);
        const Index b0 = module("blocks.0", "Block", root);
        const Index b0fc = module("blocks.0.fc", "Linear", b0);
        const Index b1 = module("blocks.1", "Block", root);
        const Index b1fc = module("blocks.1.fc", "Linear", b1);
        const Index head = module("head", "Linear", root);
        const char *names[] = {"gemm_a", "relu_kernel", "gemm_b"};
        const Index owners[2][3] = {{b0fc, b0, b0fc}, {b1fc, b1, b1fc}};
        int64_t t = 0;
        for (int block = 0; block < 2; ++block)
            for (int i = 0; i < 3; ++i) {
                Kernel k;
                k.start_ns = t += 10;
                k.end_ns = t + 5;
                k.name = p.intern(names[i]);
                k.module = owners[block][i];
                p.kernels.push_back(k);
            }
        Kernel h;
        h.start_ns = t += 10;
        h.end_ns = t + 5;
        h.name = p.intern("head_gemm");
        h.module = head;
        p.kernels.push_back(h);
        const Index metric = p.metricId("gpu__time_duration.sum", "ns");
        for (Index k : {Index(0), Index(1), Index(2), Index(6)})
            p.kernel_counters.push_back({k, metric, 100.0 + k, kNoString, 0});
        p.finalize();

        PartitionMap map;
        map.groups.push_back(
            {"blocks.*[Block]", "Block", "blocks.0", {"blocks.0", "blocks.1"}, {"blocks.0[Block]", "blocks.1[Block]"}});
        DedupReport report = propagateDedupCounters(p, map);
        QVERIFY(report.problems.empty());
        QCOMPARE(report.kernelsFilled, size_t(3));
        QCOMPARE(report.membersFilled, size_t(1));
        for (Index i = 0; i < 3; ++i)
            QCOMPARE(p.kernelCounter(3 + i, "gpu__time_duration.sum", -1), 100.0 + i);
        QCOMPARE(p.kernelCounter(6, "gpu__time_duration.sum", -1), 106.0);

        // A member whose kernels do not line up by name gets nothing copied, and says why.
        Profile q = p;
        q.kernels[4].name = q.intern("other_kernel");
        q.kernel_counters.erase(std::remove_if(q.kernel_counters.begin(), q.kernel_counters.end(),
                                               [](const MetricValue &v) { return v.owner >= 3 && v.owner <= 5; }),
                                q.kernel_counters.end());
        report = propagateDedupCounters(q, map);
        QCOMPARE(report.kernelsFilled, size_t(0));
        QCOMPARE(report.problems.size(), size_t(1));
        QVERIFY(report.problems[0].find("blocks.1: kernel 2 is other_kernel") == 0);
    }

    void dedupMatchSkipsDuplicates()
    {
        // Backward runs the layers in reverse: blocks.1's backward kernels come before blocks.0's, with
        // the same names and launch shapes. A dedup replay profiled blocks.0 only, outside any module
        // range on autograd's thread, so its rows carry no module and match by name and launch. They
        // must land on blocks.0's kernels, not on the first kernels of the same launch (blocks.1's).
        Profile timeline;
        timeline.source_format = "nsys-sqlite";
        const auto module = [&](const char *path, Index parent) {
            timeline.modules.push_back({0, 0, timeline.intern(path), timeline.intern("Block"), parent, kNoIndex});
            return Index(timeline.modules.size() - 1);
        };
        const Index root = module("model", kNoIndex);
        const Index b0 = module("blocks.0", root);
        const Index b1 = module("blocks.1", root);
        const Index b1fc = module("blocks.1.fc", b1);
        int64_t t = 0;
        for (Index owner : {b1fc, b1, b0, b0})
            for (const char *name : {"gemm_dgrad", "gemm_wgrad"}) {
                Kernel k;
                k.start_ns = t += 10;
                k.end_ns = t + 5;
                k.name = timeline.intern(name);
                k.grid = {4, 1, 1};
                k.block = {128, 1, 1};
                k.module = owner;
                timeline.kernels.push_back(k);
            }
        timeline.finalize();
        Profile ncu;
        ncu.source_format = "ncu-csv";
        const Index metric = ncu.metricId("gpu__time_duration.sum", "ns");
        for (const char *name : {"gemm_dgrad", "gemm_wgrad"}) {
            Kernel k;
            k.name = ncu.intern(name);
            k.grid = {4, 1, 1};
            k.block = {128, 1, 1};
            ncu.kernels.push_back(k);
            ncu.kernel_counters.push_back({Index(ncu.kernels.size() - 1), metric, 7.0, kNoString, 0});
        }
        ncu.finalize();

        Profile plain = timeline;
        matchNcuRows(plain, ncu);
        QCOMPARE(plain.kernelCounter(0, "gpu__time_duration.sum", -1), 7.0); // blocks.1.fc took the row
        QCOMPARE(plain.kernelCounter(4, "gpu__time_duration.sum", -1), -1.0);

        const NcuMatchReport report = matchNcuRows(timeline, ncu, {"blocks.1"});
        QCOMPARE(report.counts.skippedByDedup, size_t(4)); // blocks.1 and its submodule
        QVERIFY(report.unmatchedRows.empty());
        for (Index k = 0; k < 4; ++k)
            QCOMPARE(timeline.kernelCounter(k, "gpu__time_duration.sum", -1), -1.0);
        QCOMPARE(timeline.kernelCounter(4, "gpu__time_duration.sum", -1), 7.0);
        QCOMPARE(timeline.kernelCounter(5, "gpu__time_duration.sum", -1), 7.0);
    }

    // -- the two passes, counted on real captures --------------------------------------------------
    void passCounts_data()
    {
        QTest::addColumn<std::string>("set");
        QTest::addColumn<int>("inCapture");
        QTest::addColumn<int>("excluded");
        QTest::addColumn<int>("ncuRows");
        // Computed with python3's sqlite3/csv: kernels whose runtime launch (CUPTI_ACTIVITY_KIND_RUNTIME,
        // same correlationId) lies in the CAPTURE range on its thread; of those, launched inside a push/pop
        // range blocks.1[Block], blocks.2[Block] or blocks.3[Block] on the same thread; distinct numeric
        // IDs of ncu_raw.csv.
        QTest::newRow("gpt4_bf16_infer") << std::string("gpt4_bf16_infer") << 46 << 30 << 46;
        QTest::newRow("gpt4_fp32_infer") << std::string("gpt4_fp32_infer") << 46 << 30 << 46;
        QTest::newRow("mlp_bf16_infer") << std::string("mlp_bf16_infer") << 12 << 0 << 12;
    }
    void passCounts()
    {
        QFETCH(std::string, set);
        QFETCH(int, inCapture);
        QFETCH(int, excluded);
        QFETCH(int, ncuRows);
        const CaptureKernelCount c = countCaptureKernels(test::fixture("h100/" + set + "/nsys.sqlite"),
                                                         {"blocks.1[Block]", "blocks.2[Block]", "blocks.3[Block]"});
        QCOMPARE(c.inCapture, int64_t(inCapture));
        QCOMPARE(c.excluded, int64_t(excluded));
        QCOMPARE(countNcuCsvKernels(test::fixture("h100/" + set + "/ncu_raw.csv")), int64_t(ncuRows));
    }

    void unfilteredNcuRun()
    {
        // all 192 launches of the run without NVTX filter (README), units auto-scaled
        QCOMPARE(countNcuCsvKernels(test::fixture("h100/gpt4_all_kernels/ncu_raw_auto_units.csv")), int64_t(192));
    }

    void notAnNcuCsv()
    {
        try {
            countNcuCsvKernels(test::fixture("h100/gpt4_bf16_infer/ncu.log"));
            QFAIL("a log was counted as an ncu CSV");
        } catch (const FileError &e) {
            QVERIFY(std::string(e.what()).find("first column is not \"ID\"") != std::string::npos);
        }
    }

    // -- --dry-run: the exact commands, from the real binary --------------------------------------
    void dryRunCapture()
    {
        QTemporaryDir dir;
        const std::string bin = dir.path().toStdString();
        writeFile(bin + "/nsys", "#!/bin/sh\necho 'NVIDIA Nsight Systems version 2025.3.1.90-253135822161v0'\n", true);
        writeFile(bin + "/python3", "#!/bin/sh\nexit 0\n", true);
        const std::string launcherDir = test::sourceFile("resources/launcher");
        const std::string script = test::sourceFile("examples/mlp.py");
        const std::string run = bin + "/runs/mlp1";
        const CliRun r =
            runOpscope({"capture", script, "--tool", "nsys", "--nsys", bin + "/nsys", "--python", bin + "/python3",
                        "--out", bin + "/runs", "--name", "mlp1", "--dry-run", "--", "--size", "tiny"},
                       {{"OPSCOPE_LAUNCHER_DIR", launcherDir}});
        QCOMPARE(r.exitCode, 0);
        const std::string launcher = bin + "/python3 -m opscope_launcher";
        const std::string expected =
            "# stage correlation\n"
            "# env PYTHONPATH=" +
            launcherDir +
            "\n"
            "# env PYTHONUNBUFFERED=1\n" +
            launcher + " --mode torch --warmup 2 --reference-steps 3 --steps 1 --trace " + run +
            "/correlation_trace.json --status " + run + "/correlation_status.json -- " + script +
            " --size tiny\n"
            "# stage nsys\n"
            "# env PYTHONPATH=" +
            launcherDir +
            "\n"
            "# env PYTHONUNBUFFERED=1\n" +
            bin +
            "/nsys profile --trace=cuda,nvtx --sample=none --cpuctxsw=none --cudabacktrace=none --backtrace=none "
            "--force-overwrite true --output " +
            run + "/nsys --cuda-graph-trace=node " + launcher +
            " --mode nvtx --warmup 2 --reference-steps 3 --steps 1 --partition-map " + run +
            "/partition_map.json --status " + run + "/launcher_status.json --reference-seconds 0 -- " + script +
            " --size tiny\n"
            "# stage nsys-export\n" +
            bin + "/nsys export --type sqlite --force-overwrite true --output " + run + "/nsys.sqlite " + run +
            "/nsys.nsys-rep\n";
        QCOMPARE(r.out, expected);
        QVERIFY2(!QFileInfo::exists(QString::fromStdString(run)), "--dry-run created the run folder");

        // --cuda-memory-usage asks nsys for the CUDA memory trace, after the graph trace.
        const CliRun memory =
            runOpscope({"capture", script, "--tool", "nsys", "--nsys", bin + "/nsys", "--python", bin + "/python3",
                        "--out", bin + "/runs", "--name", "mlp1", "--dry-run", "--cuda-memory-usage"},
                       {{"OPSCOPE_LAUNCHER_DIR", launcherDir}});
        QCOMPARE(memory.exitCode, 0);
        QVERIFY2(memory.out.find(run + "/nsys --cuda-graph-trace=node --cuda-memory-usage=true " + launcher) !=
                     std::string::npos,
                 memory.out.c_str());

        // --reference-steps reaches both passes (the correlation pass runs the same steps as nsys).
        const CliRun zero =
            runOpscope({"capture", script, "--tool", "nsys", "--nsys", bin + "/nsys", "--python", bin + "/python3",
                        "--out", bin + "/runs", "--name", "mlp1", "--dry-run", "--reference-steps", "0"},
                       {{"OPSCOPE_LAUNCHER_DIR", launcherDir}});
        QCOMPARE(zero.exitCode, 0);
        size_t passes = 0;
        for (size_t at = zero.out.find(" --warmup 2 --reference-steps 0 --steps 1 "); at != std::string::npos;
             at = zero.out.find(" --warmup 2 --reference-steps 0 --steps 1 ", at + 1))
            ++passes;
        QCOMPARE(passes, size_t(2));
        const CliRun negative = runOpscope({"capture", script, "--dry-run", "--reference-steps", "-1"});
        QCOMPARE(negative.exitCode, 2);
        QVERIFY2(negative.err.find("option --reference-steps needs a non-negative integer") != std::string::npos,
                 negative.err.c_str());
    }

    void dryRunReplayWithDedup()
    {
        QTemporaryDir dir;
        const std::string base = dir.path().toStdString();
        writeFile(base + "/ncu",
                  "#!/bin/sh\necho 'NVIDIA (R) Nsight Compute Command Line Profiler'\necho 'Version 2025.3.1.0 (build "
                  "36398880) (public-release)'\n",
                  true);
        writeFile(base + "/python3", "#!/bin/sh\nexit 0\n", true);
        const std::string run = base + "/gpt-1";
        QVERIFY(QDir().mkpath(QString::fromStdString(run)));
        const std::string script = test::sourceFile("examples/gpt.py");
        nlohmann::json manifest = {
            {"format", "opscope-run"},
            {"version", 1},
            {"workload", {{"script", script}, {"args", {"--infer"}}, {"python", base + "/python3"}}},
            {"capture", {{"tool", "nsys"}, {"warmup", 2}, {"steps", 1}, {"compile", "eager"}}},
            {"outputs", nlohmann::json::object()},
            {"replays", nlohmann::json::array()}};
        writeFile(run + "/manifest.json", manifest.dump(2));
        writeFile(run + "/partition_map.json",
                  R"({"format": "opscope-partition-map", "version": 1, "root": "model[GPT]",
          "groups": [{"name": "blocks.*[Block]", "class": "Block", "representative": "blocks.0",
                      "members": ["blocks.0", "blocks.1", "blocks.2", "blocks.3"],
                      "labels": ["blocks.0[Block]", "blocks.1[Block]", "blocks.2[Block]", "blocks.3[Block]"]}]})");
        const std::string launcherDir = test::sourceFile("resources/launcher");
        CliRun r =
            runOpscope({"replay", run, "--ncu", base + "/ncu", "--dry-run"}, {{"OPSCOPE_LAUNCHER_DIR", launcherDir}});
        QCOMPARE(r.exitCode, 0);
        const std::string expected =
            "# stage ncu\n"
            "# env PYTHONPATH=" +
            launcherDir +
            "\n"
            "# env PYTHONUNBUFFERED=1\n" +
            base +
            "/ncu --target-processes all --set roofline --nvtx --nvtx-include CAPTURE "
            "--nvtx-exclude 'regex:^blocks\\.1\\[Block\\]$/' --nvtx-exclude 'regex:^blocks\\.2\\[Block\\]$/' "
            "--nvtx-exclude 'regex:^blocks\\.3\\[Block\\]$/' --nvtx-exclude 'blocks.1 backward' "
            "--nvtx-exclude 'blocks.2 backward' --nvtx-exclude 'blocks.3 backward' --export " +
            run + "/ncu --force-overwrite " + base +
            "/python3 -m opscope_launcher --mode nvtx --warmup 2 --reference-steps 0 --steps 1 --backward-ranges " +
            run + "/partition_map.json --status " + run + "/ncu_launcher_status.json -- " + script +
            " --infer\n"
            "# stage ncu-export\n" +
            base + "/ncu --import " + run + "/ncu.ncu-rep --csv --page raw --print-units base > " + run +
            "/ncu_raw.csv\n";
        // A run not captured here: the dry run first lists what it would run from the manifest (--trust-run).
        QVERIFY2(
            r.out.rfind("# not captured here: the replay runs what the run's manifest names (--trust-run):\n", 0) == 0,
            r.out.c_str());
        QVERIFY(r.out.find("#   script " + script + " (in " + run + "/manifest.json)\n") != std::string::npos);
        QCOMPARE(r.out.substr(r.out.find("# stage ncu\n")), expected);

        // --no-dedup profiles every layer; user filters replace the CAPTURE include.
        r = runOpscope({"replay", run, "--ncu", base + "/ncu", "--dry-run", "--no-dedup", "--set", "full",
                        "--nvtx-include", "blocks.0.attn[Attn];regex:blocks\\.[0-9]+\\.mlp\\[MLP\\]/", "--kernel-regex",
                        ".*gemm.*", "--replay-mode", "app-range"},
                       {{"OPSCOPE_LAUNCHER_DIR", launcherDir}});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.find(
                     "--set full --replay-mode app-range --nvtx --nvtx-include 'regex:^blocks\\.0\\.attn\\[Attn\\]$/' "
                     "--nvtx-include 'regex:blocks\\.[0-9]+\\.mlp\\[MLP\\]/' --kernel-name-base demangled "
                     "--kernel-name 'regex:.*gemm.*' --export") != std::string::npos,
                 r.out.c_str());
        QVERIFY(r.out.find("--nvtx-exclude") == std::string::npos);
        QVERIFY(r.out.find("CAPTURE") == std::string::npos);
    }
};

} // namespace tst_command_builders_suite

OPSCOPE_TEST_SUITE(tst_command_builders, tst_command_builders_suite::TestCommandBuilders, Appless)
#include "tst_command_builders.moc"
