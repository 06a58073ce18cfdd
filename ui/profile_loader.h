#pragma once
// Loads profiles on a worker thread so the GUI stays responsive; reports progress and can cancel.

#include "opscope/profile.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <atomic>
#include <memory>
#include <thread>

namespace opscope::ui {

class ProfileLoader : public QObject {
    Q_OBJECT
public:
    explicit ProfileLoader(QObject *parent = nullptr);
    ~ProfileLoader() override;

    // Starts loading the files of one capture (import + attribution); a load already running is
    // cancelled first. `paths` may hold an nsys, an ncu, a torch.profiler file and an Inductor folder.
    void load(const QStringList &paths);
    void cancel();
    bool isLoading() const { return worker_.joinable() && !finished_; }

signals:
    void progress(double fraction, const QString &stage);
    void loaded(std::shared_ptr<opscope::Profile> profile, const QStringList &paths);
    void failed(const QString &message, const QStringList &paths);
    void cancelled(const QStringList &paths);

private:
    void join();

    std::thread worker_;
    std::atomic<bool> cancel_{false};
    std::atomic<bool> finished_{true};
};

} // namespace opscope::ui
