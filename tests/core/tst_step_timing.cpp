// The plain reference step against the labelled one (step_timing.h), on a real nsys capture of a
// 2-block training step (tests/data/h100_train2). That capture predates the reference steps, but its
// second warm-up step is the same step, run plainly right before the labelled one: a start/end range
// OPSCOPE_REFERENCE#1 is written around it into a copy of the export, as the launcher writes it (from
// the launch of that step's first kernel to just before the CAPTURE range), and the import must find it,
// pair its 95 kernels with the labelled step's by stream, position and name, and read its timing.
#include "nsys_replicate.h"
#include "test_suite.h"
#include "test_util.h"

#include "opscope/capture_import.h"
#include "opscope/importer.h"
#include "opscope/metadata_keys.h"
#include "opscope/operator_profiler_json.h"
#include "opscope/profile_store.h"
#include "opscope/step_timing.h"
#include "opscope/summary.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <filesystem>
#include <functional>

namespace tst_step_timing_suite {

using namespace opscope;

class TestStepTiming : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    std::string original_;

    // The CAPTURE range and the thread that opened it.
    struct Capture {
        int64_t start = 0, end = 0, globalTid = 0;
    };
    Capture capture(test::ScratchDb &db)
    {
        return {db.queryInt("SELECT start FROM NVTX_EVENTS WHERE text = 'CAPTURE'"),
                db.queryInt("SELECT end FROM NVTX_EVENTS WHERE text = 'CAPTURE'"),
                db.queryInt("SELECT globalTid FROM NVTX_EVENTS WHERE text = 'CAPTURE'")};
    }

    // Launch times (API call starts) of the kernels named `name`, in launch order.
    std::vector<int64_t> launchesOf(test::ScratchDb &db, const std::string &name)
    {
        std::vector<int64_t> out;
        for (const std::string &t :
             db.strings("SELECT r.start FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN CUPTI_ACTIVITY_KIND_RUNTIME r ON "
                        "r.correlationId = k.correlationId JOIN StringIds s ON s.id = k.shortName WHERE s.value = '" +
                        name + "' ORDER BY r.start"))
            out.push_back(std::stoll(t));
        return out;
    }

    // A copy of the export with a reference range from `start` to just before the capture.
    std::string withReferenceRange(const char *name, const std::function<int64_t(test::ScratchDb &)> &start,
                                   const std::string &extraSql = {})
    {
        const std::string path = test::tempPath(dir_, name);
        std::filesystem::copy_file(original_, path, std::filesystem::copy_options::overwrite_existing);
        test::ScratchDb db(path);
        const Capture c = capture(db);
        const int64_t from = start(db);
        const bool ok = db.exec("INSERT INTO NVTX_EVENTS (start, end, eventType, rangeId, text, globalTid, domainId) "
                                "VALUES (" +
                                std::to_string(from) + ", " + std::to_string(c.start - 1) +
                                ", 60, 7, 'OPSCOPE_REFERENCE#1', " + std::to_string(c.globalTid) + ", 0)") &&
                        (extraSql.empty() || db.exec(extraSql));
        if (!ok)
            qWarning("%s", db.error().c_str());
        return path;
    }

    // The second warm-up step begins with the launch of its first kernel: the labelled step's first kernel
    // (elementwise_kernel_with_index, the embedding's index check) is launched once per step.
    int64_t secondWarmupStep(test::ScratchDb &db)
    {
        const std::vector<int64_t> starts = launchesOf(db, "elementwise_kernel_with_index");
        return starts.size() == 3 ? starts[1] - 1 : -1;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        original_ = test::tempPath(dir_, "nsys.sqlite");
        QVERIFY(test::gunzipFile(test::sourceFile("tests/data/h100_train2/nsys.sqlite.gz"), original_));
        test::ScratchDb db(original_);
        QCOMPARE(launchesOf(db, "elementwise_kernel_with_index").size(), size_t(3)); // 2 warm-up steps + 1
    }

    void withoutReferenceTheLabelledStepIsUsed()
    {
        const Profile p = importCapture({original_});
        QVERIFY(p.reference_twins.empty());
        QVERIFY(!p.metadataValue(kReferenceKernelsKey));
        const StepTiming t = stepTiming(p);
        QCOMPARE(toString(t.source), toString(StepTiming::Source::LabelledStep));
        QCOMPARE(t.kernels.size(), size_t(95));
        QVERIFY(!t.corrected);
        QCOMPARE(t.step_ns, t.measured_step_ns);
        QVERIFY2(t.note.find("(ProfilerStep#0), as instrumented: this trace holds no plain reference step") !=
                     std::string::npos,
                 t.note.c_str());
        for (const StepKernel &k : t.kernels)
            QCOMPARE(k.attributed, k.kernel);
    }

