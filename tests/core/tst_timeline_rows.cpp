// The timeline's row index without a GUI (ui/timeline's Qt-free library opscope_timeline_index, which
// this suite links with core alone): the rows built from real captures, a stream's kernels and memory
// operations and a thread's operators and CUDA API calls, as the timeline groups them, hold every event
// once, in start order, without overlap, with exact summaries; the same rows on one thread and on several;
// the counts those of the whole TimelineModel on the same captures (measured with it, tst_timeline checks
// the model); and the links (operator -> kernels, kernel -> launch, collectives across ranks).
#include "test_suite.h"
#include "timeline/timeline_links.h"
#include "timeline/timeline_row_index.h"
#include "timeline/timeline_rows.h"
#include "timeline/timeline_scheduling.h"

#include "opscope/attribution.h"
#include "opscope/importer.h"
#include "opscope/ranks.h"
#include "test_util.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <map>
#include <random>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

namespace tst_timeline_rows_suite {

using namespace opscope;
using namespace opscope::ui;
using opscope::test::fixture;

namespace {

// The jobs of one kind as the timeline's track assembly makes them: per GPU stream (kernels, memory
// operations) or per CPU thread (operators, API calls), events in table order.
template <class Event, class Key> std::vector<std::vector<Index>> jobsBy(const std::vector<Event> &table, Key key)
{
    std::map<decltype(key(table[0])), std::vector<Index>> jobs;
    for (Index i = 0; i < table.size(); ++i)
        jobs[key(table[i])].push_back(i);
    std::vector<std::vector<Index>> out;
    for (auto &[k, events] : jobs)
        out.push_back(std::move(events));
    return out;
}

std::vector<std::vector<Index>> jobsOf(const Profile &p, EventKind kind)
{
    switch (kind) {
    case EventKind::Kernel:
        return jobsBy(p.kernels, [](const Kernel &k) { return std::pair(k.device, k.stream); });
    case EventKind::MemoryOp:
        return jobsBy(p.memory_ops, [](const MemoryOp &m) { return std::pair(m.device, m.stream); });
    case EventKind::Operator:
        return jobsBy(p.operators, [](const Operator &o) { return o.thread; });
    case EventKind::ApiCall:
        return jobsBy(p.api_calls, [](const ApiCall &a) { return a.thread; });
    default:
        return {};
    }
}

RowGroup groupOf(EventKind kind)
{
    return kind == EventKind::Kernel     ? RowGroup::Kernels
           : kind == EventKind::MemoryOp ? RowGroup::Memory
           : kind == EventKind::ApiCall  ? RowGroup::CudaApi
                                         : RowGroup::Operators;
}

// Every row of `kind`, each job's rows on `threads` threads.
std::vector<TimelineRow> rowsOf(const Profile &p, EventKind kind, size_t threads)
{
    std::vector<TimelineRow> rows;
    int track = 0;
    for (std::vector<Index> &events : jobsOf(p, kind))
        for (TimelineRow &row : buildTimelineRows(p, track++, kind, groupOf(kind), std::move(events), threads))
            rows.push_back(std::move(row));
    return rows;
}

bool sameRows(const std::vector<TimelineRow> &a, const std::vector<TimelineRow> &b)
{
    if (a.size() != b.size())
        return false;
    for (size_t r = 0; r < a.size(); ++r) {
        const TimelineRow &x = a[r], &y = b[r];
        if (x.kind != y.kind || x.group != y.group || x.depth != y.depth || x.track != y.track ||
            x.events != y.events || x.points.size() != y.points.size() || x.groups.size() != y.groups.size() ||
            x.cellShift != y.cellShift || x.cellLevels.size() != y.cellLevels.size())
            return false;
        for (size_t i = 0; i < x.points.size(); ++i)
            if (x.points[i].start != y.points[i].start || x.points[i].busy != y.points[i].busy)
                return false;
        for (size_t g = 0; g < x.groups.size(); ++g)
            if (std::tuple(x.groups[g].firstStart, x.groups[g].lastEnd, x.groups[g].busyBefore, x.groups[g].longest,
                           x.groups[g].longestOffset) != std::tuple(y.groups[g].firstStart, y.groups[g].lastEnd,
                                                                    y.groups[g].busyBefore, y.groups[g].longest,
                                                                    y.groups[g].longestOffset))
                return false;
        for (size_t k = 0; k < x.cellLevels.size(); ++k) {
            if (x.cellLevels[k].size() != y.cellLevels[k].size())
                return false;
            for (size_t j = 0; j < x.cellLevels[k].size(); ++j) {
                const TimelineCell &c = x.cellLevels[k][j], &d = y.cellLevels[k][j];
                if (std::tuple(c.firstStart, c.lastEnd, c.firstEvent, c.busy, c.longest, c.longestEvent) !=
                    std::tuple(d.firstStart, d.lastEnd, d.firstEvent, d.busy, d.longest, d.longestEvent))
                    return false;
            }
        }
    }
    return true;
}

// What the TimelineModel of the capture has of one kind (counted with the model before its split, commit
// a1004d9): rows, events in them, rows deep, rows with a pyramid, cells in all pyramids.
struct KindCounts {
    EventKind kind;
    size_t rows, events, depth, pyramids, cells;
};

struct Capture {
    const char *name;
    std::vector<KindCounts> kinds;
    size_t launches, collectives, partners;
    size_t attributedAtLeast; // kernels that attribution gives an operator, so that the links are checked
};

} // namespace

class TestTimelineRows : public QObject {
    Q_OBJECT

