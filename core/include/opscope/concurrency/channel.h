#pragma once
// A bounded channel from one thread to another: values in order, the sender waiting while `capacity`
// are in flight. The sender closes it when done (with the exception that ended it early, if any); the
// receiver cancels it when it gives up, which frees a sender waiting for room.

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <mutex>
#include <optional>
#include <utility>

namespace opscope::concurrency {

template <class T> class Channel {
public:
    explicit Channel(size_t capacity) : capacity_(capacity) {}

    // Waits while the channel is full; false (the value dropped) once it is cancelled or closed.
    bool push(T value)
    {
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [&] { return cancelled_ || closed_ || values_.size() < capacity_; });
        if (cancelled_ || closed_)
            return false;
        values_.push_back(std::move(value));
        changed_.notify_all();
        return true;
    }
    // The next value, waiting for one; nothing once the channel is closed and empty, or cancelled.
    std::optional<T> pop()
    {
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [&] { return readable(); });
        return take();
    }
    // pop() that waits at most `timeout`: nothing when no value came by then.
    template <class Rep, class Period> std::optional<T> popFor(std::chrono::duration<Rep, Period> timeout)
    {
        std::unique_lock lock(mutex_);
        changed_.wait_for(lock, timeout, [&] { return readable(); });
        return take();
    }
    // Sender: nothing more comes; `error` is what ended the sending early (nullptr: the end).
    void close(std::exception_ptr error = nullptr)
    {
        std::lock_guard lock(mutex_);
        closed_ = true;
        error_ = std::move(error);
        changed_.notify_all();
    }
    // Receiver (or either side giving up): push() and pop() return at once from now on, with nothing.
    void cancel()
    {
        std::lock_guard lock(mutex_);
        cancelled_ = true;
        changed_.notify_all();
    }
    // What close() was given, once the sender has closed the channel.
    std::exception_ptr error()
    {
        std::lock_guard lock(mutex_);
        return error_;
    }

private:
    bool readable() const { return cancelled_ || closed_ || !values_.empty(); } // under mutex_
    std::optional<T> take() // under mutex_: the front value, if any and not cancelled
    {
        if (cancelled_ || values_.empty())
            return std::nullopt;
        std::optional<T> value(std::move(values_.front()));
        values_.pop_front();
        changed_.notify_all();
        return value;
    }

    const size_t capacity_;
    std::mutex mutex_;
    std::condition_variable changed_;
    std::deque<T> values_;
    bool closed_ = false, cancelled_ = false;
    std::exception_ptr error_;
};

} // namespace opscope::concurrency
