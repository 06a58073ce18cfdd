#include "wizards/review_page.h"
#include "common/qt_text.h"

#include "wizards/page_util.h"
#include "wizards/run_wizard.h"

#include <QApplication>
#include <QClipboard>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace opscope::ui {

ReviewPage::ReviewPage(RunWizard *wizard)
    : wizard_(wizard), runFolder_(new QLabel(this)), commands_(new QPlainTextEdit(this)),
      copy_(new QPushButton(tr("&Copy commands"), this)), cli_(new QLineEdit(this)),
      copyCli_(new QPushButton(tr("C&opy"), this)), notes_(new QLabel(this)), message_(makeMessageLabel(this))
{
    setTitle(tr("Review"));
    setSubTitle(tr("Exactly what will run. Each command is an argument vector (shown quoted for a shell); nothing "
                   "runs through a shell."));
    setCommitPage(true);
    setButtonText(QWizard::CommitButton, tr("&Run"));
    runFolder_->setObjectName(QStringLiteral("runFolder"));
    runFolder_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    runFolder_->setWordWrap(true);
    commands_->setObjectName(QStringLiteral("commands"));
    commands_->setReadOnly(true);
    commands_->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    commands_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    copy_->setObjectName(QStringLiteral("copyButton"));
    cli_->setObjectName(QStringLiteral("cliCommand"));
    cli_->setReadOnly(true);
    cli_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    copyCli_->setObjectName(QStringLiteral("copyCliButton"));
    notes_->setWordWrap(true);

    auto *folderRow = new QFormLayout;
    folderRow->addRow(tr("Run folder:"), runFolder_);
    auto *copyRow = new QHBoxLayout;
    copyRow->addStretch(1);
    copyRow->addWidget(copy_);
    auto *cliRow = new QHBoxLayout;
    cliRow->addWidget(new QLabel(tr("The same from the command line:"), this));
    cliRow->addWidget(cli_, 1);
    cliRow->addWidget(copyCli_);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(folderRow);
    layout->addWidget(commands_, 1);
    layout->addLayout(copyRow);
    layout->addLayout(cliRow);
    layout->addWidget(notes_);
    layout->addWidget(message_);

    connect(copy_, &QPushButton::clicked, this, [this] { QApplication::clipboard()->setText(commandsText()); });
    connect(copyCli_, &QPushButton::clicked, this, [this] { QApplication::clipboard()->setText(cliText()); });
}

QString ReviewPage::commandsText() const
{
    return commands_->toPlainText();
}

QString ReviewPage::cliText() const
{
    return cli_->text();
}

void ReviewPage::initializePage()
{
    ready_ = false;
    const RunJob job = wizard_->job();
    runFolder_->setText(toQString(job.runDir()));
    commands_->setPlainText(tr("Looking up the tools..."));
    try {
        cli_->setText(toQString(displayCommand(cliEquivalent(job))));
    } catch (const pipeline::ToolError &e) { // a choice the CLI has no option for
        cli_->setText(tr("(no single command line: %1)").arg(toQString(e.what())));
    }
    cli_->setCursorPosition(0); // shows where it starts: opscope capture ...
    notes_->clear();
    setMessage(message_, QString(), false);
    copy_->setEnabled(false);
    emit completeChanged();
    planner_.start([job](const JobControl &) { return planJob(job); }, [this, job](JobPlan plan) { show(plan, job); });
}

void ReviewPage::show(const JobPlan &plan, const RunJob &job)
{
    ready_ = true;
    runFolder_->setText(toQString(plan.runDir.empty() ? job.runDir() : plan.runDir));
    if (!plan.error.empty()) {
        commands_->clear();
        setMessage(message_, tr("This cannot run: %1").arg(toQString(plan.error)), true);
    } else {
        commands_->setPlainText(toQString(planText(plan)));
        QStringList notes;
        for (const auto &note : plan.notes)
            notes << toQString(note);
        notes_->setText(notes.join(QLatin1Char('\n')));
        copy_->setEnabled(true);
        setMessage(message_, tr("Press Run to start."), false);
    }
    wizard_->setPlan(plan);
    emit completeChanged();
    emit planned();
}

bool ReviewPage::isComplete() const
{
    return ready_ && wizard_->plan().error.empty() && !wizard_->plan().commands.empty();
}

bool ReviewPage::validatePage()
{
    wizard_->remember();
    return true;
}

} // namespace opscope::ui
