#!/usr/bin/env python3
"""A small model with many tiny kernels, as users write one: 24 residual blocks of width 256 (LayerNorm,
Linear, GELU, Linear) on a batch of 32, AdamW. Every kernel runs for a few microseconds; the host's launches
set the pace. The known first fix: CUDA graphs (issue 35's launch-bound case;
`opscope verify --fix compile=reduce-overhead`).

    python3 bench/gpu/tiny_kernels.py [--device cuda|cpu] [--batch 32] [--blocks 24] [--steps 40]
    opscope capture bench/gpu/tiny_kernels.py -- --steps 40
"""

import argparse

import torch
from torch import nn


class Block(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.norm = nn.LayerNorm(width)
        self.fc1 = nn.Linear(width, width)
        self.act = nn.GELU()
        self.fc2 = nn.Linear(width, width)

    def forward(self, x):
        return x + self.fc2(self.act(self.fc1(self.norm(x))))


class Tower(nn.Module):
    def __init__(self, width, blocks):
        super().__init__()
        self.blocks = nn.ModuleList([Block(width) for _ in range(blocks)])
        self.head = nn.Linear(width, 10)

    def forward(self, x):
        for block in self.blocks:
            x = block(x)
        return self.head(x)


def build_step(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--device", default="cuda")
    p.add_argument("--batch", type=int, default=32)
    p.add_argument("--width", type=int, default=256)
    p.add_argument("--blocks", type=int, default=24)
    p.add_argument("--steps", type=int, default=40)
    args = p.parse_args(argv)

    torch.manual_seed(0)
    device = torch.device(args.device)
    model = Tower(args.width, args.blocks).to(device)
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
    x = torch.randn(args.batch, args.width, device=device)
    y = torch.randint(0, 10, (args.batch,), device=device)
    loss_fn = nn.CrossEntropyLoss()

    def step():
        optimizer.zero_grad(set_to_none=True)
        loss_fn(model(x), y).backward()
        optimizer.step()

    return step, args.steps


def main():
    step, steps = build_step()
    for _ in range(steps):
        step()


if __name__ == "__main__":
    main()
