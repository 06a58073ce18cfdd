# Sourced by the GPU scripts here: the carried static CLI and the libraries nsys needs on the GPU machine
# (../shared/docs/gpu-machine.md). Sets B (the opscope binary) and exports the launcher's folder.
cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1 # the repository root
C=${OPSCOPE_GPU_CARRY:-build-pipe-gpu/carry}
mkdir -p /tmp/libs && for d in "$C"/*.deb; do dpkg -x "$d" /tmp/libs; done
export LD_LIBRARY_PATH=/tmp/libs/usr/lib/x86_64-linux-gnu:$PWD/$C/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export OPSCOPE_LAUNCHER_DIR=$PWD/resources/launcher
B=$PWD/$C/opscope
export OPSCOPE_CLI=$B # the ranks of --nproc-per-node run the same static CLI
