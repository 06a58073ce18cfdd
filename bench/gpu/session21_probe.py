#!/usr/bin/env python3
"""What an nsys SQLite export of a multi-process job holds about its ranks: processes, the devices each
drove, NCCL's NVTX ranges and their payloads (bench/gpu/session21.sh)."""
import sqlite3
import sys

db = sqlite3.connect(sys.argv[1])
q = lambda s, *a: db.execute(s, a).fetchall()  # noqa: E731
tables = [r[0] for r in q("select name from sqlite_master where type='table'")]
print("==", sys.argv[1])
print("tables:", " ".join(sorted(t for t in tables if "NVTX" in t or "PROCESS" in t or "PAYLOAD" in t or "TARGET" in t)))
print("NVTX_EVENTS columns:", [r[1] for r in q("pragma table_info(NVTX_EVENTS)")])
if "PROCESSES" in tables:
    print("processes:", q("select globalPid, pid, name from PROCESSES"))
print("kernels per process and device:",
      q("select globalPid / 16777216 % 16777216, deviceId, count(*) from CUPTI_ACTIVITY_KIND_KERNEL group by 1, 2"))
cols = [r[1] for r in q("pragma table_info(NVTX_EVENTS)")]
extra = [c for c in ("jsonText", "jsonTextId", "binaryData", "domainId", "category") if c in cols]
rows = q("select n.globalTid / 16777216 % 16777216, coalesce(n.text, s.value), " + ", ".join("n." + c for c in extra) +
         " from NVTX_EVENTS n left join StringIds s on n.textId = s.id where coalesce(n.text, s.value) like 'nccl%' limit 400")
seen = set()
for r in rows:
    key = (r[0], r[1])
    if key in seen:
        continue
    seen.add(key)
    print("nccl range:", [x if not isinstance(x, bytes) else ("blob", len(x), x[:64].hex()) for x in r])
if "jsonText" in cols:
    print("rows with jsonText:", q("select count(*) from NVTX_EVENTS where jsonText is not null"))
    for r in q("select globalTid / 16777216 % 16777216, jsonText from NVTX_EVENTS where jsonText is not null limit 12"):
        print("json:", r)
if "binaryData" in cols:
    print("rows with binaryData:", q("select count(*) from NVTX_EVENTS where binaryData is not null"))
for t in tables:
    if "PAYLOAD" in t or "SCHEMA" in t:
        print(t, [r[1] for r in q("pragma table_info(%s)" % t)], q("select * from %s limit 20" % t))
if "StringIds" in tables:
    print("rank-like strings:", q("select id, value from StringIds where value like '%rank%' limit 20"))
