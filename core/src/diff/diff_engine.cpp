// The comparison engine: modules by path (then class and position), operators by an alignment of
// each matched module's operator sequence (fusions merged into one row), kernels within matched
// operators by launch, name and role; totals, dedup groups, and the spread over several BEFORE runs.
#include "diff/diff_internal.h"

#include "opscope/step_timing.h"

#include <algorithm>
#include <deque>
#include <map>
#include <unordered_map>

namespace opscope {

using namespace diffdetail;

std::string_view toString(DiffStatus status)
{
    switch (status) {
    case DiffStatus::Matched:
        return "matched";
    case DiffStatus::Added:
        return "added";
    case DiffStatus::Removed:
        return "removed";
    }
    return "matched";
}

std::string_view toString(MatchKind kind)
{
    switch (kind) {
    case MatchKind::None:
        return "none";
    case MatchKind::Path:
        return "path";
    case MatchKind::ClassPosition:
        return "class and position";
    case MatchKind::NameShapes:
        return "name and shapes";
    case MatchKind::Name:
        return "name";
    case MatchKind::Related:
        return "related operator";
    case MatchKind::Fused:
        return "fused";
    case MatchKind::Launch:
        return "name, grid and block";
    case MatchKind::KernelName:
        return "name";
    case MatchKind::Role:
        return "role";
    case MatchKind::Unattributed:
        return "unattributed";
    }
    return "none";
}

namespace {

DiffStatus statusOf(bool hasBefore, bool hasAfter)
{
    return hasBefore && hasAfter ? DiffStatus::Matched : hasBefore ? DiffStatus::Removed : DiffStatus::Added;
}

class DiffBuilder {
public:
    DiffBuilder(ProfileDiff &diff, const DiffOptions &options) : d_(diff), before_(*diff.before), after_(*diff.after)
    {
        prepareSide(before_, d_.beforeTree, options.captureRange);
        prepareSide(after_, d_.afterTree, options.captureRange);
    }

    void run()
    {
        matchModules();
        for (int root : rootsInOrder())
            emitModule(root < 0 ? -1 : root, root < 0 ? afterRootOf(root) : -1, -1, 0);
        diffOperators();
        totals();
        groups();
        d_.memory = diffMemory(*d_.before, *d_.after);
        d_.generation = diffGeneration(*d_.before, *d_.after);
    }

private:
    // ---- Modules ----

    std::vector<int> rootsInOrder() const
    {
        // Encoded: >= 0 a BEFORE root (emitted with its match), < 0 an unmatched AFTER root (-1 - node).
        std::vector<int> out;
        for (int a : d_.afterTree.roots)
            out.push_back(matchOfAfter_[size_t(a)] >= 0 ? matchOfAfter_[size_t(a)] : -1 - a);
        for (int b : d_.beforeTree.roots)
            if (matchOfBefore_[size_t(b)] < 0)
                out.push_back(b);
        return out;
    }
    static int afterRootOf(int encoded) { return -1 - encoded; }

    void pair(int b, int a, MatchKind kind, std::deque<std::pair<int, int>> &queue)
    {
        matchOfBefore_[size_t(b)] = a;
        matchOfAfter_[size_t(a)] = b;
        moduleKind_[size_t(b)] = kind;
        queue.emplace_back(b, a);
    }

