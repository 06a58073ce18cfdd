#pragma once
// The Run page of both wizards: one row per stage (capture, export, correlation pass, replay with
// kernels done / expected, import) with its progress and elapsed time, the tools' live output, and
// Cancel, which ends the running tool's whole process group. It only shows the CaptureRunner.

#include <QWizardPage>

#include <vector>

class QGridLayout;
class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;

namespace opscope::ui {

class RunWizard;

class RunPage : public QWizardPage {
    Q_OBJECT
public:
    explicit RunPage(RunWizard *wizard);

    QString outputText() const;

    void initializePage() override;
    bool isComplete() const override;

private:
    struct RowWidgets {
        QLabel *label;
        QProgressBar *bar;
        QLabel *elapsed;
        QLabel *state;
    };
    void updateRows();
    void onFinished();

    RunWizard *wizard_;
    QGridLayout *grid_;
    std::vector<RowWidgets> rows_;
    QPlainTextEdit *output_;
    QPushButton *cancel_;
    QLabel *status_;
};

} // namespace opscope::ui
