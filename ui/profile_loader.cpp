#include "profile_loader.h"

#include "models/profile_analysis.h"
#include "timeline/timeline_model.h"

#include "opscope/capture_import.h"
#include "opscope/errors.h"
#include "opscope/progress.h"
#include "qt_text.h"

namespace opscope::ui {

std::shared_ptr<const LoadedCapture> loadCapture(const QStringList &paths, Progress &progress)
{
    std::vector<std::string> files;
    for (const QString &p : paths)
        files.push_back(p.toStdString());
    auto capture = std::make_shared<LoadedCapture>();
    auto profile = std::make_shared<const Profile>(importCapture(files, {}, progress));
    progress.checkCancel();
    progress.report(0.0, "Analysing");
    capture->profile = profile;
    capture->analysis = analyzeProfile(profile);
    progress.checkCancel();
    capture->insights = findInsights(*profile, Typography::Unicode);
    progress.checkCancel();
    if (ranksOf(*profile).size() >= 2)
        capture->ranks = analyzeRanks(*profile);
    capture->timeline = std::make_shared<const TimelineModel>(*profile);
    capture->steps = markedSteps(*profile);
    progress.report(1.0, "Analysing");
    return capture;
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
                Progress progress(
                    [this, &job](double fraction, std::string_view stage) {
                        const QString text = toQString(stage);
                        job.post([this, fraction, text] { emit this->progress(fraction, text); });
                    },
                    job.stopFlag());
                outcome.value = loadCapture(paths, progress);
            } catch (const Cancelled &) {
                outcome.cancelled = true;
            } catch (const std::exception &e) {
                outcome.error = QString::fromUtf8(e.what());
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
