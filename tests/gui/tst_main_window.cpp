// The assembled main window on real profiles: the bundled sample capture opens off the GUI thread
// into every view, a selection made anywhere reaches the timeline and the details, and a bad file
// leaves the loaded profile in place.
#include "application.h"
#include "main_window.h"
#include "selection.h"
#include "test_util.h"
#include "timeline/timeline_view.h"
#include "views/insights_view.h"

#include <QSignalSpy>
#include <QTest>
#include <QTextBrowser>

using namespace opscope;
using opscope::test::fixture;

namespace {

bool openAndWait(ui::MainWindow &window, const QStringList &files)
{
    QSignalSpy finished(&window, &ui::MainWindow::openFinished);
    window.openFiles(files);
    return finished.wait(60000) && finished.last().at(0).toBool();
}

} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
private slots:
    void opensTheBundledSampleCapture()
    {
        const QStringList files = ui::sampleCaptureFiles();
        QCOMPARE(files.size(), 2);
        ui::MainWindow window;
        window.show();
        QVERIFY(openAndWait(window, files));
        const Profile *p = window.profile();
        QVERIFY(p);
        QCOMPARE(p->kernels.size(), size_t(192));
        size_t captured = 0, withCounters = 0;
        for (Index k = 0; k < p->kernels.size(); ++k)
            if (!(p->kernels[k].flags & kKernelOutsideCapture)) {
                ++captured;
                withCounters += !p->countersOfKernel(k).empty();
            }
        QCOMPARE(captured, size_t(46));
        QCOMPARE(withCounters, size_t(46));
        QVERIFY(window.windowTitle().contains("nsys.sqlite + ncu_raw.csv"));
        QVERIFY(!window.insights()->insights().empty());
        QCOMPARE(window.insights()->insights().front().kind, std::string("launch-bound"));
    }

    void selectionReachesTheTimelineAndDetails()
    {
        ui::MainWindow window;
        window.show();
        QVERIFY(openAndWait(window, ui::sampleCaptureFiles()));
        const Profile &p = *window.profile();
        // The first GEMM of the captured step: blocks.0.attn.qkv.
        Index gemm = kNoIndex;
        for (Index k = 0; k < p.kernels.size() && gemm == kNoIndex; ++k)
            if (!(p.kernels[k].flags & kKernelOutsideCapture) && p.text(p.kernels[k].name).starts_with("nvjet"))
                gemm = k;
        QVERIFY(gemm != kNoIndex);
        QSignalSpy timelineSelection(window.timeline(), &ui::TimelineView::selectionChanged);
        window.selection()->setKernel(gemm);
        QVERIFY(timelineSelection.count() >= 1);
        const auto *details = window.findChild<QTextBrowser *>();
        QVERIFY(details);
        QVERIFY(details->toPlainText().contains("nvjet"));
        QVERIFY(details->toPlainText().contains("blocks.0.attn.qkv"));
        // And back: the timeline picking an operator selects it for everyone.
        const Index op = p.kernels[gemm].op;
        emit window.timeline()->operatorSelected(op);
        QCOMPARE(int(window.selection()->kind()), int(ui::Selection::Kind::Operator));
        QCOMPARE(window.selection()->index(), op);
        // An insight click selects what it is about.
        window.insights()->activate(0);
        QVERIFY(window.selection()->kind() != ui::Selection::Kind::None);
    }

    void badFileKeepsTheLoadedProfile()
    {
        ui::MainWindow window;
        QVERIFY(openAndWait(
            window, {QString::fromStdString(fixture("public/operator_profiler/mlp_activations/profile.json"))}));
        const Profile *before = window.profile();
        const QString title = window.windowTitle();

        QSignalSpy finished(&window, &ui::MainWindow::openFinished);
        window.openFile(QString::fromStdString(fixture("README.md")));
        QVERIFY(finished.wait(30000));
        QCOMPARE(finished.last().at(0).toBool(), false);
        QVERIFY(finished.last().at(1).toString().contains("README.md"));
        QCOMPARE(window.profile(), before);
        QCOMPARE(window.profile()->kernels.size(), size_t(16));
        QCOMPARE(window.windowTitle(), title);
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"
