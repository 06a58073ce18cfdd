#pragma once
// Runs a wizard's job (capture, replay, remote run) on a worker thread and reports it stage by stage:
// state, progress (launcher steps, nsys' bars, ncu kernels done / expected, import), elapsed time,
// and the tools' output lines. Updates are gathered on the worker and handed to the GUI thread at most
// ten times a second, so a chatty tool cannot flood the event loop. cancel() sets the pipeline's cancel
// flag: the process runner ends the running tool's whole process group (and ssh ends the remote one).

#include "opscope/progress.h"
#include "wizards/run_job.h"

#include <QObject>
#include <QStringList>

#include <atomic>
#include <chrono>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

class QTimer;

namespace opscope::ui {

class CaptureRunner : public QObject {
    Q_OBJECT
public:
    // Skipped: the run went past it without needing it (a CLI copy already on the host).
    enum class State { Waiting, Running, Done, Failed, Cancelled, Skipped };

    struct Stage {
        QString id;    // the pipeline's stage id ("nsys", "ncu", "import", ...)
        QString label; // in words
        State state = State::Waiting;
        double fraction = -1.0; // of the stage, when known
        qint64 done = 0;        // replay: kernels profiled so far
        qint64 expected = 0;    // replay: kernels it will profile, 0 when not known
        double elapsedSeconds = 0.0;
        QString detail; // what it does now (a sub-stage of the import, a step)
    };

    struct Outcome {
        bool finished = false;
        bool cancelled = false;
        QString error; // the run could not start or broke off (a missing tool, an unusable folder)
        QString runDir;
        QString profilePath;
        QString sweepDir;     // a sweep's folder (its runs' profiles are in sweep.json)
        QStringList problems; // stage failures, each with its fix
        QStringList notes;
        bool ok() const { return finished && !cancelled && error.isEmpty() && problems.isEmpty(); }
    };

    explicit CaptureRunner(QObject *parent = nullptr);
    ~CaptureRunner() override; // cancels a running job and waits for it

    // Starts the job; `stages` are the plan's stage ids (rows shown before they run).
    void start(const RunJob &job, const std::vector<std::string> &stages);
    void cancel();
    bool isRunning() const { return worker_.joinable(); }

    const std::vector<Stage> &stages() const { return stages_; }
    const Outcome &outcome() const { return outcome_; }

signals:
    void stagesChanged();
    void outputLines(const QStringList &lines);
    void finished();

private:
    struct Row {
        std::string id;
        State state = State::Waiting;
        double fraction = -1.0;
        int64_t done = 0, expected = 0;
        std::string detail;
        std::chrono::steady_clock::time_point started, ended;
    };

    // Worker side (under mutex_).
    void work(RunJob job);
    Row &rowLocked(std::string_view id);
    void enterStageLocked(std::string_view id);
    void onProgress(double fraction, ProgressStage stage, std::string_view text);
    void onLine(std::string_view stage, std::string_view line);
    void onEvent(std::string_view stage, const pipeline::ToolEvent &event);
    void finishLocked(const pipeline::PipelineResult *result, Outcome outcome);
    // A sweep job: one run per configuration, each run's row entered and closed by the sweep.
    void runSweep(const RunJob &job, const pipeline::StageCallbacks &stage, const Progress &progress, Outcome &outcome);

    // GUI side.
    void drain();

    std::thread worker_;
    std::atomic<bool> cancel_{false};
    QTimer *timer_;

    mutable std::mutex mutex_;
    std::vector<Row> rows_;
    std::string current_; // the stage running now
    std::deque<QString> pendingLines_;
    size_t droppedLines_ = 0;
    bool dirty_ = false;
    bool done_ = false;
    bool sweepMode_ = false; // the rows are the sweep's runs: tool output goes to the running one
    Outcome result_;

    std::vector<Stage> stages_;
    Outcome outcome_;
};

} // namespace opscope::ui
