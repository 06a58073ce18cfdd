// The timeline: the model's tracks and rows, hit testing at a computed pixel, the selection shared
// with other views, zoom and pan that keep the time under the pointer, the level of detail's bound
// on painted boxes, colours and painting an empty profile; and the view's pieces on their own (the
// zoom control, the layout, the time <-> pixel coordinates, a frame's paint state, find); the step
// ruler on a real H100 capture with its plain reference steps.
#include "application.h"
#include "common/palette.h"
#include "compare/compare_timelines.h"
#include "opscope/capture_import.h"
#include "opscope/importer.h"
#include "opscope/module_tree.h"
#include "opscope/phases.h"
#include "opscope/ranks.h"
#include "opscope/step_timing.h"
#include "test_suite.h"
#include "test_util.h"
#include "timeline/timeline_coordinates.h"
#include "timeline/timeline_find.h"
#include "timeline/timeline_frame.h"
#include "timeline/timeline_layout.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_slots.h"
#include "timeline/timeline_step_ruler.h"
#include "timeline/timeline_steps.h"
#include "timeline/timeline_util.h"
#include "timeline/timeline_view.h"
#include "timeline/timeline_zoom.h"

#include <QImage>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTest>
#include <QWheelEvent>

#include <nlohmann/json.hpp>

#include <fstream>
#include <map>
#include <set>

namespace tst_timeline_suite {

using namespace opscope;
using namespace opscope::ui;
using opscope::test::fixture;

namespace {

// Two threads of one process with nested operators, module annotations and launches; kernels on two
// streams and a memcpy. Times in ns; every expected number in the tests below follows from this table.
std::shared_ptr<Profile> handProfile()
{
    auto p = std::make_shared<Profile>();
    p->threads = {Thread{100, 100, p->intern("python")}, Thread{100, 101, p->intern("autograd")}};
    p->modules = {ModuleInstance{0, 10000, p->intern("model[GPT]"), p->intern("GPT"), kNoIndex, 0},
                  ModuleInstance{900, 7100, p->intern("model.blocks.0[Block]"), p->intern("Block"), 0, 0},
                  ModuleInstance{950, 5100, p->intern("model.blocks.0.mlp[MLP]"), p->intern("MLP"), 1, 0}};
    auto op = [&](const char *name, int64_t start, int64_t end, Index thread, Index parent, uint16_t depth,
                  Index module) {
        Operator o;
        o.name = p->intern(name);
        o.start_ns = start;
        o.end_ns = end;
        o.thread = thread;
        o.parent = parent;
        o.depth = depth;
        o.module = module;
        p->operators.push_back(o);
    };
    op("aten::linear", 1000, 5000, 0, kNoIndex, 0, 2);            // 0
    op("aten::t", 1100, 1300, 0, 0, 1, 2);                        // 1
    op("aten::addmm", 1400, 4800, 0, 0, 1, 2);                    // 2
    op("aten::empty", 1500, 1600, 0, 2, 2, 2);                    // 3
    op("aten::relu", 6000, 7000, 0, kNoIndex, 0, 1);              // 4
    op("autograd::engine", 8000, 9000, 1, kNoIndex, 0, kNoIndex); // 5
    p->ranges = {Range{900, 7100, p->intern("model.blocks.0[Block]"), kNoString, 0, 0, RangeKind::UserAnnotation},
                 Range{950, 5100, p->intern("model.blocks.0.mlp[MLP]"), kNoString, 0, 1, RangeKind::UserAnnotation}};
    auto api = [&](int64_t start, int64_t end, Index thread, uint32_t correlation, const char *name) {
        p->api_calls.push_back(ApiCall{start, end, p->intern(name), thread, correlation, ApiKind::Runtime});
    };
    api(1700, 1800, 0, 11, "cudaLaunchKernel"); // 0
    api(6100, 6200, 0, 12, "cudaLaunchKernel"); // 1
    api(8100, 8200, 1, 13, "cudaLaunchKernel"); // 2
    api(400, 450, 0, 10, "cudaMemcpyAsync");    // 3
    MemoryOp copy;
    copy.start_ns = 500;
    copy.end_ns = 800;
    copy.bytes = 1 << 20;
    copy.correlation_id = 10;
    copy.stream = 7;
    copy.copy_kind = 1;
    p->memory_ops.push_back(copy);
    auto kernel = [&](const char *name, int64_t start, int64_t end, uint32_t stream, uint32_t correlation, Index op,
                      Index module) {
        Kernel k;
        k.name = p->intern(name);
        k.start_ns = start;
        k.end_ns = end;
        k.stream = stream;
        k.correlation_id = correlation;
        k.op = op;
        k.module = module;
        p->kernels.push_back(k);
    };
    // In start order, so finalize() keeps these indices.
    kernel("void gemm_kernel<float, 128>(float const*, float*)", 2000, 3000, 7, 11, 2, 2); // 0
    kernel("unattributed_kernel", 3000, 3500, 13, 0, kNoIndex, kNoIndex);                  // 1
    kernel("relu_kernel", 6500, 6800, 7, 12, 4, kNoIndex);                                 // 2
    kernel("backward_kernel", 8300, 8900, 13, 13, 5, kNoIndex);                            // 3
    p->kernel_counters.push_back({0, p->metricId("gpu__time_duration.sum", "ns"), 990, kNoString, 0});
    p->kernel_counters.push_back({0, p->metricId("dram__bytes.sum", "byte"), 4096, kNoString, 0});
    p->kernel_counters.push_back(
        {0, p->metricId("sm__throughput.avg.pct_of_peak_sustained_elapsed", "%"), 42.5, kNoString, 0});
    p->finalize();
    return p;
}

// `count` kernels on one stream, back to back with gaps: kernel i starts at 100 i ns and lasts
// 40 + 5 (i mod 7) ns, so ends never pass the next start.
std::shared_ptr<Profile> manyKernels(size_t count)
{
    auto p = std::make_shared<Profile>();
    const StringId names[] = {p->intern("kernel_a"), p->intern("kernel_b"), p->intern("kernel_c")};
    p->kernels.reserve(count);
    for (size_t i = 0; i < count; ++i) {
        Kernel k;
        k.start_ns = int64_t(i) * 100;
        k.end_ns = k.start_ns + 40 + int64_t(i % 7) * 5;
        k.name = names[i % 3];
        k.stream = 7;
        p->kernels.push_back(k);
    }
    p->finalize();
    return p;
}

// Paints the viewport, so image coordinates are the view's viewport coordinates.
// Shows `profile` in `view` with a time area `columns` pixels wide; false when the window never shows.
bool showInColumns(TimelineView &view, const std::shared_ptr<Profile> &profile, int columns)
{
    view.resize(view.labelWidth() + columns + 2 * view.frameWidth(), 300);
    view.show();
    if (!QTest::qWaitForWindowExposed(&view))
        return false;
    view.setProfile(profile);
    return true;
}

QImage paint(TimelineView &view)
{
    QImage image(view.viewport()->size(), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    view.viewport()->render(&image);
    return image;
}

// The centre of an event's box, computed from its times and the view's mapping.
QPoint pointOf(const TimelineView &view, EventRef event)
{
    const TimelineModel &model = *view.model();
    const double x = (view.xForTime(model.startOf(event)) + view.xForTime(model.endOf(event))) / 2;
    return QPoint(int(x), view.rowRect(model.rowOf(event)).center().y());
}

void sendWheel(QWidget *target, QPoint pos, QPoint angle, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    QWheelEvent wheel(pos, target->mapToGlobal(pos), QPoint(), angle, Qt::NoButton, modifiers, Qt::NoScrollPhase,
                      false);
    QApplication::sendEvent(target, &wheel);
}

void sendMouse(QWidget *target, QEvent::Type type, QPoint pos, Qt::MouseButton button, Qt::MouseButtons buttons)
{
    QMouseEvent event(type, pos, target->mapToGlobal(pos), button, buttons, Qt::NoModifier);
    QApplication::sendEvent(target, &event);
}

size_t eventsInRows(const TimelineModel &model, EventKind kind)
{
    size_t n = 0;
    for (const TimelineRow &row : model.rows())
        if (row.kind == kind)
            n += row.size();
    return n;
}

using PaintStats = TimelineView::PaintStats;

// `count` kernels on one stream with irregular gaps, from a fixed linear congruential sequence: mostly
// 20..99 ns long with 0..199 ns between them, every 997th an idle stretch of 0.2..1 ms, every 10007th a
// long kernel of 300 µs. Kernels are named after i mod 5.
std::shared_ptr<Profile> irregularKernels(size_t count)
{
    auto p = std::make_shared<Profile>();
    StringId names[5];
    for (int n = 0; n < 5; ++n)
        names[n] = p->intern(QStringLiteral("kernel_%1").arg(n).toStdString());
    uint64_t state = 12345;
    auto next = [&](uint64_t bound) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return int64_t((state >> 33) % bound);
    };
    int64_t t = 0;
    p->kernels.reserve(count);
    for (size_t i = 0; i < count; ++i) {
        t += next(200) + (i % 997 == 0 ? 200000 + next(800000) : 0);
        Kernel k;
        k.start_ns = t;
        k.end_ns = t + (i % 10007 == 0 ? 300000 : 20 + next(80));
        k.name = names[i % 5];
        k.stream = 7;
        p->kernels.push_back(k);
        t = k.end_ns;
    }
    p->finalize();
    return p;
}

// The bundled sample capture (nsys.sqlite + ncu_raw.csv), imported as the main window imports it.
std::shared_ptr<Profile> sampleCapture()
{
    std::vector<std::string> files;
    for (const QString &file : sampleCaptureFiles())
        files.push_back(file.toStdString());
    return std::make_shared<Profile>(importCapture(files));
}

// tests/data/h100_gpt_vocab50257 (a GPT training step on the H100 with 3 plain reference steps before it)
// imported as the pipeline imports it: the trace, and the launcher's reference timing in the metadata.
std::shared_ptr<Profile> h100Capture(const QTemporaryDir &dir)
{
    const std::string base = test::sourceFile("tests/data/h100_gpt_vocab50257/");
    const std::string sqlite = test::tempPath(dir, "h100_gpt_vocab50257.sqlite");
    if (!test::gunzipFile(base + "nsys.sqlite.gz", sqlite))
        qFatal("cannot unpack %snsys.sqlite.gz", base.c_str());
    auto p = std::make_shared<Profile>(importCapture({sqlite}));
    const nlohmann::json status = nlohmann::json::parse(std::ifstream(base + "launcher_status.json"));
    if (const auto timing = referenceTimingFromStatus(status["reference"]))
        setReferenceTiming(*p, *timing);
    return p;
}

// Judges, column by column, whether `row` is painted exactly where its events are: a column an event
// covers (2 ns of slack at its edges) must be painted, a column no event comes within 2 ns of must be
// blank (the base colour, or a grid line's). Columns at the edges of events a column or wider are not
// judged: a box rounds to the nearest column edge and leaves its last column as a gap.
struct ColumnCheck {
    int painted = 0, blank = 0, wrong = 0;
    QString firstWrong;
};

ColumnCheck checkColumnsExact(const TimelineView &view, const QImage &image, int row)
{
    const TimelineRow &events = view.model()->rows()[size_t(row)];
    const int y = view.rowRect(row).center().y();
    const QColor baseColor = view.palette().color(QPalette::Base);
    const QRgb base = baseColor.rgb(), grid = mixColors(view.palette().color(QPalette::Mid), baseColor, 0.25).rgb();
    auto busy = [&](int64_t from, int64_t to) { // an event overlaps [from, to)
        const auto [first, last] = events.window(from, to);
        for (size_t i = first; i < last; ++i)
            if (events.end(i) > from && events.start(i) < to)
                return true;
        return false;
    };
    std::vector<int64_t> wideEdges;
    for (size_t i = 0; i < events.size(); ++i)
        if (double(events.end(i) - events.start(i)) >= view.nsPerPixel())
            wideEdges.insert(wideEdges.end(), {events.start(i), events.end(i)});
    std::sort(wideEdges.begin(), wideEdges.end());
    ColumnCheck check;
    for (int x = view.labelWidth(); x < view.viewport()->width(); ++x) {
        const int64_t from = view.timeAtX(x), to = view.timeAtX(x + 1);
        const auto edge = std::lower_bound(wideEdges.begin(), wideEdges.end(), from - (to - from));
        if (edge != wideEdges.end() && *edge <= to + (to - from))
            continue;
        const bool isBlank = image.pixel(x, y) == base || image.pixel(x, y) == grid;
        const char *error = nullptr;
        if (busy(from + 2, to - 2)) {
            if (isBlank)
                error = "busy column left blank";
            else
                ++check.painted;
        } else if (!busy(from - 2, to + 2)) {
            if (isBlank)
                ++check.blank;
            else
                error = "idle column painted";
        }
        if (error && check.wrong++ == 0)
            check.firstWrong = QStringLiteral("%1: x %2, %3..%4 ns").arg(error).arg(x).arg(from).arg(to);
    }
    return check;
}

} // namespace

class TestTimeline : public QObject {
    Q_OBJECT
private slots:
    void modelTracksAndRows()
    {
        const auto p = handProfile();
        const TimelineModel model(*p);
        // GPU streams first by (device, stream), then CPU threads (main thread, then by tid).
        QCOMPARE(model.tracks().size(), size_t(4));
        const TimelineTrack &python = model.tracks()[2];
        QCOMPARE(python.kind, TrackKind::CpuThread);
        QCOMPARE(python.thread, Index(0));
        QVERIFY(python.title.contains("python"));
        // Two annotation depths, three operator depths, one row of CUDA API calls.
        QCOMPARE(python.rowCount, 6);
        const RowGroup pythonGroups[] = {RowGroup::Annotations, RowGroup::Annotations, RowGroup::Operators,
                                         RowGroup::Operators,   RowGroup::Operators,   RowGroup::CudaApi};
        for (int r = 0; r < python.rowCount; ++r)
            QCOMPARE(model.rows()[python.firstRow + r].group, pythonGroups[r]);
        QCOMPARE(model.rows()[python.summaryRow].group, RowGroup::Operators);
        QCOMPARE(model.tracks()[3].thread, Index(1));
        QCOMPARE(model.tracks()[3].rowCount, 2);
        const TimelineTrack &stream7 = model.tracks()[0], &stream13 = model.tracks()[1];
        QCOMPARE(stream7.kind, TrackKind::GpuStream);
        QCOMPARE(stream7.stream, 7u);
        QCOMPARE(stream7.rowCount, 2); // kernels, memory
        QCOMPARE(stream13.stream, 13u);
        QCOMPARE(stream13.rowCount, 1);

        // Operators sit on the row of their depth, in their thread's track.
        for (Index o = 0; o < p->operators.size(); ++o) {
            const TimelineRow &row = model.rows()[model.rowOf({EventKind::Operator, o})];
            QCOMPARE(row.group, RowGroup::Operators);
            QCOMPARE(row.depth, p->operators[o].depth);
            QCOMPARE(model.tracks()[row.track].thread, p->operators[o].thread);
        }
        QCOMPARE(model.rows()[model.rowOf({EventKind::Range, 1})].depth, uint16_t(1));
        const TimelineRow &kernels7 = model.rows()[stream7.firstRow];
        QCOMPARE(kernels7.events, (std::vector<Index>{0, 2}));
        QCOMPARE(model.rows()[stream7.firstRow + 1].kind, EventKind::MemoryOp);
        QCOMPARE(model.rows()[stream13.firstRow].events, (std::vector<Index>{1, 3}));
        QCOMPARE(model.eventCount(), size_t(6 + 2 + 4 + 4 + 1));
        QCOMPARE(model.traceStart(), int64_t(400)); // the cudaMemcpyAsync
        QCOMPARE(model.traceEnd(), int64_t(9000));  // autograd::engine
        QCOMPARE(model.timeOrigin(), int64_t(400)); // the first event: every view counts from it
        QCOMPARE(p->timeOrigin(), int64_t(400));

        // A visible window is two binary searches per row.
        QCOMPARE(kernels7.window(2500, 2600), std::make_pair(size_t(0), size_t(1)));
        QCOMPARE(kernels7.window(3000, 6500), std::make_pair(size_t(1), size_t(1))); // between the kernels
        QCOMPARE(kernels7.window(0, 100000), std::make_pair(size_t(0), size_t(2)));
        QCOMPARE(kernels7.end(1), int64_t(6800));

        // Links: an operator's kernels, and each launch by correlation id.
        QCOMPARE(std::vector<Index>(model.kernelsOfOperator(2).begin(), model.kernelsOfOperator(2).end()),
                 std::vector<Index>{0});
        QVERIFY(model.kernelsOfOperator(0).empty());
        QCOMPARE(model.launchOf({EventKind::Kernel, 0}), Index(0));
        QCOMPARE(model.launchOf({EventKind::Kernel, 3}), Index(2));
        QCOMPARE(model.launchOf({EventKind::Kernel, 1}), kNoIndex);
        QCOMPARE(model.launchOf({EventKind::MemoryOp, 0}), Index(3));
        QCOMPARE(model.label({EventKind::Kernel, 0}), QString("gemm_kernel"));
    }

