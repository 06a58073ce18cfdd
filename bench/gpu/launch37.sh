#!/bin/bash
# Issue 37 on the two-GPU machine (kind nvidia-h200-x2): is the straggler of a DDP job whose ranks do the same
# host work (ranks37.sh's "tiny" size: batch 2 and 3, 128 tokens, the step bound by the host) the job's, or
# the machine's? In earlier calls its plain straggler was rank 0 under `torchrun` in every launch and rank 1
# under OpScope's torchrun (`python -m opscope_torchrun`) in every launch. One call, about 7 minutes:
#   1. the machine's CPUs and GPUs (lscpu, nvidia-smi topo -m);
#   2. the tiny plain job (bench/gpu/ddp_plain_ranks.py: each rank's own host work, no OpScope) three times
#      under each launcher, alternating, with the CPUs each rank's main thread ran on;
#   3. the same under `torchrun` with each rank pinned to one CPU of its own physical core (--pin A,B), then
#      the two CPUs swapped (--pin B,A): does the slower host follow the rank or the CPU?
#   4. `RUNS='profile_tiny profile_loader' bash bench/gpu/ranks37.sh` with what is left of the budget: fresh
#      OpScope profiles of the tiny job and of the job whose rank 1 has 1.5x a host data loader's work.
# What comes back in $OUT: launch37.log, and ranks37.sh's log and tars.
source "$(dirname "$0")/env.sh"
export PYTHONUNBUFFERED=1 HF_HUB_OFFLINE=1
R=/tmp/launch37; rm -rf $R; mkdir -p $R
L=$OUT/launch37.log
BUDGET_S=${BUDGET_S:-560}
J="bench/gpu/ddp_plain_ranks.py --batch 2 --seq 128 --straggler-factor 1.5 --steps 15 --warmup 5"
lscpu | grep -E "^CPU\(s\)|Thread|Core|Socket|NUMA|Model name" >> $L
nvidia-smi topo -m >> $L 2>&1
plain() { # NAME "JOB OPTIONS" COMMAND...: one plain launch of the job, its table into the log
    local name=$1 options=$2; shift 2
    echo "== $name $(date +%T)" >> $L
    timeout -k 5 90 "$@" $J $options > $R/$name.log 2>&1
    echo "rc=$?" >> $L
    grep -A3 "^rank batch" $R/$name.log >> $L || tail -5 $R/$name.log >> $L
}
TR="torchrun --standalone --nproc-per-node 2"
for i in 1 2 3; do
    plain torchrun_$i "" $TR
    PYTHONPATH=$OPSCOPE_LAUNCHER_DIR plain opscope_torchrun_$i "" python3 -m opscope_torchrun --standalone --nproc-per-node 2
done
# Two CPUs of two physical cores on the NUMA node of GPU 0: the first CPU of the third and fourth cores.
bus=$(nvidia-smi --query-gpu=pci.bus_id --format=csv,noheader -i 0 | tr 'A-F' 'a-f')
node=$(cat /sys/bus/pci/devices/${bus: -12}/numa_node 2>/dev/null)
echo "GPU 0's NUMA node: ${node:-unknown}" >> $L
mapfile -t firsts < <(lscpu -p=CPU,CORE,NODE | grep -v '^#' | awk -F, -v n="${node:--1}" '(n < 0 || $3 == n) && !seen[$2]++ {print $1}')
A=${firsts[2]:-2} B=${firsts[3]:-3}
echo "pinned CPUs: $A and $B (siblings: $(cat /sys/devices/system/cpu/cpu$A/topology/thread_siblings_list), $(cat /sys/devices/system/cpu/cpu$B/topology/thread_siblings_list))" >> $L
plain pinned_AB "--pin $A,$B" $TR
plain pinned_BA "--pin $B,$A" $TR
plain pinned_AB2 "--pin $A,$B" $TR
plain pinned_BA2 "--pin $B,$A" $TR
left=$((BUDGET_S - SECONDS))
echo "== ranks37.sh with $left s left" >> $L
((left > 120)) && RUNS='profile_tiny profile_loader' BUDGET_S=$left bash bench/gpu/ranks37.sh
tail -c 11000 $L
