#include "profile_loader.h"

#include "opscope/errors.h"
#include "opscope/capture_import.h"

#include <QMetaObject>

namespace opscope::ui {

ProfileLoader::ProfileLoader(QObject *parent) : QObject(parent)
{
    qRegisterMetaType<std::shared_ptr<opscope::Profile>>();
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
    const QStringList path = paths;
    worker_ = std::thread([this, files, path] {
        // Results travel back to the GUI thread as queued signal emissions.
        auto post = [this](auto &&fn) { QMetaObject::invokeMethod(this, std::forward<decltype(fn)>(fn), Qt::QueuedConnection); };
        try {
            Progress progress([this, post](double fraction, std::string_view stage) {
                                  const QString text = QString::fromUtf8(stage.data(), qsizetype(stage.size()));
                                  post([this, fraction, text] { emit this->progress(fraction, text); });
                              },
                              &cancel_);
            auto profile = std::make_shared<Profile>(importCapture(files, {}, progress));
            finished_ = true;
            post([this, profile, path] { emit loaded(profile, path); });
        } catch (const Cancelled &) {
            finished_ = true;
            post([this, path] { emit cancelled(path); });
        } catch (const std::exception &e) {
            finished_ = true;
            const QString message = QString::fromUtf8(e.what());
            post([this, message, path] { emit failed(message, path); });
        }
    });
}

} // namespace opscope::ui
