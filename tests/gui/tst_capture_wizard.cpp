// The capture and replay wizards, offscreen, for real: File > New Capture driven through every page
// for a CPU capture of examples/mlp.py (Debian's python3-torch) ends with the profile open in the main
// window and its module tree, here and through SSH to a real sshd on 127.0.0.1 (tests/support/sshd_fixture.h);
// Cancel during the run leaves no process behind, locally and on the SSH side; each page says what is
// missing on the page; the values are remembered; the Deep dive opens the replay wizard prefilled.
#include "application.h"
#include "common/selection.h"
#include "common/settings.h"
#include "main_window.h"
#include "models/module_tree_model.h"
#include "models/profile_analysis.h"
#include "opscope/module_tree.h"
#include "opscope/phases.h"
#include "opscope/ranks.h"
#include "sweep/sweep_window.h"
#include "test_suite.h"
#include "views/module_tree_view.h"
#include "wizard_actions.h"
#include "wizards/capture_options_page.h"
#include "wizards/capture_runner.h"
#include "wizards/capture_wizard.h"
#include "wizards/finish_page.h"
#include "wizards/replay_page.h"
#include "wizards/replay_wizard.h"
#include "wizards/review_page.h"
#include "wizards/run_folder_page.h"
#include "wizards/run_page.h"
#include "wizards/target_page.h"
#include "wizards/workload_page.h"

#include "capture_test_util.h"
#include "sshd_fixture.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

#include <filesystem>
#include <set>

namespace tst_capture_wizard_suite {

using namespace opscope;
using namespace opscope::test;
using namespace std::chrono_literals;

namespace {

template <typename T> T *child(QObject *parent, const char *name)
{
    T *found = parent->findChild<T *>(QString::fromLatin1(name));
    if (!found)
        qWarning("no %s named %s", T::staticMetaObject.className(), name);
    return found;
}

QString messageOf(QWidget *page)
{
    auto *label = child<QLabel>(page, "message");
    return label ? label->text() : QString();
}

// Processes that descend from this test (the runner's tools would), zombies and the subtree of
// `spared` (the test's own sshd) left out.
std::vector<pid_t> descendants(pid_t spared)
{
    std::map<pid_t, pid_t> parentOf;
    DIR *proc = ::opendir("/proc");
    while (dirent *entry = proc ? ::readdir(proc) : nullptr) {
        const pid_t pid = pid_t(std::atoi(entry->d_name));
        if (pid <= 0)
            continue;
        const std::string stat = readText("/proc/" + std::to_string(pid) + "/stat");
        const auto close = stat.rfind(')');
        if (close == std::string::npos || close + 4 >= stat.size() || stat[close + 2] == 'Z')
            continue;
        parentOf[pid] = pid_t(std::atoi(stat.c_str() + close + 4));
    }
    if (proc)
        ::closedir(proc);
    std::vector<pid_t> out;
    for (const auto &[pid, parent] : parentOf) {
        if (pid == spared)
            continue;
        for (pid_t p = parent; p > 1 && p != spared; p = parentOf.count(p) ? parentOf[p] : 0)
            if (p == ::getpid()) {
                out.push_back(pid);
                break;
            }
    }
    return out;
}

} // namespace

class TestCaptureWizard : public QObject {
    Q_OBJECT

    std::string python_;
    QTemporaryDir runs_;
    QString capturedRun_; // the run folder the full drive made (used by the replay tests)
    SshdFixture sshd_;
    bool sshdUp_ = false;
    std::string whyNoSshd_;
    QTemporaryDir remoteRuns_; // the "host's" run area (same file system: the test can look at it)
    ToolFolder tools_;         // this machine has no nsys and no ncu, whatever is installed

    bool haveTorch() const { return !python_.empty(); }

    // Fills the workload page for examples/mlp.py and waits for its interpreter check.
    bool fillWorkload(ui::CaptureWizard &w, const QString &arguments)
    {
        child<QComboBox>(&w, "runOn")->setCurrentIndex(0); // this machine, whatever the last wizard used
        child<QLineEdit>(&w, "script")->setText(QString::fromStdString(sourceFile("examples/mlp.py")));
        child<QLineEdit>(&w, "arguments")->setText(arguments);
        child<QLineEdit>(&w, "python")->setText(QString::fromStdString(python_));
        return QTest::qWaitFor([&] { return w.workloadPage()->isComplete(); }, 120000);
    }

    // Capture page: a CPU capture named `name` into the temporary folder.
    void fillCapture(ui::CaptureWizard &w, const QString &name, int warmup, int steps)
    {
        auto *tool = child<QComboBox>(&w, "captureTool");
        tool->setCurrentIndex(tool->findData(QStringLiteral("cpu")));
        child<QSpinBox>(&w, "warmup")->setValue(warmup);
        child<QSpinBox>(&w, "steps")->setValue(steps);
        child<QLineEdit>(&w, "outputFolder")->setText(runs_.path());
        child<QLineEdit>(&w, "runName")->setText(name);
    }

    // Skips unless sshd runs here, the host (this machine) has torch and opscope-cli can be copied.
    bool sshUsable()
    {
        if (!sshdUp_) {
            qWarning("the SSH drive is skipped: %s", whyNoSshd_.c_str());
            return false;
        }
        try {
            remote::findCopyableCli();
        } catch (const pipeline::ToolError &e) {
            qWarning("the SSH drive is skipped: %s", e.what());
            return false;
        }
        return haveTorch();
    }

    // Workload and Target pages for examples/mlp.py on the fixture's host, the CLI copied there.
    bool driveSshTarget(ui::CaptureWizard &w, const QString &arguments)
    {
        child<QComboBox>(&w, "runOn")->setCurrentIndex(1);
        child<QLineEdit>(&w, "script")->setText(QString::fromStdString(sourceFile("examples/mlp.py")));
        child<QLineEdit>(&w, "arguments")->setText(arguments);
        child<QLineEdit>(&w, "python")->clear();
        if (!w.workloadPage()->isComplete())
            return false;
        w.next();
        auto *config = child<QLineEdit>(&w, "sshConfig");
        config->setText(QString::fromStdString(sshd_.configFile));
        emit config->editingFinished();
        child<QComboBox>(&w, "host")->setEditText(QString::fromLatin1(SshdFixture::kHost));
        child<QLineEdit>(&w, "remoteDirectory")->setText(remoteRuns_.path());
        child<QLineEdit>(&w, "remoteOpscope")->clear();
        child<QCheckBox>(&w, "copyCli")->setChecked(true);
        child<QPushButton>(&w, "checkButton")->click();
        return QTest::qWaitFor([&] { return w.targetCheck() != nullptr; }, 120000) && w.targetPage()->isComplete();
    }

private slots:
    void initTestCase()
    {
        // The offscreen platform warns "does not support propagateSizeHints()" on every page change.
        static QtMessageHandler previous = nullptr;
        previous = qInstallMessageHandler([](QtMsgType type, const QMessageLogContext &context, const QString &text) {
            if (!text.contains(QLatin1String("propagateSizeHints")))
                previous(type, context, text);
        });
        QVERIFY(runs_.isValid());
        const std::string python = pipeline::findPython();
        if (!python.empty() && pipeline::pythonHasTorch(python))
            python_ = python;
        sshdUp_ = sshd_.start(&whyNoSshd_);
        QVERIFY(remoteRuns_.isValid());
    }

