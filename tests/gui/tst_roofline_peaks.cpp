// One peak per GPU and precision (issue 39, item 2): the roofline's ceilings and every "% of peak" the Insights
// pane quotes are the same numbers, though ncu measured each kernel at its own clock. On the real H100 capture
// h100/gpt4_bf16_infer (nsys + ncu, --set roofline), shown offscreen in the two views.
#include "models/profile_analysis.h"
#include "opscope/capture_import.h"
#include "opscope/insights.h"
#include "opscope/roofline.h"
#include "test_suite.h"
#include "test_util.h"
#include "views/insights_view.h"
#include "views/roofline_view.h"

#include <QTest>
#include <QTreeWidget>

#include <set>

namespace tst_roofline_peaks_suite {

using namespace opscope;
using namespace opscope::ui;
using opscope::test::fixture;

class TestRooflinePeaks : public QObject {
    Q_OBJECT
private slots:
    void theInsightsQuoteTheRooflinesPeaks()
    {
        const auto analysis = analyzeProfile(std::make_shared<Profile>(
            importCapture({fixture("h100/gpt4_bf16_infer/nsys.sqlite"), fixture("h100/gpt4_bf16_infer/ncu_raw.csv")})));
        const Profile &p = *analysis->profile;
        // The kernels ran at different clocks: each row's own BF16 tensor peak differs (744.8 to 858.5 TFLOP/s),
        // which the insights quoted before.
        std::set<double> ownPeaks;
        for (Index k : analysis->rooflineKernels)
            for (const ComputeRate &c : kernelRoofline(p, k).compute)
                if (c.precision == "BF16 tensor")
                    ownPeaks.insert(c.peak);
        QVERIFY(ownPeaks.size() > 3);

        Selection selection;
        RooflineView roofline(&selection);
        roofline.resize(1000, 700);
        roofline.show();
        QVERIFY(QTest::qWaitForWindowExposed(&roofline));
        roofline.setAnalysis(analysis);
        InsightsView insights(&selection);
        insights.setAnalysis(analysis, findInsights(p, Typography::Unicode));
        insights.show();

        const auto ceiling = [&](const QString &name, bool memory) {
            for (const RooflineCeiling &c : roofline.scene().ceilings)
                if (c.memory == memory && c.label.startsWith(name + QLatin1Char(' ')))
                    return c.peak;
            return -1.0;
        };
        size_t compared = 0;
        for (int row = 0; row < insights.list()->topLevelItemCount(); ++row) {
            const Insight &i = insights.insights()[size_t(row)];
            const QString detail = insights.list()->topLevelItem(row)->child(0)->text(0);
            if (i.figures.contains("peak_flops")) {
                const QString precision = QString::fromStdString(i.figures["precision"].get<std::string>());
                // The tensor ceilings show where a kernel used them; pick the precision to see its roof.
                RooflineOptions options = roofline.options();
                options.precision = precision;
                roofline.setOptions(options);
                QCOMPARE(i.figures["peak_flops"].get<double>(), ceiling(precision, false));
                QVERIFY(i.figures["achieved_flops"].get<double>() <= ceiling(precision, false));
                QVERIFY2(detail.contains(QStringLiteral("of the GPU's ") + precision + QStringLiteral(" peak")),
                         qPrintable(detail));
                ++compared;
            }
            if (i.figures.contains("peak_bandwidth")) {
                const QString level = QString::fromStdString(i.figures["bound_by"].get<std::string>());
                QCOMPARE(i.figures["peak_bandwidth"].get<double>(), ceiling(level, true));
                QVERIFY(i.figures["bandwidth"].get<double>() <= ceiling(level, true));
                ++compared;
            }
        }
        QVERIFY(compared > 0);
    }
};

} // namespace tst_roofline_peaks_suite

OPSCOPE_TEST_SUITE(tst_roofline_peaks, tst_roofline_peaks_suite::TestRooflinePeaks, Gui)
#include "tst_roofline_peaks.moc"
