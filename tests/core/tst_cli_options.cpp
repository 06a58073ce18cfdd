// Capture and replay requests <-> the command line (opscope/pipeline/cli_options.h): parsing what was
// written gives the request back for every field of both requests, the CLI's defaults are the
// requests' defaults, and what the command line cannot carry is refused, not changed on the way.
#include "opscope/command_line.h"
#include "opscope/pipeline.h"
#include "test_suite.h"

#include <QTest>

#include <functional>

namespace tst_cli_options_suite {

using namespace opscope;
using namespace opscope::pipeline;

namespace {

// A new field of a request fails to compile here (a structured binding names every member): give it
// a change in captureChanges()/replayChanges() below, an option in cli_options.cpp, then add its name.
[[maybe_unused]] void everyFieldIsListed(CaptureRequest &c, Workload &w, ReplayRequest &r, NcuOptions &n)
{
    [[maybe_unused]] auto &[workload, tool, warmup, referenceSteps, referenceSeconds, steps, stepSource, compile, fixes,
                            correlationPass, partitionMap, nsysCaptureRange, nsysCudaMemoryUsage, nsysTrace, nsysPath,
                            outDir, name, importProfile, captureTimeout, nprocPerNode, srunArgs] = c;
    [[maybe_unused]] auto &[script, args, workingDirectory, env, python] = w;
    [[maybe_unused]] auto &[run, ncu, dedup, distinctLaunches, keepReport, checkCounts, ncuPath, replayTimeout,
                            ncuRanks, trustRun, phase] = r;
    // program and output are filled in from the run; kernelNameBase and extraArgs are refused (below).
    [[maybe_unused]] auto &[program, output, metricSet, sections, metrics, nvtxInclude, nvtxExclude, launchSkip,
                            launchCount, kernelName, kernelNameBase, kernelId, replayMode, targetProcesses, sudo,
                            sudoEnvironment, extraArgs] = n;
}

using CaptureChange = std::pair<const char *, std::function<void(CaptureRequest &)>>;
using ReplayChange = std::pair<const char *, std::function<void(ReplayRequest &)>>;

// One change away from the default per field (two for the three-state correlation pass), with values
// the command line must carry as they are: blanks and '=' inside values, arguments that look like options.
std::vector<CaptureChange> captureChanges()
{
    using namespace std::chrono_literals;
    return {
        {"script", [](CaptureRequest &c) { c.workload.script = "/srv/my project/train.py"; }},
        {"args",
         [](CaptureRequest &c) {
             c.workload.args = {"--size", "tiny", "two words", "-x", "--"};
         }},
        {"working directory", [](CaptureRequest &c) { c.workload.workingDirectory = "/srv/my project"; }},
        {"env",
         [](CaptureRequest &c) {
             c.workload.env = {{"A", "1 2"}, {"B", "x=y"}, {"_C3", ""}};
         }},
        {"python", [](CaptureRequest &c) { c.workload.python = "/opt/venv/bin/python3"; }},
        {"tool nsys", [](CaptureRequest &c) { c.tool = CaptureTool::Nsys; }},
        {"tool cpu", [](CaptureRequest &c) { c.tool = CaptureTool::Cpu; }},
        {"warmup", [](CaptureRequest &c) { c.warmup = 0; }},
        {"reference steps", [](CaptureRequest &c) { c.referenceSteps = 0; }},
        {"reference seconds", [](CaptureRequest &c) { c.referenceSeconds = 0.25; }},
        {"no reference seconds", [](CaptureRequest &c) { c.referenceSeconds = 0; }},
        {"steps", [](CaptureRequest &c) { c.steps = 4; }},
        {"step source", [](CaptureRequest &c) { c.stepSource = "function:train_step"; }},
        {"step source generate", [](CaptureRequest &c) { c.stepSource = "generate:answer"; }},
        {"compile", [](CaptureRequest &c) { c.compile = "inductor"; }},
        {"fixes",
         [](CaptureRequest &c) {
             c.fixes = {"pad=lm_head:50304", "checkpoint=blocks.*"};
         }},
        {"correlation on", [](CaptureRequest &c) { c.correlationPass = true; }},
        {"correlation off", [](CaptureRequest &c) { c.correlationPass = false; }},
        {"partition map", [](CaptureRequest &c) { c.partitionMap = false; }},
        {"nsys capture range", [](CaptureRequest &c) { c.nsysCaptureRange = true; }},
        {"cuda memory usage", [](CaptureRequest &c) { c.nsysCudaMemoryUsage = true; }},
        {"nsys trace",
         [](CaptureRequest &c) {
             c.nsysTrace = {"cuda", "nvtx", "osrt"};
         }},
        {"nsys path", [](CaptureRequest &c) { c.nsysPath = "/opt/nvidia/nsight-systems/2025.3.1/bin"; }},
        {"out", [](CaptureRequest &c) { c.outDir = "/tmp/runs"; }},
        {"name", [](CaptureRequest &c) { c.name = "all-options"; }},
        {"import", [](CaptureRequest &c) { c.importProfile = false; }},
        {"timeout", [](CaptureRequest &c) { c.timeout = 91s; }},
        {"nproc per node", [](CaptureRequest &c) { c.nprocPerNode = 8; }},
        {"srun",
         [](CaptureRequest &c) {
             c.nprocPerNode = 0; // srun starts the tasks: the two do not go together
             c.srunArgs = "-N2 --ntasks-per-node=8 --job-name='a b'";
         }},
        {"srun without arguments", [](CaptureRequest &c) { c.srunArgs = ""; }},
    };
}

std::vector<ReplayChange> replayChanges()
{
    using namespace std::chrono_literals;
    return {
        {"run", [](ReplayRequest &r) { r.run = "/srv/runs/gpt-1"; }},
        {"metric set", [](ReplayRequest &r) { r.ncu.metricSet = "detailed"; }},
        {"no metric set", [](ReplayRequest &r) { r.ncu.metricSet.clear(); }},
        {"sections",
         [](ReplayRequest &r) {
             r.ncu.sections = {"SpeedOfLight", "Occupancy"};
         }},
        {"metrics",
         [](ReplayRequest &r) {
             r.ncu.metrics = {"sm__throughput.avg.pct_of_peak_sustained_elapsed", "dram__bytes.sum"};
         }},
        {"nvtx include",
         [](ReplayRequest &r) {
             r.ncu.nvtxInclude = {{"blocks.0[Block]", true}, {"regex:^head/", true}};
         }},
        {"nvtx exclude",
         [](ReplayRequest &r) {
             r.ncu.nvtxExclude = {{"blocks.*[Block]", true}};
         }},
        {"launch skip", [](ReplayRequest &r) { r.ncu.launchSkip = 0; }},
        {"launch count", [](ReplayRequest &r) { r.ncu.launchCount = 5; }},
        {"kernel name", [](ReplayRequest &r) { r.ncu.kernelName = "ampere_sgemm_128x64_nn"; }},
        {"kernel regex", [](ReplayRequest &r) { r.ncu.kernelName = ncuKernelNameFilter(".*gemm.*", true); }},
        {"kernel id", [](ReplayRequest &r) { r.ncu.kernelId = "::ampere_sgemm:1"; }},
        {"replay mode", [](ReplayRequest &r) { r.ncu.replayMode = ReplayMode::AppRange; }},
        {"replay mode kernel", [](ReplayRequest &r) { r.ncu.replayMode = ReplayMode::Kernel; }},
        {"target processes", [](ReplayRequest &r) { r.ncu.targetProcesses = "application-only"; }},
        {"sudo", [](ReplayRequest &r) { r.ncu.sudo = true; }},
        {"sudo env",
         [](ReplayRequest &r) {
             r.ncu.sudoEnvironment = {{"CUDA_VISIBLE_DEVICES", "0,1"}};
         }},
        {"dedup", [](ReplayRequest &r) { r.dedup = false; }},
        {"ncu ranks",
         [](ReplayRequest &r) {
             r.ncuRanks = {0, 3};
         }},
        {"distinctLaunches", [](ReplayRequest &r) { r.distinctLaunches = false; }},
        {"keep report", [](ReplayRequest &r) { r.keepReport = true; }},
        {"count check", [](ReplayRequest &r) { r.checkCounts = false; }},
        {"ncu path", [](ReplayRequest &r) { r.ncuPath = "/opt/nvidia/nsight-compute/2025.3.1/ncu"; }},
        {"timeout", [](ReplayRequest &r) { r.timeout = 3600s; }},
        {"trust run", [](ReplayRequest &r) { r.trustRun = true; }},
        {"phase", [](ReplayRequest &r) { r.phase = "decode#5"; }},
    };
}

std::string shown(const Argv &argv)
{
    std::string text;
    for (const auto &a : argv)
        text += (text.empty() ? "[" : ", [") + a + "]";
    return text;
}

// The command line parsed as `opscope capture` / `opscope replay` parse it.
CaptureRequest parseCapture(const Argv &argv)
{
    return parseCaptureOptions(cli::parseOptions(captureOptionSpecs(), argv, 0, "capture"));
}

ReplayRequest parseReplay(const Argv &argv)
{
    const cli::ParsedArgs args = cli::parseOptions(replayOptionSpecs(), argv, 0, "replay");
    return parseReplayOptions(args, args.positionals.at(0));
}

Argv replayArguments(const ReplayRequest &r)
{
    Argv argv = {r.run};
    const Argv options = replayCliOptions(r);
    argv.insert(argv.end(), options.begin(), options.end());
    return argv;
}

CaptureRequest withScript()
{
    CaptureRequest c;
    c.workload.script = "train.py";
    return c;
}

} // namespace

class TestCliOptions : public QObject {
    Q_OBJECT

private slots:
    void defaultsAreTheCommandLinesDefaults()
    {
        // Nothing written for a default request, and nothing given parses to the default request.
        QCOMPARE(captureCliArguments(withScript()), Argv{"train.py"});
        QVERIFY(parseCapture({"train.py"}) == withScript());
        ReplayRequest r;
        r.run = "run";
        QCOMPARE(replayCliOptions(r), Argv{});
        QVERIFY(parseReplay({"run"}) == r);
    }

