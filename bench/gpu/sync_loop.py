#!/usr/bin/env python3
"""A small model whose training loop reads two values back every step, as users log them: the loss with
`loss.item()` and the batch accuracy with `(pred == y).float().mean().item()`. Each `.item()` waits for the GPU
to finish everything queued. The known first fix: read them every N steps (issue 35's host-sync case: a change
to the code, no launcher fix).

    python3 bench/gpu/sync_loop.py [--device cuda|cpu] [--batch 256] [--steps 60] [--no-sync]
    opscope capture bench/gpu/sync_loop.py -- --steps 60
"""

import argparse

import torch
from torch import nn


def build_step(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--device", default="cuda")
    p.add_argument("--batch", type=int, default=256)
    p.add_argument("--width", type=int, default=1024)
    p.add_argument("--steps", type=int, default=60)
    p.add_argument("--no-sync", action="store_true", help="the fix: keep the running values on the GPU")
    args = p.parse_args(argv)

    torch.manual_seed(0)
    device = torch.device(args.device)
    model = nn.Sequential(
        nn.Linear(512, args.width), nn.ReLU(), nn.Linear(args.width, args.width), nn.ReLU(),
        nn.Linear(args.width, args.width), nn.ReLU(), nn.Linear(args.width, 10),
    ).to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    loss_fn = nn.CrossEntropyLoss()
    x = torch.randn(args.batch, 512, device=device)
    y = torch.randint(0, 10, (args.batch,), device=device)
    running = {"loss": torch.zeros((), device=device), "correct": torch.zeros((), device=device), "n": 0}
    history = []

    def step():
        optimizer.zero_grad(set_to_none=True)
        logits = model(x)
        loss = loss_fn(logits, y)
        loss.backward()
        optimizer.step()
        accuracy = (logits.argmax(dim=1) == y).float().mean()
        if args.no_sync:
            running["loss"] += loss.detach()
            running["correct"] += accuracy
            running["n"] += 1
        else:
            history.append((loss.item(), accuracy.item()))  # two waits for the GPU per step

    return step, args.steps


def main():
    step, steps = build_step()
    for _ in range(steps):
        step()


if __name__ == "__main__":
    main()
