// Config sweeps on the CPU (Debian's python3-torch): the sweep of examples/mlp.py over size x batch that
// the fixture sweep_mlp made (tests/integration/sweep_setup.cmake), its report, a configuration that
// fails on purpose while the other finishes (and --resume), and the bad input a user gives: a parameter
// the script does not take, an empty value list, a sweep folder of another format version.
#include "capture_test_util.h"
#include "test_suite.h"

#include "opscope/sweep.h"
#include "opscope/sweep_report.h"

#include <filesystem>

#include <QTemporaryDir>
#include <QTest>

namespace tst_sweep_suite {

using namespace opscope;
using namespace opscope::test;

class TestSweep : public QObject {
    Q_OBJECT

    const std::string sweepDir_ = opscope::test::sweepFixtureDir();
    std::string script_;

    void requireSweep()
    {
        if (!std::filesystem::exists(sweepDir_ + "/sweep.json"))
            QSKIP("the fixture sweep_mlp made no sweep (no python3 with torch here)");
    }

private slots:
    void initTestCase() { script_ = test::sourceFile("examples/mlp.py"); }

    void sweepFolder()
    {
        requireSweep();
        const nlohmann::json j = readJson(sweepDir_ + "/sweep.json");
        QCOMPARE(j["format"].get<std::string>(), std::string("opscope-sweep"));
        QCOMPARE(j["version"].get<int>(), 1);
        QCOMPARE(j["parameters"][0]["name"].get<std::string>(), std::string("size"));
        QVERIFY(j["parameters"][1]["values"] == nlohmann::json({"8", "32"}));
        // The cartesian product, the last parameter varying fastest; every run a run folder with a profile.
        const std::vector<std::string> folders = {"size=tiny,batch=8", "size=tiny,batch=32", "size=small,batch=8",
                                                  "size=small,batch=32"};
        QCOMPARE(j["runs"].size(), folders.size());
        for (size_t i = 0; i < folders.size(); ++i) {
            const auto &run = j["runs"][i];
            QCOMPARE(run["folder"].get<std::string>(), folders[i]);
            QCOMPARE(run["status"].get<std::string>(), std::string("ok"));
            QVERIFY(std::filesystem::exists(sweepDir_ + "/" + run["profile"].get<std::string>()));
            const nlohmann::json manifest = readJson(sweepDir_ + "/" + folders[i] + "/manifest.json");
            const auto argv = manifest["stages"][0]["argv"].get<std::vector<std::string>>();
            // The values reach the script as --NAME VALUE after its own arguments.
            QCOMPARE(std::vector<std::string>(argv.end() - 6, argv.end()),
                     (std::vector<std::string>{"--steps", "6", "--size", run["config"]["size"].get<std::string>(),
                                               "--batch", run["config"]["batch"].get<std::string>()}));
        }
    }

    void reportStepTimeRisesWithSize()
    {
        requireSweep();
        const CliRun r = runOpscope({"sweep-report", sweepDir_, "--json"});
        QVERIFY2(r.exitCode == 0, r.err.c_str());
        const nlohmann::json j = nlohmann::json::parse(r.out);
        QCOMPARE(j["metric"].get<std::string>(), std::string("step-time"));
        QCOMPARE(j["unit"].get<std::string>(), std::string("ns"));
        QCOMPARE(j["series"][0]["key"].get<std::string>(), std::string("plain"));
        QCOMPARE(j["series"][1]["key"].get<std::string>(), std::string("captured"));
        std::map<std::string, double> plain; // "size/batch" -> ns
        for (const auto &run : j["runs"]) {
            const double ns = run["values"]["plain"].get<double>();
            QVERIFY(ns > 0);
            plain[run["config"]["size"].get<std::string>() + "/" + run["config"]["batch"].get<std::string>()] = ns;
        }
        // small is 256 wide and 4 deep against tiny's 64 and 3: ~20x the work at the same batch.
        QVERIFY2(plain.at("small/8") > 2 * plain.at("tiny/8"), r.out.c_str());
        QVERIFY2(plain.at("small/32") > 2 * plain.at("tiny/32"), r.out.c_str());
        QVERIFY2(plain.at("small/32") > plain.at("small/8"), r.out.c_str());

        // The same figures from the library the GUI calls, and as CSV.
        const sweep::SweepReport report = sweep::sweepReport(sweep::loadSweep(sweepDir_), {});
        QCOMPARE(report.series.size(), size_t(2));
        const double smallPlain = report.series[0].values[2].value_or(0);
        QCOMPARE(smallPlain, plain.at("small/8"));
        const CliRun csv = runOpscope({"sweep-report", sweepDir_, "--csv"});
        QCOMPARE(csv.exitCode, 0);
        QVERIFY2(csv.out.starts_with("size,batch,plain step (ns),captured step (ns),status,folder\ntiny,8,"),
                 csv.out.c_str());
        QCOMPARE(int(std::count(csv.out.begin(), csv.out.end(), '\n')), 5);
    }

