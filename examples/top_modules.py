#!/usr/bin/env python3
"""Top 10 modules by GPU time in the captured step of an OpScope profile, with pandas.

    PYTHONPATH=/usr/share/opscope/launcher python3 examples/top_modules.py run.opscope

(opscope_reader ships with OpScope's launcher; from a checkout: PYTHONPATH=resources/launcher.)
GPU time is the module's kernels with those of its submodules, summed over its calls in the step, as
`opscope modules` counts it.
"""
import sys

from opscope_reader import load

profile = load(sys.argv[1])
modules = profile.modules[profile.modules.step == "captured"]
top = modules.groupby(["path", "class_name"])[["gpu_time_ns", "self_gpu_time_ns"]].sum()
top = top.nlargest(10, "gpu_time_ns") / 1e3  # ns -> us
# Named as OpScope names them: the root (empty path) by its class, a phase without class by its name.
top.index = [f"[{cls}]" if not path else f"{path} [{cls}]" if cls else path for path, cls in top.index]
print(top.rename(columns={"gpu_time_ns": "GPU us", "self_gpu_time_ns": "self us"}).round(2).to_string())
