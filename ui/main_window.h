#pragma once
// The explorer's main window: the timeline in the centre, the module tree on the left, a details pane
// on the right, and tabs for operators, kernels, counters, the roofline, insights, ranks (of a
// multi-rank profile) and memory below. Every view follows one Selection, so picking a kernel,
// operator or module anywhere shows it everywhere.

#include "profile_export.h"

#include "opscope/profile.h"

#include <QMainWindow>

#include <memory>

class QAction;
class QDockWidget;
class QLabel;
class QMenu;
class QProgressBar;
class QPushButton;
class QTabWidget;
class QToolBar;

namespace opscope::ui {

class CounterPanel;
class DetailsPane;
class ImportWarningsBar;
class InsightsView;
class MemoryView;
class RanksView;
class KernelTableView;
class ModuleTreeView;
class OperatorTableView;
class ProfileLoader;
class RooflineView;
class Selection;
class TimelineFindBar;
class TimelineView;
struct LoadedCapture;
struct ProfileAnalysis;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Loads the files of one capture in the background; the current profile stays until the new
    // one is ready (and stays when loading fails).
    void openFiles(const QStringList &paths);
    void openFile(const QString &path) { openFiles({path}); }
    const Profile *profile() const;
    // The analysis every view shows (module tree, groups), null before a profile is open.
    const ProfileAnalysis *analysis() const;
    QString profilePath() const { return profilePath_; }
    // The files of the open capture, and what was loaded from them (null before a profile is open).
    QStringList profilePaths() const { return profilePaths_; }
    std::shared_ptr<const LoadedCapture> capture() const { return capture_; }
    bool isLoading() const;

    Selection *selection() const { return selection_; }
    TimelineView *timeline() const { return timeline_; }
    TimelineFindBar *timelineFindBar() const { return findBar_; }
    ModuleTreeView *moduleTree() const { return moduleTree_; }
    KernelTableView *kernelTable() const { return kernels_; }
    OperatorTableView *operatorTable() const { return operators_; }
    CounterPanel *counterPanel() const { return counters_; }
    RooflineView *roofline() const { return roofline_; }
    InsightsView *insights() const { return insights_; }
    RanksView *ranks() const { return ranks_; }
    MemoryView *memory() const { return memory_; }
    QTabWidget *analysisTabs() const { return tabs_; }
    // What the importers warned about while reading the open profile (hidden when nothing).
    ImportWarningsBar *warningsBar() const { return warningsBar_; }

    // Writes the open profile to `path` in the background (File > Save As..., Export for Perfetto...).
    void writeProfile(ProfileExporter::Format format, const QString &path);
    bool isWriting() const { return exporter_->isRunning(); }

signals:
    // Emitted after every open attempt finished (loaded, failed or cancelled).
    void openFinished(bool ok, const QString &message);
    // Emitted after every write of the profile finished (`message`: why not, when not `ok`).
    void exportFinished(bool ok, const QString &path, const QString &message);

protected:
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;
    void closeEvent(QCloseEvent *event) override;

private:
    void buildMenus();
    void buildViews();
    void showOpenDialog();
    // The capture without its insights: every view but the insights shows it.
    void onShown(std::shared_ptr<const LoadedCapture> capture, const QStringList &paths);
    // The complete capture: the insights, the status line, openFinished.
    void onLoaded(std::shared_ptr<const LoadedCapture> capture, const QStringList &paths);
    void onFailed(const QString &message, const QStringList &paths);
    void exportProfile(ProfileExporter::Format format); // asks where, then writeProfile
    void onExported(bool ok, const QString &path, const QString &message);
    void exportTimelineImage();
    // What the empty views say while nothing is open: how to open a capture, after `failure` if any.
    void showOpenHint(const QString &failure);
    void followSelection();
    void selectPhaseBand(int node); // a phase node of the module tree: its band on the timeline
    void updateTitle();
    void focusFilter();
    void find(); // the timeline's find bar, or the filter of the table that has the focus
    void showKeyboardHelp();
    void restoreViewChoices();
    void saveViewChoices() const;
    void addRecentFiles(const QStringList &paths);
    void rebuildRecentMenu();

    std::shared_ptr<const LoadedCapture> capture_;
    QString profilePath_;
    QStringList profilePaths_;
    QString openingName_; // the file being opened, for the status line
    ProfileLoader *loader_;
    ProfileExporter *exporter_;
    QString writingName_; // the file being written, for the status line
    QAction *saveAs_ = nullptr;
    QAction *exportPerfetto_ = nullptr;
    QAction *exportImage_ = nullptr;
    Selection *selection_;
    TimelineView *timeline_ = nullptr;
    TimelineFindBar *findBar_ = nullptr;
    QAction *colorByModule_ = nullptr;
    ModuleTreeView *moduleTree_ = nullptr;
    OperatorTableView *operators_ = nullptr;
    KernelTableView *kernels_ = nullptr;
    CounterPanel *counters_ = nullptr;
    RooflineView *roofline_ = nullptr;
    InsightsView *insights_ = nullptr;
    RanksView *ranks_ = nullptr;
    MemoryView *memory_ = nullptr;
    DetailsPane *details_ = nullptr;
    ImportWarningsBar *warningsBar_ = nullptr;
    QToolBar *warningsToolBar_ = nullptr;
    QTabWidget *tabs_ = nullptr;
    QDockWidget *treeDock_ = nullptr;
    bool defaultLayout_ = true; // no saved window layout: the first profile sizes the module tree's dock
    QMenu *recentMenu_ = nullptr;
    QMenu *viewMenu_ = nullptr;
    QLabel *statusLabel_;
    QProgressBar *progressBar_;
    QPushButton *cancelButton_;
};

} // namespace opscope::ui
