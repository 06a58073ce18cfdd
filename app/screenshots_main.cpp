// opscope-screenshots: the explorer on the bundled sample capture (or the files named) that saves the
// documentation's pictures into the folder $OPSCOPE_SCREENSHOTS names, then quits; docs/make-screenshots.sh
// runs it. Built beside the explorer, never installed.
#include "application.h"
#include "screenshots.h"

#include <QApplication>
#include <QString>

#include <iostream>

int main(int argc, char **argv)
{
    const QString folder = qEnvironmentVariable("OPSCOPE_SCREENSHOTS");
    if (folder.isEmpty()) {
        std::cerr << "opscope-screenshots: set OPSCOPE_SCREENSHOTS to the folder the pictures go to "
                     "(docs/make-screenshots.sh does)\n";
        return 2;
    }
    return opscope::ui::runApplication(argc, argv, [folder](opscope::ui::MainWindow &window, bool opened) {
        QApplication::exit(opened && opscope::ui::saveScreenshots(window, folder) ? 0 : 1);
    });
}
