// Unit conversion and number parsing (opscope/units.h): every spelling in research/formats.md §2 and
// the ones seen in the real ncu 2025.3 files (units rows of shared/fixtures/h100/*/ncu_raw*.csv:
// %, SM, byte, byte/s, hz, cycle, byte/block, ns, thread, block, pass, warp, inst/cycle, byte/cycle,
// cluster, register/thread, inst, and auto-scaled Kbyte/cycle, Gbyte, Gbyte/s, Ghz, Tbyte, Tbyte/s,
// Kbyte, us, Kbyte/block, Mbyte).
#include "opscope/units.h"

#include <QTest>

using namespace opscope;

class TestUnits : public QObject {
    Q_OBJECT
private slots:
    void toBase_data()
    {
        QTest::addColumn<QString>("unit");
        QTest::addColumn<QString>("base");
        QTest::addColumn<double>("factor");
        QTest::addColumn<bool>("known");
        // Time -> ns.
        QTest::newRow("nsecond") << "nsecond"
                                 << "ns" << 1.0 << true;
        QTest::newRow("usecond") << "usecond"
                                 << "ns" << 1e3 << true;
        QTest::newRow("msecond") << "msecond"
                                 << "ns" << 1e6 << true;
        QTest::newRow("second") << "second"
                                << "ns" << 1e9 << true;
        QTest::newRow("ns") << "ns"
                            << "ns" << 1.0 << true;
        QTest::newRow("us") << "us"
                            << "ns" << 1e3 << true;
        QTest::newRow("ms") << "ms"
                            << "ns" << 1e6 << true;
        QTest::newRow("s") << "s"
                           << "ns" << 1e9 << true;
        // Data -> byte (SI x1000; Ki/Mi x1024).
        QTest::newRow("byte") << "byte"
                              << "byte" << 1.0 << true;
        QTest::newRow("Kbyte") << "Kbyte"
                               << "byte" << 1e3 << true;
        QTest::newRow("Mbyte") << "Mbyte"
                               << "byte" << 1e6 << true;
        QTest::newRow("Gbyte") << "Gbyte"
                               << "byte" << 1e9 << true;
        QTest::newRow("Tbyte") << "Tbyte"
                               << "byte" << 1e12 << true;
        QTest::newRow("KB") << "KB"
                            << "byte" << 1e3 << true;
        QTest::newRow("MB") << "MB"
                            << "byte" << 1e6 << true;
        QTest::newRow("GB") << "GB"
                            << "byte" << 1e9 << true;
        QTest::newRow("Kibyte") << "Kibyte"
                                << "byte" << 1024.0 << true;
        QTest::newRow("Mibyte") << "Mibyte"
                                << "byte" << 1048576.0 << true;
        QTest::newRow("KiB") << "KiB"
                             << "byte" << 1024.0 << true;
        // Data rates -> byte/s.
        QTest::newRow("byte/second") << "byte/second"
                                     << "byte/s" << 1.0 << true;
        QTest::newRow("Kbyte/second") << "Kbyte/second"
                                      << "byte/s" << 1e3 << true;
        QTest::newRow("Mbyte/second") << "Mbyte/second"
                                      << "byte/s" << 1e6 << true;
        QTest::newRow("Gbyte/second") << "Gbyte/second"
                                      << "byte/s" << 1e9 << true;
        QTest::newRow("Tbyte/second") << "Tbyte/second"
                                      << "byte/s" << 1e12 << true;
        QTest::newRow("byte/s") << "byte/s"
                                << "byte/s" << 1.0 << true;
        QTest::newRow("Gbyte/s") << "Gbyte/s"
                                 << "byte/s" << 1e9 << true;
        QTest::newRow("Tbyte/s") << "Tbyte/s"
                                 << "byte/s" << 1e12 << true;
        QTest::newRow("byte/nsecond") << "byte/nsecond"
                                      << "byte/s" << 1e9 << true;
        // Frequencies and cycle rates -> hz.
        QTest::newRow("cycle/nsecond") << "cycle/nsecond"
                                       << "hz" << 1e9 << true;
        QTest::newRow("cycle/usecond") << "cycle/usecond"
                                       << "hz" << 1e6 << true;
        QTest::newRow("cycle/second") << "cycle/second"
                                      << "hz" << 1.0 << true;
        QTest::newRow("hz") << "hz"
                            << "hz" << 1.0 << true;
        QTest::newRow("khz") << "khz"
                             << "hz" << 1e3 << true;
        QTest::newRow("mhz") << "mhz"
                             << "hz" << 1e6 << true;
        QTest::newRow("ghz") << "ghz"
                             << "hz" << 1e9 << true;
        QTest::newRow("Ghz") << "Ghz"
                             << "hz" << 1e9 << true;
        QTest::newRow("MHz") << "MHz"
                             << "hz" << 1e6 << true;
        // Other rates -> <count>/s.
        QTest::newRow("inst/second") << "inst/second"
                                     << "inst/s" << 1.0 << true;
        QTest::newRow("inst/nsecond") << "inst/nsecond"
                                      << "inst/s" << 1e9 << true;
        QTest::newRow("Kinst/second") << "Kinst/second"
                                      << "inst/s" << 1e3 << true;
        QTest::newRow("sector/second") << "sector/second"
                                       << "sector/s" << 1.0 << true;
        // Base already: unchanged.
        for (const char *plain : {"%", "cycle", "inst", "warp", "block", "thread", "register/thread", "byte/block",
                                  "sector", "SM", "cluster", "pass", "inst/cycle", "byte/cycle", "request"})
            QTest::newRow(plain) << plain << plain << 1.0 << true;
        // Scaled counts and per-something units: the numerator scales.
        QTest::newRow("Kbyte/block") << "Kbyte/block"
                                     << "byte/block" << 1e3 << true;
        QTest::newRow("Kbyte/cycle") << "Kbyte/cycle"
                                     << "byte/cycle" << 1e3 << true;
        QTest::newRow("Ksector") << "Ksector"
                                 << "sector" << 1e3 << true;
        QTest::newRow("Minst") << "Minst"
                               << "inst" << 1e6 << true;
        QTest::newRow("Kcycle") << "Kcycle"
                                << "cycle" << 1e3 << true;
        // Spaces around are ignored.
        QTest::newRow(" us ") << " us "
                              << "ns" << 1e3 << true;
        // Unknown: kept as written, value unchanged.
        QTest::newRow("furlong") << "furlong"
                                 << "furlong" << 1.0 << false;
        QTest::newRow("Kfurlong") << "Kfurlong"
                                  << "Kfurlong" << 1.0 << false;
        QTest::newRow("byte/furlong/s") << "byte/furlong/s"
                                        << "byte/furlong/s" << 1.0 << false;
        QTest::newRow("empty") << ""
                               << "" << 1.0 << false;
    }

