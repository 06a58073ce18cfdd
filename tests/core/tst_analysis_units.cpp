// Pure pieces of the analysis: NVTX label parsing, kernel-name normalisation, group names,
// aggregation rules, the range index; and the ONNX Runtime importer on its real sample.
#include "analysis/matrix_shapes.h"
#include "analysis/range_index.h"
#include "opscope/aggregate.h"
#include "opscope/capture_import.h"
#include "opscope/errors.h"
#include "opscope/importer.h"
#include "opscope/labels.h"
#include "opscope/module_tree.h"
#include "test_suite.h"
#include "test_util.h"

#include <QTemporaryDir>
#include <QTest>

#include <fstream>
#include <map>

namespace tst_analysis_units_suite {

using namespace opscope;
using opscope::test::fixture;

class TestAnalysisUnits : public QObject {
    Q_OBJECT
private slots:
    void convolutionFlopsAreCountedPerPass()
    {
        using namespace insightdetail;
        // ResNet's first convolution, 8 images: 7x7 filters over 3 channels, stride 2 (112 x 112 out). The
        // forward's inputs do not give the output's size: its FLOPs are unknown until it is set.
        const auto forward = matrixShape("aten::cudnn_convolution", "[[8, 3, 224, 224], [64, 3, 7, 7], [], [], []]");
        QVERIFY(forward && forward->convolution && !forward->flopsKnown);
        QCOMPARE(forward->filterVolume, int64_t(3 * 7 * 7));
        QCOMPARE(forward->groups, int64_t(1));
        MatrixShape set = *forward;
        set.setConvolutionOutput(112 * 112);
        QVERIFY(set.flopsKnown);
        QCOMPARE(set.flops, 2.0 * 8 * 64 * 112 * 112 * 147);
        // The backward's grad_output has the output's shape: the data gradient and the weight gradient, each a
        // forward's FLOPs (not the batch squared times the image, as when grad_output was read as the input).
        const auto backward =
            matrixShape("aten::convolution_backward",
                        "[[8, 64, 112, 112], [8, 3, 224, 224], [64, 3, 7, 7], [], [], [], [], [], [], [], []]");
        QVERIFY(backward && backward->convolutionBackward && backward->flopsKnown);
        QCOMPARE(backward->flops, 2 * set.flops);
        QCOMPARE(backward->dims.front().value, int64_t(3)); // C
        // A depthwise convolution (groups = channels) and a transposed one: groups counted, transposed unread.
        const auto depthwise = matrixShape("aten::conv2d", "[[8, 32, 56, 56], [32, 1, 3, 3], [32], [], [], [], []]");
        QVERIFY(depthwise && depthwise->groups == 32 && depthwise->filterVolume == 9);
        QVERIFY(!matrixShape("aten::conv_transpose2d", "[[8, 32, 56, 56], [32, 16, 3, 3], [], [], [], [], []]"));
        // Matrix work by what a kernel executes: cuDNN's layout conversions around a convolution are not.
        QVERIFY(!isMatrixKernelName(
            "void cudnn::ops::nchwToNhwcKernel<__half, __half, float, false, true, (cudnnKernelDataType_t)0>(...)"));
        QVERIFY(!isMatrixKernelName("void cudnn::ops::nhwcToNchwKernel<float, float, float, true, false>(...)"));
        QVERIFY(isLayoutTransformKernelName("nchwToNhwcKernel"));
        QVERIFY(
            isMatrixKernelName("sm90_xmma_fprop_implicit_gemm_bf16bf16_bf16f32_f32_nhwckrsc_nhwc_tilesize128x128x64"));
        QVERIFY(isMatrixKernelName("void cudnn::cnn::conv2d_grouped_direct_kernel<float>(...)"));
        QVERIFY(!isMatrixKernelName("void at::native::convert_kernel<float>(...)"));
        // Above every GPU's dense peak, a count from shapes is wrong.
        QVERIFY(plausibleFlopsLimit(Precision::Bits16) < 1e16 && plausibleFlopsLimit(Precision::Bits16) > 2.25e15);
    }

