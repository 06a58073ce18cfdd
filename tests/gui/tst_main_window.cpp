// The assembled main window on real profiles: the bundled sample capture opens off the GUI thread
// into every view, a selection made anywhere reaches the timeline and the details, and a bad file
// leaves the loaded profile in place; Ctrl+F finds in the timeline, ? lists the keys, and the view
// choices outlive the window.
#include "application.h"
#include "common/selection.h"
#include "common/settings.h"
#include "main_window.h"
#include "models/kernel_table_model.h"
#include "models/model_roles.h"
#include "models/module_tree_model.h"
#include "models/profile_loader.h"
#include "test_suite.h"
#include "test_util.h"
#include "timeline/timeline_find_bar.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_view.h"
#include "views/counter_panel.h"
#include "views/filter_bar.h"
#include "views/import_warnings_bar.h"
#include "views/insights_view.h"
#include "views/kernel_table_view.h"
#include "views/module_tree_view.h"
#include "views/open_profile_dialog.h"
#include "views/operator_table_view.h"
#include "views/roofline_view.h"

#include "opscope/file_util.h"
#include "opscope/format.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDeadlineTimer>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QScreen>
#include <QScrollBar>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QToolButton>
#include <QTreeView>

#include <fstream>

namespace tst_main_window_suite {

using namespace opscope;
using opscope::test::fixture;

namespace {

bool openAndWait(ui::MainWindow &window, const QStringList &files)
{
    QSignalSpy finished(&window, &ui::MainWindow::openFinished);
    window.openFiles(files);
    return finished.wait(60000) && finished.last().at(0).toBool();
}

// The first `bytes` bytes of a fixture, written to `dir` as `name`.
QString truncatedCopy(const QTemporaryDir &dir, const std::string &relative, size_t bytes, const char *name)
{
    const QString path = dir.filePath(QString::fromUtf8(name));
    std::ofstream(path.toStdString(), std::ios::binary) << readWholeFile(fixture(relative)).substr(0, bytes);
    return path;
}

// The top of a widget in the window's coordinates.
int topIn(const QWidget &window, const QWidget *widget)
{
    return widget->mapTo(&window, QPoint(0, 0)).y();
}

QAction *actionWithShortcut(QWidget &window, const QKeySequence &keys)
{
    for (QAction *action : window.findChildren<QAction *>())
        if (action->shortcuts().contains(keys))
            return action;
    return nullptr;
}

// The roofline's chooser whose first item reads `firstItem`.
QComboBox *rooflineChooser(ui::RooflineView &view, const QString &firstItem)
{
    for (QComboBox *box : view.findChildren<QComboBox *>())
        if (box->count() > 0 && box->itemText(0) == firstItem)
            return box;
    return nullptr;
}

} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
private slots:
    void settingsStayApartFromTheUsers()
    {
        // tests/gui/isolated_settings.cpp: QStandardPaths' test mode, a file of this suite's process's own.
        QVERIFY(QStandardPaths::isTestModeEnabled());
        const QString config = QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation);
        QVERIFY2(config.contains(QLatin1String("/.qttest/")), qPrintable(config));
        QCOMPARE(ui::settings::storagePath(),
                 config +
                     QStringLiteral("/OpScopeTest/tst_main_window-%1.conf").arg(QCoreApplication::applicationPid()));
        // Every window starts from the defaults.
        QVERIFY(ui::settings::read(ui::settings::files::recent).isEmpty());
        QCOMPARE(ui::settings::read(ui::settings::view::tab), 0);
    }

    void ctrlFFindsInTheTimeline()
    {
        ui::MainWindow window;
        window.show();
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QVERIFY(openAndWait(window, ui::sampleCaptureFiles()));
        ui::TimelineFindBar *bar = window.timelineFindBar();
        QVERIFY(!bar->isVisible());
        window.timeline()->setFocus();
        QTest::keyClick(&window, Qt::Key_F, Qt::ControlModifier);
        QVERIFY(bar->isVisible());
        QCOMPARE(QApplication::focusWidget(), bar->edit());
        // nsys.sqlite: 51 kernels whose demangled name contains "nvjet" (python3 sqlite3 on
        // CUPTI_ACTIVITY_KIND_KERNEL joined to StringIds), no NVTX range or runtime call does.
        QTest::keyClicks(bar->edit(), QStringLiteral("nvjet"));
        QCOMPARE(window.timeline()->matches().size(), size_t(51));
        QCOMPARE(bar->countLabel()->text(), QStringLiteral("51 matches"));
        // Enter selects the first match in the window (it shows the captured step) for every view;
        // Shift+Enter steps back.
        const ui::TimelineView &timeline = *window.timeline();
        int first = 0;
        while (timeline.model()->startOf(timeline.matches()[size_t(first)]) < timeline.visibleStart())
            ++first;
        QVERIFY(first > 0);
        QTest::keyClick(bar->edit(), Qt::Key_Return);
        QCOMPARE(int(window.selection()->kind()), int(ui::Selection::Kind::Kernel));
        QCOMPARE(window.selection()->index(), timeline.matches()[size_t(first)].index);
        const Profile &p = *window.profile();
        QVERIFY(p.text(p.kernels[window.selection()->index()].name).find("nvjet") != std::string_view::npos);
        QCOMPARE(bar->countLabel()->text(), QStringLiteral("%1 of 51").arg(first + 1));
        QTest::keyClick(bar->edit(), Qt::Key_Return, Qt::ShiftModifier);
        QCOMPARE(bar->countLabel()->text(), QStringLiteral("%1 of 51").arg(first));
        QCOMPARE(window.selection()->index(), timeline.matches()[size_t(first - 1)].index);
        // A regular expression that matches nothing, then an invalid one.
        bar->regexBox()->setChecked(true);
        bar->edit()->setText(QStringLiteral("^nvjet$"));
        QCOMPARE(bar->countLabel()->text(), QStringLiteral("no matches"));
        bar->edit()->setText(QStringLiteral("nvjet("));
        QCOMPARE(bar->countLabel()->text(), QStringLiteral("invalid expression"));
        QVERIFY(window.timeline()->matches().empty());
        // Escape closes the bar and gives the keys back to the timeline.
        QTest::keyClick(bar->edit(), Qt::Key_Escape);
        QVERIFY(!bar->isVisible());
        QCOMPARE(QApplication::focusWidget(), static_cast<QWidget *>(window.timeline()));
        // In the kernels table, Ctrl+F filters the table instead.
        window.findChild<QTabWidget *>()->setCurrentWidget(window.kernelTable());
        window.kernelTable()->view()->setFocus();
        QCOMPARE(QApplication::focusWidget(), static_cast<QWidget *>(window.kernelTable()->view()));
        QTest::keyClick(&window, Qt::Key_F, Qt::ControlModifier);
        QVERIFY(!bar->isVisible());
        QCOMPARE(QApplication::focusWidget(), static_cast<QWidget *>(window.kernelTable()->filterBar()->lineEdit()));
    }

    void keyboardHelpListsTheKeys()
    {
        ui::MainWindow window;
        QAction *help = actionWithShortcut(window, QKeySequence(Qt::Key_Question));
        QVERIFY(help);
        QVERIFY(help->shortcuts().contains(QKeySequence(QKeySequence::HelpContents)));
        help->trigger();
        auto *box = window.findChild<QMessageBox *>(QStringLiteral("keyboardHelp"));
        QVERIFY(box);
        QVERIFY(box->isVisible());
        const QString text = box->text();
        for (const char *key : {"<b>W</b> / <b>S</b>", "<b>A</b> / <b>D</b>", "<b>F</b>", "<b>Ctrl+F</b>", "F3"})
            QVERIFY2(text.contains(QLatin1String(key)), key);
        // The shortcuts it lists are the ones the menus and the timeline answer to.
        QVERIFY(actionWithShortcut(window, QKeySequence::Find));
        QVERIFY(actionWithShortcut(window, QKeySequence(Qt::Key_F)));
        box->close();
    }

    void viewChoicesPersist()
    {
        QString precision;
        {
            ui::MainWindow window;
            window.show();
            window.operatorTable()->setGrouping(OperatorGrouping::ByNameAndShapes);
            window.kernelTable()->setStepOnly(false);
            ui::RooflineOptions roofline = window.roofline()->options();
            roofline.level = MemoryLevel::L2;
            roofline.aggregates = ui::RooflineAggregates::Modules;
            window.roofline()->setOptions(roofline);
            QAction *colours = nullptr;
            for (QAction *action : window.findChildren<QAction *>())
                if (action->text().contains(QLatin1String("Colour Timeline by")))
                    colours = action;
            QVERIFY(colours);
            colours->setChecked(true);
            QCOMPARE(int(window.timeline()->colorMode()), int(ui::ColorMode::Module));
            window.timeline()->setLabelWidth(333); // as a drag on the track names' edge leaves it

            // The roofline's colouring and precision, chosen on one profile, stay for the next one.
            QVERIFY(openAndWait(window, ui::sampleCaptureFiles()));
            // The sample has modules: colour by module is the default there.
            QCOMPARE(int(window.roofline()->options().colorMode), int(ui::ColorMode::Module));
            QComboBox *colourBy = rooflineChooser(*window.roofline(), QStringLiteral("Colour by module"));
            QComboBox *precisions = rooflineChooser(*window.roofline(), QStringLiteral("All precisions"));
            QVERIFY(colourBy);
            QVERIFY(precisions);
            QVERIFY(precisions->count() > 1); // the sample has ncu ceilings for at least one precision
            precision = precisions->itemText(precisions->count() - 1);
            precisions->setCurrentIndex(precisions->count() - 1);
            colourBy->setCurrentIndex(colourBy->findData(int(ui::ColorMode::Operator)));
            QVERIFY(openAndWait(window, ui::sampleCaptureFiles()));
            QCOMPARE(window.roofline()->options().precision, precision);
            QCOMPARE(precisions->currentText(), precision);
            QCOMPARE(int(window.roofline()->options().colorMode), int(ui::ColorMode::Operator));
            QCOMPARE(colourBy->currentData().toInt(), int(ui::ColorMode::Operator));
            window.close();
        }
        ui::MainWindow again;
        QCOMPARE(int(again.operatorTable()->model()->grouping()), int(OperatorGrouping::ByNameAndShapes));
        QCOMPARE(again.kernelTable()->model()->stepOnly(), false);
        QCOMPARE(int(again.roofline()->options().level), int(MemoryLevel::L2));
        QCOMPARE(int(again.roofline()->options().aggregates), int(ui::RooflineAggregates::Modules));
        QCOMPARE(int(again.timeline()->colorMode()), int(ui::ColorMode::Module));
        QCOMPARE(again.timeline()->userLabelWidth(), 333);
        // ...and across a restart, on the profile opened then.
        QVERIFY(openAndWait(again, ui::sampleCaptureFiles()));
        QCOMPARE(again.roofline()->options().precision, precision);
        QCOMPARE(int(again.roofline()->options().colorMode), int(ui::ColorMode::Operator));
        ui::settings::clear();
    }

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
        // The timeline shows the model the loader built off the GUI thread, opened on the captured step.
        QVERIFY(window.capture()->timeline);
        QCOMPARE(window.timeline()->model(), window.capture()->timeline.get());
        QCOMPARE(window.capture()->steps.size(), size_t(1));
        QVERIFY(window.timeline()->visibleStart() < window.capture()->steps.front().start_ns);
        QVERIFY(window.timeline()->visibleEnd() >= window.capture()->steps.front().end_ns);
        QVERIFY(window.windowTitle().contains("nsys.sqlite + ncu_raw.csv"));
        QVERIFY(window.windowTitle().startsWith("Bundled sample: "));
        QVERIFY(!window.insights()->insights().empty());
        // The sample has no plain reference timing: whether its step is bound by the host is not judged.
        QVERIFY(window.insights()->header()->text().contains(QLatin1String("no plain reference timing")));
        for (const Insight &i : window.insights()->insights())
            QVERIFY(i.kind != "launch-bound");
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

    void oneTimeOriginForEveryView()
    {
        // Kernel 150 of the sample starts 1560.751 ms after the profile's first event: the kernel at
        // 9,472,622,164 ns, the first CUDA runtime call at 7,911,871,130 ns (python3 sqlite3 on
        // nsys.sqlite). In the 4-GPU MPI export the first event is an NVTX push/pop range at 65,117,824 ns
        // (NVTX_EVENTS eventType 59; the earlier row at 64,186,762 ns creates the MPI domain) and its first
        // kernel starts at 924,922,186 ns: 859.804 ms. The kernel table, the timeline's tooltip and ruler,
        // and the details pane count from that one origin (the table used the nsys analysis start, which
        // gave the MPI kernels negative starts).
        struct Case {
            QStringList files;
            Index kernel;
            const char *start;
        };
        const Case cases[] = {
            {ui::sampleCaptureFiles(), 150, "1560.751 ms"},
            {{QString::fromStdString(fixture("public/nsys/pipit__saxpy-mpi-cuda_nsys_perlmutter0.sqlite"))},
             0,
             "859.804 ms"},
        };
        for (const Case &c : cases) {
            ui::MainWindow window;
            window.show();
            QVERIFY(openAndWait(window, c.files));
            const Profile &p = *window.profile();
            const int64_t origin = window.analysis()->timeOrigin;
            QCOMPARE(origin, p.timeOrigin());
            const QString start = QString::fromLatin1(c.start);
            QCOMPARE(QString::fromStdString(formatTimestamp(p.kernels[c.kernel].start_ns - origin)), start);
            // The table, with every kernel shown (it fills itself once seen).
            window.findChild<QTabWidget *>()->setCurrentWidget(window.kernelTable());
            ui::KernelTableModel &table = *window.kernelTable()->model();
            table.setStepOnly(false);
            QCOMPARE(table.index(table.rowOfKernel(c.kernel), ui::KernelTableModel::StartColumn).data().toString(),
                     start);
            for (int row = 0; row < table.rowCount(); ++row) // none before the origin
                QVERIFY(table.index(row, ui::KernelTableModel::StartColumn).data(ui::SortRole).toDouble() >= 0);
            // The timeline: its ruler's zero and its tooltip.
            ui::TimelineView &timeline = *window.timeline();
            QCOMPARE(timeline.timeZero(), origin);
            QVERIFY(timeline.describe({ui::EventKind::Kernel, c.kernel}).contains(QStringLiteral("Start: ") + start));
            // The details of the selected kernel: start and end.
            window.selection()->setKernel(c.kernel);
            const QString details = window.findChild<QTextBrowser *>()->toPlainText();
            QVERIFY2(details.contains(QStringLiteral("Start") + QLatin1Char('\t') + start) ||
                         details.contains(QStringLiteral("Start ") + start) ||
                         details.contains(QStringLiteral("Start\n") + start),
                     qPrintable(details));
            QVERIFY(details.contains(QString::fromStdString(formatTimestamp(p.kernels[c.kernel].end_ns - origin))));
            QVERIFY(details.contains(QStringLiteral("first event")));
        }
    }

    void bothKernelDurationsAreNamed()
    {
        // A captured GEMM of the sample: nsys timed it on the timeline, the ncu replay again
        // (gpu__time_duration.sum). Wherever both appear, each says where it comes from.
        ui::MainWindow window;
        window.show();
        QVERIFY(openAndWait(window, ui::sampleCaptureFiles()));
        const Profile &p = *window.profile();
        Index gemm = kNoIndex;
        for (Index k = 0; k < p.kernels.size() && gemm == kNoIndex; ++k)
            if (!(p.kernels[k].flags & kKernelOutsideCapture) && p.text(p.kernels[k].name).starts_with("nvjet"))
                gemm = k;
        QVERIFY(gemm != kNoIndex);
        const double replay = p.kernelCounter(gemm, "gpu__time_duration.sum", -1);
        QVERIFY(replay > 0);
        QVERIFY(std::llround(replay) != p.kernels[gemm].duration()); // they do differ
        const QString timelineText =
            QString::fromStdString(formatFixedDuration(p.kernels[gemm].duration(), 2, Typography::Unicode));
        const QString replayText =
            QString::fromStdString(formatFixedDuration(std::llround(replay), 2, Typography::Unicode));
        window.selection()->setKernel(gemm);

        const QString details = window.findChild<QTextBrowser *>()->toPlainText();
        QVERIFY2(details.contains(QStringLiteral("Duration (timeline, nsys)")), qPrintable(details));
        QVERIFY(details.contains(timelineText));
        QVERIFY(details.contains(QStringLiteral("Duration (ncu replay)")));
        QVERIFY(details.contains(replayText));

        // Counters (filled once their tab is seen): the replay's duration, then the timeline's, each named.
        window.analysisTabs()->setCurrentWidget(window.counterPanel());
        const ui::CounterModel &counters = *window.counterPanel()->model();
        const QModelIndex ncu = counters.indexOf(ui::Quantity::Duration, ui::CounterModel::NameColumn);
        QCOMPARE(ncu.data().toString(), QStringLiteral("Duration (ncu replay)"));
        const QModelIndex nsys = ncu.siblingAtRow(ncu.row() + 1);
        QCOMPARE(nsys.data().toString(), QStringLiteral("Duration (timeline, nsys)"));
        QCOMPARE(nsys.siblingAtColumn(ui::CounterModel::ValueColumn).data(ui::SortRole).toDouble(),
                 double(p.kernels[gemm].duration()));
        QCOMPARE(ncu.siblingAtColumn(ui::CounterModel::ValueColumn).data(ui::SortRole).toDouble(), replay);

        // The kernel table's column and the timeline's tooltip.
        window.findChild<QTabWidget *>()->setCurrentWidget(window.kernelTable());
        QCOMPARE(
            window.kernelTable()->model()->headerData(ui::KernelTableModel::DurationColumn, Qt::Horizontal).toString(),
            QStringLiteral("Duration (timeline, nsys)"));
        const QString tip = window.timeline()->describe({ui::EventKind::Kernel, gemm});
        QVERIFY(tip.contains(QStringLiteral("Duration (timeline, nsys): ")));
        QVERIFY(tip.contains(QStringLiteral("Duration (ncu replay): ")));
    }

    void gpuStreamsAreInSightOnOpen()
    {
        // TraceLens bert-small (H100, torch.profiler with Python stacks): 1385 python_function events
        // nest dozens of rows deep on the main thread. On open, every GPU stream's kernel row is in
        // the timeline's visible area, full height, without scrolling.
        ui::MainWindow window;
        window.resize(1600, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(openAndWait(window, {QString::fromStdString(fixture(
                                        "public/kineto/TraceLens__gaunernst_bert-small-uncased__1016001.json"))}));
        const ui::TimelineView &timeline = *window.timeline();
        const ui::TimelineModel &model = *timeline.model();
        int pythonRows = 0, kernelRows = 0;
        for (const ui::TimelineRow &row : model.rows())
            pythonRows += row.group == ui::RowGroup::Python;
        qInfo("%d rows of Python frames", pythonRows);
        QVERIFY2(pythonRows >= 30, qPrintable(QString::number(pythonRows)));
        QCOMPARE(timeline.verticalScrollBar()->value(), 0);
        for (const ui::TimelineTrack &track : model.tracks()) {
            if (track.kind != ui::TrackKind::GpuStream)
                continue;
            for (int r = track.firstRow; r < track.firstRow + track.rowCount; ++r)
                if (model.rows()[r].group == ui::RowGroup::Kernels) {
                    const QRect rect = timeline.rowRect(r);
                    QVERIFY2(timeline.timeArea().contains(rect), qPrintable(track.title));
                    QCOMPARE(rect.height(), timeline.rowRect(model.tracks().front().firstRow).height());
                    ++kernelRows;
                }
        }
        QVERIFY(kernelRows >= 1);
        // And the bundled sample's one stream too.
        QVERIFY(openAndWait(window, ui::sampleCaptureFiles()));
        const int sampleKernels = timeline.model()->rowOf({ui::EventKind::Kernel, 0});
        QVERIFY(timeline.timeArea().contains(timeline.rowRect(sampleKernels)));
    }

    void importWarningsShowAboveTheViews()
    {
        QTemporaryDir dir;
        // The first 3000 bytes of a real torch.profiler trace open as what they hold, with the importer's warning.
        const QString head = truncatedCopy(dir, "h100/gpt4_bf16_infer/kineto.json", 3000, "kineto_head.json");
        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        ui::ImportWarningsBar *bar = window.warningsBar();
        QVERIFY(!bar->isVisible());
        // The bundled sample is clean: no bar, no mark in the title.
        QVERIFY(openAndWait(window, ui::sampleCaptureFiles()));
        QVERIFY(window.profile()->warnings.empty());
        QVERIFY(!bar->isVisible());
        QVERIFY(!window.windowTitle().contains(QLatin1String("warning")));

        QVERIFY(openAndWait(window, {head}));
        // opscope summary on the same file says the same.
        const QString truncated = QStringLiteral("the file is truncated: it ends at byte 3000 inside traceEvents; "
                                                 "loaded the 7 complete events before that");
        QCOMPARE(window.profile()->warnings.size(), size_t(1));
        QVERIFY(bar->isVisible());
        QCOMPARE(bar->warnings(), QStringList{truncated});
        QCOMPARE(bar->summaryText(), QStringLiteral("The importer warned: ") + truncated);
        QTRY_COMPARE(bar->summaryLabel()->text(), bar->summaryText()); // one line, whole at this width
        QVERIFY(!bar->list()->isVisible());
        bar->detailsButton()->click();
        QVERIFY(bar->list()->isVisible());
        QCOMPARE(bar->list()->toPlainText(), QStringLiteral("1. ") + truncated);
        QCOMPARE(window.windowTitle(), QStringLiteral("kineto_head.json [1 import warning] — OpScope"));
        // Above the views: the timeline, the module tree and the tabs start below it.
        const int below = topIn(window, bar) + bar->height();
        QVERIFY(topIn(window, window.timeline()) >= below);
        QVERIFY(topIn(window, window.moduleTree()) >= below);
        QVERIFY(topIn(window, window.operatorTable()) >= below);
        // Dismissed, it goes; the warnings stay with the profile (and the title).
        bar->closeButton()->click();
        QVERIFY(!bar->isVisible());
        QVERIFY(window.windowTitle().contains(QLatin1String("[1 import warning]")));
        // A clean profile next: no bar, no mark.
        QVERIFY(openAndWait(window, ui::sampleCaptureFiles()));
        QVERIFY(!bar->isVisible());
        QVERIFY(!window.windowTitle().contains(QLatin1String("warning")));
    }

    void everyFormatsWarningsReachTheBar()
    {
        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        ui::ImportWarningsBar *bar = window.warningsBar();
        // The Operator Profiler's conv_block profile.json carries 329 warnings of its own, and OpScope adds
        // one about the units its seed lost (tst_cli): the count, the first, and the whole list on demand.
        QVERIFY(
            openAndWait(window, {QString::fromStdString(fixture("public/operator_profiler/conv_block/profile.json"))}));
        QVERIFY(bar->isVisible());
        QCOMPARE(bar->warnings().size(), 330);
        QVERIFY(bar->summaryText().startsWith(QLatin1String("The importer warned 330 times. The first: k_00000 (")));
        // The first warning quotes a whole kernel signature: the line is cut, the bar stays one line high.
        QTRY_VERIFY(bar->summaryLabel()->text().endsWith(QChar(0x2026)));
        QVERIFY(bar->summaryLabel()->text().startsWith(QLatin1String("The importer warned 330 times.")));
        QVERIFY(bar->height() < 4 * bar->fontMetrics().lineSpacing());
        QVERIFY(bar->detailsButton()->isVisible());
        QVERIFY(!bar->list()->isVisible());
        bar->detailsButton()->click();
        QVERIFY(bar->list()->isVisible());
        QCOMPARE(bar->list()->document()->blockCount(), 330);
        QVERIFY(window.windowTitle().contains(QLatin1String("[330 import warnings]")));

        // The files of one capture: an ncu CSV cut short next to its nsys export. Its warning reaches the
        // profile, named by its file.
        QTemporaryDir dir;
        const QString ncu = truncatedCopy(dir, "h100/gpt4_bf16_infer/ncu_raw.csv", 200000, "ncu_head.csv");
        QVERIFY(openAndWait(window, {QString::fromStdString(fixture("h100/gpt4_bf16_infer/nsys.sqlite")), ncu}));
        QVERIFY(bar->isVisible());
        QVERIFY(!bar->isExpanded()); // a new profile starts folded
        bool fromNcu = false;
        for (const QString &w : bar->warnings())
            fromNcu = fromNcu || w.startsWith(QLatin1String("ncu_head.csv: "));
        QVERIFY2(fromNcu, qPrintable(bar->warnings().join(QLatin1Char('\n'))));
    }

    void bundledSampleSaysSoInTheTitle()
    {
        ui::MainWindow window;
        QVERIFY(openAndWait(window, ui::sampleCaptureFiles()));
        QCOMPARE(window.windowTitle(),
                 QStringLiteral("Bundled sample: 4-block GPT, bf16 inference on an H100 (nsys.sqlite + ncu_raw.csv) — "
                                "OpScope"));
        // The same kind of file from elsewhere is not the sample.
        QVERIFY(openAndWait(window, {QString::fromStdString(fixture("h100/gpt4_bf16_infer/nsys.sqlite"))}));
        QCOMPARE(window.windowTitle(), QStringLiteral("nsys.sqlite — OpScope"));
    }

    void deepDiveSaysWhyItIsGreyedOut()
    {
        ui::MainWindow window;
        QAction *dive = window.findChild<QAction *>(QStringLiteral("deepDiveAction"));
        QVERIFY(dive);
        QVERIFY(!dive->isEnabled());
        QVERIFY2(dive->toolTip().contains(QLatin1String("open a profile")), qPrintable(dive->toolTip()));
        QCOMPARE(dive->statusTip(), dive->toolTip());
        // The sample was not made by a capture run: nothing to replay.
        QVERIFY(openAndWait(window, ui::sampleCaptureFiles()));
        window.selection()->setKernel(window.analysis()->stepKernels.front());
        QVERIFY(!dive->isEnabled());
        QVERIFY2(dive->toolTip().contains(QLatin1String("manifest.json")) &&
                     dive->toolTip().contains(QLatin1String("File > New Capture")),
                 qPrintable(dive->toolTip()));
        QCOMPARE(dive->statusTip(), dive->toolTip());
    }

    void moduleTreeShowsItsFiguresAtTheDefaultWidth()
    {
        ui::settings::clear(); // the default layout, not one a test saved
        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(openAndWait(window, ui::sampleCaptureFiles()));
        QTreeView *tree = window.moduleTree()->view();
        // Module, GPU total, Step %, Spread and Calls side by side and whole (they were off to the right of
        // Module and Class); every column as wide as its content.
        using M = ui::ModuleTreeModel;
        for (int c : {M::NameColumn, M::GpuTotalColumn, M::ShareColumn, M::SpreadColumn, M::CallsColumn}) {
            QVERIFY(tree->header()->visualIndex(c) <= tree->header()->visualIndex(M::CallsColumn));
            QTRY_VERIFY2(tree->columnViewportPosition(c) + tree->columnWidth(c) <= tree->viewport()->width(),
                         qPrintable(QStringLiteral("column %1 ends at %2 px in a %3 px tree")
                                        .arg(c)
                                        .arg(tree->columnViewportPosition(c) + tree->columnWidth(c))
                                        .arg(tree->viewport()->width())));
        }
        for (int c = 1; c < tree->header()->count(); ++c)
            QVERIFY(tree->columnWidth(c) >= tree->header()->sectionSizeHint(c));
        // The timeline keeps the larger part of the window.
        QVERIFY(window.timeline()->width() >= window.width() / 3);
    }

    void openDialogIsSizedForLongNames()
    {
        // HolisticTraceAnalysis__benchmark_result_493459_1694039959_trace.json and its siblings.
        const QString folder = QString::fromStdString(fixture("public/kineto"));
        ui::MainWindow window;
        ui::OpenProfileDialog dialog(folder, &window);
        QCOMPARE(dialog.viewMode(), QFileDialog::Detail);
        QCOMPARE(dialog.fileMode(), QFileDialog::ExistingFiles);
        const QSize screen = window.screen()->availableSize();
        QVERIFY(dialog.width() >= std::min(1000, screen.width()));
        QVERIFY(dialog.height() >= std::min(600, screen.height()));
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        auto *details = dialog.findChild<QTreeView *>(QStringLiteral("treeView"));
        QVERIFY(details);
        QTRY_VERIFY(details->model()->rowCount(details->rootIndex()) >= 7);
        // The name takes the room that size, type and date leave; those show whole.
        QHeaderView *header = details->header();
        QCOMPARE(header->sectionResizeMode(0), QHeaderView::Stretch);
        int others = 0;
        for (int c = 1; c < header->count(); ++c) {
            QCOMPARE(header->sectionResizeMode(c), QHeaderView::ResizeToContents);
            others += header->sectionSize(c);
        }
        QTRY_COMPARE(header->sectionSize(0) + others, header->viewport()->width());
        dialog.close();
    }

    void openingASecondCaptureWhileTheFirstLoads()
    {
        // A: 20 training steps of a 12-block GPT (47 MB of JSON, 148,289 events), still loading when
        // B, the bundled sample (192 kernels), is opened.
        const QStringList first{QString::fromStdString(fixture("h100/kineto_gpt12_train20.json.gz"))};
        const QStringList second = ui::sampleCaptureFiles();
        ui::MainWindow window;
        window.show();
        auto *bar = window.findChild<QProgressBar *>();
        QLabel *status = nullptr;
        for (QLabel *label : window.statusBar()->findChildren<QLabel *>())
            if (label->text() == QLatin1String("No profile loaded"))
                status = label;
        QVERIFY(bar && status);
        QSignalSpy finished(&window, &ui::MainWindow::openFinished);
        window.openFiles(first);
        QTRY_VERIFY(bar->format() != QLatin1String("%p%")); // A has reported a stage
        QVERIFY(window.isLoading());
        window.openFiles(second);
        // Until B is open its progress stays on show and the status names B: A's late cancel (or
        // result) must not hide B's progress or say "Opening kineto_gpt12_train20.json.gz cancelled".
        QDeadlineTimer deadline(60000);
        while (!deadline.hasExpired()) {
            QTest::qWait(2);
            if (!finished.isEmpty() && finished.last().at(0).toBool())
                break; // B is open
            // "Opening nsys.sqlite...", then B's stages: "Opening nsys.sqlite: Reading ..."
            QVERIFY2(status->text().startsWith(QLatin1String("Opening nsys.sqlite")), qPrintable(status->text()));
            QVERIFY(bar->isVisible());
        }
        QCOMPARE(finished.count(), 1);
        QCOMPARE(finished.first().at(0).toBool(), true);
        QCOMPARE(window.profilePaths(), second);
        QCOMPARE(window.profile()->kernels.size(), size_t(192));
        // Nothing of A arrives later either.
        QTest::qWait(300);
        QCOMPARE(finished.count(), 1);
        QCOMPARE(window.profilePaths(), second);
        QVERIFY(!bar->isVisible());
        QVERIFY2(status->text().startsWith(QLatin1String("192 kernels")), qPrintable(status->text()));
        QVERIFY(!window.isLoading());
    }

    void openingShowsItsStagesAndTheTimelineBeforeTheInsights()
    {
        // The bundled sample capture: an nsys export and its ncu rows, each read and attributed.
        ui::MainWindow window;
        window.show();
        auto *loader = window.findChild<ui::ProfileLoader *>();
        auto *bar = window.findChild<QProgressBar *>();
        QVERIFY(loader && bar);
        std::vector<ui::LoadStage> stages;
        QStringList formats;
        connect(loader, &ui::ProfileLoader::progress, this, [&](ui::LoadStage stage, double, const QString &) {
            if (stages.empty() || stages.back() != stage) {
                stages.push_back(stage);
                formats << bar->format();
            }
        });
        // When the views first show the capture, its insights are still being found.
        bool timelineBeforeInsights = false;
        connect(loader, &ui::ProfileLoader::shown, this, [&] {
            timelineBeforeInsights =
                window.timeline()->model() && window.insights()->insights().empty() && window.isLoading();
        });
        QVERIFY(openAndWait(window, ui::sampleCaptureFiles()));
        using ui::LoadStage;
        QCOMPARE(stages, (std::vector<LoadStage>{LoadStage::Read, LoadStage::Attribute, LoadStage::Read,
                                                 LoadStage::Attribute, LoadStage::Index}));
        QCOMPARE(formats.first(), QStringLiteral("Read 1/3 · %p%"));
        QCOMPARE(formats.last(), QStringLiteral("Index 3/3 · %p%"));
        QVERIFY(timelineBeforeInsights);
        QVERIFY(!window.insights()->insights().empty()); // and they are in once it is open
        QVERIFY(!bar->isVisible());
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

} // namespace tst_main_window_suite

OPSCOPE_TEST_SUITE(tst_main_window, tst_main_window_suite::TestMainWindow, Gui)
#include "tst_main_window.moc"
