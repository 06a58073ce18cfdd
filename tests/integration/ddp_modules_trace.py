"""One rank of a 2-process DDP job on gloo (torch 1.13 on the CPU and later): a few training steps of a
small model of identical blocks, every module forward labelled `path[Class]` as OpScope's launcher labels
it, DDP's gradient buckets labelled with their modules (opscope_launcher.ddp_buckets), profiled with
torch.profiler; the trace is written to OUT_DIR/rank-<RANK>.json.

Used by tst_capture_ranks (docs/ranks.md). Rank 1's blocks do 3x the matrix work of rank 0's (a slower
rank), so rank 0 waits for rank 1 in the bucket all-reduces, and the blocks are why.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "resources", "launcher"))

import torch
import torch.distributed as dist
from torch.autograd.profiler import record_function
from torch.nn.parallel import DistributedDataParallel
from torch.profiler import profile, ProfilerActivity

from opscope_launcher.ddp_buckets import label_ddp_buckets
from opscope_launcher.distributed import settle_gloo_records


class Block(torch.nn.Module):
    def __init__(self, width, repeats):
        super().__init__()
        self.fc1 = torch.nn.Linear(width, width)
        self.fc2 = torch.nn.Linear(width, width)
        self.repeats = repeats

    def forward(self, x):
        for _ in range(self.repeats):  # rank 1: the same layer, more work
            x = torch.relu(self.fc1(x))
        return x + self.fc2(x)


class Net(torch.nn.Module):
    def __init__(self, width, repeats):
        super().__init__()
        self.embed = torch.nn.Linear(32, width)
        self.blocks = torch.nn.ModuleList([Block(width, repeats) for _ in range(4)])
        self.head = torch.nn.Linear(width, 8)

    def forward(self, x):
        x = self.embed(x)
        for block in self.blocks:
            x = block(x)
        return self.head(x)


def label_modules(root):
    """record_function("path[Class]") around every module forward of `root`, the launcher's label text."""
    names = {id(m): n for n, m in root.named_modules()}
    open_ranges = []

    def pre(module, args):
        if id(module) in names:
            rf = record_function("%s[%s]" % (names[id(module)], type(module).__name__))
            rf.__enter__()
            open_ranges.append(rf)

    def post(module, args, output):
        if id(module) in names:
            open_ranges.pop().__exit__(None, None, None)

    for m in root.modules():
        m.register_forward_pre_hook(pre)
        m.register_forward_hook(post)


def main():
    out_dir = sys.argv[1]
    dist.init_process_group("gloo")
    rank = dist.get_rank()
    torch.manual_seed(0)
    net = Net(256, 5 if rank == 1 else 1)  # rank 1: 5 fc1 + 1 fc2 per block, rank 0: 1 + 1
    label_modules(net)
    # Small buckets so that the 4 blocks spread over several all-reduces.
    model = DistributedDataParallel(net, bucket_cap_mb=0.3)
    label_ddp_buckets(model)
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    # A batch large enough that rank 1's extra work in each block (~80 ms a step) outweighs what a busy
    # 2-core machine can add to either rank by taking its core away.
    x = torch.randn(256, 32)
    for _ in range(2):  # warm-up: DDP rebuilds its buckets after the first step
        model(x).sum().backward()
        opt.step()
        opt.zero_grad()
    # Every collective of a profiled step ends inside it: DDP's backward waits for all its buckets.
    with profile(activities=[ProfilerActivity.CPU]) as prof:
        for step in range(3):
            with record_function("ProfilerStep#%d" % step):
                loss = model(x).sum()
                loss.backward()
                opt.step()
                opt.zero_grad()
        settle_gloo_records()  # as OpScope's launcher does: gloo ends the last all-reduce's record late
    prof.export_chrome_trace(os.path.join(out_dir, "rank-%d.json" % rank))
    dist.barrier()
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