    void matchModules()
    {
        const ModuleTree &bt = d_.beforeTree, &at = d_.afterTree;
        matchOfBefore_.assign(bt.nodes.size(), -1);
        matchOfAfter_.assign(at.nodes.size(), -1);
        moduleKind_.assign(bt.nodes.size(), MatchKind::None);
        std::deque<std::pair<int, int>> queue{{-1, -1}}; // (-1, -1): the roots
        std::unordered_map<std::string, int> afterByPath;
        for (size_t n = 0; n < at.nodes.size(); ++n)
            afterByPath.emplace(at.nodes[n].path, int(n));
        for (size_t n = 0; n < bt.nodes.size(); ++n)
            if (auto it = afterByPath.find(bt.nodes[n].path); it != afterByPath.end())
                pair(int(n), it->second, MatchKind::Path, queue);
        // Where paths differ: the k-th unmatched child of a class under matched parents pairs with
        // the k-th unmatched child of that class on the other side.
        while (!queue.empty()) {
            const auto [b, a] = queue.front();
            queue.pop_front();
            const std::vector<int> &bc = b < 0 ? bt.roots : bt.nodes[size_t(b)].children;
            const std::vector<int> &ac = a < 0 ? at.roots : at.nodes[size_t(a)].children;
            std::map<std::string, std::deque<int>> freeAfter;
            for (int c : ac)
                if (matchOfAfter_[size_t(c)] < 0)
                    freeAfter[at.nodes[size_t(c)].className].push_back(c);
            for (int c : bc) {
                if (matchOfBefore_[size_t(c)] >= 0)
                    continue;
                auto it = freeAfter.find(bt.nodes[size_t(c)].className);
                if (it == freeAfter.end() || it->second.empty())
                    continue;
                const int partner = it->second.front();
                it->second.pop_front();
                pair(c, partner, MatchKind::ClassPosition, queue);
            }
        }
    }

    void emitModule(int b, int a, int parentRow, int depth)
    {
        const ModuleTree &bt = d_.beforeTree, &at = d_.afterTree;
        if (b >= 0 && a < 0)
            a = matchOfBefore_[size_t(b)];
        ModuleDiffRow row;
        const ModuleNode *bn = b >= 0 ? &bt.nodes[size_t(b)] : nullptr;
        const ModuleNode *an = a >= 0 ? &at.nodes[size_t(a)] : nullptr;
        row.path = an ? an->path : bn->path;
        if (an && bn && an->path != bn->path)
            row.otherPath = bn->path;
        row.className = an ? an->className : bn->className;
        row.parent = parentRow;
        row.depth = depth;
        row.status = statusOf(bn, an);
        row.match = bn && an ? moduleKind_[size_t(b)] : MatchKind::None;
        row.beforeNode = b;
        row.afterNode = a;
        row.gpuTime = {bn ? bn->gpuTimeTotal : 0, an ? an->gpuTimeTotal : 0};
        row.gpuTimeSelf = {bn ? bn->gpuTimeSelf : 0, an ? an->gpuTimeSelf : 0};
        row.kernels = {bn ? bn->kernelsTotal : 0, an ? an->kernelsTotal : 0};
        row.calls = {bn ? int64_t(bn->calls) : 0, an ? int64_t(an->calls) : 0};
        const int index = int(d_.modules.size());
        d_.modules.push_back(std::move(row));
        if (an)
            for (int c : an->children) {
                const int partner = matchOfAfter_[size_t(c)];
                emitModule(partner, c, index, depth + 1);
            }
        if (bn)
            for (int c : bn->children)
                if (matchOfBefore_[size_t(c)] < 0)
                    emitModule(c, -1, index, depth + 1);
    }

    // ---- Operators ----

    // Operator names as small integers, each with its family and the names every unit stands for
    // (its own fused_with list, the ops its Triton kernels are named after).
    struct OpKeys {
        std::vector<int> name, shapes;         // per operator (units only)
        std::vector<std::vector<int>> absorbs; // per operator, sorted name ids
    };

    int nameId(const std::string &name)
    {
        auto [it, inserted] = nameIds_.emplace(name, int(familyOfName_.size()));
        if (inserted) {
            familyOfName_.push_back(operatorFamily(name));
            names_.push_back(name);
        }
        return it->second;
    }

