"""A 2-process DDP training loop over gloo that profiles itself as torch.profiler's users write it: its own
`torch.profiler.schedule` and `on_trace_ready`, no OpScope launcher, each rank writing OUT_DIR/rank-<RANK>.json.
The ranks' windows open at different steps (rank 1's one step earlier and one step longer: as a rank that
reaches its `prof.step()` calls at other times records other steps) and rank 1 is given 3x the batch: only two
steps are compared, and at 1.5x a loaded CI machine's scheduling (a rank preempted for tens of milliseconds
in one of them) named rank 0 in 1 run of 4 under a load of 5 on 2 cores; at 3x rank 1 computes about 60 ms a
step more, which no preemption of that machine made up.

Used by tst_capture_ranks (docs/ranks.md, "Which step on each rank"): the steps both recorded are compared,
the one only rank 1 recorded is left out with a note, and the straggler is rank 1.
"""
import os
import sys

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel
from torch.profiler import ProfilerActivity, profile, schedule


def main():
    out_dir = sys.argv[1]
    dist.init_process_group("gloo")
    rank = dist.get_rank()
    torch.manual_seed(0)
    # One thread per rank: the two ranks share the machine's cores with each other (and, in CI, with other
    # suites); each step's compute (tens of milliseconds) must be what sets the ranks apart, not scheduling.
    torch.set_num_threads(1)
    width = 128
    model = torch.nn.Sequential(torch.nn.Linear(width, 4 * width), torch.nn.ReLU(), torch.nn.Linear(4 * width, width))
    ddp = DistributedDataParallel(model)
    optimizer = torch.optim.SGD(ddp.parameters(), lr=1e-3)
    x = torch.randn(6144 if rank == 1 else 2048, width)
    # Steps 3-4 on rank 0; steps 2-4 on rank 1 (its window opens one step earlier).
    when = schedule(wait=1, warmup=1, active=3) if rank == 1 else schedule(wait=2, warmup=1, active=2)

    def write(prof):
        prof.export_chrome_trace(os.path.join(out_dir, "rank-%d.json" % rank))

    with profile(activities=[ProfilerActivity.CPU], schedule=when, on_trace_ready=write) as prof:
        for _ in range(6):
            optimizer.zero_grad()
            ddp(x).square().mean().backward()
            optimizer.step()
            prof.step()
    dist.barrier()
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