    void referenceStepIsPairedByStreamPositionAndName()
    {
        const std::string path =
            withReferenceRange("reference.sqlite", [this](test::ScratchDb &db) { return secondWarmupStep(db); });
        const Profile p = importCapture({path});
        const Profile plain = importCapture({original_});
        QCOMPARE(p.metadataValue(kReferenceRangeKey) ? *p.metadataValue(kReferenceRangeKey) : std::string(),
                 std::string("OPSCOPE_REFERENCE#1"));
        QCOMPARE(*p.metadataValue(kReferenceKernelsKey), std::string("95"));
        QCOMPARE(*p.metadataValue(kReferenceKernelsPairedKey), std::string("95"));
        QCOMPARE(p.reference_twins.size(), size_t(95));
        QCOMPARE(p.warnings, plain.warnings); // no mismatch reported
        // The labelled step and its attribution are untouched.
        QCOMPARE(p.unattributedKernelCount(), plain.unattributedKernelCount());
        size_t flagged = 0, captured = 0;
        for (Index k = 0; k < p.kernels.size(); ++k) {
            const Kernel &kernel = p.kernels[k];
            captured += !(kernel.flags & kKernelOutsideCapture);
            if (!(kernel.flags & kKernelReferenceStep))
                continue;
            ++flagged;
            QVERIFY(kernel.flags & kKernelOutsideCapture);
            QCOMPARE(kernel.op, kNoIndex); // warm-up kernels carry no labels
            const Index twin = p.referenceTwin(k);
            QVERIFY(twin != kNoIndex);
            QVERIFY(!(p.kernels[twin].flags & kKernelOutsideCapture));
            QCOMPARE(p.kernels[twin].name, kernel.name);
            QCOMPARE(p.kernels[twin].stream, kernel.stream);
            QVERIFY(p.kernels[twin].op != kNoIndex); // the attribution comes from the twin
        }
        QCOMPARE(flagged, size_t(95));
        QCOMPARE(captured, size_t(95));
        // Twins in order: the n-th reference kernel is the n-th labelled one.
        for (size_t i = 1; i < p.reference_twins.size(); ++i)
            QVERIFY(p.reference_twins[i].labelled > p.reference_twins[i - 1].labelled);

        // The timing is read on the plain step: 95 kernels, all attributed through their twins, and the
        // step took less than the labelled one (emit_nvtx and the module labels slowed it down).
        const StepTiming ref = stepTiming(p);
        const StepTiming labelled = stepTiming(plain);
        QCOMPARE(toString(ref.source), toString(StepTiming::Source::ReferenceStep));
        QCOMPARE(ref.kernels.size(), size_t(95));
        QCOMPARE(ref.unpaired, size_t(0));
        for (const StepKernel &k : ref.kernels) {
            QVERIFY(p.kernels[k.kernel].flags & kKernelReferenceStep);
            QCOMPARE(k.attributed, p.referenceTwin(k.kernel));
            QVERIFY(k.launch_ns > 0 && k.launch_ns <= p.kernels[k.kernel].start_ns);
        }
        QVERIFY2(ref.measured_step_ns < labelled.measured_step_ns,
                 (std::to_string(ref.measured_step_ns) + " vs " + std::to_string(labelled.measured_step_ns)).c_str());
        QVERIFY(ref.busyShare() > labelled.busyShare());
        QVERIFY(ref.busy_ns > 0 && ref.busy_ns <= ref.step_ns);
        QCOMPARE(ref.host_wait_ns + ref.launch_wait_ns + ref.other_idle_ns, ref.step_ns - ref.busy_ns);
        int64_t gaps = 0;
        for (const StepGap &g : ref.gaps)
            gaps += g.end_ns - g.start_ns;
        QCOMPARE(gaps, ref.step_ns - ref.busy_ns);
        QVERIFY(ref.kernel_ns >= ref.kernel_busy_ns);
        QVERIFY(ref.median_launch_latency_ns > 0);
        QVERIFY2(ref.note.rfind("the plain step OPSCOPE_REFERENCE#1, run right before the labelled step", 0) == 0,
                 ref.note.c_str());
    }

