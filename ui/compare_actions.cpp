#include "compare_actions.h"

#include "common/settings.h"
#include "compare/compare_dialog.h"
#include "compare/compare_window.h"
#include "main_window.h"
#include "views/ranks_view.h"

#include "opscope/ranks.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>

#include <algorithm>

namespace opscope::ui {

CompareActions::CompareActions(MainWindow *window, QMenu *fileMenu) : QObject(window), window_(window)
{
    QAction *compare = fileMenu->addAction(tr("&Compare..."), this, &CompareActions::showCompareDialog);
    compare->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    compare->setStatusTip(tr("Compare two profiles: what got faster, what got slower"));
    QAction *baseline = fileMenu->addAction(tr("Open as &Baseline..."), this, &CompareActions::showBaselineDialog);
    baseline->setStatusTip(tr("Compare the open profile against another one, the baseline"));
    connect(window->ranks(), &RanksView::compareRequested, this, &CompareActions::compareRanks);
}

CompareWindow *CompareActions::compareWindow(bool create)
{
    if (!compareWindow_ && create) {
        // A top-level window of its own, closed with the main window.
        compareWindow_ = new CompareWindow(window_);
        compareWindow_->setWindowFlag(Qt::Window);
        compareWindow_->setAttribute(Qt::WA_DeleteOnClose, false);
    }
    return compareWindow_;
}

void CompareActions::compare(const QStringList &beforePaths, const QStringList &afterPaths)
{
    CompareWindow *w = compareWindow();
    w->show();
    w->raise();
    w->compare(beforePaths, afterPaths);
}

bool CompareActions::openAsBaseline(const QStringList &baselinePaths)
{
    const std::shared_ptr<const LoadedCapture> open = window_->capture();
    if (!open)
        return false;
    CompareWindow *w = compareWindow();
    w->show();
    w->raise();
    w->compareWith(baselinePaths, open, window_->profilePaths());
    return true;
}

bool CompareActions::compareRanks(int before, int after)
{
    const std::shared_ptr<const LoadedCapture> open = window_->capture();
    if (!open)
        return false;
    const std::vector<int> ranks = ranksOf(*open->profile);
    const auto has = [&](int r) { return std::find(ranks.begin(), ranks.end(), r) != ranks.end(); };
    if (before == after || !has(before) || !has(after))
        return false;
    CompareWindow *w = compareWindow();
    w->show();
    w->raise();
    w->compareRanks(open->profile, before, after);
    return true;
}

void CompareActions::showCompareDialog()
{
    CompareDialog dialog(window_);
    // AFTER defaults to what is open, when the last choice left it empty.
    if (dialog.after().isEmpty() && !window_->profilePaths().isEmpty())
        dialog.setAfter(window_->profilePaths());
    if (dialog.exec() != QDialog::Accepted)
        return;
    dialog.remember();
    compare(dialog.before(), dialog.after());
}

void CompareActions::showBaselineDialog()
{
    if (!window_->capture()) {
        QMessageBox::information(window_, tr("Open as Baseline"),
                                 tr("Open a profile first: the baseline is compared against it."));
        return;
    }
    const QStringList paths = QFileDialog::getOpenFileNames(
        window_, tr("Open baseline (BEFORE) profile"), settings::read(settings::files::lastFolder),
        tr("Profiles (*.opscope *.json *.json.gz *.sqlite *.nsys-rep *.csv *.ncu-rep);;All files (*)"));
    if (paths.isEmpty())
        return;
    settings::write(settings::files::lastFolder, QFileInfo(paths.first()).absolutePath());
    openAsBaseline(paths);
}

void installCompareActions(MainWindow *window, QMenu *fileMenu)
{
    new CompareActions(window, fileMenu);
}

} // namespace opscope::ui
