#!/bin/bash
# Issue 25, second part: nsys's CUDA memory trace and the memory instruments' own cost on a 12-block GPT
# training step (examples/gpt.py --size base --layers 12) on one GPU.
# 1. `opscope capture --cuda-memory-usage`: the run folder's small files and nsys export come back as one
#    tar, with `opscope summary` and `opscope memory --json` of its profile, and the plain step's own
#    allocator peaks (bench/gpu/memory_peak.py) to check the reserved curve against.
# 2. bench/gpu/memory_overhead.py: the step plain, under the allocator history, under torch.profiler
#    with and without profile_memory, in turn (one JSON line).
#   bash bench/gpu/memory25b.sh        # writes $OUT/memory25b.log and $OUT/gpt12_cmu.tar.gz
source "$(dirname "$0")/env.sh"
export PYTHONUNBUFFERED=1
R=/tmp/runs25b; rm -rf $R; mkdir -p $R
L=$OUT/memory25b.log
G12="--size base --layers 12 --device cuda"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> $L 2>&1
echo "== capture --cuda-memory-usage $(date +%T)" >> $L
/usr/bin/time -f "wall %e s" timeout 150 $B capture examples/gpt.py --cuda-memory-usage --out $R --name gpt12_cmu \
    -- $G12 --steps 8 --log-every 0 > $R/capture.log 2>&1
echo "rc=$?" >> $L; tail -8 $R/capture.log >> $L
$B summary $R/gpt12_cmu/gpt12_cmu.opscope > $R/gpt12_cmu/summary.txt 2>&1
$B memory $R/gpt12_cmu/gpt12_cmu.opscope --json > $R/gpt12_cmu/memory.json 2>&1
head -c 1500 $R/gpt12_cmu/memory.json >> $L; echo >> $L
echo "== plain peaks $(date +%T)" >> $L
timeout 60 python3 bench/gpu/memory_peak.py examples/gpt.py -- $G12 --log-every 0 >> $L 2>&1
(cd $R/gpt12_cmu && gzip -f nsys.sqlite && tar czf $OUT/gpt12_cmu.tar.gz *.json *.log *.txt nsys.sqlite.gz)
echo "== memory_overhead $(date +%T)" >> $L
timeout 150 python3 bench/gpu/memory_overhead.py examples/gpt.py --steps 10 --rounds 3 -- $G12 --log-every 0 >> $L 2>&1
echo "rc=$? $(date +%T)" >> $L
cat $L
