#include "profile_export.h"

#include "common/qt_text.h"

#include "opscope/errors.h"
#include "opscope/profile_store.h"
#include "opscope/progress.h"
#include "opscope/trace_export.h"

#include <chrono>

namespace opscope::ui {

ProfileExporter::ProfileExporter(QObject *parent) : QObject(parent) {}

void ProfileExporter::cancel()
{
    jobs_.cancel();
}

void ProfileExporter::write(std::shared_ptr<const Profile> profile, Format format, const QString &path)
{
    struct Written {};
    jobs_.start(
        [this, profile, format, path](const JobControl &job) {
            JobOutcome<Written> outcome;
            // Reports thinned to one per 40 ms, as the loader's: a flood of queued calls would keep the
            // GUI thread from painting.
            std::chrono::steady_clock::time_point last{};
            const Progress progress(
                [&](double fraction, std::string_view detail) {
                    const auto now = std::chrono::steady_clock::now();
                    if (now - last < std::chrono::milliseconds(40))
                        return;
                    last = now;
                    const QString text = toQString(detail);
                    job.post([this, fraction, text] { emit this->progress(fraction, text); });
                },
                job.stopFlag());
            try {
                if (format == Format::OpScope)
                    saveProfile(*profile, path.toStdString(), progress);
                else
                    writeTraceEventJsonFile(*profile, path.toStdString(), progress);
                outcome.value = std::make_shared<const Written>();
            } catch (const Cancelled &) {
                outcome.cancelled = true;
            } catch (const std::exception &e) {
                outcome.error = toQString(e.what());
            }
            return outcome;
        },
        [this, path](JobOutcome<Written> outcome) {
            if (outcome.value)
                emit finished(true, path, QString());
            else
                emit finished(false, path, outcome.cancelled ? tr("cancelled") : outcome.error);
        });
}

} // namespace opscope::ui
