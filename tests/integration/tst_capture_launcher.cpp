// The launcher's rules on the CPU (Debian's python3-torch 1.13): warm-up, reference and captured step
// counts, a clear failure when the script runs too few steps, explicit step markers and step
// functions, reference steps that run with no hooks and no profiler, and module labels that close
// when a forward raises.
#include "capture_test_util.h"
#include "test_suite.h"

#include <cmath>

#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

namespace tst_capture_launcher_suite {

using namespace opscope;
using namespace opscope::test;

class TestCaptureLauncher : public QObject {
    Q_OBJECT

    std::string python_;
    std::string launcherDir_;

    // Runs the launcher directly (python3 -m opscope_launcher ...) on a script.
    ProcessResult runLauncher(const std::vector<std::string> &args)
    {
        ProcessSpec spec;
        spec.argv = {python_, "-m", "opscope_launcher"};
        spec.argv.insert(spec.argv.end(), args.begin(), args.end());
        spec.setEnv = {{"PYTHONPATH", launcherDir_}};
        spec.timeout = std::chrono::milliseconds(60000);
        return runProcess(spec);
    }

private slots:
    void initTestCase()
    {
        python_ = pipeline::findPython();
        if (python_.empty() || !pipeline::pythonHasTorch(python_))
            QSKIP("no python3 here can import torch (install Debian's python3-torch)");
        launcherDir_ = test::sourceFile("resources/launcher");
    }

    void warmupAndSteps()
    {
        // --warmup 1 --steps 2 (and the 3 reference steps): two step markers, every module label twice.
        QTemporaryDir dir;
        const std::string out = dir.path().toStdString();
        const CliRun r =
            runOpscope({"capture", test::sourceFile("examples/mlp.py"), "--python", python_, "--out", out, "--name",
                        "two", "--warmup", "1", "--steps", "2", "--reference-seconds", "0", "--no-import"});
        QVERIFY2(r.exitCode == 0, r.err.c_str());
        const std::map<std::string, int> names = eventNameCounts(readJson(out + "/two/trace.json"));
        QCOMPARE(names.at("ProfilerStep#0"), 1);
        QCOMPARE(names.at("ProfilerStep#1"), 1);
        QCOMPARE(names.at("[MLP]"), 2);
        QCOMPARE(names.at("blocks.2.fc[Linear]"), 2);
        const nlohmann::json status = readJson(out + "/two/launcher_status.json");
        QCOMPARE(status["steps_captured"].get<int>(), 2);
        QCOMPARE(status["steps_seen"].get<int>(), 6);
        QCOMPARE(status["reference_steps"].get<int>(), 3);
        QCOMPARE(status["reference"]["steps_ns"].size(), size_t(3));
        QCOMPARE(status["reference"]["captured_steps_ns"].size(), size_t(2));
        QCOMPARE(status["exit"].get<std::string>(), std::string("complete"));
        QVERIFY(!QFileInfo::exists(QString::fromStdString(out + "/two/two.opscope")));
    }

    void tooFewSteps()
    {
        // mlp.py runs 20 iterations: 30 warm-up steps cannot be met, and the message says what to do.
        QTemporaryDir dir;
        const std::string out = dir.path().toStdString();
        const CliRun r = runOpscope({"capture", test::sourceFile("examples/mlp.py"), "--python", python_, "--out", out,
                                     "--name", "few", "--warmup", "30"});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.find("the script ran 20 step(s) but the capture needs 30 warm-up + 3 reference + 1 captured "
                            "step(s); lower --warmup or --reference-steps or run more iterations") != std::string::npos,
                 r.err.c_str());
        QVERIFY(r.err.find("full log: " + out + "/few/launcher.log") != std::string::npos);
        const nlohmann::json m = readJson(out + "/few/manifest.json");
        QCOMPARE(m["result"].get<std::string>(), std::string("failed"));
        QCOMPARE(m["stages"][0]["exit_code"].get<int>(), 3);
    }

    void markersAndStepFunctions_data()
    {
        QTest::addColumn<std::string>("script");
        QTest::addColumn<std::string>("stepOption");
        QTest::addColumn<std::string>("source");
        // Each iteration calls the model twice: module steps would count 2 per iteration, these count 1.
        QTest::newRow("step() context") << std::string(
                                               "import torch, opscope_launcher\n"
                                               "m = torch.nn.Sequential(torch.nn.Linear(4, 4), torch.nn.ReLU())\n"
                                               "for i in range(8):\n"
                                               "    with opscope_launcher.step():\n"
                                               "        m(torch.randn(2, 4)); m(torch.randn(2, 4))\n")
                                        << std::string() << std::string("marker");
        QTest::newRow("mark_step()") << std::string("import torch\nfrom opscope_launcher import mark_step\n"
                                                    "m = torch.nn.Sequential(torch.nn.Linear(4, 4), torch.nn.ReLU())\n"
                                                    "for i in range(8):\n"
                                                    "    mark_step()\n"
                                                    "    m(torch.randn(2, 4)); m(torch.randn(2, 4))\n")
                                     << std::string() << std::string("marker");
        QTest::newRow("function:train_step")
            << std::string("import torch\n"
                           "m = torch.nn.Sequential(torch.nn.Linear(4, 4), torch.nn.ReLU())\n"
                           "def train_step(x):\n"
                           "    m(x); m(x)\n"
                           "for i in range(8):\n"
                           "    train_step(torch.randn(2, 4))\n")
            << std::string("function:train_step") << std::string("function");
    }

