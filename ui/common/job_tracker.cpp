#include "common/job_tracker.h"

#include <algorithm>

namespace opscope::ui {

JobTracker::JobTracker(QObject *context) : context_(context) {}

JobTracker::~JobTracker()
{
    stopCurrent();
    ++state_->generation; // nothing still queued for the context reaches it
    for (const QPointer<QThread> &thread : threads_)
        if (thread)
            thread->wait();
}

void JobTracker::cancel()
{
    if (stop_)
        stop_->store(true);
}

void JobTracker::stopCurrent()
{
    if (stop_)
        stop_->store(true);
    stop_.reset();
}

void JobTracker::forgetFinished()
{
    threads_.erase(std::remove_if(threads_.begin(), threads_.end(),
                                  [](const QPointer<QThread> &thread) { return !thread || thread->isFinished(); }),
                   threads_.end());
}

} // namespace opscope::ui
