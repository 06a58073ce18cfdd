#pragma once
// Replay wizard, page 1: the run to replay: a run folder (made by New Capture or `opscope capture`),
// or the run of the profile open in the main window.

#include <QWizardPage>

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

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
    // The programs and environment a replay takes from a manifest this user did not capture here
    // (opscope/pipeline/run_trust.h); empty for a run captured here.
    const std::vector<std::string> &untrustedValues() const { return untrusted_; }

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
    std::vector<std::string> untrusted_;
    QString problem_;
};

} // namespace opscope::ui
