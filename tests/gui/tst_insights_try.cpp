// The Insights view's "Try this fix", offscreen, with the CPU workload: the button of a real capture's
// shape-alignment item runs `opscope verify` on its run folder (both arms of examples/gpt.py on Debian's
// torch), shows the rounds while it runs and the measured gain beside the estimate when done; Cancel ends
// both arms; items whose fix needs a code change have no button; a profile whose run folder is not here
// has its buttons off.
#include "common/selection.h"
#include "models/profile_analysis.h"
#include "opscope/insights.h"
#include "opscope/measured_gains.h"
#include "opscope/pipeline.h"
#include "opscope/profile_store.h"
#include "test_suite.h"
#include "verify_run_util.h"
#include "views/insights_view.h"
#include "views/verify_runner.h"

#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

#include <filesystem>

namespace tst_insights_try_suite {

using namespace opscope;
using namespace opscope::ui;

class TestInsightsTry : public QObject {
    Q_OBJECT

    std::string python_;

    static int rowWithFix(const InsightsView &view, const std::string &fix)
    {
        for (size_t i = 0; i < view.insights().size(); ++i)
            if (view.insights()[i].verifyFix == fix)
                return int(i);
        return -1;
    }

private slots:
    void initTestCase()
    {
        python_ = pipeline::findPython();
        if (python_.empty() || !pipeline::pythonHasTorch(python_))
            QSKIP("no python3 here can import torch (install Debian's python3-torch)");
    }

    void tryThisFix()
    {
        QTemporaryDir dir;
        const std::string run = test::realCaptureRun(dir, python_);
        QVERIFY(!run.empty());
        const auto analysis = analyzeProfile(std::make_shared<Profile>(loadProfile(run + "/gpt-vocab.opscope")));
        Selection selection;
        InsightsView view(&selection);
        view.resize(900, 600);
        view.setAnalysis(analysis, findInsights(*analysis->profile, Typography::Unicode));
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QCOMPARE(view.runFolder(), QString::fromStdString(run));

        const int row = rowWithFix(view, "pad=head:50304");
        QVERIFY(row >= 0);
        QPushButton *button = view.tryButton(row);
        QVERIFY(button && button->isEnabled());
        QCOMPARE(button->text(), QStringLiteral("Try this fix"));
        QVERIFY(button->toolTip().contains(QStringLiteral("on this machine")));
        for (size_t i = 0; i < view.insights().size(); ++i) // a fix that needs the code changed has no button
            if (view.insights()[i].verifyFix.empty())
                QVERIFY(!view.tryButton(int(i)));

        verify::VerifyRequest small;
        small.rounds = 2;
        small.blockSteps = 3;
        view.setVerifyOptions(small);
        QSignalSpy progressed(view.verifyRunner(), &VerifyRunner::progressed);
        QSignalSpy finished(view.verifyRunner(), &VerifyRunner::finished);
        QTest::mouseClick(button, Qt::LeftButton);
        QVERIFY(view.verifyRunner()->isRunning());
        QVERIFY(view.cancelButton()->isVisible());
        QVERIFY(view.verifyStatus()->text().startsWith(QStringLiteral("Trying pad=head:50304 on this machine")));
        QVERIFY(view.list()->topLevelItem(row)->text(1).endsWith(QStringLiteral("\nmeasuring…")));
        QVERIFY(!view.tryButton(row)->isEnabled()); // one verify at a time
        QVERIFY(finished.wait(240000));
        QVERIFY(progressed.count() > 0);
        const VerifyRunner::Outcome &o = view.verifyRunner()->outcome();
        QVERIFY2(o.ok(), qPrintable(o.error));
        QCOMPARE(o.result.rounds.size(), size_t(2));
        QVERIFY(o.result.outputs.compared && o.result.outputs.match);

        // Shown beside the estimate: the measured column, the status line, and the item's measured gain.
        QVERIFY(!view.cancelButton()->isVisible());
        const int after = rowWithFix(view, "pad=head:50304");
        QVERIFY(view.insights()[size_t(after)].measured.has_value());
        QCOMPARE(view.insights()[size_t(after)].measured->rounds, 2);
        const QString gain = view.list()->topLevelItem(after)->text(1);
        QVERIFY2(
            gain.contains(QRegularExpression(QStringLiteral("\n(measured|no gain:) -?[0-9.]+ [mµ]s ± [0-9.]+ [mµ]s$"))),
            qPrintable(gain));
        const QString status = view.verifyStatus()->text();
        QVERIFY2(status.startsWith(QStringLiteral("pad=head:50304: ")) &&
                     status.contains(QStringLiteral("(2 rounds")) &&
                     status.contains(QStringLiteral("against an estimate of")) &&
                     status.contains(QStringLiteral("Outputs: the same within the tolerance")),
                 qPrintable(status));
        QCOMPARE(view.tryButton(after)->text(), QStringLiteral("Try again"));
        // Stored with the run: its profile, opened again, has it too.
        QCOMPARE(storedVerifyResults(loadProfile(run + "/gpt-vocab.opscope")).size(), size_t(1));

        // Cancel: both arms end, nothing is stored.
        QTest::mouseClick(view.tryButton(after), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(view.verifyStatus()->text().startsWith(QStringLiteral("[")), 60000); // arms talk
        QTest::mouseClick(view.cancelButton(), Qt::LeftButton);
        QVERIFY(finished.wait(60000));
        QVERIFY(view.verifyRunner()->outcome().cancelled);
        QCOMPARE(view.verifyStatus()->text(), QStringLiteral("pad=head:50304: cancelled"));
        QCOMPARE(storedVerifyResults(loadProfile(run + "/gpt-vocab.opscope")).size(), size_t(1));
    }

    void noRunFolderNoButton()
    {
        // A profile whose run folder is not on this machine: no button, and the header says why.
        QTemporaryDir dir;
        const std::string run = test::realCaptureRun(dir, python_);
        QVERIFY(!run.empty());
        const auto analysis = analyzeProfile(std::make_shared<Profile>(loadProfile(run + "/gpt-vocab.opscope")));
        std::filesystem::remove(run + "/manifest.json");
        Selection selection;
        InsightsView view(&selection);
        view.setAnalysis(analysis, findInsights(*analysis->profile, Typography::Unicode));
        QVERIFY(view.runFolder().isEmpty());
        QVERIFY(rowWithFix(view, "pad=head:50304") >= 0);
        QVERIFY(!view.tryButton(rowWithFix(view, "pad=head:50304")));
        QVERIFY(view.list()->isColumnHidden(4));
        QVERIFY(view.header()->text().contains(QStringLiteral("which is not on this machine")));
    }
};

} // namespace tst_insights_try_suite

OPSCOPE_TEST_SUITE(tst_insights_try, tst_insights_try_suite::TestInsightsTry, Gui)
#include "tst_insights_try.moc"
