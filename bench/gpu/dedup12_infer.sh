#!/bin/bash
# 12-block GPT: dedup replay against a full replay of the same captured step, for inference and for a
# training step (backward labelled by the launcher), ncu --set roofline.
cd "$(dirname "$0")/../.."  # the repository root
C=${OPSCOPE_GPU_CARRY:-build-pipe-gpu/carry}

mkdir -p /tmp/libs && for d in $C/*.deb; do dpkg -x "$d" /tmp/libs; done
export LD_LIBRARY_PATH=/tmp/libs/usr/lib/x86_64-linux-gnu:$PWD/$C/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export OPSCOPE_LAUNCHER_DIR=$PWD/resources/launcher
B=$PWD/$C/opscope
R=/tmp/runs12; rm -rf $R
L=$OUT/gpu_dedup12.log
step() { echo "== $1 $(date +%T)" >> $L; shift; /usr/bin/time -f "wall %e s" "$@" 2>&1 | grep -v "kernel [0-9]*:" >> $L; echo "rc=${PIPESTATUS[0]}" >> $L; }
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; ncu --version | tail -1; $B --version; python3 -c "import torch; print('torch', torch.__version__)"; } >> $L 2>&1
step "infer12 capture" $B capture examples/gpt.py --out $R --name infer12 --no-correlation -- --infer --dtype bfloat16 --layers 12
step "infer12 replay dedup" $B replay $R/infer12
cp $R/infer12/infer12.opscope $OUT/infer12_dedup.opscope; $B summary $R/infer12/infer12.opscope >> $L 2>&1
step "infer12 replay full" $B replay $R/infer12 --no-dedup
cp $R/infer12/infer12.opscope $OUT/infer12_full.opscope; cp $R/infer12/manifest.json $OUT/infer12_manifest.json
cp $R/infer12/*_raw.csv $OUT/ 2>/dev/null; for f in $OUT/ncu*_raw.csv; do mv "$f" "$OUT/infer12_$(basename $f)"; done
step "train12 capture" $B capture examples/gpt.py --out $R --name train12 --no-correlation -- --dtype bfloat16 --layers 12
step "train12 replay dedup" $B replay $R/train12
cp $R/train12/train12.opscope $OUT/train12_dedup.opscope; cp $R/train12/manifest.json $OUT/train12_manifest.json
cp $R/train12/ncu_raw.csv $OUT/train12_ncu_raw.csv; cp $R/train12/ncu.log $OUT/train12_ncu.log
$B summary $R/train12/train12.opscope >> $L 2>&1
step "train12 replay full" timeout 300 $B replay $R/train12 --no-dedup
cp $R/train12/manifest.json $OUT/train12_manifest.json; cp $R/train12/ncu-2_raw.csv $OUT/train12_ncu-2_raw.csv 2>/dev/null
cp $R/train12/train12.opscope $OUT/train12_full.opscope
tail -c 6000 $L
