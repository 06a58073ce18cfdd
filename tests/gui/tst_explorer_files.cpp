// Files in and out of the explorer (issue 39): a capture folder opens as its capture and a run folder as
// its profile; with nothing open the window says how to open something, also after a failed open; File >
// Save As and Export for Perfetto write the profile off the GUI thread (and cancel cleanly); the timeline
// exports as an image; the Details pane elides a template-long kernel name but copies it whole; a
// torch.profiler trace whose kernels come from CUPTI's range profiler opens with them and their counters.
// Real files: h100/gpt4_bf16_infer (the folder as nsys, ncu and torch.profiler left it), the bundled
// sample, HTA's cupti_profiler trace (tests/data/hta_cupti_profiler), the 12-block GPT trace.
#include "application.h"
#include "common/selection.h"
#include "main_window.h"
#include "models/capture_folder.h"
#include "models/counter_model.h"
#include "models/model_roles.h"
#include "models/profile_analysis.h"
#include "profile_export.h"
#include "test_suite.h"
#include "test_util.h"
#include "timeline/timeline_view.h"
#include "views/counter_panel.h"
#include "views/details_pane.h"
#include "views/kernel_table_view.h"

#include "opscope/capture_import.h"
#include "opscope/file_util.h"
#include "opscope/importer.h"
#include "opscope/profile_store.h"
#include "opscope/progress.h"

#include <QFile>
#include <QImage>
#include <QLabel>
#include <QMimeData>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTextCursor>

#include <fstream>

namespace tst_explorer_files_suite {

using namespace opscope;
using namespace opscope::ui;
using opscope::test::fixture;

namespace {

bool openAndWait(MainWindow &window, const QStringList &files, QString *message = nullptr)
{
    QSignalSpy finished(&window, &MainWindow::openFinished);
    window.openFiles(files);
    if (!finished.wait(120000))
        return false;
    if (message)
        *message = finished.last().at(1).toString();
    return finished.last().at(0).toBool();
}

// Writes the open profile and waits: whether it was written, and the message when not.
bool writeAndWait(MainWindow &window, ProfileExporter::Format format, const QString &path, QString *message = nullptr,
                  bool cancel = false)
{
    QSignalSpy finished(&window, &MainWindow::exportFinished);
    window.writeProfile(format, path);
    if (cancel)
        window.findChild<ProfileExporter *>()->cancel();
    if (!finished.wait(120000))
        return false;
    if (message)
        *message = finished.last().at(2).toString();
    return finished.last().at(0).toBool();
}

QString htaCupti()
{
    return QString::fromStdString(
        opscope::test::sourceFile("tests/data/hta_cupti_profiler/benchmark_result_924719_1679055439_trace.json.gz"));
}

} // namespace

class TestExplorerFiles : public QObject {
    Q_OBJECT

private slots:
    void aCaptureFolderOpensAsItsCapture()
    {
        // The folder as the tools left it: nsys.nsys-rep and nsys.sqlite, ncu_raw.csv, kineto.json, the logs.
        const QString folder = QString::fromStdString(fixture("h100/gpt4_bf16_infer"));
        const QStringList files = captureFilesOf({folder}, Progress());
        QStringList names;
        for (const QString &f : files)
            names << QFileInfo(f).fileName();
        QVERIFY2(names == (QStringList{"kineto.json", "ncu_raw.csv", "nsys.sqlite"}), // no logs, no .nsys-rep twin
                 qPrintable(names.join(QStringLiteral(", "))));
        MainWindow window;
        QVERIFY(openAndWait(window, {folder}));
        // The same profile as its files opened together: 192 kernels, the step's 46 with ncu counters.
        const Profile expected =
            importCapture({fixture("h100/gpt4_bf16_infer/nsys.sqlite"), fixture("h100/gpt4_bf16_infer/ncu_raw.csv"),
                           fixture("h100/gpt4_bf16_infer/kineto.json")});
        QCOMPARE(window.profile()->kernels.size(), size_t(192));
        QCOMPARE(window.profile()->kernels.size(), expected.kernels.size());
        QCOMPARE(window.analysis()->kernelsWithCounters, size_t(46));
    }

    void aRunFolderOpensAsItsProfile()
    {
        QTemporaryDir dir;
        QDir(dir.path()).mkdir(QStringLiteral("gpt-1"));
        const QString run = dir.filePath(QStringLiteral("gpt-1"));
        const Profile sample =
            importCapture({fixture("h100/gpt4_bf16_infer/nsys.sqlite"), fixture("h100/gpt4_bf16_infer/ncu_raw.csv")});
        saveProfile(sample, (run + QStringLiteral("/gpt-1.opscope")).toStdString());
        std::ofstream((run + QStringLiteral("/manifest.json")).toStdString()) << "{}\n";
        QCOMPARE(captureFilesOf({run}, Progress()), QStringList{run + QStringLiteral("/gpt-1.opscope")});
        MainWindow window;
        QVERIFY(openAndWait(window, {run}));
        QCOMPARE(window.profile()->kernels.size(), sample.kernels.size());
    }

