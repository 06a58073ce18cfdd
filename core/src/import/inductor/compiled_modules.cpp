// Module paths inside torch.compile (compiled_modules.h): the kernels of compiled graphs matched to the
// launches of their output_code.py, each given the lowest common ancestor of its FX nodes' modules.
#include "opscope/compiled_modules.h"

#include "opscope/errors.h"
#include "opscope/file_util.h"
#include "opscope/json_input.h"
#include "opscope/metadata_keys.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <optional>
#include <regex>
#include <set>
#include <unordered_map>

namespace opscope {

namespace fs = std::filesystem;

std::string CompiledLaunch::atenOp() const
{
    static const std::string externPrefix = "extern_kernels.";
    if (kernel.rfind(externPrefix, 0) == 0)
        return "aten::" + kernel.substr(externPrefix.size());
    // torch.ops.<namespace>.<op>.<overload>
    static const std::regex opsCall(R"(^torch\.ops\.(\w+)\.(\w+)(?:\.\w+)?$)");
    std::smatch m;
    if (std::regex_match(kernel, m, opsCall))
        return m[1].str() + "::" + m[2].str();
    return {};
}

namespace {

std::vector<std::string> splitNames(const std::string &list)
{
    std::vector<std::string> names;
    size_t start = 0;
    while (start <= list.size()) {
        size_t end = list.find(',', start);
        if (end == std::string::npos)
            end = list.size();
        std::string name = list.substr(start, end - start);
        name.erase(0, name.find_first_not_of(' '));
        name.erase(name.find_last_not_of(' ') + 1);
        if (!name.empty()) // output_code.py lists nodes without a name of their own as ""
            names.push_back(name);
        start = end + 1;
    }
    return names;
}

CompiledGraph readOutputCode(const fs::path &file)
{
    CompiledGraph g;
    g.folder = file.parent_path().filename().string();
    // model__0_forward_1.0: the AOT graph name, the pass, the debug context's counter.
    static const std::regex folderName(R"(^(.+)_(forward|backward|inference)_\d+(?:\.\d+)?$)");
    std::smatch fm;
    if (std::regex_match(g.folder, fm, folderName)) {
        g.graph = fm[1].str();
        g.backward = fm[2].str() == "backward";
    } else {
        g.graph = g.folder;
    }
    static const std::regex sourceNodes(R"(Source Nodes:\s*\[(.*)\],\s*Original ATen:)");
    static const std::regex tritonRun(R"(^\s*(triton_\w+)\.run\()");
    static const std::regex externCall(R"(^\s*(?:[\w, ]+=\s*)?(extern_kernels\.\w+|torch\.ops\.\w+\.\w+(?:\.\w+)?)\()");
    std::ifstream in(file);
    std::string line;
    std::vector<std::string> pending;
    bool inCall = false;
    while (std::getline(in, line)) {
        if (line.find("def call(") != std::string::npos || line.find("def partition_") != std::string::npos) {
            inCall = true; // the kernel definitions above carry the same comments: only call() launches
            pending.clear();
            continue;
        }
        if (!inCall)
            continue;
        std::smatch m;
        if (line.find("Source Nodes:") != std::string::npos && std::regex_search(line, m, sourceNodes)) {
            pending = splitNames(m[1].str());
        } else if (line.find('(') != std::string::npos &&
                   (std::regex_search(line, m, tritonRun) || std::regex_search(line, m, externCall))) {
            g.launches.push_back({m[1].str(), std::move(pending)});
            pending.clear();
        }
    }
    return g;
}

// Module paths of one FX node: the launcher writes named_modules() names.
const std::vector<std::string> *stackOf(const ModuleStacks &stacks, const std::string &node)
{
    auto it = stacks.nodes.find(node);
    return it == stacks.nodes.end() ? nullptr : &it->second;
}

// The stack file of the given pass that knows most of `names`; null where none knows any.
const ModuleStacks *bestStacks(const std::set<std::string> &names, const std::vector<ModuleStacks> &stacks,
                               bool postGrad)
{
    const ModuleStacks *best = nullptr;
    size_t bestHits = 0;
    for (const ModuleStacks &s : stacks) {
        if (s.postGrad != postGrad)
            continue;
        const size_t hits =
            size_t(std::count_if(names.begin(), names.end(), [&](const std::string &n) { return stackOf(s, n); }));
        if (hits > bestHits) {
            bestHits = hits;
            best = &s;
        }
    }
    return best;
}

// The pre-grad stack file of each graph: the one that knows most of its forward's nodes (the launcher
// writes one per Dynamo graph, and a forward and its backward share it).
std::map<std::string, const ModuleStacks *> pairStacks(const std::vector<CompiledGraph> &graphs,
                                                       const std::vector<ModuleStacks> &stacks)
{
    std::map<std::string, std::set<std::string>> nodesOf; // graph -> node names its launches name
    for (const CompiledGraph &g : graphs)
        if (!g.backward)
            for (const CompiledLaunch &l : g.launches)
                nodesOf[g.graph].insert(l.sourceNodes.begin(), l.sourceNodes.end());
    std::map<std::string, const ModuleStacks *> paired;
    for (const auto &[graph, names] : nodesOf)
        if (const ModuleStacks *s = bestStacks(names, stacks, false))
            paired[graph] = s;
    return paired;
}

// The post-grad stack file of each compiled graph (forward and backward apart), by the nodes its
// launches name; null where none knows any.
std::vector<const ModuleStacks *> pairPostGradStacks(const std::vector<CompiledGraph> &graphs,
                                                     const std::vector<ModuleStacks> &stacks)
{
    std::vector<const ModuleStacks *> paired(graphs.size(), nullptr);
    for (size_t g = 0; g < graphs.size(); ++g) {
        std::set<std::string> names;
        for (const CompiledLaunch &l : graphs[g].launches)
            names.insert(l.sourceNodes.begin(), l.sourceNodes.end());
        paired[g] = bestStacks(names, stacks, true);
    }
    return paired;
}

// The operator names a kernel runs under, innermost first (an extern call's kernels may sit in ops
// the aten op calls, e.g. aten::mm -> aten::_cudnn_attention_forward).
std::vector<std::string_view> opChain(const Profile &p, Index op)
{
    std::vector<std::string_view> names;
    for (size_t guard = 0; op != kNoIndex && op < p.operators.size() && guard < 64; ++guard) {
        names.push_back(p.text(p.operators[op].name));
        op = p.operators[op].parent;
    }
    return names;
}

struct LaunchRef {
    size_t graph = 0;
    size_t launch = 0;
};

// What a library kernel does within its extern call: cuBLAS scales C before a GEMM with beta != 0
// (scal_kernel), runs one main kernel, and may reduce split-K partials or apply an epilogue after it.
enum class ExternRole { Before, Main, After, Attention };

ExternRole externRole(std::string_view name)
{
    auto has = [&](std::string_view part) { return name.find(part) != std::string_view::npos; };
    if (has("fmha") || has("flash") || has("attention") || has("Attention") || has("attn"))
        return ExternRole::Attention;
    if (has("scal_kernel"))
        return ExternRole::Before;
    if (has("splitKreduce") || has("epilogue"))
        return ExternRole::After;
    return ExternRole::Main;
}

bool attentionLaunch(const CompiledLaunch &l)
{
    return l.atenOp().find("attention") != std::string::npos;
}

// Kernels replayed from a CUDA graph share the correlation id of their cudaGraphLaunch and have no CPU
// launch of their own, so the extern kernels among them (which match no name in output_code.py) are
// placed by position: between two Triton kernels of one replay run the extern launches call() lists
// between them, in order. A kernel moves on to the next extern launch when it starts a new call (a
// second main kernel, or a scaling kernel after one) and to an attention launch when it is an attention
// kernel; where kernels and launches cannot be told apart this way, the earlier launch keeps them.
void placeReplayedExterns(const Profile &p, const std::vector<CompiledGraph> &graphs, const std::vector<Index> &order,
                          std::vector<std::optional<LaunchRef>> &matched, size_t &placed)
{
    for (size_t begin = 0; begin < order.size();) {
        const uint32_t correlation = p.kernels[order[begin]].correlation_id;
        size_t end = begin + 1;
        while (end < order.size() && correlation && p.kernels[order[end]].correlation_id == correlation)
            ++end;
        if (end - begin < 2) { // one launch, one kernel: not a graph replay
            begin = end;
            continue;
        }
        std::optional<LaunchRef> previous;
        for (size_t i = begin; i < end;) {
            if (matched[order[i]]) {
                previous = matched[order[i]];
                ++i;
                continue;
            }
            size_t j = i;
            while (j < end && !matched[order[j]])
                ++j;
            const std::optional<LaunchRef> next = j < end ? matched[order[j]] : std::nullopt;
            if (previous || next) {
                const size_t g = previous ? previous->graph : next->graph;
                const size_t lo = previous ? previous->launch + 1 : 0;
                const size_t hi = next && next->graph == g ? next->launch : graphs[g].launches.size();
                std::vector<size_t> candidates;
                for (size_t l = lo; l < hi; ++l)
                    if (!graphs[g].launches[l].triton() && !graphs[g].launches[l].atenOp().empty())
                        candidates.push_back(l);
                size_t c = 0;
                bool hadMain = false;
                auto nextWhere = [&](size_t from, bool attention) {
                    for (size_t n = from; n < candidates.size(); ++n)
                        if (attentionLaunch(graphs[g].launches[candidates[n]]) == attention)
                            return n;
                    return candidates.size();
                };
                for (size_t k = i; k < j && !candidates.empty(); ++k) {
                    const ExternRole role = externRole(p.text(p.kernels[order[k]].name));
                    const bool atAttention = attentionLaunch(graphs[g].launches[candidates[c]]);
                    size_t to = c;
                    if (role == ExternRole::Attention && !atAttention)
                        to = nextWhere(c, true);
                    else if (role != ExternRole::Attention && role != ExternRole::After && (atAttention || hadMain))
                        to = nextWhere(atAttention ? c : c + 1, false);
                    if (to < candidates.size() && to != c) {
                        c = to;
                        hadMain = false;
                    }
                    hadMain = hadMain || role == ExternRole::Main || role == ExternRole::Attention;
                    matched[order[k]] = LaunchRef{g, candidates[c]};
                    ++placed;
                }
            }
            i = j;
        }
        begin = end;
    }
}

// Walks each thread's kernels in launch order along the call() of the graph it runs: a Triton kernel
// by its name, an extern kernel by the aten op it runs under; the kernels of one extern call share it.
std::vector<std::optional<LaunchRef>> matchLaunches(const Profile &p, const std::vector<CompiledGraph> &graphs,
                                                    size_t &replayedExterns)
{
    std::unordered_map<std::string, std::vector<LaunchRef>> byTriton;
    for (size_t g = 0; g < graphs.size(); ++g)
        for (size_t l = 0; l < graphs[g].launches.size(); ++l)
            if (graphs[g].launches[l].triton())
                byTriton[graphs[g].launches[l].kernel].push_back({g, l});

    std::vector<Index> order(p.kernels.size());
    for (Index k = 0; k < order.size(); ++k)
        order[k] = k;
    std::stable_sort(order.begin(), order.end(), [&](Index a, Index b) {
        const Kernel &x = p.kernels[a], &y = p.kernels[b];
        if (x.correlation_id != y.correlation_id && x.correlation_id && y.correlation_id)
            return x.correlation_id < y.correlation_id;
        return x.start_ns < y.start_ns;
    });

    struct Cursor {
        std::optional<LaunchRef> at; // the last launch matched
        Index externOp = kNoIndex;   // the operator of that launch when extern
    };
    std::unordered_map<Index, Cursor> cursors; // per launching thread
    std::vector<std::optional<LaunchRef>> matched(p.kernels.size());
    constexpr size_t kExternLookahead = 4; // launches an extern kernel may skip (ops that launch nothing)
    for (Index k : order) {
        const Kernel &kernel = p.kernels[k];
        Cursor &cur = cursors[kernel.launch_thread];
        const std::string name(p.text(kernel.name));
        if (auto it = byTriton.find(name); it != byTriton.end()) {
            const std::vector<LaunchRef> &refs = it->second;
            const LaunchRef *next = nullptr;
            if (cur.at) // the next launch of this kernel in the graph running now
                for (const LaunchRef &r : refs)
                    if (r.graph == cur.at->graph && r.launch > cur.at->launch) {
                        next = &r;
                        break;
                    }
            if (!next) // a new call: the kernel's first launch, in the graph that ran last if it has one
                for (const LaunchRef &r : refs)
                    if (!next || (cur.at && r.graph == cur.at->graph && next->graph != cur.at->graph))
                        next = &r;
            matched[k] = *next;
            cur.at = *next;
            cur.externOp = kNoIndex;
            continue;
        }
        if (!cur.at || kernel.op == kNoIndex)
            continue;
        if (kernel.op == cur.externOp) { // another kernel of the same extern call
            matched[k] = cur.at;
            continue;
        }
        const std::vector<std::string_view> chain = opChain(p, kernel.op);
        const CompiledGraph &g = graphs[cur.at->graph];
        for (size_t l = cur.at->launch + 1; l < g.launches.size() && l <= cur.at->launch + kExternLookahead; ++l) {
            if (g.launches[l].triton())
                break; // a Triton launch in between: this kernel is not the graph's
            const std::string op = g.launches[l].atenOp();
            if (!op.empty() && std::find(chain.begin(), chain.end(), op) != chain.end()) {
                cur.at = LaunchRef{cur.at->graph, l};
                cur.externOp = kernel.op;
                matched[k] = cur.at;
                break;
            }
        }
    }
    placeReplayedExterns(p, graphs, order, matched, replayedExterns);
    return matched;
}

} // namespace

std::vector<CompiledGraph> readCompiledGraphs(const std::string &path)
{
    if (!isDirectory(path))
        throw FileError(path, "not a folder");
    std::vector<fs::path> files;
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(path, fs::directory_options::skip_permission_denied, ec);
         it != fs::recursive_directory_iterator(); it.increment(ec)) {
        if (!ec && it->path().filename() == "output_code.py")
            files.push_back(it->path());
    }
    std::sort(files.begin(), files.end());
    std::vector<CompiledGraph> graphs;
    for (const fs::path &f : files)
        if (CompiledGraph g = readOutputCode(f); !g.launches.empty())
            graphs.push_back(std::move(g));
    return graphs;
}

