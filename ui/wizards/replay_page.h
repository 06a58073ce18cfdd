#pragma once
// The Replay page of both wizards: ncu over the captured step, with a metric set or sections or
// metrics, NVTX include/exclude, launch skip/count, a kernel name regex, the replay mode, dedup of
// identical layers, and sudo with extra environment. In the capture wizard it is optional, and off
// with the reason when the target has no ncu or the capture is not an nsys one.

#include "opscope/pipeline.h"

#include <QWizardPage>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace opscope::ui {

class RunWizard;

class ReplayPage : public QWizardPage {
    Q_OBJECT
public:
    // `optional`: the capture wizard's page, where the replay can be skipped.
    ReplayPage(RunWizard *wizard, bool optional);

    // True when the job includes the replay.
    bool replayChosen() const;
    // The replay's options (its run is filled in by the wizard).
    pipeline::ReplayRequest request() const;
    // Deep dive: profile only these NVTX ranges (module labels, regex:...) or kernels, with this set.
    void prefill(const QStringList &nvtxInclude, const QString &kernelRegex, const QString &metricSet, bool dedup);
    QString problem() const;

    void initializePage() override;
    bool isComplete() const override;
    void save() const;

private:
    void load();
    void refresh();

    RunWizard *wizard_;
    bool optional_;
    QCheckBox *enabled_;
    QLabel *note_;
    QComboBox *metricSet_;
    QLineEdit *sections_;
    QLineEdit *metrics_;
    QLineEdit *nvtxInclude_;
    QLineEdit *nvtxExclude_;
    QSpinBox *launchSkip_;
    QSpinBox *launchCount_;
    QLineEdit *kernelRegex_;
    QComboBox *replayMode_;
    QCheckBox *dedup_;
    QCheckBox *sudo_;
    QLineEdit *sudoEnv_;
    QWidget *options_;
    QLabel *message_;
};

} // namespace opscope::ui
