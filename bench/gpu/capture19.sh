#!/bin/bash
# Real captures for issue 19's tests and validation (docs/gpu-validation.md, tests/data):
#  - a 2-block GPT training step with the head GEMM unaligned (vocab 50257) and padded (50304),
#    nsys + dedup ncu replay (roofline set) + torch.profiler cross-check;
#  - the tiny GPT at batch 1 that prints its loss every step (host-bound, a host sync per step);
#  - transformers' GPT-2 (12 layers) training step, nsys only: reference pairing and GPU-busy share.
# Each run's small files come back as one tarball in $OUT.
source "$(dirname "$0")/env.sh"
export PATH=/opt/nvidia/nsight-compute/2025.3.1/host/target-linux-x64:$PATH PYTHONUNBUFFERED=1 HF_HUB_OFFLINE=1
R=/tmp/runs19; mkdir -p $R
PART=${1:-all} # 1: the two 2-block profiles; 2: tiny and transformers GPT-2 (one call each fits the 10-minute limit)
L=$OUT/capture19.log
step() { echo "== $1 $(date +%T)" | tee -a $L; shift; /usr/bin/time -f "wall %e s" "$@" > $R/last.log 2>&1; local rc=$?; grep -v "kernel [0-9]*:" $R/last.log | tail -25 >> $L; echo "rc=$rc" >> $L; }
pack() { # run name: the profile, the nsys export and ncu CSV (gzipped), the manifest and launcher files
  (cd $R/$1 && for f in *.sqlite *.csv; do [ -f "$f" ] && gzip -k "$f"; done
   tar czf $OUT/$1.tar.gz --ignore-failed-read $1.opscope *.sqlite.gz *.csv.gz *.json 2>/dev/null)
  $B summary $R/$1/$1.opscope >> $L 2>&1; $B insights $R/$1/$1.opscope 2>&1 | head -40 >> $L
}
if [ "$PART" != 2 ]; then
step "unaligned: gpt 2 blocks bf16 train vocab 50257" $B profile examples/gpt.py --out $R --name unaligned -- --layers 2 --dtype bfloat16 --vocab 50257 --batch 8 --seq 512
pack unaligned
step "aligned: gpt 2 blocks bf16 train vocab 50304" $B profile examples/gpt.py --out $R --name aligned -- --layers 2 --dtype bfloat16 --vocab 50304 --batch 8 --seq 512
pack aligned
fi
if [ "$PART" != 1 ]; then
step "tiny batch 1, loss.item() every step" $B capture examples/gpt.py --out $R --name tiny -- --size tiny --batch 1 --device cuda --log-every 1
pack tiny
step "hf gpt2 12 layers train (nsys)" $B capture bench/gpu/hf_gpt2.py --out $R --name hf_train
pack hf_train
fi
ls -la $OUT $R/*/ >> $L
tail -c 11000 $L
