#pragma once
// Loads the files of one capture on a worker thread (import, attribution, analysis, insights, the
// timeline's model) so the GUI stays responsive; reports progress and can be cancelled.

#include "common/job_tracker.h"

#include "opscope/insights.h"
#include "opscope/memory.h"
#include "opscope/profile.h"
#include "opscope/progress.h"
#include "opscope/ranks.h"
#include "opscope/summary.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <string_view>
#include <vector>

namespace opscope::ui {

struct ProfileAnalysis;
class TimelineModel;
struct TimelineColoring;

// The stages of opening a capture, as the status bar shows them: reading the files (the importers),
// attributing their kernels, indexing for the views (analysis, insights, the timeline's rows).
enum class LoadStage { Read, Attribute, Index };
inline constexpr int kLoadStageCount = 3;
// "Read", "Attribute", "Index".
QString loadStageName(LoadStage stage);

// Everything the views show, computed once per opened capture, off the GUI thread.
struct LoadedCapture {
    std::shared_ptr<const Profile> profile;
    std::shared_ptr<const ProfileAnalysis> analysis;
    InsightReport insights;
    RankReport ranks;                              // analyzeRanks() of a profile with ranks (empty ranks otherwise)
    std::vector<RankBusy> rankBusy;                // rankBusy(profile, ranks): busy and idle as the summary counts them
    std::shared_ptr<const MemoryReport> memory;    // analyzeMemory(): the Memory tab and the timeline's memory tracks
    std::shared_ptr<const TimelineModel> timeline; // the timeline's tracks and rows (of `profile`)
    std::shared_ptr<const TimelineColoring> timelineColoring; // colorTimeline(*timeline)
    std::vector<StepRange> steps;                             // markedSteps(): where the timeline opens
};

// Which stage of the bar a report of the import belongs to (by its ProgressStage, never its words):
// attribution's own, else reading.
LoadStage importStage(ProgressStage stage);

// Imports the files of one capture and computes what the views show (seconds on big captures: call
// it off the GUI thread). Throws what the importers throw, Cancelled when `progress` is cancelled.
// The importers report through `progress`; the indexing after them through `indexing` when given
// (the Index stage), else through `progress` too.
// Later leaves LoadedCapture::insights empty, for withInsights().
using LoadStageCallback = std::function<void(double fraction, std::string_view detail)>;
enum class InsightsWhen { Now, Later };
std::shared_ptr<const LoadedCapture> loadCapture(const QStringList &paths, Progress &progress,
                                                 const LoadStageCallback &indexing = {},
                                                 InsightsWhen insights = InsightsWhen::Now);
// The same for a profile already in memory (one rank taken out of a job's profile): everything after
// the import, reported through `progress`.
std::shared_ptr<const LoadedCapture> analyzeCapture(std::shared_ptr<const Profile> profile, Progress &progress,
                                                    const LoadStageCallback &indexing = {},
                                                    InsightsWhen insights = InsightsWhen::Now);
// A copy of `capture` with its insights found (off the GUI thread too).
std::shared_ptr<const LoadedCapture> withInsights(const LoadedCapture &capture);

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
    // `fraction` of `stage` done; `detail` says what it does now ("Reading torch.profiler trace").
    // At most one a few tens of milliseconds apart, except when the stage or its detail changes.
    void progress(opscope::ui::LoadStage stage, double fraction, const QString &detail);
    // The capture without its insights, as soon as the views can show it; `loaded` follows with
    // the complete capture (the same profile, analysis and timeline, and the insights).
    void shown(std::shared_ptr<const opscope::ui::LoadedCapture> capture, const QStringList &paths);
    void loaded(std::shared_ptr<const opscope::ui::LoadedCapture> capture, const QStringList &paths);
    void failed(const QString &message, const QStringList &paths);
    void cancelled(const QStringList &paths);

private:
    JobTracker jobs_{this};
};

} // namespace opscope::ui
