// Module paths inside torch.compile (compiled_modules.h), on the call() of the compiled forward and
// backward graphs of a real capture (tests/data/inductor_llama: transformers' LlamaForCausalLM, 4 layers,
// a training step under --compile inductor, torch 2.11 on an H100).
#include "test_suite.h"
#include "test_util.h"

#include "opscope/capture_import.h"
#include "opscope/compiled_modules.h"
#include "opscope/errors.h"
#include "opscope/metadata_keys.h"
#include "opscope/module_tree.h"
#include "opscope/phases.h"

#include <QTemporaryDir>
#include <QTest>

#include <fstream>
#include <map>
#include <set>

namespace tst_compiled_modules_suite {

using namespace opscope;

namespace {
// The correlation id shared by the most kernels of the captured step: the backward graph's replay.
uint32_t backwardLaunch(const Profile &p)
{
    std::map<uint32_t, size_t> kernels;
    for (const Kernel &k : p.kernels)
        if (!(k.flags & kKernelOutsideCapture))
            ++kernels[k.correlation_id];
    return std::max_element(kernels.begin(), kernels.end(), [](auto &a, auto &b) { return a.second < b.second; })
        ->first;
}
} // namespace

class TestCompiledModules : public QObject {
    Q_OBJECT

private slots:
    void readsEveryLaunchOfCall()
    {
        const std::vector<CompiledGraph> graphs = readCompiledGraphs(test::sourceFile("tests/data/inductor_llama"));
        QCOMPARE(graphs.size(), size_t(2));
        const CompiledGraph &bwd = graphs[0], &fwd = graphs[1]; // sorted by folder
        QCOMPARE(fwd.folder, std::string("model__0_forward_1.0"));
        QCOMPARE(fwd.graph, std::string("model__0"));
        QCOMPARE(bwd.graph, std::string("model__0"));
        QVERIFY(!fwd.backward && bwd.backward);
        // As many launches as Inductor's provenance debug handles number (89 and 139).
        QCOMPARE(fwd.launches.size(), size_t(89));
        QCOMPARE(bwd.launches.size(), size_t(139));
        const CompiledLaunch &first = fwd.launches[0];
        QCOMPARE(first.kernel, std::string("triton_per_fused__to_copy_add_embedding_mean_mul_pow_rsqrt_0"));
        QCOMPARE(first.sourceNodes, (std::vector<std::string>{"inputs_embeds", "pow_1", "variance", "add_3", "rsqrt",
                                                              "hidden_states_1", "hidden_states_2", "linear"}));
        QVERIFY(first.triton());
        QVERIFY(first.atenOp().empty());
        QCOMPARE(fwd.launches[2].kernel, std::string("extern_kernels.mm"));
        QCOMPARE(fwd.launches[2].atenOp(), std::string("aten::mm"));
        QCOMPARE(fwd.launches[12].atenOp(), std::string("aten::_scaled_dot_product_cudnn_attention"));
        // The same Triton kernel serves the four layers' q/k/v/o projections: 16 launches in the forward.
        QCOMPARE(std::count_if(fwd.launches.begin(), fwd.launches.end(),
                               [](const CompiledLaunch &l) { return l.kernel == "triton_poi_fused__to_copy_t_2"; }),
                 16);
        // Backward kernels name the forward's nodes where AOTAutograd kept them (layer 3's MLP here).
        const auto silu = std::find_if(bwd.launches.begin(), bwd.launches.end(), [](const CompiledLaunch &l) {
            return std::find(l.sourceNodes.begin(), l.sourceNodes.end(), "silu_3") != l.sourceNodes.end();
        });
        QVERIFY(silu != bwd.launches.end());
        QCOMPARE(silu->kernel, std::string("triton_poi_fused__unsafe_view_mul_silu_silu_backward_view_6"));
    }

