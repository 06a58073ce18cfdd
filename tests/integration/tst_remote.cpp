// Remote captures over SSH against a real sshd on 127.0.0.1 (tests/support/sshd_fixture.h): the remote
// command line survives nasty arguments; ssh config hosts are listed; a host check reports Python,
// torch and the missing nsys/ncu; a CPU capture of examples/mlp.py with the CLI copied there comes
// back and imports with its module tree; `opscope verify` of that run goes back to the host; Cancel leaves no process
// on either side; an unreachable host, a refused key, an unknown host key and a missing CLI give messages that say
// which and where.
#include "capture_test_util.h"
#include "opscope/importer.h"
#include "opscope/phases.h"
#include "opscope/remote.h"
#include "remote/cli_args.h"
#include "remote/ssh_session.h"
#include "sshd_fixture.h"
#include "test_suite.h"

#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <thread>

namespace tst_remote_suite {

using namespace opscope;
using namespace opscope::test;
namespace fs = std::filesystem;

namespace {

// Arguments a shell would mangle if any were not quoted: spaces, both quotes, expansions, command
// substitution (which would create a file), separators, globs, a newline, a backslash, UTF-8, an
// empty argument and option-like words; and the pair that POSIX quoting turned into a command under fish
// (`a\` then `; touch X; echo \`: fish reads \' inside single quotes as a quote), history expansion
// and printf's own escapes.
std::vector<std::string> nastyArguments(const std::string &witness)
{
    return {"a\\",
            "; touch " + witness + "; echo \\",
            "two words",
            "it's",
            "\"double\"",
            "$HOME",
            "$(touch " + witness + ")",
            "`touch " + witness + "`",
            "; touch " + witness + ";",
            "a && b || c",
            "*",
            "line\nbreak",
            "back\\slash",
            "tab\there",
            "ünïcødé",
            "",
            "--",
            "-x",
            "'",
            "''\\''",
            "!$ !! %s %d \\n \\041",
            "trailing newlines\n\n",
            "\x01\x7f"};
}

// What the command line itself carries: the arguments above and bytes that are not UTF-8.
std::vector<std::string> nastyBytes(const std::string &witness)
{
    std::vector<std::string> args = nastyArguments(witness);
    args.push_back("\xff\xfe \xc3");
    return args;
}

// What `printf '%s\0' ARGS...` printed, split at the NULs.
std::vector<std::string> splitAtNul(const std::string &output)
{
    std::vector<std::string> got;
    size_t start = 0;
    for (size_t end; (end = output.find('\0', start)) != std::string::npos; start = end + 1)
        got.push_back(output.substr(start, end - start));
    return got;
}

std::string pythonValue(const std::string &python, const std::string &code)
{
    ProcessSpec spec;
    spec.argv = {python, "-c", code};
    spec.mergeStderr = false;
    spec.timeout = std::chrono::milliseconds(120000);
    std::string out = runProcess(spec).output;
    while (!out.empty() && out.back() == '\n')
        out.pop_back();
    return out;
}

} // namespace

class TestRemote : public QObject {
    Q_OBJECT

    SshdFixture sshd_;
    bool sshdUp_ = false;
    std::string whyNoSshd_;
    QTemporaryDir remoteDir_; // the "host's" run area (same file system: the test can look at it)
    QTemporaryDir localDir_;  // where runs are copied back

    remote::SshTarget target(const char *host = SshdFixture::kHost) const
    {
        remote::SshTarget t;
        t.host = host;
        t.configFile = sshd_.configFile;
        t.remoteDirectory = remoteDir_.path().toStdString();
        t.remoteOpscope = opscope::test::opscopeBinary();
        return t;
    }

#define REQUIRE_SSHD()                                                                                                 \
    do {                                                                                                               \
        if (!sshdUp_)                                                                                                  \
            QSKIP(whyNoSshd_.c_str());                                                                                 \
    } while (false)

private slots:
    void initTestCase()
    {
        sshdUp_ = sshd_.start(&whyNoSshd_);
        if (!sshdUp_)
            qWarning("the SSH tests are skipped: %s", whyNoSshd_.c_str());
        QVERIFY(remoteDir_.isValid() && localDir_.isValid());
    }

    // --- the remote command line (no sshd needed)

    void remoteCommandLineEncoding()
    {
        QCOMPARE(remote::encodeRemoteArgument("plain-1.0/x_y,z:a=b+c@d"), std::string("'plain-1.0/x_y,z:a=b+c@d'"));
        QCOMPARE(remote::encodeRemoteArgument("it's"), std::string("'it\\047s'"));
        QCOMPARE(remote::encodeRemoteArgument(""), std::string("''"));
        QCOMPARE(remote::encodeRemoteArgument("a\\"), std::string("'a\\134'"));
        QCOMPARE(remote::encodeRemoteArgument("\xc3\xbc"), std::string("'\\303\\274'"));
        const std::string line = remote::remoteCommandLine({"echo", "a b", "$x"});
        QVERIFY2(line.rfind("'sh' '-c' '", 0) == 0 && line.ends_with("' 'sh' 'echo' 'a\\040b' '\\044x'"), line.c_str());
        // The fixed program has nothing any shell reads inside single quotes: no quote, backslash, '!' or
        // newline; the arguments' backslashes are each followed by an octal digit.
        const std::string program = line.substr(11, line.find("' 'sh' ") - 11);
        QVERIFY2(program.find_first_of("'\\!\n") == std::string::npos, program.c_str());
        for (size_t at = line.find('\\'); at != std::string::npos; at = line.find('\\', at + 1))
            QVERIFY(line[at + 1] >= '0' && line[at + 1] <= '7');
    }