    void pagesSayWhatIsMissing()
    {
        ui::CaptureWizard w;
        w.show();
        ui::WorkloadPage *page = w.workloadPage();
        QCOMPARE(w.currentId(), int(ui::CaptureWizard::WorkloadPageId));
        QVERIFY(!page->isComplete());
        QCOMPARE(messageOf(page), QStringLiteral("Choose the Python script to run."));

        child<QLineEdit>(&w, "script")->setText(QStringLiteral("/nonexistent/train.py"));
        QVERIFY(!page->isComplete());
        QCOMPARE(messageOf(page), QStringLiteral("The script /nonexistent/train.py does not exist on this machine."));
        QVERIFY(!w.button(QWizard::NextButton)->isEnabled());

        child<QLineEdit>(&w, "script")->setText(QString::fromStdString(sourceFile("examples/mlp.py")));
        child<QLineEdit>(&w, "workingDirectory")->setText(QStringLiteral("/nonexistent-folder"));
        QCOMPARE(messageOf(page), QStringLiteral("The working directory /nonexistent-folder does not exist."));
        child<QLineEdit>(&w, "workingDirectory")->clear();

        auto *env = child<QTableWidget>(&w, "environment");
        child<QPushButton>(&w, "addVariable")->click();
        env->item(0, 0)->setText(QStringLiteral("1BAD"));
        QCOMPARE(messageOf(page), QStringLiteral("'1BAD' is not a variable name (letters, digits and _, not "
                                                 "starting with a digit)."));
        env->item(0, 0)->setText(QStringLiteral("OMP_NUM_THREADS"));
        env->item(0, 1)->setText(QStringLiteral("1"));

        // An interpreter that is not there, and one that runs but cannot import torch (-S: no
        // site-packages, where Debian's python3-torch lives).
        child<QLineEdit>(&w, "python")->setText(QStringLiteral("/nonexistent/python3"));
        QVERIFY(QTest::qWaitFor([&] { return messageOf(page).contains("is not an executable program"); }, 30000));
        QVERIFY(!page->isComplete());
        if (haveTorch()) {
            QTemporaryDir dir;
            const QString noTorch = dir.filePath(QStringLiteral("python-without-torch"));
            QFile script(noTorch);
            QVERIFY(script.open(QIODevice::WriteOnly));
            script.write(
                QStringLiteral("#!/bin/sh\nexec %1 -S \"$@\"\n").arg(QString::fromStdString(python_)).toUtf8());
            script.close();
            script.setPermissions(script.permissions() | QFileDevice::ExeOwner);
            child<QLineEdit>(&w, "python")->setText(noTorch);
            QVERIFY(QTest::qWaitFor([&] { return messageOf(page).contains("torch cannot be imported by"); }, 60000));
            QVERIFY2(messageOf(page).contains(noTorch), qPrintable(messageOf(page)));
            QVERIFY(!page->isComplete());

            QVERIFY(fillWorkload(w, QString()));
            QVERIFY2(messageOf(page).startsWith("Ready: torch "), qPrintable(messageOf(page)));
            // The interpreter check shows python, torch and CUDA with versions.
            auto *check = child<QTreeWidget>(&w, "pythonCheck");
            QCOMPARE(check->topLevelItemCount(), 3);
            QCOMPARE(check->topLevelItem(0)->text(0), QStringLiteral("Python"));
            QCOMPARE(check->topLevelItem(0)->text(1), QStringLiteral("yes"));
            QCOMPARE(check->topLevelItem(1)->text(0), QStringLiteral("PyTorch"));
            QVERIFY(!check->topLevelItem(1)->text(2).isEmpty()); // torch's version

            // Capture page: a run name that is taken, nsys asked for where there is none.
            w.next();
            QCOMPARE(w.currentId(), int(ui::CaptureWizard::TargetPageId));
            QVERIFY(QTest::qWaitFor([&] { return w.targetPage()->isComplete(); }, 30000));
            w.next();
            QCOMPARE(w.currentId(), int(ui::CaptureWizard::CapturePageId));
            QDir(runs_.path()).mkdir(QStringLiteral("taken"));
            fillCapture(w, QStringLiteral("taken"), 1, 1);
            QCOMPARE(messageOf(w.capturePage()),
                     QStringLiteral("A run named taken already exists in %1: change the run name.").arg(runs_.path()));
            QVERIFY(!w.capturePage()->isComplete());
            child<QLineEdit>(&w, "runName")->setText(QStringLiteral("free"));
            QVERIFY(w.capturePage()->isComplete());
            auto *tool = child<QComboBox>(&w, "captureTool");
            tool->setCurrentIndex(tool->findData(QStringLiteral("nsys")));
            QVERIFY2(messageOf(w.capturePage())
                         .startsWith(QString::fromStdString("nsys was not found on this machine: nsys was not found "
                                                            "(looked in " +
                                                            tools_.path() + ", from OPSCOPE_TOOL_PATH).")),
                     qPrintable(messageOf(w.capturePage())));
            QVERIFY(!w.capturePage()->isComplete());
        }
    }

