#pragma once
// File > Replay Capture, and the explorer's Deep dive: ncu again over an existing run's captured step
// with other options (a fuller metric set, only one module's range). Pages: Run, Replay, Review, Run,
// Finish. It replays on this machine, where the run folder is.

#include "wizards/run_wizard.h"

namespace opscope::ui {

class FinishPage;
class ReplayPage;
class ReviewPage;
class RunFolderPage;
class RunPage;

class ReplayWizard : public RunWizard {
    Q_OBJECT
public:
    enum PageId { RunFolderPageId, ReplayPageId, ReviewPageId, RunPageId, FinishPageId };

    // `openProfileRun`: the run folder of the profile open in the main window, empty when it has none.
    explicit ReplayWizard(const QString &openProfileRun = {}, QWidget *parent = nullptr);

    RunFolderPage *runFolderPage() const { return runFolder_; }
    ReplayPage *replayPage() const { return replay_; }
    ReviewPage *reviewPage() const { return review_; }
    RunPage *runPage() const { return run_; }
    FinishPage *finishPage() const { return finish_; }

    RunJob job() const override;
    ReplayAvailability replayAvailability() const override;
    void remember() const override;

private:
    RunFolderPage *runFolder_;
    ReplayPage *replay_ = nullptr; // read by replayAvailability(), which pages may ask while the wizard builds them
    ReviewPage *review_;
    RunPage *run_;
    FinishPage *finish_;
};

} // namespace opscope::ui
