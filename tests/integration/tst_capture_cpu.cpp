// The capture pipeline for real on the CPU, with Debian's python3-torch (1.13, no Kineto, no NVTX):
// `opscope capture` on the examples gives a run folder, a manifest, a trace whose module labels are
// the examples' modules, a partition map of their identical layers and a profile whose module tree
// and operator table match them; a cancelled (or killed) capture leaves no process behind; a missing
// nsys/ncu gives the clear message. The launcher's step rules are in tst_capture_launcher.
#include "capture_test_util.h"
#include "opscope/importer.h"
#include "opscope/metadata_keys.h"
#include "opscope/module_tree.h"
#include "opscope/phases.h"
#include "opscope/step_timing.h"
#include "test_suite.h"

#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <csignal>
#include <fstream>
#include <map>
#include <set>
#include <sys/wait.h>

namespace tst_capture_cpu_suite {

using namespace opscope;
using namespace opscope::test;

class TestCaptureCpu : public QObject {
    Q_OBJECT

    std::string python_;

private slots:
    void initTestCase()
    {
        python_ = pipeline::findPython();
        if (python_.empty() || !pipeline::pythonHasTorch(python_))
            QSKIP("no python3 here can import torch (install Debian's python3-torch)");
    }

    void captureExample_data()
    {
        QTest::addColumn<std::string>("example");
        QTest::addColumn<std::vector<std::string>>("labels");
        QTest::addColumn<std::vector<std::string>>("groups");
        // Default sizes on the CPU: mlp tiny (depth 3), gpt tiny (2 layers), convnet tiny (2 stages x 2).
        QTest::newRow("mlp") << std::string("mlp") << mlpLabels(3) << std::vector<std::string>{"blocks.*[Block]"};
        QTest::newRow("gpt") << std::string("gpt") << gptLabels(2) << std::vector<std::string>{"blocks.*[Block]"};
        QTest::newRow("convnet") << std::string("convnet") << convnetLabels()
                                 << std::vector<std::string>{"stages.0.blocks.*[ConvBlock]",
                                                             "stages.1.blocks.*[ConvBlock]"};
    }

