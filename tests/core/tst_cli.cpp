// The opscope command line, run as a real process.
#include "opscope_text_run.h"
#include "test_suite.h"
#include "test_util.h"

#include <nlohmann/json.hpp>

#include <QDir>
#include <QProcess>
#include <QRegularExpression>
#include <QTest>

#include <fstream>

namespace tst_cli_suite {

using opscope::test::fixture;
using opscope::test::sourceFile;
using opscope::test::tempPath;

namespace {

using Run = opscope::test::TextRun;

QString convBlock()
{
    return QString::fromStdString(fixture("public/operator_profiler/conv_block/profile.json"));
}

// The bundled sample's two files: one capture (nsys export + ncu rows of its captured step).
QStringList sampleFiles()
{
    const std::string dir = sourceFile("resources/samples/gpt4_bf16_infer/");
    return {QString::fromStdString(dir + "nsys.sqlite"), QString::fromStdString(dir + "ncu_raw.csv")};
}

nlohmann::json jsonOf(const Run &run)
{
    return nlohmann::json::parse(run.out.toStdString());
}

// Every module of the tree below `nodes`, depth first.
void collectModules(const nlohmann::json &nodes, std::vector<nlohmann::json> &out)
{
    for (const auto &node : nodes) {
        out.push_back(node);
        collectModules(node["children"], out);
    }
}

} // namespace

class TestCli : public QObject {
    Q_OBJECT
private slots:
    void summaryJsonOfConvBlock()
    {
        const Run run = opscope::test::runOpscopeText({"summary", convBlock(), "--json"});
        QCOMPARE(run.exitCode, 0);
        const auto summary = nlohmann::json::parse(run.out.toStdString());
        QCOMPARE(summary["source_format"].get<std::string>(), std::string("operator-profiler-json"));
        QCOMPARE(summary["operator_count"].get<int>(), 10);
        QCOMPARE(summary["kernel_count"].get<int>(), 38);
        QCOMPARE(summary["module_count"].get<int>(), 0);
        QCOMPARE(summary["unattributed_kernel_count"].get<int>(), 0);
        QCOMPARE(summary["total_kernel_time_ns"].get<int64_t>(), int64_t(529757));
        QCOMPARE(summary["device_names"][0].get<std::string>(),
                 std::string("NVIDIA RTX PRO 6000 Blackwell Server Edition"));
        QCOMPARE(summary["warnings"].size(), size_t(330));
    }

    void summaryText()
    {
        const Run run = opscope::test::runOpscopeText({"summary", convBlock()});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.contains("Kernels:       38 (0 unattributed)"));
        QVERIFY(run.out.contains("Operators:     10"));
    }

    void convertRoundTrip()
    {
        QTemporaryDir dir;
        const QString stored = dir.filePath("conv.opscope");
        const QString exported = dir.filePath("conv.json");
        QCOMPARE(opscope::test::runOpscopeText({"convert", convBlock(), stored}).exitCode, 0);
        QCOMPARE(opscope::test::runOpscopeText({"convert", stored, exported}).exitCode, 0);
        std::ifstream a(convBlock().toStdString()), b(exported.toStdString());
        QVERIFY(nlohmann::json::parse(a) == nlohmann::json::parse(b));
        const Run summary = opscope::test::runOpscopeText({"summary", stored, "--json"});
        QCOMPARE(nlohmann::json::parse(summary.out.toStdString())["source_format"].get<std::string>(),
                 std::string("operator-profiler-json"));
    }

    void helpAndVersion()
    {
        const Run help = opscope::test::runOpscopeText({"--help"});
        QCOMPARE(help.exitCode, 0);
        QVERIFY(help.out.contains("summary"));
        QVERIFY(help.out.contains("convert"));
        const Run summaryHelp = opscope::test::runOpscopeText({"summary", "--help"});
        QCOMPARE(summaryHelp.exitCode, 0);
        QVERIFY(summaryHelp.out.contains("--json"));
        const Run version = opscope::test::runOpscopeText({"--version"});
        QCOMPARE(version.exitCode, 0);
        QVERIFY(version.out.startsWith("opscope " OPSCOPE_VERSION));
        QVERIFY(version.out.contains("SQLite 3."));
        QVERIFY(version.out.contains("profile file format 1"));
        QVERIFY(version.out.contains("Qt")); // "Qt 6.x", or "Qt: not built in" for a headless build
    }

