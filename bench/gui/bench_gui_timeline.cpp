// Timeline rendering benchmark: paints the timeline offscreen at 1920x1080 through a scripted
// sequence of zooms and pans and prints frame times, at about 2 M events (or as many as asked) and at about 100 K.
//
// The events are the real torch.profiler trace kineto_gpt12_train20.json.gz (20 training steps of a
// 12-block GPT, about 105 K timeline events once imported), repeated back to back in memory with
// shifted times and offset references: what is measured is painting, not importing.
//
// Usage: bench_gui_timeline [--copies N | --events N] [--verbose] [--frames-png DIR]
//   --copies N       repetitions for the large run (default: enough for 2 M events)
//   --events N       enough repetitions for N events in the large run (--events 20000000: issue 22's 20 M)
//   --verbose        one line per frame (boxes: boxes and runs of folded columns; events visited: loop
//                    steps over events and pyramid buckets)
//   --fit-only       100 frames of the whole trace instead of the script (the heaviest frame, to profile)
//   --model-only     no painting: the large profile's TimelineModel built on one thread and on every core,
//                    alternately, twice each (the tracks' rows built in parallel against the serial build)
//   --file FILE      with --model-only: the model of this capture (any format OpScope opens) instead
//   --frames-png DIR writes a few frames as PNG files, to look at
#include "build_paths.h"
#include "cpu_clock.h"
#include "opscope/importer.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_view.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QImage>
#include <QScrollBar>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <string>
#include <tuple>
#include <vector>

using namespace opscope;
using opscope::bench::processCpuMs;
using opscope::bench::threadCpuMs;
using namespace opscope::ui;