    void withNothingOpenTheWindowSaysHowToOpen()
    {
        MainWindow window;
        window.resize(1200, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.timeline()->placeholder().contains(QStringLiteral("Ctrl+O")));
        // A folder without a capture, then a file no importer reads: still nothing open, and the timeline
        // says what went wrong and what to do; the tables say how to open a profile.
        QTemporaryDir dir;
        std::ofstream(dir.filePath(QStringLiteral("notes.txt")).toStdString()) << "not a profile\n";
        QString message;
        QVERIFY(!openAndWait(window, {dir.path()}, &message));
        QVERIFY2(message.contains(dir.path()) && message.contains(QStringLiteral("without the files of a capture")),
                 qPrintable(message));
        QVERIFY(!openAndWait(window, {dir.filePath(QStringLiteral("notes.txt"))}, &message));
        const QString placeholder = window.timeline()->placeholder();
        QVERIFY2(placeholder.startsWith(QStringLiteral("Could not open notes.txt")) &&
                     placeholder.contains(QStringLiteral("Ctrl+O")) && placeholder.contains(QStringLiteral("drag")),
                 qPrintable(placeholder));
        QLabel *empty = window.kernelTable()->emptyLabel();
        window.analysisTabs()->setCurrentWidget(window.kernelTable());
        QVERIFY(empty->isVisible());
        QVERIFY(empty->text().contains(QStringLiteral("Ctrl+O")));
        // Once something opens, the hint goes.
        QVERIFY(openAndWait(window, ui::sampleCaptureFiles()));
        QVERIFY(!empty->isVisible());
    }

    void saveAsAndExportForPerfettoWriteOffTheGuiThread()
    {
        MainWindow window;
        QVERIFY(openAndWait(window, ui::sampleCaptureFiles()));
        const Profile &p = *window.profile();
        QTemporaryDir dir;
        // File > Save As: the .opscope file loads back as the same profile.
        const QString saved = dir.filePath(QStringLiteral("sample.opscope"));
        QString message;
        QVERIFY2(writeAndWait(window, ProfileExporter::Format::OpScope, saved, &message), qPrintable(message));
        const Profile back = loadProfile(saved.toStdString());
        QCOMPARE(back.kernels.size(), p.kernels.size());
        QCOMPARE(back.operators.size(), p.operators.size());
        QCOMPARE(back.kernel_counters.size(), p.kernel_counters.size());
        // File > Export for Perfetto: trace-event JSON the torch.profiler importer reads back, every kernel.
        const QString trace = dir.filePath(QStringLiteral("sample.trace.json"));
        QVERIFY2(writeAndWait(window, ProfileExporter::Format::Perfetto, trace, &message), qPrintable(message));
        QCOMPARE(std::string(detectFormat(trace.toStdString()).id), std::string("kineto-json"));
        QCOMPARE(importFile(trace.toStdString()).kernels.size(), p.kernels.size());
        QVERIFY(window.statusBar() != nullptr);
    }

    void aCancelledWriteLeavesNoFile()
    {
        // 148 K events: the writers check for Cancel every 64 K rows or events.
        MainWindow window;
        QVERIFY(openAndWait(window, {QString::fromStdString(fixture("h100/kineto_gpt12_train20.json.gz"))}));
        QTemporaryDir dir;
        for (const auto &[format, name] : {std::pair(ProfileExporter::Format::OpScope, "big.opscope"),
                                           std::pair(ProfileExporter::Format::Perfetto, "big.trace.json")}) {
            const QString path = dir.filePath(QString::fromUtf8(name));
            QString message;
            QVERIFY(!writeAndWait(window, format, path, &message, true));
            QCOMPARE(message, QStringLiteral("cancelled"));
            QVERIFY(!QFile::exists(path));
            QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList()); // no temporaries
        }
    }

