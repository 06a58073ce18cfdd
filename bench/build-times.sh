#!/usr/bin/env bash
# Times every stage of CI's run (.ci/run) in a fresh clone, and names the slowest translation units and
# tests: the figures of docs/performance.md's "Build and CI times".
#
#   bash bench/build-times.sh [REV] [--warm] [--keep]
#
# REV (default HEAD) is cloned into a new folder beside the checkout (../build-times-<REV>), so that
# ../shared is beside it as in CI. The stages are the README's test command split at its `&&`s, then the
# sanitizer configuration as .ci/run runs it; each CTest stage also writes a JUnit file from which the
# per-label sums and the slowest tests are read. ccache, where installed, starts from an empty cache in
# the clone (a cold cache, as a fresh CI machine has) unless --warm is given (then the user's cache is
# used, and a second run shows the warm figures). --keep leaves the clone for a look afterwards.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
rev=HEAD warm=0 keep=0
for arg in "$@"; do
  case $arg in
    --warm) warm=1 ;;
    --keep) keep=1 ;;
    -*) echo "build-times: unknown option $arg" >&2; exit 2 ;;
    *) rev=$arg ;;
  esac
done
sha=$(git -C "$repo" rev-parse --short "$rev")
clone="$repo/../build-times-$sha"
rm -rf "$clone"
git clone -q "$repo" "$clone"
git -C "$clone" checkout -q "$sha"
cd "$clone"
report="$clone/build-times.txt"
[ $warm -eq 1 ] || export CCACHE_DIR="$clone/.ccache-cold"

timings=()
stage() { # stage NAME COMMAND...: runs it, records its wall time, stops the script on failure
  local name=$1 start end
  shift
  echo "== $name: $*" >&2
  start=$(date +%s.%N)
  "$@"
  end=$(date +%s.%N)
  timings+=("$(printf '%-46s %8.1f s' "$name" "$(echo "$end - $start" | bc)")")
}

# The README's test command, stage by stage (the same extraction as .ci/run).
command=$(awk '/<!-- test-command -->/{found=1; next} found && /^```/{if (inblock) exit; inblock=1; next} inblock{print}' README.md)
IFS=$'\n' read -r -d '' -a parts < <(echo "$command" | sed 's/ && /\n/g' && printf '\0') || true
for part in "${parts[@]}"; do
  part=$(echo "$part" | sed 's/^ *//; s/ *$//')
  [ -n "$part" ] || continue
  case $part in
    ctest*) stage "tests: $part" bash -c "$part --output-junit $clone/junit-readme.xml" ;;
    *) stage "$part" bash -c "$part" ;;
  esac
done
readme_build=$(echo "$command" | grep -o -- '-B [^ ]*' | head -1 | cut -c4-)
stage "asan: cmake --preset asan" cmake --preset asan
stage "asan: cmake --build --preset asan -j2" cmake --build --preset asan -j2
stage "asan: ctest --preset asan" ctest --preset asan --output-junit "$clone/junit-asan.xml"

{
  echo "build-times of $sha ($(git log -1 --format=%s | cut -c1-60)...)"
  echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), load at the end $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "ccache: $(command -v ccache >/dev/null && { [ $warm -eq 1 ] && echo 'warm (the user cache)' || echo 'cold (empty cache)'; } || echo 'not installed')"
  echo
  echo "Stages (wall):"
  printf '  %s\n' "${timings[@]}"
  echo
  python3 - "$clone" "$readme_build" <<'EOF'
import sys, os, json, subprocess, xml.etree.ElementTree as ET
clone, build = sys.argv[1], sys.argv[2]
def ninja_units(folder):
    path = os.path.join(clone, folder, ".ninja_log")
    units = {}
    if not os.path.exists(path):
        return units
    for line in open(path):
        if line.startswith("#"):
            continue
        start, end, _, out, _ = line.rstrip("\n").split("\t")
        units[out] = int(end) - int(start)
    return units
for folder in (build, "build-asan"):
    units = ninja_units(folder)
    objs = {k: v for k, v in units.items() if k.endswith(".o")}
    links = {k: v for k, v in units.items() if not k.endswith(".o")}
    print(f"{folder}: {len(objs)} objects, {sum(objs.values())/1000:.0f} s compiling; {len(links)} other steps "
          f"(links, archives, generated), {sum(links.values())/1000:.0f} s")
    print(f"  15 slowest steps of {folder}:")
    for out, ms in sorted(units.items(), key=lambda kv: -kv[1])[:15]:
        print(f"    {ms/1000:7.1f} s  {out}")
for name in ("junit-readme.xml", "junit-asan.xml"):
    path = os.path.join(clone, name)
    if not os.path.exists(path):
        continue
    cases = []
    for case in ET.parse(path).getroot().iter("testcase"):
        cases.append((float(case.get("time", 0)), case.get("name"), case.get("status", "")))
    folder = build if "readme" in name else "build-asan"
    shown = subprocess.run(["ctest", "--test-dir", os.path.join(clone, folder), "--show-only=json-v1"],
                           capture_output=True, text=True).stdout
    label_of = {}
    for test in json.loads(shown or '{"tests": []}')["tests"]:
        for prop in test.get("properties", []):
            if prop["name"] == "LABELS":
                label_of[test["name"]] = "+".join(prop["value"])
    labels = {}
    for t, n, _ in cases:
        labels[label_of.get(n, "-")] = labels.get(label_of.get(n, "-"), 0) + t
    print(f"{name}: {len(cases)} tests, {sum(c[0] for c in cases):.0f} s of test time; by label: " +
          ", ".join(f"{k} {v:.0f} s" for k, v in sorted(labels.items())))
    print("  15 slowest tests:")
    for t, n, s in sorted(cases, reverse=True)[:15]:
        print(f"    {t:7.1f} s  {n} {s}")
EOF
} | tee "$report"
if [ $keep -eq 0 ]; then
  cd "$repo"
  rm -rf "$clone"
fi
