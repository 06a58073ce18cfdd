#include "wizards/target_page.h"
#include "common/qt_text.h"

#include "common/settings.h"
#include "wizards/capture_wizard.h"
#include "wizards/check_view.h"
#include "wizards/page_util.h"

#include "opscope/command_line.h"

#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace opscope::ui {

TargetPage::TargetPage(CaptureWizard *wizard)
    : wizard_(wizard), local_(new QRadioButton(tr("&This machine"), this)),
      ssh_(new QRadioButton(tr("An &SSH host"), this)), sshBox_(new QGroupBox(tr("SSH host"), this)),
      host_(new QComboBox(this)), port_(new QSpinBox(this)), configFile_(new QLineEdit(this)),
      remoteDir_(new QLineEdit(this)), remoteOpscope_(new QLineEdit(this)),
      copyCli_(new QCheckBox(tr("Copy this machine's OpScope CLI and launcher there"), this)),
      nprocPerNode_(new QSpinBox(this)), slurm_(new QCheckBox(tr("Start the ranks with Slurm's s&run"), this)),
      srunArgs_(new QLineEdit(this)), checkButton_(new QPushButton(tr("&Check"), this)), check_(new CheckView(this)),
      message_(makeMessageLabel(this))
{
    setTitle(tr("Target"));
    setSubTitle(tr("Where the capture runs. A GPU in another machine is reached with OpenSSH in batch mode: keys or "
                   "an agent, never a password typed here."));
    local_->setObjectName(QStringLiteral("targetLocal"));
    ssh_->setObjectName(QStringLiteral("targetSsh"));
    auto *choice = new QButtonGroup(this);
    choice->addButton(local_);
    choice->addButton(ssh_);
    host_->setObjectName(QStringLiteral("host"));
    host_->setEditable(true);
    host_->setInsertPolicy(QComboBox::NoInsert);
    host_->lineEdit()->setPlaceholderText(tr("a Host of ~/.ssh/config, or user@hostname"));
    port_->setObjectName(QStringLiteral("port"));
    port_->setRange(0, 65535);
    port_->setSpecialValueText(tr("default"));
    configFile_->setObjectName(QStringLiteral("sshConfig"));
    configFile_->setPlaceholderText(QDir::homePath() + QStringLiteral("/.ssh/config"));
    remoteDir_->setObjectName(QStringLiteral("remoteDirectory"));
    remoteDir_->setPlaceholderText(tr("~/opscope-runs"));
    remoteOpscope_->setObjectName(QStringLiteral("remoteOpscope"));
    remoteOpscope_->setPlaceholderText(tr("opscope on the host's PATH"));
    copyCli_->setObjectName(QStringLiteral("copyCli"));
    checkButton_->setObjectName(QStringLiteral("checkButton"));
    nprocPerNode_->setObjectName(QStringLiteral("nprocPerNode"));
    nprocPerNode_->setRange(1, 4096);
    nprocPerNode_->setSpecialValueText(tr("1 (one process)"));
    nprocPerNode_->setToolTip(tr("More than 1: the script runs as that many ranks through torchrun, each under the "
                                 "launcher, each writing its part of one run folder; they import as one profile "
                                 "with ranks"));
    slurm_->setObjectName(QStringLiteral("slurm"));
    srunArgs_->setObjectName(QStringLiteral("srunArgs"));
    srunArgs_->setPlaceholderText(tr("srun's options, e.g. -N2 --ntasks-per-node=8 --gpus-per-task=1"));
    srunArgs_->setToolTip(tr("Split as a shell would (quotes, backslashes), nothing expanded; every task is a rank"));
    auto *ranksBox = new QGroupBox(tr("Ranks (a distributed job)"), this);
    auto *ranksForm = new QFormLayout(ranksBox);
    ranksForm->addRow(tr("&Processes per node:"), nprocPerNode_);
    ranksForm->addRow(QString(), slurm_);
    ranksForm->addRow(tr("srun &options:"), srunArgs_);
    check_->setObjectName(QStringLiteral("targetCheck"));

    auto *sshForm = new QFormLayout(sshBox_);
    auto *hostRow = new QHBoxLayout;
    hostRow->addWidget(host_, 1);
    hostRow->addWidget(new QLabel(tr("Port:"), this));
    hostRow->addWidget(port_);
    sshForm->addRow(tr("Host:"), hostRow);
    sshForm->addRow(
        tr("SSH &config file:"),
        withBrowseButton(
            configFile_,
            [this] { return QFileDialog::getOpenFileName(this, tr("ssh config"), QDir::homePath() + "/.ssh"); }, this));
    sshForm->addRow(tr("Remote &folder:"), remoteDir_);
    sshForm->addRow(tr("OpScope &CLI there:"), remoteOpscope_);
    sshForm->addRow(QString(), copyCli_);

    auto *checkRow = new QHBoxLayout;
    checkRow->addWidget(new QLabel(tr("What the target has:"), this));
    checkRow->addStretch(1);
    checkRow->addWidget(checkButton_);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(local_);
    layout->addWidget(ssh_);
    layout->addWidget(sshBox_);
    layout->addWidget(ranksBox);
    layout->addLayout(checkRow);
    layout->addWidget(check_, 1);
    layout->addWidget(message_);

    load(); // before the connections: while the wizard builds its pages, the others do not exist yet
    connect(ssh_, &QRadioButton::toggled, this, [this](bool on) { wizard_->setRemote(on); });
    connect(wizard_, &CaptureWizard::remoteChanged, this, [this](bool remote) {
        QSignalBlocker a(local_), b(ssh_);
        (remote ? ssh_ : local_)->setChecked(true);
        refresh();
    });
    connect(checkButton_, &QPushButton::clicked, this, [this] { wizard_->checkTarget(true); });
    connect(configFile_, &QLineEdit::editingFinished, this, &TargetPage::reloadHosts);
    for (QLineEdit *edit : {host_->lineEdit(), configFile_, remoteDir_, remoteOpscope_})
        connect(edit, &QLineEdit::textChanged, this, &TargetPage::refresh);
    connect(port_, &QSpinBox::valueChanged, this, &TargetPage::refresh);
    connect(copyCli_, &QCheckBox::toggled, this, &TargetPage::refresh);
    connect(nprocPerNode_, &QSpinBox::valueChanged, this, &TargetPage::refresh);
    connect(slurm_, &QCheckBox::toggled, this, &TargetPage::refresh);
    connect(srunArgs_, &QLineEdit::textChanged, this, &TargetPage::refresh);
    connect(wizard_, &CaptureWizard::targetCheckChanged, this, &TargetPage::refresh);
}

