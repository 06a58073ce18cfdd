// A real 2-process CPU job with the gloo backend (Debian's python3-torch 1.13): each rank profiles a few
// steps with torch.profiler around all_reduce (tests/integration/ddp_gloo_trace.py, rank 1 given extra
// work), and the two traces import as one profile with two ranks, their all-reduces matched and rank 1
// the straggler (docs/ranks.md). Every process started is ended by runProcess (its process group).
#include "capture_test_util.h"
#include "opscope/capture_import.h"
#include "opscope/insights.h"
#include "opscope/ranks.h"

#include <QTemporaryDir>
#include <QTest>

#include <arpa/inet.h>
#include <filesystem>
#include <future>
#include <map>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace opscope;
using namespace opscope::test;

namespace {

// A TCP port free right now on 127.0.0.1 (for the rendezvous of the fallback launch).
int freePort()
{
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof addr;
    int port = 0;
    if (bind(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) == 0 &&
        getsockname(fd, reinterpret_cast<sockaddr *>(&addr), &len) == 0)
        port = ntohs(addr.sin_port);
    close(fd);
    return port;
}

} // namespace

class TestCaptureRanks : public QObject {
    Q_OBJECT

    std::string python_;

    // Runs the 2-rank job `script` writing into `out`: through torchrun, else (torch 1.13 under Python 3.11)
    // with the environment torchrun gives its workers.
    void runTwoRanks(const std::string &script, const std::string &out)
    {
        ProcessSpec torchrun;
        torchrun.argv = {python_, "-m", "torch.distributed.run", "--standalone", "--nproc_per_node", "2", script, out};
        torchrun.timeout = std::chrono::milliseconds(300000);
        const ProcessResult run = runProcess(torchrun);
        if (!run.ok()) {
            // Debian 12's torchrun (torch 1.13) fails under Python 3.11 before starting a worker (its Std
            // enum gives None: "unsupported operand type(s) for |"). Start the two ranks with the
            // environment torchrun gives its workers instead, so that the job itself is still tested.
            QVERIFY2(run.output.find("Std") != std::string::npos || run.output.find("to_map") != std::string::npos ||
                         run.output.find("unsupported operand type(s) for |") != std::string::npos,
                     run.output.c_str());
            qInfo("torchrun cannot start workers here (torch 1.13 under Python 3.11): starting the 2 ranks with "
                  "torchrun's environment (RANK, WORLD_SIZE, MASTER_ADDR/PORT)");
            const std::string port = std::to_string(freePort());
            std::vector<std::future<ProcessResult>> ranks;
            for (int r = 0; r < 2; ++r) {
                ProcessSpec spec;
                spec.argv = {python_, script, out};
                spec.setEnv = {{"RANK", std::to_string(r)}, {"LOCAL_RANK", std::to_string(r)}, {"WORLD_SIZE", "2"},
                               {"LOCAL_WORLD_SIZE", "2"},   {"MASTER_ADDR", "127.0.0.1"},      {"MASTER_PORT", port}};
                spec.timeout = std::chrono::milliseconds(300000);
                ranks.push_back(std::async(std::launch::async, [spec] { return runProcess(spec); }));
            }
            for (auto &rank : ranks) {
                const ProcessResult r = rank.get();
                QVERIFY2(r.ok(), r.output.c_str());
            }
        }
    }

private slots:
    void initTestCase()
    {
        python_ = pipeline::findPython();
        if (python_.empty() || !pipeline::pythonHasTorch(python_))
            QSKIP("no python3 here can import torch (install Debian's python3-torch)");
    }

    void twoGlooRanksBecomeOneProfile()
    {
        QTemporaryDir dir;
        const std::string out = dir.path().toStdString();
        runTwoRanks(OPSCOPE_SOURCE_DIR "/tests/integration/ddp_gloo_trace.py", out);
        if (QTest::currentTestFailed())
            return;
        const std::string r0 = out + "/rank-0.json", r1 = out + "/rank-1.json";
        QVERIFY(std::filesystem::exists(r0));
        QVERIFY(std::filesystem::exists(r1));

        // The legacy profiler's traces carry no distributedInfo: the ranks come from the file names.
        const Profile p = importCapture({r1, r0});
        QCOMPARE(ranksOf(p), (std::vector<int>{0, 1}));
        const RankReport report = analyzeRanks(p);
        // 3 steps x 4 parameters: 12 gloo:all_reduce per rank, all matched.
        QCOMPARE(report.ranks.size(), size_t(2));
        for (const RankBreakdown &b : report.ranks)
            QCOMPARE(b.collectives, size_t(12));
        QCOMPARE(report.matched.size(), size_t(12));
        for (const MatchedCollective &m : report.matched)
            QCOMPARE(toString(m.kind), std::string_view("all-reduce"));
        // Rank 1 multiplies 400x400 matrices 20 times per step before its all-reduces: rank 0 waits for it.
        QCOMPARE(report.straggler, 1);
        QVERIFY(report.ranks[0].waitNs > report.ranks[1].waitNs);

        const CliRun cli = runOpscope({"ranks", "--json", r0, r1});
        QCOMPARE(cli.exitCode, 0);
        QCOMPARE(nlohmann::json::parse(cli.out)["straggler"].get<int>(), 1);
    }

