// Open-to-first-frame benchmark: what `opscope FILE` does (a MainWindow, shown, openFiles), timed from
// the start of main() to the first paint of the timeline with the profile in it, with the stages the
// loader reported on the way, the longest stall of the GUI thread (a 5 ms heartbeat timer on that
// thread; a gap between two ticks is time the window could not paint) before the first frame and from
// then until the insights, which follow the first frame, are in (openFinished), and the peak RSS.
// The baseline, in the same run: the same files loaded with loadCapture() alone on this thread (the
// worker's part, no window), so the ratio shows what the window adds.
//
// The big inputs come from the import benchmarks' generators:
//   bench_kineto_import --sizes-mb 1000 --repeat 1 --python-max-mb 0 --keep --dir D   (a ~1 GB trace)
//   bench_nsys_import --kernels 1000000 --runs 1 --keep --dir D                       (a 1 M-kernel export)
//
// Usage: bench_gui_open [--no-baseline] [--after-ms N] [--probe] [--kernels] [--clicks] FILE...
//   --no-baseline  skip the headless load (its peak RSS would not show anyway: RSS is read before it)
//   --after-ms N   keep the event loop running N ms after the first frame and the insights (default 1000)
//   --kernels      then open the Kernels tab and time its first paint with rows, and sorting it by two columns
//   --clicks       then click as a user does (the largest dedup group in the module tree, every tab, the
//                  root module, every tab, one kernel, every tab) and time how long each click blocks the
//                  GUI thread: the call itself and the longest heartbeat gap until the next click
//   --probe        a thread reads the clocks in a loop and reports its longest gap (takes a core: a diagnosis)
#include "common/selection.h"
#include "cpu_clock.h"
#include "gui_measure.h"
#include "main_window.h"
#include "models/profile_analysis.h"
#include "models/profile_loader.h"
#include "models/sort_filter_proxy.h"
#include "timeline/timeline_view.h"
#include "views/kernel_table_view.h"
#include "views/module_tree_view.h"

#include "opscope/progress.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEvent>
#include <QFileInfo>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QTreeView>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

using namespace opscope;
using opscope::bench::FirstPaint;
using opscope::bench::peakRssMb;
using opscope::bench::processCpuMs;
using opscope::bench::threadCpuMs;
using namespace opscope::ui;

namespace {

// The calling thread's page faults so far, minor (a fresh or reclaimed page) and major (read from disk),
// the times the scheduler took its core away (involuntary context switches), and the machine's steal
// time (ms the hypervisor ran something else on this VM's virtual CPUs, all of them together).
struct Faults {
    long minor = 0, major = 0, preempted = 0;
    double stealMs = 0;
    Faults operator-(const Faults &o) const
    {
        return {minor - o.minor, major - o.major, preempted - o.preempted, stealMs - o.stealMs};
    }
};
double stealMs()
{
    std::ifstream stat("/proc/stat");
    std::string cpu;
    double user, nice, system, idle, iowait, irq, softirq, steal = 0;
    stat >> cpu >> user >> nice >> system >> idle >> iowait >> irq >> softirq >> steal;
    return steal * 1000.0 / double(sysconf(_SC_CLK_TCK));
}
Faults threadFaults()
{
    rusage usage{};
    getrusage(RUSAGE_THREAD, &usage);
    return {usage.ru_minflt, usage.ru_majflt, usage.ru_nivcsw, stealMs()};
}

struct Stage {
    QString name;
    double atMs;  // first report, from the start of main()
    double cpuMs; // the process's CPU time then
};

// One click of --clicks: what it did, how long the call held the GUI thread, and the longest heartbeat
// gap from the click to the next one (the call, the paints and anything it queued).
struct Click {
    QString what;
    std::function<void()> act;
    double callMs = 0, callCpuMs = 0, longestGap = 0, longestGapCpu = 0;
};

} // namespace

