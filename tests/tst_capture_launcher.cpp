// The launcher's rules on the CPU (Debian's python3-torch 1.13): warm-up and captured step counts,
// a clear failure when the script runs too few steps, explicit step markers and step functions, and
// module labels that close when a forward raises.
#include "capture_test_util.h"

#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace opscope;
using namespace opscope::test;

Q_DECLARE_METATYPE(std::string)

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
        // --warmup 1 --steps 2: two step markers, every module label twice; the status says so.
        QTemporaryDir dir;
        const std::string out = dir.path().toStdString();
        const CliRun r = runOpscope({"capture", test::sourceFile("examples/mlp.py"), "--python", python_, "--out", out,
                                     "--name", "two", "--warmup", "1", "--steps", "2", "--no-import"});
        QVERIFY2(r.exitCode == 0, r.err.c_str());
        const std::map<std::string, int> names = eventNameCounts(readJson(out + "/two/trace.json"));
        QCOMPARE(names.at("ProfilerStep#0"), 1);
        QCOMPARE(names.at("ProfilerStep#1"), 1);
        QCOMPARE(names.at("model[MLP]"), 2);
        QCOMPARE(names.at("blocks.2.fc[Linear]"), 2);
        const nlohmann::json status = readJson(out + "/two/launcher_status.json");
        QCOMPARE(status["steps_captured"].get<int>(), 2);
        QCOMPARE(status["steps_seen"].get<int>(), 3);
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
        QVERIFY2(r.err.find("the script ran 20 step(s) but the capture needs 30 warm-up + 1 captured step(s)") !=
                     std::string::npos,
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
                                               "for i in range(6):\n"
                                               "    with opscope_launcher.step():\n"
                                               "        m(torch.randn(2, 4)); m(torch.randn(2, 4))\n")
                                        << std::string() << std::string("marker");
        QTest::newRow("mark_step()") << std::string("import torch\nfrom opscope_launcher import mark_step\n"
                                                    "m = torch.nn.Sequential(torch.nn.Linear(4, 4), torch.nn.ReLU())\n"
                                                    "for i in range(6):\n"
                                                    "    mark_step()\n"
                                                    "    m(torch.randn(2, 4)); m(torch.randn(2, 4))\n")
                                     << std::string() << std::string("marker");
        QTest::newRow("function:train_step")
            << std::string("import torch\n"
                           "m = torch.nn.Sequential(torch.nn.Linear(4, 4), torch.nn.ReLU())\n"
                           "def train_step(x):\n"
                           "    m(x); m(x)\n"
                           "for i in range(6):\n"
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
        std::vector<std::string> args = {"--mode", "cpu", "--trace", trace, "--status", status};
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
        QCOMPARE(eventNameCounts(readJson(trace)).at("model[Sequential]"), 2);
        QVERIFY(r.output.find("OPSCOPE step 3/3 capture") != std::string::npos);
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
               "for i in range(5):\n"
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
            else if (name == "model[Net]")
                modelStart = ts, modelEnd = ts + dur;
        }
        QVERIFY(badEnd > 0 && linStart > 0);
        QVERIFY2(badEnd <= linStart, "the label of the forward that raised stayed open over its sibling");
        QVERIFY(modelStart <= linStart && badEnd <= modelEnd);
    }
};

QTEST_APPLESS_MAIN(TestCaptureLauncher)
#include "tst_capture_launcher.moc"
