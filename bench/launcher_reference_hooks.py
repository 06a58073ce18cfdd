#!/usr/bin/env python3
"""What the launcher's reference steps cost: a step with no hook at all against the same step as the
reference steps run it (the global hooks removed, the root's own pre/post-hook left to find the step
boundaries) and as the warm-up runs it (the global hooks installed, emitting nothing).

Usage: PYTHONPATH=resources/launcher python3 bench/launcher_reference_hooks.py [--modules N] [--rounds R]

The model is a stack of N tiny Linear+ReLU blocks on the CPU (2N+1 module calls per step), so that
the time of a module call's hooks is as large a share of the step as it gets. The configurations
take turns, round after round, and each step is timed with time.perf_counter_ns; the medians and
their difference to the plain step are printed. The real Labeller is used, with a stand-in session.
"""

import argparse
import statistics
import time

import torch

from opscope_launcher.labels import Labeller


class StandInSession:
    source = "module"
    started = 0
    capturing = False
    recording = False

    def on_root_found(self):
        pass

    def on_root_call(self):
        self.started += 1


def time_steps(model, x, count):
    out = []
    with torch.no_grad():
        for _ in range(count):
            t0 = time.perf_counter_ns()
            model(x)
            out.append(time.perf_counter_ns() - t0)
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--modules", type=int, default=100, help="Linear+ReLU blocks (default 100)")
    parser.add_argument("--rounds", type=int, default=30, help="rounds of the three configurations (default 30)")
    parser.add_argument("--steps", type=int, default=20, help="steps per configuration and round (default 20)")
    args = parser.parse_args()
    torch.set_num_threads(1)
    model = torch.nn.Sequential(*[torch.nn.Sequential(torch.nn.Linear(8, 8), torch.nn.ReLU())
                                  for _ in range(args.modules)])
    x = torch.randn(4, 8)
    labeller = Labeller(StandInSession(), use_nvtx=False)

    def plain():
        labeller.remove()

    def reference():
        labeller.remove()
        labeller.install()
        with torch.no_grad():
            model(x)  # the root is found by the global hooks, as in the warm-up
        labeller.suspend(watch_root=True)

    def warmup():
        labeller.remove()
        labeller.install()

    configs = {"plain": plain, "reference": reference, "warm-up hooks": warmup}
    times = {name: [] for name in configs}
    for _ in range(args.rounds):
        for name, setup in configs.items():
            setup()
            time_steps(model, x, 2)
            times[name] += time_steps(model, x, args.steps)
    labeller.remove()
    base = statistics.median(times["plain"])
    print("%d module calls per step, %d steps per configuration, torch %s"
          % (2 * args.modules + 1, len(times["plain"]), torch.__version__))
    for name, values in times.items():
        med = statistics.median(values)
        q = statistics.quantiles(values, n=4)
        print("%-14s median %8.1f us  (IQR %.1f-%.1f us)  %+7.1f us  %+6.2f%% vs plain"
              % (name, med / 1e3, q[0] / 1e3, q[2] / 1e3, (med - base) / 1e3, 100 * (med - base) / base))


if __name__ == "__main__":
    main()