    void quotedArgumentsRoundTrip_data()
    {
        QTest::addColumn<QString>("shell");
        for (const char *shell : {"/bin/sh", "/bin/bash", "/bin/dash", "/usr/bin/fish", "/bin/zsh", "/usr/bin/tcsh"})
            if (::access(shell, X_OK) == 0)
                QTest::newRow(shell) << QString(shell);
    }

    void quotedArgumentsRoundTrip()
    {
        // Each argument comes out of the shell byte for byte, and no substitution ran: the shell reads the
        // line as sshd gives it to a login shell (SHELL -c LINE).
        QFETCH(QString, shell);
        QTemporaryDir dir;
        const std::string witness = dir.filePath("pwned").toStdString();
        const std::vector<std::string> args = nastyBytes(witness);
        std::vector<std::string> argv = {"printf", "%s\\0"};
        argv.insert(argv.end(), args.begin(), args.end());
        ProcessSpec spec;
        spec.argv = {shell.toStdString(), "-c", remote::remoteCommandLine(argv)};
        spec.setEnv = {{"HOME", dir.path().toStdString()}}; // fish writes its history and config there
        spec.mergeStderr = false;
        const ProcessResult r = runProcess(spec);
        QVERIFY2(r.ok(), (r.output + r.errorOutput).c_str());
        QCOMPARE(splitAtNul(r.output), args);
        QVERIFY(!fs::exists(witness));
    }

    void loginShellsOverSsh_data()
    {
        QTest::addColumn<QString>("shell");
        for (const char *shell : {"/bin/sh", "/bin/bash", "/bin/dash", "/usr/bin/fish"})
            QTest::newRow(shell) << QString(shell);
    }

    void loginShellsOverSsh()
    {
        // The real thing: sshd runs the command line with the user's login shell (SHELL -c LINE). An sshd of
        // its own for each shell (the user's shell replaced in its view of /etc/passwd), the arguments
        // sent by SshSession as a remote capture sends them, printed back byte for byte; nothing ran.
        QFETCH(QString, shell);
        REQUIRE_SSHD();
        SshdFixture sshd;
        sshd.setLoginShell(shell.toStdString());
        std::string whyNot;
        if (!sshd.start(&whyNot))
            QSKIP(whyNot.c_str());
        QTemporaryDir dir;
        const std::string witness = dir.filePath("pwned").toStdString();
        const std::vector<std::string> args = nastyBytes(witness);
        std::vector<std::string> argv = {"printf", "%s\\0"};
        argv.insert(argv.end(), args.begin(), args.end());
        remote::SshTarget t;
        t.host = SshdFixture::kHost;
        t.configFile = sshd.configFile;
        remote::detail::SshSession session(t);
        // sshd runs the session's command with the login shell it sets in SHELL: the one the fixture chose.
        const ProcessResult which = session.run({"sh", "-c", "echo \"$SHELL\""});
        QVERIFY2(which.ok(), (which.output + which.errorOutput).c_str());
        QCOMPARE(QString::fromStdString(which.output).trimmed(), shell);
        ProcessSpec spec;
        spec.mergeStderr = false;
        const ProcessResult r = session.run(argv, spec);
        QVERIFY2(r.ok(), (r.output + r.errorOutput).c_str());
        QCOMPARE(splitAtNul(r.output), args);
        QVERIFY(!fs::exists(witness));
    }

    void sshCommandsKeepTheUsersChecks()
    {
        // The argument vector: batch mode, one shared connection, the config and port when given,
        // "--" before the host, and no option that weakens host key checking.
        remote::SshTarget t;
        t.host = "gpu-box";
        t.port = 2222;
        t.configFile = "/home/u/my ssh config";
        remote::RemoteRunRequest request;
        request.capture.workload.script = "/srv/train.py";
        request.capture.name = "train";
        const auto plan = remote::planRemoteRun(t, request);
        std::vector<std::string> stages;
        for (const auto &c : plan)
            stages.push_back(c.stage);
        QCOMPARE(stages, (std::vector<std::string>{"connect", "remote capture", "copy back", "unpack"}));
        for (const auto &c : plan) {
            if (c.argv[0] != "ssh")
                continue;
            const auto &a = c.argv;
            const auto has = [&](const std::string &x) { return std::find(a.begin(), a.end(), x) != a.end(); };
            QVERIFY(has("BatchMode=yes") && has("ControlMaster=auto") && has("ControlPersist=60"));
            QVERIFY(
                std::any_of(a.begin(), a.end(), [](const std::string &x) { return x.rfind("ControlPath=", 0) == 0; }));
            QVERIFY(std::none_of(a.begin(), a.end(), [](const std::string &x) {
                return x.find("StrictHostKeyChecking") != std::string::npos ||
                       x.find("UserKnownHostsFile") != std::string::npos || x.find("Password") != std::string::npos;
            }));
            const auto F = std::find(a.begin(), a.end(), "-F");
            QVERIFY(F != a.end() && *(F + 1) == t.configFile);
            const auto p = std::find(a.begin(), a.end(), "-p");
            QVERIFY(p != a.end() && *(p + 1) == "2222");
            const auto dashes = std::find(a.begin(), a.end(), "--");
            QVERIFY(dashes != a.end() && *(dashes + 1) == "gpu-box");
            QCOMPARE(size_t(a.end() - dashes), size_t(3)); // "--", host, the one quoted command line
        }
        // The capture runs the host's `opscope` in a session of its own, quoted word by word.
        const std::string &capture = plan[1].argv.back();
        QVERIFY2(capture.find("' 'sh' 'setsid' '-w' 'sh' '-c' ") != std::string::npos, capture.c_str());
        // The request's options as the CLI writes them (pipeline::captureCliArguments), placed in the run area.
        QVERIFY2(capture.ends_with("'opscope' 'capture' '--out' 'opscope-runs' '--verbose' '/srv/train.py' '--name' "
                                   "'train' '--no-import'"),
                 capture.c_str());
        QCOMPARE(plan[2].stdoutFile, std::string("opscope-runs/train.tar"));

        // A host that ssh would read as an option is refused before anything runs.
        t.host = "-oProxyCommand=touch /tmp/x";
        QVERIFY_THROWS_EXCEPTION(pipeline::ToolError, remote::planRemoteRun(t, request));
        const pipeline::PipelineResult r = remote::runRemote(t, request);
        QCOMPARE(r.problems.size(), size_t(1));
        QCOMPARE(r.problems[0],
                 std::string("'-oProxyCommand=touch /tmp/x' is not an SSH host name (it starts with '-')"));
    }

