// Names from untrusted files never reach a shell or an option parser: a report named with shell
// syntax and a leading dash goes to `nsys export` / `ncu --import` as one argument, an absolute path,
// and runs nothing; NVTX labels with shell syntax in a profile are imported, listed and exported as
// text, and reach a replay's ncu command as single --nvtx-include/--nvtx-exclude values that run
// nothing; and the sources keep to the one way of running programs (process.cpp's execve of an
// argument vector) and never switch off SSH host-key checking.
#include "capture_test_util.h"
#include "opscope/errors.h"
#include "opscope/importer.h"
#include "opscope/pipeline.h"
#include "opscope/process.h"
#include "test_suite.h"
#include "test_util.h"

#include <sqlite3.h>
#include <sys/stat.h>

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <fstream>
#include <sstream>

namespace tst_security_suite {

using namespace opscope;

#ifndef Q_MOC_RUN // moc misreads these helpers' raw strings, and would lose the suite's namespace
namespace {

// A file name a colleague's bug report could carry: shell syntax, quotes, and a leading dash that an
// option parser would take for an option.
const char *const kHostileName = "-o $(touch PWNED); `touch PWNED2` \"q'\" & rm -rf nothing";

// A module label as the launcher writes it ("path[Class]") whose path carries shell syntax: command
// substitution in both spellings, a command separator, a pipe and an and-list.
const char *const kHostileLabel = "layers.0.1$(touch PWNED);`touch PWNED2`|touch PWNED3&&touch PWNED4[ReLU]";

// Files a shell would have created from the hostile names, in `folder`.
QStringList pwnedFiles(const QString &folder)
{
    return QDir(folder).entryList({"PWNED*"}, QDir::Files);
}

// Arguments a stand-in tool wrote NUL-separated (so any byte but NUL survives as written).
std::vector<std::string> readArguments(const std::string &path)
{
    const std::string bytes = opscope::test::readText(path);
    std::vector<std::string> args;
    size_t start = 0;
    for (size_t end; (end = bytes.find('\0', start)) != std::string::npos; start = end + 1)
        args.push_back(bytes.substr(start, end - start));
    return args;
}

// Every `"sh", "-c", SCRIPT` (or bash) in `source`: an empty entry where SCRIPT is fixed text (string
// literals only, or a constexpr constant of string literals), so that data can only reach the shell
// as positional parameters ($1, "$@"), never as code; else what is wrong. A shell is needed on an SSH
// host (ssh hands the host one command line) and for a process group wrapper; a built script is not.
QStringList shellScriptProblems(const QString &source)
{
    static const QRegularExpression shell(R"re("(?:ba)?sh"\s*,\s*"-c"\s*,\s*)re");
    static const QRegularExpression literals(R"re(^(?:"(?:[^"\\\n]|\\.)*"\s*)+(?=[,}]))re");
    static const QRegularExpression constant(R"re(^(k[A-Z]\w*)\s*(?=[,}]))re");
    QStringList problems;
    for (auto it = shell.globalMatch(source); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        const QString rest = source.mid(m.capturedEnd());
        const int line = int(source.left(m.capturedStart()).count('\n')) + 1;
        if (literals.match(rest).hasMatch()) {
            problems << QString();
            continue;
        }
        if (const QRegularExpressionMatch c = constant.match(rest); c.hasMatch()) {
            const QRegularExpression definition(R"re(\bconstexpr\b[^;={]*\b)re" + c.captured(1) +
                                                R"re(\s*=\s*(?:"(?:[^"\\\n]|\\.)*"\s*)+;)re");
            if (definition.match(source).hasMatch()) {
                problems << QString();
                continue;
            }
        }
        problems << QString("line %1: a shell runs a script that is not fixed text: %2")
                        .arg(line)
                        .arg(rest.left(rest.indexOf('\n')).trimmed());
    }
    return problems;
}

std::vector<std::string> readLines(const std::string &path)
{
    std::ifstream in(path);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);)
        lines.push_back(line);
    return lines;
}

} // namespace
#endif

