// The sweep window on the CPU sweep of examples/mlp.py that the fixture sweep_mlp made (size x batch):
// the plot's points are the report's values, one line per series and per size; a click opens that
// configuration's profile in the main window; two rows open in the compare window; log axes; export;
// a sweep folder of another version is refused with its reason.
#include "compare/compare_window.h"
#include "compare_actions.h"
#include "main_window.h"
#include "sweep/sweep_window.h"
#include "sweep_actions.h"
#include "test_suite.h"
#include "test_util.h"

#include <qcustomplot.h>

#include <QCheckBox>
#include <QComboBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

#include <filesystem>
#include <fstream>

namespace tst_sweep_window_suite {

using namespace opscope;
using namespace opscope::ui;

class TestSweepWindow : public QObject {
    Q_OBJECT

    const QString sweepDir_ = QString::fromUtf8(opscope::test::sweepFixtureDir());

    void requireSweep()
    {
        if (!std::filesystem::exists(sweepDir_.toStdString() + "/sweep.json"))
            QSKIP("the fixture sweep_mlp made no sweep (no python3 with torch here)");
    }

private slots:
    void plotPointsAreTheReport()
    {
        requireSweep();
        SweepWindow window;
        QSignalSpy ready(&window, &SweepWindow::reportReady);
        window.openSweep(sweepDir_);
        QVERIFY(ready.wait(30000));
        const sweep::SweepReport expected = sweep::sweepReport(sweep::loadSweep(sweepDir_.toStdString()), {});
        // Against size (the first parameter, not numeric: categories 0, 1): plain and captured step, one
        // line per batch: 4 lines of 2 points.
        QCustomPlot *plot = window.plot();
        QCOMPARE(window.parameterBox()->currentText(), QStringLiteral("size"));
        QCOMPARE(plot->graphCount(), 4);
        QCOMPARE(plot->graph(0)->name(), QStringLiteral("plain step, batch=8"));
        QCOMPARE(plot->graph(1)->name(), QStringLiteral("plain step, batch=32"));
        QCOMPARE(plot->graph(2)->name(), QStringLiteral("captured step, batch=8"));
        for (int g = 0; g < 4; ++g) {
            QCOMPARE(plot->graph(g)->dataCount(), 2);
            const auto &series = expected.series[size_t(g / 2)];
            for (int i = 0; i < 2; ++i) {
                const int run = window.runAt(g, i);
                QCOMPARE(plot->graph(g)->dataMainKey(i), double(i));                            // tiny, small
                QCOMPARE(plot->graph(g)->dataMainValue(i), *series.values[size_t(run)] * 1e-6); // ms
            }
            // The step time rises with the size.
            QVERIFY(plot->graph(g)->dataMainValue(1) > plot->graph(g)->dataMainValue(0));
        }
        QCOMPARE(plot->yAxis->label(), QStringLiteral("step-time (ms)"));

        // Against batch (numeric): the keys are the batch sizes, log axes on request.
        window.parameterBox()->setCurrentIndex(1);
        QCOMPARE(plot->graphCount(), 4);
        QCOMPARE(plot->graph(0)->name(), QStringLiteral("plain step, size=tiny"));
        QCOMPARE(plot->graph(0)->dataMainKey(0), 8.0);
        QCOMPARE(plot->graph(0)->dataMainKey(1), 32.0);
        window.logX()->setChecked(true);
        window.logY()->setChecked(true);
        QCOMPARE(plot->xAxis->scaleType(), QCPAxis::stLogarithmic);
        QCOMPARE(plot->yAxis->scaleType(), QCPAxis::stLogarithmic);

        // The table: one row per configuration, the parameters and the series.
        QCOMPARE(window.table()->rowCount(), 4);
        QCOMPARE(window.table()->item(2, 0)->text(), QStringLiteral("small"));
        QCOMPARE(window.table()->horizontalHeaderItem(2)->text(), QStringLiteral("plain step"));

        // Per module: the modules' host time, one line per module and batch.
        window.byBox()->setCurrentText(QStringLiteral("module"));
        window.metricBox()->setCurrentText(QStringLiteral("cpu-time"));
        QVERIFY(ready.wait(30000));
        QVERIFY(plot->graphCount() >= 4);

        QTemporaryDir dir;
        QVERIFY(window.savePng(dir.filePath(QStringLiteral("sweep.png"))));
        QVERIFY(window.savePdf(dir.filePath(QStringLiteral("sweep.pdf"))));
        QVERIFY(QFileInfo(dir.filePath(QStringLiteral("sweep.png"))).size() > 1000);
    }

    void pointOpensProfileAndPairCompares()
    {
        requireSweep();
        MainWindow main;
        SweepWindow *window = openSweepWindow(&main, sweepDir_);
        QSignalSpy ready(window, &SweepWindow::reportReady);
        QVERIFY(ready.wait(30000));
        // A click on the second point of the first line (size=small, batch=8) opens its profile.
        QSignalSpy opened(&main, &MainWindow::openFinished);
        QMouseEvent click(QEvent::MouseButtonPress, QPointF(), QPointF(), Qt::LeftButton, Qt::LeftButton,
                          Qt::NoModifier);
        emit window->plot()->plottableClick(window->plot()->graph(0), 1, &click);
        QVERIFY(opened.wait(30000));
        QVERIFY(opened.first().at(0).toBool());
        QVERIFY2(main.profilePath().endsWith(QStringLiteral("size=small,batch=8.opscope")),
                 qPrintable(main.profilePath()));

        // Two rows of the table: their profiles in the compare window, the first as BEFORE.
        window->table()->selectRow(0);
        window->table()->selectionModel()->select(window->table()->model()->index(3, 0),
                                                  QItemSelectionModel::Select | QItemSelectionModel::Rows);
        QSignalSpy compare(window, &SweepWindow::compareRequested);
        QMetaObject::invokeMethod(window, [window] {
            for (auto *b : window->findChildren<QPushButton *>())
                if (b->text() == QStringLiteral("Compare Selected"))
                    b->click();
        });
        QTRY_COMPARE(compare.size(), 1);
        QVERIFY(compare.first().at(0).toString().endsWith(QStringLiteral("size=tiny,batch=8.opscope")));
        QVERIFY(compare.first().at(1).toString().endsWith(QStringLiteral("size=small,batch=32.opscope")));
        CompareWindow *cw = main.findChild<CompareActions *>()->compareWindow(false);
        QVERIFY(cw);
        QTRY_VERIFY_WITH_TIMEOUT(!cw->isLoading() && cw->comparison(), 30000);
    }

    void otherVersionIsRefused()
    {
        QTemporaryDir dir;
        std::ofstream(dir.filePath(QStringLiteral("sweep.json")).toStdString())
            << R"({"format": "opscope-sweep", "version": 7, "runs": []})";
        SweepWindow window;
        QSignalSpy failed(&window, &SweepWindow::sweepFailed);
        window.openSweep(dir.path());
        QCOMPARE(failed.size(), 1);
        QVERIFY2(failed.first().at(0).toString().contains(
                     QStringLiteral("the sweep is format version 7, this OpScope reads version 1")),
                 qPrintable(failed.first().at(0).toString()));
    }
};

} // namespace tst_sweep_window_suite

OPSCOPE_TEST_SUITE(tst_sweep_window, tst_sweep_window_suite::TestSweepWindow, Gui)
#include "tst_sweep_window.moc"
