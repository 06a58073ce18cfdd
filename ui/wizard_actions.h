#pragma once
// The explorer's ways into the wizards: File > New Capture... (Ctrl+Shift+N), File > Replay Capture...,
// and "Deep dive" on a module or operator (context menu of the module tree and the operator table, and
// File > Deep Dive on Selection...), which opens the replay wizard on the open profile's run with an NVTX
// include for that range and the detailed metric set.

#include "common/selection.h"

#include <QString>
#include <QStringList>

#include <optional>

class QMenu;

namespace opscope::ui {

class CaptureWizard;
class MainWindow;
class ReplayWizard;
struct ProfileAnalysis;

// What a deep dive profiles.
struct DeepDive {
    QString subject;         // "blocks.0[Block]", "aten::linear", a kernel name
    QStringList nvtxInclude; // module labels as the launcher names them, or regex: expressions
    QString kernelRegex;
    bool dedup = false; // only for a group of identical layers (its representative stands for all)
    QString metricSet = QStringLiteral("detailed");
};

// The deep dive on a selection: a module's label, a dedup group's pattern, an operator's NVTX range
// (emit_nvtx names it "aten::op, seq = ..."), a kernel's module and name. None for an empty selection.
std::optional<DeepDive> deepDiveFor(const ProfileAnalysis &analysis, const Selection::State &state);

// The run folder a profile was imported into (<run>/<run>.opscope beside manifest.json), else empty.
QString runFolderOfProfile(const QString &profilePath);

// Adds the wizard actions to `fileMenu` and the deep dive to the views' context menus.
void installCaptureActions(MainWindow *window, QMenu *fileMenu);

// Opens the wizards (non-modal, deleted on close); a profile they make opens in `window`.
CaptureWizard *showCaptureWizard(MainWindow *window);
ReplayWizard *showReplayWizard(MainWindow *window, const std::optional<DeepDive> &dive = std::nullopt);

} // namespace opscope::ui