class Security : public QObject {
    Q_OBJECT

private slots:
    void hostileTextsWouldRunInAShell_data();
    void hostileTextsWouldRunInAShell();
    void reportNamesAreOneArgument_data();
    void reportNamesAreOneArgument();
    void nvtxLabelsAreOnlyText();
    void replayFiltersAreSingleArguments();
    void sourcesRunProgramsOnlyAsArgumentVectors();
    void shellScriptRule();
};

void Security::nvtxLabelsAreOnlyText()
{
    // The real mlp capture with one module's NVTX label (3 push/pop ranges and its emit_nvtx echo)
    // rewritten with shell syntax; imported, reported and exported by the CLI from inside the folder.
    // (Module paths are Python identifiers, so such a label is kept as a plain NVTX range.)
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string sqlite = test::tempPath(dir, "nsys.sqlite");
    QVERIFY(QFile::copy(QString::fromStdString(test::fixture("h100/mlp_bf16_infer/nsys.sqlite")),
                        QString::fromStdString(sqlite)));
    QVERIFY(QFile::setPermissions(QString::fromStdString(sqlite), QFileDevice::ReadOwner | QFileDevice::WriteOwner));
    sqlite3 *db = nullptr;
    QCOMPARE(sqlite3_open(sqlite.c_str(), &db), SQLITE_OK);
    sqlite3_stmt *update = nullptr;
    QCOMPARE(sqlite3_prepare_v2(db,
                                "UPDATE NVTX_EVENTS SET text = replace(text, 'layers.0.1[ReLU]', ?1) "
                                "WHERE instr(text, 'layers.0.1[ReLU]') > 0",
                                -1, &update, nullptr),
             SQLITE_OK);
    sqlite3_bind_text(update, 1, kHostileLabel, -1, SQLITE_STATIC);
    QCOMPARE(sqlite3_step(update), SQLITE_DONE);
    sqlite3_finalize(update);
    const int changed = sqlite3_changes(db);
    sqlite3_close(db);
    QCOMPARE(changed, 4); // python3 sqlite3: 3 rows 'layers.0.1[ReLU]' + 1 'layers.0.1[ReLU], op_id = 10'

    std::string nvtxReport;
    for (const std::vector<std::string> &args :
         std::vector<std::vector<std::string>>{{"import", "nsys.sqlite", "-o", "run.opscope"},
                                               {"stats", "run.opscope", "--report", "nvtx_sum", "--csv"},
                                               {"convert", "run.opscope", "profile.json"},
                                               {"summary", "run.opscope", "--json"},
                                               {"insights", "run.opscope"}}) {
        ProcessSpec spec;
        spec.argv = {opscope::test::opscopeBinary()};
        spec.argv.insert(spec.argv.end(), args.begin(), args.end());
        spec.workingDirectory = dir.path().toStdString();
        spec.timeout = std::chrono::milliseconds(120000);
        const ProcessResult r = runProcess(spec);
        QVERIFY2(r.ok(), (args.front() + ": " + r.output).c_str());
        if (args.front() == "stats")
            nvtxReport = r.output;
    }
    // The label is reported as written, with the real range's figures: python3 sqlite3 on the fixture,
    // text = 'layers.0.1[ReLU]': 3 ranges, sum(end - start) = 45211505 ns.
    QVERIFY2(nvtxReport.find(",45211505,3,") != std::string::npos &&
                 nvtxReport.find(std::string(",PushPop,") + kHostileLabel + "\n") != std::string::npos,
             nvtxReport.c_str());
    QCOMPARE(pwnedFiles(dir.path()), QStringList());
    QCOMPARE(pwnedFiles(QDir::currentPath()), QStringList());
}

