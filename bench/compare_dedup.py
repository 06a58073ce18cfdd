#!/usr/bin/env python3
"""Compares the counters of a dedup replay with those of a full replay of the same captured step.

Usage: compare_dedup.py OPSCOPE DEDUP.opscope FULL.opscope PARTITION_MAP.json
       compare_dedup.py OPSCOPE DISTINCT.opscope FULL.opscope --distinct
Both profiles come from one run folder (one nsys capture, so kernel i is the same launch in both):
`opscope replay RUN` then `opscope replay RUN --no-dedup`, copying RUN/RUN.opscope after each.
Prints, per metric, how far the dedup profile's values are from the full replay's: for kernels ncu
profiled in both replays (the representatives and the kernels outside the groups: ncu's run-to-run
noise) and for the duplicates' kernels, whose dedup values are copies of their representative's.
The partition map (RUN/partition_map.json) says which modules are duplicates: every member of a group
but its representative.
With --distinct, the first profile is a distinct-launch replay's (`opscope replay RUN`, the default):
its copied kernels are those whose counters equal, value for value, those of an earlier kernel of the
same name (a copy is exact; two launches ncu profiled never agree on every counter).
"""
import json
import statistics
import subprocess
import sys

METRICS = [
    "gpu__time_duration.sum",
    "dram__bytes.sum.per_second",
    "dram__cycles_active.avg.pct_of_peak_sustained_elapsed",
    "derived__smsp__sass_thread_inst_executed_op_ffma_pred_on_x2",
    "sm__throughput.avg.pct_of_peak_sustained_elapsed",
    "gpu__compute_memory_throughput.avg.pct_of_peak_sustained_elapsed",
]


def kernels(opscope, path):
    out = subprocess.run([opscope, "kernels", path, "--json"], check=True, capture_output=True, text=True).stdout
    return [k for k in json.loads(out) if k["captured"]]


def counters(kernel):
    return {name: c["value"] for name, c in kernel["counters"].items() if isinstance(c.get("value"), (int, float))}


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    opscope, dedup_path, full_path, map_path = sys.argv[1:5]
    dedup, full = kernels(opscope, dedup_path), kernels(opscope, full_path)
    if len(dedup) != len(full):
        sys.exit("the profiles have %d and %d captured kernels: not the same capture" % (len(dedup), len(full)))
    meta = json.loads(subprocess.run([opscope, "summary", dedup_path, "--json"], check=True, capture_output=True,
                                     text=True).stdout)
    if map_path == "--distinct":
        filled = int(meta.get("metadata", {}).get("distinct_kernels_filled", 0))
        seen, copies = set(), set()
        for k in dedup:
            key = (k["name"], json.dumps(counters(k), sort_keys=True))
            if counters(k) and key in seen:
                copies.add(k["index"])
            seen.add(key)

        def is_copy(k):  # the same counters as an earlier launch of its signature: copied from it
            return k["index"] in copies
        copied_label = "copied from the first launch of their signature"
    else:
        filled = int(meta.get("metadata", {}).get("dedup_kernels_filled", 0))
        with open(map_path, encoding="utf-8") as f:
            duplicates = [m for g in json.load(f)["groups"] for m in g["members"] if m != g["representative"]]

        def is_copy(k):  # the kernel ran in (a submodule of) a duplicate, which ncu skipped
            return any(k["module"] == m or k["module"].startswith(m + ".") for m in duplicates)
        copied_label = "copied from the representative"

    without = sum(1 for k in dedup if not counters(k))
    print("captured kernels %d, filled %d (summary says %s), without counters %d" % (
        len(dedup), sum(map(is_copy, dedup)), filled, without))
    for label, select in (("profiled in both replays", lambda k: not is_copy(k)), (copied_label, is_copy)):
        print("\n%s:" % label)
        for metric in METRICS:
            diffs = []
            for a, b in zip(dedup, full):
                if not select(a) or a["name"] != b["name"]:
                    continue
                va, vb = counters(a).get(metric), counters(b).get(metric)
                if va is None or vb is None or vb == 0:
                    continue
                diffs.append(abs(va - vb) / abs(vb) * 100)
            if diffs:
                diffs.sort()
                print("  %-66s n=%4d  median %6.2f %%  p90 %6.2f %%  max %7.2f %%" % (
                    metric, len(diffs), statistics.median(diffs), diffs[int(0.9 * (len(diffs) - 1))], diffs[-1]))


if __name__ == "__main__":
    main()
