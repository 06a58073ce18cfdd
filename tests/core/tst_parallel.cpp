// Fanning work out over threads (opscope/concurrency/parallel.h): onThreads calls each body once, body(0) on the
// calling thread; forEachIndex calls each item once whatever the number of threads, with the results of
// a serial loop; both rethrow a worker's exception on the calling thread, the first one thrown, and
// forEachIndex starts no item after one threw.
#include "opscope/concurrency/parallel.h"
#include "test_suite.h"

#include <QTest>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace tst_parallel_suite {

using namespace opscope;

namespace {

uint64_t work(size_t i)
{
    uint64_t x = i * 0x9E3779B97F4A7C15ull + 1;
    for (int k = 0; k < 50; ++k)
        x ^= x >> 13, x *= 0xff51afd7ed558ccdull;
    return x;
}

} // namespace

class TestParallel : public QObject {
    Q_OBJECT
private slots:
    void onThreadsCallsEachBodyOnce_data()
    {
        QTest::addColumn<int>("threads");
        for (const int threads : {0, 1, 2, 3, 8, 40})
            QTest::addRow("%d threads", threads) << threads;
    }
    void onThreadsCallsEachBodyOnce()
    {
        QFETCH(int, threads);
        const auto caller = std::this_thread::get_id();
        std::vector<std::atomic<int>> calls(size_t(threads) + 1);
        std::vector<std::thread::id> ranOn(static_cast<size_t>(threads));
        onThreads(size_t(threads), [&](size_t t) {
            ++calls[t];
            ranOn[t] = std::this_thread::get_id();
        });
        for (int t = 0; t < threads; ++t)
            QCOMPARE(calls[size_t(t)].load(), 1);
        QCOMPARE(calls[size_t(threads)].load(), 0);
        if (threads > 0)
            QCOMPARE(ranOn[0], caller);
    }

    void forEachIndexCallsEachItemOnce_data()
    {
        QTest::addColumn<int>("items");
        QTest::addColumn<int>("threads");
        for (const int items : {0, 1, 2, 7, 1000, 100000})
            for (const int threads : {0, 1, 2, 4, 16})
                QTest::addRow("%d items, %d threads", items, threads) << items << threads;
    }
    void forEachIndexCallsEachItemOnce()
    {
        QFETCH(int, items);
        QFETCH(int, threads);
        const size_t n = size_t(items);
        std::vector<std::atomic<int>> calls(n);
        std::vector<uint64_t> results(n, 0);
        forEachIndex(n, size_t(threads), [&](size_t i) {
            ++calls[i];
            results[i] = work(i);
        });
        std::vector<uint64_t> serial(n);
        for (size_t i = 0; i < n; ++i) {
            QCOMPARE(calls[i].load(), 1);
            serial[i] = work(i);
        }
        QCOMPARE(results, serial);
    }

    // Chunks of a sum, one per thread, as attribution cuts its arrays: the same total as one loop.
    void onThreadsChunksEqualSerial()
    {
        constexpr size_t kItems = 50000, kThreads = 5;
        std::vector<uint64_t> partial(kThreads, 0);
        onThreads(kThreads, [&](size_t t) {
            for (size_t i = kItems * t / kThreads; i < kItems * (t + 1) / kThreads; ++i)
                partial[t] += work(i);
        });
        uint64_t parallel = 0, serial = 0;
        for (const uint64_t p : partial)
            parallel += p;
        for (size_t i = 0; i < kItems; ++i)
            serial += work(i);
        QCOMPARE(parallel, serial);
    }

    void onThreadsRethrowsFromAnotherThread()
    {
        std::atomic<int> ran{0};
        try {
            onThreads(4, [&](size_t t) {
                ++ran;
                if (t == 3)
                    throw std::runtime_error("body 3");
            });
            QFAIL("no exception");
        } catch (const std::runtime_error &e) {
            QCOMPARE(std::string(e.what()), std::string("body 3"));
        }
        QCOMPARE(ran.load(), 4); // the others ran to their end
    }

    void onThreadsRethrowsFromTheCallingThread()
    {
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, onThreads(1, [](size_t) { throw std::runtime_error("one"); }));
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, onThreads(3, [](size_t t) {
                                     if (t == 0)
                                         throw std::runtime_error("zero");
                                 }));
    }

    // Body 2 throws at once; body 0 throws well after: body 2's exception comes out.
    void onThreadsRethrowsTheFirstThrown()
    {
        std::atomic<bool> thrown{false};
        try {
            onThreads(3, [&](size_t t) {
                if (t == 2) {
                    thrown = true;
                    throw std::runtime_error("first");
                }
                if (t == 0) {
                    while (!thrown)
                        std::this_thread::yield();
                    std::this_thread::sleep_for(std::chrono::milliseconds(200));
                    throw std::logic_error("second");
                }
            });
            QFAIL("no exception");
        } catch (const std::runtime_error &e) {
            QCOMPARE(std::string(e.what()), std::string("first"));
        } catch (const std::logic_error &) {
            QFAIL("the later exception came out");
        }
    }

    // An item on a helper thread throws: rethrown here, no item running any more when forEachIndex
    // returns, and the items not started by then never start.
    void forEachIndexStopsAndRethrows()
    {
        const auto caller = std::this_thread::get_id();
        constexpr size_t kItems = 2000;
        std::atomic<int> started{0}, running{0};
        std::atomic<bool> thrown{false};
        try {
            forEachIndex(kItems, 4, [&](size_t) {
                ++started;
                ++running;
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
                if (std::this_thread::get_id() != caller && !thrown.exchange(true)) {
                    --running;
                    throw std::runtime_error("helper");
                }
                --running;
            });
            QFAIL("no exception");
        } catch (const std::runtime_error &e) {
            QCOMPARE(std::string(e.what()), std::string("helper"));
        }
        QVERIFY(thrown);
        QCOMPARE(running.load(), 0);
        const int startedThen = started.load();
        QVERIFY2(startedThen < int(kItems) / 2, qPrintable(QString::number(startedThen)));
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        QCOMPARE(started.load(), startedThen);
    }

    void forEachIndexRethrowsOnOneThread()
    {
        int calls = 0;
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, forEachIndex(10, 1, [&](size_t i) {
                                     ++calls;
                                     if (i == 3)
                                         throw std::runtime_error("three");
                                 }));
        QCOMPARE(calls, 4); // 0, 1, 2 and 3: none after the failure
    }

    // Move-only state captured by reference and bodies that return values: whatever a lambda is works.
    void worksWithAnyCallable()
    {
        auto total = std::make_unique<std::atomic<size_t>>(0);
        forEachIndex(100, 3, [&total](size_t i) { return *total += i; });
        QCOMPARE(total->load(), size_t(4950));
    }
};

} // namespace tst_parallel_suite

OPSCOPE_TEST_SUITE(tst_parallel, tst_parallel_suite::TestParallel, Appless)
#include "tst_parallel.moc"
