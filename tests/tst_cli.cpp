// The opscope command line, run as a real process.
#include "test_util.h"

#include <nlohmann/json.hpp>

#include <QProcess>
#include <QTest>

#include <fstream>

using opscope::test::fixture;
using opscope::test::tempPath;

namespace {

struct Run {
    int exitCode = -1;
    QString out;
    QString err;
};

Run runOpscope(const QStringList &args)
{
    QProcess process;
    process.start(OPSCOPE_BINARY, args);
    process.waitForFinished(120000);
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            QString::fromUtf8(process.readAllStandardOutput()), QString::fromUtf8(process.readAllStandardError())};
}

QString convBlock()
{
    return QString::fromStdString(fixture("public/operator_profiler/conv_block/profile.json"));
}

} // namespace

class TestCli : public QObject {
    Q_OBJECT
private slots:
    void summaryJsonOfConvBlock()
    {
        const Run run = runOpscope({"summary", convBlock(), "--json"});
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
        const Run run = runOpscope({"summary", convBlock()});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.contains("Kernels:       38 (0 unattributed)"));
        QVERIFY(run.out.contains("Operators:     10"));
    }

    void convertRoundTrip()
    {
        QTemporaryDir dir;
        const QString stored = dir.filePath("conv.opscope");
        const QString exported = dir.filePath("conv.json");
        QCOMPARE(runOpscope({"convert", convBlock(), stored}).exitCode, 0);
        QCOMPARE(runOpscope({"convert", stored, exported}).exitCode, 0);
        std::ifstream a(convBlock().toStdString()), b(exported.toStdString());
        QVERIFY(nlohmann::json::parse(a) == nlohmann::json::parse(b));
        const Run summary = runOpscope({"summary", stored, "--json"});
        QCOMPARE(nlohmann::json::parse(summary.out.toStdString())["source_format"].get<std::string>(),
                 std::string("operator-profiler-json"));
    }

    void helpAndVersion()
    {
        const Run help = runOpscope({"--help"});
        QCOMPARE(help.exitCode, 0);
        QVERIFY(help.out.contains("summary"));
        QVERIFY(help.out.contains("convert"));
        const Run summaryHelp = runOpscope({"summary", "--help"});
        QCOMPARE(summaryHelp.exitCode, 0);
        QVERIFY(summaryHelp.out.contains("--json"));
        const Run version = runOpscope({"--version"});
        QCOMPARE(version.exitCode, 0);
        QVERIFY(version.out.startsWith("opscope " OPSCOPE_VERSION));
        QVERIFY(version.out.contains("SQLite 3."));
        QVERIFY(version.out.contains("profile file format 1"));
        QVERIFY(version.out.contains("Qt")); // "Qt 6.x", or "Qt: not built in" for a headless build
    }

    void errorsGoToStderrWithNonZeroExit_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("expected");
        QTest::newRow("missing file") << QStringList{"summary", "/nonexistent/profile.json"} << 1
                                      << "/nonexistent/profile.json: no such file";
        QTest::newRow("foreign file") << QStringList{"summary", QString(OPSCOPE_SOURCE_DIR "/CMakeLists.txt")} << 1
                                      << "not a profile format OpScope reads";
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
        const Run run = runOpscope(args);
        QCOMPARE(run.exitCode, exitCode);
        QVERIFY(run.out.isEmpty());
        QVERIFY2(run.err.contains(expected), qPrintable(run.err));
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
