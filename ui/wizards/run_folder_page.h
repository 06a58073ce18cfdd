#pragma once
// Replay wizard, page 1: the run to replay: a run folder (made by New Capture or `opscope capture`),
// or the run of the profile open in the main window.

#include <QWizardPage>

#include <nlohmann/json.hpp>

class QLabel;
class QLineEdit;
class QPushButton;

namespace opscope::ui {

class ReplayWizard;

class RunFolderPage : public QWizardPage {
    Q_OBJECT
public:
    RunFolderPage(ReplayWizard *wizard, const QString &openProfileRun);

    QString runFolder() const;
    void setRunFolder(const QString &folder);
    // The run's manifest, null when the folder is not a run.
    const nlohmann::json &manifest() const { return manifest_; }
    QString problem() const { return problem_; }

    bool isComplete() const override;
    void save() const;

signals:
    void runChanged();

private:
    void reload();

    ReplayWizard *wizard_;
    QLineEdit *folder_;
    QPushButton *useOpen_;
    QLabel *summary_;
    QLabel *message_;
    nlohmann::json manifest_;
    QString problem_;
};

} // namespace opscope::ui
