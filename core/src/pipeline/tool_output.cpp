// Reading the tools' console output: the launcher's OPSCOPE markers, ncu's ==PROF== lines, nsys'
// progress bars, and the failures that have a known fix.
#include "opscope/pipeline/tool_output.h"
#include "opscope/text_util.h"

#include <charconv>

namespace opscope::pipeline {

namespace {

bool startsWith(std::string_view text, std::string_view prefix)
{
    return text.substr(0, prefix.size()) == prefix;
}

bool parseInt(std::string_view text, int64_t &out)
{
    text = trim(text);
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc() && end == text.data() + text.size();
}

// The value of "key=value" among space-separated words.
std::string_view wordValue(std::string_view words, std::string_view key)
{
    size_t at = 0;
    while ((at = words.find(key, at)) != std::string_view::npos) {
        if ((at == 0 || words[at - 1] == ' ') && at + key.size() < words.size() && words[at + key.size()] == '=') {
            std::string_view value = words.substr(at + key.size() + 1);
            return value.substr(0, value.find(' '));
        }
        at += key.size();
    }
    return {};
}

ToolEvent parseLauncherLine(std::string_view rest)
{
    ToolEvent event;
    const size_t space = rest.find(' ');
    const std::string_view verb = rest.substr(0, space);
    const std::string_view args = space == std::string_view::npos ? std::string_view{} : trim(rest.substr(space + 1));
    event.text = std::string(args);
    if (verb == "start") {
        event.kind = ToolEvent::Kind::LauncherStart;
    } else if (verb == "step") {
        // "3/5 warmup"
        const size_t slash = args.find('/');
        const size_t gap = args.find(' ');
        int64_t k = 0, n = 0;
        if (slash != std::string_view::npos && parseInt(args.substr(0, slash), k) &&
            parseInt(args.substr(slash + 1, gap == std::string_view::npos ? std::string_view::npos : gap - slash - 1),
                     n)) {
            event.kind = ToolEvent::Kind::LauncherStep;
            event.current = k;
            event.total = n;
            event.fraction = n > 0 ? double(k) / double(n) : -1.0;
            event.text = gap == std::string_view::npos ? std::string() : std::string(trim(args.substr(gap + 1)));
        } else {
            event.kind = ToolEvent::Kind::LauncherInfo;
        }
    } else if (verb == "capture") {
        if (startsWith(args, "start")) {
            event.kind = ToolEvent::Kind::CaptureStart;
        } else if (startsWith(args, "end")) {
            event.kind = ToolEvent::Kind::CaptureEnd;
            parseInt(wordValue(args, "steps"), event.current);
        } else {
            event.kind = ToolEvent::Kind::LauncherInfo;
        }
    } else if (verb == "done") {
        event.kind = ToolEvent::Kind::LauncherDone;
        parseInt(wordValue(args, "captured"), event.current);
        event.text = std::string(wordValue(args, "exit"));
    } else if (verb == "warning") {
        event.kind = ToolEvent::Kind::LauncherWarning;
    } else if (verb == "error") {
        event.kind = ToolEvent::Kind::LauncherError;
    } else {
        event.kind = ToolEvent::Kind::LauncherInfo;
        event.text = std::string(rest);
    }
    return event;
}

// nsys draws "[1/1] [====40%      ] nsys.nsys-rep" and "Processing 3731 events: [==40%   ]".
bool parsePercent(std::string_view line, double &fraction)
{
    const size_t pct = line.rfind('%');
    if (pct == std::string_view::npos)
        return false;
    size_t start = pct;
    while (start > 0 && line[start - 1] >= '0' && line[start - 1] <= '9')
        --start;
    int64_t value = 0;
    if (start == pct || !parseInt(line.substr(start, pct - start), value) || value < 0 || value > 100)
        return false;
    fraction = double(value) / 100.0;
    return true;
}

} // namespace

ToolEvent parseToolLine(std::string_view line)
{
    line = trim(line);
    ToolEvent event;
    if (startsWith(line, "OPSCOPE "))
        return parseLauncherLine(line.substr(8));
    if (line.find("ERR_NVGPUCTRPERM") != std::string_view::npos) {
        event.kind = ToolEvent::Kind::NcuCounterPermission;
        event.text = std::string(line);
        return event;
    }
    if (startsWith(line, "==PROF== Profiling \"")) {
        // ==PROF== Profiling "vectorized_gather_kernel" - 0: 0%....50%....100% - 17 passes
        // ==PROF== Profiling "vectorized_gather_kernel": 0%....50%....100% - 17 passes
        // The second form, without the kernel's index (ncu 2025.3 following a process of a torchrun
        // job), counts by its line: current stays 0 and the stage numbers it.
        const std::string_view rest = line.substr(20);
        const size_t quote = rest.find('"');
        if (quote != std::string_view::npos) {
            const std::string_view after = rest.substr(quote + 1);
            const size_t dash = after.find(" - ");
            const size_t colon = after.find(':');
            int64_t index = 0;
            if (colon == 0) {
                event.kind = ToolEvent::Kind::NcuKernel;
                event.text = std::string(rest.substr(0, quote));
            } else if (dash != std::string_view::npos && colon != std::string_view::npos && colon > dash &&
                       parseInt(after.substr(dash + 3, colon - dash - 3), index)) {
                event.kind = ToolEvent::Kind::NcuKernel;
                event.current = index + 1;
                event.text = std::string(rest.substr(0, quote));
            }
        }
        return event;
    }
    if (startsWith(line, "==WARNING==")) {
        event.text = std::string(trim(line.substr(11)));
        const bool nothing = line.find("No kernels were profiled") != std::string_view::npos ||
                             line.find("No ranges were profiled") != std::string_view::npos;
        event.kind = nothing ? ToolEvent::Kind::NcuNothingProfiled : ToolEvent::Kind::ToolWarning;
        return event;
    }
    if (startsWith(line, "==ERROR==")) {
        event.kind = ToolEvent::Kind::ToolError;
        event.text = std::string(trim(line.substr(9)));
        return event;
    }
    if ((startsWith(line, "[") || startsWith(line, "Processing ")) && line.find('%') != std::string_view::npos) {
        double fraction = 0;
        if (parsePercent(line, fraction)) {
            event.kind = ToolEvent::Kind::NsysProgress;
            event.fraction = fraction;
            event.text = std::string(line);
        }
    }
    return event;
}

std::string diagnosisFor(const ToolEvent &event)
{
    switch (event.kind) {
    case ToolEvent::Kind::NcuCounterPermission:
        return "ncu may not read the GPU performance counters (ERR_NVGPUCTRPERM). Run the replay as root "
               "(opscope replay --sudo, which runs `sudo -n -E ncu ...`), or let every user profile: "
               "put `options nvidia NVreg_RestrictProfilingToAdminUsers=0` in /etc/modprobe.d/nvidia-profiling.conf "
               "and reboot (or reload the nvidia module). See https://developer.nvidia.com/ERR_NVGPUCTRPERM";
    case ToolEvent::Kind::NcuNothingProfiled:
        return "ncu profiled nothing (\"" + event.text +
               "\"). Check that the launcher log shows `OPSCOPE capture start` (the script ran enough steps); "
               "that filters on module labels name push/pop ranges with a trailing '/' (`blocks.0[Block]/`) "
               "while the CAPTURE range is a start/end range (no '/'); that the CUDA context was created during "
               "warm-up (keep --warmup >= 1); and, for range replay, use --replay-mode app-range.";
    case ToolEvent::Kind::LauncherError:
        return "launcher: " + event.text;
    case ToolEvent::Kind::ToolError:
        return "ncu: " + event.text;
    default:
        return {};
    }
}

} // namespace opscope::pipeline
