#!/usr/bin/env python3
"""An FP32 model as its users write it: a plain PyTorch MLP (Linear 2048 -> 8192 -> 2048, GELU, LayerNorm, 4
blocks), fp32 weights and data, AdamW, trained without touching the float32 matmul precision (PyTorch's default:
no TF32), so its aligned GEMMs run on the CUDA cores of a GPU whose tensor cores would take them. The known
first fix: TF32 (issue 35's precision case; `opscope verify --fix tf32`).

    python3 bench/gpu/fp32_mlp.py [--device cuda|cpu] [--batch 4096] [--width 2048] [--steps 30]
    opscope profile bench/gpu/fp32_mlp.py -- --steps 30
"""

import argparse

import torch
from torch import nn


class Block(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.norm = nn.LayerNorm(width)
        self.up = nn.Linear(width, 4 * width)
        self.act = nn.GELU()
        self.down = nn.Linear(4 * width, width)

    def forward(self, x):
        return x + self.down(self.act(self.up(self.norm(x))))


class MLP(nn.Module):
    def __init__(self, width, blocks, classes):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(width) for _ in range(blocks)])
        self.head = nn.Linear(width, classes)

    def forward(self, x):
        return self.head(self.blocks(x))


def build_step(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--device", default="cuda")
    p.add_argument("--batch", type=int, default=4096)
    p.add_argument("--width", type=int, default=2048)
    p.add_argument("--blocks", type=int, default=4)
    p.add_argument("--steps", type=int, default=30)
    args = p.parse_args(argv)

    torch.manual_seed(0)
    device = torch.device(args.device)
    model = MLP(args.width, args.blocks, 1024).to(device)
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
    x = torch.randn(args.batch, args.width, device=device)
    y = torch.randint(0, 1024, (args.batch,), device=device)
    loss_fn = nn.CrossEntropyLoss()

    def step():
        optimizer.zero_grad(set_to_none=True)
        loss = loss_fn(model(x), y)
        loss.backward()
        optimizer.step()

    return step, args.steps


def main():
    step, steps = build_step()
    for _ in range(steps):
        step()


if __name__ == "__main__":
    main()
