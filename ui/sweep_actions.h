#pragma once
// The main window's File > Open Sweep...: a sweep folder (`opscope sweep`) in a SweepWindow whose
// points open their profile in the main window and whose chosen pairs open in the compare window.
#include <QString>

class QMenu;

namespace opscope::ui {

class MainWindow;
class SweepWindow;

// Opens the sweep in `dir` in a new SweepWindow tied to `window` (shown; deleted when closed).
SweepWindow *openSweepWindow(MainWindow *window, const QString &dir);
// Adds File > Open Sweep... (call from MainWindow::buildMenus).
void installSweepActions(MainWindow *window, QMenu *fileMenu);

} // namespace opscope::ui
