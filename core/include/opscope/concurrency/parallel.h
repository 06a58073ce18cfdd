#pragma once
// Fanning work out over threads: the one way core and ui start short-lived worker threads for a
// computation. Both functions return only when every thread they started has ended, run the calling
// thread as one of the workers, and carry on with the calling thread alone where the system refuses
// another thread (std::system_error): the work is done either way, only slower. An exception thrown by
// the work is rethrown on the calling thread once all workers have ended; where several threw, the one
// thrown first.

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

namespace opscope {

namespace parallel_detail {

// The first exception thrown by any worker, kept for the calling thread.
class FirstFailure {
public:
    void keep(std::exception_ptr error) noexcept
    {
        const std::lock_guard lock(mutex_);
        if (!first_)
            first_ = std::move(error);
    }
    void rethrow() const
    {
        if (first_)
            std::rethrow_exception(first_);
    }

private:
    std::mutex mutex_;
    std::exception_ptr first_;
};

} // namespace parallel_detail

// Calls body(t) once for each t in [0, threads): body(1) .. body(threads - 1) on threads of their own,
// started first, and body(0) on the calling thread. Where a thread cannot be started, the calling thread
// runs the bodies left without one after body(0), in order. Returns when every body has returned; then
// rethrows the first exception a body threw (each body runs to its end regardless of the others).
// threads == 0 calls nothing; threads == 1 calls body(0) here, its exception passing straight through.
template <class F> void onThreads(size_t threads, F &&body)
{
    if (threads <= 1) {
        if (threads == 1)
            body(size_t(0));
        return;
    }
    parallel_detail::FirstFailure failure;
    const auto run = [&](size_t t) noexcept {
        try {
            body(t);
        } catch (...) {
            failure.keep(std::current_exception());
        }
    };
    std::vector<std::thread> helpers;
    helpers.reserve(threads - 1);
    size_t started = 1;
    try {
        for (; started < threads; ++started)
            helpers.emplace_back(run, started);
    } catch (...) { // std::system_error (no more threads), or bad_alloc for a thread's state
    }
    run(0);
    for (size_t t = started; t < threads; ++t)
        run(t);
    for (std::thread &helper : helpers)
        helper.join();
    failure.rethrow();
}

// Calls item(i) once for each i in [0, n), on up to `threads` threads (the calling thread one of them;
// 0 counts as 1, and no more threads than items are used). Each thread takes the next index nobody has
// taken yet, so items of uneven cost balance out (order the items biggest first for the best balance).
// Once an item throws, no thread starts another item; the others' current items run to their end, and
// the first exception thrown is rethrown on the calling thread.
template <class F> void forEachIndex(size_t n, size_t threads, F &&item)
{
    std::atomic<size_t> next{0};
    std::atomic<bool> failed{false};
    onThreads(std::min(std::max<size_t>(threads, 1), n), [&](size_t) {
        try {
            for (size_t i; !failed.load(std::memory_order_relaxed) && (i = next.fetch_add(1)) < n;)
                item(i);
        } catch (...) {
            failed.store(true, std::memory_order_relaxed);
            throw;
        }
    });
}

} // namespace opscope