    void markersAndStepFunctions()
    {
        QFETCH(std::string, script);
        QFETCH(std::string, stepOption);
        QFETCH(std::string, source);
        QTemporaryDir dir;
        const std::string path = test::tempPath(dir, "work.py");
        std::ofstream(path) << script;
        const std::string trace = test::tempPath(dir, "trace.json"), status = test::tempPath(dir, "status.json");
        // Exactly the 3 reference steps (more would run after the capture while they took less than a second).
        std::vector<std::string> args = {"--mode", "cpu", "--trace", trace, "--status", status, "--reference-seconds",
                                         "0"};
        if (!stepOption.empty())
            args.insert(args.end(), {"--step", stepOption});
        args.insert(args.end(), {"--", path});
        const ProcessResult r = runLauncher(args);
        QVERIFY2(r.ok(), r.output.c_str());
        const nlohmann::json s = readJson(status);
        QCOMPARE(s["step_source"].get<std::string>(), source);
        QCOMPARE(s["steps_captured"].get<int>(), 1);
        QCOMPARE(s["exit"].get<std::string>(), std::string("complete"));
        // One captured step = one iteration: the model ran twice inside it.
        QCOMPARE(eventNameCounts(readJson(trace)).at("[Sequential]"), 2);
        QVERIFY(r.output.find("OPSCOPE step 6/6 capture") != std::string::npos);
    }

    void referenceStepsRunPlain_data()
    {
        QTest::addColumn<std::string>("loop");
        QTest::addColumn<std::string>("stepOption");
        QTest::addColumn<bool>("rootHook");
        // The model writes what it sees in every call; each iteration calls it once.
        QTest::newRow("module calls") << std::string(
                                             "for i in range(7):\n    net(torch.randn(2, 4)).sum().backward()\n")
                                      << std::string("module") << true; // the script imports opscope_launcher
        QTest::newRow("step() context") << std::string("for i in range(7):\n"
                                                       "    with opscope_launcher.step():\n"
                                                       "        net(torch.randn(2, 4)).sum().backward()\n")
                                        << std::string() << false;
        QTest::newRow("mark_step()") << std::string("for i in range(7):\n"
                                                    "    opscope_launcher.mark_step()\n"
                                                    "    net(torch.randn(2, 4)).sum().backward()\n")
                                     << std::string() << false;
        QTest::newRow("function:train_step") << std::string("def train_step():\n"
                                                            "    net(torch.randn(2, 4)).sum().backward()\n"
                                                            "for i in range(7):\n    train_step()\n")
                                             << std::string("function:train_step") << false;
    }