    void captureExample()
    {
        QFETCH(std::string, example);
        QFETCH(std::vector<std::string>, labels);
        QFETCH(std::vector<std::string>, groups);
        QTemporaryDir dir;
        const std::string out = dir.path().toStdString();
        const CliRun r = runOpscope({"capture", test::sourceFile("examples/" + example + ".py"), "--python", python_,
                                     "--out", out, "--name", example});
        QVERIFY2(r.exitCode == 0, (r.err + r.out).c_str());
        const std::string run = out + "/" + example;
        QVERIFY(r.out.find("profile: " + run + "/" + example + ".opscope") != std::string::npos);

        // The run folder and its manifest.
        for (const char *file :
             {"manifest.json", "launcher.log", "trace.json", "launcher_status.json", "partition_map.json"})
            QVERIFY2(QFileInfo::exists(QString::fromStdString(run + "/" + file)), file);
        const nlohmann::json m = readJson(run + "/manifest.json");
        QCOMPARE(m["format"].get<std::string>(), std::string("opscope-run"));
        QCOMPARE(m["result"].get<std::string>(), std::string("ok"));
        QCOMPARE(m["capture"]["tool"].get<std::string>(), std::string("torch")); // no nsys on this machine
        QCOMPARE(m["stages"].size(), size_t(1));
        const auto &stage = m["stages"][0];
        QCOMPARE(stage["status"].get<std::string>(), std::string("ok"));
        const auto argv = stage["argv"].get<std::vector<std::string>>();
        QCOMPARE(argv[0], python_);
        QCOMPARE(argv[1] + " " + argv[2], std::string("-m opscope_launcher"));
        QVERIFY(stage["wall_s"].get<double>() > 0);
        QCOMPARE(m["counts"]["steps_captured"].get<int>(), 1);
        QCOMPARE(m["counts"]["modules_called"].get<size_t>(), labels.size());
        QCOMPARE(m["outputs"]["profile"].get<std::string>(), example + ".opscope");
        QCOMPARE(m["tools"]["torch"].get<std::string>(), m["launcher"]["torch"].get<std::string>());
        QCOMPARE(m["tools"]["python"].get<std::string>(), python_);

        // The trace: every module label once (one captured step, each module called once), one step marker.
        const nlohmann::json trace = readJson(run + "/trace.json");
        const std::map<std::string, int> names = eventNameCounts(trace);
        for (const auto &label : labels) {
            const auto it = names.find(label);
            QVERIFY2(it != names.end(), ("missing module label " + label).c_str());
            QCOMPARE(it->second, 1);
        }
        QCOMPARE(names.count("ProfilerStep#0"), size_t(1));
        QCOMPARE(names.count("ProfilerStep#1"), size_t(0));

        // The partition map: the identical layers.
        const pipeline::PartitionMap map = pipeline::readPartitionMap(run + "/partition_map.json");
        std::vector<std::string> groupNames;
        for (const auto &g : map.groups)
            groupNames.push_back(g.name);
        QCOMPARE(groupNames, groups);

        // The profile: its module tree holds exactly the example's modules, and every operator that
        // sits in a module ran inside that module's label in the trace.
        const Profile p = importFile(run + "/" + example + ".opscope");
        std::set<std::string> paths;
        size_t moduleCalls = 0;
        for (const ModuleInstance &mi : p.modules)
            if (!isPhase(mi)) {
                paths.insert(std::string(p.text(mi.path)) + "[" + std::string(p.text(mi.class_name)) + "]");
                ++moduleCalls;
            }
        QCOMPARE(paths, std::set<std::string>(labels.begin(), labels.end()));
        QCOMPARE(moduleCalls, labels.size());
        // Its groups of identical layers are the partition map's, with the same members, though a CPU
        // capture has no kernels to find them by, and `opscope modules` lists them.
        const ModuleTree tree = buildModuleTree(p);
        std::map<std::string, std::vector<std::string>> treeGroups, mapGroups;
        for (const DedupGroup &g : tree.groups)
            if (!g.nested)
                for (int member : g.members)
                    treeGroups[g.name + "[" + g.className + "]"].push_back(tree.nodes[size_t(member)].path);
        for (const auto &g : map.groups)
            mapGroups[g.name] = g.members;
        QCOMPARE(treeGroups, mapGroups);
        const CliRun modules = runOpscope({"modules", run + "/" + example + ".opscope"});
        QVERIFY2(modules.exitCode == 0, modules.err.c_str());
        for (const auto &g : tree.groups)
            if (!g.nested) {
                const std::string line =
                    "group " + g.name + " x" + std::to_string(g.members.size()) + " [" + g.className + "]";
                QVERIFY2(modules.out.find(line) != std::string::npos, (line + " not in:\n" + modules.out).c_str());
            }
        // Operators: as many aten::linear calls as the trace has, each inside a Linear module.
        size_t linear = 0;
        for (const Operator &op : p.operators) {
            if (p.text(op.name) != "aten::linear")
                continue;
            ++linear;
            QVERIFY(op.module != kNoIndex);
            QCOMPARE(p.text(p.modules[op.module].class_name), std::string_view("Linear"));
        }
        QCOMPARE(linear, size_t(names.count("aten::linear") ? names.at("aten::linear") : 0));
        QCOMPARE(linear, size_t(std::count_if(labels.begin(), labels.end(), [](const std::string &l) {
                     return l.find("[Linear]") != std::string::npos;
                 })));

        // The reference steps: 3 plain steps timed before the captured one (the host clock: no CUDA here), and
        // after it more of them while they took less than a second in all, until the script ends (its 20
        // iterations); in the run folder, the profile's metadata and `summary --json`.
        QCOMPARE(m["capture"]["reference_steps"].get<int>(), 3);
        const nlohmann::json &reference = m["launcher"]["reference"];
        QCOMPARE(reference["clock"].get<std::string>(), std::string("perf_counter"));
        const size_t after = reference["steps_after_capture"].get<size_t>();
        QCOMPARE(reference["steps_ns"].size(), 3 + after);
        QCOMPARE(m["launcher"]["steps_seen"].get<size_t>(), 6 + after);
        int64_t plainTime = 0;
        for (const auto &ns : reference["cpu_steps_ns"])
            plainTime += ns.get<int64_t>();
        QVERIFY2(after == 14 || plainTime >= 1'000'000'000,
                 qPrintable(QString("%1 after, %2 ns").arg(after).arg(plainTime)));
        // The plain time: the median of the steps from the first within 1.05x of the fastest (the earlier ones
        // were warming up).
        std::vector<int64_t> steps = reference["steps_ns"].get<std::vector<int64_t>>();
        const int64_t fastest = *std::min_element(steps.begin(), steps.end());
        size_t warming = 0;
        while (warming + 1 < steps.size() && double(steps[warming]) > kSteadyStepTolerance * double(fastest))
            ++warming;
        steps.erase(steps.begin(), steps.begin() + warming);
        std::sort(steps.begin(), steps.end());
        const int64_t plainNs =
            steps.size() % 2 ? steps[steps.size() / 2] : (steps[steps.size() / 2 - 1] + steps[steps.size() / 2]) / 2;
        const int64_t capturedNs = reference["captured_median_ns"].get<int64_t>();
        QVERIFY(plainNs > 0 && capturedNs > 0);
        QCOMPARE(*p.metadataValue(kReferenceStepNsKey), std::to_string(plainNs));
        QCOMPARE(*p.metadataValue(kCapturedStepNsKey), std::to_string(capturedNs));
        QCOMPARE(*p.metadataValue(kReferenceClockKey), std::string("perf_counter"));
        QCOMPARE(*p.metadataValue(kReferenceStepsKey), std::to_string(steps.size()));
        if (warming > 0)
            QCOMPARE(*p.metadataValue(kReferenceWarmingUpStepsKey), std::to_string(warming));
        // The backend settings the launcher read at the capture, for the insights that depend on them.
        const nlohmann::json &settings = m["launcher"]["torch_settings"];
        QCOMPARE(settings["backends.cudnn.benchmark"].get<bool>(), false); // torch's default, untouched by the example
        QCOMPARE(*p.metadataValue(torchSettingKey("backends.cudnn.benchmark")), std::string("False"));
        QCOMPARE(*p.metadataValue(torchSettingKey("float32_matmul_precision")),
                 settings["float32_matmul_precision"].get<std::string>());
        const CliRun summary = runOpscope({"summary", run + "/" + example + ".opscope", "--json"});
        QVERIFY2(summary.exitCode == 0, summary.err.c_str());
        const nlohmann::json s = nlohmann::json::parse(summary.out);
        QCOMPARE(s["reference_step_ns"].get<int64_t>(), plainNs);
        QCOMPARE(s["captured_step_ns"].get<int64_t>(), capturedNs);
        QVERIFY(std::abs(s["capture_overhead"].get<double>() - double(capturedNs) / double(plainNs)) < 1e-9);
        // No reference step in a torch.profiler trace: the step time is corrected to the plain one.
        QCOMPARE(s["step_timing"]["source"].get<std::string>(), std::string("labelled_step"));
        QVERIFY(s["step_timing"]["corrected"].get<bool>());
        QCOMPARE(s["step_timing"]["step_ns"].get<int64_t>(), plainNs);
    }

