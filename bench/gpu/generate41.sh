#!/bin/bash
# Issue 41 on the H200: generation requests as the step (docs/capture.md "Generation requests"), everything the
# issue asks of the GPU in one call. transformers' Llama-style and GPT-2-style models built from configs
# (bench/gpu/hf_generate.py: bf16, generate() of 32 tokens for 4 prompts of 64 tokens), eager and with a static
# KV cache compiled (mode reduce-overhead), each captured with `--step generate`:
#   1. the eager Llama: capture, then ncu over one decode iteration (replay --phase decode#5);
#   2. the static Llama (its compilation fills Inductor's cache, which the verify's compiled arm reads next);
#   3. `opscope verify --insight N` on the eager Llama: its first insight that names a verify fix (the top one
#      where it does);
#   4. the eager GPT-2 and the static GPT-2; 5. the eager Llama against the static one (opscope diff).
# For each capture, generate_check.py compares OpScope's time to first token and per output token with the
# script's own CUDA-event timing of the same requests (within_5_percent) and says whether every kernel of the
# captured request is in a phase and a module.
#
# Every step runs under a deadline (GENERATE41_BUDGET_S, default 420 s, the whole script's wall time): a step
# that would overrun is cut short and says so in the digest. $OUT receives two files: generate41.txt (the
# digest: each step's exit status and time, the checks, the insights, the verify result, the diff) and
# generate41.tgz (every output, log and run folder without the nsys/ncu reports and SQLite files).
#
#   OUT=/tmp/out41 bash bench/gpu/generate41.sh
#
# GENERATE41_WORKLOAD replaces hf_generate.py by a script taking its options (the CPU dry run of this script);
# GENERATE41_REPLAY_SET / GENERATE41_REPLAY_S the replay's ncu set and limit; GENERATE41_SKIP_VERIFY=1 leaves
# step 3 out; GENERATE41_REPLAY_ONLY=1 stops after the eager Llama's capture and replay (no tar);
# GENERATE41_SKIP_REPLAY=1 leaves the replay out, GENERATE41_SKIP_STATIC=1 the static captures and the diff;
# GENERATE41_STATIC_ONLY=1 runs the two static captures alone (each checked against the script's timing).
# $OUT then also receives each run folder's tar (RUN.run.tgz, a file each: one tar of all was over the size a
# device call brings back).
source "$(dirname "$0")/env.sh"
export PYTHONUNBUFFERED=1 HF_HUB_OFFLINE=1
OUT=${OUT:-/tmp/out41}
BUDGET=${GENERATE41_BUDGET_S:-420}
G=${GENERATE41_WORKLOAD:-bench/gpu/hf_generate.py}
R=/tmp/runs41 W=/tmp/work41 D=/tmp/work41/generate41.txt
rm -rf $R $W
mkdir -p $R $W "$OUT"

# The timeout of a step: WANT seconds, less where the budget (less 15 s for the reports and the tar) ends first.
cap() {
    local left=$((BUDGET - SECONDS - 15))
    echo $(($1 < left ? $1 : (left > 1 ? left : 1)))
}
# step NAME WANT COMMAND...: runs it with its output in $W/NAME.log, its status and time in the digest.
step() {
    local name=$1 limit start=$SECONDS
    limit=$(cap "$2")
    shift 2
    timeout "$limit" "$@" > $W/$name.log 2>&1
    local rc=$?
    echo "== $name: rc=$rc in $((SECONDS - start)) s (limit $limit s)$([ $rc = 124 ] && echo ', CUT SHORT')" >> $D
    return $rc
}
# report NAME: the run's figures into $W, the check and the insights into the digest.
report() {
    local name=$1 run=$R/$1
    [ -f $run/$name.opscope ] || { echo "   no profile in $run" >> $D; return; }
    $B summary $run/$name.opscope --json > $W/$name.summary.json 2>> $W/$name.log
    $B summary $run/$name.opscope > $W/$name.summary.txt 2>> $W/$name.log
    $B insights $run --json > $W/$name.insights.json 2>> $W/$name.log
    $B insights $run > $W/$name.insights.txt 2>> $W/$name.log
    python3 bench/gpu/generate_check.py $run $W/$name.jsonl $W/$name.summary.json > $W/$name.check.json \
        2>> $W/$name.log
    { cat $W/$name.check.json; echo "-- insights"; head -40 $W/$name.insights.txt; } >> $D
}
# capture NAME WANT OPTIONS... -- SCRIPT ARGUMENTS...: a capture with --step generate (the script's own timing
# in $W/NAME.jsonl).
capture() {
    local name=$1 want=$2
    shift 2
    step $name $want $B capture $G --out $R --name $name --step generate "$@" --timing $W/$name.jsonl
}

echo "generate41: $(date -u +%FT%TZ), budget $BUDGET s, $($B --version 2>&1 | head -1)" > $D
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >> $D 2>&1
python3 -c 'import torch, transformers; print("torch", torch.__version__, "transformers", transformers.__version__)' \
    >> $D 2>&1

