#!/bin/bash
# Issue 35's proof on the H200 (docs/insights.md "Estimated against measured"): six workloads written as
# users write them, each with a different known first fix. Per workload: `opscope capture` (`profile` for
# precision, whose peaks ncu measures), the top three timed items of `opscope insights --json`, and each of
# them with a launcher fix measured by `opscope verify --fix` (default rounds); the host-sync fix, a change
# to the code, is measured by a plain A/B of the script with and without --no-sync (bench/gpu/ab_args.py).
#   align      transformers' GPT-2 training (12 layers, bf16 autocast, 8x512)   pad=lm_head:50304
#   precision  a plain FP32 MLP, TF32 off (PyTorch's default)                   tf32
#   layout     torchvision's ResNet-50 in NCHW under bf16 autocast               channels-last
#   hostsync   a small model whose loop calls .item() twice per step            --no-sync (code change)
#   launch     24 tiny residual blocks, batch 32                                 compile=reduce-overhead
#   memory     16 encoder layers on 16 x 1024 tokens                             checkpoint=layers.*
# Prints a row per item: workload, rank, kind, estimated gain, measured gain +/- spread, measured/estimated,
# and each verify's wall time. Starts no workload after LIMIT seconds (400) and no verify that could end after HARD (570). Only two files come back:
#   $OUT/proof35.log and $OUT/proof35.tar.gz (insights text and JSON, verify.json, manifests, logs).
#     bash bench/gpu/proof35.sh [NAME...]
source "$(dirname "$0")/env.sh"
export PYTHONUNBUFFERED=1 HF_HUB_OFFLINE=1
LIMIT=${LIMIT:-400} HARD=${HARD:-570} # no workload starts after LIMIT s, no verify that could end after HARD s
R=/tmp/runs35p; mkdir -p $R
L=$OUT/proof35.log
NAMES=${*:-"align precision layout hostsync launch memory"}
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader >> $L
pack() { # what comes back, written again after each workload (a call cut at its limit keeps what was done)
  (cd $R && for d in */; do cp $d/verify.json ${d%/}.verify.json 2>/dev/null; cp $d/manifest.json ${d%/}.manifest.json 2>/dev/null; done
   tar czf $OUT/proof35.tar.gz --exclude='*/' *.txt *.json *.log *.fixes 2>/dev/null)
}
now_ms() { echo $(( $(date +%s%N) / 1000000 )); }
for name in $NAMES; do
  if [ $SECONDS -gt $LIMIT ]; then echo "left out (time): $name" | tee -a $L; continue; fi
  t0=$SECONDS
  # Enough steps for verify's arms to serve 12 rounds of one-second blocks; the capture stops after its window.
  case $name in
    align) args=(capture bench/gpu/hf_gpt2.py --out $R --name $name -- --steps 3000) ;;
    precision) args=(profile bench/gpu/fp32_mlp.py --out $R --name $name -- --steps 3000) ;;
    layout) args=(capture bench/gpu/tv_resnet.py --out $R --name $name -- --layout nchw --steps 3000) ;;
    hostsync) args=(capture bench/gpu/sync_loop.py --out $R --name $name -- --steps 5000) ;;
    launch) args=(capture bench/gpu/tiny_kernels.py --out $R --name $name -- --steps 5000) ;;
    memory) args=(capture bench/gpu/activation_memory.py --out $R --name $name -- --steps 3000) ;;
    *) echo "unknown workload $name" | tee -a $L; continue ;;
  esac
  timeout $((HARD - SECONDS < 240 ? HARD - SECONDS : 240)) $B "${args[@]}" > $R/$name.log 2>&1; rc=$?
  echo "== $name: ${args[0]} rc=$rc in $((SECONDS - t0)) s" | tee -a $L
  [ $rc = 0 ] || { tail -5 $R/$name.log | tee -a $L; pack; continue; }
  $B insights $R/$name --json > $R/$name.insights.json 2>> $L
  $B insights $R/$name > $R/$name.insights.txt 2>> $L
  # The fixes of the top three timed items, one verify each (memory items' fixes too, for the peak).
  # Each fix once (two items may name one fix), at most MAXV (default 3); a memory item's fix for the memory
  # workload only (its peak is what it is measured on).
  python3 - "$R/$name.insights.json" "$name" "${MAXV:-3}" > $R/$name.fixes <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
