// Captures through Slurm on a real single-node cluster (Debian's slurm-wlm and munge on 127.0.0.1,
// started for the CTest run by tests/integration/slurm_cluster.sh, OPSCOPE_SLURM_DIR): `srun -N1 -n2
// opscope-cli capture ...` as users type it (each task writes its rank's part, rank 0 imports the job)
// and `opscope capture --srun "-N1 -n2"`, both giving one profile with two ranks and their all-reduces.
// The unchanged DDP script gets torch.distributed's RANK, WORLD_SIZE, MASTER_ADDR/PORT from OpScope,
// which derives them from Slurm's variables.
#include "capture_test_util.h"
#include "opscope/pipeline.h"
#include "opscope/profile_store.h"
#include "opscope/ranks.h"
#include "test_suite.h"

#include <QTemporaryDir>
#include <QTest>

#include <filesystem>

namespace tst_capture_slurm_suite {

using namespace opscope;
using namespace opscope::test;

class TestCaptureSlurm : public QObject {
    Q_OBJECT

    std::string python_, cluster_;
    std::map<std::string, std::string> env_;
    const std::string script_ = sourceFile("tests/integration/ddp_gloo_train.py");

    void checkJob(const std::string &run, const std::string &profile)
    {
        QCOMPARE(pipeline::rankParts(run).size(), size_t(2));
        for (const std::string &part : pipeline::rankParts(run)) {
            const nlohmann::json m = readJson(part + "/manifest.json");
            QCOMPARE(m["rank"]["engine"].get<std::string>(), std::string("slurm"));
            QCOMPARE(m["rank"]["world_size"].get<int>(), 2);
            QVERIFY(m["rank"]["run_id"].get<std::string>().rfind("slurm-", 0) == 0);
            QCOMPARE(m["result"].get<std::string>(), std::string("ok"));
        }
        const Profile p = loadProfile(profile);
        QCOMPARE(ranksOf(p), (std::vector<int>{0, 1}));
        const RankReport report = analyzeRanks(p);
        QVERIFY(report.ranks[0].collectives > 0);
        QCOMPARE(report.matched.size(), report.ranks[0].collectives);
        for (const MatchedCollective &m : report.matched)
            QCOMPARE(toString(m.kind), std::string_view("all-reduce"));
        QCOMPARE(report.straggler, 1);
    }

private slots:
    void initTestCase()
    {
        const char *dir = std::getenv("OPSCOPE_SLURM_DIR");
        if (!dir || !*dir)
            QSKIP("OPSCOPE_SLURM_DIR is not set: run this suite through CTest, which starts the cluster");
        cluster_ = dir;
        if (std::filesystem::exists(cluster_ + "/skip"))
            QSKIP(("the Slurm cluster cannot run here: " + readText(cluster_ + "/skip")).c_str());
        QVERIFY2(std::filesystem::exists(cluster_ + "/slurm.conf"),
                 "slurm_cluster_start did not run (or failed): see its output");
        python_ = pipeline::findPython();
        if (python_.empty() || !pipeline::pythonHasTorch(python_))
            QSKIP("no python3 here can import torch (install Debian's python3-torch)");
        env_ = {{"SLURM_CONF", cluster_ + "/slurm.conf"}};
    }

    // srun opscope-cli capture ...: each task a rank; rank 0 imports the job once both parts are done.
    void srunOpscopeCaptureAsIs()
    {
        QTemporaryDir dir;
        const std::string out = dir.path().toStdString();
        ProcessSpec spec;
        spec.argv = {"srun",    "-N1",      "-n2",         std::getenv("OPSCOPE_CLI"),
                     "capture", "--tool",   "cpu",         "--python",
                     python_,   "--warmup", "2",           "--reference-steps",
                     "0",       "--steps",  "2",           "--out",
                     out,       "--name",   "slurm-as-is", script_};
        spec.setEnv = env_;
        spec.timeout = std::chrono::milliseconds(300000);
        const ProcessResult r = runProcess(spec);
        QVERIFY2(r.ok(), r.output.c_str());
        const std::string run = out + "/slurm-as-is";
        QVERIFY2(r.output.find("profile: " + run + "/slurm-as-is.opscope") != std::string::npos, r.output.c_str());
        checkJob(run, run + "/slurm-as-is.opscope");
    }

    // opscope capture --srun "-N1 -n2": OpScope runs srun (an argument vector), the tasks write the parts,
    // OpScope imports the job.
    void captureWithSrunOption()
    {
        QTemporaryDir dir;
        const std::string out = dir.path().toStdString();
        const CliRun cli =
            runOpscope({"capture", "--tool", "cpu", "--python", python_, "--srun", "-N1 -n2", "--warmup", "2",
                        "--reference-steps", "0", "--steps", "2", "--out", out, "--name", "slurm-option", script_},
                       env_);
        QVERIFY2(cli.exitCode == 0, (cli.out + cli.err).c_str());
        const std::string run = out + "/slurm-option";
        QCOMPARE(readJson(run + "/manifest.json")["ranks"]["srun_args"].get<std::string>(), std::string("-N1 -n2"));
        checkJob(run, run + "/slurm-option.opscope");
    }
};

} // namespace tst_capture_slurm_suite

OPSCOPE_TEST_SUITE(tst_capture_slurm, tst_capture_slurm_suite::TestCaptureSlurm, Core)
#include "tst_capture_slurm.moc"
