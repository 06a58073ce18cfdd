#!/bin/bash
# Issue 21 on the two-GPU machine (kind nvidia-h200-x2): a DDP training step of transformers' GPT-2
# (bench/gpu/ddp_gpt2.py: 4 layers, bf16 autocast, rank 1 given twice the batch) profiled through
# `opscope profile --nproc-per-node 2`: nsys and the correlation pass on both ranks, then the ncu replay
# on rank 0 while rank 1 runs the same steps unprofiled (CAPTURE_ONLY_RUN=1 adds a plain `opscope capture`
# first). Then issue 20's eager CUDA graphs on GPU 0 (bench/gpu/cudagraph20.sh; CUDAGRAPH=launcher|profile|none).
#   CUDAGRAPH=profile VARIANTS=infer CG_TIMEOUT=130 bash bench/gpu/ddp21.sh
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
if [ "${CAPTURE_ONLY_RUN:-0}" = 1 ]; then # a capture without the replay (the profile below captures too)
    step ddp_capture 200 $B capture --nproc-per-node 2 bench/gpu/ddp_gpt2.py --out $R --name ddp_capture --warmup 3 -- --steps 20
    keep ddp_capture
fi
step ddp_profile ${PROFILE_TIMEOUT:-300} $B profile --nproc-per-node 2 bench/gpu/ddp_gpt2.py --out $R --name ddp_profile --warmup 3 -- --steps 20
keep ddp_profile
if [ "${CUDAGRAPH:-launcher}" != none ]; then # issue 20's eager CUDA graphs on GPU 0: launcher+nsys, or profile
    mkdir -p $K/cudagraph && OUT=$K/cudagraph CG_TIMEOUT=${CG_TIMEOUT:-70} bash bench/gpu/cudagraph20.sh ${CUDAGRAPH:-launcher} > /dev/null 2>&1
    tail -12 $K/cudagraph/cudagraph20.log >> $L
    (cd $K && tar cf $OUT/cudagraph.tar cudagraph && rm -rf cudagraph)
fi
rmdir $K
ls -la $OUT >> $L
tail -c 8000 $L
