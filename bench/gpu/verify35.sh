#!/bin/bash
# Issue 35, part 2, on the H200: how long `opscope verify` takes with its default rounds on a GPU step of
# about 30-40 ms (transformers' GPT-2 training step, bench/gpu/hf_gpt2.py, bf16 autocast, batch 8x512),
# with the vocabulary alignment fix applied by the launcher (pad=lm_head:50304), and what it measures.
# The capture that makes the run folder (nsys, no correlation pass) is not timed; the verify is (wall
# time, the bar: under a minute). Then the same verify with --profile (the fixed arm captured, the
# before/after report). Everything it printed, verify.json and the report come back under $OUT.
#
#     bash bench/gpu/verify35.sh            (needs build-pipe-gpu/carry: see docs/gpu-validation.md)
source "$(dirname "$0")/env.sh"
export PYTHONUNBUFFERED=1 HF_HUB_OFFLINE=1
OUT=${OUT:-/tmp/out35}; mkdir -p "$OUT"
R=/tmp/runs35; rm -rf $R; mkdir -p $R
now_ms() { echo $(( $(date +%s%N) / 1000000 )); }

# The run folder: the script runs up to 5000 steps, so that each arm's process serves every block.
t0=$(now_ms)
timeout 300 $B capture bench/gpu/hf_gpt2.py --out $R --name gpt2 --no-correlation -- --steps 5000 \
    > $OUT/capture.log 2>&1
echo "capture rc=$? $(( $(now_ms) - t0 )) ms" | tee $OUT/times.txt
timeout 120 $B insights $R/gpt2 > $OUT/insights_before.txt 2>&1

# The verify with default rounds, timed.
t0=$(now_ms)
timeout 240 $B verify $R/gpt2 --fix pad=lm_head:50304 > $OUT/verify.txt 2> $OUT/verify.err
rc=$?
echo "verify rc=$rc wall $(( $(now_ms) - t0 )) ms (bar: 60000)" | tee -a $OUT/times.txt
cat $OUT/verify.txt

# With --profile: the fixed arm captured as the run was, and the report.
t0=$(now_ms)
timeout 300 $B verify $R/gpt2 --fix pad=lm_head:50304 --rounds 3 --profile > $OUT/verify_profile.txt \
    2> $OUT/verify_profile.err
echo "verify --profile rc=$? wall $(( $(now_ms) - t0 )) ms" | tee -a $OUT/times.txt
timeout 120 $B insights $R/gpt2 > $OUT/insights_after.txt 2>&1
grep -A3 "pad=lm_head" $OUT/insights_after.txt
cp $R/gpt2/verify.json $R/gpt2/verify-*.md $OUT/ 2>/dev/null
(cd $R/gpt2 && tar czf $OUT/verify_logs.tgz verify manifest.json)
cat $OUT/times.txt
