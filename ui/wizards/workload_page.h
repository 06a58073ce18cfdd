#pragma once
// Capture wizard, page 1: the script, its arguments, the Python interpreter (found automatically and
// checked: imports torch, its version, CUDA), the working directory and extra environment variables.

#include "opscope/pipeline.h"

#include <QWizardPage>

class QComboBox;
class QLabel;
class QLineEdit;
class QTableWidget;
class QTimer;

namespace opscope::ui {

class CaptureWizard;
class CheckView;

class WorkloadPage : public QWizardPage {
    Q_OBJECT
public:
    explicit WorkloadPage(CaptureWizard *wizard);

    // The workload as entered (the interpreter empty when it is to be found).
    pipeline::Workload workload() const;
    QString pythonText() const;
    QString scriptText() const;
    // Why the page cannot go on, empty when it can.
    QString problem() const;

    void initializePage() override;
    bool isComplete() const override;
    void save() const;

private:
    void load();
    void refresh();
    void addEnvRow(const QString &name, const QString &value);

    CaptureWizard *wizard_;
    QComboBox *runOn_;
    QLineEdit *script_;
    QLineEdit *args_;
    QLineEdit *python_;
    QLineEdit *workingDir_;
    QTableWidget *env_;
    CheckView *check_;
    QLabel *message_;
    QTimer *recheck_;
};

} // namespace opscope::ui
