"""One rank of a 2-process gloo job under torchrun: a few training steps of a small MLP whose gradients
are all-reduced by hand, profiled with torch.profiler, the trace written to OUT_DIR/rank-<RANK>.json.

Used by tst_capture_ranks (docs/ranks.md). Rank 1 does extra work before each all-reduce, so rank 0
waits for it: rank 1 is the straggler.
"""
import os
import sys

import torch
import torch.distributed as dist
from torch.profiler import profile, record_function, ProfilerActivity


def main():
    out_dir = sys.argv[1]
    dist.init_process_group("gloo")
    rank = dist.get_rank()
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(64, 128), torch.nn.ReLU(), torch.nn.Linear(128, 8))
    x = torch.randn(32, 64)
    with profile(activities=[ProfilerActivity.CPU]) as prof:
        for step in range(3):
            with record_function("ProfilerStep#%d" % step):
                loss = model(x).sum()
                loss.backward()
                if rank == 1:  # the straggler: extra compute before the collectives
                    a = torch.randn(400, 400)
                    for _ in range(20):
                        a = a @ a / 400.0
                for p in model.parameters():
                    dist.all_reduce(p.grad)
    prof.export_chrome_trace(os.path.join(out_dir, "rank-%d.json" % rank))
    dist.barrier()
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
