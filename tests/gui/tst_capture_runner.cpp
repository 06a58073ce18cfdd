// The wizards' runner shows a replay's progress as kernels done / expected, the total coming from the
// pipeline (runReplay knows it before ncu starts), for a capture with a replay (pipeline::runProfile)
// and for a replay of an existing run. Stand-ins for nsys and ncu replay a real capture of the fixtures
// and run the workload they are given: examples/gpt.py under the launcher, with Debian's torch.
#include "standin_tools.h"
#include "test_suite.h"
#include "wizards/capture_runner.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <fstream>

namespace tst_capture_runner_suite {

using namespace opscope;

namespace {

const ui::CaptureRunner::Stage *stage(const ui::CaptureRunner &runner, const char *id)
{
    for (const auto &s : runner.stages())
        if (s.id == QLatin1String(id))
            return &s;
    return nullptr;
}

bool run(ui::CaptureRunner &runner, const ui::RunJob &job)
{
    const ui::JobPlan plan = ui::planJob(job);
    if (!plan.error.empty())
        qWarning("%s", plan.error.c_str());
    QSignalSpy finished(&runner, &ui::CaptureRunner::finished);
    runner.start(job, plan.stages);
    return finished.wait(60000);
}

} // namespace

class TestCaptureRunner : public QObject {
    Q_OBJECT

private slots:
    void replayProgressIsKernelsOutOfExpected()
    {
        // The workload runs for real (the launcher's steps, its status file): a runner that passed the
        // stages a broken command would fail here, not only on a GPU machine.
        const std::string python = "/usr/bin/python3";
        if (!pipeline::pythonHasTorch(python))
            QSKIP("/usr/bin/python3 cannot import torch (install Debian's python3-torch)");
        QTemporaryDir dir;
        const test::StandInTools tools = test::writeStandInTools(dir);
        ui::RunJob job;
        job.kind = ui::RunJob::Kind::Capture;
        job.capture.workload.script = test::sourceFile("examples/gpt.py");
        job.capture.workload.args = {"--size", "tiny", "--steps", "6"};
        job.capture.workload.python = python;
        job.capture.tool = pipeline::CaptureTool::Nsys;
        job.capture.nsysPath = tools.nsys;
        job.capture.correlationPass = false;
        job.capture.outDir = dir.path().toStdString();
        job.capture.name = "gpt";
        job.replay.emplace();
        job.replay->ncuPath = tools.ncu;

        ui::CaptureRunner runner;
        QVERIFY(run(runner, job));
        QVERIFY2(runner.outcome().ok(), qPrintable(runner.outcome().error + runner.outcome().problems.join('\n')));
        const auto *ncu = stage(runner, "ncu");
        QVERIFY(ncu);
        QCOMPARE(ncu->expected, qint64(13)); // the distinct launches among the 46 kernels of the captured step
        QCOMPARE(ncu->done, qint64(13));
        QCOMPARE(ncu->state, ui::CaptureRunner::State::Done);
        // The launcher ran the workload under both passes and said how many steps it captured.
        const std::string runDir = runner.outcome().runDir.toStdString();
        for (const char *status : {"/launcher_status.json", "/ncu_launcher_status.json"}) {
            std::ifstream in(runDir + status);
            const nlohmann::json s = nlohmann::json::parse(in, nullptr, false);
            QVERIFY2(s.value("steps_captured", 0) >= 1, (runDir + status + ": " + s.dump()).c_str());
        }

        // A replay of that run: its second, stage ncu-2 (the runner shows the id the pipeline reports).
        ui::RunJob replay;
        replay.kind = ui::RunJob::Kind::Replay;
        replay.replay = job.replay;
        replay.replay->run = runner.outcome().runDir.toStdString();
        ui::CaptureRunner again;
        QVERIFY(run(again, replay));
        QVERIFY2(again.outcome().ok(), qPrintable(again.outcome().error + again.outcome().problems.join('\n')));
        const auto *second = stage(again, "ncu-2");
        QVERIFY(second);
        QCOMPARE(second->expected, qint64(13));
        QCOMPARE(second->done, qint64(13));
    }
};

} // namespace tst_capture_runner_suite

OPSCOPE_TEST_SUITE(tst_capture_runner, tst_capture_runner_suite::TestCaptureRunner, Gui)
#include "tst_capture_runner.moc"