    void operatorKeys()
    {
        std::unordered_map<std::string, int> shapeIds;
        for (auto [side, keys] : {std::pair{&before_, &beforeKeys_}, std::pair{&after_, &afterKeys_}}) {
            const size_t ops = side->p.operators.size();
            keys->name.assign(ops, -1);
            keys->shapes.assign(ops, -1);
            keys->absorbs.assign(ops, {});
            for (const auto &units : side->unitsOfNode)
                for (Index u : units) {
                    keys->name[u] = nameId(side->identity[u].name);
                    keys->shapes[u] = shapeIds.emplace(side->identity[u].shapes, int(shapeIds.size())).first->second;
                    for (const std::string &f : side->fusedNames[u])
                        keys->absorbs[u].push_back(nameId(f));
                }
        }
        // Triton kernels name their ops by base name only: test every known operator name.
        for (auto [side, keys] : {std::pair{&before_, &beforeKeys_}, std::pair{&after_, &afterKeys_}})
            for (const auto &units : side->unitsOfNode)
                for (Index u : units) {
                    std::vector<std::string_view> triton;
                    for (Index k : side->unitKernels[u]) {
                        const std::string_view name = side->p.kernelDisplayName(k);
                        if (name.starts_with("triton_"))
                            triton.push_back(name);
                    }
                    if (!triton.empty())
                        for (size_t id = 0; id < names_.size(); ++id)
                            if (std::any_of(triton.begin(), triton.end(),
                                            [&](std::string_view k) { return tritonKernelFuses(k, names_[id]); }))
                                keys->absorbs[u].push_back(int(id));
                    std::sort(keys->absorbs[u].begin(), keys->absorbs[u].end());
                }
    }

    static bool stands(const OpKeys &keys, Index op, int name)
    {
        return std::binary_search(keys.absorbs[op].begin(), keys.absorbs[op].end(), name);
    }

    bool sameFamily(int a, int b) const
    {
        return familyOfName_[size_t(a)] != 0 && familyOfName_[size_t(a)] == familyOfName_[size_t(b)];
    }

    int pairScore(Index b, Index a) const
    {
        const int nb = beforeKeys_.name[b], na = afterKeys_.name[a];
        if (nb == na)
            return beforeKeys_.shapes[b] == afterKeys_.shapes[a] ? 10 : 6;
        if (sameFamily(nb, na) || stands(afterKeys_, a, nb) || stands(beforeKeys_, b, na))
            return 3;
        return -1;
    }

    // May `b` be one of several BEFORE ops around `a` (or `a` one of several AFTER ops around `b`)?
    // When the single op names the others as fused into it, or when they do the same kind of work
    // on other shapes (three [512, 512] projections -> one [512, 1536]); the same op on the same
    // shapes is another call, not a fusion.
    bool joins(Index b, Index a, bool severalBefore) const
    {
        if (severalBefore ? stands(afterKeys_, a, beforeKeys_.name[b]) : stands(beforeKeys_, b, afterKeys_.name[a]))
            return true;
        const int nb = beforeKeys_.name[b], na = afterKeys_.name[a];
        return (nb == na || sameFamily(nb, na)) && beforeKeys_.shapes[b] != afterKeys_.shapes[a];
    }

    struct ProtoRow {
        std::vector<Index> b, a;
        MatchKind kind = MatchKind::None;
    };

    void diffOperators()
    {
        operatorKeys();
        // Operators outside every module first, then module by module in row order.
        alignModule(-1, int(d_.beforeTree.nodes.size()), int(d_.afterTree.nodes.size()));
        for (size_t r = 0; r < d_.modules.size(); ++r)
            alignModule(int(r), d_.modules[r].beforeNode, d_.modules[r].afterNode);
        unattributedRow();
    }