    void parsesModuleLabels()
    {
        const RangeLabel m = parseRangeLabel("blocks.3.attn[Attention]");
        QCOMPARE(int(m.kind), int(RangeLabel::Kind::Module));
        QCOMPARE(m.name, std::string_view("blocks.3.attn"));
        QCOMPARE(m.cls, std::string_view("Attention"));
        QVERIFY(!m.recordFunctionEcho);
        // emit_nvtx re-emits record_function labels with an op_id: the same module, not a new one.
        const RangeLabel echo = parseRangeLabel("model[GPT], op_id = 1");
        QCOMPARE(int(echo.kind), int(RangeLabel::Kind::Module));
        QVERIFY(echo.recordFunctionEcho);
        QCOMPARE(echo.opId, int64_t(1));
        QCOMPARE(int(parseRangeLabel("CAPTURE").kind), int(RangeLabel::Kind::Other));
        QCOMPARE(int(parseRangeLabel("ProfilerStep#3").kind), int(RangeLabel::Kind::Other));
        QCOMPARE(int(parseRangeLabel("weird[").kind), int(RangeLabel::Kind::Other));
        QCOMPARE(int(parseRangeLabel("a b[C]").kind), int(RangeLabel::Kind::Other));
    }

    void parsesEmitNvtxOperators()
    {
        // A real range text of h100/gpt4_bf16_infer/nsys.sqlite.
        const RangeLabel op =
            parseRangeLabel("aten::embedding, op_id = 3, sizes = [[8192, 768], [8, 256], [], [], []], "
                            "input_op_ids = [(0,-1), (0,-1), (0,-1), (0,-1), (0,-1)]");
        QCOMPARE(int(op.kind), int(RangeLabel::Kind::Operator));
        QCOMPARE(op.name, std::string_view("aten::embedding"));
        QCOMPARE(op.opId, int64_t(3));
        QCOMPARE(op.shapes, std::string_view("[[8192, 768], [8, 256], [], [], []]"));
        const RangeLabel seq = parseRangeLabel("aten::addmm, seq = 12, op_id = 17, sizes = [[2304]]");
        QCOMPARE(seq.sequenceNr, int64_t(12));
        QCOMPARE(seq.shapes, std::string_view("[[2304]]"));
        const RangeLabel bare = parseRangeLabel("aten::relu");
        QCOMPARE(int(bare.kind), int(RangeLabel::Kind::Operator));
        QCOMPARE(bare.opId, int64_t(-1));
        QVERIFY(bare.shapes.empty());
    }

    void normalisesKernelNamesAcrossDemanglers()
    {
        // nsys/ncu write "char *", torch.profiler "char*"; anonymous namespaces differ too.
        QCOMPARE(normalizeKernelName("void at::native::vectorized_gather_kernel<16, long>(char *, char *, long *)"),
                 normalizeKernelName("void at::native::vectorized_gather_kernel<16, long>(char*, char*, long*)"));
        QCOMPARE(normalizeKernelName("void at::native::(anonymous namespace)::k()"),
                 normalizeKernelName("void at::native::<unnamed>::k()"));
        QCOMPARE(normalizeKernelName("void k<(int)16, (bool)1>(int)"), normalizeKernelName("void k<16, 1>(int)"));
        // The three tools' spellings of one real kernel (nsys, ncu, torch.profiler fixtures of gpt4_bf16_infer).
        for (const char *name :
             {"void at::native::vectorized_gather_kernel<(int)16, long>(char *, char *, T2 *, int, long, long, long, "
              "long, bool)",
              "void at::vectorized_gather_kernel<16, long>(char *, char *, T2 *, int, long, long, long, long, bool)",
              "void at::native::vectorized_gather_kernel<16, long>(char*, char*, long*, int, long, long, long, long, "
              "bool)"})
            QCOMPARE(kernelBaseName(name), std::string("vectorized_gather_kernel"));
        QCOMPARE(kernelBaseName("void at::native::(anonymous namespace)::vectorized_layer_norm_kernel<float>(int)"),
                 std::string("vectorized_layer_norm_kernel"));
        QCOMPARE(kernelBaseName(
                     "void at::native::<unnamed>::vectorized_layer_norm_kernel<c10::BFloat16, float, (bool)0>(int)"),
                 std::string("vectorized_layer_norm_kernel"));
        QCOMPARE(
            kernelBaseName("void <unnamed>::elementwise_kernel_with_index<int, at::native::arange_cuda_out()>(T1)"),
            std::string("elementwise_kernel_with_index"));
        QCOMPARE(kernelBaseName("nvjet_sm90_tst_192x192_64x4_2x1_v_bz_coopB_bias_TNN"),
                 std::string("nvjet_sm90_tst_192x192_64x4_2x1_v_bz_coopB_bias_TNN"));
    }

