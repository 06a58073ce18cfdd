// The ranks of one Nsight Systems report of several processes (a single session over a whole job:
// `nsys profile torchrun --nproc-per-node N train.py`). Each process that launched kernels becomes a
// rank: its threads and its GPUs carry the rank (Thread::rank, Device::rank), as a job's per-rank
// reports do once merged (docs/ranks.md). One session shares one clock, so nothing is shifted.
//
// Where the rank comes from, best first:
//  1. NCCL's own NVTX payloads: NCCL >= 2.19 opens a range around ncclCommInitRank(Config) whose
//     payload names the communicator, its size, the process's rank in it and its CUDA device. nsys
//     exports the decoded payload as NVTX_EVENTS.jsonText with `nsys export --include-json true` only
//     (the default export leaves it out). The rank in the process's largest communicator is its rank
//     in the job.
//  2. Without payloads, the GPU each process drove: torchrun and srun give local rank N the GPU N on
//     one node, so the processes ordered by their GPU are the ranks. A convention, said in a warning.
// The same payloads give NCCL's kernels their message size and communicator (the range around the
// call that launched them), as comm.* counters that collectivesOf reads.
#include "import/nsys/nsys_sqlite_internal.h"
#include "opscope/json_input.h"
#include "opscope/metadata_keys.h"
#include "opscope/ranks.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>
#include <unordered_map>

