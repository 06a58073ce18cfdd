// The what-if replay of a step (whatif.h): hand-built timelines where the answer is known to the
// nanosecond (a GPU-bound chain, a host-bound step, a synchronisation that moves the host, a removed
// launch, a CUDA graph), and real captures, where the replay with no change gives back the measured step.
#include "step_builder.h"
#include "test_suite.h"
#include "test_util.h"

#include "opscope/capture_import.h"
#include "opscope/host_model.h"
#include "opscope/step_timing.h"
#include "opscope/whatif.h"

#include <QTemporaryDir>
#include <QTest>

#include <filesystem>

namespace tst_whatif_suite {

using namespace opscope;
using opscope::test::fixture;

namespace {

constexpr int64_t us = 1000;

using test::StepBuilder;

// A host-bound step: nine launch calls of 5 us every 100 us, each starting a 10 us kernel 8 us after its call
// began; the GPU waits for the host and the step ends with the host at 1000 us.
StepBuilder hostBoundStep()
{
    StepBuilder b(1000 * us);
    for (int i = 0; i < 9; ++i)
        b.kernel(i * 100 * us, 5 * us, i * 100 * us + 8 * us, 10 * us);
    return b;
}

} // namespace

class TestWhatIf : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;

private slots:
    void aGpuBoundChainGainsWhatTheKernelSaves()
    {
        // Ten kernels of 100 us launched 5 us apart: the GPU runs them back to back (1 us gaps).
        StepBuilder b(60 * us);
        for (int i = 0; i < 10; ++i)
            b.kernel(i * 5 * us, 3 * us, 10 * us + i * 101 * us, 100 * us);
        const StepTiming t = b.timing();
        QCOMPARE(t.measured_step_ns, 1019 * us);
        const StepReplay replay(b.p, t);
        // Step after step, the first kernel follows the previous step's last 1 us later (the gap between
        // queued kernels) instead of the 10 us the idle GPU took to start it in the measured step.
        QCOMPARE(replay.queuedGapNs(), 1 * us);
        QCOMPARE(replay.replay(), 1010 * us);
        StepChange halve;
        halve.kernel_ns[3] = 50 * us;
        QCOMPARE(replay.replay(halve), 960 * us);
        StepChange gone;
        gone.removed = {3};
        QCOMPARE(replay.replay(gone), 909 * us);
    }

    void aHostBoundStepGainsNothingFromFasterKernels()
    {
        // Launches every 100 us of 10 us kernels: the GPU waits for the host; the step ends with the host.
        StepBuilder b = hostBoundStep();
        const StepTiming t = b.timing();
        QCOMPARE(t.measured_step_ns, 1000 * us);
        const StepReplay replay(b.p, t);
        QCOMPARE(replay.replay(), 1000 * us);
        QCOMPARE(replay.idleLaunchLatencyNs(), 8 * us);
        StepChange change;
        for (size_t k = 0; k < 9; ++k)
            change.kernel_ns[k] = 1 * us;
        QCOMPARE(replay.replay(change), 1000 * us); // the host floor
        // CUDA graphs: each launch 30 us cheaper for the host. The host's Python between launches stays: the
        // step gains 8 x 30 us and the first launch's 5 us (all the host spent before it), not everything but
        // the GPU's 90 us (the old model's "one graph at the step's start" gave 91 us, where a launch-bound
        // H200 step measured a third of that gain).
        StepChange graph;
        graph.launch_saving_ns = 30 * us;
        QCOMPARE(replay.replay(graph), 1000 * us - 8 * 30 * us - 5 * us);
        // No launch saves more than the host spent since its previous one: the GPU's work remains.
        graph.launch_saving_ns = 1000 * us;
        const int64_t graphed = replay.replay(graph);
        QCOMPARE(graphed, 1000 * us - 5 * us - 8 * 100 * us);
    }

