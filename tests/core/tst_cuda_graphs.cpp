// Kernels replayed from CUDA graphs that the script captured itself (torch.cuda.graph), attributed to
// the operator and module open where each graph node was made (nsys --cuda-graph-trace=node, the
// launcher's labels during the graph's capture; docs/attribution.md, "CUDA graphs"). Real captures of
// bench/gpu/cudagraph_eager.py on an H200 (tests/data/h200_cudagraph_eager: inference, and a whole
// training step in the graph).
#include "test_suite.h"
#include "test_util.h"

#include "opscope/capture_import.h"
#include "opscope/phases.h"
#include "opscope/pipeline/distinct_launches.h"
#include "opscope/profile_store.h"

#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

#include <map>
#include <set>

namespace tst_cuda_graphs_suite {

using namespace opscope;

namespace {
std::string unpacked(const QTemporaryDir &dir, const std::string &variant)
{
    const std::string sqlite = test::tempPath(dir, (variant + ".sqlite").c_str());
    if (!test::gunzipFile(test::sourceFile("tests/data/h200_cudagraph_eager/" + variant + "/nsys.sqlite.gz"), sqlite))
        return {};
    return sqlite;
}

bool warnsOfMissingCaptures(const Profile &p)
{
    for (const std::string &w : p.warnings)
        if (w.find("have no capture of their graph node") != std::string::npos)
            return true;
    return false;
}

struct Counts {
    size_t captured = 0, withOp = 0, withModuleOrPhase = 0, fromGraphs = 0;
};
Counts countCaptured(const Profile &p)
{
    Counts c;
    for (Index k = 0; k < p.kernels.size(); ++k) {
        const Kernel &kernel = p.kernels[k];
        if (kernel.flags & kKernelOutsideCapture)
            continue;
        ++c.captured;
        c.withOp += kernel.op != kNoIndex;
        c.withModuleOrPhase += kernel.module != kNoIndex;
        c.fromGraphs += p.graphCaptureCall(k) != kNoIndex;
    }
    return c;
}
} // namespace

class TestCudaGraphs : public QObject {
    Q_OBJECT

private slots:
    void inferenceGraphKernelsTakeTheirCaptureTimeOperator()
    {
        QTemporaryDir dir;
        const std::string sqlite = unpacked(dir, "infer");
        QVERIFY(!sqlite.empty());
        const Profile p = importCapture({sqlite});
        // 294 kernels, 186 of them replayed from the graph (6 replays: warm-up, reference and captured
        // steps), 110 node-creation records: 35 made by the capture, 75 by cudaGraphInstantiate (each
        // instantiated node twice, once with the captured node it was cloned from).
        QCOMPARE(p.kernels.size(), size_t(294));
        QCOMPARE(p.graph_node_launches.size(), size_t(186));
        QVERIFY(!warnsOfMissingCaptures(p));
        const Counts c = countCaptured(p);
        QCOMPARE(c.captured, size_t(32));
        QCOMPARE(c.fromGraphs, size_t(31)); // the step's randn that fills the static input runs eagerly
        QCOMPARE(c.withOp, c.captured);     // before: 1 (the graph replay has no operator)
        QCOMPARE(c.withModuleOrPhase, c.captured);
        // Each capture-time call is a launch inside the graph's capture, on the capturing thread.
        for (const GraphNodeLaunch &g : p.graph_node_launches) {
            const std::string_view call = p.text(p.api_calls[g.capture_call].name);
            QVERIFY2(call.find("Launch") != std::string_view::npos || call.find("Memset") != std::string_view::npos,
                     std::string(call).c_str());
        }
        // The four blocks' first GEMM: aten::addmm (Linear), in blocks.N.fc1, each once in the step.
        std::map<std::string, int> fc1;
        for (Index k = 0; k < p.kernels.size(); ++k) {
            const Kernel &kernel = p.kernels[k];
            if ((kernel.flags & kKernelOutsideCapture) || kernel.module == kNoIndex || kernel.op == kNoIndex)
                continue;
            const std::string path(p.text(p.modules[kernel.module].path));
            if (path.ends_with(".fc1") && p.text(p.operators[kernel.op].name) == "aten::addmm")
                ++fc1[path];
        }
        QCOMPARE(fc1.size(), size_t(4));
        for (const auto &[path, n] : fc1)
            QVERIFY2(n >= 1, path.c_str());
    }