    void twoStepsAgainstOneAreNotPaired()
    {
        // A range over both warm-up steps: more kernels than the labelled step has. Nothing is paired,
        // the counts are named, and the timing falls back to the labelled step, saying why.
        const std::string path = withReferenceRange("two_steps.sqlite", [this](test::ScratchDb &db) {
            const std::vector<int64_t> starts = launchesOf(db, "elementwise_kernel_with_index");
            return starts.empty() ? int64_t(-1) : starts[0] - 1;
        });
        test::ScratchDb db(path);
        const Capture c = capture(db);
        const int64_t inRange = db.queryInt(
            "SELECT count(*) FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN CUPTI_ACTIVITY_KIND_RUNTIME r ON r.correlationId "
            "= k.correlationId WHERE r.start >= " +
            std::to_string(launchesOf(db, "elementwise_kernel_with_index")[0] - 1) +
            " AND r.start <= " + std::to_string(c.start - 1));
        QVERIFY(inRange > 95);
        const Profile p = importCapture({path});
        QCOMPARE(*p.metadataValue(kReferenceKernelsKey), std::to_string(inRange));
        QCOMPARE(*p.metadataValue(kReferenceKernelsPairedKey), std::string("0"));
        QVERIFY(p.reference_twins.empty());
        const std::string expected = "the plain reference step OPSCOPE_REFERENCE#1 differs from the labelled step on "
                                     "stream 7 (device 0): " +
                                     std::to_string(inRange) +
                                     " kernels in the plain step, 95 in the labelled step: its kernels on that "
                                     "stream are not paired (no attribution)";
        QVERIFY2(std::find(p.warnings.begin(), p.warnings.end(), expected) != p.warnings.end(),
                 (p.warnings.empty() ? std::string("no warning") : p.warnings.back()).c_str());
        const StepTiming t = stepTiming(p);
        QCOMPARE(toString(t.source), toString(StepTiming::Source::LabelledStep));
        QVERIFY2(t.note.find("could not be paired") != std::string::npos, t.note.c_str());
    }

    void aKernelOfAnotherNameIsNotGuessed()
    {
        // The same step, but one kernel of the plain step renamed (as if the library had picked another
        // GEMM): same counts, and still no pair on that stream.
        const std::string path = withReferenceRange(
            "renamed.sqlite", [this](test::ScratchDb &db) { return secondWarmupStep(db); },
            "UPDATE CUPTI_ACTIVITY_KIND_KERNEL SET shortName = (SELECT id FROM StringIds WHERE value = "
            "'reduce_kernel'), demangledName = (SELECT id FROM StringIds WHERE value = 'reduce_kernel') WHERE "
            "correlationId = (SELECT k.correlationId FROM CUPTI_ACTIVITY_KIND_KERNEL k JOIN "
            "CUPTI_ACTIVITY_KIND_RUNTIME r ON r.correlationId = k.correlationId JOIN StringIds s ON s.id = "
            "k.shortName WHERE s.value = 'cunn_SoftMaxForwardReg' ORDER BY r.start LIMIT 1 OFFSET 1)");
        const Profile p = importCapture({path});
        QCOMPARE(*p.metadataValue(kReferenceKernelsKey), std::string("95"));
        QCOMPARE(*p.metadataValue(kReferenceKernelsPairedKey), std::string("0"));
        bool named = false;
        for (const std::string &w : p.warnings)
            named = named || (w.find("95 kernels in both steps, but kernel ") != std::string::npos &&
                              w.find(" is reduce_kernel in the plain step and cunn_SoftMaxForwardReg in the "
                                     "labelled step") != std::string::npos);
        QVERIFY2(named, p.warnings.back().c_str());
    }

