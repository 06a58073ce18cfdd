#!/usr/bin/env python3
"""A plain A/B of one script run with two argument lists, in one process: the measured gain of a fix that
is a change to the code (a host sync), which `opscope verify` does not apply.

    python3 bench/gpu/ab_args.py SCRIPT --a "ARGS" --b "ARGS" [--rounds 10] [--steps 30] [--warmup 10]

SCRIPT defines `build_step(argv) -> (step, steps)`. Both steps are built, warmed up, then timed in rounds
alternated A B A B: each round's time is the median of `--steps` steps, each step between CUDA events
after a synchronisation (the host's own waits inside the step count, as in a training loop's wall time).
Prints one JSON line: the medians of the rounds' medians, the median paired gain and its spread (half the
range of the middle half of the paired gains).
"""

import argparse
import json
import shlex
import statistics

import torch

from plain_step import load  # the workload's module, its folder on sys.path


def block(step, n):
    times = []
    for _ in range(n):
        torch.cuda.synchronize()
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        step()
        end.record()
        torch.cuda.synchronize()
        times.append(start.elapsed_time(end) * 1e6)  # ns
    return statistics.median(times)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("script")
    p.add_argument("--a", default="")
    p.add_argument("--b", required=True)
    p.add_argument("--rounds", type=int, default=10)
    p.add_argument("--steps", type=int, default=30)
    p.add_argument("--warmup", type=int, default=10)
    args = p.parse_args()
    module = load(args.script)
    step_a, _ = module.build_step(shlex.split(args.a))
    step_b, _ = module.build_step(shlex.split(args.b))
    block(step_a, args.warmup)
    block(step_b, args.warmup)
    a, b = [], []
    for _ in range(args.rounds):
        a.append(block(step_a, args.steps))
        b.append(block(step_b, args.steps))
    gains = sorted(x - y for x, y in zip(a, b))
    q = len(gains) // 4
    print(json.dumps({"baseline_ns": statistics.median(a), "fixed_ns": statistics.median(b),
                      "gain_ns": statistics.median(gains), "spread_ns": (gains[-1 - q] - gains[q]) / 2,
                      "rounds": args.rounds, "steps": args.steps}))


if __name__ == "__main__":
    main()
