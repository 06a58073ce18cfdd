#include "analysis/step_windows.h"

#include "opscope/step_timing.h"

#include <algorithm>
#include <charconv>

namespace opscope::stepdetail {

namespace {

bool startsWithNoCase(std::string_view text, std::string_view lowerPrefix)
{
    if (text.size() < lowerPrefix.size())
        return false;
    for (size_t i = 0; i < lowerPrefix.size(); ++i) {
        const char c = text[i];
        if ((c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c) != lowerPrefix[i])
            return false;
    }
    return true;
}

} // namespace

int64_t profilerStepNumber(std::string_view text)
{
    constexpr std::string_view kPrefix = "ProfilerStep#";
    if (!text.starts_with(kPrefix))
        return -1;
    text.remove_prefix(kPrefix.size());
    int64_t number = -1;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
    if (error != std::errc() || (end != text.data() + text.size() && *end != ','))
        return -1;
    return number;
}

bool isHostRange(const Range &r)
{
    return r.kind == RangeKind::PushPop || r.kind == RangeKind::StartEnd || r.kind == RangeKind::UserAnnotation;
}

bool isStepName(std::string_view text)
{
    // By hand rather than std::regex: an nsys export has millions of NVTX ranges to test.
    for (const std::string_view prefix : {"profilerstep#", "step#", "step_", "step"})
        if (startsWithNoCase(text, prefix)) {
            const std::string_view number = text.substr(prefix.size());
            if (!number.empty() &&
                std::all_of(number.begin(), number.end(), [](char c) { return c >= '0' && c <= '9'; }))
                return true;
        }
    return false;
}

std::vector<Window> captureRanges(const Profile &p, std::string_view captureRange)
{
    std::vector<Window> out;
    const StringId name = p.strings.find(captureRange);
    if (name != kNoString)
        for (const Range &r : p.ranges)
            if (r.text == name)
                out.push_back({r.start_ns, r.end_ns, std::string(captureRange)});
    std::sort(out.begin(), out.end(), [](const Window &a, const Window &b) { return a.start_ns < b.start_ns; });
    return out;
}

std::optional<Window> referenceWindow(const Profile &p, std::string_view captureRange)
{
    // Range texts are interned: look for the prefix among the strings first, which most profiles lack.
    std::vector<bool> isReference;
    for (StringId id = 0; id < p.strings.size(); ++id)
        if (p.strings.get(id).starts_with(kReferenceRangePrefix)) {
            isReference.resize(p.strings.size(), false);
            isReference[id] = true;
        }
    if (isReference.empty())
        return std::nullopt;
    const std::vector<Window> captures = captureRanges(p, captureRange);
    const int64_t before = captures.empty() ? INT64_MAX : captures.front().start_ns;
    std::optional<Window> last;
    for (const Range &r : p.ranges)
        if (r.kind == RangeKind::StartEnd && r.text < isReference.size() && isReference[r.text] &&
            r.start_ns < before && (!last || r.start_ns > last->start_ns))
            last = Window{r.start_ns, r.end_ns, std::string(p.text(r.text))};
    return last;
}

std::optional<Window> labelledWindow(const Profile &p, std::string_view captureRange)
{
    const std::vector<Window> captures = captureRanges(p, captureRange);
    const auto inCapture = [&](int64_t t) {
        return captures.empty() || std::any_of(captures.begin(), captures.end(),
                                               [t](const Window &c) { return t >= c.start_ns && t <= c.end_ns; });
    };
    std::optional<Window> first;
    int64_t firstNumber = 0;
    for (const Range &r : p.ranges) {
        if (!isHostRange(r))
            continue;
        const int64_t number = profilerStepNumber(p.text(r.text));
        if (number < 0 || !inCapture(r.start_ns))
            continue;
        if (!first || number < firstNumber || (number == firstNumber && r.start_ns < first->start_ns)) {
            first = Window{r.start_ns, r.end_ns, "ProfilerStep#" + std::to_string(number)};
            firstNumber = number;
        }
    }
    if (first)
        return first;
    if (!captures.empty())
        return captures.front();
    return std::nullopt;
}

WindowLaunches::WindowLaunches(const Profile &p, const Window &window)
{
    const auto add = [&](const ApiCall &a) {
        if (a.correlation_id == 0 || a.start_ns < window.start_ns || a.start_ns > window.end_ns)
            return;
        byCorrelation_.emplace(a.correlation_id, a.start_ns);
        if (a.thread != kNoIndex)
            byThread_.emplace(uint64_t(a.thread) << 32 | a.correlation_id, a.start_ns);
    };
    const auto &calls = p.api_calls;
    const auto byStart = [](const ApiCall &a, const ApiCall &b) { return a.start_ns < b.start_ns; };
    if (std::is_sorted(calls.begin(), calls.end(), byStart)) {
        auto it = std::lower_bound(calls.begin(), calls.end(), window.start_ns,
                                   [](const ApiCall &a, int64_t t) { return a.start_ns < t; });
        for (; it != calls.end() && it->start_ns <= window.end_ns; ++it)
            add(*it);
    } else {
        for (const ApiCall &a : calls)
            add(a);
    }
}

int64_t WindowLaunches::kernel(const Kernel &k) const
{
    if (k.correlation_id == 0)
        return -1;
    if (k.launch_thread != kNoIndex) {
        auto it = byThread_.find(uint64_t(k.launch_thread) << 32 | k.correlation_id);
        return it == byThread_.end() ? -1 : it->second;
    }
    auto it = byCorrelation_.find(k.correlation_id);
    return it == byCorrelation_.end() ? -1 : it->second;
}

int64_t WindowLaunches::memoryOp(const MemoryOp &m) const
{
    if (m.correlation_id == 0)
        return -1;
    auto it = byCorrelation_.find(m.correlation_id);
    return it == byCorrelation_.end() ? -1 : it->second;
}

} // namespace opscope::stepdetail

namespace opscope {

std::vector<StepRange> markedSteps(const Profile &p, std::string_view captureRange)
{
    std::vector<StepRange> steps, echoes;
    for (const Range &r : p.ranges)
        if (r.kind == RangeKind::UserAnnotation || r.kind == RangeKind::PushPop || r.kind == RangeKind::StartEnd) {
            const std::string_view text = p.text(r.text);
            if (stepdetail::isStepName(text))
                steps.push_back({r.start_ns, r.end_ns, std::string(text)});
            else if (const int64_t number = stepdetail::profilerStepNumber(text); number >= 0)
                echoes.push_back({r.start_ns, r.end_ns, "ProfilerStep#" + std::to_string(number)});
        }
    // Under emit_nvtx the profiler's step ranges are in the trace as "ProfilerStep#N, op_id = M".
    if (steps.empty())
        steps = std::move(echoes);
    if (steps.empty())
        for (const stepdetail::Window &w : stepdetail::captureRanges(p, captureRange))
            steps.push_back({w.start_ns, w.end_ns, w.name});
    if (steps.empty()) {
        int64_t lo = INT64_MAX, hi = INT64_MIN;
        for (const Kernel &k : p.kernels)
            if (!(k.flags & kKernelOutsideCapture)) {
                lo = std::min(lo, k.start_ns);
                hi = std::max(hi, k.end_ns);
            }
        if (hi > lo)
            steps.push_back({lo, hi, "capture", false});
    }
    std::sort(steps.begin(), steps.end(),
              [](const StepRange &a, const StepRange &b) { return a.start_ns < b.start_ns; });
    return steps;
}

} // namespace opscope