    void referenceStepsRunPlain()
    {
        // Steps 1-2 warm up, 3-5 are the reference steps, 6 is captured. Inside the reference steps no
        // global module hook is installed (so every module call takes torch's hook-free path), only the
        // root keeps its own pre-hook when steps are root-module calls, and no profiler or record_function
        // runs; the captured step has the hooks and the profiler back. All of it is timed.
        QFETCH(std::string, loop);
        QFETCH(std::string, stepOption);
        QFETCH(bool, rootHook);
        QTemporaryDir dir;
        const std::string seen = test::tempPath(dir, "seen.txt");
        const std::string path = test::tempPath(dir, "work.py");
        std::ofstream(path) << "import torch, opscope_launcher\n"
                               "from torch.nn.modules import module as M\n"
                               "class Net(torch.nn.Module):\n"
                               "    def __init__(self):\n"
                               "        super().__init__(); self.lin = torch.nn.Linear(4, 4)\n"
                               "    def forward(self, x):\n"
                               "        with open('"
                            << seen
                            << "', 'a') as f:\n"
                               "            f.write('%d %d %d %d\\n' % (len(M._global_forward_pre_hooks), "
                               "len(M._global_forward_hooks), len(self._forward_pre_hooks), "
                               "torch.autograd._profiler_enabled()))\n"
                               "        return self.lin(x)\n"
                               "net = Net()\n"
                            << loop;
        const std::string trace = test::tempPath(dir, "trace.json"), status = test::tempPath(dir, "status.json");
        // Exactly the 3 reference steps (more would run after the capture while they took less than a second).
        std::vector<std::string> args = {"--mode", "cpu", "--trace", trace, "--status", status, "--reference-seconds",
                                         "0"};
        if (!stepOption.empty())
            args.insert(args.end(), {"--step", stepOption});
        args.insert(args.end(), {"--", path});
        const ProcessResult r = runLauncher(args);
        QVERIFY2(r.ok(), r.output.c_str());
        std::vector<std::string> lines;
        std::istringstream in(readText(seen));
        for (std::string line; std::getline(in, line);)
            lines.push_back(line);
        QCOMPARE(lines.size(), size_t(6)); // the 7th call ends the run
        const std::string reference = rootHook ? "0 0 1 0" : "0 0 0 0";
        const std::vector<std::string> expected = {"1 1 0 0", "1 1 0 0", reference, reference, reference, "1 1 0 1"};
        QCOMPARE(lines, expected);
        for (int k = 3; k <= 5; ++k)
            QVERIFY(r.output.find("OPSCOPE step " + std::to_string(k) + "/6 reference") != std::string::npos);
        QVERIFY(r.output.find("OPSCOPE step 6/6 capture") != std::string::npos);

        const nlohmann::json s = readJson(status);
        QCOMPARE(s["steps_captured"].get<int>(), 1);
        const nlohmann::json &t = s["reference"];
        QCOMPARE(t["clock"].get<std::string>(), std::string("perf_counter")); // no CUDA here
        QCOMPARE(t["steps_ns"].size(), size_t(3));
        for (const auto &ns : t["steps_ns"])
            QVERIFY(ns.get<int64_t>() > 0);
        QVERIFY(t["steps_ns"] == t["cpu_steps_ns"]);
        QCOMPARE(t["captured_steps_ns"].size(), size_t(1));
        std::vector<int64_t> sorted = t["steps_ns"].get<std::vector<int64_t>>();
        std::sort(sorted.begin(), sorted.end());
        QCOMPARE(t["median_ns"].get<int64_t>(), sorted[1]);
        QCOMPARE(t["captured_median_ns"].get<int64_t>(), t["captured_steps_ns"][0].get<int64_t>());
        QVERIFY(std::abs(t["overhead"].get<double>() -
                         double(t["captured_median_ns"].get<int64_t>()) / double(sorted[1])) < 1e-3);
        QVERIFY(!t.contains("nvtx_range")); // no NVTX in a CPU build
        QVERIFY(r.output.find("OPSCOPE reference timing clock=perf_counter steps=3 median_ns=" +
                              std::to_string(sorted[1])) != std::string::npos);
        // Nothing of the reference steps is in the trace: one step, the module's label once.
        const std::map<std::string, int> names = eventNameCounts(readJson(trace));
        QCOMPARE(names.at("[Net]"), 1);
        QCOMPARE(names.count("ProfilerStep#1"), size_t(0));
    }

    void shortStepsAreTimedMoreOftenAfterTheCapture()
    {
        // Steps 1-2 warm up, 3-5 are timed plain, 6 is captured; while the plain steps took less than
        // --reference-seconds in all, the steps after the capture run plain and are timed too (hooks off, no
        // profiler), until the script ends: 7-12 here. A long step (a budget already spent) gets none.
        QTemporaryDir dir;
        const std::string seen = test::tempPath(dir, "seen.txt");
        const std::string path = test::tempPath(dir, "work.py");
        std::ofstream(path) << "import torch\n"
                               "from torch.nn.modules import module as M\n"
                               "class Net(torch.nn.Module):\n"
                               "    def __init__(self):\n"
                               "        super().__init__(); self.lin = torch.nn.Linear(4, 4)\n"
                               "    def forward(self, x):\n"
                               "        with open('"
                            << seen
                            << "', 'a') as f:\n"
                               "            f.write('%d %d\\n' % (len(M._global_forward_hooks), "
                               "torch.autograd._profiler_enabled()))\n"
                               "        return self.lin(x)\n"
                               "net = Net()\nfor i in range(12):\n    net(torch.randn(2, 4)).sum().backward()\n";
        for (const char *budget : {"30", "0.000001"}) {
            QFile::remove(QString::fromStdString(seen));
            const std::string trace = test::tempPath(dir, "trace.json"), status = test::tempPath(dir, "status.json");
            const ProcessResult r = runLauncher(
                {"--mode", "cpu", "--trace", trace, "--status", status, "--reference-seconds", budget, "--", path});
            QVERIFY2(r.ok(), r.output.c_str());
            const bool more = std::string(budget) == "30";
            std::vector<std::string> lines;
            std::istringstream in(readText(seen));
            for (std::string line; std::getline(in, line);)
                lines.push_back(line);
            std::vector<std::string> expected = {"1 0", "1 0", "0 0", "0 0", "0 0", "1 1"};
            if (more)
                expected.insert(expected.end(), 6, "0 0"); // plain, after the capture
            QCOMPARE(lines, expected);
            const nlohmann::json st = readJson(status);
            QCOMPARE(st["exit"].get<std::string>(), std::string("complete"));
            QCOMPARE(st["steps_captured"].get<int>(), 1);
            QCOMPARE(st["reference"]["steps_ns"].size(), size_t(more ? 9 : 3));
            QCOMPARE(st["reference"]["cpu_steps_ns"].size(), size_t(more ? 9 : 3));
            QCOMPARE(st["reference"]["steps_after_capture"].get<int>(), more ? 6 : 0);
            QVERIFY(st["reference"]["calibration"].is_null()); // no CUDA here
            if (more)
                QVERIFY2(r.output.find("OPSCOPE step 12/12 reference") != std::string::npos, r.output.c_str());
            // The trace holds the captured step only.
            QCOMPARE(eventNameCounts(readJson(trace)).at("[Net]"), 1);
        }
    }