    void alignModule(int moduleRow, int bNode, int aNode)
    {
        static const std::vector<Index> none;
        const std::vector<Index> &sb = bNode >= 0 ? before_.unitsOfNode[size_t(bNode)] : none;
        const std::vector<Index> &sa = aNode >= 0 ? after_.unitsOfNode[size_t(aNode)] : none;
        const auto groups = alignWithFusion(
            sb.size(), sa.size(), [&](size_t i, size_t j) { return pairScore(sb[i], sa[j]); },
            [&](size_t i, size_t j) { return joins(sb[i], sa[j], true); },
            [&](size_t i, size_t j) { return joins(sb[i], sa[j], false); });

        std::vector<ProtoRow> rows;
        size_t i = 0, j = 0;
        for (const AlignedGroup &g : groups) {
            for (; i < g.b0; ++i)
                rows.push_back({{sb[i]}, {}, MatchKind::None});
            for (; j < g.a0; ++j)
                rows.push_back({{}, {sa[j]}, MatchKind::None});
            ProtoRow row{{sb.begin() + long(g.b0), sb.begin() + long(g.b1)},
                         {sa.begin() + long(g.a0), sa.begin() + long(g.a1)},
                         MatchKind::Fused};
            if (row.b.size() == 1 && row.a.size() == 1) {
                const Index b = row.b.front(), a = row.a.front();
                row.kind = beforeKeys_.name[b] != afterKeys_.name[a]       ? MatchKind::Related
                           : beforeKeys_.shapes[b] == afterKeys_.shapes[a] ? MatchKind::NameShapes
                                                                           : MatchKind::Name;
            }
            rows.push_back(std::move(row));
            i = g.b1;
            j = g.a1;
        }
        for (; i < sb.size(); ++i)
            rows.push_back({{sb[i]}, {}, MatchKind::None});
        for (; j < sa.size(); ++j)
            rows.push_back({{}, {sa[j]}, MatchKind::None});
        mergeFusions(rows);
        for (ProtoRow &row : rows)
            addOperatorRow(moduleRow, row);
    }

    // What the alignment left alone and a row elsewhere in the module stands for joins that row:
    // an op the other side's op names as fused into it (fused_with, a Triton kernel named after it),
    // or an op of the same family (several GEMMs that became one Triton template GEMM). The nearest
    // such row takes it.
    void mergeFusions(std::vector<ProtoRow> &rows)
    {
        auto absorbInto = [&](bool removedSide) {
            const OpKeys &own = removedSide ? beforeKeys_ : afterKeys_;
            const OpKeys &host = removedSide ? afterKeys_ : beforeKeys_;
            for (size_t r = 0; r < rows.size(); ++r) {
                ProtoRow &lone = rows[r];
                const bool isLone =
                    removedSide ? (lone.a.empty() && lone.b.size() == 1) : (lone.b.empty() && lone.a.size() == 1);
                if (!isLone)
                    continue;
                const Index op = removedSide ? lone.b.front() : lone.a.front();
                const int name = own.name[op];
                size_t best = rows.size(), bestDistance = SIZE_MAX;
                for (size_t t = 0; t < rows.size(); ++t) {
                    const std::vector<Index> &hosts = removedSide ? rows[t].a : rows[t].b;
                    const std::vector<Index> &others = removedSide ? rows[t].b : rows[t].a;
                    if (t == r || hosts.empty() || others.empty()) // only rows matched already
                        continue;
                    const bool takes = std::any_of(hosts.begin(), hosts.end(), [&](Index h) {
                        return stands(host, h, name) || sameFamily(host.name[h], name);
                    });
                    const size_t distance = t > r ? t - r : r - t;
                    if (takes && distance < bestDistance) {
                        best = t;
                        bestDistance = distance;
                    }
                }
                if (best == rows.size())
                    continue;
                std::vector<Index> &into = removedSide ? rows[best].b : rows[best].a;
                into.push_back(op);
                const Side &side = removedSide ? before_ : after_;
                std::sort(into.begin(), into.end(), [&](Index x, Index y) {
                    return side.p.operators[x].start_ns < side.p.operators[y].start_ns;
                });
                rows[best].kind = MatchKind::Fused;
                (removedSide ? lone.b : lone.a).clear();
            }
        };
        absorbInto(true);
        absorbInto(false);
        std::erase_if(rows, [](const ProtoRow &row) { return row.a.empty() && row.b.empty(); });
    }