    void namedModulesAndPhases()
    {
        // A training step as users write it: the model keeps a child called `model` (as the model
        // library's causal-LM classes do), calls one ReLU at three places, its loss module and part of
        // the loss run outside the model, the input is copied first, then backward and an optimizer step.
        QTemporaryDir dir;
        const std::string script = test::tempPath(dir, "train.py");
        std::ofstream(script) << R"(import torch
import torch.nn as nn

class Inner(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)
    def forward(self, x):
        return self.fc(x)

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.model = Inner()
        self.act = nn.ReLU()
        self.head = nn.Linear(8, 4)
    def forward(self, x):
        x = self.act(self.model(x))
        x = self.act(x * 2)
        return self.head(self.act(x))

torch.manual_seed(0)
net = Net()
criterion = nn.MSELoss()
optimizer = torch.optim.SGD(net.parameters(), lr=0.01)
x64, y = torch.randn(16, 8, dtype=torch.float64), torch.randn(16, 4)
print("NAMED", sorted(name for name, _ in net.named_modules()))
for _ in range(10):
    optimizer.zero_grad()
    x = x64.to(torch.float32)
    out = net(x)
    loss = criterion(out, y) + 0.01 * out.pow(2).mean()
    loss.backward()
    optimizer.step()
)";
        const std::string out = dir.path().toStdString();
        const CliRun r = runOpscope({"capture", script, "--python", python_, "--out", out, "--name", "train"});
        QVERIFY2(r.exitCode == 0, (r.err + r.out).c_str());
        // The launcher's labels: the root by its class alone, its child `model` by its own name.
        const std::map<std::string, int> labels = eventNameCounts(readJson(out + "/train/trace.json"));
        QCOMPARE(labels.count("[Net]"), size_t(1));
        QCOMPARE(labels.count("model[Inner]"), size_t(1));
        QCOMPARE(labels.count("model[Net]"), size_t(0));
        const Profile p = importFile(out + "/train/train.opscope");
        const ModuleTree tree = buildModuleTree(p);

