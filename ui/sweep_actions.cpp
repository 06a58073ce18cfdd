#include "sweep_actions.h"

#include "compare_actions.h"
#include "main_window.h"
#include "sweep/sweep_window.h"

#include <QFileDialog>
#include <QMenu>

namespace opscope::ui {

SweepWindow *openSweepWindow(MainWindow *window, const QString &dir)
{
    auto *sweep = new SweepWindow(window);
    sweep->setAttribute(Qt::WA_DeleteOnClose);
    QObject::connect(sweep, &SweepWindow::openProfileRequested, window, [window](const QString &path) {
        window->openFile(path);
        window->raise();
        window->activateWindow();
    });
    QObject::connect(sweep, &SweepWindow::compareRequested, window,
                     [window](const QString &before, const QString &after) {
                         if (auto *actions = window->findChild<CompareActions *>())
                             actions->compare({before}, {after});
                     });
    sweep->show();
    sweep->openSweep(dir);
    return sweep;
}

void installSweepActions(MainWindow *window, QMenu *fileMenu)
{
    fileMenu->addAction(QObject::tr("Open S&weep..."), window, [window] {
        const QString dir = QFileDialog::getExistingDirectory(
            window, QObject::tr("Open sweep folder (made by opscope sweep)"), QString());
        if (!dir.isEmpty())
            openSweepWindow(window, dir);
    });
}

} // namespace opscope::ui