    // A capture's profile: the fixture or, for the nsys session kept in tests/data, unpacked first.
    Profile load(const std::string &name)
    {
        if (name != "nsys_job.sqlite")
            return importFile(fixture(name));
        const std::string path = test::tempPath(dir_, "nsys_job.sqlite");
        const std::string packed = test::sourceFile("tests/data/h200_ddp_session/nsys_job.sqlite.gz");
        if (!QFile::exists(QString::fromStdString(path)) && !test::gunzipFile(packed, path))
            throw std::runtime_error(packed + ": cannot be unpacked to " + path);
        return importFile(path);
    }

    QTemporaryDir dir_;

    static std::vector<Capture> captures()
    {
        return {
            {"h100/kineto_gpt12_train20.json.gz", // 20 steps of a 12-block GPT on an H100 (Kineto)
             {{EventKind::Kernel, 1, 11360, 1, 1, 1640},
              {EventKind::MemoryOp, 1, 1500, 1, 1, 206},
              {EventKind::Operator, 12, 72340, 7, 10, 14241},
              {EventKind::ApiCall, 2, 15022, 1, 2, 2432}},
             11360,
             0,
             0,
             11360 / 2},
            {"nsys_job.sqlite", // one nsys session of a 2-GPU DDP job on an H200 (tests/data/h200_ddp_session)
             {{EventKind::Kernel, 5, 6692, 2, 2, 1092},
              {EventKind::MemoryOp, 12, 3148, 1, 2, 523},
              {EventKind::Operator, 0, 0, 0, 0, 0},
              {EventKind::ApiCall, 13, 31781, 1, 8, 6330}},
             6692,
             10,
             10,
             0},
        };
    }

private slots:
    void rowsHaveTheModelsCounts_data()
    {
        QTest::addColumn<int>("capture");
        const std::vector<Capture> all = captures();
        for (size_t c = 0; c < all.size(); ++c)
            QTest::addRow("%s", all[c].name) << int(c);
    }

    // Each kind's rows, built job by job on two threads, have the counts of the model's rows of that kind.
    void rowsHaveTheModelsCounts()
    {
        QFETCH(int, capture);
        const Capture expected = captures()[size_t(capture)];
        const Profile p = load(expected.name);
        for (const KindCounts &want : expected.kinds) {
            const std::vector<TimelineRow> rows = rowsOf(p, want.kind, 2);
            KindCounts got{want.kind, rows.size(), 0, 0, 0, 0};
            for (const TimelineRow &row : rows) {
                got.events += row.size();
                got.depth = std::max<size_t>(got.depth, row.depth + size_t(1));
                got.pyramids += row.cellShift >= 0;
                for (const std::vector<TimelineCell> &level : row.cellLevels)
                    got.cells += level.size();
            }
            const QByteArray kind = QByteArray::number(int(want.kind));
            QVERIFY2(got.rows == want.rows, "rows of kind " + kind);
            QVERIFY2(got.events == want.events, "events of kind " + kind);
            QVERIFY2(got.depth == want.depth, "depth of kind " + kind);
            QVERIFY2(got.pyramids == want.pyramids, "pyramids of kind " + kind);
            QVERIFY2(got.cells == want.cells, "cells of kind " + kind);
        }
    }

