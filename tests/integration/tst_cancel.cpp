// Cancelling a long operation at any point: an import of each format, attribution alone and a whole
// capture import (import + attribution + ncu matching) are cancelled from inside their own progress
// reports, early, midway and late; a capture (the real launcher and Debian's torch) is cancelled
// while its workload starts, during its warm-up steps and during its import; a replay is cancelled
// while a stand-in ncu runs the workload. Each then throws Cancelled (or, cancelled after its last
// check, completes) and leaves no thread, process or temporary file behind.
#include "capture_test_util.h"
#include "opscope/attribution.h"
#include "opscope/capture_import.h"
#include "opscope/errors.h"
#include "opscope/importer.h"
#include "opscope/pipeline.h"
#include "test_suite.h"
#include "test_util.h"

#include <zlib.h>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <sys/stat.h>
#include <thread>

namespace tst_cancel_suite {

using namespace opscope;
using namespace std::chrono_literals;
namespace fs = std::filesystem;

namespace {

size_t threadCount()
{
    size_t count = 0;
    for (const auto &entry : fs::directory_iterator("/proc/self/task")) {
        (void)entry;
        ++count;
    }
    return count;
}

// Children of any thread of this process (a process started by an import that outlived it).
std::string childProcesses()
{
    std::string children;
    for (const auto &task : fs::directory_iterator("/proc/self/task")) {
        std::ifstream in(task.path() / "children");
        std::string line;
        std::getline(in, line);
        children += line;
    }
    return children;
}

QStringList filesUnder(const QString &folder)
{
    QStringList files;
    for (const auto &entry : fs::recursive_directory_iterator(folder.toStdString()))
        files << QString::fromStdString(entry.path().string());
    return files;
}

// Waits briefly for threads that are finishing their last instructions after being joined
// elsewhere (the count in /proc lags the join by a moment).
bool threadsBackTo(size_t expected)
{
    for (int i = 0; i < 200 && threadCount() > expected; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    return threadCount() == expected;
}

using Operation = std::function<void(const Progress &)>;

bool writeGzip(const std::string &path, const std::string &text)
{
    gzFile out = gzopen(path.c_str(), "wb");
    if (!out)
        return false;
    const bool ok = gzwrite(out, text.data(), unsigned(text.size())) == int(text.size());
    return gzclose(out) == Z_OK && ok;
}

} // namespace

class Cancel : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cancelAnywhere_data();
    void cancelAnywhere();
    void importReportsItsStages();
    void cancelCapture_data();
    void cancelCapture();
    void cancelReplay();

private:
    // What a cancelled capture or replay left behind: processes of the run, children, threads beyond
    // `baseThreads`, files in the temporary folder, temporaries in the run folder. Empty when nothing.
    QString leftBehind(const std::string &runDir, size_t baseThreads);
    bool havePython();

