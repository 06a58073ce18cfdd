#!/usr/bin/env python3
"""What the memory instruments cost a CUDA step: the allocator history and torch.profiler's profile_memory.

    python3 bench/gpu/memory_overhead.py SCRIPT [--steps N] [--rounds R] [--warmup W] -- [SCRIPT ARGS]

SCRIPT defines `build_step(argv) -> (step, steps)` (examples/gpt.py). After W warm-up steps, R rounds
each time N steps under four settings, in turn so that clock drift falls on all of them alike:

- plain: nothing recording;
- history: torch.cuda.memory._record_memory_history(max_entries=100000), as the launcher records it
  over the captured step (opscope_launcher/memory.py), no profiler;
- profiler: torch.profiler with CPU and CUDA activities, record_shapes and with_stack off;
- profiler+memory: the same with profile_memory=True (the launcher's setting).

Each step is timed by CUDA events at its boundaries (read after a synchronise at the end of the round)
and by the host clock. Prints one JSON object: the medians per setting and the ratios
history/plain and profiler+memory/profiler, the two instruments' own costs.
"""

import argparse
import json
import os
import statistics
import sys
import time

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from plain_step import split_args, warmed_step  # noqa: E402

HISTORY_MAX_ENTRIES = 100000  # as opscope_launcher/memory.py


def timed_steps(step, n):
    """(GPU ms per step by CUDA events, host ms per step) for n steps run back to back."""
    events = [torch.cuda.Event(enable_timing=True) for _ in range(n + 1)]
    host = []
    events[0].record()
    for i in range(n):
        t0 = time.perf_counter()
        step()
        events[i + 1].record()
        host.append((time.perf_counter() - t0) * 1e3)
    torch.cuda.synchronize()
    return [events[i].elapsed_time(events[i + 1]) for i in range(n)], host


def run_setting(name, step, n):
    from torch.profiler import ProfilerActivity, profile

    if name == "plain":
        return timed_steps(step, n)
    if name == "history":
        torch.cuda.memory._record_memory_history(max_entries=HISTORY_MAX_ENTRIES)
        try:
            return timed_steps(step, n)
        finally:
            torch.cuda.memory._record_memory_history(None)
    activities = [ProfilerActivity.CPU, ProfilerActivity.CUDA]
    with profile(activities=activities, profile_memory=(name == "profiler+memory")):
        return timed_steps(step, n)


def main():
    own, script_args = split_args(sys.argv[1:])
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("script")
    parser.add_argument("--steps", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--warmup", type=int, default=5)
    args = parser.parse_args(own)
    step = warmed_step(args.script, script_args, args.warmup)
    settings = ["plain", "history", "profiler", "profiler+memory"]
    gpu = {s: [] for s in settings}
    host = {s: [] for s in settings}
    for _ in range(args.rounds):
        for s in settings:
            g, h = run_setting(s, step, args.steps)
            gpu[s] += g
            host[s] += h
    median = {s: statistics.median(gpu[s]) for s in settings}
    host_median = {s: statistics.median(host[s]) for s in settings}
    print(json.dumps({
        "script_args": script_args, "device": torch.cuda.get_device_name(), "torch": torch.__version__,
        "steps_per_setting": args.steps * args.rounds,
        "step_ms": {s: round(median[s], 3) for s in settings},
        "host_ms": {s: round(host_median[s], 3) for s in settings},
        "history_over_plain": round(median["history"] / median["plain"], 4),
        "profile_memory_over_profiler": round(median["profiler+memory"] / median["profiler"], 4),
        "host_history_over_plain": round(host_median["history"] / host_median["plain"], 4),
    }))


if __name__ == "__main__":
    main()
