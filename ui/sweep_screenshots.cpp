#include "sweep_screenshots.h"

#include "screenshots.h"
#include "sweep/sweep_window.h"
#include "sweep_actions.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEventLoop>
#include <QTimer>

namespace opscope::ui {

bool saveSweepScreenshots(MainWindow &window, const QString &folder)
{
    const QString dir = qEnvironmentVariable("OPSCOPE_SCREENSHOTS_SWEEP");
    if (dir.isEmpty())
        return true;
    SweepWindow *sweep = openSweepWindow(&window, dir);
    sweep->resize(1400, 700);
    QEventLoop loop;
    bool ok = false;
    QObject::connect(sweep, &SweepWindow::reportReady, &loop, [&] {
        ok = true;
        loop.quit();
    });
    QObject::connect(sweep, &SweepWindow::sweepFailed, &loop, &QEventLoop::quit);
    QTimer::singleShot(60000, &loop, &QEventLoop::quit);
    loop.exec();
    if (!ok)
        return false;
    // Against the numeric parameter, when there is one: its values spread on a log axis.
    sweep->parameterBox()->setCurrentIndex(sweep->parameterBox()->count() - 1);
    sweep->logX()->setChecked(sweep->logX()->isEnabled());
    const bool saved = saveWidgetImage(sweep, folder + "/sweep.png");
    sweep->close();
    return saved;
}

} // namespace opscope::ui
