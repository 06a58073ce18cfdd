#!/bin/bash
# Issue 21: collectives that are no NCCL kernels. bench/gpu/tp_symm.py (a tensor-parallel MLP whose outputs
# are summed by PyTorch's symmetric-memory all-reduce) on the two-GPU machine (kind nvidia-h200-x2): once
# plainly under torchrun (does it run here?), then through `opscope capture --nproc-per-node 2`. The run
# folder (traces and nsys exports, no .nsys-rep) comes back as custom21.tar.
source "$(dirname "$0")/env.sh"
export PYTHONUNBUFFERED=1
R=/tmp/custom21; rm -rf $R; mkdir -p $R
L=$OUT/custom21.log
ALGO=${ALGO:-one_shot}
echo "== plain torchrun $(date +%T)" > $L
timeout 120 torchrun --standalone --nproc-per-node 2 bench/gpu/tp_symm.py --steps 5 --algo $ALGO >> $L 2>&1; echo "rc=$?" >> $L
echo "== opscope capture $(date +%T)" >> $L
/usr/bin/time -f "wall %e s" timeout 240 $B capture --nproc-per-node 2 bench/gpu/tp_symm.py --warmup 3 --out $R --name tp \
    -- --steps 12 --algo $ALGO > $R/capture.log 2>&1; echo "rc=$?" >> $L
tail -30 $R/capture.log >> $L
$B summary $R/tp.opscope >> $L 2>&1
python3 - >> $L 2>&1 <<'PY'
import gzip, json, glob
for f in sorted(glob.glob("/tmp/custom21/tp/*trace*.json*")):
    op = gzip.open if f.endswith(".gz") else open
    names = {}
    for e in json.load(op(f))["traceEvents"]:
        if e.get("cat") == "kernel":
            names[e["name"][:120]] = names.get(e["name"][:120], 0) + 1
    print(f, sorted(names.items(), key=lambda kv: -kv[1])[:12])
PY
(cd $R && tar cf $OUT/custom21.tar --exclude='*.nsys-rep' --exclude='*.qdstrm' tp tp.opscope capture.log)
ls -la $OUT >> $L
tail -c 7000 $L
