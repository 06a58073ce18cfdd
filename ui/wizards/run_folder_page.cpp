#include "wizards/run_folder_page.h"
#include "common/qt_text.h"

#include "common/settings.h"
#include "wizards/page_util.h"
#include "wizards/replay_wizard.h"

#include "opscope/pipeline.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace opscope::ui {

RunFolderPage::RunFolderPage(ReplayWizard *wizard, const QString &openProfileRun)
    : wizard_(wizard), folder_(new QLineEdit(this)),
      useOpen_(new QPushButton(tr("Use the run of the &open profile"), this)), summary_(new QLabel(this)),
      message_(makeMessageLabel(this))
{
    setTitle(tr("Capture to replay"));
    setSubTitle(tr("The capture to replay under ncu with other options. Its workload runs again with the same "
                   "warm-up and captured steps, so ncu sees the kernels nsys saw."));
    folder_->setObjectName(QStringLiteral("runFolder"));
    useOpen_->setObjectName(QStringLiteral("useOpenProfile"));
    useOpen_->setEnabled(!openProfileRun.isEmpty());
    useOpen_->setToolTip(openProfileRun.isEmpty() ? tr("The open profile was not made by a capture run")
                                                  : openProfileRun);
    summary_->setObjectName(QStringLiteral("runSummary"));
    summary_->setWordWrap(true);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *form = new QFormLayout;
    form->addRow(tr("Run &folder:"),
                 withBrowseButton(
                     folder_,
                     [this] { return QFileDialog::getExistingDirectory(this, tr("Run folder"), folder_->text()); },
                     this));
    form->addRow(QString(), useOpen_);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(summary_);
    layout->addStretch(1);
    layout->addWidget(message_);

    folder_->setText(openProfileRun.isEmpty() ? settings::read(settings::replayWizard::runFolder) : openProfileRun);
    reload();
    connect(folder_, &QLineEdit::textChanged, this, &RunFolderPage::reload);
    connect(useOpen_, &QPushButton::clicked, this, [this, openProfileRun] { folder_->setText(openProfileRun); });
}

QString RunFolderPage::runFolder() const
{
    return folder_->text().trimmed();
}

void RunFolderPage::setRunFolder(const QString &folder)
{
    folder_->setText(folder);
}

void RunFolderPage::save() const
{
    settings::write(settings::replayWizard::runFolder, runFolder());
}

void RunFolderPage::reload()
{
    manifest_ = nullptr;
    untrusted_.clear();
    problem_.clear();
    summary_->clear();
    const QString folder = runFolder();
    if (folder.isEmpty()) {
        problem_ = tr("Choose a run folder (made by New Capture or opscope capture).");
    } else {
        try {
            const pipeline::RunFolder run = pipeline::RunFolder::open(folder.toStdString());
            manifest_ = run.manifest();
            untrusted_ = pipeline::untrustedRunValues(run);
            const nlohmann::json &workload = manifest_["workload"];
            const nlohmann::json &capture = manifest_["capture"];
            const QString script =
                workload.is_object() ? toQString(workload.value("script", std::string())) : QString();
            const QString tool = capture.is_object() ? toQString(capture.value("tool", std::string())) : QString();
            const size_t replays =
                manifest_.contains("replays") && manifest_["replays"].is_array() ? manifest_["replays"].size() : 0;
            summary_->setText(
                tr("Script: %1\nCaptured with %2: %3 warm-up + %4 captured step(s), %5 compile\n"
                   "Created: %6 on %7\nReplays so far: %8")
                    .arg(script, tool)
                    .arg(capture.is_object() ? capture.value("warmup", 0) : 0)
                    .arg(capture.is_object() ? capture.value("steps", 0) : 0)
                    .arg(capture.is_object() ? toQString(capture.value("compile", std::string("eager"))) : QString(),
                         toQString(manifest_.value("created_utc", std::string())),
                         toQString(manifest_.value("host", std::string())))
                    .arg(replays));
            if (script.isEmpty())
                problem_ = tr("The run names no workload script.");
            else if (!QFileInfo(script).isFile())
                problem_ = tr("The run's script %1 is not on this machine: the replay runs it again.").arg(script);
        } catch (const std::exception &e) {
            problem_ = toQString(e.what());
        }
    }
    setMessage(message_, problem_, !problem_.isEmpty());
    emit runChanged();
    emit completeChanged();
}

bool RunFolderPage::isComplete() const
{
    return problem_.isEmpty();
}

} // namespace opscope::ui
