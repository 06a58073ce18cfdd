#pragma once
// Capture wizard, page 3: the model name (which names the run), the output folder, warm-up and captured
// steps, what a step is, the compile mode, the capture tool, the correlation pass, nsys' trace domains
// and its CUDA memory trace; sweep parameters make it a sweep (one capture per configuration,
// docs/sweeps.md).

#include "opscope/pipeline.h"
#include "opscope/sweep.h"

#include <QWizardPage>

#include <map>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace opscope::ui {

class CaptureWizard;

class CaptureOptionsPage : public QWizardPage {
    Q_OBJECT
public:
    explicit CaptureOptionsPage(CaptureWizard *wizard);

    // Fills the capture options (not the workload) of `request`.
    void apply(pipeline::CaptureRequest &request) const;
    pipeline::CaptureTool chosenTool() const;
    QString runName() const;
    QString outputFolder() const;
    QString problem() const;
    // "batch=8,16; seq=128,256": the parameters of a sweep, none for one capture. Throws
    // sweep::SweepError for text that is not that.
    std::vector<sweep::Parameter> sweepParameters() const;
    sweep::PassAs sweepPassAs() const;

    void initializePage() override;
    bool isComplete() const override;
    void save() const;

private:
    void load();
    void refresh();
    void suggestRunName();

    CaptureWizard *wizard_;
    QLineEdit *modelName_;
    QLineEdit *runName_;
    QLineEdit *outDir_;
    QSpinBox *warmup_;
    QSpinBox *steps_;
    QComboBox *stepSource_;
    QComboBox *compile_;
    QComboBox *tool_;
    QCheckBox *correlation_;
    QCheckBox *cudaMemoryUsage_;
    QLineEdit *sweepParams_;
    QCheckBox *sweepAsEnv_;
    std::map<QString, QCheckBox *> trace_;
    QLabel *message_;
    QString modelScript_; // the script the model name belongs to
    bool runNameEdited_ = false;
};

} // namespace opscope::ui
