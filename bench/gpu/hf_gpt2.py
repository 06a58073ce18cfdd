#!/usr/bin/env python3
"""GPT-2 from the transformers library, trained or run as its users write it: built from its config
(12 layers, d=768, the real 50,257-token vocabulary), fp32 weights under bf16 autocast, AdamW.

    python3 bench/gpu/hf_gpt2.py [--infer] [--vocab N] [--batch 8] [--seq 512] [--steps 20] [--device cuda|cpu]
    python3 bench/gpu/plain_step.py bench/gpu/hf_gpt2.py --busy -- [ARGS]   # the step timed plainly
    opscope profile bench/gpu/hf_gpt2.py -- --steps 6
"""

import argparse
import os

os.environ.setdefault("HF_HUB_OFFLINE", "1")

import torch  # noqa: E402
from transformers import GPT2Config, GPT2LMHeadModel  # noqa: E402


def build_step(argv=None):
    """The model, its optimizer and one step's function, for this script's loop and plain_step.py."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--infer", action="store_true", help="forward only, under torch.no_grad()")
    p.add_argument("--layers", type=int, default=12)
    p.add_argument("--vocab", type=int, default=50257, help="vocabulary size (50257 as released; 50304 pads it)")
    p.add_argument("--batch", type=int, default=8)
    p.add_argument("--seq", type=int, default=512)
    p.add_argument("--steps", type=int, default=20)
    p.add_argument("--device", default="cuda")
    args = p.parse_args(argv)

    torch.manual_seed(0)
    config = GPT2Config(n_layer=args.layers, n_embd=768, n_head=12, n_positions=1024, vocab_size=args.vocab)
    device = torch.device(args.device)
    model = GPT2LMHeadModel(config).to(device)
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
    tokens = torch.randint(0, min(args.vocab, 50257), (args.batch, args.seq), device=device)

    def step():
        if args.infer:
            with torch.no_grad(), torch.autocast(device.type, dtype=torch.bfloat16):
                model(tokens)
            return
        optimizer.zero_grad(set_to_none=True)
        with torch.autocast(device.type, dtype=torch.bfloat16):
            loss = model(tokens, labels=tokens).loss
        loss.backward()
        optimizer.step()

    return step, args.steps


def main():
    step, steps = build_step()
    for _ in range(steps):
        step()


if __name__ == "__main__":
    main()
