#pragma once
// What the capture and the replay wizard share: the job their pages describe, its plan (made on the
// Review page), the runner that executes it (Run page), and the profile it ends in (Finish page),
// which the main window opens through its normal open path (profileReady).

#include "wizards/run_job.h"

#include <QWizard>

namespace opscope::ui {

class CaptureRunner;

// Whether ncu can replay the capture, and when not, why (shown on the Replay page).
struct ReplayAvailability {
    bool available = false;
    bool pending = false; // still being found out (a target check or tool lookup is running)
    QString why;
    QString detail; // the tool check's own words (where it looked), for a tooltip
};

class RunWizard : public QWizard {
    Q_OBJECT
public:
    explicit RunWizard(QWidget *parent = nullptr);

    // The job the pages describe now.
    virtual RunJob job() const = 0;
    virtual ReplayAvailability replayAvailability() const = 0;
    // Stores the pages' values (ui/settings.h), so the next wizard starts from them.
    virtual void remember() const = 0;

    CaptureRunner *runner() const { return runner_; }
    const JobPlan &plan() const { return plan_; }
    void setPlan(JobPlan plan) { plan_ = std::move(plan); }

signals:
    // The run ended in a profile (also when it had problems, e.g. passes that disagree).
    void profileReady(const QString &path);
    // The run was a sweep: its folder, for the sweep window.
    void sweepReady(const QString &dir);
    void replayAvailabilityChanged();

public slots:
    // Cancel keeps the pages' values (remember()); while a run is going it ends the run first (its
    // processes included), then closes.
    void reject() override;

private:
    CaptureRunner *runner_;
    JobPlan plan_;
    bool closing_ = false;
};

} // namespace opscope::ui