    void capturesLocallyAndOpensTheProfile()
    {
        if (!haveTorch())
            QSKIP("no python3 here can import torch (install Debian's python3-torch)");
        ui::MainWindow window;
        window.show();
        // File > New Capture... (Ctrl+Shift+N).
        auto *action = child<QAction>(&window, "newCaptureAction");
        QVERIFY(action);
        QCOMPARE(action->shortcut(), QKeySequence(QStringLiteral("Ctrl+Shift+N")));
        action->trigger();
        auto *w = window.findChild<ui::CaptureWizard *>();
        QVERIFY(w && w->isVisible());

        // 1 Workload.
        QVERIFY(fillWorkload(*w, QStringLiteral("--steps 6")));
        w->next();
        // 2 Target: this machine, checked with every tool a capture may need.
        QCOMPARE(w->currentId(), int(ui::CaptureWizard::TargetPageId));
        QVERIFY(child<QRadioButton>(w, "targetLocal")->isChecked());
        QVERIFY(QTest::qWaitFor([&] { return w->targetPage()->isComplete(); }, 60000));
        auto *check = child<QTreeWidget>(w, "targetCheck");
        QStringList tools;
        for (int i = 0; i < check->topLevelItemCount(); ++i)
            tools << check->topLevelItem(i)->data(0, Qt::UserRole).toString();
        QCOMPARE(tools, (QStringList{"python", "torch", "cuda", "nsys", "ncu", "opscope", "launcher"}));
        w->next();
        // 3 Capture: the model name follows the script and names the run.
        QCOMPARE(w->currentId(), int(ui::CaptureWizard::CapturePageId));
        QCOMPARE(child<QLineEdit>(w, "modelName")->text(), QStringLiteral("mlp"));
        QVERIFY(child<QLineEdit>(w, "runName")->text().startsWith(QStringLiteral("mlp-")));
        fillCapture(*w, QStringLiteral("wizard-mlp"), 1, 1);
        QVERIFY(w->capturePage()->isComplete());
        w->next();
        // 4 Replay: off, unticked, with the reason (no ncu here, or not an nsys capture).
        QCOMPARE(w->currentId(), int(ui::CaptureWizard::ReplayPageId));
        QVERIFY(QTest::qWaitFor([&] { return !w->replayAvailability().pending; }, 30000));
        QVERIFY(!child<QCheckBox>(w, "replayEnabled")->isEnabled());
        QVERIFY(!child<QCheckBox>(w, "replayEnabled")->isChecked());
        const QString note = child<QLabel>(w, "replayNote")->text();
        QVERIFY2(note.startsWith("Replay is off: ") && note.contains("ncu"), qPrintable(note));
        QVERIFY2(!note.contains("--ncu"), qPrintable(note)); // a CLI option the page has no field for
        QVERIFY(w->replayPage()->isComplete());
        QVERIFY(!w->replayPage()->replayChosen());
        w->next();
        // 5 Review: the exact command, copyable, and the run folder.
        QCOMPARE(w->currentId(), int(ui::CaptureWizard::ReviewPageId));
        QVERIFY(QTest::qWaitFor([&] { return w->reviewPage()->isComplete(); }, 60000));
        const QString run = QDir(runs_.path()).filePath(QStringLiteral("wizard-mlp"));
        QCOMPARE(child<QLabel>(w, "runFolder")->text(), run);
        const QString commands = w->reviewPage()->commandsText();
        const QString script = QString::fromStdString(sourceFile("examples/mlp.py"));
        QVERIFY2(commands.startsWith("# capture\nenv "), qPrintable(commands));
        QVERIFY2(commands.contains(
                     QStringLiteral(" -m opscope_launcher --mode cpu --warmup 1 --reference-steps 3 --steps 1 ")),
                 qPrintable(commands));
        QVERIFY(commands.contains(QStringLiteral("--trace %1/trace.json").arg(run)));
        QVERIFY(commands.contains(QStringLiteral(" -- %1 --steps 6").arg(script)));
        QVERIFY(commands.contains(QStringLiteral("PYTHONPATH=")));
        child<QPushButton>(w, "copyButton")->click();
        QCOMPARE(QApplication::clipboard()->text(), commands);
        // The options that differ from the CLI's defaults (pipeline::captureCliArguments).
        QCOMPARE(child<QLineEdit>(w, "cliCommand")->text(),
                 QStringLiteral("opscope capture %1 --tool cpu --warmup 1 --python %2 --cwd %3 --out %4 "
                                "--name wizard-mlp -- --steps 6")
                     .arg(script, QString::fromStdString(python_), QFileInfo(script).absolutePath(), runs_.path()));
        QCOMPARE(w->button(QWizard::CommitButton)->text(), QStringLiteral("&Run"));

        // 6 Run, then 7 Finish: the profile opens in the main window.
        QSignalSpy opened(&window, &ui::MainWindow::openFinished);
        QSignalSpy finished(w->runner(), &ui::CaptureRunner::finished);
        w->next();
        QCOMPARE(w->currentId(), int(ui::CaptureWizard::RunPageId));
        QVERIFY(finished.wait(180000));
        const ui::CaptureRunner::Outcome outcome = w->runner()->outcome();
        QVERIFY2(outcome.ok(), qPrintable(outcome.error + outcome.problems.join("\n")));
        QCOMPARE(outcome.runDir, run);
        QCOMPARE(outcome.profilePath, run + QStringLiteral("/wizard-mlp.opscope"));
        const auto &stages = w->runner()->stages();
        QCOMPARE(stages.size(), size_t(2));
        QCOMPARE(stages[0].id, QStringLiteral("capture"));
        QCOMPARE(stages[1].id, QStringLiteral("import"));
        for (const auto &s : stages) {
            QCOMPARE(int(s.state), int(ui::CaptureRunner::State::Done));
            QCOMPARE(s.fraction, 1.0);
            QVERIFY(s.elapsedSeconds > 0);
        }
        // The live output: the launcher's step markers, as the tool printed them.
        const QString output = w->runPage()->outputText();
        QVERIFY2(output.contains("OPSCOPE step 5/5 capture"), qPrintable(output));
        QVERIFY(QTest::qWaitFor([&] { return w->currentId() == ui::CaptureWizard::FinishPageId; }, 5000));
        QVERIFY(child<QLabel>(w, "summary")->text().contains("The profile is open in the main window."));
        QVERIFY(opened.wait(60000) || !opened.isEmpty());
        QCOMPARE(opened.last().at(0).toBool(), true);
        QCOMPARE(window.profilePath(), outcome.profilePath);

        // The module tree holds exactly the example's modules (mlp tiny: depth 3, see its docstring).
        const Profile *p = window.profile();
        QVERIFY(p);
        std::set<std::string> labels;
        for (const ModuleInstance &m : p->modules)
            if (!isPhase(m)) // the phases of the step stand beside the model (phases.h)
                labels.insert(std::string(p->text(m.path)) + "[" + std::string(p->text(m.class_name)) + "]");
        const std::vector<std::string> expected = mlpLabels(3);
        QCOMPARE(labels, std::set<std::string>(expected.begin(), expected.end()));
        const ui::ModuleTreeModel *tree = window.moduleTree()->model();
        QVERIFY(tree->rowCount() >= 1);
        QStringList roots;
        for (int r = 0; r < tree->rowCount(); ++r)
            roots << tree->index(r, ui::ModuleTreeModel::NameColumn).data().toString();
        QVERIFY2(roots.join(",").contains("[MLP]"), qPrintable(roots.join(",")));
        // The three blocks are one group of identical layers in the tree, as in the run's partition map
        // (a CPU capture has no kernels to find them by: the import keeps the launcher's groups).
        const pipeline::PartitionMap partition =
            pipeline::readPartitionMap((run + "/partition_map.json").toStdString());
        QCOMPARE(partition.groups.size(), size_t(1));
        QCOMPARE(partition.groups[0].name, std::string("blocks.*[Block]"));
        const ModuleTree &moduleTree = window.analysis()->tree;
        QCOMPARE(moduleTree.groups.size(), size_t(1));
        QCOMPARE(moduleTree.groups[0].name + "[" + moduleTree.groups[0].className + "]", partition.groups[0].name);
        std::vector<std::string> members;
        for (int m : moduleTree.groups[0].members)
            members.push_back(moduleTree.nodes[size_t(m)].path);
        QCOMPARE(members, partition.groups[0].members);
        const QModelIndex groupRow = tree->indexOfGroup(0);
        QVERIFY(groupRow.isValid());
        QCOMPARE(groupRow.data().toString(), QStringLiteral("blocks.* ×3"));
        QCOMPARE(tree->rowCount(groupRow), 3);
        // The manifest tells how it ran.
        const nlohmann::json m = readJson((run + "/manifest.json").toStdString());
        QCOMPARE(m["result"].get<std::string>(), std::string("ok"));
        QCOMPARE(m["capture"]["tool"].get<std::string>(), std::string("cpu"));
        capturedRun_ = run;

        // The next wizard starts from these values.
        w->button(QWizard::FinishButton)->click();
        ui::CaptureWizard again;
        QCOMPARE(child<QLineEdit>(&again, "script")->text(), script);
        QCOMPARE(child<QLineEdit>(&again, "arguments")->text(), QStringLiteral("--steps 6"));
        QCOMPARE(child<QSpinBox>(&again, "warmup")->value(), 1);
        QCOMPARE(child<QComboBox>(&again, "captureTool")->currentData().toString(), QStringLiteral("cpu"));
        QCOMPARE(child<QLineEdit>(&again, "outputFolder")->text(), runs_.path());
    }