    std::string joinedNames(const Side &side, const std::vector<Index> &ops) const
    {
        std::string out;
        for (Index o : ops) {
            if (!out.empty())
                out += " + ";
            out += side.identity[o].name;
        }
        return out;
    }

    void addOperatorRow(int moduleRow, const ProtoRow &proto)
    {
        OperatorDiffRow row;
        row.module = moduleRow;
        row.beforeOps = proto.b;
        row.afterOps = proto.a;
        row.beforeName = joinedNames(before_, proto.b);
        row.afterName = joinedNames(after_, proto.a);
        row.name = proto.a.empty() ? row.beforeName : row.afterName;
        if (!proto.b.empty())
            row.beforeShapes = before_.identity[proto.b.front()].shapes;
        if (!proto.a.empty())
            row.afterShapes = after_.identity[proto.a.front()].shapes;
        row.status = statusOf(!proto.b.empty(), !proto.a.empty());
        row.match = row.status == DiffStatus::Matched ? proto.kind : MatchKind::None;
        std::vector<Index> kb, ka;
        for (Index o : proto.b)
            kb.insert(kb.end(), before_.unitKernels[o].begin(), before_.unitKernels[o].end());
        for (Index o : proto.a)
            ka.insert(ka.end(), after_.unitKernels[o].begin(), after_.unitKernels[o].end());
        std::sort(kb.begin(), kb.end());
        std::sort(ka.begin(), ka.end());
        row.gpuTime = {before_.kernelTime(kb), after_.kernelTime(ka)};
        row.kernels = {int64_t(kb.size()), int64_t(ka.size())};
        const int index = int(d_.operators.size());
        d_.operators.push_back(std::move(row));
        matchKernels(index, kb, ka, true);
    }

    void unattributedRow()
    {
        const std::vector<Index> &kb = before_.unattributed, &ka = after_.unattributed;
        if (kb.empty() && ka.empty())
            return;
        OperatorDiffRow row;
        row.unattributed = true;
        row.name = row.beforeName = row.afterName = "(unattributed)";
        if (kb.empty())
            row.beforeName.clear();
        if (ka.empty())
            row.afterName.clear();
        row.status = statusOf(!kb.empty(), !ka.empty());
        row.match = row.status == DiffStatus::Matched ? MatchKind::Unattributed : MatchKind::None;
        row.gpuTime = {before_.unattributedTime, after_.unattributedTime};
        row.kernels = {int64_t(kb.size()), int64_t(ka.size())};
        const int index = int(d_.operators.size());
        d_.operators.push_back(std::move(row));
        matchKernels(index, kb, ka, false); // without an operator, a role says too little
    }

    // ---- Kernels ----

    void matchKernels(int opRow, const std::vector<Index> &kb, const std::vector<Index> &ka, bool byRole)
    {
        for (const KernelPair &pair : matchKernelLists(*d_.before, *d_.after, kb, ka, byRole))
            addKernelRow(opRow, pair.before, pair.after, pair.kind);
    }

    void addKernelRow(int opRow, Index b, Index a, MatchKind kind)
    {
        KernelDiffRow row;
        row.op = opRow;
        row.beforeKernel = b;
        row.afterKernel = a;
        row.status = statusOf(b != kNoIndex, a != kNoIndex);
        row.match = row.status == DiffStatus::Matched ? kind : MatchKind::None;
        row.duration = {b != kNoIndex ? d_.before->kernels[b].duration() : 0,
                        a != kNoIndex ? d_.after->kernels[a].duration() : 0};
        d_.operators[size_t(opRow)].kernelRows.push_back(int(d_.kernels.size()));
        d_.kernels.push_back(row);
    }

    // ---- Totals and groups ----

