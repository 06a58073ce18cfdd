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
from plain_step import split_args, warmed_step  # noqa: E402


def main():
    own, script_args = split_args(sys.argv[1:])
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("script")
    parser.add_argument("--warmup", type=int, default=3)
    args = parser.parse_args(own)
    step = warmed_step(args.script, script_args, args.warmup)
    torch.cuda.reset_peak_memory_stats()
    before = torch.cuda.memory_allocated()
    step()
    torch.cuda.synchronize()
    print(json.dumps({"script_args": script_args, "allocated_before_step": before,
                      "max_memory_allocated": torch.cuda.max_memory_allocated(),
                      "max_memory_reserved": torch.cuda.max_memory_reserved()}))


if __name__ == "__main__":
    main()
