#!/usr/bin/env python3
"""Does a step run slower after torch.profiler (and the allocator's history) stopped? The launcher times plain
reference steps before and after its capture in one process (the correlation pass); on the H200 the steps after it
read 1.2-1.5x a separate plain process's on the host-bound tiny_kernels.py. One process: plain steps, then each
instrument started and stopped around two steps, then plain steps again; the median of each block (CUDA events).

    python3 bench/gpu/after_profiler.py [--steps 60]
"""

import argparse
import json
import statistics
import sys
import time

import torch

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from tiny_kernels import build_step  # noqa: E402


def timed(step, n):
    ms = []
    for _ in range(n):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        step()
        end.record()
        end.synchronize()
        ms.append(start.elapsed_time(end))
    return round(statistics.median(ms), 3)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--steps", type=int, default=60)
    args = p.parse_args()
    step, _ = build_step([])
    for _ in range(10):
        step()
    out = {"plain_before": timed(step, args.steps)}
    out["plain_again"] = timed(step, args.steps)
    torch.cuda.memory._record_memory_history(max_entries=100000)
    for _ in range(2):
        step()
    torch.cuda.memory._record_memory_history(None)
    out["after_memory_history"] = timed(step, args.steps)
    prof = torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CPU, torch.profiler.ProfilerActivity.CUDA],
                                  record_shapes=True)
    with prof:
        for _ in range(2):
            step()
    out["after_profiler"] = timed(step, args.steps)
    prof.export_chrome_trace("/tmp/after_profiler_trace.json")
    del prof
    out["after_export"] = timed(step, args.steps)
    import gc
    gc.collect()
    out["after_gc"] = timed(step, args.steps)
    time.sleep(1)
    out["after_1s"] = timed(step, args.steps)
    print(json.dumps(out), flush=True)


if __name__ == "__main__":
    main()
