#include "screenshots.h"

#include "common/selection.h"
#include "common/theme.h"
#include "compare/compare_dialog.h"
#include "compare_screenshots.h"
#include "main_window.h"
#include "models/profile_analysis.h"
#include "sweep_screenshots.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_view.h"
#include "views/counter_panel.h"
#include "views/kernel_table_view.h"
#include "views/memory_view.h"
#include "views/module_tree_view.h"
#include "views/ranks_view.h"
#include "views/roofline_view.h"
#include "wizard_screenshots.h"

#include "opscope/ranks.h"

#include <algorithm>

#include <QApplication>
#include <QDir>
#include <QEventLoop>
#include <QTabWidget>
#include <QTimer>
#include <QTreeView>

namespace opscope::ui {

bool saveWidgetImage(QWidget *widget, const QString &path)
{
    QApplication::processEvents();
    return widget->grab().save(path);
}

namespace {

// The Memory tab (memory.png, memory-window.png) on the capture named by OPSCOPE_SCREENSHOTS_MEMORY (files
// separated by ';'; docs/make-screenshots.sh gives the H100 GPT step of tests/data/h100_gpt12_memory), in a
// window of its own, with blocks.0 selected. Nothing without the variable.
// Opens `files` in `window` (shown at the pictures' size) and waits until it is open.
bool openForScreenshots(MainWindow &window, const QStringList &files)
{
    window.resize(1600, 1000);
    window.show();
    QEventLoop loop;
    bool ok = false;
    QObject::connect(&window, &MainWindow::openFinished, &loop, [&](bool opened) {
        ok = opened;
        loop.quit();
    });
    QTimer::singleShot(300000, &loop, &QEventLoop::quit);
    window.openFiles(files);
    loop.exec();
    return ok;
}

// The files the environment variable names (';'-separated), the first time only (`done`): each picture
// set is made once per run; empty when there is nothing to do.
QStringList filesOnce(const char *variable, bool &done)
{
    if (done)
        return {};
    done = true;
    return splitPaths(qEnvironmentVariable(variable));
}

bool saveMemoryScreenshots(const QString &folder)
{
    static bool done = false; // once per run, as the compare pictures
    const QStringList files = filesOnce("OPSCOPE_SCREENSHOTS_MEMORY", done);
    if (files.isEmpty())
        return true;
    MainWindow window;
    if (!openForScreenshots(window, files))
        return false;
    if (const int node = window.analysis()->tree.find("blocks.0"); node >= 0)
        window.selection()->setModule(node);
    window.analysisTabs()->setCurrentWidget(window.memory());
    window.timeline()->fitAll();
    bool saved = saveWidgetImage(&window, folder + "/memory-window.png");
    saved &= saveWidgetImage(window.memory(), folder + "/memory.png");
    return saved;
}

// ranks-window.png: a job of two ranks with the Ranks tab, and on the timeline rank 0's last all-reduce
// selected, outlined with its twin on rank 1 and the flow between them.
bool saveRankScreenshots(const QString &folder)
{
    static bool done = false;
    const QStringList files = filesOnce("OPSCOPE_SCREENSHOTS_RANKS", done);
    if (files.isEmpty())
        return true;
    MainWindow window;
    if (!openForScreenshots(window, files))
        return false;
    const Profile &p = *window.profile();
    Index last = kNoIndex;
    for (Index k = 0; k < p.kernels.size(); ++k)
        if (rankOfDevice(p, p.kernels[k].device) == 0 && isNcclKernelName(p.text(p.kernels[k].name)))
            last = k;
    window.analysisTabs()->setCurrentWidget(window.ranks());
    if (last != kNoIndex) {
        window.selection()->setKernel(last);
        const TimelineModel &model = *window.timeline()->model();
        int64_t start = model.startOf({EventKind::Kernel, last}), end = model.endOf({EventKind::Kernel, last});
        for (const EventRef &peer : model.sameCollectiveOnOtherRanks({EventKind::Kernel, last}))
            start = std::min(start, model.startOf(peer)), end = std::max(end, model.endOf(peer));
        const int64_t margin = (end - start) / 2;
        window.timeline()->setVisibleRange(start - margin, end + margin);
        // The GPU streams of both ranks in sight: the threads and memory curves collapsed.
        for (size_t t = 0; t < model.tracks().size(); ++t)
            if (model.tracks()[t].kind != TrackKind::GpuStream)
                window.timeline()->setTrackExpanded(int(t), false);
    }
    return saveWidgetImage(&window, folder + "/ranks-window.png");
}

// The main window and the roofline again in the dark theme (View > Theme > Dark), then the theme as it was.
bool saveDarkScreenshots(MainWindow &window, const QString &folder)
{
    const Theme before = currentTheme();
    applyTheme(Theme::Dark);
    auto *tabs = window.findChild<QTabWidget *>();
    tabs->setCurrentWidget(window.kernelTable());
    bool ok = saveWidgetImage(&window, folder + "/main-window-dark.png");
    tabs->setCurrentWidget(window.roofline());
    ok &= saveWidgetImage(window.roofline(), folder + "/roofline-dark.png");
    applyTheme(before);
    return ok;
}

} // namespace

bool saveScreenshots(MainWindow &window, const QString &folder)
{
    QDir().mkpath(folder);
    const Profile *p = window.profile();
    if (!p)
        return false;
    // Select the first GEMM of the captured step, so the counters and the roofline have a subject.
    for (Index k = 0; k < p->kernels.size(); ++k)
        if (!(p->kernels[k].flags & kKernelOutsideCapture) &&
            p->text(p->kernels[k].name).find("nvjet") != std::string_view::npos) {
            window.selection()->setKernel(k);
            break;
        }
    if (auto *tree = window.moduleTree()->findChild<QTreeView *>())
        tree->expandToDepth(1);
    auto *tabs = window.findChild<QTabWidget *>();
    bool ok = saveWidgetImage(&window, folder + "/main-window.png");
    ok &= saveWidgetImage(window.moduleTree(), folder + "/module-tree.png");
    if (tabs) {
        tabs->setCurrentWidget(window.roofline());
        ok &= saveWidgetImage(&window, folder + "/roofline-window.png");
        ok &= saveWidgetImage(window.roofline(), folder + "/roofline.png");
        tabs->setCurrentWidget(window.counterPanel());
        ok &= saveWidgetImage(window.counterPanel(), folder + "/counters.png");
    }
    ok &= saveCompareScreenshots(window, folder); // compare*.png, when a baseline is given
    ok &= saveSweepScreenshots(window, folder);   // sweep.png, when a sweep folder is given
    ok &= saveMemoryScreenshots(folder);          // memory*.png, when a capture with memory events is given
    ok &= saveRankScreenshots(folder);            // ranks-window.png, when a job of several ranks is given
    ok &= saveDarkScreenshots(window, folder);    // main-window-dark.png, roofline-dark.png
    ok &= saveWizardScreenshots(window, folder);  // wizard-*.png; last: it runs a capture and opens its profile
    return ok;
}

} // namespace opscope::ui