void TargetPage::load()
{
    namespace keys = settings::captureWizard;
    configFile_->setText(settings::read(keys::sshConfig));
    reloadHosts();
    host_->setEditText(settings::read(keys::host));
    port_->setValue(settings::read(keys::port));
    remoteDir_->setText(settings::read(keys::remoteDirectory));
    remoteOpscope_->setText(settings::read(keys::remoteOpscope));
    copyCli_->setChecked(settings::read(keys::copyCli));
    nprocPerNode_->setValue(settings::read(keys::nprocPerNode));
    slurm_->setChecked(settings::read(keys::slurm));
    srunArgs_->setText(settings::read(keys::srunArgs));
    (settings::read(keys::remote) ? ssh_ : local_)->setChecked(true);
}

void TargetPage::save() const
{
    namespace keys = settings::captureWizard;
    settings::write(keys::sshConfig, configFile_->text());
    settings::write(keys::host, host_->currentText());
    settings::write(keys::port, port_->value());
    settings::write(keys::remoteDirectory, remoteDir_->text());
    settings::write(keys::remoteOpscope, remoteOpscope_->text());
    settings::write(keys::copyCli, copyCli_->isChecked());
    settings::write(keys::nprocPerNode, nprocPerNode_->value());
    settings::write(keys::slurm, slurm_->isChecked());
    settings::write(keys::srunArgs, srunArgs_->text());
}

void TargetPage::applyRanks(pipeline::CaptureRequest &request) const
{
    request.nprocPerNode = 0;
    request.srunArgs.reset();
    if (slurm_->isChecked())
        request.srunArgs = srunArgs_->text().trimmed().toStdString();
    else if (nprocPerNode_->value() > 1)
        request.nprocPerNode = nprocPerNode_->value();
}

void TargetPage::reloadHosts()
{
    const QString current = host_->currentText();
    QSignalBlocker block(host_);
    host_->clear();
    for (const std::string &host : remote::configuredHosts(configFile_->text().trimmed().toStdString()))
        host_->addItem(toQString(host));
    host_->setEditText(current);
}