    void requestsSurviveTheCommandLine()
    {
        // Every field of a capture and a replay request reaches the host's CLI: the CLI given the
        // arguments plans (--dry-run) exactly the commands the request plans here.
        const auto printed = [](const std::vector<pipeline::PlannedCommand> &plan) {
            std::string text;
            for (const auto &c : plan) {
                text += "# stage " + c.stage + "\n";
                for (const auto &[name, value] : c.env)
                    text += "# env " + name + "=" + value + "\n";
                text += displayCommand(c.argv) + (c.stdoutFile.empty() ? "" : " > " + displayCommand({c.stdoutFile}));
                text += "\n";
            }
            return text;
        };
        const auto dryRun = [](pipeline::Argv args) {
            args.push_back("--dry-run");
            // The arguments end with "-- SCRIPT ARGS" for a capture: --dry-run goes before them.
            const auto dashes = std::find(args.begin(), args.end(), "--");
            if (dashes != args.end())
                std::rotate(dashes, args.end() - 1, args.end());
            return runOpscope(args);
        };
        QTemporaryDir dir;
        const std::string out = dir.path().toStdString();
        pipeline::CaptureRequest c;
        c.workload.script = sourceFile("examples/mlp.py");
        c.workload.args = {"--size", "tiny", "two words", "-x"};
        c.workload.workingDirectory = out;
        c.workload.python = "/usr/bin/python3";
        c.workload.env = {{"A", "1 2"}, {"B", "x=y"}};
        c.tool = pipeline::CaptureTool::Nsys;
        c.nsysPath = "/bin/true"; // found and never run by a plan
        c.warmup = 3;
        c.referenceSteps = 5;
        c.steps = 2;
        c.stepSource = "function:train_step";
        c.compile = "inductor";
        c.correlationPass = false;
        c.partitionMap = false;
        c.nsysCaptureRange = true;
        c.nsysTrace = {"cuda", "nvtx", "osrt"};
        c.timeout = std::chrono::milliseconds(90500);
        c.outDir = out + "/runs";
        c.name = "all-options";
        const CliRun capture = dryRun(remote::detail::captureArguments(c, c.name, c.outDir));
        QVERIFY2(capture.exitCode == 0, capture.err.c_str());
        QCOMPARE(capture.out, printed(pipeline::planCapture(c)));
        for (const char *part : {"# stage nsys\n", "--trace=cuda,nvtx,osrt", "--reference-steps 5",
                                 "function:train_step", "inductor", "'two words' -x", "# env A=1 2\n"})
            QVERIFY2(capture.out.find(part) != std::string::npos, part);

        // A run folder to replay, as a capture leaves it.
        pipeline::RunFolder run = pipeline::RunFolder::create(out, "run");
        run.manifest()["workload"] = {{"script", c.workload.script},
                                      {"args", c.workload.args},
                                      {"working_directory", out},
                                      {"python", "/usr/bin/python3"},
                                      {"env", c.workload.env}};
        run.manifest()["capture"] = {
            {"tool", "nsys"}, {"warmup", 3}, {"steps", 2}, {"step", "auto"}, {"compile", "eager"}};
        run.manifest()["replays"] = nlohmann::json::array();
        run.save();
        pipeline::recordCapturedWorkload(run);
        pipeline::ReplayRequest r;
        r.run = run.path();
        r.ncu.metricSet = "detailed";
        r.ncu.sections = {"SpeedOfLight", "Occupancy"};
        r.ncu.metrics = {"sm__throughput.avg.pct_of_peak_sustained_elapsed", "dram__bytes.sum"};
        r.ncu.nvtxInclude = {{"blocks.0[Block]", true}, {"regex:^head/", true}};
        r.ncu.nvtxExclude = {{"blocks.1[Block]", true}};
        r.ncu.launchSkip = 2;
        r.ncu.launchCount = 5;
        r.ncu.kernelName = "regex:.*gemm.*";
        r.ncu.kernelId = "::ampere_sgemm:1";
        r.ncu.replayMode = pipeline::ReplayMode::AppRange;
        r.ncu.targetProcesses = "application-only";
        r.ncu.sudo = true;
        r.ncu.sudoEnvironment = {{"CUDA_VISIBLE_DEVICES", "0"}};
        r.dedup = false;
        r.keepReport = true;
        r.checkCounts = false;
        r.ncuPath = "/bin/true";
        const CliRun replay = dryRun(remote::detail::replayArguments(r, run.path()));
        QVERIFY2(replay.exitCode == 0, replay.err.c_str());
        QCOMPARE(replay.out, printed(pipeline::planReplay(r)));
        for (const char *part : {"sudo -n -E env", "--launch-skip 2", "--launch-count 5", "application-only",
                                 "--replay-mode app-range", "--section SpeedOfLight", "dram__bytes.sum"})
            QVERIFY2(replay.out.find(part) != std::string::npos, part);

        // What the command line cannot carry is refused with the reason, before anything runs.
        r.ncu.extraArgs = {"--cache-control", "none"};
        QVERIFY_THROWS_EXCEPTION(pipeline::ToolError, remote::detail::replayArguments(r, run.path()));
        c.workload.env = {{"LIST", "a;b"}};
        QVERIFY_THROWS_EXCEPTION(pipeline::ToolError, remote::detail::captureArguments(c, c.name, c.outDir));
    }