        // The tree is named_modules(): the root at the empty path, shown by its class, the child `model`
        // apart from it; the shared ReLU is one node with three calls; the loss module keeps its variable's name.
        std::set<std::string> modulePaths;
        for (const ModuleNode &n : tree.nodes)
            if (!n.phase)
                modulePaths.insert(n.path);
        QCOMPARE(modulePaths, (std::set<std::string>{"", "model", "model.fc", "act", "head", "criterion"}));
        const int root = tree.find("");
        QVERIFY(root >= 0);
        QCOMPARE(tree.nodes[size_t(root)].displayName(), std::string("[Net]"));
        QCOMPARE(tree.nodes[size_t(root)].calls, 1u);
        QCOMPARE(tree.nodes[size_t(tree.find("model"))].parent, root);
        QCOMPARE(tree.nodes[size_t(tree.find("model"))].className, std::string("Inner"));
        QCOMPARE(tree.nodes[size_t(tree.find("model.fc"))].parent, tree.find("model"));
        QCOMPARE(tree.nodes[size_t(tree.find("act"))].calls, 3u);
        QCOMPARE(tree.nodes[size_t(tree.find("criterion"))].parent, -1);

        // The phases are top-level rows holding the step's work outside modules.
        auto opsOf = [&](int node) {
            std::set<std::string> names;
            for (const Operator &op : p.operators)
                if (op.module != kNoIndex && tree.nodeOf(op.module) == node)
                    names.insert(std::string(p.text(op.name)));
            return names;
        };
        for (std::string_view phase : {kPhaseOptimizer, kPhaseBackward, kPhaseLoss, kPhaseData}) {
            const int node = tree.findPhase(phase);
            QVERIFY2(node >= 0, std::string(phase).c_str());
            QCOMPARE(tree.nodes[size_t(node)].parent, -1);
            QVERIFY2(!opsOf(node).empty(), std::string(phase).c_str());
        }
        QCOMPARE(tree.nodes[size_t(tree.findPhase(kPhaseOptimizer))].className, std::string("SGD"));
        QCOMPARE(tree.nodes[size_t(tree.findPhase(kPhaseOptimizer))].label(), std::string("optimizer [SGD]"));
        QVERIFY(opsOf(tree.findPhase(kPhaseOptimizer)).count("aten::add_"));
        QVERIFY(opsOf(tree.findPhase(kPhaseBackward)).count("aten::ones_like"));
        QVERIFY(opsOf(tree.findPhase(kPhaseLoss)).count("aten::pow"));
        QVERIFY(opsOf(tree.findPhase(kPhaseData)).count("aten::to"));
        QVERIFY(opsOf(tree.find("criterion")).count("aten::mse_loss"));
        // Every operator of the step is in a module or a phase.
        const auto outside = std::count_if(p.operators.begin(), p.operators.end(),
                                           [](const Operator &op) { return op.module == kNoIndex; });
        QCOMPARE(outside, 0);
    }

