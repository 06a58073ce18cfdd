"""A plain 2-process DDP training script with the gloo backend, run unchanged by `opscope capture
--nproc-per-node 2` (torchrun) and `srun opscope capture` (tst_capture_ranks, tst_capture_slurm).

It reads its rank from the environment torchrun gives (RANK, WORLD_SIZE, MASTER_ADDR, MASTER_PORT;
OpScope sets them from Slurm's for an srun task) and trains a small MLP for many steps; the launcher
stops it after the captured ones. Rank 1 does extra work before each backward, so rank 0 waits for
it in DDP's gradient all-reduce: rank 1 is the straggler.
"""
import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel


def main():
    dist.init_process_group("gloo")
    rank = dist.get_rank()
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(64, 128), torch.nn.ReLU(), torch.nn.Linear(128, 8))
    ddp = DistributedDataParallel(model)
    optimizer = torch.optim.SGD(ddp.parameters(), lr=0.01)
    x = torch.randn(32, 64)
    extra = torch.randn(256, 256)
    for _ in range(50):
        optimizer.zero_grad()
        loss = ddp(x).sum()
        if rank == 1:  # the straggler: extra compute before the collectives
            # ~100 ms of matrix products per step on Debian's torch: far more than a busy 2-core CI
            # machine delays either rank, so rank 1 arrives last at every all-reduce. (The products
            # are not chained: chained ones decay to denormal numbers and their cost varies.)
            for _ in range(20):
                torch.mm(extra, extra)
        loss.backward()
        optimizer.step()
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
