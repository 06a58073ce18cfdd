#pragma once
// Loads the files of one capture on a worker thread (import, attribution, analysis, insights, the
// timeline's model) so the GUI stays responsive; reports progress and can be cancelled.

#include "job_tracker.h"

#include "opscope/insights.h"
#include "opscope/profile.h"
#include "opscope/ranks.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

namespace opscope {
class Progress;
}

namespace opscope::ui {

struct ProfileAnalysis;
class TimelineModel;

// Everything the views show, computed once per opened capture, off the GUI thread.
struct LoadedCapture {
    std::shared_ptr<const Profile> profile;
    std::shared_ptr<const ProfileAnalysis> analysis;
    InsightReport insights;
    RankReport ranks;                              // analyzeRanks() of a profile with ranks (empty ranks otherwise)
    std::shared_ptr<const TimelineModel> timeline; // the timeline's tracks and rows (of `profile`)
    std::vector<StepRange> steps;                  // markedSteps(): where the timeline opens
};

// Imports the files of one capture and computes what the views show (seconds on big captures: call
// it off the GUI thread). Throws what the importers throw, Cancelled when `progress` is cancelled.
std::shared_ptr<const LoadedCapture> loadCapture(const QStringList &paths, Progress &progress);

class ProfileLoader : public QObject {
    Q_OBJECT
public:
    explicit ProfileLoader(QObject *parent = nullptr);
    ~ProfileLoader() override;

    // Starts loading the files of one capture (an nsys, an ncu, a torch.profiler file and an Inductor
    // folder may go together). A load still running is superseded: it stops, and reports nothing more.
    void load(const QStringList &paths);
    // The load running reports `cancelled` soon.
    void cancel();
    // From load() until the result of the last load has been reported.
    bool isLoading() const { return jobs_.isRunning(); }

signals:
    void progress(double fraction, const QString &stage);
    void loaded(std::shared_ptr<const opscope::ui::LoadedCapture> capture, const QStringList &paths);
    void failed(const QString &message, const QStringList &paths);
    void cancelled(const QStringList &paths);

private:
    JobTracker jobs_{this};
};

} // namespace opscope::ui