    void runsASweepFromTheCapturePage()
    {
        if (!haveTorch())
            QSKIP("no python3 here can import torch (install Debian's python3-torch)");
        ui::MainWindow window;
        window.show();
        child<QAction>(&window, "newCaptureAction")->trigger();
        auto *w = window.findChild<ui::CaptureWizard *>();
        QVERIFY(w);
        QVERIFY(fillWorkload(*w, QStringLiteral("--steps 6")));
        w->next();
        QVERIFY(QTest::qWaitFor([&] { return w->targetPage()->isComplete(); }, 60000));
        w->next();
        QCOMPARE(w->currentId(), int(ui::CaptureWizard::CapturePageId));
        fillCapture(*w, QStringLiteral("wizard-sweep"), 1, 1);
        // Sweep parameters on the Capture page: bad text is refused with the reason.
        auto *params = child<QLineEdit>(w, "sweepParameters");
        params->setText(QStringLiteral("size="));
        QCOMPARE(messageOf(w->capturePage()), QStringLiteral("Sweep parameters: parameter 'size' has an empty value "
                                                             "list (--param size=V1,V2,...)."));
        QVERIFY(!w->capturePage()->isComplete());
        // "huge" is no size of mlp.py: that run fails on purpose, the other one finishes.
        params->setText(QStringLiteral("size=tiny,huge"));
        QVERIFY(w->capturePage()->isComplete());
        const QString sweepDir = QDir(runs_.path()).filePath(QStringLiteral("wizard-sweep"));
        QCOMPARE(
            messageOf(w->capturePage()),
            QStringLiteral("A sweep of 2 capture(s), one per configuration, into the sweep folder %1.").arg(sweepDir));
        w->next();
        QVERIFY(QTest::qWaitFor([&] { return !w->replayAvailability().pending; }, 30000));
        w->next();
        QCOMPARE(w->currentId(), int(ui::CaptureWizard::ReviewPageId));
        QVERIFY(QTest::qWaitFor([&] { return w->reviewPage()->isComplete(); }, 60000));
        QCOMPARE(child<QLabel>(w, "runFolder")->text(), sweepDir);
        QVERIFY2(child<QLineEdit>(w, "cliCommand")->text().startsWith("opscope sweep --param size=tiny,huge "),
                 qPrintable(child<QLineEdit>(w, "cliCommand")->text()));

        // Run: one progress row per configuration, each ending as its run did.
        QSignalSpy finished(w->runner(), &ui::CaptureRunner::finished);
        w->next();
        QVERIFY(finished.wait(180000));
        const ui::CaptureRunner::Outcome outcome = w->runner()->outcome();
        QCOMPARE(outcome.sweepDir, sweepDir);
        QCOMPARE(outcome.problems.size(), 1);
        QVERIFY2(outcome.problems[0].startsWith("size=huge: capture failed"), qPrintable(outcome.problems[0]));
        const auto &stages = w->runner()->stages();
        QCOMPARE(stages.size(), size_t(2));
        QCOMPARE(stages[0].id, QStringLiteral("size=tiny"));
        QCOMPARE(int(stages[0].state), int(ui::CaptureRunner::State::Done));
        QCOMPARE(stages[1].id, QStringLiteral("size=huge"));
        QCOMPARE(int(stages[1].state), int(ui::CaptureRunner::State::Failed));
        QVERIFY2(stages[1].detail.startsWith("capture failed"), qPrintable(stages[1].detail));
        const nlohmann::json j = readJson((sweepDir + "/sweep.json").toStdString());
        QCOMPARE(j["runs"][0]["status"].get<std::string>(), std::string("ok"));
        QCOMPARE(j["runs"][1]["status"].get<std::string>(), std::string("failed"));
        // Finish: the sweep opens in its window.
        QVERIFY(QTest::qWaitFor([&] { return w->currentId() == ui::CaptureWizard::FinishPageId; }, 5000));
        QVERIFY(child<QLabel>(w, "summary")->text().contains("The sweep is open in its window"));
        QVERIFY(QTest::qWaitFor([&] { return window.findChild<ui::SweepWindow *>() != nullptr; }, 5000));
        w->button(QWizard::FinishButton)->click();
    }

    void replayPageOffersTheNcuProgram()
    {
        if (!haveTorch())
            QSKIP("no python3 here can import torch (install Debian's python3-torch)");
        // This machine has an nsys (a stand-in that tells its version) and no ncu where OpScope looks,
        // whatever is installed: $OPSCOPE_NCU names a program that is not there.
        QTemporaryDir tools;
        const auto fakeTool = [&](const QString &name, const QString &version) {
            const QString path = tools.filePath(name);
            QFile file(path);
            file.open(QIODevice::WriteOnly);
            file.write(QStringLiteral("#!/bin/sh\necho '%1'\n").arg(version).toUtf8());
            file.close();
            file.setPermissions(file.permissions() | QFileDevice::ExeOwner);
            return path;
        };
        const QString nsys = fakeTool(QStringLiteral("nsys"), QStringLiteral("NVIDIA Nsight Systems version 2025.3.1"));
        const QString ncu = fakeTool(QStringLiteral("ncu"), QStringLiteral("Version 2025.3.1.0 (build 36398880)"));
        qputenv("OPSCOPE_NSYS", nsys.toUtf8());
        qputenv("OPSCOPE_NCU", "/nonexistent/ncu");
        const auto restore = qScopeGuard([] {
            qunsetenv("OPSCOPE_NSYS");
            qunsetenv("OPSCOPE_NCU");
        });

        auto w = std::make_unique<ui::CaptureWizard>();
        w->show();
        QVERIFY(fillWorkload(*w, QStringLiteral("--steps 2")));
        w->next();
        QVERIFY(QTest::qWaitFor([&] { return w->targetPage()->isComplete(); }, 60000));
        w->next();
        fillCapture(*w, QStringLiteral("ncu-field"), 1, 1);
        auto *tool = child<QComboBox>(w.get(), "captureTool");
        auto *memoryUsage = child<QCheckBox>(w.get(), "cudaMemoryUsage");
        tool->setCurrentIndex(tool->findData(QStringLiteral("cpu")));
        QVERIFY(!memoryUsage->isEnabled()); // an nsys option
        tool->setCurrentIndex(tool->findData(QStringLiteral("nsys")));
        QVERIFY(memoryUsage->isEnabled());
        memoryUsage->setChecked(true);
        QVERIFY2(w->capturePage()->isComplete(), qPrintable(messageOf(w->capturePage())));
        w->next();
        QCOMPARE(w->currentId(), int(ui::CaptureWizard::ReplayPageId));
        QVERIFY(w->job().capture.nsysCudaMemoryUsage);
        const pipeline::Argv captureCli = ui::cliEquivalent(w->job());
        QVERIFY(std::find(captureCli.begin(), captureCli.end(), "--cuda-memory-usage") != captureCli.end());

        // No ncu: the box is unticked and disabled, the note says why and points at the field.
        auto *box = child<QCheckBox>(w.get(), "replayEnabled");
        auto *note = child<QLabel>(w.get(), "replayNote");
        auto *field = child<QLineEdit>(w.get(), "ncuPath");
        QVERIFY(QTest::qWaitFor([&] { return !w->replayAvailability().pending; }, 30000));
        QVERIFY(!box->isEnabled());
        QVERIFY(!box->isChecked());
        QVERIFY2(note->text().startsWith("Replay is off: ncu (Nsight Compute) was not found on this machine. Install "
                                         "Nsight Compute, or choose its ncu program in the field below."),
                 qPrintable(note->text()));
        for (const QString &text : {note->text(), messageOf(w->replayPage())})
            QVERIFY2(!text.contains("--ncu"), qPrintable(text));
        QVERIFY(note->toolTip().startsWith("ncu was not found (looked in ")); // where, for the curious
        QVERIFY(field->isVisibleTo(w.get()) && field->isEnabled());
        QVERIFY(w->replayPage()->isComplete()); // skipping the replay is fine
        QVERIFY(!w->job().replay);

        // The field: a path that is no ncu says so; the ncu program turns the replay on, ticked.
        field->setText(QStringLiteral("/nonexistent/bin/ncu"));
        QVERIFY(QTest::qWaitFor([&] { return !w->replayAvailability().pending; }, 30000));
        QVERIFY2(note->text().startsWith("Replay is off: ncu was not found at /nonexistent/bin/ncu. Choose "),
                 qPrintable(note->text()));
        QVERIFY(!box->isChecked());
        field->setText(ncu);
        QVERIFY(QTest::qWaitFor([&] { return !w->replayAvailability().pending; }, 30000));
        QVERIFY2(w->replayAvailability().available, qPrintable(w->replayAvailability().why));
        QVERIFY(box->isEnabled());
        QVERIFY(box->isChecked());
        QVERIFY(!note->isVisibleTo(w.get()));
        QVERIFY(w->replayPage()->replayChosen());
        QCOMPARE(w->job().replay->ncuPath, ncu.toStdString());
        const pipeline::Argv cli = ui::cliEquivalent(w->job());
        const pipeline::Argv option{"--ncu", ncu.toStdString()};
        QVERIFY(std::search(cli.begin(), cli.end(), option.begin(), option.end()) != cli.end());

        // Cancel keeps what was typed: the next wizard starts from it.
        child<QLineEdit>(w.get(), "arguments")->setText(QStringLiteral("--steps 3"));
        w->button(QWizard::CancelButton)->click();
        QVERIFY(!w->isVisible());
        w.reset();
        ui::CaptureWizard again;
        QCOMPARE(child<QLineEdit>(&again, "arguments")->text(), QStringLiteral("--steps 3"));
        QCOMPARE(child<QLineEdit>(&again, "ncuPath")->text(), ncu);
        QCOMPARE(child<QComboBox>(&again, "captureTool")->currentData().toString(), QStringLiteral("nsys"));
        QVERIFY(child<QCheckBox>(&again, "cudaMemoryUsage")->isChecked());
        // Leave the CPU capture as the last choice for the tests after this one.
        child<QCheckBox>(&again, "cudaMemoryUsage")->setChecked(false);
        tool = child<QComboBox>(&again, "captureTool");
        tool->setCurrentIndex(tool->findData(QStringLiteral("cpu")));
        child<QLineEdit>(&again, "ncuPath")->clear();
        again.remember();
    }

