// Ranks put side by side by what their traces record (docs/ranks.md, "Which step on each rank"): each
// rank's ProfilerStep#N is the same step whenever its profiler's window opened, collectives matched by
// process group and order within the step (NCCL's sequence number where the trace has one), work outside
// the compared steps left out and said so; bad input (different steps, a rank twice, a cut trace); the
// nodes of one job (nsys reports per node, traces of several hosts) on one clock; insights read on one
// rank. On real files: the H200 DDP step's traces (tests/data/h200_ddp_gpt2), its one-session report
// (tests/data/h200_ddp_session) split per process by tests/tools/split_nsys_session.py, and HTA's sampled
// ranks (fixtures/public/kineto-multirank), edited here where a case needs what no capture at hand holds.
#include "capture_test_util.h"
#include "test_suite.h"
#include "test_util.h"

#include "opscope/capture_import.h"
#include "opscope/insights.h"
#include "opscope/metadata_keys.h"
#include "opscope/pipeline/tools.h"
#include "opscope/ranks.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <fstream>
#include <set>
#include <zlib.h>

namespace tst_rank_steps_suite {

using namespace opscope;
using opscope::test::fixture;

namespace {

std::string gunzip(const std::string &path)
{
    gzFile f = gzopen(path.c_str(), "rb");
    std::string text;
    char buf[1 << 16];
    for (int n; f && (n = gzread(f, buf, sizeof buf)) > 0;)
        text.append(buf, size_t(n));
    gzclose(f);
    return text;
}

nlohmann::json readTrace(const std::string &path)
{
    return nlohmann::json::parse(gunzip(path));
}

void writeJson(const std::string &path, const nlohmann::json &j)
{
    std::ofstream(path, std::ios::binary) << j.dump();
}

std::string h200(int rank)
{
    return test::sourceFile("tests/data/h200_ddp_gpt2/correlation_trace.rank" + std::to_string(rank) + ".json.gz");
}

std::string hta(int rank)
{
    return fixture("public/kineto-multirank/HolisticTraceAnalysis__sampled_rank-" + std::to_string(rank) + ".json.gz");
}

size_t countWarning(const std::vector<std::string> &warnings, const std::string &needle)
{
    return size_t(std::count_if(warnings.begin(), warnings.end(),
                                [&](const std::string &w) { return w.find(needle) != std::string::npos; }));
}

bool isNcclKernel(const nlohmann::json &e)
{
    return e.value("cat", "") == "kernel" && e.value("name", "").starts_with("nccl");
}

// The waits of each matched collective, rank by rank, in order: what two analyses must agree on.
std::vector<std::vector<int64_t>> waitsOf(const RankReport &r)
{
    std::vector<std::vector<int64_t>> out;
    for (const MatchedCollective &m : r.matched) {
        int64_t latest = INT64_MIN;
        for (size_t i : m.members)
            latest = std::max(latest, r.collectives[i].start_ns);
        out.emplace_back();
        for (size_t i : m.members)
            out.back().push_back(latest - r.collectives[i].start_ns);
    }
    return out;
}

// Runs tests/tools/split_nsys_session.py over `session`: node0.sqlite, node1.sqlite in `out`.
bool splitSession(const std::string &session, const std::string &out, const std::string &hosts, int64_t shiftNs)
{
    ProcessSpec split;
    split.argv = {pipeline::findPython(""),
                  test::sourceFile("tests/tools/split_nsys_session.py"),
                  session,
                  out,
                  "--hosts",
                  hosts,
                  "--shift-ns",
                  std::to_string(shiftNs)};
    split.timeout = std::chrono::milliseconds(120000);
    const ProcessResult r = runProcess(split);
    if (!r.ok())
        qWarning("%s", r.output.c_str());
    return r.ok();
}

} // namespace

class TestRankSteps : public QObject {
    Q_OBJECT
private slots:
    // The case: rank 0's profiler window opened a step earlier than rank 1's and holds the previous
    // step's all-reduces, still running when it opened (Kineto writes them without an External id, their
    // launch before the window). Here rank 0's trace of the H200 DDP step gets that tail: its 5 NCCL
    // kernels and a GEMM again, one step earlier, without launch. They are left out with a warning that
    // says why, and the comparison is the one of the traces without them.
    void windowsOpenedApartAreComparedStepByStep()
    {
        QTemporaryDir dir;
        nlohmann::json rank0 = readTrace(h200(0));
        int64_t stepDur = 0;
        for (const auto &e : rank0["traceEvents"])
            if (e.value("name", "") == "ProfilerStep#0" && e.value("cat", "") == "user_annotation")
                stepDur = int64_t(e["dur"].get<double>());
        QVERIFY(stepDur > 0);
        std::vector<nlohmann::json> tail;
        bool gemm = false;
        for (const auto &e : rank0["traceEvents"])
            if (isNcclKernel(e) ||
                (!gemm && e.value("cat", "") == "kernel" && e.value("name", "").starts_with("nvjet"))) {
                gemm = gemm || !isNcclKernel(e);
                nlohmann::json copy = e;
                copy["ts"] = e["ts"].get<double>() - double(stepDur); // one step earlier: before the window
                copy["args"].erase("External id");
                copy["args"]["correlation"] = 900000 + int(tail.size()); // no runtime call of it in the trace
                tail.push_back(copy);
            }
        QCOMPARE(tail.size(), size_t(6));
        for (auto &e : tail)
            rank0["traceEvents"].push_back(e);
        const std::string early = dir.filePath("correlation_trace.rank0.json").toStdString();
        writeJson(early, rank0);

        const Profile plain = importCapture({h200(0), h200(1)});
        const Profile p = importCapture({early, h200(1)});
        const RankReport expected = analyzeRanks(plain), r = analyzeRanks(p);
        QVERIFY(r.alignment.bySteps);
        QCOMPARE(r.alignment.steps, (std::vector<int64_t>{0}));
        QCOMPARE(r.matched.size(), size_t(5));
        QCOMPARE(r.unmatched, size_t(0));
        QCOMPARE(r.alignment.collectivesLeftOut, size_t(5));
        QCOMPARE(r.alignment.kernelsLeftOut, size_t(6));
        QCOMPARE(r.alignment.warnings.size(), size_t(1));
        const std::string &w = r.alignment.warnings.front();
        QVERIFY2(w.starts_with("rank 0: 5 collectives (6 kernels in all) launched outside the compared steps "
                               "(ProfilerStep#0); 6 kernels have no launch in the trace"),
                 w.c_str());
        // The tail shifts nothing: the same matching, waits, straggler and compute, and no clock shift
        // (one host's clock: matched on the step's collectives, they end together).
        QCOMPARE(waitsOf(r), waitsOf(expected));
        QCOMPARE(r.straggler, expected.straggler);
        QCOMPARE(r.ranks[0].computeNs, expected.ranks[0].computeNs);
        QVERIFY(p.metadataValue(rankClockOffsetKey(1)) == nullptr);

        const test::CliRun text = test::runOpscope({"ranks", early, h200(1)});
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.find("5 collectives matched across ranks, 0 seen on one rank only, 5 left out") !=
                     std::string::npos,
                 text.out.c_str());
        QVERIFY2(text.out.find("note: rank 0: 5 collectives") != std::string::npos, text.out.c_str());
        const nlohmann::json json = nlohmann::json::parse(test::runOpscope({"ranks", "--json", early, h200(1)}).out);
        QCOMPARE(json["alignment"]["collectives_left_out"].get<size_t>(), size_t(5));
        QVERIFY(json["alignment"]["steps"] == nlohmann::json::array({0}));
    }

