#pragma once
// What OpScope remembers between sessions, in one list: every QSettings key with its type and the
// value it has before anything was saved. Windows, dialogs and wizard pages read and write through
// these keys (settings::read / settings::write), never through QSettings and a string of their own;
// settings.cpp is the one file that talks to QSettings. The GUI test suites keep their settings
// apart from the user's (QStandardPaths' test mode, tests/gui/isolated_settings.cpp).

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace opscope::ui::settings {

// One remembered value: where it is stored ("group/name") and what it reads as before it was saved.
template <typename T> struct Key {
    const char *name;
    T fallback{};
};

// The stored value, else `fallback` (for keys whose default is a view's own or computed at run time).
template <typename T> T read(const Key<T> &key, const T &fallback);
// The stored value, else the key's fallback.
template <typename T> T read(const Key<T> &key)
{
    return read(key, key.fallback);
}
template <typename T> void write(const Key<T> &key, const T &value);

// Forgets everything remembered (the tests start from the defaults).
void clear();
// The file the settings live in.
QString storagePath();

// ---- The keys ----

namespace files {
inline const Key<QString> lastFolder{"files/lastFolder"}; // where the open dialogs start
inline const Key<QStringList> recent{"files/recent"};     // the files of each capture, '\n'-joined, newest first
} // namespace files

namespace window { // the explorer's main window
inline const Key<QByteArray> geometry{"window/geometry"};
inline const Key<QByteArray> state{"window/state"}; // docks and toolbars
} // namespace window

namespace view { // choices made in the explorer's views; the defaults are the views' own
inline const Key<int> operatorGrouping{"view/operatorGrouping"}; // OperatorGrouping
inline const Key<bool> kernelsStepOnly{"view/kernelsStepOnly"};
inline const Key<int> rooflineLevel{"view/rooflineLevel"};           // MemoryLevel
inline const Key<int> rooflineAggregates{"view/rooflineAggregates"}; // RooflineAggregates
inline const Key<bool> rooflineScope{"view/rooflineScope"};
inline const Key<int> rooflineColorBy{"view/rooflineColorBy"}; // ColorMode
inline const Key<QString> rooflinePrecision{"view/rooflinePrecision"};
inline const Key<bool> timelineColorByModule{"view/timelineColorByModule", false};
inline const Key<int> timelineLabelWidth{"view/timelineLabelWidth", 0}; // 0: sized to the names
inline const Key<int> tab{"view/tab", 0};                               // the analysis tab on show
inline const Key<int> theme{"view/theme", 0};                           // Theme (common/theme.h): 0 follows the desktop
} // namespace view

namespace compare {
inline const Key<QByteArray> geometry{"compare/geometry"};
inline const Key<QString> before{"compare/before"}; // the Compare dialog's fields
inline const Key<QString> after{"compare/after"};
} // namespace compare

namespace captureWizard { // New Capture: workload, target and capture options
inline const Key<QString> script{"captureWizard/script"};
inline const Key<QString> arguments{"captureWizard/arguments"};
inline const Key<QString> python{"captureWizard/python"};
inline const Key<QString> workingDirectory{"captureWizard/workingDirectory"};
inline const Key<QStringList> environment{"captureWizard/environment"}; // NAME=VALUE
inline const Key<bool> remote{"captureWizard/remote", false};           // run over ssh
inline const Key<QString> sshConfig{"captureWizard/sshConfig"};
inline const Key<QString> host{"captureWizard/host"};
inline const Key<int> port{"captureWizard/port", 0}; // 0: ssh's own
inline const Key<QString> remoteDirectory{"captureWizard/remoteDirectory"};
inline const Key<QString> remoteOpscope{"captureWizard/remoteOpscope"};
inline const Key<bool> copyCli{"captureWizard/copyCli", false};
inline const Key<int> nprocPerNode{"captureWizard/nprocPerNode", 1}; // ranks through torchrun; 1: one process
inline const Key<bool> slurm{"captureWizard/slurm", false};          // ranks as the tasks of srun
inline const Key<QString> srunArgs{"captureWizard/srunArgs"};
inline const Key<QString> modelName{"captureWizard/modelName"};
inline const Key<QString> outputFolder{"captureWizard/outputFolder"}; // default: ~/opscope-runs
inline const Key<int> warmup{"captureWizard/warmup", 2};
inline const Key<int> steps{"captureWizard/steps", 1};
inline const Key<QString> stepSource{"captureWizard/stepSource", QStringLiteral("auto")};
inline const Key<QString> compile{"captureWizard/compile", QStringLiteral("eager")};
inline const Key<QString> tool{"captureWizard/tool", QStringLiteral("auto")};
inline const Key<bool> correlationPass{"captureWizard/correlationPass", true};
inline const Key<bool> cudaMemoryUsage{"captureWizard/cudaMemoryUsage", false}; // nsys --cuda-memory-usage
inline const Key<QStringList> traceDomains{"captureWizard/traceDomains",
                                           {QStringLiteral("cuda"), QStringLiteral("nvtx")}};
} // namespace captureWizard

namespace replayOptions { // the ncu replay, in New Capture and Replay Capture
inline const Key<bool> enabled{"replayOptions/enabled", true};
inline const Key<QString> ncuPath{"replayOptions/ncuPath"};
inline const Key<QString> metricSet{"replayOptions/metricSet", QStringLiteral("roofline")};
inline const Key<QString> sections{"replayOptions/sections"};
inline const Key<QString> metrics{"replayOptions/metrics"};
inline const Key<QString> nvtxInclude{"replayOptions/nvtxInclude"};
inline const Key<QString> nvtxExclude{"replayOptions/nvtxExclude"};
inline const Key<int> launchSkip{"replayOptions/launchSkip", 0};
inline const Key<int> launchCount{"replayOptions/launchCount", 0};
inline const Key<QString> kernelRegex{"replayOptions/kernelRegex"};
inline const Key<QString> replayMode{"replayOptions/replayMode", QStringLiteral("kernel")};
inline const Key<bool> dedup{"replayOptions/dedup", true};
inline const Key<bool> sudo{"replayOptions/sudo", false};
inline const Key<QString> sudoEnv{"replayOptions/sudoEnv"};
} // namespace replayOptions

namespace replayWizard {
inline const Key<QString> runFolder{"replayWizard/runFolder"};
} // namespace replayWizard

} // namespace opscope::ui::settings
