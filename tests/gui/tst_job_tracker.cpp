// The background-job helper on its own: a newer job supersedes an older one (told to stop; its
// progress and result never arrive, even when queued before the newer job started), a cancelled job
// still says it stopped, the tracker waits for its jobs when it goes, and runInBackground hands its
// result to the GUI thread unless the context is gone.
#include "common/job_tracker.h"
#include "test_suite.h"

#include <QCoreApplication>
#include <QPointer>
#include <QSignalSpy>
#include <QTest>

#include <atomic>
#include <chrono>
#include <thread>

namespace tst_job_tracker_suite {

using namespace opscope::ui;

namespace {

// Spins (briefly sleeping) until `flag` is set; false after 10 s.
bool waitFor(const std::atomic<bool> &flag)
{
    for (int i = 0; i < 10000 && !flag; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    return flag;
}

} // namespace

class TestJobTracker : public QObject {
    Q_OBJECT
private slots:
    void staleResultsAreDropped()
    {
        QObject context;
        JobTracker jobs(&context);
        QStringList delivered, reported;
        std::atomic<bool> firstStarted{false}, release{false}, firstSawStop{false};
        jobs.start(
            [&](const JobControl &job) {
                job.post([&] { reported << QStringLiteral("first, early"); });
                firstStarted = true;
                waitFor(release);
                firstSawStop = job.stopRequested();
                job.post([&] { reported << QStringLiteral("first, late"); });
                return QStringLiteral("first");
            },
            [&](QString result) { delivered << result; });
        QCOMPARE(jobs.generation(), uint64_t(1));
        QVERIFY(jobs.isRunning());
        QVERIFY(waitFor(firstStarted)); // its early report is queued, not delivered yet
        jobs.start(
            [&](const JobControl &job) {
                job.post([&] { reported << QStringLiteral("second"); });
                return QStringLiteral("second");
            },
            [&](QString result) { delivered << result; });
        QCOMPARE(jobs.generation(), uint64_t(2));
        QTRY_COMPARE(delivered, QStringList{QStringLiteral("second")});
        QVERIFY(!jobs.isRunning());
        release = true;
        QTest::qWait(200); // the first job ends now; whatever it posts must not arrive
        QVERIFY(firstSawStop);
        QCOMPARE(delivered, QStringList{QStringLiteral("second")});
        QCOMPARE(reported, QStringList{QStringLiteral("second")});
    }

    void cancelledJobStillReports()
    {
        QObject context;
        JobTracker jobs(&context);
        QStringList delivered;
        std::atomic<bool> started{false};
        jobs.start(
            [&](const JobControl &job) {
                started = true;
                return waitFor(*job.stopFlag()) ? QStringLiteral("stopped") : QStringLiteral("ran out");
            },
            [&](QString result) { delivered << result; });
        QVERIFY(waitFor(started));
        QVERIFY(jobs.isRunning());
        jobs.cancel();
        QTRY_COMPARE(delivered, QStringList{QStringLiteral("stopped")});
        QVERIFY(!jobs.isRunning());
    }

    void trackerWaitsForItsJobs()
    {
        std::atomic<bool> started{false}, ended{false};
        int delivered = 0;
        {
            QObject context;
            JobTracker jobs(&context);
            jobs.start(
                [&](const JobControl &job) {
                    started = true;
                    waitFor(*job.stopFlag()); // until the tracker goes
                    std::this_thread::sleep_for(std::chrono::milliseconds(50));
                    ended = true;
                    return 1;
                },
                [&](int) { ++delivered; });
            QVERIFY(waitFor(started));
        }
        QVERIFY(ended); // the destructor told it to stop and waited
        QTest::qWait(50);
        QCOMPARE(delivered, 0);
    }

    void runInBackgroundDeliversOnTheGuiThread()
    {
        QObject context;
        QThread *worker = nullptr, *receiver = nullptr;
        int result = 0;
        runInBackground(
            &context,
            [&worker] {
                worker = QThread::currentThread();
                return 42;
            },
            [&](int value) {
                receiver = QThread::currentThread();
                result = value;
            });
        QTRY_COMPARE(result, 42);
        QCOMPARE(receiver, QCoreApplication::instance()->thread());
        QVERIFY(worker != receiver);
    }

    void runInBackgroundDropsTheResultOfAGoneContext()
    {
        std::atomic<bool> release{false}, ended{false};
        int delivered = 0;
        QPointer<QThread> thread;
        {
            QObject context;
            thread = runInBackground(
                &context,
                [&] {
                    waitFor(release);
                    ended = true;
                    return 1;
                },
                [&](int) { ++delivered; });
        }
        release = true;
        QVERIFY(waitFor(ended));
        // The thread deletes itself from the GUI thread's queue after its finished() reached every receiver:
        // once it is gone, a delivery (queued before the deletion) would have happened. No fixed wait.
        QTRY_VERIFY_WITH_TIMEOUT(thread.isNull(), 60000);
        QCOMPARE(delivered, 0);
    }
};

} // namespace tst_job_tracker_suite

OPSCOPE_TEST_SUITE(tst_job_tracker, tst_job_tracker_suite::TestJobTracker, Gui)
#include "tst_job_tracker.moc"