    void namesGroups()
    {
        QCOMPARE(groupPattern({"blocks.0", "blocks.1", "blocks.2", "blocks.3"}), std::string("blocks.*"));
        QCOMPARE(groupPattern({"blocks.0.ln1", "blocks.0.ln2"}), std::string("blocks.0.ln*"));
        QCOMPARE(groupPattern({"layers.10", "layers.11"}), std::string("layers.*"));
        QCOMPARE(groupPattern({"encoder.layer", "decoder.layer"}), std::string("*coder.layer"));
    }

    void chooseAggregationRules()
    {
        QCOMPARE(int(aggregateRuleFor("dram__bytes.sum", "byte")), int(AggregateRule::Sum));
        QCOMPARE(int(aggregateRuleFor("smsp__inst_executed.sum", "inst")), int(AggregateRule::Sum));
        QCOMPARE(int(aggregateRuleFor("sm__throughput.avg.pct_of_peak_sustained_elapsed", "%")),
                 int(AggregateRule::WeightedMean));
        QCOMPARE(int(aggregateRuleFor("dram__bytes.sum.per_second", "byte/s")), int(AggregateRule::WeightedMean));
        QCOMPARE(int(aggregateRuleFor("lts__t_sector_hit_rate.pct", "%")), int(AggregateRule::WeightedMean));
        QCOMPARE(int(aggregateRuleFor("launch__registers_per_thread", "register/thread")), int(AggregateRule::Max));
        QCOMPARE(int(aggregateRuleFor("gpu__time_duration.sum", "ns")), int(AggregateRule::Sum));
        QCOMPARE(int(aggregateRuleFor("sm__maximum_warps_avg_per_active_cycle", "warp")),
                 int(AggregateRule::WeightedMean));
        QCOMPARE(int(aggregateRuleFor("sm__maximum_warps_per_active_cycle_pct", "")), int(AggregateRule::WeightedMean));
    }

    void aggregatesByRule()
    {
        Profile p;
        const Index bytes = p.metricId("dram__bytes.sum", "byte");
        const Index pct = p.metricId("sm__throughput.avg.pct_of_peak_sustained_elapsed", "%");
        p.kernels.resize(2);
        p.kernels[0].end_ns = 100; // weights 100 and 300
        p.kernels[1].start_ns = 100;
        p.kernels[1].end_ns = 400;
        p.kernel_counters = {{0, bytes, 1000, kNoString, 0},
                             {0, pct, 10, kNoString, 0},
                             {1, bytes, 3000, kNoString, 0},
                             {1, pct, 50, kNoString, 0}};
        const Index both[] = {0, 1};
        // Exactly the two metrics, each aggregated over both kernels by its rule.
        const std::vector<AggregatedCounter> result = aggregateCounters(p, both);
        QCOMPARE(result.size(), size_t(2));
        std::map<Index, const AggregatedCounter *> byMetric;
        for (const AggregatedCounter &c : result)
            byMetric[c.metric] = &c;
        QVERIFY(byMetric.count(bytes) && byMetric.count(pct));
        QCOMPARE(byMetric[bytes]->value, 4000.0);                        // Sum
        QCOMPARE(byMetric[pct]->value, (10.0 * 100 + 50.0 * 300) / 400); // WeightedMean by duration: 40
        QCOMPARE(byMetric[bytes]->kernels, 2u);
        QCOMPARE(byMetric[pct]->kernels, 2u);
    }

    void rangeIndexFindsTheInnermostOpenRange()
    {
        Profile p;
        p.threads = {{1, 1, kNoString}, {1, 2, kNoString}};
        auto add = [&](int64_t s, int64_t e, Index t) {
            p.ranges.push_back({s, e, p.intern(std::to_string(s)), kNoString, t, 0, RangeKind::PushPop});
        };
        add(0, 100, 0);   // 0
        add(10, 50, 0);   // 1 inside 0
        add(20, 30, 0);   // 2 inside 1
        add(60, 90, 0);   // 3 inside 0
        add(0, 100, 1);   // 4 other thread
        add(100, 150, 0); // 5 follows 0 back to back (ncu's serialised timeline)
        RangeIndex index(p, [](const Range &) { return true; });
        QCOMPARE(index.innermostAt(0, 25), Index(2));
        QCOMPARE(index.innermostAt(0, 40), Index(1));
        QCOMPARE(index.innermostAt(0, 55), Index(0));
        QCOMPARE(index.innermostAt(0, 70), Index(3));
        QCOMPARE(index.innermostAt(0, 100), Index(5));
        QCOMPARE(index.parent(5), kNoIndex);
        QCOMPARE(index.innermostAt(0, 151), kNoIndex);
        QCOMPARE(index.innermostAt(1, 25), Index(4));
        QCOMPARE(index.parent(2), Index(1));
        QCOMPARE(index.parent(1), Index(0));
        QCOMPARE(index.parent(0), kNoIndex);
    }

