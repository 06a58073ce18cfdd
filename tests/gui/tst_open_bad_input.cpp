// The explorer opening every file of the bad-input corpus (tests/badinput/MANIFEST) as a user would (File >
// Open, offscreen): the ones the core refuses end in the window's error, naming the file and the problem,
// with the profile open before still open; the others open with their warnings in the bar. None crashes or
// hangs the window: JSON nested 100 000 deep, SQLite views where tables belong, a gzip bomb, totals that
// overflow (tst_bad_input checks the same cases through the core and the CLI). And the replay wizard on a
// run folder someone sent: its review page says which programs and environment values come from the
// run's manifest, and only then does the job carry --trust-run.
#include "main_window.h"
#include "test_suite.h"
#include "test_util.h"
#include "views/import_warnings_bar.h"
#include "wizards/replay_wizard.h"
#include "wizards/run_folder_page.h"
#include "wizards/run_job.h"

#include "opscope/pipeline.h"
#include "opscope/profile.h"

#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace tst_open_bad_input_suite {

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

    void receivedRunSaysWhereItsProgramsComeFrom()
    {
        // The corpus' received run, made plannable here: an interpreter and a script that exist, an ncu
        // stand-in; its LD_PRELOAD stays.
        const std::string python = pipeline::findPython();
        if (python.empty())
            QSKIP("no python3 here (the replay plan needs the run's interpreter)");
        // A list of captured workloads of this test's own: nothing on it yet.
        test::ScopedEnv state("OPSCOPE_STATE_DIR", dir_.filePath("state").toUtf8());
        const std::string run = dir_.filePath("replay_received").toStdString();
        fs::remove_all(run);
        fs::copy(test::sourceFile("tests/badinput/replay_received"), run, fs::copy_options::recursive);
        nlohmann::json manifest = nlohmann::json::parse(std::ifstream(run + "/manifest.json"));
        manifest["workload"]["python"] = python;
        manifest["workload"]["script"] = test::sourceFile("examples/mlp.py");
        manifest["workload"]["working_directory"] = "";
        std::ofstream(run + "/manifest.json") << manifest.dump(2);
        const std::string ncu = dir_.filePath("ncu").toStdString();
        std::ofstream(ncu) << "#!/bin/sh\necho 'Version 2025.3.1.0 (stand-in)'\n";
        fs::permissions(ncu, fs::perms::owner_all);

        ui::ReplayWizard wizard;
        wizard.runFolderPage()->setRunFolder(QString::fromStdString(run));
        const std::vector<std::string> &values = wizard.runFolderPage()->untrustedValues();
        QVERIFY(std::any_of(values.begin(), values.end(), [](const std::string &v) {
            return v.rfind("environment LD_PRELOAD=/tmp/elsewhere/hook.so (in ", 0) == 0 &&
                   v.ends_with("replay_received/manifest.json)");
        }));
        ui::RunJob job = wizard.job();
        QVERIFY(job.replay && job.replay->trustRun); // the review page's Run is the confirmation
        job.replay->ncuPath = ncu;
        const ui::JobPlan plan = ui::planJob(job);
        QVERIFY2(plan.error.empty(), plan.error.c_str());
        std::string notes;
        for (const std::string &n : plan.notes)
            notes += n + "\n";
        QVERIFY2(notes.find("This run was not captured here") != std::string::npos, notes.c_str());
        QVERIFY2(notes.find("environment LD_PRELOAD=/tmp/elsewhere/hook.so") != std::string::npos, notes.c_str());
        QVERIFY2(notes.find("python " + python + " (in ") != std::string::npos, notes.c_str());
        // A run captured here (its workload on this user's list) replays without them, and without --trust-run.
        pipeline::recordCapturedWorkload(pipeline::RunFolder::open(run));
        wizard.runFolderPage()->setRunFolder(QString());
        wizard.runFolderPage()->setRunFolder(QString::fromStdString(run));
        QVERIFY(wizard.runFolderPage()->untrustedValues().empty());
        QVERIFY(!wizard.job().replay->trustRun);
        const ui::JobPlan trusted = ui::planJob(job);
        for (const std::string &n : trusted.notes)
            QVERIFY2(n.find("not captured here") == std::string::npos, n.c_str());
    }
};

} // namespace tst_open_bad_input_suite

OPSCOPE_TEST_SUITE(tst_open_bad_input, tst_open_bad_input_suite::TestOpenBadInput, Gui)
#include "tst_open_bad_input.moc"
