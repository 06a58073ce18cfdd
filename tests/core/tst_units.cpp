// Unit conversion and number parsing (opscope/units.h): every spelling in research/formats.md §2 and
// the ones seen in the real ncu 2025.3 files (units rows of shared/fixtures/h100/*/ncu_raw*.csv:
// %, SM, byte, byte/s, hz, cycle, byte/block, ns, thread, block, pass, warp, inst/cycle, byte/cycle,
// cluster, register/thread, inst, and auto-scaled Kbyte/cycle, Gbyte, Gbyte/s, Ghz, Tbyte, Tbyte/s,
// Kbyte, us, Kbyte/block, Mbyte). And the texts for people (opscope/format.h): durations, the delta,
// ratio and change of a compare table, kernel names cut for a cell or a timeline label.
#include "opscope/format.h"
#include "opscope/profile.h"
#include "opscope/units.h"
#include "test_suite.h"

#include <QTest>

namespace tst_units_suite {

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

    void durations()
    {
        QCOMPARE(formatShortDuration(830), std::string("830 ns"));
        QCOMPARE(formatShortDuration(1500), std::string("1.50 us"));
        QCOMPARE(formatShortDuration(1500, Typography::Unicode), std::string("1.50 \u00b5s"));
        QCOMPARE(formatShortDuration(12345678), std::string("12.3 ms"));
        QCOMPARE(formatShortDuration(2.05e9), std::string("2.05 s"));
        QCOMPARE(formatFixedDuration(428553), std::string("428.55 us"));
        QCOMPARE(formatFixedDuration(3941241), std::string("3.941 ms"));
        QCOMPARE(formatFixedDuration(-594740), std::string("-594.74 us"));
        QCOMPARE(formatFixedDuration(12345, 1, Typography::Unicode), std::string("12.3 \u00b5s"));
        QCOMPARE(formatTimestamp(4000), std::string("0.004 ms"));
        QCOMPARE(formatTimestamp(-1250000), std::string("-1.250 ms"));
    }

    void beforeAfterTexts()
    {
        // The totals of `opscope diff` on the GPT pair (bf16 -> fp32): 428,553 ns -> 3,941,241 ns.
        QCOMPARE(formatDelta(3941241 - 428553, DurationText::Fixed), std::string("+3.513 ms"));
        QCOMPARE(formatRatio(428553, 3941241), std::string("9.197x"));
        QCOMPARE(formatChange(428553, 3941241), std::string("+819.7%"));
        QCOMPARE(formatDelta(-594740, DurationText::Fixed), std::string("-594.74 us"));
        QCOMPARE(formatChange(6932800, 6338060), std::string("-8.6%"));
        // A qkv GEMM, 14,432 ns -> 193,640 ns: one decimal from 10x on.
        QCOMPARE(formatRatio(14432, 193640), std::string("13.4x"));
        // Equal, new, gone, neither.
        QCOMPARE(formatDelta(0, DurationText::Fixed), std::string("0 ns"));
        QCOMPARE(formatDelta(0, DurationText::Short, Typography::Unicode), std::string("0 ns"));
        QCOMPARE(formatRatio(0, 2110), std::string("new"));
        QCOMPARE(formatChange(0, 2110), std::string("new"));
        QCOMPARE(formatRatio(75680, 0), std::string("gone"));
        QCOMPARE(formatChange(75680, 0), std::string("-100.0%"));
        QCOMPARE(formatRatio(0, 0), std::string());
        QCOMPARE(formatChange(0, 0), std::string());
        QCOMPARE(formatRatio(0, 0, Typography::Unicode), std::string("\u2013"));
        // A change that rounds to zero has no sign: 100000 -> 100004 ns, and back.
        QCOMPARE(formatChange(100000, 100004), std::string("0.0%"));
        QCOMPARE(formatChange(100004, 100000), std::string("0.0%"));
        // The GUI's typography: minus sign, times sign, a space before the percent sign.
        QCOMPARE(formatDelta(-812, DurationText::Short, Typography::Unicode), std::string("\u2212812 ns"));
        QCOMPARE(formatDelta(1234, DurationText::Short, Typography::Unicode), std::string("+1.23 \u00b5s"));
        QCOMPARE(formatRatio(1000, 602, Typography::Unicode), std::string("0.602\u00d7"));
        QCOMPARE(formatChange(1000, 602, Typography::Unicode), std::string("\u221239.8 %"));
        // A change already in percent (a counter's, a group member's against the median).
        QCOMPARE(formatChangePct(15.3846), std::string("+15.4%"));
        QCOMPARE(formatChangePct(-7.6923, Typography::Unicode), std::string("\u22127.7 %"));
        QCOMPARE(formatChangePct(0.0, Typography::Unicode), std::string("0.0 %"));
        // A factor in a sentence: the captured step against the plain one, a comparison's speedup.
        QCOMPARE(formatFactor(1.5625), std::string("1.56x"));
        QCOMPARE(formatFactor(9.197, Typography::Unicode), std::string("9.20\u00d7"));
    }

