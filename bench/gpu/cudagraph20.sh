#!/bin/bash
# Issue 20, eager CUDA graphs on the H100: bench/gpu/cudagraph_eager.py (a model captured once with
# torch.cuda.graph and replayed; --train: a whole training step in the graph) under the launcher and
# nsys with graph-node tracing, as `opscope capture` runs it; with PART=profile also through
# `opscope profile` (nsys + ncu) with the carried CLI. Small results come back in $OUT.
source "$(dirname "$0")/env.sh"
export PYTHONUNBUFFERED=1 PYTHONPATH=$OPSCOPE_LAUNCHER_DIR
NSYS=/opt/nvidia/nsight-compute/2025.3.1/host/target-linux-x64/nsys
R=/tmp/cg20; mkdir -p $R
L=$OUT/cudagraph20.log
PART=${1:-launcher}
for variant in ${VARIANTS:-infer train}; do
    extra=""; [ $variant = train ] && extra=--train
    if [ "$PART" = launcher ]; then
        d=$R/$variant; mkdir -p $d $OUT/$variant
        echo "== $variant launcher+nsys $(date +%T)" >> $L
        timeout ${CG_TIMEOUT:-200} $NSYS profile -o $d/nsys --trace=cuda,nvtx --sample=none --cpuctxsw=none --cudabacktrace=none \
            --backtrace=none --cuda-graph-trace=node --force-overwrite true \
            python3 -m opscope_launcher --mode nsys --step function:replay_step --warmup 2 --steps 1 \
            --status $d/launcher_status.json -- bench/gpu/cudagraph_eager.py --steps 8 $extra >> $L 2>&1
        echo "rc=$?" >> $L
        $NSYS export --type sqlite --force-overwrite true -o $d/nsys.sqlite $d/nsys.nsys-rep >> $L 2>&1
        gzip -c $d/nsys.sqlite > $OUT/$variant/nsys.sqlite.gz
        cp $d/launcher_status.json $OUT/$variant/ 2>/dev/null
    else
        name=cg_$variant
        echo "== $name opscope profile $(date +%T)" >> $L
        /usr/bin/time -f "wall %e s" timeout ${CG_TIMEOUT:-280} $B profile bench/gpu/cudagraph_eager.py --out $R --name $name \
            --step function:replay_step --warmup 2 -- --steps 8 $extra > $R/$name.log 2>&1
        echo "rc=$?" >> $L; tail -6 $R/$name.log >> $L
        mkdir -p $OUT/$name
        $B summary $R/$name/$name.opscope > $OUT/$name/summary.txt 2>&1
        $B modules $R/$name/$name.opscope > $OUT/$name/modules.txt 2>&1
        $B kernels $R/$name/$name.opscope --json > $OUT/$name/kernels.json 2>&1
        grep -E "captured:|Modules:" $OUT/$name/summary.txt >> $L
        (cd $R/$name && tar czf $OUT/$name/run.tar.gz --ignore-failed-read *.json *.log 2>/dev/null)
    fi
done
tail -40 $L