    // NCCL's sequence number (Kineto's "Seq", torch >= 2.5) matches a group's collectives even where a rank's
    // step holds one more than the other's (here rank 1 all-reduces once more at the start of its step):
    // by order, that step's collectives could not be told apart.
    void sequenceNumbersMatchCollectives()
    {
        QTemporaryDir dir;
        std::vector<std::string> paths;
        for (int rank : {0, 1}) {
            nlohmann::json trace = readTrace(h200(rank));
            std::vector<nlohmann::json *> nccl;
            for (auto &e : trace["traceEvents"])
                if (isNcclKernel(e))
                    nccl.push_back(&e);
            std::sort(nccl.begin(), nccl.end(), [](const nlohmann::json *a, const nlohmann::json *b) {
                return (*a)["ts"].get<double>() < (*b)["ts"].get<double>();
            });
            for (size_t i = 0; i < nccl.size(); ++i)
                (*nccl[i])["args"]["Seq"] = 40 + int(i);
            if (rank == 1) { // one all-reduce more, right before the first, with the sequence number before it
                nlohmann::json extra = *nccl.front();
                extra["ts"] = extra["ts"].get<double>() - 50.0;
                extra["dur"] = 10.0;
                extra["args"]["Seq"] = 39;
                trace["traceEvents"].push_back(extra);
            }
            paths.push_back(dir.filePath(QString("rank%1.json").arg(rank)).toStdString());
            writeJson(paths.back(), trace);
        }
        const Profile p = importCapture(paths);
        const RankReport r = analyzeRanks(p);
        QCOMPARE(r.alignment.groupsBySequence, size_t(1));
        QCOMPARE(r.matched.size(), size_t(5));
        QCOMPARE(r.unmatched, size_t(1)); // rank 1's extra one
        QCOMPARE(waitsOf(r), waitsOf(analyzeRanks(importCapture({h200(0), h200(1)}))));
    }

