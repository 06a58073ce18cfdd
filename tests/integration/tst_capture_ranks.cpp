// A real 2-process CPU job with the gloo backend (Debian's python3-torch 1.13): each rank profiles a few
// steps with torch.profiler around all_reduce (tests/integration/ddp_gloo_trace.py, rank 1 given extra
// work), and the two traces import as one profile with two ranks, their all-reduces matched and rank 1
// the straggler (docs/ranks.md). Every process started is ended by runProcess (its process group).
#include "capture_test_util.h"
#include "opscope/capture_import.h"
#include "opscope/ranks.h"

#include <QTemporaryDir>
#include <QTest>

#include <arpa/inet.h>
#include <filesystem>
#include <future>
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
        const std::string script = OPSCOPE_SOURCE_DIR "/tests/integration/ddp_gloo_trace.py";
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
};

QTEST_GUILESS_MAIN(TestCaptureRanks)
#include "tst_capture_ranks.moc"