    void realOperatorProfilerProfile()
    {
        // conv_block/profile.json: 10 operators with 38 kernels, all on device 0 stream 7, and 8
        // distinct NVTX ranges (counted with python3's json module); no threads in this format.
        const auto p =
            std::make_shared<Profile>(importFile(fixture("public/operator_profiler/conv_block/profile.json")));
        const TimelineModel model(*p);
        QCOMPARE(model.tracks().size(), size_t(2));
        QCOMPARE(model.tracks()[0].kind, TrackKind::GpuStream);
        QCOMPARE(model.tracks()[0].stream, 7u);
        QCOMPARE(model.tracks()[1].thread, kNoIndex);
        QCOMPARE(eventsInRows(model, EventKind::Kernel), size_t(38));
        QCOMPARE(eventsInRows(model, EventKind::Operator), size_t(10));
        QCOMPARE(eventsInRows(model, EventKind::Range), size_t(8));

        TimelineView view;
        view.resize(1400, 600);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setProfile(p);
        for (Index k = 0; k < p->kernels.size(); ++k) {
            const int64_t duration = p->kernels[k].duration();
            view.setVisibleRange(p->kernels[k].start_ns - duration, p->kernels[k].end_ns + duration);
            const EventRef kernel{EventKind::Kernel, k};
            QCOMPARE(view.hitTest(pointOf(view, kernel)), kernel);
        }
    }

    // The tracks' rows built on several threads are those built on one, field by field, and every event
    // is in the same row: real traces with several streams and threads (20 steps of a 12-block GPT,
    // 105 K events; one nsys session of a 2-GPU DDP job).
    void timelineRowsBuiltOnThreadsAreTheSerialOnes()
    {
        QTemporaryDir dir;
        const std::string nsys = test::tempPath(dir, "nsys_job.sqlite");
        QVERIFY(test::gunzipFile(test::sourceFile("tests/data/h200_ddp_session/nsys_job.sqlite.gz"), nsys));
        for (const std::string &path : {fixture("h100/kineto_gpt12_train20.json.gz"), nsys}) {
            const Profile p = importFile(path);
            const TimelineModel serial(p, nullptr, 1);
            QVERIFY(serial.tracks().size() >= 3);
            for (const unsigned threads : {2u, 3u}) {
                const TimelineModel parallel(p, nullptr, threads);
                QCOMPARE(parallel.tracks().size(), serial.tracks().size());
                for (size_t t = 0; t < serial.tracks().size(); ++t) {
                    const TimelineTrack &a = parallel.tracks()[t], &b = serial.tracks()[t];
                    QCOMPARE(a.title, b.title);
                    QVERIFY(a.kind == b.kind && a.thread == b.thread && a.device == b.device && a.stream == b.stream);
                    QVERIFY(a.firstRow == b.firstRow && a.rowCount == b.rowCount && a.summaryRow == b.summaryRow);
                    QVERIFY(a.rank == b.rank && a.group == b.group && a.memoryCurve == b.memoryCurve);
                }
                QCOMPARE(parallel.rows().size(), serial.rows().size());
                for (size_t r = 0; r < serial.rows().size(); ++r) {
                    const TimelineRow &a = parallel.rows()[r], &b = serial.rows()[r];
                    QVERIFY(a.kind == b.kind && a.group == b.group && a.depth == b.depth && a.track == b.track);
                    QVERIFY(a.events == b.events);
                    QCOMPARE(a.points.size(), b.points.size());
                    for (size_t i = 0; i < a.points.size(); ++i)
                        QVERIFY(a.points[i].start == b.points[i].start && a.points[i].busy == b.points[i].busy);
                    QCOMPARE(a.groups.size(), b.groups.size());
                    for (size_t g = 0; g < a.groups.size(); ++g) {
                        const TimelineGroup &x = a.groups[g], &y = b.groups[g];
                        QVERIFY(x.firstStart == y.firstStart && x.lastEnd == y.lastEnd &&
                                x.busyBefore == y.busyBefore && x.longest == y.longest &&
                                x.longestOffset == y.longestOffset);
                    }
                    QCOMPARE(a.cellShift, b.cellShift);
                    QCOMPARE(a.cellLevels.size(), b.cellLevels.size());
                    for (size_t k = 0; k < a.cellLevels.size(); ++k) {
                        QCOMPARE(a.cellLevels[k].size(), b.cellLevels[k].size());
                        for (size_t j = 0; j < a.cellLevels[k].size(); ++j) {
                            const TimelineCell &x = a.cellLevels[k][j], &y = b.cellLevels[k][j];
                            QVERIFY(x.firstStart == y.firstStart && x.lastEnd == y.lastEnd &&
                                    x.firstEvent == y.firstEvent && x.busy == y.busy && x.longest == y.longest &&
                                    x.longestEvent == y.longestEvent);
                        }
                    }
                }
                const std::pair<EventKind, size_t> kinds[] = {
                    {EventKind::Kernel, p.kernels.size()},     {EventKind::MemoryOp, p.memory_ops.size()},
                    {EventKind::Operator, p.operators.size()}, {EventKind::Range, p.ranges.size()},
                    {EventKind::ApiCall, p.api_calls.size()},  {EventKind::Module, p.modules.size()}};
                for (const auto &[kind, count] : kinds)
                    for (Index i = 0; i < count; ++i)
                        QCOMPARE(parallel.rowOf({kind, i}), serial.rowOf({kind, i}));
                QCOMPARE(parallel.eventCount(), serial.eventCount());
                QCOMPARE(parallel.traceStart(), serial.traceStart());
                QCOMPARE(parallel.traceEnd(), serial.traceEnd());
            }
            // Every kernel's and memory operation's launch is the API call of its correlation id, as a
            // plain search over all the calls finds it (the model indexes only the calls that launch).
            std::map<uint32_t, Index> firstCall;
            for (Index i = 0; i < p.api_calls.size(); ++i)
                if (p.api_calls[i].correlation_id != 0)
                    firstCall.emplace(p.api_calls[i].correlation_id, i);
            auto expected = [&](uint32_t id) {
                const auto it = id ? firstCall.find(id) : firstCall.end();
                return it == firstCall.end() ? kNoIndex : it->second;
            };
            size_t found = 0;
            for (Index k = 0; k < p.kernels.size(); ++k) {
                QCOMPARE(serial.launchOf({EventKind::Kernel, k}), expected(p.kernels[k].correlation_id));
                found += serial.launchOf({EventKind::Kernel, k}) != kNoIndex;
            }
            for (Index m = 0; m < p.memory_ops.size(); ++m)
                QCOMPARE(serial.launchOf({EventKind::MemoryOp, m}), expected(p.memory_ops[m].correlation_id));
            QVERIFY2(found * 10 >= p.kernels.size() * 9, "most kernels have their launch");
        }
    }

    void realKinetoTrace()
    {
        // gpt4_bf16_infer/kineto.json: 138 kernels and 1020 cpu_op (fixtures README).
        const auto p = std::make_shared<Profile>(importFile(fixture("h100/gpt4_bf16_infer/kineto.json")));
        QCOMPARE(p->kernels.size(), size_t(138));
        QCOMPARE(p->operators.size(), size_t(1020));
        const TimelineModel model(*p);
        // Every kernel and operator is on the timeline, operators at their own depth.
        QCOMPARE(eventsInRows(model, EventKind::Kernel), size_t(138));
        QCOMPARE(eventsInRows(model, EventKind::Operator), size_t(1020));
        QCOMPARE(eventsInRows(model, EventKind::Range), p->ranges.size());
        for (Index o = 0; o < p->operators.size(); ++o)
            QCOMPARE(model.rows()[model.rowOf({EventKind::Operator, o})].depth, p->operators[o].depth);
        // GPU tracks come before CPU tracks.
        bool seenCpu = false;
        for (const TimelineTrack &track : model.tracks()) {
            QVERIFY(!(seenCpu && track.kind == TrackKind::GpuStream));
            seenCpu = seenCpu || track.kind == TrackKind::CpuThread;
        }
        QVERIFY(seenCpu);
        QCOMPARE(model.tracks().front().kind, TrackKind::GpuStream);
        // GPU-side annotations ("GPU 0 stream 7") sit on their stream's track, above its kernels.
        size_t gpuAnnotations = 0;
        for (Index r = 0; r < p->ranges.size(); ++r) {
            if (p->ranges[r].kind != RangeKind::GpuUserAnnotation)
                continue;
            ++gpuAnnotations;
            const TimelineRow &row = model.rows()[model.rowOf({EventKind::Range, r})];
            QCOMPARE(row.group, RowGroup::GpuAnnotations);
            QCOMPARE(model.tracks()[row.track].kind, TrackKind::GpuStream);
            QCOMPARE(QString::fromStdString(std::string(p->text(p->ranges[r].domain))),
                     QStringLiteral("GPU %1 stream %2")
                         .arg(model.tracks()[row.track].device)
                         .arg(model.tracks()[row.track].stream));
        }
        QVERIFY(gpuAnnotations > 0);

        TimelineView view;
        view.resize(1600, 900);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setProfile(p);
        for (Index k = 0; k < p->kernels.size(); k += 7) {
            const EventRef kernel{EventKind::Kernel, k};
            view.setSelectedKernel(k); // reveals it: its track scrolls into view
            const int64_t duration = std::max<int64_t>(p->kernels[k].duration(), 100);
            view.setVisibleRange(p->kernels[k].start_ns - duration, p->kernels[k].end_ns + duration);
            QCOMPARE(view.hitTest(pointOf(view, kernel)), kernel);
        }
        paint(view);
        QVERIFY(view.lastPaintStats().rowsPainted > 0);
    }

    void hitTestFindsTheKernelUnderAPixel()
    {
        TimelineView view;
        view.resize(1200, 600);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const auto p = handProfile();
        view.setProfile(p);
        for (Index k = 0; k < p->kernels.size(); ++k) {
            const EventRef kernel{EventKind::Kernel, k};
            QCOMPARE(view.hitTest(pointOf(view, kernel)), kernel);
        }
        const EventRef addmm{EventKind::Operator, 2};
        QCOMPARE(view.hitTest(pointOf(view, addmm)), addmm);
        // Between the two kernels of stream 7 (3000..6500 ns) there is nothing to hit.
        const int kernelRow = view.model()->rowOf({EventKind::Kernel, 0});
        const int gapX = int(view.xForTime(4750));
        QCOMPARE(view.hitTest(QPoint(gapX, view.rowRect(kernelRow).center().y())), EventRef{});
        // The ruler and the track names are not events.
        QCOMPARE(view.hitTest(QPoint(pointOf(view, addmm).x(), 2)), EventRef{});
        QCOMPARE(view.hitTest(QPoint(5, pointOf(view, addmm).y())), EventRef{});
        // A collapsed stream shows its kernels in its header, and they can still be hit there.
        const int track = view.model()->rows()[kernelRow].track;
        view.setTrackExpanded(track, false);
        QVERIFY(view.rowRect(kernelRow).isEmpty());
        const int x = int(view.xForTime(2500));
        bool found = false;
        for (int y = view.rulerHeight(); y < view.viewport()->height() && !found; ++y)
            found = view.hitTest(QPoint(x, y)) == EventRef{EventKind::Kernel, 0};
        QVERIFY(found);
    }

