#include "wizards/replay_page.h"
#include "common/qt_text.h"

#include "common/job_tracker.h"
#include "common/settings.h"
#include "wizards/page_util.h"
#include "wizards/run_wizard.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

namespace opscope::ui {

ReplayPage::ReplayPage(RunWizard *wizard, bool optional)
    : wizard_(wizard), optional_(optional),
      enabled_(new QCheckBox(tr("&Replay the captured step under ncu for hardware counters"), this)),
      note_(new QLabel(this)), metricSet_(new QComboBox(this)), sections_(new QLineEdit(this)),
      metrics_(new QLineEdit(this)), nvtxInclude_(new QLineEdit(this)), nvtxExclude_(new QLineEdit(this)),
      launchSkip_(new QSpinBox(this)), launchCount_(new QSpinBox(this)), kernelRegex_(new QLineEdit(this)),
      replayMode_(new QComboBox(this)),
      dedup_(new QCheckBox(tr("Profile one layer per group of identical layers (the others get its counters)"), this)),
      sudo_(new QCheckBox(tr("Run ncu as root (sudo -n -E), for GPUs that keep counters to admins"), this)),
      sudoEnv_(new QLineEdit(this)), options_(new QWidget(this)), message_(makeMessageLabel(this)),
      ncuPath_(new QLineEdit(this)), ncuRow_(new QWidget(this))
{
    setTitle(optional ? tr("Replay (or skip)") : tr("Replay"));
    setSubTitle(tr("ncu runs the captured step again and reads each kernel's hardware counters. Module labels "
                   "such as blocks.0[Block] and wildcards such as blocks.*[Block] are sent as ncu needs them."));
    enabled_->setObjectName(QStringLiteral("replayEnabled"));
    enabled_->setVisible(optional);
    note_->setObjectName(QStringLiteral("replayNote"));
    note_->setWordWrap(true);
    metricSet_->setObjectName(QStringLiteral("metricSet"));
    metricSet_->setEditable(true); // the sets differ between ncu versions (ncu --list-sets)
    for (const auto &set : pipeline::ncuMetricSets())
        metricSet_->addItem(toQString(set));
    metricSet_->addItem(QStringLiteral("none"));
    sections_->setObjectName(QStringLiteral("sections"));
    sections_->setPlaceholderText(tr("SpeedOfLight;MemoryWorkloadAnalysis"));
    metrics_->setObjectName(QStringLiteral("metrics"));
    metrics_->setPlaceholderText(tr("sm__throughput.avg.pct_of_peak_sustained_elapsed,..."));
    nvtxInclude_->setObjectName(QStringLiteral("nvtxInclude"));
    nvtxInclude_->setPlaceholderText(tr("the captured step; or blocks.0[Block];head[Linear] or regex:..."));
    nvtxExclude_->setObjectName(QStringLiteral("nvtxExclude"));
    launchSkip_->setObjectName(QStringLiteral("launchSkip"));
    launchSkip_->setRange(0, 1000000000);
    launchSkip_->setSpecialValueText(tr("none"));
    launchCount_->setObjectName(QStringLiteral("launchCount"));
    launchCount_->setRange(0, 1000000000);
    launchCount_->setSpecialValueText(tr("all"));
    kernelRegex_->setObjectName(QStringLiteral("kernelRegex"));
    kernelRegex_->setPlaceholderText(tr("a regular expression on demangled kernel names, e.g. .*gemm.*"));
    replayMode_->setObjectName(QStringLiteral("replayMode"));
    replayMode_->addItem(tr("kernel (counters per kernel)"), QStringLiteral("kernel"));
    replayMode_->addItem(tr("application"), QStringLiteral("application"));
    replayMode_->addItem(tr("range"), QStringLiteral("range"));
    replayMode_->addItem(tr("app-range (a PyTorch step as a whole)"), QStringLiteral("app-range"));
    dedup_->setObjectName(QStringLiteral("dedup"));
    sudo_->setObjectName(QStringLiteral("sudo"));
    sudoEnv_->setObjectName(QStringLiteral("sudoEnv"));
    sudoEnv_->setPlaceholderText(tr("NAME=VALUE;NAME=VALUE passed to ncu under sudo"));

    ncuPath_->setObjectName(QStringLiteral("ncuPath"));
    ncuPath_->setPlaceholderText(tr("found on its own (PATH, the CUDA and Nsight Compute folders)"));
    ncuPath_->setToolTip(tr("The ncu program, or the folder that holds it, where Nsight Compute is installed "
                            "somewhere OpScope does not look (opscope --ncu PATH)"));
    auto *ncuForm = new QFormLayout(ncuRow_);
    ncuForm->setContentsMargins(0, 0, 0, 0);
    ncuForm->addRow(tr("&ncu program:"),
                    withBrowseButton(
                        ncuPath_,
                        [this] { return QFileDialog::getOpenFileName(this, tr("The ncu program"), ncuPath_->text()); },
                        this));

    auto *form = new QFormLayout(options_);
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(tr("Metric &set:"), metricSet_);
    form->addRow(tr("S&ections:"), sections_);
    form->addRow(tr("&Metrics:"), metrics_);
    form->addRow(tr("NVTX &include:"), nvtxInclude_);
    form->addRow(tr("NVTX e&xclude:"), nvtxExclude_);
    form->addRow(tr("&Launch skip:"), launchSkip_);
    form->addRow(tr("Launch &count:"), launchCount_);
    form->addRow(tr("&Kernel name regex:"), kernelRegex_);
    form->addRow(tr("Replay mo&de:"), replayMode_);
    form->addRow(QString(), dedup_);
    form->addRow(QString(), sudo_);
    form->addRow(tr("Environment under s&udo:"), sudoEnv_);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(enabled_);
    layout->addWidget(note_);
    layout->addWidget(ncuRow_);
    layout->addWidget(options_);
    layout->addStretch(1);
    layout->addWidget(message_);

    load(); // before the connections: while the wizard builds its pages, the others do not exist yet
    connect(enabled_, &QCheckBox::toggled, this, [this](bool on) {
        if (enabled_->isEnabled()) // a choice of the user's, not refresh() showing it unticked
            wanted_ = on;
        refresh();
    });
    connect(ncuPath_, &QLineEdit::textChanged, this, &ReplayPage::lookUpNcu);
    connect(sudo_, &QCheckBox::toggled, this, &ReplayPage::refresh);
    connect(dedup_, &QCheckBox::toggled, this, &ReplayPage::refresh);
    for (QLineEdit *edit : {sections_, metrics_, nvtxInclude_, nvtxExclude_, kernelRegex_, sudoEnv_})
        connect(edit, &QLineEdit::textChanged, this, &ReplayPage::refresh);
    connect(metricSet_, &QComboBox::currentTextChanged, this, &ReplayPage::refresh);
    connect(wizard_, &RunWizard::replayAvailabilityChanged, this, &ReplayPage::refresh);
    startNcuLookup(); // quietly: the wizard is still building its pages
}

void ReplayPage::lookUpNcu()
{
    startNcuLookup();
    emit wizard_->replayAvailabilityChanged();
}

void ReplayPage::startNcuLookup()
{
    ncu_.reset();
    const QString text = ncuPath_->text().trimmed();
    runInBackground(
        this, [path = text.toStdString()] { return pipeline::findNcu(path); },
        [this, text](pipeline::ToolInfo info) {
            if (text != ncuPath_->text().trimmed())
                return; // typed on since: a later lookup answers
            ncu_ = std::move(info);
            emit wizard_->replayAvailabilityChanged();
        });
}

void ReplayPage::setNcuFieldShown(bool shown)
{
    ncuFieldShown_ = shown;
    ncuRow_->setVisible(shown);
}

QString ReplayPage::ncuMissingReason() const
{
    const QString chosen = ncuPath_->text().trimmed();
    if (!chosen.isEmpty())
        return tr("ncu was not found at %1. Choose the ncu program of Nsight Compute (or its folder) in the field "
                  "below, or clear the field to look in the usual places.")
            .arg(chosen);
    return tr("ncu (Nsight Compute) was not found on this machine. Install Nsight Compute, or choose its ncu "
              "program in the field below.");
}

void ReplayPage::load()
{
    namespace keys = settings::replayOptions;
    wanted_ = settings::read(keys::enabled);
    enabled_->setChecked(wanted_);
    ncuPath_->setText(settings::read(keys::ncuPath));
    metricSet_->setCurrentText(settings::read(keys::metricSet));
    sections_->setText(settings::read(keys::sections));
    metrics_->setText(settings::read(keys::metrics));
    nvtxInclude_->setText(settings::read(keys::nvtxInclude));
    nvtxExclude_->setText(settings::read(keys::nvtxExclude));
    launchSkip_->setValue(settings::read(keys::launchSkip));
    launchCount_->setValue(settings::read(keys::launchCount));
    kernelRegex_->setText(settings::read(keys::kernelRegex));
    replayMode_->setCurrentIndex(std::max(0, replayMode_->findData(settings::read(keys::replayMode))));
    dedup_->setChecked(settings::read(keys::dedup));
    sudo_->setChecked(settings::read(keys::sudo));
    sudoEnv_->setText(settings::read(keys::sudoEnv));
}

void ReplayPage::save() const
{
    namespace keys = settings::replayOptions;
    if (optional_)
        settings::write(keys::enabled, wanted_);
    settings::write(keys::ncuPath, ncuPath_->text().trimmed());
    settings::write(keys::metricSet, metricSet_->currentText());
    settings::write(keys::sections, sections_->text());
    settings::write(keys::metrics, metrics_->text());
    settings::write(keys::nvtxInclude, nvtxInclude_->text());
    settings::write(keys::nvtxExclude, nvtxExclude_->text());
    settings::write(keys::launchSkip, launchSkip_->value());
    settings::write(keys::launchCount, launchCount_->value());
    settings::write(keys::kernelRegex, kernelRegex_->text());
    settings::write(keys::replayMode, replayMode_->currentData().toString());
    settings::write(keys::dedup, dedup_->isChecked());
    settings::write(keys::sudo, sudo_->isChecked());
    settings::write(keys::sudoEnv, sudoEnv_->text());
}

void ReplayPage::prefill(const QStringList &nvtxInclude, const QString &kernelRegex, const QString &metricSet,
                         bool dedup)
{
    nvtxInclude_->setText(nvtxInclude.join(QLatin1Char(';')));
    nvtxExclude_->clear();
    kernelRegex_->setText(kernelRegex);
    launchSkip_->setValue(0);
    launchCount_->setValue(0);
    metricSet_->setCurrentText(metricSet);
    replayMode_->setCurrentIndex(0); // counters per kernel
    dedup_->setChecked(dedup);       // a member's own range must not be skipped as a duplicate
    refresh();
}

bool ReplayPage::replayChosen() const
{
    const ReplayAvailability a = wizard_->replayAvailability();
    return a.available && (!optional_ || enabled_->isChecked());
}

pipeline::ReplayRequest ReplayPage::request() const
{
    pipeline::ReplayRequest r;
    pipeline::NcuOptions &n = r.ncu;
    const QString set = metricSet_->currentText().trimmed();
    n.metricSet = set == QLatin1String("none") ? std::string() : set.toStdString();
    n.sections = pipeline::splitOptionList(sections_->text().toStdString());
    n.metrics = pipeline::splitOptionList(metrics_->text().toStdString(), ";,");
    for (auto &e : pipeline::splitOptionList(nvtxInclude_->text().toStdString()))
        n.nvtxInclude.push_back({std::move(e), true});
    for (auto &e : pipeline::splitOptionList(nvtxExclude_->text().toStdString()))
        n.nvtxExclude.push_back({std::move(e), true});
    if (launchSkip_->value() > 0)
        n.launchSkip = launchSkip_->value();
    if (launchCount_->value() > 0)
        n.launchCount = launchCount_->value();
    if (const QString regex = kernelRegex_->text().trimmed(); !regex.isEmpty())
        n.kernelName = pipeline::ncuKernelNameFilter(regex.toStdString(), true);
    if (const QString mode = replayMode_->currentData().toString(); mode != QLatin1String("kernel"))
        n.replayMode = pipeline::parseReplayMode(mode.toStdString());
    n.sudo = sudo_->isChecked();
    if (ncuFieldShown_ && ncu_ && ncu_->found())
        r.ncuPath = ncu_->path;
    std::string ignored; // problem() says what is wrong
    pipeline::parseEnvList(sudoEnv_->text().toStdString(), n.sudoEnvironment, ignored);
    r.dedup = dedup_->isChecked();
    return r;
}

QString ReplayPage::problem() const
{
    const ReplayAvailability a = wizard_->replayAvailability();
    if (!a.available)
        return optional_ ? QString() : a.why; // skipping is fine in the capture wizard
    if (optional_ && !enabled_->isChecked())
        return {};
    const QString set = metricSet_->currentText().trimmed();
    if (!set.isEmpty() && set != QLatin1String("none") && !pipeline::isMetricSetName(set.toStdString()))
        return tr("'%1' is not an ncu metric set name (ncu --list-sets: basic, detailed, full, roofline ...).")
            .arg(set);
    if ((set.isEmpty() || set == QLatin1String("none")) && sections_->text().trimmed().isEmpty() &&
        metrics_->text().trimmed().isEmpty())
        return tr("Choose a metric set, sections or metrics: otherwise ncu collects nothing.");
    if (const QString regex = kernelRegex_->text().trimmed(); !regex.isEmpty()) {
        const QRegularExpression re(regex.startsWith(QLatin1String("regex:")) ? regex.mid(6) : regex);
        if (!re.isValid())
            return tr("The kernel name regex is not valid: %1.").arg(re.errorString());
    }
    std::map<std::string, std::string> env;
    std::string badItem;
    if (!pipeline::parseEnvList(sudoEnv_->text().toStdString(), env, badItem))
        return tr("Environment under sudo: '%1' is not NAME=VALUE with NAME a variable name (letters, digits and _, "
                  "not starting with a digit; items are separated by ';').")
            .arg(toQString(badItem));
    if (!env.empty() && !sudo_->isChecked())
        return tr("The environment under sudo is only used when ncu runs as root: tick sudo or clear it.");
    return {};
}

void ReplayPage::initializePage()
{
    refresh();
}

bool ReplayPage::isComplete() const
{
    return problem().isEmpty() && !wizard_->replayAvailability().pending;
}

void ReplayPage::refresh()
{
    const ReplayAvailability a = wizard_->replayAvailability();
    {
        // Unticked while it cannot run, so box and note agree; ticked again as the user left it.
        const QSignalBlocker quiet(enabled_);
        enabled_->setEnabled(a.available);
        enabled_->setChecked(a.available && wanted_);
    }
    options_->setEnabled(replayChosen());
    if (a.pending)
        note_->setText(tr("Looking for ncu..."));
    else if (!a.available && optional_)
        note_->setText(tr("Replay is off: %1").arg(a.why));
    else if (!a.available)
        note_->setText(tr("Replay is not possible (see below)."));
    else
        note_->clear();
    note_->setToolTip(a.available ? QString() : a.detail);
    note_->setVisible(!note_->text().isEmpty());
    note_->setStyleSheet(a.available || a.pending ? QString() : QStringLiteral("color: #8a5a00;"));
    const QString problem = this->problem();
    if (!problem.isEmpty())
        setMessage(message_, problem, true);
    else if (!replayChosen())
        setMessage(message_, tr("The capture will be imported without hardware counters."), false);
    else
        setMessage(message_,
                   nvtxInclude_->text().trimmed().isEmpty() && kernelRegex_->text().trimmed().isEmpty()
                       ? tr("ncu profiles every kernel of the captured step%1.")
                             .arg(dedup_->isChecked() ? tr(", one layer per group of identical layers") : QString())
                       : tr("ncu profiles only the kernels the filters select."),
                   false);
    emit completeChanged();
}

} // namespace opscope::ui