    void sshFailureWords()
    {
        // The one failure the real sshd below cannot produce on demand: a full disk on the host.
        remote::SshTarget t;
        t.host = "gpu-box";
        ProcessResult r;
        r.started = true;
        r.exitCode = 2;
        r.errorOutput = "tar: mlp/nsys.sqlite: Cannot write: No space left on device\n";
        QCOMPARE(remote::detail::sshFailure(t, r),
                 std::string("the disk is full on gpu-box (No space left on device): free space there or choose "
                             "another remote directory"));
        r.exitCode = 0;
        r.errorOutput = "all fine\n";
        QCOMPARE(remote::detail::sshFailure(t, r), std::string());
    }

    void configuredHostsOfConfigFiles()
    {
        QTemporaryDir home;
        const std::string h = home.path().toStdString();
        fs::create_directories(h + "/.ssh/conf.d");
        fs::create_directories(h + "/abs");
        SshdFixture::writeFile(h + "/.ssh/config",
                               "# a comment\n"
                               "Host alpha beta *.corp !gamma \"quoted host\" h?st\n"
                               "  HostName 10.0.0.1\n"
                               "Host=delta\n"
                               "Match host epsilon\n"
                               "Include conf.d/*.conf\n"
                               "  include " +
                                   h +
                                   "/abs/extra\n"
                                   "Include ~/.ssh/config\n" // includes itself: ssh's depth limit ends it
                                   "Host *\n"
                                   "Host alpha\n");
        SshdFixture::writeFile(h + "/.ssh/conf.d/b.conf", "Host zeta\n");
        SshdFixture::writeFile(h + "/.ssh/conf.d/a.conf", "Host eta # a trailing comment\n");
        SshdFixture::writeFile(h + "/.ssh/conf.d/skip.txt", "Host not-included\n");
        SshdFixture::writeFile(h + "/abs/extra", "HOST theta iota\n");
        const char *oldHome = std::getenv("HOME");
        const std::string savedHome = oldHome ? oldHome : "";
        ::setenv("HOME", h.c_str(), 1);
        const std::vector<std::string> hosts = remote::configuredHosts();
        const std::vector<std::string> explicitFile = remote::configuredHosts(h + "/.ssh/config");
        ::setenv("HOME", savedHome.c_str(), 1);
        const std::vector<std::string> expected = {"alpha", "beta", "quoted host", "delta",
                                                   "eta",   "zeta", "theta",       "iota"};
        QCOMPARE(hosts, expected);
        QCOMPARE(explicitFile, expected);
        QCOMPARE(remote::configuredHosts(h + "/missing"), std::vector<std::string>());

        REQUIRE_SSHD();
        QCOMPARE(remote::configuredHosts(sshd_.configFile),
                 (std::vector<std::string>{SshdFixture::kHost, SshdFixture::kWrongKeyHost,
                                           SshdFixture::kUnknownHostKeyHost, SshdFixture::kClosedPortHost}));
    }

    // --- against the real sshd

    void checkRemoteReportsTools()
    {
        REQUIRE_SSHD();
        const std::string python = "/usr/bin/python3";
        if (::access(python.c_str(), X_OK) != 0 || !pipeline::pythonHasTorch(python))
            QSKIP("/usr/bin/python3 cannot import torch (install Debian's python3-torch)");
        // The values, asked of the interpreter directly.
        const std::string pythonVersion = pythonValue(python, "import sys; print('%d.%d.%d' % sys.version_info[:3])");
        const std::string torchVersion = pythonValue(python, "import torch; print(torch.__version__)");
        const std::string cudaBuild = pythonValue(python, "import torch; print(torch.version.cuda)");

        const auto t0 = std::chrono::steady_clock::now();
        const remote::TargetCheck check = remote::checkRemote(target(), python);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        qInfo("checkRemote over ssh: %.2f s", seconds);
        QVERIFY2(check.ok(), check.error.c_str());
        QCOMPARE(check.where, std::string("opscope-test (ssh)"));
        std::vector<std::string> names;
        for (const auto &t : check.tools)
            names.push_back(t.name);
        QCOMPARE(names, (std::vector<std::string>{"python", "torch", "cuda", "nsys", "ncu", "opscope", "launcher"}));
        QVERIFY(check.tool("python")->found);
        QCOMPARE(check.tool("python")->path, python);
        QCOMPARE(check.tool("python")->version, pythonVersion);
        QVERIFY(check.tool("torch")->found);
        QCOMPARE(check.tool("torch")->version, torchVersion);
        if (cudaBuild == "None") { // Debian's CPU build
            QVERIFY(!check.tool("cuda")->found);
            QCOMPARE(check.tool("cuda")->problem,
                     "torch " + torchVersion +
                         " is built without CUDA (torch.version.cuda is None): only CPU captures are possible; "
                         "install a CUDA build of torch to profile GPU kernels");
        }
        // The sessions of the fixture's sshd find no nsys and no ncu (OPSCOPE_TOOL_PATH is an empty folder).
        const std::string looked = "(looked in " + sshd_.toolPath + ", from OPSCOPE_TOOL_PATH). ";
        const remote::ToolCheck *nsys = check.tool("nsys");
        QVERIFY(!nsys->found);
        QCOMPARE(nsys->problem, "nsys was not found " + looked + "Install Nsight Systems or pass --nsys PATH.");
        const remote::ToolCheck *ncu = check.tool("ncu");
        QVERIFY(!ncu->found);
        QCOMPARE(ncu->problem, "ncu was not found " + looked + "Install Nsight Compute or pass --ncu PATH.");
        QVERIFY(check.tool("opscope")->found);
        QCOMPARE(check.tool("opscope")->version, std::string(OPSCOPE_VERSION));
        QCOMPARE(check.tool("opscope")->path, fs::canonical(opscope::test::opscopeBinary()).string());
        QVERIFY(check.tool("launcher")->found);
        QVERIFY(sshd_.log().find("Accepted publickey") != std::string::npos);

        // The same through the command line: `opscope doctor --ssh ... --json` parses to it.
        const CliRun r = runOpscope({"doctor", "--ssh", SshdFixture::kHost, "--ssh-config", sshd_.configFile,
                                     "--remote-dir", remoteDir_.path().toStdString(), "--remote-opscope",
                                     opscope::test::opscopeBinary(), "--python", python, "--json"});
        QCOMPARE(r.exitCode, 0);
        const remote::TargetCheck viaCli = remote::TargetCheck::fromJson(nlohmann::json::parse(r.out));
        QCOMPARE(viaCli.toJson().dump(), check.toJson().dump());
    }