    QTemporaryDir tmp_;
    QTemporaryDir inputs_;
    QTemporaryDir runs_;
    std::string python_;
};

void Cancel::initTestCase()
{
    // Temporary files of importers (fs::temp_directory_path) land here, so leftovers can be seen.
    QVERIFY(tmp_.isValid());
    qputenv("TMPDIR", tmp_.path().toUtf8());
}

void Cancel::cancelAnywhere_data()
{
    QTest::addColumn<QStringList>("files");
    QTest::addColumn<bool>("attributionOnly"); // cancel attribute() of the imported profile, not the import
    const auto row = [](const char *name, QStringList files, bool attributionOnly = false) {
        QTest::newRow(name) << files << attributionOnly;
    };
    row("nsys sqlite", {"h100/gpt4_bf16_infer/nsys.sqlite"});
    row("ncu csv", {"h100/gpt4_all_kernels/ncu_raw_auto_units.csv"});
    row("torch.profiler json", {"h100/kineto_gpt4_train.json"});
    row("torch.profiler json.gz", {"gzip:h100/kineto_gpt4_train.json"});
    row("onnxruntime json", {"public/onnxruntime/vscode-onnxvalidate__onnxruntime_profile__2019-06-28_04-56-43.json"});
    row("profile.json", {"public/operator_profiler/conv_block/profile.json"});
    row("nsys stats csv", {"public/nsys/pipit__nbody-nvtx_trace.csv"});
    row("capture: nsys + ncu + torch.profiler, attributed",
        {"h100/mlp_bf16_infer/nsys.sqlite", "h100/mlp_bf16_infer/ncu_raw.csv", "h100/mlp_bf16_infer/kineto.json"});
    row("attribution of an nsys export", {"h100/gpt4_bf16_infer/nsys.sqlite"}, true);
    row("attribution of a torch.profiler trace", {"h100/kineto_gpt4_train.json"}, true);
}

void Cancel::cancelAnywhere()
{
    QFETCH(QStringList, files);
    QFETCH(bool, attributionOnly);
    std::vector<std::string> paths;
    for (const QString &f : files) {
        if (!f.startsWith("gzip:")) {
            paths.push_back(test::fixture(f.toStdString()));
            continue;
        }
        // A gzipped copy (read through the streaming inflater), outside the watched temporary folder.
        QFile in(QString::fromStdString(test::fixture(f.mid(5).toStdString())));
        QVERIFY(in.open(QIODevice::ReadOnly));
        paths.push_back(test::tempPath(inputs_, "trace.json.gz"));
        QVERIFY(writeGzip(paths.back(), in.readAll().toStdString()));
    }
    const Profile imported = attributionOnly ? importFile(paths.front()) : Profile();
    const Operation run = [&](const Progress &progress) {
        if (attributionOnly) {
            Profile p = imported;
            attribute(p, {}, progress);
        } else if (paths.size() == 1)
            (void)importFile(paths.front(), progress);
        else
            (void)importCapture(paths, {}, progress);
    };

    // A full run counts the progress reports: the points at which a user could press Cancel.
    size_t reports = 0;
    run(Progress([&](double, std::string_view) { ++reports; }));
    QVERIFY(reports >= 2);
    const size_t baseThreads = threadCount();

    int cancelledRuns = 0;
    const std::set<size_t> points = {size_t(1), reports / 3, reports / 2, (2 * reports) / 3, reports - 1};
    for (size_t at : points) {
        if (at == 0)
            continue;
        std::atomic<bool> cancel{false};
        size_t seen = 0;
        const Progress progress(
            [&](double, std::string_view) {
                if (++seen == at)
                    cancel = true;
            },
            &cancel);
        try {
            run(progress);
        } catch (const Cancelled &) {
            ++cancelledRuns;
        }
        QVERIFY2(threadsBackTo(baseThreads), qPrintable(QString("%1 threads left after cancelling at report %2 of %3")
                                                            .arg(threadCount() - baseThreads)
                                                            .arg(at)
                                                            .arg(reports)));
        QCOMPARE(QString::fromStdString(childProcesses()).trimmed(), QString());
        QCOMPARE(filesUnder(tmp_.path()), QStringList());
    }
    qInfo("%zu progress reports; cancelled at %zu of them (1, 1/3, 1/2, 2/3, last-1), %d runs threw Cancelled", reports,
          points.size() - points.count(0), cancelledRuns);
    // Every cancel stops the operation, except perhaps one asked for at the last report but one, after
    // the last check.
    const int askedAt = int(points.size() - points.count(0));
    QVERIFY2(cancelledRuns >= std::max(1, askedAt - 1), "an operation ran to its end after being cancelled");
}

// The stage a view shows (the GUI's stage bar) comes with each report, not from its words: a capture's
// import reports each file's reading, then its attribution, then its end, whatever each says.
void Cancel::importReportsItsStages()
{
    const std::vector<std::string> paths = {test::fixture("h100/mlp_bf16_infer/nsys.sqlite"),
                                            test::fixture("h100/mlp_bf16_infer/ncu_raw.csv"),
                                            test::fixture("h100/mlp_bf16_infer/kineto.json")};
    std::vector<ProgressStage> stages; // one entry per change of stage
    std::map<std::string, std::set<ProgressStage>> stagesOfText;
    (void)importCapture(paths, {}, Progress([&](double, ProgressStage stage, std::string_view text) {
                            if (stages.empty() || stages.back() != stage)
                                stages.push_back(stage);
                            stagesOfText[std::string(text)].insert(stage);
                        }));
    using S = ProgressStage;
    QCOMPARE(stages,
             (std::vector<S>{S::Read, S::Attribute, S::Read, S::Attribute, S::Read, S::Attribute, S::Imported}));
    // Every importer's words are its file's reading (importFile), whichever they are.
    for (const char *reading : {"Reading StringIds", "Reading torch.profiler trace", "Importing " /* a prefix */})
        for (const auto &[text, of] : stagesOfText)
            if (text.starts_with(reading))
                QVERIFY2(of == std::set<S>{S::Read}, text.c_str());
    QVERIFY(stagesOfText.contains("Reading torch.profiler trace"));
    // One text may change; the stage a view takes from the report does not depend on it.
    for (const auto &[text, of] : stagesOfText)
        QCOMPARE(of.size(), size_t(1));
}

bool Cancel::havePython()
{
    if (python_.empty())
        python_ = pipeline::findPython();
    return !python_.empty() && pipeline::pythonHasTorch(python_);
}

QString Cancel::leftBehind(const std::string &runDir, size_t baseThreads)
{
    QStringList found;
    // The process group is killed with SIGKILL; its members are gone a moment later.
    if (!test::waitUntil([&] { return test::processesMentioning(runDir + "/").empty(); }, 5000ms))
        found
            << QString("%1 processes of the run are still running").arg(test::processesMentioning(runDir + "/").size());
    if (const QString children = QString::fromStdString(childProcesses()).trimmed(); !children.isEmpty())
        found << "child processes " + children;
    if (!threadsBackTo(baseThreads))
        found << QString("%1 threads more than before").arg(threadCount() - baseThreads);
    if (const QStringList temps = filesUnder(tmp_.path()); !temps.isEmpty())
        found << "in the temporary folder: " + temps.join(", ");
    for (const auto &entry : fs::directory_iterator(runDir)) {
        const std::string name = entry.path().filename().string();
        if (name.find(".saving-") != std::string::npos || name.ends_with(".tmp"))
            found << "in the run folder: " + QString::fromStdString(name);
    }
    return found.join("; ");
}

void Cancel::cancelCapture_data()
{
    QTest::addColumn<QString>("when");
    QTest::addColumn<int>("warmup");
    QTest::newRow("while the workload starts") << "start" << 1000000;
    QTest::newRow("during the warm-up steps") << "warmup" << 1000000;
    QTest::newRow("during the import of the captured trace") << "import" << 1;
}

void Cancel::cancelCapture()
{
    QFETCH(QString, when);
    QFETCH(int, warmup);
    if (!havePython())
        QSKIP("no python3 here can import torch (install Debian's python3-torch)");
    pipeline::CaptureRequest request;
    request.workload.script = test::sourceFile("examples/mlp.py");
    request.workload.python = python_;
    if (warmup > 1) // a workload that would run for hours unless cancelled
        request.workload.args = {"--steps", "100000000"};
    request.tool = pipeline::CaptureTool::Torch;
    request.warmup = warmup;
    request.steps = 1;
    request.outDir = runs_.path().toStdString();
    request.name = "capture-" + when.toStdString();
    const size_t baseThreads = threadCount();

    std::atomic<bool> cancel{false};
    pipeline::StageCallbacks callbacks;
    callbacks.onEvent = [&](std::string_view, const pipeline::ToolEvent &e) {
        if ((when == "start" && e.kind == pipeline::ToolEvent::Kind::LauncherStart) ||
            (when == "warmup" && e.kind == pipeline::ToolEvent::Kind::LauncherStep && e.current >= 2))
            cancel = true;
    };
    const Progress progress(
        [&](double, std::string_view stage) {
            if (when == "import" && stage == "import")
                cancel = true;
        },
        &cancel);
    bool cancelled = false;
    try {
        pipeline::runCapture(request, callbacks, progress);
    } catch (const Cancelled &) {
        cancelled = true;
    }
    QVERIFY2(cancel, "the point to cancel at never came");
    QVERIFY2(cancelled, "the capture ran to its end after being cancelled");
    const std::string runDir = request.outDir + "/" + request.name;
    const QString left = leftBehind(runDir, baseThreads);
    QVERIFY2(left.isEmpty(), qPrintable(left));
    const nlohmann::json m = test::readJson(runDir + "/manifest.json");
    QCOMPARE(m.value("result", ""), std::string("cancelled"));
    if (when != "import") // the tool's stage was the one cancelled
        QCOMPARE(m["stages"].back().value("status", ""), std::string("cancelled"));
    else // the capture itself had finished; no profile was written
        QVERIFY(!QFile::exists(QString::fromStdString(runDir + "/" + request.name + ".opscope")));
}

void Cancel::cancelReplay()
{
    if (!havePython())
        QSKIP("no python3 here can import torch (install Debian's python3-torch)");
    // A run as a capture leaves it (the manifest is all a replay reads), for a workload that would run
    // for hours.
    pipeline::RunFolder run = pipeline::RunFolder::create(runs_.path().toStdString(), "replay");
    run.manifest()["workload"] = {{"script", test::sourceFile("examples/mlp.py")},
                                  {"args", {"--steps", "100000000"}},
                                  {"working_directory", ""},
                                  {"python", python_},
                                  {"env", nlohmann::json::object()}};
    run.manifest()["capture"] = {{"tool", "nsys"}, {"warmup", 1000000}, {"steps", 1}, {"step", "auto"}};
    run.manifest()["replays"] = nlohmann::json::array();
    run.save();
    pipeline::recordCapturedWorkload(run); // captured here: the replay runs it without --trust-run
    // A stand-in for ncu (no GPU here): answers --version and runs the application that follows ncu's
    // options, as ncu does, so the workload is its child as it would be under the real ncu.
    const std::string ncu = test::tempPath(inputs_, "ncu");
    std::ofstream(ncu) << "#!/bin/sh\n"
                          "if [ \"$1\" = --version ]; then echo 'Version 2025.3.1.0 (stand-in)'; exit 0; fi\n"
                          "while [ $# -gt 0 ] && [ \"$1\" != '"
                       << python_
                       << "' ]; do shift; done\n"
                          "echo '==PROF== Connected to process (stand-in)'\n"
                          "\"$@\"\n";
    QVERIFY(::chmod(ncu.c_str(), 0755) == 0);
    pipeline::ReplayRequest request;
    request.run = run.path();
    request.ncuPath = ncu;
    const size_t baseThreads = threadCount();

    std::atomic<bool> cancel{false};
    pipeline::StageCallbacks callbacks;
    callbacks.onEvent = [&](std::string_view, const pipeline::ToolEvent &e) {
        if (e.kind == pipeline::ToolEvent::Kind::LauncherStep && e.current >= 2)
            cancel = true;
    };
    bool cancelled = false;
    try {
        pipeline::runReplay(request, callbacks, Progress({}, &cancel));
    } catch (const Cancelled &) {
        cancelled = true;
    }
    QVERIFY2(cancel, "the workload never reached its second warm-up step under the stand-in ncu");
    QVERIFY2(cancelled, "the replay ran to its end after being cancelled");
    const QString left = leftBehind(run.path(), baseThreads);
    QVERIFY2(left.isEmpty(), qPrintable(left));
    const nlohmann::json m = test::readJson(run.file("manifest.json"));
    QCOMPARE(m["replays"].back().value("result", ""), std::string("cancelled"));
    QCOMPARE(m["stages"].back().value("name", ""), std::string("ncu"));
    QCOMPARE(m["stages"].back().value("status", ""), std::string("cancelled"));
}

} // namespace tst_cancel_suite

OPSCOPE_TEST_SUITE(tst_cancel, tst_cancel_suite::Cancel, Appless)
#include "tst_cancel.moc"
