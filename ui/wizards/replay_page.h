#pragma once
// The Replay page of both wizards: ncu over the captured step, with a metric set or sections or
// metrics, NVTX include/exclude, launch skip/count, a kernel name regex, the replay mode, dedup of
// identical layers, and sudo with extra environment. In the capture wizard it is optional, and off
// (unticked and disabled) with the reason when the target has no ncu or the capture is not an nsys
// one. Where the replay runs on this machine, the page holds the ncu program: found on its own, or
// chosen with the field when it is installed elsewhere (the CLI's --ncu).

#include "opscope/pipeline.h"

#include <QWizardPage>

#include <optional>

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

    // ---- The ncu program on this machine (looked up off the GUI thread whenever the field changes) ----
    // Whether the field applies: the capture wizard hides it for SSH targets (ncu is the host's there).
    void setNcuFieldShown(bool shown);
    bool ncuFieldShown() const { return ncuFieldShown_; }
    bool ncuLookupPending() const { return !ncu_.has_value(); }
    // The lookup's result for the field's text (null while pending).
    const pipeline::ToolInfo *ncu() const { return ncu_ ? &*ncu_ : nullptr; }
    // Why the replay cannot run when the lookup found no ncu, in the page's terms.
    QString ncuMissingReason() const;

    void initializePage() override;
    bool isComplete() const override;
    void save() const;

private:
    void load();
    void refresh();
    void lookUpNcu();      // for the field's text, then says availability may have changed
    void startNcuLookup(); // the lookup alone

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
    QLineEdit *ncuPath_;
    QWidget *ncuRow_;
    bool ncuFieldShown_ = true;
    std::optional<pipeline::ToolInfo> ncu_; // for the field's text; empty while looking
    bool wanted_ = true;                    // the box as the user left it (shown unticked while unavailable)
};

} // namespace opscope::ui