    void checkRemoteWithCopiedCli()
    {
        REQUIRE_SSHD();
        remote::SshTarget t = target();
        t.remoteOpscope.clear();
        t.copyCli = true;
        const std::string area = remoteDir_.path().toStdString() + "/.opscope";
        auto t0 = std::chrono::steady_clock::now();
        const remote::TargetCheck first = remote::checkRemote(t);
        const double firstSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        QVERIFY2(first.ok(), first.error.c_str());
        QCOMPARE(first.tool("opscope")->path, area + "/opscope-cli");
        QCOMPARE(first.tool("launcher")->path, area);
        QVERIFY(fs::exists(area + "/opscope_launcher/__main__.py"));
        QVERIFY(!fs::exists(area + "/opscope_launcher/__pycache__/x")); // no stale bytecode copied along
        QCOMPARE(fs::file_size(area + "/opscope-cli"), fs::file_size(remote::findCopyableCli()));
        const auto copiedAt = fs::last_write_time(area + "/opscope-cli");

        // A second check finds the same copy there and does not send it again.
        t0 = std::chrono::steady_clock::now();
        const remote::TargetCheck second = remote::checkRemote(t);
        const double secondSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        QVERIFY2(second.ok(), second.error.c_str());
        QVERIFY(fs::last_write_time(area + "/opscope-cli") == copiedAt);
        qInfo("check with copy: %.2f s, again (copy already there): %.2f s, CLI %.1f MB", firstSeconds, secondSeconds,
              double(fs::file_size(area + "/opscope-cli")) / 1e6);
    }

    void remoteCaptureComesBackImported()
    {
        REQUIRE_SSHD();
        if (!pipeline::pythonHasTorch("/usr/bin/python3"))
            QSKIP("/usr/bin/python3 cannot import torch (install Debian's python3-torch)");
        remote::SshTarget t = target();
        t.remoteOpscope.clear();
        t.copyCli = true;
        remote::RemoteRunRequest request;
        request.capture.workload.script = sourceFile("examples/mlp.py");
        request.capture.name = "mlp";
        // The three plain steps only: the launcher adds more while they took less than --reference-seconds
        // (1 s), which a step of this small model always does.
        request.capture.referenceSeconds = 0;
        request.localOutDir = localDir_.path().toStdString();
        std::vector<std::string> lines;
        std::vector<pipeline::ToolEvent> steps;
        int64_t capturedSteps = -1;
        pipeline::StageCallbacks callbacks;
        callbacks.onLine = [&](std::string_view stage, std::string_view line) {
            QCOMPARE(stage, std::string_view("remote capture"));
            lines.emplace_back(line);
        };
        callbacks.onEvent = [&](std::string_view, const pipeline::ToolEvent &e) {
            if (e.kind == pipeline::ToolEvent::Kind::LauncherStep)
                steps.push_back(e);
            if (e.kind == pipeline::ToolEvent::Kind::CaptureEnd)
                capturedSteps = e.current;
        };
        std::vector<std::string> stagesReported;
        const Progress progress([&](double, std::string_view stage) {
            if (stagesReported.empty() || stagesReported.back() != stage)
                stagesReported.emplace_back(stage);
        });
        const auto t0 = std::chrono::steady_clock::now();
        const pipeline::PipelineResult result = remote::runRemote(t, request, callbacks, progress);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        QVERIFY2(result.ok(), result.problems.empty() ? "" : result.problems[0].c_str());

        // Copied back under the local folder, imported there.
        const std::string local = request.localOutDir + "/mlp";
        QCOMPARE(result.runDir, local);
        QCOMPARE(result.profilePath, local + "/mlp.opscope");
        std::vector<std::string> stageNames;
        for (const auto &s : result.stages)
            stageNames.push_back(s.name);
        QCOMPARE(stageNames, (std::vector<std::string>{"remote capture", "copy back", "unpack"}));
        for (const char *stage : {"connect", "remote capture", "copy back", "import"})
            QVERIFY2(std::find(stagesReported.begin(), stagesReported.end(), stage) != stagesReported.end(), stage);
        const nlohmann::json m = readJson(local + "/manifest.json");
        QCOMPARE(m["result"].get<std::string>(), std::string("ok"));
        QCOMPARE(m["remote"]["host"].get<std::string>(), std::string("opscope-test"));
        QCOMPARE(m["remote"]["run_dir"].get<std::string>(), remoteDir_.path().toStdString() + "/mlp");
        QCOMPARE(m["outputs"]["profile"].get<std::string>(), std::string("mlp.opscope"));
        // The host ran the copied launcher (OPSCOPE_LAUNCHER_DIR), not this checkout's.
        QCOMPARE(m["tools"]["launcher_dir"].get<std::string>(), remoteDir_.path().toStdString() + "/.opscope");

        // The tool output came back line by line and was parsed for progress: 2 warm-up, 3 reference, 1 captured.
        QVERIFY(std::any_of(lines.begin(), lines.end(),
                            [](const std::string &l) { return l.rfind("[capture] OPSCOPE step ", 0) == 0; }));
        QCOMPARE(steps.size(), size_t(6));
        QCOMPARE(steps.back().current, int64_t(6));
        QCOMPARE(steps.back().total, int64_t(6));
        QCOMPARE(capturedSteps, int64_t(1));

        // The module tree is the example's (its documented structure, depth 3 on the CPU).
        const Profile p = importFile(result.profilePath);
        std::set<std::string> paths;
        for (const ModuleInstance &mi : p.modules)
            if (!isPhase(mi))
                paths.insert(std::string(p.text(mi.path)) + "[" + std::string(p.text(mi.class_name)) + "]");
        const std::vector<std::string> labels = mlpLabels(3);
        QCOMPARE(paths, std::set<std::string>(labels.begin(), labels.end()));
        QCOMPARE(size_t(std::count_if(p.modules.begin(), p.modules.end(),
                                      [](const ModuleInstance &m) { return !isPhase(m); })),
                 labels.size());
        qInfo("remote CPU capture of mlp.py (copy CLI, capture, copy back, import): %.2f s", seconds);

        // Nothing is left running: the shared connection is closed.
        QVERIFY2(waitUntil([&] { return sshd_.sessionProcesses().empty(); }, 5000ms),
                 "an SSH connection outlived the run");
    }

