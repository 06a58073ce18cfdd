#!/bin/bash
# Issue 37, on the two-GPU machine: why rank 0's host is slower than rank 1's in OpScope's runs of the DDP job
# (its launch calibration 8.8-10.9 us a launch against 7.2-7.5 us, docs/gpu-validation.md) while the plain job
# without OpScope finds the two hosts alike. One call, about 3 minutes:
#   1. plain torchrun of bench/gpu/ddp_plain_ranks.py at batch 8 (each rank's host work, no OpScope);
#   2. `opscope capture --nproc-per-node 2` of bench/gpu/ddp_gpt2.py at batch 8, while every process's CPU
#      use, the CPU it last ran on and its allowed CPUs are sampled each second (ps, /proc/PID/status): what runs
#      beside each rank's Python, and whether the two ranks share cores with it;
#   3. the per-rank launch calibration and plain host times from the capture's statuses.
# What comes back in $OUT: rank_hosts37.log.
source "$(dirname "$0")/env.sh"
export PYTHONUNBUFFERED=1 HF_HUB_OFFLINE=1
R=/tmp/rh37; rm -rf $R; mkdir -p $R
L=$OUT/rank_hosts37.log
nproc >> $L; lscpu | grep -E "NUMA|Model name|Socket" >> $L; nvidia-smi topo -m >> $L 2>&1
echo "== plain" >> $L
timeout -k 5 90 torchrun --standalone --nproc-per-node 2 bench/gpu/ddp_plain_ranks.py --batch 8 --straggler-factor 1.5 \
    --steps 15 --warmup 5 --json $R/plain.json > $R/plain.log 2>&1; echo "rc=$?" >> $L
grep -A4 "^rank batch" $R/plain.log >> $L
sample() { # every second: the processes using CPU, with the CPU they last ran on and their allowed CPUs
    while true; do
        echo "-- $(date +%T.%N | cut -c1-12)"
        ps -eo pid,ppid,psr,pcpu,nlwp,comm,args --sort=-pcpu | awk 'NR==1 || $4 > 2.0' | cut -c1-200 | head -14
        for p in $(pgrep -f "opscope_launcher"); do
            echo "   $p allowed $(grep Cpus_allowed_list /proc/$p/status 2>/dev/null | cut -f2) rank $(tr '\0' '\n' < /proc/$p/environ 2>/dev/null | grep '^RANK=' | cut -d= -f2)"
        done
        sleep 1
    done
}
echo "== capture" >> $L
sample > $R/samples.log 2>&1 &
S=$!
timeout -k 10 150 $B capture --nproc-per-node 2 bench/gpu/ddp_gpt2.py --warmup 3 --out $R --name cap -- --steps 20 \
    --batch 8 --straggler-factor 1.5 > $R/cap.log 2>&1; echo "rc=$?" >> $L
kill $S 2>/dev/null
tail -5 $R/cap.log >> $L
for f in $R/cap/rank*/launcher_status.json $R/cap/rank*/correlation_status.json; do
    python3 - "$f" >> $L <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); r = d.get("reference") or {}
print(sys.argv[1].split("/cap/")[1], d.get("mode"), "calibration", (r.get("calibration") or {}).get("ns_per_launch"),
      "cpu_steps_ms", [round(x / 1e6, 2) for x in r.get("cpu_steps_ns", [])],
      "steps_ms", [round(x / 1e6, 2) for x in r.get("steps_ns", [])])
PY
done
$B ranks $R/cap/cap.opscope 2>&1 | head -12 >> $L
echo "== samples (every second during the capture)" >> $L
cat $R/samples.log >> $L
tail -c 11000 $L
