#!/usr/bin/env bash
# Speed of two builds of the importers and the page toucher, alternated (A B A B ...) so that a loaded
# machine's changing load falls on both alike; prints each figure's median per build and after/before.
#
#   bash bench/ab-imports.sh BEFORE_DIR AFTER_DIR [ROUNDS]   (default 3 rounds)
#
# Each DIR holds bench_page_faults, bench_nsys_import and bench_kineto_import of one build. The inputs
# (a 250,000-kernel nsys export; a 100 MB torch.profiler trace, each run the median of 3 imports) are
# generated once into a scratch folder and read by every run; nsys's attribution digest must be equal
# between the builds (the same results).
set -euo pipefail
before=$(readlink -f "${1:?usage: ab-imports.sh BEFORE_DIR AFTER_DIR [ROUNDS]}")
after=$(readlink -f "${2:?usage: ab-imports.sh BEFORE_DIR AFTER_DIR [ROUNDS]}")
rounds=${3:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
log=$work/log
: >"$log"

once() { # once LABEL DIR: one run of the three benchmarks, their figures appended to the log
  local label=$1 dir=$2 out
  out=$("$dir/bench_page_faults" --mib 256)
  echo "$out" | awk -v l="$label" '/^\(c\)/ { for (i = 1; i <= NF; ++i) if ($i == "(a):") v = $(i + 1); print l, "page_toucher_all_over_plain", v }' >>"$log"
  echo "$out" | awk -v l="$label" '/^\(c\)/ { for (i = 1; i <= NF; ++i) if ($i == "writes") w = $(i + 1); print l, "page_toucher_writer_s", w }' >>"$log"
  out=$("$dir/bench_nsys_import" --kernels 250000 --runs 1 --dir "$work" --keep --reuse --no-baselines)
  echo "$out" | awk -v l="$label" '/^import best/ { print l, "nsys_import_wall_s", $3; gsub(/\(/, "", $5); print l, "nsys_import_cpu_s", $5 }
    /^attribution \(best run\)/ { print l, "nsys_attribution_wall_s", $4 }
    /^attribution digest/ { print l, "nsys_attribution_digest", $3 }' >>"$log"
  out=$("$dir/bench_kineto_import" --sizes-mb 100 --repeat 3 --python-max-mb 0 --dir "$work" --keep)
  echo "$out" | awk -v l="$label" '$4 == "|" && $1 ~ /^[0-9.]+$/ { print l, "kineto_import_wall_s_" $3 "_threads", $5; print l, "kineto_import_cpu_s_" $3 "_threads", $6 }' >>"$log"
}

for ((r = 1; r <= rounds; ++r)); do
  echo "round $r: before" >&2
  once before "$before"
  echo "round $r: after" >&2
  once after "$after"
done

python3 - "$log" <<'PY'
import statistics, sys
figures = {}
for line in open(sys.argv[1]):
    label, name, value = line.split()
    figures.setdefault(name, {}).setdefault(label, []).append(value)
print(f"{'figure':40} {'before (median)':>16} {'after (median)':>16} {'after/before':>13}  runs")
for name, by in figures.items():
    if name.endswith("digest"):
        same = set(by.get("before", [])) == set(by.get("after", [])) and len(set(by["before"])) == 1
        print(f"{name:40} {' '.join(sorted(set(by['before']))):>16} {' '.join(sorted(set(by['after']))):>16} "
              f"{'same' if same else 'DIFFERENT':>13}")
        continue
    b = statistics.median(float(v) for v in by["before"])
    a = statistics.median(float(v) for v in by["after"])
    print(f"{name:40} {b:16.3f} {a:16.3f} {a / b if b else float('nan'):13.2f}  "
          f"{','.join(by['before'])} | {','.join(by['after'])}")
PY
