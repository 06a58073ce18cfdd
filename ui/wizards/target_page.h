#pragma once
// Capture wizard, page 2: where the capture runs. This machine, or an SSH host (hosts offered from the
// ssh config, a remote working folder, OpScope's CLI there or a copy of this one). "Check" asks the
// target for Python, torch, CUDA, nsys, ncu and OpScope's CLI with their versions, off the GUI thread.
// A distributed job: N processes per node through torchrun, or the tasks of Slurm's srun (docs/ranks.md).

#include "opscope/remote.h"

#include <QWizardPage>

class QCheckBox;
class QComboBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QRadioButton;
class QSpinBox;

namespace opscope::ui {

class CaptureWizard;
class CheckView;

class TargetPage : public QWizardPage {
    Q_OBJECT
public:
    explicit TargetPage(CaptureWizard *wizard);

    remote::SshTarget sshTarget() const;
    // A key naming the SSH settings (a check belongs to them).
    QString sshKey() const;
    QString problem() const;
    // The ranks chosen: --nproc-per-node or --srun of the request.
    void applyRanks(pipeline::CaptureRequest &request) const;

    void initializePage() override;
    bool isComplete() const override;
    void save() const;

private:
    void load();
    void reloadHosts();
    void refresh();

    CaptureWizard *wizard_;
    QRadioButton *local_;
    QRadioButton *ssh_;
    QGroupBox *sshBox_;
    QComboBox *host_;
    QSpinBox *port_;
    QLineEdit *configFile_;
    QLineEdit *remoteDir_;
    QLineEdit *remoteOpscope_;
    QCheckBox *copyCli_;
    QSpinBox *nprocPerNode_;
    QCheckBox *slurm_;
    QLineEdit *srunArgs_;
    QPushButton *checkButton_;
    CheckView *check_;
    QLabel *message_;
};

} // namespace opscope::ui
