#pragma once
// Progress reporting and cancellation for long operations (import, attribution, capture).
// The GUI runs them on a worker thread and polls or receives these callbacks; the CLI ignores them.

#include "opscope/errors.h"

#include <atomic>
#include <concepts>
#include <cstdint>
#include <functional>
#include <string_view>
#include <utility>

namespace opscope {

// Which part of a long operation a report belongs to, for a view that shows stages (the GUI's stage
// bar, the capture dialog's rows): a view switches on this, never on the report's text, which is for
// people and may be reworded freely.
enum class ProgressStage : uint8_t {
    Other,     // none of those below (writing a file, a sweep's report, a remote check)
    Step,      // a pipeline step begins or advances; the text is its id ("nsys", "ncu", "import")
    Read,      // an importer reads a file (importFile)
    Attribute, // kernels attributed to operators and modules (attribute())
    Imported,  // importCapture's end: every file read and attributed
};

// A callback that takes a report's fraction and words only, not its stage.
template <typename F>
concept TextProgressCallback =
    std::invocable<F &, double, std::string_view> && !std::invocable<F &, double, ProgressStage, std::string_view>;

class Progress {
public:
    using Callback = std::function<void(double fraction, ProgressStage stage, std::string_view text)>;

    Progress() = default;
    explicit Progress(Callback callback, const std::atomic<bool> *cancelFlag = nullptr)
        : callback_(std::move(callback)), cancel_(cancelFlag)
    {
    }
    // For a view that shows the words only (a status line): the stage is dropped.
    template <TextProgressCallback TextCallback>
    explicit Progress(TextCallback callback, const std::atomic<bool> *cancelFlag = nullptr)
        : Progress(
              Callback([callback = std::move(callback)](double fraction, ProgressStage, std::string_view text) mutable {
                  callback(fraction, text);
              }),
              cancelFlag)
    {
    }

    // Reports a fraction in [0, 1] of the current stage: this Progress's own (staged()) unless named.
    void report(double fraction, std::string_view text) const { report(fraction, stage_, text); }
    void report(double fraction, ProgressStage stage, std::string_view text) const
    {
        if (callback_)
            callback_(fraction, stage, text);
    }
    // The same callback and cancel flag, its reports of `stage` unless they name another.
    Progress staged(ProgressStage stage) const
    {
        Progress out = *this;
        out.stage_ = stage;
        return out;
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
    ProgressStage stage_ = ProgressStage::Other;
};

} // namespace opscope
