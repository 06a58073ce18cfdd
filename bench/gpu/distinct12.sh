#!/bin/bash
# Issue 22: ncu replay of each distinct launch once, on a 12-block GPT training step (bf16). One capture,
# then three replays of its captured step with the same metric set: distinct launches (the default),
# one layer per group of identical layers (--no-distinct-launches) and everything (--no-distinct-launches
# --no-dedup); each replay's ncu time and kernels profiled, the ratios to the full replay, and the
# copied counters against the full replay's (bench/compare_dedup.py). Writes $OUT/distinct12.log.
#   bash bench/gpu/distinct12.sh              # training step, --set roofline (~7 min on the H100)
#   bash bench/gpu/distinct12.sh infer        # inference step
#   SET=full bash bench/gpu/distinct12.sh     # another metric set
source "$(dirname "$0")/env.sh"
R=/tmp/runs_distinct; rm -rf $R
L=$OUT/distinct12.log
KIND=${1:-train}; SET=${SET:-roofline}
N=${KIND}12; ARGS="--dtype bfloat16 --layers 12"; [ "$KIND" = infer ] && ARGS="--infer $ARGS"
step() { echo "== $1 $(date +%T)" >> $L; shift; /usr/bin/time -f "wall %e s" "$@" > $R/step.log 2>&1; echo "rc=$?" >> $L; grep -v "kernel [0-9]*:" $R/step.log | tail -6 >> $L; }
mkdir -p $R
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> $L 2>&1
step "$N capture" $B capture examples/gpt.py --out $R --name $N --no-correlation -- $ARGS
for mode in distinct dedup full; do
    case $mode in
        distinct) opts=() ;;
        dedup) opts=(--no-distinct-launches) ;;
        full) opts=(--no-distinct-launches --no-dedup) ;;
    esac
    step "$N replay $mode --set $SET" $B replay $R/$N --set $SET "${opts[@]}"
    cp $R/$N/$N.opscope $R/$mode.opscope
    $B summary $R/$mode.opscope > $OUT/${N}_${mode}_summary.txt 2>&1
done
python3 - "$R/$N/manifest.json" >> $L <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
rows = {}
for r in m.get("replays", []):
    mode = "distinct" if r.get("distinct_launches") else "dedup" if r.get("dedup") else "full"
    rows[mode] = r
    print("%-8s %s ncu wall %7.1f s  profiled %4s  kernels in step %s  signatures %s  planned %s  result %s" % (
        mode, r.get("id"), r.get("wall_s", 0), r.get("kernels_profiled"),
        r.get("distinct_kernels_in_capture", r.get("nsys_kernels_in_capture")), r.get("distinct_signatures", "-"),
        r.get("distinct_kernels_planned", "-"), r.get("result")))
    for p in r.get("problems", []):
        print("   problem:", p[:300])
    if r.get("distinct_launches_unusable"):
        print("   distinct launches unusable:", r["distinct_launches_unusable"])
full = rows.get("full", {}).get("wall_s")
for mode in ("distinct", "dedup"):
    if full and mode in rows:
        print("%s / full ncu time: %.3f (goal for distinct: <= 0.125)" % (mode, rows[mode]["wall_s"] / full))
print("counts:", json.dumps(m.get("counts", {})))
PY
echo "== copied counters, distinct vs full" >> $L
python3 bench/compare_dedup.py $B $R/distinct.opscope $R/full.opscope --distinct >> $L 2>&1
echo "== copied counters, dedup vs full" >> $L
python3 bench/compare_dedup.py $B $R/dedup.opscope $R/full.opscope $R/$N/partition_map.json >> $L 2>&1
cp $R/$N/manifest.json $OUT/${N}_distinct_manifest.json
head -c 3000 $R/$N/ncu.log > $OUT/${N}_distinct_ncu_head.log 2>/dev/null
cat $L
