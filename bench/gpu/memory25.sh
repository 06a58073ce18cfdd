#!/bin/bash
# Issue 25 on the H100: a 12-block GPT training step (examples/gpt.py --size base --layers 12) captured with
# the allocator history, without and with activation checkpointing (--checkpoint), and the plain peaks of
# the same steps (bench/gpu/memory_peak.py). The run folders' small files come back in $OUT, one tar each:
# the import and the memory analysis run where OpScope is built.
source "$(dirname "$0")/env.sh"
export PYTHONUNBUFFERED=1
R=/tmp/runs25; mkdir -p $R
G12="--size base --layers 12 --device cuda"
for v in plain ckpt; do
    ck=; [ $v = ckpt ] && ck=--checkpoint
    timeout 120 $B capture examples/gpt.py --out $R --name gpt12_$v -- $G12 --steps 8 $ck > $OUT/gpt12_$v.log 2>&1
    echo "rc=$?" >> $OUT/gpt12_$v.log
    timeout 60 python3 bench/gpu/memory_peak.py examples/gpt.py -- $G12 $ck --log-every 0 >> $OUT/memory_peak.jsonl 2>> $OUT/gpt12_$v.log
    (cd $R/gpt12_$v && gzip -f nsys.sqlite && tar cf $OUT/gpt12_$v.tar *.json nsys.sqlite.gz *.log)
    gzip -f $OUT/gpt12_$v.tar
done
cat $OUT/memory_peak.jsonl; ls -la $OUT
