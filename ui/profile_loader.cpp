#include "profile_loader.h"

#include "models/profile_analysis.h"
#include "opscope/capture_import.h"
#include "opscope/errors.h"

#include <QMetaObject>

namespace opscope::ui {

ProfileLoader::ProfileLoader(QObject *parent) : QObject(parent)
{
    qRegisterMetaType<std::shared_ptr<const opscope::ui::LoadedCapture>>();
}

ProfileLoader::~ProfileLoader()
{
    cancel();
    join();
}

void ProfileLoader::join()
{
    if (worker_.joinable())
        worker_.join();
}

void ProfileLoader::cancel()
{
    cancel_ = true;
}

void ProfileLoader::load(const QStringList &paths)
{
    cancel();
    join();
    cancel_ = false;
    finished_ = false;
    std::vector<std::string> files;
    for (const QString &p : paths)
        files.push_back(p.toStdString());
    worker_ = std::thread([this, files, paths] {
        // Results travel back to the GUI thread as queued signal emissions.
        auto post = [this](auto &&fn) {
            QMetaObject::invokeMethod(this, std::forward<decltype(fn)>(fn), Qt::QueuedConnection);
        };
        try {
            Progress progress(
                [this, post](double fraction, std::string_view stage) {
                    const QString text = QString::fromUtf8(stage.data(), qsizetype(stage.size()));
                    post([this, fraction, text] { emit this->progress(fraction, text); });
                },
                &cancel_);
            auto capture = std::make_shared<LoadedCapture>();
            auto profile = std::make_shared<const Profile>(importCapture(files, {}, progress));
            progress.checkCancel();
            progress.report(0.0, "Analysing");
            capture->profile = profile;
            capture->analysis = analyzeProfile(profile);
            progress.checkCancel();
            capture->insights = findInsights(*profile, MicroUnit::Greek);
            progress.report(1.0, "Analysing");
            finished_ = true;
            std::shared_ptr<const LoadedCapture> result = capture;
            post([this, result, paths] { emit loaded(result, paths); });
        } catch (const Cancelled &) {
            finished_ = true;
            post([this, paths] { emit cancelled(paths); });
        } catch (const std::exception &e) {
            finished_ = true;
            const QString message = QString::fromUtf8(e.what());
            post([this, message, paths] { emit failed(message, paths); });
        }
    });
}

} // namespace opscope::ui