    void cancelDuringTheRunLeavesNoProcess_data()
    {
        QTest::addColumn<bool>("closeWizard");
        QTest::newRow("Cancel run button") << false;
        QTest::newRow("wizard's Cancel") << true;
    }

    void cancelDuringTheRunLeavesNoProcess()
    {
        if (!haveTorch())
            QSKIP("no python3 here can import torch (install Debian's python3-torch)");
        QFETCH(bool, closeWizard);
        // A capture that would run for hours (1,000,000 warm-up steps), cancelled once the workload runs.
        const QString name = closeWizard ? QStringLiteral("cancel-close") : QStringLiteral("cancel-button");
        const std::string run = QDir(runs_.path()).filePath(name).toStdString();
        ui::CaptureWizard w;
        w.show();
        QVERIFY(fillWorkload(w, QStringLiteral("--steps 100000000")));
        w.next();
        QVERIFY2(QTest::qWaitFor([&] { return w.targetPage()->isComplete(); }, 60000),
                 qPrintable(messageOf(w.targetPage())));
        w.next();
        fillCapture(w, name, 1000000, 1);
        w.next();
        w.next();
        QVERIFY(QTest::qWaitFor([&] { return w.reviewPage()->isComplete(); }, 60000));
        QSignalSpy finished(w.runner(), &ui::CaptureRunner::finished);
        w.next();
        QCOMPARE(w.currentId(), int(ui::CaptureWizard::RunPageId));
        QVERIFY2(QTest::qWaitFor([&] { return w.runPage()->outputText().contains("OPSCOPE step 2/"); }, 60000),
                 qPrintable(w.runPage()->outputText()));
        const std::vector<pid_t> running = processesMentioning(run + "/");
        QVERIFY2(!running.empty(), "no workload process was seen while it ran");
        QVERIFY(!descendants(sshd_.sshdPid()).empty());

        if (closeWizard) {
            QSignalSpy rejected(&w, &QDialog::rejected);
            w.button(QWizard::CancelButton)->click();
            QVERIFY(w.isVisible()); // until the run has ended
            QVERIFY(finished.wait(20000));
            QVERIFY(rejected.wait(5000) || !rejected.isEmpty());
            QVERIFY(!w.isVisible());
        } else {
            child<QPushButton>(&w, "cancelRun")->click();
            QVERIFY(finished.wait(20000));
            QCOMPARE(w.currentId(), int(ui::CaptureWizard::RunPageId)); // stays, with what happened
            QVERIFY(child<QLabel>(&w, "runStatus")->text().startsWith("Cancelled."));
            // Nothing to go on to: no Next, and the wizard's last button closes it.
            QVERIFY(!w.runPage()->isComplete());
            QVERIFY(!w.button(QWizard::NextButton)->isEnabled());
            QCOMPARE(w.button(QWizard::CancelButton)->text(), QStringLiteral("&Close"));
        }
        const ui::CaptureRunner::Outcome outcome = w.runner()->outcome();
        QVERIFY(outcome.cancelled);
        QCOMPARE(int(w.runner()->stages().front().state), int(ui::CaptureRunner::State::Cancelled));
        QVERIFY2(processesMentioning(run + "/").empty(), "a process of the cancelled run survived");
        QVERIFY2(descendants(sshd_.sshdPid()).empty(), "a child process of the wizard survived");
        const nlohmann::json m = readJson(run + "/manifest.json");
        QCOMPARE(m["result"].get<std::string>(), std::string("cancelled"));
        QCOMPARE(m["stages"][0]["status"].get<std::string>(), std::string("cancelled"));
    }