    void cancelLeavesNoProcess()
    {
        // A capture that would run for hours (1,000,000 warm-up steps) is cancelled with SIGTERM once
        // the workload runs; opscope exits 130 and no process of that run survives.
        QTemporaryDir dir;
        const std::string out = dir.path().toStdString();
        const std::string run = out + "/cancel";
        pid_t pid = ::fork();
        QVERIFY(pid >= 0);
        if (pid == 0) {
            ::setenv("PYTHONPATH", "", 1);
            const std::string script = test::sourceFile("examples/mlp.py");
            ::execl(opscope::test::opscopeBinary(), opscope::test::opscopeBinary(), "capture", script.c_str(),
                    "--python", python_.c_str(), "--out", out.c_str(), "--name", "cancel", "--warmup", "1000000", "--",
                    "--steps", "100000000", static_cast<char *>(nullptr));
            ::_exit(127);
        }
        const bool running = waitUntil(
            [&] { return readText(run + "/launcher.log").find("OPSCOPE step 2/") != std::string::npos; }, 60000ms);
        const std::vector<pid_t> before = processesMentioning(run + "/");
        ::kill(pid, SIGTERM);
        int status = 0;
        const bool exited = waitUntil([&] { return ::waitpid(pid, &status, WNOHANG) == pid; }, 15000ms);
        if (!exited) {
            ::kill(pid, SIGKILL);
            ::waitpid(pid, &status, 0);
        }
        QVERIFY2(running, "the workload never started its steps");
        QVERIFY2(!before.empty(), "no workload process was seen while it ran");
        QVERIFY2(exited, "opscope did not exit after SIGTERM");
        QVERIFY(WIFEXITED(status));
        QCOMPARE(WEXITSTATUS(status), 130);
        QVERIFY2(waitUntil([&] { return processesMentioning(run + "/").empty(); }, 3000ms),
                 "a process of the cancelled run survived");
        const nlohmann::json m = readJson(run + "/manifest.json");
        QCOMPARE(m["result"].get<std::string>(), std::string("cancelled"));
        QCOMPARE(m["stages"][0]["status"].get<std::string>(), std::string("cancelled"));
    }

    void killedOpscopeTakesItsWorkloadAlong()
    {
        // Even SIGKILL (no chance to clean up) must not leave the workload running unattended.
        QTemporaryDir dir;
        const std::string out = dir.path().toStdString();
        const std::string run = out + "/killed";
        pid_t pid = ::fork();
        QVERIFY(pid >= 0);
        if (pid == 0) {
            const std::string script = test::sourceFile("examples/mlp.py");
            ::execl(opscope::test::opscopeBinary(), opscope::test::opscopeBinary(), "capture", script.c_str(),
                    "--python", python_.c_str(), "--out", out.c_str(), "--name", "killed", "--warmup", "1000000", "--",
                    "--steps", "100000000", static_cast<char *>(nullptr));
            ::_exit(127);
        }
        const bool running = waitUntil(
            [&] { return readText(run + "/launcher.log").find("OPSCOPE step 2/") != std::string::npos; }, 60000ms);
        ::kill(pid, SIGKILL);
        ::waitpid(pid, nullptr, 0);
        QVERIFY(running);
        QVERIFY2(waitUntil([&] { return processesMentioning(run + "/").empty(); }, 5000ms),
                 "the workload outlived a killed opscope");
    }

