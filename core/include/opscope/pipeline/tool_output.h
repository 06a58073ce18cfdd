#pragma once
// What the tools print, one line at a time: progress events and diagnostics for the failures users
// hit most (missing tool, counter permission, nothing profiled).

#include <cstdint>
#include <string>
#include <string_view>

namespace opscope::pipeline {

struct ToolEvent {
    enum class Kind {
        None,
        LauncherStart,        // OPSCOPE start ...
        LauncherStep,         // OPSCOPE step K/N warmup|reference|capture (current=K, total=N, text=phase)
        CaptureStart,         // OPSCOPE capture start
        CaptureEnd,           // OPSCOPE capture end steps=N        (current=N)
        LauncherDone,         // OPSCOPE done exit=... captured=N   (current=N, text=exit kind)
        LauncherWarning,      // OPSCOPE warning TEXT
        LauncherError,        // OPSCOPE error TEXT
        LauncherInfo,         // other OPSCOPE lines (root, trace, partition-map, compile)
        NcuKernel,            // ==PROF== Profiling "NAME" - N: ...    (current=N+1, text=NAME; total: see below)
        NcuCounterPermission, // ERR_NVGPUCTRPERM
        NcuNothingProfiled,   // ==WARNING== No kernels/ranges were profiled
        ToolError,            // ==ERROR== ... (ncu), "Error:" lines (nsys)
        ToolWarning,          // ==WARNING== ...
        NsysProgress,         // [1/1] [==  40%  ] or "Processing N events: [ 40%]"  (fraction)
        // Not a line: runReplay reports it before ncu starts when it knows how many kernels ncu will
        // profile (total=N), and then gives every NcuKernel event of that stage the same total.
        ReplayKernelsExpected,
    };
    Kind kind = Kind::None;
    int64_t current = 0;
    int64_t total = 0;
    double fraction = -1.0;
    std::string text;
};
ToolEvent parseToolLine(std::string_view line);

// What to tell the user for the failures with a known fix (empty for other events).
std::string diagnosisFor(const ToolEvent &event);

} // namespace opscope::pipeline
