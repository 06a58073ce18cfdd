// The main window: opens a real profile off the GUI thread; a bad file leaves it in place.
#include "application.h"
#include "main_window.h"
#include "test_util.h"

#include <QSignalSpy>
#include <QStatusBar>
#include <QTest>

using namespace opscope;
using opscope::test::fixture;

class TestMainWindow : public QObject {
    Q_OBJECT
private slots:
    void opensTheBundledSample()
    {
        QVERIFY(*ui::sampleProfilePath());
        ui::MainWindow window;
        QSignalSpy finished(&window, &ui::MainWindow::openFinished);
        window.openFile(QString::fromUtf8(ui::sampleProfilePath()));
        QVERIFY(finished.wait(30000));
        QCOMPARE(finished.first().at(0).toBool(), true);
        QVERIFY(window.profile());
        QCOMPARE(window.profile()->kernels.size(), size_t(38));
        QVERIFY(window.windowTitle().startsWith("profile.json"));
    }

    void badFileKeepsTheLoadedProfile()
    {
        ui::MainWindow window;
        QSignalSpy finished(&window, &ui::MainWindow::openFinished);
        window.openFile(QString::fromStdString(fixture("public/operator_profiler/mlp_activations/profile.json")));
        QVERIFY(finished.wait(30000));
        const Profile *before = window.profile();
        const QString title = window.windowTitle();

        window.openFile(QString::fromStdString(fixture("README.md")));
        QVERIFY(finished.wait(30000));
        QCOMPARE(finished.last().at(0).toBool(), false);
        QVERIFY(finished.last().at(1).toString().contains("README.md"));
        QCOMPARE(window.profile(), before);
        QCOMPARE(window.profile()->kernels.size(), size_t(16));
        QCOMPARE(window.windowTitle(), title);
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"
