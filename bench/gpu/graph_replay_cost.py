#!/usr/bin/env python3
"""What a CUDA graph replay costs the host under torch.compile(mode="reduce-overhead"), against the eager call
it replaces: the launch-bound item's gain model (docs/insights.md) keeps this cost per graphed region.

For towers of tiny residual blocks (bench/gpu/tiny_kernels.py's model) of several depths, the host time of the
root module's forward call and of the backward call, eager and compiled, each the median of many calls timed
with time.perf_counter after a torch.cuda.synchronize() (the launch queue empty: the host's own time, not a
wait). Prints one JSON object per depth.

    python3 bench/gpu/graph_replay_cost.py [--blocks 1,2,4,8,16,24] [--iters 200]
"""

import argparse
import json
import statistics
import sys
import time

import torch
from torch import nn

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from tiny_kernels import Tower  # noqa: E402


def host_times(model, x, y, iters, warmup):
    loss_fn = nn.CrossEntropyLoss()
    fwd, bwd = [], []
    for i in range(warmup + iters):
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        out = model(x)
        t1 = time.perf_counter()
        loss = loss_fn(out, y)
        torch.cuda.synchronize()
        t2 = time.perf_counter()
        loss.backward()
        t3 = time.perf_counter()
        for p in model.parameters():
            p.grad = None
        if i >= warmup:
            fwd.append((t1 - t0) * 1e6)
            bwd.append((t3 - t2) * 1e6)
    return statistics.median(fwd), statistics.median(bwd)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--blocks", default="1,2,4,8,16,24")
    p.add_argument("--iters", type=int, default=200)
    p.add_argument("--batch", type=int, default=32)
    p.add_argument("--width", type=int, default=256)
    args = p.parse_args()
    x = torch.randn(args.batch, args.width, device="cuda")
    y = torch.randint(0, 10, (args.batch,), device="cuda")
    for blocks in [int(b) for b in args.blocks.split(",")]:
        torch.manual_seed(0)
        model = Tower(args.width, blocks).cuda()
        eager = host_times(model, x, y, args.iters, 20)
        model.forward = torch.compile(model.forward, mode="reduce-overhead")
        graphed = host_times(model, x, y, args.iters, 20)
        print(json.dumps({
            "blocks": blocks, "parameters": sum(1 for _ in model.parameters()),
            "eager_forward_us": round(eager[0], 1), "eager_backward_us": round(eager[1], 1),
            "graph_forward_us": round(graphed[0], 1), "graph_backward_us": round(graphed[1], 1),
            "torch": torch.__version__, "gpu": torch.cuda.get_device_name(),
        }), flush=True)


if __name__ == "__main__":
    main()
