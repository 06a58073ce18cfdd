// Many ranks in the explorer (docs/scaling.md): per-rank traces opened together as one job, as
// `opscope r0.json ... rN.json` does, timed from the start of main() to the first paint of the timeline with
// the job in it, to the end of the load (openFinished: insights and the ranks' report are in), and to the
// first paint of the Ranks tab with its rows once it is opened; the peak RSS at each. The baseline, in the
// same run: the same files imported with importCapture() alone on this thread (no window, no analysis).
// Beside each wall time, the process's CPU time (all threads) and the GUI thread's: on a shared machine
// other processes stretch the wall times, much less the CPU times.
//
// The traces come from bench_ranks (copies of a real trace, one per rank, distinct ranks and pids):
//   bench_ranks --ranks 64 --dir D        (writes D/rank-<r>-of-64.json, kept)
//   bench_gui_ranks D/rank-*-of-64.json
#include "cpu_clock.h"
#include "gui_measure.h"
#include "main_window.h"
#include "timeline/timeline_view.h"
#include "views/ranks_view.h"

#include "opscope/capture_import.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEvent>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTimer>

#include <cstdio>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

using namespace opscope;
using namespace opscope::ui;

int main(int argc, char **argv)
{
    QElapsedTimer sinceStart;
    sinceStart.start();
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QTemporaryDir config; // recent files and window layout go here, not into the user's settings
    qputenv("XDG_CONFIG_HOME", config.path().toLocal8Bit());
    QApplication app(argc, argv);
    QStringList files;
    std::vector<std::string> paths;
    for (int i = 1; i < argc; ++i) {
        files << QString::fromLocal8Bit(argv[i]);
        paths.emplace_back(argv[i]);
    }
    if (files.isEmpty()) {
        std::fprintf(stderr, "usage: bench_gui_ranks FILE...   (one torch.profiler trace per rank)\n");
        return 2;
    }
    const auto ms = [&] { return double(sinceStart.nsecsElapsed()) / 1e6; };
    MainWindow window;
    window.resize(1920, 1080);
    window.show();
    using bench::FirstPaint;
    using bench::peakRssMb;
    using bench::processCpuMs;
    using bench::threadCpuMs;
    double frameAt = 0, frameRss = 0, loadedAt = 0, loadedRss = 0, askedAt = 0, ranksAt = 0, ranksRss = 0;
    double frameCpu = 0, loadedCpu = 0, askedGuiCpu = 0, ranksGuiCpu = 0;
    bool ok = true;
    FirstPaint timeline(
        window.timeline()->viewport(), [&] { return window.capture() != nullptr; },
        [&] { frameAt = ms(), frameRss = peakRssMb(), frameCpu = processCpuMs(); });
    FirstPaint ranks(
        window.ranks()->rankTable()->viewport(),
        [&] { return askedAt > 0 && window.ranks()->rankTable()->rowCount() > 0; },
        [&] {
            ranksAt = ms(), ranksRss = peakRssMb(), ranksGuiCpu = threadCpuMs();
            QTimer::singleShot(200, [] { QApplication::exit(0); });
        });
    QObject::connect(&window, &MainWindow::openFinished, [&](bool success, const QString &message) {
        loadedAt = ms(), loadedRss = peakRssMb(), loadedCpu = processCpuMs();
        ok = success;
        if (!success) {
            std::fprintf(stderr, "open failed: %s\n", qPrintable(message));
            QApplication::exit(1);
            return;
        }
        askedAt = ms(), askedGuiCpu = threadCpuMs();
        window.analysisTabs()->setCurrentWidget(window.ranks());
    });
    const double openAt = ms(), openCpu = processCpuMs();
    window.openFiles(files);
    if (app.exec() != 0 || !ok)
        return 1;
    const size_t rows = size_t(window.ranks()->rankTable()->rowCount());
    // The baseline: the import alone, on this thread, after the window's run (its RSS is already counted).
    const double importFrom = ms(), importCpuFrom = processCpuMs();
    const Profile alone = importCapture(paths);
    const double importMs = ms() - importFrom, importCpu = processCpuMs() - importCpuFrom;
    std::printf("files %d, ranks in the table %zu, kernels %zu\n", int(files.size()), rows, alone.kernels.size());
    std::printf("%-50s %10s %10s %12s\n", "", "wall ms", "CPU ms", "peak MiB");
    std::printf("%-50s %10.0f %10.0f %12.1f\n", "timeline's first frame with the job", frameAt - openAt,
                frameCpu - openCpu, frameRss);
    std::printf("%-50s %10.0f %10.0f %12.1f\n", "load done (analysis, insights, ranks report)", loadedAt - openAt,
                loadedCpu - openCpu, loadedRss);
    std::printf("%-50s %10.0f %10.0f %12.1f\n", "Ranks tab's first frame, once opened (GUI thread)", ranksAt - askedAt,
                ranksGuiCpu - askedGuiCpu, ranksRss);
    std::printf("%-50s %10.0f %10.0f %12s\n", "baseline: importCapture alone, no window", importMs, importCpu, "-");
    return 0;
}
