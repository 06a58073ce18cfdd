#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan + UBSan) and runs each for a given time, one after the other
# on one core (run it as `nice -n 19 tests/fuzz/run-fuzzers.sh` on a shared machine). Seeds come from the real fixtures (make-seeds.py); the corpus grows in the build folder;
# a crash, leak or hang is written to tests/regression/<format>/ (which tst_bad_input replays) and ends
# that target's run. A summary line per target gives libFuzzer's execution count.
#
# usage: tests/fuzz/run-fuzzers.sh [-s SECONDS] [-b BUILD_DIR] [TARGET...]
#   SECONDS per target (default 600); BUILD_DIR default build-fuzz; TARGET e.g. fuzz_ncu_csv (default all).
set -uo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
seconds=600
build=build-fuzz
while getopts "s:b:" opt; do
  case $opt in
    s) seconds=$OPTARG ;;
    b) build=$OPTARG ;;
    *) echo "usage: $0 [-s SECONDS] [-b BUILD_DIR] [TARGET...]" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
all_targets=(fuzz_nsys_sqlite fuzz_ncu_csv fuzz_kineto_json fuzz_onnxruntime_json fuzz_profile_json fuzz_opscope
             fuzz_nsys_stats_csv)
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${all_targets[@]}")
fixtures=$(cd "$root/../shared/fixtures" && pwd) || { echo "no fixtures beside the checkout" >&2; exit 1; }

if [ ! -f "$build/build.ninja" ]; then
  cmake -S . -B "$build" -G Ninja -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DOPSCOPE_FUZZ=ON \
    -DOPSCOPE_SANITIZE=address,undefined -DOPSCOPE_BUILD_GUI=OFF -DOPSCOPE_BUILD_TESTS=OFF \
    -DOPSCOPE_BUILD_BENCHMARKS=OFF >/dev/null || exit 1
fi
ninja -C "$build" -j2 opscope "${targets[@]}" >/dev/null || { echo "build failed" >&2; exit 1; }

seeds=$build/fuzz-seeds
rm -rf "$seeds"
python3 tests/fuzz/make-seeds.py "$fixtures" "$seeds" "$build/app/opscope" || exit 1

# The format folder under tests/regression/. Inputs may grow to 1 MiB: enough for JSON nested 100 000
# deep or a database of a few thousand rows (at 16-64 KB, the deep-nesting crashes of issue 38 were out
# of reach); libFuzzer still starts short and lengthens its inputs as coverage grows (-len_control).
regression_dir() { local t=${1#fuzz_}; echo "tests/regression/${t//_/-}"; }
max_len=1048576

export ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
status=0
summary=()
for target in "${targets[@]}"; do
  name=${target#fuzz_}
  corpus=$build/fuzz-corpus/$name
  artifacts=$(regression_dir "$target")
  log=$build/fuzz-logs/$name.log
  mkdir -p "$corpus" "$artifacts" "$(dirname "$log")"
  before=$(ls "$artifacts" | wc -l)
  echo "== $target: up to ${seconds}s, corpus $corpus, crashes to $artifacts/"
  started=$(date +%s)
  # -timeout: an input that takes longer is a hang; -rss_limit_mb: a runaway allocation is a finding.
  # -dict: the format's keys, tables and values (tests/fuzz/dict/, make-dicts.py).
  "$build/tests/fuzz/$target" "$corpus" "$seeds/$name" -max_total_time="$seconds" -timeout=20 \
    -rss_limit_mb=2560 -max_len="$max_len" -dict="tests/fuzz/dict/$name.dict" -artifact_prefix="$artifacts/" \
    -print_final_stats=1 >"$log" 2>&1
  rc=$?
  elapsed=$(($(date +%s) - started))
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
  if [ -z "$execs" ]; then # a crash ends the run before the final stats: take the last status line
    execs=$(grep -oE '^#[0-9]+' "$log" | tail -1 | tr -d '#')
  fi
  found=$(($(ls "$artifacts" | wc -l) - before))
  cov=$(grep -oE 'cov: [0-9]+' "$log" | tail -1)
  line="$target: ${execs:-0} executions in ${elapsed}s, ${cov:-cov: ?}, exit $rc, new crash inputs: $found"
  summary+=("$line")
  echo "$line"
  if [ "$rc" -ne 0 ] || [ "$found" -gt 0 ]; then
    status=1
    grep -E 'ERROR: |SUMMARY: |runtime error|opscope fuzz:|Test unit written' "$log" | head -5
  fi
done
echo "== summary"
printf '%s\n' "${summary[@]}"
exit $status
