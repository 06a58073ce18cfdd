// Capture, replay, import: the sequence of `opscope profile` and of the capture wizard with a replay.
#include "pipeline/stages.h"

namespace opscope::pipeline {

PipelineResult runProfile(CaptureRequest capture, ReplayRequest replay, const StageCallbacks &callbacks,
                          const Progress &progress)
{
    if (capture.nprocPerNode > 0 || capture.srunArgs)
        return detail::runLaunchedRanks(capture, replay, callbacks, progress);
    requireNcu(replay.ncuPath); // before a long capture, not after it
    const bool importJob = capture.importProfile;
    capture.importProfile = false; // imported once, with the counters, after the replay
    PipelineResult captured = runCapture(capture, callbacks, progress);
    if (!captured.ok())
        return captured;
    replay.run = captured.runDir;
    PipelineResult result = runReplay(replay, callbacks, progress);
    result.stages.insert(result.stages.begin(), captured.stages.begin(), captured.stages.end());
    result.notes.insert(result.notes.begin(), captured.notes.begin(), captured.notes.end());
    // A rank of a distributed job (`srun opscope profile`): rank 0 imports the job once all are done.
    const RankContext rank = rankContextFromEnvironment();
    if (rank.distributed() && rank.rank == 0 && importJob && result.ok())
        detail::importWhenRanksDone(result, rank, capture.timeout, progress);
    return result;
}

} // namespace opscope::pipeline