    void commonAncestorIsTheLongestSharedPrefix()
    {
        const std::vector<std::string> attn{"model", "model.layers.0", "model.layers.0.self_attn"};
        const std::vector<std::string> q{"model", "model.layers.0", "model.layers.0.self_attn",
                                         "model.layers.0.self_attn.q_proj"};
        const std::vector<std::string> norm{"model", "model.layers.0", "model.layers.0.input_layernorm"};
        QCOMPARE(commonModuleStack({q}), q);
        QCOMPARE(commonModuleStack({q, attn}), attn);
        QCOMPARE(commonModuleStack({q, norm}), (std::vector<std::string>{"model", "model.layers.0"}));
        QCOMPARE(commonModuleStack({q, {"lm_head"}}), std::vector<std::string>{});
        QCOMPARE(commonModuleStack({}), std::vector<std::string>{});
    }

    void readsTheLaunchersStacksAndNamesABadOne()
    {
        QTemporaryDir dir;
        {
            std::ofstream(dir.filePath("opscope_module_stacks_0.json").toStdString())
                << R"({"format": "opscope-module-stacks", "version": 1, "graph": 0, "torch": "2.11.0",
                      "modules": {"model": "LlamaModel", "model.embed_tokens": "Embedding"},
                      "nodes": {"inputs_embeds": ["model", "model.embed_tokens"]}})";
            std::ofstream(dir.filePath("opscope_module_stacks_1.json").toStdString()) << R"({"format": "x"})";
        }
        QVERIFY_THROWS_EXCEPTION(FileError, readModuleStacks(dir.path().toStdString()));
        QFile::remove(dir.filePath("opscope_module_stacks_1.json"));
        const std::vector<ModuleStacks> stacks = readModuleStacks(dir.path().toStdString());
        QCOMPARE(stacks.size(), size_t(1));
        QCOMPARE(stacks[0].nodes.at("inputs_embeds"), (std::vector<std::string>{"model", "model.embed_tokens"}));
        QCOMPARE(stacks[0].classes.at("model.embed_tokens"), std::string("Embedding"));
    }
    void compiledLlamaStepHasTheEagerTree()
    {
        // A whole real capture (tests/data/h100_llama_inductor): the nsys export of one training step of
        // transformers' Llama under --compile inductor, and the Inductor debug folder with the launcher's
        // module stacks. Every captured kernel is in a module or a phase; the compiled forward's kernels
        // reach the layers' submodules, whose identical layers group as in eager mode.
        QTemporaryDir dir;
        const std::string sqlite = test::tempPath(dir, "nsys.sqlite");
        QVERIFY(test::gunzipFile(test::sourceFile("tests/data/h100_llama_inductor/nsys.sqlite.gz"), sqlite));
        const Profile p =
            importCapture({sqlite, test::sourceFile("tests/data/h100_llama_inductor/inductor/torch_compile_debug")});
        size_t captured = 0, inModuleOrPhase = 0, belowRoot = 0;
        const ModuleTree tree = buildModuleTree(p);
        const int root = tree.find("");
        QVERIFY(root >= 0);
        for (const Kernel &k : p.kernels) {
            if (k.flags & kKernelOutsideCapture)
                continue;
            ++captured;
            inModuleOrPhase += k.module != kNoIndex;
            belowRoot += k.module != kNoIndex && !isPhase(p.modules[k.module]) && tree.nodeOf(k.module) != root;
        }
        QCOMPARE(captured, size_t(270));
        QCOMPARE(inModuleOrPhase, captured);
        QVERIFY2(belowRoot > 100, std::to_string(belowRoot).c_str());
        QCOMPARE(*p.metadataValue(kCompiledModulesKey),
                 std::string("144 of 1070 kernels of compiled graphs in a module below the root (63 module calls)"));
        // As deep as the eager tree: root > model > model.layers.0 > self_attn > q_proj.
        const int qProj = tree.find("model.layers.0.self_attn.q_proj");
        QVERIFY(qProj >= 0);
        int depth = 0;
        for (int n = qProj; tree.nodes[size_t(n)].parent >= 0; n = tree.nodes[size_t(n)].parent)
            ++depth;
        QCOMPARE(depth, 4);
        QCOMPARE(tree.nodes[size_t(qProj)].className, std::string("Linear"));
        bool layers = false;
        for (const DedupGroup &g : tree.groups)
            layers |= g.name == "model.layers.*" && g.className == "LlamaDecoderLayer" && g.members.size() >= 3;
        QVERIFY(layers);
        QVERIFY(tree.findPhase(kPhaseBackward) >= 0);
        QCOMPARE(tree.nodes[size_t(tree.findPhase(kPhaseOptimizer))].label(), std::string("optimizer [AdamW]"));
    }
    void graphReplayedKernelsFollowCall()
    {
        // A real capture under --compile reduce-overhead (tests/data/h100_gpt_reduce_overhead: the GPT
        // example, tiny, on an H100): the captured step replays the compiled forward and backward as CUDA
        // graphs, so their kernels share the graph launch's correlation id and have no CPU launch. The
        // Triton kernels match by name; the cuBLAS and attention kernels between them take the extern
        // launch of call() at their place (before: no operator, the root module).
        QTemporaryDir dir;
        const std::string sqlite = test::tempPath(dir, "nsys.sqlite");
        QVERIFY(test::gunzipFile(test::sourceFile("tests/data/h100_gpt_reduce_overhead/nsys.sqlite.gz"), sqlite));
        const Profile p = importCapture(
            {sqlite, test::sourceFile("tests/data/h100_gpt_reduce_overhead/inductor/torch_compile_debug")});
        size_t captured = 0, withOp = 0, inModuleOrPhase = 0, attention = 0;
        std::map<std::string, std::set<std::string>> modulesOf; // operator -> module paths, forward kernels
        for (const Kernel &k : p.kernels) {
            if (k.flags & kKernelOutsideCapture)
                continue;
            ++captured;
            withOp += k.op != kNoIndex;
            inModuleOrPhase += k.module != kNoIndex;
            const std::string_view name = p.text(k.name);
            if (name.find("fmha_cutlassF") != std::string_view::npos) { // the forward's attention kernel
                ++attention;
                QVERIFY(k.op != kNoIndex && k.module != kNoIndex);
                QCOMPARE(std::string(p.text(p.operators[k.op].name)),
                         std::string("aten::_scaled_dot_product_efficient_attention"));
                const std::string path(p.text(p.modules[k.module].path));
                QVERIFY2(path == "blocks.0.attn" || path == "blocks.1.attn", path.c_str());
            }
            if (k.op != kNoIndex && k.module != kNoIndex && !isPhase(p.modules[k.module]))
                modulesOf[std::string(p.text(p.operators[k.op].name))].insert(
                    std::string(p.text(p.modules[k.module].path)));
        }
        QCOMPARE(captured, size_t(118));
        QCOMPARE(withOp, captured); // the replayed extern kernels had none before
        QCOMPARE(inModuleOrPhase, captured);
        QCOMPARE(attention, size_t(2)); // one per block
        // The MLP's second GEMM (extern_kernels.mm between the GELU and the residual add) is the MLP's.
        QVERIFY(modulesOf["aten::mm"].count("blocks.0.mlp") && modulesOf["aten::mm"].count("blocks.1.mlp"));
        // The backward graph's kernels reach the modules their forward nodes ran in, through the
        // post-grad module stacks (opscope_module_stacks_post_1.json): of its 79 kernels, those of
        // nodes no module owns (the embedding's and the head's gradient, the final layer norm's) stay
        // in the backward phase.
        size_t backwardGraph = 0, backwardInBlocks = 0;
        for (const Kernel &k : p.kernels)
            if (!(k.flags & kKernelOutsideCapture) && k.correlation_id == backwardLaunch(p)) {
                ++backwardGraph;
                backwardInBlocks += k.module != kNoIndex && p.text(p.modules[k.module].path).starts_with("blocks.");
            }
        QCOMPARE(backwardGraph, size_t(79));
        QCOMPARE(backwardInBlocks, size_t(67)); // 25 with the pre-grad stacks alone
        const std::string *meta = p.metadataValue(kCompiledModulesKey);
        QVERIFY(meta && meta->find("extern kernels of CUDA graph replays placed by position") != std::string::npos);
    }
};

} // namespace tst_compiled_modules_suite

OPSCOPE_TEST_SUITE(tst_compiled_modules, tst_compiled_modules_suite::TestCompiledModules, Core)
#include "tst_compiled_modules.moc"