    void importsTheOnnxRuntimeSample()
    {
        // 40 events: 4 Session, 36 Node = 12 nodes x (fence_before, kernel_time, fence_after); counted with python's
        // json.
        const Profile p = importFile(
            fixture("public/onnxruntime/vscode-onnxvalidate__onnxruntime_profile__2019-06-28_04-56-43.json"));
        QCOMPARE(p.source_format, std::string("onnxruntime-json"));
        QCOMPARE(p.operators.size(), size_t(12));
        QCOMPARE(p.ranges.size(), size_t(4));
        QCOMPARE(p.text(p.operators[0].name), std::string_view("Conv"));
        QCOMPARE(p.text(p.operators[0].label), std::string_view("Convolution28"));
        QCOMPARE(p.operators[0].start_ns, int64_t(81089263) * 1000);
        QCOMPARE(p.operators[0].end_ns - p.operators[0].start_ns, int64_t(1702) * 1000);
    }

    void onnxRuntimeReaderToleratesUnescapedNames()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("ort.json").toStdString();
        std::ofstream(path)
            << "[\n"
               "{\"cat\" : \"Session\",\"pid\" :1,\"tid\" :1,\"dur\" :5,\"ts\" :1,\"ph\" : \"X\",\"name\" "
               ":\"model_run\",\"args\" : {}},\n"
               "{\"cat\" : \"Node\",\"pid\" :1,\"tid\" :1,\"dur\" :7,\"ts\" :2,\"ph\" : \"X\",\"name\" "
               ":\"odd\"name\\_kernel_time\",\"args\" : {\"op_name\" : \"Gemm\",\"provider\" : "
               "\"CUDAExecutionProvider\"}},\n"
               "{\"cat\" : \"Kernel\",\"pid\" :-1,\"tid\" :-1,\"dur\" :3,\"ts\" :3,\"ph\" : \"X\",\"name\" "
               ":\"sgemm_kernel\",\"args\" : {\"stream\" : \"7\",\"grid_x\" : \"4\",\"grid_y\" : \"1\",\"grid_z\" : "
               "\"1\",\"block_x\" : \"128\",\"block_y\" : \"1\",\"block_z\" : \"1\",\"op_name\" : "
               "\"Gemm\",\"parent_name\" : \"odd\\\"name\\\\\"}}\n"
               "]\n";
        const Profile p = importFile(path);
        QCOMPARE(p.operators.size(), size_t(1));
        QCOMPARE(p.text(p.operators[0].label), std::string_view("odd\"name\\"));
        QCOMPARE(p.kernels.size(), size_t(1));
        QCOMPARE(p.kernels[0].op, Index(0)); // linked by parent_name
        QCOMPARE(p.kernels[0].grid, (Dim3{4, 1, 1}));
        QCOMPARE(p.kernels[0].stream, 7u);
    }

    void inductorMapReadsTheRealDebugDirectory()
    {
        const std::string dir = fixture("h100/inductor_debug");
        QVERIFY(isInductorDebugDir(dir));
        const InductorKernelMap map = readInductorDebugDir(dir);
        // output_code.py files name two Triton kernels: "# ... Original ATen: [aten.arange]" above
        // triton_poi_fused_arange_0 and "[aten.add]" above triton_poi_fused_add_0 (read with grep).
        QCOMPARE(map.size(), size_t(2));
        QCOMPARE(map.at("triton_poi_fused_arange_0"), std::vector<std::string>{"aten::arange"});
        QCOMPARE(map.at("triton_poi_fused_add_0"), std::vector<std::string>{"aten::add"});
        QVERIFY(!isInductorDebugDir(fixture("public")));
        try {
            readInductorDebugDir(fixture("public/nsys"));
            QFAIL("a folder without output_code.py was accepted");
        } catch (const FileError &e) {
            QVERIFY(QString(e.what()).contains("not an Inductor debug directory"));
        }
    }
};

} // namespace tst_analysis_units_suite

OPSCOPE_TEST_SUITE(tst_analysis_units, tst_analysis_units_suite::TestAnalysisUnits, Appless)
#include "tst_analysis_units.moc"
