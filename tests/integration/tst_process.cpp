// The process runner: argument vectors, environment, working directory, streaming, exit status,
// timeout, and cancel reaching every process of the group (no process may survive a run).
#include "opscope/process.h"
#include "test_suite.h"

#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <climits>
#include <csignal>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace tst_process_suite {

using namespace opscope;
using namespace std::chrono_literals;

namespace {

// True once `pid` is gone: no such process, or a zombie whose parent (init in a container) has not
// reaped it yet. Waits up to `patience` for the kernel to finish the kill: long, so that a loaded machine
// cannot fail it; a process that survived is still there after it.
bool processGone(pid_t pid, std::chrono::milliseconds patience = 30000ms)
{
    const auto deadline = std::chrono::steady_clock::now() + patience;
    while (true) {
        if (::kill(pid, 0) != 0 && errno == ESRCH)
            return true;
        std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
        std::string content;
        std::getline(stat, content);
        const auto close = content.rfind(')');
        if (close != std::string::npos && close + 2 < content.size() && content[close + 2] == 'Z')
            return true;
        if (std::chrono::steady_clock::now() > deadline)
            return false;
        std::this_thread::sleep_for(20ms);
    }
}

double secondsSince(std::chrono::steady_clock::time_point t0)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// How long the programs of the timing cases would run if nothing stopped them, and the bound the runner
// must stay under: half of it, far above what the runner takes on any machine (about a second), far
// below what a runner that did not stop them takes. No bound depends on the machine's speed or load.
constexpr int kUnstoppedSeconds = 120;
constexpr double kStoppedWithin = kUnstoppedSeconds / 2.0;
const std::string kUnstopped = std::to_string(kUnstoppedSeconds);

} // namespace

class TestProcess : public QObject {
    Q_OBJECT

private slots:
    void streamsLinesInOrder()
    {
        ProcessSpec spec;
        spec.argv = {"sh", "-c", "for i in 1 2 3 4 5; do echo line$i; done; echo to-stderr >&2; printf tail"};
        std::vector<std::string> lines;
        const ProcessResult r = runProcess(spec, [&](std::string_view l) { lines.emplace_back(l); });
        QVERIFY(r.ok());
        const std::vector<std::string> expected = {"line1", "line2", "line3", "line4", "line5", "to-stderr", "tail"};
        QCOMPARE(lines, expected);
        QCOMPARE(r.output, std::string("line1\nline2\nline3\nline4\nline5\nto-stderr\ntail"));
    }

    void carriageReturnsEndLines()
    {
        // nsys redraws progress bars with '\r'; "\r\n" is one line end, even split across reads.
        ProcessSpec spec;
        spec.argv = {"sh", "-c", "printf 'a 10%%\\rb 20%%\\r\\nc\\r'; sleep 0.2; printf '\\nd\\n'"};
        std::vector<std::string> lines;
        QVERIFY(runProcess(spec, [&](std::string_view l) { lines.emplace_back(l); }).ok());
        const std::vector<std::string> expected = {"a 10%", "b 20%", "c", "d"};
        QCOMPARE(lines, expected);
    }

    void exitStatus()
    {
        ProcessSpec spec;
        spec.argv = {"sh", "-c", "exit 7"};
        ProcessResult r = runProcess(spec);
        QVERIFY(r.started);
        QCOMPARE(r.exitCode, 7);
        QCOMPARE(r.signal, 0);
        QVERIFY(!r.ok());

        spec.argv = {"sh", "-c", "kill -KILL $$"};
        r = runProcess(spec);
        QCOMPARE(r.signal, SIGKILL);
        QVERIFY(!r.ok());

        spec.argv = {"true"};
        QVERIFY(runProcess(spec).ok());
    }

    void missingProgram()
    {
        ProcessSpec spec;
        spec.argv = {"/nonexistent/opscope-test-program"};
        ProcessResult r = runProcess(spec);
        QVERIFY(!r.started);
        QVERIFY(!r.ok());
        QCOMPARE(r.startError, std::string("/nonexistent/opscope-test-program: program not found"));

        spec.argv = {"opscope-no-such-program-on-path"};
        r = runProcess(spec);
        QVERIFY(!r.started);
        QVERIFY(r.startError.find("program not found") != std::string::npos);

        spec.argv = {};
        QCOMPARE(runProcess(spec).startError, std::string("empty command"));
    }

