#include "wizard_screenshots.h"

#include "common/qt_text.h"
#include "common/selection.h"
#include "main_window.h"
#include "models/profile_analysis.h"
#include "screenshots.h"
#include "wizard_actions.h"
#include "wizards/capture_runner.h"
#include "wizards/capture_wizard.h"
#include "wizards/replay_wizard.h"
#include "wizards/review_page.h"
#include "wizards/target_page.h"
#include "wizards/workload_page.h"

#include <QApplication>
#include <QComboBox>
#include <QDeadlineTimer>
#include <QDir>
#include <QLineEdit>
#include <QRadioButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QThread>

#include <functional>

namespace opscope::ui {

namespace {

bool waitFor(const std::function<bool()> &condition, int milliseconds)
{
    QDeadlineTimer deadline(milliseconds);
    while (!condition()) {
        if (deadline.hasExpired())
            return false;
        QApplication::processEvents(QEventLoop::AllEvents, 50);
        QThread::msleep(20);
    }
    return true;
}

template <typename T> T *field(QObject *wizard, const char *name)
{
    return wizard->findChild<T *>(toQString(name));
}

} // namespace

bool saveWizardScreenshots(MainWindow &, const QString &folder)
{
    // A window of its own receives the profile the wizard makes: opening it in the window being
    // pictured would report openFinished again, which is what started the pictures.
    MainWindow window;
    window.resize(1400, 900);
    QTemporaryDir runs;
    auto *w = new CaptureWizard(&window);
    w->setAttribute(Qt::WA_DeleteOnClose);
    w->setWindowFlag(Qt::Window);
    QObject::connect(w, &RunWizard::profileReady, &window, [&window](const QString &path) { window.openFile(path); });
    w->show();
    bool ok = true;

    // 1 Workload: the MLP example with an extra variable.
    field<QComboBox>(w, "runOn")->setCurrentIndex(0);
    field<QLineEdit>(w, "script")
        ->setText(QDir::cleanPath(QStringLiteral(OPSCOPE_SOURCE_EXAMPLES "/mlp.py")));
    field<QLineEdit>(w, "arguments")->setText(QStringLiteral("--size tiny --steps 6"));
    field<QLineEdit>(w, "python")->clear();
    field<QLineEdit>(w, "workingDirectory")->clear();
    auto *env = field<QTableWidget>(w, "environment");
    env->setRowCount(1);
    env->setItem(0, 0, new QTableWidgetItem(QStringLiteral("OMP_NUM_THREADS")));
    env->setItem(0, 1, new QTableWidgetItem(QStringLiteral("4")));
    waitFor([w] { return w->targetCheck() != nullptr; }, 120000);
    ok &= saveWidgetImage(w, folder + "/wizard-workload.png");
    const bool canRun = w->workloadPage()->isComplete();

    // 2 Target: an SSH host as it is being set up, then this machine, checked.
    if (canRun) {
        w->next();
        field<QRadioButton>(w, "targetSsh")->setChecked(true);
        field<QComboBox>(w, "host")->setEditText(QStringLiteral("gpu-box"));
        field<QLineEdit>(w, "remoteDirectory")->setText(QStringLiteral("/scratch/me/opscope-runs"));
        ok &= saveWidgetImage(w, folder + "/wizard-target-ssh.png");
        field<QRadioButton>(w, "targetLocal")->setChecked(true);
        waitFor([w] { return w->targetCheck() != nullptr; }, 120000);
        ok &= saveWidgetImage(w, folder + "/wizard-target.png");
        w->next();

        // 3 Capture, 4 Replay (off here without ncu), 5 Review.
        field<QLineEdit>(w, "outputFolder")->setText(runs.path());
        field<QLineEdit>(w, "runName")->setText(QStringLiteral("mlp-demo"));
        field<QSpinBox>(w, "warmup")->setValue(1);
        field<QSpinBox>(w, "steps")->setValue(1);
        field<QComboBox>(w, "captureTool")->setCurrentIndex(0);
        ok &= saveWidgetImage(w, folder + "/wizard-capture.png");
        w->next();
        ok &= saveWidgetImage(w, folder + "/wizard-replay.png");
        w->next();
        waitFor([w] { return w->reviewPage()->planReady(); }, 60000);
        ok &= saveWidgetImage(w, folder + "/wizard-review.png");

        // 6 Run (pictured when it has ended, before Finish opens the profile), 7 Finish.
        // Grabbed at once (no event processing): Finish follows as soon as events run.
        bool runShot = false;
        QObject::connect(w->runner(), &CaptureRunner::finished, w,
                         [&] { runShot = w->grab().save(folder + "/wizard-run.png"); });
        w->next();
        waitFor([w] { return w->runner()->outcome().finished; }, 300000);
        ok &= runShot;
        waitFor([w] { return w->currentId() == CaptureWizard::FinishPageId; }, 5000);
        ok &= saveWidgetImage(w, folder + "/wizard-finish.png");
        waitFor([&window] { return !window.isLoading() && window.profilePath().endsWith("mlp-demo.opscope"); }, 60000);
    }
    w->close();

    // The deep dive on blocks.0 of the profile just made: the replay wizard, prefilled.
    if (const ProfileAnalysis *analysis = window.analysis();
        analysis && !runFolderOfProfile(window.profilePath()).isEmpty()) {
        if (const int node = analysis->tree.find("blocks.0"); node >= 0) {
            window.selection()->setModule(node);
            ReplayWizard *replay = showReplayWizard(&window, deepDiveFor(*analysis, window.selection()->state()));
            ok &= saveWidgetImage(replay, folder + "/wizard-replay-run.png");
            replay->next();
            waitFor([replay] { return !replay->replayAvailability().pending; }, 30000);
            ok &= saveWidgetImage(replay, folder + "/wizard-deep-dive.png");
            replay->close();
        }
    }
    return ok;
}

} // namespace opscope::ui