    void toBase()
    {
        QFETCH(QString, unit);
        QFETCH(QString, base);
        QFETCH(double, factor);
        QFETCH(bool, known);
        const units::Conversion c = units::toBase(unit.toStdString());
        QCOMPARE(QString::fromStdString(c.base), base);
        QCOMPARE(c.factor, factor);
        QCOMPARE(c.known, known);
    }

    void parseValue_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("kind"); // units::ValueKind
        QTest::addColumn<double>("number");
        QTest::addColumn<bool>("integral");
        const int num = int(units::ValueKind::Number), text = int(units::ValueKind::Text);
        // Thousands separators, as ncu writes them even with --print-units base.
        QTest::newRow("2,816") << "2,816" << num << 2816.0 << true;
        QTest::newRow("7,474,249,728") << "7,474,249,728" << num << 7474249728.0 << true;
        QTest::newRow("1,234,567.25") << "1,234,567.25" << num << 1234567.25 << false;
        QTest::newRow("358,043,844,856.66") << "358,043,844,856.66" << num << 358043844856.66 << false;
        // Windows locale: dots group (several dots, no comma), a comma is the decimal mark.
        QTest::newRow("27.595.520") << "27.595.520" << num << 27595520.0 << true;
        QTest::newRow("1.234,5") << "1.234,5" << num << 1234.5 << false;
        QTest::newRow("0,5") << "0,5" << num << 0.5 << false;
        // Plain numbers; one dot is a decimal point.
        QTest::newRow("3995313115.40") << "3995313115.40" << num << 3995313115.40 << false;
        QTest::newRow("1.234") << "1.234" << num << 1.234 << false;
        QTest::newRow("0") << "0" << num << 0.0 << true;
        QTest::newRow("-42") << "-42" << num << -42.0 << true;
        QTest::newRow("+5") << "+5" << num << 5.0 << true;
        QTest::newRow("-1.5e3") << "-1.5e3" << num << -1500.0 << false;
        QTest::newRow("-2,816") << "-2,816" << num << -2816.0 << true;
        QTest::newRow("spaces") << "  12  " << num << 12.0 << true;
        // No value.
        QTest::newRow("n/a") << "n/a" << int(units::ValueKind::NotAvailable) << 0.0 << false;
        QTest::newRow("N/A") << " N/A " << int(units::ValueKind::NotAvailable) << 0.0 << false;
        QTest::newRow("empty") << "" << int(units::ValueKind::Empty) << 0.0 << false;
        QTest::newRow("blank") << "   " << int(units::ValueKind::Empty) << 0.0 << false;
        // Text.
        QTest::newRow("PolicySpread") << "PolicySpread" << text << 0.0 << false;
        QTest::newRow("display name") << "NVIDIA H100 80GB HBM3" << text << 0.0 << false;
        QTest::newRow("nan") << "nan" << text << 0.0 << false;
        QTest::newRow("inf") << "-inf" << text << 0.0 << false;
        QTest::newRow("1e999") << "1e999" << text << 0.0 << false;
        QTest::newRow("0x10") << "0x10" << text << 0.0 << false;
        QTest::newRow("1,23,456") << "1,23,456" << text << 0.0 << false;
        QTest::newRow("1.2.3,4,5") << "1.2.3,4,5" << text << 0.0 << false;
        QTest::newRow("12 ms") << "12 ms" << text << 0.0 << false;
        QTest::newRow("-") << "-" << text << 0.0 << false;
    }

    void parseValue()
    {
        QFETCH(QString, text);
        QFETCH(int, kind);
        QFETCH(double, number);
        QFETCH(bool, integral);
        const std::string input = text.toStdString();
        const units::ParsedValue v = units::parseValue(input);
        QCOMPARE(int(v.kind), kind);
        if (v.kind == units::ValueKind::Number) {
            QCOMPARE(v.number, number);
            QCOMPARE(v.integral, integral);
        }
        if (v.kind == units::ValueKind::Text)
            QCOMPARE(QString::fromStdString(std::string(v.text)), text.trimmed());
    }

    void convert_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("unit");
        QTest::addColumn<double>("number");
        QTest::addColumn<bool>("integral");
        QTest::addColumn<QString>("base");
        // Powers of ten are applied to the decimal text: exact results, no 12739.999999999998.
        QTest::newRow("12.74 us") << "12.74"
                                  << "us" << 12740.0 << false << "ns";
        QTest::newRow("18.400000 us") << "18.400000"
                                      << "us" << 18400.0 << false << "ns";
        QTest::newRow("0.368737 Tbyte/s") << "0.368737"
                                          << "Tbyte/s" << 368737000000.0 << false << "byte/s";
        QTest::newRow("213.204000 Kbyte/block") << "213.204000"
                                                << "Kbyte/block" << 213204.0 << false << "byte/block";
        QTest::newRow("1.435383 Ghz") << "1.435383"
                                      << "Ghz" << 1435383000.0 << false << "hz";
        QTest::newRow("1,024 Kbyte") << "1,024"
                                     << "Kbyte" << 1024000.0 << true << "byte";
        QTest::newRow("2 usecond") << "2"
                                   << "usecond" << 2000.0 << true << "ns";
        QTest::newRow("1.5e3 us") << "1.5e3"
                                  << "us" << 1500000.0 << false << "ns";
        QTest::newRow("1.5 Kibyte") << "1.5"
                                    << "Kibyte" << 1536.0 << false << "byte";
        QTest::newRow("3 Mibyte") << "3"
                                  << "Mibyte" << 3145728.0 << true << "byte";
        QTest::newRow("1 cycle/nsecond") << "1"
                                         << "cycle/nsecond" << 1e9 << true << "hz";
        QTest::newRow("2,816 ns") << "2,816"
                                  << "ns" << 2816.0 << true << "ns";
        QTest::newRow("5 furlong") << "5"
                                   << "furlong" << 5.0 << true << "furlong";
        QTest::newRow("27.595.520 byte") << "27.595.520"
                                         << "byte" << 27595520.0 << true << "byte";
    }

    void convert()
    {
        QFETCH(QString, text);
        QFETCH(QString, unit);
        QFETCH(double, number);
        QFETCH(bool, integral);
        QFETCH(QString, base);
        const std::string input = text.toStdString();
        const units::ConvertedValue v = units::parseAndConvert(input, unit.toStdString());
        QCOMPARE(int(v.value.kind), int(units::ValueKind::Number));
        QCOMPARE(v.value.number, number);
        QCOMPARE(v.value.integral, integral);
        QCOMPARE(QString::fromStdString(v.unit.base), base);
    }

    void convertKeepsNonNumbers()
    {
        QCOMPARE(int(units::parseAndConvert("n/a", "us").value.kind), int(units::ValueKind::NotAvailable));
        const std::string text = "CachePreferNone";
        const units::ConvertedValue v = units::parseAndConvert(text, "Kbyte");
        QCOMPARE(int(v.value.kind), int(units::ValueKind::Text));
        QCOMPARE(v.value.text, std::string_view("CachePreferNone"));
        QCOMPARE(int(units::parseAndConvert("", "us").value.kind), int(units::ValueKind::Empty));
    }
};

QTEST_APPLESS_MAIN(TestUnits)
#include "tst_units.moc"
