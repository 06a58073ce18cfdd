// Kernels replayed from CUDA graphs (nsys --cuda-graph-trace=node). Each replayed kernel names the
// graph node it ran (CUPTI_ACTIVITY_KIND_KERNEL.graphNodeId) and carries the correlation id of the
// replay (cudaGraphLaunch), under which no operator runs. CUDA_GRAPH_NODE_EVENTS holds each node's
// creation: the nodes of an instantiated graph are clones (originalGraphNodeId) of the nodes made
// while the graph was captured, and those were made inside the API call that the captured code issued
// (cudaLaunchKernel, cudaMemsetAsync ...) on the capturing thread, where the operator and module
// ranges were open. That call is the kernel's launch for attribution (Profile::graph_node_launches).
#include "import/nsys/nsys_sqlite_internal.h"

#include <algorithm>
#include <unordered_map>

namespace opscope::importers::nsys {

namespace {

constexpr WantedColumn kNodeColumns[] = {
    {"start", nullptr}, {"globalTid", "0"}, {"graphNodeId", nullptr}, {"originalGraphNodeId", "NULL"}};

struct NodeCreation {
    int64_t time = 0;
    int64_t globalTid = 0;
    int64_t original = -1; // the node it was cloned from; -1 for a node made by capture or by hand
};

// Calls in which a node is made from another graph's node rather than from the code being captured:
// a node whose chain of originals ends in one of these was captured before the report began.
bool clonesNodes(std::string_view api)
{
    return api.find("GraphInstantiate") != std::string_view::npos ||
           api.find("GraphExecUpdate") != std::string_view::npos || api.find("GraphClone") != std::string_view::npos;
}

} // namespace

void linkGraphNodeLaunches(sql::Database &db, const TableSet &tables, Profile &p,
                           const std::vector<std::pair<Index, int64_t>> &kernelNodes,
                           const std::function<Index(int64_t globalTid)> &findThread)
{
    if (kernelNodes.empty())
        return;
    std::unordered_map<int64_t, NodeCreation> nodes;
    if (tables.has("CUDA_GRAPH_NODE_EVENTS")) {
        const TableColumns columns(db, "CUDA_GRAPH_NODE_EVENTS");
        sql::Statement st(db, "SELECT " + columns.selectList(kNodeColumns) + " FROM CUDA_GRAPH_NODE_EVENTS");
        // cudaGraphInstantiate records each node of the executable graph twice (nsys 2025.3): once
        // without and once with the captured node it was cloned from. The clone's link wins.
        while (st.step()) {
            const NodeCreation made{st.columnInt(0), st.columnInt(1), st.columnIsNull(3) ? -1 : st.columnInt(3)};
            auto [it, added] = nodes.try_emplace(st.columnInt(2), made);
            if (!added && it->second.original < 0 && made.original >= 0)
                it->second = made;
        }
    }

    // API calls per thread in start order (p.api_calls is sorted by start), for the threads asked about.
    std::unordered_map<Index, std::vector<Index>> callsOf;
    const auto enclosingCall = [&](Index thread, int64_t time) -> Index {
        auto [it, added] = callsOf.try_emplace(thread);
        if (added)
            for (Index a = 0; a < p.api_calls.size(); ++a)
                if (p.api_calls[a].thread == thread)
                    it->second.push_back(a);
        const std::vector<Index> &calls = it->second;
        auto after = std::upper_bound(calls.begin(), calls.end(), time,
                                      [&](int64_t t, Index a) { return t < p.api_calls[a].start_ns; });
        // The innermost call that started at or before `time` and is still running (driver calls nest
        // in runtime calls; either sees the same ranges).
        for (int looked = 0; after != calls.begin() && looked < 4; ++looked)
            if (const ApiCall &call = p.api_calls[*--after]; call.end_ns >= time)
                return *after;
        return kNoIndex;
    };

    size_t unresolved = 0;
    for (const auto &[kernel, node] : kernelNodes) {
        auto at = nodes.find(node);
        for (int hops = 0; at != nodes.end() && at->second.original >= 0 && hops < 16; ++hops) {
            auto original = nodes.find(at->second.original);
            if (original == nodes.end())
                break;
            at = original;
        }
        Index call = kNoIndex;
        if (at != nodes.end())
            if (const Index thread = findThread(at->second.globalTid); thread != kNoIndex)
                call = enclosingCall(thread, at->second.time);
        if (call == kNoIndex || clonesNodes(p.text(p.api_calls[call].name))) {
            ++unresolved;
            continue;
        }
        p.graph_node_launches.push_back({kernel, call});
    }
    std::sort(p.graph_node_launches.begin(), p.graph_node_launches.end(),
              [](const GraphNodeLaunch &a, const GraphNodeLaunch &b) { return a.kernel < b.kernel; });
    if (unresolved)
        p.warnings.push_back(
            std::to_string(unresolved) + " of " + std::to_string(kernelNodes.size()) +
            " kernels replayed from CUDA graphs have no capture of their graph node in the report (the graph was "
            "captured before nsys began, or CUDA_GRAPH_NODE_EVENTS is missing): they are attributed where the "
            "graph was launched, not where the kernel was captured");
}

} // namespace opscope::importers::nsys
