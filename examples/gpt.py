"""A small GPT (decoder-only transformer) with identical blocks, trained or run on random tokens.

    python3 examples/gpt.py [--size tiny|small|base] [--steps N] [--infer] [--dtype float32|bfloat16]
                            [--layers N] [--vocab N] [--batch N] [--seq N] [--checkpoint]
    opscope profile examples/gpt.py -- --infer

Modules (the shape of the fixtures in shared/fixtures/h100): model[GPT] -> wte[Embedding],
wpe[Embedding], blocks.0..N-1[Block] (ln1[LayerNorm], attn[Attn] (qkv[Linear], proj[Linear]),
ln2[LayerNorm], mlp[MLP] (fc[Linear], act[GELU], out[Linear])), ln_f[LayerNorm], head[Linear].
"""

import argparse
import contextlib
import inspect

import torch
import torch.nn.functional as F
import torch.utils.checkpoint
from torch import nn

SIZES = {
    # layers, width, heads, sequence, batch, vocabulary
    "tiny": (2, 64, 4, 32, 2, 512),
    "small": (4, 256, 8, 128, 4, 4096),
    "base": (4, 768, 12, 256, 8, 8192),
}


class Attn(nn.Module):
    def __init__(self, width, heads):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(width, 3 * width)
        self.proj = nn.Linear(width, width)

    def forward(self, x):
        b, t, c = x.shape
        q, k, v = self.qkv(x).split(c, dim=2)
        q, k, v = (z.view(b, t, self.heads, c // self.heads).transpose(1, 2) for z in (q, k, v))
        if hasattr(F, "scaled_dot_product_attention"):
            y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        else:  # torch 1.13
            scores = (q @ k.transpose(-2, -1)) / (k.shape[-1] ** 0.5)
            mask = torch.ones(t, t, dtype=torch.bool, device=x.device).tril()
            y = scores.masked_fill(~mask, float("-inf")).softmax(dim=-1) @ v
        return self.proj(y.transpose(1, 2).reshape(b, t, c))


class MLP(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.fc = nn.Linear(width, 4 * width)
        self.act = nn.GELU()
        self.out = nn.Linear(4 * width, width)

    def forward(self, x):
        return self.out(self.act(self.fc(x)))


class Block(nn.Module):
    def __init__(self, width, heads):
        super().__init__()
        self.ln1 = nn.LayerNorm(width)
        self.attn = Attn(width, heads)
        self.ln2 = nn.LayerNorm(width)
        self.mlp = MLP(width)

    def forward(self, x):
        x = x + self.attn(self.ln1(x))
        return x + self.mlp(self.ln2(x))


class GPT(nn.Module):
    def __init__(self, layers, width, heads, sequence, vocabulary):
        super().__init__()
        self.wte = nn.Embedding(vocabulary, width)
        self.wpe = nn.Embedding(sequence, width)
        self.blocks = nn.ModuleList([Block(width, heads) for _ in range(layers)])
        self.ln_f = nn.LayerNorm(width)
        self.head = nn.Linear(width, vocabulary, bias=False)

    checkpoint = False  # recompute each block's activations in backward instead of keeping them

    def forward(self, idx):
        positions = torch.arange(idx.shape[1], device=idx.device)
        x = self.wte(idx) + self.wpe(positions)
        for block in self.blocks:
            if self.checkpoint and torch.is_grad_enabled():
                x = torch.utils.checkpoint.checkpoint(block, x, use_reentrant=False)
            else:
                x = block(x)
        return self.head(self.ln_f(x))


def build_step(argv=None):
    """The model, its optimizer, its inputs and one step's function (used by main and by
    bench/gpu/plain_step.py, which times the step plainly); returns (step, iterations)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", choices=sorted(SIZES), default=None, help="default: tiny on CPU, base on CUDA")
    parser.add_argument("--layers", type=int, default=None, help="blocks (default: the size's)")
    parser.add_argument("--vocab", type=int, default=None,
                        help="vocabulary (default: the size's); 50257, GPT-2's, is not a multiple of 8: "
                        "the head's GEMM then runs on slow unaligned kernels")
    parser.add_argument("--batch", type=int, default=None, help="sequences per step (default: the size's)")
    parser.add_argument("--seq", type=int, default=None, help="sequence length (default: the size's)")
    parser.add_argument("--steps", type=int, default=20, help="iterations (default 20)")
    parser.add_argument("--log-every", type=int, default=10, metavar="N",
                        help="print the loss every N steps (default 10); loss.item() waits for the GPU")
    parser.add_argument("--infer", action="store_true", help="forward only, under torch.no_grad()")
    parser.add_argument("--checkpoint", action="store_true",
                        help="activation checkpointing of every block (torch.utils.checkpoint)")
    parser.add_argument("--dtype", choices=["float32", "bfloat16"], default="float32")
    parser.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    args = parser.parse_args(argv)
    size = args.size or ("base" if args.device.startswith("cuda") else "tiny")
    layers, width, heads, sequence, batch, vocabulary = SIZES[size]
    layers = args.layers or layers
    vocabulary = args.vocab or vocabulary
    batch = args.batch or batch
    sequence = args.seq or sequence
    dtype = getattr(torch, args.dtype)

    torch.manual_seed(0)
    # Build the weights where they run (torch 2.x): initialising ~90 M parameters on the CPU and copying
    # them over is seconds of start-up that every capture and replay would pay again.
    on_device = torch.device(args.device) if hasattr(torch.device, "__enter__") else contextlib.nullcontext()
    with on_device:
        model = GPT(layers, width, heads, sequence, vocabulary)
    model = model.to(args.device, dtype)
    model.checkpoint = args.checkpoint
    # Fused AdamW on CUDA where torch has it (as nanoGPT does): one kernel per update instead of a
    # dozen foreach passes over the parameter list.
    fused = args.device.startswith("cuda") and "fused" in inspect.signature(torch.optim.AdamW).parameters
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4, **({"fused": True} if fused else {}))
    tokens = torch.randint(0, vocabulary, (batch, sequence + 1), device=args.device)
    inputs, targets = tokens[:, :-1], tokens[:, 1:]
    state = {"step": 0}

    def step():
        if args.infer:
            with torch.no_grad():
                model(inputs)
            return
        optimizer.zero_grad(set_to_none=True)
        logits = model(inputs)
        loss = F.cross_entropy(logits.reshape(-1, vocabulary).float(), targets.reshape(-1))
        loss.backward()
        optimizer.step()
        if args.log_every and state["step"] % args.log_every == 0:
            print("step %d loss %.4f" % (state["step"], loss.item()), flush=True)
        state["step"] += 1

    return step, args.steps


def main():
    step, steps = build_step()
    for _ in range(steps):
        step()


if __name__ == "__main__":
    main()
