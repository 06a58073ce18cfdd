// Linked into every GUI suite: what the suite remembers (ui/settings.h) stays apart from the user's
// settings. QStandardPaths' test mode moves the settings file under ~/.qttest; it must be on before
// anything reads a setting (QSettings fixes its folders on first use), so it is switched on as the
// application object is made. Each suite's process keeps its own file (organisation OpScopeTest,
// application the suite's name and process id: the parts of a suite run side by side too), emptied at
// start and removed at the end, so that suites run side by side and from the defaults.
#include "common/settings.h"

#include <QCoreApplication>
#include <QFile>
#include <QSettings>
#include <QStandardPaths>

namespace {

void isolateSettings()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("OpScopeTest"));
    QCoreApplication::setApplicationName(QCoreApplication::applicationName() + QLatin1Char('-') +
                                         QString::number(QCoreApplication::applicationPid()));
    opscope::ui::settings::clear();
    qAddPostRoutine([] { QFile::remove(QSettings().fileName()); });
}

} // namespace

Q_COREAPP_STARTUP_FUNCTION(isolateSettings)