if [ -n "${GENERATE41_STATIC_ONLY:-}" ]; then
    capture llama_static 150 --warmup 3 --no-correlation -- --model llama --static --requests 12
    report llama_static
    capture gpt2_static 150 --warmup 3 --no-correlation -- --model gpt2 --static --requests 12
    report gpt2_static
    for run in $R/*/; do
        (cd $run && tar czf "$OUT/$(basename $run).run.tgz" --exclude='*.nsys-rep' --exclude='*.sqlite' \
            --exclude='*.ncu-rep' --exclude='*.qdstrm' .)
    done
    echo "== total: $SECONDS s (budget $BUDGET s; GENERATE41_STATIC_ONLY)" >> $D
    tar czf "$OUT/generate41.tgz" -C $W .
    cp $D "$OUT/generate41.txt"
    cat $D
    exit 0
fi
# 1. The eager Llama: the capture (correlation pass + nsys) runs up to 400 requests so that verify's arms, which
# run the same command, have requests for every block; the capture itself ends the script after its request.
capture llama_eager 120 -- --model llama --requests 400
# ncu over one decode iteration (228 kernels, the first of each launch signature profiled; about 1.7 s a kernel
# with the roofline set, which ran past 150 s twice: GENERATE41_REPLAY_SET=basic is the quicker set), imported
# into the profile.
[ -n "${GENERATE41_SKIP_REPLAY:-}" ] && echo "== llama_eager_replay: skipped (GENERATE41_SKIP_REPLAY)" >> $D ||
step llama_eager_replay ${GENERATE41_REPLAY_S:-150} $B replay $R/llama_eager --phase decode#5 \
    --set ${GENERATE41_REPLAY_SET:-roofline}
tail -4 $W/llama_eager_replay.log >> $D
grep -c "^\[ncu\] kernel" $W/llama_eager_replay.log | sed 's/^/   kernels ncu profiled: /' >> $D
grep "error" $W/llama_eager_replay.log | sort | uniq -c | head -8 >> $D
report llama_eager
if [ -n "${GENERATE41_REPLAY_ONLY:-}" ]; then # the eager capture and its replay only: the digest
    echo "== total: $SECONDS s (budget $BUDGET s; GENERATE41_REPLAY_ONLY)" >> $D
    cp $D "$OUT/generate41.txt"
    cat $D
    exit 0
fi
# 2. The static Llama (before the verify: its compilation fills Inductor's cache, which the verify's compiled
# arm reads): one process (no correlation pass) so that it compiles once; the compilation takes the
# first requests (3 warm-up requests).
if [ -z "${GENERATE41_SKIP_STATIC:-}" ]; then
    capture llama_static 120 --warmup 3 --no-correlation -- --model llama --static --requests 12
    report llama_static
fi

# 3. The verify of the eager decode's first insight that names a fix (both arms from the run's command line).
N=$(python3 -c '
import json, sys
items = json.load(open(sys.argv[1])).get("insights", [])
print(next((k + 1 for k, i in enumerate(items) if i.get("verify_fix")), 0))' $W/llama_eager.insights.json 2>> $D)
echo "== verify: item ${N:-0} of the eager Llama's insights (its first with a verify fix)" >> $D
if [ -n "${GENERATE41_SKIP_VERIFY:-}" ]; then
    echo "   skipped (GENERATE41_SKIP_VERIFY)" >> $D
elif [ "${N:-0}" -gt 0 ]; then
    step llama_eager_verify 150 $B verify $R/llama_eager --insight $N --rounds 5
    tail -25 $W/llama_eager_verify.log >> $D
    cp $R/llama_eager/verify.json $W/llama_eager.verify.json 2>/dev/null
fi

# 4. GPT-2, eager and static.
capture gpt2_eager 70 -- --model gpt2 --requests 12
report gpt2_eager
if [ -z "${GENERATE41_SKIP_STATIC:-}" ]; then
    capture gpt2_static 110 --warmup 3 --no-correlation -- --model gpt2 --static --requests 12
    report gpt2_static
    # 5. Eager against static, phase by phase.
    echo "== diff llama_eager llama_static" >> $D
    $B diff $R/llama_eager/llama_eager.opscope $R/llama_static/llama_static.opscope \
        > $W/llama_eager_vs_static.diff.txt 2>&1
    head -60 $W/llama_eager_vs_static.diff.txt >> $D
fi

# The run folders without the large reports, every output, and the digest.
for run in $R/*/; do
    (cd $run && tar czf $W/$(basename $run).run.tgz --exclude='*.nsys-rep' --exclude='*.sqlite' \
        --exclude='*.ncu-rep' --exclude='*.qdstrm' .)
    cp $W/$(basename $run).run.tgz "$OUT/" 2>/dev/null
done
echo "== total: $SECONDS s (budget $BUDGET s)" >> $D
tar czf "$OUT/generate41.tgz" -C $W --exclude='*.run.tgz' .
cp $D "$OUT/generate41.txt"
cat $D
