// Light and dark (issue 39, item 18): the explorer follows the desktop's palette or the one chosen in
// View > Theme, and every colour it draws itself stands out from the background it is drawn on, in a
// light and in a dark palette: the timeline's event colours and text, the roofline's points, ceilings and
// labels, the step ruler's, the insights' severities, the compare views' greens and reds. Measured as
// WCAG contrast ratios (3:1 for graphics, 4.5:1 for text) on the colours the views picked, and on the
// pixels of the timeline as painted. Real files: the bundled H100 sample capture.
#include "application.h"
#include "common/palette.h"
#include "common/settings.h"
#include "common/theme.h"
#include "compare/diff_colors.h"
#include "main_window.h"
#include "test_suite.h"
#include "test_util.h"
#include "timeline/timeline_view.h"
#include "views/insights_view.h"
#include "views/roofline_view.h"

#include <QAction>
#include <QApplication>
#include <QMenuBar>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>
#include <QTreeWidget>

#include <qcustomplot.h>

#include <map>

namespace tst_theme_suite {

using namespace opscope;
using namespace opscope::ui;

namespace {

bool openAndWait(MainWindow &window, const QStringList &files)
{
    QSignalSpy finished(&window, &MainWindow::openFinished);
    window.openFiles(files);
    return finished.wait(120000) && finished.last().at(0).toBool();
}

QString describe(const QColor &c, const QColor &on)
{
    return QStringLiteral("%1 on %2: %3").arg(c.name(), on.name()).arg(contrastRatio(c, on), 0, 'f', 2);
}

} // namespace

class TestTheme : public QObject {
    Q_OBJECT

private slots:
    void cleanup() { applyTheme(Theme::Desktop); }

    void contrastIsMeasuredAsWcagDoes()
    {
        QCOMPARE(contrastRatio(Qt::black, Qt::white), 21.0);
        QCOMPARE(contrastRatio(Qt::white, Qt::white), 1.0);
        // WCAG's example: #777 on white is 4.48.
        QVERIFY(std::abs(contrastRatio(QColor(0x77, 0x77, 0x77), Qt::white) - 4.48) < 0.01);
        // readableOn keeps the hue and reaches the ratio on both sides.
        for (const QColor background : {QColor(Qt::white), darkPalette().color(QPalette::Base)}) {
            const QColor pale(0xFA, 0xBF, 0xD2);
            const QColor readable = readableOn(pale, background);
            QVERIFY2(contrastRatio(readable, background) >= 3.0, qPrintable(describe(readable, background)));
            QVERIFY(std::abs(readable.hslHue() - pale.hslHue()) <= 2);
        }
    }