    void missingTools()
    {
        QTemporaryDir dir;
        const std::string script = test::sourceFile("examples/mlp.py");
        // An explicit path that is not there.
        CliRun r = runOpscope(
            {"capture", script, "--tool", "nsys", "--nsys", "/nonexistent/nsys", "--out", dir.path().toStdString()});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.err, std::string("opscope capture: nsys was not found at /nonexistent/nsys (--nsys). Install Nsight "
                                    "Systems or pass --nsys PATH of the nsys program.\n"));
        QVERIFY2(QDir(dir.path()).isEmpty(), "a run folder was made although nothing could run");

        // No nsys and no ncu, whatever this machine has: the message names where OpScope looked.
        {
            const test::ToolFolder noTools;
            const std::string looked = "(looked in " + noTools.path() + ", from OPSCOPE_TOOL_PATH). ";
            r = runOpscope({"capture", script, "--tool", "nsys", "--out", dir.path().toStdString()});
            QCOMPARE(r.exitCode, 1);
            QCOMPARE(r.err,
                     "opscope capture: nsys was not found " + looked + "Install Nsight Systems or pass --nsys PATH.\n");
            r = runOpscope({"profile", script, "--out", dir.path().toStdString(), "--nsys", "/bin/true"});
            QCOMPARE(r.exitCode, 1);
            QCOMPARE(r.err,
                     "opscope profile: ncu was not found " + looked + "Install Nsight Compute or pass --ncu PATH.\n");
            QVERIFY2(QDir(dir.path()).isEmpty(), "a run folder was made although nothing could run");
        }
        // Where the search is not pinned, the message lists the usual install folders (the patterns, not
        // only the folders that exist here, so it reads the same on every machine).
        const test::ScopedEnv noPin("OPSCOPE_TOOL_PATH", std::nullopt), noHome("CUDA_HOME", std::nullopt),
            noPath("CUDA_PATH", std::nullopt);
        QCOMPARE(pipeline::nsysNotFoundMessage(),
                 std::string("nsys was not found (looked in PATH, /usr/local/cuda/bin, /usr/local/cuda-*/bin, "
                             "/opt/nvidia/nsight-systems/*/bin, /opt/nvidia/nsight-systems/*/target-linux-x64, "
                             "/usr/local/cuda/nsight-systems-*/bin, /usr/local/cuda-*/nsight-systems-*/bin, "
                             "/opt/nvidia/nsight-compute/*/host/target-linux-x64, /usr/lib/nsight-systems/bin). "
                             "Install Nsight Systems or pass --nsys PATH."));
        QCOMPARE(pipeline::ncuNotFoundMessage(),
                 std::string("ncu was not found (looked in PATH, /usr/local/cuda/bin, /usr/local/cuda-*/bin, "
                             "/opt/nvidia/nsight-compute/*, /usr/local/cuda/nsight-compute-*, "
                             "/usr/local/cuda-*/nsight-compute-*, /usr/local/NVIDIA-Nsight-Compute*, "
                             "/usr/lib/nsight-compute). Install Nsight Compute or pass --ncu PATH."));
        const test::ScopedEnv home("CUDA_HOME", QByteArray("/opt/cuda-12.8"));
        QVERIFY2(pipeline::ncuNotFoundMessage().starts_with("ncu was not found (looked in PATH, /opt/cuda-12.8/bin, "
                                                            "/usr/local/cuda/bin, "),
                 pipeline::ncuNotFoundMessage().c_str());
    }
};

} // namespace tst_capture_cpu_suite

OPSCOPE_TEST_SUITE(tst_capture_cpu, tst_capture_cpu_suite::TestCaptureCpu, Appless)
#include "tst_capture_cpu.moc"