    void selectionRoundTrip()
    {
        TimelineView view;
        view.resize(1200, 600);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setProfile(handProfile());
        QSignalSpy kernels(&view, &TimelineView::kernelSelected);
        QSignalSpy operators(&view, &TimelineView::operatorSelected);
        QSignalSpy changes(&view, &TimelineView::selectionChanged);

        // A click selects the kernel under the pointer and says so.
        const EventRef gemm{EventKind::Kernel, 0};
        QTest::mouseClick(view.viewport(), Qt::LeftButton, Qt::NoModifier, pointOf(view, gemm));
        QCOMPARE(kernels.size(), 1);
        QCOMPARE(kernels.first().at(0).value<Index>(), Index(0));
        QCOMPARE(view.selection(), gemm);
        paint(view);
        QCOMPARE(view.lastPaintStats().flowArrows, 1); // from its cudaLaunchKernel

        // Selecting elsewhere selects here; selecting the same again emits nothing.
        view.setSelectedKernel(3);
        QCOMPARE(kernels.size(), 2);
        QCOMPARE(kernels.last().at(0).value<Index>(), Index(3));
        view.setSelectedKernel(3);
        QCOMPARE(kernels.size(), 2);

        // An operator: its kernels are highlighted, and each GPU row they ran on gets one launch flow.
        view.setSelectedOperator(2);
        QCOMPARE(operators.size(), 1);
        QCOMPARE(operators.first().at(0).value<Index>(), Index(2));
        paint(view);
        std::set<int> rows;
        for (const Index k : view.model()->kernelsOfOperator(2))
            rows.insert(view.model()->rowOf({EventKind::Kernel, k}));
        QVERIFY(!rows.empty());
        QCOMPARE(view.lastPaintStats().flowArrows, int(rows.size()));

        // A click on empty space clears the selection.
        const int changesBefore = int(changes.size());
        const int kernelRow = view.model()->rowOf(gemm);
        QTest::mouseClick(view.viewport(), Qt::LeftButton, Qt::NoModifier,
                          QPoint(int(view.xForTime(4750)), view.rowRect(kernelRow).center().y()));
        QCOMPARE(int(changes.size()), changesBefore + 1);
        QVERIFY(!changes.last().at(0).value<EventRef>().valid());
        QVERIFY(!view.selection().valid());

        // A kernel selected elsewhere while out of sight is revealed: its track expands and the
        // window moves to it, so it sits under its computed pixel.
        const int stream13 = view.model()->rows()[view.model()->rowOf({EventKind::Kernel, 3})].track;
        view.setTrackExpanded(stream13, false);
        view.setVisibleRange(1000, 2000);
        view.setSelectedKernel(3);
        QVERIFY(view.isTrackExpanded(stream13));
        QVERIFY(view.visibleStart() <= 8300 && view.visibleEnd() >= 8900);
        QCOMPARE(view.hitTest(pointOf(view, {EventKind::Kernel, 3})), (EventRef{EventKind::Kernel, 3}));
        // F fits the selection.
        QTest::keyClick(&view, Qt::Key_F);
        QVERIFY(view.visibleStart() <= 8300 && view.visibleEnd() >= 8900);
        QVERIFY(view.visibleEnd() - view.visibleStart() < 1000);
        view.setSelectedKernel(kNoIndex);
        QVERIFY(!view.selection().valid());
    }

    // Empty when `model` has two rank groups, ranks 0 and 1 in that order, each titled with its H200; else
    // what differs.
    static QString twoH200RankGroupsProblem(const TimelineModel &model)
    {
        const std::vector<TimelineTrackGroup> &groups = model.trackGroups();
        if (groups.size() != 2)
            return QStringLiteral("%1 rank groups, not 2").arg(groups.size());
        for (int g = 0; g < 2; ++g) {
            if (groups[size_t(g)].rank != g)
                return QStringLiteral("group %1 is rank %2").arg(g).arg(groups[size_t(g)].rank);
            if (!groups[size_t(g)].title.startsWith(QStringLiteral("Rank %1 · GPU %1 (NVIDIA H200)").arg(g)))
                return QStringLiteral("group %1 is titled %2").arg(g).arg(groups[size_t(g)].title);
        }
        return {};
    }

    void oneReportOfAWholeJobIsOneGroupPerRank()
    {
        // One nsys session over a 2-GPU torchrun job (tests/data/h200_ddp_session): each process is a rank
        // (nsys_ranks.cpp), so the timeline groups its threads and its GPU under that rank's header.
        QTemporaryDir dir;
        const std::string nsys = test::tempPath(dir, "nsys_job.sqlite");
        QVERIFY(test::gunzipFile(test::sourceFile("tests/data/h200_ddp_session/nsys_job.sqlite.gz"), nsys));
        const Profile p = importCapture({nsys});
        const TimelineModel model(p);
        const QString groupsProblem = twoH200RankGroupsProblem(model);
        QVERIFY2(groupsProblem.isEmpty(), qPrintable(groupsProblem));
        const std::vector<TimelineTrackGroup> &groups = model.trackGroups();
        // Beside the ranks: the processes that launched no kernel (here torchrun itself: one CUDA call), without a
        // rank.
        size_t outside = 0;
        for (const TimelineTrack &track : model.tracks()) {
            if (track.kind == TrackKind::GpuStream)
                QCOMPARE(track.rank, track.device); // GPU N drove rank N's kernels
            if (track.group < 0) {
                QCOMPARE(track.rank, -1);
                QVERIFY(track.kind != TrackKind::GpuStream);
                ++outside;
            }
        }
        QCOMPARE(size_t(groups[0].trackCount + groups[1].trackCount) + outside, model.tracks().size());
        QVERIFY(outside <= 2);
    }

    void ranksAreGroupsAndCollectivesLinkAcrossRanks()
    {
        // The H200 DDP step of two ranks (tests/data/h200_ddp_gpt2): each rank's tracks form a group under a
        // header of its own, a collapsed rank shows its GPU stream's kernels in that header, and an
        // all-reduce selected on one rank outlines the same all-reduce on the other with a flow to it.
        const std::string dir = opscope::test::sourceFile("tests/data/h200_ddp_gpt2/");
        auto p = std::make_shared<Profile>(
            importCapture({dir + "correlation_trace.rank0.json.gz", dir + "correlation_trace.rank1.json.gz"}));
        const TimelineModel model(*p);
        const QString groupsProblem = twoH200RankGroupsProblem(model);
        QVERIFY2(groupsProblem.isEmpty(), qPrintable(groupsProblem));
        const std::vector<TimelineTrackGroup> &groups = model.trackGroups();
        for (int g = 0; g < 2; ++g) {
            const TimelineTrack &summary = model.tracks()[size_t(groups[size_t(g)].summaryTrack)];
            QVERIFY(summary.kind == TrackKind::GpuStream);
            QVERIFY(model.rows()[size_t(summary.summaryRow)].kind == EventKind::Kernel);
        }
        QCOMPARE(groups[0].firstTrack, 0);
        QCOMPARE(groups[1].firstTrack, groups[0].trackCount);
        QCOMPARE(size_t(groups[0].trackCount + groups[1].trackCount), model.tracks().size());
        for (size_t t = 0; t < model.tracks().size(); ++t) {
            const TimelineTrack &track = model.tracks()[t];
            QCOMPARE(track.rank, groups[size_t(track.group)].rank);
            for (int r = track.firstRow; r < track.firstRow + track.rowCount; ++r)
                QCOMPARE(model.rows()[size_t(r)].track, int(t));
        }
        // Rank 0's first NCCL kernel and its twin on rank 1; a GEMM has none.
        Index allReduce = kNoIndex, gemm = kNoIndex;
        for (Index k = 0; k < p->kernels.size(); ++k) {
            const bool nccl = isNcclKernelName(p->text(p->kernels[k].name));
            if (rankOfDevice(*p, p->kernels[k].device) != 0)
                continue;
            if (nccl && allReduce == kNoIndex)
                allReduce = k;
            if (!nccl && gemm == kNoIndex)
                gemm = k;
        }
        QVERIFY(allReduce != kNoIndex && gemm != kNoIndex);
        const EventRef selected{EventKind::Kernel, allReduce};
        const std::vector<EventRef> peers = model.sameCollectiveOnOtherRanks(selected);
        QCOMPARE(peers.size(), size_t(1));
        QCOMPARE(rankOfDevice(*p, p->kernels[peers[0].index].device), 1);
        QCOMPARE(model.sameCollectiveOnOtherRanks(peers[0]), std::vector<EventRef>{selected});
        QVERIFY(model.sameCollectiveOnOtherRanks({EventKind::Kernel, gemm}).empty());

        TimelineView view;
        QVERIFY(showInColumns(view, p, 1200));
        const TimelineLayout::Line *header = nullptr;
        for (int y = 0; y < view.viewport()->height() && !header; ++y)
            if (const TimelineLayout::Line *line = view.lineAt(view.rulerHeight() + y); line && line->group == 1)
                header = line;
        if (!header) { // below the fold: collapse rank 0 so rank 1's header comes up
            view.setGroupExpanded(0, false);
            for (int y = 0; y < view.viewport()->height() && !header; ++y)
                if (const TimelineLayout::Line *line = view.lineAt(view.rulerHeight() + y); line && line->group == 1)
                    header = line;
        }
        QVERIFY(header);
        // A click on rank 1's header in the names column collapses it; its header then shows rank 1's
        // kernels, and a click at the peer's time there hits the peer.
        const int headerY = view.lineTop(*header) + header->height / 2;
        QTest::mouseClick(view.viewport(), Qt::LeftButton, Qt::NoModifier, QPoint(5, headerY));
        QVERIFY(!view.isGroupExpanded(1));
        const int64_t peerMid = (model.startOf(peers[0]) + model.endOf(peers[0])) / 2;
        view.setVisibleRange(model.startOf(peers[0]) - 1000, model.endOf(peers[0]) + 1000);
        QCOMPARE(view.hitTest(QPoint(int(view.xForTime(peerMid)), headerY)).kind, EventKind::Kernel);
        QCOMPARE(rankOfDevice(*p, p->kernels[view.hitTest(QPoint(int(view.xForTime(peerMid)), headerY)).index].device),
                 1);
        // Selecting the all-reduce: its launch flow and one more, to rank 1's all-reduce (on the collapsed
        // header); selecting a GEMM: its launch flow alone.
        view.setGroupExpanded(0, true);
        view.setSelectedKernel(gemm);
        paint(view);
        const int gemmFlows = view.lastPaintStats().flowArrows;
        view.setSelectedKernel(allReduce);
        view.setVisibleRange(std::min(model.startOf(selected), model.startOf(peers[0])) - 1000,
                             std::max(model.endOf(selected), model.endOf(peers[0])) + 1000);
        paint(view);
        QCOMPARE(view.lastPaintStats().flowArrows, gemmFlows + 1);
        QVERIFY(!view.isGroupExpanded(1));
        // Selecting rank 1's all-reduce reveals it: its rank expands.
        view.setSelectedKernel(peers[0].index);
        QVERIFY(view.isGroupExpanded(1));
        QCOMPARE(view.hitTest(pointOf(view, peers[0])), peers[0]);
    }

    void zoomingOutStopsAtTheCapture()
    {
        // Item 7 of issue 39: S, the wheel and Ctrl+wheel zoomed out to four times the capture, with
        // negative times on the ruler before it. Now the widest window is the capture, and no pan leaves it.
        TimelineView view;
        view.resize(1400, 500);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setProfile(std::make_shared<Profile>(importFile(fixture("h100/gpt4_bf16_infer/kineto.json"))));
        const int64_t start = view.model()->traceStart(), end = view.model()->traceEnd();
        QVERIFY(end > start);
        view.setVisibleRange(start + (end - start) / 3, start + (end - start) / 3 + 1000);
        // The widest window: the capture, and a hundredth of air after it so its last kernel keeps its column.
        const int64_t airEnd = end + (end - start) / 100;
        for (int i = 0; i < 80; ++i)
            QTest::keyClick(&view, Qt::Key_S);
        QCOMPARE(view.visibleStart(), start);
        QVERIFY(std::abs(view.visibleEnd() - airEnd) <= 1);
        sendWheel(view.viewport(), QPoint(view.labelWidth() + 50, view.rulerHeight() + 10), QPoint(0, -1200));
        QCOMPARE(view.visibleStart(), start);
        QVERIFY(std::abs(view.visibleEnd() - airEnd) <= 1);
        // The ruler starts at the capture's zero, never before it.
        QVERIFY(view.timeAtX(view.labelWidth()) >= view.timeZero());
        // Panning at the edges stays on the capture.
        view.setVisibleRange(start, start + (end - start) / 10);
        for (int i = 0; i < 20; ++i)
            QTest::keyClick(&view, Qt::Key_A);
        QCOMPARE(view.visibleStart(), start);
        for (int i = 0; i < 200; ++i)
            QTest::keyClick(&view, Qt::Key_D);
        QVERIFY(std::abs(view.visibleEnd() - airEnd) <= 1);
        // Fitting everything shows the capture from its start.
        view.fitAll();
        QCOMPARE(view.visibleStart(), start);
        QVERIFY(std::abs(view.visibleEnd() - airEnd) <= 1);
    }