    void everyCaptureFieldSurvives()
    {
        CaptureRequest all = withScript();
        for (const auto &[field, change] : captureChanges()) {
            CaptureRequest one = withScript();
            change(one);
            QVERIFY2(!(one == withScript()), field); // the change is one
            const Argv argv = captureCliArguments(one);
            QVERIFY2(argv != captureCliArguments(withScript()), field);
            QVERIFY2(parseCapture(argv) == one, (std::string(field) + ": " + shown(argv)).c_str());
            change(all);
        }
        const Argv argv = captureCliArguments(all);
        QVERIFY2(parseCapture(argv) == all, shown(argv).c_str());
        QCOMPARE(argv.front(), std::string("/srv/my project/train.py"));
        // The workload's arguments come after "--", options-looking ones included.
        const Argv tail = {"--", "--size", "tiny", "two words", "-x", "--"};
        QVERIFY(std::equal(tail.rbegin(), tail.rend(), argv.rbegin()));
    }

    void everyReplayFieldSurvives()
    {
        ReplayRequest all;
        all.run = "run";
        for (const auto &[field, change] : replayChanges()) {
            ReplayRequest one;
            one.run = "run";
            change(one);
            const Argv argv = replayArguments(one);
            QVERIFY2(parseReplay(argv) == one, (std::string(field) + ": " + shown(argv)).c_str());
            if (std::string(field) != "run" && std::string(field) != "kernel regex")
                change(all); // (one kernel name filter at a time)
        }
        const Argv argv = replayArguments(all);
        QVERIFY2(parseReplay(argv) == all, shown(argv).c_str());
        QCOMPARE(argv, (Argv{"run",
                             "--set",
                             "none",
                             "--section",
                             "SpeedOfLight;Occupancy",
                             "--metrics",
                             "sm__throughput.avg.pct_of_peak_sustained_elapsed;dram__bytes.sum",
                             "--nvtx-include",
                             "blocks.0[Block];regex:^head/",
                             "--nvtx-exclude",
                             "blocks.*[Block]",
                             "--kernel-name",
                             "ampere_sgemm_128x64_nn",
                             "--kernel-id",
                             "::ampere_sgemm:1",
                             "--launch-skip",
                             "0",
                             "--launch-count",
                             "5",
                             "--replay-mode",
                             "kernel",
                             "--target-processes",
                             "application-only",
                             "--sudo",
                             "--sudo-env",
                             "CUDA_VISIBLE_DEVICES=0,1",
                             "--no-dedup",
                             "--phase",
                             "decode#5",
                             "--no-distinct-launches",
                             "--keep-report",
                             "--trust-run",
                             "--no-count-check",
                             "--ncu",
                             "/opt/nvidia/nsight-compute/2025.3.1/ncu",
                             "--ncu-ranks",
                             "0;3",
                             "--timeout",
                             "3600"}));
    }

