#include "wizards/capture_wizard.h"
#include "common/qt_text.h"

#include "common/job_tracker.h"
#include "common/settings.h"
#include "wizards/capture_options_page.h"
#include "wizards/finish_page.h"
#include "wizards/page_util.h"
#include "wizards/replay_page.h"
#include "wizards/review_page.h"
#include "wizards/run_page.h"
#include "wizards/target_page.h"
#include "wizards/workload_page.h"

#include <QFileInfo>

namespace opscope::ui {

CaptureWizard::CaptureWizard(QWidget *parent)
    : RunWizard(parent), cancelChecks_(std::make_shared<std::atomic<bool>>(false))
{
    setWindowTitle(tr("New Capture"));
    setObjectName(QStringLiteral("captureWizard"));
    // The target choice is read first: the workload page validates paths only when they are local.
    remote_ = settings::read(settings::captureWizard::remote);
    workload_ = new WorkloadPage(this);
    target_ = new TargetPage(this);
    capture_ = new CaptureOptionsPage(this);
    replay_ = new ReplayPage(this, true);
    review_ = new ReviewPage(this);
    run_ = new RunPage(this);
    finish_ = new FinishPage(this);
    setPage(WorkloadPageId, workload_);
    setPage(TargetPageId, target_);
    setPage(CapturePageId, capture_);
    setPage(ReplayPageId, replay_);
    setPage(ReviewPageId, review_);
    setPage(RunPageId, run_);
    setPage(FinishPageId, finish_);
    setStartId(WorkloadPageId);
    // The replay depends on the target's tools and the capture tool chosen on page 3.
    connect(this, &CaptureWizard::targetCheckChanged, this, &RunWizard::replayAvailabilityChanged);
    connect(this, &QWizard::currentIdChanged, this, [this](int id) {
        if (id == ReplayPageId)
            emit replayAvailabilityChanged();
    });
    replay_->setNcuFieldShown(!remote_); // on an SSH target, ncu is the host's
    connect(this, &CaptureWizard::remoteChanged, replay_, [this](bool remote) { replay_->setNcuFieldShown(!remote); });
}

CaptureWizard::~CaptureWizard()
{
    cancelChecks_->store(true); // a check still asking a host ends its ssh
}

void CaptureWizard::setRemote(bool remote)
{
    if (remote == remote_)
        return;
    remote_ = remote;
    emit remoteChanged(remote);
    emit targetCheckChanged();
}

QString CaptureWizard::targetKey() const
{
    const QString python = workload_->pythonText();
    return remote_ ? QStringLiteral("ssh\n") + target_->sshKey() + QLatin1Char('\n') + python
                   : QStringLiteral("local\n") + python;
}

const remote::TargetCheck *CaptureWizard::targetCheck() const
{
    const auto it = checks_.find(targetKey());
    return it == checks_.end() ? nullptr : &it->second;
}

bool CaptureWizard::targetCheckRunning() const
{
    return !running_.isEmpty() && running_ == targetKey();
}

void CaptureWizard::checkTarget(bool force)
{
    const QString key = targetKey();
    if (running_ == key || (!force && checks_.count(key)))
        return;
    if (remote_ && target_->sshTarget().host.empty())
        return;
    running_ = key;
    checks_.erase(key);
    emit targetCheckChanged();
    const std::string python = workload_->pythonText().toStdString();
    const bool remote = remote_;
    const remote::SshTarget target = target_->sshTarget();
    const std::shared_ptr<std::atomic<bool>> cancel = cancelChecks_;
    runInBackground(
        this,
        [remote, target, python, cancel] {
            try {
                return remote ? remote::checkRemote(target, python, Progress({}, cancel.get()))
                              : remote::checkLocal(python);
            } catch (const std::exception &e) {
                remote::TargetCheck failed;
                failed.where = remote ? target.host + " (ssh)" : "this machine";
                failed.error = e.what();
                return failed;
            }
        },
        [this, key](remote::TargetCheck check) {
            checks_[key] = std::move(check);
            if (running_ == key)
                running_.clear();
            emit targetCheckChanged();
        });
}

pipeline::CaptureTool CaptureWizard::effectiveTool() const
{
    const pipeline::CaptureTool chosen = capture_->chosenTool();
    if (chosen != pipeline::CaptureTool::Auto)
        return chosen;
    const remote::TargetCheck *check = targetCheck();
    const remote::ToolCheck *nsys = check ? check->tool("nsys") : nullptr;
    return nsys && nsys->found ? pipeline::CaptureTool::Nsys : pipeline::CaptureTool::Torch;
}

ReplayAvailability CaptureWizard::replayAvailability() const
{
    ReplayAvailability a;
    const remote::TargetCheck *check = targetCheck();
    if (!check) {
        a.pending = targetCheckRunning();
        a.why = tr("the target has not been checked (page Target).");
        return a;
    }
    if (remote_) {
        // ncu is the host's: its check says whether it is there.
        const remote::ToolCheck *ncu = check->tool("ncu");
        if (!ncu || !ncu->found) {
            a.why = tr("ncu (Nsight Compute) was not found on %1. Install Nsight Compute there, or put its ncu on "
                       "the PATH of SSH sessions. The capture is imported without hardware counters.")
                        .arg(toQString(check->where));
            a.detail = ncu ? toQString(ncu->problem) : QString();
            return a;
        }
    } else {
        // This machine: the Replay page's ncu, found on its own or chosen there.
        if (!replay_ || replay_->ncuLookupPending()) {
            a.pending = true;
            return a;
        }
        if (!replay_->ncu()->found()) {
            a.why = replay_->ncuMissingReason() + QLatin1Char(' ') +
                    tr("Until then the capture is imported without hardware counters.");
            a.detail = toQString(pipeline::ncuNotFoundMessage());
            return a;
        }
    }
    if (effectiveTool() != pipeline::CaptureTool::Nsys) {
        a.why = tr("ncu replays an nsys capture, and this one is a torch.profiler capture (choose nsys as the capture "
                   "tool on the Capture page).");
        return a;
    }
    a.available = true;
    return a;
}

RunJob CaptureWizard::job() const
{
    RunJob job;
    job.kind = remote_ ? RunJob::Kind::Remote : RunJob::Kind::Capture;
    pipeline::Workload &w = job.capture.workload;
    w = workload_->workload();
    capture_->apply(job.capture);
    target_->applyRanks(job.capture);
    if (!remote_) {
        // The interpreter the check found is the one that runs (and shows on the Review page).
        if (w.python.empty())
            if (const remote::TargetCheck *check = targetCheck())
                if (const remote::ToolCheck *python = check->tool("python"); python && python->found)
                    w.python = python->path;
        if (w.workingDirectory.empty() && !w.script.empty())
            w.workingDirectory = QFileInfo(toQString(w.script)).absolutePath().toStdString();
    } else {
        job.target = target_->sshTarget();
        job.localOutDir = job.capture.outDir;
        job.capture.outDir = job.target.remoteDirectory.empty() ? "opscope-runs" : job.target.remoteDirectory;
    }
    if (replay_->replayChosen())
        job.replay = replay_->request();
    if (!remote_) {
        try {
            job.sweepParameters = capture_->sweepParameters();
            job.sweepPassAs = capture_->sweepPassAs();
        } catch (const sweep::SweepError &) {
            // The Capture page shows why and does not let the wizard go on.
        }
    }
    return job;
}

void CaptureWizard::remember() const
{
    workload_->save();
    target_->save();
    capture_->save();
    replay_->save();
}

} // namespace opscope::ui
