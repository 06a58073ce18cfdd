#include "opscope/module_tree.h"

#include "opscope/format_ids.h"
#include "opscope/phases.h"

#include <algorithm>
#include <cctype>
#include <functional>
#include <map>
#include <unordered_map>

namespace opscope {

namespace {

uint64_t mix(uint64_t h, uint64_t v)
{
    // FNV-1a style combination; collisions only merge groups that also compare equal on the rest.
    h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    return h;
}

uint64_t hashText(std::string_view s)
{
    uint64_t h = 1469598103934665603ull;
    for (unsigned char c : s)
        h = (h ^ c) * 1099511628211ull;
    return h;
}

std::vector<std::string_view> splitPath(std::string_view path)
{
    std::vector<std::string_view> parts;
    size_t start = 0;
    while (true) {
        const auto dot = path.find('.', start);
        parts.push_back(path.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start));
        if (dot == std::string_view::npos)
            return parts;
        start = dot + 1;
    }
}

// Per module instance: does it belong to the captured step? (See buildModuleTree in the header.)
std::vector<uint8_t> callsInCapturedStep(const Profile &p)
{
    const size_t n = p.modules.size();
    const bool anyOutside = std::any_of(p.kernels.begin(), p.kernels.end(),
                                        [](const Kernel &k) { return k.flags & kKernelOutsideCapture; });
    if (!anyOutside)
        return std::vector<uint8_t>(n, 1);
    // Kernels mark every call they run in, up the parent chain (bounded: a damaged file may loop).
    std::vector<uint8_t> captured(n, 0), outside(n, 0);
    for (const Kernel &k : p.kernels) {
        std::vector<uint8_t> &mark = (k.flags & kKernelOutsideCapture) ? outside : captured;
        size_t guard = 0;
        for (Index m = k.module; m < n && !mark[m] && guard++ <= n; m = p.modules[m].parent)
            mark[m] = 1;
    }
    int64_t stepStart = INT64_MAX, stepEnd = INT64_MIN;
    for (Index m = 0; m < n; ++m)
        if (captured[m] && p.modules[m].parent >= n) {
            stepStart = std::min(stepStart, p.modules[m].start_ns);
            stepEnd = std::max(stepEnd, p.modules[m].end_ns);
        }
    enum : uint8_t { Unknown, In, Out };
    std::vector<uint8_t> state(n, Unknown);
    std::vector<Index> chain;
    for (Index m = 0; m < n; ++m) {
        // Walk up to the first call whose state is known or decided by its own kernels or time.
        chain.clear();
        Index at = m;
        uint8_t decided = Unknown;
        while (decided == Unknown) {
            if (state[at] != Unknown)
                decided = state[at];
            else if (captured[at])
                decided = In;
            else if (outside[at])
                decided = Out;
            else if (p.modules[at].parent >= n || chain.size() > n)
                decided = p.modules[at].start_ns >= stepStart && p.modules[at].start_ns <= stepEnd ? In : Out;
            else {
                chain.push_back(at);
                at = p.modules[at].parent;
            }
        }
        state[at] = decided;
        for (Index c : chain)
            state[c] = decided;
    }
    std::vector<uint8_t> in(n);
    for (Index m = 0; m < n; ++m)
        in[m] = state[m] == In;
    return in;
}

// The members' paths with each differing component spelled out in braces ("self_attn.{q,o}_proj"),
// or "" when a component has more than a few distinct values or the paths differ in depth.
std::string bracePattern(const std::vector<std::string> &paths)
{
    constexpr size_t kMostSpelled = 4;
    std::vector<std::vector<std::string_view>> split;
    for (const std::string &path : paths)
        split.push_back(splitPath(path));
    const size_t n = split.front().size();
    if (std::any_of(split.begin(), split.end(), [&](const auto &s) { return s.size() != n; }))
        return {};
    std::string out;
    for (size_t c = 0; c < n; ++c) {
        std::vector<std::string_view> values;
        for (const auto &s : split)
            if (std::find(values.begin(), values.end(), s[c]) == values.end())
                values.push_back(s[c]);
        if (c > 0)
            out += '.';
        if (values.size() == 1) {
            out += values.front();
            continue;
        }
        if (values.size() > kMostSpelled)
            return {};
        size_t prefix = values.front().size(), suffix = values.front().size();
        for (std::string_view v : values) {
            size_t p = 0, q = 0;
            while (p < prefix && p < v.size() && v[p] == values.front()[p])
                ++p;
            while (q < suffix && q < v.size() && v[v.size() - 1 - q] == values.front()[values.front().size() - 1 - q])
                ++q;
            prefix = p;
            suffix = q;
        }
        const size_t shortest =
            std::min_element(values.begin(), values.end(), [](auto a, auto b) { return a.size() < b.size(); })->size();
        // Numbers stay whole: "Linear_{12,13,14}", not "Linear_1{2,3,4}".
        const std::string_view first = values.front();
        while (prefix > 0 && std::isdigit(static_cast<unsigned char>(first[prefix - 1])))
            --prefix;
        suffix = std::min(suffix, shortest - std::min(prefix, shortest));
        while (suffix > 0 && std::isdigit(static_cast<unsigned char>(first[first.size() - suffix])))
            --suffix;
        out += std::string(values.front().substr(0, prefix)) + '{';
        for (size_t v = 0; v < values.size(); ++v)
            out += (v ? "," : "") + std::string(values[v].substr(prefix, values[v].size() - prefix - suffix));
        out += '}' + std::string(values.front().substr(values.front().size() - suffix));
    }
    return out;
}

// Groups whose pattern came out the same (an fp16 convnet's BatchNorm2d pair and ReLU pair are both
// "features.0.*"; a Llama layer's q/o and k/v projections both "self_attn.*_proj") are told apart by
// their members' names in braces, else by their class.
void nameGroupsApart(ModuleTree &tree)
{
    std::map<std::string, std::vector<size_t>> byName;
    for (size_t g = 0; g < tree.groups.size(); ++g)
        byName[tree.groups[g].name].push_back(g);
    for (const auto &[name, groups] : byName) {
        if (groups.size() < 2)
            continue;
        for (size_t g : groups) {
            DedupGroup &group = tree.groups[g];
            std::vector<std::string> paths;
            for (int m : group.members)
                paths.push_back(tree.nodes[size_t(m)].path);
            const std::string spelled = bracePattern(paths);
            group.name = spelled.empty() ? name + " (" + group.className + ")" : spelled;
        }
    }
}

} // namespace

