#pragma once
// The compare window: a summary head (speedup, top improvements and regressions), BEFORE's and
// AFTER's timelines on one aligned axis, the module tree, operator and kernel rows of the diff with
// before / after / delta / ratio columns, the counters with their baseline and the roofline with
// arrows, and peak memory before and after by kind and by module (the Memory tab). One DiffSelection
// drives everything: a row picked anywhere shows on both sides. Loading and comparing run off the GUI
// thread; a comparison that fails keeps the one on show.

#include "compare/comparison.h"
#include "compare/diff_selection.h"

#include <QMainWindow>

#include <memory>

class QLabel;
class QProgressBar;
class QPushButton;
class QTabWidget;

namespace opscope::ui {

class CompareLoader;
class CompareMemory;
class CompareRoofline;
class CompareSummary;
class CompareTimelines;
class DiffCounterPanel;
class DiffTableView;

class CompareWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit CompareWindow(QWidget *parent = nullptr);
    ~CompareWindow() override;

    // Loads BEFORE and AFTER (each the files of one capture) and compares them.
    void compare(const QStringList &beforePaths, const QStringList &afterPaths);
    // Compares a loaded AFTER (the profile open in the main window) against BEFORE, the baseline.
    void compareWith(const QStringList &beforePaths, std::shared_ptr<const LoadedCapture> after,
                     const QStringList &afterPaths);
    // Compares two ranks of a job's profile (open in the main window), rank `before` as BEFORE.
    void compareRanks(std::shared_ptr<const Profile> job, int before, int after);
    bool isLoading() const;
    void cancel();

    std::shared_ptr<const Comparison> comparison() const { return comparison_; }
    DiffSelection *selection() const { return selection_; }
    CompareSummary *summary() const { return summary_; }
    CompareTimelines *timelines() const { return timelines_; }
    DiffTableView *moduleView() const { return modules_; }
    DiffTableView *operatorView() const { return operators_; }
    DiffTableView *kernelView() const { return kernels_; }
    DiffCounterPanel *counters() const { return counters_; }
    CompareRoofline *roofline() const { return roofline_; }
    CompareMemory *memory() const { return memory_; }
    QTabWidget *tableTabs() const { return tableTabs_; }
    QTabWidget *detailTabs() const { return detailTabs_; }

signals:
    // After every compare attempt (done, failed or cancelled).
    void comparisonFinished(bool ok, const QString &message);

private:
    void buildViews();
    void startLoading(const QString &what);
    void onFinished(std::shared_ptr<const Comparison> comparison);
    void onFailed(const QString &message);
    void followSelection();
    void onTimelineSelection(Side side);

    std::shared_ptr<const Comparison> comparison_;
    CompareLoader *loader_;
    DiffSelection *selection_;
    CompareSummary *summary_ = nullptr;
    CompareTimelines *timelines_ = nullptr;
    DiffTableView *modules_ = nullptr;
    DiffTableView *operators_ = nullptr;
    DiffTableView *kernels_ = nullptr;
    DiffCounterPanel *counters_ = nullptr;
    CompareRoofline *roofline_ = nullptr;
    CompareMemory *memory_ = nullptr;
    QTabWidget *tableTabs_ = nullptr;
    QTabWidget *detailTabs_ = nullptr;
    QLabel *statusLabel_;
    QProgressBar *progressBar_;
    QPushButton *cancelButton_;
    bool syncing_ = false; // while the selection is being pushed to the timelines
};

} // namespace opscope::ui