    void pairingAndTimingSurviveTheStoreAndConvert()
    {
        const std::string path =
            withReferenceRange("store.sqlite", [this](test::ScratchDb &db) { return secondWarmupStep(db); });
        Profile p = importCapture({path});
        setReferenceTiming(p, {7'400'000, 11'570'000, 3, "cuda_event"});
        const std::string opscope = test::tempPath(dir_, "paired.opscope");
        saveProfile(p, opscope);
        const Profile loaded = loadProfile(opscope);
        QCOMPARE(loaded.reference_twins, p.reference_twins);
        QVERIFY(loaded == p);
        const StepTiming a = stepTiming(p), b = stepTiming(loaded);
        QCOMPARE(toString(b.source), toString(StepTiming::Source::ReferenceStep));
        QCOMPARE(b.busy_ns, a.busy_ns);
        QCOMPARE(b.step_ns, a.step_ns);
        // Through profile.json: the timing's metadata comes back.
        const std::string json = test::tempPath(dir_, "paired.json");
        writeOperatorProfilerJson(loaded, json);
        const Profile back = importFile(json);
        const auto timing = referenceTiming(back);
        QVERIFY(timing.has_value());
        QCOMPARE(timing->referenceNs, int64_t(7'400'000));
        QCOMPARE(timing->capturedNs, int64_t(11'570'000));
        QCOMPARE(timing->steps, 3);
        QCOMPARE(timing->clock, std::string("cuda_event"));
        QCOMPARE(*back.metadataValue(kCaptureOverheadKey), std::string("1.564"));
    }

    // The plain steps of transformers' GPT-2 training on the H100 (the correlation pass of a capture with 10
    // reference steps): the first 7 were still warming up (GPU clocks, allocator), the median of all
    // (42.06 ms) put the GPU 86 % busy where a plain run measures 95.8 %.
    void warmingUpReferenceStepsAreLeftOutOfTheMedian()
    {
        const nlohmann::json plain = {
            {"clock", "cuda_event"},
            {"steps_ns",
             {45840000, 44190000, 44020000, 42760000, 43360000, 41090000, 41360000, 37910000, 38800000, 37960000}},
            {"median_ns", 42060000},
            {"cpu_steps_ns",
             {44640000, 44770000, 40900000, 44590000, 41660000, 43910000, 35000000, 41460000, 38110000, 40560000}}};
        const nlohmann::json traced = {{"clock", "cuda_event"},
                                       {"steps_ns", {51000000, 52000000, 51850000}},
                                       {"cpu_steps_ns", {50000000, 49000000, 51000000}},
                                       {"captured_steps_ns", {107570000}},
                                       {"captured_median_ns", 107570000}};
        const auto t = referenceTimingFromStatus(traced, plain);
        QVERIFY(t.has_value());
        QCOMPARE(t->referenceNs, int64_t(37960000)); // median of the last three
        QCOMPARE(t->steps, 3);
        QCOMPARE(t->warmingUpSteps, 7);
        QCOMPARE(t->referenceCpuNs, int64_t(35000000)); // the host's fastest plain step
        QCOMPARE(t->tracedNs, int64_t(51850000));
        QCOMPARE(t->tracedCpuNs, int64_t(49000000));
        QCOMPARE(t->capturedNs, int64_t(107570000));
        // The spread beside the median: half the interquartile range of those three (37.935 to 38.380 ms).
        QCOMPARE(t->spreadNs, int64_t(222500));
        QCOMPARE(describeReferenceTiming(*t),
                 std::string("plain 37.96 ms +/- 222.5 us (median of 3 steps after 7 still warming up, CUDA events, "
                             "without nsys; 51.85 ms under nsys), captured 107.57 ms: 2.83x"));
        // Steady from the start: every step counts. A file without the steps: the launcher's median.
        const auto steady = referenceTimingFromStatus(nlohmann::json{{"steps_ns", {13625984, 13624608, 13633984}}});
        QCOMPARE(steady->referenceNs, int64_t(13625984));
        QCOMPARE(steady->warmingUpSteps, 0);
        QCOMPARE(referenceTimingFromStatus(nlohmann::json{{"median_ns", 5000000}})->referenceNs, int64_t(5000000));
        // The metadata round trip keeps it all.
        Profile p;
        setReferenceTiming(p, *t);
        const auto back = referenceTiming(p);
        QCOMPARE(back->warmingUpSteps, 7);
        QCOMPARE(back->tracedNs, int64_t(51850000));
        QCOMPARE(back->tracedCpuNs, int64_t(49000000));
        QCOMPARE(back->spreadNs, int64_t(222500));
    }

