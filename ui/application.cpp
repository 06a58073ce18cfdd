#include "application.h"
#include "common/qt_text.h"

#include "common/settings.h"
#include "common/theme.h"
#include "main_window.h"

#include "opscope/install_layout.h"

#include <QApplication>
#include <QFileInfo>
#include <QStringList>

#include <algorithm>
#include <string>

namespace opscope::ui {

const char *sampleProfilePath()
{
    static const std::string path = [] {
        const std::string relative = "/samples/conv_block/profile.json";
        for (const std::string &base : install::resourceDirs())
            if (QFileInfo::exists(toQString(base + relative)))
                return base + relative;
        return std::string();
    }();
    return path.c_str();
}

QStringList sampleCaptureFiles()
{
    for (const std::string &base : install::resourceDirs()) {
        const QString folder = toQString(base) + QStringLiteral("/samples/gpt4_bf16_infer/");
        if (QFileInfo::exists(folder + "nsys.sqlite") && QFileInfo::exists(folder + "ncu_raw.csv"))
            return {folder + "nsys.sqlite", folder + "ncu_raw.csv"};
    }
    return {};
}

QString bundledSampleDescription(const QStringList &paths)
{
    auto same = [](const QStringList &a, const QStringList &b) {
        if (a.isEmpty() || a.size() != b.size())
            return false;
        for (qsizetype i = 0; i < a.size(); ++i)
            if (QFileInfo(a[i]).canonicalFilePath() != QFileInfo(b[i]).canonicalFilePath())
                return false;
        return true;
    };
    if (same(paths, sampleCaptureFiles()))
        return QObject::tr("4-block GPT, bf16 inference on an H100");
    if (*sampleProfilePath() && same(paths, {toQString(sampleProfilePath())}))
        return QObject::tr("the Operator Profiler's conv_block example");
    return {};
}

int runApplication(int argc, char **argv, const OpenFinished &openFinished)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName("OpScope");
    QApplication::setOrganizationName("OpScope");
    QApplication::setApplicationVersion(OPSCOPE_VERSION);
    QApplication::setDesktopFileName("opscope");
    // The theme chosen last (View > Theme), before any window takes its palette; the desktop's by default.
    if (const int theme = settings::read(settings::view::theme); theme != int(Theme::Desktop))
        applyTheme(Theme(std::clamp(theme, 0, 2)));

    MainWindow window;
    window.show();
    QStringList files = app.arguments().mid(1);
    if (files.isEmpty())
        files = sampleCaptureFiles();
    if (files.isEmpty() && *sampleProfilePath())
        files << toQString(sampleProfilePath());
    if (openFinished)
        QObject::connect(&window, &MainWindow::openFinished, &app, [&](bool ok) { openFinished(window, ok); });
    if (!files.isEmpty())
        window.openFiles(files); // the files of one capture
    return app.exec();
}

} // namespace opscope::ui
