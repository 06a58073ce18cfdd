// Keeps packaging/opscope.1 honest: every command and option the real binary prints in its help must
// be described in the man page, each command in a ".SS <command>" section and each option in a
// ".TP" paragraph of that section which also states the option's default when --help shows one.
// A command that takes the options of others says so in its section with a troff comment line
// `.\" options-from: capture replay`; their sections then count as its own.
#include "test_suite.h"
#include "test_util.h"

#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTest>

namespace tst_man_page_suite {

using opscope::test::sourceFile;

namespace {

struct HelpOption {
    QStringList names;    // "--help" and "-h" for "--help, -h"
    QString defaultValue; // from "(default: ...)", empty when none is shown
};

QString runOpscope(const QStringList &args, int *exitCode)
{
    QProcess process;
    process.start(opscope::test::opscopeBinary(), args);
    process.waitForFinished(60000);
    *exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    return QString::fromUtf8(process.readAllStandardOutput());
}

QString helpOf(const QStringList &args)
{
    int exitCode = -1;
    const QString out = runOpscope(args, &exitCode);
    if (exitCode != 0)
        qWarning("opscope %s exited with %d", qPrintable(args.join(' ')), exitCode);
    return exitCode == 0 ? out : QString();
}

// The lines of a help block that starts after `header` ("commands:", "options:") up to a blank line.
QStringList block(const QString &help, const QString &header)
{
    const QStringList lines = help.split('\n');
    const qsizetype start = lines.indexOf(header);
    QStringList result;
    if (start < 0)
        return result;
    for (qsizetype i = start + 1; i < lines.size() && !lines[i].trimmed().isEmpty(); ++i)
        result << lines[i];
    return result;
}

QStringList commandNames(const QString &mainHelp)
{
    QStringList names;
    for (const QString &line : block(mainHelp, "commands:"))
        if (!line.startsWith("   ")) // deeper lines continue the description above
            names << line.trimmed().section(' ', 0, 0);
    return names;
}

// "  --out FILE      help (default: x)" or "  --help, -h  help": the left column ends at two spaces.
QList<HelpOption> helpOptions(const QString &help)
{
    static const QRegularExpression defaultPattern(R"(\(default: (.*)\)\s*$)");
    QList<HelpOption> options;
    for (const QString &line : block(help, "options:")) {
        if (!line.startsWith("  -"))
            continue;
        const QString left = line.mid(2).section("  ", 0, 0);
        HelpOption option;
        for (const QString &spelling : left.split(", "))
            option.names << spelling.section(' ', 0, 0);
        if (const auto match = defaultPattern.match(line); match.hasMatch())
            option.defaultValue = match.captured(1);
        options << option;
    }
    return options;
}

// The man page source with troff escapes for hyphens and fonts removed, one entry per line.
QStringList manPageLines()
{
    QFile file(QString::fromStdString(sourceFile("packaging/opscope.1")));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QString text = QString::fromUtf8(file.readAll());
    text.replace("\\-", "-").replace("\\%", "").replace("\\&", "");
    text.remove(QRegularExpression(R"(\\f[BIRP])"));
    return text.split('\n');
}

bool startsSection(const QString &line)
{
    return line.startsWith(".SH") || line.startsWith(".SS");
}

// The lines of the section whose heading is `heading` (e.g. ".SS summary"), without the heading.
QStringList section(const QStringList &lines, const QString &heading)
{
    QStringList result;
    bool inside = false;
    for (const QString &line : lines) {
        if (startsSection(line)) {
            if (inside)
                break;
            QString title = line.mid(3).trimmed().remove('"');
            inside = line.left(3) == heading.left(3) && title.section(' ', 0, 0) == heading.mid(4);
            continue;
        }
        if (inside)
            result << line;
    }
    return result;
}

// The paragraph of the ".TP" entry whose tag line names `option`; empty when there is none.
QStringList optionParagraph(const QStringList &sectionLines, const QString &option)
{
    const QRegularExpression token("(?<![\\w-])" + QRegularExpression::escape(option) + "(?![\\w-])");
    for (qsizetype i = 1; i < sectionLines.size(); ++i) {
        if (!sectionLines[i - 1].startsWith(".TP") || !token.match(sectionLines[i]).hasMatch())
            continue;
        QStringList paragraph{sectionLines[i]};
        for (qsizetype j = i + 1; j < sectionLines.size(); ++j) {
            const QString &line = sectionLines[j];
            if (line.startsWith(".TP") || line.startsWith(".PP") || startsSection(line))
                break;
            paragraph << line;
        }
        return paragraph;
    }
    return {};
}

void verifyOptionsDescribed(const QList<HelpOption> &options, const QStringList &sectionLines, const QString &where)
{
    for (const HelpOption &option : options) {
        for (const QString &name : option.names) {
            const QStringList paragraph = optionParagraph(sectionLines, name);
            QVERIFY2(!paragraph.isEmpty(), qPrintable("no .TP entry for " + name + " in " + where));
            if (!option.defaultValue.isEmpty())
                QVERIFY2(paragraph.join(' ').contains(option.defaultValue),
                         qPrintable(where + ": the entry of " + name + " does not state its default '" +
                                    option.defaultValue + "'"));
        }
    }
}

} // namespace

class TestManPage : public QObject {
    Q_OBJECT
private slots:
    void mainOptionsDescribed()
    {
        const QString help = helpOf({"--help"});
        const QList<HelpOption> options = helpOptions(help);
        // The main help lists --help, -h and --version.
        QCOMPARE(options.size(), 2);
        QCOMPARE(options[0].names, QStringList({"--help", "-h"}));
        const QStringList lines = manPageLines();
        QVERIFY(!lines.isEmpty());
        verifyOptionsDescribed(options, section(lines, ".SH OPTIONS"), "section OPTIONS");
    }