    void trainingStepInAGraphHasItsPhases()
    {
        QTemporaryDir dir;
        const std::string sqlite = unpacked(dir, "train");
        QVERIFY(!sqlite.empty());
        const Profile p = importCapture({sqlite});
        QVERIFY(!warnsOfMissingCaptures(p));
        const Counts c = countCaptured(p);
        QCOMPARE(c.captured, size_t(163));
        QCOMPARE(c.withOp, c.captured);
        QCOMPARE(c.withModuleOrPhase, c.captured);
        // The optimizer's kernels (capturable Adam: _foreach_* and per-parameter ops) are in the
        // optimizer phase, the backward seed in backward, the loss in its module outside the model.
        std::map<std::string, size_t> kernelsOf; // module or phase label -> captured kernels
        size_t backwardInBlocks = 0;
        for (const Kernel &k : p.kernels) {
            if ((k.flags & kKernelOutsideCapture) || k.module == kNoIndex)
                continue;
            const ModuleInstance &m = p.modules[k.module];
            const std::string path(p.text(m.path));
            ++kernelsOf[isPhase(m) ? path : path.substr(0, path.find('.'))];
            backwardInBlocks +=
                path.starts_with("blocks.") && k.op != kNoIndex && (p.operators[k.op].flags & kOperatorBackward);
        }
        QCOMPARE(kernelsOf[std::string(kPhaseOptimizer)], size_t(71));
        QCOMPARE(kernelsOf[std::string(kPhaseBackward)], size_t(1));
        QCOMPARE(kernelsOf["loss_fn"], size_t(4));
        QVERIFY(backwardInBlocks > 0); // autograd's kernels reach their forward's module, as in eager
    }

    void storedProfileKeepsTheLinks()
    {
        QTemporaryDir dir;
        const std::string sqlite = unpacked(dir, "infer");
        const Profile p = importCapture({sqlite});
        const std::string stored = test::tempPath(dir, "infer.opscope");
        saveProfile(p, stored);
        const Profile back = loadProfile(stored);
        QVERIFY(back.graph_node_launches == p.graph_node_launches);
        QCOMPARE(back.graphCaptureCall(p.graph_node_launches.front().kernel),
                 p.graph_node_launches.front().capture_call);
    }

    void withoutNodeRecordsTheReplayIsNamed()
    {
        // A report without the node-creation records (the graph was captured before nsys began): the
        // replayed kernels keep the replay's ranges, and a warning says why.
        QTemporaryDir dir;
        const std::string sqlite = unpacked(dir, "infer");
        sqlite3 *db = nullptr;
        QCOMPARE(sqlite3_open(sqlite.c_str(), &db), SQLITE_OK);
        QCOMPARE(sqlite3_exec(db, "DELETE FROM CUDA_GRAPH_NODE_EVENTS", nullptr, nullptr, nullptr), SQLITE_OK);
        sqlite3_close(db);
        const Profile p = importCapture({sqlite});
        QVERIFY(warnsOfMissingCaptures(p));
        QVERIFY(p.graph_node_launches.empty());
        const Counts c = countCaptured(p);
        QCOMPARE(c.captured, size_t(32));
        QCOMPARE(c.withOp, size_t(1)); // only the eager randn
    }

    void distinctLaunchReplaySaysWhyNot()
    {
        // ncu sees a graph's kernels under the graph launch's ranges: no operator range selects them.
        QTemporaryDir dir;
        const pipeline::DistinctLaunchPlan plan =
            pipeline::planDistinctLaunches(importCapture({unpacked(dir, "infer")}));
        QVERIFY2(plan.unusable.find("31 of 32 kernels of the captured step are replayed from CUDA graphs") !=
                     std::string::npos,
                 plan.unusable.c_str());
    }
};

} // namespace tst_cuda_graphs_suite

OPSCOPE_TEST_SUITE(tst_cuda_graphs, tst_cuda_graphs_suite::TestCudaGraphs, Core)
#include "tst_cuda_graphs.moc"