    // Bad input: a rank that recorded other steps than the others (here a third rank, HTA's rank 0 again as
    // rank 2, its steps renumbered #601-#602): a clear message, it is left out of the comparison, its events
    // kept; the other two compare as they do alone. Two ranks with no step in common: nothing to compare.
    void ranksThatRecordedOtherSteps()
    {
        QTemporaryDir dir;
        nlohmann::json other = readTrace(hta(0));
        other["distributedInfo"]["rank"] = 2;
        for (auto &e : other["traceEvents"]) {
            if (e.contains("pid") && e["pid"].is_number_integer())
                e["pid"] = e["pid"].get<int64_t>() + 100000;
            if (e.value("name", "").starts_with("ProfilerStep#55"))
                e["name"] = "ProfilerStep#60" + e["name"].get<std::string>().substr(15);
        }
        const std::string rank2 = dir.filePath("rank-2.json").toStdString();
        writeJson(rank2, other);
        const Profile p = importCapture({hta(0), hta(1), rank2});
        QCOMPARE(ranksOf(p), (std::vector<int>{0, 1, 2}));
        const RankReport r = analyzeRanks(p), two = analyzeRanks(importCapture({hta(0), hta(1)}));
        QCOMPARE(r.alignment.ranksWithoutCommonStep, (std::vector<int>{2}));
        QCOMPARE(r.alignment.steps, (std::vector<int64_t>{551, 552}));
        QCOMPARE(countWarning(r.alignment.warnings,
                              "rank 2 recorded ProfilerStep#601-#602, steps no other rank recorded (the others "
                              "compared ProfilerStep#551-#552): no common step, so it is left out of the comparison"),
                 size_t(1));
        QCOMPARE(r.straggler, two.straggler);
        QCOMPARE(waitsOf(r), waitsOf(two));
        QCOMPARE(r.ranks[2].collectives, size_t(0));

        // Two ranks, no step in common: both said, nothing matched, no straggler, no crash.
        const RankReport apart = analyzeRanks(importCapture({hta(1), rank2}));
        QCOMPARE(apart.alignment.ranksWithoutCommonStep, (std::vector<int>{1, 2}));
        QVERIFY(apart.matched.empty());
        QCOMPARE(apart.straggler, -1);
        const test::CliRun cli = test::runOpscope({"ranks", hta(1), rank2});
        QCOMPARE(cli.exitCode, 0);
        QVERIFY2(cli.out.find("note: rank 1 recorded ProfilerStep#551-#552, steps no other rank recorded") !=
                     std::string::npos,
                 cli.out.c_str());
    }

    // Bad input: two traces of one rank. The second is left out, named with the first; the job compares as
    // the two ranks do.
    void twoTracesOfOneRank()
    {
        QTemporaryDir dir;
        const std::string copy = dir.filePath("copy_of_rank0.json.gz").toStdString();
        QVERIFY(QFile::copy(QString::fromStdString(hta(0)), QString::fromStdString(copy)));
        const Profile p = importCapture({hta(0), hta(1), copy});
        QCOMPARE(ranksOf(p), (std::vector<int>{0, 1}));
        QCOMPARE(countWarning(p.warnings, copy + ": left out: rank 0 was already imported (from " + hta(0) +
                                              "): two traces of one rank"),
                 size_t(1));
        QCOMPARE(waitsOf(analyzeRanks(p)), waitsOf(analyzeRanks(importCapture({hta(0), hta(1)}))));
    }

