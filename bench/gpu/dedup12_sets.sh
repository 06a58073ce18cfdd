#!/bin/bash
# 12-block GPT: where the start-up time goes, then dedup against full replays of one captured step with
# the metric sets given (roofline: opscope's default; full: a deep dive). Writes $OUT/gpu_sets.log.
#   bash bench/gpu/dedup12_sets.sh infer roofline full      # inference step, both sets (~7 min)
#   bash bench/gpu/dedup12_sets.sh train roofline           # training step (~6 min)
source "$(dirname "$0")/env.sh"
R=/tmp/runs_sets; rm -rf $R
L=$OUT/gpu_sets.log
step() { echo "== $1 $(date +%T)" >> $L; shift; /usr/bin/time -f "wall %e s" "$@" 2>&1 | grep -v "kernel [0-9]*:" | tail -4 >> $L; }
PYTHONPATH=$PWD/resources/launcher python3 bench/gpu/startup_phases.py 12 >> $L 2>&1
KIND=${1:-infer}; shift; SETS=${*:-roofline}
N=${KIND}12; ARGS="--dtype bfloat16 --layers 12"; [ "$KIND" = infer ] && ARGS="--infer $ARGS"
step "$N capture" $B capture examples/gpt.py --out $R --name $N --no-correlation -- $ARGS
for set in $SETS; do
    step "$N replay dedup --set $set" $B replay $R/$N --set $set
    step "$N replay full --set $set" $B replay $R/$N --set $set --no-dedup
done
python3 - "$R/$N/manifest.json" >> $L <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
for r in m.get("replays", []):
    print(r.get("id"), r.get("metric_set"), "dedup" if r.get("dedup") else "full", "wall_s", r.get("wall_s"),
          "profiled", r.get("kernels_profiled", r.get("ncu_rows")), "skipped", r.get("kernels_skipped"))
PY
cp $R/$N/manifest.json $OUT/${N}_sets_manifest.json
cat $L
