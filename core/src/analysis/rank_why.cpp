// Why the straggler is late (ranks.h: WhyLate, docs/ranks.md "Why the straggler is late"): its compute
// before the collectives where it arrived last against the median rank's, per module, per group of
// identical layers and per operator.
#include "analysis/rank_detail.h"

#include "opscope/module_tree.h"

#include <algorithm>
#include <set>

namespace opscope::rankdetail {

namespace {

// Groups of identical layers for the why rows: the module tree's (structure and kernels, or the
// launcher's partition map); a profile whose tree finds none (a CPU trace has no kernels to compare
// layers by) groups numbered sibling modules of one class, named by their common pattern ("blocks.*").
std::vector<std::pair<std::string, std::vector<int>>> layerGroups(const ModuleTree &tree)
{
    std::vector<std::pair<std::string, std::vector<int>>> out;
    for (const DedupGroup &g : tree.groups)
        if (g.members.size() >= 2)
            out.emplace_back(g.name, g.members);
    if (!out.empty())
        return out;
    // Numbered siblings (a ModuleList's "blocks.0", "blocks.1"), not two named fields of one class
    // ("fc1", "fc2"), which need not do the same work.
    const auto numbered = [&](int node) {
        const std::string &path = tree.nodes[node].path;
        const size_t dot = path.rfind('.');
        const std::string_view last = std::string_view(path).substr(dot == std::string::npos ? 0 : dot + 1);
        return !last.empty() && std::all_of(last.begin(), last.end(), [](char c) { return c >= '0' && c <= '9'; });
    };
    for (const ModuleNode &parent : tree.nodes) {
        std::map<std::string, std::vector<int>> byClass;
        for (int child : parent.children)
            if (!tree.nodes[child].phase && numbered(child))
                byClass[tree.nodes[child].className].push_back(child);
        for (auto &[cls, members] : byClass) {
            if (members.size() < 2)
                continue;
            std::vector<std::string> paths;
            for (int m : members)
                paths.push_back(tree.nodes[m].path);
            out.emplace_back(groupPattern(paths), members);
        }
    }
    return out;
}

// The launch order of a rank's collectives (their kernels' correlation ids, sorted), where every one of
// them and every compute item of the rank has one; empty otherwise (CPU ranks, sources without ids).
std::map<int, std::vector<uint32_t>> launchOrders(const Profile &p, const RankReport &report,
                                                  const std::map<int, std::vector<ComputeItem>> &items)
{
    std::map<int, std::vector<uint32_t>> out;
    std::set<int> unknown;
    for (const Collective &c : report.collectives) {
        if (!c.matchable)
            continue;
        const uint32_t id = c.kernel == kNoIndex ? 0 : p.kernels[c.kernel].correlation_id;
        if (id == 0)
            unknown.insert(c.rank);
        else
            out[c.rank].push_back(id);
    }
    for (const auto &[rank, list] : items)
        if (std::any_of(list.begin(), list.end(), [](const ComputeItem &i) { return i.launchOrder == 0; }))
            unknown.insert(rank);
    for (int rank : unknown)
        out.erase(rank);
    for (auto &[rank, list] : out)
        std::sort(list.begin(), list.end());
    return out;
}

} // namespace

WhyLate whyLate(const Profile &p, const RankReport &report, const std::map<int, std::vector<ComputeItem>> &items)
{
    WhyLate why;
    why.straggler = report.straggler;
    // Named from its plain work (rank_analysis.cpp): it arrived last at none, so its compute before every
    // collective of the step is what the others would wait for.
    why.fromPlainWork = report.instrumentedLast >= 0;
    // "Before a collective" on a rank is the work it launched after its previous collective and before
    // this one (launch order): a rank that arrives early keeps computing while it waits, and that work,
    // run during the collective, is still the work it did before the next one. Where a rank has no launch
    // order (CPU ranks), the time from its previous collective's end to this one's start.
    const std::map<int, std::vector<uint32_t>> orders = launchOrders(p, report, items);
    std::map<int, std::vector<int64_t>> ends;
    std::map<int, int64_t> firstActivity;
    for (const Collective &c : report.collectives)
        if (c.matchable)
            ends[c.rank].push_back(c.end_ns);
    for (auto &[rank, list] : ends)
        std::sort(list.begin(), list.end());
    for (const auto &[rank, list] : items)
        for (const ComputeItem &item : list)
            if (!firstActivity.contains(rank) || item.start_ns < firstActivity[rank])
                firstActivity[rank] = item.start_ns;
    std::map<int, Intervals> windows; // rank -> time windows, or launch-order windows (ids as numbers)
    for (const MatchedCollective &m : report.matched) {
        if (m.lastArrival != report.straggler && !why.fromPlainWork)
            continue;
        ++why.collectives;
        for (size_t i : m.members) {
            const Collective &c = report.collectives[i];
            if (const auto o = orders.find(c.rank); o != orders.end()) {
                const uint32_t id = p.kernels[c.kernel].correlation_id;
                const auto at = std::lower_bound(o->second.begin(), o->second.end(), id);
                windows[c.rank].emplace_back(at == o->second.begin() ? 0 : int64_t(*std::prev(at)) + 1, id);
                continue;
            }
            const std::vector<int64_t> &e = ends[c.rank];
            const auto it = std::upper_bound(e.begin(), e.end(), c.start_ns);
            const int64_t from =
                it == e.begin()
                    ? std::min(c.start_ns, firstActivity.contains(c.rank) ? firstActivity[c.rank] : c.start_ns)
                    : *std::prev(it);
            windows[c.rank].emplace_back(from, c.start_ns);
        }
    }
    if (why.collectives == 0)
        return why;

    // Compute inside the windows, per module instance (kNoIndex: outside every module), per rank.
    struct Time {
        int64_t total = 0, backward = 0;
    };
    std::map<int, std::map<Index, Time>> byModule;
    std::map<int, std::map<std::string, Time>> byOperator; // the operator's name ("(no operator)" without one)
    std::map<int, int64_t> totals;
    for (auto &[rank, list] : windows) {
        list = unite(std::move(list));
        const auto it = items.find(rank);
        if (it == items.end())
            continue;
        const bool byLaunch = orders.contains(rank);
        for (const ComputeItem &item : it->second) {
            const int64_t t =
                byLaunch
                    ? (clippedTo(list, item.launchOrder, item.launchOrder + 1) > 0 ? item.end_ns - item.start_ns : 0)
                    : clippedTo(list, item.start_ns, item.end_ns);
            if (t <= 0)
                continue;
            for (Time *m : {&byModule[rank][item.module],
                            &byOperator[rank][item.op == kNoIndex ? std::string("(no operator)")
                                                                  : std::string(p.text(p.operators[item.op].name))]}) {
                m->total += t;
                if (item.backward)
                    m->backward += t;
            }
            totals[rank] += t;
        }
    }
    std::vector<std::pair<int64_t, int>> others;
    for (const auto &[rank, list] : windows)
        if (rank != report.straggler)
            others.emplace_back(totals[rank], rank);
    if (others.empty())
        return why;
    std::sort(others.begin(), others.end());
    why.medianRank = others[(others.size() - 1) / 2].second;
    why.stragglerComputeNs = totals[why.straggler];
    why.medianComputeNs = totals[why.medianRank];
    for (const RankBreakdown &b : report.ranks)
        if (b.rank == why.straggler) {
            why.steps = b.steps;
            why.causedWaitPerStepNs = b.steps ? b.causedStepWaitNs / int64_t(b.steps) : b.causedStepWaitNs;
            if (why.fromPlainWork)
                why.causedWaitPerStepNs = std::max<int64_t>(0, why.stragglerComputeNs - why.medianComputeNs) /
                                          std::max<int64_t>(1, int64_t(b.steps));
        }

    // Per module node (its calls and its submodules'), on both ranks.
    const ModuleTree tree = buildModuleTree(p);
    std::vector<WhyRow> nodes(tree.nodes.size());
    WhyRow outside;
    outside.name = "(outside modules)";
    for (int side = 0; side < 2; ++side) {
        const int rank = side == 0 ? why.straggler : why.medianRank;
        for (const auto &[module, time] : byModule[rank]) {
            int node = tree.nodeOf(module);
            if (node < 0) {
                (side == 0 ? outside.stragglerNs : outside.medianNs) += time.total;
                (side == 0 ? outside.stragglerBackwardNs : outside.medianBackwardNs) += time.backward;
                continue;
            }
            for (; node >= 0; node = tree.nodes[node].parent) {
                (side == 0 ? nodes[node].stragglerNs : nodes[node].medianNs) += time.total;
                (side == 0 ? nodes[node].stragglerBackwardNs : nodes[node].medianBackwardNs) += time.backward;
            }
        }
    }
    const auto byExtra = [](const WhyRow &a, const WhyRow &b) {
        return a.extraNs() != b.extraNs() ? a.extraNs() > b.extraNs() : a.name < b.name;
    };
    for (size_t n = 0; n < tree.nodes.size(); ++n) {
        nodes[n].name = tree.nodes[n].path;
        nodes[n].className = tree.nodes[n].className;
        if (nodes[n].stragglerNs > 0 || nodes[n].medianNs > 0)
            why.modules.push_back(nodes[n]);
    }
    if (outside.stragglerNs > 0 || outside.medianNs > 0)
        why.modules.push_back(outside);
    std::sort(why.modules.begin(), why.modules.end(), byExtra);
    for (const auto &[name, members] : layerGroups(tree)) {
        WhyRow g;
        g.name = name;
        g.className = tree.nodes[members.front()].className;
        g.group = true;
        g.members = members.size();
        for (int m : members) {
            g.stragglerNs += nodes[m].stragglerNs;
            g.medianNs += nodes[m].medianNs;
            g.stragglerBackwardNs += nodes[m].stragglerBackwardNs;
            g.medianBackwardNs += nodes[m].medianBackwardNs;
        }
        if (g.stragglerNs > 0 || g.medianNs > 0)
            why.groups.push_back(g);
    }
    std::sort(why.groups.begin(), why.groups.end(), byExtra);
    // Per operator name: what a profile without modules is explained by.
    std::map<std::string, WhyRow> ops;
    for (int side = 0; side < 2; ++side)
        for (const auto &[name, time] : byOperator[side == 0 ? why.straggler : why.medianRank]) {
            WhyRow &row = ops[name];
            row.name = name;
            (side == 0 ? row.stragglerNs : row.medianNs) += time.total;
            (side == 0 ? row.stragglerBackwardNs : row.medianBackwardNs) += time.backward;
        }
    for (auto &[name, row] : ops)
        why.operators.push_back(std::move(row));
    std::sort(why.operators.begin(), why.operators.end(), byExtra);
    return why;
}

} // namespace opscope::rankdetail
