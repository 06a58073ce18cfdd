#!/usr/bin/env bash
# The CLI's outputs on the fixtures, for a change that must not change behaviour (a refactoring): run it
# before the change into one folder and after it into another, then compare. Every command's stdout,
# stderr and exit status is kept, one file per command; --compare prints the commands whose output differs.
#
#   bash bench/cli-outputs.sh OPSCOPE OUT_DIR            write the outputs of OPSCOPE (a built binary)
#   bash bench/cli-outputs.sh --compare BEFORE AFTER    exit 1 and name the differences, else say "same"
#
# The inputs are the real captures of ../shared/fixtures and tests/data: nsys, ncu, torch.profiler (one
# rank and several), ONNX Runtime, profile.json, an Inductor trace, memory snapshots; the commands are
# every read-only subcommand in text and JSON, diff, ranks, export and convert (the written files compared
# by content).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)

if [ "${1:-}" = --compare ]; then
  before=${2:?--compare BEFORE AFTER} after=${3:?--compare BEFORE AFTER}
  if diff -r -q "$before" "$after" >/dev/null; then
    echo "cli-outputs: same ($(ls "$before" | wc -l) outputs)"
    exit 0
  fi
  diff -r -q "$before" "$after" || true
  exit 1
fi

opscope=$(readlink -f "${1:?usage: cli-outputs.sh OPSCOPE OUT_DIR}")
out=${2:?usage: cli-outputs.sh OPSCOPE OUT_DIR}
fixtures=$(readlink -f "${OPSCOPE_FIXTURES:-$repo/../shared/fixtures}") # one spelling from every checkout
mkdir -p "$out"
out=$(cd "$out" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

n=0
run() { # run NAME ARGS...: opscope ARGS, its stdout, stderr and status in OUT/NAME.*
  local name=$1 status=0
  shift
  (cd "$work" && "$opscope" "$@" >"$out/$name.out" 2>"$out/$name.err") || status=$?
  echo "$status" >"$out/$name.status"
  # Paths of the scratch folder differ from run to run.
  sed -i "s|$work|WORK|g" "$out/$name.out" "$out/$name.err"
  n=$((n + 1))
}
keep() { # keep FILE NAME: a written file, by the digest of its content (scratch paths made neutral)
  [ -f "$1" ] || { echo "missing" >"$out/$2.sha256"; return; }
  sed "s|$work|WORK|g" "$1" | sha256sum | cut -d' ' -f1 >"$out/$2.sha256"
}
unpack() { # unpack FILE.gz NAME: a scratch copy, unpacked
  gzip -dc "$1" >"$work/$2"
  echo "$work/$2"
}

h100=$fixtures/h100
data=$repo/tests/data
gpt_bf16=("$h100/gpt4_bf16_infer/nsys.sqlite" "$h100/gpt4_bf16_infer/ncu_raw.csv")
gpt_fp32=("$h100/gpt4_fp32_infer/nsys.sqlite" "$h100/gpt4_fp32_infer/ncu_raw.csv")
vocab=("$(unpack "$data/h100_gpt_vocab50257/nsys.sqlite.gz" vocab.sqlite)" "$(unpack "$data/h100_gpt_vocab50257/ncu_raw.csv.gz" vocab.csv)")
resnet=("$(unpack "$data/h200_resnet18_nchw/nsys.sqlite.gz" resnet.sqlite)" "$(unpack "$data/h200_resnet18_nchw/ncu_raw.csv.gz" resnet.csv)")
multirank=("$fixtures/public/kineto-multirank/HolisticTraceAnalysis__sampled_rank-0.json.gz"
  "$fixtures/public/kineto-multirank/HolisticTraceAnalysis__sampled_rank-1.json.gz")

for set in gpt_bf16 vocab resnet; do
  declare -n files=$set
  for command in summary modules ops kernels stats insights memory; do
    run "$set.$command" "$command" "${files[@]}"
    run "$set.$command.json" "$command" --json "${files[@]}"
  done
  run "$set.export" export "${files[@]}" "$work/$set.trace.json"
  keep "$work/$set.trace.json" "$set.trace.json"
done
run import.fp32 import "${gpt_fp32[@]}" -o "$work/fp32.opscope"
run import.bf16 import "${gpt_bf16[@]}" -o "$work/bf16.opscope"
run diff.fp32-bf16 diff "$work/fp32.opscope" "$work/bf16.opscope"
run diff.fp32-bf16.json diff --json "$work/fp32.opscope" "$work/bf16.opscope"
run kineto.train.summary summary "$h100/kineto_gpt4_train.json"
run kineto.train.insights insights "$h100/kineto_gpt4_train.json"
run kineto.compiled.modules modules "$h100/kineto_gpt4_compiled.json"
run multirank.ranks ranks "${multirank[@]}"
run multirank.ranks.json ranks --json "${multirank[@]}"
run multirank.summary summary "${multirank[@]}"
for f in "$fixtures"/public/onnxruntime/*.json "$fixtures"/public/nsys/*.sqlite "$fixtures"/public/kineto/*.json; do
  [ -f "$f" ] || continue
  run "public.$(basename "$f").summary" summary "$f"
done
for d in "$fixtures"/public/operator_profiler/*/; do
  [ -f "$d/profile.json" ] || continue
  run "profilejson.$(basename "$d").summary" summary "$d/profile.json"
done
run convert.summary summary "$work/bf16.opscope"
run convert.json convert "$work/bf16.opscope" "$work/gpt.profile.json"
keep "$work/gpt.profile.json" convert.profile.json
echo "cli-outputs: $n commands of $opscope into $out"
