#!/bin/bash
# Issues 20 and 25 on the H100: the GPT example under --compile reduce-overhead (CUDA graph replays,
# extern kernels placed by position) and Llama under --compile inductor with the post-grad module stacks
# (backward kernels in modules), both through `opscope profile` (ncu on compiled and graph-replayed
# kernels); a 12-block GPT training step captured with the allocator history (memory_snapshot.json) and
# its plain peak with and without activation checkpointing. One tar comes back in $OUT.
source "$(dirname "$0")/env.sh"
export PYTHONUNBUFFERED=1 HF_HUB_OFFLINE=1
R=/tmp/runs20c; mkdir -p $R
L=$OUT/capture20c.log
report() { # NAME: summary, module tree and the small files of a run, in $OUT/NAME/
    local o=$OUT/$1; mkdir -p $o
    $B summary $R/$1/$1.opscope > $o/summary.txt 2>&1
    $B modules $R/$1/$1.opscope > $o/modules.txt 2>&1
    $B kernels $R/$1/$1.opscope --json > $o/kernels.json 2>&1
    (cd $R/$1 && tar czf $o/run.tar.gz --ignore-failed-read --exclude=memory_snapshot.json *.json $(find inductor -name 'opscope_module_stacks_*.json' -o -name output_code.py 2>/dev/null) 2>/dev/null)
    gzip -c $R/$1/nsys.sqlite > $o/nsys.sqlite.gz 2>/dev/null
    grep -E "captured:|Modules:" $o/summary.txt >> $L
}
step() { local name=$1; echo "== $name $(date +%T)" | tee -a $L; shift; /usr/bin/time -f "wall %e s" "$@" > $R/$name.log 2>&1; echo "rc=$?" >> $L; tail -4 $R/$name.log >> $L; report $name; }
PART=${1:-1}
if [ "$PART" = 1 ]; then
    step gpt_ro timeout 200 $B profile examples/gpt.py --out $R --name gpt_ro --compile reduce-overhead --warmup 3 -- --size tiny --batch 8 --device cuda --steps 12
    G12="--size base --layers 12 --device cuda"
    step gpt12_mem timeout 120 $B capture examples/gpt.py --out $R --name gpt12_mem -- $G12 --steps 8
    gzip -c $R/gpt12_mem/memory_snapshot.json > $OUT/gpt12_mem/memory_snapshot.json.gz
    for ck in "" --checkpoint; do
        timeout 60 python3 bench/gpu/memory_peak.py examples/gpt.py -- $G12 $ck --log-every 0 >> $OUT/memory_peak.jsonl 2>> $L
    done
    step llama_inductor timeout 220 $B profile bench/gpu/hf_llama.py --out $R --name llama_inductor --compile inductor --warmup 3 -- --steps 10
fi
ls -la $OUT >> $L
tail -c 6000 $L
cd $OUT && tar cf capture20c-$PART.tar --remove-files $(ls -d */) capture20c.log $(ls memory_peak.jsonl 2>/dev/null)
