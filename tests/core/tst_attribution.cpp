// Attribution on the real H100 captures: nsys + ncu, torch.profiler alone, all three together,
// backward kernels, Inductor's Triton kernels, dedup groups and roofline figures.
#include "nsys_replicate.h"
#include "opscope/aggregate.h"
#include "opscope/attribution.h"
#include "opscope/capture_import.h"
#include "opscope/errors.h"
#include "opscope/importer.h"
#include "opscope/metadata_keys.h"
#include "opscope/module_tree.h"
#include "opscope/phases.h"
#include "opscope/profile_store.h"
#include "opscope/roofline.h"
#include "opscope/stats.h"
#include "opscope/summary.h"
#include "test_suite.h"
#include "test_util.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <set>

namespace tst_attribution_suite {

using namespace opscope;
using opscope::test::fixture;

namespace {

std::string h100(const std::string &file)
{
    return fixture("h100/" + file);
}

struct Counts {
    size_t captured = 0, outside = 0, withOp = 0, withModule = 0, withCounters = 0, roofline = 0;
};

Counts countKernels(const Profile &p)
{
    Counts c;
    for (Index k = 0; k < p.kernels.size(); ++k) {
        const Kernel &kernel = p.kernels[k];
        if (kernel.flags & kKernelOutsideCapture) {
            ++c.outside;
            continue;
        }
        ++c.captured;
        c.withOp += kernel.op != kNoIndex;
        c.withModule += kernel.module != kNoIndex;
        c.withCounters += !p.countersOfKernel(k).empty();
        c.roofline += kernelRoofline(p, k).valid;
    }
    return c;
}

const DedupGroup *topLevelGroup(const ModuleTree &tree, const std::string &name)
{
    for (const DedupGroup &g : tree.groups)
        if (!g.nested && g.name == name)
            return &g;
    return nullptr;
}

void checkBlocksGroup(const Profile &p)
{
    const ModuleTree tree = buildModuleTree(p);
    std::vector<std::string> topLevel;
    for (const DedupGroup &g : tree.groups)
        if (!g.nested)
            topLevel.push_back(g.name);
    QCOMPARE(topLevel, std::vector<std::string>{"blocks.*"});
    const DedupGroup *blocks = topLevelGroup(tree, "blocks.*");
    QVERIFY(blocks);
    QCOMPARE(blocks->members.size(), size_t(4));
    QCOMPARE(blocks->className, std::string("Block"));
    for (size_t i = 0; i < 4; ++i) {
        QCOMPARE(tree.nodes[size_t(blocks->members[i])].path, "blocks." + std::to_string(i));
        QCOMPARE(blocks->kernelsPerMember[i], blocks->kernelsPerMember[0]); // equal kernel counts
    }
    QVERIFY(blocks->kernelsPerMember[0] > 0);
}

Index kernelByLabel(const Profile &p, std::string_view label)
{
    for (Index k = 0; k < p.kernels.size(); ++k)
        if (p.text(p.kernels[k].label) == label)
            return k;
    return kNoIndex;
}

bool near(double a, double b)
{
    return std::abs(a - b) <= 1e-9 * std::max(std::abs(a), std::abs(b));
}

// "Kernels under a module" as it was computed in three places before kernelsUnder, kept as references.
// stats.cpp (opscope stats --module PATH): the kernel's module call or one of its callers has the path.
std::vector<Index> kernelsUnderPathOfCalls(const Profile &p, const std::string &path, bool capturedOnly)
{
    std::vector<Index> out;
    for (Index k = 0; k < p.kernels.size(); ++k) {
        if (capturedOnly && (p.kernels[k].flags & kKernelOutsideCapture))
            continue;
        for (Index m = p.kernels[k].module; m < p.modules.size(); m = p.modules[m].parent)
            if (p.text(p.modules[m].path) == path) {
                out.push_back(k);
                break;
            }
    }
    return out;
}

// profile_analysis.cpp (a module or group selected in the GUI): the captured kernels whose module's
// node lies in the subtree of one of `roots`.
std::vector<Index> kernelsInSubtrees(const Profile &p, const ModuleTree &tree, const std::vector<int> &roots)
{
    std::vector<int> nodeOfModule(p.modules.size(), -1);
    for (size_t n = 0; n < tree.nodes.size(); ++n)
        for (Index m : tree.nodes[n].instances)
            nodeOfModule[m] = int(n);
    std::vector<Index> out;
    for (Index k = 0; k < p.kernels.size(); ++k) {
        if (p.kernels[k].flags & kKernelOutsideCapture)
            continue;
        const Index m = p.kernels[k].module;
        for (int r : roots) {
            bool inside = false;
            for (int n = m < p.modules.size() ? nodeOfModule[m] : -1; n >= 0 && !inside;
                 n = tree.nodes[size_t(n)].parent)
                inside = n == r;
            if (inside) {
                out.push_back(k);
                break;
            }
        }
    }
    return out;
}

// diff_side.cpp (the comparison's module rows): each captured kernel added to its node and every
// node above it.
std::vector<std::vector<Index>> kernelsPerNodeUpwards(const Profile &p, const ModuleTree &tree)
{
    std::vector<int> nodeOfInstance(p.modules.size(), -1);
    for (size_t n = 0; n < tree.nodes.size(); ++n)
        for (Index m : tree.nodes[n].instances)
            nodeOfInstance[m] = int(n);
    std::vector<std::vector<Index>> out(tree.nodes.size());
    for (Index k = 0; k < p.kernels.size(); ++k)
        if (!(p.kernels[k].flags & kKernelOutsideCapture) && p.kernels[k].module < p.modules.size())
            for (int n = nodeOfInstance[p.kernels[k].module]; n >= 0; n = tree.nodes[size_t(n)].parent)
                out[size_t(n)].push_back(k);
    return out;
}

int64_t totalTime(const Profile &p, const std::vector<Index> &kernels)
{
    int64_t total = 0;
    for (Index k : kernels)
        total += p.kernels[k].duration();
    return total;
}

} // namespace

class TestAttribution : public QObject {
    Q_OBJECT
private slots:
    void nsysWithNcu()
    {
        const Profile p = importCapture({h100("gpt4_bf16_infer/nsys.sqlite"), h100("gpt4_bf16_infer/ncu_raw.csv")});
        QCOMPARE(p.kernels.size(), size_t(192));
        const Counts c = countKernels(p);
        QCOMPARE(c.captured, size_t(46)); // the ncu rows of the captured step (fixtures README)
        QCOMPARE(c.outside, size_t(146)); // init, weight casts and two warm-up steps
        QCOMPARE(c.withOp, size_t(46));
        QCOMPARE(c.withModule, size_t(46));
        QCOMPARE(c.withCounters, size_t(46));
        QCOMPARE(c.roofline, size_t(46));
        QCOMPARE(*p.metadataValue(kNcuRowsMatchedKey), std::string("46"));
        const std::optional<NcuMatchCounts> match = ncuMatchCounts(p);
        QVERIFY(match);
        QCOMPARE(match->rows, size_t(46));
        QCOMPARE(match->matchedByStack, size_t(46));
        QCOMPARE(match->matchedByLaunch + match->matchedByName + match->replicatedToSteps, size_t(0));
        QCOMPARE(match->unmatchedRows, size_t(0));
        QCOMPARE(match->kernelsWithoutRow, size_t(0));
        for (const Kernel &k : p.kernels)
            if (!(k.flags & kKernelOutsideCapture)) {
                QCOMPARE(int(k.method), int(AttributionMethod::Nvtx));
                QCOMPARE(int(k.confidence), int(Confidence::High));
                QVERIFY(p.text(p.operators[k.op].name).starts_with("aten::"));
            }
        checkBlocksGroup(p);
        // Every captured kernel's name equals the name of the ncu row it got (the counters' source).
        const Index timeName = p.findMetric("gpu__time_duration.sum");
        QVERIFY(timeName != kNoIndex);
    }

