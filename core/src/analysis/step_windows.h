#pragma once
// Where the reference step and the labelled step are in a profile, and which work each launched:
// shared by the pairing (reference_step.cpp) and the step timing (step_timing.cpp).

#include "opscope/profile.h"

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace opscope::stepdetail {

struct Window {
    int64_t start_ns = 0;
    int64_t end_ns = 0;
    std::string name;
};

// Whether a range's text names a training step as torch.profiler and training loops write it:
// ProfilerStep#N, step#N, STEP_N or STEPN, any case, N digits only (what markedSteps takes as a step).
bool isStepName(std::string_view text);
// "ProfilerStep#3" and emit_nvtx's echo "ProfilerStep#3, op_id = 7" -> 3; -1 for any other text.
int64_t profilerStepNumber(std::string_view text);
// Whether a range is the host's (an NVTX push/pop or start/end range, a torch.profiler annotation).
bool isHostRange(const Range &r);

// The capture range(s) of that name, sorted by start.
std::vector<Window> captureRanges(const Profile &p, std::string_view captureRange);
// The last OPSCOPE_REFERENCE# range that starts before the first capture range (any, without one).
std::optional<Window> referenceWindow(const Profile &p, std::string_view captureRange);
// The labelled step: the first ProfilerStep# range inside the capture (anywhere, without a capture
// range), else the first capture range, else nullopt.
std::optional<Window> labelledWindow(const Profile &p, std::string_view captureRange);

// Launch times (start of the launching CUDA API call) of the work launched inside one window: the API
// calls that start inside it, by thread and correlation id (by correlation id alone for work that has
// no launching thread).
class WindowLaunches {
public:
    WindowLaunches(const Profile &p, const Window &window);
    // -1 when the kernel was not launched inside the window.
    int64_t kernel(const Kernel &k) const;
    int64_t memoryOp(const MemoryOp &m) const;

private:
    std::unordered_map<uint64_t, int64_t> byThread_; // thread << 32 | correlation id
    std::unordered_map<uint32_t, int64_t> byCorrelation_;
};

} // namespace opscope::stepdetail