    // Bad input: a rank whose trace is cut (its last 5 % of bytes gone). Both ranks kept, the file named;
    // the step whose collectives the cut rank holds fewer of is left out, said so, and the other compared.
    void aCutTraceKeepsTheOtherRanks()
    {
        QTemporaryDir dir;
        const std::string text = gunzip(hta(1));
        const std::string cut = dir.filePath("rank-1.json").toStdString();
        std::ofstream(cut, std::ios::binary) << text.substr(0, text.size() * 95 / 100);
        const Profile p = importCapture({hta(0), cut});
        QCOMPARE(ranksOf(p), (std::vector<int>{0, 1}));
        QCOMPARE(countWarning(p.warnings, "rank-1.json: the file is truncated"), size_t(1));
        const RankReport r = analyzeRanks(p);
        QCOMPARE(r.alignment.steps, (std::vector<int64_t>{551, 552}));
        QCOMPARE(countWarning(r.alignment.warnings, "rank 1: ProfilerStep#551 holds 3 collectives of a process "
                                                    "group that the other ranks' same step holds a different number"),
                 size_t(1));
        QCOMPARE(r.matched.size(), size_t(5)); // ProfilerStep#552's
        for (const MatchedCollective &m : r.matched)
            QCOMPARE(r.collectives[m.members.front()].step, int64_t(552));
    }

