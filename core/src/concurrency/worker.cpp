#include "opscope/concurrency/worker.h"

#include <utility>

namespace opscope::concurrency {

Worker::Worker() : thread_([this] { run(); }) {}

Worker::~Worker()
{
    {
        std::lock_guard lock(mutex_);
        quit_ = true;
        stopRequested_ = true;
        jobs_.clear();
    }
    changed_.notify_all();
    thread_.join();
}

void Worker::post(std::function<void()> job)
{
    {
        std::lock_guard lock(mutex_);
        if (!failure_) // skipped until the owner hears of the failure
            jobs_.push_back(std::move(job));
    }
    changed_.notify_all();
}

void Worker::wait()
{
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return !busy_ && jobs_.empty(); });
    if (std::exception_ptr failure = std::exchange(failure_, nullptr))
        std::rethrow_exception(failure);
}

void Worker::dropQueued()
{
    std::lock_guard lock(mutex_);
    jobs_.clear();
}

void Worker::stop()
{
    {
        std::unique_lock lock(mutex_);
        jobs_.clear();
        stopRequested_ = true;
        changed_.notify_all();
        changed_.wait(lock, [&] { return !busy_; });
        stopRequested_ = false;
    }
    wait();
}

bool Worker::sleepUnlessStopped(std::chrono::milliseconds period)
{
    std::unique_lock lock(mutex_);
    changed_.wait_for(lock, period, [&] { return stopRequested_; });
    return !stopRequested_;
}

void Worker::run()
{
    std::unique_lock lock(mutex_);
    for (;;) {
        changed_.wait(lock, [&] { return quit_ || !jobs_.empty(); });
        if (quit_)
            return;
        std::function<void()> job = std::move(jobs_.front());
        jobs_.pop_front();
        busy_ = true;
        lock.unlock();
        std::exception_ptr failure;
        try {
            job();
        } catch (...) {
            failure = std::current_exception();
        }
        job = nullptr; // its captures released off the lock, before the owner hears it ended
        lock.lock();
        busy_ = false;
        if (failure && !failure_) {
            failure_ = failure;
            jobs_.clear();
        }
        changed_.notify_all();
    }
}

} // namespace opscope::concurrency
