#pragma once
// Loads profiles on a worker thread so the GUI stays responsive; reports progress and can cancel.

#include "opscope/profile.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <memory>
#include <thread>

namespace opscope::ui {

class ProfileLoader : public QObject {
    Q_OBJECT
public:
    explicit ProfileLoader(QObject *parent = nullptr);
    ~ProfileLoader() override;

    // Starts loading `path`; a load already running is cancelled first.
    void load(const QString &path);
    void cancel();
    bool isLoading() const { return worker_.joinable() && !finished_; }

signals:
    void progress(double fraction, const QString &stage);
    void loaded(std::shared_ptr<opscope::Profile> profile, const QString &path);
    void failed(const QString &message, const QString &path);
    void cancelled(const QString &path);

private:
    void join();

    std::thread worker_;
    std::atomic<bool> cancel_{false};
    std::atomic<bool> finished_{true};
};

} // namespace opscope::ui
