#include "application.h"

#include "main_window.h"
#include "screenshots.h"

#include <QApplication>
#include <QFileInfo>
#include <QStringList>

#include <string>

namespace opscope::ui {

const char *sampleProfilePath()
{
    static const std::string path = [] {
        const std::string relative = "/samples/conv_block/profile.json";
        for (const std::string &base : {std::string(OPSCOPE_SOURCE_RESOURCES), std::string(OPSCOPE_INSTALLED_RESOURCES),
                                        std::string("/usr/share/opscope")})
            if (QFileInfo::exists(QString::fromStdString(base + relative)))
                return base + relative;
        return std::string();
    }();
    return path.c_str();
}

QStringList sampleCaptureFiles()
{
    for (const QString &base : {QStringLiteral(OPSCOPE_SOURCE_RESOURCES), QStringLiteral(OPSCOPE_INSTALLED_RESOURCES),
                                QStringLiteral("/usr/share/opscope")}) {
        const QString folder = base + QStringLiteral("/samples/gpt4_bf16_infer/");
        if (QFileInfo::exists(folder + "nsys.sqlite") && QFileInfo::exists(folder + "ncu_raw.csv"))
            return {folder + "nsys.sqlite", folder + "ncu_raw.csv"};
    }
    return {};
}

int runApplication(int argc, char **argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName("OpScope");
    QApplication::setOrganizationName("OpScope");
    QApplication::setApplicationVersion(OPSCOPE_VERSION);
    QApplication::setDesktopFileName("opscope");

    MainWindow window;
    window.show();
    QStringList files = app.arguments().mid(1);
    if (files.isEmpty())
        files = sampleCaptureFiles();
    if (files.isEmpty() && *sampleProfilePath())
        files << QString::fromUtf8(sampleProfilePath());
    // Documentation screenshots (docs/make-screenshots.sh): load, save the pictures, quit.
    const QString screenshots = qEnvironmentVariable("OPSCOPE_SCREENSHOTS");
    if (!screenshots.isEmpty())
        QObject::connect(&window, &MainWindow::openFinished, &app,
                         [&](bool ok) { QApplication::exit(ok && saveScreenshots(window, screenshots) ? 0 : 1); });
    if (!files.isEmpty())
        window.openFiles(files); // the files of one capture
    return app.exec();
}

} // namespace opscope::ui
