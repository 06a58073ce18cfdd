#pragma once
// Progress reporting and cancellation for long operations (import, attribution, capture).
// The GUI runs them on a worker thread and polls or receives these callbacks; the CLI ignores them.

#include "opscope/errors.h"

#include <atomic>
#include <functional>
#include <string_view>

namespace opscope {

class Progress {
public:
    using Callback = std::function<void(double fraction, std::string_view stage)>;

    Progress() = default;
    explicit Progress(Callback callback, const std::atomic<bool> *cancelFlag = nullptr)
        : callback_(std::move(callback)), cancel_(cancelFlag)
    {
    }

    // Reports a fraction in [0, 1] of the current stage.
    void report(double fraction, std::string_view stage) const
    {
        if (callback_)
            callback_(fraction, stage);
    }
    bool cancelled() const { return cancel_ && cancel_->load(std::memory_order_relaxed); }
    // Throws Cancelled when the user asked to stop; call it at convenient points in loops.
    void checkCancel() const
    {
        if (cancelled())
            throw Cancelled();
    }

private:
    Callback callback_;
    const std::atomic<bool> *cancel_ = nullptr;
};

} // namespace opscope
