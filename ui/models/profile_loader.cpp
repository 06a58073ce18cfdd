#include "models/profile_loader.h"

#include "models/capture_folder.h"
#include "models/profile_analysis.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_slots.h"

#include "common/qt_text.h"
#include "opscope/capture_import.h"
#include "opscope/errors.h"
#include "opscope/progress.h"

#include <chrono>
#include <mutex>
#include <string>

namespace opscope::ui {

QString loadStageName(LoadStage stage)
{
    switch (stage) {
    case LoadStage::Read:
        return QObject::tr("Read");
    case LoadStage::Attribute:
        return QObject::tr("Attribute");
    case LoadStage::Index:
        return QObject::tr("Index");
    }
    return {};
}

LoadStage importStage(ProgressStage stage)
{
    // Everything before the indexing is reading (the files, the run folder's import) but attribution.
    return stage == ProgressStage::Attribute ? LoadStage::Attribute : LoadStage::Read;
}

std::shared_ptr<const LoadedCapture> loadCapture(const QStringList &paths, Progress &progress,
                                                 const LoadStageCallback &indexing, InsightsWhen insights)
{
    std::vector<std::string> files;
    for (const QString &p : captureFilesOf(paths, progress)) // a folder: the capture files in it
        files.push_back(p.toStdString());
    auto profile = std::make_shared<const Profile>(importCapture(files, {}, progress));
    progress.checkCancel();
    return analyzeCapture(std::move(profile), progress, indexing, insights);
}

std::shared_ptr<const LoadedCapture> analyzeCapture(std::shared_ptr<const Profile> profile, Progress &progress,
                                                    const LoadStageCallback &indexing, InsightsWhen insights)
{
    auto report = [&](double fraction, std::string_view detail) {
        if (indexing)
            indexing(fraction, detail);
        else
            progress.report(fraction, detail);
    };
    auto capture = std::make_shared<LoadedCapture>();
    capture->profile = profile;
    report(0.0, "Building the module tree, the roofline and the operator table");
    capture->analysis = analyzeProfile(profile);
    progress.checkCancel();
    if (insights == InsightsWhen::Now) {
        report(0.4, "Finding insights");
        capture->insights = findInsights(*profile, Typography::Unicode);
        progress.checkCancel();
    }
    if (ranksOf(*profile).size() >= 2) {
        capture->ranks = analyzeRanks(*profile, preferredRankStep(*profile));
        capture->rankBusy = rankBusy(*profile, capture->ranks);
    }
    report(0.45, "Analysing memory");
    capture->memory = std::make_shared<const MemoryReport>(analyzeMemory(*profile));
    progress.checkCancel();
    report(0.5, "Indexing the timeline");
    capture->timeline = std::make_shared<const TimelineModel>(*profile, capture->memory.get());
    progress.checkCancel();
    report(0.9, "Colouring the timeline");
    capture->timelineColoring = colorTimeline(*capture->timeline);
    capture->steps = markedSteps(*profile);
    report(1.0, "Indexing the timeline");
    return capture;
}

std::shared_ptr<const LoadedCapture> withInsights(const LoadedCapture &capture)
{
    auto complete = std::make_shared<LoadedCapture>(capture);
    complete->insights = findInsights(*capture.profile, Typography::Unicode);
    return complete;
}

ProfileLoader::ProfileLoader(QObject *parent) : QObject(parent)
{
    qRegisterMetaType<std::shared_ptr<const opscope::ui::LoadedCapture>>();
}

ProfileLoader::~ProfileLoader() = default;

void ProfileLoader::cancel()
{
    jobs_.cancel();
}

void ProfileLoader::load(const QStringList &paths)
{
    jobs_.start(
        [this, paths](const JobControl &job) {
            JobOutcome<LoadedCapture> outcome;
            try {
                // Reports are thinned to one per kReportGap (a stage or detail that changes always
                // goes through): a flood of queued calls would keep the GUI thread from painting.
                constexpr auto kReportGap = std::chrono::milliseconds(40);
                std::chrono::steady_clock::time_point lastPost{};
                LoadStage lastStage = LoadStage::Read;
                std::string lastDetail;
                const auto post = [&](LoadStage stage, double fraction, std::string_view detail) {
                    const auto now = std::chrono::steady_clock::now();
                    if (stage == lastStage && detail == lastDetail && now - lastPost < kReportGap)
                        return;
                    lastPost = now;
                    lastStage = stage;
                    lastDetail = detail;
                    const QString text = toQString(detail);
                    job.post([this, stage, fraction, text] { emit this->progress(stage, fraction, text); });
                };
                std::mutex posting; // nsys imports report from their reading threads
                Progress progress(
                    [&](double fraction, ProgressStage stage, std::string_view detail) {
                        if (stage == ProgressStage::Imported) // importCapture's own end, after the attribution
                            return;
                        const std::lock_guard lock(posting);
                        post(importStage(stage), fraction, detail);
                    },
                    job.stopFlag());
                const auto indexing = [&](double fraction, std::string_view detail) {
                    const std::lock_guard lock(posting);
                    post(LoadStage::Index, fraction, detail);
                };
                const auto shown = loadCapture(paths, progress, indexing, InsightsWhen::Later);
                // The views show it now; the insights (seconds on big captures) follow.
                job.post([this, shown, paths] { emit this->shown(shown, paths); });
                indexing(0.0, "Finding insights");
                outcome.value = withInsights(*shown);
            } catch (const Cancelled &) {
                outcome.cancelled = true;
            } catch (const std::exception &e) {
                outcome.error = toQString(e.what());
            }
            return outcome;
        },
        [this, paths](JobOutcome<LoadedCapture> outcome) {
            if (outcome.value)
                emit loaded(outcome.value, paths);
            else if (outcome.cancelled)
                emit cancelled(paths);
            else
                emit failed(outcome.error, paths);
        });
}

} // namespace opscope::ui