    void cliCaptureOverSsh()
    {
        REQUIRE_SSHD();
        if (!pipeline::pythonHasTorch("/usr/bin/python3"))
            QSKIP("/usr/bin/python3 cannot import torch (install Debian's python3-torch)");
        const std::string out = localDir_.path().toStdString() + "/cli";
        const CliRun r =
            runOpscope({"capture", "--ssh", SshdFixture::kHost, "--ssh-config", sshd_.configFile, "--remote-dir",
                        remoteDir_.path().toStdString(), "--remote-opscope", opscope::test::opscopeBinary(), "--out",
                        out, "--name", "viacli", sourceFile("examples/mlp.py")});
        QVERIFY2(r.exitCode == 0, (r.err + r.out).c_str());
        QCOMPARE(r.out, "run folder: " + out + "/viacli\nprofile: " + out + "/viacli/viacli.opscope\n");
        QVERIFY(r.err.find("[remote capture] step 6/6 (captured)") != std::string::npos);
        QVERIFY(r.err.find("[remote capture] step 3/6 (reference, not instrumented)") != std::string::npos);

        // --dry-run prints the commands and runs none.
        const CliRun dry = runOpscope({"capture", "--ssh", SshdFixture::kHost, "--ssh-config", sshd_.configFile,
                                       "--copy-cli", "--out", out, "--name", "dry", "--dry-run", "/srv/x.py"});
        QCOMPARE(dry.exitCode, 0);
        QVERIFY(dry.out.find("# stage copy cli\n") != std::string::npos);
        QVERIFY(dry.out.find("opscope-runs/.opscope/opscope-cli") != std::string::npos);
        QVERIFY(dry.out.find("OPSCOPE_LAUNCHER_DIR=opscope-runs/.opscope") != std::string::npos);
        QVERIFY(!fs::exists(out + "/dry"));
    }

    void verifyRunsOnTheCaptureHost()
    {
        // `opscope verify` of a run captured over SSH goes back to that host (the manifest's remote record):
        // the host's CLI runs both arms there, and the result comes back into the local run and profile.
        REQUIRE_SSHD();
        if (!pipeline::pythonHasTorch("/usr/bin/python3"))
            QSKIP("/usr/bin/python3 cannot import torch (install Debian's python3-torch)");
        const std::string out = localDir_.path().toStdString() + "/verify";
        CliRun r =
            runOpscope({"capture", "--ssh", SshdFixture::kHost, "--ssh-config", sshd_.configFile, "--remote-dir",
                        remoteDir_.path().toStdString(), "--remote-opscope", opscope::test::opscopeBinary(), "--out",
                        out, "--name", "tobeverified", sourceFile("examples/mlp.py"), "--", "--steps", "200"});
        QVERIFY2(r.exitCode == 0, (r.err + r.out).c_str());
        const std::string local = out + "/tobeverified";
        const nlohmann::json m = readJson(local + "/manifest.json");
        QCOMPARE(m["remote"]["ssh_config"].get<std::string>(), sshd_.configFile);
        QCOMPARE(m["remote"]["remote_opscope"].get<std::string>(), std::string(opscope::test::opscopeBinary()));

        r = runOpscope({"verify", local, "--fix", "pad=head:16", "--rounds", "2", "--steps", "3"});
        QVERIFY2(r.exitCode == 0, (r.err + r.out).c_str());
        QVERIFY(r.err.find("opscope verify: " + local + " was captured on opscope-test: verifying there") !=
                std::string::npos);
        QVERIFY2(r.out.find("applied: pad=head:16: head: out_features 10 computed as 16 and sliced back") !=
                     std::string::npos,
                 r.out.c_str());
        // The host stored it in its run folder; it came back into the local one and the local profile.
        const std::string there = m["remote"]["run_dir"].get<std::string>();
        QCOMPARE(readJson(there + "/verify.json")["results"].size(), size_t(1));
        const nlohmann::json here = readJson(local + "/verify.json");
        QCOMPARE(here["results"].size(), size_t(1));
        QCOMPARE(here["results"][0]["host"].get<std::string>(), std::string("opscope-test"));
        QVERIFY(here["results"][0]["gain_ns"] == readJson(there + "/verify.json")["results"][0]["gain_ns"]);
        const CliRun insights = runOpscope({"insights", local, "--json"});
        QCOMPARE(nlohmann::json::parse(insights.out)["verify_results"].size(), size_t(1));
        QVERIFY2(waitUntil([&] { return sshd_.sessionProcesses().empty(); }, 5000ms),
                 "an SSH connection outlived the verify");
    }