namespace {

size_t timelineEvents(const Profile &p)
{
    return p.kernels.size() + p.operators.size() + p.ranges.size() + p.api_calls.size() + p.memory_ops.size();
}

Index shifted(Index index, size_t offset)
{
    return index == kNoIndex ? kNoIndex : Index(index + offset);
}

// `copies` repetitions of `base`, each shifted in time by the base's span plus a gap, with operator,
// module and range references and correlation ids offset so every copy links to itself.
Profile replicate(const Profile &base, int copies)
{
    Profile p;
    p.strings = base.strings;
    p.source_format = base.source_format;
    p.threads = base.threads;
    p.devices = base.devices;
    int64_t first = INT64_MAX, last = INT64_MIN;
    auto extend = [&](int64_t s, int64_t e) {
        first = std::min(first, s);
        last = std::max(last, e);
    };
    for (const Kernel &k : base.kernels)
        extend(k.start_ns, k.end_ns);
    for (const Operator &o : base.operators)
        extend(o.start_ns, o.end_ns);
    for (const ApiCall &a : base.api_calls)
        extend(a.start_ns, a.end_ns);
    const int64_t period = (last - first) + (last - first) / 50;
    uint32_t maxCorrelation = 0;
    for (const ApiCall &a : base.api_calls)
        maxCorrelation = std::max(maxCorrelation, a.correlation_id);
    for (const Kernel &k : base.kernels)
        maxCorrelation = std::max(maxCorrelation, k.correlation_id);

    p.kernels.reserve(base.kernels.size() * copies);
    p.operators.reserve(base.operators.size() * copies);
    p.ranges.reserve(base.ranges.size() * copies);
    p.api_calls.reserve(base.api_calls.size() * copies);
    p.memory_ops.reserve(base.memory_ops.size() * copies);
    p.modules.reserve(base.modules.size() * copies);
    for (int c = 0; c < copies; ++c) {
        const int64_t shift = period * c;
        const size_t ops = p.operators.size(), modules = p.modules.size(), ranges = p.ranges.size();
        const uint32_t correlation = (maxCorrelation + 1) * uint32_t(c);
        for (ModuleInstance m : base.modules) {
            m.start_ns += shift;
            m.end_ns += shift;
            m.parent = shifted(m.parent, modules);
            p.modules.push_back(m);
        }
        for (Operator o : base.operators) {
            o.start_ns += shift;
            o.end_ns += shift;
            o.parent = shifted(o.parent, ops);
            o.module = shifted(o.module, modules);
            o.range = shifted(o.range, ranges);
            p.operators.push_back(o);
        }
        for (Range r : base.ranges) {
            r.start_ns += shift;
            r.end_ns += shift;
            p.ranges.push_back(r);
        }
        for (ApiCall a : base.api_calls) {
            a.start_ns += shift;
            a.end_ns += shift;
            a.correlation_id += a.correlation_id ? correlation : 0;
            p.api_calls.push_back(a);
        }
        for (MemoryOp m : base.memory_ops) {
            m.start_ns += shift;
            m.end_ns += shift;
            m.correlation_id += m.correlation_id ? correlation : 0;
            p.memory_ops.push_back(m);
        }
        for (Kernel k : base.kernels) {
            k.start_ns += shift;
            k.end_ns += shift;
            k.op = shifted(k.op, ops);
            k.module = shifted(k.module, modules);
            k.range = shifted(k.range, ranges);
            k.correlation_id += k.correlation_id ? correlation : 0;
            p.kernels.push_back(k);
        }
    }
    p.finalize();
    return p;
}

struct Figures {
    size_t events = 0;
    double modelMs = 0;
    std::vector<double> frameMs; // wall clock
    std::vector<double> cpuMs;   // this thread's CPU time
    double meanRects = 0;
    double meanVisited = 0;
    size_t cells = 0; // buckets of the rows' summary pyramids
};

double percentile(std::vector<double> v, double q)
{
    std::sort(v.begin(), v.end());
    const size_t i = std::min(v.size() - 1, size_t(q * double(v.size() - 1) + 0.5));
    return v[i];
}

// The scripted sequence: for each of ten points across the width, fit everything, zoom in four
// steps around the point, pan twice, zoom out twice; then scroll through the tracks.
Figures run(const Profile &profile, const QString &pngDir, const char *tag, bool verbose, bool fitOnly)
{
    Figures f;
    f.events = timelineEvents(profile);
    QElapsedTimer timer;
    timer.start();
    auto model = std::make_shared<const TimelineModel>(profile);
    TimelineView view;
    view.resize(1920, 1080);
    view.show();
    QApplication::processEvents();
    // The view keeps the profile alive through a shared_ptr; this one is owned by the caller.
    view.setModel(std::shared_ptr<const Profile>(&profile, [](const Profile *) {}), model);
    f.modelMs = double(timer.nsecsElapsed()) / 1e6;
    for (const TimelineRow &row : model->rows())
        for (const auto &level : row.cellLevels)
            f.cells += level.size();

    QImage image(view.size(), QImage::Format_ARGB32_Premultiplied);
    int frame = 0;
    auto render = [&](bool timed) {
        const double cpuStart = threadCpuMs();
        timer.restart();
        view.render(&image);
        const double ms = double(timer.nsecsElapsed()) / 1e6;
        const double cpu = threadCpuMs() - cpuStart;
        if (!timed)
            return;
        f.frameMs.push_back(ms);
        f.cpuMs.push_back(cpu);
        f.meanRects += double(view.lastPaintStats().rectsPainted);
        f.meanVisited += double(view.lastPaintStats().eventsVisited);
        if (verbose)
            std::printf("  %s frame %2d: %6.2f ms (cpu %6.2f), window %.3g ms, %lld boxes, %lld events visited (%lld "
                        "by group), %d labels\n",
                        tag, frame, ms, cpu, double(view.visibleEnd() - view.visibleStart()) / 1e6,
                        (long long)view.lastPaintStats().rectsPainted, (long long)view.lastPaintStats().eventsVisited,
                        (long long)view.lastPaintStats().groupFolds, view.lastPaintStats().labelsDrawn);
        if (!pngDir.isEmpty() && (frame % 9 == 0 || frame % 9 == 4))
            image.save(
                QStringLiteral("%1/%2_%3.png").arg(pngDir, QLatin1String(tag)).arg(frame, 3, 10, QLatin1Char('0')));
        ++frame;
    };
    for (int warm = 0; warm < 3; ++warm)
        render(false);

    const QRect area = view.timeArea();
    if (fitOnly) { // for profiling the heaviest frame
        for (int repeat = 0; repeat < 100; ++repeat) {
            view.fitAll();
            render(true);
        }
        f.meanRects /= double(f.frameMs.size());
        f.meanVisited /= double(f.frameMs.size());
        return f;
    }
    for (int point = 0; point < 10; ++point) {
        const double x = area.left() + area.width() * (0.05 + 0.09 * point);
        view.fitAll();
        render(true);
        for (int step = 0; step < 4; ++step) {
            view.zoomAt(x, 0.25); // a 256x zoom in four steps
            render(true);
        }
        for (int step = 0; step < 2; ++step) {
            view.panByPixels(area.width() * (point % 2 ? 0.3 : -0.3));
            render(true);
        }
        for (int step = 0; step < 2; ++step) {
            view.zoomAt(area.left() + area.width() * 0.5, 4);
            render(true);
        }
    }
    view.fitAll();
    QScrollBar *bar = view.verticalScrollBar();
    for (int step = 0; step <= 4; ++step) {
        bar->setValue(bar->maximum() * step / 4);
        render(true);
    }
    f.meanRects /= double(f.frameMs.size());
    f.meanVisited /= double(f.frameMs.size());
    return f;
}

// "100K", "2.1M": the size a run is printed under.
std::string sizeLabel(size_t events)
{
    char text[32];
    if (events >= 1000000)
        std::snprintf(text, sizeof text, "%.1fM", double(events) / 1e6);
    else
        std::snprintf(text, sizeof text, "%.0fK", double(events) / 1e3);
    return text;
}

void print(const std::string &label, const Figures &f)
{
    std::printf("%-5s %8zu events, model built in %.0f ms, %.0f boxes and %.0f events visited per frame\n",
                label.c_str(), f.events, f.modelMs, f.meanRects, f.meanVisited);
    std::printf("      pyramid: %zu buckets, %.1f bytes per event\n", f.cells,
                double(f.cells * sizeof(TimelineCell)) / double(f.events));
    for (const auto &[what, times] : {std::pair("wall", &f.frameMs), std::pair("cpu ", &f.cpuMs)}) {
        std::vector<double> sorted = *times;
        std::sort(sorted.begin(), sorted.end());
        std::printf("      %s ms: min %6.2f  median %6.2f  p95 %6.2f  max %6.2f\n", what, sorted.front(),
                    percentile(sorted, 0.5), percentile(sorted, 0.95), sorted.back());
    }
}

// --model-only: the profile's TimelineModel on one thread and on every core, alternately, twice each.
void buildModels(const Profile &profile)
{
    std::printf("TimelineModel of %zu events (no memory tracks), wall, the calling thread's CPU time and the "
                "process's:\n",
                timelineEvents(profile));
    for (int round = 0; round < 2; ++round)
        for (const unsigned threads : {1u, 0u}) {
            const double cpuStart = threadCpuMs(), processStart = processCpuMs();
            const auto start = std::chrono::steady_clock::now();
            const TimelineModel model(profile, nullptr, threads);
            const double wall =
                std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
            std::printf("  %-13s %8.0f ms wall, %8.0f ms cpu of the calling thread, %8.0f ms of the process "
                        "(%zu rows)\n",
                        threads == 1 ? "one thread:" : "every core:", wall, threadCpuMs() - cpuStart,
                        processCpuMs() - processStart, model.rows().size());
        }
}

} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    int copies = 0;
    size_t events = 2000000;
    bool verbose = false, fitOnly = false, modelOnly = false;
    QString pngDir;
    std::string modelFile;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--copies") && i + 1 < argc)
            copies = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--events") && i + 1 < argc)
            events = std::strtoull(argv[++i], nullptr, 10);
        else if (!std::strcmp(argv[i], "--verbose"))
            verbose = true;
        else if (!std::strcmp(argv[i], "--fit-only"))
            fitOnly = true;
        else if (!std::strcmp(argv[i], "--model-only"))
            modelOnly = true;
        else if (!std::strcmp(argv[i], "--frames-png") && i + 1 < argc)
            pngDir = QString::fromLocal8Bit(argv[++i]);
        else if (!std::strcmp(argv[i], "--file") && i + 1 < argc)
            modelFile = argv[++i];
    }
    if (!pngDir.isEmpty())
        QDir().mkpath(pngDir);

    if (modelOnly && !modelFile.empty()) {
        const Profile profile = importFile(modelFile);
        buildModels(profile);
        return 0;
    }
    const std::string path = std::string(opscope::test::fixturesDir()) + "/h100/kineto_gpt12_train20.json.gz";
    const auto importStart = std::chrono::steady_clock::now();
    const Profile base = importFile(path);
    const double importS = std::chrono::duration<double>(std::chrono::steady_clock::now() - importStart).count();
    const size_t baseEvents = timelineEvents(base);
    std::printf("base: %s\n  %zu kernels, %zu operators, %zu ranges, %zu API calls, %zu memory ops = %zu events "
                "(imported in %.2f s)\n",
                path.c_str(), base.kernels.size(), base.operators.size(), base.ranges.size(), base.api_calls.size(),
                base.memory_ops.size(), baseEvents, importS);
    if (copies <= 0)
        copies = int((events + baseEvents - 1) / baseEvents);

    if (modelOnly) {
        buildModels(replicate(base, copies));
        return 0;
    }

    // The small run first, so the large profile is not yet in memory.
    const Figures small = run(base, pngDir, "small", verbose, fitOnly);
    const Profile large = replicate(base, copies);
    const Figures big = run(large, pngDir, "large", verbose, fitOnly);
    std::printf("1920x1080, offscreen raster, %zu %s frames each:\n", big.frameMs.size(),
                fitOnly ? "whole-trace" : "scripted");
    const std::string smallLabel = sizeLabel(small.events), bigLabel = sizeLabel(big.events);
    print(smallLabel, small);
    print(bigLabel, big);
    for (const auto &[what, small95, big95] :
         {std::tuple("wall", percentile(small.frameMs, 0.95), percentile(big.frameMs, 0.95)),
          std::tuple("cpu ", percentile(small.cpuMs, 0.95), percentile(big.cpuMs, 0.95))})
        std::printf("%s: p95 at %s %.2f ms (target <= 16), ratio of p95s %s / %s %.2f (target <= 2)\n", what,
                    bigLabel.c_str(), big95, bigLabel.c_str(), smallLabel.c_str(), big95 / small95);
    return 0;
}
