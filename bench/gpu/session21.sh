#!/bin/bash
# Issue 21: one nsys session over a whole torchrun job (both processes, both GPUs in one report), as a
# user runs `nsys profile torchrun ...`, on the two-GPU machine (kind nvidia-h200-x2). Two jobs of
# bench/gpu/ddp_gpt2.py (GPU-bound, rank 1 given twice the batch):
#   plain     the script alone under torchrun (no OpScope launcher: no module labels)
#   labelled  each torchrun worker runs the script under the OpScope launcher (--mode nvtx)
# Each report is exported twice (nsys export's default, and with --include-json where nsys has it: NCCL's
# NVTX payloads), and what the exports hold about processes, devices and NCCL's ranges goes in the log.
source "$(dirname "$0")/env.sh"
export PYTHONUNBUFFERED=1 HF_HUB_OFFLINE=1
R=/tmp/session21; rm -rf $R; mkdir -p $R
L=$OUT/session21.log
NSYS=$(command -v nsys || ls /opt/nvidia/nsight-compute/*/host/target-linux-x64/nsys | head -1)
echo "nsys: $NSYS" > $L; $NSYS --version >> $L 2>&1
$NSYS export --help > $OUT/nsys_export_help.txt 2>&1
GB=${GPU_BATCH:-32}
PROFILE="--trace=cuda,nvtx --sample=none --cpuctxsw=none --cudabacktrace=none --backtrace=none --force-overwrite true --cuda-graph-trace=node"
job() { local name=$1; shift; echo "== $name $(date +%T)" >> $L
    /usr/bin/time -f "wall %e s" timeout 240 $NSYS profile $PROFILE --output $R/$name "$@" > $R/$name.log 2>&1
    echo "rc=$?" >> $L; tail -8 $R/$name.log >> $L
    $NSYS export --type sqlite --force-overwrite true --output $R/$name.sqlite $R/$name.nsys-rep >> $L 2>&1
    $NSYS export --type sqlite --include-json true --force-overwrite true --output $R/$name.json.sqlite \
        $R/$name.nsys-rep >> $L 2>&1 || echo "no --include-json" >> $L
    for f in $R/$name.sqlite $R/$name.json.sqlite; do [ -f $f ] && python3 bench/gpu/session21_probe.py $f >> $L 2>&1; done
    gzip -c $R/$name.sqlite > $OUT/$name.sqlite.gz
    [ -f $R/$name.json.sqlite ] && gzip -c $R/$name.json.sqlite > $OUT/$name.json.sqlite.gz
}
T="torchrun --standalone --nproc-per-node 2"
job plain $T bench/gpu/ddp_gpt2.py --steps 12 --batch $GB
PYTHONPATH=$OPSCOPE_LAUNCHER_DIR job labelled $T --no_python python3 -m opscope_launcher --mode nvtx --warmup 3 \
    --reference-steps 3 --steps 1 --status $R/launcher_status.json -- bench/gpu/ddp_gpt2.py --steps 12 --batch $GB
ls -la $OUT >> $L
tail -c 9000 $L
