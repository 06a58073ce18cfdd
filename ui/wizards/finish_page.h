#pragma once
// The Finish page of both wizards: how the run ended, its run folder and profile, notes and problems.
// Entering it opens the profile in the main window (RunWizard::profileReady).

#include <QWizardPage>

class QLabel;
class QPushButton;

namespace opscope::ui {

class RunWizard;

class FinishPage : public QWizardPage {
    Q_OBJECT
public:
    explicit FinishPage(RunWizard *wizard);

    QString summaryText() const;
    void initializePage() override;

private:
    RunWizard *wizard_;
    QLabel *summary_;
    QPushButton *openFolder_;
    QString opened_; // the profile handed to the main window already
};

} // namespace opscope::ui
