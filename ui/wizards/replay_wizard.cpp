#include "wizards/replay_wizard.h"
#include "common/qt_text.h"

#include "wizards/finish_page.h"
#include "wizards/page_util.h"
#include "wizards/replay_page.h"
#include "wizards/review_page.h"
#include "wizards/run_folder_page.h"
#include "wizards/run_page.h"

namespace opscope::ui {

ReplayWizard::ReplayWizard(const QString &openProfileRun, QWidget *parent) : RunWizard(parent)
{
    setWindowTitle(tr("Replay Capture"));
    setObjectName(QStringLiteral("replayWizard"));
    runFolder_ = new RunFolderPage(this, openProfileRun);
    replay_ = new ReplayPage(this, false);
    review_ = new ReviewPage(this);
    run_ = new RunPage(this);
    finish_ = new FinishPage(this);
    setPage(RunFolderPageId, runFolder_);
    setPage(ReplayPageId, replay_);
    setPage(ReviewPageId, review_);
    setPage(RunPageId, run_);
    setPage(FinishPageId, finish_);
    setStartId(RunFolderPageId);
    connect(runFolder_, &RunFolderPage::runChanged, this, &RunWizard::replayAvailabilityChanged);
}

ReplayAvailability ReplayWizard::replayAvailability() const
{
    ReplayAvailability a;
    // ncu is the Replay page's: found on its own, or chosen there.
    if (!replay_ || replay_->ncuLookupPending()) {
        a.pending = true;
        return a;
    }
    if (!replay_->ncu()->found()) {
        a.why = replay_->ncuMissingReason();
        a.detail = toQString(pipeline::ncuNotFoundMessage());
        return a;
    }
    const nlohmann::json &m = runFolder_->manifest();
    const nlohmann::json &capture = m.is_object() && m.contains("capture") ? m["capture"] : nlohmann::json();
    const std::string tool = capture.is_object() ? capture.value("tool", std::string()) : std::string();
    if (!runFolder_->problem().isEmpty()) {
        a.why = runFolder_->problem();
        return a;
    }
    if (tool != "nsys") {
        a.why = tr("this run was captured with %1, and ncu replays nsys captures (the nsys export tells how many "
                   "kernels the step has). Capture again with nsys on a GPU machine.")
                    .arg(tool == "cpu" ? tr("torch.profiler (CPU only)") : tr("torch.profiler"));
        return a;
    }
    a.available = true;
    return a;
}

RunJob ReplayWizard::job() const
{
    RunJob job;
    job.kind = RunJob::Kind::Replay;
    pipeline::ReplayRequest request = replay_->request(); // with the ncu the page found
    request.run = runFolder_->runFolder().toStdString();
    // A run not captured here runs what its manifest names: the review page lists each value with where it
    // came from, and its Run button is the user's --trust-run.
    request.trustRun = !runFolder_->untrustedValues().empty();
    job.replay = std::move(request);
    return job;
}

void ReplayWizard::remember() const
{
    runFolder_->save();
    replay_->save();
}

} // namespace opscope::ui
