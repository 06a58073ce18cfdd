#pragma once
// Captures of a distributed job: the rank a capture runs as (from torchrun's or Slurm's environment),
// the part of the run folder each rank writes, and the launch of all ranks through torchrun or srun
// (`opscope capture|profile --nproc-per-node N` / `--srun "ARGS"`). docs/ranks.md describes the layout.

#include "opscope/pipeline/commands.h"

#include <chrono>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace opscope::pipeline {

// What torchrun (RANK, LOCAL_RANK, WORLD_SIZE, TORCHELASTIC_RUN_ID) or an srun task (SLURM_PROCID,
// SLURM_LOCALID, SLURM_STEP_NUM_TASKS, SLURM_JOB_ID.SLURM_STEP_ID) says about this process.
struct RankContext {
    int rank = -1;
    int localRank = -1;
    int worldSize = 1;
    std::string host;
    std::string engine; // "torchrun" or "slurm"
    std::string runId;  // the same on every rank of one launch; empty when the engine gives none
    bool distributed() const { return rank >= 0 && worldSize > 1; }
    // The rank's part of the run folder: "rank3.local1.node07" (the host's '/' and blanks replaced).
    std::string partName() const;
};
using GetEnv = std::function<const char *(const char *)>;
// A process that is no rank of a multi-process job (or a Slurm batch script, which has SLURM_PROCID
// but no step) gives a RankContext with rank -1.
RankContext rankContextFromEnvironment(const GetEnv &getenv = {});

// Variables an srun task's workload needs for torch.distributed's env:// rendezvous, those the
// environment lacks: RANK, LOCAL_RANK, WORLD_SIZE, LOCAL_WORLD_SIZE from Slurm's; MASTER_ADDR (127.0.0.1
// on one node, else `masterHost`, the step's first node) and MASTER_PORT (from the job and step ids).
std::map<std::string, std::string> slurmTorchEnvironment(const RankContext &rank, const GetEnv &getenv = {},
                                                         const std::string &masterHost = {});

// The rank number in a part folder's name ("rank3.local1.node07" -> 3); -1 for another name.
int rankOfPartName(const std::string &name);
// The rank parts of a run folder (sub-folders named by partName() holding a manifest), by rank.
std::vector<std::string> rankParts(const std::string &runDir);

// "0;2" or "0,2" -> {0, 2}; nullopt for an item that is no rank number.
std::optional<std::vector<int>> parseRankList(const std::string &text);

// torchrun's command for `--nproc-per-node N`: `python -m opscope_torchrun --standalone
// --nproc_per_node N --no_python WORKER...`. opscope_torchrun (resources/launcher) is torchrun with
// the fix Debian 12's torch 1.13 needs under Python 3.11 (its Std flags parse "0" as None).
Argv torchrunCommand(const std::string &python, int nprocPerNode, const Argv &worker);
// srun's: `srun ARGS... WORKER...` with ARGS split as a shell would (quotes, backslashes; no
// expansion). Throws ToolError for an unbalanced quote.
Argv srunCommand(const std::string &srun, const std::string &srunArgs, const Argv &worker);

// What every rank's workload gets during an ncu replay of a distributed job, where ncu serialises the
// replayed ranks' kernels and the others wait in their collectives: OPSCOPE_PG_TIMEOUT_S (the launcher
// gives torch.distributed.init_process_group this timeout when the script gives none: the replay's
// --timeout, else 2 hours) and TORCH_NCCL_HEARTBEAT_TIMEOUT_SEC (the watchdog's own limit) to match.
std::map<std::string, std::string> replayRankEnvironment(const std::optional<std::chrono::milliseconds> &timeout);
// The kernel filter of a replayed rank: every kernel but the collectives, NCCL's and the custom ones of
// isCollectiveKernelName (a collective replayed on one rank waits for peers that never replay it).
inline constexpr const char *kNonCollectiveKernels =
    "regex:^(?!nccl)(?!.*(one_shot_all_reduce|two_shot_all_reduce|multimem_|cross_device_reduce|OneShotAllReduce|"
    "oneShotAllReduce|TwoShotAllReduce|twoShotAllReduce|allreduce_fusion_kernel))";

} // namespace opscope::pipeline
