#!/usr/bin/env python3
"""Times a workload's step plainly: no OpScope, no NVTX, no profiler while the step is timed.

    python3 bench/gpu/plain_step.py SCRIPT [--time N] [--warmup W] [--busy] [--json OUT] -- [SCRIPT ARGS]

SCRIPT defines `build_step(argv) -> (step, steps)` (examples/gpt.py, bench/gpu/hf_gpt2.py). After W
warm-up steps, N steps run back to back with a CUDA event recorded at each boundary (no
synchronisation inside a step) and the median step time is printed. --busy then records one more
step with torch.profiler restricted to CUDA activity (kernel records only: no CPU ops, shapes or
stacks) and prints the share of the plain median step that the union of its kernels covers. This is
the "plain run" that docs/gpu-validation.md compares OpScope's reference timing and GPU-busy share
with, and the before/after timing of an insight's fix.
"""

import argparse
import importlib.util
import json
import os
import statistics
import sys

import torch


def load(script):
    spec = importlib.util.spec_from_file_location("workload", script)
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, os.path.dirname(os.path.abspath(script)))
    spec.loader.exec_module(module)
    return module


def split_args(argv):
    """(this script's arguments, the workload's): the workload's follow "--"."""
    if "--" not in argv:
        return argv, []
    i = argv.index("--")
    return argv[:i], argv[i + 1:]


def warmed_step(script, script_args, warmup):
    """The workload's step function after `warmup` steps, the GPU idle."""
    step, _ = load(script).build_step(script_args)
    for _ in range(warmup):
        step()
    torch.cuda.synchronize()
    return step


def step_kernels(step):
    """(start µs, end µs, name) of every kernel, memcpy and memset of one step."""
    from torch.profiler import ProfilerActivity, profile

    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        step()
        torch.cuda.synchronize()
    return sorted(
        (e.time_range.start, e.time_range.end, e.name)
        for e in prof.events()
        if e.device_type == torch.autograd.DeviceType.CUDA and e.time_range.end > e.time_range.start
    )


def union_ns(kernels):
    busy, end = 0.0, None
    for s, e, _ in kernels:
        if end is None or s > end:
            busy, end = busy + (e - s), e
        elif e > end:
            busy, end = busy + (e - end), e
    return busy * 1000.0


def main():
    argv, script_args = split_args(sys.argv[1:])
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("script")
    p.add_argument("--time", type=int, default=20, metavar="N", help="steps timed (default 20)")
    p.add_argument("--warmup", type=int, default=3, metavar="W", help="warm-up steps (default 3)")
    p.add_argument("--busy", action="store_true", help="also the plain GPU-busy share of one step")
    p.add_argument("--json", help="write the figures here (with --busy: every kernel's name and time too)")
    args = p.parse_args(argv)

    step = warmed_step(args.script, script_args, args.warmup)
    events = [torch.cuda.Event(enable_timing=True) for _ in range(args.time + 1)]
    events[0].record()
    for i in range(args.time):
        step()
        events[i + 1].record()
    torch.cuda.synchronize()
    times = [events[i].elapsed_time(events[i + 1]) * 1e6 for i in range(args.time)]  # ns
    result = {"script": args.script, "args": script_args, "steps": args.time, "median_ns": statistics.median(times),
              "min_ns": min(times), "max_ns": max(times)}
    print("plain step %s %s: median %.3f ms over %d steps (min %.3f, max %.3f)"
          % (os.path.basename(args.script), " ".join(script_args), result["median_ns"] / 1e6, args.time,
             result["min_ns"] / 1e6, result["max_ns"] / 1e6))
    if args.busy:
        kernels = step_kernels(step)
        busy_ns = union_ns(kernels)
        result.update(kernels=len(kernels), busy_ns=busy_ns, busy_share=busy_ns / result["median_ns"],
                      kernel_list=[{"name": n, "ns": (e - s) * 1000.0} for s, e, n in kernels])
        print("plain GPU busy: %d kernels, %.3f ms, %.1f %% of the plain step"
              % (len(kernels), busy_ns / 1e6, 100 * result["busy_share"]))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(result, f, indent=1)


if __name__ == "__main__":
    main()
