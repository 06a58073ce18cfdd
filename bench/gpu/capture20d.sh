#!/bin/bash
# Issue 20 and 25 follow-ups on the H100: the compiled Llama through `opscope profile` (ncu on compiled
# kernels, bounded at 480 s), and the plain peak of a 12-block GPT step with and without activation
# checkpointing (bench/gpu/memory_peak.py). Small results come back in $OUT.
source "$(dirname "$0")/env.sh"
export PYTHONUNBUFFERED=1 HF_HUB_OFFLINE=1
R=/tmp/runs20d; mkdir -p $R
G12="--size base --layers 12 --device cuda"
for ck in "" --checkpoint; do
    timeout 60 python3 bench/gpu/memory_peak.py examples/gpt.py -- $G12 $ck --log-every 0 >> $OUT/memory_peak.jsonl 2>> $OUT/memory_peak.err
done
cat $OUT/memory_peak.jsonl
/usr/bin/time -f "wall %e s" timeout 480 $B profile bench/gpu/hf_llama.py --out $R --name llama_inductor --compile inductor --warmup 3 -- --steps 10 > $OUT/llama_inductor.log 2>&1
echo "rc=$?" >> $OUT/llama_inductor.log
r=$R/llama_inductor; mkdir -p $OUT/s
$B summary $r/llama_inductor.opscope > $OUT/s/summary.txt 2>&1
$B modules $r/llama_inductor.opscope > $OUT/s/modules.txt 2>&1
cp $r/ncu.log $r/manifest.json $OUT/s/ 2>/dev/null
tail -5 $OUT/llama_inductor.log; grep -E "captured:|Modules:" $OUT/s/summary.txt
(cd $OUT && tar czf s.tgz s && rm -rf s)
gzip -c $r/llama_inductor.opscope > $OUT/llama_inductor.opscope.gz