    void zoomAndPanKeepTheTimeUnderThePointer()
    {
        TimelineView view;
        view.resize(1400, 500);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setProfile(manyKernels(100000));
        QWidget *viewport = view.viewport();
        const QPoint at(view.labelWidth() + 317, view.rulerHeight() + 10);
        const int64_t spanBefore = view.visibleEnd() - view.visibleStart();

        // The wheel zooms around the pointer.
        int64_t under = view.timeAtX(at.x());
        sendWheel(viewport, at, QPoint(0, 120));
        QVERIFY(std::abs(view.timeAtX(at.x()) - under) <= 1);
        QVERIFY(view.visibleEnd() - view.visibleStart() < spanBefore);
        // Ctrl+wheel too.
        sendWheel(viewport, at, QPoint(0, 240), Qt::ControlModifier);
        QVERIFY(std::abs(view.timeAtX(at.x()) - under) <= 1);

        // W and S zoom around the last pointer position.
        const QPoint other(view.labelWidth() + 700, view.rulerHeight() + 10);
        QTest::mouseMove(viewport, other);
        under = view.timeAtX(other.x());
        const int64_t span = view.visibleEnd() - view.visibleStart();
        QTest::keyClick(&view, Qt::Key_W);
        QVERIFY(std::abs(view.timeAtX(other.x()) - under) <= 1);
        QVERIFY(view.visibleEnd() - view.visibleStart() < span);
        QTest::keyClick(&view, Qt::Key_S);
        QVERIFY(std::abs(view.timeAtX(other.x()) - under) <= 1);
        QVERIFY(std::abs((view.visibleEnd() - view.visibleStart()) - span) <= 2);

        // A and D pan by a tenth of the window.
        const int64_t start = view.visibleStart();
        QTest::keyClick(&view, Qt::Key_D);
        QVERIFY(std::abs(view.visibleStart() - (start + span / 10)) <= 2);
        QTest::keyClick(&view, Qt::Key_A);
        QVERIFY(std::abs(view.visibleStart() - start) <= 2);

        // Dragging moves the content with the pointer: the time under the press ends up under the release.
        under = view.timeAtX(at.x());
        const QPoint to = at + QPoint(-150, 0);
        sendMouse(viewport, QEvent::MouseButtonPress, at, Qt::LeftButton, Qt::LeftButton);
        sendMouse(viewport, QEvent::MouseMove, at + QPoint(-50, 0), Qt::NoButton, Qt::LeftButton);
        sendMouse(viewport, QEvent::MouseMove, to, Qt::NoButton, Qt::LeftButton);
        sendMouse(viewport, QEvent::MouseButtonRelease, to, Qt::LeftButton, Qt::NoButton);
        QVERIFY(std::abs(view.timeAtX(to.x()) - under) <= 1);
        QVERIFY(!view.selection().valid()); // a drag is not a click

        // Shift+wheel pans without zooming.
        const int64_t spanNow = view.visibleEnd() - view.visibleStart();
        const int64_t startNow = view.visibleStart();
        sendWheel(viewport, at, QPoint(0, -120), Qt::ShiftModifier);
        QVERIFY(view.visibleStart() > startNow);
        QVERIFY(std::abs((view.visibleEnd() - view.visibleStart()) - spanNow) <= 2);
    }

    void levelOfDetailBoundsBoxesByPixels()
    {
        const auto p = manyKernels(100000);
        TimelineView view;
        QVERIFY(showInColumns(view, p, 1000));
        QCOMPARE(view.timeArea().width(), 1000);
        const int row = view.model()->rowOf({EventKind::Kernel, 0});
        const int y = view.rowRect(row).center().y();

        // Everything in view: 100,000 kernels in 1000 columns.
        QImage image = paint(view);
        PaintStats stats = view.lastPaintStats();
        QCOMPARE(stats.rowsPainted, 1);
        QVERIFY(stats.maxRectsInRow <= 1000);
        QVERIFY(stats.rectsPainted > 0);
        QVERIFY2(stats.eventsVisited <= 2 * 1000 + 2, qPrintable(QString::number(stats.eventsVisited)));
        // No column inside the kernels' span is left empty by the folding.
        const QRgb background = view.palette().color(QPalette::Base).rgb();
        int checked = 0;
        for (int x = view.labelWidth(); x < view.labelWidth() + 1000; ++x) {
            if (view.timeAtX(x) < 0 || view.timeAtX(x + 1) > p->kernels.back().end_ns)
                continue;
            QVERIFY2(image.pixel(x, y) != background, qPrintable(QStringLiteral("column %1").arg(x)));
            ++checked;
        }
        QVERIFY(checked > 900);

        // Folding never paints where there is nothing: a profile of two bursts of 50,000 kernels
        // 2 ms apart leaves the columns of the gap empty.
        const auto gapped = manyKernels(100000);
        for (size_t k = 50000; k < gapped->kernels.size(); ++k) {
            gapped->kernels[k].start_ns += 2000000;
            gapped->kernels[k].end_ns += 2000000;
        }
        view.setProfile(gapped);
        image = paint(view);
        QVERIFY(view.lastPaintStats().maxRectsInRow <= 1000);
        const int64_t gapStart = gapped->kernels[49999].end_ns, gapEnd = gapped->kernels[50000].start_ns;
        int gapColumns = 0, busyColumns = 0;
        const int belowTracks = view.viewport()->height() - 2; // where only grid lines are drawn
        for (int x = view.labelWidth(); x < view.labelWidth() + 1000; ++x) {
            const int64_t from = view.timeAtX(x) - 1, to = view.timeAtX(x + 1) + 1;
            if (image.pixel(x, belowTracks) != background) // a grid line's column
                continue;
            if (from > gapStart && to < gapEnd) {
                QVERIFY2(image.pixel(x, y) == background, qPrintable(QStringLiteral("gap column %1").arg(x)));
                ++gapColumns;
            } else if (from >= 0 && to <= gapStart) {
                QVERIFY2(image.pixel(x, y) != background, qPrintable(QStringLiteral("busy column %1").arg(x)));
                ++busyColumns;
            }
        }
        // About 2 ms of a 12 ms window in 1000 columns.
        QVERIFY(gapColumns > 150);
        QVERIFY(busyColumns > 350);
        view.setProfile(p);

        // A twentieth of the trace: 5,000 kernels, still bounded by the width.
        view.setVisibleRange(2000000, 2500000);
        paint(view);
        stats = view.lastPaintStats();
        QVERIFY(stats.maxRectsInRow <= 1000);
        QVERIFY(stats.eventsVisited <= 2 * 1000 + 2);

        // 100 kernels across 1000 columns: each is wide enough for a box of its own.
        view.setVisibleRange(5000000, 5010000);
        paint(view);
        stats = view.lastPaintStats();
        // Kernels 50,000..50,099 start in the window; 49,999 ends before it (at 4,999,965).
        QCOMPARE(stats.rectsPainted, int64_t(100));
    }

    void pyramidPaintsExactlyTheBusyColumns()
    {
        // 200,000 kernels with irregular gaps in 1000 columns: zoomed out past the row's finest buckets,
        // so the pyramid paints. Every column an event overlaps is painted, every column no event
        // overlaps is not, and long kernels keep their own full-colour boxes.
        const auto p = irregularKernels(200000);
        TimelineView view;
        QVERIFY(showInColumns(view, p, 1000));
        const int row = view.model()->rowOf({EventKind::Kernel, 0});
        const TimelineRow &kernels = view.model()->rows()[row];
        QVERIFY(kernels.cellShift >= 0);
        QVERIFY(view.nsPerPixel() >= double(int64_t(1) << kernels.cellShift));
        const int y = view.rowRect(row).center().y();
        const QRgb background = view.palette().color(QPalette::Base).rgb();
        std::vector<int64_t> ends(p->kernels.size());
        for (size_t k = 0; k < ends.size(); ++k)
            ends[k] = p->kernels[k].end_ns;
        // Whether a kernel overlaps [from, to): the first one ending after `from` starts before `to`.
        auto busy = [&](int64_t from, int64_t to) {
            const size_t k = size_t(std::upper_bound(ends.begin(), ends.end(), from) - ends.begin());
            return k < ends.size() && p->kernels[k].start_ns < to;
        };
        std::vector<int64_t> longEdges;
        for (const Kernel &k : p->kernels)
            if (k.duration() == 300000)
                longEdges.insert(longEdges.end(), {k.start_ns, k.end_ns});
        auto nearLongEdge = [&](int64_t from, int64_t to) {
            const auto edge = std::lower_bound(longEdges.begin(), longEdges.end(), from);
            return edge != longEdges.end() && *edge <= to;
        };
        for (const auto &[start, end] : {std::pair<int64_t, int64_t>{0, 0}, // fit all
                                         {p->kernels[50000].start_ns, p->kernels[90000].end_ns}}) {
            if (end > 0)
                view.setVisibleRange(start, end);
            const QImage image = paint(view);
            const PaintStats stats = view.lastPaintStats();
            QVERIFY(stats.maxRectsInRow <= 1000);
            // A bucket or two per column, and for each long kernel in view the buckets above it (two
            // per level, 17 levels at most here) and the level-0 bucket's events (8 on average).
            int64_t longKernels = 0;
            for (const Kernel &k : p->kernels)
                longKernels +=
                    k.duration() == 300000 && k.end_ns > view.visibleStart() && k.start_ns < view.visibleEnd();
            QVERIFY(longKernels > 0);
            QVERIFY2(stats.eventsVisited <= 2 * 1000 + 2 + longKernels * 64,
                     qPrintable(QStringLiteral("%1 with %2 long kernels").arg(stats.eventsVisited).arg(longKernels)));
            const int belowTracks = view.viewport()->height() - 2;
            int painted = 0, empty = 0;
            for (int x = view.labelWidth(); x < view.labelWidth() + 1000; ++x) {
                if (image.pixel(x, belowTracks) != background) // a grid line's column
                    continue;
                const int64_t from = view.timeAtX(x), to = view.timeAtX(x + 1);
                // A box starts and ends on the nearest column edge and leaves its last column as a gap
                // before its neighbour: the columns at a long kernel's ends are not checked.
                if (nearLongEdge(from - (to - from), to + (to - from)))
                    continue;
                if (busy(from + 2, to - 2)) {
                    QVERIFY2(image.pixel(x, y) != background, qPrintable(QStringLiteral("busy column %1").arg(x)));
                    ++painted;
                } else if (!busy(from - 2, to + 2)) {
                    QVERIFY2(image.pixel(x, y) == background, qPrintable(QStringLiteral("idle column %1").arg(x)));
                    ++empty;
                }
            }
            QVERIFY2(painted > 200 && empty > 50,
                     qPrintable(QStringLiteral("%1 painted, %2 empty").arg(painted).arg(empty)));
        }
        // A long kernel among thousands of short ones, still zoomed out past the finest buckets: its own
        // box in its full colour, and hit-testing finds it there.
        const Index longKernel = 10007 * 5;
        QVERIFY(p->kernels[longKernel].duration() == 300000);
        view.setVisibleRange(p->kernels[longKernel].start_ns - 15000000, p->kernels[longKernel].end_ns + 15000000);
        QVERIFY(view.nsPerPixel() >= double(int64_t(1) << kernels.cellShift));
        QVERIFY(view.xForTime(p->kernels[longKernel].end_ns) - view.xForTime(p->kernels[longKernel].start_ns) >= 3);
        const QImage image = paint(view);
        const QPoint centre = pointOf(view, {EventKind::Kernel, longKernel});
        QCOMPARE(QColor(image.pixel(centre)), colorForKernel(*p, longKernel, ColorMode::Operator));
        QCOMPARE(view.hitTest(centre), (EventRef{EventKind::Kernel, longKernel}));
    }

    void sampleAtTheWholeCapturePaintsOnlyBusyColumns()
    {
        // The bundled sample's kernel lane: kernels 59 and 60 (by start) leave 942.511 ms idle, kernels
        // 58 and 59 143.553 ms (python3 sqlite3 on CUPTI_ACTIVITY_KIND_KERNEL). The whole capture in a
        // few widths: those columns stay blank and every column a kernel covers is painted. Before the
        // fix a fold of whole TimelineGroups took the group that holds the gap and painted it pale.
        const auto p = sampleCapture();
        QCOMPARE(p->kernels.size(), size_t(192));
        QCOMPARE(p->kernels[60].start_ns - p->kernels[59].end_ns, int64_t(942511238));
        for (const int columns : {600, 900, 1000, 1300, 1700}) {
            TimelineView view;
            QVERIFY(showInColumns(view, p, columns));
            view.resize(view.width(), 700);
            view.fitAll();
            const int row = view.model()->rowOf({EventKind::Kernel, 0});
            QCOMPARE(view.model()->rows()[row].size(), size_t(192)); // one stream, one row
            QVERIFY(!view.rowRect(row).isEmpty());
            const QImage image = paint(view);
            const ColumnCheck check = checkColumnsExact(view, image, row);
            const QString summary = QStringLiteral("%1 columns (label %6, viewport %7, trace %8..%9): %2 painted, %3 "
                                                   "blank, %4 wrong (%5)")
                                        .arg(columns)
                                        .arg(check.painted)
                                        .arg(check.blank)
                                        .arg(check.wrong)
                                        .arg(check.firstWrong)
                                        .arg(view.labelWidth())
                                        .arg(view.viewport()->width())
                                        .arg(view.model()->traceStart())
                                        .arg(view.model()->traceEnd());
            qInfo("%s", qPrintable(summary));
            QVERIFY2(check.wrong == 0, qPrintable(summary));
            // The 942 ms gap is over half of the capture: most columns are judged blank, some painted.
            QVERIFY2(check.painted >= 10 && check.blank > columns / 2, qPrintable(summary));
        }
    }

    void pyramidShadesByHowBusyAColumnIs()
    {
        // manyKernels: kernel i runs 40 + 5 (i mod 7) ns of every 100, so each column of the burst is
        // 55 % busy, the third of four shades (kShadeAlpha 0.75 in timeline_view.cpp), in the colour of
        // one of the three names.
        const auto p = manyKernels(100000);
        TimelineView view;
        QVERIFY(showInColumns(view, p, 1000));
        const QImage image = paint(view);
        const QColor base = view.palette().color(QPalette::Base);
        std::set<QRgb> expected;
        for (Index k = 0; k < 3; ++k)
            expected.insert(mixColors(colorForKernel(*p, k, ColorMode::Operator), base, 0.75).rgb());
        const int y = view.rowRect(view.model()->rowOf({EventKind::Kernel, 0})).center().y();
        int shaded = 0, checked = 0;
        for (int x = int(view.xForTime(1000000)); x < int(view.xForTime(9000000)); ++x, ++checked)
            shaded += expected.count(image.pixel(x, y)) ? 1 : 0;
        QVERIFY2(shaded > checked * 9 / 10, qPrintable(QStringLiteral("%1 of %2").arg(shaded).arg(checked)));
    }

