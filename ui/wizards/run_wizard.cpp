#include "wizards/run_wizard.h"

#include "wizards/capture_runner.h"

namespace opscope::ui {

RunWizard::RunWizard(QWidget *parent) : QWizard(parent), runner_(new CaptureRunner(this))
{
    setWizardStyle(QWizard::ClassicStyle);
    setOption(QWizard::NoBackButtonOnLastPage, true);
    setOption(QWizard::NoCancelButtonOnLastPage, true);
    resize(860, 680);
}

void RunWizard::reject()
{
    // What was typed is kept for the next wizard, also when this one is cancelled.
    if (!closing_)
        remember();
    if (runner_->isRunning()) {
        if (!closing_) {
            closing_ = true;
            connect(runner_, &CaptureRunner::finished, this, &QWizard::reject, Qt::QueuedConnection);
            runner_->cancel();
        }
        return;
    }
    QWizard::reject();
}

} // namespace opscope::ui
