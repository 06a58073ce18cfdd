#include "views/verify_runner.h"
#include "common/qt_text.h"

#include "opscope/errors.h"
#include "opscope/format.h"
#include "opscope/remote.h"

#include <QTimer>

namespace opscope::ui {

VerifyRunner::VerifyRunner(QObject *parent) : QObject(parent), timer_(new QTimer(this))
{
    timer_->setInterval(100);
    connect(timer_, &QTimer::timeout, this, &VerifyRunner::drain);
}

VerifyRunner::~VerifyRunner()
{
    cancel_ = true;
    if (worker_.joinable())
        worker_.join();
}

QString VerifyRunner::targetOf(const QString &run)
{
    try {
        if (const auto host = remote::capturedOn(run.toStdString()))
            return tr("%1 (ssh)").arg(toQString(host->host));
    } catch (const std::exception &) {
    }
    return tr("this machine");
}

void VerifyRunner::start(verify::VerifyRequest request)
{
    if (worker_.joinable())
        worker_.join(); // the previous one has delivered its outcome
    cancel_ = false;
    done_ = false;
    delivered_ = false;
    changed_ = false;
    outcome_ = {};
    timer_->start();
    worker_ = std::thread([this, request = std::move(request)] {
        const auto say = [this](QString text) {
            std::lock_guard lock(mutex_);
            status_ = std::move(text);
            changed_ = true;
        };
        verify::VerifyCallbacks callbacks;
        callbacks.onLine = [&](std::string_view arm, std::string_view line) {
            if (line.rfind("OPSCOPE step ", 0) == 0)
                return; // one a step: the rounds say more
            say(QStringLiteral("[%1] %2").arg(toQString(arm), toQString(line)));
        };
        callbacks.onRound = [&](int round, const verify::Round &x) {
            say(tr("Round %1: original %2, fixed %3")
                    .arg(round)
                    .arg(toQString(formatFixedDuration(x.baselineNs, 1, Typography::Unicode)),
                         toQString(formatFixedDuration(x.fixedNs, 1, Typography::Unicode))));
        };
        const Progress progress({}, &cancel_);
        Outcome outcome;
        try {
            const std::optional<remote::SshTarget> host = remote::capturedOn(request.run);
            outcome.result = host ? remote::runRemoteVerify(*host, request, callbacks, progress)
                                  : verify::runVerify(request, callbacks, progress);
        } catch (const Cancelled &) {
            outcome.cancelled = true;
        } catch (const std::exception &e) {
            outcome.error = toQString(e.what());
        }
        outcome.finished = true;
        std::lock_guard lock(mutex_);
        pending_ = std::move(outcome);
        done_ = true;
    });
}

void VerifyRunner::cancel()
{
    cancel_ = true;
}

void VerifyRunner::drain()
{
    QString status;
    bool changed = false, done = false;
    {
        std::lock_guard lock(mutex_);
        std::swap(changed, changed_);
        status = status_;
        done = done_;
        if (done)
            outcome_ = std::move(pending_);
    }
    if (changed)
        emit progressed(status);
    if (!done)
        return;
    timer_->stop();
    worker_.join();
    delivered_ = true;
    emit finished();
}

} // namespace opscope::ui