    void findOutlinesAndStepsThroughMatches()
    {
        TimelineView view;
        view.resize(1200, 600);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const auto p = handProfile();
        view.setProfile(p);
        QSignalSpy changes(&view, &TimelineView::matchesChanged);
        // Case-insensitive text: the four kernels and the three cudaLaunchKernel calls.
        QCOMPARE(view.findEvents(QStringLiteral("KERNEL"), false), 7);
        QCOMPARE(changes.last().at(1).toInt(), 7);
        // A regular expression; kernels match on their shortened name too.
        QCOMPARE(view.findEvents(QStringLiteral("^gemm_kernel$"), true), 1);
        QCOMPARE(view.matches().front(), (EventRef{EventKind::Kernel, 0}));
        QCOMPARE(view.findEvents(QStringLiteral("("), true), 0); // invalid
        QCOMPARE(view.findEvents(QStringLiteral("^aten::(relu|t)$"), true), 2);
        // In time order: aten::t (1100 ns), then aten::relu (6000 ns); both outlined.
        QCOMPARE(view.matches(), (std::vector<EventRef>{{EventKind::Operator, 1}, {EventKind::Operator, 4}}));
        paint(view);
        QCOMPARE(view.lastPaintStats().matchOutlines, 2);
        // Next and previous select each match, wrapping around, and reveal it.
        QSignalSpy operators(&view, &TimelineView::operatorSelected);
        QCOMPARE(view.findNext(), 0);
        QCOMPARE(view.selection(), (EventRef{EventKind::Operator, 1}));
        QCOMPARE(operators.last().at(0).value<Index>(), Index(1));
        QCOMPARE(view.findNext(), 1);
        QCOMPARE(view.selection(), (EventRef{EventKind::Operator, 4}));
        QCOMPARE(view.findNext(), 0);
        QCOMPARE(view.findPrevious(), 1);
        QCOMPARE(changes.last().at(0).toInt(), 1);
        // Zoomed in elsewhere, the next match is brought into view.
        view.setVisibleRange(8000, 8500);
        QCOMPARE(view.findNext(), 0);
        QVERIFY(view.visibleStart() <= 1100 && view.visibleEnd() >= 1300);
        QCOMPARE(view.hitTest(pointOf(view, {EventKind::Operator, 1})), (EventRef{EventKind::Operator, 1}));
        // From a selection that is not a match, next is the first match after it.
        view.setSelectedKernel(1); // 3000 ns
        QCOMPARE(view.findNext(), 1);
        QCOMPARE(view.findEvents(QString(), false), 0);
        paint(view);
        QCOMPARE(view.lastPaintStats().matchOutlines, 0);
        QCOMPARE(view.findNext(), -1);

        // The real trace: gpt4_bf16_infer/kineto.json has 51 kernels whose name contains "nvjet" and 51
        // cpu_op named aten::linear, nothing else matching either (python3 json, case-insensitive re).
        const auto real = std::make_shared<Profile>(importFile(fixture("h100/gpt4_bf16_infer/kineto.json")));
        view.setProfile(real);
        QCOMPARE(view.findEvents(QStringLiteral("nvjet"), false), 51);
        for (const EventRef &m : view.matches())
            QCOMPARE(m.kind, EventKind::Kernel);
        QCOMPARE(view.findEvents(QStringLiteral("aten::linear$"), true), 51);
        for (size_t m = 1; m < view.matches().size(); ++m)
            QVERIFY(view.model()->startOf(view.matches()[m - 1]) <= view.model()->startOf(view.matches()[m]));
        for (int step = 0; step < 51; ++step)
            QCOMPARE(view.findNext(), step);
        QCOMPARE(view.findNext(), 0);
        QCOMPARE(real->text(real->operators[view.selection().index].name), std::string_view("aten::linear"));
    }

    void colours()
    {
        const auto p = handProfile();
        QCOMPARE(colorForName("aten::addmm"), colorForName("aten::addmm"));
        QCOMPARE(moduleColorKey("blocks.3.attn[Attention]"), std::string_view("blocks"));
        QCOMPARE(moduleColorKey("model.blocks.3.attn", "model"), std::string_view("blocks"));
        QCOMPARE(moduleColorKey("model[GPT]", "model[GPT]"), std::string_view("model"));
        QCOMPARE(moduleColorKey("lm_head"), std::string_view("lm_head"));
        // A module and every annotation with its path share one colour; so do kernels in module mode.
        QCOMPARE(colorForModule(*p, 2), colorForName("blocks"));
        QCOMPARE(colorForModule(*p, 0), colorForName("model"));
        QCOMPARE(colorForKernel(*p, 0, ColorMode::Module), colorForModule(*p, 2));
        QCOMPARE(colorForKernel(*p, 2, ColorMode::Module), colorForModule(*p, 1)); // through its operator
        QCOMPARE(colorForKernel(*p, 0, ColorMode::Operator), colorForName("aten::addmm"));
        QCOMPARE(colorForOperator(*p, 4, ColorMode::Operator), colorForName("aten::relu"));
        QCOMPARE(colorForKernel(*p, 1, ColorMode::Operator), colorForName("unattributed_kernel"));
        ColorCache cache(*p);
        QCOMPARE(slotColor(cache.kernelSlot(0, ColorMode::Module)), colorForKernel(*p, 0, ColorMode::Module));
        QCOMPARE(slotColor(cache.rangeSlot(1, ColorMode::Module)), colorForModule(*p, 2));
        // Names spread over the palette rather than piling onto a few colours.
        std::set<uint8_t> used;
        for (int i = 0; i < 200; ++i)
            used.insert(slotForName(QStringLiteral("aten::op_%1").arg(i).toStdString()));
        QVERIFY(used.size() >= kPaletteSize - 2);

        // The view paints on the palette's base colour, light or dark.
        TimelineView view;
        view.resize(900, 400);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setProfile(p);
        QPalette dark = view.palette();
        dark.setColor(QPalette::Base, QColor(30, 30, 30));
        dark.setColor(QPalette::Window, QColor(45, 45, 45));
        dark.setColor(QPalette::WindowText, Qt::white);
        view.setPalette(dark);
        const QImage image = paint(view);
        // Below the last track: the base colour in the time area (grid lines aside), the window
        // colour under the track names.
        const int bottom = view.viewport()->height() - 3;
        int base = 0;
        for (int x = view.labelWidth(); x < view.viewport()->width(); ++x)
            base += QColor(image.pixel(x, bottom)) == QColor(30, 30, 30);
        QVERIFY(base > (view.viewport()->width() - view.labelWidth()) * 9 / 10);
        QCOMPARE(QColor(image.pixel(5, bottom)), QColor(45, 45, 45));
    }

    void tooltipAndLabels()
    {
        TimelineView view;
        view.resize(1200, 600);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const auto p = handProfile();
        view.setProfile(p);
        const QString kernel = view.describe({EventKind::Kernel, 0});
        QVERIFY(kernel.contains("gemm_kernel"));
        // From the first event (the cudaMemcpyAsync at 400 ns), like the tables; both durations named.
        QVERIFY(kernel.contains("Start: 0.002 ms"));
        QVERIFY(kernel.contains("Duration (timeline): 1.00 µs"));                     // 2000..3000 ns
        QVERIFY(kernel.contains("aten::addmm"));                                      // its operator
        QVERIFY(kernel.contains("model.blocks.0.mlp"));                               // its module
        QVERIFY(kernel.contains("Duration (ncu replay): 990 ns"));                    // gpu__time_duration.sum
        QVERIFY(view.describe({EventKind::Operator, 4}).contains("Start: 0.006 ms")); // 6000 ns
        QVERIFY(kernel.contains("4.10 KB"));                                          // dram__bytes.sum
        QVERIFY(kernel.contains("42.5 %"));                                           // sm__throughput
        QVERIFY(view.describe({EventKind::Kernel, 1}).contains("not attributed"));
        QVERIFY(view.describe({EventKind::MemoryOp, 0}).contains("Memcpy HtoD"));
        QVERIFY(view.describe({EventKind::Operator, 2}).contains("Kernels: 1"));
        QVERIFY(view.describe({EventKind::Kernel, 99}).isEmpty());

        // Hovering reports the event under the pointer.
        QSignalSpy hovered(&view, &TimelineView::hovered);
        QTest::mouseMove(view.viewport(), pointOf(view, {EventKind::Operator, 4}));
        QVERIFY(hovered.size() >= 1);
        QCOMPARE(hovered.first().at(0).value<EventRef>(), (EventRef{EventKind::Operator, 4}));
        // Boxes wide enough carry their names.
        paint(view);
        QVERIFY(view.lastPaintStats().labelsDrawn >= 5);
    }

    void trackNamesHaveTooltipsAndTheirColumnResizes()
    {
        // A stream title longer than the names column: "GPU 0 · Stream 7  (NVIDIA H100 80GB HBM3)"
        // cut with an ellipsis; its tooltip gives it whole, and a row's tooltip names row and track.
        const auto p = handProfile();
        p->devices.push_back(Device{});
        p->devices.back().id = 0;
        p->devices.back().name = p->intern("NVIDIA H100 80GB HBM3");
        TimelineView view;
        view.resize(1200, 600);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setProfile(p);
        const TimelineTrack &stream7 = view.model()->tracks()[0];
        QCOMPARE(stream7.title, QStringLiteral("GPU 0 · Stream 7  (NVIDIA H100 80GB HBM3)"));
        view.setLabelWidth(120);
        QCOMPARE(view.labelWidth(), 120);
        QVERIFY(QFontMetrics(view.font()).horizontalAdvance(stream7.title) > 120); // it does not fit
        const int kernelRow = stream7.firstRow;
        const QPoint header(30, view.rowRect(kernelRow).top() - 4);
        QVERIFY(view.toolTipAt(header).contains(QStringLiteral("GPU 0 · Stream 7  (NVIDIA H100 80GB HBM3)")));
        const QString rowTip = view.toolTipAt(QPoint(30, view.rowRect(kernelRow).center().y()));
        QVERIFY2(rowTip.contains(QStringLiteral("Kernels, depth 0 · GPU 0 · Stream 7  (NVIDIA H100 80GB HBM3)")),
                 qPrintable(rowTip));
        // The ruler says what it counts from.
        QVERIFY(view.toolTipAt(QPoint(600, 3)).contains(QStringLiteral("first event")));

        // Dragging the column's edge resizes it; the time area follows and the change is announced.
        QSignalSpy resized(&view, &TimelineView::labelWidthChanged);
        QWidget *viewport = view.viewport();
        const int y = view.rowRect(kernelRow).center().y();
        sendMouse(viewport, QEvent::MouseButtonPress, QPoint(121, y), Qt::LeftButton, Qt::LeftButton);
        sendMouse(viewport, QEvent::MouseMove, QPoint(200, y), Qt::NoButton, Qt::LeftButton);
        sendMouse(viewport, QEvent::MouseMove, QPoint(340, y), Qt::NoButton, Qt::LeftButton);
        sendMouse(viewport, QEvent::MouseButtonRelease, QPoint(340, y), Qt::LeftButton, Qt::NoButton);
        QCOMPARE(view.labelWidth(), 340);
        QCOMPARE(view.userLabelWidth(), 340);
        QCOMPARE(view.timeArea().left(), 340);
        QCOMPARE(resized.size(), 1);
        QCOMPARE(resized.last().at(0).toInt(), 340);
        QVERIFY(!view.selection().valid()); // a resize is not a click
        // Kernels still sit under their computed pixels.
        QCOMPARE(view.hitTest(pointOf(view, {EventKind::Kernel, 0})), (EventRef{EventKind::Kernel, 0}));
        // A double click on the edge fits the longest name; the column never leaves less than 100 px of time.
        QTest::mouseDClick(viewport, Qt::LeftButton, Qt::NoModifier, QPoint(340, y));
        QCOMPARE(resized.size(), 2);
        QFont bold = view.font();
        bold.setBold(true);
        const int titleWidth = 22 + QFontMetrics(bold).horizontalAdvance(stream7.title);
        QVERIFY2(view.labelWidth() >= titleWidth && view.labelWidth() <= titleWidth + 20,
                 qPrintable(QStringLiteral("%1 for a title of %2").arg(view.labelWidth()).arg(titleWidth)));
        view.setLabelWidth(5000);
        QCOMPARE(view.timeArea().width(), 100);
        view.setLabelWidth(0); // back to the width that follows the font
        QCOMPARE(view.userLabelWidth(), 0);
        QVERIFY(view.labelWidth() >= 160);

        // In the compare window's pair of timelines, resizing one resizes the other: one axis.
        CompareTimelines pair;
        pair.resize(1200, 700);
        pair.show();
        QVERIFY(QTest::qWaitForWindowExposed(&pair));
        TimelineView *before = pair.timeline(Side::Before), *after = pair.timeline(Side::After);
        const int edge = before->labelWidth(), middle = before->viewport()->height() / 2;
        sendMouse(before->viewport(), QEvent::MouseButtonPress, QPoint(edge, middle), Qt::LeftButton, Qt::LeftButton);
        sendMouse(before->viewport(), QEvent::MouseMove, QPoint(edge + 90, middle), Qt::NoButton, Qt::LeftButton);
        sendMouse(before->viewport(), QEvent::MouseButtonRelease, QPoint(edge + 90, middle), Qt::LeftButton,
                  Qt::NoButton);
        QCOMPARE(before->labelWidth(), edge + 90);
        QCOMPARE(after->labelWidth(), edge + 90);
    }

    // ---- The view's pieces, without a view ----

