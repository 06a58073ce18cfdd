#include "wizards/capture_runner.h"
#include "common/qt_text.h"

#include "opscope/errors.h"

#include <QTimer>

namespace opscope::ui {

namespace {

constexpr size_t kMaxPendingLines = 20000; // between two drains; older ones are dropped (the logs keep all)
constexpr size_t kMaxLineLength = 4000;

QStringList toQStrings(const std::vector<std::string> &items)
{
    QStringList out;
    for (const auto &item : items)
        out << toQString(item);
    return out;
}

} // namespace

CaptureRunner::CaptureRunner(QObject *parent) : QObject(parent), timer_(new QTimer(this))
{
    timer_->setInterval(100);
    connect(timer_, &QTimer::timeout, this, &CaptureRunner::drain);
}

CaptureRunner::~CaptureRunner()
{
    cancel_.store(true);
    if (worker_.joinable())
        worker_.join();
}

void CaptureRunner::start(const RunJob &job, const std::vector<std::string> &stages)
{
    if (worker_.joinable())
        return;
    cancel_.store(false);
    {
        std::lock_guard lock(mutex_);
        rows_.clear();
        for (const auto &id : stages)
            rowLocked(id);
        current_.clear();
        sweepMode_ = job.isSweep();
        pendingLines_.clear();
        droppedLines_ = 0;
        done_ = false;
        result_ = {};
        dirty_ = true;
    }
    outcome_ = {};
    outcome_.runDir = toQString(job.runDir());
    worker_ = std::thread([this, job] { work(job); });
    timer_->start();
    drain();
}

void CaptureRunner::cancel()
{
    cancel_.store(true);
}

void CaptureRunner::work(RunJob job)
{
    pipeline::StageCallbacks callbacks;
    callbacks.onLine = [this](std::string_view stage, std::string_view line) { onLine(stage, line); };
    callbacks.onEvent = [this](std::string_view stage, const pipeline::ToolEvent &event) { onEvent(stage, event); };
    const Progress progress(
        [this](double fraction, ProgressStage stage, std::string_view text) { onProgress(fraction, stage, text); },
        &cancel_);

    Outcome outcome;
    outcome.runDir = toQString(job.runDir());
    if (job.isSweep()) {
        runSweep(job, callbacks, progress, outcome);
        std::lock_guard lock(mutex_);
        finishLocked(nullptr, std::move(outcome));
        return;
    }
    pipeline::PipelineResult result;
    bool haveResult = false;
    try {
        switch (job.kind) {
        case RunJob::Kind::Capture:
            result = job.replay ? pipeline::runProfile(job.capture, *job.replay, callbacks, progress)
                                : pipeline::runCapture(job.capture, callbacks, progress);
            haveResult = true;
            break;
        case RunJob::Kind::Replay:
            result = pipeline::runReplay(*job.replay, callbacks, progress);
            haveResult = true;
            break;
        case RunJob::Kind::Remote:
            result = remote::runRemote(job.target, job.remoteRequest(), callbacks, progress);
            haveResult = true;
            break;
        }
    } catch (const Cancelled &) {
        outcome.cancelled = true;
    } catch (const std::exception &e) {
        outcome.error = toQString(e.what());
    }
    if (haveResult) {
        if (!result.runDir.empty())
            outcome.runDir = toQString(result.runDir);
        outcome.profilePath = toQString(result.profilePath);
        outcome.problems = toQStrings(result.problems);
        outcome.notes = toQStrings(result.notes);
    }
    outcome.finished = true;
    std::lock_guard lock(mutex_);
    finishLocked(haveResult ? &result : nullptr, std::move(outcome));
}

void CaptureRunner::runSweep(const RunJob &job, const pipeline::StageCallbacks &stage, const Progress &progress,
                             Outcome &outcome)
{
    sweep::SweepCallbacks callbacks;
    callbacks.stage = stage;
    callbacks.onRunStarted = [this](const sweep::Sweep &s, size_t run) {
        std::lock_guard lock(mutex_);
        enterStageLocked(s.describe(run));
    };
    callbacks.onRunFinished = [this](const sweep::Sweep &s, size_t run, const pipeline::PipelineResult &result) {
        std::lock_guard lock(mutex_);
        Row &row = rowLocked(s.describe(run));
        row.state = result.ok() ? State::Done : State::Failed;
        row.ended = std::chrono::steady_clock::now();
        row.fraction = result.ok() ? 1.0 : row.fraction;
        row.detail =
            result.ok() ? std::string() : result.problems.front().substr(0, result.problems.front().find('\n'));
        current_.clear();
        dirty_ = true;
    };
    try {
        const sweep::SweepResult result = sweep::runSweep(job.sweepRequest(), callbacks, progress);
        outcome.sweepDir = toQString(result.sweep.path);
        for (size_t i = 0; i < result.sweep.runs.size(); ++i)
            if (result.sweep.runs[i].status == sweep::RunStatus::Failed)
                outcome.problems << toQString(result.sweep.describe(i) + ": " + result.sweep.runs[i].error);
        if (!result.stopped.empty())
            outcome.problems << toQString(result.stopped);
    } catch (const Cancelled &) {
        outcome.cancelled = true;
        outcome.sweepDir = toQString(job.runDir());
    } catch (const std::exception &e) {
        outcome.error = toQString(e.what());
    }
    outcome.finished = true;
}

CaptureRunner::Row &CaptureRunner::rowLocked(std::string_view id)
{
    for (Row &row : rows_)
        if (row.id == id)
            return row;
    // A stage the plan did not name (a remote host reporting more): shown before the import.
    Row row;
    row.id = std::string(id);
    auto at = rows_.end();
    if (!rows_.empty() && rows_.back().id == "import" && id != "import")
        at = rows_.end() - 1;
    return *rows_.insert(at, std::move(row));
}

void CaptureRunner::enterStageLocked(std::string_view id)
{
    if (id == current_)
        return;
    const auto now = std::chrono::steady_clock::now();
    for (Row &row : rows_)
        if (row.id == current_ && row.state == State::Running) {
            row.state = State::Done;
            row.ended = now;
            if (row.fraction >= 0)
                row.fraction = 1.0;
        }
    Row &row = rowLocked(id);
    row.state = State::Running;
    row.started = now;
    current_ = std::string(id);
    pendingLines_.push_back(QStringLiteral("=== %1 ===").arg(stageLabel(id)));
    dirty_ = true;
}

void CaptureRunner::onProgress(double fraction, ProgressStage stage, std::string_view text)
{
    std::lock_guard lock(mutex_);
    // A pipeline step names its row by id; any other report is a sub-stage's words (the importer's).
    const bool known =
        !sweepMode_ && stage == ProgressStage::Step &&
        (std::any_of(rows_.begin(), rows_.end(), [&](const Row &row) { return row.id == text; }) || text == "import");
    if (known)
        enterStageLocked(text);
    if (current_.empty())
        return;
    Row &row = rowLocked(current_);
    if (fraction >= 0)
        row.fraction = std::min(1.0, fraction);
    if (!known)
        row.detail = std::string(text); // a sub-stage, e.g. of the import
    dirty_ = true;
}

void CaptureRunner::onLine(std::string_view stage, std::string_view line)
{
    std::lock_guard lock(mutex_);
    if (!sweepMode_)
        enterStageLocked(stage);
    if (line.size() > kMaxLineLength)
        line = line.substr(0, kMaxLineLength);
    pendingLines_.push_back(toQString(line));
    if (pendingLines_.size() > kMaxPendingLines) {
        pendingLines_.pop_front();
        ++droppedLines_;
    }
    dirty_ = true;
}

void CaptureRunner::onEvent(std::string_view stage, const pipeline::ToolEvent &event)
{
    using K = pipeline::ToolEvent::Kind;
    std::lock_guard lock(mutex_);
    if (sweepMode_ && current_.empty())
        return;
    Row &row = rowLocked(sweepMode_ ? std::string_view(current_) : stage);
    switch (event.kind) {
    case K::LauncherStep:
        row.fraction = event.fraction;
        row.detail = (event.text == "capture" ? "captured step " : "warm-up step ") + std::to_string(event.current) +
                     " of " + std::to_string(event.total);
        break;
    case K::ReplayKernelsExpected:
        row.expected = event.total;
        break;
    case K::NcuKernel:
        row.done = std::max<int64_t>(row.done, event.current);
        if (event.total > 0)
            row.expected = event.total;
        if (row.expected > 0)
            row.fraction = std::min(1.0, double(row.done) / double(row.expected));
        row.detail = event.text;
        break;
    case K::NsysProgress:
        if (event.fraction >= 0)
            row.fraction = event.fraction;
        break;
    case K::NcuCounterPermission:
    case K::NcuNothingProfiled:
        row.detail = pipeline::diagnosisFor(event);
        break;
    default:
        return;
    }
    dirty_ = true;
}

void CaptureRunner::finishLocked(const pipeline::PipelineResult *result, Outcome outcome)
{
    const auto now = std::chrono::steady_clock::now();
    for (Row &row : rows_) {
        if (row.state != State::Running)
            continue;
        row.ended = now;
        row.state = outcome.cancelled                                         ? State::Cancelled
                    : (outcome.error.isEmpty() && outcome.problems.isEmpty()) ? State::Done
                                                                              : State::Failed;
    }
    // The tools' own verdicts: a stage that failed is marked so even when a later one ran (import).
    if (result)
        for (const pipeline::StageResult &stage : result->stages)
            for (Row &row : rows_)
                if (row.id == stage.name && row.state != State::Waiting && row.state != State::Cancelled)
                    row.state = stage.process.ok() ? State::Done : State::Failed;
    for (Row &row : rows_)
        if (row.id == "import" && !outcome.profilePath.isEmpty()) {
            if (row.state == State::Waiting)
                row.started = row.ended = now;
            row.state = State::Done;
            row.fraction = 1.0;
        }
    // Rows the run went past without entering were not needed; those after the last one reached stay
    // waiting (not run).
    size_t reached = 0;
    for (size_t i = 0; i < rows_.size(); ++i)
        if (rows_[i].state != State::Waiting)
            reached = i + 1;
    for (size_t i = 0; i < reached; ++i)
        if (rows_[i].state == State::Waiting)
            rows_[i].state = State::Skipped;
    if (outcome.ok())
        for (Row &row : rows_)
            if (row.state == State::Done)
                row.fraction = 1.0;
    result_ = std::move(outcome);
    done_ = true;
    dirty_ = true;
}

void CaptureRunner::drain()
{
    QStringList lines;
    bool changed = false, done = false;
    {
        std::lock_guard lock(mutex_);
        changed = dirty_ ||
                  std::any_of(rows_.begin(), rows_.end(), [](const Row &row) { return row.state == State::Running; });
        dirty_ = false;
        if (droppedLines_ > 0) {
            lines << tr("(%1 earlier lines are left out here; the run folder's logs have them)").arg(droppedLines_);
            droppedLines_ = 0;
        }
        while (!pendingLines_.empty()) {
            lines << std::move(pendingLines_.front());
            pendingLines_.pop_front();
        }
        if (changed) {
            const auto now = std::chrono::steady_clock::now();
            stages_.clear();
            for (const Row &row : rows_) {
                Stage s;
                s.id = toQString(row.id);
                s.label = stageLabel(row.id);
                s.state = row.state;
                s.fraction = row.fraction;
                s.done = row.done;
                s.expected = row.expected;
                s.detail = toQString(row.detail);
                if (row.state != State::Waiting)
                    s.elapsedSeconds =
                        std::chrono::duration<double>((row.state == State::Running ? now : row.ended) - row.started)
                            .count();
                stages_.push_back(std::move(s));
            }
        }
        if (done_) {
            done = true;
            done_ = false;
            outcome_ = result_;
        }
    }
    if (!lines.isEmpty())
        emit outputLines(lines);
    if (changed)
        emit stagesChanged();
    if (done) {
        timer_->stop();
        if (worker_.joinable())
            worker_.join();
        emit finished();
    }
}

} // namespace opscope::ui
