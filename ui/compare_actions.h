#pragma once
// The main window's compare entries: File > Compare... (pick BEFORE and AFTER), File > Open as
// Baseline... (compare the open profile, as AFTER, against another one) and the Ranks tab's Compare
// (two ranks of the open profile). All show the results in
// one CompareWindow, created on first use and kept (its last comparison stays until a new one
// succeeds).

#include <QObject>
#include <QPointer>
#include <QStringList>

class QMenu;

namespace opscope::ui {

class CompareWindow;
class MainWindow;

class CompareActions : public QObject {
    Q_OBJECT
public:
    CompareActions(MainWindow *window, QMenu *fileMenu);

    // The compare window, created (hidden) when `create` and there is none yet.
    CompareWindow *compareWindow(bool create = true);
    // What the menu entries do once their dialogs are answered.
    void compare(const QStringList &beforePaths, const QStringList &afterPaths);
    // False (and nothing happens) when the main window has no profile open.
    bool openAsBaseline(const QStringList &baselinePaths);
    // Two ranks of the open profile (the Ranks tab's Compare); false when it lacks either.
    bool compareRanks(int before, int after);

private:
    void showCompareDialog();
    void showBaselineDialog();

    MainWindow *window_;
    QPointer<CompareWindow> compareWindow_;
};

// Adds the entries to the File menu (call from MainWindow::buildMenus).
void installCompareActions(MainWindow *window, QMenu *fileMenu);

} // namespace opscope::ui
