"""A small decoder-only language model with its own KV cache and decode loop, as people write them, run by the
generation step kind's CPU test (tst_generation). It times each request itself, at the same places the launcher
puts its boundaries, and writes those times (--timing) for the test to check the launcher's figures against.

    --loop marked     each request in opscope_launcher.request(), each iteration opscope_launcher.mark_token()
    --loop function   each request one call of generate() (run with --step generate:generate); the model's calls
                      are the iterations
    --loop library    each request one model.generate() of a library's GenerationMixin (--library: the folder of a
                      stand-in transformers package, tests/integration/standin_transformers)
"""

import argparse
import json
import sys
import time

import torch
from torch import nn


class Attention(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x, cache, layer):
        b, t, d = x.shape
        q, k, v = self.qkv(x).split(d, dim=-1)
        q, k, v = (z.view(b, t, self.heads, d // self.heads).transpose(1, 2) for z in (q, k, v))
        if hasattr(cache, "update"):  # a library's cache object (a static one: written in place)
            k, v = cache.update(k, v, layer)
        else:
            if cache[layer] is not None:  # the cache grows by concatenation: a new tensor every token
                past_k, past_v = cache[layer]
                k, v = torch.cat([past_k, k], dim=2), torch.cat([past_v, v], dim=2)
            cache[layer] = (k, v)
        scores = q @ k.transpose(-2, -1) / (d // self.heads) ** 0.5
        if t > 1:
            mask = torch.full((t, k.shape[2]), float("-inf")).triu(1 + k.shape[2] - t)
            scores = scores + mask
        y = scores.softmax(-1) @ v
        return self.proj(y.transpose(1, 2).reshape(b, t, d))


class Block(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.ln1 = nn.LayerNorm(dim)
        self.attn = Attention(dim, heads)
        self.ln2 = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(self, x, cache, layer):
        x = x + self.attn(self.ln1(x), cache, layer)
        return x + self.mlp(self.ln2(x))


class TinyLM(nn.Module):
    def __init__(self, vocab, dim, heads, layers):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.blocks = nn.ModuleList(Block(dim, heads) for _ in range(layers))
        self.norm = nn.LayerNorm(dim)
        self.head = nn.Linear(dim, vocab, bias=False)

    def forward(self, tokens, cache):
        x = self.embed(tokens)
        for i, block in enumerate(self.blocks):
            x = block(x, cache, i)
        return self.head(self.norm(x[:, -1:]))


class Stopwatch:
    """The script's own times of a request: its start, each iteration after the first, its end."""

    def __init__(self):
        self.marks = [time.perf_counter_ns()]

    def mark(self):
        self.marks.append(time.perf_counter_ns())

    def iterations(self):
        return [b - a for a, b in zip(self.marks, self.marks[1:])]


def generate(model, prompt, new_tokens, watch):
    """A generate()-shaped function: the prompt in, the new tokens out; each model call is one iteration."""
    cache = [None] * len(model.blocks)
    tokens = prompt
    out = []
    for i in range(new_tokens):
        if i:
            watch.mark()
        logits = model(tokens, cache)
        tokens = logits.argmax(-1)
        out.append(tokens)
    return torch.cat(out, dim=1)


def marked_request(model, prompt, new_tokens, watch):
    import opscope_launcher

    with opscope_launcher.request():
        cache = [None] * len(model.blocks)
        tokens = prompt
        out = []
        for i in range(new_tokens):
            if i:
                watch.mark()
            opscope_launcher.mark_token()
            logits = model(tokens, cache)
            tokens = logits.argmax(-1)
            out.append(tokens)
        result = torch.cat(out, dim=1)
    return result


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--loop", choices=["marked", "function", "library"], default="function")
    p.add_argument("--library", help="a folder to import transformers from (--loop library)")
    p.add_argument("--requests", type=int, default=8)
    p.add_argument("--batch", type=int, default=2)
    p.add_argument("--prompt", type=int, default=48)
    p.add_argument("--new-tokens", type=int, default=12)
    p.add_argument("--dim", type=int, default=256)
    p.add_argument("--layers", type=int, default=4)
    p.add_argument("--timing", help="write the script's own request times here (JSON)")
    args = p.parse_args()

    torch.manual_seed(0)
    torch.set_num_threads(1)  # one core: the test machine's other core runs the launcher's bookkeeping
    model_class = TinyLM
    if args.loop == "library":
        sys.path.insert(0, args.library)
        from transformers.generation.utils import GenerationMixin

        model_class = type("TinyLMForGeneration", (TinyLM, GenerationMixin), {})
    model = model_class(vocab=512, dim=args.dim, heads=4, layers=args.layers).eval()
    prompt = torch.randint(0, 512, (args.batch, args.prompt))
    requests = []
    try:
        with torch.no_grad():
            for _ in range(args.requests):
                watch = Stopwatch()
                if args.loop == "marked":
                    marked_request(model, prompt, args.new_tokens, watch)
                elif args.loop == "library":
                    model.generate(prompt, max_new_tokens=args.new_tokens)
                else:
                    generate(model, prompt, args.new_tokens, watch)
                watch.mark()
                requests.append(watch.iterations())
    finally:  # the launcher ends the script once the capture is done: what was timed is written all the same
        if args.timing:
            with open(args.timing, "w") as f:
                json.dump({"batch": args.batch, "prompt": args.prompt, "requests": requests}, f)


if __name__ == "__main__":
    main()