    void torchProfilerAlone()
    {
        const Profile p = importCapture({h100("gpt4_bf16_infer/kineto.json")});
        QCOMPARE(p.kernels.size(), size_t(138)); // 3 steps x 46 kernels (fixtures README)
        const Counts c = countKernels(p);
        QCOMPARE(c.captured, size_t(138));
        QCOMPARE(c.withOp, size_t(138));
        QCOMPARE(c.withModule, size_t(138));
        for (const Kernel &k : p.kernels)
            QCOMPARE(int(k.method), int(AttributionMethod::TorchProfiler));
        checkBlocksGroup(p);
        const ModuleTree tree = buildModuleTree(p);
        QCOMPARE(tree.nodes[size_t(tree.find("blocks.2.attn"))].instances.size(), size_t(3)); // one call per step
        // No CAPTURE range in a torch.profiler trace: its three profiled steps are all counted.
        for (const ModuleNode &node : tree.nodes)
            QCOMPARE(node.calls, uint32_t(3));
    }

    // Module calls count the captured step only: the nsys export labels every forward of the two warm-up
    // steps too (135 module ranges for 45 paths, python3 sqlite3), whose kernels lie outside CAPTURE.
    void moduleCallsAreTheCapturedStepsOnes()
    {
        for (const std::string &file :
             {h100("gpt4_bf16_infer/nsys.sqlite"), test::sourceFile("resources/samples/gpt4_bf16_infer/nsys.sqlite")}) {
            const Profile p = importCapture({file});
            QCOMPARE(p.modules.size(), size_t(135));
            const ModuleTree tree = buildModuleTree(p);
            QCOMPARE(tree.nodes.size(), size_t(45));
            for (const ModuleNode &node : tree.nodes) {
                QCOMPARE(node.instances.size(), size_t(3));
                QVERIFY2(node.calls == 1, node.path.c_str());
                QCOMPARE(node.callsOutsideStep(), uint32_t(2));
            }
        }
    }

    void allThreeTogether()
    {
        const Profile p = importCapture({h100("gpt4_bf16_infer/kineto.json"), h100("gpt4_bf16_infer/ncu_raw.csv"),
                                         h100("gpt4_bf16_infer/nsys.sqlite")});
        QCOMPARE(p.source_format, std::string("nsys-sqlite")); // the nsys timeline leads, whatever the order
        const Counts c = countKernels(p);
        QCOMPARE(c.captured, size_t(46));
        QCOMPARE(c.outside, size_t(146));
        QCOMPARE(c.withOp, size_t(46));
        QCOMPARE(c.withModule, size_t(46));
        QCOMPARE(c.withCounters, size_t(46));
        QCOMPARE(c.roofline, size_t(46));
        checkBlocksGroup(p);
        // The correlation pass agrees with the NVTX attribution on every kernel it knows.
        const std::optional<CrossCheckCounts> check = torchProfilerCrossCheck(p);
        QVERIFY(check);
        QCOMPARE(check->compared, size_t(46));
        QCOMPARE(check->agreed, size_t(46));
    }