    void theTimelineExportsAsAnImage()
    {
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(openAndWait(window, ui::sampleCaptureFiles()));
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("timeline.png"));
        QVERIFY(window.timeline()->saveImage(png));
        const QImage image(png);
        QCOMPARE(image.size(), window.timeline()->viewport()->size());
        // Not blank: the events' colours are in it.
        QSet<QRgb> colours;
        for (int y = 0; y < image.height(); y += 7)
            for (int x = 0; x < image.width(); x += 7)
                colours.insert(image.pixel(x, y));
        QVERIFY(colours.size() > 8);
        const QString pdf = dir.filePath(QStringLiteral("timeline.pdf"));
        QVERIFY(window.timeline()->saveImage(pdf));
        QCOMPARE(QString::fromStdString(readHead(pdf.toStdString(), 5)), QStringLiteral("%PDF-"));
    }

    void rangeProfilerKernelsOpenWithTheirCounters()
    {
        // HTA's cupti_profiler trace: 77 kernels as cuda_profiler_range events, 9 FLOP counters each, no
        // "kernel" events (python's json module). They imported as 0 kernels with one warning line.
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(openAndWait(window, {htaCupti()}));
        const Profile &p = *window.profile();
        QCOMPARE(p.kernels.size(), size_t(77));
        QCOMPARE(window.analysis()->kernelsWithCounters, size_t(77));
        QCOMPARE(p.kernel_counters.size(), size_t(77 * 9));
        for (const std::string &w : p.warnings)
            QVERIFY2(w.find("cuda_profiler_range") == std::string::npos, w.c_str());
        // fft2d_r2c_32x32's ffma count, as the file has it: 61,734,912.
        Index fft = kNoIndex;
        for (Index k = 0; k < p.kernels.size() && fft == kNoIndex; ++k)
            if (p.text(p.kernels[k].name).starts_with("void fft2d_r2c_32x32<float, false, 5u, true>"))
                fft = k;
        QVERIFY(fft != kNoIndex);
        QCOMPARE(p.kernelCounter(fft, "smsp__sass_thread_inst_executed_op_ffma_pred_on.sum", -1), 61734912.0);
        window.analysisTabs()->setCurrentWidget(window.counterPanel());
        window.selection()->setKernel(fft);
        const QModelIndex row = window.counterPanel()->model()->indexOfRawMetric(
            QStringLiteral("smsp__sass_thread_inst_executed_op_ffma_pred_on.sum"));
        QVERIFY(row.isValid());
        QCOMPARE(row.data(SortRole).toDouble(), 61734912.0);
        // And the kernel table lists them.
        window.analysisTabs()->setCurrentWidget(window.kernelTable());
        QCOMPARE(window.kernelTable()->model()->rowCount(), 77);
    }

    void detailsElideALongNameAndCopyItWhole()
    {
        MainWindow window;
        window.resize(1600, 1000);
        window.show();
        QVERIFY(openAndWait(window, {htaCupti()}));
        const Profile &p = *window.profile();
        // The longest demangled name of the trace: curand's uniform kernel, thousands of characters.
        Index longest = 0;
        for (Index k = 0; k < p.kernels.size(); ++k)
            if (p.kernelDisplayName(k).size() > p.kernelDisplayName(longest).size())
                longest = k;
        const QString name = QString::fromStdString(std::string(p.text(p.kernels[longest].name)));
        QVERIFY(name.size() > 2000);
        window.selection()->setKernel(longest);
        auto *details = window.findChild<DetailsPane *>();
        QVERIFY(details);
        const QString shown = details->toPlainText();
        // Elided: the pane shows at most a few lines of it, and says where the rest is.
        QVERIFY2(shown.size() < name.size() / 2, qPrintable(QString::number(shown.size())));
        QVERIFY(shown.contains(QChar(0x2026)));
        QCOMPARE(details->selectedName(), name);
        // Select all and copy: the name comes whole.
        details->selectAll();
        QVERIFY(details->copiedText().contains(name));
        // The heading's name is an anchor, whose tooltip has the name whole.
        QString anchorText, href; // the first anchor's text, over the fragments it spans
        for (QTextBlock block = details->document()->begin(); block.isValid() && anchorText.isEmpty();
             block = block.next())
            for (auto it = block.begin(); !it.atEnd(); ++it) {
                const QTextCharFormat format = it.fragment().charFormat();
                if (format.isAnchor() && (href.isEmpty() || format.anchorHref() == href)) {
                    href = format.anchorHref();
                    anchorText += it.fragment().text();
                } else if (!href.isEmpty()) {
                    break;
                }
            }
        QVERIFY2(anchorText.endsWith(QChar(0x2026)),
                 qPrintable(details->toHtml().mid(details->toHtml().indexOf(QStringLiteral("<h3")), 700)));
        QCOMPARE(details->fullNameOf(anchorText), name);
    }
};

} // namespace tst_explorer_files_suite

OPSCOPE_TEST_SUITE(tst_explorer_files, tst_explorer_files_suite::TestExplorerFiles, Gui)
#include "tst_explorer_files.moc"
