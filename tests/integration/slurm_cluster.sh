#!/usr/bin/env bash
# A real single-node Slurm cluster on 127.0.0.1 for tst_capture_slurm (Debian's slurm-wlm and munge):
# `slurm_cluster.sh start DIR` starts munged, slurmctld and slurmd with their key, configuration,
# sockets, state and logs in DIR (free ports, nothing under /etc or /run touched) and waits until the
# node is idle; `slurm_cluster.sh stop DIR` ends the three daemons it started (by their pid files) and
# removes DIR. CTest runs them as a FIXTURES_SETUP / FIXTURES_CLEANUP pair, once per test run.
#
# Where the cluster cannot run here (no slurm-wlm or munge, not root: slurmd must be root to start
# jobs as their user), start writes DIR/skip with the reason and exits 0: the test skips with it.
set -u
action=${1:?start or stop}
dir=${2:?the cluster folder}

stop() {
  [ -d "$dir" ] || return 0
  if [ -f "$dir/slurm.conf" ] && command -v scontrol >/dev/null; then
    SLURM_CONF="$dir/slurm.conf" timeout 20 scontrol shutdown >/dev/null 2>&1
  fi
  for daemon in slurmd slurmctld munged; do
    pidfile="$dir/$daemon.pid"
    [ -f "$pidfile" ] || continue
    pid=$(cat "$pidfile")
    # Only our daemon: the pid's command line names this folder.
    if [ -n "$pid" ] && tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -qF "$dir"; then
      kill "$pid" 2>/dev/null
      for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
      kill -9 "$pid" 2>/dev/null
    fi
  done
  rm -rf "$dir"
}

skip() {
  echo "$1" >"$dir/skip"
  echo "slurm_cluster: skipped: $1"
  exit 0
}

if [ "$action" = stop ]; then
  stop
  exit 0
fi

stop # what an interrupted run left
mkdir -p "$dir/state" "$dir/spool"
dir=$(cd "$dir" && pwd)
for tool in munged slurmctld slurmd srun scontrol sinfo; do
  command -v "$tool" >/dev/null || skip "$tool is not installed (Debian: apt-get install slurm-wlm munge)"
done
[ "$(id -u)" -eq 0 ] || skip "slurmd must run as root to start job steps, and this test is not root"

ports=$(python3 -c 'import socket
s=[socket.socket() for _ in range(2)]
[x.bind(("127.0.0.1", 0)) for x in s]
print(*[x.getsockname()[1] for x in s])') || skip "no free TCP ports on 127.0.0.1"
read -r ctld_port slurmd_port <<<"$ports"

head -c 1024 /dev/urandom >"$dir/munge.key"
chmod 600 "$dir/munge.key"
munged --force -S "$dir/munge.socket" --key-file="$dir/munge.key" --log-file="$dir/munged.log" \
  --pid-file="$dir/munged.pid" --seed-file="$dir/munged.seed" ||
  skip "munged does not start here (see $dir/munged.log)"

cat >"$dir/slurm.conf" <<EOF
ClusterName=opscope-test
SlurmctldHost=localhost(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$dir/munge.socket
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
JobCompType=jobcomp/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
DebugFlags=NO_CONF_HASH
NodeName=opscope-test-node NodeHostname=$(hostname) NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=opscope-test Nodes=opscope-test-node Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF="$dir/slurm.conf"
slurmctld -f "$SLURM_CONF" -i || skip "slurmctld does not start here (see $dir/slurmctld.log)"
slurmd -f "$SLURM_CONF" -N opscope-test-node || skip "slurmd does not start here (see $dir/slurmd.log)"
for _ in $(seq 60); do
  state=$(sinfo -h -N -o %t 2>/dev/null)
  [ "$state" = idle ] && { echo "slurm_cluster: up in $dir (slurmctld :$ctld_port, slurmd :$slurmd_port)"; exit 0; }
  sleep 0.5
done
echo "slurm_cluster: the node did not become idle (state '$state'); logs:" >&2
tail -n 20 "$dir/slurmctld.log" "$dir/slurmd.log" >&2
stop
exit 1