    void kernelNames_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("cell");  // TemplateArguments::Keep
        QTest::addColumn<QString>("label"); // TemplateArguments::Drop
        // nsys (shared/fixtures/h100/gpt4_bf16_infer/nsys.sqlite): "<unnamed>" and casts on template values.
        QTest::newRow("nsys layer norm")
            << "void at::native::<unnamed>::vectorized_layer_norm_kernel<c10::BFloat16, float, (bool)0>(int, T2, "
               "const T1 *, const T1 *, const T1 *, T2 *, T2 *, T1 *)"
            << "vectorized_layer_norm_kernel<c10::BFloat16, float, 0>"
            << "vectorized_layer_norm_kernel";
        QTest::newRow("nsys add")
            << "void at::native::vectorized_elementwise_kernel<(int)8, at::native::CUDAFunctor_add<c10::BFloat16>, "
               "std::array<char *, (unsigned long)3>>(int, T2, T3)"
            << "vectorized_elementwise_kernel<8, CUDAFunctor_add<c10::BFloat16>, std::array<char *, (unsigned long)3>>"
            << "vectorized_elementwise_kernel";
        // torch.profiler (its kineto.json) writes "(anonymous namespace)": the cell once came out empty.
        QTest::newRow("kineto layer norm")
            << "void at::native::(anonymous namespace)::vectorized_layer_norm_kernel<c10::BFloat16, float, false>(int, "
               "float, c10::BFloat16 const*, c10::BFloat16 const*, c10::BFloat16 const*, float*, float*, "
               "c10::BFloat16*)"
            << "vectorized_layer_norm_kernel<c10::BFloat16, float, false>"
            << "vectorized_layer_norm_kernel";
        QTest::newRow("softmax") << "void (anonymous namespace)::softmax_warp<float, 4>(float*, int)"
                                 << "softmax_warp<float, 4>"
                                 << "softmax_warp";
        // Other namespaces stay; "at::" goes only where a name starts.
        QTest::newRow("cutlass") << "void cutlass::Kernel2<cutlass_80_simt_sgemm_128x128_8x4_tn_align1>(T1::Params)"
                                 << "cutlass::Kernel2<cutlass_80_simt_sgemm_128x128_8x4_tn_align1>"
                                 << "cutlass::Kernel2";
        QTest::newRow("not at::") << "void cute::format::kernel<int>(int)"
                                  << "cute::format::kernel<int>"
                                  << "cute::format::kernel";
        QTest::newRow("plain") << "nvjet_sm90_tst_192x192_64x4_2x1_v_bz_coopB_bias_TNN"
                               << "nvjet_sm90_tst_192x192_64x4_2x1_v_bz_coopB_bias_TNN"
                               << "nvjet_sm90_tst_192x192_64x4_2x1_v_bz_coopB_bias_TNN";
        QTest::newRow("triton") << "triton_poi_fused_convolution_0"
                                << "triton_poi_fused_convolution_0"
                                << "triton_poi_fused_convolution_0";
        QTest::newRow("gemm") << "void gemm_kernel<float, 128>(float const*, float*)"
                              << "gemm_kernel<float, 128>"
                              << "gemm_kernel";
    }

    void kernelNames()
    {
        QFETCH(QString, name);
        QFETCH(QString, cell);
        QFETCH(QString, label);
        QCOMPARE(QString::fromStdString(shortKernelName(name.toStdString())), cell);
        QCOMPARE(QString::fromStdString(shortKernelName(name.toStdString(), TemplateArguments::Drop)), label);
    }

    void kernelDisplayNameIsTheSourcesShortName()
    {
        Profile p;
        Kernel full, named, emptyShort;
        full.name = p.intern("void at::native::foo<int>(int)");
        named.name = full.name;
        named.short_name = p.intern("foo");
        emptyShort.name = full.name;
        emptyShort.short_name = p.intern("");
        p.kernels = {full, named, emptyShort};
        QCOMPARE(p.kernelDisplayName(0), std::string_view("void at::native::foo<int>(int)"));
        QCOMPARE(p.kernelDisplayName(1), std::string_view("foo"));
        QCOMPARE(p.kernelDisplayName(2), std::string_view("void at::native::foo<int>(int)"));
    }
};

} // namespace tst_units_suite

OPSCOPE_TEST_SUITE(tst_units, tst_units_suite::TestUnits, Appless)
#include "tst_units.moc"
