// The concurrency home (core/include/opscope/concurrency/): the usable core count follows the affinity
// mask (this program run again under `taskset -c 0`) and the cgroup quota texts; a Worker runs its jobs
// in order and brings a job's exception back to its owner; a Channel keeps order, holds the sender while
// full, ends with the sender's error and frees both sides once cancelled.
#include "opscope/concurrency/channel.h"
#include "opscope/concurrency/cores.h"
#include "opscope/concurrency/worker.h"
#include "opscope/process.h"

#include <QTest>

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

using namespace opscope;
using namespace opscope::concurrency;
using namespace std::chrono_literals;

namespace {

std::string selfPath()
{
    char path[4096] = {};
    const ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
    return n > 0 ? std::string(path, size_t(n)) : std::string();
}

} // namespace

class TestConcurrency : public QObject {
    Q_OBJECT
private slots:
    void oneCoreUnderTaskset()
    {
        const std::string taskset = findExecutable("taskset");
        if (taskset.empty())
            QSKIP("no taskset here");
        ProcessSpec spec;
        spec.argv = {taskset, "-c", "0", selfPath(), "--print-usable-cores"};
        const ProcessResult r = runProcess(spec);
        QVERIFY2(r.ok(), r.output.c_str());
        QCOMPARE(r.output, std::string("1\n"));
        QVERIFY(usableCores() >= 1);
        QCOMPARE(threadsUpTo(1), size_t(1));
        QCOMPARE(threadsUpTo(0), size_t(1));
    }

    void cgroupQuotaTexts()
    {
        QCOMPARE(cpuMaxLimit("50000 100000"), std::optional<size_t>(1));
        QCOMPARE(cpuMaxLimit("150000 100000\n"), std::optional<size_t>(2));
        QCOMPARE(cpuMaxLimit("400000 100000"), std::optional<size_t>(4));
        QCOMPARE(cpuMaxLimit("max 100000"), std::nullopt);
        QCOMPARE(cpuMaxLimit(""), std::nullopt);
        QCOMPARE(cpuMaxLimit("garbage"), std::nullopt);
        QCOMPARE(cpuMaxLimit("100000 0"), std::nullopt);
        QCOMPARE(cfsQuotaLimit("-1\n", "100000\n"), std::nullopt);
        QCOMPARE(cfsQuotaLimit("200000\n", "100000\n"), std::optional<size_t>(2));
        QCOMPARE(cfsQuotaLimit("10000", "100000"), std::optional<size_t>(1));
        QCOMPARE(cfsQuotaLimit("", ""), std::nullopt);
    }

    void workerRunsJobsInOrderOffThisThread()
    {
        Worker worker;
        std::vector<int> order;
        std::atomic<bool> elsewhere{true};
        const auto here = std::this_thread::get_id();
        for (int i = 0; i < 100; ++i)
            worker.post([&, i] {
                order.push_back(i);
                elsewhere = elsewhere && std::this_thread::get_id() != here;
            });
        worker.wait();
        QCOMPARE(order.size(), size_t(100));
        for (int i = 0; i < 100; ++i)
            QCOMPARE(order[size_t(i)], i);
        QVERIFY(elsewhere);
    }

    void workerRethrowsOnceAndSkipsTheRest()
    {
        Worker worker;
        std::atomic<int> ran{0};
        worker.post([&] { ++ran; });
        worker.post([] { throw std::runtime_error("job failed"); });
        worker.post([&] { ++ran; }); // skipped: builds on the failed one
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, worker.wait());
        QCOMPARE(ran.load(), 1);
        worker.wait(); // reported once
        worker.post([&] { ++ran; });
        worker.wait();
        QCOMPARE(ran.load(), 2);
    }

    void workerStopEndsALongJob()
    {
        Worker worker;
        std::atomic<int> rounds{0};
        worker.post([&] {
            while (worker.sleepUnlessStopped(10ms))
                ++rounds;
        });
        while (rounds < 2)
            std::this_thread::sleep_for(1ms);
        worker.stop(); // returns: the job saw the stop
        const int after = rounds;
        std::this_thread::sleep_for(30ms);
        QCOMPARE(rounds.load(), after);
    }

    void workerDestructorEndsALongJob()
    {
        std::atomic<bool> started{false}, ended{false};
        {
            Worker worker;
            worker.post([&] {
                started = true;
                while (worker.sleepUnlessStopped(10ms)) {
                }
                ended = true;
            });
            // Leave the scope only once the job runs (a job not started by then is dropped, not ended: on a
            // loaded machine the worker's thread may not have picked it up after a fixed sleep).
            while (!started)
                std::this_thread::sleep_for(1ms);
        }
        QVERIFY(ended);
    }

    void channelKeepsOrderAndBound()
    {
        Channel<int> channel(2);
        std::atomic<int> pushed{0};
        std::thread sender([&] {
            for (int i = 0; i < 50 && channel.push(i); ++i)
                ++pushed;
            channel.close();
        });
        std::this_thread::sleep_for(20ms);
        QCOMPARE(pushed.load(), 2); // held while full
        for (int i = 0; i < 50; ++i) {
            const std::optional<int> v = channel.pop();
            QVERIFY(v);
            QCOMPARE(*v, i);
        }
        QVERIFY(!channel.pop()); // closed and empty
        sender.join();
        QCOMPARE(pushed.load(), 50);
        QVERIFY(!channel.error());
    }

    void channelEndsWithTheSendersError()
    {
        Channel<int> channel(4);
        QVERIFY(channel.push(7));
        channel.close(std::make_exception_ptr(std::runtime_error("sender failed")));
        QCOMPARE(channel.pop(), std::optional<int>(7)); // what came before the error still comes
        QVERIFY(!channel.pop());
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, std::rethrow_exception(channel.error()));
        QVERIFY(!channel.push(8));
    }

    void channelCancelFreesAWaitingSender()
    {
        Channel<int> channel(1);
        QVERIFY(channel.push(1));
        std::atomic<bool> refused{false};
        std::thread sender([&] { refused = !channel.push(2); }); // waits: full
        std::this_thread::sleep_for(10ms);
        channel.cancel();
        sender.join();
        QVERIFY(refused);
        QVERIFY(!channel.pop()); // cancelled: nothing more, even what was in it
    }

    // popFor (verify's arms poll for Cancel between waits): nothing once the time is up, a value as soon
    // as one comes, and what is in it first.
    void channelPopForWaitsAtMostItsTime()
    {
        Channel<int> channel(4);
        QVERIFY(!channel.popFor(20ms));
        std::thread sender([&] {
            std::this_thread::sleep_for(20ms);
            channel.push(5);
        });
        QCOMPARE(channel.popFor(std::chrono::seconds(30)), std::optional<int>(5)); // woken by the push
        sender.join();
        QVERIFY(channel.push(6));
        QVERIFY(channel.push(7));
        QCOMPARE(channel.popFor(0ms), std::optional<int>(6));
        QCOMPARE(channel.popFor(0ms), std::optional<int>(7));
        QVERIFY(!channel.popFor(0ms));
    }
};

int main(int argc, char **argv)
{
    if (argc == 2 && std::strcmp(argv[1], "--print-usable-cores") == 0) {
        std::printf("%zu\n", usableCores());
        return 0;
    }
    TestConcurrency test;
    return QTest::qExec(&test, argc, argv);
}
#include "tst_concurrency.moc"
