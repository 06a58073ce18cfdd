#pragma once
// A thread of its own with a queue of jobs: the one way core keeps a thread beside the calling one for
// longer than a fork/join (parallel.h does those). The jobs run in the order posted, one at a time. A job
// that throws is kept for wait() (or stop()) to rethrow on the owner's thread, and the jobs queued
// after it are skipped until then: they usually build on the failed one.

#include <chrono>
#include <condition_variable>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>

namespace opscope::concurrency {

class Worker {
public:
    Worker(); // starts the thread (std::system_error where the system refuses one)
    // Asks a running job to stop (stopRequested()), drops the queued ones, waits for the running one and
    // ends the thread; a job's exception not yet rethrown is dropped.
    ~Worker();
    Worker(const Worker &) = delete;
    Worker &operator=(const Worker &) = delete;

    void post(std::function<void()> job);
    // Returns once every job posted so far has ended; rethrows the first exception one threw since the
    // last wait() (then forgets it).
    void wait();
    // Forgets the jobs not started yet; a running one runs on.
    void dropQueued();
    // Asks the running job to stop, drops the queued ones, then wait(). The worker takes jobs again after.
    void stop();

    // For a job that runs until its owner is done with it: waits up to `period`, or less where stop()
    // or the destructor asks it to end; false once asked. Call it from the job only.
    bool sleepUnlessStopped(std::chrono::milliseconds period);

private:
    void run();

    std::mutex mutex_;
    std::condition_variable changed_;
    std::deque<std::function<void()>> jobs_;
    std::exception_ptr failure_;
    bool busy_ = false, stopRequested_ = false, quit_ = false; // all under mutex_
    std::thread thread_;                                       // last: started once the rest exists
};

} // namespace opscope::concurrency