    void zoomControlClampsAndKeepsTheTimeUnderThePointer()
    {
        // A 2 ms trace on an epoch-based clock, its ruler counting from 500 ns in.
        const int64_t origin = 1700000000000000000;
        TimelineZoom zoom;
        zoom.reset(origin, origin + 2000000, origin + 500);
        QCOMPARE(zoom.origin(), origin);
        QCOMPARE(zoom.timeZero(), origin + 500);
        QCOMPARE(zoom.tickShift(), 500.0);
        QCOMPARE(zoom.maxSpan(), 2.02e6); // the extent and a hundredth: zooming out stops at the capture (issue 39)
        // Fitting shows the trace from its start (no negative ruler), and a hundredth of air after it.
        zoom.fitAll();
        QCOMPARE(zoom.visibleStart(), origin);
        QCOMPARE(zoom.visibleEnd(), origin + 2020000);

        // The span stays within [50 ns, the extent and its air]; the window stays on them.
        zoom.setWindow(0, 10);
        QCOMPARE(zoom.span(), TimelineZoom::kMinSpanNs);
        zoom.setWindow(0, 1e9);
        QCOMPARE(zoom.span(), 2.02e6);
        QCOMPARE(zoom.start(), 0.0);
        zoom.setWindow(-1e9, 1000);
        QCOMPARE(zoom.start(), 0.0);
        zoom.setWindow(1e9, 1000);
        QCOMPARE(zoom.start(), 2020000.0 - 1000);
        zoom.setVisibleRange(origin + 300, origin + 300); // empty: one nanosecond, widened to 50
        QCOMPARE(zoom.visibleStart(), origin + 300);
        QCOMPARE(zoom.visibleEnd(), origin + 350);

        // Zooming keeps the time at the pointer's fraction of the window, in and out, down to the
        // deepest zoom; zoomed out to the widest window the clamping takes over.
        zoom.setVisibleRange(origin + 100000, origin + 1100000);
        const double fraction = 0.3;
        const double under = zoom.start() + fraction * zoom.span();
        QCOMPARE(under, 400000.0);
        for (const double factor : {0.5, 0.25, 0.8, 1.25, 0.01, 0.01}) {
            zoom.zoomAt(fraction, factor);
            QVERIFY2(std::abs(zoom.start() + fraction * zoom.span() - under) < 1e-6,
                     qPrintable(QString::number(zoom.span())));
        }
        QCOMPARE(zoom.span(), TimelineZoom::kMinSpanNs);
        for (int step = 0; step < 40; ++step)
            zoom.zoomAt(fraction, 2);
        // Zoomed out as far as it goes: the whole capture and its air, nothing before it.
        QCOMPARE(zoom.span(), zoom.maxSpan());
        QCOMPARE(zoom.visibleStart(), origin);
        QCOMPARE(zoom.visibleEnd(), origin + 2020000);
        // Near the end the clamp wins: zooming out around the window's left edge would show more time past
        // the capture, so the window moves left.
        zoom.setWindow(1995000, 10000);
        zoom.zoomAt(0, 100);
        QCOMPARE(zoom.span(), 1e6);
        QCOMPARE(zoom.start(), 2020000.0 - 1e6);

        // Revealing keeps the zoom and centres what is out of the window, only then.
        zoom.setVisibleRange(origin + 250000, origin + 750000);
        QVERIFY(!zoom.reveal(origin + 700000, origin + 800000)); // partly in view
        QVERIFY(zoom.reveal(origin + 1500000, origin + 1600000));
        QCOMPARE(zoom.visibleStart(), origin + 1300000);
        QCOMPARE(zoom.visibleEnd(), origin + 1800000);
        // Fitting a range: a tenth of it either side, at least 50 ns.
        zoom.fitRange(origin + 1000, origin + 2000);
        QCOMPARE(zoom.visibleStart(), origin + 900);
        QCOMPARE(zoom.visibleEnd(), origin + 2100);
        zoom.fitRange(origin + 1000, origin + 1010);
        QCOMPARE(zoom.visibleStart(), origin + 995);
        QCOMPARE(zoom.visibleEnd(), origin + 1055);

        // A wider extent (two timelines on one axis) lets the window roam and zoom out further.
        zoom.setExtent(origin - 1000000, origin + 5000000);
        QCOMPARE(zoom.maxSpan(), 6.06e6);
        zoom.setWindow(-5e6, 1e6);
        QCOMPARE(zoom.start(), -1000000.0);
        // The ruler's zero moves on its own.
        zoom.setTimeZero(origin - 7);
        QCOMPARE(zoom.timeZero(), origin - 7);
        QCOMPARE(zoom.tickShift(), -7.0);

        // No trace: a millisecond from 0.
        zoom.reset(0, 0, 0);
        zoom.fitAll();
        QCOMPARE(zoom.visibleStart(), int64_t(0));
        QCOMPARE(zoom.visibleEnd(), int64_t(1000000));
    }

    void layoutMapsRowsToPixelsAndBack()
    {
        // handProfile's tracks: stream 7 (2 rows), stream 13 (1), the python thread (6), autograd (2).
        const auto p = handProfile();
        const TimelineModel model(*p);
        TimelineLayout layout;
        layout.setFontMetrics(14, 7, 1200); // rows 18 px, headers 20, the ruler 24
        layout.setModel(&model);
        QCOMPARE(layout.rowHeight(), 18);
        QCOMPARE(layout.headerHeight(), 20);
        QCOMPARE(layout.rulerHeight(), 24);
        // The step ruler's band adds to the ruler, below the time ruler, while the profile has steps.
        layout.setStepBand(true);
        QCOMPARE(layout.timeRulerHeight(), 24);
        QCOMPARE(layout.stepBandHeight(), 20);
        QCOMPARE(layout.rulerHeight(), 44);
        layout.setStepBand(false);
        QCOMPARE(layout.stepBandHeight(), 0);
        QCOMPARE(layout.rulerHeight(), 24);
        QCOMPARE(layout.lines().size(), size_t(4 + 11));
        QCOMPARE(layout.contentHeight(), 4 * 20 + 11 * 18);
        const TimelineTrack &python = model.tracks()[2];
        // Headers and rows in track order: the python thread's header at 94, its rows from 114.
        QCOMPARE(layout.trackHeader(2).y, 20 + 2 * 18 + 20 + 18);
        QCOMPARE(layout.trackHeader(2).row, -1);
        QCOMPARE(layout.trackHeader(3).y, 222);
        for (int r = 0; r < python.rowCount; ++r) {
            const TimelineLayout::Line *line = layout.rowLine(python.firstRow + r);
            QVERIFY(line);
            QCOMPARE(line->y, 114 + 18 * r);
            QCOMPARE(line->track, 2);
            // Every pixel of the line maps back to it.
            QCOMPARE(layout.lineAt(line->y), line);
            QCOMPARE(layout.lineAt(line->y + line->height - 1), line);
        }
        QCOMPARE(layout.lineAt(95), &layout.trackHeader(2));
        QCOMPARE(layout.lineAt(-1), nullptr);
        QCOMPARE(layout.lineAt(layout.contentHeight()), nullptr);
        QCOMPARE(layout.lineAt(layout.contentHeight() - 1)->row, model.tracks()[3].firstRow + 1);
        QCOMPARE(layout.rowLine(-1), nullptr);
        QCOMPARE(layout.rowLine(int(model.rows().size())), nullptr);

        // Collapsing a track takes its rows out and moves the tracks below up.
        QVERIFY(layout.setExpanded(2, false));
        QVERIFY(!layout.setExpanded(2, false)); // already so
        QVERIFY(!layout.setExpanded(99, true)); // no such track
        QVERIFY(!layout.isExpanded(2) && layout.isExpanded(3) && !layout.isExpanded(99));
        for (int r = 0; r < python.rowCount; ++r)
            QCOMPARE(layout.rowLine(python.firstRow + r), nullptr);
        QCOMPARE(layout.contentHeight(), 4 * 20 + 5 * 18);
        QCOMPARE(layout.trackHeader(3).y, 114);
        QCOMPARE(layout.lineAt(114)->track, 3);

        // The names column: from the font (30 average characters, at least 160 px) until the user
        // drags it; never under 60 px, and on screen never so wide that less than 100 px of time is left.
        QCOMPARE(layout.labelWidth(), 210);
        QCOMPARE(layout.userLabelWidth(), 0);
        QVERIFY(layout.onLabelEdge(207) && layout.onLabelEdge(213));
        QVERIFY(!layout.onLabelEdge(206) && !layout.onLabelEdge(214));
        layout.setUserLabelWidth(30, 1200, true);
        QCOMPARE(layout.labelWidth(), 60);
        layout.setUserLabelWidth(5000, 1200, true);
        QCOMPARE(layout.labelWidth(), 1100);
        QCOMPARE(layout.userLabelWidth(), 1100); // on screen: what the view could give
        layout.setUserLabelWidth(5000, 1200, false);
        QCOMPARE(layout.labelWidth(), 1100);
        QCOMPARE(layout.userLabelWidth(), 5000); // off screen: kept for a wider window
        layout.fitLabelWidth(2000);
        QCOMPARE(layout.labelWidth(), 1900);
        layout.fitLabelWidth(150); // too narrow to keep both: as chosen
        QCOMPARE(layout.labelWidth(), 5000);
        layout.setUserLabelWidth(0, 1200, true);
        QCOMPARE(layout.labelWidth(), 210);
        QCOMPARE(layout.userLabelWidth(), 0);
        // A larger font: taller lines, a wider column; the collapsed track stays collapsed.
        layout.setFontMetrics(20, 10, 1200);
        QCOMPARE(layout.labelWidth(), 300);
        QCOMPARE(layout.rulerHeight(), 30);
        QCOMPARE(layout.contentHeight(), 4 * 26 + 5 * 24);
        layout.setModel(nullptr);
        QVERIFY(layout.lines().empty());
        QCOMPARE(layout.contentHeight(), 0);
    }

    void coordinatesRoundTripTimeToPixelToTime()
    {
        // An epoch-based clock (ns since 1970): times stay exact because the window is relative.
        const int64_t origin = 1700000000000000000;
        {
            // 1 ns per pixel, the names column 220 px wide.
            const TimelineCoordinates axis(origin, 123456.5, 1000, 220, 1000);
            QCOMPARE(axis.nsPerPx, 1.0);
            QCOMPARE(axis.xForTime(origin + 123956), 719.5);
            QCOMPARE(axis.timeAtX(719.5), origin + 123956);
            QCOMPARE(axis.columnOf(origin + 123956), 499.5);
            QCOMPARE(axis.windowFirst(), origin + 123456);
            QCOMPARE(axis.windowEnd(), origin + 124458);
        }
        for (const double span : {100.0, 1000.0, 12345.0, 1e6, 3.7e9}) {
            const TimelineCoordinates axis(origin, 5e5, span, 220, 1000);
            for (int k = -3; k <= 13; ++k) {
                // Time -> pixel -> time lands on the same nanosecond, inside the window and outside it.
                const int64_t t = origin + 500000 + int64_t(span * k / 10) + k;
                QCOMPARE(axis.timeAtX(axis.xForTime(t)), t);
                QVERIFY(std::abs(axis.columnOf(t) + axis.left - axis.xForTime(t)) <
                        1e-6 * std::max(1.0, std::abs(axis.columnOf(t))));
            }
            for (int x = 220; x <= 1220; x += 37) {
                // Pixel -> time -> pixel: within the half nanosecond the time is rounded to.
                QVERIFY(std::abs(axis.xForTime(axis.timeAtX(x)) - x) <= 0.5 * axis.pxPerNs + 1e-9);
                // A column starts at the first nanosecond at or after its left edge.
                const int c = x - 220;
                const int64_t first = axis.columnStart(c);
                QVERIFY(axis.columnOf(first) >= c - 1e-9);
                QVERIFY(axis.columnOf(first - 1) < c);
            }
        }
        // Events far outside the window clamp to two columns beyond it, so no int overflows.
        const TimelineCoordinates axis(origin, 0, 1000, 220, 1000);
        QCOMPARE(axis.roundColumn(axis.columnOf(origin + 4000000000000000000)), 1002);
        QCOMPARE(axis.floorColumn(axis.columnOf(origin - 4000000000000000000)), -2);

        // The view maps through the same coordinates.
        TimelineView view;
        view.resize(1200, 400);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setProfile(handProfile());
        view.setVisibleRange(1000, 3000);
        const TimelineCoordinates mapping = view.coordinates();
        QCOMPARE(mapping.left, view.labelWidth());
        QCOMPARE(mapping.width, view.timeArea().width());
        QCOMPARE(view.xForTime(2000), mapping.xForTime(2000));
        QCOMPARE(view.timeAtX(view.xForTime(2000)), int64_t(2000));
        QCOMPARE(view.nsPerPixel(), 2000.0 / view.timeArea().width());
    }

    void frameFoldsARowIntoBoxesAndDrawsThem()
    {
        // Stream 7's kernel row (gemm 2000..3000 ns, relu 6500..6800 ns) at 10 ns per pixel from 0, the
        // time area starting at x = 10: gemm takes columns 200..299 (the last left as a gap), relu 650..679.
        const auto p = handProfile();
        const TimelineModel model(*p);
        ColorCache colors(*p);
        TimelineSlots eventSlots;
        eventSlots.compute(&model, &colors, ColorMode::Operator);
        TimelineFrame frame;
        for (uint8_t slot = 0; slot < kSlotCount; ++slot)
            for (int shade = 0; shade < TimelineFrame::kShades; ++shade)
                frame.setFillColor(TimelineFrame::fill(slot, shade), slotColor(slot).darker(100 + 40 * shade));
        frame.setMinLabelWidth(30);
        const int row = model.rowOf({EventKind::Kernel, 0});
        const TimelineCoordinates axis(0, 0, 10000, 10, 1000);
        const RowBand band{5, 16, true, false};
        frame.begin();
        frame.paintRow(model.rows()[size_t(row)], eventSlots.row(row), axis, band);
        QCOMPARE(frame.stats().rowsPainted, 1);
        QCOMPARE(frame.stats().rectsPainted, int64_t(2));
        QCOMPARE(frame.stats().maxRectsInRow, 2);
        QCOMPARE(frame.stats().eventsVisited, int64_t(2));
        // Only gemm is wide enough for its name.
        QCOMPARE(frame.labels().size(), size_t(1));
        QCOMPARE(frame.labels().front().event, (EventRef{EventKind::Kernel, 0}));
        QCOMPARE(frame.labels().front().rect, QRect(210, 5, 99, 16));

        QImage image(1100, 30, QImage::Format_RGB32);
        image.fill(Qt::white);
        {
            QPainter painter(&image);
            frame.flush(painter);
        }
        const QColor gemm =
            frame.fillColor(TimelineFrame::fill(colors.kernelSlot(0, ColorMode::Operator), TimelineFrame::kShades - 1));
        QCOMPARE(image.pixel(210, 5), gemm.rgb());
        QCOMPARE(image.pixel(308, 20), gemm.rgb());
        for (const QPoint blank : {QPoint(209, 10), QPoint(309, 10), QPoint(250, 4), QPoint(250, 21), QPoint(500, 10)})
            QCOMPARE(image.pixel(blank), qRgb(255, 255, 255));
        QVERIFY(image.pixel(670, 10) != qRgb(255, 255, 255));
        // Flushed boxes are gone; a new frame starts with nothing counted.
        image.fill(Qt::white);
        {
            QPainter painter(&image);
            frame.flush(painter);
        }
        QCOMPARE(image.pixel(250, 10), qRgb(255, 255, 255));
        frame.begin();
        QCOMPARE(frame.stats().rectsPainted, int64_t(0));
        QVERIFY(frame.labels().empty());

        // 100,000 kernels in 1000 columns go through the row's pyramid and out as one image strip
        // drawn over the background line: every column of the burst painted, the band only.
        const auto dense = manyKernels(100000);
        const TimelineModel denseModel(*dense);
        ColorCache denseColors(*dense);
        eventSlots.compute(&denseModel, &denseColors, ColorMode::Operator);
        const TimelineCoordinates all(0, 0, 1e7, 10, 1000);
        QVERIFY(denseModel.rows()[0].cellShift >= 0 && all.nsPerPx >= double(1 << denseModel.rows()[0].cellShift));
        frame.prepareStrips(QRect(10, 0, 1000, 30), 18, {}, qRgb(255, 255, 255), qRgb(200, 200, 200),
                            qRgb(240, 240, 240));
        frame.paintRow(denseModel.rows()[0], eventSlots.row(0), all, band);
        QVERIFY(frame.stats().maxRectsInRow <= 1000);
        QVERIFY(frame.stats().eventsVisited <= 2 * 1000 + 2);
        image.fill(Qt::black);
        {
            QPainter painter(&image);
            frame.flush(painter);
        }
        int painted = 0;
        for (int x = 10; x < 10 + 999; ++x) {
            const QRgb c = image.pixel(x, 12);
            painted += c != qRgb(0, 0, 0) && c != qRgb(255, 255, 255) ? 1 : 0;
            QCOMPARE(image.pixel(x, 4), qRgb(0, 0, 0)); // above the band: untouched
        }
        QCOMPARE(painted, 999);
    }

