#pragma once
// Runs `opscope verify` for the Insights view's "Try this fix" on a worker thread, on the target the
// run was captured on: this machine, or the SSH host its manifest names (remote::capturedOn; the host's
// opscope-cli runs both arms, as the capture wizard's remote runs do). What the arms print reaches the
// GUI thread at most ten times a second; cancel() ends both arms' process groups (and the remote one).

#include "opscope/verify.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <mutex>
#include <thread>

class QTimer;

namespace opscope::ui {

class VerifyRunner : public QObject {
    Q_OBJECT
public:
    struct Outcome {
        bool finished = false;
        bool cancelled = false;
        QString error; // why it failed (an arm's failure names its log)
        verify::VerifyResult result;
        bool ok() const { return finished && !cancelled && error.isEmpty(); }
    };

    explicit VerifyRunner(QObject *parent = nullptr);
    ~VerifyRunner() override; // cancels a running verify and waits for it

    // Where it runs, in words ("this machine", "gpu-box (ssh)"), for a run folder.
    static QString targetOf(const QString &run);
    void start(verify::VerifyRequest request);
    void cancel();
    bool isRunning() const { return worker_.joinable() && !delivered_; }
    const Outcome &outcome() const { return outcome_; }

signals:
    void progressed(const QString &status); // the latest round, or the latest line of the arms
    void finished();

private:
    void drain();

    std::thread worker_;
    std::atomic<bool> cancel_{false};
    QTimer *timer_;
    std::mutex mutex_;
    QString status_;
    bool changed_ = false;
    bool done_ = false;
    bool delivered_ = true;
    Outcome pending_;
    Outcome outcome_;
};

} // namespace opscope::ui
