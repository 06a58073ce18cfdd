#pragma once
// Opening a folder (File > Open, drag and drop, the command line): a capture folder as the tools leave
// it (nsys.sqlite + ncu_raw.csv + a torch.profiler trace, logs beside them) opens as the capture of its
// files, and a run folder of `opscope capture/profile` opens as its profile (imported into it first when
// it has none yet, as `opscope import RUN` does). Files and Inductor debug folders pass as they are.

#include <QStringList>

namespace opscope {
class Progress;
}

namespace opscope::ui {

// The files `paths` stand for, folders replaced by what they hold. Throws FileError naming a folder that
// holds no profile; Cancelled when `progress` is cancelled (importing a run folder).
QStringList captureFilesOf(const QStringList &paths, const Progress &progress);

} // namespace opscope::ui