void Security::replayFiltersAreSingleArguments()
{
    // NVTX labels chosen in a profile (an --nvtx-include of the replay) and the partition map's labels of
    // duplicate layers (--nvtx-exclude) carry shell syntax; so does a kernel name filter. ncu must get
    // each as one argument, and nothing may run.
    const std::string python = pipeline::findPython();
    if (python.empty())
        QSKIP("no python3 here (the replay plan needs the run's interpreter)");
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    pipeline::RunFolder run = pipeline::RunFolder::create(dir.path().toStdString(), "run");
    run.manifest()["workload"] = {{"script", test::sourceFile("examples/mlp.py")},
                                  {"args", nlohmann::json::array()},
                                  {"working_directory", dir.path().toStdString()},
                                  {"python", python},
                                  {"env", nlohmann::json::object()}};
    run.manifest()["capture"] = {{"tool", "nsys"}, {"warmup", 1}, {"steps", 1}, {"step", "auto"}};
    run.manifest()["replays"] = nlohmann::json::array();
    run.save();
    pipeline::recordCapturedWorkload(run); // captured here: the replay runs it without --trust-run
    const std::string duplicate = std::string("blocks.1$(touch PWNED);`touch PWNED2`[Block]");
    std::ofstream(run.file("partition_map.json")) << nlohmann::json{
        {"format", "opscope-partition-map"},
        {"root", "model[MLP]"},
        {"groups",
         {{{"name", "blocks.*[Block]"},
           {"class", "Block"},
           {"representative", "blocks.0"},
           {"members", {"blocks.0", "blocks.1"}},
           {"labels", {"blocks.0[Block]", duplicate}}}}}}.dump();

    // A stand-in for ncu: answers --version; otherwise writes its arguments NUL-separated, then fails.
    const std::string log = test::tempPath(dir, "ncu-args");
    const std::string ncu = test::tempPath(dir, "ncu");
    std::ofstream(ncu) << "#!/bin/sh\n"
                          "if [ \"$1\" = --version ]; then echo 'Version 2025.3.1.0 (stand-in)'; exit 0; fi\n"
                          "printf '%s\\0' \"$@\" > '"
                       << log << "'\nexit 3\n";
    QVERIFY(::chmod(ncu.c_str(), 0755) == 0);

    pipeline::ReplayRequest request;
    request.run = run.path();
    request.ncuPath = ncu;
    request.ncu.nvtxInclude = {{kHostileLabel, true}};
    request.ncu.kernelName = "gemm$(touch PWNED);`touch PWNED2`";
    const pipeline::PipelineResult result = pipeline::runReplay(request);
    QVERIFY(!result.ok()); // the stand-in fails: the replay reports it

    const std::vector<std::string> args = readArguments(log);
    QVERIFY2(!args.empty(), "the stand-in ncu never ran");
    const auto valueOf = [&](const std::string &option) {
        const auto at = std::find(args.begin(), args.end(), option);
        return at == args.end() || at + 1 == args.end() ? std::string("<missing>") : *(at + 1);
    };
    QCOMPARE(valueOf("--nvtx-include"), pipeline::ncuNvtxExpression({kHostileLabel, true}));
    QCOMPARE(valueOf("--kernel-name"), request.ncu.kernelName);
    // The labels' own text is in those single values (escaped only as ncu's regular expressions need).
    QVERIFY(valueOf("--nvtx-include").find("touch PWNED3") != std::string::npos);
    QCOMPARE(std::count(args.begin(), args.end(), std::string("--nvtx-include")), 1);
    // The exclusions are exactly those of the partition map, in order (the duplicate's forward label, and
    // whatever else dedup excludes for it), each one argument; the first carries the label's text.
    std::vector<std::string> excluded, expected;
    for (auto at = args.begin(); at != args.end(); ++at)
        if (*at == "--nvtx-exclude" && at + 1 != args.end())
            excluded.push_back(*(at + 1));
    for (const pipeline::NvtxFilter &f :
         pipeline::dedupExclusions(pipeline::readPartitionMap(run.file("partition_map.json"))))
        expected.push_back(pipeline::ncuNvtxExpression(f));
    QCOMPARE(excluded, expected);
    QCOMPARE(excluded.front(), pipeline::ncuNvtxExpression({duplicate, true}));
    QVERIFY(excluded.front().find("touch PWNED2") != std::string::npos);
    QCOMPARE(pwnedFiles(dir.path()), QStringList());
    QCOMPARE(pwnedFiles(QString::fromStdString(run.path())), QStringList());
    QCOMPARE(pwnedFiles(QDir::currentPath()), QStringList());
}

