#!/usr/bin/env python3
"""Writes memory_snapshot.json: the CUDA allocator events of a real torch.profiler trace in the form the
launcher writes torch.cuda.memory._snapshot() (opscope_launcher/memory.py), until a snapshot captured on
a GPU replaces it (docs/memory.md says how to capture one).

Source: ../shared/fixtures/public/kineto/TraceLens__gaunernst_bert-small-uncased__1016001.json (torch
2.6 on an H100, profile_memory=True, with_stack=True). What comes from where:
- device_traces[0]: every CUDA [memory] instant in time order: Bytes > 0 an "alloc", < 0 a
  "free_requested" and a "free_completed" (the trace has no deferred frees); addr = Addr, size = |Bytes|,
  time_us = baseTimeNanoseconds + ts, in whole µs as the allocator writes them; stream 0 (the trace's
  events carry none); frames = the python_function ranges open on the event's thread at its time,
  innermost first (the 6 innermost), as "file.py(line): name" split into filename, line and name.
- segments: the reserved total never changes in this trace (121,634,816 bytes), so no segment events;
  one segment of that size holds the blocks alive at the end: those the trace allocated and did not
  free (with their address and size) and one block for the bytes allocated before the trace and never
  freed in it (the first event's Total Allocated less its Bytes, less the pre-trace blocks the trace
  frees), at the segment's end. The remainder of the segment is one inactive block.

Run: python3 make_snapshot.py FIXTURES_DIR > memory_snapshot.json
"""
import json
import os
import re
import sys

SOURCE = "public/kineto/TraceLens__gaunernst_bert-small-uncased__1016001.json"


def frame(name):
    m = re.match(r"^(.*)\((\d+)\): (.*)$", name)
    if m:
        return {"filename": m.group(1), "line": int(m.group(2)), "name": m.group(3)}
    return {"filename": "??", "line": 0, "name": name}


def main():
    with open(os.path.join(sys.argv[1], SOURCE), encoding="utf-8") as f:
        trace = json.load(f)
    base_ns = trace["baseTimeNanoseconds"]
    events = trace["traceEvents"]
    memory = sorted((e for e in events if e.get("name") == "[memory]" and e["args"]["Device Type"] == 1),
                    key=lambda e: e["ts"])
    python = [e for e in events if e.get("cat") == "python_function"]

    def stack(e):
        open_ = [p for p in python if p["tid"] == e["tid"] and p["ts"] <= e["ts"] <= p["ts"] + p["dur"]]
        open_.sort(key=lambda p: p["ts"], reverse=True)
        return [frame(p["name"]) for p in open_[:6]]

    history, alive, freed_before = [], {}, 0
    for e in memory:
        a = e["args"]
        entry = {"addr": a["Addr"], "size": abs(a["Bytes"]), "stream": 0,
                 "time_us": (base_ns + int(e["ts"] * 1000)) // 1000, "frames": stack(e)}
        if a["Bytes"] > 0:
            history.append({"action": "alloc", **entry})
            alive[a["Addr"]] = a["Bytes"]
        else:
            history.append({"action": "free_requested", **entry})
            history.append({"action": "free_completed", **entry})
            if alive.pop(a["Addr"], None) is None:
                freed_before += -a["Bytes"]
    first = memory[0]["args"]
    before_trace = first["Total Allocated"] - first["Bytes"] - freed_before
    reserved = first["Total Reserved"]
    start = min(alive) if alive else 0
    blocks = [{"address": addr, "size": size, "requested_size": size, "state": "active_allocated", "frames": []}
              for addr, size in sorted(alive.items())]
    blocks.append({"address": start + reserved - before_trace, "size": before_trace,
                   "requested_size": before_trace, "state": "active_allocated", "frames": []})
    free = reserved - sum(b["size"] for b in blocks)
    blocks.append({"address": start, "size": free, "requested_size": 0, "state": "inactive", "frames": []})
    segment = {"device": 0, "address": start, "total_size": reserved, "stream": 0, "segment_type": "large",
               "allocated_size": reserved - free, "active_size": reserved - free,
               "requested_size": reserved - free, "blocks": blocks, "frames": []}
    json.dump({"segments": [segment], "device_traces": [history],
               "allocator_settings": {"expandable_segments": False}}, sys.stdout)


if __name__ == "__main__":
    main()