    // Several nodes: the H200 job's one session split per process as two nodes would write their reports
    // (tests/tools/split_nsys_session.py; node-b's clock 37 ms ahead). Opened together they are one job:
    // ranks from NCCL's payloads, host names, node-b's clock put back on node-a's on the matched
    // collectives with its residual skew, and the same figures as the one session.
    void nodeReportsOpenAsOneJob()
    {
        QTemporaryDir dir;
        const std::string session = dir.filePath("nsys_job.sqlite").toStdString();
        QVERIFY(test::gunzipFile(test::sourceFile("tests/data/h200_ddp_session/nsys_job.sqlite.gz"), session));
        const std::string out = dir.filePath("nodes").toStdString();
        QVERIFY(splitSession(session, out, "node-a,node-b", 37'000'000));
        // Each node's report alone: one process, its rank from NCCL's payload, its host, its collectives'
        // sizes and communicator.
        const Profile node1 = importCapture({out + "/node1.sqlite"});
        QVERIFY(ranksOf(node1).empty()); // a single-process profile, as before
        QCOMPARE(*node1.metadataValue(kRankKey), std::string("1"));
        QCOMPARE(*node1.metadataValue(kWorldSizeKey), std::string("2"));
        QCOMPARE(*node1.metadataValue(kHostKey), std::string("node-b"));
        const std::vector<Collective> own = collectivesOf(node1);
        QVERIFY(!own.empty() && std::all_of(own.begin(), own.end(), [](const Collective &c) {
            return c.bytes > 0 && c.group.starts_with("nccl:");
        }));
        const Profile one = importCapture({session});
        const Profile nodes = importCapture({out + "/node1.sqlite", out + "/node0.sqlite"});
        QCOMPARE(ranksOf(nodes), (std::vector<int>{0, 1}));
        QCOMPARE(rankHost(nodes, 0), std::string("node-a"));
        QCOMPARE(rankHost(nodes, 1), std::string("node-b"));
        const std::vector<NodeClock> clocks = nodeClocks(nodes);
        QCOMPARE(clocks.size(), size_t(2));
        QCOMPARE(clocks[0].basis, std::string("reference"));
        QVERIFY2(clocks[1].basis.starts_with("collectives"), clocks[1].basis.c_str());
        // Put back within the NCCL kernels' own end spread (python's sqlite3 on the session: tens of us).
        QVERIFY2(std::llabs(clocks[1].offsetNs + 37'000'000) < 200'000, std::to_string(clocks[1].offsetNs).c_str());
        QVERIFY2(clocks[1].residualNs >= 0 && clocks[1].residualNs < 100'000,
                 std::to_string(clocks[1].residualNs).c_str());

        const RankStep step = preferredRankStep(one);
        QVERIFY(step == RankStep::Plain && preferredRankStep(nodes) == RankStep::Plain);
        const RankReport a = analyzeRanks(one, step), b = analyzeRanks(nodes, step);
        QCOMPARE(b.straggler, a.straggler);
        QCOMPARE(b.matched.size(), a.matched.size());
        QCOMPARE(b.unmatched, a.unmatched);
        for (size_t r = 0; r < a.ranks.size(); ++r) {
            QCOMPARE(b.ranks[r].computeNs, a.ranks[r].computeNs); // one rank's own clock: unchanged
            QCOMPARE(b.ranks[r].arrivedLast, a.ranks[r].arrivedLast);
            const double ratio = double(b.ranks[r].waitNs + 1) / double(a.ranks[r].waitNs + 1);
            QVERIFY2(ratio > 0.98 && ratio < 1.02, std::to_string(ratio).c_str()); // within the residual skew
        }
        for (size_t i = 0; i < a.matched.size(); ++i)
            QCOMPARE(b.collectives[b.matched[i].members[0]].bytes, a.collectives[a.matched[i].members[0]].bytes);
        const test::CliRun cli = test::runOpscope({"ranks", out + "/node0.sqlite", out + "/node1.sqlite"});
        QCOMPARE(cli.exitCode, 0);
        QVERIFY2(cli.out.find("clocks of 2 nodes, each put on node-a's:") != std::string::npos, cli.out.c_str());
        QVERIFY2(cli.out.find("node-b (ranks 1): shifted by -37.") != std::string::npos, cli.out.c_str());
    }

    // Several hosts' torch.profiler traces, named as tensorboard_trace_handler names them
    // ("<host>_<pid>.<time>.pt.trace.json"): host names shown, the other host's clock (2.5 s ahead) aligned.
    void tracesOfSeveralHosts()
    {
        QTemporaryDir dir;
        std::vector<std::string> paths;
        for (int rank : {0, 1}) {
            nlohmann::json trace = readTrace(hta(rank));
            if (rank == 1)
                for (auto &e : trace["traceEvents"])
                    if (e.contains("ts") && e["ts"].is_number())
                        e["ts"] = e["ts"].get<double>() + 2.5e6;
            paths.push_back(
                dir.filePath(QString("gpu-node%1_4242.1682725898000.pt.trace.json").arg(rank)).toStdString());
            writeJson(paths.back(), trace);
        }
        const Profile p = importCapture(paths);
        QCOMPARE(rankHost(p, 0), std::string("gpu-node0"));
        QCOMPARE(rankHost(p, 1), std::string("gpu-node1"));
        const std::vector<NodeClock> clocks = nodeClocks(p);
        QCOMPARE(clocks.size(), size_t(2));
        QCOMPARE(clocks[1].node, std::string("gpu-node1"));
        // Send/recv pairs end apart (docs/ranks.md, Clocks): aligned to within their spread, 0.4 ms here.
        QVERIFY2(std::llabs(clocks[1].offsetNs + 2'500'000'000) < 400'000, std::to_string(clocks[1].offsetNs).c_str());
        QVERIFY(clocks[1].residualNs > 0);
        QCOMPARE(analyzeRanks(p).straggler, 1);
    }

    // The step's insights of a multi-rank profile are read on one rank (the straggler), never on the ranks'
    // steps pooled: each names its rank, its kernels are that rank's (named in the job's profile); the
    // straggler item names the rank, what it computes more per operator (HTA's traces have no modules) and
    // the wait it causes.
    void insightsReadOneRank()
    {
        const Profile p = importCapture({hta(0), hta(1)});
        const InsightReport report = findInsights(p);
        QCOMPARE(report.rank, 1);
        QVERIFY2(report.rankNote.find("read on rank 1's step (the straggler") != std::string::npos,
                 report.rankNote.c_str());
        for (const Insight &i : report.insights) {
            QVERIFY2(i.kind != "cold-start", i.title.c_str());
            for (Index k : i.kernels)
                QCOMPARE(rankOfDevice(p, p.kernels[k].device), 1);
        }
        const auto straggler = std::find_if(report.insights.begin(), report.insights.end(),
                                            [](const Insight &i) { return i.kind == "rank-straggler"; });
        QVERIFY(straggler != report.insights.end());
        QVERIFY2(straggler->title.starts_with("rank 1 is the straggler: its `") &&
                     straggler->title.find("rank 0's; the others wait") != std::string::npos,
                 straggler->title.c_str());
        QVERIFY(straggler->modules.empty()); // an operator, not a module
        const RankReport r = analyzeRanks(p);
        QVERIFY(!r.why.operators.empty() && r.why.operators.front().extraNs() > 0);
        QVERIFY2(straggler->title.find("`" + r.why.operators.front().name + "`") != std::string::npos,
                 straggler->title.c_str());
    }
};

} // namespace tst_rank_steps_suite

OPSCOPE_TEST_SUITE(tst_rank_steps, tst_rank_steps_suite::TestRankSteps, Core)
#include "tst_rank_steps.moc"
