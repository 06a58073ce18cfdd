#pragma once
// The module tree of a profile (one node per module path, aggregating its calls) and the dedup
// groups: module instances whose structure and work are identical (same class, same child
// structure, same operators with the same shapes, same kernel names), e.g. `blocks.* ×4`. A profile
// made by a capture run also carries the launcher's partition map (layers with the same class,
// parameters and inputs): its groups are taken as they are, which is what groups the layers of a
// capture without kernels (torch.profiler on the CPU), and the others are found from the kernels.

#include "opscope/metadata_keys.h"
#include "opscope/profile.h"

#include <string>
#include <vector>

namespace opscope {

// How a module path reads on screen: the path, and the root (the empty path) by its class: "[GPT]".
inline std::string modulePathText(std::string_view path, std::string_view className)
{
    return path.empty() ? "[" + std::string(className) + "]" : std::string(path);
}
// The same for a module instance of `p` (kNoIndex: empty).
inline std::string modulePathText(const Profile &p, Index module)
{
    return module < p.modules.size()
               ? modulePathText(p.text(p.modules[module].path), p.text(p.modules[module].class_name))
               : std::string();
}

struct ModuleNode {
    std::string path;             // "blocks.3.attn" as named_modules() names it; "" for the root; a phase's name
    std::string className;        // "Attention"; a phase's optimizer class or empty
    bool phase = false;           // a phase of the step (phases.h), not a module
    int parent = -1;              // node index
    std::vector<int> children;    // node indices, in first-call order
    std::vector<Index> instances; // ModuleInstance indices: every call, warm-up and initialisation included
    uint32_t calls = 0;           // calls in the captured step (see buildModuleTree)
    int64_t gpuTimeSelf = 0;      // kernels attributed to this module directly (captured step only)
    int64_t gpuTimeTotal = 0;     // self + descendants
    uint32_t kernelsSelf = 0;
    uint32_t kernelsTotal = 0;
    int group = -1;         // dedup group index when a member
    uint64_t signature = 0; // structural signature used for grouping
    // Kernels launched in this module's own calls (not in its submodules'), inside the captured step
    // or not, in launch order: kernelsUnder's input.
    std::vector<Index> ownKernels;
    uint32_t callsOutsideStep() const { return uint32_t(instances.size()) - calls; }
    // How views name it: the path, and the root (empty path) by its class, "[LlamaForCausalLM]".
    std::string displayName() const { return modulePathText(path, className); }
    // Name and class: "model.layers.0 [LlamaDecoderLayer]", "[LlamaForCausalLM]", "optimizer [AdamW]", "backward".
    std::string label() const
    {
        if (path.empty() || className.empty())
            return displayName();
        return path + " [" + className + "]";
    }
};

struct DedupGroup {
    std::string name; // "blocks.*"; groups of one pattern are told apart: "self_attn.{q,o}_proj"
    std::string className;
    std::vector<int> members; // node indices, in path order
    bool nested = false;      // members lie inside members of another group
    // Per member, in `members` order.
    std::vector<uint32_t> kernelsPerMember;
    std::vector<int64_t> gpuTimePerMember;
    int64_t minTime() const;
    int64_t maxTime() const;
    int64_t medianTime() const;
};

struct ModuleTree {
    std::vector<ModuleNode> nodes;
    std::vector<int> roots;
    std::vector<DedupGroup> groups;
    std::vector<int> nodeOfInstance;       // Profile::modules index -> node
    int64_t stepGpuTime = 0;               // all kernels of the captured step
    int find(std::string_view path) const; // a module's node (phases are not found by path)
    int findPhase(std::string_view name) const;
    // The node of a module instance; -1 for kNoIndex (and any index the profile does not have).
    int nodeOf(Index instance) const;
    // True when `node` is `ancestor` or lies below it.
    bool contains(int ancestor, int node) const;
};

enum class KernelScope { CapturedStep, All };

// The kernels under module nodes: launched in a call of one of `nodes` or of a module below it, each
// once, in launch order (kernel index); `scope` CapturedStep leaves out kernels flagged outside the
// capture. The one answer to "which kernels does this module (or dedup group) stand for", shared by
// the GUI's selections, `opscope stats --module` and the comparison's module rows. A node's place is
// the tree's (a module called from two parents sits under the first), as are its totals.
std::vector<Index> kernelsUnder(const Profile &p, const ModuleTree &tree, const std::vector<int> &nodes,
                                KernelScope scope);

// Builds the tree from the profile's module instances and attributed kernels. Only the captured step
// counts towards times and calls: kernels flagged outside the capture are left out, and a call is
// the step's when one of its kernels (or of the calls inside it) is captured. A call without kernels
// is the step's when the call around it is, or, at the top, when it starts within the step's top-level
// calls. A profile that flags no kernel outside the capture is all step.
ModuleTree buildModuleTree(const Profile &p);

// Why a profile has no module tree, and how to get one, in one sentence for the GUI and the CLI
// (by source format: an nsys capture needs module labels, a torch.profiler trace with_modules...).
std::string noModulesReason(const Profile &p);

// Groups of identical layers known before the tree is built: the launcher's partition map, which the
// run import stores in the profile's metadata under kKnownGroupsKey as
// "blocks.*[Block]=blocks.0,blocks.1,blocks.2;..." (labels and module paths hold none of "=,;").
struct KnownGroup {
    std::string label;                // "blocks.*[Block]"
    std::vector<std::string> members; // module paths
};
std::string formatKnownGroups(const std::vector<KnownGroup> &groups);
std::vector<KnownGroup> parseKnownGroups(std::string_view text);

// The common name of a set of paths: differing components become '*' (keeping a shared prefix and
// suffix inside the component): {"blocks.0", "blocks.1"} -> "blocks.*", {"ln1","ln2"} -> "ln*".
std::string groupPattern(const std::vector<std::string> &paths);

} // namespace opscope