    void cancelLeavesNoProcessBehind()
    {
        REQUIRE_SSHD();
        if (!pipeline::pythonHasTorch("/usr/bin/python3"))
            QSKIP("/usr/bin/python3 cannot import torch (install Debian's python3-torch)");
        // A capture that would run for hours, cancelled once its warm-up steps stream back.
        remote::RemoteRunRequest request;
        request.capture.workload.script = sourceFile("examples/mlp.py");
        request.capture.workload.args = {"--steps", "100000000"};
        request.capture.warmup = 1000000;
        request.capture.name = "cancel";
        request.localOutDir = localDir_.path().toStdString();
        const std::string remoteRun = remoteDir_.path().toStdString() + "/cancel";
        std::atomic<bool> cancel{false}, stepping{false};
        pipeline::StageCallbacks callbacks;
        callbacks.onLine = [&](std::string_view, std::string_view line) {
            if (line.find("OPSCOPE step 2/") != std::string_view::npos)
                stepping = true;
        };
        std::string outcome = "running";
        std::thread worker([&] {
            try {
                remote::runRemote(target(), request, callbacks, Progress({}, &cancel));
                outcome = "returned";
            } catch (const Cancelled &) {
                outcome = "cancelled";
            }
        });
        const bool running = waitUntil([&] { return stepping.load(); }, 120000ms);
        const std::vector<pid_t> workload = processesMentioning(remoteRun + "/");
        pid_t group = 0;
        for (const auto &entry : fs::directory_iterator(remoteDir_.path().toStdString() + "/.opscope/pids"))
            group = pid_t(std::atoi(SshdFixture::readFile(entry.path()).c_str()));
        const std::vector<pid_t> sessionBefore = SshdFixture::processesInSession(group);
        const auto t0 = std::chrono::steady_clock::now();
        cancel = true;
        worker.join();
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        QVERIFY2(running, "the remote workload's steps never streamed back");
        QVERIFY2(!workload.empty(), "no workload process was seen on the remote side while it ran");
        QVERIFY2(group > 0, "the remote run wrote no process group id");
        QVERIFY2(!sessionBefore.empty(), "no process was seen in the remote run's session while it ran");
        QCOMPARE(outcome, std::string("cancelled"));
        qInfo("cancel of a remote run: %.2f s until runRemote threw Cancelled", seconds);

        // Remote side: the workload, the CLI and its group are gone, and the CLI recorded the cancel.
        QVERIFY2(waitUntil([&] { return processesMentioning(remoteRun + "/").empty(); }, 5000ms),
                 "the workload survived the cancel on the remote side");
        QVERIFY2(waitUntil([&] { return SshdFixture::processesInSession(group).empty(); }, 5000ms),
                 "a process of the remote run's session survived");
        QVERIFY(fs::is_empty(remoteDir_.path().toStdString() + "/.opscope/pids"));
        const nlohmann::json m = readJson(remoteRun + "/manifest.json");
        // (A CLI that only died of SIGPIPE after the connection went would leave "result" unset.)
        QCOMPARE(m.value("result", std::string("no result")), std::string("cancelled"));
        QCOMPARE(m["stages"][0].value("status", std::string("no status")), std::string("cancelled"));
        QVERIFY2(waitUntil([&] { return sshd_.sessionProcesses().empty(); }, 5000ms),
                 "an SSH session on the server outlived the cancel");
        // Local side: no ssh client or connection master is left, nothing was copied back.
        QVERIFY2(waitUntil([&] { return processesMentioning(sshd_.configFile).empty(); }, 5000ms),
                 "an ssh process survived the cancel");
        QVERIFY(!fs::exists(request.localOutDir + "/cancel"));
    }

    void nastyArgumentsReachTheScript()
    {
        REQUIRE_SSHD();
        if (!pipeline::pythonHasTorch("/usr/bin/python3"))
            QSKIP("/usr/bin/python3 cannot import torch (install Debian's python3-torch)");
        // A run area whose own name needs quoting, a script that records its arguments, arguments
        // and an environment value that a shell would mangle.
        QTemporaryDir area;
        const std::string remoteDirectory = area.path().toStdString() + "/run area 'q' $(x)";
        const std::string witness = area.path().toStdString() + "/pwned";
        const std::string argsOut = area.path().toStdString() + "/args.json";
        const std::string script = area.path().toStdString() + "/record args.py";
        SshdFixture::writeFile(script, "import json, os, sys\n"
                                       "import torch\n"
                                       "with open(os.environ['ARGS_OUT'], 'w') as f:\n"
                                       "    json.dump({'args': sys.argv[1:], 'env': os.environ['NASTY']}, f)\n"
                                       "m = torch.nn.Linear(4, 4)\n"
                                       "for _ in range(3):\n"
                                       "    m(torch.randn(2, 4))\n");
        remote::SshTarget t = target();
        t.remoteDirectory = remoteDirectory;
        remote::RemoteRunRequest request;
        request.capture.workload.script = script;
        request.capture.workload.args = nastyArguments(witness);
        request.capture.workload.env = {{"ARGS_OUT", argsOut}, {"NASTY", "$(touch " + witness + ") 'x' \"y\""}};
        request.capture.warmup = 1;
        request.capture.referenceSteps = 0; // 3 iterations: 1 warm-up + 1 captured; --reference-steps reaches the host
        request.capture.name = "nasty";
        request.localOutDir = localDir_.path().toStdString();
        const pipeline::PipelineResult result = remote::runRemote(t, request);
        QVERIFY2(result.ok(), result.problems.empty() ? "" : result.problems[0].c_str());
        const nlohmann::json recorded = readJson(argsOut);
        QCOMPARE(recorded["args"].get<std::vector<std::string>>(), nastyArguments(witness));
        QCOMPARE(recorded["env"].get<std::string>(), "$(touch " + witness + ") 'x' \"y\"");
        QVERIFY2(!fs::exists(witness), "a shell ran a substitution from an argument");
        QVERIFY(fs::exists(remoteDirectory + "/nasty/manifest.json"));
        QVERIFY(fs::exists(result.profilePath));
    }