int64_t DedupGroup::minTime() const
{
    return gpuTimePerMember.empty() ? 0 : *std::min_element(gpuTimePerMember.begin(), gpuTimePerMember.end());
}

int64_t DedupGroup::maxTime() const
{
    return gpuTimePerMember.empty() ? 0 : *std::max_element(gpuTimePerMember.begin(), gpuTimePerMember.end());
}

int64_t DedupGroup::medianTime() const
{
    if (gpuTimePerMember.empty())
        return 0;
    std::vector<int64_t> sorted = gpuTimePerMember;
    std::sort(sorted.begin(), sorted.end());
    const size_t n = sorted.size();
    return n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
}

int ModuleTree::find(std::string_view path) const
{
    for (size_t i = 0; i < nodes.size(); ++i)
        if (nodes[i].path == path && !nodes[i].phase)
            return int(i);
    return -1;
}

int ModuleTree::findPhase(std::string_view name) const
{
    for (size_t i = 0; i < nodes.size(); ++i)
        if (nodes[i].path == name && nodes[i].phase)
            return int(i);
    return -1;
}

int ModuleTree::nodeOf(Index instance) const
{
    return instance < nodeOfInstance.size() ? nodeOfInstance[instance] : -1;
}

bool ModuleTree::contains(int ancestor, int node) const
{
    // Bounded by the node count: parents never loop in a tree built here, but a guard costs nothing.
    for (size_t steps = 0; node >= 0 && size_t(node) < nodes.size() && steps <= nodes.size(); ++steps) {
        if (node == ancestor)
            return true;
        node = nodes[size_t(node)].parent;
    }
    return false;
}

