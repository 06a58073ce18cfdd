#!/bin/bash
# Issue 41 on the H200: generation requests as the step (docs/capture.md "Generation requests"). transformers'
# Llama-style and GPT-2-style models built from configs (bench/gpu/hf_generate.py: bf16, generate() of 32 tokens
# for 4 prompts of 64 tokens), eager and with a static KV cache compiled (mode reduce-overhead), each captured with
# `--step generate`; the eager Llama also replayed under ncu for one decode iteration (--phase decode#5). For each
# run, in $OUT: the summary and insights as JSON, and generate_check.py's comparison of OpScope's time to first
# token and per output token with the script's own CUDA-event timing of the same requests (within_5_percent),
# and whether every kernel of the captured request is in a phase and a module. About 6 minutes.
#
#   OUT=/tmp/out bash bench/gpu/generate41.sh
source "$(dirname "$0")/env.sh"
export PYTHONUNBUFFERED=1 HF_HUB_OFFLINE=1
R=/tmp/runs41
rm -rf $R
mkdir -p $R "$OUT"
G=bench/gpu/hf_generate.py

report() { # NAME: the run's figures into $OUT
    local name=$1 run=$R/$1
    $B summary $run/$name.opscope --json > $OUT/$name.summary.json 2>> $OUT/$name.log
    $B summary $run/$name.opscope > $OUT/$name.summary.txt 2>> $OUT/$name.log
    $B insights $run/$name.opscope --json > $OUT/$name.insights.json 2>> $OUT/$name.log
    $B insights $run/$name.opscope > $OUT/$name.insights.txt 2>> $OUT/$name.log
    python3 bench/gpu/generate_check.py $run $R/$name.jsonl $OUT/$name.summary.json > $OUT/$name.check.json \
        2>> $OUT/$name.log
    cp $R/$name.jsonl $OUT/ 2>/dev/null
    (cd $run && tar czf $OUT/$name.run.tgz --exclude='*.nsys-rep' --exclude='*.sqlite' --exclude='*.ncu-rep' .)
    cat $OUT/$name.check.json
}

# The eager Llama: capture (correlation pass + nsys), then ncu over one decode iteration (about 160 kernels).
timeout 240 $B profile $G --out $R --name llama_eager --step generate --phase decode#5 \
    -- --model llama --timing $R/llama_eager.jsonl > $OUT/llama_eager.log 2>&1
echo "rc=$?" >> $OUT/llama_eager.log
report llama_eager

# The eager GPT-2.
timeout 100 $B capture $G --out $R --name gpt2_eager --step generate \
    -- --model gpt2 --timing $R/gpt2_eager.jsonl > $OUT/gpt2_eager.log 2>&1
echo "rc=$?" >> $OUT/gpt2_eager.log
report gpt2_eager

# Static caches compiled with CUDA graphs: the compilation takes the first requests (3 warm-up requests); one
# process (no correlation pass), so it compiles once.
for model in llama gpt2; do
    timeout 150 $B capture $G --out $R --name ${model}_static --step generate --warmup 3 --no-correlation \
        -- --model $model --static --timing $R/${model}_static.jsonl > $OUT/${model}_static.log 2>&1
    echo "rc=$?" >> $OUT/${model}_static.log
    report ${model}_static
done

# Eager against static, phase by phase.
$B diff $R/llama_eager/llama_eager.opscope $R/llama_static/llama_static.opscope > $OUT/llama_eager_vs_static.diff.txt 2>&1
ls -la $OUT
