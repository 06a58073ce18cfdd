#include "compare/compare_loader.h"

#include <QFileInfo>
#include <QMetaObject>

namespace opscope::ui {

CompareLoader::CompareLoader(QObject *parent) : QObject(parent)
{
    qRegisterMetaType<std::shared_ptr<const opscope::ui::Comparison>>();
}

CompareLoader::~CompareLoader()
{
    stopWorkers();
}

void CompareLoader::stopWorkers()
{
    if (loader_) {
        // Deleted later, not now: this may run inside one of its signals. Its destructor joins.
        loader_->disconnect(this);
        loader_->cancel();
        loader_->deleteLater();
        loader_ = nullptr;
    }
    cancelDiff_ = true;
    if (diffWorker_.joinable())
        diffWorker_.join();
    ++generation_;
}

void CompareLoader::compare(const QStringList &beforePaths, const QStringList &afterPaths)
{
    start(beforePaths, nullptr, afterPaths);
}

void CompareLoader::compareWith(const QStringList &beforePaths, std::shared_ptr<const LoadedCapture> after,
                                const QStringList &afterPaths)
{
    start(beforePaths, std::move(after), afterPaths);
}

void CompareLoader::start(const QStringList &beforePaths, std::shared_ptr<const LoadedCapture> after,
                          const QStringList &afterPaths)
{
    stopWorkers();
    cancelRequested_ = false;
    beforePaths_ = beforePaths;
    afterPaths_ = afterPaths;
    before_.reset();
    after_ = std::move(after);
    afterGiven_ = after_ != nullptr;
    loadSide(Stage::Before);
}

void CompareLoader::cancel()
{
    if (stage_ == Stage::Idle)
        return;
    cancelRequested_ = true;
    if (loader_)
        loader_->cancel();
    cancelDiff_ = true;
}

double CompareLoader::overall(double fraction) const
{
    // Loading dominates; the diff itself is quick. With AFTER given, BEFORE is all the loading.
    const double loadShare = 0.9;
    switch (stage_) {
    case Stage::Before:
        return fraction * (afterGiven_ ? loadShare : loadShare / 2);
    case Stage::After:
        return loadShare / 2 + fraction * loadShare / 2;
    case Stage::Diff:
        return loadShare + fraction * (1 - loadShare);
    case Stage::Idle:
        break;
    }
    return 0;
}

void CompareLoader::loadSide(Stage stage)
{
    stage_ = stage;
    const QStringList &paths = stage == Stage::Before ? beforePaths_ : afterPaths_;
    const QString side = stage == Stage::Before ? tr("Before") : tr("After");
    if (loader_) {
        loader_->disconnect(this);
        loader_->deleteLater(); // finished: its thread has ended or ends on its own
    }
    loader_ = new ProfileLoader(this);
    connect(loader_, &ProfileLoader::progress, this, [this, side](double fraction, const QString &text) {
        emit progress(overall(fraction), side + QStringLiteral(": ") + text);
    });
    connect(
        loader_, &ProfileLoader::loaded, this,
        [this](std::shared_ptr<const LoadedCapture> capture, const QStringList &) { onLoaded(std::move(capture)); });
    connect(loader_, &ProfileLoader::failed, this, [this, side](const QString &message, const QStringList &) {
        stage_ = Stage::Idle;
        emit failed(tr("%1 side: %2").arg(side, message));
    });
    connect(loader_, &ProfileLoader::cancelled, this, [this](const QStringList &) {
        stage_ = Stage::Idle;
        emit cancelled();
    });
    emit progress(overall(0), tr("%1: opening %2").arg(side, QFileInfo(paths.value(0)).fileName()));
    loader_->load(paths);
}

void CompareLoader::onLoaded(std::shared_ptr<const LoadedCapture> capture)
{
    if (cancelRequested_) { // cancelled just as this side finished: do not start the next stage
        stage_ = Stage::Idle;
        emit cancelled();
        return;
    }
    if (stage_ == Stage::Before) {
        before_ = std::move(capture);
        if (!after_) {
            loadSide(Stage::After);
            return;
        }
    } else {
        after_ = std::move(capture);
    }
    startDiff();
}

void CompareLoader::startDiff()
{
    stage_ = Stage::Diff;
    emit progress(overall(0), tr("Comparing"));
    if (diffWorker_.joinable())
        diffWorker_.join();
    cancelDiff_ = cancelRequested_;
    const uint64_t generation = ++generation_;
    diffWorker_ = std::thread(
        [this, generation, before = before_, after = after_, beforePaths = beforePaths_, afterPaths = afterPaths_] {
            // Results travel back as queued calls; the generation drops those of a superseded job.
            auto post = [this, generation](auto &&fn) {
                QMetaObject::invokeMethod(
                    this,
                    [this, generation, fn = std::forward<decltype(fn)>(fn)] {
                        if (generation == generation_)
                            fn();
                    },
                    Qt::QueuedConnection);
            };
            try {
                auto comparison = buildComparison(before, after, beforePaths, afterPaths);
                if (cancelDiff_) {
                    post([this] {
                        stage_ = Stage::Idle;
                        emit cancelled();
                    });
                    return;
                }
                post([this, comparison] {
                    stage_ = Stage::Idle;
                    emit progress(1.0, tr("Comparing"));
                    emit finished(comparison);
                });
            } catch (const std::exception &e) {
                const QString message = tr("Comparing failed: %1").arg(QString::fromUtf8(e.what()));
                post([this, message] {
                    stage_ = Stage::Idle;
                    emit failed(message);
                });
            }
        });
}

} // namespace opscope::ui
