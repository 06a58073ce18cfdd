#include "wizards/workload_page.h"
#include "common/qt_text.h"

#include "common/settings.h"
#include "wizards/capture_wizard.h"
#include "wizards/check_view.h"
#include "wizards/page_util.h"

#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QPushButton>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

namespace opscope::ui {

WorkloadPage::WorkloadPage(CaptureWizard *wizard)
    : wizard_(wizard), runOn_(new QComboBox(this)), script_(new QLineEdit(this)), args_(new QLineEdit(this)),
      python_(new QLineEdit(this)), workingDir_(new QLineEdit(this)), env_(new QTableWidget(0, 2, this)),
      check_(new CheckView(this)), message_(makeMessageLabel(this)), recheck_(new QTimer(this))
{
    setTitle(tr("Workload"));
    setSubTitle(tr("The PyTorch script to capture. It runs unchanged: OpScope's launcher labels every module and "
                   "finds the training or inference step on its own."));
    runOn_->setObjectName(QStringLiteral("runOn"));
    runOn_->addItems({tr("This machine"), tr("An SSH host (paths below are on the host)")});
    script_->setObjectName(QStringLiteral("script"));
    script_->setPlaceholderText(tr("train.py"));
    args_->setObjectName(QStringLiteral("arguments"));
    args_->setPlaceholderText(tr("arguments of the script, as in a shell: --batch 32 --size small"));
    python_->setObjectName(QStringLiteral("python"));
    python_->setPlaceholderText(tr("found automatically (the first python3 that imports torch)"));
    workingDir_->setObjectName(QStringLiteral("workingDirectory"));
    workingDir_->setPlaceholderText(tr("the script's folder"));
    env_->setObjectName(QStringLiteral("environment"));
    env_->setHorizontalHeaderLabels({tr("Variable"), tr("Value")});
    env_->horizontalHeader()->setStretchLastSection(true);
    env_->horizontalHeader()->resizeSection(0, 220);
    env_->verticalHeader()->hide();
    env_->setMaximumHeight(110);
    check_->setObjectName(QStringLiteral("pythonCheck"));
    check_->setMaximumHeight(110);
    recheck_->setSingleShot(true);
    recheck_->setInterval(500);

    auto *envButtons = new QHBoxLayout;
    auto *addEnv = new QPushButton(tr("Add variable"), this);
    auto *removeEnv = new QPushButton(tr("Remove"), this);
    addEnv->setObjectName(QStringLiteral("addVariable"));
    envButtons->addWidget(addEnv);
    envButtons->addWidget(removeEnv);
    envButtons->addStretch(1);

    auto *form = new QFormLayout;
    form->addRow(tr("Run on:"), runOn_);
    form->addRow(tr("&Script:"),
                 withBrowseButton(
                     script_,
                     [this] {
                         return QFileDialog::getOpenFileName(this, tr("PyTorch script"), script_->text(),
                                                             tr("Python scripts (*.py);;All files (*)"));
                     },
                     this));
    form->addRow(tr("&Arguments:"), args_);
    form->addRow(tr("&Interpreter:"),
                 withBrowseButton(
                     python_, [this] { return QFileDialog::getOpenFileName(this, tr("Python interpreter")); }, this));
    form->addRow(QString(), check_);
    form->addRow(
        tr("&Working directory:"),
        withBrowseButton(
            workingDir_, [this] { return QFileDialog::getExistingDirectory(this, tr("Working directory")); }, this));
    form->addRow(tr("&Environment:"), env_);
    form->addRow(QString(), envButtons);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addStretch(1);
    layout->addWidget(message_);

    load(); // before the connections: while the wizard builds its pages, the others do not exist yet
    connect(addEnv, &QPushButton::clicked, this, [this] {
        addEnvRow({}, {});
        env_->editItem(env_->item(env_->rowCount() - 1, 0));
    });
    connect(removeEnv, &QPushButton::clicked, this, [this] {
        if (env_->currentRow() >= 0)
            env_->removeRow(env_->currentRow());
        refresh();
    });
    connect(env_, &QTableWidget::itemChanged, this, &WorkloadPage::refresh);
    connect(runOn_, &QComboBox::currentIndexChanged, this, [this](int index) { wizard_->setRemote(index == 1); });
    connect(wizard_, &CaptureWizard::remoteChanged, this, [this](bool remote) {
        QSignalBlocker block(runOn_);
        runOn_->setCurrentIndex(remote ? 1 : 0);
        refresh();
        if (!remote)
            recheck_->start();
    });
    connect(script_, &QLineEdit::textChanged, this, &WorkloadPage::refresh);
    connect(workingDir_, &QLineEdit::textChanged, this, &WorkloadPage::refresh);
    connect(python_, &QLineEdit::textChanged, this, [this] {
        refresh();
        recheck_->start(); // not on every key stroke
    });
    connect(recheck_, &QTimer::timeout, this, [this] {
        if (!wizard_->isRemote())
            wizard_->checkTarget();
    });
    connect(wizard_, &CaptureWizard::targetCheckChanged, this, &WorkloadPage::refresh);
}

void WorkloadPage::addEnvRow(const QString &name, const QString &value)
{
    QSignalBlocker block(env_);
    const int row = env_->rowCount();
    env_->insertRow(row);
    env_->setItem(row, 0, new QTableWidgetItem(name));
    env_->setItem(row, 1, new QTableWidgetItem(value));
}

void WorkloadPage::load()
{
    namespace keys = settings::captureWizard;
    script_->setText(settings::read(keys::script));
    args_->setText(settings::read(keys::arguments));
    python_->setText(settings::read(keys::python));
    workingDir_->setText(settings::read(keys::workingDirectory));
    for (const QString &item : settings::read(keys::environment)) {
        const qsizetype eq = item.indexOf(QLatin1Char('='));
        addEnvRow(item.left(eq), eq < 0 ? QString() : item.mid(eq + 1));
    }
    const bool remote = settings::read(keys::remote);
    QSignalBlocker block(runOn_);
    runOn_->setCurrentIndex(remote ? 1 : 0);
}

void WorkloadPage::save() const
{
    namespace keys = settings::captureWizard;
    settings::write(keys::script, script_->text());
    settings::write(keys::arguments, args_->text());
    settings::write(keys::python, python_->text());
    settings::write(keys::workingDirectory, workingDir_->text());
    QStringList env;
    for (int row = 0; row < env_->rowCount(); ++row)
        if (env_->item(row, 0) && !env_->item(row, 0)->text().trimmed().isEmpty())
            env << env_->item(row, 0)->text().trimmed() + QLatin1Char('=') +
                       (env_->item(row, 1) ? env_->item(row, 1)->text() : QString());
    settings::write(keys::environment, env);
    settings::write(keys::remote, wizard_->isRemote());
}

QString WorkloadPage::pythonText() const
{
    return python_->text().trimmed();
}

QString WorkloadPage::scriptText() const
{
    return script_->text().trimmed();
}

pipeline::Workload WorkloadPage::workload() const
{
    pipeline::Workload w;
    w.script = scriptText().toStdString();
    for (const QString &arg : QProcess::splitCommand(args_->text()))
        w.args.push_back(arg.toStdString());
    w.workingDirectory = workingDir_->text().trimmed().toStdString();
    w.python = pythonText().toStdString();
    for (int row = 0; row < env_->rowCount(); ++row) {
        const QString name = env_->item(row, 0) ? env_->item(row, 0)->text().trimmed() : QString();
        if (!name.isEmpty())
            w.env[name.toStdString()] = (env_->item(row, 1) ? env_->item(row, 1)->text() : QString()).toStdString();
    }
    return w;
}

QString WorkloadPage::problem() const
{
    const QString script = scriptText();
    if (script.isEmpty())
        return tr("Choose the Python script to run.");
    for (int row = 0; row < env_->rowCount(); ++row) {
        const QString name = env_->item(row, 0) ? env_->item(row, 0)->text().trimmed() : QString();
        if (!name.isEmpty() && !pipeline::isVariableName(name.toStdString()))
            return tr("'%1' is not a variable name (letters, digits and _, not starting with a digit).").arg(name);
        if (name.isEmpty() && env_->item(row, 1) && !env_->item(row, 1)->text().isEmpty())
            return tr("An environment variable has a value but no name.");
    }
    if (wizard_->isRemote())
        return {}; // paths and the interpreter are on the host: checked there on the next page
    const QString cwd = workingDir_->text().trimmed();
    if (!cwd.isEmpty() && !QFileInfo(cwd).isDir())
        return tr("The working directory %1 does not exist.").arg(cwd);
    QFileInfo file(script);
    if (file.isRelative() && !cwd.isEmpty())
        file.setFile(QDir(cwd).filePath(script));
    if (!file.exists())
        return tr("The script %1 does not exist on this machine.").arg(file.absoluteFilePath());
    if (!file.isFile())
        return tr("%1 is a folder, not a script.").arg(file.absoluteFilePath());
    const remote::TargetCheck *check = wizard_->targetCheck();
    if (!check)
        return tr("Checking the Python interpreter...");
    const remote::ToolCheck *python = check->tool("python");
    if (!python || !python->found)
        return python && !python->problem.empty() ? toQString(python->problem)
                                                  : tr("No Python interpreter was found: install python3 or choose "
                                                       "one with Browse.");
    const remote::ToolCheck *torch = check->tool("torch");
    if (!torch || !torch->found)
        return torch && !torch->problem.empty()
                   ? toQString(torch->problem)
                   : tr("%1 cannot import torch: choose an interpreter that has PyTorch.").arg(toQString(python->path));
    return {};
}

void WorkloadPage::initializePage()
{
    if (!wizard_->isRemote())
        wizard_->checkTarget();
    refresh();
}

bool WorkloadPage::isComplete() const
{
    return problem().isEmpty();
}

void WorkloadPage::refresh()
{
    const bool remote = wizard_->isRemote();
    check_->setVisible(!remote);
    if (!remote) {
        if (const remote::TargetCheck *check = wizard_->targetCheck())
            check_->setCheck(*check, {"python", "torch", "cuda"});
        else
            check_->setPlaceholder(wizard_->targetCheckRunning() ? tr("Checking the interpreter...") : QString());
    }
    const QString problem = this->problem();
    if (!problem.isEmpty()) {
        setMessage(message_, problem, !problem.startsWith(tr("Checking")));
    } else if (remote) {
        setMessage(message_,
                   tr("The script, interpreter and working directory are paths on the host; the next page checks "
                      "them there."),
                   false);
    } else {
        const remote::TargetCheck *check = wizard_->targetCheck();
        const remote::ToolCheck *cuda = check ? check->tool("cuda") : nullptr;
        setMessage(message_,
                   cuda && cuda->found
                       ? tr("Ready: torch %1 with CUDA %2.")
                             .arg(toQString(check->tool("torch")->version), toQString(cuda->version))
                       : tr("Ready: torch %1 without CUDA here, so the capture records CPU operators with "
                            "torch.profiler (no GPU kernels).")
                             .arg(toQString(check->tool("torch")->version)),
                   false);
    }
    emit completeChanged();
}

} // namespace opscope::ui