int main(int argc, char **argv)
{
    QElapsedTimer sinceStart;
    sinceStart.start();
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QTemporaryDir config; // recent files and window layout go here, not into the user's settings
    qputenv("XDG_CONFIG_HOME", config.path().toLocal8Bit());
    QApplication app(argc, argv);
    bool baseline = true, probe = false, kernelsTab = false, clicks = false;
    int afterMs = 1000;
    QStringList files;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--no-baseline"))
            baseline = false;
        else if (!std::strcmp(argv[i], "--probe"))
            probe = true;
        else if (!std::strcmp(argv[i], "--kernels"))
            kernelsTab = true;
        else if (!std::strcmp(argv[i], "--clicks"))
            clicks = true;
        else if (!std::strcmp(argv[i], "--after-ms") && i + 1 < argc)
            afterMs = std::atoi(argv[++i]);
        else
            files << QString::fromLocal8Bit(argv[i]);
    }
    if (files.isEmpty()) {
        std::fprintf(stderr,
                     "usage: bench_gui_open [--no-baseline] [--after-ms N] [--probe] [--kernels] [--clicks] FILE...\n");
        return 2;
    }
    double bytes = 0;
    for (const QString &f : files)
        bytes += double(QFileInfo(f).size());

    auto ms = [&] { return double(sinceStart.nsecsElapsed()) / 1e6; };
    MainWindow window;
    window.resize(1920, 1080);
    window.show();

    // The heartbeat: the longest gap between ticks while loading, and what the window was doing. Beside
    // the wall-clock gap, the GUI thread's own CPU time between two ticks: on a loaded machine a gap is
    // mostly waiting for a core, the CPU time is what the code itself holds the thread for.
    QString phase = QStringLiteral("loading");
    std::vector<Click> clickLog;
    int currentClick = -1;
    double lastTick = ms(), longestGap = 0, longestAt = 0, longestAfterFrame = 0, longestAfterAt = 0;
    double lastCpu = threadCpuMs(), longestGapCpu = 0, longestAfterCpu = 0, mostCpu = 0, mostCpuAfter = 0;
    // ...and its page faults between those two ticks: a GUI thread that waits for its pages is stalled
    // by memory, not by code (on a VM a fault taken from the page cache costs 11-18 us).
    Faults lastFaults = threadFaults(), longestGapFaults, longestAfterFaults;
    double handOverGap = -1, handOverCpu = 0;
    QTimer heartbeat;
    heartbeat.setTimerType(Qt::PreciseTimer);
    heartbeat.setInterval(5);
    QObject::connect(&heartbeat, &QTimer::timeout, [&] {
        const double now = ms(), gap = now - lastTick, cpuNow = threadCpuMs(), cpu = cpuNow - lastCpu;
        const Faults faultsNow = threadFaults(), faults = faultsNow - lastFaults;
        lastTick = now;
        lastCpu = cpuNow;
        lastFaults = faultsNow;
        if (phase == QLatin1String("kernels"))
            return; // timed on its own
        if (phase == QLatin1String("clicks")) {
            if (currentClick >= 0 && gap > clickLog[size_t(currentClick)].longestGap) {
                clickLog[size_t(currentClick)].longestGap = gap;
                clickLog[size_t(currentClick)].longestGapCpu = cpu;
            }
            return;
        }
        if (phase == QLatin1String("after first frame") && handOverGap < 0) {
            handOverGap = gap; // the first gap closed after the first frame: the hand-over and that paint
            handOverCpu = cpu;
        }
        if (phase == QLatin1String("after first frame")) {
            mostCpuAfter = std::max(mostCpuAfter, cpu);
            if (gap > longestAfterFrame) {
                longestAfterFrame = gap;
                longestAfterAt = now;
                longestAfterCpu = cpu;
                longestAfterFaults = faults;
            }
        } else {
            mostCpu = std::max(mostCpu, cpu);
            if (gap > longestGap) {
                longestGap = gap;
                longestAt = now;
                longestGapCpu = cpu;
                longestGapFaults = faults;
            }
        }
    });
    heartbeat.start();

    // --probe: a thread that only reads the clocks, in a loop. A gap between two of its reads in which its
    // own CPU time advanced as much as the wall clock is time no code of this process ran in, though the
    // kernel counts it as this thread's: the virtual machine's, not the window's.
    std::atomic<bool> probing{probe};
    double probeGap = 0, probeGapCpu = 0, probeGapAt = 0;
    std::thread prober;
    if (probe)
        prober = std::thread([&] {
            double last = ms(), lastCpu = threadCpuMs();
            while (probing.load(std::memory_order_relaxed)) {
                const double now = ms(), cpu = threadCpuMs();
                if (now - last > probeGap) {
                    probeGap = now - last;
                    probeGapCpu = cpu - lastCpu;
                    probeGapAt = now;
                }
                last = now;
                lastCpu = cpu;
            }
        });

    std::vector<Stage> stages;
    if (auto *loader = window.findChild<ProfileLoader *>())
        QObject::connect(loader, &ProfileLoader::progress, [&](LoadStage stage, double, const QString &detail) {
            const QString name = loadStageName(stage) + QStringLiteral(": ") + detail;
            if (stages.empty() || stages.back().name != name)
                stages.push_back({name, ms(), processCpuMs()});
        });
    double shownAt = 0, loadedAt = 0, frameAt = 0, frameCpuMs = 0, rssAtFrame = 0;
    if (auto *loader = window.findChild<ProfileLoader *>())
        QObject::connect(loader, &ProfileLoader::shown, [&] { shownAt = ms(); });
    bool ok = true;
    QString error;
    // Then, with --kernels, the Kernels tab is opened (the table fills itself once seen) and timed to its
    // first paint with rows.
    double kernelsAskedAt = 0, kernelsPaintedAt = 0, kernelsCpuFrom = 0, kernelsCpu = 0;
    std::vector<std::pair<const char *, double>> kernelSorts; // column, ms
    FirstPaint kernelsPaint(
        window.kernelTable()->view()->viewport(), [&] { return kernelsAskedAt > 0; },
        [&] {
            kernelsPaintedAt = ms();
            kernelsCpu = threadCpuMs() - kernelsCpuFrom;
            // A click on a column header: sorting by a number (duration) and by text (the name), one way.
            for (const auto &[column, name] : {std::pair(int(KernelTableModel::DurationColumn), "duration"),
                                               std::pair(int(KernelTableModel::NameColumn), "name")}) {
                const double from = ms();
                window.kernelTable()->proxy()->sort(column, Qt::DescendingOrder);
                kernelSorts.push_back({name, ms() - from});
            }
            QTimer::singleShot(afterMs, [] { QApplication::exit(0); });
        });
    // --clicks: the script of clicks, run one after another kClickGapMs apart, then quit.
    constexpr int kClickGapMs = 700;
    std::function<void(size_t)> runClick = [&](size_t i) {
        if (i >= clickLog.size()) {
            QApplication::exit(0);
            return;
        }
        currentClick = int(i);
        Click &c = clickLog[i];
        const double from = ms(), cpuFrom = threadCpuMs();
        c.act();
        c.callMs = ms() - from;
        c.callCpuMs = threadCpuMs() - cpuFrom;
        QTimer::singleShot(kClickGapMs, [&, i] { runClick(i + 1); });
    };
    auto startClicks = [&] {
        const ProfileAnalysis &a = *window.analysis();
        QTabWidget *tabs = window.analysisTabs();
        auto everyTab = [&](const QString &after) {
            for (int t = 0; t < tabs->count(); ++t)
                if (tabs->isTabVisible(t))
                    clickLog.push_back(
                        {QStringLiteral("tab %1 (%2)").arg(tabs->tabText(t).remove(QLatin1Char('&')), after),
                         [tabs, t] { tabs->setCurrentIndex(t); }});
        };
        // A click on a row of the module tree, as the mouse makes it: the row becomes current.
        ModuleTreeView *tree = window.moduleTree();
        const auto clickRow = [tree](const QModelIndex &source) {
            const QModelIndex row = tree->proxy()->mapFromSource(source);
            tree->view()->scrollTo(row);
            tree->view()->setCurrentIndex(row);
        };
        int largest = -1;
        size_t most = 0;
        for (size_t g = 0; g < a.tree.groups.size(); ++g) {
            size_t kernels = 0;
            for (size_t n : a.tree.groups[g].kernelsPerMember)
                kernels += n;
            if (kernels > most) {
                most = kernels;
                largest = int(g);
            }
        }
        if (largest >= 0) {
            const DedupGroup &g = a.tree.groups[size_t(largest)];
            clickLog.push_back({QStringLiteral("module tree: group %1 x%2 (%3 kernels)")
                                    .arg(QString::fromStdString(g.name))
                                    .arg(g.members.size())
                                    .arg(most),
                                [clickRow, tree, largest] { clickRow(tree->model()->indexOfGroup(largest)); }});
            everyTab(QStringLiteral("group selected"));
        }
        if (!a.tree.roots.empty()) {
            const int root = a.tree.roots.front();
            clickLog.push_back({QStringLiteral("module tree: root %1")
                                    .arg(QString::fromStdString(a.tree.nodes[size_t(root)].displayName())),
                                [clickRow, tree, root] { clickRow(tree->model()->indexOfNode(root)); }});
            everyTab(QStringLiteral("root module selected"));
        }
        if (!a.stepKernels.empty()) {
            const Index kernel = a.stepKernels[a.stepKernels.size() / 2];
            clickLog.push_back({QStringLiteral("timeline: kernel %1").arg(kernel),
                                [&window, kernel] { window.selection()->setKernel(kernel); }});
            everyTab(QStringLiteral("kernel selected"));
        }
        phase = QStringLiteral("clicks");
        runClick(0);
    };
    auto quitWhenDone = [&] { // afterMs past both the first frame and the insights
        if (frameAt == 0 || loadedAt == 0)
            return;
        if (clicks) {
            QTimer::singleShot(afterMs, startClicks);
            return;
        }
        if (!kernelsTab) {
            QTimer::singleShot(afterMs, [] { QApplication::exit(0); });
            return;
        }
        QTimer::singleShot(afterMs, [&] {
            phase = QStringLiteral("kernels");
            kernelsAskedAt = ms();
            kernelsCpuFrom = threadCpuMs();
            window.analysisTabs()->setCurrentWidget(window.kernelTable());
        });
    };
    QObject::connect(&window, &MainWindow::openFinished, [&](bool success, const QString &message) {
        loadedAt = ms(); // the insights are in too
        ok = success;
        error = message;
        if (!success)
            QApplication::exit(1);
        quitWhenDone();
    });
    FirstPaint first(
        window.timeline()->viewport(), [&] { return window.capture() != nullptr; },
        [&] {
            frameAt = ms();
            frameCpuMs = processCpuMs();
            rssAtFrame = peakRssMb();
            phase = QStringLiteral("after first frame");
            quitWhenDone();
        });
    const double openAt = ms();
    window.openFiles(files);
    app.exec();
    heartbeat.stop();
    if (probe) {
        probing = false;
        prober.join();
    }
    if (!ok) {
        std::fprintf(stderr, "open failed: %s\n", qPrintable(error));
        return 1;
    }
    const Profile &p = *window.profile();
    const size_t events =
        p.kernels.size() + p.operators.size() + p.ranges.size() + p.api_calls.size() + p.memory_ops.size();
    std::printf("files: %s (%.1f MB)\n", qPrintable(files.join(QStringLiteral(", "))), bytes / 1e6);
    std::printf("profile: %zu kernels, %zu operators, %zu ranges, %zu API calls, %zu memory ops = %zu events\n",
                p.kernels.size(), p.operators.size(), p.ranges.size(), p.api_calls.size(), p.memory_ops.size(), events);
    std::printf("window shown at %.0f ms; openFiles at %.0f ms\n", openAt, openAt);
    std::printf("stages reported by the loader (first report: ms from the start of main, the process's CPU ms "
                "then):\n");
    for (const Stage &s : stages)
        std::printf("  %8.0f  %8.0f  %s\n", s.atMs, s.cpuMs, qPrintable(s.name));
    std::printf("capture handed to the views at %.0f ms, insights in at %.0f ms; first frame at %.0f ms, %.0f CPU ms\n",
                shownAt, loadedAt, frameAt, frameCpuMs);
    std::printf("OPEN-TO-FIRST-FRAME %.2f s, peak RSS %.0f MB (%.2f x the files)\n", frameAt / 1e3, rssAtFrame,
                rssAtFrame * 1e6 / bytes);
    std::printf("LONGEST GUI-THREAD STALL before the first frame %.0f ms (ending at %.0f ms); from the first frame "
                "to %d ms after the insights: %.0f ms (ending at %.0f ms)\n",
                longestGap, longestAt, afterMs, longestAfterFrame, longestAfterAt);
    std::printf("  GUI thread's CPU time in those stalls: %.0f ms / %.0f ms; most CPU time between two ticks: %.0f ms "
                "before the first frame, %.0f ms after\n",
                longestGapCpu, longestAfterCpu, mostCpu, mostCpuAfter);
    std::printf("  the hand-over's own stall (the views take the capture, then the first frame): %.0f ms, the GUI "
                "thread's CPU time %.0f ms\n",
                handOverGap, handOverCpu);
    for (const auto &[when, f] : {std::pair("before", longestGapFaults), std::pair("after", longestAfterFaults)})
        std::printf("  in the stall %s the first frame: the GUI thread's page faults %ld minor, %ld major; preempted "
                    "%ld times; the machine's steal time %.0f ms\n",
                    when, f.minor, f.major, f.preempted, f.stealMs);

    if (kernelsTab)
        std::printf("KERNELS TAB %zu rows painted %.0f ms after the click (GUI thread CPU %.0f ms)\n",
                    size_t(window.kernelTable()->model()->rowCount()), kernelsPaintedAt - kernelsAskedAt, kernelsCpu);
    for (const auto &[column, sortMs] : kernelSorts)
        std::printf("KERNELS SORTED by %s in %.0f ms\n", column, sortMs);
    if (clicks) {
        std::printf("clicks (the call: wall / GUI-thread CPU ms; the longest GUI stall until the next click, %d ms "
                    "later: wall / CPU ms):\n",
                    kClickGapMs);
        const Click *worst = nullptr;
        for (const Click &c : clickLog) {
            std::printf("  %8.0f %8.0f   %8.0f %8.0f   %s\n", c.callMs, c.callCpuMs, c.longestGap, c.longestGapCpu,
                        qPrintable(c.what));
            if (!worst || c.longestGap > worst->longestGap)
                worst = &c;
        }
        if (worst)
            std::printf("LONGEST GUI STALL AFTER A CLICK %.0f ms (GUI-thread CPU %.0f ms): %s\n", worst->longestGap,
                        worst->longestGapCpu, qPrintable(worst->what));
    }
    if (probe)
        std::printf(
            "PROBE the clock-reading thread's longest gap %.0f ms (ending at %.0f ms), its CPU time in it %.0f ms\n",
            probeGap, probeGapAt, probeGapCpu);

    if (baseline) {
        window.close();
        const QStringList paths = files;
        QElapsedTimer timer;
        timer.start();
        Progress progress;
        const auto capture = loadCapture(paths, progress);
        const double loadS = double(timer.nsecsElapsed()) / 1e9;
        std::printf("baseline: loadCapture() alone on one thread, no window: %.2f s; open-to-first-frame / that = "
                    "%.2f\n",
                    loadS, frameAt / 1e3 / loadS);
    }
    return 0;
}