    void findStepsThroughMatchesWithoutAView()
    {
        const auto p = handProfile();
        const TimelineModel model(*p);
        TimelineFind find;
        // Case-insensitive text: the four kernels and the three cudaLaunchKernel calls.
        QCOMPARE(find.search(&model, QStringLiteral("KERNEL"), false), 7);
        QCOMPARE(find.current(), -1);
        QCOMPARE(find.search(&model, QStringLiteral("("), true), 0); // an invalid expression
        QCOMPARE(find.search(nullptr, QStringLiteral("aten"), false), 0);
        // In start order: aten::t (1100..1300 ns), then aten::relu (6000..7000 ns).
        QCOMPARE(find.search(&model, QStringLiteral("^aten::(relu|t)$"), true), 2);
        const EventRef t{EventKind::Operator, 1}, relu{EventKind::Operator, 4};
        QCOMPARE(find.matches(), (std::vector<EventRef>{t, relu}));
        // Nothing selected: from the window's start; then on from the current match, wrapping.
        QCOMPARE(find.step(1, model, {}, 2000), 1);
        QCOMPARE(find.step(1, model, {}, 0), 0);
        QCOMPARE(find.step(1, model, t, 0), 1);
        QCOMPARE(find.step(1, model, relu, 0), 0);
        QCOMPARE(find.step(-1, model, t, 0), 1);
        QCOMPARE(find.current(), 1);
        // From a selection that is not a match: the nearest match after (before) its start.
        const EventRef kernel1{EventKind::Kernel, 1}; // 3000 ns
        QCOMPARE(find.step(1, model, kernel1, 0), 1);
        QCOMPARE(find.step(-1, model, kernel1, 0), 0);
        // Matches that may overlap a window: starting at most the longest match (1000 ns) before it.
        QCOMPARE(find.overlapping(6500, 6600), std::make_pair(size_t(1), size_t(2)));
        QCOMPARE(find.overlapping(1200, 1250), std::make_pair(size_t(0), size_t(1)));
        QCOMPARE(find.overlapping(0, 1000), std::make_pair(size_t(0), size_t(0)));
        QCOMPARE(find.overlapping(0, 100000), std::make_pair(size_t(0), size_t(2)));
        // A new search forgets the current match: stepping on from a selected match goes past it.
        QCOMPARE(find.search(&model, QStringLiteral("^aten::(relu|t)$"), true), 2);
        QCOMPARE(find.step(1, model, t, 0), 1);
        QCOMPARE(find.search(&model, QStringLiteral("^aten::(relu|t)$"), true), 2);
        QCOMPARE(find.step(-1, model, relu, 0), 0);
        find.clear();
        QVERIFY(find.matches().empty());
        QCOMPARE(find.step(1, model, {}, 0), -1);
    }