    void profileTakesBoth()
    {
        CaptureRequest capture = withScript();
        for (const auto &[field, change] : captureChanges())
            change(capture);
        ReplayRequest replay;
        for (const auto &[field, change] : replayChanges())
            if (std::string(field) != "run" && std::string(field) != "kernel regex")
                change(replay);
        replay.timeout = capture.timeout; // one --timeout for both
        const Argv argv = profileCliArguments(capture, replay);
        std::vector<cli::OptionSpec> options = captureOptionSpecs();
        for (const auto &o : replayOptionSpecs())
            if (std::none_of(options.begin(), options.end(),
                             [&](const cli::OptionSpec &x) { return x.name == o.name; }))
                options.push_back(o);
        const cli::ParsedArgs args = cli::parseOptions(options, argv, 0, "profile");
        QVERIFY2(parseCaptureOptions(args) == capture, shown(argv).c_str());
        QVERIFY2(parseReplayOptions(args, {}) == replay, shown(argv).c_str());
        QCOMPARE(std::count(argv.begin(), argv.end(), "--timeout"), 1);

        replay.timeout = std::chrono::seconds(5);
        QVERIFY_THROWS_EXCEPTION(ToolError, profileCliArguments(capture, replay));
    }

    void timeoutsRoundUpToWholeSeconds()
    {
        CaptureRequest c = withScript();
        c.timeout = std::chrono::milliseconds(90500);
        QCOMPARE(parseCapture(captureCliArguments(c)).timeout, std::optional(std::chrono::milliseconds(91000)));
    }

