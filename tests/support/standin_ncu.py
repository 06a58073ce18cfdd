"""The profile pass of the ncu stand-in (standin_tools.h): replays the fixture run's ncu rows.

Usage: standin_ncu.py FIXTURE_DIR NCU_ARGS...
Its --nvtx-include op_id filters (a distinct-launch replay's, `regex:...op_id = (...)...$/`) pick the
rows whose NVTX stack has a matching range, as ncu would; other filters are ignored (all rows). The
picked rows go into the report (--export OUT: OUT.ncu-rep, which the stand-in's --import prints), and
their "==PROF== Profiling" lines, renumbered as ncu numbers what it profiles, to stdout. The application
it was given then runs, as under ncu, and its exit status is the stand-in's.
"""
import csv
import re
import subprocess
import sys

fixture, args = sys.argv[1], sys.argv[2:]
patterns = [re.compile(a[len("regex:"):-1]) for a, prev in zip(args, [""] + args)
            if prev == "--nvtx-include" and a.startswith("regex:") and a.endswith("/")]
report = args[args.index("--export") + 1] + ".ncu-rep" if "--export" in args else None
with open(fixture + "/ncu_raw.csv", newline="") as f:
    lines = f.read().splitlines(keepends=True)
with open(fixture + "/ncu.log") as f:
    prof = [line for line in f if line.startswith("==PROF== Profiling")]
rows = list(csv.reader(lines))
picked = [i for i in range(2, len(rows)) if not patterns or any(
    p.search(r) for p in patterns for r in re.findall(r'"<default domain>:(.*?):none:', rows[i][4]))]
if report:
    with open(report, "w", newline="") as out:
        out.writelines(lines[:2] + [lines[i] for i in picked])
for n, i in enumerate(picked):
    sys.stdout.write(re.sub(r" - \d+:", " - %d:" % n, prof[i - 2], count=1))
sys.stdout.flush()
# The application (PYTHON -m opscope_launcher ...) runs as it would under ncu; its exit status is ncu's.
start = next((i for i in range(len(args) - 2) if args[i + 1] == "-m" and args[i + 2] == "opscope_launcher"), None)
if start is not None:
    sys.exit(subprocess.run(args[start:]).returncode)