    // The step ruler's data on a real capture: the three plain reference steps as the GPU ran them, and
    // the labelled step with the launcher's captured and plain times and the overhead, marked as notable.
    void stepRulerShowsThePlainAndCapturedSteps()
    {
        QTemporaryDir dir;
        const auto p = h100Capture(dir);
        const std::vector<TimelineStep> steps = timelineSteps(*p);
        QCOMPARE(steps.size(), size_t(4));
        // OPSCOPE_REFERENCE#0..2 on the GPU, each within 3 µs of what the launcher's CUDA events timed
        // in the same run (README: 13,664,768, 13,662,944 and 13,664,416 ns), back to back.
        const int64_t launcherNs[] = {13'664'768, 13'662'944, 13'664'416};
        const StepTiming timing = stepTiming(*p);
        for (int k = 0; k < 3; ++k) {
            const TimelineStep &plain = steps[size_t(k)];
            QCOMPARE(int(plain.kind), int(TimelineStep::Kind::Plain));
            QCOMPARE(plain.name, QStringLiteral("OPSCOPE_REFERENCE#%1").arg(k));
            QCOMPARE(plain.label, QStringLiteral("plain · 13.7 ms"));
            QCOMPARE(plain.shortLabel, QStringLiteral("13.7 ms"));
            QVERIFY2(std::abs(plain.end_ns - plain.start_ns - launcherNs[k]) < 3000,
                     qPrintable(QString::number(plain.end_ns - plain.start_ns)));
            QVERIFY(!plain.notable);
            if (k > 0)
                QVERIFY(plain.start_ns >= steps[size_t(k - 1)].end_ns);
            // The last one is the step the analyses time: the same span as stepTiming's.
            const bool used = k == 2;
            QCOMPARE(plain.toolTip.contains(QLatin1String("idle gaps and launch latencies")), used);
            QVERIFY2(plain.toolTip.contains(QLatin1String(
                         "plain 13.66 ms +/- 456 ns (median of 3 steps, CUDA events), captured 20.24 ms: 1.48x")),
                     qPrintable(plain.toolTip));
        }
        QCOMPARE(toString(timing.source), toString(StepTiming::Source::ReferenceStep));
        QCOMPARE(steps[2].start_ns, timing.start_ns);
        QCOMPARE(steps[2].end_ns, timing.end_ns);
        QCOMPARE(steps[2].end_ns - steps[2].start_ns, int64_t(13'666'793));
        // The labelled step: emit_nvtx's echo "ProfilerStep#0, op_id = 1" inside the CAPTURE range, with
        // the captured 20,238,592 ns against the plain median 13,664,416 ns: 1.48x, above 1.2x.
        const TimelineStep &labelled = steps[3];
        QCOMPARE(int(labelled.kind), int(TimelineStep::Kind::Labelled));
        QCOMPARE(labelled.name, QStringLiteral("ProfilerStep#0"));
        // Its bracket is its span on the GPU, like the plain steps': from the range's start to its last
        // kernel's end, 20.38 ms, within 1 % of the launcher's CUDA events (20.24 ms).
        QCOMPARE(labelled.start_ns, int64_t(10'904'239'644));
        QCOMPARE(labelled.end_ns, int64_t(10'924'620'305));
        QVERIFY(std::abs(labelled.end_ns - labelled.start_ns - 20'238'592) < 202'386);
        QCOMPARE(labelled.label, QStringLiteral("ProfilerStep#0 · captured 20.2 ms · plain 13.7 ms (1.48×)"));
        QCOMPARE(labelled.shortLabel, QStringLiteral("captured 20.2 ms · plain 13.7 ms (1.48×)"));
        QVERIFY(labelled.notable);
        const std::string overhead = describeCaptureOverhead(*referenceTiming(*p), timing);
        QVERIFY(overhead.starts_with("the captured step ran 1.48x slower than the plain step"));
        QVERIFY2(labelled.toolTip.contains(toQString(overhead).toHtmlEscaped()), qPrintable(labelled.toolTip));
        QVERIFY2(labelled.toolTip.contains(
                     QLatin1String("On the GPU in this trace: 20.4 ms (its range on the host: 16.9 ms)")),
                 qPrintable(labelled.toolTip));

        // Without the launcher's timing the labelled step is a step like any other; the plain ones stay.
        const auto bare = std::make_shared<Profile>(importCapture({test::tempPath(dir, "h100_gpt_vocab50257.sqlite")}));
        const std::vector<TimelineStep> untimed = timelineSteps(*bare);
        QCOMPARE(untimed.size(), size_t(4));
        QCOMPARE(int(untimed[3].kind), int(TimelineStep::Kind::Marked));
        QCOMPARE(untimed[3].label, QStringLiteral("ProfilerStep#0 · 16.9 ms"));
        QVERIFY(!untimed[3].notable);
        QCOMPARE(untimed[2].label, QStringLiteral("plain · 13.7 ms"));

        // A profile that marks no step (kernels and operators alone) has none.
        QVERIFY(timelineSteps(*handProfile()).empty());
        QVERIFY(timelineSteps(*manyKernels(100)).empty());
    }

    // Thousands of steps in sight (a long run at the whole-capture zoom): only labels with room are
    // measured, so laying the band out costs its pixels, not its steps. At 20 M events the 3,820 steps'
    // text shaping was about 70 % of a 30 ms whole-trace frame.
    void stepRulerMeasuresOnlyLabelsWithRoom()
    {
        std::vector<TimelineStep> steps(20000);
        for (size_t s = 0; s < steps.size(); ++s) {
            steps[s].start_ns = int64_t(s) * 1000;
            steps[s].end_ns = steps[s].start_ns + 900;
            steps[s].label = QStringLiteral("ProfilerStep#%1 \u00b7 0.9 us").arg(s);
            steps[s].shortLabel = QStringLiteral("0.9 us");
        }
        QWidget widget;
        const QFontMetrics fm = widget.fontMetrics();
        const QRect band(100, 20, 1000, fm.height() + 4);
        TimelineStepRuler ruler;
        auto withRoom = [&] {
            return int(std::count_if(ruler.items().begin(), ruler.items().end(),
                                     [](const TimelineStepRuler::Item &item) { return item.text.width() > 0; }));
        };
        // The whole run: 20 steps per pixel, one item per pixel, no label has room. A slowed-down step
        // gives its pixel its colour.
        steps[4321].notable = true;
        ruler.layout(steps, TimelineCoordinates(0, 0, 20000 * 1000.0, band.left(), band.width()), band, fm);
        QVERIFY2(ruler.items().size() <= size_t(band.width()) + 1, qPrintable(QString::number(ruler.items().size())));
        QVERIFY(ruler.items().size() >= size_t(band.width()) - 1);
        QVERIFY(std::all_of(ruler.items().begin(), ruler.items().end(),
                            [](const TimelineStepRuler::Item &item) { return item.crowded; }));
        QVERIFY(std::any_of(ruler.items().begin(), ruler.items().end(),
                            [](const TimelineStepRuler::Item &item) { return item.step == 4321; }));
        for (size_t i = 1; i < ruler.items().size(); ++i) // in time order, each pixel once
            QVERIFY(ruler.items()[i].bracket.left() > ruler.items()[i - 1].bracket.left());
        QCOMPARE(ruler.labelsMeasured(), withRoom());
        QVERIFY2(ruler.labelsMeasured() <= band.width() / 9 + 1, qPrintable(QString::number(ruler.labelsMeasured())));
        for (const TimelineStepRuler::Item &item : ruler.items())
            QVERIFY(item.shown.isEmpty());
        // Ten pixels a step: an item per step, still at most one measure per 9 pixels.
        ruler.layout(steps, TimelineCoordinates(0, 0, 100 * 1000.0, band.left(), band.width()), band, fm);
        QVERIFY(ruler.items().size() >= 100);
        QVERIFY(std::none_of(ruler.items().begin(), ruler.items().end(),
                             [](const TimelineStepRuler::Item &item) { return item.crowded; }));
        QCOMPARE(ruler.labelsMeasured(), withRoom());
        QVERIFY(ruler.labelsMeasured() <= band.width() / 9 + 1);
        // 200 pixels a step: every label measured, the times at least shown.
        ruler.layout(steps, TimelineCoordinates(0, 500, 5 * 1000.0, band.left(), band.width()), band, fm);
        QCOMPARE(ruler.labelsMeasured(), withRoom());
        QVERIFY(ruler.labelsMeasured() >= 4);
        for (const TimelineStepRuler::Item &item : ruler.items())
            if (item.text.width() >= fm.horizontalAdvance(steps[item.step].shortLabel))
                QVERIFY(!item.shown.isEmpty());
    }

    // The band under the time ruler: there only with steps, fixed while the rows scroll, its labels in
    // the room they have (never over each other), painted in the step's colours; a click zooms to a step.
    void stepRulerBandPaintsElidesAndZooms()
    {
        QTemporaryDir dir;
        const auto p = h100Capture(dir);
        TimelineView view;
        QVERIFY(showInColumns(view, p, 1000));
        const QFontMetrics fm = view.fontMetrics();
        const int band = view.rulerHeight() - view.timeRulerHeight();
        QVERIFY(band >= fm.height());
        QCOMPARE(view.timeArea().top(), view.rulerHeight());
        const std::vector<TimelineStep> &steps = view.model()->steps();
        QCOMPARE(steps.size(), size_t(4));
        const QColor plainColor = TimelineStepRuler::colorOf(steps[0], view.palette());
        const QColor warning = TimelineStepRuler::warningColor();
        QCOMPARE(TimelineStepRuler::colorOf(steps[3], view.palette()), warning);

        // Labels never overlap and never pass the room they have, at any zoom.
        auto verifyLabels = [&](const TimelineStepRuler &ruler) {
            for (size_t i = 0; i < ruler.items().size(); ++i) {
                const TimelineStepRuler::Item &item = ruler.items()[i];
                QVERIFY(fm.horizontalAdvance(item.shown) <= item.text.width());
                QVERIFY(item.text.left() >= item.bracket.left());
                if (!item.shown.isEmpty() && i + 1 < ruler.items().size())
                    QVERIFY(item.text.right() < ruler.items()[i + 1].bracket.left());
                const TimelineStep &step = steps[item.step];
                const QString mark = step.notable ? QStringLiteral("\u26a0 ") : QString();
                if (item.shown == mark + step.label || item.shown == mark + step.shortLabel || item.shown.isEmpty())
                    continue;
                QVERIFY2(item.shown.endsWith(QStringLiteral("…")) &&
                             fm.horizontalAdvance(mark + step.shortLabel) > item.text.width(),
                         qPrintable(item.shown)); // elided only when the times alone do not fit either
            }
        };

        // Zoomed to the captured step: its whole label, with the warning sign.
        view.zoomToStep(3);
        QVERIFY(std::abs(view.visibleStart() - (steps[3].start_ns - (steps[3].end_ns - steps[3].start_ns) / 10)) <= 1);
        TimelineStepRuler ruler = view.stepRuler();
        QCOMPARE(ruler.band(), QRect(view.labelWidth(), view.timeRulerHeight(), 1000, band));
        QVERIFY(!ruler.items().empty()); // the end of the plain step before it is in the margin
        const TimelineStepRuler::Item &item = ruler.items().back();
        QCOMPARE(item.step, size_t(3));
        QCOMPARE(item.shown, QStringLiteral("\u26a0 ") + steps[3].label);
        verifyLabels(ruler);
        QImage image = paint(view);
        const QRect captured = item.bracket.adjusted(0, 2, 0, -2);
        QCOMPARE(QColor(image.pixel(captured.center().x(), captured.bottom())), warning);
        QCOMPARE(QColor(image.pixel(captured.left(), captured.center().y())), warning);
        int warningText = 0; // the label's glyphs are drawn in the warning colour
        for (int x = item.text.left(); x < item.text.right(); ++x)
            for (int y = captured.top() + 1; y < captured.bottom() - 2; ++y) {
                const QColor c(image.pixel(x, y));
                warningText += c.red() > c.green() + 80 && c.red() > c.blue() + 80;
            }
        QVERIFY2(warningText > 20, qPrintable(QString::number(warningText)));
        QVERIFY(
            view.toolTipAt(captured.center())
                .contains(toQString(describeCaptureOverhead(*referenceTiming(*p), stepTiming(*p))).toHtmlEscaped()));
        QVERIFY(view.toolTipAt(captured.center()).contains(QLatin1String("Click to zoom")));

        // All four steps in sight: the plain ones in their own colour; a click on one zooms to it.
        view.setVisibleRange(steps.front().start_ns, steps.back().end_ns);
        ruler = view.stepRuler();
        QCOMPARE(ruler.items().size(), size_t(4));
        verifyLabels(ruler);
        image = paint(view);
        const QRect plain = ruler.items()[1].bracket.adjusted(0, 2, 0, -2);
        QCOMPARE(QColor(image.pixel(plain.center().x(), plain.bottom())), plainColor);
        QCOMPARE(ruler.stepAt(plain.center()), 1);
        sendMouse(view.viewport(), QEvent::MouseMove, plain.center(), Qt::NoButton, Qt::NoButton);
        QCOMPARE(view.viewport()->cursor().shape(), Qt::PointingHandCursor); // a step can be clicked
        sendMouse(view.viewport(), QEvent::MouseButtonPress, plain.center(), Qt::LeftButton, Qt::LeftButton);
        sendMouse(view.viewport(), QEvent::MouseButtonRelease, plain.center(), Qt::LeftButton, Qt::NoButton);
        const int64_t span = steps[1].end_ns - steps[1].start_ns;
        QVERIFY(std::abs(view.visibleStart() - (steps[1].start_ns - span / 10)) <= 1);
        QVERIFY(std::abs(view.visibleEnd() - (steps[1].end_ns + span / 10)) <= 1);
        QVERIFY(!view.selection().valid());

        // The band stays under the time ruler while the rows scroll.
        view.verticalScrollBar()->setValue(view.verticalScrollBar()->maximum());
        QVERIFY(view.verticalScrollBar()->value() > 0);
        image = paint(view);
        ruler = view.stepRuler();
        const QRect again = ruler.items()[0].bracket.adjusted(0, 2, 0, -2);
        QCOMPARE(again.top(), view.timeRulerHeight() + 2);
        QCOMPARE(QColor(image.pixel(again.center().x(), again.bottom())), plainColor);

        // Narrower and zoomed out: labels give way (times alone, elided, or none), still apart.
        for (const int columns : {400, 160}) {
            view.resize(view.labelWidth() + columns + 2 * view.frameWidth(), 300);
            for (const std::pair<int64_t, int64_t> &window :
                 {std::pair(steps.front().start_ns, steps.back().end_ns),
                  std::pair(view.model()->traceStart(), view.model()->traceEnd())}) {
                view.setVisibleRange(window.first, window.second);
                ruler = view.stepRuler();
                QVERIFY(!ruler.items().empty());
                verifyLabels(ruler);
                paint(view);
            }
        }
    }

    // A generation request: its prefill and decode iterations in a band of their own below the steps, each
    // in its colour, with what it is in its tooltip; a click zooms to the phase.
    void requestPhasesBand()
    {
        constexpr int64_t ms = 1'000'000;
        auto p = std::make_shared<Profile>();
        p->threads.push_back({1, 1, p->intern("main")});
        p->ranges.push_back({0, 10 * ms, p->intern("ProfilerStep#0"), kNoString, 0, 0, RangeKind::UserAnnotation});
        p->ranges.push_back({0, 4 * ms, p->intern("OPSCOPE_PREFILL"), kNoString, 0, 0, RangeKind::UserAnnotation});
        for (int k = 1; k <= 2; ++k)
            p->ranges.push_back({(1 + 3 * k) * ms, (4 + 3 * k) * ms, p->intern("OPSCOPE_DECODE#" + std::to_string(k)),
                                 kNoString, 0, 0, RangeKind::UserAnnotation});
        for (int i = 0; i < 10; ++i) {
            Operator op;
            op.name = p->intern("aten::mm");
            op.start_ns = i * ms + ms / 10;
            op.end_ns = i * ms + ms / 2;
            op.thread = 0;
            p->operators.push_back(op);
        }
        p->finalize();
        TimelineView view;
        QVERIFY(showInColumns(view, p, 1000));
        const std::vector<TimelineStep> &phases = view.model()->phases();
        QCOMPARE(phases.size(), size_t(3));
        QCOMPARE(phases[0].kind, TimelineStep::Kind::Prefill);
        QCOMPARE(phases[2].kind, TimelineStep::Kind::Decode);
        QCOMPARE(phases[2].name, QStringLiteral("decode#2"));
        const int band = view.rulerHeight() - view.timeRulerHeight();
        QVERIFY(band > 0 && band % 2 == 0); // the step band and the phase band, as high
        view.setVisibleRange(0, 10 * ms);
        const TimelineStepRuler ruler = view.phaseRuler();
        QCOMPARE(ruler.band().top(), view.timeRulerHeight() + band / 2);
        QCOMPARE(ruler.items().size(), size_t(3));
        const QImage image = paint(view);
        const QRect prefill = ruler.items()[0].bracket.adjusted(0, 2, 0, -2);
        QCOMPARE(QColor(image.pixel(prefill.center().x(), prefill.bottom())).rgb(),
                 TimelineStepRuler::colorOf(phases[0], view.palette()).rgb());
        QVERIFY(TimelineStepRuler::colorOf(phases[0], view.palette()) !=
                TimelineStepRuler::colorOf(phases[1], view.palette()));
        QVERIFY(view.toolTipAt(prefill.center()).contains(QLatin1String("up to its first token")));
        const QRect decode = ruler.items()[1].bracket.adjusted(0, 2, 0, -2);
        sendMouse(view.viewport(), QEvent::MouseButtonPress, decode.center(), Qt::LeftButton, Qt::LeftButton);
        sendMouse(view.viewport(), QEvent::MouseButtonRelease, decode.center(), Qt::LeftButton, Qt::NoButton);
        QVERIFY(std::abs(view.visibleStart() - (4 * ms - 3 * ms / 10)) <= 1);
        QVERIFY(std::abs(view.visibleEnd() - (7 * ms + 3 * ms / 10)) <= 1);
    }

    void noStepsNoBand()
    {
        TimelineView view;
        QVERIFY(showInColumns(view, handProfile(), 600));
        QVERIFY(view.model()->steps().empty());
        QCOMPARE(view.rulerHeight(), view.timeRulerHeight());
        QCOMPARE(view.timeArea().top(), view.timeRulerHeight());
        QVERIFY(view.stepRuler().items().empty());
        QCOMPARE(view.stepRuler().stepAt(QPoint(view.labelWidth() + 10, view.timeRulerHeight() + 2)), -1);
        // Right below the time ruler is the first track's header, not a band.
        const QImage image = paint(view);
        QCOMPARE(QColor(image.pixel(view.labelWidth() + 300, view.timeRulerHeight() + 2)),
                 view.palette().color(QPalette::AlternateBase));
    }

    void phaseBandsOnARealTrainingStep()
    {
        // tests/data/h100_train2: one training step of a 2-block GPT whose loss, backward seed and fused
        // AdamW step run outside every module, so they are in the step's phases.
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string sqlite = test::tempPath(dir, "nsys.sqlite");
        QVERIFY(test::gunzipFile(test::sourceFile("tests/data/h100_train2/nsys.sqlite.gz"), sqlite));
        const auto p = std::make_shared<Profile>(importCapture({sqlite}));
        TimelineView view;
        view.resize(1600, 900);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setProfile(p);
        const TimelineModel &model = *view.model();

        // Every phase instance is a band in its thread's Phases row, above the module/NVTX bands, with
        // the module tree's label and the instance's own extent.
        const ModuleTree tree = buildModuleTree(*p);
        std::multiset<QString> labels;
        Index optimizer = kNoIndex, loss = kNoIndex;
        for (Index m = 0; m < p->modules.size(); ++m) {
            const ModuleInstance &instance = p->modules[m];
            const EventRef band{EventKind::Module, m};
            if (!isPhase(instance)) {
                QCOMPARE(model.rowOf(band), -1); // a module's band is its range
                continue;
            }
            const int row = model.rowOf(band);
            QVERIFY(row >= 0);
            const TimelineRow &r = model.rows()[size_t(row)];
            QCOMPARE(r.group, RowGroup::Phases);
            const TimelineTrack &track = model.tracks()[size_t(r.track)];
            QCOMPARE(track.thread, instance.thread);
            for (int other = track.firstRow; other < track.firstRow + track.rowCount; ++other)
                if (model.rows()[size_t(other)].group == RowGroup::Annotations)
                    QVERIFY(row < other);
            QCOMPARE(model.startOf(band), instance.start_ns);
            QCOMPARE(model.endOf(band), instance.end_ns);
            const QString label = model.label(band);
            QCOMPARE(label.toStdString(), tree.nodes[size_t(tree.nodeOf(m))].label());
            labels.insert(label);
            if (p->text(instance.path) == kPhaseOptimizer)
                optimizer = m;
            else if (p->text(instance.path) == kPhaseLoss)
                loss = m;
        }
        QCOMPARE(labels, (std::multiset<QString>{QStringLiteral("backward"), QStringLiteral("loss"),
                                                 QStringLiteral("optimizer [AdamW]")}));

        // The optimizer's band is torch.optim's own range, Optimizer.step#AdamW.step.
        QVERIFY(optimizer != kNoIndex && loss != kNoIndex);
        const Range &step = p->ranges[p->modules[optimizer].range];
        QVERIFY(p->text(step.text).starts_with("Optimizer.step#AdamW.step")); // emit_nvtx adds ", op_id = N"
        QCOMPARE(model.startOf({EventKind::Module, optimizer}), step.start_ns);
        QCOMPARE(model.endOf({EventKind::Module, optimizer}), step.end_ns);
        // The loss band spans exactly its operators: cross_entropy_loss (log_softmax and nll_loss inside it),
        // the logits' reshapes and float cast.
        int64_t first = INT64_MAX, last = INT64_MIN;
        std::multiset<std::string> lossOps;
        for (const Operator &o : p->operators)
            if (o.module == loss) {
                first = std::min(first, o.start_ns);
                last = std::max(last, o.end_ns);
                if (o.parent == kNoIndex)
                    lossOps.insert(std::string(p->text(o.name)));
            }
        QCOMPARE(lossOps, (std::multiset<std::string>{"aten::cross_entropy_loss", "aten::reshape", "aten::reshape",
                                                      "aten::to"}));
        QCOMPARE(model.startOf({EventKind::Module, loss}), first);
        QCOMPARE(model.endOf({EventKind::Module, loss}), last);

        // Painted with its label where it is wide enough, coloured as its kernels are in module colouring.
        const EventRef lossBand{EventKind::Module, loss};
        view.setVisibleRange(model.startOf(lossBand) - 1000, model.endOf(lossBand) + 1000);
        view.setSelection(lossBand); // reveals its track and row
        view.clearSelection();
        const QImage image = paint(view);
        QVERIFY(view.lastPaintStats().labelsDrawn > 0);
        const QPoint centre = pointOf(view, lossBand);
        ColorCache colors(*p);
        QCOMPARE(QColor(image.pixel(centre)), slotColor(colors.moduleSlot(loss)));

        // A click selects the band and names its module instance, as the module tree's selection does.
        QSignalSpy modules(&view, &TimelineView::moduleSelected);
        QCOMPARE(view.hitTest(centre), lossBand);
        QTest::mouseClick(view.viewport(), Qt::LeftButton, Qt::NoModifier, centre);
        QCOMPARE(view.selection(), lossBand);
        QCOMPARE(modules.size(), 1);
        QCOMPARE(modules.first().at(0).value<Index>(), loss);
        // Find reaches the phases by name.
        QCOMPARE(view.findEvents(QStringLiteral("^loss$"), true), 1);
    }

    void emptyProfilePaints()
    {
        TimelineView view;
        view.resize(800, 400);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        paint(view); // no profile at all
        view.setProfile(std::make_shared<Profile>());
        QVERIFY(view.model());
        QCOMPARE(view.model()->tracks().size(), size_t(0));
        paint(view);
        QCOMPARE(view.lastPaintStats().rowsPainted, 0);
        QCOMPARE(view.hitTest(QPoint(500, 100)), EventRef{});
        QTest::keyClick(&view, Qt::Key_W);
        QTest::keyClick(&view, Qt::Key_F);
        sendWheel(view.viewport(), QPoint(500, 100), QPoint(0, 120));
        view.setSelectedKernel(0); // nothing to select
        QVERIFY(!view.selection().valid());
        paint(view);
    }
};

} // namespace tst_timeline_suite

OPSCOPE_TEST_SUITE(tst_timeline, tst_timeline_suite::TestTimeline, Gui)
#include "tst_timeline.moc"