    void aScriptThatLooksLikeAnOption()
    {
        CaptureRequest c = withScript();
        c.workload.script = "-x.py";
        c.warmup = 1;
        QCOMPARE(captureCliArguments(c), (Argv{"--warmup", "1", "--", "-x.py"}));
        QVERIFY(parseCapture(captureCliArguments(c)) == c);
    }

    void whatTheCommandLineCannotCarryIsRefused()
    {
        const auto refusedCapture = [](const std::function<void(CaptureRequest &)> &change) {
            CaptureRequest c = withScript();
            change(c);
            try {
                captureCliArguments(c);
            } catch (const ToolError &) {
                return true;
            }
            return false;
        };
        QVERIFY(refusedCapture([](CaptureRequest &c) { c.workload.env = {{"LIST", "a;b"}}; }));
        QVERIFY(refusedCapture([](CaptureRequest &c) { c.workload.env = {{"A", "trailing blank "}}; }));
        QVERIFY(refusedCapture([](CaptureRequest &c) { c.workload.env = {{"NOT A NAME", "1"}}; }));
        QVERIFY(refusedCapture([](CaptureRequest &c) { c.workload.env = {{"1X", "1"}}; }));
        QVERIFY(refusedCapture([](CaptureRequest &c) { c.nsysTrace = {"cuda,nvtx"}; }));
        QVERIFY(refusedCapture([](CaptureRequest &c) { c.nsysTrace = {"cuda", ""}; }));

        const auto refusedReplay = [](const std::function<void(ReplayRequest &)> &change) {
            ReplayRequest r;
            change(r);
            try {
                replayCliOptions(r);
            } catch (const ToolError &) {
                return true;
            }
            return false;
        };
        QVERIFY(refusedReplay([](ReplayRequest &r) { r.ncu.extraArgs = {"--cache-control", "none"}; }));
        QVERIFY(refusedReplay([](ReplayRequest &r) { r.ncu.kernelNameBase = "mangled"; }));
        QVERIFY(refusedReplay([](ReplayRequest &r) { r.ncu.nvtxInclude = {{"CAPTURE", false}}; }));
        QVERIFY(refusedReplay([](ReplayRequest &r) { r.ncu.metrics = {"a,b"}; }));
        QVERIFY(refusedReplay([](ReplayRequest &r) { r.ncu.sections = {" SpeedOfLight"}; }));
        QVERIFY(refusedReplay([](ReplayRequest &r) { r.ncu.sudoEnvironment = {{"A=B", "1"}}; }));
    }