    void totals()
    {
        DiffTotals &t = d_.totals;
        t.stepGpuTime = {before_.stepTime, after_.stepTime};
        t.unattributedTime = {before_.unattributedTime, after_.unattributedTime};
        t.kernelTime = {before_.stepTime - before_.unattributedTime, after_.stepTime - after_.unattributedTime};
        t.kernels = {before_.kernels, after_.kernels};
        t.unattributedKernels = {int64_t(before_.unattributed.size()), int64_t(after_.unattributed.size())};
        t.gpuBusy = {before_.busy, after_.busy};
        t.gpuIdle = {before_.span - before_.busy, after_.span - after_.busy};
        t.outsideTime = {before_.outsideTime, after_.outsideTime};
        t.outsideKernels = {before_.outsideKernels, after_.outsideKernels};
        t.operators = {int64_t(before_.stepUnits), int64_t(after_.stepUnits)};
        const auto before = referenceTiming(*d_.before), after = referenceTiming(*d_.after);
        t.referenceStep = {before ? before->referenceNs : 0, after ? after->referenceNs : 0};
        t.capturedStep = {before ? before->capturedNs : 0, after ? after->capturedNs : 0};
        for (const ModuleDiffRow &m : d_.modules)
            ++(m.status == DiffStatus::Matched ? t.matchedModules
               : m.status == DiffStatus::Added ? t.addedModules
                                               : t.removedModules);
        for (const OperatorDiffRow &o : d_.operators)
            ++(o.status == DiffStatus::Matched ? t.matchedOperatorRows
               : o.status == DiffStatus::Added ? t.addedOperatorRows
                                               : t.removedOperatorRows);
        for (const KernelDiffRow &k : d_.kernels)
            ++(k.status == DiffStatus::Matched ? t.matchedKernels
               : k.status == DiffStatus::Added ? t.addedKernels
                                               : t.removedKernels);
    }

    void groups()
    {
        auto fill = [](GroupDiffRow &row, const DedupGroup &g, bool isBefore) {
            int64_t total = 0;
            for (int64_t v : g.gpuTimePerMember)
                total += v;
            (isBefore ? row.members.before : row.members.after) = int64_t(g.members.size());
            (isBefore ? row.total.before : row.total.after) = total;
            (isBefore ? row.median.before : row.median.after) = g.medianTime();
            (isBefore ? row.min.before : row.min.after) = g.minTime();
            (isBefore ? row.max.before : row.max.after) = g.maxTime();
        };
        std::map<std::string, size_t> rowOf;
        for (const DedupGroup &g : d_.afterTree.groups) {
            GroupDiffRow row;
            row.name = g.name;
            row.className = g.className;
            row.status = DiffStatus::Added;
            fill(row, g, false);
            rowOf[g.name] = d_.groups.size();
            d_.groups.push_back(row);
        }
        for (const DedupGroup &g : d_.beforeTree.groups) {
            auto it = rowOf.find(g.name);
            if (it == rowOf.end()) {
                GroupDiffRow row;
                row.name = g.name;
                row.className = g.className;
                row.status = DiffStatus::Removed;
                fill(row, g, true);
                d_.groups.push_back(row);
                continue;
            }
            d_.groups[it->second].status = DiffStatus::Matched;
            fill(d_.groups[it->second], g, true);
        }
    }

    ProfileDiff &d_;
    Side before_;
    Side after_;
    std::vector<int> matchOfBefore_, matchOfAfter_;
    std::vector<MatchKind> moduleKind_;
    std::unordered_map<std::string, int> nameIds_;
    std::vector<int> familyOfName_;
    std::vector<std::string> names_;
    OpKeys beforeKeys_, afterKeys_;
};

} // namespace

ProfileDiff diffProfiles(const Profile &before, const Profile &after, const DiffOptions &options)
{
    ProfileDiff diff;
    diff.before = &before;
    diff.after = &after;
    diff.extraBeforeRuns = options.extraBeforeRuns;
    diff.beforeRuns = 1 + options.extraBeforeRuns.size();
    diff.beforeTree = buildModuleTree(before);
    diff.afterTree = buildModuleTree(after);
    DiffBuilder builder(diff, options);
    builder.run();
    addRunStatistics(diff, options);
    return diff;
}

} // namespace opscope