    void toolMissingThere()
    {
        REQUIRE_SSHD();
        if (!pipeline::pythonHasTorch("/usr/bin/python3"))
            QSKIP("/usr/bin/python3 cannot import torch (install Debian's python3-torch)");
        // nsys asked for and missing there (the fixture's sessions find no nsys and no ncu): the capture ends
        // with the host's message, naming the host.
        remote::RemoteRunRequest request;
        request.capture.workload.script = sourceFile("examples/mlp.py");
        request.capture.tool = pipeline::CaptureTool::Nsys;
        request.capture.name = "no-nsys";
        request.localOutDir = localDir_.path().toStdString();
        pipeline::PipelineResult result = remote::runRemote(target(), request);
        QCOMPARE(result.problems.size(), size_t(1));
        const std::string looked = "(looked in " + sshd_.toolPath + ", from OPSCOPE_TOOL_PATH). ";
        QCOMPARE(result.problems[0], "the remote capture on opscope-test failed (exit code 1):\n  opscope capture: "
                                     "nsys was not found " +
                                         looked + "Install Nsight Systems or pass --nsys PATH.");
        QVERIFY(result.runDir.empty()); // nothing ran, so no run folder was made there

        // The replay of a capture that worked, with ncu missing there: the run folder still comes
        // back (its logs), nothing is imported.
        request.capture.tool = pipeline::CaptureTool::Auto;
        request.capture.name = "no-ncu";
        request.replay = pipeline::ReplayRequest{};
        result = remote::runRemote(target(), request);
        QCOMPARE(result.problems.size(), size_t(1));
        QCOMPARE(result.problems[0], "the remote replay on opscope-test failed (exit code 1):\n  opscope replay: "
                                     "ncu was not found " +
                                         looked + "Install Nsight Compute or pass --ncu PATH.");
        QCOMPARE(result.runDir, request.localOutDir + "/no-ncu");
        QVERIFY(fs::exists(result.runDir + "/launcher.log"));
        QVERIFY(result.profilePath.empty());
        std::vector<std::string> stageNames;
        for (const auto &s : result.stages)
            stageNames.push_back(s.name);
        QCOMPARE(stageNames, (std::vector<std::string>{"remote capture", "remote replay", "copy back", "unpack"}));
    }

    void failuresSayWhichAndWhere_data()
    {
        QTest::addColumn<QString>("host");
        QTest::addColumn<QString>("message");
        QTest::newRow("unreachable") << SshdFixture::kClosedPortHost
                                     << "cannot reach opscope-test-closed: the connection was refused (Connection "
                                        "refused): no SSH server listens on that port. Check the host name, the "
                                        "port and the network";
        QTest::newRow("auth refused")
            << SshdFixture::kWrongKeyHost
            << "opscope-test-wrongkey refused the authentication (Permission denied). OpScope runs ssh in batch "
               "mode, with keys or an agent and never a password: install your public key on opscope-test-wrongkey "
               "(ssh-copy-id) or load it into ssh-agent, and check that `ssh -F CONFIG opscope-test-wrongkey true` "
               "logs in without a prompt";
        QTest::newRow("unknown host key")
            << SshdFixture::kUnknownHostKeyHost
            << "the host key of opscope-test-unknownkey is not known on this machine or has changed (Host key "
               "verification failed). OpScope keeps ssh's host key checking: connect once in a terminal with `ssh -F "
               "CONFIG opscope-test-unknownkey` to check and accept the key, then try again";
        QTest::newRow("no opscope there")
            << SshdFixture::kHost
            << "OpScope's command-line tool was not found on opscope-test (/nonexistent/opscope does not exist there "
               "or is not executable): install OpScope there and give the path of its opscope program, or let OpScope "
               "copy its CLI there (copy CLI, --copy-cli)";
    }

    void failuresSayWhichAndWhere()
    {
        REQUIRE_SSHD();
        QFETCH(QString, host);
        QFETCH(QString, message);
        remote::SshTarget t = target(qPrintable(host));
        if (host == SshdFixture::kHost)
            t.remoteOpscope = "/nonexistent/opscope";
        // The fix names the same ssh command line the user would type: with this config file.
        const std::string expected = message.replace("CONFIG", QString::fromStdString(sshd_.configFile)).toStdString();
        const remote::TargetCheck check = remote::checkRemote(t);
        QCOMPARE(check.error, expected);
        QVERIFY(check.tools.empty());

        remote::RemoteRunRequest request;
        request.capture.workload.script = "/srv/x.py";
        request.localOutDir = localDir_.path().toStdString();
        const pipeline::PipelineResult result = remote::runRemote(t, request);
        QCOMPARE(result.problems.size(), size_t(1));
        if (host == SshdFixture::kHost) // the capture itself finds no CLI to run
            QCOMPARE(result.problems[0], expected + " (remote capture)");
        else
            QCOMPARE(result.problems[0], expected);
        QVERIFY(result.runDir.empty());
    }
};

} // namespace tst_remote_suite

OPSCOPE_TEST_SUITE(tst_remote, tst_remote_suite::TestRemote, Appless)
#include "tst_remote.moc"
