#pragma once
// The Review page of both wizards: the exact commands the run executes (argument vectors as a shell
// would read them, with the environment they add), copyable, the same job as one OpScope command
// line, and the run folder. The plan is made off the GUI thread (it looks the tools up).

#include "common/job_tracker.h"
#include "wizards/run_job.h"

#include <QWizardPage>

class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;

namespace opscope::ui {

class RunWizard;

class ReviewPage : public QWizardPage {
    Q_OBJECT
public:
    explicit ReviewPage(RunWizard *wizard);

    bool planReady() const { return ready_; }
    QString commandsText() const;
    QString cliText() const;

    void initializePage() override;
    bool isComplete() const override;
    bool validatePage() override;

signals:
    void planned();

private:
    void show(const JobPlan &plan, const RunJob &job);

    RunWizard *wizard_;
    QLabel *runFolder_;
    QPlainTextEdit *commands_;
    QPushButton *copy_;
    QLineEdit *cli_;
    QPushButton *copyCli_;
    QLabel *notes_;
    QLabel *message_;
    bool ready_ = false;
    JobTracker planner_{this}; // a plan of the page left and entered again is dropped
};

} // namespace opscope::ui
