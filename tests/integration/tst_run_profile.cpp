// Capture, then replay, then one import (pipeline::runProfile, what `opscope profile` and the capture
// wizard run), and the replay's progress as k/N: how many kernels ncu will profile is known before it
// starts when it replays the whole captured step. Stand-ins for nsys and ncu replay a real capture of
// the fixtures (standin_tools.h).
#include "capture_test_util.h"
#include "opscope/pipeline.h"
#include "opscope/profile_store.h"
#include "standin_tools.h"
#include "test_suite.h"

#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

namespace tst_run_profile_suite {

using namespace opscope;
using namespace opscope::pipeline;

namespace {

struct Seen {
    std::string stage;
    ToolEvent event;
};

// The replay events of a run: what ncu will profile, and each kernel it profiled.
StageCallbacks recording(std::vector<Seen> &seen)
{
    StageCallbacks callbacks;
    callbacks.onEvent = [&seen](std::string_view stage, const ToolEvent &e) {
        if (e.kind == ToolEvent::Kind::ReplayKernelsExpected || e.kind == ToolEvent::Kind::NcuKernel)
            seen.push_back({std::string(stage), e});
    };
    return callbacks;
}

CaptureRequest gptCapture(const test::StandInTools &tools, const std::string &out)
{
    CaptureRequest c;
    c.workload.script = test::sourceFile("examples/gpt.py");
    c.workload.python = "/bin/true";
    c.tool = CaptureTool::Nsys;
    c.nsysPath = tools.nsys;
    c.correlationPass = false;
    c.outDir = out;
    c.name = "gpt";
    return c;
}

} // namespace

class TestRunProfile : public QObject {
    Q_OBJECT

private slots:
    void cliProfileCountsKernelsOutOfTheExpected()
    {
        QTemporaryDir dir;
        const test::StandInTools tools = test::writeStandInTools(dir);
        const std::string out = dir.path().toStdString() + "/runs";
        const test::CliRun r =
            test::runOpscope({"profile", test::sourceFile("examples/gpt.py"), "--nsys", tools.nsys, "--ncu", tools.ncu,
                              "--python", "/bin/true", "--no-correlation", "--out", out, "--name", "gpt"});
        QVERIFY2(r.exitCode == 0, r.err.c_str());
        // ncu's progress as k/N, N the launches the distinct-launch plan chose: 13 of the 46 kernels nsys
        // saw in the captured step (tst_distinct_launches).
        for (const char *line :
             {"[ncu] kernel 1/13: vectorized_gather_kernel\n", "[ncu] kernel 2/13: ", "[ncu] kernel 13/13: "})
            QVERIFY2(r.err.find(line) != std::string::npos, (std::string(line) + " not in:\n" + r.err).c_str());
        QVERIFY2(r.err.find("/47") == std::string::npos, r.err.c_str());
        QCOMPARE(r.out, "run folder: " + out + "/gpt\nprofile: " + out + "/gpt/gpt.opscope\n");

        const nlohmann::json m = test::readJson(out + "/gpt/manifest.json");
        std::vector<std::string> stages;
        for (const auto &s : m["stages"])
            stages.push_back(s.value("name", ""));
        QCOMPARE(stages, (std::vector<std::string>{"nsys", "nsys-export", "ncu", "ncu-export"}));
        QCOMPARE(m["replays"][0].value("kernels_profiled", 0), 13);
        QCOMPARE(m["replays"][0].value("distinct_launches", false), true);
        QCOMPARE(m["replays"][0].value("distinct_kernels_in_capture", 0), 46);
        QCOMPARE(m["replays"][0].value("distinct_signatures", 0), 13);
        QCOMPARE(m["replays"][0].value("kernels_skipped", 0), 33);
        QCOMPARE(m["replays"][0].value("result", ""), std::string("ok"));
        // The import copied the counters of each signature's profiled launch to the others: every kernel
        // of the captured step has counters (one of the 33 got its row from the import's own matching).
        QCOMPARE(m["counts"].value("distinct_kernels_filled", 0), 32);
        QCOMPARE(m["counts"].value("distinct_problems", -1), 0);
        QVERIFY2(r.err.find("distinct launches: ncu profiled 13 of 46 kernels of the captured step (13 distinct "
                            "launch signatures)") != std::string::npos,
                 r.err.c_str());
        {
            const Profile p = loadProfile(out + "/gpt/gpt.opscope");
            size_t captured = 0, withCounters = 0;
            for (Index k = 0; k < p.kernels.size(); ++k)
                if (!(p.kernels[k].flags & kKernelOutsideCapture)) {
                    ++captured;
                    withCounters += !p.countersOfKernel(k).empty();
                }
            QCOMPARE(captured, size_t(46));
            QCOMPARE(withCounters, size_t(46));
        }

        // The run folder imported again (as after an OpScope update): the same profile, rewritten in place,
        // and with -o a copy where the user asks.
        const std::string profilePath = out + "/gpt/gpt.opscope";
        const Profile before = loadProfile(profilePath);
        QVERIFY(QFile::remove(QString::fromStdString(profilePath)));
        const std::string copy = dir.path().toStdString() + "/again.opscope";
        const test::CliRun again = test::runOpscope({"import", out + "/gpt", "-o", copy});
        QVERIFY2(again.exitCode == 0, again.err.c_str());
        QCOMPARE(again.err, "wrote " + profilePath + " and " + copy + "\n");
        for (const std::string &path : {profilePath, copy}) {
            const Profile after = loadProfile(path);
            QCOMPARE(after.kernels.size(), before.kernels.size());
            QCOMPARE(after.operators.size(), before.operators.size());
            QCOMPARE(after.kernel_counters.size(), before.kernel_counters.size());
        }
    }