    void capturesThroughSsh()
    {
        if (!sshUsable())
            QSKIP("needs sshd, torch and opscope-cli here (see the warning)");
        ui::MainWindow window;
        window.show();
        child<QAction>(&window, "newCaptureAction")->trigger();
        auto *w = window.findChild<ui::CaptureWizard *>();
        QVERIFY(w);
        child<QComboBox>(w, "runOn")->setCurrentIndex(1);
        child<QLineEdit>(w, "script")->setText(QStringLiteral("/srv/on-the-host/train.py"));
        // Paths are the host's: a script missing here is not a problem on this page.
        QVERIFY(w->workloadPage()->isComplete());
        QVERIFY2(messageOf(w->workloadPage())
                     .startsWith("The script, interpreter and working directory are paths on "
                                 "the host"),
                 qPrintable(messageOf(w->workloadPage())));

        // Target: the hosts of the config file are offered; a refused key says which host and why.
        child<QComboBox>(w, "host")->setEditText(QString()); // not the one a wizard before remembered
        w->next();
        QCOMPARE(w->currentId(), int(ui::CaptureWizard::TargetPageId));
        QVERIFY(child<QRadioButton>(w, "targetSsh")->isChecked());
        QCOMPARE(messageOf(w->targetPage()), QStringLiteral("Choose the SSH host (a Host of your ssh config, or "
                                                            "user@hostname)."));
        auto *config = child<QLineEdit>(w, "sshConfig");
        config->setText(QString::fromStdString(sshd_.configFile));
        emit config->editingFinished();
        auto *host = child<QComboBox>(w, "host");
        QStringList hosts;
        for (int i = 0; i < host->count(); ++i)
            hosts << host->itemText(i);
        QCOMPARE(hosts, (QStringList{SshdFixture::kHost, SshdFixture::kWrongKeyHost, SshdFixture::kUnknownHostKeyHost,
                                     SshdFixture::kClosedPortHost}));
        host->setEditText(QString::fromLatin1(SshdFixture::kWrongKeyHost));
        QCOMPARE(messageOf(w->targetPage()), QStringLiteral("Press Check to ask opscope-test-wrongkey what it has."));
        child<QPushButton>(w, "checkButton")->click();
        QVERIFY(QTest::qWaitFor([&] { return w->targetCheck() != nullptr; }, 60000));
        QVERIFY(!w->targetPage()->isComplete());
        QVERIFY2(messageOf(w->targetPage())
                     .startsWith("opscope-test-wrongkey refused the authentication (Permission denied). OpScope runs "
                                 "ssh in batch mode"),
                 qPrintable(messageOf(w->targetPage())));
        w->back();

        QVERIFY(driveSshTarget(*w, QStringLiteral("--steps 6")));
        const remote::TargetCheck *check = w->targetCheck();
        QCOMPARE(check->tool("opscope")->path, remoteRuns_.path().toStdString() + "/.opscope/opscope-cli");
        QVERIFY(check->tool("torch")->found);
        w->next();
        fillCapture(*w, QStringLiteral("ssh-mlp"), 1, 1);
        QVERIFY(w->capturePage()->isComplete());
        w->next();
        QVERIFY(!w->replayPage()->replayChosen());
        QVERIFY(child<QLabel>(w, "replayNote")->text().contains("opscope-test (ssh)"));
        w->next();
        QVERIFY(QTest::qWaitFor([&] { return w->reviewPage()->isComplete(); }, 60000));
        const QString run = QDir(runs_.path()).filePath(QStringLiteral("ssh-mlp"));
        QCOMPARE(child<QLabel>(w, "runFolder")->text(), run);
        const QString commands = w->reviewPage()->commandsText();
        QVERIFY2(commands.startsWith("# connect\nssh "), qPrintable(commands));
        QVERIFY(commands.contains(QStringLiteral("# remote capture\nssh ")));
        QVERIFY(commands.contains(QString::fromStdString(sshd_.configFile)));
        QVERIFY(commands.contains(QStringLiteral(" opscope-test ")));
        QVERIFY(commands.contains(QStringLiteral("# copy back\n")));

        QSignalSpy opened(&window, &ui::MainWindow::openFinished);
        QSignalSpy finished(w->runner(), &ui::CaptureRunner::finished);
        w->next();
        QVERIFY(finished.wait(300000));
        const ui::CaptureRunner::Outcome outcome = w->runner()->outcome();
        QVERIFY2(outcome.ok(), qPrintable(outcome.error + outcome.problems.join("\n")));
        QCOMPARE(outcome.runDir, run);
        QCOMPARE(outcome.profilePath, run + QStringLiteral("/ssh-mlp.opscope"));
        QStringList ids;
        for (const auto &s : w->runner()->stages()) {
            ids << s.id;
            // The check copied the CLI there already: the run did not need to.
            QCOMPARE(int(s.state),
                     int(s.id == "copy cli" ? ui::CaptureRunner::State::Skipped : ui::CaptureRunner::State::Done));
        }
        QCOMPARE(ids, (QStringList{"connect", "copy cli", "remote capture", "copy back", "import"}));
        QVERIFY(w->runPage()->outputText().contains("[capture] OPSCOPE step 5/5 capture"));
        QVERIFY(QTest::qWaitFor([&] { return w->currentId() == ui::CaptureWizard::FinishPageId; }, 5000));
        QVERIFY(opened.wait(60000) || !opened.isEmpty());
        QCOMPARE(opened.last().at(0).toBool(), true);
        const Profile *p = window.profile();
        std::set<std::string> labels;
        for (const ModuleInstance &m : p->modules)
            if (!isPhase(m)) // the phases of the step stand beside the model (phases.h)
                labels.insert(std::string(p->text(m.path)) + "[" + std::string(p->text(m.class_name)) + "]");
        const std::vector<std::string> expected = mlpLabels(3);
        QCOMPARE(labels, std::set<std::string>(expected.begin(), expected.end()));
        const nlohmann::json m = readJson((run + "/manifest.json").toStdString());
        QCOMPARE(m["remote"]["host"].get<std::string>(), std::string(SshdFixture::kHost));
        QCOMPARE(m["remote"]["run_dir"].get<std::string>(), (remoteRuns_.path() + "/ssh-mlp").toStdString());
        QVERIFY2(QTest::qWaitFor([&] { return sshd_.sessionProcesses().empty(); }, 5000),
                 "an SSH connection outlived the run");
    }

    void sshCancelLeavesNoProcess()
    {
        if (!sshUsable())
            QSKIP("needs sshd, torch and opscope-cli here (see the warning)");
        ui::CaptureWizard w;
        w.show();
        QVERIFY(driveSshTarget(w, QStringLiteral("--steps 100000000")));
        w.next();
        fillCapture(w, QStringLiteral("ssh-cancel"), 1000000, 1);
        w.next();
        w.next();
        QVERIFY(QTest::qWaitFor([&] { return w.reviewPage()->isComplete(); }, 60000));
        QSignalSpy finished(w.runner(), &ui::CaptureRunner::finished);
        w.next();
        QVERIFY2(QTest::qWaitFor([&] { return w.runPage()->outputText().contains("OPSCOPE step 2/"); }, 120000),
                 qPrintable(w.runPage()->outputText()));
        const std::string remoteRun = remoteRuns_.path().toStdString() + "/ssh-cancel";
        QVERIFY2(!processesMentioning(remoteRun + "/").empty(), "no workload process was seen on the host");
        pid_t group = 0; // the remote run's process group (its leader starts a session)
        for (const auto &entry :
             std::filesystem::directory_iterator(remoteRuns_.path().toStdString() + "/.opscope/pids"))
            group = pid_t(std::atoi(SshdFixture::readFile(entry.path()).c_str()));
        QVERIFY(group > 0);
        QVERIFY(!SshdFixture::processesInSession(group).empty());

        child<QPushButton>(&w, "cancelRun")->click();
        QVERIFY(finished.wait(60000));
        QVERIFY(w.runner()->outcome().cancelled);
        // The host side: the workload and the run's session are gone; the CLI recorded the cancel.
        QVERIFY2(QTest::qWaitFor([&] { return processesMentioning(remoteRun + "/").empty(); }, 5000),
                 "the workload survived the cancel on the host");
        QVERIFY2(QTest::qWaitFor([&] { return SshdFixture::processesInSession(group).empty(); }, 5000),
                 "a process of the remote run's session survived");
        QVERIFY2(QTest::qWaitFor([&] { return sshd_.sessionProcesses().empty(); }, 5000),
                 "an SSH session outlived the cancel");
        const nlohmann::json m = readJson(remoteRun + "/manifest.json");
        QVERIFY2(m.value("result", std::string()) == "cancelled", m.dump(1).c_str());
        // This side: no ssh client or connection master, no child of the wizard.
        QVERIFY2(QTest::qWaitFor([&] { return processesMentioning(sshd_.configFile).empty(); }, 5000),
                 "an ssh process survived the cancel");
        QVERIFY2(descendants(sshd_.sshdPid()).empty(), "a child process of the wizard survived");
    }

