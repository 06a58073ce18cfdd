#!/bin/bash
# docs/gpu-validation.md: `opscope profile` end to end (inference and a training step), and the
# 12-block training step replayed with and without dedup.
source "$(dirname "$0")/env.sh"
R=/tmp/runsf; rm -rf $R
L=$OUT/gpu_final.log
step() { echo "== $1 $(date +%T)" >> $L; shift; /usr/bin/time -f "wall %e s" "$@" 2>&1 | grep -v "kernel [0-9]*:" >> $L; echo "rc=${PIPESTATUS[0]}" >> $L; }
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; ncu --version | tail -1; /opt/nvidia/nsight-compute/2025.3.1/host/target-linux-x64/nsys --version; $B --version | head -1; python3 -c "import torch; print('torch', torch.__version__, 'cuda', torch.version.cuda)"; } >> $L 2>&1
export PATH=/opt/nvidia/nsight-compute/2025.3.1/host/target-linux-x64:$PATH
step "profile infer (4 blocks, bf16)" $B profile examples/gpt.py --out $R --name infer -- --infer --dtype bfloat16
$B summary $R/infer/infer.opscope | grep -E "Kernels|captured|Warnings|dedup|ncu_" >> $L
step "profile train12 (12 blocks, bf16, training step)" $B profile examples/gpt.py --out $R --name train12 -- --dtype bfloat16 --layers 12
cp $R/train12/train12.opscope /tmp/train12_dedup.opscope; $B summary /tmp/train12_dedup.opscope | grep -E "Kernels|captured|Warnings|dedup|ncu_|Modules" >> $L
$B modules /tmp/train12_dedup.opscope 2>&1 | head -12 >> $L
# The captured kernels without a module, by operator: what the dedup copy by module cannot reach.
$B kernels /tmp/train12_dedup.opscope --json | python3 -c "
import collections, json, sys
ks = [k for k in json.load(sys.stdin) if k['captured'] and not k['module']]
print('captured kernels without a module:', len(ks))
for op, n in collections.Counter(k.get('operator') or '(none)' for k in ks).most_common(20): print('  %4d %s' % (n, op))" >> $L 2>&1
step "train12 replay full" timeout 330 $B replay $R/train12 --no-dedup
cp $R/train12/train12.opscope /tmp/train12_full.opscope
python3 bench/compare_dedup.py $B /tmp/train12_dedup.opscope /tmp/train12_full.opscope $R/train12/partition_map.json >> $L 2>&1
for run in infer train12; do python3 - $R/$run/manifest.json >> $L <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
for r in m["replays"]:
    print({k: r.get(k) for k in ("id", "dedup", "wall_s", "kernels_profiled", "nsys_kernels_in_capture", "nsys_kernels_excluded", "kernels_skipped", "seconds_per_kernel", "result")})
print("counts", m.get("counts"))
PY
done
tail -c 7000 $L