remote::SshTarget TargetPage::sshTarget() const
{
    remote::SshTarget t;
    t.host = host_->currentText().trimmed().toStdString();
    t.port = port_->value();
    t.configFile = configFile_->text().trimmed().toStdString();
    t.remoteDirectory = remoteDir_->text().trimmed().toStdString();
    t.remoteOpscope = remoteOpscope_->text().trimmed().toStdString();
    t.copyCli = copyCli_->isChecked();
    return t;
}

QString TargetPage::sshKey() const
{
    const remote::SshTarget t = sshTarget();
    return QStringList{toQString(t.host),          QString::number(t.port),
                       toQString(t.configFile),    toQString(t.remoteDirectory),
                       toQString(t.remoteOpscope), t.copyCli ? QStringLiteral("copy") : QString()}
        .join(QLatin1Char('\n'));
}

QString TargetPage::problem() const
{
    const bool remote = wizard_->isRemote();
    if (remote && host_->currentText().trimmed().isEmpty())
        return tr("Choose the SSH host (a Host of your ssh config, or user@hostname).");
    if (remote && !configFile_->text().trimmed().isEmpty() && !QFileInfo(configFile_->text().trimmed()).isFile())
        return tr("The ssh config file %1 does not exist.").arg(configFile_->text().trimmed());
    if (slurm_->isChecked() && !cli::splitCommandLine(srunArgs_->text().toStdString()))
        return tr("The srun options have an unbalanced quote or end in a backslash.");
    const remote::TargetCheck *check = wizard_->targetCheck();
    if (!check)
        return wizard_->targetCheckRunning()
                   ? tr("Checking %1...").arg(remote ? host_->currentText().trimmed() : tr("this machine"))
                   : tr("Press Check to ask %1 what it has.")
                         .arg(remote ? host_->currentText().trimmed() : tr("this machine"));
    if (!check->ok())
        return toQString(check->error);
    for (const char *name : {"python", "torch"}) {
        const remote::ToolCheck *tool = check->tool(name);
        if (!tool || !tool->found)
            return tr("%1 is missing on %2: %3")
                .arg(toolTitle(name), toQString(check->where),
                     tool && !tool->problem.empty() ? toQString(tool->problem) : tr("not found"));
    }
    if (const remote::ToolCheck *launcher = check->tool("launcher"); launcher && !launcher->found)
        return tr("OpScope's launcher is missing on %1: %2").arg(toQString(check->where), toQString(launcher->problem));
    if (remote) {
        const remote::ToolCheck *cli = check->tool("opscope");
        if (!cli || !cli->found)
            return tr("OpScope's CLI is not on %1: %2 Tick \"Copy this machine's OpScope CLI\" or give its path.")
                .arg(toQString(check->where), cli ? toQString(cli->problem) : QString());
    }
    return {};
}

void TargetPage::initializePage()
{
    if (!wizard_->isRemote())
        wizard_->checkTarget();
    refresh();
}

bool TargetPage::isComplete() const
{
    return problem().isEmpty();
}

void TargetPage::refresh()
{
    const bool remote = wizard_->isRemote();
    sshBox_->setEnabled(remote);
    // srun starts the tasks (its --ntasks-per-node says how many per node).
    nprocPerNode_->setEnabled(!slurm_->isChecked());
    srunArgs_->setEnabled(slurm_->isChecked());
    const bool running = wizard_->targetCheckRunning();
    checkButton_->setEnabled(!running && (!remote || !host_->currentText().trimmed().isEmpty()));
    if (const remote::TargetCheck *check = wizard_->targetCheck())
        check_->setCheck(*check);
    else
        check_->setPlaceholder(running ? tr("Checking...") : tr("Not checked yet"));
    const QString problem = this->problem();
    if (!problem.isEmpty()) {
        setMessage(message_, problem, !running && !problem.startsWith(tr("Press Check")));
    } else {
        const remote::TargetCheck *check = wizard_->targetCheck();
        QStringList missing;
        for (const char *name : {"cuda", "nsys", "ncu"})
            if (const remote::ToolCheck *tool = check->tool(name); !tool || !tool->found)
                missing << toolTitle(name);
        QString where = toQString(check->where);
        if (!where.isEmpty())
            where[0] = where[0].toUpper(); // starts the sentence
        setMessage(message_,
                   missing.isEmpty() ? tr("%1 has everything a GPU capture with counters needs.").arg(where)
                                     : tr("%1 can capture; without %2, some options are off (see the next pages).")
                                           .arg(where, missing.join(tr(", "))),
                   false);
    }
    emit completeChanged();
}

} // namespace opscope::ui