    // Each command's line in `opscope --help` is a whole sentence that fits 100 columns, never the first
    // line of a wrapped paragraph ("...the format is chosen by OUT's extension:").
    void mainHelpListsWholeSentences()
    {
        const Run help = opscope::test::runOpscopeText({"--help"});
        QCOMPARE(help.exitCode, 0);
        const QStringList lines = help.out.split('\n');
        const qsizetype first = lines.indexOf("commands:") + 1;
        QVERIFY(first > 0);
        QStringList entries;
        for (qsizetype i = first; i < lines.size() && !lines[i].isEmpty(); ++i) {
            QVERIFY2(lines[i].size() <= 100, qPrintable(lines[i]));
            if (lines[i].startsWith("   ")) // a continuation of the entry above
                entries.last() += ' ' + lines[i].trimmed();
            else
                entries << lines[i].trimmed();
        }
        QCOMPARE(entries.size(), 19);
        for (const QString &entry : entries)
            QVERIFY2(entry.endsWith('.'), qPrintable(entry));
        // The names' column is as wide as the longest name (sweep-report): compare with the spaces collapsed.
        QStringList simplified;
        for (const QString &entry : entries)
            simplified << entry.simplified();
        QVERIFY(simplified.contains("convert Import IN (any supported format) and write OUT; the format is chosen by "
                                    "OUT's extension."));
    }