    // The grammar of list fields, the same for the command line and the wizards' fields.
    void lists()
    {
        QCOMPARE(splitOptionList(" a; b ;;c;"), (std::vector<std::string>{"a", "b", "c"}));
        QCOMPARE(splitOptionList("cuda, nvtx", ","), (std::vector<std::string>{"cuda", "nvtx"}));
        QCOMPARE(splitOptionList("a;b,c", ";,"), (std::vector<std::string>{"a", "b", "c"}));
        QCOMPARE(splitOptionList("  "), std::vector<std::string>{});
        // The command line trims its items now as the wizard did: "--section 'A; B'" gives ncu "B", not " B".
        const ReplayRequest r = parseReplay({"run", "--section", "SpeedOfLight; Occupancy", "--metrics", "a; b,c"});
        QCOMPARE(r.ncu.sections, (std::vector<std::string>{"SpeedOfLight", "Occupancy"}));
        QCOMPARE(r.ncu.metrics, (std::vector<std::string>{"a", "b", "c"}));
    }

    void environmentLists()
    {
        std::map<std::string, std::string> env;
        std::string bad;
        QVERIFY(parseEnvList(" A=1 2 ; B=x=y;;_C=", env, bad));
        QCOMPARE(env, (std::map<std::string, std::string>{{"A", "1 2"}, {"B", "x=y"}, {"_C", ""}}));
        for (const char *item : {"A", "=1", "1X=2", "A B=1", "A.B=1"}) {
            env.clear();
            QVERIFY2(!parseEnvList(std::string("OK=1;") + item, env, bad), item);
            QCOMPARE(bad, std::string(item));
        }
        for (const char *name : {"A", "_", "a_1", "PYTORCH_CUDA_ALLOC_CONF"})
            QVERIFY2(isVariableName(name), name);
        for (const char *name : {"", "1A", "A-B", "A B", "Ä"})
            QVERIFY2(!isVariableName(name), name);

        // On the command line: the usage error names the option and the item.
        try {
            parseCapture({"train.py", "--env", "A=1;B"});
            QFAIL("--env B was taken");
        } catch (const cli::UsageError &e) {
            QCOMPARE(std::string(e.what()), std::string("--env needs NAME=VALUE items separated by ';', not 'B'"));
        }
        try {
            parseReplay({"run", "--sudo-env", "1X=2"});
            QFAIL("--sudo-env 1X=2 was taken");
        } catch (const cli::UsageError &e) {
            QCOMPARE(std::string(e.what()),
                     std::string("--sudo-env: '1X' is not a variable name (letters, digits and _, not starting with a "
                                 "digit)"));
        }
    }

    // --srun's ARGS split as a POSIX shell splits words, nothing expanded.
    void commandLineSplitting()
    {
        using V = std::vector<std::string>;
        QCOMPARE(*cli::splitCommandLine("-N2  --ntasks-per-node=8\t-J x"),
                 (V{"-N2", "--ntasks-per-node=8", "-J", "x"}));
        QCOMPARE(*cli::splitCommandLine("--job-name='a b' \"c \\\"d\\\" $HOME\" e\\ f"),
                 (V{"--job-name=a b", "c \"d\" $HOME", "e f"}));
        QCOMPARE(*cli::splitCommandLine("'' x"), (V{"", "x"}));
        QCOMPARE(*cli::splitCommandLine("  "), V{});
        QVERIFY(!cli::splitCommandLine("'open"));
        QVERIFY(!cli::splitCommandLine("\"open"));
        QVERIFY(!cli::splitCommandLine("end\\"));
        QCOMPARE(srunCommand("srun", "-N1 -n2", {"opscope-cli", "capture"}),
                 (Argv{"srun", "-N1", "-n2", "opscope-cli", "capture"}));
    }

