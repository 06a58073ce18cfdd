#!/usr/bin/env python3
"""A Llama decoder from the transformers library, as its users write it: LlamaForCausalLM built from a
small config (4 layers, d=512, 8 heads, vocabulary 32000), bf16 autocast, AdamW. Its decoder sits in the
child attribute `model` (LlamaForCausalLM.model), as in most decoder-only models of the library.

    python3 bench/gpu/hf_llama.py [--infer] [--layers 4] [--batch 8] [--seq 512] [--steps 20]
    opscope capture bench/gpu/hf_llama.py [--compile inductor] -- --steps 8
"""

import argparse
import os

os.environ.setdefault("HF_HUB_OFFLINE", "1")

import torch  # noqa: E402
from transformers import LlamaConfig, LlamaForCausalLM  # noqa: E402


def build_step(argv=None):
    """The model, its optimizer and one step's function, for this script's loop and plain_step.py."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--infer", action="store_true", help="forward only, under torch.no_grad()")
    p.add_argument("--layers", type=int, default=4)
    p.add_argument("--batch", type=int, default=8)
    p.add_argument("--seq", type=int, default=512)
    p.add_argument("--steps", type=int, default=20)
    args = p.parse_args(argv)

    torch.manual_seed(0)
    config = LlamaConfig(hidden_size=512, intermediate_size=1376, num_hidden_layers=args.layers,
                         num_attention_heads=8, num_key_value_heads=8, vocab_size=32000,
                         max_position_embeddings=1024)
    model = LlamaForCausalLM(config).cuda()
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
    tokens = torch.randint(0, 32000, (args.batch, args.seq), device="cuda")

    def step():
        if args.infer:
            with torch.no_grad(), torch.autocast("cuda", dtype=torch.bfloat16):
                model(tokens)
            return
        optimizer.zero_grad(set_to_none=True)
        with torch.autocast("cuda", dtype=torch.bfloat16):
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