    void replayReportsWhatNcuWillProfile()
    {
        QTemporaryDir dir;
        const test::StandInTools tools = test::writeStandInTools(dir);
        ReplayRequest replay;
        replay.ncuPath = tools.ncu;
        std::vector<Seen> seen;
        const PipelineResult profiled =
            runProfile(gptCapture(tools, dir.path().toStdString()), replay, recording(seen));
        QVERIFY2(profiled.ok(), profiled.problems.empty() ? "" : profiled.problems[0].c_str());
        QVERIFY(QFileInfo::exists(QString::fromStdString(profiled.profilePath)));
        std::vector<std::string> stages;
        for (const auto &s : profiled.stages)
            stages.push_back(s.name);
        QCOMPARE(stages, (std::vector<std::string>{"nsys", "nsys-export", "ncu", "ncu-export"}));

        // Before ncu's first kernel: the total (the distinct-launch plan's 13); then every kernel carries it.
        QCOMPARE(seen.size(), size_t(1 + 13));
        QCOMPARE(seen.front().stage, std::string("ncu"));
        QCOMPARE(seen.front().event.kind, ToolEvent::Kind::ReplayKernelsExpected);
        QCOMPARE(seen.front().event.total, int64_t(13));
        for (size_t i = 1; i < seen.size(); ++i) {
            QCOMPARE(seen[i].event.kind, ToolEvent::Kind::NcuKernel);
            QCOMPARE(seen[i].event.current, int64_t(i));
            QCOMPARE(seen[i].event.total, int64_t(13));
        }

        // A dedup replay of the same run (its second: stage ncu-2) leaves out the duplicate layers:
        // 30 of the 46 kernels were launched inside blocks.1-3 (tst_command_builders' passCounts).
        std::ofstream(profiled.runDir + "/partition_map.json") << R"({"format": "opscope-partition-map", "version": 1,
          "root": "model[GPT]", "groups": [{"name": "blocks.*[Block]", "class": "Block", "representative": "blocks.0",
          "members": ["blocks.0", "blocks.1", "blocks.2", "blocks.3"],
          "labels": ["blocks.0[Block]", "blocks.1[Block]", "blocks.2[Block]", "blocks.3[Block]"]}]})";
        replay.run = profiled.runDir;
        replay.distinctLaunches = false;
        seen.clear();
        runReplay(replay, recording(seen)); // the stand-in ignores the exclusions: the count check says so
        QCOMPARE(seen.front().stage, std::string("ncu-2"));
        QCOMPARE(seen.front().event.kind, ToolEvent::Kind::ReplayKernelsExpected);
        QCOMPARE(seen.front().event.total, int64_t(16));
        QCOMPARE(seen.back().event.total, int64_t(16));

        // A filtered replay cannot know: no total.
        replay.ncu.kernelName = ncuKernelNameFilter(".*gemm.*", true);
        seen.clear();
        runReplay(replay, recording(seen));
        QCOMPARE(seen.size(), size_t(46));
        QVERIFY(std::all_of(seen.begin(), seen.end(), [](const Seen &s) {
            return s.stage == "ncu-3" && s.event.kind == ToolEvent::Kind::NcuKernel && s.event.total == 0;
        }));
    }

    void missingNcuStopsBeforeTheCapture()
    {
        QTemporaryDir dir;
        const test::StandInTools tools = test::writeStandInTools(dir);
        ReplayRequest replay;
        replay.ncuPath = dir.path().toStdString() + "/no-such-ncu";
        QVERIFY_THROWS_EXCEPTION(ToolError, runProfile(gptCapture(tools, dir.path().toStdString()), replay));
        QVERIFY2(!QFileInfo::exists(dir.filePath("gpt")), "the capture ran although ncu is missing");
    }
};

} // namespace tst_run_profile_suite

OPSCOPE_TEST_SUITE(tst_run_profile, tst_run_profile_suite::TestRunProfile, Appless)
#include "tst_run_profile.moc"