    void everyColourStandsOutInBothPalettes_data()
    {
        QTest::addColumn<int>("theme");
        QTest::newRow("light") << int(Theme::Light);
        QTest::newRow("dark") << int(Theme::Dark);
    }
    void everyColourStandsOutInBothPalettes()
    {
        QFETCH(int, theme);
        applyTheme(Theme(theme));
        QCOMPARE(isDarkPalette(QApplication::palette()), Theme(theme) == Theme::Dark);
        MainWindow window;
        window.resize(1600, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(openAndWait(window, ui::sampleCaptureFiles()));
        const QPalette pal = window.timeline()->palette();
        const QColor base = pal.color(QPalette::Base), windowColour = pal.color(QPalette::Window);

        // The palette's own text on its backgrounds.
        QVERIFY(contrastRatio(pal.color(QPalette::Text), base) >= 4.5);
        QVERIFY(contrastRatio(pal.color(QPalette::WindowText), windowColour) >= 4.5);
        // Every slot of the timeline's and tables' colours against the timeline's background, and the
        // label colour each fill gets.
        for (uint8_t slot = 0; slot < kSlotCount; ++slot) {
            const QColor fill = slotColor(slot, base);
            QVERIFY2(contrastRatio(fill, base) >= 3.0, qPrintable(QString::number(slot) + ": " + describe(fill, base)));
            QVERIFY2(contrastRatio(textColorOn(fill), fill) >= 3.0, qPrintable(describe(textColorOn(fill), fill)));
        }
        // The timeline as painted: the captured step's event colours stand out from its background.
        window.timeline()->fitAll();
        const QImage painted = window.timeline()->viewport()->grab().toImage();
        int events = 0, faint = 0;
        std::map<QRgb, int> faintColours;
        // The palette's own tones are backgrounds: the track headers' bands, grid lines.
        const auto background = [&](const QColor &c) {
            for (const QPalette::ColorRole role : {QPalette::Base, QPalette::AlternateBase, QPalette::Window,
                                                   QPalette::Midlight, QPalette::Button, QPalette::Light})
                if (contrastRatio(c, pal.color(role)) < 1.06)
                    return true;
            return contrastRatio(c, base) < 1.15;
        };
        for (int y = window.timeline()->rulerHeight() + 4; y < painted.height(); y += 3)
            for (int x = window.timeline()->labelWidth() + 2; x < painted.width(); x += 3) {
                const QColor c = painted.pixelColor(x, y);
                if (background(c))
                    continue;
                ++events;
                if (contrastRatio(c, base) < 1.5) {
                    ++faint;
                    ++faintColours[c.rgb()];
                }
            }
        QVERIFY(events > 100);
        QString which;
        for (const auto &[rgb, n] : faintColours)
            if (n > 20)
                which += QStringLiteral(" %1 x%2").arg(QColor(rgb).name()).arg(n);
        QVERIFY2(faint * 10 < events,
                 qPrintable(QStringLiteral("%1 of %2 faint:%3").arg(faint).arg(events).arg(which)));

        // The roofline: its points, ceiling lines and labels, on its background.
        window.analysisTabs()->setCurrentWidget(window.roofline());
        QCustomPlot *plot = window.roofline()->plot();
        plot->replot();
        const QColor plotBackground = plot->toPixmap(200, 100).toImage().pixelColor(1, 1);
        QCOMPARE(plotBackground, base);
        for (int g = 0; g < plot->graphCount(); ++g) {
            const QCPGraph *graph = plot->graph(g);
            const QColor line = graph->pen().color();
            const QColor point = graph->scatterStyle().brush().color();
            if (graph->lineStyle() != QCPGraph::lsNone && line.alpha() > 0)
                QVERIFY2(contrastRatio(line, plotBackground) >= 3.0, qPrintable(describe(line, plotBackground)));
            if (graph->scatterStyle().shape() != QCPScatterStyle::ssNone &&
                graph->scatterStyle().brush().style() != Qt::NoBrush && point.alpha() > 0)
                QVERIFY2(contrastRatio(point, plotBackground) >= 3.0, qPrintable(describe(point, plotBackground)));
        }
        for (QCPItemText *label : window.roofline()->ceilingLabelItems())
            QVERIFY2(contrastRatio(label->color(), plotBackground) >= 3.0,
                     qPrintable(describe(label->color(), plotBackground)));
        QCOMPARE(plot->xAxis->tickLabelColor(), pal.color(QPalette::Text));

        // The insights' severities, and the compare views' faster and slower.
        const QTreeWidget *insights = window.insights()->list();
        for (int i = 0; i < insights->topLevelItemCount(); ++i) {
            const QColor ink = insights->topLevelItem(i)->foreground(0).color();
            QVERIFY2(contrastRatio(ink, base) >= 4.5, qPrintable(describe(ink, base)));
        }
        for (const int64_t delta : {-1000, 1000})
            QVERIFY2(contrastRatio(diffInk(delta, pal), base) >= 3.0, qPrintable(describe(diffInk(delta, pal), base)));
    }

    void viewMenuChoosesAndRemembersTheTheme()
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QAction *dark = nullptr, *desktop = nullptr;
        for (QAction *a : window.findChildren<QAction *>()) {
            if (a->data() == int(Theme::Dark))
                dark = a;
            if (a->data() == int(Theme::Desktop) && a->isCheckable())
                desktop = a;
        }
        QVERIFY(dark && desktop);
        QVERIFY(desktop->isChecked()); // the desktop's palette by default
        const QColor desktopBase = QApplication::palette().color(QPalette::Base);
        dark->trigger();
        QApplication::processEvents();
        QVERIFY(isDarkPalette(QApplication::palette()));
        QVERIFY(isDarkPalette(window.timeline()->palette()));
        QCOMPARE(settings::read(settings::view::theme), int(Theme::Dark));
        desktop->trigger();
        QCOMPARE(QApplication::palette().color(QPalette::Base), desktopBase);
        QCOMPARE(settings::read(settings::view::theme), int(Theme::Desktop));
    }
};

} // namespace tst_theme_suite

OPSCOPE_TEST_SUITE(tst_theme, tst_theme_suite::TestTheme, Gui)
#include "tst_theme.moc"
