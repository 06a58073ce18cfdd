"""A plain 2-process DDP training script over gloo where rank 1 is given 1.5x rank 0's batch, run unchanged
by `opscope capture --nproc-per-node 2` (tst_capture_ranks). Both ranks do the same steps of the same model;
rank 1 computes 1.5x as much in each forward and backward, so rank 0 waits for it in DDP's all-reduces: the
straggler named must be rank 1, whichever rank OpScope writes from or hosts its stores on.
"""
import sys

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel


def main():
    dist.init_process_group("gloo")
    rank = dist.get_rank()
    torch.manual_seed(0)
    width = 128
    # rank 1's share of the work against rank 0's (argv[1], default 1.5; 1.0 gives the ranks the same work)
    factor = float(sys.argv[1]) if len(sys.argv) > 1 else 1.5
    model = torch.nn.Sequential(
        torch.nn.Linear(width, 4 * width), torch.nn.ReLU(), torch.nn.Linear(4 * width, width),
        torch.nn.ReLU(), torch.nn.Linear(width, width),
    )
    ddp = DistributedDataParallel(model)
    optimizer = torch.optim.SGD(ddp.parameters(), lr=1e-3)
    batch = int(64 * factor) if rank == 1 else 64
    x = torch.randn(batch, width)
    for _ in range(60):
        optimizer.zero_grad()
        ddp(x).square().mean().backward()
        optimizer.step()
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
