#!/bin/bash
# Issue 37 on the two-GPU machine (kind nvidia-h200-x2): the straggler of a 2-rank DDP step of transformers'
# GPT-2 (bench/gpu/ddp_gpt2.py: 4 layers, bf16 autocast; rank 1 given 1.5x the batch), as the plain job shows
# it and as OpScope names it, from users' own traces and through `opscope profile|capture --nproc-per-node 2`.
# One call, under 8 minutes; each step has its own limit. RUNS picks the steps (default: all, in this order):
#   plain_host    each rank's plain timing, no OpScope, no profiler (bench/gpu/ddp_plain_ranks.py), batch 8:
#                 host-bound; the straggler and the others' wait as the job itself runs
#   plain_gpu     the same at batch 32: GPU-bound
#   user_traces   users' own torch.profiler traces (ddp_gpt2.py --trace-dir: schedule(wait=2, warmup=1,
#                 active=2) on each rank, no launcher), batch 8; then `opscope ranks` and `insights` on them.
#                 Kept small (two steps a rank) for tests/data.
#   profile_host  `opscope profile --nproc-per-node 2` (nsys, correlation pass, ncu --set basic on rank 0) at
#                 batch 8; `opscope ranks` on the job (plain steps of the ranks' nsys captures) and --step recorded
#   capture_gpu   `opscope capture --nproc-per-node 2` at batch 32; `opscope ranks`
#
#   profile_gpu   `opscope profile --nproc-per-node 2` at batch 32 (the one-GPU set's profile)
#   plain_tiny, profile_tiny   plain_host and profile_host at batch 2 and 128 tokens a sample: the GPU's work a
#                 few ms, the step clearly bound by the host (batch 8 is not, on two H200s); both ranks' hosts
#                 then do the same work, and which one is slower changes from launch to launch
#   plain_loader, profile_loader   the tiny size with a data loader that works on the host, 8 ms a sample
#                 (ddp_gpt2.py --host-ms-per-sample): host-bound, and the rank given 1.5x the batch has 1.5x
#                 the loader's work
#
#   bash bench/gpu/ranks37.sh                      (everything: what docs/gpu-validation.md needs)
#   RUNS="plain_host profile_host" bash bench/gpu/ranks37.sh
#
# On ONE GPU (nvidia-smi lists one, or GPUS=1) the two ranks share it: gloo instead of NCCL (NCCL refuses two
# ranks on one GPU; ddp_gpt2.py's init_ranks), the GPU time-sliced between the two processes, and a smaller
# vocabulary (--vocab 8192: gloo all-reduces the gradients through host memory, 35 M parameters instead of
# 67 M). The default runs are then plain_gpu user_traces capture_gpu profile_gpu, all at batch 32 (the
# time-sliced GPU paces both ranks), so that each OpScope run has the plain timing of its own size beside it.
# It checks the pipeline on real CUDA (users' schedule, the launcher's nsys and ncu ranks, the import and the
# straggler against the plain timing), not NCCL's kernels, payloads or sequence numbers, nor two GPUs' figures.
# BUDGET_S (default 450) bounds the whole call: a step gets at most what is left of it.
#
# What comes back in $OUT: ranks37.log (every step's output and the reports), user_traces.tar (the two
# traces, each a few hundred kB: tests/data material) and a tar per OpScope run (profile, ranks reports,
# each rank's nsys export gzip).
# What it must show: the straggler of plain_host / plain_gpu (rank 1, the larger batch, where the step is
# paced by its work) is the one `opscope ranks` names on user_traces, profile_host and capture_gpu; on
# user_traces no cold-start insight, and the collectives outside the common steps reported in notes.
source "$(dirname "$0")/env.sh"
export PYTHONUNBUFFERED=1 HF_HUB_OFFLINE=1
R=/tmp/runs37; rm -rf $R; mkdir -p $R
L=$OUT/ranks37.log
BUDGET_S=${BUDGET_S:-450}
step() { # NAME LIMIT COMMAND...: at most LIMIT seconds, and never past the call's budget (less 30 s for the rest)
    local name=$1 limit=$2; shift 2; local left=$((BUDGET_S - SECONDS - 30))
    ((left < limit)) && limit=$left
    if ((limit < 20)); then echo "== $name skipped: the call's budget of ${BUDGET_S} s is spent" >> $L; return 1; fi
    echo "== $name $(date +%T) (limit $limit s)" >> $L
    /usr/bin/time -f "wall %e s" timeout -k 10 $limit "$@" > $R/$name.log 2>&1; echo "rc=$?" >> $L
    grep -v "kernel [0-9]*/" $R/$name.log | tail -30 >> $L; }
report() { # TITLE COMMAND...: its output into the log
    local left=$((BUDGET_S - SECONDS - 10)); ((left > 60)) && left=60; ((left < 5)) && left=5
    echo "-- $1" >> $L; shift; timeout -k 5 $left "$@" >> $L 2>&1; }