    // export writes the trace-event JSON of the files of one capture (its content: tst_trace_export) and
    // refuses an output that is not .json.
    void exportWritesTraceEventJson()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath("trace.json");
        const Run run = opscope::test::runOpscopeText(QStringList{"export"} + sampleFiles() + QStringList{out});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.err.contains("(192 kernels, 340 operators, 135 module calls)"), qPrintable(run.err));
        std::ifstream in(out.toStdString());
        const nlohmann::json trace = nlohmann::json::parse(in);
        QCOMPARE(trace["schemaVersion"].get<int>(), 1);
        QVERIFY(trace["traceEvents"].size() > 192);
        const Run wrong = opscope::test::runOpscopeText(QStringList{"export"} + sampleFiles() +
                                                        QStringList{dir.filePath("trace.opscope")});
        QCOMPARE(wrong.exitCode, 2);
        QVERIFY2(wrong.err.contains("the export is trace-event JSON: name it .json"), qPrintable(wrong.err));
    }

    // summary, insights, kernels, modules, ops and stats read the files of one capture together, as import
    // and diff do: here the sample's nsys export and the ncu rows of its captured step.
    void commandsReadTheFilesOfOneCapture()
    {
        const QStringList files = sampleFiles();
        const Run summary = opscope::test::runOpscopeText(QStringList{"summary"} + files + QStringList{"--json"});
        QCOMPARE(summary.exitCode, 0);
        QCOMPARE(jsonOf(summary)["kernels_with_counters"].get<int>(), 46);
        QCOMPARE(jsonOf(summary)["captured_kernel_time_ns"].get<int64_t>(), int64_t(428553));
        // Kernel rows with their ncu counters and roofline figures: the captured step's 46 by default.
        const Run kernels = opscope::test::runOpscopeText(QStringList{"kernels"} + files + QStringList{"--json"});
        QCOMPARE(kernels.exitCode, 0);
        QCOMPARE(jsonOf(kernels).size(), size_t(46));
        for (const auto &row : jsonOf(kernels)) {
            QVERIFY(row["captured"].get<bool>());
            QVERIFY(row.contains("roofline"));
        }
        const Run insights = opscope::test::runOpscopeText(QStringList{"insights"} + files + QStringList{"--json"});
        QCOMPARE(insights.exitCode, 0);
        QVERIFY(!jsonOf(insights).empty());
        const Run ops =
            opscope::test::runOpscopeText(QStringList{"ops"} + files + QStringList{"--json", "--limit", "1"});
        QCOMPARE(ops.exitCode, 0);
        QCOMPARE(jsonOf(ops)[0]["name"].get<std::string>(), std::string("aten::linear"));
        const Run modules = opscope::test::runOpscopeText(QStringList{"modules"} + files);
        QCOMPARE(modules.exitCode, 0);
        QVERIFY(modules.out.contains("blocks.* x4"));
        const Run stats =
            opscope::test::runOpscopeText(QStringList{"stats"} + files + QStringList{"--report", "op_sum", "--csv"});
        QCOMPARE(stats.exitCode, 0);
        QVERIFY(stats.out.startsWith("Name,Calls,"));
    }

    // Module calls are the captured step's: every module of the sample runs twice in the warm-up (outside
    // CAPTURE) and once in the captured step, whose GPU time the tree shows (python3 sqlite3 on nsys.sqlite:
    // 135 blocks/ln/attn/mlp... NVTX ranges, 45 paths x 3).
    void modulesCountTheCapturedStepsCalls()
    {
        const Run run = opscope::test::runOpscopeText(QStringList{"modules"} + sampleFiles() + QStringList{"--json"});
        QCOMPARE(run.exitCode, 0);
        std::vector<nlohmann::json> modules;
        collectModules(jsonOf(run)["modules"], modules);
        QCOMPARE(modules.size(), size_t(45));
        for (const auto &m : modules) {
            QVERIFY2(m["calls"].get<int>() == 1, m.dump().c_str());
            QCOMPARE(m["calls_outside_step"].get<int>(), 2);
        }
        const Run table = opscope::test::runOpscopeText(QStringList{"modules"} + sampleFiles());
        QVERIFY2(
            table.out.contains(QRegularExpression(R"(\n  blocks\.0 \[Block\]  \(group blocks\.\*\) +1 +93\.09 us)")),
            qPrintable(table.out));
    }

    // stats counts the captured step's kernels like every other command; --all-kernels (also taken by
    // kernels) adds the 146 launched before it (initialisation, weight casts, two warm-up steps).
    void statsAndKernelsDefaultToTheCapturedStep()
    {
        auto instances = [](const Run &run) {
            int total = 0;
            const nlohmann::json report = jsonOf(run);
            for (const auto &row : report["rows"])
                total += std::stoi(row["Instances"].get<std::string>());
            return total;
        };
        const QStringList files = sampleFiles();
        QCOMPARE(instances(opscope::test::runOpscopeText(QStringList{"stats"} + files + QStringList{"--json"})), 46);
        QCOMPARE(instances(opscope::test::runOpscopeText(QStringList{"stats"} + files +
                                                         QStringList{"--json", "--all-kernels"})),
                 192);
        QCOMPARE(jsonOf(opscope::test::runOpscopeText(QStringList{"kernels"} + files +
                                                      QStringList{"--json", "--all-kernels"}))
                     .size(),
                 size_t(192));
        const Run old = opscope::test::runOpscopeText(QStringList{"stats"} + files + QStringList{"--captured-only"});
        QCOMPARE(old.exitCode, 2);
    }

    // summary's text formats durations with the project's formatter and shortens long metadata: this real
    // torch.profiler trace of rank 34 of a 300-rank job (tests/data/kineto_300_ranks) has 13 KB of
    // pg_config; --json keeps it whole.
    void summaryTextIsShortAndReadable()
    {
        const Run sample = opscope::test::runOpscopeText(QStringList{"summary"} + sampleFiles());
        QCOMPARE(sample.exitCode, 0);
        QVERIFY2(sample.out.contains("Kernel time:   1.455 ms (captured step 428.55 us)\n"), qPrintable(sample.out));

        const QString trace =
            QString::fromStdString(sourceFile("tests/data/kineto_300_ranks/rank-34.pt.trace.json.gz"));
        const Run text = opscope::test::runOpscopeText({"summary", trace});
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains("  pg_config: a list of 11 entries (13125 characters; --json prints it whole)\n"),
                 qPrintable(text.out));
        QVERIFY2(text.out.contains("  world_size: 300\n"), qPrintable(text.out));
        QVERIFY(!text.out.contains("\"ranks\"")); // none of the 11 lists of 300 ranks
        QVERIFY2(text.out.size() < 1000, qPrintable(QString::number(text.out.size())));
        const Run json = opscope::test::runOpscopeText({"summary", trace, "--json"});
        const auto groups = nlohmann::json::parse(jsonOf(json)["metadata"]["pg_config"].get<std::string>());
        QCOMPARE(groups.size(), size_t(11));
        QCOMPARE(groups[0]["ranks"].size(), size_t(300));
    }

    // A folder is not a profile: a run folder of capture/profile names its profile (or, before its
    // import, how to import it), any other folder asks for the files in it; none is "the file is empty".
    void summaryOfAFolderSaysWhatToPass()
    {
        QTemporaryDir dir;
        const QString run = dir.filePath("mlp-20261122-101500");
        QVERIFY(QDir().mkpath(run));
        std::ofstream(run.toStdString() + "/manifest.json") << "{}\n";

        const Run before = opscope::test::runOpscopeText({"summary", run});
        QCOMPARE(before.exitCode, 1);
        QVERIFY2(before.err.contains(run +
                                     ": a run folder of opscope capture/profile without a profile yet: import "
                                     "it with `opscope import " +
                                     run + "`"),
                 qPrintable(before.err));

        QCOMPARE(opscope::test::runOpscopeText({"convert", convBlock(), run + "/mlp-20261122-101500.opscope"}).exitCode,
                 0);
        for (const QString &arg : {run, run + "/"}) {
            const Run imported = opscope::test::runOpscopeText({"summary", arg});
            QCOMPARE(imported.exitCode, 1);
            QVERIFY2(imported.err.contains(": a run folder of opscope capture/profile, not a profile: pass its "
                                           "profile, " +
                                           run + "/mlp-20261122-101500.opscope"),
                     qPrintable(imported.err));
        }
        QCOMPARE(opscope::test::runOpscopeText({"summary", run + "/mlp-20261122-101500.opscope"}).exitCode, 0);

        const Run plain = opscope::test::runOpscopeText({"summary", dir.path()});
        QCOMPARE(plain.exitCode, 1);
        QVERIFY2(plain.err.contains(dir.path() + ": a folder, not a profile: pass the profile in it, or the files of "
                                                 "one capture"),
                 qPrintable(plain.err));
        for (const Run *r : {&before, &plain})
            QVERIFY(!r->err.contains("empty"));
    }

    void errorsGoToStderrWithNonZeroExit_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("expected");
        QTest::newRow("missing file") << QStringList{"summary", "/nonexistent/profile.json"} << 1
                                      << "/nonexistent/profile.json: no such file";
        QTest::newRow("foreign file") << QStringList{"summary", QString::fromStdString(sourceFile("CMakeLists.txt"))}
                                      << 1 << "not a profile format OpScope reads";
        QTest::newRow("unknown command") << QStringList{"frobnicate"} << 2 << "unknown command 'frobnicate'";
        QTest::newRow("unknown option") << QStringList{"summary", "x", "--yaml"} << 2 << "unknown option --yaml";
        QTest::newRow("missing argument") << QStringList{"convert", "x"} << 2 << "wrong number of arguments";
        QTest::newRow("bad output extension")
            << QStringList{"convert", convBlock(), "/tmp/out.xyz"} << 2 << "unknown output format";
    }

    void errorsGoToStderrWithNonZeroExit()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, expected);
        const Run run = opscope::test::runOpscopeText(args);
        QCOMPARE(run.exitCode, exitCode);
        QVERIFY(run.out.isEmpty());
        QVERIFY2(run.err.contains(expected), qPrintable(run.err));
    }
};

} // namespace tst_cli_suite

OPSCOPE_TEST_SUITE(tst_cli, tst_cli_suite::TestCli, Core)
#include "tst_cli.moc"
