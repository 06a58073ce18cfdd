// A real 2-process CPU job with the gloo backend (Debian's python3-torch 1.13): each rank profiles a few
// steps with torch.profiler around all_reduce (tests/integration/ddp_gloo_trace.py, rank 1 given extra
// work), and the two traces import as one profile with two ranks, their all-reduces matched and rank 1
// the straggler (docs/ranks.md). Then the same through `opscope capture --nproc-per-node 2`. Every
// process started is ended by runProcess (its process group).
#include "capture_test_util.h"
#include "opscope/capture_import.h"
#include "opscope/insights.h"
#include "opscope/pipeline.h"
#include "opscope/profile_store.h"
#include "opscope/ranks.h"
#include "opscope/step_timing.h"
#include "test_suite.h"

#include <QTemporaryDir>
#include <QTest>
#include <algorithm>

#include <filesystem>
#include <fstream>
#include <map>

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

namespace tst_capture_ranks_suite {

using namespace opscope;
using namespace opscope::test;

namespace {

bool hasWarning(const Profile &p, const std::string &a, const std::string &b)
{
    return std::any_of(p.warnings.begin(), p.warnings.end(), [&](const std::string &w) {
        return w.find(a) != std::string::npos && w.find(b) != std::string::npos;
    });
}

std::string partOf(const std::string &run, int rank)
{
    for (const std::string &part : pipeline::rankParts(run))
        if (pipeline::rankOfPartName(std::filesystem::path(part).filename().string()) == rank)
            return part;
    return {};
}

// Two ranks with their all-reduces matched, rank 1 (given extra work in ddp_gloo_train.py) the straggler.
void checkTwoRankJob(const Profile &p)
{
    QCOMPARE(ranksOf(p), (std::vector<int>{0, 1}));
    const RankReport report = analyzeRanks(p);
    QCOMPARE(report.ranks.size(), size_t(2));
    // Both ranks hold every all-reduce of the captured steps, the last one too (the launcher waits for
    // gloo to end its records before stopping the profiler: distributed.settle_gloo_records), all matched.
    QVERIFY(report.ranks[0].collectives > 0);
    QCOMPARE(report.ranks[1].collectives, report.ranks[0].collectives);
    QCOMPARE(report.matched.size(), report.ranks[0].collectives);
    for (const MatchedCollective &m : report.matched)
        QCOMPARE(toString(m.kind), std::string_view("all-reduce"));
    QCOMPARE(report.straggler, 1);
}

// Keeps a TCP port bound and listening while it lives (if nothing else holds it already: either way the
// port is taken).
class PortHolder {
public:
    explicit PortHolder(uint16_t port) : fd_(::socket(AF_INET, SOCK_STREAM, 0))
    {
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_port = htons(port);
        address.sin_addr.s_addr = htonl(INADDR_ANY);
        if (fd_ >= 0 && ::bind(fd_, reinterpret_cast<sockaddr *>(&address), sizeof address) == 0)
            ::listen(fd_, 1);
    }
    ~PortHolder()
    {
        if (fd_ >= 0)
            ::close(fd_);
    }
    PortHolder(const PortHolder &) = delete;
    PortHolder &operator=(const PortHolder &) = delete;

private:
    int fd_;
};

} // namespace

class TestCaptureRanks : public QObject {
    Q_OBJECT

    std::string python_;

