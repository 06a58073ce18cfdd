#include "wizards/capture_options_page.h"
#include "common/qt_text.h"

#include "common/settings.h"
#include "wizards/capture_wizard.h"
#include "wizards/check_view.h"
#include "wizards/page_util.h"
#include "wizards/workload_page.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QVBoxLayout>

namespace opscope::ui {

namespace {

// nsys --trace domains offered; cuda and nvtx are what OpScope reads, the others add context rows.
const char *const kTraceDomains[] = {"cuda", "nvtx", "osrt", "cublas", "cudnn"};

} // namespace

CaptureOptionsPage::CaptureOptionsPage(CaptureWizard *wizard)
    : wizard_(wizard), modelName_(new QLineEdit(this)), runName_(new QLineEdit(this)), outDir_(new QLineEdit(this)),
      warmup_(new QSpinBox(this)), steps_(new QSpinBox(this)), stepSource_(new QComboBox(this)),
      compile_(new QComboBox(this)), tool_(new QComboBox(this)),
      correlation_(new QCheckBox(tr("Correlation pass: a torch.profiler run of the same steps, which ties "
                                    "every kernel to its aten operator"),
                                 this)),
      cudaMemoryUsage_(new QCheckBox(tr("Trace the CUDA memory taken and given back (cudaMalloc/cudaFree): the "
                                        "reserved memory per GPU in the Memory tab"),
                                     this)),
      sweepParams_(new QLineEdit(this)),
      sweepAsEnv_(
          new QCheckBox(tr("Pass the values as environment variables (NAME=VALUE), not as --NAME VALUE"), this)),
      message_(makeMessageLabel(this))
{
    setTitle(tr("Capture"));
    setSubTitle(tr("What to record. Warm-up steps run first (CUDA context, allocator, autotuning and compilation "
                   "stay out of the capture), then the captured steps."));
    modelName_->setObjectName(QStringLiteral("modelName"));
    runName_->setObjectName(QStringLiteral("runName"));
    outDir_->setObjectName(QStringLiteral("outputFolder"));
    warmup_->setObjectName(QStringLiteral("warmup"));
    warmup_->setRange(0, 1000000);
    steps_->setObjectName(QStringLiteral("steps"));
    steps_->setRange(1, 1000);
    stepSource_->setObjectName(QStringLiteral("stepSource"));
    stepSource_->setEditable(true);
    stepSource_->addItem(tr("auto"), QStringLiteral("auto"));
    stepSource_->addItem(tr("module"), QStringLiteral("module"));
    stepSource_->addItem(tr("marker"), QStringLiteral("marker"));
    stepSource_->addItem(tr("generate"), QStringLiteral("generate"));
    stepSource_->setToolTip(tr("auto: one call of the outermost module plus its backward (a generation request when "
                               "the script calls a model library's generate()); module: the same, strictly; "
                               "marker: opscope_launcher.step() in the script; function:NAME: each call of NAME; "
                               "generate: one generation request (generate() or opscope_launcher.request()), its "
                               "prefill and decode iterations as phases; generate:NAME: each call of NAME is a "
                               "request"));
    compile_->setObjectName(QStringLiteral("compile"));
    compile_->addItems({QStringLiteral("eager"), QStringLiteral("inductor"), QStringLiteral("cudagraphs")});
    tool_->setObjectName(QStringLiteral("captureTool"));
    tool_->addItem(tr("auto: nsys where it is found, else torch.profiler"), QStringLiteral("auto"));
    tool_->addItem(tr("nsys (GPU timeline, NVTX module labels)"), QStringLiteral("nsys"));
    tool_->addItem(tr("torch.profiler (CPU and CUDA activity)"), QStringLiteral("torch"));
    tool_->addItem(tr("torch.profiler, CPU activity only"), QStringLiteral("cpu"));
    correlation_->setObjectName(QStringLiteral("correlationPass"));
    cudaMemoryUsage_->setObjectName(QStringLiteral("cudaMemoryUsage"));
    cudaMemoryUsage_->setToolTip(tr("nsys --cuda-memory-usage=true: the driver's allocations, beside the allocator's "
                                    "blocks that the correlation pass records (docs/memory.md)"));
    sweepParams_->setObjectName(QStringLiteral("sweepParameters"));
    sweepParams_->setPlaceholderText(tr("e.g. batch=8,16,32; seq=128,256 (empty: one capture)"));
    sweepParams_->setToolTip(tr("A sweep: one capture per combination of these values, each passed to the script as "
                                "--NAME VALUE, into the folder named by the run name; File > Open Sweep plots them"));
    sweepAsEnv_->setObjectName(QStringLiteral("sweepAsEnv"));

    auto *traceRow = new QHBoxLayout;
    for (const char *domain : kTraceDomains) {
        auto *box = new QCheckBox(toQString(domain), this);
        box->setObjectName(QStringLiteral("trace_") + toQString(domain));
        trace_[toQString(domain)] = box;
        traceRow->addWidget(box);
    }
    traceRow->addStretch(1);

    auto *form = new QFormLayout;
    form->addRow(tr("&Model name:"), modelName_);
    form->addRow(tr("&Run name:"), runName_);
    form->addRow(
        tr("&Output folder:"),
        withBrowseButton(
            outDir_, [this] { return QFileDialog::getExistingDirectory(this, tr("Folder for run folders")); }, this));
    form->addRow(tr("&Warm-up steps:"), warmup_);
    form->addRow(tr("&Captured steps:"), steps_);
    form->addRow(tr("A step &is:"), stepSource_);
    form->addRow(tr("Co&mpile mode:"), compile_);
    form->addRow(tr("Capture &tool:"), tool_);
    form->addRow(QString(), correlation_);
    form->addRow(tr("nsys trace domains:"), traceRow);
    form->addRow(QString(), cudaMemoryUsage_);
    form->addRow(tr("S&weep parameters:"), sweepParams_);
    form->addRow(QString(), sweepAsEnv_);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addStretch(1);
    layout->addWidget(message_);

    load(); // before the connections: while the wizard builds its pages, the others do not exist yet
    for (auto &[domain, box] : trace_)
        connect(box, &QCheckBox::toggled, this, &CaptureOptionsPage::refresh);
    connect(modelName_, &QLineEdit::textChanged, this, [this] {
        if (!runNameEdited_)
            suggestRunName();
        refresh();
    });
    connect(runName_, &QLineEdit::textEdited, this, [this] { runNameEdited_ = true; });
    connect(runName_, &QLineEdit::textChanged, this, &CaptureOptionsPage::refresh);
    connect(outDir_, &QLineEdit::textChanged, this, &CaptureOptionsPage::refresh);
    connect(sweepParams_, &QLineEdit::textChanged, this, &CaptureOptionsPage::refresh);
    connect(sweepAsEnv_, &QCheckBox::toggled, this, &CaptureOptionsPage::refresh);
    connect(cudaMemoryUsage_, &QCheckBox::toggled, this, &CaptureOptionsPage::refresh);
    connect(tool_, &QComboBox::currentIndexChanged, this, &CaptureOptionsPage::refresh);
    connect(stepSource_, &QComboBox::currentTextChanged, this, &CaptureOptionsPage::refresh);
    connect(wizard_, &CaptureWizard::targetCheckChanged, this, &CaptureOptionsPage::refresh);
}

void CaptureOptionsPage::load()
{
    namespace keys = settings::captureWizard;
    modelName_->setText(settings::read(keys::modelName));
    modelScript_ = settings::read(keys::script);
    outDir_->setText(settings::read(keys::outputFolder, QDir::homePath() + QStringLiteral("/opscope-runs")));
    warmup_->setValue(settings::read(keys::warmup));
    steps_->setValue(settings::read(keys::steps));
    stepSource_->setCurrentText(settings::read(keys::stepSource));
    compile_->setCurrentText(settings::read(keys::compile));
    tool_->setCurrentIndex(std::max(0, tool_->findData(settings::read(keys::tool))));
    correlation_->setChecked(settings::read(keys::correlationPass));
    cudaMemoryUsage_->setChecked(settings::read(keys::cudaMemoryUsage));
    const QStringList trace = settings::read(keys::traceDomains);
    for (auto &[domain, box] : trace_)
        box->setChecked(trace.contains(domain));
}

void CaptureOptionsPage::save() const
{
    namespace keys = settings::captureWizard;
    settings::write(keys::modelName, modelName_->text());
    settings::write(keys::outputFolder, outDir_->text());
    settings::write(keys::warmup, warmup_->value());
    settings::write(keys::steps, steps_->value());
    settings::write(keys::stepSource, stepSource_->currentText());
    settings::write(keys::compile, compile_->currentText());
    settings::write(keys::tool, tool_->currentData().toString());
    settings::write(keys::correlationPass, correlation_->isChecked());
    settings::write(keys::cudaMemoryUsage, cudaMemoryUsage_->isChecked());
    QStringList trace;
    for (const char *domain : kTraceDomains)
        if (trace_.at(toQString(domain))->isChecked())
            trace << toQString(domain);
    settings::write(keys::traceDomains, trace);
}

void CaptureOptionsPage::suggestRunName()
{
    const QString model = modelName_->text().trimmed();
    if (model.isEmpty())
        return;
    QSignalBlocker block(runName_);
    runName_->setText(model + QDateTime::currentDateTime().toString(QStringLiteral("-yyyyMMdd-HHmmss")));
}

void CaptureOptionsPage::initializePage()
{
    // The model is named after the script, unless it was named for this script (now or last time).
    const QString script = wizard_->workloadPage()->scriptText();
    if (modelName_->text().trimmed().isEmpty() || script != modelScript_) {
        modelName_->setText(QFileInfo(script).completeBaseName());
        modelScript_ = script;
    }
    if (!runNameEdited_)
        suggestRunName();
    refresh();
}

pipeline::CaptureTool CaptureOptionsPage::chosenTool() const
{
    return pipeline::parseCaptureTool(tool_->currentData().toString().toStdString())
        .value_or(pipeline::CaptureTool::Auto);
}

QString CaptureOptionsPage::runName() const
{
    return runName_->text().trimmed();
}

QString CaptureOptionsPage::outputFolder() const
{
    return outDir_->text().trimmed();
}

void CaptureOptionsPage::apply(pipeline::CaptureRequest &request) const
{
    request.tool = chosenTool();
    request.warmup = warmup_->value();
    request.steps = steps_->value();
    request.stepSource = stepSource_->currentText().trimmed().toStdString();
    request.compile = compile_->currentText().toStdString();
    if (wizard_->effectiveTool() == pipeline::CaptureTool::Nsys) {
        request.correlationPass = correlation_->isChecked();
        request.nsysCudaMemoryUsage = cudaMemoryUsage_->isChecked();
        request.nsysTrace.clear();
        for (const char *domain : kTraceDomains)
            if (trace_.at(toQString(domain))->isChecked())
                request.nsysTrace.emplace_back(domain);
    }
    request.name = runName().toStdString();
    request.outDir = outputFolder().toStdString();
}

std::vector<sweep::Parameter> CaptureOptionsPage::sweepParameters() const
{
    std::vector<sweep::Parameter> parameters;
    for (const std::string &item : pipeline::splitOptionList(sweepParams_->text().toStdString()))
        parameters.push_back(sweep::parseParameter(item, sweepPassAs()));
    if (!parameters.empty())
        sweep::configurations(parameters, false); // a name given twice
    return parameters;
}

sweep::PassAs CaptureOptionsPage::sweepPassAs() const
{
    return sweepAsEnv_->isChecked() ? sweep::PassAs::Env : sweep::PassAs::Args;
}

QString CaptureOptionsPage::problem() const
{
    const QString name = runName();
    if (name.isEmpty())
        return tr("Name the run (a model name gives one).");
    if (name.contains(QLatin1Char('/')) || name == QLatin1String(".") || name == QLatin1String("..") ||
        name.startsWith(QLatin1Char('-')))
        return tr("The run name %1 cannot be a folder name: no '/', not starting with '-'.").arg(name);
    const QString out = outputFolder();
    if (out.isEmpty())
        return tr("Choose the output folder the run folder is made in.");
    if (QFileInfo(out).exists() && !QFileInfo(out).isDir())
        return tr("The output folder %1 is a file.").arg(out);
    if (QDir(out).exists(name))
        return tr("A run named %1 already exists in %2: change the run name.").arg(name, out);
    try {
        if (!sweepParameters().empty() && wizard_->isRemote())
            return tr("A sweep runs on this machine: clear the sweep parameters to capture on the SSH host.");
    } catch (const sweep::SweepError &e) {
        return tr("Sweep parameters: %1.").arg(toQString(e.what()));
    }
    const QString step = stepSource_->currentText().trimmed();
    if (!pipeline::isStepSource(step.toStdString()))
        return tr("A step is %1, not '%2'.").arg(toQString(pipeline::kStepSourceHelp), step);
    const remote::TargetCheck *check = wizard_->targetCheck();
    if (chosenTool() == pipeline::CaptureTool::Nsys) {
        const remote::ToolCheck *nsys = check ? check->tool("nsys") : nullptr;
        if (!nsys || !nsys->found)
            return tr("nsys was not found on %1%2. Choose auto or torch.profiler, or install Nsight Systems.")
                .arg(check ? toQString(check->where) : tr("the target"),
                     nsys && !nsys->problem.empty() ? ": " + toQString(nsys->problem) : QString());
    }
    if (wizard_->effectiveTool() == pipeline::CaptureTool::Nsys &&
        std::none_of(trace_.begin(), trace_.end(), [](const auto &t) { return t.second->isChecked(); }))
        return tr("Choose nsys trace domains: cuda and nvtx are what OpScope reads.");
    return {};
}

bool CaptureOptionsPage::isComplete() const
{
    return problem().isEmpty();
}

void CaptureOptionsPage::refresh()
{
    const bool nsys = wizard_->effectiveTool() == pipeline::CaptureTool::Nsys;
    correlation_->setEnabled(nsys);
    cudaMemoryUsage_->setEnabled(nsys);
    for (auto &[domain, box] : trace_)
        box->setEnabled(nsys);
    const QString problem = this->problem();
    size_t sweepRuns = 0;
    if (problem.isEmpty())
        if (const auto parameters = sweepParameters(); !parameters.empty())
            sweepRuns = sweep::configurations(parameters, false).size();
    if (!problem.isEmpty())
        setMessage(message_, problem, true);
    else if (sweepRuns > 0)
        setMessage(
            message_,
            tr("A sweep of %n capture(s), one per configuration, into the sweep folder %1.", nullptr, int(sweepRuns))
                .arg(QDir(outputFolder()).filePath(runName())),
            false);
    else
        setMessage(
            message_,
            nsys
                ? tr("The capture runs under nsys; the run folder is %1.").arg(QDir(outputFolder()).filePath(runName()))
                : tr("The capture runs under torch.profiler (%1); the run folder is %2.")
                      .arg(chosenTool() == pipeline::CaptureTool::Cpu ? tr("CPU activity only")
                                                                      : tr("no nsys on the target"),
                           QDir(outputFolder()).filePath(runName())),
            false);
    emit completeChanged();
}

} // namespace opscope::ui
