#include "wizards/finish_page.h"

#include "wizards/capture_runner.h"
#include "wizards/run_wizard.h"

#include <QDesktopServices>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QUrl>
#include <QVBoxLayout>

namespace opscope::ui {

FinishPage::FinishPage(RunWizard *wizard)
    : wizard_(wizard), summary_(new QLabel(this)), openFolder_(new QPushButton(tr("Open the run &folder"), this))
{
    setTitle(tr("Finish"));
    setFinalPage(true);
    summary_->setObjectName(QStringLiteral("summary"));
    summary_->setWordWrap(true);
    summary_->setTextFormat(Qt::RichText);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    summary_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    openFolder_->setObjectName(QStringLiteral("openRunFolder"));
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(openFolder_);
    buttons->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(summary_, 1);
    layout->addLayout(buttons);
    connect(openFolder_, &QPushButton::clicked, this,
            [this] { QDesktopServices::openUrl(QUrl::fromLocalFile(wizard_->runner()->outcome().runDir)); });
}

QString FinishPage::summaryText() const
{
    return summary_->text();
}

void FinishPage::initializePage()
{
    const CaptureRunner::Outcome &o = wizard_->runner()->outcome();
    const auto list = [](const QStringList &items) {
        QString html = QStringLiteral("<ul>");
        for (const QString &item : items)
            html += QStringLiteral("<li>%1</li>").arg(item.toHtmlEscaped().replace(QLatin1Char('\n'), "<br>"));
        return html + QStringLiteral("</ul>");
    };
    QString html;
    if (o.cancelled)
        html += tr("<p><b>The run was cancelled.</b></p>");
    else if (!o.profilePath.isEmpty())
        html += tr("<p><b>The profile is open in the main window.</b></p>");
    else if (!o.sweepDir.isEmpty())
        html += tr("<p><b>The sweep is open in its window (File &gt; Open Sweep reopens it).</b></p>");
    else
        html += tr("<p><b>The run ended without a profile.</b></p>");
    html += tr("<p>Run folder: %1</p>").arg(o.runDir.toHtmlEscaped());
    if (!o.profilePath.isEmpty())
        html += tr("<p>Profile: %1</p>").arg(o.profilePath.toHtmlEscaped());
    if (!o.error.isEmpty())
        html += tr("<p>Why:</p>") + list({o.error});
    if (!o.problems.isEmpty())
        html += tr("<p>Problems:</p>") + list(o.problems);
    if (!o.notes.isEmpty())
        html += tr("<p>Notes:</p>") + list(o.notes);
    summary_->setText(html);
    openFolder_->setEnabled(!o.runDir.isEmpty());
    if (!o.sweepDir.isEmpty() && o.sweepDir != opened_) {
        opened_ = o.sweepDir;
        emit wizard_->sweepReady(o.sweepDir);
    }
    if (!o.profilePath.isEmpty() && o.profilePath != opened_) {
        opened_ = o.profilePath;
        emit wizard_->profileReady(o.profilePath);
    }
}

} // namespace opscope::ui