    void deepDiveOpensTheReplayWizardPrefilled()
    {
        if (capturedRun_.isEmpty())
            QSKIP("needs the run of capturesLocallyAndOpensTheProfile");
        ui::MainWindow window;
        window.show();
        QSignalSpy opened(&window, &ui::MainWindow::openFinished);
        const QString profile = capturedRun_ + QStringLiteral("/wizard-mlp.opscope");
        window.openFile(profile);
        QVERIFY(opened.wait(60000));
        QCOMPARE(ui::runFolderOfProfile(profile), capturedRun_);
        const ui::ProfileAnalysis *analysis = window.analysis();
        QVERIFY(analysis);

        // A module: its label, the detailed set, no dedup (the member itself must be profiled).
        const int node = analysis->tree.find("blocks.1");
        QVERIFY(node >= 0);
        auto *action = child<QAction>(&window, "deepDiveAction");
        QVERIFY(!action->isEnabled());
        window.selection()->setModule(node);
        QVERIFY(action->isEnabled());
        action->trigger();
        auto *w = window.findChild<ui::ReplayWizard *>();
        QVERIFY(w && w->isVisible());
        QCOMPARE(w->windowTitle(), QStringLiteral("Deep Dive: blocks.1[Block]"));
        QCOMPARE(child<QLineEdit>(w, "runFolder")->text(), capturedRun_);
        QVERIFY(w->runFolderPage()->isComplete());
        QCOMPARE(child<QLineEdit>(w, "nvtxInclude")->text(), QStringLiteral("blocks.1[Block]"));
        QCOMPARE(child<QComboBox>(w, "metricSet")->currentText(), QStringLiteral("detailed"));
        QVERIFY(!child<QCheckBox>(w, "dedup")->isChecked());
        const pipeline::ReplayRequest request = w->replayPage()->request();
        QCOMPARE(request.ncu.metricSet, std::string("detailed"));
        QCOMPARE(request.ncu.nvtxInclude.size(), size_t(1));
        // As ncu gets it: an anchored regex with escaped brackets and the push/pop '/'.
        QCOMPARE(pipeline::ncuNvtxExpression(request.ncu.nvtxInclude[0]),
                 std::string("regex:^blocks\\.1\\[Block\\]$/"));
        pipeline::Argv cli = {"opscope",  "replay",         capturedRun_.toStdString(), "--set",
                              "detailed", "--nvtx-include", "blocks.1[Block]",          "--no-dedup"};
        QVERIFY(QTest::qWaitFor([&] { return !w->replayAvailability().pending; }, 30000)); // ncu looked up
        if (const std::string ncu = w->job().replay->ncuPath; !ncu.empty())
            cli.insert(cli.end(), {"--ncu", ncu});
        QCOMPARE(ui::cliEquivalent(w->job()), cli);

        // This run is a CPU capture, and this machine has no ncu (tools_): the Replay page says why it
        // cannot go on.
        w->next();
        QCOMPARE(w->currentId(), int(ui::ReplayWizard::ReplayPageId));
        QVERIFY(QTest::qWaitFor([&] { return !w->replayAvailability().pending; }, 30000));
        QVERIFY(!w->replayPage()->isComplete());
        // In the page's terms: its field, not the CLI's --ncu; the plan and the note's detail name the
        // missing tool as the CLI does.
        QCOMPARE(messageOf(w->replayPage()),
                 QStringLiteral("ncu (Nsight Compute) was not found on this machine. Install Nsight Compute, "
                                "or choose its ncu program in the field below."));
        QVERIFY(child<QLineEdit>(w, "ncuPath")->isVisibleTo(w));
        const std::string noNcu = "ncu was not found (looked in " + tools_.path() +
                                  ", from OPSCOPE_TOOL_PATH). Install Nsight Compute or pass --ncu PATH.";
        QCOMPARE(ui::planJob(w->job()).error, noNcu);
        QCOMPARE(w->replayAvailability().detail, QString::fromStdString(noNcu));
        w->close();
        {
            // With an ncu here, what stops it is the kind of capture.
            const ToolFolder withNcu;
            const std::string ncu = withNcu.add("ncu", "echo 'Version 2025.3.1.0 (build 36398880)'\n");
            ui::ReplayWizard *again = ui::showReplayWizard(
                &window, ui::deepDiveFor(*analysis, {ui::Selection::Kind::Module, Index(node), true}));
            again->next();
            QVERIFY(QTest::qWaitFor([&] { return !again->replayAvailability().pending; }, 30000));
            QCOMPARE(again->job().replay->ncuPath, ncu);
            QVERIFY(!again->replayPage()->isComplete());
            QVERIFY2(messageOf(again->replayPage()).startsWith("this run was captured with torch.profiler (CPU only)"),
                     qPrintable(messageOf(again->replayPage())));
            again->close();
        }

        // An operator: its emit_nvtx range ("aten::linear, seq = ...") as a regex, kept as given by ncu's
        // option builder.
        const Profile &p = *analysis->profile;
        Index linear = kNoIndex;
        for (Index op = 0; op < p.operators.size() && linear == kNoIndex; ++op)
            if (p.text(p.operators[op].name) == "aten::linear")
                linear = op;
        QVERIFY(linear != kNoIndex);
        auto dive = ui::deepDiveFor(*analysis, {ui::Selection::Kind::Operator, linear, true});
        QVERIFY(dive);
        QCOMPARE(dive->subject, QStringLiteral("aten::linear"));
        QCOMPARE(dive->nvtxInclude, QStringList{"regex:^aten::linear,.*/"});
        QVERIFY(dive->dedup);
        QCOMPARE(pipeline::ncuNvtxExpression({dive->nvtxInclude[0].toStdString(), true}),
                 std::string("regex:^aten::linear,.*/"));
        QVERIFY(!ui::deepDiveFor(*analysis, {}));
    }

    void deepDiveOnGroupsAndKernels()
    {
        // The bundled H100 capture (4-block GPT, bf16 inference): its identical blocks form a group, and
        // its first GEMM of the captured step is blocks.0.attn.qkv's (see tst_main_window).
        const QStringList files = ui::sampleCaptureFiles();
        QCOMPARE(files.size(), 2);
        ui::MainWindow window;
        QSignalSpy opened(&window, &ui::MainWindow::openFinished);
        window.openFiles(files);
        QVERIFY(opened.wait(60000));
        QVERIFY(opened.last().at(0).toBool());
        const ui::ProfileAnalysis &a = *window.analysis();
        int blocks = -1;
        for (size_t g = 0; g < a.tree.groups.size(); ++g)
            if (a.tree.groups[g].name == "blocks.*")
                blocks = int(g);
        QVERIFY(blocks >= 0);
        auto dive = ui::deepDiveFor(a, {ui::Selection::Kind::Group, Index(blocks)});
        QVERIFY(dive);
        QCOMPARE(dive->subject, QStringLiteral("blocks.*[Block]"));
        QCOMPARE(dive->nvtxInclude, QStringList{"blocks.*[Block]"});
        QVERIFY(dive->dedup); // the representative's counters stand for the other blocks
        QCOMPARE(dive->metricSet, QStringLiteral("detailed"));

        const Profile &p = *a.profile;
        Index gemm = kNoIndex;
        for (Index k = 0; k < p.kernels.size() && gemm == kNoIndex; ++k)
            if (!(p.kernels[k].flags & kKernelOutsideCapture) && p.text(p.kernels[k].name).starts_with("nvjet"))
                gemm = k;
        QVERIFY(gemm != kNoIndex);
        dive = ui::deepDiveFor(a, {ui::Selection::Kind::Kernel, gemm});
        QVERIFY(dive);
        QCOMPARE(dive->nvtxInclude, QStringList{"blocks.0.attn.qkv[Linear]"});
        QVERIFY(dive->subject.startsWith(QStringLiteral("nvjet")));
        // An nvjet name has no regex metacharacters: it goes into the pattern as it is.
        QVERIFY(QRegularExpression(QStringLiteral("^[A-Za-z0-9_]+$")).match(dive->subject).hasMatch());
        QCOMPARE(dive->kernelRegex, QStringLiteral(".*") + dive->subject + ".*");
        QVERIFY(!dive->dedup);
        // The sample was not made by a capture run: no run folder, so no deep dive from the menu.
        QVERIFY(ui::runFolderOfProfile(window.profilePath()).isEmpty());
        window.selection()->setGroup(blocks);
        QVERIFY(!child<QAction>(&window, "deepDiveAction")->isEnabled());
    }

