#include "screenshots.h"

#include "compare/compare_screenshots.h"
#include "main_window.h"
#include "selection.h"
#include "sweep/sweep_screenshots.h"
#include "timeline/timeline_view.h"
#include "views/counter_panel.h"
#include "views/module_tree_view.h"
#include "views/roofline_view.h"
#include "wizards/wizard_screenshots.h"

#include <QApplication>
#include <QDir>
#include <QTabWidget>
#include <QTreeView>

namespace opscope::ui {

bool saveWidgetImage(QWidget *widget, const QString &path)
{
    QApplication::processEvents();
    return widget->grab().save(path);
}

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
    ok &= saveWizardScreenshots(window, folder);  // wizard-*.png; last: it runs a capture and opens its profile
    return ok;
}

} // namespace opscope::ui
