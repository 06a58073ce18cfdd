#!/bin/bash
# Issue 19's validation on the GPU machine (docs/gpu-validation.md, docs/insights.md):
#  - transformers' GPT-2 (12 layers, bf16 autocast, 8x512) training and inference steps captured under
#    nsys by `opscope capture`, with 10 plain reference steps (and the training step once more with the
#    default 3): reference, captured and GPU-busy figures to set against the plain run;
#  - the plain runs (bench/gpu/plain_step.py: CUDA events, no instrumentation), vocabulary 50257 and
#    50304 alternated twice (A B A B, 40 timed steps each): the measured gain of the alignment fix, and
#    the plain GPU-busy share; the same for examples/gpt.py with 2 blocks (docs/insights.md's proof).
# The run folders' small files come back as tarballs in $OUT; re-import them with `opscope import RUN`.
source "$(dirname "$0")/env.sh"
export PYTHONUNBUFFERED=1 HF_HUB_OFFLINE=1
R=/tmp/runs-v19; mkdir -p $R $OUT/plain
L=$OUT/validate19.log
step() { echo "== $1 $(date +%T)" | tee -a $L; shift; /usr/bin/time -f "wall %e s" "$@" > $R/last.log 2>&1; local rc=$?; tail -8 $R/last.log >> $L; echo "rc=$rc" >> $L; }
pack() { (cd $R/$1 && gzip -k *.sqlite && tar czf $OUT/$1.tar.gz --ignore-failed-read *.sqlite.gz *.json 2>/dev/null); }
PART=${1:-all} # captures, plain or all
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader >> $L
if [ "$PART" != plain ]; then
step "hf_train: GPT-2 train, 10 reference steps" $B capture bench/gpu/hf_gpt2.py --out $R --name hf_train --reference-steps 10
pack hf_train
step "hf_train3: GPT-2 train, default reference steps" $B capture bench/gpu/hf_gpt2.py --out $R --name hf_train3
pack hf_train3
step "hf_infer: GPT-2 inference, 10 reference steps" $B capture bench/gpu/hf_gpt2.py --out $R --name hf_infer --reference-steps 10 -- --infer
pack hf_infer
fi
[ "$PART" = captures ] && exit 0
plain() { local name=$1; shift; echo "== plain $name $(date +%T)" >> $L; python3 bench/gpu/plain_step.py --json $OUT/plain/$name.json "$@" 2>&1 | grep -v Warning | tail -3 >> $L; }
for round in 1 2; do
  busy=; [ $round = 1 ] && busy=--busy
  for v in 50257 50304; do plain hf_train_${v}_$round bench/gpu/hf_gpt2.py --time 40 $busy -- --vocab $v; done
  for v in 50257 50304; do plain hf_infer_${v}_$round bench/gpu/hf_gpt2.py --time 40 $busy -- --infer --vocab $v; done
  for v in 50257 50304; do plain gpt2_train_${v}_$round examples/gpt.py --time 40 $busy -- --layers 2 --dtype bfloat16 --vocab $v --batch 8 --seq 512; done
done
ls -la $OUT >> $L
tail -c 11000 $L
