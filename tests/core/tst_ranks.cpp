// Ranks as a dimension (ranks.h, docs/ranks.md) on real per-rank torch.profiler traces: the two sampled
// ranks of HTA's 128-rank NCCL job and rank 0 of its 2-rank all-reduce job (kineto-multirank). Expected
// values are read off the files with python's json module (figures in the comments).
#include "capture_test_util.h"
#include "insight_lookup.h"
#include "rank_captures.h"
#include "test_suite.h"
#include "test_util.h"

#include "opscope/capture_import.h"
#include "opscope/diff.h"
#include "opscope/errors.h"
#include "opscope/insights.h"
#include "opscope/labels.h"
#include "opscope/metadata_keys.h"
#include "opscope/pipeline/rank_capture.h"
#include "opscope/profile_check.h"
#include "opscope/profile_store.h"
#include "opscope/ranks.h"
#include "store/sqlite_util.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <fstream>
#include <regex>
#include <zlib.h>

namespace tst_ranks_suite {

using namespace opscope;
using opscope::test::fixture;

namespace {

std::string multirank(const std::string &name)
{
    return fixture("public/kineto-multirank/HolisticTraceAnalysis__" + name + ".json.gz");
}
const std::string kRank0 = "sampled_rank-0", kRank1 = "sampled_rank-1", kNcclData = "nccl_data";

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

void writeText(const std::string &path, const std::string &text)
{
    std::ofstream(path, std::ios::binary) << text;
}

size_t countWarning(const Profile &p, const std::string &needle)
{
    size_t n = 0;
    for (const std::string &w : p.warnings)
        n += w.find(needle) != std::string::npos;
    return n;
}

} // namespace

class TestRanks : public QObject {
    Q_OBJECT
private slots:
    void collectiveKindsAndBusBandwidthFactors()
    {
        QCOMPARE(toString(collectiveKindOf("ncclDevKernel_AllGather_RING_LL(ncclDevKernelArgsStorage<4096ul>)")),
                 toString(CollectiveKind::AllGather));
        QCOMPARE(toString(collectiveKindOf(
                     "ncclKernel_AllReduce_RING_LL_Sum_float(ncclDevComm*, unsigned long, ncclWork*)")),
                 toString(CollectiveKind::AllReduce));
        QCOMPARE(toString(collectiveKindOf("ncclDevKernel_ReduceScatter_Sum_bf16_RING_LL")),
                 toString(CollectiveKind::ReduceScatter));
        QCOMPARE(toString(collectiveKindOf("ncclKernel_SendRecv_RING_SIMPLE_Sum_int8_t")),
                 toString(CollectiveKind::SendRecv));
        QCOMPARE(toString(collectiveKindOf("gloo:all_reduce")), toString(CollectiveKind::AllReduce));
        QCOMPARE(toString(collectiveKindOf("_allgather_base")), toString(CollectiveKind::AllGather));
        QCOMPARE(toString(collectiveKindOf("broadcast")), toString(CollectiveKind::Broadcast));
        // nccl-tests (PERFORMANCE.md): 2(n-1)/n all-reduce, (n-1)/n all-gather / reduce-scatter, 1 broadcast.
        QCOMPARE(busBandwidthFactor(CollectiveKind::AllReduce, 8), 1.75);
        QCOMPARE(busBandwidthFactor(CollectiveKind::AllGather, 4), 0.75);
        QCOMPARE(busBandwidthFactor(CollectiveKind::ReduceScatter, 2), 0.5);
        QCOMPARE(busBandwidthFactor(CollectiveKind::Broadcast, 8), 1.0);
        QCOMPARE(busBandwidthFactor(CollectiveKind::SendRecv, 8), 1.0);
        QCOMPARE(dtypeBytes("Float"), 4);
        QCOMPARE(dtypeBytes("BFloat16"), 2);
        QCOMPARE(dtypeBytes("Long"), 8);
    }

    void collectiveArgsBecomeCommunicationOps()
    {
        // nccl_data: 21 NCCL kernels with Kineto's collective args, 15 allreduce and 6 broadcast; the
        // earliest: In msg nelems 53120, Float, 30.975 us, group "0" of size 2.
        const Profile p = importCapture({multirank(kNcclData)});
        const std::vector<Collective> cs = collectivesOf(p);
        QCOMPARE(cs.size(), size_t(21));
        size_t allReduce = 0, broadcast = 0, floats = 0;
        for (const Collective &c : cs) {
            allReduce += c.kind == CollectiveKind::AllReduce;
            broadcast += c.kind == CollectiveKind::Broadcast;
            QCOMPARE(c.group, std::string("0"));
            QCOMPARE(c.groupSize, 2);
            QVERIFY(c.dtype == "Float" || c.dtype == "Long"); // 18 Float, 3 Long broadcasts
            floats += c.dtype == "Float";
            QVERIFY(c.kernel != kNoIndex);
        }
        QCOMPARE(allReduce, size_t(15));
        QCOMPARE(broadcast, size_t(6));
        QCOMPARE(floats, size_t(18));
        const Collective &first = cs.front();
        QCOMPARE(first.bytes, uint64_t(53120) * 4);
        QCOMPARE(first.end_ns - first.start_ns, int64_t(30975));
        // algbw 6.8597 GB/s; an all-reduce over 2 ranks: busbw = algbw x 2(2-1)/2 = algbw.
        QVERIFY(std::abs(first.algBandwidth - 53120.0 * 4 / 30975e-9) < 1.0);
        QCOMPARE(first.busBandwidth, first.algBandwidth);
        QCOMPARE(first.indexInGroup, 0u);
        QCOMPARE(cs.back().indexInGroup, 20u);
        // A single trace stays a single-rank profile.
        QVERIFY(ranksOf(p).empty());
    }

    void twoRanksBecomeOneProfile()
    {
        // sampled ranks 0 and 1 (distributedInfo rank 0 / 1, world size 128): 1,154 + 1,104 kernels, 10
        // ncclKernel_SendRecv each; given in reverse order, the ranks still come from the traces.
        const Profile p = importCapture({multirank(kRank1), multirank(kRank0)});
        QCOMPARE(ranksOf(p), (std::vector<int>{0, 1}));
        QCOMPARE(p.kernels.size(), size_t(1154 + 1104));
        size_t kernels[2] = {0, 0};
        for (const Kernel &k : p.kernels) {
            const int rank = rankOfDevice(p, k.device);
            QVERIFY(rank == 0 || rank == 1);
            ++kernels[rank];
        }
        QCOMPARE(kernels[0], size_t(1154));
        QCOMPARE(kernels[1], size_t(1104));
        for (const Thread &t : p.threads)
            QVERIFY(t.rank == 0 || t.rank == 1);
        QCOMPARE(*p.metadataValue(kRanksKey), std::string("0,1"));
        QVERIFY(p.metadataValue(kRankKey) == nullptr);
        QCOMPARE(countWarning(p, "2 of 128 ranks imported"), size_t(1));
        // One host: the end times of matched collectives agree to 0.2 ms at the median, so no shift; the
        // largest spread of end times (134.153 ms) is stated.
        QVERIFY(p.metadataValue(rankClockOffsetKey(1)) == nullptr);
        QCOMPARE(*p.metadataValue(kRankClockResidualSkewKey), std::string("134153000"));

        // Store: the rank survives save and load; a file from before the column reads -1.
        QTemporaryDir dir;
        const std::string path = dir.filePath("ranks.opscope").toStdString();
        saveProfile(p, path);
        QVERIFY(loadProfile(path) == p);
        {
            sql::Database db(path, false);
            db.exec("ALTER TABLE threads DROP COLUMN rank");
            db.exec("ALTER TABLE devices DROP COLUMN rank");
        }
        const Profile older = loadProfile(path);
        for (const Thread &t : older.threads)
            QCOMPARE(t.rank, -1);
        QVERIFY(ranksOf(older).empty());
    }

