#pragma once
// File > Save As... (an .opscope profile, profile_store.h) and File > Export for Perfetto... (Chrome
// trace-event JSON, trace_export.h): the open profile written by core on a worker thread, its progress
// and Cancel reported to the window; a cancelled or failed write leaves no file (and an older file at the
// path as it was). The CLI's `opscope import -o` and `opscope export` write the same files.

#include "common/job_tracker.h"

#include "opscope/profile.h"

#include <QObject>
#include <QString>

#include <memory>

namespace opscope::ui {

class ProfileExporter : public QObject {
    Q_OBJECT
public:
    enum class Format { OpScope, Perfetto };

    explicit ProfileExporter(QObject *parent = nullptr);

    // Starts writing `profile` to `path`; a write still running is cancelled first.
    void write(std::shared_ptr<const Profile> profile, Format format, const QString &path);
    void cancel();
    bool isRunning() const { return jobs_.isRunning(); }

signals:
    void progress(double fraction, const QString &detail);
    // `ok` false: `message` says why (the error, or that it was cancelled).
    void finished(bool ok, const QString &path, const QString &message);

private:
    JobTracker jobs_{this};
};

} // namespace opscope::ui