    // Every row holds its events in start order without overlap; its points are the events' starts and
    // the running sum of their durations; its group summaries and the top of its pyramid are those
    // counted directly; the row index finds each event in the row that holds it; and a window() is
    // exactly the events that a plain scan finds intersecting it.
    void rowsAreSortedSummarisedAndIndexed()
    {
        const Profile p = load("h100/kineto_gpt12_train20.json.gz");
        TimelineRowIndex index;
        index.reset(p);
        std::vector<TimelineRow> operators = rowsOf(p, EventKind::Operator, 1);
        QVERIFY(operators.size() >= 5); // nested operators: several rows deep
        std::vector<TimelineRow> kernels = rowsOf(p, EventKind::Kernel, 1);
        index.append(operators);
        index.append(kernels);
        QVERIFY(operators.empty() && kernels.empty());
        std::mt19937_64 random(7);
        size_t placed = 0;
        for (size_t r = 0; r < index.rows().size(); ++r) {
            const TimelineRow &row = index.rows()[r];
            QVERIFY(row.points.size() == row.size() + 1);
            int64_t busy = 0;
            for (size_t i = 0; i < row.size(); ++i) {
                const EventRef e{row.kind, row.events[i]};
                QCOMPARE(index.rowOf(e), int(r));
                const int64_t start =
                    withEventTable(p, row.kind, int64_t(0), [&](const auto &t) { return t[e.index].start_ns; });
                const int64_t end =
                    withEventTable(p, row.kind, int64_t(0), [&](const auto &t) { return clampedEnd(t[e.index]); });
                QCOMPARE(row.start(i), start);
                QCOMPARE(row.end(i), end);
                QCOMPARE(row.busyBefore(i), busy);
                busy += end - start;
                if (i > 0)
                    QVERIFY(row.end(i - 1) <= row.start(i));
            }
            placed += row.size();
            for (size_t g = 0; g < row.groups.size(); ++g) {
                const size_t first = g * TimelineRow::kGroupSize;
                const size_t last = std::min(first + TimelineRow::kGroupSize, row.size());
                int64_t longest = -1;
                for (size_t i = first; i < last; ++i)
                    longest = std::max(longest, row.end(i) - row.start(i));
                QCOMPARE(row.groups[g].firstStart, row.start(first));
                QCOMPARE(row.groups[g].lastEnd, row.end(last - 1));
                QCOMPARE(int64_t(row.groups[g].longest), longest);
            }
            if (row.cellShift >= 0) {
                const TimelineCell &top = row.cellLevels.back().at(0);
                QCOMPARE(top.firstStart, row.start(0));
                QCOMPARE(top.lastEnd, row.end(row.size() - 1));
                QCOMPARE(top.firstEvent, 0u);
            }
            if (row.size() == 0)
                continue;
            for (int w = 0; w < 20; ++w) {
                const int64_t span = row.end(row.size() - 1) - row.start(0) + 1;
                const int64_t t0 = row.start(0) + int64_t(random() % uint64_t(span));
                const int64_t t1 = t0 + 1 + int64_t(random() % uint64_t(span / 8 + 1));
                const auto [first, last] = row.window(t0, t1);
                for (size_t i = 0; i < row.size(); ++i) {
                    const bool intersects = row.end(i) > t0 && row.start(i) < t1;
                    if (intersects)
                        QVERIFY2(i >= first && i < last, "an event in the window is left out");
                    else
                        QVERIFY2(i < first || i >= last || row.start(i) == row.end(i),
                                 "an event outside the window is in it");
                }
            }
        }
        QCOMPARE(placed, p.operators.size() + p.kernels.size());
        QCOMPARE(index.rowOf({EventKind::ApiCall, 0}), -1); // no row of API calls was appended
        QCOMPARE(index.rowOf({}), -1);
    }