namespace opscope::importers::nsys {

namespace {

struct CommInit {
    uint64_t comm = 0;
    int ranks = 0;
    int rank = -1;
    int device = -1;
};

// An NCCL collective call on a thread, with its payload.
struct NcclCall {
    int64_t start = 0;
    int64_t end = 0;
    Index thread = kNoIndex;
    uint64_t comm = 0;
    uint64_t bytes = 0; // NCCL's "Message size [bytes]": what one rank sends (all-gather) or keeps (reduce-scatter)
};

struct NcclPayloads {
    std::map<int64_t, std::vector<CommInit>> initsByPid;
    std::vector<NcclCall> calls; // by start
    size_t unreadable = 0;
};

uint64_t asUnsigned(const nlohmann::json &v)
{
    return v.is_number_unsigned() ? v.get<uint64_t>() : v.is_number_integer() ? uint64_t(v.get<int64_t>()) : 0;
}

int asInt(const nlohmann::json &v, int fallback)
{
    return v.is_number_integer() ? int(v.get<int64_t>()) : fallback;
}

NcclPayloads readNcclPayloads(sql::Database &db, const TableSet &tables,
                              const std::function<Index(int64_t globalTid)> &findThread)
{
    NcclPayloads out;
    if (!tables.has("NVTX_EVENTS"))
        return out;
    const TableColumns columns(db, "NVTX_EVENTS");
    if (!columns.has("jsonText") && !columns.has("jsonTextId"))
        return out;
    // The payload inline (jsonText) or, in exports that share repeated blocks, by StringIds id.
    const std::string json = columns.has("jsonText") && columns.has("jsonTextId") ? "coalesce(n.jsonText, j.value)"
                             : columns.has("jsonText")                            ? "n.jsonText"
                                                                                  : "j.value";
    const std::string label = columns.has("text") ? "coalesce(n.text, s.value)" : "s.value";
    std::string sql =
        "SELECT n.start, n.end, n.globalTid, " + json + " FROM NVTX_EVENTS n LEFT JOIN StringIds s ON n.textId = s.id";
    if (columns.has("jsonTextId"))
        sql += " LEFT JOIN StringIds j ON n.jsonTextId = j.id";
    sql += " WHERE " + json + " IS NOT NULL AND " + label + " LIKE 'nccl%' ORDER BY n.start";
    sql::Statement st(db, sql);
    while (st.step()) {
        nlohmann::json payload;
        try {
            payload = parseJsonInput(st.columnText(3));
        } catch (const nlohmann::json::exception &) {
        }
        if (!payload.is_object()) {
            ++out.unreadable;
            continue;
        }
        const int64_t globalTid = st.columnInt(2);
        const uint64_t comm =
            payload.contains("NCCL communicator ID") ? asUnsigned(payload["NCCL communicator ID"]) : 0;
        if (payload.contains("Rank") && payload.contains("No. of ranks")) {
            CommInit init;
            init.comm = comm;
            init.ranks = asInt(payload["No. of ranks"], 0);
            init.rank = asInt(payload["Rank"], -1);
            init.device = payload.contains("CUDA device") ? asInt(payload["CUDA device"], -1) : -1;
            if (init.rank >= 0 && init.ranks > 0)
                out.initsByPid[pidOf(globalTid)].push_back(init);
            continue;
        }
        if (payload.contains("Message size [bytes]") && !st.columnIsNull(1)) {
            NcclCall call;
            call.start = st.columnInt(0);
            call.end = st.columnInt(1);
            call.thread = findThread(globalTid);
            call.comm = comm;
            call.bytes = asUnsigned(payload["Message size [bytes]"]);
            if (call.thread != kNoIndex)
                out.calls.push_back(call);
        }
    }
    return out;
}

// The rank in the largest communicator a process joined: its rank in the job.
const CommInit *worldInit(const std::vector<CommInit> &inits)
{
    const CommInit *best = nullptr;
    for (const CommInit &i : inits)
        if (!best || i.ranks > best->ranks)
            best = &i;
    return best;
}

std::string commText(uint64_t comm)
{
    char text[32];
    std::snprintf(text, sizeof text, "nccl:%08llx", static_cast<unsigned long long>(comm >> 32));
    return text;
}

// comm.bytes (nccl-tests' size), comm.group_size and comm.process_group on each NCCL kernel launched
// inside an NCCL call's range on its thread.
void giveKernelsTheirCalls(Profile &p, const NcclPayloads &payloads, const std::map<uint64_t, int> &commSizes)
{
    if (payloads.calls.empty())
        return;
    std::map<Index, std::vector<const NcclCall *>> callsOfThread;
    for (const NcclCall &c : payloads.calls)
        callsOfThread[c.thread].push_back(&c);
    // The launching API call of each NCCL kernel, by (pid, correlation id): only those keys are kept.
    const auto key = [](int64_t pid, uint32_t correlation) { return (uint64_t(pid) << 32) | correlation; };
    std::unordered_map<uint64_t, const ApiCall *> launchOf;
    for (const Kernel &kernel : p.kernels)
        if (kernel.launch_thread != kNoIndex && isNcclKernelName(p.text(kernel.name)))
            launchOf.emplace(key(p.threads[kernel.launch_thread].pid, kernel.correlation_id), nullptr);
    for (const ApiCall &a : p.api_calls)
        if (a.correlation_id != 0 && a.thread != kNoIndex)
            if (auto it = launchOf.find(key(p.threads[a.thread].pid, a.correlation_id)); it != launchOf.end())
                it->second = &a;
    const Index mBytes = p.metricId("comm.bytes", "byte"), mSize = p.metricId("comm.group_size", ""),
                mGroup = p.metricId("comm.process_group", "");
    for (Index k = 0; k < p.kernels.size(); ++k) {
        const Kernel &kernel = p.kernels[k];
        if (kernel.launch_thread == kNoIndex || !isNcclKernelName(p.text(kernel.name)))
            continue;
        auto launch = launchOf.find(key(p.threads[kernel.launch_thread].pid, kernel.correlation_id));
        if (launch == launchOf.end() || !launch->second)
            continue;
        const ApiCall &a = *launch->second;
        auto calls = callsOfThread.find(a.thread);
        if (calls == callsOfThread.end())
            continue;
        // The innermost (latest-starting) call open at the launch.
        const NcclCall *call = nullptr;
        for (const NcclCall *c : calls->second) {
            if (c->start > a.start_ns)
                break;
            if (c->end >= a.start_ns)
                call = c;
        }
        if (!call)
            continue;
        const auto size = commSizes.find(call->comm);
        const int ranks = size == commSizes.end() ? 0 : size->second;
        const CollectiveKind kind = collectiveKindOf(p.text(kernel.name));
        // NCCL's message size is one rank's share for these two; nccl-tests' size is the whole buffer.
        const bool share = kind == CollectiveKind::AllGather || kind == CollectiveKind::ReduceScatter;
        const uint64_t bytes = share && ranks > 0 ? call->bytes * uint64_t(ranks) : call->bytes;
        p.kernel_counters.push_back({k, mBytes, double(bytes), kNoString, 0});
        if (ranks > 0)
            p.kernel_counters.push_back({k, mSize, double(ranks), kNoString, 0});
        p.kernel_counters.push_back({k, mGroup, 0.0, p.intern(commText(call->comm)), 0});
    }
}

} // namespace

void assignProcessRanks(sql::Database &db, const TableSet &tables, Profile &p,
                        const std::function<Index(int64_t globalTid)> &findThread)
{
    // The processes that launched kernels, and the GPUs each drove.
    std::map<int64_t, std::set<int32_t>> devicesOfPid;
    for (const Kernel &k : p.kernels)
        if (k.launch_thread != kNoIndex)
            devicesOfPid[p.threads[k.launch_thread].pid].insert(k.device);
    // The host the report was made on: a node of a job, when reports of several nodes open together.
    if (tables.has("TARGET_INFO_SYSTEM_ENV")) {
        sql::Statement st(db, "SELECT value FROM TARGET_INFO_SYSTEM_ENV WHERE name = 'Hostname' LIMIT 1");
        if (st.step() && !st.columnIsNull(0) && !st.columnText(0).empty())
            p.setMetadata(kHostKey, std::string(st.columnText(0)));
    }
    if (devicesOfPid.size() == 1) {
        // One process: one rank's own report (`nsys profile` per rank, or a node's report split per process).
        // NCCL's payloads still say which rank it is, and give its collectives their sizes and groups.
        const NcclPayloads payloads = readNcclPayloads(db, tables, findThread);
        const auto inits = payloads.initsByPid.find(devicesOfPid.begin()->first);
        if (inits == payloads.initsByPid.end())
            return;
        const CommInit *init = worldInit(inits->second);
        p.setMetadata(kRankKey, std::to_string(init->rank));
        p.setMetadata(kWorldSizeKey, std::to_string(init->ranks));
        p.setMetadata(kRankSourceKey, "nccl");
        std::map<uint64_t, int> commSizes;
        for (const CommInit &i : inits->second)
            commSizes[i.comm] = std::max(commSizes[i.comm], i.ranks);
        giveKernelsTheirCalls(p, payloads, commSizes);
        return;
    }
    if (devicesOfPid.empty())
        return;
    std::map<int32_t, int64_t> pidOfDevice;
    for (const auto &[pid, devices] : devicesOfPid)
        for (int32_t d : devices)
            if (!pidOfDevice.emplace(d, pid).second) {
                p.warnings.push_back(std::to_string(devicesOfPid.size()) +
                                     " processes launched kernels, and two of them on GPU " + std::to_string(d) +
                                     ": they are not told apart as ranks");
                return;
            }

    const NcclPayloads payloads = readNcclPayloads(db, tables, findThread);
    std::map<int64_t, int> rankOfPid;
    int worldSize = 0;
    std::string source;
    bool fromNccl = true;
    for (const auto &[pid, devices] : devicesOfPid) {
        auto inits = payloads.initsByPid.find(pid);
        const CommInit *init = inits == payloads.initsByPid.end() ? nullptr : worldInit(inits->second);
        if (!init) {
            fromNccl = false;
            break;
        }
        rankOfPid[pid] = init->rank;
        worldSize = std::max(worldSize, init->ranks);
    }
    std::set<int> distinct;
    for (const auto &[pid, rank] : rankOfPid)
        distinct.insert(rank);
    if (fromNccl && distinct.size() == rankOfPid.size()) {
        source = "nccl";
    } else {
        // The convention: ordered by the first GPU each drove, the processes are ranks 0, 1, ...
        rankOfPid.clear();
        std::vector<std::pair<int32_t, int64_t>> byDevice;
        for (const auto &[pid, devices] : devicesOfPid)
            byDevice.emplace_back(*devices.begin(), pid);
        std::sort(byDevice.begin(), byDevice.end());
        std::string told;
        for (size_t i = 0; i < byDevice.size(); ++i) {
            rankOfPid[byDevice[i].second] = int(i);
            told += (told.empty() ? "" : ", ") + std::string("process ") + std::to_string(byDevice[i].second) +
                    " on GPU " + std::to_string(byDevice[i].first) + " as rank " + std::to_string(i);
        }
        worldSize = int(byDevice.size());
        source = "gpu";
        p.warnings.push_back(
            std::to_string(byDevice.size()) +
            " processes launched kernels; their ranks are taken from the GPU each drove (" + told +
            "), as torchrun gives local rank N the GPU N: this export holds no NCCL rank payloads. Export the "
            "report with `nsys export --type sqlite --include-json true` for the ranks NCCL itself reports "
            "(NCCL 2.19 or newer)");
    }

    for (Thread &t : p.threads)
        if (auto it = rankOfPid.find(t.pid); it != rankOfPid.end())
            t.rank = it->second;
    for (Device &d : p.devices)
        if (auto it = pidOfDevice.find(d.id); it != pidOfDevice.end())
            d.rank = rankOfPid[it->second];
    for (const auto &[deviceId, pid] : pidOfDevice) // a GPU the export does not describe still gets its rank
        if (std::none_of(p.devices.begin(), p.devices.end(),
                         [id = deviceId](const Device &d) { return d.id == id; })) { // clang 14: no binding captured
            Device d;
            d.id = deviceId;
            d.rank = rankOfPid[pid];
            p.devices.push_back(d);
        }
    std::set<int> rankSet;
    for (const auto &[pid, rank] : rankOfPid)
        rankSet.insert(rank);
    std::string ranks;
    for (int r : rankSet)
        ranks += (ranks.empty() ? "" : ",") + std::to_string(r);
    p.setMetadata(kRanksKey, ranks);
    p.setMetadata(kWorldSizeKey, std::to_string(worldSize));
    p.setMetadata(kRankSourceKey, source);
    if (source == "nccl" && int(rankOfPid.size()) < worldSize)
        p.warnings.push_back(std::to_string(rankOfPid.size()) + " of " + std::to_string(worldSize) +
                             " ranks are in this report (ranks " + ranks +
                             "); the others ran elsewhere (another node's session)");

    std::map<uint64_t, int> commSizes;
    for (const auto &[pid, inits] : payloads.initsByPid)
        for (const CommInit &i : inits)
            commSizes[i.comm] = std::max(commSizes[i.comm], i.ranks);
    giveKernelsTheirCalls(p, payloads, commSizes);
    if (payloads.unreadable)
        p.warnings.push_back("NVTX_EVENTS: " + std::to_string(payloads.unreadable) +
                             " NCCL payloads are not JSON objects and were skipped");
}

} // namespace opscope::importers::nsys
