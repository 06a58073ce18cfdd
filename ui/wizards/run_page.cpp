#include "wizards/run_page.h"

#include "wizards/capture_runner.h"
#include "wizards/page_util.h"
#include "wizards/run_wizard.h"

#include <QFontDatabase>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QTimer>
#include <QVBoxLayout>

namespace opscope::ui {

namespace {

QString elapsedText(double seconds)
{
    if (seconds < 60)
        return QStringLiteral("%1 s").arg(seconds, 0, 'f', 1);
    const int whole = int(seconds);
    return QStringLiteral("%1:%2").arg(whole / 60).arg(whole % 60, 2, 10, QLatin1Char('0'));
}

QString stateText(const CaptureRunner::Stage &s)
{
    switch (s.state) {
    case CaptureRunner::State::Waiting:
        return QObject::tr("waiting");
    case CaptureRunner::State::Running:
        return s.detail.isEmpty() ? QObject::tr("running") : s.detail;
    case CaptureRunner::State::Done:
        return QObject::tr("done");
    case CaptureRunner::State::Failed:
        return QObject::tr("failed");
    case CaptureRunner::State::Cancelled:
        return QObject::tr("cancelled");
    case CaptureRunner::State::Skipped:
        return QObject::tr("not needed");
    }
    return {};
}

} // namespace

RunPage::RunPage(RunWizard *wizard)
    : wizard_(wizard), grid_(new QGridLayout), output_(new QPlainTextEdit(this)),
      cancel_(new QPushButton(tr("Cancel &run"), this)), status_(makeMessageLabel(this))
{
    setTitle(tr("Run"));
    setSubTitle(tr("The tools' output is below as it arrives; every stage also writes a log into the run folder."));
    output_->setObjectName(QStringLiteral("output"));
    output_->setReadOnly(true);
    output_->setMaximumBlockCount(20000);
    output_->setLineWrapMode(QPlainTextEdit::NoWrap);
    output_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    cancel_->setObjectName(QStringLiteral("cancelRun"));
    status_->setObjectName(QStringLiteral("runStatus"));
    grid_->setColumnStretch(1, 1);
    grid_->setColumnMinimumWidth(0, 220);
    grid_->setColumnMinimumWidth(3, 240);

    auto *bottom = new QHBoxLayout;
    bottom->addWidget(status_, 1);
    bottom->addWidget(cancel_);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(grid_);
    layout->addWidget(output_, 1);
    layout->addLayout(bottom);

    CaptureRunner *runner = wizard_->runner();
    connect(cancel_, &QPushButton::clicked, this, [this, runner] {
        cancel_->setEnabled(false);
        setMessage(status_, tr("Cancelling: ending the running tool and its processes..."), false);
        runner->cancel();
    });
    connect(runner, &CaptureRunner::stagesChanged, this, &RunPage::updateRows);
    connect(runner, &CaptureRunner::outputLines, this,
            [this](const QStringList &lines) { output_->appendPlainText(lines.join(QLatin1Char('\n'))); });
    connect(runner, &CaptureRunner::finished, this, &RunPage::onFinished);
}

QString RunPage::outputText() const
{
    return output_->toPlainText();
}

void RunPage::initializePage()
{
    output_->clear();
    cancel_->setEnabled(true);
    setMessage(status_, tr("Running..."), false);
    wizard_->runner()->start(wizard_->job(), wizard_->plan().stages);
    emit completeChanged();
}

bool RunPage::isComplete() const
{
    // A cancelled run has nothing to go on to: the page says so, and Close ends the wizard.
    const CaptureRunner::Outcome &o = wizard_->runner()->outcome();
    return o.finished && !o.cancelled;
}

void RunPage::updateRows()
{
    const auto &stages = wizard_->runner()->stages();
    while (rows_.size() < stages.size()) {
        const int r = int(rows_.size());
        RowWidgets w{new QLabel(this), new QProgressBar(this), new QLabel(this), new QLabel(this)};
        w.bar->setObjectName(QStringLiteral("stageProgress%1").arg(r));
        w.bar->setTextVisible(true);
        w.elapsed->setMinimumWidth(60);
        w.elapsed->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
        w.state->setMinimumWidth(240);
        w.state->setMaximumWidth(420);
        grid_->addWidget(w.label, r, 0);
        grid_->addWidget(w.bar, r, 1);
        grid_->addWidget(w.elapsed, r, 2);
        grid_->addWidget(w.state, r, 3);
        rows_.push_back(w);
    }
    for (size_t i = 0; i < rows_.size(); ++i) {
        const RowWidgets &w = rows_[i];
        const bool used = i < stages.size();
        for (QWidget *widget : {static_cast<QWidget *>(w.label), static_cast<QWidget *>(w.bar),
                                static_cast<QWidget *>(w.elapsed), static_cast<QWidget *>(w.state)})
            widget->setVisible(used);
        if (!used)
            continue;
        const CaptureRunner::Stage &s = stages[i];
        w.label->setText(s.label);
        const bool replay = isReplayStage(s.id.toStdString());
        if (s.state == CaptureRunner::State::Running && s.fraction < 0 && !(replay && s.expected > 0)) {
            w.bar->setRange(0, 0); // busy: the tool tells no fraction
        } else {
            w.bar->setRange(0, 1000);
            w.bar->setValue(int(std::clamp(s.fraction, 0.0, 1.0) * 1000));
        }
        if (replay && (s.done > 0 || s.expected > 0))
            w.bar->setFormat(s.expected > 0 ? tr("%1 / %2 kernels").arg(s.done).arg(s.expected)
                                            : tr("%1 kernels").arg(s.done));
        else
            w.bar->setFormat(QStringLiteral("%p%"));
        const bool ran = s.state != CaptureRunner::State::Waiting && s.state != CaptureRunner::State::Skipped;
        w.elapsed->setText(ran ? elapsedText(s.elapsedSeconds) : QString());
        const QString state = stateText(s);
        w.state->setText(w.state->fontMetrics().elidedText(state, Qt::ElideRight, 400));
        w.state->setToolTip(state);
        w.state->setStyleSheet(s.state == CaptureRunner::State::Failed ? QStringLiteral("color: #b00020;") : QString());
    }
}

void RunPage::onFinished()
{
    updateRows();
    cancel_->setEnabled(false);
    const CaptureRunner::Outcome &o = wizard_->runner()->outcome();
    if (o.cancelled) {
        setMessage(status_,
                   tr("Cancelled. No process of the run is left; the run folder keeps what was written. Close "
                      "ends the wizard."),
                   false);
        wizard_->setButtonText(QWizard::CancelButton, tr("&Close"));
    } else if (!o.error.isEmpty())
        setMessage(status_, o.error, true);
    else if (!o.problems.isEmpty())
        setMessage(status_, o.problems.join(QLatin1Char('\n')), true);
    else
        setMessage(status_, tr("Done."), false);
    emit completeChanged();
    // On to Finish, which opens the profile; a run without one stays here with its output in view.
    if (wizard_->isVisible() && wizard_->currentPage() == this && (!o.profilePath.isEmpty() || !o.sweepDir.isEmpty()))
        QTimer::singleShot(0, wizard_, [wizard = wizard_] { wizard->next(); });
}

} // namespace opscope::ui