    // The rows are the same built on one thread and on several (the scheduling and page faulting change
    // who writes what, never what is written).
    void rowsOnThreadsAreTheSerialOnes()
    {
        const std::pair<const char *, EventKind> cases[] = {{"nsys_job.sqlite", EventKind::Kernel},
                                                            {"nsys_job.sqlite", EventKind::MemoryOp},
                                                            {"nsys_job.sqlite", EventKind::ApiCall},
                                                            {"h100/kineto_gpt12_train20.json.gz", EventKind::Operator}};
        for (const auto &[name, kind] : cases) {
            const Profile p = load(name);
            const std::vector<TimelineRow> serial = rowsOf(p, kind, 1);
            QVERIFY(serial.size() >= 5);
            for (const size_t threads : {size_t(2), size_t(3)})
                QVERIFY2(sameRows(rowsOf(p, kind, threads), serial), name);
        }
    }

    // A job bigger than the others together runs first on every thread, the others on one each, biggest
    // first; `alongside` runs once; empty jobs are not run.
    void jobsRunBiggestFirst()
    {
        const std::vector<size_t> sizes = {5, 0, 100, 7};
        std::vector<std::pair<size_t, size_t>> ran; // (job, threads) in order, on one thread here
        int alongside = 0;
        runBiggestFirst(
            sizes, 1, [&](size_t job, size_t threads) { ran.emplace_back(job, threads); }, [&] { ++alongside; });
        QCOMPARE(alongside, 1);
        const std::vector<std::pair<size_t, size_t>> expected = {{2, 1}, {3, 1}, {0, 1}};
        QVERIFY(ran == expected);
        QCOMPARE(timelineThreads(3), 3u);
        QVERIFY(timelineThreads(0) >= 1 && timelineThreads(0) <= 8);
    }

    void linksHaveTheModelsCounts_data() { rowsHaveTheModelsCounts_data(); }

    // The launches found and the collectives matched across ranks are the model's; after attribution,
    // each operator's kernels are those attributed to it, in start order.
    void linksHaveTheModelsCounts()
    {
        QFETCH(int, capture);
        const Capture expected = captures()[size_t(capture)];
        Profile p = load(expected.name);
        attribute(p);
        TimelineLinks links(p);
        links.linkLaunches();
        if (ranksOf(p).size() >= 2) // as the model: for a profile shown as rank groups
            links.matchCollectives();
        size_t launches = 0, operatorKernels = 0, collectives = 0, partners = 0;
        for (Index k = 0; k < p.kernels.size(); ++k) {
            launches += links.launchOf({EventKind::Kernel, k}) != kNoIndex;
            const size_t n = links.sameCollectiveOnOtherRanks({EventKind::Kernel, k}).size();
            collectives += n > 0;
            partners += n;
        }
        for (Index o = 0; o < p.operators.size(); ++o) {
            const std::span<const Index> kernels = links.kernelsOfOperator(o);
            operatorKernels += kernels.size();
            for (size_t i = 0; i < kernels.size(); ++i) {
                QCOMPARE(p.kernels[kernels[i]].op, o);
                if (i > 0)
                    QVERIFY(p.kernels[kernels[i - 1]].start_ns <= p.kernels[kernels[i]].start_ns);
            }
            const size_t n = links.sameCollectiveOnOtherRanks({EventKind::Operator, o}).size();
            collectives += n > 0;
            partners += n;
        }
        QCOMPARE(launches, expected.launches);
        const size_t attributed = size_t(std::count_if(p.kernels.begin(), p.kernels.end(),
                                                       [&](const Kernel &k) { return k.op < p.operators.size(); }));
        QCOMPARE(operatorKernels, attributed);
        QVERIFY(attributed >= expected.attributedAtLeast);
        QCOMPARE(collectives, expected.collectives);
        QCOMPARE(partners, expected.partners);
        QVERIFY(links.kernelsOfOperator(Index(p.operators.size())).empty());
    }
};

} // namespace tst_timeline_rows_suite

OPSCOPE_TEST_SUITE(tst_timeline_rows, tst_timeline_rows_suite::TestTimelineRows, Core)
#include "tst_timeline_rows.moc"