    void replayWizardChecksTheRunFolder()
    {
        ui::ReplayWizard w;
        w.show();
        child<QLineEdit>(&w, "runFolder")->setText(runs_.path() + QStringLiteral("/no-such-run"));
        QVERIFY(!w.runFolderPage()->isComplete());
        QVERIFY2(messageOf(w.runFolderPage()).contains("no-such-run"), qPrintable(messageOf(w.runFolderPage())));
        child<QLineEdit>(&w, "runFolder")->clear();
        QCOMPARE(messageOf(w.runFolderPage()),
                 QStringLiteral("Choose a run folder (made by New Capture or opscope capture)."));
    }

    // The Target page's ranks: 2 processes per node run the unchanged DDP script through torchrun (each rank
    // an `opscope-cli capture` under the launcher) and the profile that opens has both ranks; a Slurm
    // target runs srun with its options as an argument vector and says when they cannot be split.
    void capturesTwoRanksAndOffersSlurm()
    {
        if (!haveTorch())
            QSKIP("no python3 here can import torch (install Debian's python3-torch)");
        namespace keys = ui::settings::captureWizard;
        const auto restore = qScopeGuard([] { // the other cases run one process
            ui::settings::write(keys::nprocPerNode, 1);
            ui::settings::write(keys::slurm, false);
            ui::settings::write(keys::srunArgs, QString());
        });
        ui::MainWindow window;
        window.show();
        child<QAction>(&window, "newCaptureAction")->trigger();
        auto *w = window.findChild<ui::CaptureWizard *>();
        QVERIFY(w);
        const QString script = QString::fromStdString(sourceFile("tests/integration/ddp_gloo_train.py"));
        child<QComboBox>(w, "runOn")->setCurrentIndex(0);
        child<QLineEdit>(w, "script")->setText(script);
        child<QLineEdit>(w, "arguments")->clear();
        child<QLineEdit>(w, "python")->setText(QString::fromStdString(python_));
        QVERIFY(QTest::qWaitFor([&] { return w->workloadPage()->isComplete(); }, 120000));
        w->next();
        QCOMPARE(w->currentId(), int(ui::CaptureWizard::TargetPageId));
        QVERIFY(QTest::qWaitFor([&] { return w->targetPage()->isComplete(); }, 60000));
        auto *nproc = child<QSpinBox>(w, "nprocPerNode");
        auto *slurm = child<QCheckBox>(w, "slurm");
        auto *srunArgs = child<QLineEdit>(w, "srunArgs");
        QCOMPARE(nproc->value(), 1);
        QVERIFY(!srunArgs->isEnabled());
        // Slurm: options srun cannot take as words are refused on the page.
        slurm->setChecked(true);
        QVERIFY(!nproc->isEnabled());
        srunArgs->setText(QStringLiteral("-N1 -n2 --job-name='unbalanced"));
        QVERIFY(!w->targetPage()->isComplete());
        QCOMPARE(messageOf(w->targetPage()),
                 QStringLiteral("The srun options have an unbalanced quote or end in a backslash."));
        srunArgs->setText(QStringLiteral("-N1 -n2 --job-name='opscope test'"));
        QVERIFY(w->targetPage()->isComplete());
        QCOMPARE(w->job().capture.srunArgs, std::optional<std::string>("-N1 -n2 --job-name='opscope test'"));
        QCOMPARE(w->job().capture.nprocPerNode, 0);
        slurm->setChecked(false);
        nproc->setValue(2);
        QCOMPARE(w->job().capture.nprocPerNode, 2);
        QVERIFY(!w->job().capture.srunArgs);
        w->next();
        fillCapture(*w, QStringLiteral("wizard-ddp"), 2, 2);
        child<QSpinBox>(w, "warmup")->setValue(2);
        QVERIFY(w->capturePage()->isComplete());
        w->next();
        QCOMPARE(w->currentId(), int(ui::CaptureWizard::ReplayPageId));
        QVERIFY(QTest::qWaitFor([&] { return !w->replayAvailability().pending; }, 30000));
        w->next();
        QCOMPARE(w->currentId(), int(ui::CaptureWizard::ReviewPageId));
        QVERIFY2(QTest::qWaitFor([&] { return w->reviewPage()->isComplete(); }, 60000),
                 qPrintable(messageOf(w->reviewPage()) + w->reviewPage()->commandsText()));
        const QString run = QDir(runs_.path()).filePath(QStringLiteral("wizard-ddp"));
        const QString commands = w->reviewPage()->commandsText();
        QVERIFY2(commands.startsWith("# torchrun\nenv "), qPrintable(commands));
        QVERIFY2(commands.contains(QStringLiteral(" -m opscope_torchrun --standalone --nproc_per_node 2 --no_python ")),
                 qPrintable(commands));
        QVERIFY2(commands.contains(QStringLiteral(" capture %1 --tool cpu ").arg(script)), qPrintable(commands));
        QVERIFY2(commands.contains(QStringLiteral(" --name wizard-ddp --no-import")), qPrintable(commands));
        QVERIFY2(child<QLineEdit>(w, "cliCommand")->text().contains(QStringLiteral(" --nproc-per-node 2")),
                 qPrintable(child<QLineEdit>(w, "cliCommand")->text()));

        QSignalSpy opened(&window, &ui::MainWindow::openFinished);
        QSignalSpy finished(w->runner(), &ui::CaptureRunner::finished);
        w->next();
        QVERIFY(finished.wait(300000));
        const ui::CaptureRunner::Outcome outcome = w->runner()->outcome();
        QVERIFY2(outcome.ok(), qPrintable(outcome.error + outcome.problems.join("\n")));
        QCOMPARE(outcome.profilePath, run + QStringLiteral("/wizard-ddp.opscope"));
        QCOMPARE(w->runner()->stages().front().id, QStringLiteral("torchrun"));
        QVERIFY(opened.wait(60000) || !opened.isEmpty());
        QCOMPARE(window.profilePath(), outcome.profilePath);
        QVERIFY(window.profile());
        QCOMPARE(ranksOf(*window.profile()), (std::vector<int>{0, 1}));
        QCOMPARE(analyzeRanks(*window.profile()).straggler, 1);
    }
};

} // namespace tst_capture_wizard_suite

OPSCOPE_TEST_SUITE(tst_capture_wizard, tst_capture_wizard_suite::TestCaptureWizard, Gui)
#include "tst_capture_wizard.moc"