    // Where the two passes name a kernel's operator differently, each case is a warning with its reason.
    // The bf16 GPT's nsys export with its gelu ranges renamed to the in-place form: the 4 captured gelu
    // kernels disagree with the torch.profiler trace, as "renamed op".
    void crossCheckListsEachDisagreement()
    {
        QTemporaryDir dir;
        const std::string sqlite = test::tempPath(dir, "nsys.sqlite");
        QVERIFY(
            QFile::copy(QString::fromStdString(h100("gpt4_bf16_infer/nsys.sqlite")), QString::fromStdString(sqlite)));
        QFile::setPermissions(QString::fromStdString(sqlite), QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        QCOMPARE(QProcess::execute("sqlite3", {QString::fromStdString(sqlite),
                                               "UPDATE NVTX_EVENTS SET text = replace(text, 'aten::gelu,', "
                                               "'aten::gelu_,') WHERE text LIKE 'aten::gelu,%'"}),
                 0);
        const Profile p = importCapture({h100("gpt4_bf16_infer/kineto.json"), sqlite});
        const std::optional<CrossCheckCounts> check = torchProfilerCrossCheck(p);
        QVERIFY(check);
        QCOMPARE(check->compared, size_t(46));
        QCOMPARE(check->agreed, size_t(42));
        std::vector<std::string> listed;
        for (const std::string &w : p.warnings)
            if (w.starts_with("torch.profiler cross-check: "))
                listed.push_back(w);
        QCOMPARE(listed.size(), size_t(1));
        const std::string expected =
            "4 kernels vectorized_elementwise_kernel (first: kernel 157) ran in aten::gelu_ here "
            "and in aten::add or aten::gelu in the torch.profiler trace: renamed op";
        QVERIFY2(listed[0].find(expected) != std::string::npos, listed[0].c_str());
    }

    // Which file leads and what each other file adds come from the registry: role and rank per format.
    void formatsHaveRolesAndRanks()
    {
        const std::map<std::string, std::pair<ImportRole, int>> expected = {
            {"opscope", {ImportRole::Timeline, kLastImportRank}},
            {"operator-profiler-json", {ImportRole::Timeline, kLastImportRank}},
            {"nsys-sqlite", {ImportRole::Timeline, 0}},
            {"nsys-rep", {ImportRole::Timeline, 0}},
            {"nsys-stats-csv", {ImportRole::Timeline, kLastImportRank}},
            {"kineto-json", {ImportRole::CrossCheck, 1}},
            {"onnxruntime-json", {ImportRole::Timeline, kLastImportRank}},
            {"ncu-csv", {ImportRole::Counters, 2}},
            {"ncu-rep", {ImportRole::Counters, 2}},
            {"inductor-debug", {ImportRole::KernelMap, kLastImportRank}},
            {"torch-memory-snapshot", {ImportRole::MemoryHistory, kLastImportRank}},
            {"opscope-memory-tensors", {ImportRole::MemoryHistory, kLastImportRank}},
        };
        QCOMPARE(importFormats().size(), expected.size());
        for (const ImportFormat &format : importFormats()) {
            const auto it = expected.find(std::string(format.id));
            QVERIFY2(it != expected.end(), std::string(format.id).c_str());
            QCOMPARE(int(format.role), int(it->second.first));
            QCOMPARE(format.rank, it->second.second);
            QCOMPARE(findFormat(format.id), &format);
            QCOMPARE(bool(format.loadKernelMap), format.role == ImportRole::KernelMap);
        }
        QVERIFY(!findFormat("no-such-format"));
        QCOMPARE(std::string(detectFormat(h100("inductor_debug")).id), std::string("inductor-debug"));
    }

    // Two files of one role: the first leads, the second is named in a warning and adds nothing.
    void aSecondTimelineAddsNothing()
    {
        const std::string sample = test::sourceFile("resources/samples/gpt4_bf16_infer/nsys.sqlite");
        const Profile p = importCapture({sample, h100("gpt4_bf16_infer/nsys.sqlite")});
        QCOMPARE(p.source_path, sample);
        QCOMPARE(p.kernels.size(), size_t(192));
        const std::string notCombined = h100("gpt4_bf16_infer/nsys.sqlite") +
                                        ": not combined (a second nsys-sqlite file of the same capture adds nothing)";
        QVERIFY(std::find(p.warnings.begin(), p.warnings.end(), notCombined) != p.warnings.end());
        QVERIFY(!ncuMatchCounts(p));
        QVERIFY(!torchProfilerCrossCheck(p));
    }

    // A kernel map names the ops of kernels; with no file that has kernels there is nothing to name.
    void anInductorFolderAloneIsNoProfile()
    {
        const std::string folder = h100("inductor_debug");
        for (const auto &load : std::vector<std::function<Profile()>>{[&] { return importCapture({folder}); },
                                                                      [&] { return importFile(folder); }}) {
            try {
                (void)load();
                QFAIL("an Inductor folder alone was imported");
            } catch (const FileError &e) {
                QCOMPARE(e.path(), folder);
                QCOMPARE(e.problem(), std::string("an Inductor debug directory alone has no kernels: add the trace "
                                                  "or capture it belongs to"));
            }
        }
    }

    // The counts are kept one per key (and survive a save); the summary still prints each outcome as
    // one line.
    void theSummaryShowsEachOutcomeAsOneLine()
    {
        const Profile p = importCapture({h100("gpt4_bf16_infer/kineto.json"), h100("gpt4_bf16_infer/ncu_raw.csv"),
                                         h100("gpt4_bf16_infer/nsys.sqlite")});
        QCOMPARE(*p.metadataValue(kNcuMatchedByStackKey), std::string("46"));
        QCOMPARE(*p.metadataValue(kCrossCheckAgreedKey), std::string("46"));
        const std::string ncuLine = "stack 46, launch 0, name 0, replicated to further steps 0, skipped by dedup 0";
        const std::string checkLine = "46 of 46 captured kernels have the same operator in the torch.profiler trace";
        const std::string text = summaryText(p);
        QVERIFY2(text.find("\n  ncu_rows: 46\n  ncu_rows_matched: 46\n  ncu_match: " + ncuLine + "\n") !=
                     std::string::npos,
                 text.c_str());
        QVERIFY2(text.find("\n  torch_profiler_cross_check: " + checkLine + "\n") != std::string::npos, text.c_str());
        QVERIFY2(text.find("ncu_matched_by") == std::string::npos, text.c_str());
        QVERIFY2(text.find("torch_profiler_kernels") == std::string::npos, text.c_str());
        const auto metadata = summaryJson(p)["metadata"];
        QCOMPARE(metadata["ncu_match"].get<std::string>(), ncuLine);
        QCOMPARE(metadata["torch_profiler_cross_check"].get<std::string>(), checkLine);

        QTemporaryDir dir;
        const std::string saved = test::tempPath(dir, "all.opscope");
        saveProfile(p, saved);
        const Profile loaded = loadProfile(saved);
        QCOMPARE(ncuMatchCounts(loaded), ncuMatchCounts(p));
        QCOMPARE(torchProfilerCrossCheck(loaded), torchProfilerCrossCheck(p));
        QCOMPARE(summaryText(loaded), text);
    }

    void ncuAlone()
    {
        const Profile p = importCapture({h100("gpt4_bf16_infer/ncu_raw.csv")});
        const Counts c = countKernels(p);
        QCOMPARE(c.captured, size_t(46));
        QCOMPARE(c.withOp, size_t(46));
        QCOMPARE(c.withModule, size_t(46));
        QCOMPARE(c.withCounters, size_t(46));
        checkBlocksGroup(p);
    }

    void backwardKernelsCarryTheirForwardModule()
    {
        const Profile p = importCapture({h100("kineto_gpt4_train.json")});
        QCOMPARE(p.kernels.size(), size_t(416));
        // Every backward kernel carries a module unless its forward op ran outside the model (the loss:
        // pow, mean). Gradient accumulation (AccumulateGrad) takes the module of the backward function
        // before it, with medium confidence.
        size_t backward = 0, withModule = 0, accumulate = 0;
        for (const Kernel &k : p.kernels) {
            if (k.op == kNoIndex || !(p.operators[k.op].flags & kOperatorBackward))
                continue;
            ++backward;
            Index top = k.op;
            while (p.operators[top].parent != kNoIndex)
                top = p.operators[top].parent;
            const std::string_view function = p.text(p.operators[top].name);
            if (function.find("AccumulateGrad") != std::string_view::npos) {
                ++accumulate;
                QVERIFY(k.module != kNoIndex);
                QCOMPARE(int(k.confidence), int(Confidence::Medium));
            }
            if (k.module != kNoIndex) {
                ++withModule;
                continue;
            }
            // No module: the forward op of this backward function must itself be outside every module.
            bool forwardOutside = false;
            for (const Operator &f : p.operators)
                if (f.sequence_nr == p.operators[top].sequence_nr && !(f.flags & kOperatorBackward))
                    forwardOutside = f.module == kNoIndex;
            QVERIFY2(forwardOutside, std::string(function).c_str());
        }
        QCOMPARE(backward, size_t(316)); // kernels launched under autograd::engine::evaluate_function (2 steps)
        QVERIFY2(withModule >= 300, qPrintable(QString::number(withModule)));
        QVERIFY(accumulate > 0);
        // A backward GEMM of blocks.1.mlp.fc lands in that module, not in its parent.
        bool found = false;
        for (const Kernel &k : p.kernels)
            if (k.module != kNoIndex && p.text(p.modules[k.module].path) == "blocks.1.mlp.fc" &&
                (p.operators[k.op].flags & kOperatorBackward))
                found = true;
        QVERIFY(found);
    }

    // attribute() splits its label and launch-stack stages over threads (issue 22): any split gives what
    // one thread gives, every kernel, operator, module and string id, on captures of each kind (nsys labels
    // and emit_nvtx ranges, module events of the python tracer, torch.profiler's own operators).
    void splitWorkGivesTheSerialResult_data()
    {
        QTest::addColumn<QString>("path");
        for (const char *file :
             {"h100/gpt4_bf16_infer/nsys.sqlite", "h100/gpt4_fp32_infer/nsys.sqlite", "h100/mlp_bf16_infer/nsys.sqlite",
              "h100/gpt4_bf16_infer/kineto.json", "public/nsys/nsys-ai__mock.sqlite",
              "public/nsys/pipit__saxpy-mpi-cuda_nsys_perlmutter0.sqlite",
              "public/kineto/TraceLens__gaunernst_bert-small-uncased__1016001.json"})
            QTest::newRow(file) << QString::fromStdString(fixture(file));
        QTest::newRow("h100/gpt4_bf16_infer/nsys.sqlite x 70") << QString(); // 36,470 ranges: the automatic split too
    }

    void splitWorkGivesTheSerialResult()
    {
        QFETCH(QString, path);
        QTemporaryDir dir;
        std::string file = path.toStdString();
        if (file.empty()) {
            file = test::tempPath(dir, "replicated.sqlite");
            const test::Replication rep = test::replicateNsysExport(h100("gpt4_bf16_infer/nsys.sqlite"), file, 70);
            QVERIFY2(rep.error.empty(), rep.error.c_str());
        }
        const Profile imported = importFile(file);
        QVERIFY(!imported.kernels.empty());
        Profile serial = imported;
        AttributionOptions one;
        one.threads = 1;
        attribute(serial, one); // the public nsys files have no labels: all their kernels keep a reason
        QVERIFY(isAttributed(serial) || file.find("public/nsys/") != std::string::npos);
        for (unsigned threads : {0u, 2u, 3u, 7u}) {
            Profile split = imported;
            AttributionOptions options;
            options.threads = threads;
            attribute(split, options);
            QCOMPARE(split.strings.size(), serial.strings.size());
            for (StringId s = 0; s < serial.strings.size(); ++s)
                QCOMPARE(split.text(s), serial.text(s));
            QVERIFY(split.kernels == serial.kernels);
            QVERIFY(split.operators == serial.operators);
            QVERIFY(split.modules == serial.modules);
            QVERIFY2(split == serial, ("threads " + std::to_string(threads)).c_str());
        }
    }

    void nsysBackwardKernelsCarryTheirForwardModule()
    {
        // The ranges a training step leaves in an nsys capture (texts as emit_nvtx and the launcher write
        // them on torch 2.11, seen in ncu's NVTX stacks on the H100): the forward op on the main thread
        // inside its module's label, the backward function on autograd's thread with the same sequence
        // number and no module label around it. The backward kernel takes the forward op's module.
        Profile p;
        p.source_format = "nsys-sqlite";
        p.threads = {{1, 1, p.intern("python")}, {1, 2, p.intern("pt_autograd_0")}};
        const auto range = [&](int64_t start, int64_t end, const char *text, Index thread, uint16_t depth) {
            p.ranges.push_back({start, end, p.intern(text), kNoString, thread, depth, RangeKind::PushPop});
        };
        range(0, 1000, "model[GPT]", 0, 0);
        range(10, 500, "blocks.0.attn.qkv[Linear]", 0, 1);
        range(20, 400, "aten::linear, seq = 141, op_id = 12, sizes = [[64, 64], [192, 64], [192]]", 0, 2);
        range(2000, 3000, "autograd::engine::evaluate_function: AddmmBackward0, op_id = 278", 1, 0);
        range(2010, 2900, "AddmmBackward0, seq = 141, op_id = 279, sizes = [[64, 192]]", 1, 1);
        range(2020, 2800, "aten::mm, op_id = 283, sizes = [[64, 192], [192, 64]]", 1, 2);
        // The engine's own work after the node, inside evaluate_function: the bias gradient's reduction.
        range(2920, 2990, "aten::sum, op_id = 290, sizes = [[64, 192], [], [], []], input_op_ids = [(279,0)]", 1, 1);
        p.api_calls.push_back({100, 110, p.intern("cudaLaunchKernel"), 0, 7, ApiKind::Runtime});
        p.api_calls.push_back({2100, 2110, p.intern("cudaLaunchKernel"), 1, 8, ApiKind::Runtime});
        p.api_calls.push_back({2930, 2940, p.intern("cudaLaunchKernel"), 1, 9, ApiKind::Runtime});
        for (uint32_t correlation : {7u, 8u, 9u}) {
            Kernel k;
            k.start_ns = correlation == 7 ? 120 : correlation == 8 ? 2120 : 2950;
            k.end_ns = k.start_ns + 50;
            k.name = p.intern(correlation == 7 ? "gemm_fprop" : correlation == 8 ? "gemm_dgrad" : "reduce_kernel");
            k.correlation_id = correlation;
            p.kernels.push_back(k);
        }
        p.finalize();
        attribute(p);
        const auto modulePath = [&](Index k) {
            const Index m = p.kernels[k].module;
            return m == kNoIndex ? std::string("(none)") : std::string(p.text(p.modules[m].path));
        };
        QCOMPARE(modulePath(0), std::string("blocks.0.attn.qkv"));
        QCOMPARE(std::string(p.text(p.operators[p.kernels[1].op].name)), std::string("aten::mm"));
        QCOMPARE(modulePath(1), std::string("blocks.0.attn.qkv"));
        QCOMPARE(std::string(p.text(p.operators[p.kernels[2].op].name)), std::string("aten::sum"));
        QCOMPARE(modulePath(2), std::string("blocks.0.attn.qkv"));
    }

    void nsysTrainingStepKernelsAllHaveTheirModule()
    {
        // A real capture of a 2-block training step (tests/data/h100_train2/README.md has the counts).
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string sqlite = test::tempPath(dir, "nsys.sqlite");
        QVERIFY(test::gunzipFile(test::sourceFile("tests/data/h100_train2/nsys.sqlite.gz"), sqlite));
        const Profile p = importCapture({sqlite});
        QCOMPARE(p.kernels.size(), size_t(431));
        // The work outside the model is in the step's phases: the loss computed after the forward, the
        // backward's seed and the loss's own backward, the AdamW step. None is left without a home.
        const std::map<std::string, std::multiset<std::string>> phases = {
            {"loss", {"aten::copy_", "aten::copy_", "aten::_log_softmax", "aten::nll_loss_forward"}},
            {"backward",
             {"aten::fill_", "aten::fill_", "aten::nll_loss_backward", "aten::_log_softmax_backward_data",
              "aten::copy_"}},
            {"optimizer", {"aten::_foreach_add_", "aten::_fused_adamw_", "aten::_fused_adamw_"}}};
        std::map<std::string, std::multiset<std::string>> inPhases;
        size_t captured = 0, withoutModule = 0, engineWork = 0;
        for (const Kernel &k : p.kernels) {
            if (k.flags & kKernelOutsideCapture)
                continue;
            ++captured;
            QVERIFY(k.op != kNoIndex);
            const std::string op(p.text(p.operators[k.op].name));
            if (k.module == kNoIndex) {
                ++withoutModule;
                continue;
            }
            if (isPhase(p.modules[k.module])) {
                inPhases[std::string(p.text(p.modules[k.module].path))].insert(op);
                QCOMPARE(p.operators[k.op].module, k.module);
                continue;
            }
            // The engine's reductions and gradient sums take the module of the node it was evaluating.
            const std::string path(p.text(p.modules[k.module].path));
            if (op == "aten::sum") {
                ++engineWork;
                QVERIFY2(path.empty() || path.ends_with(".qkv") || path.ends_with(".proj") || path.ends_with(".fc") ||
                             path.ends_with(".out"),
                         path.c_str());
            } else if (op == "aten::add_") {
                ++engineWork;
                QVERIFY2(path.ends_with(".ln1") || path.ends_with(".ln2"), path.c_str());
            }
        }
        QCOMPARE(captured, size_t(95));
        QCOMPARE(withoutModule, size_t(0));
        QCOMPARE(inPhases, phases);
        const ModuleTree tree = buildModuleTree(p);
        QCOMPARE(tree.nodes[size_t(tree.findPhase(kPhaseOptimizer))].label(), std::string("optimizer [AdamW]"));
        QCOMPARE(engineWork, size_t(13));
    }

    void tritonKernelsCarryTheirFusedOps()
    {
        const Profile p = importCapture({h100("kineto_gpt4_compiled.json"), h100("inductor_debug")});
        size_t triton = 0;
        for (const Kernel &k : p.kernels) {
            const std::string_view name = p.text(k.name);
            if (!name.starts_with("triton_"))
                continue;
            ++triton;
            QCOMPARE(int(k.method), int(AttributionMethod::InductorFusion));
            QVERIFY(k.op != kNoIndex);
            std::set<std::string> fused;
            for (const FusedName &f : p.fused_with)
                if (f.op == k.op)
                    fused.insert(std::string(p.text(f.name)));
            const std::string expected = name.starts_with("triton_poi_fused_add") ? "aten::add" : "aten::arange";
            QVERIFY2(fused.count(expected), std::string(name).c_str());
        }
        QVERIFY(triton >= 2);
        QVERIFY(std::stoi(*p.metadataValue(kInductorFusedKernelsKey)) == int(triton));
    }

    void rooflineMatchesNcuSectionFormulas()
    {
        const Profile p = importCapture({h100("gpt4_bf16_infer/ncu_raw.csv")});
        // Expected values computed with python's csv module from the same rows, following ncu's
        // SpeedOfLight_RooflineChart / HierarchicalTensorRooflineChart formulas:
        //   fp32 = (fadd + fmul per_cycle_elapsed + derived ffma_x2) * smsp__cycles_elapsed.avg.per_second
        //   bf16 tensor = sm__ops_path_tensor_src_bf16_dst_fp32.sum.per_cycle_elapsed *
        //   sm__cycles_elapsed.avg.per_second peaks: derived__sm__..._ffma_pred_on_x2 and, for tensor work, the
        //   dense sm__ops_path_tensor_op_hgmma_src_bf16_dst_fp32_sparsity_off.sum.peak_sustained times the sm clock;
        //   DRAM peak = dram__bytes.sum.peak_sustained * dram__cycles_elapsed.avg.per_second.
        // ID 5: nvjet_sm90_tst_192x192_64x4_2x1_v_bz_coopB_bias_TNN (a bf16 GEMM)
        const Index gemm = kernelByLabel(p, "5");
        QVERIFY(gemm != kNoIndex);
        const KernelRoofline g = kernelRoofline(p, gemm);
        QVERIFY(g.valid);
        auto rate = [](const KernelRoofline &r, const std::string &precision) {
            for (const ComputeRate &c : r.compute)
                if (c.precision == precision)
                    return c;
            return ComputeRate{};
        };
        QVERIFY(near(rate(g, "BF16 tensor").achieved, 393879089182675.25));
        QVERIFY(near(rate(g, "BF16 tensor").peak, 758049672850145.2)); // not the 2:4-sparse 1516099345700290.5
        QVERIFY(near(rate(g, "FP32").achieved, 256435112534.571));
        QVERIFY(near(rate(g, "FP32").peak, 47378104553134.08));
        QVERIFY(near(g.memory[int(MemoryLevel::Dram)].achieved, 358043844856.66));
        QVERIFY(near(g.memory[int(MemoryLevel::Dram)].peak, 3342462057331.2));
        QVERIFY(near(g.memory[int(MemoryLevel::L2)].achieved, 2017231028667.79));
        QVERIFY(near(g.intensity(MemoryLevel::Dram), 1100.8024015969297));
        QCOMPARE(g.dominant()->precision, std::string("BF16 tensor"));
        // ID 11: vectorized_elementwise_kernel<8, GeluCUDAKernelImpl ...> (elementwise, memory-bound)
        const Index gelu = kernelByLabel(p, "11");
        const KernelRoofline e = kernelRoofline(p, gelu);
        QVERIFY(near(rate(e, "FP32").achieved, 9345854227092.373));
        QVERIFY(near(rate(e, "FP16").achieved, 491519315199.339));
        QVERIFY(near(e.memory[int(MemoryLevel::Dram)].achieved, 1005740000000.0));
        QVERIFY(near(e.memory[int(MemoryLevel::L1)].achieved, 1228800000000.0));
        QVERIFY(near(e.intensity(MemoryLevel::Dram), 9.781229286188989));
        QCOMPARE(e.dominant()->precision, std::string("FP32"));
    }

    // Tensor ceilings are the dense peaks: Hopper's src_bf16_dst_fp32 (and src_fp16, src_tf32_dst_fp32,
    // src_int8) path counts 2:4-sparse work too, so its peak_sustained is twice the dense one. Expected values
    // computed with python's csv module: max over the 46 rows of <path>.sum.peak_sustained *
    // sm__cycles_elapsed.avg.per_second (row ID 38 has the fastest clock, 1587923125.77 Hz).
    void rooflineTensorCeilingsAreDense()
    {
        const Profile p = importCapture({h100("gpt4_bf16_infer/ncu_raw.csv")});
        std::vector<Index> all(p.kernels.size());
        for (Index k = 0; k < p.kernels.size(); ++k)
            all[k] = k;
        const RooflineCeilings ceilings = rooflineCeilings(p, all);
        auto peak = [&](const std::string &precision) {
            for (const ComputeRate &c : ceilings.compute)
                if (c.precision == precision)
                    return c.peak;
            return -1.0;
        };
        QVERIFY(near(peak("BF16 tensor"), 858545572256317.4));  // op_hgmma_src_bf16_dst_fp32_sparsity_off
        QVERIFY(near(peak("FP16 tensor"), 858545572256317.4));  // op_hgmma_src_fp16_sparsity_off
        QVERIFY(near(peak("TF32 tensor"), 429272786128158.7));  // op_hgmma_src_tf32_dst_fp32_sparsity_off
        QVERIFY(near(peak("INT8 tensor"), 1717091144512634.8)); // op_igmma_src_int8_sparsity_off
        QVERIFY(near(peak("FP8 tensor"), 1717091144512634.8));  // src_fp8_sparsity_off
        QVERIFY(near(peak("FP64 tensor"), 53659098266019.836)); // src_fp64: no sparse variant
        QVERIFY(near(peak("INT1 tensor"), 1.3736729156101078e+16));
        // No kernel of this capture ran sparse: no sparse ceiling, no sparse work.
        for (const ComputeRate &c : ceilings.compute) {
            QVERIFY2(!c.sparse && c.precision.find("sparse") == std::string::npos, c.precision.c_str());
            QVERIFY(c.precision.find("_") == std::string::npos);
        }
        // Every kernel with BF16 tensor work sits where ncu's own dense percentage puts it (ncu prints two decimals).
        size_t withTensorWork = 0;
        for (Index k : all)
            for (const ComputeRate &c : kernelRoofline(p, k).compute)
                if (c.precision == "BF16 tensor" && c.achieved > 0) {
                    ++withTensorWork;
                    const double pct = p.kernelCounter(k, "sm__ops_path_tensor_op_hgmma_src_bf16_dst_fp32_sparsity_off."
                                                          "sum.pct_of_peak_sustained_elapsed");
                    QVERIFY(pct > 0);
                    QVERIFY2(std::abs(100 * c.achieved / c.peak - pct) < 0.006, p.text(p.kernels[k].name).data());
                }
        QCOMPARE(withTensorWork, size_t(21)); // 17 nvjet GEMMs and 4 cuDNN attention kernels
    }

    void operatorTableAndAggregates()
    {
        const Profile p = importCapture({h100("gpt4_bf16_infer/nsys.sqlite"), h100("gpt4_bf16_infer/ncu_raw.csv")});
        const auto rows = operatorTable(p, OperatorGrouping::ByName);
        QVERIFY(!rows.empty());
        int64_t self = 0;
        for (const OperatorRow &r : rows)
            self += r.gpuTimeSelf;
        int64_t step = 0;
        for (const Kernel &k : p.kernels)
            if (!(k.flags & kKernelOutsideCapture))
                step += k.duration();
        QCOMPARE(self, step); // every captured kernel's time is some operator's self time
        // Aggregated over the step's kernels:
        std::vector<Index> captured;
        double bytes = 0;
        for (Index k = 0; k < p.kernels.size(); ++k)
            if (!(p.kernels[k].flags & kKernelOutsideCapture)) {
                captured.push_back(k);
                bytes += p.kernelCounter(k, "gpu__time_duration.sum");
            }
        // A .sum counter aggregates as a sum: the step's ncu time is the sum of the 46 rows'.
        const Index metric = p.findMetric("gpu__time_duration.sum");
        for (const AggregatedCounter &c : aggregateCounters(p, captured))
            if (c.metric == metric)
                QCOMPARE(c.value, bytes);
        QVERIFY(bytes > 0);
    }

    void moduleEventsOfTheTraceGiveTheModuleTree()
    {
        // TraceLens's bert-small trace, recorded with module stacks: 84 "nn.Module: <Class>_<n>" python_function
        // events, all on thread 19392 with its 479 cpu_ops. python3's json module, each kernel's cpu_op by
        // External id (the innermost) and the innermost module event open at the op's start: all 60 kernels
        // have a module, BertEmbeddings_0 itself launches 2 and Linear_0 1.
        const Profile p =
            importCapture({fixture("public/kineto/TraceLens__gaunernst_bert-small-uncased__1016001.json")});
        QCOMPARE(p.modules.size(), size_t(84));
        QCOMPARE(p.kernels.size(), size_t(60));
        const Counts c = countKernels(p);
        QCOMPARE(c.captured, size_t(60));
        QCOMPARE(c.withModule, size_t(60));
        std::map<std::string, size_t> kernelsOfModule;
        for (const Kernel &k : p.kernels)
            ++kernelsOfModule[std::string(p.text(p.modules[k.module].path))];
        QCOMPARE(kernelsOfModule["BertEmbeddings_0"], size_t(2));
        QCOMPARE(kernelsOfModule["BertModel_0"], size_t(2));
        QCOMPARE(kernelsOfModule["Linear_0"], size_t(1));

        const ModuleTree tree = buildModuleTree(p);
        QCOMPARE(tree.roots.size(), size_t(1));
        const ModuleNode &root = tree.nodes[size_t(tree.roots.front())];
        QCOMPARE(root.path, std::string("BertLMHeadModel_0"));
        QCOMPARE(root.className, std::string("BertLMHeadModel"));
        QCOMPARE(root.kernelsTotal, uint32_t(60));
        const int layer = tree.find("BertLayer_2");
        QVERIFY(layer >= 0);
        QCOMPARE(tree.nodes[size_t(layer)].className, std::string("BertLayer"));
        QCOMPARE(tree.nodes[size_t(tree.nodes[size_t(layer)].parent)].path, std::string("BertEncoder_0"));
        // The four encoder layers do the same work: one group.
        const DedupGroup *layers = topLevelGroup(tree, "BertLayer_*");
        QVERIFY(layers);
        QCOMPARE(layers->members.size(), size_t(4));
    }

    void kernelsUnderAModuleAreWhatTheFormerThreeWaysGave_data()
    {
        QTest::addColumn<QStringList>("files");
        QTest::newRow("nsys + ncu, bf16 GPT")
            << QStringList{QString::fromStdString(h100("gpt4_bf16_infer/nsys.sqlite")),
                           QString::fromStdString(h100("gpt4_bf16_infer/ncu_raw.csv"))};
        QTest::newRow("torch.profiler, training")
            << QStringList{QString::fromStdString(h100("kineto_gpt4_train.json"))};
        QTest::newRow("nsys, training step")
            << QStringList{QString::fromStdString(test::sourceFile("tests/data/h100_train2/nsys.sqlite.gz"))};
        QTest::newRow("module events") << QStringList{
            QString::fromStdString(fixture("public/kineto/TraceLens__gaunernst_bert-small-uncased__1016001.json"))};
    }

    void kernelsUnderAModuleAreWhatTheFormerThreeWaysGave()
    {
        QFETCH(QStringList, files);
        QTemporaryDir dir;
        std::vector<std::string> paths;
        for (const QString &f : files) {
            paths.push_back(f.toStdString());
            if (f.endsWith(".gz")) { // SQLite opens no compressed file
                paths.back() = test::tempPath(dir, "unpacked.sqlite");
                QVERIFY(test::gunzipFile(f.toStdString(), paths.back()));
            }
        }
        const Profile p = importCapture(paths);
        const ModuleTree tree = buildModuleTree(p);
        QVERIFY(!tree.nodes.empty());
        const std::vector<std::vector<Index>> upwards = kernelsPerNodeUpwards(p, tree);
        size_t nonEmpty = 0;
        for (size_t n = 0; n < tree.nodes.size(); ++n) {
            const std::vector<Index> step = kernelsUnder(p, tree, {int(n)}, KernelScope::CapturedStep);
            const std::string &path = tree.nodes[n].path;
            QVERIFY2(step == kernelsUnderPathOfCalls(p, path, true), path.c_str());
            QVERIFY2(step == kernelsInSubtrees(p, tree, {int(n)}), path.c_str());
            QVERIFY2(step == upwards[n], path.c_str());
            QCOMPARE(step.size(), size_t(tree.nodes[n].kernelsTotal));
            QCOMPARE(totalTime(p, step), tree.nodes[n].gpuTimeTotal);
            QVERIFY2(kernelsUnder(p, tree, {int(n)}, KernelScope::All) == kernelsUnderPathOfCalls(p, path, false),
                     path.c_str());
            nonEmpty += !step.empty();
        }
        QVERIFY(nonEmpty > 0);
        for (const DedupGroup &g : tree.groups)
            QVERIFY2(kernelsUnder(p, tree, g.members, KernelScope::CapturedStep) ==
                         kernelsInSubtrees(p, tree, g.members),
                     g.name.c_str());
    }

    void kernelsUnderAModuleOfTheGpt()
    {
        // The bf16 GPT's captured step (python3 sqlite3 on nsys.sqlite): 46 kernels, 10 per block;
        // blocks.0 runs 93,089 ns of them. The stats report of the module counts the same kernels.
        const Profile p = importCapture({h100("gpt4_bf16_infer/nsys.sqlite"), h100("gpt4_bf16_infer/ncu_raw.csv")});
        const ModuleTree tree = buildModuleTree(p);
        QCOMPARE(kernelsUnder(p, tree, {tree.find("")}, KernelScope::CapturedStep).size(), size_t(46));
        const std::vector<Index> block = kernelsUnder(p, tree, {tree.find("blocks.0")}, KernelScope::CapturedStep);
        QCOMPARE(block.size(), size_t(10));
        QCOMPARE(totalTime(p, block), int64_t(93089));
        const DedupGroup *blocks = topLevelGroup(tree, "blocks.*");
        QVERIFY(blocks);
        QCOMPARE(kernelsUnder(p, tree, blocks->members, KernelScope::CapturedStep).size(), size_t(40));
        // Outside the captured step too: the warm-up steps ran the block as well.
        QVERIFY(kernelsUnder(p, tree, {tree.find("blocks.0")}, KernelScope::All).size() > block.size());
        QVERIFY(kernelsUnder(p, tree, {tree.find("no.such.module")}, KernelScope::All).empty());

        StatsOptions options;
        options.module = "blocks.0";
        options.capturedOnly = true;
        const StatsReport report = buildStatsReport(p, "cuda_gpu_kern_sum", options);
        uint64_t instances = 0;
        int64_t time = 0;
        for (const DurationStats &s : report.stats) {
            instances += s.instances;
            time += s.total;
        }
        QCOMPARE(instances, uint64_t(10));
        QCOMPARE(time, int64_t(93089));
    }

    void moduleCallsKnowTheirRange()
    {
        // nsys: each call is the NVTX push/pop range "path[Class]" it was read from.
        const Profile nsys = importCapture({h100("gpt4_bf16_infer/nsys.sqlite")});
        QVERIFY(!nsys.modules.empty());
        for (const ModuleInstance &m : nsys.modules) {
            QVERIFY(m.range < nsys.ranges.size());
            const Range &r = nsys.ranges[m.range];
            QCOMPARE(r.start_ns, m.start_ns);
            QCOMPARE(r.end_ns, m.end_ns);
            QCOMPARE(r.thread, m.thread);
            // The fixture's launcher still called the root "model": its path is the empty one now.
            const std::string_view path = nsys.text(m.path);
            QCOMPARE(std::string(nsys.text(r.text)),
                     std::string(path.empty() ? "model" : path) + "[" + std::string(nsys.text(m.class_name)) + "]");
        }
        // torch.profiler's python tracer: the "nn.Module: Linear_3" event.
        const Profile events =
            importCapture({fixture("public/kineto/TraceLens__gaunernst_bert-small-uncased__1016001.json")});
        QCOMPARE(events.modules.size(), size_t(84));
        for (const ModuleInstance &m : events.modules) {
            QVERIFY(m.range < events.ranges.size());
            QCOMPARE(std::string(events.text(events.ranges[m.range].text)),
                     "nn.Module: " + std::string(events.text(m.path)));
            QCOMPARE(events.ranges[m.range].start_ns, m.start_ns);
        }
    }

    void launcherLabelsWinOverModuleEvents()
    {
        // A trace with the launcher's "path[Class]" annotations keeps them as its modules (the GPT
        // fixture: model[GPT] with blocks.0-3), whatever python events it has.
        const Profile p = importCapture({h100("gpt4_bf16_infer/kineto.json")});
        for (const ModuleInstance &m : p.modules)
            QVERIFY2(!p.text(m.path).starts_with("nn.Module"), std::string(p.text(m.path)).c_str());
        checkBlocksGroup(p);
    }

    void cpuOnlyOperatorsSortByCpuTime()
    {
        // ONNX Runtime on the CPU: no kernel, so GPU time 0 in every row; the rows go by CPU time.
        const Profile p = importCapture(
            {fixture("public/onnxruntime/vscode-onnxvalidate__onnxruntime_profile__2019-06-28_04-56-43.json")});
        QVERIFY(p.kernels.empty());
        const auto rows = operatorTable(p, OperatorGrouping::ByName);
        QVERIFY(rows.size() > 2);
        for (size_t i = 1; i < rows.size(); ++i)
            QVERIFY2(rows[i - 1].cpuTimeTotal >= rows[i].cpuTimeTotal, rows[i].name.c_str());
        QVERIFY(rows.front().cpuTimeTotal > rows.back().cpuTimeTotal);
    }

    void emptyPanelsSayWhy()
    {
        const Profile onnx = importCapture(
            {fixture("public/onnxruntime/vscode-onnxvalidate__onnxruntime_profile__2019-06-28_04-56-43.json")});
        QVERIFY(buildModuleTree(onnx).nodes.empty());
        QVERIFY(noModulesReason(onnx).starts_with("ONNX Runtime profiles have no nn.Module structure"));
        // MI210 runtime + kernels only: no cpu_op, no module.
        const Profile gpuOnly = importCapture({fixture("public/kineto/TraceLens__gpu_only_trace.json")});
        QVERIFY(gpuOnly.operators.empty());
        QVERIFY(noOperatorsReason(gpuOnly).find("no cpu_op events") != std::string::npos);
        QVERIFY(noModulesReason(gpuOnly).find("with_modules=True") != std::string::npos);
        const Profile nsys = importCapture({fixture("public/nsys/nsys-ai__mock.sqlite")});
        QVERIFY(nsys.modules.empty());
        QVERIFY(noModulesReason(nsys).find("blocks.0[Block]") != std::string::npos);
    }
};

} // namespace tst_attribution_suite

OPSCOPE_TEST_SUITE(tst_attribution, tst_attribution_suite::TestAttribution, Appless)
#include "tst_attribution.moc"
