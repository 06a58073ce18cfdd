#!/usr/bin/env python3
"""Checks a capture of generation requests (opscope capture --step generate) against the script's own timing of
the same requests (bench/gpu/hf_generate.py --timing): time to first token and per output token of OpScope's
plain requests against the CUDA events the script recorded in those very requests (the same process: the
correlation pass under nsys, whose pid its log names), and every kernel of the captured request in a phase and
a module. Prints one JSON object.

    python3 bench/gpu/generate_check.py RUN_FOLDER TIMING.jsonl SUMMARY.json
"""

import json
import re
import statistics
import sys


def pid_of(log_path):
    try:
        with open(log_path, errors="replace") as f:
            for line in f:
                m = re.search(r"OPSCOPE start pid=(\d+)", line)
                if m:
                    return int(m.group(1))
    except OSError:
        pass
    return None


def own_requests(timing_path, pid, indices):
    """The script's own timing of its requests numbered `indices` in the process `pid`."""
    rows = []
    with open(timing_path) as f:
        for line in f:
            row = json.loads(line)
            if row.get("pid") == pid and row["request"] in indices:
                rows.append(row)
    return rows


def main():
    run, timing, summary_path = sys.argv[1:4]
    manifest = json.load(open(run + "/manifest.json"))
    summary = json.load(open(summary_path))
    capture = manifest["capture"]
    warmup, reference = capture.get("warmup", 2), capture.get("reference_steps", 3)
    # The plain requests' process: the correlation pass under nsys, else the capture itself.
    # (--no-correlation: the capture's own process, whose launcher writes into nsys.log, or launcher.log without nsys)
    logs = ["correlation.log"] if manifest.get("correlation") else ["nsys.log", "launcher.log"]
    pid = next((p for p in (pid_of(run + "/" + log) for log in logs) if p is not None), None)
    g = summary.get("generation") or {}
    plain = g.get("plain") or {}
    # The same requests as OpScope's plain figures: the reference requests at the steady pace (those the step
    # timing found still warming up left out). The launcher's status lists its timed requests in order with their
    # kind (reference before the capture, the captured one, reference after it); the script's n-th request is
    # the launcher's n-th step, after its warm-up requests.
    status_path = run + ("/correlation_status.json" if manifest.get("correlation") else "/launcher_status.json")
    try:
        status = json.load(open(status_path))
        timed = (status.get("generation") or {}).get("requests") or []
        first_timed = int(status.get("warmup", warmup))
        indices = [first_timed + i for i, r in enumerate(timed) if r.get("kind") == "reference"]
        launcher_of = {first_timed + i: r for i, r in enumerate(timed)}
    except (OSError, ValueError):
        indices = list(range(warmup, warmup + reference))
        launcher_of = {}
    indices = indices[int(g.get("plain_warming_up_requests") or 0):]
    own = own_requests(timing, pid, set(indices))
    out = {"run": run, "pid": pid, "own_requests": len(own), "own_request_indices": indices, "opscope_plain": plain}
    if own:
        ttft = statistics.median(r["ttft_ns"] for r in own)
        tpot = statistics.median(t for r in own for t in r["tokens_ns"][1:])
        out["own_ttft_ns"] = int(ttft)
        out["own_tpot_median_ns"] = int(tpot)
        if plain:
            out["ttft_ratio"] = round(plain["ttft_ns"] / ttft, 4)
            out["tpot_ratio"] = round(plain["tpot_median_ns"] / tpot, 4)
            out["within_5_percent"] = abs(out["ttft_ratio"] - 1) <= 0.05 and abs(out["tpot_ratio"] - 1) <= 0.05
    # Request by request, the launcher's timing beside the script's (where the two sides part, and on which
    # requests): [index, launcher TTFT, script TTFT, launcher TPOT median, script TPOT median], in us.
    rows = []
    for r in sorted(own, key=lambda r: r["request"]):
        times = (launcher_of.get(r["request"]) or {}).get("iterations_ns") or []
        rows.append([r["request"], round(times[0] / 1e3, 1) if times else None, round(r["ttft_ns"] / 1e3, 1),
                     round(statistics.median(times[1:]) / 1e3, 1) if len(times) > 1 else None,
                     round(statistics.median(r["tokens_ns"][1:]) / 1e3, 1) if len(r["tokens_ns"]) > 1 else None])
    out["per_request_us"] = rows
    phases = g.get("phases") or []
    in_phases = sum(p["kernels"] for p in phases)
    out["phases"] = len(phases)
    out["kernels_in_phases"] = in_phases
    out["captured_kernels"] = summary.get("captured_kernel_count")
    out["kernels_with_module"] = summary.get("kernels_with_module")
    out["every_kernel_in_a_phase_and_a_module"] = (
        in_phases == summary.get("captured_kernel_count") == summary.get("kernels_with_module"))
    # After `opscope replay --phase decode#5`: the counters are those of that iteration's kernels.
    out["kernels_with_counters"] = summary.get("kernels_with_counters")
    out["decode5_kernels"] = next((p["kernels"] for p in phases if p.get("phase") == "decode#5"), None)
    for key in ("prefill_gpu_busy_share", "decode_gpu_busy_share", "decode_kernels_per_token", "decode_median_ns",
                "outliers", "memory"):
        out[key] = g.get(key)
    out["top_modules_per_token"] = [(m["path"], m["per_token_ns"]) for m in (g.get("modules") or [])[:6]]
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
