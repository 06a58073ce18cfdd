#pragma once
// What the timeline's step ruler shows, computed once per profile (with the TimelineModel, off the GUI
// thread) and checkable without painting: the steps the trace marks (ProfilerStep#N, step#N or STEP_N
// ranges, else the capture range), and the plain reference steps the launcher ran before them
// (OPSCOPE_REFERENCE#k ranges), each as the GPU ran it. The labelled step, the one the capture is
// about, says both step times and the overhead factor, "ProfilerStep#5 · captured 20.2 ms · plain
// 13.7 ms (1.48×)", marked as a warning when the instrumentation slowed it down more than 1.2x.

#include "opscope/profile.h"

#include <QString>

#include <cstdint>
#include <vector>

namespace opscope::ui {

struct TimelineStep {
    enum class Kind : uint8_t {
        Marked,   // a step range of the trace
        Labelled, // the labelled step, with the launcher's plain and captured step times
        Plain,    // a plain reference step (no module labels, emit_nvtx or record_function)
        Prefill,  // a generation request's prefill (generation.h), in the phase band
        Decode,   // one of its decode iterations
    };
    Kind kind = Kind::Marked;
    int64_t start_ns = 0; // a step's range on the host; the labelled and the plain steps' span on the GPU
    int64_t end_ns = 0;
    QString name;         // its range: "ProfilerStep#5", "CAPTURE", "OPSCOPE_REFERENCE#2"
    QString label;        // "ProfilerStep#5 · 20.8 ms", "plain · 13.7 ms"
    QString shortLabel;   // what is shown where the label does not fit: the times alone
    QString toolTip;      // rich text: what the times are and where they come from
    bool notable = false; // the captured step ran more than 1.2x slower than the plain one
};

// The profile's steps in time order; empty when it marks none (a trace of kernels alone has no band).
std::vector<TimelineStep> timelineSteps(const Profile &profile);
// The phases of the captured generation requests (prefill, decode#k), each as the GPU ran its work, for the
// phase band below the steps; empty for a profile that is not of generation requests.
std::vector<TimelineStep> timelinePhases(const Profile &profile);

} // namespace opscope::ui
