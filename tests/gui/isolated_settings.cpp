// Linked into every GUI suite: what the suite remembers (ui/settings.h) stays apart from the user's
// settings. QStandardPaths' test mode moves the settings file under ~/.qttest; it must be on before
// anything reads a setting (QSettings fixes its folders on first use), so it is switched on as the
// application object is made. Each suite keeps its own file (organisation OpScopeTest, application
// the suite's name), emptied at start, so the suites can run side by side and from the defaults.
#include "common/settings.h"

#include <QCoreApplication>
#include <QStandardPaths>

namespace {

void isolateSettings()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("OpScopeTest"));
    opscope::ui::settings::clear();
}

} // namespace

Q_COREAPP_STARTUP_FUNCTION(isolateSettings)