    void reportByModule()
    {
        requireSweep();
        sweep::SweepReportOptions options;
        options.metric = "cpu-time";
        options.by = sweep::SweepBy::Module;
        options.top = 0;
        const sweep::SweepReport report = sweep::sweepReport(sweep::loadSweep(sweepDir_), options);
        // The root's children and the loss beside the model, as the module paths are stored.
        std::set<std::string> labels;
        for (const auto &s : report.series)
            labels.insert(s.label);
        for (const std::string name : {"inp", "blocks.0", "blocks.2", "head"})
            QVERIFY2(std::any_of(labels.begin(), labels.end(), [&](const std::string &l) { return l.ends_with(name); }),
                     name.c_str());
        // blocks.3 exists in the small MLP only (4 blocks against 3).
        const auto b3 = std::find_if(report.series.begin(), report.series.end(),
                                     [](const auto &s) { return s.label.ends_with("blocks.3"); });
        QVERIFY(b3 != report.series.end());
        QVERIFY(!b3->values[0] && !b3->values[1] && b3->values[2] && b3->values[3]);
    }

    void failedRunIsRecordedAndOthersFinish()
    {
        QTemporaryDir dir;
        const std::string out = dir.path().toStdString();
        if (!std::filesystem::exists(sweepDir_ + "/sweep.json"))
            QSKIP("no python3 with torch here");
        // "huge" is no size mlp.py knows: that run fails, the next one runs.
        CliRun r = runOpscope(
            {"sweep", script_, "--param", "size=huge,tiny", "--out", out, "--name", "s", "--", "--steps", "6"});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.out.find("1 of 2 run(s) finished, 1 failed") != std::string::npos, r.out.c_str());
        nlohmann::json j = readJson(out + "/s/sweep.json");
        QCOMPARE(j["runs"][0]["status"].get<std::string>(), std::string("failed"));
        QVERIFY2(j["runs"][0]["error"].get<std::string>().find("invalid choice: 'huge'") != std::string::npos,
                 j.dump().c_str());
        QCOMPARE(j["runs"][1]["status"].get<std::string>(), std::string("ok"));
        const double tinyWall = j["runs"][1]["wall_s"].get<double>();

        // The report leaves the failed configuration out and says why.
        r = runOpscope({"sweep-report", out + "/s"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.find("note: size=huge: failed (capture failed (exit code 2))") != std::string::npos,
                 r.out.c_str());

        // --resume runs only what did not finish.
        r = runOpscope({"sweep", script_, "--param", "size=huge,tiny", "--out", out, "--name", "s", "--resume", "--",
                        "--steps", "6"});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.out.find("1 not run now") != std::string::npos, r.out.c_str());
        j = readJson(out + "/s/sweep.json");
        QCOMPARE(j["runs"][1]["wall_s"].get<double>(), tinyWall);
        // ... and only the sweep it was made with.
        r = runOpscope({"sweep", script_, "--param", "size=tiny", "--out", out, "--name", "s", "--resume"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.find("was made with other parameters") != std::string::npos, r.err.c_str());
    }

