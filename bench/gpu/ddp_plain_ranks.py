#!/usr/bin/env python3
"""Each rank's plain timing of bench/gpu/ddp_gpt2.py's DDP step, without OpScope or any profiler: what the
straggler named by `opscope ranks` must agree with (issue 37; docs/gpu-validation.md).

    torchrun --nproc-per-node 2 bench/gpu/ddp_plain_ranks.py [--batch 8] [--straggler-factor 1.5] [--json OUT]

Per rank, over --steps steps after --warmup:
  work: the rank's own step with DDP's gradient all-reduces turned off (`ddp.no_sync()`): the host's time to
        issue it (perf_counter from the step's start to optimizer.step() returning, no synchronisation) and
        the GPU's time for it (CUDA events around the step); the rank's pace is the larger of the two.
  step: the same step with the all-reduces (the job's step), timed the same way.
  wait: step - work: what the rank spends beyond its own work, i.e. waiting for the slower rank in the
        all-reduces (and their transfer, the same on every rank).
The straggler is the rank whose work is the longest; the other ranks wait about the difference. Medians;
the two kinds of step alternate (work, step, work, step ...) so that a drift of the shared host touches both.
Each rank writes its figures to --json (rank <R> appended to the name), rank 0 prints the table.
Ranks sharing one GPU (ddp_gpt2.init_ranks: gloo) time-slice it: a rank's GPU time then holds the other's
kernels too, but the rank with more work still ends its work last.
"""

import argparse
import json
import os
import statistics
import sys
import time

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ddp_gpt2 import build_model, host_batches, init_ranks  # noqa: E402


def timed(run, cuda):
    """(host ms to issue, GPU ms to run) of one call of `run`."""
    if cuda:
        torch.cuda.synchronize()
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
    t0 = time.perf_counter()
    run()
    host = (time.perf_counter() - t0) * 1e3
    if not cuda:
        return host, host
    end.record()
    torch.cuda.synchronize()
    return host, start.elapsed_time(end)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--layers", type=int, default=4)
    p.add_argument("--width", type=int, default=768)
    p.add_argument("--heads", type=int, default=12)
    p.add_argument("--vocab", type=int, default=50304)
    p.add_argument("--batch", type=int, default=8)
    p.add_argument("--seq", type=int, default=512)
    p.add_argument("--steps", type=int, default=20)
    p.add_argument("--warmup", type=int, default=5)
    p.add_argument("--straggler-rank", type=int, default=1)
    p.add_argument("--straggler-factor", type=float, default=1.5)
    p.add_argument("--host-ms-per-sample", type=float, default=0,
                   help="the data loader's host work per sample, in ms (ddp_gpt2.py)")
    p.add_argument("--json", default="", help="write this rank's figures to JSON.rank<R>")
    p.add_argument("--pin", default="",
                   help="CPU,CPU,...: local rank R runs on the R-th CPU only (every thread of the process)")
    args = p.parse_args()

    if args.pin:  # before torch starts its threads: they inherit the mask
        cpus = [int(c) for c in args.pin.split(",")]
        os.sched_setaffinity(0, {cpus[int(os.environ.get("LOCAL_RANK", "0")) % len(cpus)]})
    rank, device, cuda = init_ranks()
    world = dist.get_world_size()
    torch.manual_seed(0)
    model, loss_of = build_model(args, device)
    ddp = DistributedDataParallel(model, device_ids=[device.index] if cuda else None)
    optimizer = torch.optim.AdamW(ddp.parameters(), lr=1e-4)
    batch = int(round(args.batch * (args.straggler_factor if rank == args.straggler_rank else 1)))
    next_batch = host_batches(args, batch, device)
    autocast = torch.autocast("cuda", dtype=torch.bfloat16) if cuda else torch.autocast("cpu", enabled=False)

    def step():
        tokens = next_batch()  # with --host-ms-per-sample, the data loader's host work is the rank's work too
        optimizer.zero_grad(set_to_none=True)
        with autocast:
            loss = loss_of(ddp, tokens)
        loss.backward()
        optimizer.step()

    def own_work():
        with ddp.no_sync():
            step()

    def cpu_now():
        """The CPU the main thread last ran on (/proc: field 39 of its stat)."""
        try:
            with open("/proc/thread-self/stat") as f:
                return int(f.read().rsplit(")", 1)[1].split()[36])
        except (OSError, IndexError, ValueError):
            return -1

    work, synced, cpus_seen = [], [], []
    for i in range(args.warmup + args.steps):
        dist.barrier()  # both kinds start together on every rank
        w = timed(own_work, cuda)
        dist.barrier()
        s = timed(step, cuda)
        if i >= args.warmup:
            work.append(w)
            synced.append(s)
            cpus_seen.append(cpu_now())
    median = statistics.median
    mine = {
        "rank": rank,
        "batch": batch,
        "work_host_ms": median(h for h, _ in work),
        "work_gpu_ms": median(g for _, g in work),
        "step_host_ms": median(h for h, _ in synced),
        "step_gpu_ms": median(g for _, g in synced),
        "steps": args.steps,
        "cuda": cuda,
        "allowed_cpus": len(os.sched_getaffinity(0)),
        "cpus_seen": sorted(set(cpus_seen)),
    }
    mine["work_ms"] = max(mine["work_host_ms"], mine["work_gpu_ms"])
    mine["bound"] = "host" if mine["work_host_ms"] >= mine["work_gpu_ms"] else "gpu"
    mine["wait_ms"] = max(0.0, max(mine["step_host_ms"], mine["step_gpu_ms"]) - mine["work_ms"])
    everyone = [None] * world
    dist.all_gather_object(everyone, mine)
    if args.json:
        with open("%s.rank%d" % (args.json, rank), "w") as f:
            json.dump({"rank": mine, "ranks": everyone}, f, indent=2)
    if rank == 0:
        straggler = max(everyone, key=lambda r: r["work_ms"])
        print("rank batch  work host ms  work GPU ms  bound  step ms  wait ms  CPUs (allowed; main thread seen on)")
        for r in everyone:
            print("%4d %5d %13.2f %12.2f %6s %8.2f %8.2f  %d; %s%s" % (
                r["rank"], r["batch"], r["work_host_ms"], r["work_gpu_ms"], r["bound"],
                max(r["step_host_ms"], r["step_gpu_ms"]), r["wait_ms"], r["allowed_cpus"],
                ",".join(str(c) for c in r["cpus_seen"][:8]), "  straggler" if r is straggler else ""))
        print("plain straggler: rank %d (its work %.2f ms, the others' at most %.2f ms)" % (
            straggler["rank"], straggler["work_ms"],
            max([r["work_ms"] for r in everyone if r is not straggler] or [0.0])))
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