    void aGraphedRunReplacesTheHostTimeBetweenItsLaunches()
    {
        // The same host-bound step; kernels 2 to 6 replayed as one CUDA graph that costs the host 50 us. Their
        // launches span 405 us of host time (200 us to the end of the call at 600 us): the host saves 355 us
        // and everything after the run moves up by that much; the graph's kernels run back to back from the
        // run's first launch.
        StepBuilder b = hostBoundStep();
        const StepTiming t = b.timing();
        const StepReplay replay(b.p, t);
        StepChange graph;
        graph.graphs.push_back({{2, 3, 4, 5, 6}, 50 * us});
        QCOMPARE(replay.replay(graph), 1000 * us - 355 * us);
        // A replay that costs more than the host spent on the run gains nothing (and loses nothing).
        graph.graphs.front().replay_host_ns = 1000 * us;
        QCOMPARE(replay.replay(graph), 1000 * us);
        // Two runs: each pays its own replay.
        graph.graphs = {{{0, 1, 2}, 20 * us}, {{5, 6, 7, 8}, 20 * us}};
        QCOMPARE(replay.replay(graph), 1000 * us - (205 - 20) * us - (305 - 20) * us);
        // A GPU-bound run keeps the GPU's pace: the kernels still take their time.
        StepChange slow = graph;
        for (size_t k = 0; k < 9; ++k)
            slow.kernel_ns[k] = 150 * us;
        QVERIFY(replay.replay(slow) >= 9 * 150 * us);
    }

    void aHostFarAheadMeetsItsFloorOnceTheGpuIsFaster()
    {
        // The GPU is still busy with earlier work until 5 ms when the host launches this step's ten 100 us
        // kernels, 30 us apart: the step is GPU-bound (1 ms), the host 4.7 ms ahead. Ten times faster kernels
        // do not make a 100 us step: the host needs 300 us to launch them.
        StepBuilder b(300 * us);
        b.kernel(-10 * us, 3 * us, 0, 5000 * us);
        for (int i = 0; i < 10; ++i)
            b.kernel(i * 30 * us, 3 * us, 5001 * us + i * 101 * us, 100 * us);
        const StepTiming t = b.timing();
        QCOMPARE(t.kernels.size(), size_t(10));
        QCOMPARE(t.measured_step_ns, 1010 * us);
        const StepReplay replay(b.p, t);
        QCOMPARE(replay.replay(), 1010 * us);
        QVERIFY2(replay.hostLeadNs() > 4000 * us, qPrintable(QString::number(replay.hostLeadNs())));
        StepChange faster;
        for (size_t k = 0; k < 10; ++k)
            faster.kernel_ns[k] = 10 * us;
        QCOMPARE(replay.replay(faster), 300 * us);
    }

    void aSynchronisationMovesTheHostAfterIt()
    {
        // Five 100 us kernels launched up front, a cudaDeviceSynchronize from 30 us that returns 2 us after
        // the last one ends (at 512 us), then three 10 us kernels launched 10 us apart and the step's end.
        StepBuilder b(600 * us);
        for (int i = 0; i < 5; ++i)
            b.kernel(i * 5 * us, 3 * us, 10 * us + i * 100 * us, 100 * us);
        b.call(30 * us, 512 * us, "cudaDeviceSynchronize");
        for (int i = 0; i < 3; ++i)
            b.kernel(520 * us + i * 10 * us, 3 * us, 528 * us + i * 10 * us, 5 * us);
        const StepTiming t = b.timing();
        const StepReplay replay(b.p, t);
        QCOMPARE(replay.syncs().size(), size_t(1));
        QCOMPARE(replay.syncs()[0].gpu_done_ns, 510 * us);
        QCOMPARE(replay.syncs()[0].wait_ns, 480 * us);
        QCOMPARE(replay.replay(), t.measured_step_ns);
        // A kernel before the sync 40 us shorter: the sync returns 40 us sooner, and so does all after it.
        StepChange faster;
        faster.kernel_ns[1] = 60 * us;
        QCOMPARE(replay.replay(faster), t.measured_step_ns - 40 * us);
        // A kernel after it shorter by 2 us: the host ends the step, nothing gained.
        StepChange after;
        after.kernel_ns[6] = 3 * us;
        QCOMPARE(replay.replay(after), t.measured_step_ns);
        // The sync no longer waits: it costs its 2 us tail; the host launches the last three at once
        // but the GPU still has the first five to run: the step ends with the GPU.
        StepChange unblocked;
        unblocked.unblocked = {0};
        // The host: the sync returns at 30 + 2 = 32 us (480 us sooner), the last three launches come at 40,
        // 50 and 60 us and the step's end at 120 us. The GPU is the bottleneck now: 500 us for the first five
        // kernels, then the sixth at the median gap between queued kernels (0: the first five ran back to
        // back), the other two, queued in the measured step too, at the 5 us gap each had: 525 us a step.
        QCOMPARE(replay.queuedGapNs(), int64_t(0));
        QCOMPARE(replay.replay(unblocked), 525 * us);
    }