    void whyARankWaits()
    {
        // Matched by index: rank 1 starts last at 8 of the 10 SendRecvs; rank 0 waits 381.329 ms in all,
        // rank 1 132.166 ms; the first: skew 35.534 ms, latency 30.669 ms (rank 0's duration).
        const Profile p = importCapture({multirank(kRank0), multirank(kRank1)});
        const RankReport r = analyzeRanks(p);
        QCOMPARE(r.ranks.size(), size_t(2));
        QCOMPARE(r.matched.size(), size_t(10));
        QCOMPARE(r.unmatched, size_t(0));
        QCOMPARE(r.straggler, 1);
        QCOMPARE(r.ranks[0].waitNs, int64_t(381329000));
        QCOMPARE(r.ranks[1].waitNs, int64_t(132166000));
        QCOMPARE(r.ranks[1].arrivedLast, size_t(8));
        QCOMPARE(r.ranks[1].causedWaitNs, int64_t(381329000));
        QCOMPARE(r.matched[0].arrivalSkewNs, int64_t(35534000));
        QCOMPARE(r.matched[0].latencyNs, int64_t(30669000));
        QCOMPARE(r.matched[0].lastArrival, 1);
        for (const RankBreakdown &b : r.ranks) {
            QCOMPARE(b.collectives, size_t(10));
            QVERIFY(b.computeNs > 0);
            QCOMPARE(b.spanNs, b.computeNs + b.exposedCommNs + b.idleNs);
        }

        const opscope::test::CliRun run =
            opscope::test::runOpscope({"ranks", "--json", multirank(kRank0), multirank(kRank1)});
        QCOMPARE(run.exitCode, 0);
        const nlohmann::json j = nlohmann::json::parse(run.out);
        QCOMPARE(j["straggler"].get<int>(), 1);
        QCOMPARE(j["ranks"].size(), size_t(2));
        QCOMPARE(j["ranks"][0]["wait_ns"].get<int64_t>(), int64_t(381329000));
        QCOMPARE(j["collectives"][0]["wait_ns"]["0"].get<int64_t>(), int64_t(35534000));
        const opscope::test::CliRun text = opscope::test::runOpscope({"ranks", multirank(kRank0), multirank(kRank1)});
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.find("straggler: rank 1") != std::string::npos, text.out.c_str());
    }

    void usersOwnTracesOfAnUnevenDdpJob()
    {
        // Two H200s' traces written as torch.profiler's users write them (tests/data/h200_ddp_user_traces:
        // their own schedule(wait=2, warmup=1, active=2), no launcher), rank 1 given 1.5x the batch. Rank
        // 0's window opened 40 ms earlier and holds the last 4 all-reduces of the step before (36 kernels
        // without a launch in the trace): they are left out and said so, the 10 of ProfilerStep#3-#4 are
        // matched, and rank 1, which the plain job waits for (19.91 ms of GPU work a step against 17.19),
        // is named by its extra compute.
        const std::string dir = test::sourceFile("tests/data/h200_ddp_user_traces/");
        const Profile p = importCapture({dir + "rank0.json.gz", dir + "rank1.json.gz"});
        const RankReport r = analyzeRanks(p);
        QCOMPARE(r.alignment.steps, (std::vector<int64_t>{3, 4}));
        QCOMPARE(r.matched.size(), size_t(10));
        QCOMPARE(r.unmatched, size_t(0));
        QCOMPARE(r.alignment.collectivesLeftOut, size_t(4));
        QCOMPARE(r.alignment.kernelsLeftOut, size_t(38));
        QCOMPARE(r.alignment.warnings.size(), size_t(2));
        QVERIFY2(r.alignment.warnings[0].starts_with("rank 0: 4 collectives"), r.alignment.warnings[0].c_str());
        QCOMPARE(r.straggler, 1);
        QCOMPARE(r.ranks[1].arrivedLast, size_t(10));
        QVERIFY(r.why.lateFromCompute());
        QVERIFY(!r.why.fromPlainWork);
        QCOMPARE(r.why.steps, size_t(2));
        // 31.9 ms against 23.9 ms before the collectives (1.33x; the batch is 1.5x, the GEMMs' shapes less)
        QVERIFY2(r.why.stragglerComputeNs > 13 * r.why.medianComputeNs / 10 &&
                     r.why.stragglerComputeNs < 14 * r.why.medianComputeNs / 10,
                 (std::to_string(r.why.stragglerComputeNs) + " " + std::to_string(r.why.medianComputeNs)).c_str());
        const InsightReport insights = findInsights(p);
        QVERIFY(!insights.insights.empty());
        QCOMPARE(insights.insights.front().kind, std::string("rank-straggler"));
        QVERIFY2(insights.insights.front().title.starts_with("rank 1 is the straggler"),
                 insights.insights.front().title.c_str());
        for (const Insight &i : insights.insights)
            QVERIFY2(i.kind != "cold-start", i.title.c_str()); // the straggler's step is no cold start
    }