    void summaryShowsBothTimesAndSaysWhenTheCaptureIsSlow()
    {
        const std::string path =
            withReferenceRange("summary.sqlite", [this](test::ScratchDb &db) { return secondWarmupStep(db); });
        Profile p = importCapture({path});
        setReferenceTiming(p, {7'400'000, 11'570'000, 3, "cuda_event"});
        const auto s = summaryJson(p);
        QCOMPARE(s["reference_step_ns"].get<int64_t>(), int64_t(7'400'000));
        QCOMPARE(s["reference_spread_ns"].get<int64_t>(), int64_t(0)); // no steps given: no spread
        QCOMPARE(s["captured_step_ns"].get<int64_t>(), int64_t(11'570'000));
        QCOMPARE(s["capture_overhead"].get<double>(), 11'570'000.0 / 7'400'000.0);
        QCOMPARE(s["step_timing"]["source"].get<std::string>(), std::string("reference_step"));
        QCOMPARE(s["step_timing"]["kernels"].get<size_t>(), size_t(95));
        const std::string text = summaryText(p);
        QVERIFY2(text.find("Step time:     plain 7.40 ms (median of 3 steps, CUDA events), captured 11.57 ms: "
                           "1.56x\n  the captured step ran 1.56x slower than the plain step: shares of the step are "
                           "computed on the plain step in the trace (") != std::string::npos,
                 text.c_str());
        QVERIFY(text.find("GPU busy:      ") != std::string::npos);

        // Within 1.2x nothing is said; without a reference timing neither line is there.
        setReferenceTiming(p, {10'000'000, 11'000'000, 3, "cuda_event"});
        QCOMPARE(summaryJson(p)["capture_overhead_note"].get<std::string>(), std::string());
        QVERIFY(summaryText(p).find("slower than the plain step") == std::string::npos);
        const Profile plain = importCapture({original_});
        QVERIFY(summaryJson(plain)["reference_step_ns"].is_null());
        QVERIFY(summaryText(plain).find("Step time:") == std::string::npos);
    }

    // The names markedSteps takes for steps (matched by hand, millions of NVTX ranges in an nsys export).
    void stepNamesAreMatchedAsTrainingLoopsWriteThem()
    {
        const std::vector<std::string> names = {
            "ProfilerStep#3", "profilerstep#4", "step#12", "STEP_7",
            "Step8", // steps
            "step_",          "step#",          "steps1",  "step#1a",
            "xstep1", // not steps
            "STEP__1",        "step#-1",        "step 2",  "ProfilerStep#5, op_id = 9"};
        Profile p;
        for (size_t i = 0; i < names.size(); ++i) {
            Range r;
            r.start_ns = int64_t(i) * 100;
            r.end_ns = r.start_ns + 50;
            r.text = p.strings.intern(names[i]);
            r.kind = i % 2 ? RangeKind::PushPop : RangeKind::UserAnnotation;
            p.ranges.push_back(r);
        }
        std::vector<std::string> found;
        for (const StepRange &s : markedSteps(p))
            found.push_back(s.name);
        QCOMPARE(found, (std::vector<std::string>{"ProfilerStep#3", "profilerstep#4", "step#12", "STEP_7", "Step8"}));
    }

    void theTraceWithoutReferenceStepIsCorrectedByTheLaunchersTime()
    {
        // The torch.profiler and CPU paths: no reference step in the trace, but the launcher timed it.
        Profile p = importCapture({original_});
        const StepTiming before = stepTiming(p);
        setReferenceTiming(p, {7'400'000, 11'570'000, 3, "cuda_event"});
        const StepTiming t = stepTiming(p);
        QCOMPARE(toString(t.source), toString(StepTiming::Source::LabelledStep));
        QVERIFY(t.corrected);
        QCOMPARE(t.step_ns, int64_t(7'400'000));
        QCOMPARE(t.measured_step_ns, before.measured_step_ns);
        QCOMPARE(t.busy_ns, before.busy_ns);
        QVERIFY(t.busyShare() > before.busyShare());
        QVERIFY2(t.note.find("the step time is the plain step's, 7.40 ms (median of 3, CUDA events), instead of "
                             "the ") != std::string::npos,
                 t.note.c_str());
        const std::string text = summaryText(p);
        QVERIFY2(text.find("shares of the step are computed on the plain step's time (7.40 ms)") != std::string::npos,
                 text.c_str());
    }
};

} // namespace tst_step_timing_suite

OPSCOPE_TEST_SUITE(tst_step_timing, tst_step_timing_suite::TestStepTiming, Appless)
#include "tst_step_timing.moc"