std::vector<Index> kernelsUnder(const Profile &p, const ModuleTree &tree, const std::vector<int> &nodes,
                                KernelScope scope)
{
    std::vector<Index> out;
    std::vector<char> seen(tree.nodes.size(), 0);
    std::vector<int> stack;
    for (int n : nodes)
        if (n >= 0 && size_t(n) < tree.nodes.size())
            stack.push_back(n);
    while (!stack.empty()) {
        const int n = stack.back();
        stack.pop_back();
        if (seen[size_t(n)])
            continue;
        seen[size_t(n)] = 1;
        const ModuleNode &node = tree.nodes[size_t(n)];
        for (Index k : node.ownKernels)
            if (scope == KernelScope::All || !(p.kernels[k].flags & kKernelOutsideCapture))
                out.push_back(k);
        stack.insert(stack.end(), node.children.begin(), node.children.end());
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::string groupPattern(const std::vector<std::string> &paths)
{
    if (paths.empty())
        return {};
    std::vector<std::vector<std::string_view>> split;
    for (const auto &p : paths)
        split.push_back(splitPath(p));
    const size_t n = split.front().size();
    for (const auto &s : split)
        if (s.size() != n)
            return paths.front() + " (and " + std::to_string(paths.size() - 1) + " more)";
    std::string out;
    for (size_t c = 0; c < n; ++c) {
        std::string_view first = split.front()[c];
        bool same = true;
        size_t prefix = first.size(), suffix = first.size();
        for (const auto &s : split) {
            const std::string_view part = s[c];
            if (part != first)
                same = false;
            size_t p = 0;
            while (p < prefix && p < part.size() && part[p] == first[p])
                ++p;
            prefix = p;
            size_t q = 0;
            while (q < suffix && q < part.size() && part[part.size() - 1 - q] == first[first.size() - 1 - q])
                ++q;
            suffix = q;
        }
        if (!out.empty())
            out += '.';
        if (same) {
            out += first;
            continue;
        }
        // Keep the shared prefix only when it is not a number fragment ("blocks.1*" for 10..19 would mislead).
        while (prefix > 0 && std::isdigit(static_cast<unsigned char>(first[prefix - 1])))
            --prefix;
        suffix = std::min(suffix, first.size() - prefix);
        while (suffix > 0 && std::isdigit(static_cast<unsigned char>(first[first.size() - suffix])))
            --suffix;
        out += std::string(first.substr(0, prefix)) + "*" + std::string(first.substr(first.size() - suffix));
    }
    return out;
}

std::string noModulesReason(const Profile &p)
{
    const std::string &format = p.source_format;
    if (format == format_id::kOnnxRuntimeJson)
        return "ONNX Runtime profiles have no nn.Module structure: the graph's nodes are in the Operators table.";
    if (format == format_id::kOperatorProfilerJson)
        return "This profile.json attributes kernels to operators only: it has no module paths.";
    if (format == format_id::kKinetoJson)
        return "This torch.profiler trace has no module events: record it with "
               "torch.profiler.profile(with_modules=True) or with_stack=True (its \"nn.Module: ...\" events give the "
               "tree), or capture with OpScope (File > New Capture, or opscope capture).";
    if (format_id::isNsysFormat(format) || format_id::isNcuFormat(format))
        return "No NVTX range of this capture names a module (\"blocks.0[Block]\"): capture with OpScope, File > New "
               "Capture "
               "(or opscope capture): its launcher labels every nn.Module forward.";
    return "This profile has no module information.";
}

std::string formatKnownGroups(const std::vector<KnownGroup> &groups)
{
    std::string out;
    for (const KnownGroup &g : groups) {
        if (!out.empty())
            out += ';';
        out += g.label + '=';
        for (size_t m = 0; m < g.members.size(); ++m)
            out += (m ? "," : "") + g.members[m];
    }
    return out;
}

std::vector<KnownGroup> parseKnownGroups(std::string_view text)
{
    std::vector<KnownGroup> out;
    size_t start = 0;
    while (start < text.size()) {
        const size_t end = std::min(text.find(';', start), text.size());
        const std::string_view item = text.substr(start, end - start);
        start = end + 1;
        const size_t equals = item.find('=');
        if (equals == std::string_view::npos)
            continue;
        KnownGroup g{std::string(item.substr(0, equals)), {}};
        for (size_t from = equals + 1; from <= item.size();) {
            const size_t comma = std::min(item.find(',', from), item.size());
            if (comma > from)
                g.members.emplace_back(item.substr(from, comma - from));
            from = comma + 1;
        }
        out.push_back(std::move(g));
    }
    return out;
}

ModuleTree buildModuleTree(const Profile &p)
{
    ModuleTree tree;
    // One node per path, modules and phases apart (a child may be called "backward").
    std::unordered_map<uint64_t, int> nodeOfPath;
    std::vector<int> &nodeOfInstance = tree.nodeOfInstance;
    nodeOfInstance.assign(p.modules.size(), -1);
    for (Index m = 0; m < p.modules.size(); ++m) {
        const ModuleInstance &inst = p.modules[m];
        const uint64_t key = uint64_t(inst.path) | (uint64_t(isPhase(inst)) << 32);
        auto [it, inserted] = nodeOfPath.emplace(key, int(tree.nodes.size()));
        if (inserted) {
            ModuleNode node;
            node.path = std::string(p.text(inst.path));
            node.className = std::string(p.text(inst.class_name));
            node.phase = isPhase(inst);
            tree.nodes.push_back(std::move(node));
        }
        nodeOfInstance[m] = it->second;
        tree.nodes[size_t(it->second)].instances.push_back(m);
    }
    const std::vector<uint8_t> inStep = callsInCapturedStep(p);
    for (Index m = 0; m < p.modules.size(); ++m)
        tree.nodes[size_t(nodeOfInstance[m])].calls += inStep[m];
    // Parents: the node of the first call's enclosing instance.
    for (size_t n = 0; n < tree.nodes.size(); ++n) {
        const Index first = tree.nodes[n].instances.front();
        const Index parentInstance = p.modules[first].parent;
        const int parent = parentInstance == kNoIndex ? -1 : nodeOfInstance[parentInstance];
        tree.nodes[n].parent = parent == int(n) ? -1 : parent;
        if (tree.nodes[n].parent < 0)
            tree.roots.push_back(int(n));
        else
            tree.nodes[size_t(tree.nodes[n].parent)].children.push_back(int(n));
    }

    // Work per node, captured step only: kernel names and op signatures in launch order.
    std::vector<uint64_t> workHash(tree.nodes.size(), 0);
    for (Index i = 0; i < p.kernels.size(); ++i) {
        const Kernel &k = p.kernels[i];
        const int n = k.module < p.modules.size() ? nodeOfInstance[k.module] : -1;
        if (n >= 0)
            tree.nodes[size_t(n)].ownKernels.push_back(i);
        if (k.flags & kKernelOutsideCapture)
            continue;
        tree.stepGpuTime += k.duration();
        if (n < 0)
            continue;
        ModuleNode &node = tree.nodes[size_t(n)];
        node.gpuTimeSelf += k.duration();
        ++node.kernelsSelf;
        uint64_t h = mix(workHash[size_t(n)], k.name);
        if (k.op != kNoIndex && k.op < p.operators.size())
            h = mix(mix(h, p.operators[k.op].name), p.operators[k.op].shapes);
        workHash[size_t(n)] = h;
    }
    for (const Operator &op : p.operators) // operators without kernels count as structure too
        if (op.module != kNoIndex && op.module < p.modules.size() && op.parent == kNoIndex) {
            const int n = nodeOfInstance[op.module];
            workHash[size_t(n)] = mix(workHash[size_t(n)], mix(op.name, op.shapes));
        }

    // Post-order: totals and signatures (class, children's signatures, own work).
    std::function<void(int)> finish = [&](int n) {
        ModuleNode &node = tree.nodes[size_t(n)];
        node.gpuTimeTotal = node.gpuTimeSelf;
        node.kernelsTotal = node.kernelsSelf;
        uint64_t sig = mix(hashText(node.className), workHash[size_t(n)]);
        for (int c : node.children) {
            finish(c);
            node.gpuTimeTotal += tree.nodes[size_t(c)].gpuTimeTotal;
            node.kernelsTotal += tree.nodes[size_t(c)].kernelsTotal;
            sig = mix(sig, tree.nodes[size_t(c)].signature);
        }
        node.signature = mix(sig, node.kernelsTotal);
    };
    for (int r : tree.roots)
        finish(r);

    // Groups the profile knows (the launcher's partition map), where their members are sibling nodes.
    std::vector<std::vector<int>> known;
    std::vector<char> inKnown(tree.nodes.size(), 0);
    if (const std::string *text = p.metadataValue(kKnownGroupsKey))
        for (const KnownGroup &g : parseKnownGroups(*text)) {
            std::vector<int> members;
            for (const std::string &path : g.members)
                if (const auto it = nodeOfPath.find(p.strings.find(path));
                    it != nodeOfPath.end() && !inKnown[it->second])
                    members.push_back(it->second);
            if (members.size() < 2 || members.size() != g.members.size() ||
                std::any_of(members.begin(), members.end(), [&](int m) {
                    return tree.nodes[size_t(m)].parent != tree.nodes[size_t(members[0])].parent;
                }))
                continue;
            for (int m : members)
                inKnown[size_t(m)] = 1;
            known.push_back(std::move(members));
        }
    // The others: siblings (same parent) with equal signatures and at least one kernel.
    std::map<std::pair<int, uint64_t>, std::vector<int>> candidates;
    for (size_t n = 0; n < tree.nodes.size(); ++n)
        if (tree.nodes[n].kernelsTotal > 0 && !inKnown[n])
            candidates[{tree.nodes[n].parent, tree.nodes[n].signature}].push_back(int(n));
    std::vector<std::vector<int>> groups = std::move(known);
    for (auto &[key, members] : candidates)
        groups.push_back(std::move(members));
    for (const std::vector<int> &members : groups) {
        if (members.size() < 2)
            continue;
        DedupGroup g;
        g.members = members;
        g.className = tree.nodes[size_t(members.front())].className;
        std::vector<std::string> paths;
        for (int m : members) {
            paths.push_back(tree.nodes[size_t(m)].path);
            g.kernelsPerMember.push_back(tree.nodes[size_t(m)].kernelsTotal);
            g.gpuTimePerMember.push_back(tree.nodes[size_t(m)].gpuTimeTotal);
        }
        g.name = groupPattern(paths);
        const int index = int(tree.groups.size());
        for (int m : members)
            tree.nodes[size_t(m)].group = index;
        tree.groups.push_back(std::move(g));
    }
    nameGroupsApart(tree);
    // A group is nested when an ancestor of its members belongs to a group.
    for (DedupGroup &g : tree.groups)
        for (int a = tree.nodes[size_t(g.members.front())].parent; a >= 0; a = tree.nodes[size_t(a)].parent)
            if (tree.nodes[size_t(a)].group >= 0) {
                g.nested = true;
                break;
            }
    return tree;
}

} // namespace opscope