// The control: each hostile text does create files when a shell reads it, so "no PWNED file" below
// shows that OpScope gave it to none.
void Security::hostileTextsWouldRunInAShell_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("created");
    QTest::newRow("report name") << QString(kHostileName) << QStringList{"PWNED", "PWNED2"};
    QTest::newRow("NVTX label") << QString(kHostileLabel) << QStringList{"PWNED", "PWNED2", "PWNED3", "PWNED4[ReLU]"};
}

void Security::hostileTextsWouldRunInAShell()
{
    QFETCH(QString, text);
    QFETCH(QStringList, created);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    ProcessSpec spec; // what a program that built a shell command line from the text would do
    spec.argv = {"/bin/sh", "-c", ": " + text.toStdString()};
    spec.workingDirectory = dir.path().toStdString();
    runProcess(spec);
    QCOMPARE(pwnedFiles(dir.path()), created);
}

void Security::reportNamesAreOneArgument_data()
{
    QTest::addColumn<QString>("extension");
    QTest::addColumn<QString>("toolVariable");
    QTest::addColumn<QString>("optionBefore"); // the tool option whose value is the report, or "" for positional
    QTest::newRow("nsys export") << ".nsys-rep"
                                 << "OPSCOPE_NSYS"
                                 << "";
    QTest::newRow("ncu --import") << ".ncu-rep"
                                  << "OPSCOPE_NCU"
                                  << "--import";
}

void Security::reportNamesAreOneArgument()
{
    QFETCH(QString, extension);
    QFETCH(QString, toolVariable);
    QFETCH(QString, optionBefore);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    // A stand-in for the tool: writes its arguments one per line, then fails.
    const std::string log = test::tempPath(dir, "args.log");
    const std::string tool = test::tempPath(dir, "fake-tool");
    std::ofstream(tool) << "#!/bin/sh\nprintf '%s\\n' \"$@\" > '" << log << "'\nexit 3\n";
    QVERIFY(QFile::setPermissions(QString::fromStdString(tool), QFileDevice::ReadOwner | QFileDevice::ExeOwner));
    const QByteArray oldTool = qgetenv(toolVariable.toUtf8());
    qputenv(toolVariable.toUtf8(), QByteArray::fromStdString(tool));

    const std::string name = kHostileName + extension.toStdString();
    std::ofstream(test::tempPath(dir, name.c_str())) << "not really a report";
    // Opened by a relative name, as a file picked in the current folder would be.
    const QString oldCwd = QDir::currentPath();
    QVERIFY(QDir::setCurrent(dir.path()));
    bool refused = false;
    try {
        importFile(name);
    } catch (const FileError &e) {
        refused = e.path() == name;
    }
    QDir::setCurrent(oldCwd);
    if (oldTool.isEmpty())
        qunsetenv(toolVariable.toUtf8());
    else
        qputenv(toolVariable.toUtf8(), oldTool);
    QVERIFY(refused); // the tool failed; the error names the file as given

    const std::vector<std::string> args = readLines(log);
    QVERIFY2(!args.empty(), "the tool never ran");
    // The report is exactly one argument: the file's absolute path, which cannot pass for an option.
    const std::string expected = (QDir(dir.path()).absolutePath() + "/").toStdString() + name;
    const auto at = std::find(args.begin(), args.end(), expected);
    QVERIFY2(at != args.end(), ("no argument is the report's absolute path " + expected).c_str());
    if (!optionBefore.isEmpty()) {
        QVERIFY(at != args.begin());
        QCOMPARE(QString::fromStdString(*(at - 1)), optionBefore);
    }
    for (const std::string &arg : args)
        QVERIFY2(arg.find(kHostileName) == std::string::npos || arg[0] == '/', arg.c_str());
    QVERIFY(!QFile::exists(dir.filePath("PWNED")));
    QVERIFY(!QFile::exists(dir.filePath("PWNED2")));
}

