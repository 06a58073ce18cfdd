#!/usr/bin/env bash
# Makes docs/screenshots/*.png by running the explorer on the bundled sample capture, offscreen.
# Usage: docs/make-screenshots.sh [BUILD_DIR]   (default: build)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
out=docs/screenshots
mkdir -p "$out"
# A settings folder of its own: the pictures neither depend on nor change the user's saved layout,
# recent files and wizard values (the wizard pictures run a real CPU capture of examples/mlp.py).
config=$(mktemp -d)
trap 'rm -rf "$config"' EXIT
# The compare window's pictures (compare*.png): the bundled bf16 capture against its fp32 twin from the
# test fixtures beside the checkout as the baseline (OPSCOPE_SCREENSHOTS_BASELINE: files separated by ';').
fp32=../shared/fixtures/h100/gpt4_fp32_infer
if [[ -z ${OPSCOPE_SCREENSHOTS_BASELINE:-} && -f $fp32/nsys.sqlite && -f $fp32/ncu_raw.csv ]]; then
  export OPSCOPE_SCREENSHOTS_BASELINE="$PWD/$fp32/nsys.sqlite;$PWD/$fp32/ncu_raw.csv"
fi
# The sweep window's picture (sweep.png): a CPU sweep of examples/mlp.py, size x batch (4 runs, seconds each).
if [[ -z ${OPSCOPE_SCREENSHOTS_SWEEP:-} ]]; then
  "$build/app/opscope" sweep examples/mlp.py --param size=tiny,small --param batch=8,32 --out "$config" \
    --name sweep -- --steps 6 >/dev/null
  export OPSCOPE_SCREENSHOTS_SWEEP="$config/sweep"
fi
# The Memory tab's pictures (memory*.png): the H100 GPT training step with its allocator history
# (tests/data/h100_gpt12_memory; OPSCOPE_SCREENSHOTS_MEMORY: files separated by ';').
if [[ -z ${OPSCOPE_SCREENSHOTS_MEMORY:-} ]]; then
  gzip -dc tests/data/h100_gpt12_memory/correlation_trace.json.gz >"$config/correlation_trace.json"
  gzip -dc tests/data/h100_gpt12_memory/memory_snapshot.json.gz >"$config/memory_snapshot.json"
  export OPSCOPE_SCREENSHOTS_MEMORY="$config/correlation_trace.json;$config/memory_snapshot.json"
fi
# The ranks picture (ranks-window.png): the H200 DDP step of two ranks (tests/data/h200_ddp_gpt2).
if [[ -z ${OPSCOPE_SCREENSHOTS_RANKS:-} ]]; then
  export OPSCOPE_SCREENSHOTS_RANKS="$PWD/tests/data/h200_ddp_gpt2/correlation_trace.rank0.json.gz;$PWD/tests/data/h200_ddp_gpt2/correlation_trace.rank1.json.gz"
fi
XDG_CONFIG_HOME="$config" QT_QPA_PLATFORM=${QT_QPA_PLATFORM:-offscreen} OPSCOPE_SCREENSHOTS="$out" "$build/app/opscope-screenshots"
ls -l "$out"
