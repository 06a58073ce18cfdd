#!/usr/bin/env python3
"""Text generation with transformers as its users write it: a Llama-style (LlamaForCausalLM) or GPT-2-style
(GPT2LMHeadModel) model built from a small config, in bf16, generate() of --new-tokens tokens for a batch of
prompts, request after request. --static: a static KV cache (generation_config.cache_implementation = "static"),
with which generate() compiles the forward with CUDA graphs itself. --compile-forward adds the hand-compiled
forward of older guides (model.forward = torch.compile(model.forward, mode="reduce-overhead", fullgraph=True)),
which stops transformers 5.17 with torch 2.11 in its warm-up when the cache is static.

Each request is timed by the script itself with CUDA events: one at its start, one per token from a
StoppingCriteria (transformers calls it once a token is sampled), one at its end. --timing writes them as JSON,
a request per line: {"pid": ..., "request": i, "ttft_ns": ..., "tokens_ns": [...], "request_ns": ...}, appended
(under nsys OpScope runs the script twice, the correlation pass and the capture: the pid tells them apart).

    python3 bench/gpu/hf_generate.py --model llama [--static] [--batch 4] [--new-tokens 32] --timing t.jsonl
    opscope capture bench/gpu/hf_generate.py --step generate -- --model llama --timing t.jsonl
"""

import argparse
import json
import os

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

import torch  # noqa: E402
from transformers import GPT2Config, GPT2LMHeadModel, LlamaConfig, LlamaForCausalLM  # noqa: E402
from transformers import StoppingCriteria, StoppingCriteriaList  # noqa: E402


class TokenEvents(StoppingCriteria):
    """Records a CUDA event each time a token has been sampled; never stops the generation."""

    def __init__(self, batch):
        self.events = []
        self.never = torch.zeros(batch, dtype=torch.bool, device="cuda")

    def __call__(self, input_ids, scores, **kwargs):
        event = torch.cuda.Event(enable_timing=True)
        event.record()
        self.events.append(event)
        return self.never


def build(args):
    torch.manual_seed(0)
    if args.model == "llama":
        config = LlamaConfig(hidden_size=args.width, intermediate_size=args.width * 8 // 3, num_hidden_layers=args.layers,
                             num_attention_heads=8, num_key_value_heads=8, vocab_size=32000,
                             max_position_embeddings=1024)
        model = LlamaForCausalLM(config)
    else:
        config = GPT2Config(n_embd=args.width, n_layer=args.layers, n_head=8, vocab_size=50257, n_positions=1024)
        model = GPT2LMHeadModel(config)
    model = model.to(device="cuda", dtype=torch.bfloat16).eval()
    model.generation_config.pad_token_id = 0
    if args.static:
        model.generation_config.cache_implementation = "static"
    if args.compile_forward:
        model.forward = torch.compile(model.forward, mode="reduce-overhead", fullgraph=True)
    return model


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--model", choices=["llama", "gpt2"], default="llama")
    p.add_argument("--static", action="store_true",
                   help="static KV cache: generate() then compiles the forward with CUDA graphs itself")
    p.add_argument("--compile-forward", action="store_true",
                   help="also compile model.forward by hand (mode reduce-overhead), as older guides do: with "
                        "--static it stops transformers 5.17 / torch 2.11 in the warm-up")
    p.add_argument("--layers", type=int, default=4)
    p.add_argument("--width", type=int, default=512)
    p.add_argument("--batch", type=int, default=4)
    p.add_argument("--prompt", type=int, default=64)
    p.add_argument("--new-tokens", type=int, default=32)
    p.add_argument("--requests", type=int, default=12)
    p.add_argument("--timing", help="write each request's CUDA-event times here (JSON lines)")
    args = p.parse_args()

    model = build(args)
    vocab = model.config.vocab_size
    prompts = torch.randint(1, vocab, (args.batch, args.prompt), device="cuda")
    mask = torch.ones_like(prompts)
    out = open(args.timing, "a") if args.timing else None
    try:
        for r in range(args.requests):
            tokens = TokenEvents(args.batch)
            start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            start.record()
            # A fixed length: min_new_tokens keeps a random model's end-of-sequence token from ending early.
            model.generate(prompts, attention_mask=mask, max_new_tokens=args.new_tokens,
                           min_new_tokens=args.new_tokens, do_sample=False,
                           stopping_criteria=StoppingCriteriaList([tokens]))
            end.record()
            torch.cuda.synchronize()
            if out:
                marks = [start] + tokens.events
                out.write(json.dumps({
                    "pid": os.getpid(),
                    "request": r,
                    "ttft_ns": int(start.elapsed_time(tokens.events[0]) * 1e6),
                    "tokens_ns": [int(a.elapsed_time(b) * 1e6) for a, b in zip(marks, marks[1:])],
                    "request_ns": int(start.elapsed_time(end) * 1e6),
                }) + "\n")
                out.flush()
    finally:
        if out:
            out.close()


if __name__ == "__main__":
    main()