    // Which rank a process is: torchrun's variables, else an srun task's (never a batch script's).
    void rankContexts()
    {
        using Env = std::map<std::string, std::string>;
        const auto from = [](const Env &env) {
            return rankContextFromEnvironment([&env](const char *name) -> const char * {
                auto it = env.find(name);
                return it == env.end() ? nullptr : it->second.c_str();
            });
        };
        const RankContext none = from({});
        QVERIFY(!none.distributed());
        const RankContext t =
            from({{"RANK", "3"}, {"LOCAL_RANK", "1"}, {"WORLD_SIZE", "8"}, {"TORCHELASTIC_RUN_ID", "abc"}});
        QVERIFY(t.distributed());
        QCOMPARE(t.rank, 3);
        QCOMPARE(t.localRank, 1);
        QCOMPARE(t.worldSize, 8);
        QCOMPARE(t.engine, std::string("torchrun"));
        QCOMPARE(t.runId, std::string("abc"));
        QCOMPARE(t.partName().rfind("rank3.local1.", 0), size_t(0));
        QCOMPARE(rankOfPartName(t.partName()), 3);
        QCOMPARE(rankOfPartName("rankx.local0.h"), -1);
        QVERIFY(!from({{"RANK", "0"}, {"WORLD_SIZE", "1"}}).distributed()); // one process
        // A batch script: SLURM_PROCID without a step.
        QVERIFY(!from({{"SLURM_PROCID", "0"}, {"SLURM_NTASKS", "4"}, {"SLURM_JOB_ID", "42"}}).distributed());
        const Env task = {{"SLURM_PROCID", "5"},         {"SLURM_LOCALID", "1"},
                          {"SLURM_STEP_ID", "0"},        {"SLURM_STEP_NUM_TASKS", "8"},
                          {"SLURM_NTASKS", "16"},        {"SLURM_JOB_ID", "4242"},
                          {"SLURM_STEP_NUM_NODES", "1"}, {"SLURM_STEP_TASKS_PER_NODE", "4(x2)"}};
        const RankContext s = from(task);
        QVERIFY(s.distributed());
        QCOMPARE(s.rank, 5);
        QCOMPARE(s.worldSize, 8); // the step's tasks, not the job's
        QCOMPARE(s.engine, std::string("slurm"));
        QCOMPARE(s.runId, std::string("slurm-4242.0"));
        const auto getenv = [&task](const char *name) -> const char * {
            auto it = task.find(name);
            return it == task.end() ? nullptr : it->second.c_str();
        };
        const Env env = slurmTorchEnvironment(s, getenv, "node01");
        QCOMPARE(env, (Env{{"RANK", "5"},
                           {"WORLD_SIZE", "8"},
                           {"LOCAL_RANK", "1"},
                           {"LOCAL_WORLD_SIZE", "4"},
                           {"MASTER_ADDR", "127.0.0.1"},
                           {"MASTER_PORT", std::to_string(15000 + (4242 * 7) % 15000)}}));
        QCOMPARE(*parseRankList("0; 3,3"), (std::vector<int>{0, 3}));
        QVERIFY(!parseRankList("0;x"));
    }

    void metricSetNames()
    {
        for (const auto &set : ncuMetricSets())
            QVERIFY2(isMetricSetName(set), set.c_str());
        QVERIFY(isMetricSetName("my-set_2"));
        for (const char *name : {"", "Full", "a b", "a;b"})
            QVERIFY2(!isMetricSetName(name), name);
        QVERIFY_THROWS_EXCEPTION(cli::UsageError, parseReplay({"run", "--set", "Full"}));
    }
};

} // namespace tst_cli_options_suite

OPSCOPE_TEST_SUITE(tst_cli_options, tst_cli_options_suite::TestCliOptions, Appless)
#include "tst_cli_options.moc"
