#pragma once
// Module paths inside torch.compile. The compiled code runs no module forward, so the launcher's labels
// see the root alone; Inductor's debug folder and the launcher's module stacks give the rest:
// - output_code.py of each compiled graph (torchinductor/model__0_forward_1.0/...) lists, in its call(),
//   every kernel launch in order with the FX nodes it computes ("Topologically Sorted Source Nodes:
//   [...]"): Triton kernels, extern kernels (extern_kernels.mm) and fallback aten ops. The names are
//   the pre-grad (Dynamo) graph's nodes, for backward kernels too where AOTAutograd kept the forward
//   node they come from;
// - opscope_module_stacks_<n>.json, written by the launcher for each Dynamo graph: node name -> its
//   nn_module_stack as named_modules() names (see resources/launcher/opscope_launcher/compiled.py), and
//   opscope_module_stacks_post_<n>.json for each graph after AOTAutograd (forward and backward), whose
//   backward nodes carry the module stack of the forward node they were made from.
// Each kernel goes to the lowest common ancestor of its nodes' modules, a module call made for it inside
// the root call the kernel sits in. Kernels replayed from a CUDA graph (mode="reduce-overhead") have no
// CPU launch of their own: Triton kernels match by name as always, and the extern kernels between them
// (cuBLAS, attention) by their place in call(). The code lives in core/src/import/inductor/compiled_modules.cpp.

#include "opscope/profile.h"

#include <map>
#include <string>
#include <vector>

namespace opscope {

// One launch of a compiled graph's call(), in order.
struct CompiledLaunch {
    std::string kernel;                   // "triton_poi_fused_add_0", "extern_kernels.mm", "torch.ops.aten.x.default"
    std::vector<std::string> sourceNodes; // FX node names, as output_code.py lists them
    bool triton() const { return kernel.rfind("triton_", 0) == 0; }
    // The aten op an extern launch runs as ("aten::mm"), empty for Triton kernels.
    std::string atenOp() const;
};

struct CompiledGraph {
    std::string folder; // "model__0_forward_1.0"
    std::string graph;  // "model__0": the forward and backward of one Dynamo graph share it
    bool backward = false;
    std::vector<CompiledLaunch> launches;
};

// A Dynamo graph's module stacks, as the launcher wrote them.
struct ModuleStacks {
    std::string file;
    bool postGrad = false; // written by the post-grad pass (node names of the graph after AOTAutograd)
    std::map<std::string, std::vector<std::string>> nodes; // node -> module paths, outermost first
    std::map<std::string, std::string> classes;            // module path -> class name
};

// Reads the call() launches of every output_code.py below `path` (an Inductor debug folder).
std::vector<CompiledGraph> readCompiledGraphs(const std::string &path);
// Reads every opscope_module_stacks_*.json below `path`; throws FileError naming a malformed one.
std::vector<ModuleStacks> readModuleStacks(const std::string &path);

// The lowest common ancestor of module paths given as stacks (outermost first): their longest common
// prefix; empty for none or for stacks that share nothing.
std::vector<std::string> commonModuleStack(const std::vector<std::vector<std::string>> &stacks);

struct CompiledModuleCounts {
    size_t graphs = 0;          // compiled graphs with launches
    size_t stackFiles = 0;      // module stack files found
    size_t kernelsMatched = 0;  // kernels matched to a launch of a compiled graph
    size_t kernelsMoved = 0;    // ... and given a module below the root
    size_t replayedExterns = 0; // extern kernels of CUDA graph replays placed by their position
    size_t modulesMade = 0;     // module calls made for compiled submodules
};

// Gives the kernels of compiled graphs their modules (see above). Without module stacks (a capture by an
// older launcher, or torch older than 2.1) the kernels stay with the root and a warning says why.
// Records the counts in the metadata (compiled_modules).
CompiledModuleCounts applyCompiledModules(Profile &p, const std::string &inductorDebugDir);

} // namespace opscope
