#pragma once
// File > New Capture: Workload, Target, Capture, Replay, Review, Run, Finish. The wizard owns what the
// pages share: where the capture runs (this machine or an SSH host) and the checks of that target,
// made off the GUI thread and kept per target and interpreter, so going back and forth asks once.

#include "wizards/run_wizard.h"

#include <atomic>
#include <map>
#include <memory>

namespace opscope::ui {

class CaptureOptionsPage;
class FinishPage;
class ReplayPage;
class ReviewPage;
class RunPage;
class TargetPage;
class WorkloadPage;

class CaptureWizard : public RunWizard {
    Q_OBJECT
public:
    enum PageId { WorkloadPageId, TargetPageId, CapturePageId, ReplayPageId, ReviewPageId, RunPageId, FinishPageId };

    explicit CaptureWizard(QWidget *parent = nullptr);
    ~CaptureWizard() override;

    WorkloadPage *workloadPage() const { return workload_; }
    TargetPage *targetPage() const { return target_; }
    CaptureOptionsPage *capturePage() const { return capture_; }
    ReplayPage *replayPage() const { return replay_; }
    ReviewPage *reviewPage() const { return review_; }
    RunPage *runPage() const { return run_; }
    FinishPage *finishPage() const { return finish_; }

    bool isRemote() const { return remote_; }
    void setRemote(bool remote);

    // The check of the current target with the workload's interpreter: null until one finished.
    const remote::TargetCheck *targetCheck() const;
    bool targetCheckRunning() const;
    // Starts a check of the current target off the GUI thread, unless one is known (force: again).
    void checkTarget(bool force = false);

    // What "auto" becomes on the target: nsys where it was found, else torch.profiler.
    pipeline::CaptureTool effectiveTool() const;

    RunJob job() const override;
    ReplayAvailability replayAvailability() const override;
    void remember() const override;

signals:
    void remoteChanged(bool remote);
    void targetCheckChanged();

private:
    QString targetKey() const;

    WorkloadPage *workload_;
    TargetPage *target_;
    CaptureOptionsPage *capture_;
    ReplayPage *replay_ = nullptr; // read by replayAvailability(), which pages may ask while the wizard builds them
    ReviewPage *review_;
    RunPage *run_;
    FinishPage *finish_;
    bool remote_ = false;
    std::map<QString, remote::TargetCheck> checks_;
    QString running_; // key of the check under way
    std::shared_ptr<std::atomic<bool>> cancelChecks_;
};

} // namespace opscope::ui
