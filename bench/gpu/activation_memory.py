#!/usr/bin/env python3
"""A model whose activations dominate the memory peak, as users write one: 16 identical transformer encoder
layers (torch.nn.TransformerEncoderLayer, d=512, 8 heads, feed-forward 2048) on long sequences (batch 16 x
1024 tokens), 25 M parameters against gigabytes of activations kept for the backward. The known first fix:
activation checkpointing of the layers (issue 35's memory case; `opscope verify --fix checkpoint=layers.*`).

    python3 bench/gpu/activation_memory.py [--device cuda|cpu] [--batch 16] [--seq 1024] [--steps 20]
    opscope profile bench/gpu/activation_memory.py -- --steps 20
"""

import argparse

import torch
from torch import nn


class Encoder(nn.Module):
    def __init__(self, width, heads, layers, vocab):
        super().__init__()
        self.embed = nn.Embedding(vocab, width)
        self.layers = nn.ModuleList(
            [nn.TransformerEncoderLayer(width, heads, 4 * width, dropout=0.0, batch_first=True) for _ in range(layers)]
        )
        self.head = nn.Linear(width, vocab)

    def forward(self, tokens):
        x = self.embed(tokens)
        for layer in self.layers:
            x = layer(x)
        return self.head(x)


def build_step(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--device", default="cuda")
    p.add_argument("--batch", type=int, default=16)
    p.add_argument("--seq", type=int, default=1024)
    p.add_argument("--layers", type=int, default=16)
    p.add_argument("--width", type=int, default=512)
    p.add_argument("--steps", type=int, default=20)
    args = p.parse_args(argv)

    torch.manual_seed(0)
    device = torch.device(args.device)
    vocab = 8192
    model = Encoder(args.width, 8, args.layers, vocab).to(device)
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
    tokens = torch.randint(0, vocab, (args.batch, args.seq), device=device)
    loss_fn = nn.CrossEntropyLoss()
    autocast = torch.autocast(device.type, dtype=torch.bfloat16)

    def step():
        optimizer.zero_grad(set_to_none=True)
        with autocast:
            logits = model(tokens)
            loss = loss_fn(logits.view(-1, vocab).float(), tokens.view(-1))
        loss.backward()
        optimizer.step()

    return step, args.steps


def main():
    step, steps = build_step()
    for _ in range(steps):
        step()


if __name__ == "__main__":
    main()