    void referenceStepsZeroSkipsThem()
    {
        QTemporaryDir dir;
        const std::string path = test::tempPath(dir, "work.py");
        std::ofstream(path)
            << "import torch\nnet = torch.nn.Linear(4, 4)\nfor i in range(4):\n    net(torch.randn(2, 4))\n";
        const std::string status = test::tempPath(dir, "status.json");
        const ProcessResult r = runLauncher({"--mode", "cpu", "--trace", test::tempPath(dir, "trace.json"),
                                             "--reference-steps", "0", "--status", status, "--", path});
        QVERIFY2(r.ok(), r.output.c_str());
        QVERIFY(r.output.find("OPSCOPE step 3/3 capture") != std::string::npos);
        QVERIFY(r.output.find("/3 reference") == std::string::npos);
        QVERIFY(r.output.find("OPSCOPE reference start") == std::string::npos);
        const nlohmann::json s = readJson(status);
        QCOMPARE(s["steps_seen"].get<int>(), 3);
        QCOMPARE(s["reference"]["steps"].get<int>(), 0);
        QVERIFY(s["reference"]["steps_ns"].empty());
        QVERIFY(s["reference"]["median_ns"].is_null());
        QVERIFY(s["reference"]["overhead"].is_null());
        QCOMPARE(s["reference"]["captured_steps_ns"].size(), size_t(1)); // the captured step is still timed
    }

    void exceptionsCloseRanges()
    {
        // A submodule raises, its parent catches: the submodule's label must close before the next one
        // opens (torch 1.13 has no always_call hooks; the launcher unwinds stale entries itself). An
        // exception escaping a top-level call must not stop later calls from counting as steps.
        QTemporaryDir dir;
        const std::string path = test::tempPath(dir, "raises.py");
        std::ofstream(path)
            << "import torch\nfrom torch import nn\n"
               "class Bad(nn.Module):\n    def forward(self, x): raise ValueError('boom')\n"
               "class Net(nn.Module):\n"
               "    def __init__(self):\n        super().__init__(); self.bad = Bad(); self.lin = nn.Linear(4, 4)\n"
               "    def forward(self, x):\n"
               "        try: self.bad(x)\n        except ValueError: pass\n"
               "        return self.lin(x)\n"
               "net = Net()\n"
               "for i in range(8):\n"
               "    net(torch.randn(2, 4))\n"
               "    if i == 1:\n"
               "        try: net.bad(torch.randn(1))\n        except ValueError: pass\n";
        const std::string trace = test::tempPath(dir, "trace.json");
        const ProcessResult r = runLauncher({"--mode", "cpu", "--trace", trace, "--", path});
        QVERIFY2(r.ok(), r.output.c_str());
        QVERIFY(r.output.find("OPSCOPE capture end steps=1") != std::string::npos);
        double badEnd = -1, linStart = -1, modelStart = -1, modelEnd = -1;
        const nlohmann::json events = readJson(trace);
        for (const auto &e : traceEvents(events)) {
            const std::string name = e.value("name", "");
            const double ts = e.value("ts", 0.0), dur = e.value("dur", 0.0);
            if (name == "bad[Bad]")
                badEnd = ts + dur;
            else if (name == "lin[Linear]")
                linStart = ts;
            else if (name == "[Net]")
                modelStart = ts, modelEnd = ts + dur;
        }
        QVERIFY(badEnd > 0 && linStart > 0);
        QVERIFY2(badEnd <= linStart, "the label of the forward that raised stayed open over its sibling");
        QVERIFY(modelStart <= linStart && badEnd <= modelEnd);
    }
};

} // namespace tst_capture_launcher_suite

OPSCOPE_TEST_SUITE(tst_capture_launcher, tst_capture_launcher_suite::TestCaptureLauncher, Appless)
#include "tst_capture_launcher.moc"
