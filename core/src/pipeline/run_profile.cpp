// Capture, replay, import: the sequence of `opscope profile` and of the capture wizard with a replay.
#include "opscope/pipeline/run.h"

#include "opscope/pipeline/tools.h"

namespace opscope::pipeline {

PipelineResult runProfile(CaptureRequest capture, ReplayRequest replay, const StageCallbacks &callbacks,
                          const Progress &progress)
{
    requireNcu(replay.ncuPath);    // before a long capture, not after it
    capture.importProfile = false; // imported once, with the counters, after the replay
    PipelineResult captured = runCapture(capture, callbacks, progress);
    if (!captured.ok())
        return captured;
    replay.run = captured.runDir;
    PipelineResult result = runReplay(replay, callbacks, progress);
    result.stages.insert(result.stages.begin(), captured.stages.begin(), captured.stages.end());
    result.notes.insert(result.notes.begin(), captured.notes.begin(), captured.notes.end());
    return result;
}

} // namespace opscope::pipeline
