#pragma once
// Loads the files of one capture on a worker thread (import, attribution, analysis, insights) so the
// GUI stays responsive; reports progress and can be cancelled.

#include "opscope/insights.h"
#include "opscope/profile.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <atomic>
#include <memory>
#include <thread>
#include <vector>

namespace opscope::ui {

struct ProfileAnalysis;

// Everything the views show, computed once per opened capture.
struct LoadedCapture {
    std::shared_ptr<const Profile> profile;
    std::shared_ptr<const ProfileAnalysis> analysis;
    InsightReport insights;
};

class ProfileLoader : public QObject {
    Q_OBJECT
public:
    explicit ProfileLoader(QObject *parent = nullptr);
    ~ProfileLoader() override;

    // Starts loading the files of one capture (an nsys, an ncu, a torch.profiler file and an Inductor
    // folder may go together); a load already running is cancelled first.
    void load(const QStringList &paths);
    void cancel();
    bool isLoading() const { return worker_.joinable() && !finished_; }

signals:
    void progress(double fraction, const QString &stage);
    void loaded(std::shared_ptr<const opscope::ui::LoadedCapture> capture, const QStringList &paths);
    void failed(const QString &message, const QStringList &paths);
    void cancelled(const QStringList &paths);

private:
    void join();

    std::thread worker_;
    std::atomic<bool> cancel_{false};
    std::atomic<bool> finished_{true};
};

} // namespace opscope::ui