    void aRemovedKernelTakesItsLaunchOffTheHost()
    {
        // Launch calls of 20 us back to back, each launching a 2 us kernel 5 us after its call began: the
        // host sets the pace. Without kernel 2 every later launch comes 20 us sooner.
        StepBuilder b(205 * us);
        for (int i = 0; i < 10; ++i)
            b.kernel(i * 20 * us, 20 * us, i * 20 * us + 5 * us, 2 * us);
        const StepTiming t = b.timing();
        const StepReplay replay(b.p, t);
        QCOMPARE(replay.replay(), t.measured_step_ns);
        QCOMPARE(replay.launchCallNs(), 20 * us);
        StepChange gone;
        gone.removed = {2};
        QCOMPARE(replay.replay(gone), t.measured_step_ns - 20 * us);
    }

    void anInstrumentedHostIsCompressedToThePlainHostTime()
    {
        // The labelled step (instrumented) of a host-bound step, and the launcher's plain step: its host took
        // 500 us by perf_counter. The host model compresses the host's own time to it; the replay follows.
        StepBuilder b(1000 * us);
        for (int i = 0; i < 9; ++i)
            b.kernel(i * 100 * us, 5 * us, i * 100 * us + 8 * us, 10 * us);
        b.p.finalize();
        ReferenceTiming plain;
        plain.referenceNs = 520 * us;
        plain.referenceCpuNs = 500 * us;
        plain.steps = 3;
        plain.clock = "cuda_event";
        setReferenceTiming(b.p, plain);
        const StepTiming t = stepTiming(b.p);
        QVERIFY(t.corrected);
        const HostModel host = buildHostModel(b.p, t, referenceTiming(b.p));
        QCOMPARE(toString(host.correction), std::string_view("instrumented"));
        QCOMPARE(host.span_ns, 1000 * us);
        QCOMPARE(host.own_ns, 500 * us);
        QCOMPARE(host.tracing_cost_ns, 500 * us);
        const StepReplay half(b.p, t, host);
        QCOMPARE(half.replay(), 500 * us);
    }

    void blockedLaunchesAreWaitingNotHostWork()
    {
        // A GPU-bound step whose host runs ahead until the launch queue is full: 300 kernels of 40 us; the host
        // launches every 5 us until 128 launches are queued, then each launch waits for a slot (the kernel 128
        // places ahead to end) and costs 5 us after that. The host's own cost is 300 x 5 us = 1.5 ms of a 12 ms step.
        constexpr int kernels = 300, depth = 128;
        constexpr int64_t run = 40 * us, call = 5 * us, first = 20 * us;
        const auto kernelEnd = [&](int i) { return first + (i + 1) * run; };
        StepBuilder b(1);
        int64_t at = 0;
        size_t held = 0; // launches that waited for a slot
        for (int i = 0; i < kernels; ++i) {
            // A slot frees when the kernel `depth` places ahead has ended.
            const int64_t end = i < depth ? at + call : std::max(at + call, kernelEnd(i - depth) + call);
            held += end - at > 2 * call;
            b.kernel(at, end - at, first + i * run, run);
            at = end;
        }
        QVERIFY(held > 100);
        b.p.ranges[0].end_ns = at;
        b.call(at - 2 * us, at - 1 * us, "cudaEventRecord");
        const StepTiming t = b.timing();
        QCOMPARE(t.measured_step_ns, first + kernels * run);
        const HostModel host = buildHostModel(b.p, t, std::nullopt);
        QCOMPARE(host.blocked_launches, held);
        QVERIFY2(std::abs(double(host.own_ns - kernels * call)) < 0.02 * double(kernels * call),
                 qPrintable(QString("own %1 ns, span %2 ns").arg(host.own_ns).arg(host.span_ns)));
        QCOMPARE(host.blocked_launch_ns + host.own_ns, host.span_ns);
        // Every kernel twice as fast: the GPU's 6 ms, far above the host's 1.5 ms, is the new step.
        const StepReplay replay(b.p, t, host);
        QVERIFY2(std::abs(double(replay.replay() - t.measured_step_ns)) < 0.01 * double(t.measured_step_ns),
                 qPrintable(QString::number(replay.replay())));
        StepChange faster;
        for (size_t k = 0; k < size_t(kernels); ++k)
            faster.kernel_ns[k] = run / 2;
        const int64_t gain = replay.replay() - replay.replay(faster);
        QVERIFY2(std::abs(double(gain - kernels * run / 2)) < 0.02 * double(kernels * run / 2),
                 qPrintable(QString("gain %1 ns of %2 ns saved").arg(gain).arg(kernels * run / 2)));
        // The traced host as measured (no host model): its blocked launches keep the old GPU's pace, 40 us a
        // launch after the queue filled, and the faster GPU waits for them.
        const StepReplay asTraced(b.p, t);
        const int64_t tracedGain = asTraced.replay() - asTraced.replay(faster);
        QVERIFY2(tracedGain < gain - 500 * us,
                 qPrintable(QString("%1 as traced, %2 on the host model").arg(tracedGain).arg(gain)));
    }

