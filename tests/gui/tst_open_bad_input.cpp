// The explorer opening every file of the bad-input corpus (tests/badinput/MANIFEST) as a user would (File >
// Open, offscreen): the ones the core refuses end in the window's error, naming the file and the problem,
// with the profile open before still open; the others open with their warnings in the bar. None crashes or
// hangs the window: JSON nested 100 000 deep, SQLite views where tables belong, a gzip bomb, totals that
// overflow (tst_bad_input checks the same cases through the core and the CLI).
#include "main_window.h"
#include "test_util.h"
#include "views/import_warnings_bar.h"

#include "opscope/profile.h"

#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace opscope;
namespace fs = std::filesystem;

namespace {

struct Case {
    QString file, outcome, text;
    int kernels = -1;
};

// The MANIFEST's lines whose command is summary: the files (the folders are run folders and sweeps).
std::vector<Case> fileCases()
{
    std::ifstream in(test::sourceFile("tests/badinput/MANIFEST"));
    std::vector<Case> cases;
    std::string line;
    while (std::getline(in, line)) {
        const QString text = QString::fromStdString(line).trimmed();
        if (text.isEmpty() || text.startsWith('#'))
            continue;
        QStringList fields = text.split('|');
        for (QString &f : fields)
            f = f.trimmed();
        if (fields.size() >= 7 && fields[1] == QLatin1String("summary"))
            cases.push_back(
                {fields[0], fields[2], fields[3], fields[4] == QLatin1String("-") ? -1 : fields[4].toInt()});
    }
    return cases;
}

} // namespace

class TestOpenBadInput : public QObject {
    Q_OBJECT

    ui::MainWindow *window_ = nullptr;
    QTemporaryDir dir_;

private slots:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        window_ = new ui::MainWindow;
        window_->show();
        QVERIFY(QTest::qWaitForWindowExposed(window_));
        QVERIFY(fileCases().size() > 70);
    }

    void cleanupTestCase() { delete window_; }

    void open_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("outcome");
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("kernels");
        for (const Case &c : fileCases())
            QTest::newRow(qPrintable(c.file)) << c.file << c.outcome << c.text << c.kernels;
    }

    void open()
    {
        QFETCH(QString, file);
        QFETCH(QString, outcome);
        QFETCH(QString, text);
        QFETCH(int, kernels);
        // A copy, with its -wal companion where it has one, so that nothing can touch the corpus.
        const QString path = dir_.filePath(file);
        const fs::path from = test::sourceFile("tests/badinput/" + file.toStdString());
        fs::remove(path.toStdString());
        fs::copy(from, path.toStdString());
        const fs::path wal = from.string() + "-wal";
        if (fs::exists(wal)) {
            fs::remove(path.toStdString() + "-wal");
            fs::copy(wal, path.toStdString() + "-wal");
        }
        const Profile *before = window_->profile();
        QSignalSpy finished(window_, &ui::MainWindow::openFinished);
        window_->openFile(path);
        QVERIFY2(finished.wait(120000), "the window did not finish opening the file within 2 minutes");
        const bool opened = finished.last().at(0).toBool();
        const QString error = finished.last().at(1).toString();
        if (outcome == QLatin1String("error")) {
            QVERIFY2(!opened, qPrintable("opened, expected an error containing: " + text));
            QVERIFY2(error.contains(text) && error.contains(path), qPrintable(error));
            // The window says so, and keeps what it had open.
            const QString said = QStringLiteral("Could not open %1").arg(QFileInfo(path).fileName());
            bool shown = false;
            for (const QLabel *label : window_->findChildren<QLabel *>())
                shown = shown || label->text() == said;
            QVERIFY2(shown, qPrintable(said));
            QCOMPARE(window_->profile(), before);
            return;
        }
        QVERIFY2(opened, qPrintable(error));
        QVERIFY(window_->profile());
        if (kernels >= 0)
            QCOMPARE(window_->profile()->kernels.size(), size_t(kernels));
        const QStringList warnings = window_->warningsBar()->warnings();
        if (outcome == QLatin1String("ok")) {
            QVERIFY2(warnings.isEmpty(), qPrintable(warnings.join('\n')));
        } else {
            bool found = false;
            for (const QString &w : warnings)
                found = found || w.contains(text);
            QVERIFY2(found, qPrintable(warnings.join('\n')));
            QVERIFY(window_->warningsBar()->isVisible());
        }
    }
};

QTEST_MAIN(TestOpenBadInput)
#include "tst_open_bad_input.moc"