    // A real DDP job (tests/integration/ddp_modules_trace.py): modules labelled, DDP's buckets labelled by
    // the launcher's comm hook (opscope_launcher/ddp_buckets.py), rank 1's blocks doing 3x the matrix work.
    // The all-reduces carry their bucket's modules, and "why" finds rank 1's blocks slower than rank 0's.
    void ddpBucketsAndWhyTheStragglerIsLate()
    {
        QTemporaryDir dir;
        const std::string out = dir.path().toStdString();
        runTwoRanks(OPSCOPE_SOURCE_DIR "/tests/integration/ddp_modules_trace.py", out);
        if (QTest::currentTestFailed())
            return;
        const std::string r0 = out + "/rank-0.json", r1 = out + "/rank-1.json";
        const Profile p = importCapture({r0, r1});
        const RankReport report = analyzeRanks(p);
        // 3 profiled steps x 4 buckets (bucket_cap_mb=0.3 over 4 blocks of 2 Linear(256, 256)).
        std::string counts;
        for (const Collective &c : report.collectives)
            counts += std::to_string(c.rank) + ":" + c.group + "/" + std::to_string(c.indexInGroup) + "@" +
                      std::to_string(c.start_ns) + " ";
        for (const std::string &w : p.warnings)
            counts += "\nwarning: " + w;
        QVERIFY2(report.matched.size() == 12, counts.c_str());
        std::map<int, std::vector<std::string>> buckets;
        for (const Collective &c : report.collectives) {
            QVERIFY2(c.bucket >= 0, "every all-reduce is a DDP bucket's");
            buckets[c.bucket] = c.modules;
        }
        // DDP fills buckets in reverse parameter order: the head and the last blocks first, the embedding last.
        QCOMPARE(buckets.size(), size_t(4));
        QCOMPARE(buckets[0].front(), std::string("head"));
        QCOMPARE(buckets[1], (std::vector<std::string>{"blocks.1.fc2", "blocks.1.fc1"}));
        QCOMPARE(buckets[2], (std::vector<std::string>{"blocks.0.fc2", "blocks.0.fc1"}));
        QCOMPARE(buckets[3], (std::vector<std::string>{"embed"}));

        QCOMPARE(report.straggler, 1);
        const WhyLate &why = report.why;
        QCOMPARE(why.straggler, 1);
        QCOMPARE(why.medianRank, 0);
        QCOMPARE(why.steps, size_t(3));
        QVERIFY(why.collectives >= 6);
        QVERIFY(why.causedWaitPerStepNs > 0);
        QVERIFY(why.stragglerComputeNs > why.medianComputeNs);
        // The group of identical layers is where the extra time is: rank 1's fc1 runs 3 times per block.
        QVERIFY(!why.groups.empty());
        QCOMPARE(why.groups.front().name, std::string("blocks.*"));
        QCOMPARE(why.groups.front().members, size_t(4));
        QVERIFY2(why.groups.front().ratio() > 1.5, std::to_string(why.groups.front().ratio()).c_str());
        for (const WhyRow &row : why.modules)
            if (row.name.starts_with("blocks.") && row.name.size() == 8) // blocks.N
                QVERIFY2(row.stragglerNs > row.medianNs, row.name.c_str());

        // The insight names the straggler, the layers and the wait, and is ranked by that gain.
        const InsightReport insights = findInsights(p);
        const auto straggler = std::find_if(insights.insights.begin(), insights.insights.end(),
                                            [](const Insight &i) { return i.kind == "rank-straggler"; });
        QVERIFY(straggler != insights.insights.end());
        QVERIFY2(straggler->title.starts_with("rank 1 is the straggler: its `blocks.*`"), straggler->title.c_str());
        QCOMPARE(straggler->modules, (std::vector<std::string>{"blocks.*"}));
        QVERIFY(straggler->estimatedGainNs > 0 && straggler->estimatedGainNs <= why.causedWaitPerStepNs);

        const CliRun cli = runOpscope({"ranks", "--json", r0, r1});
        QCOMPARE(cli.exitCode, 0);
        const nlohmann::json json = nlohmann::json::parse(cli.out);
        QCOMPARE(json["why"]["groups"][0]["name"].get<std::string>(), std::string("blocks.*"));
        QCOMPARE(json["why"]["median_rank"].get<int>(), 0);
        QCOMPARE(json["collectives"][3]["modules"][0].get<std::string>(), std::string("embed"));
        const CliRun text = runOpscope({"ranks", r0, r1});
        QVERIFY2(text.out.find("why rank 1 is late") != std::string::npos, text.out.c_str());
    }
};

QTEST_GUILESS_MAIN(TestCaptureRanks)
#include "tst_capture_ranks.moc"
