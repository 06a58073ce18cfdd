#!/bin/bash
# Issue 21 on the two-GPU machine (kind nvidia-h200-x2): a DDP training step of transformers' GPT-2
# (bench/gpu/ddp_gpt2.py: 4 layers, bf16 autocast, rank 1 given twice the batch) through opscope with
# --nproc-per-node 2. RUNS picks the jobs (default "ddp_profile"), each a tar in $OUT:
#   ddp_capture  `opscope capture` (correlation pass and nsys on both ranks, no replay)
#   ddp_profile  `opscope profile`: nsys and the correlation pass on both ranks, then the ncu replay on
#                rank 0 while rank 1 runs the same steps unprofiled
#   ddp_gpu      the same profile at GPU_BATCH sequences a rank (default 32; rank 1 twice that): GPU-bound
#   fsdp         `opscope capture` of the step sharded with FSDP2 (--wrap fsdp) at GPU_BATCH
# Then issue 20's eager CUDA graphs on GPU 0 (bench/gpu/cudagraph20.sh; CUDAGRAPH=launcher|profile|none).
#   CUDAGRAPH=profile VARIANTS=infer CG_TIMEOUT=130 bash bench/gpu/ddp21.sh
#   RUNS="ddp_gpu fsdp" CUDAGRAPH=none bash bench/gpu/ddp21.sh
# What comes back in $OUT: the log and a tar per run (profile, ranks report, the parts' small files and nsys exports).
source "$(dirname "$0")/env.sh"
export PYTHONUNBUFFERED=1 HF_HUB_OFFLINE=1
R=/tmp/runs21; rm -rf $R; mkdir -p $R
L=$OUT/ddp21.log
K=$OUT/keep; mkdir -p $K
step() { local name=$1 limit=$2; shift 2; echo "== $name $(date +%T)" >> $L
    /usr/bin/time -f "wall %e s" timeout $limit "$@" > $R/$name.log 2>&1; echo "rc=$?" >> $L
    grep -v "kernel [0-9]*/" $R/$name.log | tail -25 >> $L; }
keep() { # NAME: the job's profile, its parts' small files and nsys exports, the ranks report
    local run=$R/$1 o=$K/$1; mkdir -p $o
    cp $run/$1.opscope $o/ 2>/dev/null
    $B ranks $run/$1.opscope --json > $o/ranks.json 2>&1
    $B ranks $run/$1.opscope > $o/ranks.txt 2>&1; cat $o/ranks.txt >> $L
    $B summary $run/$1.opscope > $o/summary.txt 2>&1
    (cd $run && tar czf $o/parts.tar.gz --ignore-failed-read $(find . -maxdepth 2 \( -name '*.json' -o -name '*.log' \
        -o -name 'nsys.sqlite' -o -name '*.opscope' \) ! -name "$1.opscope") 2>/dev/null)
    (cd $K && tar cf $OUT/$1.tar $1 && rm -rf $1) # one file a run: few files come back
}
nvidia-smi -L >> $L 2>&1
python3 -c "import torch, transformers; print('torch', torch.__version__, 'nccl', torch.cuda.nccl.version(), 'transformers', transformers.__version__)" >> $L 2>&1
J="--nproc-per-node 2 bench/gpu/ddp_gpt2.py --warmup 3"
GB=${GPU_BATCH:-32}
for run in ${RUNS:-ddp_profile}; do
    case $run in
        ddp_capture) step $run 200 $B capture $J --out $R --name $run -- --steps 20 ;;
        ddp_profile) step $run ${PROFILE_TIMEOUT:-300} $B profile $J --out $R --name $run -- --steps 20 ;;
        ddp_gpu) step $run ${PROFILE_TIMEOUT:-300} $B profile $J --out $R --name $run -- --steps 20 --batch $GB ;;
        fsdp) step $run 200 $B capture $J --out $R --name $run -- --steps 20 --batch $GB --wrap fsdp ;;
        *) echo "unknown run $run" >> $L; continue ;;
    esac
    keep $run
done
if [ "${CUDAGRAPH:-launcher}" != none ]; then # issue 20's eager CUDA graphs on GPU 0: launcher+nsys, or profile
    mkdir -p $K/cudagraph && OUT=$K/cudagraph CG_TIMEOUT=${CG_TIMEOUT:-70} bash bench/gpu/cudagraph20.sh ${CUDAGRAPH:-launcher} > /dev/null 2>&1
    tail -12 $K/cudagraph/cudagraph20.log >> $L
    (cd $K && tar cf $OUT/cudagraph.tar cudagraph && rm -rf cudagraph)
fi
rmdir $K
ls -la $OUT >> $L
tail -c 8000 $L
