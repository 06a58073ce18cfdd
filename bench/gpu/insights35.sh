#!/bin/bash
# Issue 35's six workloads, each with a different known first fix, captured on the GPU machine and read by
# `opscope insights` (docs/insights.md, docs/gpu-validation.md), and one capture for tests/data:
#   align      transformers' GPT-2 training (12 layers), vocabulary 50257     pad=lm_head:50304
#   precision  a plain FP32 MLP, TF32 off (PyTorch's default)                 tf32 (profile: ncu measures the peaks)
#   layout     torchvision's ResNet-50 in NCHW under bf16 autocast             channels-last
#   hostsync   a small model whose loop calls .item() twice per step           (a change to the code)
#   launch     24 tiny residual blocks, batch 32                               compile=reduce-overhead
#   memory     16 encoder layers on 16 x 1024 tokens                           checkpoint=layers.*
#   held       GPT-2 with 4 layers, batch 32: the traced host fills the launch queue (for tests/data)
# Prints, per workload, the step header figures (the plain step and its spread, the host model, nsys's cost per
# call from the two calibration bursts) and the top three items with their estimated gain, the GPU time they
# save and their verify fix, the memory items apart; writes each run's insights (text and JSON) and the run
# folder's small files to $OUT. Stops starting new runs after 7 minutes and says which it left out.
#     bash bench/gpu/insights35.sh [NAME...]      (default: all of them)
source "$(dirname "$0")/env.sh"
export PYTHONUNBUFFERED=1 HF_HUB_OFFLINE=1
R=/tmp/runs35; mkdir -p $R
L=$OUT/insights35.log
NAMES=${*:-"align layout hostsync launch memory precision held"}
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader >> $L
python3 -c "import torch, transformers, torchvision; print('torch', torch.__version__, 'transformers', transformers.__version__, 'torchvision', torchvision.__version__)" >> $L 2>&1
for name in $NAMES; do
  if [ $SECONDS -gt 420 ]; then echo "left out (time): $name" | tee -a $L; continue; fi
  t0=$SECONDS
  case $name in
    align) args=(capture bench/gpu/hf_gpt2.py --out $R --name $name -- --steps 60) ;;
    precision) args=(profile bench/gpu/fp32_mlp.py --out $R --name $name -- --steps 60) ;;
    layout) args=(capture bench/gpu/tv_resnet.py --out $R --name $name -- --layout nchw --steps 60) ;;
    hostsync) args=(capture bench/gpu/sync_loop.py --out $R --name $name -- --steps 80) ;;
    launch) args=(capture bench/gpu/tiny_kernels.py --out $R --name $name -- --steps 80) ;;
    memory) args=(capture bench/gpu/activation_memory.py --out $R --name $name -- --steps 40) ;;
    held) args=(capture bench/gpu/hf_gpt2.py --out $R --name $name --reference-steps 5 -- --layers 4 --batch 32 --seq 512 --steps 60) ;;
    *) echo "unknown workload $name" | tee -a $L; continue ;;
  esac
  $B "${args[@]}" > $R/$name.log 2>&1; rc=$?
  echo "== $name: rc=$rc in $((SECONDS - t0)) s" | tee -a $L
  [ $rc = 0 ] || tail -5 $R/$name.log | tee -a $L
  $B insights $R/$name/$name.opscope --json > $OUT/$name.insights.json 2>> $L
  $B insights $R/$name/$name.opscope > $OUT/$name.insights.txt 2>> $L
  (cd $R/$name && rm -f *.nsys-rep *.ncu-rep && gzip -k -f *.sqlite 2>/dev/null;
   tar czf $OUT/$name.tar.gz --exclude='*.opscope' --exclude='*.sqlite' --exclude='inductor' . 2>/dev/null)
  python3 - "$name" "$OUT/$name.insights.json" "$R/$name" <<'EOF' | tee -a $L
import json, os, sys
name, path, run = sys.argv[1:4]
try:
    r = json.load(open(path))
except Exception as e:
    print("  no insights (%s)" % e); sys.exit(0)
ms = lambda ns: "-" if ns is None else "%.2f ms" % (ns / 1e6)
def calibration(status):
    try:
        c = json.load(open(os.path.join(run, status)))["reference"]["calibration"]
        return "%.2f us" % (c["ns_per_launch"] / 1e3)
    except Exception:
        return "-"
s, h = r["step"], r["step"]["host"]
print("  step %s plain +/- %s over %s steps, replayed %s; GPU busy %s" % (ms(s["reference_step_ns"]),
      ms(s.get("reference_spread_ns")), s.get("reference_steps", "?"), ms(s["replayed_step_ns"]), ms(h["gpu_busy_ns"])))
print("  host %s of its own (%s; traced %s, %d launches held %s, syncs %s, nsys %.2f us a call); calibration "
      "traced %s, plain %s" % (ms(h["own_ns"]), h["correction"], ms(h["traced_span_ns"]), h["blocked_launches"],
      ms(h["blocked_launch_ns"]), ms(h["sync_wait_ns"]), h["tracing_cost_per_call_ns"] / 1e3,
      calibration("launcher_status.json"), calibration("correlation_status.json")))
timed = [i for i in r["insights"] if not i["estimated_bytes_saved"]]
for n, i in enumerate(timed[:3], 1):
    print("  %d. %-22s gain %-9s (%s) GPU %-9s verify %-24s %s" % (n, i["kind"], ms(i["estimated_gain_ns"]),
          i["gain_basis"], ms(i["gpu_time_saved_ns"]), i["verify_fix"] or "-", i["title"][:60]))
for i in [i for i in r["insights"] if i["estimated_bytes_saved"]][:2]:
    print("  mem %-20s saves %.0f MB  verify %-24s %s" % (i["kind"], i["estimated_bytes_saved"] / 1e6,
          i["verify_fix"] or "-", i["title"][:60]))
EOF
done
ls -la $OUT >> $L
tail -c 9000 $L