    void replayWithoutChangeGivesBackRealSteps_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<double>("tolerance");
        const auto data = [](const char *folder) {
            return QString::fromStdString(test::sourceFile(std::string("tests/data/") + folder + "/nsys.sqlite.gz"));
        };
        // Steps that ran as they repeat: within 1 %.
        QTest::newRow("h100_train2 nsys") << data("h100_train2") << 0.01;
        QTest::newRow("gpt4 bf16 nsys") << QString::fromStdString(fixture("h100/gpt4_bf16_infer/nsys.sqlite")) << 0.01;
        QTest::newRow("gpt4 train kineto") << QString::fromStdString(fixture("h100/kineto_gpt4_train.json")) << 0.01;
        QTest::newRow("gpt4 bf16 kineto")
            << QString::fromStdString(fixture("h100/gpt4_bf16_infer/kineto.json")) << 0.01;
        // The plain reference steps of three captures; the 50304 one measured 8.79 ms where the two plain steps
        // before it took 8.59 and 8.60 ms: its replay (8.43 ms) is 4 % shorter.
        QTest::newRow("vocab 50257 reference step") << data("h100_gpt_vocab50257") << 0.01;
        QTest::newRow("vocab 50304 reference step") << data("h100_gpt_vocab50304") << 0.05;
        QTest::newRow("tiny reference step") << data("h100_tiny_b1") << 0.01;
    }

    void replayWithoutChangeGivesBackRealSteps()
    {
        QFETCH(QString, file);
        QFETCH(double, tolerance);
        std::string path = file.toStdString();
        if (file.endsWith(".gz")) {
            const std::string unpacked = test::tempPath(dir_, "unpacked.sqlite");
            QVERIFY(test::gunzipFile(path, unpacked));
            path = unpacked;
        }
        const Profile p = importCapture({path});
        const StepTiming t = stepTiming(p);
        QVERIFY(t.kernels.size() > 40);
        const StepReplay replay(p, t);
        // Repeated step after step, close to the step measured once.
        const int64_t replayed = replay.replay();
        QVERIFY2(std::abs(double(replayed - t.measured_step_ns)) < tolerance * double(t.measured_step_ns),
                 qPrintable(QString("%1 replayed, %2 measured").arg(replayed).arg(t.measured_step_ns)));
        QVERIFY(replay.idleLaunchLatencyNs() > 0);
        // Every kernel 10 % shorter: the step gains at most the GPU time saved, and more than nothing
        // only where the GPU was ever the bottleneck.
        StepChange faster;
        int64_t saved = 0;
        for (size_t k = 0; k < t.kernels.size(); ++k) {
            const int64_t d = p.kernels[t.kernels[k].kernel].duration();
            faster.kernel_ns[k] = d - d / 10;
            saved += d / 10;
        }
        const int64_t gain = replayed - replay.replay(faster);
        QVERIFY2(gain >= 0 && gain <= saved, qPrintable(QString("%1 of %2").arg(gain).arg(saved)));
    }
};

} // namespace tst_whatif_suite

OPSCOPE_TEST_SUITE(tst_whatif, tst_whatif_suite::TestWhatIf, Appless)
#include "tst_whatif.moc"
