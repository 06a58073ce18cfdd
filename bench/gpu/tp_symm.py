#!/usr/bin/env python3
"""A tensor-parallel MLP block whose row-parallel output is summed across ranks by PyTorch's own custom
all-reduce on symmetric memory (`torch.ops.symm_mem.one_shot_all_reduce` / `two_shot_all_reduce_`): the
kernels that do it carry no NCCL name or metadata. Rank 1 is given a wider shard (`--straggler-factor`), so
the other waits for it in each all-reduce.

    torchrun --nproc-per-node 2 bench/gpu/tp_symm.py [--steps 20] [--algo one_shot|two_shot]
    opscope capture --nproc-per-node 2 bench/gpu/tp_symm.py -- --steps 20
"""

import argparse
import os

import torch
import torch.distributed as dist
import torch.distributed._symmetric_memory as symm_mem


class RowParallelMlp(torch.nn.Module):
    """Column-parallel up projection, row-parallel down projection, outputs summed across ranks."""

    def __init__(self, width, hidden, group_name, tokens, algo):
        super().__init__()
        self.up = torch.nn.Linear(width, hidden, bias=False)
        self.down = torch.nn.Linear(hidden, width, bias=False)
        self.group_name = group_name
        self.algo = algo
        # The all-reduce reads every rank's copy of this buffer directly (NVLink), with no NCCL.
        self.buffer = symm_mem.empty(tokens, width, device="cuda", dtype=torch.bfloat16)
        symm_mem.rendezvous(self.buffer, group_name)

    def forward(self, x):
        self.buffer.copy_(self.down(torch.nn.functional.gelu(self.up(x))))
        if self.algo == "one_shot":
            return torch.ops.symm_mem.one_shot_all_reduce(self.buffer, "sum", self.group_name)
        torch.ops.symm_mem.two_shot_all_reduce_(self.buffer, "sum", self.group_name)
        return self.buffer


class Model(torch.nn.Module):
    def __init__(self, layers, width, hidden, group_name, tokens, algo):
        super().__init__()
        self.blocks = torch.nn.ModuleList(RowParallelMlp(width, hidden, group_name, tokens, algo) for _ in range(layers))

    def forward(self, x):
        for block in self.blocks:
            x = x + block(x)
        return x


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--layers", type=int, default=4)
    p.add_argument("--width", type=int, default=4096)
    p.add_argument("--hidden", type=int, default=8192, help="each rank's shard of the MLP's hidden width")
    p.add_argument("--tokens", type=int, default=512)
    p.add_argument("--steps", type=int, default=20)
    p.add_argument("--algo", choices=["one_shot", "two_shot"], default="one_shot")
    p.add_argument("--straggler-rank", type=int, default=1)
    p.add_argument("--straggler-factor", type=int, default=2, help="its shard is this many times wider")
    args = p.parse_args()

    dist.init_process_group("nccl")
    rank = dist.get_rank()
    device = torch.device("cuda", int(os.environ.get("LOCAL_RANK", "0")))
    torch.cuda.set_device(device)
    torch.manual_seed(rank)
    group_name = dist.group.WORLD.group_name
    hidden = args.hidden * (args.straggler_factor if rank == args.straggler_rank else 1)
    model = Model(args.layers, args.width, hidden, group_name, args.tokens, args.algo).to(device, torch.bfloat16)
    x = torch.randn(args.tokens, args.width, device=device, dtype=torch.bfloat16)
    with torch.no_grad():
        for _ in range(args.steps):
            model(x)
    torch.cuda.synchronize()
    dist.barrier()
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
