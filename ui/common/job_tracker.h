#pragma once
// Background work for the GUI, after KDAB Hotspot's JobTracker: a slow call (loading a capture,
// comparing two, checking a target) runs on a thread of its own and hands its result to a callback
// on the GUI thread. A JobTracker runs one kind of job for one object: each start() gives the new job
// the next generation id and tells the one before to stop; whatever an older generation reports
// later (progress, its result) is dropped, so a superseded job can never undo what the newer one
// shows. runInBackground is the one-off form for jobs that nothing supersedes.

#include <QObject>
#include <QPointer>
#include <QString>
#include <QThread>

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

namespace opscope::ui {

namespace detail {

// What a tracker's jobs share with it; read and written on the GUI thread only, except `generation`.
struct JobState {
    std::atomic<uint64_t> generation{0}; // the current job's
    bool running = false;                // the current job has not handed over its result yet
};

// Runs `work()` on a thread of its own, then `deliver(result)` on `context`'s thread; not at all when
// `context` is gone by then (the connection dies with it). The thread deletes itself afterwards.
template <typename Work, typename Deliver> QThread *startThread(QObject *context, Work work, Deliver deliver)
{
    using Result = std::invoke_result_t<Work &>;
    auto result = std::make_shared<std::optional<Result>>();
    QThread *thread = QThread::create([work = std::move(work), result]() mutable { result->emplace(work()); });
    QObject::connect(thread, &QThread::finished, context, [deliver = std::move(deliver), result]() mutable {
        if (result->has_value())
            deliver(std::move(**result));
    });
    QObject::connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    thread->start();
    return thread;
}

} // namespace detail

// How a job that may fail or be stopped ended: its value, or that it stopped, or why it failed.
template <typename T> struct JobOutcome {
    std::shared_ptr<const T> value;
    bool cancelled = false;
    QString error;
};

// What a running job sees: whether it should stop, and a way to report to the GUI thread.
class JobControl {
public:
    JobControl(QObject *context, std::shared_ptr<detail::JobState> state, uint64_t generation,
               std::shared_ptr<std::atomic<bool>> stop)
        : context_(context), state_(std::move(state)), generation_(generation), stop_(std::move(stop))
    {
    }

    // Set once the job was cancelled or superseded by a newer one: it should stop soon.
    bool stopRequested() const { return stop_->load(); }
    // The same flag, for opscope::Progress (which throws Cancelled once it is set).
    std::atomic<bool> *stopFlag() const { return stop_.get(); }
    uint64_t generation() const { return generation_; }
    // Runs `fn` on the context's thread, unless a newer job has started by then.
    template <typename Fn> void post(Fn fn) const
    {
        QMetaObject::invokeMethod(
            context_,
            [state = state_, generation = generation_, fn = std::move(fn)]() mutable {
                if (state->generation == generation)
                    fn();
            },
            Qt::QueuedConnection);
    }

private:
    QObject *context_; // outlives the job: the tracker, owned by it, waits for its jobs
    std::shared_ptr<detail::JobState> state_;
    uint64_t generation_;
    std::shared_ptr<std::atomic<bool>> stop_;
};

class JobTracker {
public:
    // `context` receives the results on its thread and must own the tracker (a member of it): the
    // tracker's destructor waits for the jobs, which post to `context`.
    explicit JobTracker(QObject *context);
    // Tells the jobs still running to stop and waits for them.
    ~JobTracker();
    JobTracker(const JobTracker &) = delete;
    JobTracker &operator=(const JobTracker &) = delete;

    // Starts `work(const JobControl &)` on a thread of its own; the job running until now is told to
    // stop and nothing it reports arrives any more. `done(result)` runs on the context's thread when
    // `work` returns, if this job is still the current one. `work` returns its outcome, failures
    // included: it must not throw.
    template <typename Work, typename Done> void start(Work work, Done done)
    {
        stopCurrent();
        const uint64_t generation = ++state_->generation;
        stop_ = std::make_shared<std::atomic<bool>>(false);
        state_->running = true;
        const JobControl control(context_, state_, generation, stop_);
        auto deliver = [state = state_, generation, done = std::move(done)](auto result) mutable {
            if (state->generation != generation)
                return; // superseded while it ran
            state->running = false;
            done(std::move(result));
        };
        forgetFinished();
        threads_.emplace_back(detail::startThread(
            context_, [work = std::move(work), control]() mutable { return work(control); }, std::move(deliver)));
    }
    // Asks the current job to stop; it still hands over its result (the job says it stopped).
    void cancel();
    // From start() until the current job's result has been handed over.
    bool isRunning() const { return state_->running; }
    // The current job's generation id (0 before the first).
    uint64_t generation() const { return state_->generation; }

private:
    void stopCurrent();
    void forgetFinished();

    QObject *context_;
    std::shared_ptr<detail::JobState> state_ = std::make_shared<detail::JobState>();
    std::shared_ptr<std::atomic<bool>> stop_; // the current job's
    std::vector<QPointer<QThread>> threads_;  // the jobs' threads, superseded ones included
};

// Runs `work()` on a thread of its own and `done(result)` on the GUI thread, unless `context` is gone
// by then. Nothing waits for the thread: for quick calls (a tool lookup, a plan) and calls that stop
// on a flag of their own (a target check). Returns the thread, which deletes itself once `done` ran (or
// would have): a QPointer to it tells when the result can no longer arrive.
template <typename Work, typename Done> QThread *runInBackground(QObject *context, Work work, Done done)
{
    return detail::startThread(context, std::move(work), std::move(done));
}

} // namespace opscope::ui