std::vector<ModuleStacks> readModuleStacks(const std::string &path)
{
    std::vector<fs::path> files;
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(path, fs::directory_options::skip_permission_denied, ec);
         it != fs::recursive_directory_iterator(); it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (!ec && name.rfind("opscope_module_stacks", 0) == 0 && it->path().extension() == ".json")
            files.push_back(it->path());
    }
    std::sort(files.begin(), files.end());
    std::vector<ModuleStacks> all;
    for (const fs::path &f : files) {
        ModuleStacks s;
        s.file = f.string();
        try {
            const nlohmann::json j = parseJsonInput(readWholeFile(s.file));
            if (j.value("format", "") != "opscope-module-stacks")
                throw FileError(s.file, "not an OpScope module stacks file (format is not opscope-module-stacks)");
            s.postGrad = j.value("pass", "") == "post_grad";
            for (const auto &[path, cls] : j.at("modules").items())
                s.classes[path] = cls.get<std::string>();
            for (const auto &[node, stack] : j.at("nodes").items())
                s.nodes[node] = stack.get<std::vector<std::string>>();
        } catch (const nlohmann::json::exception &e) {
            throw FileError(s.file, std::string("malformed module stacks: ") + e.what());
        }
        all.push_back(std::move(s));
    }
    return all;
}