keep() { # NAME: the job's profile and reports, one tar
    local run=$R/$1 o=$R/keep/$1; mkdir -p $o
    cp $run/$1.opscope $o/ 2>/dev/null
    $B ranks $run/$1.opscope --json > $o/ranks.json 2>&1
    $B ranks $run/$1.opscope --step recorded --json > $o/ranks_recorded.json 2>&1
    (cd $run && tar czf $o/parts.tar.gz --ignore-failed-read $(find . -maxdepth 2 \( -name '*.json' -o -name '*.log' \) \
        ! -name 'trace*.json') 2>/dev/null)
    for f in $run/rank*/nsys.sqlite; do # each rank's nsys export, gzip (tests/data material: about 0.5 MB)
        [ -f $f ] || continue; mkdir -p $o/$(basename $(dirname $f)); gzip -c $f > $o/$(basename $(dirname $f))/nsys.sqlite.gz
    done
    (cd $R/keep && tar cf $OUT/$1.tar $1 && rm -rf $1)
}
nvidia-smi -L >> $L 2>&1
python3 -c "import torch, transformers; print('torch', torch.__version__, 'nccl', torch.cuda.nccl.version(), 'transformers', transformers.__version__)" >> $L 2>&1
GPUS=${GPUS:-$(nvidia-smi -L 2>/dev/null | grep -c '^GPU')}
M="bench/gpu/ddp_gpt2.py"
S="--straggler-factor 1.5 ${MODEL_ARGS:-}" # MODEL_ARGS: e.g. a small model for a check on the CPU
DEFAULT_RUNS="plain_host plain_gpu user_traces profile_host capture_gpu"
UB=8 # the users' traces' batch
if ((GPUS == 1)); then # both ranks on the one GPU (header)
    S="$S --vocab 8192"
    DEFAULT_RUNS="plain_gpu user_traces capture_gpu profile_gpu"
    UB=32
fi
RUNS=${RUNS:-$DEFAULT_RUNS}
size_of() { # RUN: the job's size options
    case $1 in
    *_host) echo "--batch 8" ;; *_gpu) echo "--batch 32" ;; *_tiny) echo "--batch 2 --seq 128" ;;
    *_loader) echo "--batch 2 --seq 128 --host-ms-per-sample 8" ;;
    esac
}
echo "GPUs: $GPUS$( ((GPUS == 1)) && echo ' (the two ranks share it over gloo)'); runs: $RUNS; budget $BUDGET_S s" >> $L
for run in $RUNS; do
    case $run in
    plain_host) step $run 75 torchrun --standalone --nproc-per-node 2 bench/gpu/ddp_plain_ranks.py --batch 8 $S \
                    --steps 15 --warmup 5 --json $R/plain_host.json ;;
    plain_tiny | plain_loader) step $run 75 torchrun --standalone --nproc-per-node 2 bench/gpu/ddp_plain_ranks.py \
                    $(size_of $run) $S --steps 15 --warmup 5 --json $R/$run.json ;;
    plain_gpu) step $run 90 torchrun --standalone --nproc-per-node 2 bench/gpu/ddp_plain_ranks.py --batch 32 $S \
                   --steps 10 --warmup 4 --json $R/plain_gpu.json ;;
    user_traces)
        step $run 75 torchrun --standalone --nproc-per-node 2 $M --batch $UB $S --steps 8 --trace-dir $R/user_traces \
            --schedule 2,1,2 || continue
        U="$R/user_traces/rank0.json.gz $R/user_traces/rank1.json.gz"
        report "opscope ranks (users' traces)" $B ranks $U
        report "opscope insights (users' traces)" $B insights $U
        $B ranks --json $U > $R/user_traces/ranks.json 2>&1
        (cd $R && tar cf $OUT/user_traces.tar user_traces) ;;
    profile_host | profile_gpu | profile_tiny | profile_loader)
        step $run 230 $B profile --nproc-per-node 2 $M --warmup 3 --set basic --out $R --name $run -- --steps 20 \
            $(size_of $run) $S || continue
        report "opscope ranks (plain steps)" $B ranks $R/$run/$run.opscope
        report "opscope ranks --step recorded" $B ranks --step recorded $R/$run/$run.opscope
        report "opscope insights" $B insights $R/$run/$run.opscope
        report "opscope summary" $B summary $R/$run/$run.opscope
        keep $run ;;
    capture_gpu)
        step $run 120 $B capture --nproc-per-node 2 $M --warmup 3 --out $R --name $run -- --steps 20 --batch 32 $S \
            || continue
        report "opscope ranks (plain steps)" $B ranks $R/$run/$run.opscope
        keep $run ;;
    *) echo "unknown run $run" >> $L ;;
    esac
done
cp $R/plain_*.json.rank* $OUT/ 2>/dev/null
rmdir $R/keep 2>/dev/null
ls -la $OUT >> $L
tail -c 12000 $L
