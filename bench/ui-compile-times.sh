#!/usr/bin/env bash
# The compile time of the explorer's library (opscope_ui) and opscope_screenshots, revision against
# revision, in the README's and the sanitizer configuration: the figures of docs/performance.md's "Build
# and CI times" for unity batches and the precompiled header.
#
#   bash bench/ui-compile-times.sh [--rounds N] [--configs "readme asan"] NAME=REV [NAME=REV ...]
#
# Each REV is exported (git archive) into $UI_TIMES_DIR/NAME (default ../ui-compile-times beside the
# checkout), configured once per configuration in NAME/build-CONFIG, and its prerequisites (the core, the
# timeline index, moc) built with ccache: a build folder one level under its sources, as a checkout's
# build/ is, gives the compiler the same relative paths under ccache's base_dir, so the core compiles once. Then, round by round, configuration by
# configuration, revision after revision (alternated, as the machine is shared): the two libraries'
# objects and precompiled headers are deleted and built again with ccache off (CCACHE_DISABLE=1) at -j2.
# Printed per build: the CPU time of `ninja opscope_ui` (user + sys of ninja and its compilers, which load
# on the machine hardly changes), its wall time, the sum of ninja's durations of opscope_ui's steps
# (.ninja_log: wall per step, which load does change), the same sum for opscope_screenshots, and the
# number of compile steps.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
rounds=1 configs="readme asan" revs=()
while [ $# -gt 0 ]; do
  case $1 in
    --rounds) rounds=$2; shift ;;
    --configs) configs=$2; shift ;;
    *=*) revs+=("$1") ;;
    *) echo "ui-compile-times: expected NAME=REV, got $1" >&2; exit 2 ;;
  esac
  shift
done
[ ${#revs[@]} -gt 0 ] || { echo "usage: $0 [--rounds N] [--configs \"readme asan\"] NAME=REV ..." >&2; exit 2; }
work=${UI_TIMES_DIR:-$repo/../ui-compile-times}
mkdir -p "$work"
work=$(cd "$work" && pwd)

flags_readme=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_UNITY_BUILD=ON)
# CMakePresets.json's asan preset.
flags_asan=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DOPSCOPE_SANITIZE=address,undefined
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG" -DCMAKE_UNITY_BUILD=ON -DOPSCOPE_BUILD_BENCHMARKS=OFF)

for spec in "${revs[@]}"; do
  name=${spec%%=*} rev=${spec#*=}
  src="$work/$name"
  sha=$(git -C "$repo" rev-parse --short "$rev")
  if [ "$(cat "$src/.exported-rev" 2>/dev/null)" != "$sha" ]; then # else a run before left it, and its builds
    rm -rf "$src" && mkdir -p "$src"
    git -C "$repo" archive "$rev" | tar -x -C "$src"
    echo "$sha" > "$src/.exported-rev"
  fi
  echo "$name = $sha"
  for config in $configs; do
    build="$src/build-$config"
    case $config in
      readme) flags=("${flags_readme[@]}") ;;
      asan) flags=("${flags_asan[@]}") ;;
      *) echo "ui-compile-times: unknown configuration $config" >&2; exit 2 ;;
    esac
    cmake -S "$src" -B "$build" -G Ninja "${flags[@]}" > "$build.configure.log"
    nice -n 5 ninja -C "$build" -j2 opscope_ui_autogen > "$build.prerequisites.log"
  done
done

# Sum of ninja's durations (ms -> s) of the last build's steps whose output is under `dir`; and their count.
step_sum() {
  awk -F'\t' -v dir="$2" 'NR > 1 && index($4, dir) == 1 && $4 !~ /\.a$/ { d[$4] = ($2 - $1) / 1000 }
    END { s = 0; n = 0; for (k in d) { s += d[k]; n++ } printf "%.1f %d", s, n }' "$1/.ninja_log"
}

printf '%-6s %-7s %-10s %9s %9s %9s %5s %10s\n' round config rev cpu_s wall_s steps_s steps shots_s
for round in $(seq "$rounds"); do
  for config in $configs; do
    for spec in "${revs[@]}"; do
      name=${spec%%=*}
      build="$work/$name/build-$config"
      find "$build/ui/CMakeFiles/opscope_ui.dir" "$build/ui/CMakeFiles/opscope_screenshots.dir" \
        \( -name '*.o' -o -name '*.gch' \) -delete
      rm -f "$build/ui/libopscope_ui.a" "$build/ui/libopscope_screenshots.a"
      CCACHE_DISABLE=1 nice -n 5 /usr/bin/time -f '%U %S %e' -o "$build.time" \
        ninja -C "$build" -j2 opscope_ui > "$build.ui.log"
      CCACHE_DISABLE=1 nice -n 5 ninja -C "$build" -j2 opscope_screenshots > "$build.screenshots.log"
      read -r user sys wall < "$build.time"
      read -r steps count <<< "$(step_sum "$build" ui/CMakeFiles/opscope_ui.dir/)"
      read -r shots _ <<< "$(step_sum "$build" ui/CMakeFiles/opscope_screenshots.dir/)"
      printf '%-6s %-7s %-10s %9.1f %9.1f %9.1f %5d %10.1f\n' "$round" "$config" "$name" \
        "$(echo "$user + $sys" | bc)" "$wall" "$steps" "$count" "$shots"
    done
  done
done
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