timed = [i for i in r["insights"] if not i["estimated_bytes_saved"]][:3]
memory = [i for i in r["insights"] if i["estimated_bytes_saved"] and i["verify_fix"]][:1]
fixes = []
for i in (memory + timed if sys.argv[2] == "memory" else timed):
    if i["verify_fix"] and i["verify_fix"] not in fixes:
        fixes.append(i["verify_fix"])
print("\n".join(fixes[:int(sys.argv[3])]))
PY
  while read -r fix; do
    [ $SECONDS -gt $((HARD - 150)) ] && { echo "  verify left out (time): $fix" | tee -a $L; continue; }
    fixargs=(); IFS='+' read -ra parts <<< "$fix"
    for f in "${parts[@]}"; do f=$(echo $f); fixargs+=(--fix "$f"); done
    v0=$(now_ms)
    timeout 150 $B verify $R/$name "${fixargs[@]}" > $R/$name.verify.$(echo "$fix" | tr -c 'A-Za-z0-9=.\n' _).txt 2>&1 < /dev/null
    echo "  verify $fix: rc=$? wall $(( $(now_ms) - v0 )) ms" | tee -a $L
  done < $R/$name.fixes
  if [ $name = hostsync ] && [ $SECONDS -lt $((HARD - 90)) ]; then
    python3 bench/gpu/ab_args.py bench/gpu/sync_loop.py --b=--no-sync > $R/hostsync.ab.json 2>> $L
    echo "  plain A/B --no-sync: $(cat $R/hostsync.ab.json)" | tee -a $L
  fi
  $B insights $R/$name > $R/$name.insights.after.txt 2>> $L
  $B insights $R/$name --json > $R/$name.insights.after.json 2>> $L
  python3 - "$name" "$R/$name.insights.json" "$R/$name.insights.after.json" "$R/$name.ab.json" <<'PY' | tee -a $L
import json, os, sys
name, before, after, ab = sys.argv[1:5]
ms = lambda ns: "-" if ns is None else "%.3f ms" % (ns / 1e6)
r = json.load(open(before))
s, h = r["step"], r["step"]["host"]
print("  step %s plain +/- %s over %s steps, replayed %s; GPU busy %s; host own %s (%s), held %d launches %s"
      % (ms(s["reference_step_ns"]), ms(s.get("reference_spread_ns")), s.get("reference_steps", "?"),
         ms(s["replayed_step_ns"]), ms(h["gpu_busy_ns"]), ms(h["own_ns"]), h["correction"],
         h["blocked_launches"], ms(h["blocked_launch_ns"])))
measured = {}
try:
    for i in json.load(open(after))["insights"]:
        if i.get("measured"):
            measured[(i["kind"], i["title"])] = i["measured"]
except Exception as e:
    print("  no insights after verify (%s)" % e)
if os.path.exists(ab) and os.path.getsize(ab):
    m = json.load(open(ab))
    measured["(code change)"] = m
timed = [i for i in r["insights"] if not i["estimated_bytes_saved"]][:3]
for n, i in enumerate(timed, 1):
    m = measured.get((i["kind"], i["title"])) or (measured.get("(code change)") if i["kind"] == "host-sync" else None)
    est = i["estimated_gain_ns"]
    ratio = "-" if not m or not est else "%.2f" % (m["gain_ns"] / est)
    meas = "-" if not m else "%s +/- %s (%s -> %s)" % (ms(m["gain_ns"]), ms(m.get("spread_ns")),
                                                      ms(m["baseline_ns"]), ms(m["fixed_ns"]))
    print("  %d. %-24s est %-10s (%s) GPU saved %-10s fix %-24s measured %s ratio %s"
          % (n, i["kind"], ms(est), i["gain_basis"], ms(i["gpu_time_saved_ns"]), i["verify_fix"] or "-",
             meas, ratio))
for i in [i for i in r["insights"] if i["estimated_bytes_saved"]][:2]:
    m = measured.get((i["kind"], i["title"]))
    print("  mem %-22s saves %.0f MB fix %-24s measured %s" % (i["kind"], i["estimated_bytes_saved"] / 1e6,
          i["verify_fix"] or "-", json.dumps(m) if m else "-"))
PY
  echo "  ($name done in $((SECONDS - t0)) s)" | tee -a $L
  pack
done
cat $L | tail -c 11000
