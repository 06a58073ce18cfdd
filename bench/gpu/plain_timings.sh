#!/bin/bash
# Plain step times (CUDA events, no instrumentation) and plain GPU-busy shares of the validation
# workloads, with the head GEMM's vocabulary unaligned (50257) and padded (50304): the "measured"
# column of docs/insights.md and the plain figures of docs/gpu-validation.md.
cd "$(dirname "$0")/../.." || exit 1
export PYTHONUNBUFFERED=1 HF_HUB_OFFLINE=1
O=${OUT:-/tmp/plain}; mkdir -p "$O"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader
python3 -c "import torch, transformers; print('torch', torch.__version__, 'transformers', transformers.__version__)"
run() { local name=$1 script=$2; shift 2; python3 bench/gpu/plain_step.py "$script" --json "$O/$name.json" "$@" 2>&1 | grep -v Warning; }
run hf_train_50257 bench/gpu/hf_gpt2.py --busy -- --vocab 50257
run hf_train_50304 bench/gpu/hf_gpt2.py --busy -- --vocab 50304
run hf_infer_50257 bench/gpu/hf_gpt2.py --busy -- --infer --vocab 50257
run hf_infer_50304 bench/gpu/hf_gpt2.py --busy -- --infer --vocab 50304
run gpt12_train_50257 examples/gpt.py --busy -- --layers 12 --dtype bfloat16 --vocab 50257 --batch 8 --seq 512
run gpt12_train_50304 examples/gpt.py --busy -- --layers 12 --dtype bfloat16 --vocab 50304 --batch 8 --seq 512
run gpt_tiny_b1 examples/gpt.py --busy -- --size tiny --batch 1 --device cuda