    void commandsDescribed_data()
    {
        QTest::addColumn<QString>("command");
        const QStringList names = commandNames(helpOf({"--help"}));
        // The first commands there were; more are added over time and picked up here.
        QVERIFY(names.contains("summary"));
        QVERIFY(names.contains("convert"));
        for (const QString &name : names)
            QTest::newRow(qPrintable(name)) << name;
    }

    void commandsDescribed()
    {
        QFETCH(QString, command);
        const QString help = helpOf({command, "--help"});
        QVERIFY2(help.startsWith("usage: opscope " + command),
                 qPrintable("opscope " + command + " --help printed: " + help.left(200)));
        const QStringList lines = manPageLines();
        QStringList commandSection = section(lines, ".SS " + command);
        QVERIFY2(!commandSection.isEmpty(), qPrintable("packaging/opscope.1 has no '.SS " + command + "' section"));
        for (const QString &line : QStringList(commandSection)) {
            if (!line.startsWith(".\\\" options-from:"))
                continue;
            for (const QString &other : line.section(':', 1).split(' ', Qt::SkipEmptyParts)) {
                const QStringList otherSection = section(lines, ".SS " + other);
                QVERIFY2(!otherSection.isEmpty(), qPrintable("options-from names a missing section: " + other));
                commandSection << otherSection;
            }
        }
        verifyOptionsDescribed(helpOptions(help), commandSection, "section " + command);
    }

    void summaryOptionParsed()
    {
        // Guards the parser above: if it found nothing, every command would pass vacuously.
        const QList<HelpOption> options = helpOptions(helpOf({"summary", "--help"}));
        QCOMPARE(options.size(), 2);
        QCOMPARE(options[0].names, QStringList({"--json"}));
        QCOMPARE(options[1].names, QStringList({"--capture-range"}));
        QCOMPARE(options[1].defaultValue, QStringLiteral("CAPTURE"));
    }

    void versionMatches()
    {
        const QString version = helpOf({"--version"}).section('\n', 0, 0); // "opscope 0.1.0"
        QVERIFY(version.startsWith("opscope "));
        const QStringList lines = manPageLines();
        const auto th = std::find_if(lines.begin(), lines.end(), [](const QString &l) { return l.startsWith(".TH "); });
        QVERIFY(th != lines.end());
        QVERIFY2(th->contains("\"OpScope " + version.mid(8) + "\""),
                 qPrintable("the .TH line names another version than " + version + ": " + *th));
    }
};

} // namespace tst_man_page_suite

OPSCOPE_TEST_SUITE(tst_man_page, tst_man_page_suite::TestManPage, Appless)
#include "tst_man_page.moc"
