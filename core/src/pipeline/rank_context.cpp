// Which rank a capture runs as, where it writes its part, and the torchrun / srun launch of all ranks.
#include "opscope/pipeline/rank_capture.h"

#include "opscope/command_line.h"
#include "opscope/file_util.h"
#include "opscope/pipeline/run_folder.h"
#include "opscope/pipeline/tools.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <unistd.h>

namespace opscope::pipeline {

namespace {

const char *lookup(const GetEnv &getenv, const char *name)
{
    const char *value = getenv ? getenv(name) : std::getenv(name);
    return value && *value ? value : nullptr;
}

// A non-negative decimal integer, or -1.
int number(const char *text)
{
    if (!text || !*text || std::string_view(text).find_first_not_of("0123456789") != std::string_view::npos ||
        std::string_view(text).size() > 9)
        return -1;
    return std::atoi(text);
}

} // namespace

std::string RankContext::partName() const
{
    std::string h = host.empty() ? std::string("host") : host;
    for (char &c : h)
        if (c == '/' || c == ' ' || c == '\t')
            c = '_';
    return "rank" + std::to_string(rank) + ".local" + std::to_string(std::max(localRank, 0)) + "." + h;
}

RankContext rankContextFromEnvironment(const GetEnv &getenv)
{
    RankContext c;
    c.host = hostName();
    if (const int rank = number(lookup(getenv, "RANK")); rank >= 0) {
        // torchrun's workers (and anything launched the way it does it).
        c.rank = rank;
        c.localRank = number(lookup(getenv, "LOCAL_RANK"));
        c.worldSize = std::max(1, number(lookup(getenv, "WORLD_SIZE")));
        c.engine = "torchrun";
        if (const char *id = lookup(getenv, "TORCHELASTIC_RUN_ID"); id && std::string_view(id) != "none")
            c.runId = id;
        // torchrun inside an srun step: the step names the run.
        if (c.runId.empty())
            if (const char *job = lookup(getenv, "SLURM_JOB_ID"))
                if (const char *step = lookup(getenv, "SLURM_STEP_ID"))
                    c.runId = std::string("slurm-") + job + "." + step;
        return c;
    }
    // An srun task: a step id says it is one (a batch script has SLURM_PROCID 0 of the whole job, and no
    // step of its own).
    const int step = number(lookup(getenv, "SLURM_STEP_ID"));
    const int procid = number(lookup(getenv, "SLURM_PROCID"));
    if (step < 0 || procid < 0)
        return c;
    c.rank = procid;
    c.localRank = number(lookup(getenv, "SLURM_LOCALID"));
    int tasks = number(lookup(getenv, "SLURM_STEP_NUM_TASKS"));
    if (tasks < 0)
        tasks = number(lookup(getenv, "SLURM_NTASKS"));
    c.worldSize = std::max(1, tasks);
    c.engine = "slurm";
    if (const char *job = lookup(getenv, "SLURM_JOB_ID"))
        c.runId = std::string("slurm-") + job + "." + std::to_string(step);
    return c;
}

std::map<std::string, std::string> slurmTorchEnvironment(const RankContext &rank, const GetEnv &getenv,
                                                         const std::string &masterHost)
{
    std::map<std::string, std::string> env;
    if (rank.engine != "slurm" || !rank.distributed())
        return env;
    const auto setIfMissing = [&](const char *name, const std::string &value) {
        if (!lookup(getenv, name) && !value.empty())
            env[name] = value;
    };
    setIfMissing("RANK", std::to_string(rank.rank));
    setIfMissing("WORLD_SIZE", std::to_string(rank.worldSize));
    setIfMissing("LOCAL_RANK", std::to_string(std::max(rank.localRank, 0)));
    const char *perNode = lookup(getenv, "SLURM_STEP_TASKS_PER_NODE"); // "2" or "2(x3)" or "2,1"
    if (perNode && number(std::string(perNode).substr(0, std::string(perNode).find_first_of("(,")).c_str()) > 0)
        setIfMissing("LOCAL_WORLD_SIZE", std::string(perNode).substr(0, std::string(perNode).find_first_of("(,")));
    const int nodes = number(lookup(getenv, "SLURM_STEP_NUM_NODES"));
    setIfMissing("MASTER_ADDR", nodes == 1 ? std::string("127.0.0.1") : masterHost);
    // One port per job step, in the range above the well-known and below the ephemeral ports.
    const int job = std::max(0, number(lookup(getenv, "SLURM_JOB_ID")));
    const int step = std::max(0, number(lookup(getenv, "SLURM_STEP_ID")));
    setIfMissing("MASTER_PORT", std::to_string(15000 + (job * 7 + step) % 15000));
    return env;
}

int rankOfPartName(const std::string &name)
{
    if (name.rfind("rank", 0) != 0)
        return -1;
    const size_t dot = name.find('.', 4);
    if (dot == std::string::npos)
        return -1;
    return number(name.substr(4, dot - 4).c_str());
}

std::vector<std::string> rankParts(const std::string &runDir)
{
    namespace fs = std::filesystem;
    std::vector<std::pair<int, std::string>> parts;
    std::error_code ec;
    for (fs::directory_iterator it(runDir, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        // A part is a folder of the run, not a link to one elsewhere (a run folder someone sent).
        if (!it->is_symlink(ec) && it->is_directory(ec) && rankOfPartName(name) >= 0 &&
            fileExists((it->path() / "manifest.json").string()))
            parts.emplace_back(rankOfPartName(name), it->path().string());
    }
    std::sort(parts.begin(), parts.end());
    std::vector<std::string> out;
    for (auto &[rank, path] : parts)
        out.push_back(std::move(path));
    return out;
}

std::optional<std::vector<int>> parseRankList(const std::string &text)
{
    std::vector<int> ranks;
    std::string item;
    for (size_t i = 0; i <= text.size(); ++i) {
        if (i < text.size() && text[i] != ';' && text[i] != ',') {
            if (text[i] != ' ')
                item += text[i];
            continue;
        }
        if (item.empty())
            continue;
        const int rank = number(item.c_str());
        if (rank < 0)
            return std::nullopt;
        if (std::find(ranks.begin(), ranks.end(), rank) == ranks.end())
            ranks.push_back(rank);
        item.clear();
    }
    return ranks;
}

std::map<std::string, std::string> replayRankEnvironment(const std::optional<std::chrono::milliseconds> &timeout)
{
    const long long seconds = timeout ? std::max<long long>(60, timeout->count() / 1000) : 7200;
    return {{"OPSCOPE_PG_TIMEOUT_S", std::to_string(seconds)},
            {"TORCH_NCCL_HEARTBEAT_TIMEOUT_SEC", std::to_string(seconds)}};
}

Argv torchrunCommand(const std::string &python, int nprocPerNode, const Argv &worker)
{
    Argv argv = {
        python,       "-m", "opscope_torchrun", "--standalone", "--nproc_per_node", std::to_string(nprocPerNode),
        "--no_python"} /* the spelling every torchrun version takes */;
    argv.insert(argv.end(), worker.begin(), worker.end());
    return argv;
}

Argv srunCommand(const std::string &srun, const std::string &srunArgs, const Argv &worker)
{
    const auto args = cli::splitCommandLine(srunArgs);
    if (!args)
        throw ToolError("--srun '" + srunArgs + "': an unbalanced quote or a trailing backslash");
    Argv argv = {srun};
    argv.insert(argv.end(), args->begin(), args->end());
    argv.insert(argv.end(), worker.begin(), worker.end());
    return argv;
}

} // namespace opscope::pipeline
