#pragma once
// Loads the two sides of a comparison and compares them, off the GUI thread, as one job: each side
// is loaded as the explorer loads a capture (import, attribution, analysis, with its progress and
// cancel), then the diff runs. One side may come loaded already (a profile open in the main window).

#include "common/job_tracker.h"
#include "compare/comparison.h"

#include <QObject>

namespace opscope::ui {

class CompareLoader : public QObject {
    Q_OBJECT
public:
    explicit CompareLoader(QObject *parent = nullptr);
    ~CompareLoader() override;

    // Starts a comparison; one already running is superseded (it stops, and reports nothing more).
    void compare(const QStringList &beforePaths, const QStringList &afterPaths);
    // AFTER is already loaded (Open as Baseline: the open profile against a baseline).
    void compareWith(const QStringList &beforePaths, std::shared_ptr<const LoadedCapture> after,
                     const QStringList &afterPaths);
    // Two ranks of a job's profile (loaded already, in the main window): each taken out and analysed
    // as a capture of its own, rank `before` as BEFORE.
    void compareRanks(std::shared_ptr<const Profile> job, int before, int after);
    void cancel();
    bool isLoading() const { return jobs_.isRunning(); }

signals:
    void progress(double fraction, const QString &stage);
    void finished(std::shared_ptr<const opscope::ui::Comparison> comparison);
    void failed(const QString &message);
    void cancelled();

private:
    void start(const QStringList &beforePaths, std::shared_ptr<const LoadedCapture> after,
               const QStringList &afterPaths);
    // Runs `work` (the loading and the diff) as the job, with its outcome reported as the signals say.
    void run(std::function<JobOutcome<Comparison>(const JobControl &)> work);

    JobTracker jobs_{this};
};

} // namespace opscope::ui