    // Runs the 2-rank job `script` writing into `out` under torchrun. opscope_torchrun is torchrun with
    // two fixes: Debian 12's (torch 1.13) fails under Python 3.11 before it starts a worker (its Std flags
    // parse the default --redirects 0 as None), and its --standalone rendezvous binds the fixed port 29400,
    // so two jobs on one host collide. Port 29400 is held busy here to show the job does not need it.
    void runTwoRanks(const std::string &script, const std::string &out)
    {
        const PortHolder busy(29400);
        ProcessSpec torchrun;
        torchrun.argv = {python_, "-m", "opscope_torchrun", "--standalone", "--nproc_per_node", "2", script, out};
        torchrun.setEnv = {{"PYTHONPATH", pipeline::findLauncherDir()}};
        torchrun.timeout = std::chrono::milliseconds(300000);
        const ProcessResult run = runProcess(torchrun);
        QVERIFY2(run.ok(), run.output.c_str());
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
        const std::string script = sourceFile("tests/integration/ddp_gloo_trace.py");
        runTwoRanks(script, out);
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

    // `opscope capture --nproc-per-node 2`: torchrun (opscope_torchrun: Debian's torchrun with its Python
    // 3.11 fix) starts two `opscope-cli capture` workers, each the launcher around the unchanged DDP
    // script, each writing its part of one run folder; the job imports as one profile with two ranks.
    // The run folder is then damaged three ways (docs/ranks.md, bad input).
    void torchrunCaptureIsOneProfileWithRanks()
    {
        QTemporaryDir dir;
        const std::string out = dir.path().toStdString();
        const std::string script = sourceFile("tests/integration/ddp_gloo_train.py");
        const CliRun cli =
            runOpscope({"capture", "--tool", "cpu", "--python", python_, "--nproc-per-node", "2", "--warmup", "2",
                        "--reference-steps", "0", "--steps", "2", "--out", out, "--name", "ddp", script});
        QVERIFY2(cli.exitCode == 0, (cli.out + cli.err).c_str());
        const std::string run = out + "/ddp";
        QVERIFY2(cli.out.find("profile: " + run + "/ddp.opscope") != std::string::npos, cli.out.c_str());
        // Each rank's part, named from RANK, LOCAL_RANK and the host, with its trace and its rank record.
        const std::vector<std::string> parts = pipeline::rankParts(run);
        QCOMPARE(parts.size(), size_t(2));
        for (int rank = 0; rank < 2; ++rank) {
            const nlohmann::json m = readJson(partOf(run, rank) + "/manifest.json");
            QCOMPARE(m["rank"]["rank"].get<int>(), rank);
            QCOMPARE(m["rank"]["local_rank"].get<int>(), rank);
            QCOMPARE(m["rank"]["world_size"].get<int>(), 2);
            QCOMPARE(m["rank"]["engine"].get<std::string>(), std::string("torchrun"));
            QCOMPARE(m["result"].get<std::string>(), std::string("ok"));
            QCOMPARE(m["counts"]["steps_captured"].get<int>(), 2); // the same steps on both ranks
            QVERIFY(std::filesystem::exists(partOf(run, rank) + "/trace.rank" + std::to_string(rank) + ".json"));
        }
        const Profile p = loadProfile(run + "/ddp.opscope");
        checkTwoRankJob(p);

        // The replay of a rank's part (`opscope profile` runs it on every rank): rank 0 (--ncu-ranks'
        // default) under ncu without NCCL's kernels, rank 1 the same steps unprofiled; both with the
        // collective timeout raised. A stand-in ncu (version only): the plan is printed, nothing runs.
        {
            ToolFolder tools;
            tools.add("ncu", "echo 'NVIDIA (R) Nsight Compute Command Line Profiler'; echo 'Version 2025.3.1.0'\n");
            const std::map<std::string, std::string> rank1 = {
                {"RANK", "1"}, {"WORLD_SIZE", "2"}, {"LOCAL_RANK", "1"}, {"OPSCOPE_TOOL_PATH", tools.path()}};
            const CliRun unprofiled = runOpscope({"replay", partOf(run, 1), "--dry-run"}, rank1);
            QVERIFY2(unprofiled.exitCode == 0, unprofiled.err.c_str());
            QVERIFY2(unprofiled.out.find("# stage unprofiled\n") != std::string::npos, unprofiled.out.c_str());
            QVERIFY2(unprofiled.out.find("# env OPSCOPE_PG_TIMEOUT_S=7200\n") != std::string::npos,
                     unprofiled.out.c_str());
            QVERIFY2(unprofiled.out.find(" -m opscope_launcher --mode none ") != std::string::npos,
                     unprofiled.out.c_str());
            QVERIFY2(unprofiled.out.find("ncu") == std::string::npos, unprofiled.out.c_str());
            std::map<std::string, std::string> rank0 = rank1;
            rank0["RANK"] = rank0["LOCAL_RANK"] = "0";
            const CliRun replayed = runOpscope({"replay", partOf(run, 0), "--dry-run", "--timeout", "900"}, rank0);
            QVERIFY2(replayed.exitCode == 0, replayed.err.c_str());
            QVERIFY2(replayed.out.find("# stage ncu\n") != std::string::npos, replayed.out.c_str());
            QVERIFY2(replayed.out.find("# env OPSCOPE_PG_TIMEOUT_S=900\n") != std::string::npos, replayed.out.c_str());
            QVERIFY2(replayed.out.find("--kernel-name 'regex:^(?!nccl)(?!.*(one_shot_all_reduce|") != std::string::npos,
                     replayed.out.c_str());
        }
        QCOMPARE(readJson(run + "/manifest.json")["counts"]["ranks_imported"].get<int>(), 2);
        QVERIFY2(!hasWarning(p, "rank", "wrote no part"), "no rank is missing");

        // A missing rank: rank 1's part removed. Rank 0 is kept, the warning names the run folder.
        const auto copyRun = [&](const std::string &name) {
            const std::string copy = out + "/" + name;
            std::filesystem::copy(run, copy, std::filesystem::copy_options::recursive);
            std::filesystem::remove(copy + "/ddp.opscope");
            return copy;
        };
        {
            const std::string copy = copyRun("missing");
            std::filesystem::remove_all(partOf(copy, 1));
            const Profile m = loadProfile(pipeline::importRun(copy));
            QCOMPARE(ranksOf(m), (std::vector<int>{0}));
            QVERIFY2(hasWarning(m, copy, "rank 1 of 2 wrote no part"), m.warnings.front().c_str());
        }
        // A rank of another run: rank 1's run id changed. Left out with a warning naming its manifest.
        {
            const std::string copy = copyRun("other-run");
            const std::string manifest = partOf(copy, 1) + "/manifest.json";
            nlohmann::json m = readJson(manifest);
            m["rank"]["run_id"] = "another-launch";
            std::ofstream(manifest) << m.dump();
            const Profile p2 = loadProfile(pipeline::importRun(copy));
            QCOMPARE(ranksOf(p2), (std::vector<int>{0}));
            QVERIFY(hasWarning(p2, manifest, "left out: rank 1 of another run (run id another-launch"));
        }
        // One rank truncated: rank 1's trace cut in half. Both ranks kept, the warning names the file.
        {
            const std::string copy = copyRun("truncated");
            const std::string trace = partOf(copy, 1) + "/trace.rank1.json";
            const std::string text = readText(trace);
            std::ofstream(trace, std::ios::trunc) << text.substr(0, text.size() / 2);
            const Profile p3 = loadProfile(pipeline::importRun(copy));
            QCOMPARE(ranksOf(p3), (std::vector<int>{0, 1}));
            QVERIFY2(hasWarning(p3, "trace.rank1.json", "truncated"), p3.warnings.front().c_str());
        }
    }

    // Users' own profiling, no launcher (tests/integration/ddp_gloo_schedule.py): each rank's
    // torch.profiler.schedule, rank 1's window opening a step earlier, rank 1 given 3x the batch. The steps
    // both recorded are compared (the legacy profiler's traces count from each window's start: the clocks
    // are put together on those steps' all-reduces), the step only rank 1 holds is left out with a note, and
    // the straggler is rank 1, named with the operator it computes more (no module labels) and no cold start.
    void usersOwnScheduleWithWindowsApart()
    {
        QTemporaryDir dir;
        const std::string out = dir.path().toStdString();
        runTwoRanks(sourceFile("tests/integration/ddp_gloo_schedule.py"), out);
        if (QTest::currentTestFailed())
            return;
        const Profile p = importCapture({out + "/rank-0.json", out + "/rank-1.json"});
        const RankReport report = analyzeRanks(p);
        QVERIFY(report.alignment.bySteps);
        QCOMPARE(report.alignment.steps, (std::vector<int64_t>{2, 3}));
        QCOMPARE(report.alignment.rankSteps.at(1), (std::vector<int64_t>{1, 2, 3}));
        // One all-reduce per compared step. Under load torch sometimes drops the last step's gloo:all_reduce of
        // the rank that waited (its worker thread ends the event after the main thread stopped the profiler):
        // then it is reported as seen on one rank only, never matched with another step's.
        QVERIFY2(
            report.matched.size() == 2 || (report.matched.size() == 1 && report.unmatched == 1),
            (std::to_string(report.matched.size()) + " matched, " + std::to_string(report.unmatched) + " unmatched")
                .c_str());
        QCOMPARE(report.alignment.collectivesLeftOut, size_t(1));
        QVERIFY2(report.alignment.warnings.size() == 1 &&
                     report.alignment.warnings[0].find("ProfilerStep#1, which no other rank recorded") !=
                         std::string::npos,
                 report.alignment.warnings.empty() ? "no warning" : report.alignment.warnings[0].c_str());
        QCOMPARE(report.straggler, 1);
        const InsightReport insights = findInsights(p);
        QVERIFY(std::none_of(insights.insights.begin(), insights.insights.end(),
                             [](const Insight &i) { return i.kind == "cold-start"; }));
        const auto straggler = std::find_if(insights.insights.begin(), insights.insights.end(),
                                            [](const Insight &i) { return i.kind == "rank-straggler"; });
        QVERIFY(straggler != insights.insights.end());
        QVERIFY2(straggler->title.starts_with("rank 1 is the straggler: its `"), straggler->title.c_str());
    }

    // `opscope capture --nproc-per-node 2` of a DDP job where rank 1 is given 3x rank 0's batch
    // (tests/integration/ddp_gloo_imbalanced.py): the straggler named must be rank 1, whatever the launcher
    // does on rank 0. Inside the steps the launcher does the same on every rank: the ranks' traces hold the
    // same operators, as many of each. The ranks' clocks (each legacy trace counts from its own profiler's
    // start, which the capture's start wait puts apart) are put together on the launcher's capture start
    // marker, one instant on every rank. Each rank's plain reference timing is in the job's profile.
    void theStragglerIsTheRankGivenMoreWork()
    {
        QTemporaryDir dir;
        const std::string out = dir.path().toStdString();
        const CliRun cli = runOpscope({"capture", "--tool",
                                       "cpu",     "--python",
                                       python_,   "--nproc-per-node",
                                       "2",       "--warmup",
                                       "3",       "--reference-steps",
                                       "2",       "--steps",
                                       "6",       "--out",
                                       out,       "--name",
                                       "job",     sourceFile("tests/integration/ddp_gloo_imbalanced.py"),
                                       "--",      "3"});
        QVERIFY2(cli.exitCode == 0, (cli.out + cli.err).c_str());
        const Profile p = loadProfile(out + "/job/job.opscope");
        const RankReport report = analyzeRanks(p);
        QCOMPARE(report.alignment.steps, (std::vector<int64_t>{0, 1, 2, 3, 4, 5}));
        QCOMPARE(report.matched.size(), report.ranks[0].collectives);
        QCOMPARE(report.straggler, 1);
        const std::vector<NodeClock> clocks = nodeClocks(p);
        QCOMPARE(clocks.size(), size_t(2));
        QCOMPARE(clocks[1].basis, std::string("capture start marker"));
        // What the launcher records on each rank (its module labels "path[Class]", the steps, the DDP bucket
        // labels and its marker) is the same on both, as many of each: it does nothing more on one rank.
        std::map<int, std::map<std::string, size_t>> launcher;
        const auto count = [&](Index thread, std::string_view name) {
            if (thread != kNoIndex && (name.find('[') != std::string_view::npos || name.starts_with("opscope.") ||
                                       name.starts_with("ProfilerStep#")))
                ++launcher[p.threads[thread].rank][std::string(name)];
        };
        for (const Operator &op : p.operators)
            count(op.thread, p.text(op.name));
        for (const Range &r : p.ranges)
            count(r.thread, p.text(r.text));
        QVERIFY(launcher[0].size() > 5);
        QCOMPARE(launcher[0], launcher[1]);
        // Each rank's plain and captured step, from its launcher.
        for (const RankBreakdown &b : report.ranks)
            QVERIFY2(b.plainStepNs > 0 && b.capturedStepNs > 0, std::to_string(b.rank).c_str());
        const InsightReport insights = findInsights(p);
        QCOMPARE(insights.rank, 1);
        // The straggler's steps are never taken for a cold start (the ranks' steps pooled): a cold-start item
        // may only be rank 1's own first step, which a busy 2-core machine does slow now and then (it fired in 1
        // of 3 runs here while other builds ran).
        const std::vector<StepRange> own = markedSteps(profileOfRank(p, 1));
        for (const Insight &i : insights.insights) {
            if (i.kind != "cold-start")
                continue;
            QVERIFY(own.size() >= 3);
            std::vector<int64_t> rest;
            for (size_t s = 1; s < own.size(); ++s)
                rest.push_back(own[s].end_ns - own[s].start_ns);
            std::sort(rest.begin(), rest.end());
            const double first = double(own[0].end_ns - own[0].start_ns), median = double(rest[rest.size() / 2]);
            const std::string why = i.title + ": " + i.evidence.front();
            QVERIFY2(first >= 1.5 * median, why.c_str());
            QVERIFY2(i.evidence.front().find("the other " + std::to_string(rest.size()) + " steps") !=
                         std::string::npos,
                     why.c_str());
        }
        const CliRun ranks = runOpscope({"ranks", out + "/job/job.opscope"});
        QVERIFY2(ranks.out.find("straggler: rank 1") != std::string::npos, ranks.out.c_str());
        QVERIFY2(ranks.out.find("each rank's step, timed by the launcher") != std::string::npos, ranks.out.c_str());
    }

    // The command line a distributed capture runs: torchrun's argument vector with the worker's.
    void distributedDryRun()
    {
        const CliRun cli = runOpscope({"capture", "--tool", "cpu", "--nproc-per-node", "4", "--out", "/tmp/o", "--name",
                                       "job", "--dry-run", sourceFile("tests/integration/ddp_gloo_train.py")});
        QVERIFY2(cli.exitCode == 0, cli.err.c_str());
        QVERIFY2(cli.out.find("# stage torchrun") != std::string::npos, cli.out.c_str());
        QVERIFY2(cli.out.find("-m opscope_torchrun --standalone --nproc_per_node 4 --no_python") != std::string::npos,
                 cli.out.c_str());
        QVERIFY2(cli.out.find(" capture " + sourceFile("tests/integration/ddp_gloo_train.py") +
                              " --tool cpu --out /tmp/o --name job --no-import\n") != std::string::npos,
                 cli.out.c_str());
        const CliRun srun =
            runOpscope({"capture", "--tool", "cpu", "--srun", "-N2 --ntasks-per-node='4'", "--out", "/tmp/o", "--name",
                        "job", "--dry-run", sourceFile("tests/integration/ddp_gloo_train.py")});
        QVERIFY2(srun.exitCode == 0, srun.err.c_str());
        QVERIFY2(srun.out.find("srun -N2 --ntasks-per-node=4 ") != std::string::npos, srun.out.c_str());
        const CliRun bad = runOpscope({"capture", "--srun", "-N2 'unbalanced", "x.py"});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.find("unbalanced quote") != std::string::npos, bad.err.c_str());
    }

    // A real DDP job (tests/integration/ddp_modules_trace.py): modules labelled, DDP's buckets labelled by
    // the launcher's comm hook (opscope_launcher/ddp_buckets.py), rank 1's blocks doing 3x the matrix work.
    // The all-reduces carry their bucket's modules, and "why" finds rank 1's blocks slower than rank 0's.
    void ddpBucketsAndWhyTheStragglerIsLate()
    {
        QTemporaryDir dir;
        const std::string out = dir.path().toStdString();
        runTwoRanks(sourceFile("tests/integration/ddp_modules_trace.py"), out);
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
        // The group of identical layers is where the extra time is: rank 1's fc1 runs 5 times per block
        // (3x the block's work).
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

} // namespace tst_capture_ranks_suite

OPSCOPE_TEST_SUITE(tst_capture_ranks, tst_capture_ranks_suite::TestCaptureRanks, Core)
#include "tst_capture_ranks.moc"
