#!/usr/bin/env python3
"""The CUDA allocator's peak over one plain step (no OpScope, no profiler), for memory figures.

    python3 bench/gpu/memory_peak.py SCRIPT [--warmup W] -- [SCRIPT ARGS]

SCRIPT defines `build_step(argv) -> (step, steps)` (examples/gpt.py). After W warm-up steps the peak
statistics are reset, one step runs, and torch.cuda.max_memory_allocated() / max_memory_reserved() are
printed as JSON: the figures OpScope's at-peak breakdown and a memory insight's estimate (activation
checkpointing: run again with the script's --checkpoint) are checked against in docs/memory.md.
"""

import argparse
import json
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from plain_step import load  # noqa: E402


def main():
    argv = sys.argv[1:]
    script_args = argv[argv.index("--") + 1:] if "--" in argv else []
    own = argv[: argv.index("--")] if "--" in argv else argv
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("script")
    parser.add_argument("--warmup", type=int, default=3)
    args = parser.parse_args(own)
    step, _ = load(args.script).build_step(script_args)
    for _ in range(args.warmup):
        step()
    torch.cuda.synchronize()
    torch.cuda.reset_peak_memory_stats()
    before = torch.cuda.memory_allocated()
    step()
    torch.cuda.synchronize()
    print(json.dumps({"script_args": script_args, "allocated_before_step": before,
                      "max_memory_allocated": torch.cuda.max_memory_allocated(),
                      "max_memory_reserved": torch.cuda.max_memory_reserved()}))


if __name__ == "__main__":
    main()
