#pragma once
// Loads the two sides of a comparison and compares them, off the GUI thread: each side goes through
// a ProfileLoader (import, attribution, analysis, with its progress and cancel), then the diff runs
// on a worker thread. One side may come loaded already (a profile open in the main window).

#include "compare/comparison.h"

#include <QObject>

#include <atomic>
#include <thread>

namespace opscope::ui {

class CompareLoader : public QObject {
    Q_OBJECT
public:
    explicit CompareLoader(QObject *parent = nullptr);
    ~CompareLoader() override;

    // Starts a comparison; one already running is cancelled first (and reports nothing more).
    void compare(const QStringList &beforePaths, const QStringList &afterPaths);
    // AFTER is already loaded (Open as Baseline: the open profile against a baseline).
    void compareWith(const QStringList &beforePaths, std::shared_ptr<const LoadedCapture> after,
                     const QStringList &afterPaths);
    void cancel();
    bool isLoading() const { return stage_ != Stage::Idle; }

signals:
    void progress(double fraction, const QString &stage);
    void finished(std::shared_ptr<const opscope::ui::Comparison> comparison);
    void failed(const QString &message);
    void cancelled();

private:
    enum class Stage { Idle, Before, After, Diff };
    void start(const QStringList &beforePaths, std::shared_ptr<const LoadedCapture> after,
               const QStringList &afterPaths);
    void loadSide(Stage stage);
    void onLoaded(std::shared_ptr<const LoadedCapture> capture);
    void startDiff();
    void stopWorkers();
    // Progress of the current stage mapped onto the whole job.
    double overall(double fraction) const;

    ProfileLoader *loader_ = nullptr; // a fresh one per side: late signals of an old load die with it
    std::thread diffWorker_;
    std::atomic<bool> cancelDiff_{false};
    uint64_t generation_ = 0; // results of a superseded diff are dropped
    Stage stage_ = Stage::Idle;
    bool afterGiven_ = false;
    bool cancelRequested_ = false; // also stops the stages that have not started yet
    QStringList beforePaths_, afterPaths_;
    std::shared_ptr<const LoadedCapture> before_, after_;
};

} // namespace opscope::ui