    void unknownParameterStopsTheSweep()
    {
        if (!std::filesystem::exists(sweepDir_ + "/sweep.json"))
            QSKIP("no python3 with torch here");
        QTemporaryDir dir;
        const std::string out = dir.path().toStdString();
        const CliRun r = runOpscope({"sweep", script_, "--param", "width=64,128", "--out", out, "--name", "u"});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.find("opscope sweep: error: the script " + script_ +
                            " does not take the parameter --width (it said: unrecognized arguments: --width 64)") !=
                     std::string::npos,
                 r.err.c_str());
        const nlohmann::json j = readJson(out + "/u/sweep.json");
        QCOMPARE(j["runs"][0]["status"].get<std::string>(), std::string("failed"));
        QCOMPARE(j["runs"][1]["status"].get<std::string>(), std::string("pending"));
    }

    void badInput()
    {
        QTemporaryDir dir;
        const std::string out = dir.path().toStdString();
        CliRun r = runOpscope({"sweep", script_, "--param", "batch=", "--out", out});
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(r.err, std::string("opscope sweep: parameter 'batch' has an empty value list (--param "
                                    "batch=V1,V2,...)\n"));
        r = runOpscope({"sweep", script_, "--out", out});
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(r.err, std::string("opscope sweep: no parameter to sweep: give --param NAME=V1,V2,...\n"));
        r = runOpscope({"sweep", script_, "--param", "a=1,2", "--param", "b=1", "--zip", "--out", out});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.find("'a' has 2 values and 'b' has 1") != std::string::npos, r.err.c_str());
        r = runOpscope({"sweep", script_, "--param", "batch-size=1", "--as-env", "--out", out});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.find("'batch-size' is no environment variable name") != std::string::npos, r.err.c_str());
        r = runOpscope({"sweep", script_, "--param", "size=tiny", "--out", out, "--", "--size", "small"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.find("the script's arguments already give --size") != std::string::npos, r.err.c_str());
        QVERIFY2(QDir(dir.path()).isEmpty(), "a refused sweep left a folder");

        // A sweep folder of another format version, and a folder that is no sweep.
        std::filesystem::create_directories(out + "/v2");
        std::ofstream(out + "/v2/sweep.json") << R"({"format": "opscope-sweep", "version": 2, "runs": []})";
        r = runOpscope({"sweep-report", out + "/v2"});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.err, "opscope sweep-report: error: " + out +
                            "/v2/sweep.json: the sweep is format version 2, this OpScope reads version 1: open it "
                            "with a newer OpScope\n");
        r = runOpscope({"sweep-report", out});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.err, "opscope sweep-report: error: " + out + ": not a sweep folder (no sweep.json)\n");
        if (std::filesystem::exists(sweepDir_ + "/sweep.json")) {
            r = runOpscope({"sweep-report", sweepDir_, "--metric", "dram_bytes"});
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.find("unknown metric 'dram_bytes'") != std::string::npos, r.err.c_str());
        }
    }

    void dryRunListsTheRuns()
    {
        QTemporaryDir dir;
        const std::string out = dir.path().toStdString();
        const CliRun r = runOpscope({"sweep", script_, "--param", "size=tiny,small", "--param", "batch=8,32", "--zip",
                                     "--out", out, "--name", "d", "--dry-run", "--", "--steps", "6"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.find("run 1/2 size=tiny, batch=8\n  opscope capture " + script_ + " --out " + out +
                            "/d --name size=tiny,batch=8 -- --steps 6 --size tiny --batch 8\n") != std::string::npos,
                 r.out.c_str());
        QVERIFY(r.out.find("run 2/2 size=small, batch=32") != std::string::npos);
        QVERIFY2(QDir(dir.path()).isEmpty(), "--dry-run made a folder");
    }
};

} // namespace tst_sweep_suite

OPSCOPE_TEST_SUITE(tst_sweep, tst_sweep_suite::TestSweep, Core)
#include "tst_sweep.moc"
