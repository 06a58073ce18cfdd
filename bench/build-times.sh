#!/usr/bin/env bash
# Times every stage of CI's run (.ci/run) in a fresh clone, and names the slowest translation units and
# tests: the figures of docs/performance.md's "Build and CI times".
#
#   bash bench/build-times.sh [REV] [--warm] [--keep]
#
# REV (default HEAD) is cloned into a new folder beside the checkout (../build-times-<REV>), so that
# ../shared is beside it as in CI, and .ci/run runs there as CI runs it (its output in ci-run.log, each line
# stamped with the seconds since the start); the stages are read from its `+ ` lines, the tests' times from
# CTest's, the compile steps from ninja's logs. ccache, where installed, uses its own cache folder beside the
# checkout (../build-times-ccache): emptied first (a cold cache, as a fresh CI machine has), or with --warm
# kept as the last run left it (CI's re-run with its cache; the clone is then ../build-times-<REV>-warm, another
# folder than the run that filled the cache, as CI's next fresh clone is). --keep leaves the clone for a look
# afterwards. A cold run then a warm one:
#
#   bash bench/build-times.sh && bash bench/build-times.sh --warm
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
suffix=""; [ $warm -eq 0 ] || suffix=-warm
clone="$repo/../build-times-$sha$suffix"
rm -rf "$clone"
git clone -q "$repo" "$clone"
git -C "$clone" checkout -q "$sha"
cd "$clone"
report="$clone/build-times.txt"
export CCACHE_DIR CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-20G}
CCACHE_DIR=$(cd "$repo/.." && pwd)/build-times-ccache
[ $warm -eq 1 ] || rm -rf "$CCACHE_DIR"
mkdir -p "$CCACHE_DIR"
command -v ccache >/dev/null && ccache -z >/dev/null

# .ci/run itself, each line of its output stamped with the seconds since the start: its `+ ` lines mark the
# stages (the README's command part by part, the sanitizer build started in the background, the wait for it,
# the sanitizer tests), CTest's lines give each test's time.
start=$(date +%s.%N)
# The machine's CPU use (the first line of /proc/stat) every 5 s: how busy the two cores were in each stage.
(while :; do echo "$(date +%s.%N) $(head -1 /proc/stat)"; sleep 5; done) > "$clone/cpu.log" &
sampler=$!
set +e
bash .ci/run 2>&1 | while IFS= read -r line; do
  printf '%8.1f %s\n' "$(echo "$(date +%s.%N) - $start" | bc)" "$line"
done > "$clone/ci-run.log"
status=${PIPESTATUS[0]}
set -e
kill $sampler 2>/dev/null || true
total=$(echo "$(date +%s.%N) - $start" | bc)
readme_build=$(awk '/<!-- test-command -->/{found=1; next} found && /^```/{if (inblock) exit; inblock=1; next} inblock{print}' README.md | grep -o -- '-B [^ ]*' | head -1 | cut -c4-)

{
  echo "build-times of $sha ($(git log -1 --format=%s | cut -c1-60)...)"
  echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), load at the end $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "ccache: $(command -v ccache >/dev/null && { [ $warm -eq 1 ] && echo "warm (the last run's cache, $CCACHE_DIR)" || echo 'cold (empty cache)'; } || echo 'not installed')"
  command -v ccache >/dev/null && ccache -s | grep -E '^ *(Hits|Direct|Preprocessed|Misses):' | sed 's/^ */  /' 
  echo
  echo ".ci/run: exit $status, $(printf '%.0f' "$total") s wall"
  echo
  python3 - "$clone" "$readme_build" "$start" <<'EOF'
import sys, os, re
clone, build, start = sys.argv[1], sys.argv[2], float(sys.argv[3])
samples = []  # (seconds since the start, busy jiffies, all jiffies)
for l in open(os.path.join(clone, "cpu.log")):
    f = l.split()
    ticks = [int(x) for x in f[2:]]
    samples.append((float(f[0]) - start, sum(ticks) - ticks[3] - ticks[4], sum(ticks)))
def busy(t0, t1):
    """Cores busy on average from t0 to t1 (the samples nearest inside), or None."""
    inside = [s for s in samples if t0 - 2.5 <= s[0] <= t1 + 2.5]
    if len(inside) < 2 or inside[-1][2] == inside[0][2]:
        return None
    return os.cpu_count() * (inside[-1][1] - inside[0][1]) / (inside[-1][2] - inside[0][2])
lines = []
for l in open(os.path.join(clone, "ci-run.log"), errors="replace"):
    m = re.match(r"^ *([\d.]+) (.*)$", l.rstrip("\n"))
    if m:
        lines.append((float(m.group(1)), m.group(2).lstrip()))
marks = [(t, rest[2:]) for t, rest in lines if rest.startswith("+ ")]
end = lines[-1][0] if lines else 0.0
print("Stages (wall, from each `+ ` line of .ci/run to the next):")
print("  (cores: how many of the machine's cores were busy on average, iowait counted idle)")
for (t, what), nxt in zip(marks, marks[1:] + [(end, "")]):
    b = busy(t, nxt[0])
    cores = f"{b:4.2f} cores" if b is not None else "          "
    print(f"  {nxt[0] - t:7.1f} s  {cores}  {what[:100]}")
b = busy(0, end)
if b is not None:
    print(f"  whole run: {b:.2f} cores busy on average, {b * end:.0f} CPU-s")
runs, current = [], None
for t, rest in lines:
    if rest.startswith("+ ") and "ctest" in rest and "background" not in rest and "wait for" not in rest:
        current = {"name": rest[2:60], "tests": []}
        runs.append(current)
    m = re.search(r"Test +#\d+: (\S+) \.+\**? *(\S.*?) +([\d.]+) sec", rest)
    if m and current is not None:
        current["tests"].append((float(m.group(3)), m.group(1), m.group(2)))
for run in runs:
    tests = run["tests"]
    print(f"{run['name']}: {len(tests)} tests, {sum(t for t, _, _ in tests):.0f} s of test time")
    print("  15 slowest tests:")
    for t, n, st in sorted(tests, reverse=True)[:15]:
        print(f"    {t:7.1f} s  {n} {st}")
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
EOF
} | tee "$report"
if [ $keep -eq 0 ]; then
  cd "$repo"
  rm -rf "$clone"
fi