std::vector<std::string> commonModuleStack(const std::vector<std::vector<std::string>> &stacks)
{
    if (stacks.empty())
        return {};
    std::vector<std::string> common = stacks.front();
    for (const auto &s : stacks) {
        size_t n = 0;
        while (n < common.size() && n < s.size() && common[n] == s[n])
            ++n;
        common.resize(n);
    }
    return common;
}

namespace {

// An extern kernel of a CUDA graph replay runs under no operator of its own (the graph launch's at most):
// it gets one named by its launch in call() (aten::mm), spanning the kernel, inside the one it had.
void nameReplayedExtern(Profile &p, Kernel &kernel, const CompiledLaunch &launch)
{
    const std::string op = launch.atenOp();
    if (op.empty() || (kernel.op != kNoIndex && p.text(p.operators[kernel.op].name) == op))
        return;
    if (kernel.op != kNoIndex) {
        const std::vector<std::string_view> chain = opChain(p, kernel.op);
        if (std::find(chain.begin(), chain.end(), op) != chain.end())
            return; // an eager launch under its own aten op
    }
    Operator o;
    o.start_ns = kernel.start_ns;
    o.end_ns = kernel.end_ns;
    o.name = p.intern(op);
    o.thread = kernel.launch_thread;
    o.module = kernel.module;
    o.parent = kernel.op;
    o.depth = kernel.op == kNoIndex ? 0 : uint16_t(p.operators[kernel.op].depth + 1);
    p.operators.push_back(o);
    kernel.op = Index(p.operators.size() - 1);
    kernel.method = AttributionMethod::InductorFusion;
    kernel.confidence = Confidence::Low;
    kernel.unattributed_reason = kNoString;
}

} // namespace