    void workingDirectory()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        char resolved[PATH_MAX];
        QVERIFY(::realpath(dir.path().toUtf8().constData(), resolved));
        ProcessSpec spec;
        spec.argv = {"sh", "-c", "pwd -P"};
        spec.workingDirectory = dir.path().toStdString();
        const ProcessResult r = runProcess(spec);
        QVERIFY(r.ok());
        QCOMPARE(r.output, std::string(resolved) + "\n");

        spec.workingDirectory = dir.path().toStdString() + "/missing";
        const ProcessResult missing = runProcess(spec);
        QVERIFY(!missing.started);
        QVERIFY(missing.startError.find("working directory does not exist") != std::string::npos);
    }

    void environment()
    {
        ::setenv("OPSCOPE_TEST_INHERITED", "inherited", 1);
        ::setenv("OPSCOPE_TEST_REMOVED", "present", 1);
        ProcessSpec spec;
        spec.argv = {"sh", "-c", "echo $OPSCOPE_TEST_SET/$OPSCOPE_TEST_INHERITED/${OPSCOPE_TEST_REMOVED-unset}"};
        spec.setEnv = {{"OPSCOPE_TEST_SET", "a b;c"}};
        spec.unsetEnv = {"OPSCOPE_TEST_REMOVED"};
        const ProcessResult r = runProcess(spec);
        QVERIFY(r.ok());
        QCOMPARE(r.output, std::string("a b;c/inherited/unset\n"));
    }

    void argumentsAreNotShellParsed()
    {
        ProcessSpec spec;
        spec.argv = {"printf", "%s|", "a b", "$HOME", "'q'", ";echo no"};
        const ProcessResult r = runProcess(spec);
        QVERIFY(r.ok());
        QCOMPARE(r.output, std::string("a b|$HOME|'q'|;echo no|"));
    }

    void logAndSeparateStreams()
    {
        QTemporaryDir dir;
        const std::string log = dir.filePath("run.log").toStdString();
        ProcessSpec spec;
        spec.argv = {"sh", "-c", "echo out1; echo err1 >&2; echo out2"};
        spec.logPath = log;
        spec.mergeStderr = false;
        std::vector<std::string> lines;
        const ProcessResult r = runProcess(spec, [&](std::string_view l) { lines.emplace_back(l); });
        QVERIFY(r.ok());
        QCOMPARE(r.output, std::string("out1\nout2\n"));
        QCOMPARE(r.errorOutput, std::string("err1\n"));
        QCOMPARE(lines.size(), size_t(3));
        std::ifstream in(log);
        std::stringstream content;
        content << in.rdbuf();
        QVERIFY(content.str().find("out1\n") != std::string::npos);
        QVERIFY(content.str().find("err1\n") != std::string::npos);
    }

    void stdoutIntoFile()
    {
        // `ncu --import --csv` prints the CSV on stdout and its warnings on stderr.
        QTemporaryDir dir;
        const std::string csv = dir.filePath("out.csv").toStdString();
        ProcessSpec spec;
        spec.argv = {"sh", "-c", "echo '\"ID\",\"Kernel Name\"'; echo '==WARNING== something' >&2; echo '\"0\",\"k\"'"};
        spec.stdoutPath = csv;
        std::vector<std::string> lines;
        const ProcessResult r = runProcess(spec, [&](std::string_view l) { lines.emplace_back(l); });
        QVERIFY(r.ok());
        std::ifstream in(csv);
        std::stringstream content;
        content << in.rdbuf();
        QCOMPARE(content.str(), std::string("\"ID\",\"Kernel Name\"\n\"0\",\"k\"\n"));
        QCOMPARE(lines, std::vector<std::string>{"==WARNING== something"});
        QVERIFY(r.output.empty());
        QCOMPARE(r.errorOutput, std::string("==WARNING== something\n"));
    }

    void timeout()
    {
        ProcessSpec spec;
        spec.argv = {"sleep", kUnstopped};
        spec.timeout = 300ms;
        const auto t0 = std::chrono::steady_clock::now();
        const ProcessResult r = runProcess(spec, {}, {}, 1000ms);
        QVERIFY(r.timedOut);
        QVERIFY(!r.cancelled);
        QCOMPARE(r.signal, SIGTERM);
        QVERIFY2(secondsSince(t0) >= 0.3, "stopped before its timeout");
        QVERIFY2(secondsSince(t0) < kStoppedWithin, "the timeout did not stop the program");
    }

    void cancelKillsTheWholeGroup()
    {
        // The child starts a grandchild `sleep` and waits; cancel must end both.
        std::atomic<bool> cancel{false};
        const Progress progress({}, &cancel);
        pid_t grandchild = 0;
        ProcessSpec spec;
        spec.argv = {"sh", "-c", "sleep " + kUnstopped + " & echo $!; wait"};
        const auto t0 = std::chrono::steady_clock::now();
        const ProcessResult r = runProcess(
            spec,
            [&](std::string_view line) {
                grandchild = pid_t(std::stol(std::string(line)));
                cancel = true; // as a user pressing Cancel once the workload runs
            },
            progress, 2000ms);
        QVERIFY(grandchild > 0);
        QVERIFY(r.cancelled);
        QVERIFY(!r.ok());
        QVERIFY2(secondsSince(t0) < kStoppedWithin, "cancel did not stop the group");
        QVERIFY2(processGone(grandchild), "the grandchild sleep survived the cancel");
    }

    void cancelKillsWhatIgnoresTerm()
    {
        // A workload that ignores SIGTERM (ignored signals are inherited by the grandchild) gets SIGKILL.
        std::atomic<bool> cancel{false};
        const Progress progress({}, &cancel);
        pid_t grandchild = 0;
        ProcessSpec spec;
        spec.argv = {"sh", "-c",
                     "trap '' TERM; sleep " + kUnstopped + " & echo $!; i=0; while [ $i -lt " + kUnstopped +
                         " ]; do sleep 1; i=$((i+1)); done"};
        const auto t0 = std::chrono::steady_clock::now();
        const ProcessResult r = runProcess(
            spec,
            [&](std::string_view line) {
                grandchild = pid_t(std::stol(std::string(line)));
                cancel = true;
            },
            progress, 500ms);
        QVERIFY(r.cancelled);
        QCOMPARE(r.signal, SIGKILL);
        QVERIFY2(secondsSince(t0) >= 0.5, "SIGKILL came before the grace period ended");
        QVERIFY2(secondsSince(t0) < kStoppedWithin, "SIGKILL did not follow the grace period");
        QVERIFY2(processGone(grandchild), "the grandchild that ignores SIGTERM survived");
    }

    void leftoverDescendantsDoNotHoldTheRun()
    {
        // The main process exits at once but leaves a background job holding its stdout open: the
        // runner must return (not wait 60 s for the pipe to close) and end the job.
        pid_t leftover = 0;
        ProcessSpec spec;
        spec.argv = {"sh", "-c", "sleep " + kUnstopped + " & echo $!"};
        const auto t0 = std::chrono::steady_clock::now();
        const ProcessResult r =
            runProcess(spec, [&](std::string_view line) { leftover = pid_t(std::stol(std::string(line))); });
        QVERIFY(r.ok());
        QVERIFY(leftover > 0);
        QVERIFY2(secondsSince(t0) < kStoppedWithin, "the runner waited for a background job");
        QVERIFY2(processGone(leftover), "a background job outlived its run");
    }

    void cancelledBeforeStart()
    {
        std::atomic<bool> cancel{true};
        ProcessSpec spec;
        spec.argv = {"sh", "-c", "touch /tmp/opscope-should-not-exist-$$"};
        const ProcessResult r = runProcess(spec, {}, Progress({}, &cancel));
        QVERIFY(!r.started);
        QVERIFY(r.cancelled);
    }

    void findExecutableAndDisplay()
    {
        QCOMPARE(findExecutable("sh").empty(), false);
        QCOMPARE(findExecutable("/bin/sh"), std::string("/bin/sh"));
        QVERIFY(findExecutable("/nonexistent/x").empty());
        QTemporaryDir dir;
        const std::string tool = dir.filePath("mytool").toStdString();
        std::ofstream(tool) << "#!/bin/sh\n";
        QVERIFY(findExecutable("mytool", {dir.path().toStdString()}).empty()); // not executable yet
        ::chmod(tool.c_str(), 0755);
        QCOMPARE(findExecutable("mytool", {dir.path().toStdString()}), tool);

        QCOMPARE(displayCommand({"ncu", "--nvtx-include", "blocks.0[Block]/", "python3", "it's"}),
                 std::string("ncu --nvtx-include 'blocks.0[Block]/' python3 'it'\\''s'"));
    }
};

} // namespace tst_process_suite

OPSCOPE_TEST_SUITE(tst_process, tst_process_suite::TestProcess, Appless)
#include "tst_process.moc"