void Security::sourcesRunProgramsOnlyAsArgumentVectors()
{
    // Ways to reach a shell or to weaken SSH that must not appear in OpScope's own sources.
    const QRegularExpression forbidden(
        R"((\bsystem\s*\(|\bpopen\s*\(|\bexecl[pe]?\s*\(|\bexecvp\s*\(|"/bin/sh"|"(ba)?sh -c|)"
        R"(QProcess::startDetached\s*\(\s*QString|\bstartCommand\s*\(|StrictHostKeyChecking\s*=?\s*no|)"
        R"(UserKnownHostsFile\s*=?\s*/dev/null|shell\s*=\s*True|os\.system\s*\(|getstatusoutput\s*\(|getoutput\s*\())");
    QStringList findings;
    int files = 0, fixedScripts = 0;
    for (const char *folder : {"core", "ui", "app", "resources/launcher"}) {
        QDirIterator it(QString::fromStdString(test::sourceFile(folder)), {"*.cpp", "*.h", "*.py"}, QDir::Files,
                        QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            QFile file(path);
            QVERIFY(file.open(QIODevice::ReadOnly));
            ++files;
            const QString source = QString::fromUtf8(file.readAll());
            int lineNo = 0;
            for (const QString &line : source.split('\n')) {
                ++lineNo;
                const QString text = line.trimmed();
                if (text.startsWith("//") || text.startsWith("#") || text.startsWith("*"))
                    continue; // comments may name what is not done
                if (forbidden.match(text).hasMatch())
                    findings << QString("%1:%2: %3").arg(path).arg(lineNo).arg(text);
            }
            for (const QString &problem : shellScriptProblems(source)) {
                if (problem.isEmpty())
                    ++fixedScripts;
                else
                    findings << path + ": " + problem;
            }
        }
    }
    QVERIFY(files > 50);
    QVERIFY2(findings.isEmpty(), qPrintable(findings.join('\n')));
    qInfo("%d source files scanned; %d `sh -c` with a fixed script (data as positional parameters)", files,
          fixedScripts);
}

void Security::shellScriptRule()
{
    // The rule of shellScriptProblems on the shapes it must tell apart.
    const QString fixed = R"(constexpr const char *kWrap = "echo $$ > \"$0\"; " "\"$@\"";
        Argv a = {"sh", "-c", kWrap, pidPath};
        Argv b = {"sh", "-c",
                  "mkdir -p -- \"$1\" && cd -- \"$1\"", "sh", dir};)";
    QCOMPARE(shellScriptProblems(fixed), QStringList({QString(), QString()}));
    const QStringList built = shellScriptProblems(R"(Argv a = {"sh", "-c", "rm -rf " + path};
        Argv b = {"bash", "-c", command};
        std::string kNotConst = "x"; Argv c = {"sh", "-c", kNotConst};)");
    QCOMPARE(built.size(), 3);
    for (const QString &problem : built)
        QVERIFY2(!problem.isEmpty(), "a built shell command passed as fixed");
}

} // namespace tst_security_suite

OPSCOPE_TEST_SUITE(tst_security, tst_security_suite::Security, Appless)
#include "tst_security.moc"