CompiledModuleCounts applyCompiledModules(Profile &p, const std::string &inductorDebugDir)
{
    CompiledModuleCounts counts;
    const std::vector<CompiledGraph> graphs = readCompiledGraphs(inductorDebugDir);
    const std::vector<ModuleStacks> stacks = readModuleStacks(inductorDebugDir);
    counts.graphs = graphs.size();
    counts.stackFiles = stacks.size();
    if (graphs.empty())
        return counts;
    const auto paired = pairStacks(graphs, stacks);
    const std::vector<const ModuleStacks *> postGrad = pairPostGradStacks(graphs, stacks);
    const std::vector<std::optional<LaunchRef>> matched = matchLaunches(p, graphs, counts.replayedExterns);

    // Module calls made for compiled submodules, one per (root call, path), nested parent first.
    std::map<std::pair<Index, std::string>, Index> made;
    auto classOf = [&](const std::string &path, const ModuleStacks *pre, const ModuleStacks *post) -> StringId {
        for (const ModuleStacks *s : {pre, post})
            if (s)
                if (auto cls = s->classes.find(path); cls != s->classes.end())
                    return p.intern(cls->second);
        return kNoString;
    };
    auto callOf = [&](Index root, const std::vector<std::string> &stack, const ModuleStacks *pre,
                      const ModuleStacks *post) {
        Index parent = root;
        for (const std::string &path : stack) {
            auto [it, added] = made.try_emplace({root, path}, kNoIndex);
            if (added) {
                const ModuleInstance &r = p.modules[root];
                ModuleInstance m;
                m.start_ns = r.end_ns; // widened to its kernels' launches below
                m.end_ns = r.start_ns;
                m.path = p.intern(path);
                m.class_name = classOf(path, pre, post);
                m.parent = parent;
                m.thread = r.thread;
                p.modules.push_back(m);
                it->second = Index(p.modules.size() - 1);
                ++counts.modulesMade;
            }
            parent = it->second;
        }
        return parent;
    };
    auto widen = [&](Index m, Index root, int64_t t0, int64_t t1) {
        const ModuleInstance &r = p.modules[root];
        t0 = std::clamp(t0, r.start_ns, r.end_ns);
        t1 = std::clamp(t1, t0, r.end_ns);
        for (; m != root && m != kNoIndex; m = p.modules[m].parent) {
            p.modules[m].start_ns = std::min(p.modules[m].start_ns, t0);
            p.modules[m].end_ns = std::max(p.modules[m].end_ns, t1);
        }
    };

    for (Index k = 0; k < p.kernels.size(); ++k) {
        if (!matched[k])
            continue;
        ++counts.kernelsMatched;
        Kernel &kernel = p.kernels[k];
        const CompiledGraph &g = graphs[matched[k]->graph];
        const CompiledLaunch &launch = g.launches[matched[k]->launch];
        if (!launch.triton())
            nameReplayedExtern(p, kernel, launch);
        auto s = paired.find(g.graph);
        const ModuleStacks *pre = s == paired.end() ? nullptr : s->second;
        const ModuleStacks *post = postGrad[matched[k]->graph];
        if ((!pre && !post) || kernel.module == kNoIndex || kernel.module >= p.modules.size())
            continue;
        std::vector<std::vector<std::string>> nodeStacks;
        for (const std::string &node : launch.sourceNodes) {
            const std::vector<std::string> *stack = pre ? stackOf(*pre, node) : nullptr;
            if (!stack && post) // a node of the graph after AOTAutograd (a backward node, a decomposition)
                stack = stackOf(*post, node);
            if (stack)
                nodeStacks.push_back(*stack);
        }
        const std::vector<std::string> common = commonModuleStack(nodeStacks);
        if (common.empty())
            continue; // nodes of the root's own code, or of several top-level modules
        const Index root = kernel.module;
        const Index module = callOf(root, common, pre, post);
        // The call spans its kernels' launches: the operator around the launch, on the CPU's clock.
        const ModuleInstance &r = p.modules[root];
        const bool opOnRootThread = kernel.op != kNoIndex && p.operators[kernel.op].thread == r.thread;
        const int64_t t0 = opOnRootThread ? p.operators[kernel.op].start_ns : r.start_ns;
        const int64_t t1 = opOnRootThread ? p.operators[kernel.op].end_ns : r.start_ns;
        widen(module, root, t0, t1);
        kernel.module = module;
        ++counts.kernelsMoved;
    }
    for (const auto &[key, m] : made) // a call none of whose launches had a CPU time sits at the root's start
        if (p.modules[m].start_ns > p.modules[m].end_ns)
            p.modules[m].start_ns = p.modules[m].end_ns = p.modules[key.first].start_ns;

    // An operator of the root whose kernels all went to one module call goes with them.
    std::vector<Index> opModule(p.operators.size(), kNoIndex);
    std::vector<bool> mixed(p.operators.size(), false);
    for (const Kernel &kernel : p.kernels) {
        if (kernel.op == kNoIndex || kernel.op >= p.operators.size())
            continue;
        Index &m = opModule[kernel.op];
        if (m == kNoIndex)
            m = kernel.module;
        else if (m != kernel.module)
            mixed[kernel.op] = true;
    }
    for (Index o = 0; o < p.operators.size(); ++o)
        if (!mixed[o] && opModule[o] != kNoIndex && opModule[o] != p.operators[o].module &&
            p.modules[opModule[o]].parent != kNoIndex) {
            for (Index a = p.modules[opModule[o]].parent; a != kNoIndex; a = p.modules[a].parent)
                if (a == p.operators[o].module) {
                    p.operators[o].module = opModule[o];
                    break;
                }
        }

    p.setMetadata(kCompiledModulesKey,
                  std::to_string(counts.kernelsMoved) + " of " + std::to_string(counts.kernelsMatched) +
                      " kernels of compiled graphs in a module below the root (" + std::to_string(counts.modulesMade) +
                      " module calls" +
                      (counts.replayedExterns ? "; " + std::to_string(counts.replayedExterns) +
                                                    " extern kernels of CUDA graph replays placed by position)"
                                              : std::string(")")));
    if (stacks.empty())
        p.warnings.push_back(inductorDebugDir +
                             ": no module stacks (opscope_module_stacks_*.json) beside the compiled graphs: the "
                             "kernels of compiled code stay with the root module (capture again with this "
                             "OpScope's launcher, torch >= 2.1)");
    else if (paired.empty())
        p.warnings.push_back(inductorDebugDir +
                             ": the module stacks name none of the compiled graphs' nodes: the kernels of compiled "
                             "code stay with the root module");
    return counts;
}

} // namespace opscope