    void ddpStepOnTwoH200s()
    {
        // A real DDP training step of transformers' GPT-2 (4 layers, bf16) on two H200s, rank 1 given twice
        // the batch (tests/data/h200_ddp_gpt2: the correlation pass's traces of `opscope profile
        // --nproc-per-node 2`). The launcher labelled DDP's five gradient buckets by itself; NCCL's five
        // all-reduces carry their sizes (Kineto's in_nelems x 4 bytes: 9,446,400, 28,351,488 three times,
        // 175,017,984) and buckets, the last one holding the first block and the embeddings.
        const std::string dir = test::sourceFile("tests/data/h200_ddp_gpt2/");
        const Profile p =
            importCapture({dir + "correlation_trace.rank0.json.gz", dir + "correlation_trace.rank1.json.gz"});
        QCOMPARE(ranksOf(p), (std::vector<int>{0, 1}));
        const RankReport r = analyzeRanks(p);
        QCOMPARE(r.matched.size(), size_t(5));
        QCOMPARE(r.unmatched, size_t(0));
        const std::vector<uint64_t> bytes = {9446400, 28351488, 28351488, 28351488, 175017984};
        for (size_t i = 0; i < r.matched.size(); ++i) {
            QVERIFY(r.matched[i].kind == CollectiveKind::AllReduce);
            QCOMPARE(r.matched[i].bytes, bytes[i]);
            for (size_t m : r.matched[i].members) {
                const Collective &c = r.collectives[m];
                QCOMPARE(c.bucket, int(i)); // DDP's buckets go out in index order
                QVERIFY(!c.modules.empty());
            }
        }
        const Collective &first = r.collectives[r.matched[0].members[0]];
        QCOMPARE(first.modules,
                 (std::vector<std::string>{"module.transformer.ln_f", "module.transformer.h.3.mlp.c_proj"}));
        const Collective &last = r.collectives[r.matched[4].members[0]];
        QVERIFY(std::find(last.modules.begin(), last.modules.end(), "module.transformer.wte") != last.modules.end());
        // Rank 1's GPU work is about twice rank 0's (11.96 ms against 22.26 ms in the captured step).
        QVERIFY2(r.ranks[1].computeNs > 3 * r.ranks[0].computeNs / 2,
                 (std::to_string(r.ranks[0].computeNs) + " " + std::to_string(r.ranks[1].computeNs)).c_str());
        // Under torch.profiler the step is host-bound (56 ms against a 22.8 ms plain step) and rank 0's host
        // is the slower one: rank 0 arrives last although it computes less. Its host does what rank 1's does
        // (the same CUDA calls within 2 %, no work outside the model): the delay is the host's pace under the
        // profiler, and the job's straggler is rank 1, by its GPU work (the plain job's, docs/ranks.md).
        QCOMPARE(r.ranks[0].arrivedLast, size_t(5));
        QCOMPARE(r.instrumentedLast, 0);
        QCOMPARE(r.straggler, 1);
        QVERIFY(r.why.fromPlainWork);
        QCOMPARE(r.hostWork.size(), size_t(2));
        QCOMPARE(r.hostWork[0].rank, 0);
        QCOMPARE(r.hostWork[0].cudaCalls, size_t(817));
        QCOMPARE(r.hostWork[1].cudaCalls, size_t(801));
        QCOMPARE(r.hostWork[0].hostOnlyNs + r.hostWork[1].hostOnlyNs, int64_t(0));
        QVERIFY2(r.stragglerBasis.find("but its host does what rank 1's does (work outside the model that launches "
                                       "nothing: none on either rank; CUDA calls 817 against 801") != std::string::npos,
                 r.stragglerBasis.c_str());
        QVERIFY2(r.stragglerBasis.ends_with("rank 1, computing 1.86x rank 0's, is the plain job's straggler"),
                 r.stragglerBasis.c_str());
        const std::vector<Insight> insights = findInsights(p).insights;
        const Insight *straggler = test::findKind(insights, "rank-straggler");
        QVERIFY(straggler);
        QVERIFY2(straggler->title.starts_with("rank 1 is the straggler"), straggler->title.c_str());
        QVERIFY2(straggler->title.find("without the capture the others would wait about") != std::string::npos,
                 straggler->title.c_str());
        const opscope::test::CliRun text = opscope::test::runOpscope(
            {"ranks", dir + "correlation_trace.rank0.json.gz", dir + "correlation_trace.rank1.json.gz"});
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.find("straggler: rank 1 (by its plain work; rank 0 arrived last under the capture)") !=
                     std::string::npos,
                 text.out.c_str());
    }

    void theStragglerOfThePlainJobNotTheCaptures_data()
    {
        QTest::addColumn<int64_t>("rank0PlainHostNs");
        QTest::addColumn<int64_t>("rank0CapturedHostNs");
        QTest::addColumn<int>("straggler");
        QTest::addColumn<QString>("basis");
        // The capture slowed rank 0's host 2.78x, rank 1's 2.24x; without it their hosts take as long.
        QTest::newRow("the capture's wait")
            << int64_t(21'000'000) << int64_t(58'400'000) << 1 << "the capture slowed its host 2.78x";
        // Rank 0's own host is the slower one without the capture as well: its lateness is its own.
        QTest::newRow("its own host") << int64_t(27'300'000) << int64_t(58'400'000) << 0 << "";
        // The capture slowed both hosts alike (2.24x), but rank 0's host does what rank 1's does: its delay is
        // not its work, and rank 1's GPU work paces the plain job.
        QTest::newRow("slowed alike") << int64_t(21'000'000) << int64_t(47'000'000) << 1
                                      << "but its host does what rank 1's does";
    }

    void theStragglerOfThePlainJobNotTheCaptures()
    {
        // The DDP step of tests/data/h200_ddp_gpt2 under torch.profiler: rank 0 arrives last at every
        // all-reduce while rank 1 computes about twice as much (ddpStepOnTwoH200s). With each rank's plain
        // timing in the profile (these figures set by hand: the launcher writes them per rank, docs/ranks.md),
        // the straggler named is the plain job's: rank 1 where the capture slowed rank 0's host clearly more
        // than rank 1's and rank 0's host is no slower without it; rank 0 otherwise.
        QFETCH(int64_t, rank0PlainHostNs);
        QFETCH(int64_t, rank0CapturedHostNs);
        QFETCH(int, straggler);
        QFETCH(QString, basis);
        const std::string dir = test::sourceFile("tests/data/h200_ddp_gpt2/");
        Profile p = importCapture({dir + "correlation_trace.rank0.json.gz", dir + "correlation_trace.rank1.json.gz"});
        ReferenceTiming t0{.referenceNs = 22'800'000, .capturedNs = 58'500'000, .steps = 3, .clock = "cuda_event"};
        ReferenceTiming t1 = t0;
        t0.referenceCpuNs = rank0PlainHostNs;
        t0.capturedCpuNs = rank0CapturedHostNs;
        t1.capturedNs = 56'300'000;
        t1.referenceCpuNs = 21'000'000;
        t1.capturedCpuNs = 47'000'000;
        setRankReferenceTiming(p, 0, t0);
        setRankReferenceTiming(p, 1, t1);
        const RankReport r = analyzeRanks(p);
        QCOMPARE(r.ranks[0].arrivedLast, size_t(5)); // the arrival order is the capture's, whatever is named
        QCOMPARE(r.straggler, straggler);
        if (straggler == 0) {
            QCOMPARE(r.instrumentedLast, -1);
            QVERIFY(r.stragglerBasis.empty());
            QVERIFY(!r.why.lateFromCompute());
            return;
        }
        QCOMPARE(r.instrumentedLast, 0);
        QVERIFY2(r.stragglerBasis.find(basis.toStdString()) != std::string::npos, r.stragglerBasis.c_str());
        QVERIFY2(r.stragglerBasis.ends_with("is the plain job's straggler"), r.stragglerBasis.c_str());
        QVERIFY(r.why.fromPlainWork);
        QVERIFY(r.why.lateFromCompute());
        QCOMPARE(r.why.collectives, size_t(5)); // every collective of the step: it arrived last at none
        QCOMPARE(r.why.causedWaitPerStepNs, r.why.stragglerComputeNs - r.why.medianComputeNs);
        QVERIFY2(r.why.stragglerComputeNs > 3 * r.why.medianComputeNs / 2,
                 (std::to_string(r.why.stragglerComputeNs) + " " + std::to_string(r.why.medianComputeNs)).c_str());
        const InsightReport insights = findInsights(p);
        const auto item = std::find_if(insights.insights.begin(), insights.insights.end(),
                                       [](const Insight &i) { return i.kind == "rank-straggler"; });
        QVERIFY(item != insights.insights.end());
        QVERIFY2(item->title.starts_with("rank 1 is the straggler"), item->title.c_str());
        QVERIFY2(item->title.find("without the capture the others would wait about") != std::string::npos,
                 item->title.c_str());
        QCOMPARE(item->evidence.front(), r.stragglerBasis);
    }

    // The why row of `name` (a module path or a group), or nullptr.
    static const WhyRow *whyRow(const WhyLate &why, const std::string &name)
    {
        for (const std::vector<WhyRow> *rows : {&why.groups, &why.modules})
            for (const WhyRow &row : *rows)
                if (row.name == name)
                    return &row;
        return nullptr;
    }

    // tests/data/h200_ddp_session: one nsys session over a whole torchrun job (both processes, both GPUs),
    // exported with --include-json true, unpacked into `dir`; `edit` is SQL run on the copy first.
    static std::string unpackJobReport(const QTemporaryDir &dir, const char *edit = nullptr)
    {
        const std::string path = dir.path().toStdString() + "/nsys_job.sqlite";
        if (!test::gunzipFile(test::sourceFile("tests/data/h200_ddp_session/nsys_job.sqlite.gz"), path))
            return {};
        if (edit) {
            sqlite3 *db = nullptr;
            const bool ok = sqlite3_open(path.c_str(), &db) == SQLITE_OK &&
                            sqlite3_exec(db, edit, nullptr, nullptr, nullptr) == SQLITE_OK;
            sqlite3_close(db);
            if (!ok)
                return {};
        }
        return path;
    }

    void oneReportOfAWholeJobHasRanks()
    {
        // `nsys profile torchrun --nproc-per-node 2` over the DDP step of GPT-2 (rank 1 given twice the batch),
        // each worker under the launcher: one report, two processes. Each becomes its rank from NCCL's own
        // payload (ncclCommInitRankConfig: "Rank" 0 and 1 of 2), and the job reads as the per-rank reports
        // of the same step do: rank 1 last at all 5 all-reduces of the plain step, rank 0 waiting 48 ms,
        // each bucket with its modules and its size from NCCL's payload (python's sqlite3 on the export).
        QTemporaryDir dir;
        const std::string path = unpackJobReport(dir);
        QVERIFY(!path.empty());
        const Profile p = importCapture({path});
        QCOMPARE(ranksOf(p), (std::vector<int>{0, 1}));
        QCOMPARE(*p.metadataValue(kRankSourceKey), std::string("nccl"));
        QCOMPARE(*p.metadataValue(kWorldSizeKey), std::string("2"));
        QVERIFY2(p.warnings.empty(), p.warnings.empty() ? "" : p.warnings.front().c_str());
        for (const Thread &t : p.threads)
            QVERIFY(t.rank == -1 || t.rank == 0 || t.rank == 1);
        for (const Kernel &k : p.kernels) // each process drove its own GPU: GPU N is rank N here
            QCOMPARE(rankOfDevice(p, k.device), k.device);

        QVERIFY(preferredRankStep(p) == RankStep::Plain);
        const RankReport r = analyzeRanks(p, RankStep::Plain);
        QCOMPARE(r.matched.size(), size_t(5));
        QCOMPARE(r.unmatched, size_t(0));
        QCOMPARE(r.straggler, 1);
        QCOMPARE(r.ranks[1].arrivedLast, size_t(5));
        QVERIFY2(r.ranks[0].waitNs > 40'000'000 && r.ranks[0].waitNs < 56'000'000,
                 std::to_string(r.ranks[0].waitNs).c_str());
        const std::vector<uint64_t> bytes = {9446400, 28351488, 28351488, 28351488, 175017984};
        for (size_t i = 0; i < bytes.size(); ++i) {
            const MatchedCollective &m = r.matched[i];
            QVERIFY(m.kind == CollectiveKind::AllReduce);
            QCOMPARE(m.bytes, bytes[i]);
            QCOMPARE(m.groupSize, 2);
            QVERIFY(m.busBandwidth > 0);
            QCOMPARE(r.collectives[m.members[0]].bucket, int(i));
        }
        QCOMPARE(r.collectives[r.matched[0].members[0]].modules,
                 (std::vector<std::string>{"module.transformer.ln_f", "module.transformer.h.3.mlp.c_proj"}));
        QVERIFY(r.why.lateFromCompute());
        for (const char *block :
             {"module.transformer.h.0", "module.transformer.h.1", "module.transformer.h.2", "module.transformer.h.3"}) {
            const WhyRow *row = whyRow(r.why, block);
            QVERIFY2(row && row->ratio() > 1.5 && row->ratio() < 2.3, block);
        }

        const opscope::test::CliRun json = opscope::test::runOpscope({"ranks", "--json", path});
        QCOMPARE(json.exitCode, 0);
        QCOMPARE(nlohmann::json::parse(json.out)["straggler"].get<int>(), 1);
    }

    void oneReportWithoutNcclPayloadsTakesRanksFromGpus()
    {
        // nsys export's default leaves NCCL's payloads out (jsonText NULL, as here): the processes are ordered
        // by their GPU, as torchrun assigns them, and a warning says so and how to export the payloads.
        QTemporaryDir dir;
        const std::string path = unpackJobReport(dir, "UPDATE NVTX_EVENTS SET jsonText = NULL");
        QVERIFY(!path.empty());
        const Profile p = importCapture({path});
        QCOMPARE(ranksOf(p), (std::vector<int>{0, 1}));
        QCOMPARE(*p.metadataValue(kRankSourceKey), std::string("gpu"));
        QCOMPARE(p.warnings.size(), size_t(1));
        QVERIFY2(p.warnings[0].find("ranks are taken from the GPU each drove") != std::string::npos &&
                     p.warnings[0].find("--include-json true") != std::string::npos,
                 p.warnings[0].c_str());
        const RankReport r = analyzeRanks(p, RankStep::Plain);
        QCOMPARE(r.matched.size(), size_t(5));
        QCOMPARE(r.straggler, 1);
        QCOMPARE(r.matched[0].bytes, uint64_t(0)); // no payload, no size

        // Two processes on one GPU cannot be told apart by their GPU: no ranks, and a warning saying why.
        QTemporaryDir dir2;
        const std::string shared =
            unpackJobReport(dir2, "UPDATE NVTX_EVENTS SET jsonText = NULL; UPDATE CUPTI_ACTIVITY_KIND_KERNEL "
                                  "SET deviceId = 0");
        QVERIFY(!shared.empty());
        const Profile s = importCapture({shared});
        QVERIFY(ranksOf(s).empty());
        QVERIFY(std::any_of(s.warnings.begin(), s.warnings.end(), [](const std::string &w) {
            return w.find("two of them on GPU 0: they are not told apart as ranks") != std::string::npos;
        }));
    }

    void customAllReduceKernelsAreCollectives()
    {
        // A tensor-parallel MLP summed by PyTorch's symmetric-memory all-reduce on two H200s
        // (tests/data/h200_tp_symm, rank 1's shard twice as wide): its one_shot_all_reduce_kernel carries no
        // NCCL name or metadata, and is each block's all-reduce on both ranks, rank 1 arriving last.
        const std::string data = test::sourceFile("tests/data/h200_tp_symm/");
        const Profile p =
            importCapture({data + "correlation_trace.rank0.json.gz", data + "correlation_trace.rank1.json.gz"});
        const RankReport r = analyzeRanks(p);
        QCOMPARE(r.matched.size(), size_t(4));
        QCOMPARE(r.unmatched, size_t(0));
        for (const MatchedCollective &m : r.matched)
            QVERIFY(m.kind == CollectiveKind::AllReduce);
        QCOMPARE(r.straggler, 1);
        QCOMPARE(r.ranks[1].arrivedLast, size_t(4));
        QVERIFY(r.ranks[0].waitNs > 1'000'000);
        // The all-reduce is communication, not the compute the straggler is late with.
        const WhyRow *blocks = whyRow(r.why, "blocks.*");
        QVERIFY(blocks && blocks->ratio() > 1.7 && blocks->ratio() < 2.5);

        // The names other libraries give theirs, as their sources write them; kernels that only mention a
        // collective among their template arguments are none.
        for (const char *name : {"void vllm::cross_device_reduce_1stage<__nv_bfloat16, 8>(vllm::RankData*, ...)",
                                 "void vllm::cross_device_reduce_2stage<float, 4>(...)",
                                 "void tensorrt_llm::kernels::oneShotAllReduceKernel<half, 8>(...)",
                                 "void (anonymous namespace)::two_shot_all_reduce_kernel<float, 16, 2>(...)",
                                 "void (anonymous namespace)::multimem_all_reduce_kernel<16>(...)"}) {
            QVERIFY2(isCollectiveKernelName(name), name);
            QVERIFY2(collectiveKindOf(name) == CollectiveKind::AllReduce, name);
        }
        QVERIFY(collectiveKindOf("void (anonymous namespace)::multimem_all_gather_kernel<16>(...)") ==
                CollectiveKind::AllGather);
        QVERIFY(!isCollectiveKernelName("void at::native::vectorized_elementwise_kernel<8, AllReduceFunctor>(...)"));
        QVERIFY(!isCollectiveKernelName("nvjet_sm90_tst_256x128_64x4_1x2_h_bz_coopA_TNT"));

        // The replayed rank's ncu filter leaves them out as it leaves NCCL's out.
        const std::regex filter(std::string(pipeline::kNonCollectiveKernels).substr(6), std::regex::ECMAScript);
        QVERIFY(!std::regex_search("one_shot_all_reduce_kernel", filter));
        QVERIFY(!std::regex_search("cross_device_reduce_1stage", filter));
        QVERIFY(!std::regex_search("ncclDevKernel_AllReduce_Sum_bf16_RING_LL", filter));
        QVERIFY(std::regex_search("nvjet_sm90_tst_256x128_64x4_1x2_h_bz_coopA_TNT", filter));
    }

    void gpuBoundStragglerIsNamedWithItsBlocks()
    {
        // The DDP step made GPU-bound (tests/data/h200_ddp_gpt2_gpu: rank 1 trains 64 sequences, rank 0 32),
        // read on the plain steps: rank 1 arrives last at all 5 all-reduces and rank 0 waits 46 ms for it.
        // Its blocks take about twice rank 0's (twice the batch): counted in launch order, rank 0's work
        // that ran while it waited inside an all-reduce is still its work before the next one. Windows in
        // time missed that work and showed the blocks at 4.8x.
        QTemporaryDir dir;
        const std::vector<std::string> paths = test::unpackRankCaptures(dir.path(), "tests/data/h200_ddp_gpt2_gpu");
        QCOMPARE(paths.size(), size_t(2));
        const Profile p = importCapture(paths);
        const RankReport r = analyzeRanks(p, RankStep::Plain);
        QCOMPARE(r.matched.size(), size_t(5));
        QCOMPARE(r.straggler, 1);
        QCOMPARE(r.ranks[1].arrivedLast, size_t(5));
        QVERIFY2(r.ranks[0].waitNs > 30'000'000, std::to_string(r.ranks[0].waitNs).c_str());
        QVERIFY(r.why.lateFromCompute());
        // The step loses about rank 1's extra compute (32.22 ms against 72.78 - 39.38 = 33.41 ms), not the
        // 46.26 ms its collectives waited in all (each bucket waited anew for rank 1's backward to reach it).
        QCOMPARE(r.ranks[1].causedWaitNs, int64_t(46256642));
        QCOMPARE(r.ranks[1].causedStepWaitNs, int64_t(32224322));
        const int64_t extra = r.why.stragglerComputeNs - r.why.medianComputeNs;
        QVERIFY2(std::abs(r.ranks[1].causedStepWaitNs - extra) < extra / 10, std::to_string(extra).c_str());
        for (const char *block :
             {"module.transformer.h.0", "module.transformer.h.1", "module.transformer.h.2", "module.transformer.h.3"}) {
            const WhyRow *row = whyRow(r.why, block);
            QVERIFY2(row, block);
            QVERIFY2(row->ratio() > 1.5 && row->ratio() < 2.3, (block + std::to_string(row->ratio())).c_str());
        }
        QVERIFY2(r.why.stragglerComputeNs > 3 * r.why.medianComputeNs / 2 &&
                     r.why.stragglerComputeNs < 5 * r.why.medianComputeNs / 2,
                 (std::to_string(r.why.stragglerComputeNs) + " " + std::to_string(r.why.medianComputeNs)).c_str());
        // The plain collectives reach their buckets through their twins, whose nsys ranges carry
        // emit_nvtx's ", op_id = N" after the label.
        QCOMPARE(r.collectives[r.matched[0].members[0]].modules,
                 (std::vector<std::string>{"module.transformer.ln_f", "module.transformer.h.3.mlp.c_proj"}));
        const InsightReport insights = findInsights(p);
        const auto straggler = std::find_if(insights.insights.begin(), insights.insights.end(),
                                            [](const Insight &i) { return i.kind == "rank-straggler"; });
        QVERIFY(straggler != insights.insights.end());
        // The cause named is the module below the wrapper with the most extra time (the blocks' group is
        // not one here: nsys's tree groups only each block's two norms, 0.4 ms of the 33 ms).
        QVERIFY2(straggler->title.starts_with("rank 1 is the straggler: its `module.transformer` takes 1.7"),
                 straggler->title.c_str());
        QCOMPARE(straggler->modules, (std::vector<std::string>{"module.transformer"}));
    }

    void theStepLosesTheLateRanksDelayNotEveryWait()
    {
        // tests/data/h200_ddp_loader: a DDP step bound by the host, rank 1's data loader doing 1.5x rank 0's host
        // work (the plain job: 45.06 against 37.31 ms of own work, rank 0 waiting 10.12 ms a step). Read on the
        // plain steps under nsys, rank 1 reaches the first all-reduce 20.8 ms after rank 0, then each later one
        // about 3 ms after rank 0's stream finished the one before (rank 1's own backward between its
        // launches): rank 0's collectives wait 32.9 ms in all. Rank 0 was ready for each bucket when its
        // backward had computed it, long before: the step loses one delay, not the sum.
        QTemporaryDir dir;
        const std::vector<std::string> paths = test::unpackRankCaptures(dir.path(), "tests/data/h200_ddp_loader");
        QCOMPARE(paths.size(), size_t(2));
        const Profile p = importCapture(paths);
        const RankReport r = analyzeRanks(p, RankStep::Plain);
        QCOMPARE(r.matched.size(), size_t(5));
        QCOMPARE(r.straggler, 1);
        QCOMPARE(r.ranks[1].arrivedLast, size_t(5));
        QCOMPARE(r.ranks[1].causedWaitNs, int64_t(32916719));
        QCOMPARE(r.matched[0].arrivalSkewNs, int64_t(20817641));
        // The longest delay, at the last bucket: rank 1's backward paced slower than rank 0's under nsys.
        QCOMPARE(r.ranks[1].causedStepWaitNs, int64_t(21603770));
        QVERIFY(r.ranks[1].causedStepWaitNs >= r.matched[0].arrivalSkewNs);
        QCOMPARE(r.why.causedWaitPerStepNs, r.ranks[1].causedStepWaitNs);
        // Its host does more outside the model (the loader's sorts): it stands, and that work is named.
        QVERIFY(!r.hostsEven);
        QCOMPARE(r.hostWork.size(), size_t(2));
        QCOMPARE(r.hostWork[0].rank, 1);
        QCOMPARE(r.hostWork[0].cudaCalls, r.hostWork[1].cudaCalls);
        QCOMPARE(r.hostWork[0].hostOnlyNs, int64_t(23542954));
        QCOMPARE(r.hostWork[1].hostOnlyNs, int64_t(18622454));
        QCOMPARE(r.hostWork[0].hostOnly.front().name, std::string("aten::sort"));
        QCOMPARE(r.hostWork[0].hostOnly.front().calls, size_t(3));
        QCOMPARE(r.hostWork[1].hostOnly.front().calls, size_t(2));
        // Its compute is 1.1x rank 0's (2.26 against 2.04 ms): the insight says the rest is host time.
        const std::vector<Insight> insights = findInsights(p).insights;
        const Insight *straggler = test::findKind(insights, "rank-straggler");
        QVERIFY(straggler);
        QVERIFY(std::any_of(straggler->evidence.begin(), straggler->evidence.end(), [](const std::string &e) {
            return e.find("its extra compute explains 221.4 us of the 21.60 ms per step; the rest is time before "
                          "its kernels start") != std::string::npos;
        }));
        QVERIFY(std::any_of(straggler->evidence.begin(), straggler->evidence.end(), [](const std::string &e) {
            return e.starts_with("its host's work outside the model that launches nothing: ") &&
                   e.find("on rank 1 (aten::sort x3 ") != std::string::npos;
        }));
    }

    void ranksThatDoTheSameHostWorkAreJudgedByTheirGpuWork()
    {
        // tests/data/h200_ddp_tiny: a DDP step bound by the host whose ranks launch the same kernels (rank 1's
        // larger batch adds GPU work, not host work). Under nsys rank 0 arrives last at all 5 all-reduces while
        // computing less; both ranks make about the same CUDA calls and neither works outside the model: the
        // delay is the hosts' pace, which changed from launch to launch without OpScope (rank 1 the slower in six
        // of ten plain launches of the same call, within 0.2 ms in four; rank 0 in every launch the day before).
        // Rank 1 computes 1.12x rank 0's: it is named by its plain work, its wait its extra compute.
        QTemporaryDir dir;
        const std::vector<std::string> paths = test::unpackRankCaptures(dir.path(), "tests/data/h200_ddp_tiny");
        QCOMPARE(paths.size(), size_t(2));
        const Profile p = importCapture(paths);
        const RankReport r = analyzeRanks(p, RankStep::Plain);
        QCOMPARE(r.matched.size(), size_t(5));
        QCOMPARE(r.ranks[0].arrivedLast, size_t(5));
        QCOMPARE(r.instrumentedLast, 0);
        QCOMPARE(r.straggler, 1);
        QVERIFY(!r.hostsEven);
        QVERIFY(r.why.fromPlainWork);
        QCOMPARE(r.why.causedWaitPerStepNs, r.why.stragglerComputeNs - r.why.medianComputeNs);
        QVERIFY2(r.why.causedWaitPerStepNs < 500'000, std::to_string(r.why.causedWaitPerStepNs).c_str());
        QCOMPARE(r.hostWork.size(), size_t(2));
        QCOMPARE(r.hostWork[0].rank, 0);
        QCOMPARE(r.hostWork[0].cudaCalls, size_t(1262));
        QCOMPARE(r.hostWork[1].cudaCalls, size_t(1187));
        QCOMPARE(r.hostWork[0].hostOnlyNs + r.hostWork[1].hostOnlyNs, int64_t(0));
        QVERIFY2(r.stragglerBasis.starts_with("rank 0 arrived last, late for its host's time, not its GPU work"),
                 r.stragglerBasis.c_str());
        QVERIFY2(r.stragglerBasis.ends_with("rank 1, computing 1.12x rank 0's, is the plain job's straggler"),
                 r.stragglerBasis.c_str());
    }

    void ranksThatDoTheSameHostWorkAndComputeAlikeHaveNoStraggler()
    {
        // The same job with rank 1's kernels made as long as rank 0's (durations scaled in its export): the
        // ranks do the same host work and compute alike, and the one that arrived last under nsys is no
        // straggler of the job's.
        QTemporaryDir dir;
        const std::vector<std::string> paths = test::unpackRankCaptures(dir.path(), "tests/data/h200_ddp_tiny");
        QCOMPARE(paths.size(), size_t(2));
        {
            sql::Database db(paths[1], false);
            db.exec("UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET end = start + (end - start) * 89 / 100 "
                    "WHERE shortName NOT IN (SELECT id FROM StringIds WHERE value LIKE 'nccl%')");
        }
        const Profile p = importCapture(paths);
        const RankReport r = analyzeRanks(p, RankStep::Plain);
        QCOMPARE(r.ranks[0].arrivedLast, size_t(5));
        QCOMPARE(r.straggler, -1);
        QVERIFY(r.hostsEven);
        QCOMPARE(r.instrumentedLast, 0);
        QVERIFY(r.stragglerBasis.find("and the ranks compute alike. The job has no straggler of its own work") !=
                std::string::npos);
        QVERIFY(!test::findKind(findInsights(p).insights, "rank-straggler"));
        const opscope::test::CliRun text = opscope::test::runOpscope({"ranks", paths[0], paths[1]});
        QVERIFY2(text.out.find("no straggler of the job's own work: rank 0 arrived last for its host's pace") !=
                     std::string::npos,
                 text.out.c_str());
    }

    void thePlainJobsStragglerWhereNsysMadeTheOtherRankLast()
    {
        // tests/data/h200_ddp_capture_last: batch 8 on rank 0, 12 on rank 1; without OpScope rank 1 is the
        // straggler and rank 0 waits 5.52 ms a step. Under nsys rank 0's host was slowed more (1.80x against
        // 1.35x) and arrived last at all 5 all-reduces of the plain step. With the launcher's per-rank timing of
        // that job (its README), the plain job's straggler is named, with the wait its extra compute causes.
        QTemporaryDir dir;
        const std::vector<std::string> paths = test::unpackRankCaptures(dir.path(), "tests/data/h200_ddp_capture_last");
        QCOMPARE(paths.size(), size_t(2));
        Profile p = importCapture(paths);
        test::setCaptureLastTimings(p);
        const RankReport r = analyzeRanks(p, RankStep::Plain);
        QCOMPARE(r.ranks[0].arrivedLast, size_t(5));
        QCOMPARE(r.instrumentedLast, 0);
        QCOMPARE(r.straggler, 1);
        QVERIFY(r.why.fromPlainWork);
        // Its extra compute, 16.00 against 10.53 ms: 5.46 ms a step, the plain job's wait being 5.52 ms.
        QCOMPARE(r.why.causedWaitPerStepNs, r.why.stragglerComputeNs - r.why.medianComputeNs);
        QVERIFY2(std::abs(r.why.causedWaitPerStepNs - 5'520'000) < 200'000,
                 std::to_string(r.why.causedWaitPerStepNs).c_str());
        // Without the per-rank timing, what the hosts do says the same: rank 0's host does what rank 1's does.
        const RankReport bare = analyzeRanks(importCapture(paths), RankStep::Plain);
        QCOMPARE(bare.ranks[0].arrivedLast, size_t(5));
        QCOMPARE(bare.instrumentedLast, 0);
        QCOMPARE(bare.straggler, 1);
        QVERIFY2(bare.stragglerBasis.find("but its host does what rank 1's does") != std::string::npos,
                 bare.stragglerBasis.c_str());
        QCOMPARE(bare.why.causedWaitPerStepNs, r.why.causedWaitPerStepNs);
    }

    void replayedRanksCountersReachTheJobsProfile()
    {
        // The job's profile is made from the ranks' torch.profiler traces; ncu replays rank 0's nsys capture
        // of the same step, so its counters are in rank 0's own profile. Each counter here is the kernel's
        // place among the launches of its name in the nsys capture: copied onto the job's rank 0, every
        // kernel must get its own place, by name and launch order across the two processes.
        const std::string data = test::sourceFile("tests/data/h200_ddp_gpt2_gpu/");
        Profile job =
            importCapture({data + "correlation_trace.rank0.json.gz", data + "correlation_trace.rank1.json.gz"});
        QTemporaryDir dir;
        const std::vector<std::string> paths = test::unpackRankCaptures(dir.path(), "tests/data/h200_ddp_gpt2_gpu");
        QCOMPARE(paths.size(), size_t(2));
        Profile own = importCapture({paths[0]});
        const Index place = own.metricId("test__launch_of_name", "");
        std::map<std::string, double> seen;
        size_t replayed = 0;
        for (Index i = 0; i < own.kernels.size(); ++i) {
            const Kernel &k = own.kernels[i];
            if ((k.flags & (kKernelOutsideCapture | kKernelReferenceStep)) || isNcclKernelName(own.text(k.name)))
                continue; // ncu leaves NCCL kernels out of a rank's replay
            own.kernel_counters.push_back(
                {.owner = i, .metric = place, .value = seen[kernelBaseName(own.text(k.name))]++});
            ++replayed;
        }
        own.finalize();
        QCOMPARE(replayed, size_t(453));

        const RankCounterCopy copy = copyRankCounters(job, 0, own);
        QCOMPARE(copy.kernels, replayed);
        QCOMPARE(copy.namesLeftOut, size_t(0));
        std::map<std::string, double> expected;
        const Index jobPlace = job.findMetric("test__launch_of_name");
        size_t checked = 0;
        for (Index i = 0; i < job.kernels.size(); ++i) {
            const Kernel &k = job.kernels[i];
            const bool rank0 = job.devices[size_t(k.device)].rank == 0;
            if (!rank0 || isNcclKernelName(job.text(k.name))) {
                QCOMPARE(job.kernelCounter(i, "test__launch_of_name", -1.0), -1.0); // rank 1's, the collectives
                continue;
            }
            QCOMPARE(job.kernelCounter(i, "test__launch_of_name", -1.0), expected[kernelBaseName(job.text(k.name))]++);
            ++checked;
        }
        QCOMPARE(checked, replayed);
        QVERIFY(jobPlace != kNoIndex);
        QCOMPARE(findBrokenReference(job), std::string());
    }

    void fsdpCollectivesCarryTheirUnits()
    {
        // FSDP2 on two H200s (tests/data/h200_fsdp_gpt2, rank 1 given twice the batch): each all-gather and
        // reduce-scatter is launched inside FSDP's own range naming its unit, so each carries the unit's
        // module path: the root unit (embeddings, final norm, tied head) first and last, the blocks in
        // forward order for the all-gathers, in backward order for the backward's.
        const std::string data = test::sourceFile("tests/data/h200_fsdp_gpt2/");
        const std::vector<std::string> traces = {data + "correlation_trace.rank0.json.gz",
                                                 data + "correlation_trace.rank1.json.gz"};
        const Profile p = importCapture(traces);
        const RankReport r = analyzeRanks(p);
        QCOMPARE(r.matched.size(), size_t(14));
        QCOMPARE(r.unmatched, size_t(0));
        using K = CollectiveKind;
        const std::vector<std::pair<K, std::string>> expected = {{K::AllGather, ""},
                                                                 {K::AllGather, "transformer.h.0"},
                                                                 {K::AllGather, "transformer.h.1"},
                                                                 {K::AllGather, "transformer.h.2"},
                                                                 {K::AllGather, "transformer.h.3"},
                                                                 {K::AllGather, "transformer.h.3"},
                                                                 {K::AllGather, "transformer.h.2"},
                                                                 {K::ReduceScatter, "transformer.h.3"},
                                                                 {K::AllGather, "transformer.h.1"},
                                                                 {K::ReduceScatter, "transformer.h.2"},
                                                                 {K::AllGather, "transformer.h.0"},
                                                                 {K::ReduceScatter, "transformer.h.1"},
                                                                 {K::ReduceScatter, "transformer.h.0"},
                                                                 {K::ReduceScatter, ""}};
        for (size_t i = 0; i < expected.size(); ++i) {
            QVERIFY(r.matched[i].kind == expected[i].first);
            QCOMPARE(r.matched[i].bytes, uint64_t(expected[i].second.empty() ? 156112896 : 28351488));
            for (size_t m : r.matched[i].members) {
                const Collective &c = r.collectives[m];
                QVERIFY(c.fsdpUnit);
                QCOMPARE(c.bucket, -1);
                QCOMPARE(c.modules, (std::vector<std::string>{expected[i].second}));
            }
        }
        QCOMPARE(r.straggler, 1);
        const WhyRow *blocks = whyRow(r.why, "transformer.h.*");
        QVERIFY(blocks && blocks->group);
        QVERIFY2(blocks->ratio() > 1.5 && blocks->ratio() < 2.3, std::to_string(blocks->ratio()).c_str());
        const InsightReport insights = findInsights(p);
        QVERIFY(std::any_of(insights.insights.begin(), insights.insights.end(), [](const Insight &i) {
            return i.kind == "rank-straggler" && i.modules == std::vector<std::string>{"transformer.h.*"};
        }));

        // The plain steps of the nsys captures: every reference kernel paired (the step boundary is before
        // FSDP's root all-gather), and the units reached through the twins' ranges.
        QTemporaryDir dir;
        const std::vector<std::string> paths = test::unpackRankCaptures(dir.path(), "tests/data/h200_fsdp_gpt2");
        QCOMPARE(paths.size(), size_t(2));
        const Profile nsys = importCapture(paths);
        QCOMPARE(*nsys.metadataValue(kReferenceKernelsPairedKey), *nsys.metadataValue(kReferenceKernelsKey));
        const RankReport plain = analyzeRanks(nsys, RankStep::Plain);
        QCOMPARE(plain.matched.size(), size_t(14));
        for (size_t i = 0; i < expected.size(); ++i)
            QCOMPARE(plain.collectives[plain.matched[i].members[0]].modules,
                     (std::vector<std::string>{expected[i].second}));
        QCOMPARE(plain.straggler, 1);

        const opscope::test::CliRun json = opscope::test::runOpscope({"ranks", "--json", traces[0], traces[1]});
        QCOMPARE(json.exitCode, 0);
        const nlohmann::json out = nlohmann::json::parse(json.out);
        QCOMPARE(out["collectives"][1]["fsdp_unit"].get<std::string>(), std::string("transformer.h.0"));
        const opscope::test::CliRun text = opscope::test::runOpscope({"ranks", traces[0], traces[1]});
        QVERIFY2(text.out.find("reduce-scatter   156.1 MB") != std::string::npos &&
                     text.out.find("FSDP unit the root module") != std::string::npos,
                 text.out.c_str());
    }

    void plainStepOfEachRanksNsysCapture()
    {
        // The same job's per-rank nsys captures (each rank its own session, ~590 ms apart in their clocks):
        // imported together they are one profile with ranks, the rank from each part's folder name and the
        // clocks aligned on the 37 NCCL kernels' ends. Each holds a plain reference step (no labels, no
        // emit_nvtx) paired with its labelled step. Read there, the step is paced by the hosts: rank 1 does
        // about twice rank 0's GPU work (python's sqlite3 on OPSCOPE_REFERENCE#2: 24.0 ms of kernels against
        // 12.2 ms), filling GPU time rank 0 leaves idle, and the ranks take turns arriving last (rank 0 at
        // 2 of the 5 all-reduces, about 2.7 ms of waiting each way): no straggler, where the torch.profiler
        // step named rank 0 with 18.8 ms (ddpStepOnTwoH200s).
        QTemporaryDir dir;
        std::vector<std::string> paths;
        for (const char *part : {"rank0.local0.vm", "rank1.local1.vm"}) {
            QVERIFY(QDir(dir.path()).mkpath(part));
            paths.push_back(dir.path().toStdString() + "/" + part + "/nsys.sqlite");
            QVERIFY(test::gunzipFile(
                test::sourceFile(std::string("tests/data/h200_ddp_gpt2/") + part + "/nsys.sqlite.gz"), paths.back()));
        }
        const Profile p = importCapture(paths);
        QCOMPARE(ranksOf(p), (std::vector<int>{0, 1}));
        QVERIFY(preferredRankStep(p) == RankStep::Plain);
        const RankReport plain = analyzeRanks(p, RankStep::Plain);
        QVERIFY(plain.step == RankStep::Plain);
        QCOMPARE(plain.matched.size(), size_t(5));
        QCOMPARE(plain.unmatched, size_t(0));
        QCOMPARE(plain.straggler, -1);
        QVERIFY(plain.mutualWaits);
        QVERIFY2(plain.ranks[1].computeNs > 3 * plain.ranks[0].computeNs / 2,
                 (std::to_string(plain.ranks[0].computeNs) + " " + std::to_string(plain.ranks[1].computeNs)).c_str());
        QVERIFY(plain.ranks[0].idleNs > 4 * plain.ranks[1].idleNs); // 10.4 ms against 1.6 ms
        for (const RankBreakdown &b : plain.ranks)
            QVERIFY2(b.waitNs > 0 && b.waitNs < 5'000'000, std::to_string(b.waitNs).c_str());
        // The plain collectives reach their DDP buckets through their twins in the labelled step.
        for (size_t i = 0; i < plain.matched.size(); ++i)
            for (size_t m : plain.matched[i].members)
                QCOMPARE(plain.collectives[m].bucket, int(i));
        // The recorded step is ProfilerStep#0 on both ranks (emit_nvtx's echo of it): its 5 all-reduces are
        // compared; the other 32 collectives of each session (warm-up, reference steps, DDP's set-up) are left
        // out, and said so.
        const RankReport recordedStep = analyzeRanks(p, RankStep::Recorded);
        QCOMPARE(recordedStep.matched.size(), size_t(5));
        QVERIFY(recordedStep.alignment.bySteps);
        QCOMPARE(recordedStep.alignment.steps, (std::vector<int64_t>{0}));
        QCOMPARE(recordedStep.alignment.collectivesLeftOut, size_t(64));
        QCOMPARE(recordedStep.alignment.warnings.size(), size_t(2));
        QVERIFY2(recordedStep.alignment.warnings[0].starts_with("rank 0: 32 collectives"),
                 recordedStep.alignment.warnings[0].c_str());

        const opscope::test::CliRun text = opscope::test::runOpscope({"ranks", paths[0], paths[1]});
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.starts_with("read on each rank's plain reference step"), text.out.c_str());
        QVERIFY2(text.out.find("no straggler: the ranks made one another wait about as long") != std::string::npos,
                 text.out.c_str());
        const opscope::test::CliRun json = opscope::test::runOpscope({"ranks", "--json", paths[0], paths[1]});
        QCOMPARE(nlohmann::json::parse(json.out)["step"].get<std::string>(), std::string("plain"));
        // A job's profile made from the ranks' torch.profiler traces names the ranks' nsys captures
        // (rank_run.cpp): `opscope ranks` on it reads their plain steps, and says where from.
        Profile job = importCapture({test::sourceFile("tests/data/h200_ddp_gpt2/correlation_trace.rank0.json.gz"),
                                     test::sourceFile("tests/data/h200_ddp_gpt2/correlation_trace.rank1.json.gz")});
        job.setMetadata(std::string(kRankCapturesKey), paths[0] + "\n" + paths[1]);
        const std::string stored = dir.path().toStdString() + "/job.opscope";
        saveProfile(job, stored);
        const opscope::test::CliRun fromJob = opscope::test::runOpscope({"ranks", stored});
        QCOMPARE(fromJob.exitCode, 0);
        QVERIFY2(fromJob.out.starts_with("the ranks' nsys captures, named by the job's profile:\n" + paths[0]),
                 fromJob.out.c_str());
        QVERIFY2(fromJob.out.find("no straggler") != std::string::npos, fromJob.out.c_str());
        const opscope::test::CliRun recorded = opscope::test::runOpscope({"ranks", "--step", "recorded", stored});
        QVERIFY2(recorded.out.starts_with("read on the recorded steps") &&
                     recorded.out.find("straggler: rank 1 (by its plain work; rank 0 arrived last") !=
                         std::string::npos,
                 recorded.out.c_str());
        const opscope::test::CliRun traces = opscope::test::runOpscope(
            {"ranks", "--step", "plain", test::sourceFile("tests/data/h200_ddp_gpt2/correlation_trace.rank0.json.gz"),
             test::sourceFile("tests/data/h200_ddp_gpt2/correlation_trace.rank1.json.gz")});
        QVERIFY(traces.exitCode != 0);
        QVERIFY2(traces.err.find("not every rank of this profile has a plain reference step") != std::string::npos,
                 traces.err.c_str());
    }

    void anyTwoRanksCompareAsTwoProfiles()
    {
        // The H200 DDP step of ddpStepOnTwoH200s, rank 1 given twice the batch: each rank taken out of the
        // job's profile is the profile of its own trace, and the diff engine compares the two.
        const std::string dir = test::sourceFile("tests/data/h200_ddp_gpt2/");
        const std::string r0 = dir + "correlation_trace.rank0.json.gz", r1 = dir + "correlation_trace.rank1.json.gz";
        const Profile job = importCapture({r0, r1});
        const Profile rank0 = profileOfRank(job, 0), rank1 = profileOfRank(job, 1);
        for (const Profile *p : {&rank0, &rank1})
            QVERIFY2(findBrokenReference(*p).empty(), findBrokenReference(*p).c_str());
        QCOMPARE(ranksOf(rank0), std::vector<int>{0});
        QCOMPARE(ranksOf(rank1), std::vector<int>{1});
        QCOMPARE(*rank1.metadataValue(kRankKey), std::string("1"));
        QCOMPARE(rank1.source_path, r1);
        QCOMPARE(rank0.kernels.size() + rank1.kernels.size(), job.kernels.size());
        QCOMPARE(rank0.operators.size() + rank1.operators.size(), job.operators.size());
        QCOMPARE(rank0.modules.size() + rank1.modules.size(), job.modules.size());
        QCOMPARE(rank0.ranges.size() + rank1.ranges.size(), job.ranges.size()); // GPU annotations by their lane
        // The same events as rank 1's trace imported alone, attributed the same way.
        const Profile alone = importCapture({r1});
        QCOMPARE(rank1.kernels.size(), alone.kernels.size());
        QCOMPARE(rank1.operators.size(), alone.operators.size());
        QCOMPARE(rank1.modules.size(), alone.modules.size());
        QCOMPARE(rank1.ranges.size(), alone.ranges.size());
        QCOMPARE(rank1.unattributedKernelCount(), alone.unattributedKernelCount());
        QCOMPARE(rank1.totalKernelTimeNs(), alone.totalKernelTimeNs());
        for (size_t i = 0; i < rank1.modules.size(); ++i)
            QCOMPARE(rank1.text(rank1.modules[i].path), alone.text(alone.modules[i].path));
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, profileOfRank(job, 2));

        // Rank 1's GPT-2 blocks do twice rank 0's work: the diff says so module by module.
        const ProfileDiff diff = diffProfiles(rank0, rank1);
        const auto row = std::find_if(diff.modules.begin(), diff.modules.end(),
                                      [](const ModuleDiffRow &m) { return m.path == "module.transformer.h.0"; });
        QVERIFY(row != diff.modules.end());
        QVERIFY(row->status == DiffStatus::Matched);
        QVERIFY2(row->gpuTime.ratio() > 1.5, std::to_string(row->gpuTime.ratio()).c_str());
        QVERIFY(diff.totals.stepGpuTime.ratio() > 1.5);

        // The same from the command line, and a rank the job lacks named with the ones it has.
        const test::CliRun cli =
            test::runOpscope({"diff", r0 + "," + r1, "--ranks", "0,1", "--by", "module", "--json"});
        QCOMPARE(cli.exitCode, 0);
        const nlohmann::json j = nlohmann::json::parse(cli.out);
        QVERIFY2(j["totals"]["step_gpu_time_ns"]["ratio"].get<double>() > 1.5, cli.out.c_str());
        const test::CliRun missing = test::runOpscope({"diff", r0 + "," + r1, "--ranks", "0,3"});
        QVERIFY(missing.exitCode != 0);
        QVERIFY2(missing.err.find("has no rank 3 (its ranks: 0, 1)") != std::string::npos, missing.err.c_str());
        const test::CliRun twice = test::runOpscope({"diff", r0 + "," + r1, "--ranks", "1,1"});
        QVERIFY2(twice.exitCode != 0 && twice.err.find("names one rank twice") != std::string::npos, twice.err.c_str());
    }

    void clocksOfAnotherHostAreAligned()
    {
        // Rank 1's clock 2.5 s ahead (another host): aligned on the collectives' end times, the
        // matched-collective figures are those of the shared clock.
        QTemporaryDir dir;
        std::string text = gunzip(multirank(kRank1));
        const std::string shifted = dir.filePath("rank1_shifted.json").toStdString();
        nlohmann::json trace = nlohmann::json::parse(text);
        for (auto &e : trace["traceEvents"])
            if (e.contains("ts") && e["ts"].is_number())
                e["ts"] = e["ts"].get<double>() + 2.5e6;
        writeText(shifted, trace.dump());
        const Profile p = importCapture({multirank(kRank0), shifted});
        QVERIFY(p.metadataValue(rankClockOffsetKey(1)) != nullptr);
        // The median end offset after the shift: within the 0.4 ms the same-clock traces show.
        const int64_t offset = std::stoll(*p.metadataValue(rankClockOffsetKey(1)));
        QVERIFY2(std::llabs(offset + 2'500'000'000) < 400'000, std::to_string(offset).c_str());
        QCOMPARE(analyzeRanks(p).straggler, 1);
    }

    void rankFromTheFileName()
    {
        // Without distributedInfo, the rank is read from the name (--rank-regex), never from the order.
        QTemporaryDir dir;
        std::vector<std::string> paths;
        for (const auto &[name, out] : {std::pair{kRank1, "trace_RANK7.json"}, std::pair{kRank0, "trace_RANK3.json"}}) {
            nlohmann::json trace = nlohmann::json::parse(gunzip(multirank(name)));
            trace.erase("distributedInfo");
            paths.push_back(dir.filePath(out).toStdString());
            writeText(paths.back(), trace.dump());
        }
        AttributionOptions options;
        const Profile p = importCapture(paths, options);
        QCOMPARE(ranksOf(p), (std::vector<int>{3, 7}));
        size_t rank7 = 0;
        for (const Kernel &k : p.kernels)
            rank7 += rankOfDevice(p, k.device) == 7;
        QCOMPARE(rank7, size_t(1104)); // sampled_rank-1's kernels

        options.rankRegex = "nomatch([0-9]+)";
        const Profile none = importCapture({paths[0], paths[1], multirank(kRank0)}, options);
        QCOMPARE(ranksOf(none), (std::vector<int>{0}));
        QCOMPARE(countWarning(none, "trace_RANK7.json: left out: no rank"), size_t(1));
        QCOMPARE(countWarning(none, "trace_RANK3.json: left out: no rank"), size_t(1));
    }

    void jsonFilesThatAreNoTraceFailWithTheFirstFilesOwnError()
    {
        // A capture folder's status files passed with the trace's database left out: no rank trace among them,
        // so the import fails on the first one, naming it and what it is not (not as an internal error).
        const std::string launcher = test::sourceFile("tests/data/h100_tiny_b1/launcher_status.json");
        const std::string partition = test::sourceFile("tests/data/h100_tiny_b1/partition_map.json");
        try {
            importCapture({launcher, partition});
            QFAIL("imported two status files");
        } catch (const FileError &e) {
            QCOMPARE(e.path(), launcher);
            QVERIFY2(e.problem().starts_with("not a profile format OpScope reads"), e.what());
        }
    }

    void badRanksAreLeftOutByName()
    {
        // A truncated rank keeps what it has, with its name on the warning; a trace of another run
        // (world size 2, not 128) and a rank given twice are left out, each named.
        QTemporaryDir dir;
        const std::string truncated = dir.filePath("rank-1.json").toStdString();
        writeText(truncated, gunzip(multirank(kRank1)).substr(0, 300000));
        const Profile p = importCapture({multirank(kRank0), truncated, multirank(kNcclData), multirank(kRank0)});
        QCOMPARE(ranksOf(p), (std::vector<int>{0, 1}));
        QCOMPARE(countWarning(p, "rank-1.json: the file is truncated"), size_t(1));
        QCOMPARE(countWarning(p, "HolisticTraceAnalysis__nccl_data.json.gz: left out: world size 2, the other "
                                 "ranks' is 128"),
                 size_t(1));
        QCOMPARE(
            countWarning(p, "HolisticTraceAnalysis__sampled_rank-0.json.gz: left out: rank 0 was already imported"),
            size_t(1));
        size_t kernels0 = 0;
        for (const Kernel &k : p.kernels)
            kernels0 += rankOfDevice(p, k.device) == 0;
        QCOMPARE(kernels0, size_t(1154));

        // Rank 1 of another run of the same job (the same world size, 6.8 hours later): left out, named.
        const std::string earlier = test::sourceFile("tests/data/h200_ddp_gpt2/correlation_trace.rank0.json.gz");
        const std::string later = test::sourceFile("tests/data/h200_ddp_gpt2_gpu/correlation_trace.rank1.json.gz");
        const Profile runs = importCapture({earlier, later});
        QCOMPARE(ranksOf(runs), (std::vector<int>{0}));
        QCOMPARE(countWarning(runs, "h200_ddp_gpt2_gpu/correlation_trace.rank1.json.gz: left out: recorded 406."),
                 size_t(1));
        QCOMPARE(countWarning(runs, "min after rank 0's trace ended (another run)"), size_t(1));

        // A file that is no trace at all, among ranks: named, the others kept.
        const std::string junk = dir.filePath("rank-5.json").toStdString();
        writeText(junk, "{\"traceEvents\": [ {\"ph\": \"X\", \"name\": ");
        const Profile q = importCapture({multirank(kRank0), junk});
        QCOMPARE(ranksOf(q), (std::vector<int>{0}));
        QCOMPARE(countWarning(q, "rank-5.json: left out: not a profile format"), size_t(1));
    }
};

} // namespace tst_ranks_suite

OPSCOPE_TEST_SUITE(tst_ranks, tst_ranks_suite::TestRanks, Core)
#include "tst_ranks.moc"
